//! Table-driven tests of the planner changes of the twenty-third round: a
//! column whose name runs English words together (`baseprice`,
//! `maxoccupancy`) is read by its last word as a `base_price` would be
//! ("rooms that cost more than 120" compares the one price column; "the
//! average occupancy"), and the name spelled out in words matches it
//! whole ("the max occupancy"); "courses with 3 credits", "rooms that
//! have 2 beds": a whole number after "with" or "have", right before a
//! number column's word, is that column's value; "actors who are not 20
//! years old" differ from that age; "studios with an average gross of
//! over 4500000", an aggregate word before a column named only in part,
//! compares each group's aggregate, not each row; "how old are the
//! members, on average" is the average age; "which major has the largest
//! number of students", a count ordered by size and asked of a number
//! column in the singular, groups by that column.

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

#[rustfmt::skip]
#[rstest]
// A whole number after "with" or "have", before a number column's word: its value.
#[case("What are the names of rooms with 2 beds?", Ok("WHERE rooms.beds = 2"), "")]
#[case("Which rooms have 1 bed?", Ok("WHERE rooms.beds = 1"), "")]
// A comparison is read as before.
#[case("Which rooms have more than 1 bed?", Ok("WHERE rooms.beds > 1"), "")]
fn a_number_before_its_column(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("inn23", question, want, lacks);
}

// Before a table's noun, a number counts rows ("members with 2 loans"),
// which is no value of a column.
#[rustfmt::skip]
#[rstest]
#[case("Which members have 2 loans?")]
#[case("Show the members with 2 loans.")]
fn a_number_before_rows_is_no_value(#[case] question: &str) {
    if let Ok(sql) = super::fixtures::sql_with_values("library", None, question) {
        assert!(!sql.contains("= 2") || sql.contains("COUNT"), "{question}: {sql}");
    }
}

#[rustfmt::skip]
#[rstest]
// "not" before an age in years: the one age column differs from it.
#[case("List the names of members who are not 20 years old.", Ok("WHERE member.age != 20"), "")]
#[case("How many members are 18 years old?", Ok("WHERE member.age = 18"), "")]
fn an_age_denied(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("members20", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// An aggregate word before a column named in part, compared: a condition on
// the groups' aggregate, not on each row.
#[case("Which decors have an average price of over 150?", Ok("HAVING AVG(rooms.baseprice) > 150"), "WHERE")]
#[case("List the decors whose average price is above 150.", Ok("HAVING AVG(rooms.baseprice) > 150"), "WHERE")]
// With no aggregate word, each row is compared.
#[case("Which rooms have a price of over 150?", Ok("WHERE rooms.baseprice > 150"), "HAVING")]
fn an_aggregate_of_a_column_named_in_part(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("inn23", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// "on average" asks the average of what "how old" asks for.
#[case("How old are the members, on average?", Ok("AVG(member.age)"), "")]
#[case("On average, how old are the members?", Ok("AVG(member.age)"), "")]
fn how_old_on_average(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("members20", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// A count ordered by its size, asked of a number column in the singular:
// that column's values are the groups (a count is never of them).
#[case("Which published year has the largest number of books?", Ok("ORDER BY books_count DESC"), "")]
#[case("Find the published year with the largest number of books.", Ok("ORDER BY books_count DESC"), "")]
fn a_number_column_that_has_the_most_rows(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("library", question, want, lacks);
}
