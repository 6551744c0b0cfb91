//! Table-driven tests of the planner changes of the twenty-seventh round:
//! a word written in lowercase that the data stores whole is that value.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Bank branches and music tracks, with names and genres stored as the
/// data spells them (one all lowercase).
fn branches() -> OfflinePlanner {
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![
            super::fixtures::indexed("bank", "bname", &["morningside", "downtown", "broadway"]),
            super::fixtures::indexed("bank", "state", &["New York", "Utah"]),
            super::fixtures::indexed("genre", "genre_name", &["Rock", "Jazz", "Blues"]),
            super::fixtures::indexed("track", "track_name", &["Blue Train", "Angie"]),
        ],
    };
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "branches27"
description = "made up"
derived = true

[[tables]]
name = "bank"
file = "bank.csv"
primary_key = "branch_id"
label = "bname"
columns = [
  { name = "branch_id", type = "BIGINT", nullable = false },
  { name = "bname", type = "VARCHAR", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
  { name = "state", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "genre"
file = "genre.csv"
primary_key = "genre_id"
label = "genre_name"
columns = [
  { name = "genre_id", type = "BIGINT", nullable = false },
  { name = "genre_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "track"
file = "track.csv"
primary_key = "track_id"
label = "track_name"
columns = [
  { name = "track_id", type = "BIGINT", nullable = false },
  { name = "track_name", type = "VARCHAR", nullable = false },
  { name = "genre_id", type = "BIGINT", nullable = false },
  { name = "unit_price", type = "DOUBLE", nullable = false },
]

[[joins]]
from = "track.genre_id"
to = "genre.genre_id"
"#,
    ))
    .with_values(Some(&values))
}

#[rustfmt::skip]
#[rstest]
#[case("Find the city and state of the bank branch named morningside.", Ok("bank.bname = 'morningside'"))]
#[case("What city and state is the bank with the name morningside in?", Ok("bank.bname = 'morningside'"))]
#[case("What is the average unit price of jazz tracks?", Ok("genre.genre_name = 'Jazz'"))]
#[case("How many tracks belong to rock genre?", Ok("genre.genre_name = 'Rock'"))]
// Stored inside a value only, or not at all: still refused by name.
#[case("How many tracks are trains?", Err("'trains'"))]
#[case("What is the average unit price of metal tracks?", Err("'metal'"))]
fn a_lowercase_word_the_data_stores_is_that_value(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&branches(), question, want);
}
