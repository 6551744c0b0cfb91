//! Table-driven tests of the planner changes of the forty-ninth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Runners with a gender, and the slopes they ski on, each with a helmet
/// size of its own: one-letter values ('M', 'S') that a search text can
/// spell too.
fn runners() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "runners49"
description = "made up"
derived = true

[[tables]]
name = "runners"
file = "runners.csv"
primary_key = "runner_id"
columns = [
  { name = "runner_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
  { name = "gender", type = "VARCHAR", nullable = false },
  { name = "helmet_size", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "slopes"
file = "slopes.csv"
primary_key = "slope_id"
columns = [
  { name = "slope_id", type = "BIGINT", nullable = false },
  { name = "slope_name", type = "VARCHAR", nullable = false },
  { name = "grade", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "gender"
column = "runners.gender"
kind = "categorical"
values = ["M", "F"]

[[dimensions]]
name = "helmet_size"
column = "runners.helmet_size"
kind = "categorical"
values = ["S", "M", "L"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// Text after "starts with" / "starting with" is searched for at the start
// of the column named before the verb, even when it is also a whole value
// of another column.
#[case("Show the full names of runners whose surname starts with M.", Ok("runners.last_name ILIKE 'M%'"))]
#[case("Which slopes have names starting with 'S'?", Ok("slopes.slope_name ILIKE 'S%'"))]
#[case("Which runners have a last name ending with 'M'?", Ok("runners.last_name ILIKE '%M'"))]
// The whole value itself is still a value.
#[case("Which runners have helmet size 'S'?", Ok("runners.helmet_size = 'S'"))]
fn search_text_is_searched_even_when_it_is_a_value(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&runners(), question, want);
}
