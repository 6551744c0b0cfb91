//! Table-driven tests of the planner changes of the nineteenth round: a
//! plural read equally well as a table's own name and as another table's
//! column (`rooms` and `reservations.room`) is the table's rows when
//! counted or when other rows must not exist for it; a participle the
//! lexicon reads as adding no condition ("assigned") names the table
//! linking the rows (`assignedto`) after "not"; after a participle, "by
//! the tutor ..." names one agent, no grouping; "both good and bad" needs
//! both values read; a table of numbers is named by the column called
//! after it; a table asked for first beside a listed column, or inside a
//! list of columns, is shown by its name.

use rstest::rstest;

use super::fixtures::{fixture, sql_on};

/// The question on `name` is planned to SQL holding `Ok(text)`, or refused
/// with a reason holding `Err(text)`.
fn answers(name: &str, question: &str, want: Result<&str, &str>) {
    super::fixtures::answers(name, question, want, "");
}

#[rustfmt::skip]
#[rstest]
#[case("How many rooms are there?", "FROM rooms", "reservations")]
#[case("Find the number of rooms for each bed type.", "GROUP BY", "reservations")]
#[case("Find the number of rooms that do not have any reservation.", "NOT EXISTS (SELECT 1 FROM reservations WHERE reservations.room = rooms.roomid)", "COUNT(DISTINCT")]
#[case("Which rooms have not had any reservation?", "NOT EXISTS (SELECT 1 FROM reservations WHERE reservations.room = rooms.roomid)", "GROUP BY")]
// The column is still the reservations' room where the rows counted are reservations.
#[case("How many reservations are there for each room?", "FROM reservations", "NOT EXISTS")]
fn a_plural_naming_a_table_is_its_rows(#[case] question: &str, #[case] has: &str, #[case] lacks: &str) {
    let sql = sql_on("rooms19", question).unwrap_or_else(|r| panic!("{question}: refused: {r}"));
    assert!(sql.contains(has), "{question}: {sql}");
    assert!(!sql.contains(lacks), "{question}: {sql}");
}

#[rustfmt::skip]
#[rstest]
// "projects" is the projects table and the assignedto column alike; the
// participle "assigned", a word that otherwise adds no condition, names
// the table linking projects and scientists: no such row (anti-join).
#[case("What are the names of projects that have not been assigned?", Ok("NOT EXISTS (SELECT 1 FROM assignedto WHERE assignedto.project = projects.code)"))]
#[case("Select the project names which are not assigned yet.", Ok("NOT EXISTS (SELECT 1 FROM assignedto WHERE assignedto.project = projects.code)"))]
#[case("How many different projects are there?", Ok("FROM projects"))]
// A participle naming no table is still no condition the planner can place.
#[case("What are the names of projects that have not been finished?", Err("'not'"))]
fn a_participle_naming_a_table_is_its_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    answers("rooms19", question, want);
}

#[rustfmt::skip]
#[rstest]
// After a participle, "by the tutor ..." names one agent: counting
// courses for each tutor answers another question.
#[case("What are the courses taught by the tutor whose personal name is \"Julio\"?")]
#[case("Which courses were written by the author whose personal name is \"Julio\"?")]
// The participle ends a column's name read as one piece (`gamesplayed`).
#[case("What is the total number of hours per week and number of games played by students under 20?")]
fn by_the_agent_is_no_grouping(#[case] question: &str) {
    if let Ok(sql) = sql_on("rooms19", question) {
        assert!(!sql.contains("GROUP BY"), "{question}: {sql}");
    }
}

#[rustfmt::skip]
#[rstest]
// "bad customers" read as the column `good_or_bad_customer`: only "good"
// is compared, so the pair "both good and bad" is refused, not halved.
#[case("What are the coupon amount of the coupons owned by both good and bad customers?", Err("'both'"))]
// A pair that does not start with a value is read as before.
#[case("Show both the coupon amount and the customer id of good customers.", Ok("= 'good'"))]
fn both_values_of_a_pair_are_read(#[case] question: &str, #[case] want: Result<&str, &str>) {
    answers("rooms19", question, want);
}

/// A table with no key, label or text column is named by the column
/// called after it (`degrees.degrees`), not by its first column (`year`).
#[test]
fn a_column_named_after_its_table_names_its_rows() {
    let m = fixture("rooms19");
    let t = m.tables.iter().position(|t| t.name == "degrees").expect("degrees");
    let c = super::schema::row_name(&m, t).map(|c| m.tables[t].columns[c].name.as_str());
    assert_eq!(c, Some("degrees"));
    let sql = sql_on("rooms19", "What are the degrees in 2001?").unwrap_or_else(|r| panic!("refused: {r}"));
    assert!(sql.starts_with("SELECT degrees.degrees"), "{sql}");
}

#[rustfmt::skip]
#[rstest]
// "students" asked for first and joined by "and" to a column: the answer
// shows the students by their name, before the ages.
#[case("Show the students and the ages.", Ok("SELECT student.lname AS lname, student.age"))]
// Shown by their key: nothing is dropped.
#[case("Show the student ids and the ages.", Ok("student.stuid"))]
// A table's noun inside a condition is no item of the listing.
#[case("Show the ages of students and their ids.", Ok("student.age"))]
// An item inside a list of columns is asked for as much as the others.
#[case("Show the age, student, and major.", Ok("student.lname"))]
// Not the whole item ("the student number"): what it lists is not read,
// so nothing is added, and the students are not shown: refused.
#[case("Show the age, student number, and major.", Err("'student' as one of the things to show"))]
#[case("Show the age, student id, and major.", Ok("student.stuid"))]
fn a_table_listed_is_shown_by_its_name(#[case] question: &str, #[case] want: Result<&str, &str>) {
    answers("rooms19", question, want);
}
