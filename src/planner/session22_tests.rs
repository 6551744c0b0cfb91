//! Table-driven tests of the planner changes of the twenty-second round:
//! a count of a table's rows grouped by the column naming each of those
//! rows (beside another grouping) or by the table's key counts 1 per row,
//! which only a misreading asks ("the studios of each film and the number
//! of films": "film" read as a group as well as the rows counted), so it
//! is refused; a column asked for that a condition sets to one value,
//! placed with no word of that column beside it ("the names of directors
//! whose movies are rated by Sarah Martinez" as reviewers' names), gives
//! the question's value back on every row and is refused; a word in lower
//! case holding a value of a table that the rows named next reach only
//! through other tables ("the names of all music genres", a playlist
//! called "Music") is refused rather than read as that value; "reviewers
//! who gave some ratings", rows of a table pointing straight at the
//! listed ones after a verb the lexicon does not know, are the listed rows
//! for which such a row exists; "the names of festivals", whose table has
//! two name columns, is the one it names its rows by; "members aged 20",
//! "members who are 20 years old" set the one age column; "the customer
//! with id 10" is a condition's id, not the listed rows' ids; "the
//! winning aircraft name" is the name of the row the column points at.

use rstest::rstest;

use super::fixtures::{answers, answers_with_values, indexed};
use crate::dataset::value_index::ValueIndex;

#[rustfmt::skip]
#[rstest]
// The rows' noun beside a column of theirs names the rows counted, not a
// group (session 45).
#[case("List the studios of each film and the number of films produced by that studio.", Ok("GROUP BY"), "title")]
#[case("Group by ships by flag, and return number of ships that have each flag.", Ok("GROUP BY"), "ship.name")]
// The rows counted, grouped by their own name asked for beside another
// group: refused.
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

#[rustfmt::skip]
#[rstest]
// The column asked for is set to one value placed with no word of its own: refused.
#[case("Find the directors' names whose movies are rated by Sarah Martinez.", Err("back on every row"), "")]
#[case("Which directors' names have movies reviewed by Sarah Martinez?", Err("back on every row"), "")]
// "The names of directors", directors being only a column's text: that
// column's values, the reviewer set by the condition (session 33).
#[case("Find the names of all directors whose movies are rated by Sarah Martinez.", Ok("SELECT DISTINCT movie.director"), "")]
#[case("What are the names of all directors whose movies have been reviewed by Sarah Martinez?", Ok("WHERE reviewer.name = 'Sarah Martinez'"), "")]
// A word of the column by the value: the condition named it.
#[case("What are the names and cities of reviewers in the city of Boston?", Ok("WHERE reviewer.city = 'Boston'"), "")]
#[case("Find the titles of all movies directed by Steven Spielberg.", Ok("WHERE movie.director = 'Steven Spielberg'"), "")]
#[case("What is the name of the movie produced in year 1977?", Ok("WHERE movie.year = 1977"), "")]
#[case("Show the names of reviewers whose city is Boston.", Ok("WHERE reviewer.city = 'Boston'"), "")]
fn echoed_values(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    let values = ValueIndex {
        columns: vec![
            indexed("reviewer", "name", &["Sarah Martinez", "Daniel Lewis", "Brittany Harris", "Mike Anderson"]),
            indexed("reviewer", "city", &["Boston", "Denver", "Austin"]),
            indexed("movie", "title", &["Gone with the Wind", "Star Wars", "Titanic", "Avatar", "Jaws"]),
            indexed("movie", "director", &["Victor Fleming", "George Lucas", "James Cameron", "Steven Spielberg"]),
        ],
    };
    answers_with_values("reviews22", Some(&values), question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// A lower-case word before a noun of rows the value's table reaches only through others: refused.
#[case("List the names of all music genres.", Err("as a kind of them"), "")]
#[case("What are the names of different music genres?", Err("as a kind of them"), "")]
// The value named as such, or before its own table's noun: read.
#[case("What are the names of the tracks in the Music playlist?", Ok("= 'Music'"), "")]
#[case("How many movies playlists are there?", Ok("= 'Movies'"), "")]
fn values_as_modifiers(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    let values = ValueIndex { columns: vec![indexed("playlist", "name", &["Music", "Movies", "Audiobooks", "Classical"])] };
    answers_with_values("music22", Some(&values), question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// An unknown verb, then only articles, then a table pointing at the rows: a semi-join.
#[case("How many reviewers gave ratings?", Ok("WHERE EXISTS (SELECT 1 FROM rating WHERE rating.rid = reviewer.rid)"), "")]
#[case("Find the names of reviewers who gave some ratings.", Ok("WHERE EXISTS (SELECT 1 FROM rating WHERE rating.rid = reviewer.rid)"), "")]
// Words between the verb and the noun say more than that a rating exists.
#[case("Find the names of reviewers who gave the lowest ratings.", Err("'lowest'"), "")]
#[case("Find the names of reviewers that gave bad ratings.", Err("'bad'"), "")]
fn rows_after_an_unknown_verb(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("reviews22", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// Two name columns: the one the table names its rows by, not another table's `name`.
#[case("What are the names of festivals held in year 2007?", Ok("festival_detail.festival_name"), "artwork")]
#[case("What are the names of festivals?", Ok("festival_detail.festival_name"), "artwork")]
#[case("What are the chair names of festivals?", Ok("festival_detail.chair_name"), "festival_name")]
#[case("What are the names of artworks?", Ok("artwork.name"), "festival")]
fn names_of_rows_with_two_name_columns(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("fest22", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// An age said with no comparison: the one age column equals it.
#[case("List the names of members aged 20.", Ok("WHERE member.age = 20"), "")]
#[case("How many members are 18 years old?", Ok("WHERE member.age = 18"), "")]
#[case("How many members are older than 18?", Ok("WHERE member.age > 18"), "")]
fn ages_said_plainly(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("members20", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// "id" right before its number is the condition's word: the address rows are described.
#[case("What is the address for the customer with id 10?", Ok("addresses.address_details"), "")]
#[case("What are the addresses of the customer with an id of 11?", Ok("addresses.address_details"), "")]
// "the ids of ...": the listed rows' key.
#[case("What are the ids of all customers?", Ok("customers.customer_id"), "")]
fn an_id_before_its_number(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("addr22", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// "name" right after a column pointing at another table: that table's name.
#[case("Please list the location and the winning aircraft name.", Ok("aircraft.aircraft"), "pilot.name")]
#[case("List the location and the winning pilot name of each match.", Ok("pilot.name"), "aircraft.aircraft")]
#[case("What are the names of all pilots?", Ok("pilot.name"), "")]
fn the_name_of_the_row_pointed_at(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("air22", question, want, lacks);
}
