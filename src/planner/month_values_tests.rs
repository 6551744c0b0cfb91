//! Table-driven tests of month names the data holds as text
//! (`month_values`): a value of a month column of a table the question
//! names, or a person's first name, is placed as a value; a month a date
//! column could mean is refused (it needs a year), never dropped.

use rstest::rstest;

use super::*;
use crate::dataset::value_index::{IndexedColumn, ValueIndex};

const CAFES: &str = r#"
name = "cafes"
description = "Cafes, their happy hours and their customers."
[[tables]]
name = "shop"
file = "shop.csv"
primary_key = "shop_id"
columns = [
  { name = "shop_id", type = "BIGINT", nullable = false },
  { name = "address", type = "VARCHAR", nullable = false },
  { name = "opened_on", type = "DATE", nullable = false },
]
[[tables]]
name = "happy_hour"
file = "happy_hour.csv"
primary_key = "hh_id"
columns = [
  { name = "hh_id", type = "BIGINT", nullable = false },
  { name = "shop_id", type = "BIGINT", nullable = false },
  { name = "month", type = "VARCHAR", nullable = false },
]
[[tables]]
name = "customer"
file = "customer.csv"
primary_key = "customer_id"
columns = [
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
]
[[joins]]
from = "happy_hour.shop_id"
to = "shop.shop_id"
"#;

fn col(table: &str, column: &str, values: &[&str]) -> IndexedColumn {
    IndexedColumn {
        table: table.into(),
        column: column.into(),
        distinct: values.len(),
        values: values.iter().map(|v| v.to_string()).collect(),
        complete: true,
    }
}

fn plan(q: &str) -> Outcome {
    let m = super::fixtures::from_toml(CAFES);
    let idx = ValueIndex {
        columns: vec![
            col("happy_hour", "month", &["May", "June"]),
            col("customer", "first_name", &["April", "Ada"]),
            col("customer", "last_name", &["Burns", "Byron"]),
        ],
    };
    OfflinePlanner::new(&m).with_values(Some(&idx)).plan(q)
}

#[rustfmt::skip]
#[rstest]
#[case("How many happy hours are in May?", "happy_hour.month eq May")]
#[case("How many customers have the first name April?", "customer.first_name eq April")]
fn places_a_month_the_data_holds(#[case] q: &str, #[case] want: &str) {
    match plan(q) {
        Outcome::Planned(u) => assert_eq!(super::fixtures::filters(&u.plan), want, "{q}"),
        Outcome::NotUnderstood(n) => panic!("{q}: refused: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// The shops' own date could mean it; the happy hours are not named.
#[case("How many shops opened in June?")]
// No text column holds it: a date needing a year.
#[case("How many shops opened in March?")]
fn a_month_a_date_may_mean_asks_for_a_year(#[case] q: &str) {
    match plan(q) {
        Outcome::NotUnderstood(_) => {}
        Outcome::Planned(u) => panic!("{q}: planned {}", super::fixtures::filters(&u.plan)),
    }
}

/// "may" is the verb unless it is the capitalised month after "in"; the
/// month is never dropped from the question.
#[test]
fn may_after_in_is_the_month() {
    match plan("How many shops were made in May?") {
        Outcome::NotUnderstood(_) => {}
        Outcome::Planned(u) => panic!("planned {} (dropped the month)", super::fixtures::filters(&u.plan)),
    }
}
