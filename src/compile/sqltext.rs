//! Writing SQL text safely: identifiers quoted when they need it, literals
//! escaped, dates typed. Every piece of user- or model-supplied text that the
//! compiler puts into SQL goes through here.

use crate::semantic::is_temporal;
use serde_json::Value;

/// Words that must be quoted when used as identifiers.
const RESERVED: &[&str] = &[
    "all", "and", "any", "array", "as", "asc", "between", "both", "by", "case", "cast", "check",
    "collate", "column", "constraint", "create", "cross", "default", "desc", "distinct", "do",
    "else", "end", "except", "false", "fetch", "for", "foreign", "from", "full", "grant", "group",
    "having", "in", "initially", "inner", "intersect", "into", "is", "join", "lateral", "left",
    "like", "limit", "natural", "not", "null", "offset", "on", "only", "or", "order", "outer",
    "pivot", "primary", "qualify", "references", "returning", "right", "select", "some", "table",
    "then", "to", "trailing", "true", "union", "unique", "unpivot", "user", "using", "when", "where",
    "window", "with",
];

/// An identifier, double-quoted unless it is a plain lowercase word.
pub fn ident(name: &str) -> String {
    let plain = !name.is_empty()
        && name.chars().next().is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !RESERVED.contains(&name);
    if plain {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('"', "\"\""))
    }
}

/// `table.column`, each part quoted as needed.
pub fn qualified(table: &str, column: &str) -> String {
    format!("{}.{}", ident(table), ident(column))
}

/// A string literal.
pub fn string(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// A JSON value as a SQL literal compared with a column of type `ty`.
/// Strings compared with dates/timestamps become typed literals.
pub fn literal(v: &Value, ty: &str) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Bool(b) => if *b { "TRUE" } else { "FALSE" }.into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if is_temporal(ty) => {
            let kind = if ty.eq_ignore_ascii_case("DATE") && !s.contains(':') {
                "DATE"
            } else {
                "TIMESTAMP"
            };
            format!("{kind} {}", string(s))
        }
        Value::String(s) => string(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(|i| literal(i, ty)).collect();
            format!("({})", parts.join(", "))
        }
        Value::Object(_) => string(&v.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("orders", "orders")]
    #[case("Order Date", "\"Order Date\"")]
    #[case("order", "\"order\"")]
    #[case("camelCase", "\"camelCase\"")]
    #[case("we\"ird", "\"we\"\"ird\"")]
    fn identifiers(#[case] input: &str, #[case] want: &str) {
        assert_eq!(ident(input), want);
    }

    #[rstest]
    #[case(serde_json::json!("O'Brien"), "VARCHAR", "'O''Brien'")]
    #[case(serde_json::json!("2025-06-15"), "TIMESTAMP", "TIMESTAMP '2025-06-15'")]
    #[case(serde_json::json!("2025-06-15"), "DATE", "DATE '2025-06-15'")]
    #[case(serde_json::json!(3.3), "DOUBLE", "3.3")]
    #[case(serde_json::json!(["a", "b'"]), "VARCHAR", "('a', 'b''')")]
    fn literals(#[case] v: Value, #[case] ty: &str, #[case] want: &str) {
        assert_eq!(literal(&v, ty), want);
    }
}
