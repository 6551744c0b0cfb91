//! Table-driven tests of the planner changes of the fortieth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Peaks with a height and a prominence, in ranges.
fn peaks() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "peaks40"
description = "made up"
derived = true

[[tables]]
name = "mountain"
file = "mountain.csv"
primary_key = "mountain_id"
label = "name"
columns = [
  { name = "mountain_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "height", type = "DOUBLE", nullable = false },
  { name = "prominence", type = "DOUBLE", nullable = false },
  { name = "range", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

/// "the mountains with the top 3 prominence": after "with", a number
/// column in the singular is what the rows are ranked by (it was the plural
/// alone before, and the rows came back ranked by their names); a "top N"
/// that nothing names a key for is refused rather than ranked by name.
#[rstest]
#[case::with_singular("List the names of the mountains with the top 3 prominence.", Ok("ORDER BY prominence DESC"))]
#[case::with_distinct("List the distinct ranges of the mountains with the top 3 prominence.", Ok("LIMIT 3"))]
#[case::plural("What are the top 3 prominences of mountains?", Ok("ORDER BY prominence DESC"))]
#[case::by("List the names of the top 3 mountains by height.", Ok("ORDER BY height DESC"))]
#[case::no_key("List the top 3 mountains.", Err("ranks by"))]
#[case::said_order("List the names of mountains in descending order.", Ok("ORDER BY name DESC"))]
fn top_n_takes_the_number_column_after_with(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&peaks(), question, want);
}
