//! Table-driven tests of values placed by the value index on the made-up
//! college (`tests/fixtures/planner/campus`) with a hand-written index: the
//! column holding a value wins over the one the words suggest, spelled as
//! stored; a value no complete list holds, or several columns hold, is
//! refused by name; a planner without an index plans as before.

use rstest::rstest;

use super::*;
use crate::dataset::value_index::{IndexedColumn, ValueIndex};
use crate::plan::{Filter, Operand};

fn manifest() -> Manifest {
    super::fixtures::fixture("campus")
}

fn col(table: &str, column: &str, values: &[&str], complete: bool) -> IndexedColumn {
    IndexedColumn {
        table: table.into(),
        column: column.into(),
        distinct: if complete { values.len() } else { values.len() + 1000 },
        values: values.iter().map(|v| v.to_string()).collect(),
        complete,
    }
}

fn index() -> ValueIndex {
    ValueIndex {
        columns: vec![
            col("department", "dept_name", &["Physics", "Comp. Sci.", "History"], true),
            col("department", "building", &["Watson", "Taylor", "Painter"], true),
            col("instructor", "name", &["Albert Einstein", "Ada Lovelace", "Kim"], true),
            col("instructor", "dept_name", &["Physics", "Comp. Sci."], true),
            col("course", "title", &["Intro to Biology", "Quantum Mechanics", "Game Design"], true),
            col("course", "dept_name", &["Physics", "History"], true),
            col("course", "taught_by", &["Ada Lovelace", "Alan Turing", "Albert Einstein"], true),
        ],
    }
}

fn filters(fs: &[Filter]) -> String {
    let one = |x: &Filter| {
        let v = match &x.value {
            Some(Operand::Value(v)) => v.to_string().replace('"', ""),
            other => format!("{other:?}"),
        };
        format!("{} {} {v}", x.field, x.op.symbol())
    };
    fs.iter().map(one).collect::<Vec<_>>().join(" & ")
}

fn plan(q: &str, with_index: bool) -> Outcome {
    let m = manifest();
    let idx = index();
    OfflinePlanner::new(&m).with_values(with_index.then_some(&idx)).plan(q)
}

#[rustfmt::skip]
#[rstest]
// The column the words name holds it: kept, spelled as stored.
#[case("List the titles of courses with title 'quantum mechanics'.", "course.title = Quantum Mechanics")]
// Named after "in", a place or group: the column holding it, in the rows' table.
#[case("How many instructors are in Physics?", "instructor.dept_name = Physics")]
#[case("What is the salary of the instructor named 'albert einstein'?", "instructor.name = Albert Einstein")]
// The rows' name column lacks it; of the columns holding it, one is the rows' table's.
#[case("How many courses are there for 'Albert Einstein'?", "taught_by = Albert Einstein")]
// A word inside a stored value of the column named: a text match.
#[case("List the courses with title 'Quantum'.", "course.title LIKE %Quantum%")]
// Copies of one key: the key.
#[case("What is the budget of 'History'?", "department.dept_name = History")]
fn value_goes_to_the_column_holding_it(#[case] q: &str, #[case] want: &str) {
    match plan(q, true) {
        Outcome::Planned(u) => assert_eq!(filters(&u.plan.filters), want, "{q}: {:?}", u.matches),
        Outcome::NotUnderstood(n) => panic!("{q}: refused: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// Held by no column, where the words' column's list is complete.
#[case("List the courses with title 'Astrophysics'.", &["no column holds the value 'Astrophysics'", "course.title"])]
#[case("What is the salary of the instructor named 'Marie Curie'?", &["'Marie Curie'", "instructor.name"])]
// Inside values of other columns only: named in the refusal.
#[case("List the courses with title 'Einstein'.", &["values containing it are in instructor.name"])]
// Two unrelated columns of other tables hold it.
#[case("Which department has 'Albert Einstein'?", &["several columns", "instructor.name", "course.taught_by"])]
fn value_the_data_contradicts_is_refused(#[case] q: &str, #[case] want: &[&str]) {
    match plan(q, true) {
        Outcome::NotUnderstood(n) => {
            for w in want {
                assert!(n.reason.contains(w), "{q}: {:?} lacks {w:?}", n.reason);
            }
        }
        Outcome::Planned(u) => panic!("{q}: planned {} (want a refusal)", filters(&u.plan.filters)),
    }
}

/// A dataset added before the index (none given) plans as it always did:
/// the words choose the column, right or not.
#[rstest]
#[case("List the courses with title 'Astrophysics'.", "course.title = Astrophysics")]
#[case("List the titles of courses with title 'quantum mechanics'.", "course.title = quantum mechanics")]
fn without_an_index_the_words_choose(#[case] q: &str, #[case] want: &str) {
    match plan(q, false) {
        Outcome::Planned(u) => assert_eq!(filters(&u.plan.filters), want, "{q}"),
        Outcome::NotUnderstood(n) => panic!("{q}: refused: {}", n.reason),
    }
}

/// A capped list may hold a value it does not show: it never denies one.
#[test]
fn a_capped_list_does_not_deny() {
    let m = manifest();
    let mut idx = index();
    for c in &mut idx.columns {
        if c.column == "title" {
            c.complete = false;
        }
    }
    let q = "List the courses with title 'Astrophysics'.";
    match OfflinePlanner::new(&m).with_values(Some(&idx)).plan(q) {
        Outcome::Planned(u) => assert_eq!(filters(&u.plan.filters), "course.title = Astrophysics"),
        Outcome::NotUnderstood(n) => panic!("{q}: refused: {}", n.reason),
    }
}

/// A made-up club whose members' names are split over two columns.
fn club() -> (Manifest, ValueIndex) {
    let text = r#"
name = "club"
derived = true
[[tables]]
name = "member"
file = "member.csv"
primary_key = "id"
label = "last_name"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR" },
  { name = "last_name", type = "VARCHAR" },
  { name = "city", type = "VARCHAR" },
  { name = "address", type = "VARCHAR" },
]
"#;
    let m: Manifest = toml::from_str(text).unwrap_or_else(|e| panic!("club: {e}"));
    let idx = ValueIndex {
        columns: vec![
            col("member", "first_name", &["Janessa", "Carole"], true),
            col("member", "last_name", &["Sawayn", "Bernhard"], true),
            col("member", "city", &["Oslo", "Port Jane"], true),
            col("member", "address", &["6862 Kaitlyn Knolls Suite 9", "12 Elm Road"], true),
        ],
    };
    (m, idx)
}

#[rustfmt::skip]
#[rstest]
// A full name no column holds whole: first and last name columns of one table.
#[case("In what city does Janessa Sawayn live?", "member.first_name = Janessa & member.last_name = Sawayn")]
// Words inside one stored value of the column named: a text match.
#[case("What is the city of the member with address '6862 Kaitlyn Knolls'?", "member.address LIKE %6862 Kaitlyn Knolls%")]
fn near_matches_that_stay_precise(#[case] q: &str, #[case] want: &str) {
    let (m, idx) = club();
    match OfflinePlanner::new(&m).with_values(Some(&idx)).plan(q) {
        Outcome::Planned(u) => assert_eq!(filters(&u.plan.filters), want, "{q}: {:?}", u.matches),
        Outcome::NotUnderstood(n) => panic!("{q}: refused: {}", n.reason),
    }
}
