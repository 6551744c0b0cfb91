//! Table-driven tests of the argmax readings (`argmax`) on the made-up
//! harbour (`tests/fixtures/planner/harbour`): a superlative of measure
//! before a table's noun ("the highest tower", "the most expensive boat",
//! "the highest paid keeper", "the most recent voyage", "the oldest
//! keeper"), a maximum metric after "with", the rows that did something
//! most recently (`recency`) or are paid the least (`verb_rank`), both
//! extremes of one column ("the lowest and highest price",
//! `extreme_pair`), and the refusals where the column would be a guess.

use rstest::rstest;

use super::*;

fn harbour() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("harbour"))
}

/// The parts of a plan these mechanisms write.
fn shape(p: &Plan) -> String {
    let mut parts: Vec<String> = Vec::new();
    parts.extend(p.measures.iter().map(|m| format!("m: {:?} {:?}", m.agg, m.column.clone().or(m.metric.clone()))));
    parts.extend(p.fields.iter().map(|f| format!("f: {f}")));
    parts.extend(p.order.iter().map(|o| format!("o: {}{}", if o.desc { "-" } else { "+" }, o.by)));
    if let Some(n) = p.limit {
        parts.push(format!("limit: {n}"));
    }
    parts.join(" | ")
}

#[rustfmt::skip]
#[rstest]
#[case("What is the name of the highest tower?", "f: towers.tower_name", "o: -towers.height | limit: 1")]
#[case("Find the name of the most expensive boat.", "f: boats.boat_name", "o: -boats.price | limit: 1")]
#[case("Show the length of the cheapest boat.", "f: boats.length", "o: +boats.price | limit: 1")]
#[case("Give the name of the highest paid keeper.", "f: keepers.keeper_name", "o: -keepers.salary | limit: 1")]
#[case("What is the name of the lowest paid keeper?", "f: keepers.keeper_name", "o: +keepers.salary | limit: 1")]
#[case("What is the name of the oldest keeper?", "f: keepers.keeper_name", "o: -keepers.age | limit: 1")]
#[case("What is the id of the most recent voyage?", "f: voyages.voyage_id", "o: -voyages.departure_date | limit: 1")]
#[case("What is the id of the oldest voyage?", "f: voyages.voyage_id", "o: +voyages.departure_date | limit: 1")]
#[case("What is the name of the newest tower?", "f: towers.tower_name", "o: -towers.built_year | limit: 1")]
#[case("Show the names of the 3 most expensive boats.", "f: boats.boat_name", "o: -boats.price | limit: 3")]
#[case("What is the boat name of the boat with the maximum range?", "f: boats.boat_name", "o: -boats.range_km | limit: 1")]
#[case("What is the name of the boat with the longest length?", "f: boats.boat_name", "o: -boats.length | limit: 1")]
#[case("What is the name of the tower that was built most recently?", "f: towers.tower_name", "o: -towers.built_year | limit: 1")]
#[case("What is the id of the voyage that departed most recently?", "f: voyages.voyage_id", "o: -voyages.departure_date | limit: 1")]
#[case("What is the name of the tower with the latest built year?", "f: towers.tower_name", "o: -towers.built_year | limit: 1")]
#[case("Show the names of the 2 towers built most recently.", "f: towers.tower_name", "o: -towers.built_year | limit: 2")]
#[case("What is the name of the keeper who is paid the least?", "f: keepers.keeper_name", "o: +keepers.salary | limit: 1")]
#[case("Show the names of the 2 keepers who earn the most.", "f: keepers.keeper_name", "o: -keepers.salary | limit: 2")]
fn reads_argmax(#[case] question: &str, #[case] field: &str, #[case] want: &str) {
    match harbour().plan(question) {
        Outcome::Planned(u) => {
            let got = shape(&u.plan);
            assert!(got.contains(field) && got.contains(want), "{question}\n got: {got}\nwant: {field} .. {want}");
            assert!(u.plan.measures.is_empty(), "{question}: measures in {got}");
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// Two dates: which one "most recent" means is a guess.
#[case("What is the id of the most recent cargo?")]
// No column of keepers says height.
#[case("What is the name of the highest keeper?")]
// No column of cargo is named for arriving, and two are dates.
#[case("What is the id of the cargo that arrived most recently?")]
fn refuses_guessed_columns(#[case] question: &str) {
    if let Outcome::Planned(u) = harbour().plan(question) {
        panic!("{question}: planned {}", shape(&u.plan));
    }
}

#[test]
fn maximum_alone_stays_a_maximum() {
    match harbour().plan("What is the maximum range?") {
        Outcome::Planned(u) => assert!(u.plan.limit.is_none() && !u.plan.measures.is_empty(), "{}", shape(&u.plan)),
        Outcome::NotUnderstood(n) => panic!("not understood: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
#[case("What is the lowest and highest price of boats?", "m: Some(Min) Some(\"boats.price\") | m: Some(Max) Some(\"boats.price\")")]
#[case("What are the largest and smallest lengths of all boats?", "m: Some(Max) Some(\"boats.length\") | m: Some(Min) Some(\"boats.length\")")]
fn reads_both_extremes(#[case] question: &str, #[case] want: &str) {
    match harbour().plan(question) {
        Outcome::Planned(u) => {
            let got = shape(&u.plan);
            assert!(got.starts_with(want) && u.plan.limit.is_none(), "{question}\n got: {got}\nwant: {want}");
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}
