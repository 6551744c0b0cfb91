//! Table-driven tests of bare head words in a listing (`head_word`), on a
//! made-up harbour (`tests/fixtures/planner/moorings`): "name" is the one
//! name column of the table listed (`vessel_name`), or the text column
//! called after it (`yard.yard`); "amount" its one amount column; two name
//! columns (`first_name`, `last_name`) leave "name" unplaced, and so does a
//! name the question says is another table's.

use rstest::rstest;

use super::*;
use crate::semantic::Manifest;

fn manifest() -> Manifest {
    super::fixtures::fixture("moorings")
}

fn fields(q: &str) -> Option<Vec<String>> {
    let out = OfflinePlanner::new(&manifest()).plan(q);
    out.plan().map(|p| p.fields.iter().map(|f| f.rsplit('.').next().unwrap_or_default().to_string()).collect())
}

#[rstest]
#[case("List the name, home port and tonnage of all vessels.", &["vessel_name", "home_port", "tonnage"])]
#[case("Show the ids and names of all vessels.", &["vessel_id", "vessel_name"])]
#[case("What are the names and home ports of the vessels?", &["vessel_name", "home_port"])]
#[case("List the name and city of every yard.", &["yard", "city"])]
#[case("Show the date and the amount of all fees.", &["fee_date", "fee_amount"])]
#[case("What is the name of the vessel with the largest tonnage?", &["vessel_name"])]
// "phone number": the phone column's own noun, no count.
#[case("List the phone number and city of every yard.", &["phone", "city"])]
fn a_head_word_is_the_listed_tables_own_column(#[case] q: &str, #[case] want: &[&str]) {
    let got = fields(q).unwrap_or_else(|| panic!("{q}: not planned"));
    for w in want {
        assert!(got.iter().any(|g| g == w), "{q}: {w} not listed: {got:?}");
    }
}

#[rstest]
// The name is another table's: the list is of yards.
#[case("List the names and tonnages of the yards.", "vessel_name")]
fn a_head_word_of_no_single_column_is_not_guessed(#[case] q: &str, #[case] not: &str) {
    let got = fields(q);
    assert!(got.as_ref().is_none_or(|f| !f.iter().any(|c| c.ends_with(not))), "{q}: {got:?}");
}

/// Two name columns that are a person's first and last: both are the
/// name (they were a guess between two before round 41).
#[test]
fn a_persons_two_names_are_the_name() {
    assert_eq!(fields("List the name and seniority of all crew."), Some(vec!["first_name".to_string(), "last_name".to_string(), "seniority".to_string()]));
}

#[test]
fn a_name_with_a_value_is_a_condition_not_a_column() {
    let out = OfflinePlanner::new(&manifest()).plan("Show the home port for the vessel with name 'Aurora'.");
    let Some(p) = out.plan() else { return };
    assert!(p.filters.iter().any(|f| f.field.ends_with("vessel_name")), "{p:?}");
}
