//! Table-driven tests of the planner changes of the twenty-third round: a
//! column whose name runs English words together (`baseprice`,
//! `maxoccupancy`) is read by its last word as a `base_price` would be
//! ("rooms that cost more than 120" compares the one price column; "the
//! average occupancy"), and the name spelled out in words matches it
//! whole ("the max occupancy").

use rstest::rstest;

use super::fixtures::answers;

#[rustfmt::skip]
#[rstest]
#[case("Which rooms cost between 120 and 150? Give me the room names.", Ok("rooms.baseprice BETWEEN 120 AND 150"), "")]
#[case("What are the names of rooms that cost more than the average?", Ok("rooms.baseprice > (SELECT AVG(rooms.baseprice)"), "")]
#[case("What is the average price of the rooms?", Ok("AVG(rooms.baseprice)"), "")]
#[case("What is the highest max occupancy of the rooms?", Ok("MAX(rooms.maxoccupancy)"), "")]
#[case("What is the average occupancy of the rooms?", Ok("AVG(rooms.maxoccupancy)"), "")]
fn run_together_names_read_by_their_words(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("inn23", question, want, lacks);
}
