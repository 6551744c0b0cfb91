//! Table-driven tests of the planner changes of the twenty-fourth round: a
//! question word the dataset's names do not use, refused on a first
//! reading, is read again through the words WordNet relates to it
//! ("published" for a `publication` table, "studying" for `student`,
//! "measurement" for `unit_of_measure`), only as a whole name, never as a
//! forgiven misspelling that may be dropped, and shown in a note; "the
//! ages of the oldest and youngest students" are the highest and lowest
//! age, while "the names of the oldest and youngest" is refused rather
//! than read as one order.

use rstest::rstest;

use super::fixtures::{answers, fixture, indexed, planned_sql};
use crate::dataset::value_index::ValueIndex;
use super::{OfflinePlanner, Outcome};

#[rustfmt::skip]
#[rstest]
#[case("Show writers who have published a book with price more than 4000000.", Ok("WHERE publication.price > 4000000"), "")]
#[case("Which publishers published books by Christopher Hinz?", Ok("WHERE book.writer = 'Christopher Hinz'"), "")]
#[case("What is the unit of measurement of the product named \"cumin\"?", Ok("SELECT products.unit_of_measure"), "")]
// "reviews" is the noun's plural: WordNet's "reviewer" comes from the verb.
#[case("How many reviews did each director get?", Err("I don't know what 'reviews' means"), "")]
// Relatives that fail to read the question leave the first refusal.
#[case("Which writers published books with more than 5 issues?", Err("I don't know what 'published' means"), "")]
#[case("Which writers are glorptastic?", Err("I don't know what 'glorptastic' means"), "")]
fn words_read_through_their_relatives(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("related24", question, want, lacks);
}

#[test]
fn a_word_read_through_a_relative_is_shown() {
    let m = fixture("related24");
    let Outcome::Planned(u) = OfflinePlanner::new(&m).plan("Which publishers published books by Christopher Hinz?") else {
        panic!("not planned");
    };
    assert!(
        u.ambiguities.iter().any(|a| a.words == "published" && a.chosen.contains("publication") && a.chosen.contains("WordNet")),
        "{:?}",
        u.ambiguities
    );
}

#[rustfmt::skip]
#[rstest]
#[case("What are the names of students studying major 50?", Ok("WHERE student.major = 50"), "")]
// The words themselves still come first: "students" is the table.
#[case("How many students are there?", Ok("COUNT(*)"), "")]
fn a_verb_read_through_its_noun(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("advising", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
#[case("What are the ages of the oldest and youngest students?", Ok("MAX(student.age)"), "")]
#[case("What are the ages of the youngest and oldest students?", Ok("MIN(student.age)"), "")]
#[case("Tell me the ages of the oldest and youngest students with major 600.", Ok("MIN(student.age)"), "LIMIT")]
// Two rows, one for each end, are no one order: refused.
#[case("What are the names of the oldest and youngest students?", Err("applies to in this question"), "")]
// One end alone is an order, as before.
#[case("What is the last name of the oldest student?", Ok("ORDER BY"), "")]
fn both_ends_of_an_implied_order(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("advising", question, want, lacks);
}

/// Courses with prerequisites (`prereq`, a run-together abbreviation) and
/// a department name that points at departments, as Spider's college_2
/// (whose `prereq.prereq_id` is inferred no join).
fn college() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "college24"
description = "made up"
derived = true

[[tables]]
name = "course"
file = "course.csv"
primary_key = "course_id"
label = "title"
columns = [
  { name = "course_id", type = "VARCHAR", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "dept_name", type = "VARCHAR", nullable = false },
  { name = "credits", type = "BIGINT", nullable = false },
]

[[tables]]
name = "prereq"
file = "prereq.csv"
columns = [
  { name = "course_id", type = "VARCHAR", nullable = false },
  { name = "prereq_id", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "department"
file = "department.csv"
primary_key = "dept_name"
label = "dept_name"
columns = [
  { name = "dept_name", type = "VARCHAR", nullable = false },
  { name = "building", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "prereq.course_id"
to = "course.course_id"

[[joins]]
from = "course.dept_name"
to = "department.dept_name"
"#,
    ))
}

fn college_sql(question: &str) -> Result<String, String> {
    let values = ValueIndex { columns: vec![indexed("course", "title", &["Mobile Computing", "Differential Geometry", "Compiler Design"])] };
    planned_sql(&college().with_values(Some(&values)), question)
}

#[rustfmt::skip]
#[rstest]
// "prerequisites" spells out `prereq`, six letters and no English word.
#[case("What are the titles of courses without prerequisites?", Some("NOT EXISTS (SELECT 1 FROM prereq"))]
#[case("How many courses have no prerequisite?", Some("NOT EXISTS (SELECT 1 FROM prereq"))]
// "the names of courses": the courses' own label, not the department name
// they point at.
#[case("What are the names of courses?", Some("SELECT course.title"))]
#[case("How many prerequisites does Mobile Computing have?", Some("FROM prereq\nJOIN course"))]
// A spelled-out abbreviation is no forgivable misspelling that may be
// dropped: the prerequisites' credits are not every course's.
#[case("Show the credits of the prerequisites.", None)]
#[case("What are the titles of prerequisites?", None)]
#[case("What is the title of the prerequisite course?", None)]
fn a_long_abbreviation_and_names_of_rows(#[case] question: &str, #[case] want: Option<&str>) {
    let got = college_sql(question);
    match want {
        Some(has) => assert!(got.as_ref().is_ok_and(|sql| sql.contains(has)), "{question}: {got:?}"),
        None => assert!(got.as_ref().is_err_and(|r| r.contains("I recognised 'prerequisite")), "{question}: {got:?}"),
    }
}


/// Medicines with a BOOLEAN approval flag; chips whose wifi is said Yes/No.
fn flags() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "flags24"
description = "made up"
derived = true

[[tables]]
name = "medicine"
file = "medicine.csv"
primary_key = "id"
label = "name"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "fda_approved", type = "BOOLEAN", nullable = false },
]

[[tables]]
name = "chip"
file = "chip.csv"
primary_key = "model"
label = "model"
columns = [
  { name = "model", type = "VARCHAR", nullable = false },
  { name = "wifi", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "wifi"
column = "chip.wifi"
kind = "categorical"
values = ["Yes", "No"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("How many medicines were approved by the FDA?", "medicine.fda_approved = TRUE")]
// A negated yes/no predicate is the no value.
#[case("How many medicines were not approved by the FDA?", "medicine.fda_approved = FALSE")]
#[case("Which chips do not have wifi?", "chip.wifi = 'No'")]
#[case("How many chips have wifi?", "chip.wifi = 'Yes'")]
fn yes_no_columns_said_or_denied(#[case] question: &str, #[case] want: &str) {
    let got = planned_sql(&flags(), question);
    assert!(got.as_ref().is_ok_and(|sql| sql.contains(want)), "{question}: {got:?}");
}
