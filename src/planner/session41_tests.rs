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
  { name = "dob", type = "DATE", nullable = false, synonyms = ["date of birth"] },
  { name = "city", type = "VARCHAR", nullable = false },
  { name = "email", type = "VARCHAR", nullable = true },
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
  { name = "has_app", type = "BOOLEAN", nullable = false },
  { name = "is_solo", type = "BOOLEAN", nullable = false },
  { name = "setup_min", type = "BIGINT", nullable = false },
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

[[tables]]
name = "tickets"
file = "tickets.csv"
primary_key = "ticket_num"
columns = [
  { name = "ticket_num", type = "BIGINT", nullable = false },
  { name = "member_id", type = "BIGINT", nullable = false },
  { name = "status", type = "VARCHAR", nullable = false },
  { name = "price", type = "DOUBLE", nullable = false },
]

[[joins]]
from = "tickets.member_id"
to = "members.member_id"

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

/// Orders said with superlatives: "from heaviest to lightest", "oldest
/// first"; the key is named in the phrase, measured by the word, already
/// read, or the one number named before.
#[rstest]
#[case::from_to("List the titles and weights of all games, from heaviest to lightest.", Ok("ORDER BY weight DESC"))]
#[case::from_to_named("List game titles and play times, from the longest play time to the shortest.", Ok("ORDER BY play_time_min DESC"))]
#[case::most_adjective("List every game title with its weight, from most complex to least complex.", Ok("ORDER BY weight DESC"))]
#[case::oldest_year("List the titles of games released before 2000, oldest first.", Ok("ORDER BY release_yr ASC"))]
#[case::youngest_dob("Show the names and dates of birth of members, youngest first.", Ok("ORDER BY dob DESC"))]
#[case::earliest("List the play dates and durations of plays, earliest first.", Ok("ORDER BY play_dt ASC"))]
#[case::counted("For each city, how many members live there? Order from most to fewest members.", Ok("ORDER BY members_count DESC"))]
#[case::same_way("List the titles of games, from heaviest to heaviest.", Err(""))]
fn orders_said_with_superlatives(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&club(), question, want);
}

/// "the ticket number" spells the tickets' key column whole: that column
/// is shown, not read as the tickets themselves.
#[rstest]
#[case::shown("Show the ticket number and status of every ticket.", Ok("tickets.ticket_num AS ticket_num"))]
#[case::then("List the first and last names of members, sorted by last name and then first name.", Ok("ORDER BY last_name ASC NULLS LAST, first_name ASC"))]
fn a_key_spelled_whole_is_shown(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&club(), question, want);
}

/// Yes/no columns said after "with", across "both ... and ...", or before
/// their rows' noun are conditions that the row says yes.
#[rstest]
#[case::with("List the titles of games with an expansion.", Ok("WHERE games.has_expansion = TRUE"))]
#[case::both("Which games have both an expansion and an app? Give the titles.", Ok("games.has_expansion = TRUE AND games.has_app = TRUE"))]
#[case::adjective("How many solo games are there?", Ok("WHERE games.is_solo = TRUE"))]
#[case::negated("List the titles of games without an expansion.", Ok("has_expansion = FALSE"))]
fn yes_no_columns_said_of_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&club(), question, want);
}

/// A unit word after a number that names nothing is the number's unit;
/// a number of minutes after other words is how long those take.
#[rstest]
#[case::pounds("Which tickets cost more than 5 pounds? Give the ticket numbers.", Ok("WHERE tickets.price > 5"))]
#[case::minutes("List the titles and setup times of games whose setup takes between 10 and 20 minutes.", Ok("games.setup_min BETWEEN 10 AND 20"))]
#[case::setup_time("What is the average setup time of games?", Ok("AVG(games.setup_min)"))]
#[case::calendar_left("Which tickets cost more than 5 years?", Err(""))]
fn units_after_numbers_and_durations(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&club(), question, want);
}

/// A word of the dataset's name (`club41`) after "the", ending its clause,
/// is the dataset itself; before another noun it is still refused.
#[rstest]
#[case::have("How many members does the club have?", Ok("SELECT COUNT(*) AS members_count\nFROM members"))]
#[case::of("Who is the oldest member of the club?", Ok("ORDER BY dob ASC"))]
#[case::before_noun("How many members does the club committee have?", Err("club"))]
fn the_datasets_own_name_after_the(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&club(), question, want);
}

/// A list of aggregates with a superlative among them, before a column
/// (maybe after its table's noun), is one measure of that column each;
/// "over all" says across what, not "greater than".
#[rstest]
#[case::three("Give me the average, shortest and longest play duration over all recorded plays.", Ok("AVG(plays.duration_min) AS avg_duration_min, MIN(plays.duration_min) AS min_duration_min, MAX(plays.duration_min)"))]
#[case::table_noun("What are the longest and shortest play durations?", Ok("MAX(plays.duration_min) AS max_duration_min, MIN(plays.duration_min)"))]
fn aggregate_lists_with_superlatives(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&club(), question, want);
}

#[test]
fn over_all_is_no_comparison() {
    let q = "Give me the average, shortest and longest play duration over all recorded plays.";
    let sql = super::fixtures::planned_sql(&club(), q).unwrap_or_else(|r| panic!("{q}: {r}"));
    assert!(!sql.contains("WHERE"), "{q}: {sql}");
}

/// "don't" is "do not"; "the email address" is the `email` column; "on
/// file" adds no condition.
#[rstest]
#[case::dont("How many members don't have an email address on file?", Ok("WHERE members.email IS NULL"))]
#[case::doesnt("List the members who do not have an email address.", Ok("WHERE members.email IS NULL"))]
#[case::shown("Show the email address of every member.", Ok("members.email AS email"))]
fn dont_and_email_addresses(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&club(), question, want);
}
