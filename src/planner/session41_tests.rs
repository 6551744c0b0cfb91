//! Table-driven tests of the planner changes of the forty-first round,
//! found on a fresh set of made-up schemas (see the closing note).

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// A games club: members with split names, games, and plays of games.
fn club() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "club41"
description = "made up"
derived = true

[[tables]]
name = "members"
file = "members.csv"
primary_key = "member_id"
label = "first_name"
columns = [
  { name = "member_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
  { name = "dob", type = "DATE", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "games"
file = "games.csv"
primary_key = "game_id"
label = "title"
columns = [
  { name = "game_id", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "release_yr", type = "BIGINT", nullable = false },
  { name = "play_time_min", type = "BIGINT", nullable = false },
  { name = "weight", type = "DOUBLE", nullable = false },
  { name = "has_expansion", type = "BOOLEAN", nullable = false },
]

[[tables]]
name = "plays"
file = "plays.csv"
primary_key = "play_id"
columns = [
  { name = "play_id", type = "BIGINT", nullable = false },
  { name = "game_id", type = "BIGINT", nullable = false },
  { name = "member_id", type = "BIGINT", nullable = false },
  { name = "play_dt", type = "DATE", nullable = false },
  { name = "duration_min", type = "BIGINT", nullable = false },
]

[[joins]]
from = "plays.game_id"
to = "games.game_id"

[[joins]]
from = "plays.member_id"
to = "members.member_id"
"#,
    ))
}

/// A person's name is two columns: where the first name is shown and the
/// question never said "first", the last name comes with it.
#[rstest]
#[case::names("What are the names of all members?", Ok("members.first_name AS first_name, members.last_name AS last_name"))]
#[case::never("Find the names of members who have never played a game.", Ok("members.last_name"))]
#[case::last_said("List the members whose last name starts with S.", Ok("members.last_name"))]
#[case::first_said("What are the first names of all members?", Ok("SELECT members.first_name AS first_name\nFROM members"))]
fn a_persons_name_is_first_and_last(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&club(), question, want);
}
