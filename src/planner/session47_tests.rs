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
