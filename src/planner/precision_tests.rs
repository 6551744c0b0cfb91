//! Table-driven tests of the refusals that keep a reading from answering
//! another question, on a made-up lodge (`tests/fixtures/planner/lodge`):
//! a word naming a table read as another table's column that only it
//! brings in, and a "name" listed beside other columns while a filter on
//! a name elsewhere seemed to bear it out.

use rstest::rstest;

use super::*;
use crate::semantic::Manifest;

fn lodge() -> OfflinePlanner {
    let path = format!("{}/tests/fixtures/planner/lodge/dataset.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let m: Manifest = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    OfflinePlanner::new(&m)
}

/// Each question, if answered, must not read what it names here: the
/// reservations' `room` column for "rooms" (each room once per
/// reservation), or leave the name it lists out of the answer.
#[rstest]
#[case("List the name of rooms with king or queen bed.", "reservations")]
#[case("What are the bed type and name of all the rooms with traditional decor?", "reservations")]
#[case("Which room has the highest base price?", "reservations")]
fn readings_that_would_answer_another_question(#[case] question: &str, #[case] wrong: &str) {
    if let Outcome::Planned(u) = lodge().plan(question) {
        let json = serde_json::to_string(&u.plan).unwrap_or_default();
        assert!(!json.contains(wrong), "{question}: {json}");
    }
}

/// "The name, role code and date of birth of the staff named 'Armani'":
/// answered, the name is in the answer; the filter's own "named" does not
/// stand for the listed "name".
#[rstest]
#[case("What are the name, role code, and date of birth of the staff named 'Armani'?")]
#[case("Show the name and role code for the staff with name 'Armani'.")]
fn a_listed_name_is_shown(#[case] question: &str) {
    if let Outcome::Planned(u) = lodge().plan(question) {
        assert!(u.plan.fields.iter().any(|f| f == "staff.staff_name"), "{question}: {:?}", u.plan.fields);
    }
}

/// A "name" that is the filter's own ("with name 'Armani'", "'Armani' in
/// its name") is borne out by the filter: the question is answered.
#[rstest]
#[case("What is the role code of the staff with name 'Armani'?", "staff_name")]
#[case("What is the role code of the staff with 'Armani' in their name?", "staff_name")]
fn a_name_beside_its_value_is_the_filter(#[case] question: &str, #[case] field: &str) {
    match lodge().plan(question) {
        Outcome::Planned(u) => assert!(u.plan.filters.iter().any(|f| f.field == field), "{question}: {:?}", u.plan.filters),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}
