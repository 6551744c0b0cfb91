//! Table-driven tests of the planner changes of the forty-fourth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// A wind farm's technicians, the work orders assigned to them, and a
/// table of boats with a shortened length column.
fn farm() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "farm44"
description = "made up"
derived = true

[[tables]]
name = "technicians"
file = "technicians.csv"
primary_key = "tech_id"
label = "first_name"
columns = [
  { name = "tech_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
  { name = "years_experience", type = "BIGINT", nullable = false },
]

[[tables]]
name = "work_orders"
file = "work_orders.csv"
primary_key = "wo_id"
columns = [
  { name = "wo_id", type = "BIGINT", nullable = false },
  { name = "assigned_to", type = "BIGINT", nullable = true },
  { name = "labor_hours", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "boats"
file = "boats.csv"
primary_key = "boat_id"
label = "boat_name"
columns = [
  { name = "boat_id", type = "BIGINT", nullable = false },
  { name = "boat_name", type = "VARCHAR", nullable = false },
  { name = "len_ft", type = "DOUBLE", nullable = false },
  { name = "tonnage", type = "DOUBLE", nullable = false },
  { name = "crew_size", type = "BIGINT", nullable = false },
]

[[joins]]
from = "work_orders.assigned_to"
to = "technicians.tech_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// The measure after "by" orders the rows named before it.
#[case("What are the names of the top 3 largest boats by tonnage?", Ok("ORDER BY tonnage DESC NULLS LAST\nLIMIT 3"))]
#[case("Which boat is the biggest by tonnage? Give its name.", Ok("ORDER BY tonnage DESC NULLS LAST\nLIMIT 1"))]
#[case("List the 2 smallest boats by crew size.", Ok("ORDER BY crew_size ASC NULLS LAST\nLIMIT 2"))]
// A plural with no count is every boat, not the largest: left unread.
#[case("Show the largest boats by tonnage.", Err("largest"))]
fn superlative_by_a_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&farm(), question, want);
}

#[rustfmt::skip]
#[rstest]
// `len_ft` is a length: "longest" measures it.
#[case("What is the name of the longest boat?", Ok("ORDER BY len_ft DESC NULLS LAST\nLIMIT 1"))]
// "the most" is one piece: the phrase still reads from one end to the other.
#[case("List the technicians' last names, sorted from the most experienced to the least experienced.", Ok("ORDER BY years_experience DESC"))]
fn lengths_and_order_phrases(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&farm(), question, want);
}

#[rustfmt::skip]
#[rstest]
// The verb is a column pointing at the listed rows: no row points at them through it.
#[case("Find the names of technicians who have never been assigned a work order.", Ok("NOT EXISTS (SELECT 1 FROM work_orders WHERE work_orders.assigned_to = technicians.tech_id)"))]
// Last names are values: those no assigned technician has (the column
// used inside the sub-query is accounted for).
#[case("Find the last names of technicians who have never been assigned a work order.", Ok("NOT IN"))]
#[case("Which technicians were never assigned?", Ok("NOT EXISTS"))]
// And the positive: some row does, each technician listed once.
#[case("Find the last names of technicians who have been assigned a work order.", Ok("WHERE EXISTS (SELECT 1 FROM work_orders WHERE work_orders.assigned_to = technicians.tech_id)"))]
// A condition on the work orders is not a bare anti-join: not read so.
#[case("Which technicians were never assigned a work order with more than 5 labor hours?", Err(""))]
fn role_column_as_a_verb(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&farm(), question, want);
}

/// Vessels based at a home port, and routes between two ports.
fn ferry() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "ferry44"
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
]

[[tables]]
name = "vessels"
file = "vessels.csv"
primary_key = "vessel_id"
label = "vessel_name"
columns = [
  { name = "vessel_id", type = "BIGINT", nullable = false },
  { name = "vessel_name", type = "VARCHAR", nullable = false },
  { name = "home_port", type = "BIGINT", nullable = false },
]

[[tables]]
name = "routes"
file = "routes.csv"
primary_key = "route_id"
columns = [
  { name = "route_id", type = "BIGINT", nullable = false },
  { name = "origin_port", type = "BIGINT", nullable = false },
  { name = "dest_port", type = "BIGINT", nullable = false },
]

[[joins]]
from = "vessels.home_port"
to = "ports.port_id"

[[joins]]
from = "routes.origin_port"
to = "ports.port_id"

[[joins]]
from = "routes.dest_port"
to = "ports.port_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// The name of the row the column points at, not the id it holds.
#[case("Show each vessel's name and the name of its home port.", Ok("JOIN ports ON vessels.home_port = ports.port_id"))]
#[case("List the vessel names with the names of their home ports.", Ok("ports.port_name"))]
// Two columns point at ports: which one joins is the question's word, not
// the shortest path; left to the other readings (never the id as a name).
#[case("Show the route ids and the name of their origin port.", Err(""))]
fn name_of_the_row_pointed_at(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ferry(), question, want);
}

#[rustfmt::skip]
#[rstest]
// Grouped by the pointing column and asked by the other table's noun: the
// name of the port shows beside its id.
#[case("Which port is home port to the most vessels?", Ok("SELECT vessels.home_port AS home_port, ports.port_name AS port_name, COUNT(*)"))]
// Asked by the column's own name, a phrase ending in the port's noun: the
// name shows too (round 51; it used to be the ids alone).
#[case("How many vessels does each home port have?", Ok("vessels.home_port AS home_port, ports.port_name AS port_name"))]
fn groups_named_by_the_table_pointed_at(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ferry(), question, want);
}

#[rustfmt::skip]
#[rstest]
// A closing sentence asks for more columns of the rows grouped.
#[case("Which technician has the most work orders? Give the first and last name.", Ok("technicians.last_name"))]
// Anything else named there is not a column of the groups: refused as before.
#[case("Which technician has the most work orders? Give the labor hours.", Err(""))]
fn columns_asked_of_the_groups(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&farm(), question, want);
}

/// Clubs meet at stores, stores are in regions, and each club also
/// carries a region code of its own that nothing joins.
fn clubs() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "clubs44"
description = "made up"
derived = true

[[tables]]
name = "regions"
file = "regions.csv"
primary_key = "region_code"
label = "region_name"
columns = [
  { name = "region_code", type = "VARCHAR", nullable = false },
  { name = "region_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "stores"
file = "stores.csv"
primary_key = "store_id"
columns = [
  { name = "store_id", type = "BIGINT", nullable = false },
  { name = "region_code", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "clubs"
file = "clubs.csv"
primary_key = "club_id"
label = "club_name"
columns = [
  { name = "club_id", type = "BIGINT", nullable = false },
  { name = "club_name", type = "VARCHAR", nullable = false },
  { name = "store_id", type = "BIGINT", nullable = false },
  { name = "region_code", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "stores.region_code"
to = "regions.region_code"

[[joins]]
from = "clubs.store_id"
to = "stores.store_id"

[[metrics]]
name = "clubs_count"
expr = "COUNT(*)"
table = "clubs"
synonyms = ["number of clubs"]
description = "number of clubs"
additive = true
"#,
    ))
}

#[rstest]
// Grouped through stores while the clubs carry their own region code: unclear.
#[case("Which region has the most clubs? Give the region code.", Err("of their own"))]
fn group_through_joins_beside_an_own_code(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&clubs(), question, want);
}
