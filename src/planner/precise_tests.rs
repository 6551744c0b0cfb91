//! Table-driven tests of the planner's precision mechanisms on a made-up
//! college (`tests/fixtures/planner/campus`): rows listed in another
//! column's order, directions said in words, "top N lowest", a total beside
//! an average, several aggregates of a table's own column "for each" of its
//! rows, a count of the grouped column itself, and a column word placed on
//! a table the question never names.

use rstest::rstest;

use super::*;
use crate::plan::{Filter, Operand};
use crate::semantic::Manifest;

fn campus() -> OfflinePlanner {
    let path = format!("{}/tests/fixtures/planner/campus/dataset.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let m: Manifest = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    OfflinePlanner::new(&m)
}

fn filter(x: &Filter) -> String {
    let op = serde_json::to_string(&x.op).unwrap_or_default().replace('"', "");
    let v = match &x.value {
        None => String::new(),
        Some(Operand::Value(v)) => format!(" {}", v.to_string().replace('"', "")),
        Some(Operand::Column { column }) => format!(" @{column}"),
        Some(other) => format!(" {other:?}"),
    };
    format!("{} {op}{v}", x.field)
}

/// One line saying what a plan does (as `tests.rs` renders it).
fn shape(p: &Plan) -> String {
    let mut parts: Vec<String> = Vec::new();
    for m in &p.measures {
        parts.push(match (&m.metric, m.agg, &m.column) {
            (Some(x), _, _) => format!("m: {x}"),
            (None, Some(a), c) => format!("m: {}({})", a.word(), c.clone().unwrap_or_default()),
            _ => "m: ?".into(),
        });
    }
    parts.extend(p.dimensions.iter().map(|d| format!("by: {}", d.name)));
    if !p.fields.is_empty() {
        parts.push(format!("list: {}", p.fields.join(", ")));
    }
    parts.extend(p.filters.iter().map(|x| format!("f: {}", filter(x))));
    parts.extend(p.having.iter().map(|x| format!("h: {}", filter(x))));
    for o in &p.order {
        parts.push(format!("o: {} {}", o.by, if o.desc { "desc" } else { "asc" }));
    }
    if let Some(l) = p.limit {
        parts.push(format!("l: {l}"));
    }
    parts.join(" | ")
}

#[rustfmt::skip]
#[rstest]
// Rows in another column's order are each row, not the distinct values.
#[case("List the titles of all courses in descending order of credits.", "list: course.title | o: course.credits desc")]
// "top three lowest": the superlative gives the direction.
#[case("Show the titles of courses with the top three lowest credits.", "list: course.title | o: course.credits asc | l: 3")]
// Directions in words.
#[case("List the titles of courses sorted by credits from large to small.", "list: course.title | o: course.credits desc")]
#[case("List the titles of courses sorted by credits decreasing.", "list: course.title | o: course.credits desc")]
#[case("What are the titles of courses in descending order?", "by: course.title | o: course.title desc")]
// A total beside an average is a sum.
#[case("What are the total and average salary of all instructors?", "m: sum_salary | m: avg_salary")]
// Several aggregates of a table's own column per row of it: the whole table.
#[case("What are the maximum, minimum and average budget of each department?", "m: max_budget | m: min_budget | m: avg_budget")]
// "the one with": a pronoun, not the number 1.
#[case("Show the title and its year for the one with the highest credits.", "list: course.title, course.year, course.credits | o: course.credits desc | l: 1")]
// Counting the grouped column itself counts rows.
#[case("List all teachers along with the number of courses taught by each teacher.", "m: count(course) | by: taught_by")]
fn precision_mechanisms(#[case] question: &str, #[case] want: &str) {
    match campus().plan(question) {
        Outcome::Planned(u) => assert_eq!(shape(&u.plan), want, "{question}"),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// Readings that must not be answered as they were: a word that could name
/// a column of the table the question names put on another table's column,
/// a sum of years.
#[rstest]
#[case("Find the name and building of the department with the highest budget.", "instructor.name")]
// "total" on a year column: no one sums years.
#[case("What is the total year of courses?", "sum(course.year)")]
fn readings_that_would_answer_another_question(#[case] question: &str, #[case] wrong: &str) {
    if let Outcome::Planned(u) = campus().plan(question) {
        let json = serde_json::to_string(&u.plan).unwrap_or_default();
        assert!(!json.contains(wrong) && !shape(&u.plan).contains(wrong), "{question}: {}", shape(&u.plan));
    }
}

