//! The classifier against DuckDB's real messages: each statement runs in
//! an in-memory DuckDB holding the ecommerce schema (or through the
//! validator, as the agent routes refusals), and the category and the
//! name it extracts are checked.

use super::*;
use crate::repair::testdb;
use rstest::rstest;

#[rstest]
#[case::table("SELECT * FROM ordrs", ErrorCategory::TableMissing, Some("ordrs"))]
#[case::table_duckdb("SELECT * FROM main.ordrs", ErrorCategory::TableMissing, Some("ordrs"))]
#[case::alias("SELECT o.status FROM orders x", ErrorCategory::TableMissing, Some("o"))]
#[case::column("SELECT stauts FROM orders", ErrorCategory::ColumnMissing, Some("stauts"))]
#[case::qualified_column("SELECT orders.stauts FROM orders", ErrorCategory::ColumnMissing, Some("stauts"))]
#[case::ambiguous(
    "SELECT order_id FROM orders JOIN order_items ON orders.order_id = order_items.order_id",
    ErrorCategory::AmbiguousColumn,
    Some("order_id")
)]
#[case::group_by("SELECT channel, COUNT(*) FROM orders", ErrorCategory::GroupByMissing, Some("channel"))]
#[case::aggregate_in_where("SELECT channel FROM orders WHERE COUNT(*) > 1 GROUP BY channel", ErrorCategory::GroupByMissing, None)]
#[case::compare_types("SELECT * FROM orders WHERE order_date > true", ErrorCategory::TypeMismatch, None)]
#[case::string_plus("SELECT country + '-' FROM orders", ErrorCategory::TypeMismatch, Some("+"))]
#[case::cast("SELECT CAST(country AS INTEGER) FROM orders", ErrorCategory::TypeMismatch, None)]
#[case::syntax_duckdb("SELECT TOP 5 status FROM orders", ErrorCategory::SyntaxError, None)]
#[case::syntax_validator("SELCT status FROM orders", ErrorCategory::SyntaxError, None)]
#[case::backticks("SELECT `status` FROM orders", ErrorCategory::SyntaxError, Some("status"))]
#[case::function("SELECT AVERAGE(total_amount) FROM orders", ErrorCategory::FunctionMissing, Some("AVERAGE"))]
#[case::date_literal("SELECT DATE '2024-04-31'", ErrorCategory::BadDateLiteral, None)]
#[case::timestamp_literal("SELECT TIMESTAMP '2025-06-31 00:00:00'", ErrorCategory::BadDateLiteral, Some("2025-06-31 00:00:00"))]
#[case::date_cast("SELECT * FROM orders WHERE order_date = '2024-02-30'", ErrorCategory::BadDateLiteral, None)]
#[case::division("SELECT 1::DECIMAL(10,2) // 0::DECIMAL(10,2)", ErrorCategory::DivisionByZero, None)]
#[case::refused_validator("DROP TABLE orders", ErrorCategory::Refused, None)]
#[case::refused_file("SELECT * FROM read_csv('/etc/passwd')", ErrorCategory::Refused, None)]
fn duckdb_messages_are_classified(#[case] sql: &str, #[case] want: ErrorCategory, #[case] ident: Option<&str>) {
    let m = testdb::manifest("ecommerce");
    let c = testdb::db(&m);
    let err = testdb::failure(&m, &c, sql).unwrap_or_else(|| panic!("{sql} ran"));
    let f = classify(&err, sql);
    assert_eq!(f.category, want, "{sql}: {err}");
    if let Some(id) = ident {
        assert!(f.identifier.as_deref().is_some_and(|i| i.eq_ignore_ascii_case(id)), "{sql}: {f:?}");
    }
    if f.identifier.is_some() && f.category != ErrorCategory::Refused {
        assert!(f.position.is_some(), "{sql}: {f:?}");
    }
}

#[test]
fn duckdb_says_what_it_suggests() {
    let m = testdb::manifest("ecommerce");
    let c = testdb::db(&m);
    let err = testdb::run(&c, "SELECT stauts FROM orders").unwrap_err();
    let f = classify(&err, "SELECT stauts FROM orders");
    assert!(f.candidates.iter().any(|x| x.ends_with("status")), "{f:?}");
    assert_eq!(f.position, Some((1, 8)));
    let err = testdb::run(&c, "SELECT orders.order_id FROM orders JOIN order_items ON orders.order_id = order_items.order_id WHERE order_id > 1").unwrap_err();
    let f = classify(&err, "");
    assert_eq!(f.candidates.len(), 2, "{f:?}");
    let err = testdb::run(&c, "SELECT * FROM orders WHERE country + 1 > 0").unwrap_err();
    assert!(!classify(&err, "").types.is_empty(), "{err}");
}

#[test]
fn a_refused_setting_is_refused() {
    let c = duckdb::Connection::open_in_memory().unwrap();
    c.execute_batch("SET enable_external_access = false").unwrap();
    let err = testdb::run(&c, "SELECT * FROM read_csv('/etc/passwd')").unwrap_err();
    assert_eq!(classify(&err, "").category, ErrorCategory::Refused, "{err}");
}

#[rstest]
#[case(ExecError::Timeout(30), ErrorCategory::Timeout)]
#[case(ExecError::MemoryLimit("Out of Memory Error: failed to allocate".into()), ErrorCategory::MemoryLimit)]
#[case(ExecError::CpuLimit, ErrorCategory::CpuLimit)]
#[case(ExecError::OutputLimit("256 MiB".into()), ErrorCategory::OutputLimit)]
#[case(ExecError::Crashed("signal 9".into()), ErrorCategory::Crashed)]
fn runner_failures_keep_their_category_and_are_not_repairable(#[case] e: ExecError, #[case] want: ErrorCategory) {
    let f = classify(&e, "SELECT 1");
    assert_eq!(f.category, want);
    assert!(!f.repairable());
}

#[test]
fn a_real_memory_error_is_a_memory_limit() {
    let c = duckdb::Connection::open_in_memory().unwrap();
    c.execute_batch("SET memory_limit = '1MB'; SET threads = 1").unwrap();
    let err = testdb::run(&c, "SELECT list(range) FROM range(3000000)").unwrap_err();
    assert_eq!(classify(&err, "").category, ErrorCategory::MemoryLimit, "{err}");
}

#[test]
fn an_empty_result_is_its_own_category() {
    assert_eq!(empty_result().category, ErrorCategory::EmptyResult);
    assert!(!empty_result().repairable());
}
