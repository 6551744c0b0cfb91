//! Table-driven tests of the planner changes of the forty-seventh round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Countries and the languages spoken in each, with a yes/no column saying
/// whether the language is official there, named `flag`.
fn atlas(flag: &str) -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(&format!(
        r#"name = "atlas47"
description = "made up"
derived = true

[[tables]]
name = "country"
file = "country.csv"
primary_key = "code"
label = "name"
columns = [
  {{ name = "code", type = "VARCHAR", nullable = false }},
  {{ name = "name", type = "VARCHAR", nullable = false }},
  {{ name = "population", type = "BIGINT", nullable = false }},
]

[[tables]]
name = "countrylanguage"
file = "countrylanguage.csv"
columns = [
  {{ name = "countrycode", type = "VARCHAR", nullable = false }},
  {{ name = "language", type = "VARCHAR", nullable = false }},
  {{ name = "{flag}", type = "BOOLEAN", nullable = false }},
  {{ name = "percentage", type = "DOUBLE", nullable = false }},
]

[[joins]]
from = "countrylanguage.countrycode"
to = "country.code"

[[dimensions]]
name = "country_name"
column = "country.name"
kind = "categorical"
values = ["Afghanistan", "Canada", "Netherlands"]
"#
    )))
}

#[rustfmt::skip]
#[rstest]
// A yes/no column said before the noun its table is named after is a
// condition on the rows, not a column to list beside them (listing it
// answered every language, official or not).
#[case("is_official", "What are the official languages of Canada?", Ok("WHERE countrylanguage.is_official = TRUE AND country.name = 'Canada'"))]
#[case("is_official", "How many official languages are spoken in Afghanistan?", Ok("WHERE countrylanguage.is_official = TRUE AND country.name = 'Afghanistan'"))]
#[case("is_official", "Which languages are not official in Canada?", Ok("countrylanguage.is_official = FALSE"))]
// The same column written as one word: its "is" is split off.
#[case("isofficial", "What are the official languages of Canada?", Ok("WHERE countrylanguage.isofficial = TRUE AND country.name = 'Canada'"))]
#[case("isofficial", "How many official languages does Afghanistan have?", Ok("countrylanguage.isofficial = TRUE"))]
#[case("isofficial", "Which languages are official in Canada?", Ok("countrylanguage.isofficial = TRUE"))]
fn a_yes_no_column_before_its_rows_noun_is_a_condition(#[case] flag: &str, #[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&atlas(flag), question, want);
}

/// An allotment: plots with an area, beds inside them with their own area,
/// harvests weighed in kilograms, work sessions timed in minutes, and
/// waits at the gate timed in minutes too.
fn allotment() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "allotment47"
description = "made up"
derived = true

[[tables]]
name = "plots"
file = "plots.csv"
primary_key = "plot_id"
columns = [
  { name = "plot_id", type = "BIGINT", nullable = false },
  { name = "site", type = "VARCHAR", nullable = false },
  { name = "area_sqm", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "beds"
file = "beds.csv"
primary_key = "bed_id"
columns = [
  { name = "bed_id", type = "BIGINT", nullable = false },
  { name = "plot_id", type = "BIGINT", nullable = false },
  { name = "bed_area_sqm", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "harvests"
file = "harvests.csv"
primary_key = "harvest_id"
columns = [
  { name = "harvest_id", type = "BIGINT", nullable = false },
  { name = "plot_id", type = "BIGINT", nullable = false },
  { name = "crop", type = "VARCHAR", nullable = false },
  { name = "weight_kg", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "work_sessions"
file = "work_sessions.csv"
primary_key = "session_id"
columns = [
  { name = "session_id", type = "BIGINT", nullable = false },
  { name = "venue", type = "VARCHAR", nullable = false },
  { name = "duration_min", type = "BIGINT", nullable = false },
]

[[tables]]
name = "gate_passages"
file = "gate_passages.csv"
primary_key = "passage_id"
columns = [
  { name = "passage_id", type = "BIGINT", nullable = false },
  { name = "gate", type = "VARCHAR", nullable = false },
  { name = "wait_mins", type = "BIGINT", nullable = false },
]

[[joins]]
from = "beds.plot_id"
to = "plots.plot_id"

[[joins]]
from = "harvests.plot_id"
to = "plots.plot_id"

[[dimensions]]
name = "site"
column = "plots.site"
kind = "categorical"
values = ["North", "Canal Side"]

[[dimensions]]
name = "crop"
column = "harvests.crop"
kind = "categorical"
values = ["Leek", "Potato"]

[[dimensions]]
name = "venue"
column = "work_sessions.venue"
kind = "categorical"
values = ["Shed", "Hall"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A measure word with its unit: the word for what the unit measures
// ("time", "size") need not be in the column's name.
#[case("What is the average wait time in minutes of all gate passages?", Ok("AVG(gate_passages.wait_mins)"))]
#[case("For each site, show the average plot size in square metres.", Ok("AVG(plots.area_sqm)"))]
// A unit word alone names the one column written with it; "how many" of
// a unit adds the numbers up (a count of its distinct values is never meant).
#[case("Give the total kilograms harvested per crop.", Ok("SUM(harvests.weight_kg)"))]
#[case("How many minutes were worked at each venue?", Ok("SUM(work_sessions.duration_min)"))]
#[case("On average, how many minutes did gate passages take?", Ok("AVG(gate_passages.wait_mins)"))]
// A unit after a compared number names the column compared, of the
// table the question names.
#[case("Which gate passages took more than 30 minutes?", Ok("WHERE gate_passages.wait_mins > 30"))]
#[case("List the sites of plots smaller than 100 square metres.", Ok("WHERE plots.area_sqm < 100"))]
// A unit the data has no column in is still refused.
#[case("What is the total weight in tons of all harvests?", Err("'tons'"))]
// Two columns in the unit asked and no table to choose: refused.
#[case("How many minutes in total?", Err("'minutes'"))]
fn a_unit_names_the_column_written_with_it(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&allotment(), question, want);
}

#[rustfmt::skip]
#[rstest]
// Ordered by a column already added up per group: by that total, not by
// a maximum beside it.
#[case("Show each venue and the total minutes worked, in descending order of minutes.", Ok("ORDER BY total_duration_min DESC"))]
#[case("Show each crop and the total weight kg, in descending order of weight kg.", Ok("ORDER BY total_weight_kg DESC"))]
fn an_order_by_a_measured_column_is_by_its_measure(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&allotment(), question, want);
}

/// Invoices with a net and a total amount.
fn ledger() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "ledger47"
description = "made up"
derived = true

[[tables]]
name = "invoices"
file = "invoices.csv"
primary_key = "invoice_id"
columns = [
  { name = "invoice_id", type = "BIGINT", nullable = false },
  { name = "net_amt", type = "DOUBLE", nullable = false },
  { name = "total_amt", type = "DOUBLE", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "total" of `total_amt` names the column (its other word says only that
// it is an amount); "the total of" still adds up.
#[case("Find the largest and the smallest invoice total.", Ok("MAX(invoices.total_amt)"))]
#[case("List the invoice totals.", Ok("SELECT invoices.total_amt"))]
#[case("What is the total of the net amounts of all invoices?", Ok("SUM(invoices.net_amt)"))]
fn a_total_column_is_named_by_total(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ledger(), question, want);
}
