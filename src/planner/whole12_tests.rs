//! Table-driven tests of what a question counts or totals: values that
//! come in pairs on two columns ("East Julianaside, Texas or Gleasonmouth,
//! Arizona") are refused, not crossed; "across" the very rows a total adds
//! up ("customers across banks") is the whole, not one group per row; and
//! "movie ratings" counts ratings, the movie only saying whose; "the number
//! of customers" with a `no_of_customers` column is that column; and
//! "Springfield City", a value of one column but also the city Springfield,
//! is not guessed.

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
    if let Some((p, w)) = super::fixtures::planned_or_refused(&places(), question, want.ok_or("come in pairs")) {
        assert_eq!(super::fixtures::filters(&p), w, "{question}");
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

/// A hand-written value index over the charity's shelters: "Springfield
/// City" is a shelter's name, and Springfield a city.
fn shelter_index() -> crate::dataset::value_index::ValueIndex {
    use crate::dataset::value_index::{IndexedColumn, ValueIndex};
    let col = |column: &str, values: &[&str]| IndexedColumn {
        table: "shelters".into(),
        column: column.into(),
        distinct: values.len(),
        values: values.iter().map(|v| v.to_string()).collect(),
        complete: true,
    };
    ValueIndex {
        columns: vec![
            col("name", &["Springfield City", "Harbour House"]),
            col("city", &["Springfield", "Portland"]),
        ],
    }
}

#[rustfmt::skip]
#[rstest]
// A shelter called "Springfield City", or the shelters of the city Springfield.
#[case("What is the country of Springfield City?", None)]
#[case("What is the country of Harbour House?", Some("shelter_name = Harbour House"))]
#[case("What is the country of the shelter in Springfield?", Some("city = Springfield"))]
fn a_value_that_is_also_a_value_and_its_column_is_not_guessed(#[case] question: &str, #[case] want: Option<&str>) {
    let m = super::fixtures::from_toml(
        r#"
name = "shelters"
description = "made up"
derived = true

[[tables]]
name = "shelters"
file = "shelters.csv"
primary_key = "shelter_id"
label = "name"
columns = [
  { name = "shelter_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
  { name = "country", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "shelter_name"
column = "shelters.name"
kind = "categorical"
values = ["Springfield City", "Harbour House"]

[[dimensions]]
name = "city"
column = "shelters.city"
kind = "categorical"
values = ["Springfield", "Portland"]
"#,
    );
    let idx = shelter_index();
    // Any refusal will do: the reason is the generic "couldn't work out how it fits".
    if let Some((p, w)) = super::fixtures::planned_or_refused(&OfflinePlanner::new(&m).with_values(Some(&idx)), question, want.ok_or("")) {
        let got: Vec<String> = p.filters.iter().map(|f| format!("{} {} {}", f.field.rsplit('.').next().unwrap_or_default(), f.op.symbol(), match &f.value {
            Some(crate::plan::Operand::Value(v)) => v.as_str().unwrap_or_default().to_string(),
            _ => String::new(),
        })).collect();
        assert_eq!(got.join(" & "), w, "{question}: {p:?}");
    }
}
