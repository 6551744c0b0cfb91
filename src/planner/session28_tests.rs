//! Table-driven tests of the planner changes of the twenty-eighth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Schools whose columns are abbreviated as one short word (`enr`) beside
/// an English one (`age`).
fn schools() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "schools28"
description = "made up"
derived = true

[[tables]]
name = "school"
file = "school.csv"
primary_key = "school_id"
label = "school_name"
columns = [
  { name = "school_id", type = "BIGINT", nullable = false },
  { name = "school_name", type = "VARCHAR", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
  { name = "enr", type = "BIGINT", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("What is the total enrollment of all schools?", Ok("SUM(school.enr)"))]
#[case("Which schools have an enrollment above 1000?", Ok("school.enr > 1000"))]
#[case("List the names of schools ordered by enrolment.", Ok("ORDER BY enr"))]
// "age" is an English word, not the start of "agency".
#[case("What is the agency of each school?", Err("anything to measure or list"))]
fn a_one_word_abbreviated_column_is_spelled_out(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&schools(), question, want);
}
