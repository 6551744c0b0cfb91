//! Table-driven tests of questions that named nothing the planner could
//! measure or list before: "birthday" for a date-of-birth column
//! (`lexicon::phrasing`), "the details of <rows>" as every column of those
//! rows (`details`), and a superlative before a value rather than a table
//! ("the oldest female", `value_superlative`). On a made-up office: people
//! with an age, a gender and a job; employees in departments managed by
//! employees. Forms without one clear reading must still refuse.

use rstest::rstest;

use super::*;
use crate::dataset::value_index::{IndexedColumn, ValueIndex};

const OFFICE: &str = r#"
name = "office"
description = "People, employees and the departments they work in."
[[tables]]
name = "person"
file = "person.csv"
primary_key = "name"
columns = [
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
  { name = "gender", type = "VARCHAR", nullable = false },
  { name = "job", type = "VARCHAR", nullable = false },
  { name = "date_of_birth", type = "DATE", nullable = false },
]
[[tables]]
name = "employees"
file = "employees.csv"
primary_key = "employee_id"
columns = [
  { name = "employee_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "salary", type = "BIGINT", nullable = false },
  { name = "department_id", type = "BIGINT", nullable = false },
]
[[tables]]
name = "departments"
file = "departments.csv"
primary_key = "department_id"
columns = [
  { name = "department_id", type = "BIGINT", nullable = false },
  { name = "department_name", type = "VARCHAR", nullable = false },
  { name = "manager_id", type = "BIGINT", nullable = false },
]
[[joins]]
from = "employees.department_id"
to = "departments.department_id"
[[joins]]
from = "departments.manager_id"
to = "employees.employee_id"
"#;

fn col(table: &str, column: &str, values: &[&str]) -> IndexedColumn {
    IndexedColumn {
        table: table.into(),
        column: column.into(),
        distinct: values.len(),
        values: values.iter().map(|v| v.to_string()).collect(),
        complete: true,
    }
}

fn plan(q: &str) -> Outcome {
    let m = super::fixtures::from_toml(OFFICE);
    let idx = ValueIndex {
        columns: vec![
            col("person", "name", &["Ada", "Zach"]),
            col("person", "gender", &["male", "female"]),
            col("person", "job", &["student", "engineer"]),
            col("employees", "first_name", &["Steven", "Neena"]),
            col("departments", "department_name", &["Sales", "Shipping"]),
        ],
    };
    OfflinePlanner::new(&m).with_values(Some(&idx)).plan(q)
}

/// fields | filters | order | limit, one line.
fn render(p: &crate::plan::Plan) -> String {
    let order: Vec<String> = p.order.iter().map(|o| format!("{} {}", o.by, if o.desc { "desc" } else { "asc" })).collect();
    let limit = p.limit.map(|l| l.to_string()).unwrap_or_default();
    format!("{} | {} | {} | {limit}", p.fields.join(","), super::fixtures::filters(p), order.join(","))
}

#[rustfmt::skip]
#[rstest]
#[case("What is the birthday of the person named Ada?", "person.date_of_birth | person.name eq Ada |  | ")]
#[case("Show the details of employees with a salary above 10000.", "employees.employee_id,employees.first_name,employees.salary,employees.department_id | employees.salary gt 10000 |  | ")]
#[case("What is the information of the departments named Sales?", "departments.department_id,departments.department_name,departments.manager_id | departments.department_name eq Sales |  | ")]
#[case("Who is the youngest male?", "person.name,person.age | person.gender eq male | person.age asc | 1")]
#[case("What is the age of the oldest female?", "person.age | person.gender eq female | person.age desc | 1")]
fn answers_the_one_reading(#[case] q: &str, #[case] want: &str) {
    match plan(q) {
        Outcome::Planned(u) => assert_eq!(render(&u.plan), want, "{q}"),
        Outcome::NotUnderstood(n) => panic!("{q}: refused: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// The condition through departments would be dropped.
#[case("Get the details of employees who manage a department.")]
// Several youngest males asked for, with no count.
#[case("Who are the youngest males?")]
// Details of nothing named.
#[case("What are the details?")]
// A superlative before a value, then more words it cannot place.
#[case("Who is the youngest male working nearby?")]
fn still_refuses(#[case] q: &str) {
    if let Outcome::Planned(u) = plan(q) {
        panic!("{q}: planned {}", render(&u.plan));
    }
}
