//! Table-driven tests of the planner changes of the nineteenth round: a
//! plural read equally well as a table's own name and as another table's
//! column (`rooms` and `reservations.room`) is the table's rows when
//! counted or when other rows must not exist for it.

use rstest::rstest;

use super::fixtures::fixture;
use super::*;

/// The compiled SQL of a question on `name`, or the refusal.
fn sql_on(name: &str, question: &str) -> Result<String, String> {
    let m = fixture(name);
    match OfflinePlanner::new(&m).plan(question) {
        Outcome::Planned(u) => Ok(crate::compile::compile(&u.plan, &m).map(|c| c.sql).unwrap_or_else(|e| panic!("{question}: {e}"))),
        Outcome::NotUnderstood(n) => Err(n.reason),
    }
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
