//! Table-driven tests of comparisons whose column is named by a word of
//! measure (`dimension`) on a made-up hiking club
//! (`tests/fixtures/planner/trails`).

use rstest::rstest;

use super::*;
use super::fixtures::filters;

fn trails() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("trails"))
}

#[rustfmt::skip]
#[rstest]
// The comparative's adjective names the column it measures.
#[case("List the names of hikers older than 30.", "hiker.age gt 30")]
#[case("How many hikers are younger than 25?", "hiker.age lt 25")]
#[case("Show the titles of trails longer than 12.", "trail.trail_length gt 12")]
#[case("Which hikers are taller than 180?", "hiker.height gt 180")]
// "N or older" / "N or younger": the bound is included.
#[case("What are the names of hikers aged 25 or older?", "hiker.age ge 25")]
#[case("List the hikers aged 30 or younger.", "hiker.age le 30")]
// A word of measure before the cue, "years old" after the number.
#[case("Show the names of hikers aged above 22.", "hiker.age gt 22")]
#[case("Which hikers are at least 25 years old?", "hiker.age ge 25")]
#[case("List the guides earning less than 3000.", "guide.monthly_salary lt 3000")]
#[case("Which hikers are aged between 20 and 30?", "hiker.age between [20,30]")]
// A bare number under or over, said of the rows: an age.
#[case("How many hikers are under 40?", "hiker.age lt 40")]
// "greater than or equal to" is one comparison.
#[case("Which hikers have an age greater than or equal to 40?", "hiker.age ge 40")]
// Conditions joined by "or": one disjunction. After "or" a comparison with
// no column of its own is on the first one's column.
#[case("List the hikers older than 60 or younger than 18.", "(hiker.age gt 60 | hiker.age lt 18)")]
#[case("Which hikers are older than 60 or taller than 190?", "(hiker.age gt 60 | hiker.height gt 190)")]
#[case("Which trails have an entry price lower than 5 or higher than 20?", "(trail.entry_price lt 5 | trail.entry_price gt 20)")]
#[case("Which trails have an entry price greater than 20 or less than 5?", "(trail.entry_price gt 20 | trail.entry_price lt 5)")]
#[case("Which hikers have an age above 50 or below 20?", "(hiker.age gt 50 | hiker.age lt 20)")]
// A number joined by "or" to another value is still one list.
#[case("Which trails opened 1990 or 1995?", "trail.opened in [1990,1995]")]
fn words_of_measure(#[case] question: &str, #[case] want: &str) {
    match trails().plan(question) {
        Outcome::Planned(u) => assert_eq!(filters(&u.plan), want, "{question}"),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// A word of measure that fits two columns is refused, naming both; one that
/// fits none is refused as before.
#[rstest]
#[case("Which trails are cheaper than 10?", "entry_price")]
#[case("Which trails are heavier than 10?", "couldn't tell")]
fn words_of_measure_that_do_not_decide(#[case] question: &str, #[case] reason: &str) {
    match trails().plan(question) {
        Outcome::Planned(u) => panic!("{question}: planned {}", filters(&u.plan)),
        Outcome::NotUnderstood(n) => assert!(n.reason.contains(reason), "{question}: {}", n.reason),
    }
}
