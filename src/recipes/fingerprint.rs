//! The schema fingerprint recipes are keyed by: a recipe is only offered for
//! a dataset whose tables, columns and types are exactly those it was made on.
//!
//! Definition: SHA-256 hex of the lines `table.column:type`, sorted by their
//! UTF-8 bytes and joined by `'\n'` (no trailing newline). Names are taken as
//! given (no case folding), so the caller decides what "same schema" means.

use sha2::{Digest, Sha256};

/// SHA-256 hex fingerprint of a schema given as `(table, column, type)`
/// triples, in any order.
pub fn schema_fingerprint<S: AsRef<str>>(cols: &[(S, S, S)]) -> String {
    let mut lines: Vec<String> = cols
        .iter()
        .map(|(table, column, ty)| {
            format!("{}.{}:{}", table.as_ref(), column.as_ref(), ty.as_ref())
        })
        .collect();
    lines.sort_unstable();
    hex::encode(Sha256::digest(lines.join("\n").as_bytes()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn is_the_hash_of_sorted_lines_and_ignores_order() {
        let a = schema_fingerprint(&[("orders", "id", "BIGINT"), ("customers", "name", "VARCHAR")]);
        let b = schema_fingerprint(&[
            (
                "customers".to_string(),
                "name".to_string(),
                "VARCHAR".to_string(),
            ),
            ("orders".to_string(), "id".to_string(), "BIGINT".to_string()),
        ]);
        assert_eq!(a, b);
        let expected = hex::encode(Sha256::digest(b"customers.name:VARCHAR\norders.id:BIGINT"));
        assert_eq!(a, expected);
    }

    #[test]
    fn a_type_change_changes_it() {
        let a = schema_fingerprint(&[("orders", "id", "BIGINT")]);
        let b = schema_fingerprint(&[("orders", "id", "INTEGER")]);
        assert_ne!(a, b);
    }
}
