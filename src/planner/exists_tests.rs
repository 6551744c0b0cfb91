//! Table-driven tests of the semi-join read from "have" (`exists`): the
//! listed rows for which some row of a table pointing at them exists, and
//! the questions where that reading must not fire because the other
//! table's rows are conditioned or shown. On the made-up library
//! (`library`: loans point at books and at members).

use rstest::rstest;

use super::*;
use crate::plan::{Op, Operand};

fn planner() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("library"))
}

/// The plan's semi-joins as `field exists column`.
fn semi_joins(p: &Plan) -> Vec<String> {
    p.filters
        .iter()
        .filter(|f| f.op == Op::Exists)
        .map(|f| match &f.value {
            Some(Operand::Column { column }) => format!("{} exists {column}", f.field),
            other => format!("{} exists {other:?}", f.field),
        })
        .collect()
}

#[rustfmt::skip]
#[rstest]
#[case("members who have a loan", "members.memberId exists loans.memberId")]
#[case("How many members have loans?", "members.memberId exists loans.memberId")]
#[case("Count the members that hold a loan.", "members.memberId exists loans.memberId")]
#[case("full names of members with loans", "members.memberId exists loans.memberId")]
#[case("full names of the members who have had some loans", "members.memberId exists loans.memberId")]
#[case("What is the membership type of members who have any loans?", "members.memberId exists loans.memberId")]
// Through the one table linking members and books.
#[case("members who have books", "members.memberId exists loans.memberId")]
fn reads_have_as_a_semi_join(#[case] question: &str, #[case] want: &str) {
    match planner().plan(question) {
        Outcome::Planned(u) => {
            assert_eq!(semi_joins(&u.plan), vec![want.to_string()], "{question}: {:?}", u.plan);
            assert!(u.plan.dimensions.iter().all(|d| d.name.starts_with("members.")), "{question}: {:?}", u.plan);
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// The loans are conditioned: a bare semi-join would drop the condition.
#[case("members who have a loan in 2020")]
#[case("members who have a loan in May")]
#[case("members who have loans of books by Ada Byron")]
// The answer shows the other table's rows: a join, not a semi-join.
#[case("titles of books of members who have loans")]
// No possessive verb: "members who like books" says nothing about loans.
#[case("members who like books")]
fn leaves_other_readings_alone(#[case] question: &str) {
    if let Outcome::Planned(u) = planner().plan(question) {
        assert!(semi_joins(&u.plan).is_empty(), "{question}: {:?}", u.plan);
    }
}
