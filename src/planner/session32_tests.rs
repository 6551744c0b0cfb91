//! Table-driven tests of the planner changes of the thirty-second round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Instructors and the courses they teach, through `teaches`.
fn school() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "school32"
description = "made up"
derived = true

[[tables]]
name = "instructor"
file = "instructor.csv"
primary_key = "id"
label = "name"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "salary", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "course"
file = "course.csv"
primary_key = "course_id"
label = "title"
columns = [
  { name = "course_id", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "teaches"
file = "teaches.csv"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "course_id", type = "BIGINT", nullable = false },
  { name = "year", type = "BIGINT", nullable = false },
]

[[metrics]]
name = "instructor_count"
expr = "COUNT(*)"
table = "instructor"

[[joins]]
from = "teaches.id"
to = "instructor.id"

[[joins]]
from = "teaches.course_id"
to = "course.course_id"
"#,
    ))
}

/// A negative contraction typed without its apostrophe ("didnt", "dont")
/// is still "not": dropping it would answer the opposite question.
#[rstest]
#[case::apostrophe("What are the names of instructors who didn't teach?", Ok("WHERE NOT EXISTS (SELECT 1 FROM teaches"))]
#[case::none("What are the names of instructors who didnt teach?", Ok("WHERE NOT EXISTS (SELECT 1 FROM teaches"))]
#[case::trailing("What are the ids of instructors who didnt' teach?", Ok("WHERE NOT EXISTS (SELECT 1 FROM teaches"))]
#[case::capital("Which instructors DONT teach any course?", Ok("WHERE NOT EXISTS (SELECT 1 FROM teaches"))]
#[case::positive("What are the names of instructors who taught some course?", Ok("WHERE EXISTS (SELECT 1 FROM teaches"))]
fn a_contraction_without_its_apostrophe_is_a_negation(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&school(), question, want);
}
