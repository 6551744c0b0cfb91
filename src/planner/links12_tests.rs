//! Table-driven tests of joins the question has to choose: two tables
//! linked through either of two other tables (volunteers and shelters,
//! through registrations and through donations) take the link a word of the
//! question names, else are refused; the key listed "for each" entity is read from the
//! counted rows' own pointer; two values of one column put "from" and "to"
//! are not read as either value.

use rstest::rstest;

use super::*;

fn shelter() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("anti_shelter"))
}

#[rustfmt::skip]
#[rstest]
#[case("Show the name of each volunteer and the city of the shelter they registered at.", Some(&["volunteer_register_shelter"][..]))]
#[case("Show the name of each volunteer and the city of the shelter they donated to.", Some(&["donations"][..]))]
// Nothing says whether the volunteer registered at or donated to the shelter.
#[case("Show the name of each volunteer and the city of their shelter.", None)]
fn two_links_take_the_one_the_question_names(#[case] question: &str, #[case] via: Option<&[&str]>) {
    if let Some((p, want)) = super::fixtures::planned_or_refused(&shelter(), question, via.ok_or("linked through")) {
        assert_eq!(p.via, want, "{question}: {p:?}");
    }
}

#[test]
fn the_chosen_link_is_the_one_compiled() {
    for (question, link, other) in [
        ("Show the name of each volunteer and the city of the shelter they registered at.", "volunteer_register_shelter", "donations"),
        ("Show the name of each volunteer and the city of the shelter they donated to.", "donations", "volunteer_register_shelter"),
    ] {
        let sql = super::fixtures::sql_on("anti_shelter", question).unwrap_or_else(|r| panic!("{question}: not planned: {r}"));
        assert!(sql.contains(&format!("JOIN {link} ")), "{question}: {sql}");
        assert!(!sql.contains(other), "{question}: {sql}");
    }
}

fn airlines() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"
name = "air"
description = "made up"
derived = true

[[tables]]
name = "airlines"
file = "airlines.csv"
primary_key = "airline_id"
label = "name"
columns = [
  { name = "airline_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "country", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "routes"
file = "routes.csv"
primary_key = "rid"
columns = [
  { name = "rid", type = "BIGINT", nullable = false },
  { name = "airline_id", type = "BIGINT", nullable = false },
  { name = "stops", type = "BIGINT", nullable = false },
]

[[joins]]
from = "routes.airline_id"
to = "airlines.airline_id"

[[dimensions]]
name = "country"
column = "airlines.country"
kind = "categorical"
values = ["Canada", "Mexico", "United States"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("How many airlines are from Canada or Mexico?", Some("country in [Canada,Mexico]"))]
// A source and a destination on one column: neither "either value" nor a guess.
#[case("How many routes go from the United States to Canada?", None)]
fn values_from_and_to_are_not_either_value(#[case] question: &str, #[case] want: Option<&str>) {
    if let Some((p, w)) = super::fixtures::planned_or_refused(&airlines(), question, want.ok_or("\"from\" one, \"to\" the other")) {
        assert_eq!(super::fixtures::filters(&p), w, "{question}");
    }
}

#[test]
fn a_listed_key_is_read_from_the_counted_rows() {
    let Outcome::Planned(u) = airlines().plan("Show the airline id and the number of routes for each airline.") else {
        panic!("not planned")
    };
    let dims: Vec<&str> = u.plan.dimensions.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(dims, ["routes.airline_id"], "{:?}", u.plan);
}
