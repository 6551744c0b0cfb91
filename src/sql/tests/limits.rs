//! Sizes and nesting depths: the validator refuses or accepts cleanly, never
//! overflows the caller's stack. These tests run on the test harness's threads
//! (2 MiB stacks), so a recursion that escaped the validator's own thread would
//! abort the test binary.

use rstest::rstest;

use super::{refuse, shop};
use crate::sql::{validate, Policy, RefusalKind, DEFAULT_MAX_LEN, HARD_MAX_LEN};

/// The shop policy with the largest length limit the validator supports.
fn large() -> Policy {
    Policy {
        max_len: HARD_MAX_LEN,
        ..shop()
    }
}

#[test]
fn default_max_len_is_100_000_bytes() {
    assert_eq!(shop().max_len, DEFAULT_MAX_LEN);
    assert_eq!(DEFAULT_MAX_LEN, 100_000);
}

#[test]
fn over_max_len_is_refused_before_parsing() {
    // Unparsable on purpose: a length refusal proves the parser never ran.
    let sql = "(".repeat(DEFAULT_MAX_LEN + 1);
    let refusal = refuse(&sql);
    assert_eq!(refusal.kind, RefusalKind::TooLong, "{refusal}");
}

#[test]
fn max_len_is_clamped_to_the_hard_limit() {
    let policy = Policy {
        max_len: usize::MAX,
        ..shop()
    };
    let sql = format!("SELECT 1{}", " ".repeat(HARD_MAX_LEN));
    let refusal = validate(&sql, &policy).map(|v| v.tables);
    assert!(
        matches!(&refusal, Err(r) if r.kind == RefusalKind::TooLong),
        "{refusal:?}"
    );
}

#[test]
fn exactly_max_len_is_accepted() {
    let policy = Policy {
        max_len: 20,
        ..shop()
    };
    let sql = format!("{:<20}", "SELECT 1");
    assert!(validate(&sql, &policy).is_ok());
}

#[rstest]
#[case::parentheses(format!("SELECT {}1{}", "(".repeat(5_000), ")".repeat(5_000)), "recursion limit exceeded")]
#[case::subqueries(format!("SELECT {}1{}", "(SELECT ".repeat(5_000), ")".repeat(5_000)), "recursion limit exceeded")]
#[case::derived_tables(
    format!("SELECT * FROM {}orders{}", "(SELECT * FROM ".repeat(5_000), ") t".repeat(5_000)),
    "recursion limit exceeded"
)]
#[case::function_calls(format!("SELECT {}1{}", "abs(".repeat(5_000), ")".repeat(5_000)), "recursion limit exceeded")]
#[case::lists(format!("SELECT {}1{}", "[".repeat(5_000), "]".repeat(5_000)), "recursion limit exceeded")]
#[case::not(format!("SELECT {}true", "NOT ".repeat(5_000)), "Expected")]
fn deep_nesting_is_refused_by_the_parser(#[case] sql: String, #[case] reason: &str) {
    let refusal = refuse(&sql);
    assert_eq!(refusal.kind, RefusalKind::Parse, "{refusal}");
    assert!(refusal.reason.contains(reason), "{refusal}");
}

#[test]
fn union_all_of_20_000_selects_is_accepted() {
    let sql = format!(
        "SELECT id FROM orders{}",
        " UNION ALL SELECT id FROM orders".repeat(19_999)
    );
    let validated = validate(&sql, &large()).map(|v| v.tables);
    assert_eq!(validated, Ok(vec!["orders".to_owned()]));
}

#[test]
fn union_all_of_20_000_selects_is_too_long_by_default() {
    let sql = format!("SELECT 1{}", " UNION ALL SELECT 1".repeat(19_999));
    assert_eq!(refuse(&sql).kind, RefusalKind::TooLong);
}

#[test]
fn union_all_chain_still_checks_every_select() {
    let mut sql = format!("SELECT 1{}", " UNION ALL SELECT 1".repeat(10_000));
    sql.push_str(" UNION ALL SELECT * FROM read_csv('x')");
    let refusal = validate(&sql, &large()).map(|v| v.tables);
    assert!(
        matches!(&refusal, Err(r) if r.construct == "function read_csv"),
        "{refusal:?}"
    );
}

#[test]
fn long_arithmetic_chain_at_the_hard_limit_is_accepted() {
    // A left-deep tree about 500,000 levels deep: walked iteratively, dropped on the
    // validator's own stack.
    let sql = format!(
        "SELECT * FROM orders WHERE 1{} > 0",
        "+1".repeat((HARD_MAX_LEN - 40) / 2)
    );
    assert!(sql.len() <= HARD_MAX_LEN);
    assert!(validate(&sql, &large()).is_ok());
}

#[test]
fn long_or_chain_still_checks_every_term() {
    let sql = format!(
        "SELECT * FROM orders WHERE id = 0{} OR id IN (SELECT id FROM secrets)",
        " OR id = 0".repeat(50_000)
    );
    let refusal = validate(&sql, &large()).map(|v| v.tables);
    assert!(
        matches!(&refusal, Err(r) if r.construct == "table secrets"),
        "{refusal:?}"
    );
}

#[rstest]
#[case::casts(format!("SELECT 1{}", "::INT".repeat((HARD_MAX_LEN - 16) / 5)))]
#[case::is_null(format!("SELECT 1{}", " IS NULL".repeat((HARD_MAX_LEN - 16) / 8)))]
fn long_postfix_chain_at_the_hard_limit_is_refused_cleanly(#[case] sql: String) {
    let refusal = validate(&sql, &large()).map(|v| v.tables);
    assert!(
        matches!(&refusal, Err(r) if r.kind == RefusalKind::TooComplex),
        "{refusal:?}"
    );
}

#[test]
fn moderate_postfix_chain_is_accepted() {
    let sql = format!("SELECT total{} FROM orders", "::VARCHAR".repeat(500));
    assert!(validate(&sql, &shop()).is_ok());
}
