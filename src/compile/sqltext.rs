//! Writing SQL text safely: identifiers quoted when they need it, literals
//! escaped, dates typed. Every piece of user- or model-supplied text that the
//! compiler puts into SQL goes through here.

use crate::semantic::is_temporal;
use serde_json::Value;

/// Words that must be quoted when used as identifiers: DuckDB's reserved
/// keywords and its column-name and type/function-name keywords.
const RESERVED: &[&str] = &[
    "all", "analyse", "analyze", "and", "anti", "any", "array", "as", "asc", "asof",
    "asymmetric", "authorization", "between", "bigint", "binary", "bit", "boolean", "both",
    "case", "cast", "char", "character", "check", "coalesce", "collate", "collation", "column",
    "columns", "concurrently", "constraint", "create", "cross", "dec", "decimal", "default",
    "deferrable", "desc", "describe", "distinct", "do", "else", "end", "except", "exists",
    "extract", "false", "fetch", "float", "for", "foreign", "freeze", "from", "full",
    "generated", "glob", "grant", "group", "grouping", "having", "ilike", "in", "initially",
    "inner", "inout", "int", "integer", "intersect", "interval", "into", "is", "isnull", "join",
    "lambda", "lateral", "leading", "left", "like", "limit", "map", "national", "natural",
    "nchar", "none", "not", "notnull", "null", "nullif", "numeric", "offset", "on", "only", "or",
    "order", "out", "outer", "overlaps", "overlay", "pivot", "pivot_longer", "pivot_wider",
    "placing", "position", "positional", "precision", "primary", "qualify", "real",
    "references", "returning", "right", "row", "select", "semi", "setof", "show", "similar",
    "smallint", "some", "struct", "substring", "summarize", "symmetric", "table", "tablesample",
    "then", "time", "timestamp", "to", "trailing", "treat", "trim", "true", "try_cast", "union",
    "unique", "unpivot", "user", "using", "values", "varchar", "variadic", "verbose", "when",
    "where", "window", "with",
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
    #[case("show", "\"show\"")]
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
