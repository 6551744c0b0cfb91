//! Table-driven tests of anti-joins read through the verb that names the
//! linking table, a table's noun used as a verb, the rows asked about named
//! by a column before the negation, an attribute listed with an anti-join
//! (a set difference of its values), and a synonym never outranking a
//! column the word names itself; on the made-up charity (`anti_shelter`).

use rstest::rstest;

use super::*;
use crate::plan::{Op, Operand};

fn planner() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("anti_shelter"))
}

fn planned(question: &str) -> Plan {
    match planner().plan(question) {
        Outcome::Planned(u) => u.plan,
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// The verb names one of the two tables linking volunteers and shelters.
#[case("What are the names of volunteers who have never registered at any shelter?", "volunteers.volunteer_id not_exists", "volunteer_register_shelter.volunteer_id")]
// "guide" is the guides' table and the verb; the tour guide rows must not exist.
#[case("What are the names of guides who did not guide any tour?", "guide.guide_id not_exists", "tour_guide.guide_id")]
// Every table is named after "without": the tours are those of the title column.
#[case("Show tour titles without any guides.", "tour.tour_id not_exists", "tour_guide.tour_id")]
fn a_negated_clause_is_an_anti_join(#[case] question: &str, #[case] filter: &str, #[case] inner: &str) {
    let p = planned(question);
    let f = super::fixtures::filters(&p);
    assert!(f.starts_with(filter) && f.contains(inner), "{question}: {f}");
    assert_eq!(p.filters.len(), 1, "{question}: {f}");
}

#[test]
fn the_rows_asked_about_are_the_columns_table_not_the_negated_one() {
    let p = planned("Show tour titles without any guides.");
    assert_eq!(p.fields.iter().chain(p.dimensions.iter().map(|d| &d.name)).collect::<Vec<_>>(), ["tour.title"]);
}

#[rustfmt::skip]
#[rstest]
#[case("Find the countries which do not have any donation.", "shelters.country")]
// "state" is also an everyday synonym of "country"; the column named by the word itself wins.
#[case("Find the states which do not have any donation.", "shelters.state_province_region")]
fn an_attribute_with_no_rows_is_a_set_difference(#[case] question: &str, #[case] column: &str) {
    let p = planned(question);
    let [d] = p.dimensions.as_slice() else { panic!("{question}: {p:?}") };
    assert_eq!(d.name, column, "{question}");
    let [f] = p.filters.as_slice() else { panic!("{question}: {p:?}") };
    assert_eq!((f.field.as_str(), f.op), (column, Op::NotIn), "{question}");
    let Some(Operand::Rows { column: c, filters }) = &f.value else { panic!("{question}: {f:?}") };
    assert_eq!(c, column);
    assert!(matches!(filters.as_slice(), [x] if x.op == Op::Exists && x.field == "shelters.shelter_id"), "{question}: {filters:?}");
}

#[rustfmt::skip]
#[rstest]
// No verb: registrations or donations? Not guessed.
#[case("What are the names of volunteers who are not in any shelter?")]
// "with at least 15 stops" is a condition on the tours that must not exist, not on the cities listed.
#[case("Show all cities which don't have a tour guide with at least 15 stops.")]
fn an_anti_join_it_cannot_place_refuses(#[case] question: &str) {
    if let Outcome::Planned(u) = planner().plan(question) {
        panic!("{question}: planned {}", super::fixtures::filters(&u.plan));
    }
}

#[test]
fn a_synonym_ranks_below_a_column_the_word_names() {
    let p = planned("List the state of each shelter.");
    let shown: Vec<&String> = p.fields.iter().chain(p.dimensions.iter().map(|d| &d.name)).collect();
    assert!(shown.contains(&&"shelters.state_province_region".to_string()), "{shown:?}");
    assert!(!shown.contains(&&"shelters.country".to_string()), "{shown:?}");
}

#[test]
fn a_table_noun_beside_a_value_pointing_at_its_rows_is_read() {
    // `tour.city` points at `towns`: "the Porto town" names the value's kind.
    let p = planned("How many tours are in the Porto town?");
    assert_eq!(super::fixtures::filters(&p), "tour_city eq Porto");
}

#[test]
fn both_with_its_first_value_unread_refuses() {
    // "The" is read as a function word: reading only "Porto" would answer another question.
    match planner().plan("Which tours are in both The and Porto towns?") {
        Outcome::Planned(u) => panic!("planned {}", super::fixtures::filters(&u.plan)),
        Outcome::NotUnderstood(n) => assert!(n.reason.contains("'both'"), "{}", n.reason),
    }
}
