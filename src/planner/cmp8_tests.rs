//! Table-driven tests of "before"/"after" a year kept as a number
//! (`bounds`), "in total" with a count (`totals`), a number after "id"
//! (`ids`) and imperative verbs, on a made-up harbour
//! (`tests/fixtures/planner/ferry`).

use rstest::rstest;

use super::*;
use crate::plan::Agg;
use super::fixtures::filters;

fn harbour() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("ferry"))
}

#[rustfmt::skip]
#[rstest]
// The column named just before the word.
#[case("Which lighthouses were built before 1850?", "lighthouse.built lt 1850")]
#[case("List the names of lighthouses built after 1700.", "lighthouse.built gt 1700")]
// The column named between the word and the year.
#[case("How many regattas are held after season 2007?", "regatta.season gt 2007")]
// No column named: the table's one year column.
#[case("What are the names of marinas opened before 1800?", "marina.year lt 1800")]
#[case("Which marinas were opened before the year of 2010?", "marina.year lt 2010")]
// "or after" / "or before" / "in or after": the bound is included.
#[case("How many marinas are there in year 2005 or after?", "marina.year ge 2005")]
#[case("Count the marinas in year 2001 or before.", "marina.year le 2001")]
#[case("How many marinas opened in or after 2005?", "marina.year ge 2005")]
// "after 1900" read as a time: on whole years it is "from 1901".
#[case("Which lighthouses were built after 1900?", "lighthouse.built ge 1901")]
// A number column named after a range; a minus sign.
#[case("Which regattas had between 10 and 20 boats?", "regatta.boats between [10,20]")]
#[case("Which lighthouses have a height between -5 and 50?", "lighthouse.height between [-5,50]")]
// "the word 'Cape'": a text search.
#[case("Which lighthouses have the word 'Cape' in their names?", "lighthouse.name like %Cape%")]
// A whole known value after "contains" is still searched for.
#[case("Which lighthouses have a coast that contains 'South'?", "coast like %South%")]
#[case("Which lighthouses are on the coast 'South'?", "coast eq South")]
// A number after "id" is the key of the rows named before.
#[case("What is the name and tonnage of the vessel with id 12?", "vessel.vid eq 12")]
#[case("What is the name of the vessel that has an id of 12?", "vessel.vid eq 12")]
// Joined by "or": one disjunction, whatever `dates` would do alone.
#[case("How many marinas were opened after 2013 or before 2008?", "(marina.year ge 2014 | marina.year lt 2008)")]
fn bounds_and_ids(#[case] question: &str, #[case] want: &str) {
    match harbour().plan(question) {
        Outcome::Planned(u) => assert_eq!(filters(&u.plan), want, "{question}"),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// "after" a number that is no year, and "before" with nothing to bound,
/// stay refused.
#[rstest]
#[case("Which lighthouses were built after 8?")]
#[case("Which vessels sailed before?")]
fn not_bounds(#[case] question: &str) {
    if let Outcome::Planned(u) = harbour().plan(question) {
        panic!("{question}: planned {}", filters(&u.plan));
    }
}

#[rstest]
#[case("How many marinas in total?")]
#[case("How many regattas are there in total?")]
#[case("Find the number of vessels in total.")]
#[case("What is the total count of lighthouses?")]
fn totals_of_counts(#[case] question: &str) {
    match harbour().plan(question) {
        Outcome::Planned(u) => {
            assert_eq!(u.plan.measures.len(), 1, "{question}");
            assert_eq!(u.plan.measures[0].agg, Some(Agg::Count), "{question}");
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// A counted word that also names a number column: the total may be its sum.
#[test]
fn total_that_may_be_a_sum() {
    let q = "How many volunteers, in total, are there in the year 2002?";
    if let Outcome::Planned(u) = harbour().plan(q) {
        assert!(u.plan.measures.iter().all(|m| m.agg != Some(Agg::Count)), "{q}: {:?}", u.plan.measures);
    }
}

#[rstest]
#[case("Compute the average height of all the lighthouses.")]
#[case("Select the names of all the vessels.")]
#[case("List the names of all vessels in alphabetic order.")]
fn imperative_verbs(#[case] question: &str) {
    if let Outcome::NotUnderstood(n) = harbour().plan(question) {
        panic!("{question}: not understood: {}", n.reason);
    }
}
