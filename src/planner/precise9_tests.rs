//! Table-driven tests of the two-table checks (`two_tables`): a distinct
//! listing whose columns come from a table and a table whose rows point at
//! it, and a condition on a joined table's column while the listed table
//! has a column of the same name.

use rstest::rstest;

use super::*;
use crate::plan::{DimensionRef, Filter, Op, Operand};
use crate::semantic::Manifest;

fn club() -> Manifest {
    super::fixtures::fixture("precise_club")
}

fn dims(names: &[&str]) -> Vec<DimensionRef> {
    names.iter().map(|n| DimensionRef { name: (*n).into(), grain: None }).collect()
}

fn eq(field: &str, value: &str) -> Filter {
    Filter { field: field.into(), op: Op::Eq, value: Some(Operand::Value(serde_json::json!(value))) }
}

/// Distinct values listed beside a column of rows that point at them are
/// refused; distinct pairs of one table, or of unrelated columns, are not.
#[rstest]
#[case(&["members.name", "votes.choice"], true)]
#[case(&["votes.choice", "members.name"], true)]
#[case(&["members.name", "members.state"], false)]
#[case(&["votes.choice"], false)]
fn distinct_values_beside_many_rows_are_refused(#[case] names: &[&str], #[case] refused: bool) {
    let plan = Plan { dimensions: dims(names), ..Plan::default() };
    assert_eq!(two_tables::check(&club(), &plan).is_err(), refused, "{names:?}");
}

/// A listing with measures is no distinct listing: counting votes per
/// member is answered.
#[test]
fn a_grouped_count_is_not_a_distinct_listing() {
    let measures = serde_json::from_value(serde_json::json!([{ "agg": "count" }])).unwrap();
    let plan = Plan { dimensions: dims(&["members.name", "votes.choice"]), measures, ..Plan::default() };
    assert!(two_tables::check(&club(), &plan).is_ok());
}

/// A condition on a joined table's column that the listed table also has
/// is refused; on the listed table's own column, on a column only the far
/// table has, or on a name (every table's name names another thing), it is
/// answered.
#[rstest]
#[case(&["members.name"], "boathouses.state", "Utah", true)]
#[case(&["members.name"], "members.state", "Utah", false)]
#[case(&["members.name"], "boathouses.river", "Charles", false)]
#[case(&["members.state"], "boathouses.name", "Riverside", false)]
#[case(&["boathouses.name"], "members.state", "Utah", true)]
fn a_condition_on_a_twin_column_is_refused(#[case] fields: &[&str], #[case] field: &str, #[case] value: &str, #[case] refused: bool) {
    let plan = Plan { fields: fields.iter().map(|f| (*f).to_string()).collect(), filters: vec![eq(field, value)], ..Plan::default() };
    assert_eq!(two_tables::check(&club(), &plan).is_err(), refused, "{fields:?} {field}");
}

fn tickets() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("precise_tickets"))
}

/// True when the question plans to a condition on `field`.
fn filters_on(question: &str, field: &str) -> bool {
    match tickets().plan(question) {
        Outcome::Planned(u) => u.plan.filters.iter().any(|f| f.field.eq_ignore_ascii_case(field)),
        _ => false,
    }
}

/// A number is not read as a row's key when the row has a column named
/// after it and "number", or when it looks like a year and the row has a
/// year; a question that says "id" keeps the key.
#[rstest]
#[case("What is the holder of the ticket with number 4560596484842?", "tickets.ticket_id", false)]
#[case("Who holds ticket 4560596484842?", "tickets.ticket_id", false)]
#[case("Which captains had a sailing in 1999 or 2000?", "sailings.sailing_id", false)]
#[case("What is the holder of the ticket with id 12?", "tickets.ticket_id", true)]
fn a_number_is_read_as_a_key_only_when_nothing_else_holds_it(#[case] question: &str, #[case] key: &str, #[case] on_key: bool) {
    assert_eq!(filters_on(question, key), on_key, "{question}");
}

/// Top rows picked by a key or by a rank are refused; by an amount, or a
/// key sorted with no limit, they are answered.
#[rstest]
#[case("sailings.sailing_id", Some(1), true)]
#[case("sailings.crew_rank", Some(1), true)]
#[case("sailings.length", Some(1), false)]
#[case("sailings.sailing_id", None, false)]
fn top_rows_by_a_key_or_a_rank_are_refused(#[case] by: &str, #[case] limit: Option<u64>, #[case] refused: bool) {
    let m = super::fixtures::fixture("precise_tickets");
    let plan = Plan {
        fields: vec!["sailings.captain".into()],
        order: vec![crate::plan::OrderBy { by: by.into(), desc: true }],
        limit,
        ..Plan::default()
    };
    assert_eq!(order_doubt::check(&m, &[], &plan).is_err(), refused, "{by} {limit:?}");
}

/// Counting the rows of a tally (a table with a number column named after
/// its rows) is refused; counting rows whose number identifies them is not.
#[rstest]
#[case("awards_count", true)]
#[case("visits_count", true)]
#[case("trains_count", false)]
fn counting_the_rows_of_a_tally_is_refused(#[case] metric: &str, #[case] refused: bool) {
    let m = super::fixtures::fixture("precise_tally");
    let measures = serde_json::from_value(serde_json::json!([{ "metric": metric }])).unwrap();
    let plan = Plan { measures, ..Plan::default() };
    assert_eq!(counted_column::check(&m, &plan).is_err(), refused, "{metric}");
}
