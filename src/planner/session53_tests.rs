//! Table-driven tests of the planner changes of the fifty-third round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Ports with a `num_berths` count, vessels and their crew through a link
/// table with an `is_current` 0/1 column, apiaries with an `organic` Y/N
/// column, species in families.
fn ferries() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "ferries53"
description = "made up"
derived = true

[[tables]]
name = "ports"
file = "ports.csv"
primary_key = "port_id"
label = "port_name"
columns = [
  { name = "port_id", type = "BIGINT", nullable = false },
  { name = "port_name", type = "VARCHAR", nullable = false },
  { name = "num_berths", type = "BIGINT", nullable = false },
]

[[tables]]
name = "vessels"
file = "vessels.csv"
primary_key = "vessel_id"
label = "vessel_name"
columns = [
  { name = "vessel_id", type = "BIGINT", nullable = false },
  { name = "vessel_name", type = "VARCHAR", nullable = false },
  { name = "built_year", type = "BIGINT", nullable = false },
]

[[tables]]
name = "crew_members"
file = "crew_members.csv"
primary_key = "crew_id"
label = "name"
columns = [
  { name = "crew_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]

[[tables]]
name = "crew_assignments"
file = "crew_assignments.csv"
columns = [
  { name = "crew_id", type = "BIGINT", nullable = false },
  { name = "vessel_id", type = "BIGINT", nullable = false },
  { name = "is_current", type = "BIGINT", nullable = false },
]

[[tables]]
name = "apiary"
file = "apiary.csv"
primary_key = "ap_id"
label = "ap_name"
columns = [
  { name = "ap_id", type = "BIGINT", nullable = false },
  { name = "ap_name", type = "VARCHAR", nullable = false },
  { name = "organic", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "species"
file = "species.csv"
primary_key = "species_id"
label = "common_name"
columns = [
  { name = "species_id", type = "BIGINT", nullable = false },
  { name = "common_name", type = "VARCHAR", nullable = false },
  { name = "family", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "crew_assignments.crew_id"
to = "crew_members.crew_id"

[[joins]]
from = "crew_assignments.vessel_id"
to = "vessels.vessel_id"

[[dimensions]]
name = "organic"
column = "apiary.organic"
kind = "categorical"
values = ["Y", "N"]

[[dimensions]]
name = "family"
column = "species.family"
kind = "categorical"
values = ["Poaceae", "Rosaceae", "Fabaceae"]

[[metrics]]
name = "apiary_count"
expr = "COUNT(*)"
table = "apiary"

[[metrics]]
name = "species_count"
expr = "COUNT(*)"
table = "species"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "the number of" before a `num_` column's words is the column, as it is
// without the article.
#[case("List the port names in descending order of the number of berths.", Ok("num_berths DESC"))]
#[case("List the port names in descending order of number of berths.", Ok("num_berths DESC"))]
// An adverb made of a column's adjective is a condition, or refused; never
// dropped, never a column to show.
#[case("Count the number of apiaries that are run organically.", Ok("organic = 'Y'"))]
#[case("Who is currently working on the vessel 'Baltic Aurora'? Give their names.", Err("currently'"))]
// A word in -ly that is no adverb ("family") reads as before.
#[case("How many species are there in each family?", Ok("GROUP BY"))]
fn the_number_of_a_column_and_adverbs_of_columns(#[case] q: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ferries(), q, want);
}
