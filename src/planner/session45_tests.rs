//! Table-driven tests of the planner changes of the forty-fifth round.

use rstest::rstest;

use super::fixtures::plan_or_reason;
use super::OfflinePlanner;

/// A fleet of vessels with a flag and a builder each.
fn fleet() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "fleet45"
description = "made up"
derived = true

[[tables]]
name = "vessel"
file = "vessel.csv"
primary_key = "vessel_id"
label = "name"
columns = [
  { name = "vessel_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "flag", type = "VARCHAR", nullable = false },
  { name = "builder", type = "VARCHAR", nullable = false },
  { name = "tonnage", type = "DOUBLE", nullable = false },
]

[[dimensions]]
name = "flag"
column = "vessel.flag"
kind = "categorical"
values = ["Panama", "Liberia", "Malta"]

[[dimensions]]
name = "builder"
column = "vessel.builder"
kind = "categorical"
values = ["Hyundai", "Samsung"]
"#,
    ))
}

/// The plan's groups, or the reason for refusing.
fn groups(planner: &OfflinePlanner, question: &str) -> Result<Vec<String>, String> {
    plan_or_reason(planner, question).map(|p| p.dimensions.into_iter().map(|d| d.name).collect())
}

#[rustfmt::skip]
#[rstest]
// The rows' noun beside a column of theirs names the rows counted.
#[case("Group vessels by flag, and return the number of vessels that have each flag.", Ok(vec!["flag"]))]
#[case("List the builders of each vessel and the number of vessels built by that builder.", Ok(vec!["builder"]))]
// "how many" with no noun of the rows: the listed vessels stay a group.
#[case("Who are the different vessels and how many flags has each flown?", Err(""))]
fn the_counted_noun_is_not_a_group(#[case] question: &str, #[case] want: Result<Vec<&str>, &str>) {
    match (groups(&fleet(), question), want) {
        (Ok(got), Ok(want)) => assert_eq!(got, want, "{question}"),
        (Err(reason), Err(has)) => assert!(reason.contains(has), "{question}: {reason}"),
        (got, _) => panic!("{question}: {got:?}"),
    }
}
