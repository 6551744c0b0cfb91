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
