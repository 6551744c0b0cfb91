//! Table-driven tests of what "for each X" groups by (`groups`): the key of
//! X's rows when the question lists it ("the member id and the number of
//! loans for each member"), read from the counted rows' own pointer (no
//! join that would drop loans of unknown members), else X's label. On the made-up
//! library (`library`: loans point at members and books).

use rstest::rstest;

use super::*;

fn planner() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("library"))
}

#[rustfmt::skip]
#[rstest]
#[case("Show the member id and the number of loans for each member.", &["loans.memberId"])]
#[case("List the number of loans and the member id of each member.", &["loans.memberId"])]
#[case("Show the number of loans for each member.", &["members.fullName"])]
fn groups_each_by_the_listed_key(#[case] question: &str, #[case] want: &[&str]) {
    match planner().plan(question) {
        Outcome::Planned(u) => {
            let got: Vec<&str> = u.plan.dimensions.iter().map(|d| d.name.as_str()).collect();
            assert_eq!(got, want, "{question}: {:?}", u.plan);
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

// "for the different X", "in different X", "of different X" ask for one
// answer per X, as "for each X" does.
#[rustfmt::skip]
#[rstest]
#[case("What is the average page count for the different genres?")]
#[case("Find the average and maximum page count of the books in different genres.")]
#[case("What is the average page count of different genres?")]
fn different_groups(#[case] question: &str) {
    match planner().plan(question) {
        Outcome::Planned(u) => {
            let got: Vec<&str> = u.plan.dimensions.iter().map(|d| d.name.as_str()).collect();
            assert_eq!(got, ["genre"], "{question}: {:?}", u.plan);
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}
