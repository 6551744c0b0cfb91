//! Table-driven tests of the planner changes of the thirtieth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Artists named in a column called after their table (read as a
/// dimension too), and volumes pointing at them.
fn volumes() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "volumes30"
description = "made up"
derived = true

[[tables]]
name = "artist"
file = "artist.csv"
primary_key = "artist_id"
label = "artist"
columns = [
  { name = "artist_id", type = "BIGINT", nullable = false },
  { name = "artist", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]

[[tables]]
name = "volume"
file = "volume.csv"
primary_key = "volume_id"
columns = [
  { name = "volume_id", type = "BIGINT", nullable = false },
  { name = "volume_issue", type = "VARCHAR", nullable = false },
  { name = "artist_id", type = "BIGINT", nullable = false },
  { name = "weeks_on_top", type = "DOUBLE", nullable = false },
]

[[dimensions]]
name = "artist"
column = "artist.artist"
kind = "categorical"

[[joins]]
from = "volume.artist_id"
to = "artist.artist_id"
"#,
    ))
}

/// "How many distinct artists have volumes?": the rows counted are the
/// artists, as with "how many artists"; "distinct" had made the volumes
/// the rows asked about, and "have volumes" was left unread.
#[rstest]
#[case::distinct("How many distinct artists have volumes?", Ok("EXISTS (SELECT 1 FROM volume WHERE volume.artist_id = artist.artist_id)"))]
#[case::different("How many different artists have volumes?", Ok("FROM artist\nWHERE EXISTS"))]
#[case::number_of_distinct("Count the number of distinct artists who have volumes.", Ok("EXISTS (SELECT 1 FROM volume"))]
#[case::plain("How many artists have volumes?", Ok("EXISTS (SELECT 1 FROM volume"))]
fn a_distinct_count_counts_the_rows_named_after_it(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&volumes(), question, want);
}
