//! Table-driven tests of the semi-join read from "have" (`exists`): the
//! listed rows for which some row of a table pointing at them exists, and
//! the questions where that reading must not fire because the other
//! table's rows are conditioned or shown. On the made-up library
//! (`library`: loans point at books and at members).

use rstest::rstest;

use super::*;
use crate::plan::{Op, Operand};

fn planner() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("library"))
}

/// The plan's semi-joins as `field exists column`.
fn semi_joins(p: &Plan) -> Vec<String> {
    p.filters
        .iter()
        .filter(|f| f.op == Op::Exists)
        .map(|f| match &f.value {
            Some(Operand::Column { column }) => format!("{} exists {column}", f.field),
            other => format!("{} exists {other:?}", f.field),
        })
        .collect()
}

#[rustfmt::skip]
#[rstest]
#[case("members who have a loan", "members.memberId exists loans.memberId")]
#[case("How many members have loans?", "members.memberId exists loans.memberId")]
#[case("Count the members that hold a loan.", "members.memberId exists loans.memberId")]
#[case("full names of members with loans", "members.memberId exists loans.memberId")]
#[case("full names of the members who have had some loans", "members.memberId exists loans.memberId")]
#[case("What is the membership type of members who have any loans?", "members.memberId exists loans.memberId")]
// Through the one table linking members and books.
#[case("members who have books", "members.memberId exists loans.memberId")]
// "are in", "involved in": membership in the other table's rows.
#[case("How many distinct members are involved in loans?", "members.memberId exists loans.memberId")]
#[case("How many members are in the loans?", "members.memberId exists loans.memberId")]
fn reads_have_as_a_semi_join(#[case] question: &str, #[case] want: &str) {
    match planner().plan(question) {
        Outcome::Planned(u) => {
            assert_eq!(semi_joins(&u.plan), vec![want.to_string()], "{question}: {:?}", u.plan);
            assert!(u.plan.dimensions.iter().all(|d| d.name.starts_with("members.")), "{question}: {:?}", u.plan);
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// The loans are conditioned: a bare semi-join would drop the condition.
#[case("members who have a loan in 2020")]
#[case("members who have a loan in May")]
#[case("members who have loans of books by Ada Byron")]
// The answer shows the other table's rows: a join, not a semi-join.
#[case("titles of books of members who have loans")]
// No possessive verb: "members who like books" says nothing about loans.
#[case("members who like books")]
fn leaves_other_readings_alone(#[case] question: &str) {
    if let Outcome::Planned(u) = planner().plan(question) {
        assert!(semi_joins(&u.plan).is_empty(), "{question}: {:?}", u.plan);
    }
}

/// Students and courses, linked twice: by the courses each student
/// registered for and by the ones each attended.
const SCHOOL: &str = r#"
name = "school"
description = "Students, courses, registrations and attendance."
[[tables]]
name = "students"
file = "students.csv"
primary_key = "student_id"
columns = [
  { name = "student_id", type = "BIGINT", nullable = false },
  { name = "student_name", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]
[[tables]]
name = "courses"
file = "courses.csv"
primary_key = "course_id"
columns = [
  { name = "course_id", type = "BIGINT", nullable = false },
  { name = "course_name", type = "VARCHAR", nullable = false },
]
[[tables]]
name = "student_course_registrations"
file = "student_course_registrations.csv"
columns = [
  { name = "student_id", type = "BIGINT", nullable = false },
  { name = "course_id", type = "BIGINT", nullable = false },
]
[[tables]]
name = "student_course_attendance"
file = "student_course_attendance.csv"
columns = [
  { name = "student_id", type = "BIGINT", nullable = false },
  { name = "course_id", type = "BIGINT", nullable = false },
]
[[joins]]
from = "student_course_registrations.student_id"
to = "students.student_id"
[[joins]]
from = "student_course_registrations.course_id"
to = "courses.course_id"
[[joins]]
from = "student_course_attendance.student_id"
to = "students.student_id"
[[joins]]
from = "student_course_attendance.course_id"
to = "courses.course_id"
"#;

/// A verb naming the linking table by its root picks it among several.
#[rustfmt::skip]
#[rstest]
#[case("List the ids of students who attended some courses.", "students.student_id exists student_course_attendance.student_id")]
#[case("How many students have registered for any course?", "students.student_id exists student_course_registrations.student_id")]
#[case("names of the students who registered courses", "students.student_id exists student_course_registrations.student_id")]
fn reads_the_link_a_verb_names(#[case] question: &str, #[case] want: &str) {
    let m = super::fixtures::from_toml(SCHOOL);
    match OfflinePlanner::new(&m).plan(question) {
        Outcome::Planned(u) => assert_eq!(semi_joins(&u.plan), vec![want.to_string()], "{question}: {:?}", u.plan),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// With two links and no verb naming one, "have" does not say which.
#[rustfmt::skip]
#[rstest]
#[case("students who have courses")]
#[case("students who liked some courses")]
fn refuses_to_pick_between_links(#[case] question: &str) {
    let m = super::fixtures::from_toml(SCHOOL);
    if let Outcome::Planned(u) = OfflinePlanner::new(&m).plan(question) {
        assert!(semi_joins(&u.plan).is_empty(), "{question}: {:?}", u.plan);
    }
}
