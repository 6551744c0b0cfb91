//! Table-driven tests of the planner changes of the forty-second round,
//! found on a third made-up set of schemas (`tests/unseen3`): shortened
//! column names, a table's head noun named by its key, and the rows a
//! listing is about when a condition on other rows picks them.

use rstest::rstest;

use super::fixtures::{plan_or_reason, planner_answers};
use super::OfflinePlanner;

/// Tea estates, buyers and auction lots, named as such schemas shorten
/// their words (`estate_nm`, `net_wt_kg`, `ht_m`).
fn auctions() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "tea42"
description = "made up"
derived = true

[[tables]]
name = "estate"
file = "estate.csv"
primary_key = "estate_id"
label = "estate_nm"
columns = [
  { name = "estate_id", type = "BIGINT", nullable = false },
  { name = "estate_nm", type = "VARCHAR", nullable = false },
  { name = "mgr_nm", type = "VARCHAR", nullable = false },
  { name = "district", type = "VARCHAR", nullable = false },
  { name = "ht_m", type = "BIGINT", nullable = false },
]

[[tables]]
name = "buyer"
file = "buyer.csv"
primary_key = "buyer_id"
label = "buyer_nm"
columns = [
  { name = "buyer_id", type = "BIGINT", nullable = false },
  { name = "buyer_nm", type = "VARCHAR", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "auction_lot"
file = "auction_lot.csv"
primary_key = "lot_no"
columns = [
  { name = "lot_no", type = "BIGINT", nullable = false },
  { name = "estate_id", type = "BIGINT", nullable = false },
  { name = "buyer_id", type = "BIGINT", nullable = false },
  { name = "net_wt_kg", type = "DOUBLE", nullable = false },
  { name = "tea_grade", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "auction_lot.estate_id"
to = "estate.estate_id"

[[joins]]
from = "auction_lot.buyer_id"
to = "buyer.buyer_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// `net_wt_kg` says "weight", `ht_m` "height": the part without its vowels.
#[case("What is the average net weight of the lots?", Ok("AVG(auction_lot.net_wt_kg)"))]
#[case("Show the name of the highest estate.", Ok("ORDER BY ht_m DESC"))]
// "lots" alone are the rows of `auction_lot`, keyed by `lot_no`.
#[case("How many lots are there?", Ok("FROM auction_lot"))]
// The buyers picked by their lots, each buyer once.
#[case("What are the names of the buyers who bought a lot with tea grade 'BOP'?", Ok("WHERE buyer.buyer_id IN ("))]
fn shortened_names_and_head_nouns(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&auctions(), question, want);
}

#[rustfmt::skip]
#[rstest]
// The columns of the rows after "of", which the condition picks: one row per lot.
#[case("What are the districts of the lots whose tea grade is BOP?", Some("auction_lot"))]
#[case("List the district for all the lots with tea grade BOP.", Some("auction_lot"))]
// The rows shown are the ones named: each estate once.
#[case("What are the districts of estates with lots of tea grade BOP?", None)]
fn rows_named_after_of(#[case] question: &str, #[case] want: Option<&str>) {
    let plan = plan_or_reason(&auctions(), question).unwrap_or_else(|r| panic!("{question}: {r}"));
    assert_eq!(plan.rows_of.as_deref(), want, "{question}: {plan:?}");
}
