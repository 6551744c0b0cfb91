//! Table-driven tests of what a question counts or totals: values that
//! come in pairs on two columns ("East Julianaside, Texas or Gleasonmouth,
//! Arizona") are refused, not crossed; "across" the very rows a total adds
//! up ("customers across banks") is the whole, not one group per row; and
//! "movie ratings" counts ratings, the movie only saying whose; "the number
//! of customers" with a `no_of_customers` column is that column.

use rstest::rstest;

use super::*;

fn places() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"
name = "places"
description = "made up"
derived = true

[[tables]]
name = "addresses"
file = "addresses.csv"
primary_key = "address_id"
columns = [
  { name = "address_id", type = "BIGINT", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
  { name = "state", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "bank"
file = "bank.csv"
primary_key = "branch_id"
label = "bname"
columns = [
  { name = "branch_id", type = "BIGINT", nullable = false },
  { name = "bname", type = "VARCHAR", nullable = false },
  { name = "no_of_customers", type = "BIGINT", nullable = false },
  { name = "region", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "city"
column = "addresses.city"
kind = "categorical"
values = ["East Julianaside", "Gleasonmouth", "Lake Ryann"]

[[dimensions]]
name = "state"
column = "addresses.state"
kind = "categorical"
values = ["Texas", "Arizona", "Ohio"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("Find all the addresses in East Julianaside, Texas or in Gleasonmouth, Arizona.", None)]
#[case("Find all the addresses in East Julianaside or Gleasonmouth.", Some("city in [East Julianaside,Gleasonmouth]"))]
// Two lists, each written as one: each column's values, not pairs.
#[case("Find the addresses in East Julianaside or Gleasonmouth and in Texas or Arizona.", Some("city in [East Julianaside,Gleasonmouth] & state in [Texas,Arizona]"))]
fn values_in_pairs_are_not_crossed(#[case] question: &str, #[case] want: Option<&str>) {
    match (places().plan(question), want) {
        (Outcome::Planned(u), Some(w)) => assert_eq!(super::fixtures::filters(&u.plan), w, "{question}"),
        (Outcome::Planned(u), None) => panic!("{question}: planned {}", super::fixtures::filters(&u.plan)),
        (Outcome::NotUnderstood(n), Some(_)) => panic!("{question}: not understood: {}", n.reason),
        (Outcome::NotUnderstood(n), None) => assert!(n.reason.contains("come in pairs"), "{question}: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
#[case("What is the total number of customers across banks?", &[])]
#[case("What is the total number of customers across all banks?", &[])]
// A column after "across" still groups.
#[case("What is the total number of customers across regions?", &["bank.region"])]
#[case("What is the total number of customers for each bank?", &["bank.bname"])]
fn across_the_totalled_rows_is_the_whole(#[case] question: &str, #[case] groups: &[&str]) {
    match places().plan(question) {
        Outcome::Planned(u) => {
            let got: Vec<&str> = u.plan.dimensions.iter().map(|d| d.name.as_str()).collect();
            assert_eq!(got, groups, "{question}: {:?}", u.plan);
            assert_eq!(u.plan.measures.len(), 1, "{question}: {:?}", u.plan);
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

fn reviews() -> crate::semantic::Manifest {
    super::fixtures::from_toml(
        r#"
name = "reviews"
description = "made up"
derived = true

[[tables]]
name = "movie"
file = "movie.csv"
primary_key = "mid"
label = "title"
columns = [
  { name = "mid", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "rating"
file = "rating.csv"
primary_key = "rid"
columns = [
  { name = "rid", type = "BIGINT", nullable = false },
  { name = "mid", type = "BIGINT", nullable = false },
  { name = "stars", type = "BIGINT", nullable = false },
]

[[joins]]
from = "rating.mid"
to = "movie.mid"
"#,
    )
}

#[test]
fn a_noun_before_the_counted_noun_says_whose() {
    let m = reviews();
    let question = "How many movie ratings have more than 3 stars?";
    let Outcome::Planned(u) = OfflinePlanner::new(&m).plan(question) else { panic!("{question}: not planned") };
    let sql = crate::compile::compile(&u.plan, &m).map(|c| c.sql).unwrap_or_else(|e| panic!("{question}: {e}"));
    assert!(sql.contains("FROM rating") && !sql.contains("movie"), "{question}: {sql}");
}

#[test]
fn a_column_that_is_a_number_of_something_is_not_counted() {
    // `no_of_customers` already counts; counting it would count its distinct values.
    let question = "Show the number of customers of each bank.";
    match places().plan(question) {
        Outcome::Planned(u) => {
            let plan = format!("{:?}", u.plan);
            assert!(plan.contains("no_of_customers") && !plan.contains("CountDistinct"), "{question}: {plan}");
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}
