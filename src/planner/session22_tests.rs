//! Table-driven tests of the planner changes of the twenty-second round:
//! a count of a table's rows grouped by the column naming each of those
//! rows (beside another grouping) or by the table's key counts 1 per row,
//! which only a misreading asks ("the studios of each film and the number
//! of films": "film" read as a group as well as the rows counted), so it
//! is refused.

use rstest::rstest;

use super::fixtures::answers;

#[rustfmt::skip]
#[rstest]
// The rows counted, grouped by their own name beside another group: refused.
#[case("List the studios of each film and the number of films produced by that studio.", Err("every count would be 1"), "")]
#[case("Group by ships by flag, and return number of ships that have each flag.", Err("every count would be 1"), "")]
#[case("Show the names of ships and the number of ships of each flag.", Err("every count would be 1"), "")]
// Grouped by their key: refused.
#[case("How many ships are there for each ship id?", Err("ship.ship_id"), "")]
// Counted per another column of theirs: answered.
#[case("Show the studios and the number of films of each studio.", Ok("GROUP BY"), "title")]
#[case("How many films has each director made?", Ok("COUNT(*)"), "title")]
#[case("How many ships does each flag have?", Ok("COUNT(*)"), "ship.name")]
fn counts_per_own_row(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("studios22", question, want, lacks);
}
