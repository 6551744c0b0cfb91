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

/// Employees and the employee each reports to.
fn staff() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "staff32"
description = "made up"
derived = true

[[tables]]
name = "employees"
file = "employees.csv"
primary_key = "employee_id"
label = "first_name"
columns = [
  { name = "employee_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
  { name = "salary", type = "DOUBLE", nullable = false },
  { name = "manager_id", type = "BIGINT", nullable = true },
]

[[metrics]]
name = "employees_count"
expr = "COUNT(*)"
table = "employees"
"#,
    ))
}

/// A name after a verb and "to"/"with"/"by" is another row's ("employees
/// who report to Payam"), not the listed rows' own name: refused, where
/// reading it as their first name answered Payam himself.
#[rstest]
#[case::report_to("display the employee id and salary of all employees who report to Payam (first name).", Err("'report to Payam' may name another row"))]
#[case::count("How many employees report to Payam (first name)?", Err("may name another row"))]
#[case::own_name("What is the salary of the employee with first name Payam?", Ok("WHERE employees.first_name = 'Payam'"))]
#[case::named("What is the salary of the employee named Payam (first name)?", Ok("WHERE employees.first_name = 'Payam'"))]
fn a_name_after_a_verb_and_preposition_is_another_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&staff(), question, want);
}
