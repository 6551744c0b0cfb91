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

use super::fixtures::{answers, fixture};
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
