//! Tests of the SQL validator, by layer: statements that must pass (`allowed.rs`),
//! statements that must be refused with a named construct (`refused.rs`), input sizes
//! and nesting that must not overflow the stack (`limits.rs`), the function lists
//! against the linked DuckDB (`functions.rs`), DuckDB's statement splitter
//! (`split.rs`), and the pieces here: the text handed on, the tables reported, the
//! message format.

mod allowed;
mod functions;
mod limits;
mod refused;
mod split;

use rstest::rstest;

use super::{validate, Policy, Refusal, RefusalKind, Validated};

/// The dataset used throughout: the tables of a small shop.
pub(super) fn shop() -> Policy {
    Policy::new(["orders", "order_items", "inventory"])
}

/// Validates against [`shop`], failing the test with the refusal if refused.
pub(super) fn accept(sql: &str) -> Validated {
    match validate(sql, &shop()) {
        Ok(validated) => validated,
        Err(refusal) => panic!("expected {sql:?} to pass, got {refusal}"),
    }
}

/// Validates against [`shop`], failing the test if the statement passes.
pub(super) fn refuse(sql: &str) -> Refusal {
    match validate(sql, &shop()) {
        Ok(validated) => panic!("expected {sql:?} to be refused, it passed as {validated:?}"),
        Err(refusal) => refusal,
    }
}

#[rstest]
#[case::trailing_semicolon("SELECT 1;", "SELECT 1")]
#[case::several_semicolons("SELECT 'a;b';;", "SELECT 'a;b'")]
#[case::comments_around("  -- why\nSELECT 1 ; -- done\n", "SELECT 1")]
#[case::line_comment_before_semicolon("SELECT 1 -- note\n;", "SELECT 1")]
#[case::block_comment_kept_inside("SELECT 1 /* one */ + 2;", "SELECT 1 /* one */ + 2")]
#[case::multi_line("\n\nSELECT\n  id\nFROM orders\n;\n", "SELECT\n  id\nFROM orders")]
#[case::non_ascii_text(
    "SELECT 'é', 'ü' /* ß */ ,\n  '→' ;",
    "SELECT 'é', 'ü' /* ß */ ,\n  '→'"
)]
#[case::leading_semicolon(";SELECT 2", "SELECT 2")]
fn statement_sql_is_the_statement_as_written(#[case] sql: &str, #[case] expected: &str) {
    assert_eq!(accept(sql).statement_sql, expected);
}

#[rstest]
#[case::one("SELECT * FROM orders", &["orders"])]
#[case::policy_spelling_and_dedup(
    "SELECT * FROM ORDERS o JOIN main.order_items i ON true JOIN \"Orders\" o2 ON true",
    &["orders", "order_items"]
)]
#[case::cte_not_a_table("WITH t AS (SELECT * FROM inventory) SELECT * FROM t, t AS u", &["inventory"])]
#[case::cte_shadows_table("WITH orders AS (SELECT 1 AS id) SELECT * FROM orders", &[])]
#[case::nested("SELECT (SELECT max(qty) FROM order_items) FROM orders WHERE EXISTS (FROM inventory)",
    &["orders", "order_items", "inventory"])]
#[case::no_tables("SELECT 1 + 1", &[])]
fn tables_are_the_dataset_tables_referenced(#[case] sql: &str, #[case] expected: &[&str]) {
    assert_eq!(accept(sql).tables, expected);
}

#[test]
fn tables_are_reported_as_spelled_in_the_policy() {
    let policy = Policy::new(["Orders"]);
    let validated = validate("select * from ORDERS", &policy);
    assert_eq!(validated.map(|v| v.tables), Ok(vec!["Orders".to_owned()]));
}

#[test]
fn refusal_message_names_construct_and_reason() {
    let refusal = refuse("SELECT * FROM read_csv('/etc/passwd')");
    assert_eq!(refusal.kind, RefusalKind::ForbiddenFunction);
    assert_eq!(refusal.construct, "function read_csv");
    assert_eq!(
        refusal.to_string(),
        format!("refused: function read_csv: {}", refusal.reason)
    );
    assert!(refusal.reason.contains("reads files"), "{}", refusal.reason);
}

#[test]
fn unknown_table_reason_lists_the_dataset() {
    let refusal = refuse("SELECT * FROM customers");
    assert_eq!(refusal.construct, "table customers");
    assert!(
        refusal.reason.contains("orders, order_items, inventory"),
        "{}",
        refusal.reason
    );
}

#[test]
fn parse_errors_carry_the_parser_message() {
    let refusal = refuse("SELECT * FROM orders WHERE");
    assert_eq!(refusal.kind, RefusalKind::Parse);
    assert!(
        refusal.reason.starts_with("Expected: an expression"),
        "{}",
        refusal.reason
    );
    assert!(
        !refusal.reason.contains("sql parser error"),
        "{}",
        refusal.reason
    );
}

#[test]
fn kind_labels_are_distinct() {
    let kinds = [
        RefusalKind::Empty,
        RefusalKind::TooLong,
        RefusalKind::AmbiguousSyntax,
        RefusalKind::Parse,
        RefusalKind::MultipleStatements,
        RefusalKind::NotReadOnly,
        RefusalKind::ForbiddenTable,
        RefusalKind::ForbiddenFunction,
        RefusalKind::Unsupported,
        RefusalKind::TooComplex,
        RefusalKind::Internal,
    ];
    let labels: std::collections::HashSet<_> = kinds.iter().map(|k| k.as_str()).collect();
    assert_eq!(labels.len(), kinds.len());
}
