//! Table-driven tests of the planner changes of the forty-fifth round.

use rstest::rstest;

use super::fixtures::plan_or_reason;
use super::OfflinePlanner;

/// A fleet of vessels with a flag and a builder each.
fn fleet() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "fleet45"
description = "made up"
derived = true

[[tables]]
name = "vessel"
file = "vessel.csv"
primary_key = "vessel_id"
label = "name"
columns = [
  { name = "vessel_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "flag", type = "VARCHAR", nullable = false },
  { name = "builder", type = "VARCHAR", nullable = false },
  { name = "tonnage", type = "DOUBLE", nullable = false },
]

[[dimensions]]
name = "flag"
column = "vessel.flag"
kind = "categorical"
values = ["Panama", "Liberia", "Malta"]

[[dimensions]]
name = "builder"
column = "vessel.builder"
kind = "categorical"
values = ["Hyundai", "Samsung"]
"#,
    ))
}

/// The plan's groups, or the reason for refusing.
fn groups(planner: &OfflinePlanner, question: &str) -> Result<Vec<String>, String> {
    plan_or_reason(planner, question).map(|p| p.dimensions.into_iter().map(|d| d.name).collect())
}

#[rustfmt::skip]
#[rstest]
// The rows' noun beside a column of theirs names the rows counted.
#[case("Group vessels by flag, and return the number of vessels that have each flag.", Ok(vec!["flag"]))]
#[case("List the builders of each vessel and the number of vessels built by that builder.", Ok(vec!["builder"]))]
// "how many" with no noun of the rows: the listed vessels stay a group.
#[case("Who are the different vessels and how many flags has each flown?", Err(""))]
fn the_counted_noun_is_not_a_group(#[case] question: &str, #[case] want: Result<Vec<&str>, &str>) {
    match (groups(&fleet(), question), want) {
        (Ok(got), Ok(want)) => assert_eq!(got, want, "{question}"),
        (Err(reason), Err(has)) => assert!(reason.contains(has), "{question}: {reason}"),
        (got, _) => panic!("{question}: {got:?}"),
    }
}

/// Singers with a country and an age.
fn singers() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "singers45"
description = "made up"
derived = true

[[tables]]
name = "singer"
file = "singer.csv"
primary_key = "singer_id"
label = "name"
columns = [
  { name = "singer_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "country", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "for every singer" with nothing measured is the singers listed, in order.
#[case("What are the names, countries, and ages for every singer in descending order of age?", Ok("ORDER BY age DESC"))]
#[case("What are the countries and names for every singer in descending order of age?", Ok("ORDER BY age DESC"))]
// A measure asked keeps the groups: the oldest age of each country.
#[case("What is the maximum age for every country?", Ok("GROUP BY"))]
fn every_row_listed_in_order(#[case] question: &str, #[case] want: Result<&str, &str>) {
    let sql = super::fixtures::planned_sql(&singers(), question);
    match (sql, want) {
        (Ok(sql), Ok(has)) => assert!(sql.contains(has) && (has == "GROUP BY" || !sql.contains("MAX(")), "{question}: {sql}"),
        (Err(reason), Err(has)) => assert!(reason.contains(has), "{question}: {reason}"),
        (got, _) => panic!("{question}: {got:?}"),
    }
}

/// Shows and their performances at venues.
fn theatre() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "theatre45"
description = "made up"
derived = true

[[tables]]
name = "shows"
file = "shows.csv"
primary_key = "show_id"
label = "title"
columns = [
  { name = "show_id", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "performances"
file = "performances.csv"
primary_key = "perf_id"
columns = [
  { name = "perf_id", type = "BIGINT", nullable = false },
  { name = "show_id", type = "BIGINT", nullable = false },
  { name = "venue", type = "VARCHAR", nullable = false },
  { name = "ticket_price", type = "DOUBLE", nullable = false },
]

[[dimensions]]
name = "venue"
column = "performances.venue"
kind = "categorical"
values = ["Globe", "Lyric"]

[[joins]]
from = "performances.show_id"
to = "shows.show_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "Show" opening the question before a determiner is the verb, not `shows`.
#[case("Show each venue and the average ticket price of the performances held there.")]
#[case("Show the venues of all performances.")]
fn an_opening_verb_is_not_a_table(#[case] question: &str) {
    match super::fixtures::planned_sql(&theatre(), question) {
        Ok(sql) => assert!(!sql.contains("shows"), "{question}: {sql}"),
        Err(reason) => panic!("{question}: {reason}"),
    }
}

/// Games with a release year and the date the club acquired them.
fn games() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "games45"
description = "made up"
derived = true

[[tables]]
name = "games"
file = "games.csv"
primary_key = "game_id"
label = "title"
columns = [
  { name = "game_id", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "publisher", type = "VARCHAR", nullable = false },
  { name = "release_yr", type = "BIGINT", nullable = false },
  { name = "acquired_dt", type = "DATE", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A year column named right before the bound takes it, though the table
// has a date.
#[case("What are the different publishers of games released before 2000?", Ok("release_yr < 2000"))]
#[case("List the titles of games with release year after 1995.", Ok("release_yr"))]
// The date stays the date's.
#[case("Which games were acquired before 2020?", Ok("acquired_dt <"))]
fn a_named_year_column_takes_the_bound(#[case] question: &str, #[case] want: Result<&str, &str>) {
    super::fixtures::planner_answers(&games(), question, want);
}

/// Games with a playing time, and the plays of them.
fn club() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "club45"
description = "made up"
derived = true

[[tables]]
name = "games"
file = "games.csv"
primary_key = "game_id"
label = "title"
columns = [
  { name = "game_id", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "play_time_min", type = "BIGINT", nullable = false },
]

[[tables]]
name = "plays"
file = "plays.csv"
primary_key = "play_id"
columns = [
  { name = "play_id", type = "BIGINT", nullable = false },
  { name = "game_id", type = "BIGINT", nullable = false },
  { name = "play_dt", type = "DATE", nullable = false },
]

[[joins]]
from = "plays.game_id"
to = "games.game_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "times" after "most", a number or "number of" is how often, not the
// playing time; the verb names the rows counted.
#[case("Which game has been played the most times?", Ok("COUNT(*) AS plays_count\nFROM plays"))]
#[case("For games that have been played at least 5 times, give the title and the number of plays.", Ok("HAVING COUNT(*) >= 5"))]
// The playing time itself is still a column.
#[case("Which game has the longest play time?", Ok("ORDER BY play_time_min DESC"))]
fn how_many_times(#[case] question: &str, #[case] want: Result<&str, &str>) {
    super::fixtures::planner_answers(&club(), question, want);
}

/// Ports and the vessels based at them.
fn ports() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "ports45"
description = "made up"
derived = true

[[tables]]
name = "ports"
file = "ports.csv"
primary_key = "port_id"
label = "port_name"
columns = [
  { name = "port_id", type = "BIGINT", nullable = false },
  { name = "port_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "vessels"
file = "vessels.csv"
primary_key = "vessel_id"
columns = [
  { name = "vessel_id", type = "BIGINT", nullable = false },
  { name = "port_id", type = "BIGINT", nullable = false },
]

[[joins]]
from = "vessels.port_id"
to = "ports.port_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A counted word is a noun, though "ships" is also a verb: unknown here.
#[case("Name the port where the largest number of ships are based.", Err("'ships'"))]
#[case("Which port has the most ships?", Err("most"))]
// Named, it is counted.
#[case("Name the port where the largest number of vessels are based.", Ok("COUNT(*)"))]
fn a_counted_verb_is_a_noun(#[case] question: &str, #[case] want: Result<&str, &str>) {
    super::fixtures::planner_answers(&ports(), question, want);
}

/// Translation projects whose titles may repeat.
fn projects() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "projects45"
description = "made up"
derived = true

[[tables]]
name = "flying_display"
file = "flying_display.csv"
primary_key = "display_id"
label = "display_title"
columns = [
  { name = "display_id", type = "BIGINT", nullable = false },
  { name = "display_title", type = "VARCHAR", nullable = false },
  { name = "audience_size", type = "BIGINT", nullable = false },
]

[[tables]]
name = "projects"
file = "projects.csv"
primary_key = "project_id"
label = "project_title"
columns = [
  { name = "project_id", type = "BIGINT", nullable = false },
  { name = "project_title", type = "VARCHAR", nullable = false },
  { name = "word_cnt", type = "BIGINT", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// The label asked by its own word, the table's noun before it in the
// column's name, lists each row (titles may repeat), not distinct titles.
#[case("Find the titles of projects whose word count is above the average word count.")]
#[case("List the titles of the displays whose audience size is greater than the average audience size.")]
fn the_label_of_named_rows_lists_each_row(#[case] question: &str) {
    match super::fixtures::planned_sql(&projects(), question) {
        Ok(sql) => assert!(!sql.contains("DISTINCT") && sql.contains("AVG("), "{question}: {sql}"),
        Err(reason) => panic!("{question}: {reason}"),
    }
}

/// Members named by first and last name.
fn members() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "members45"
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
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// People listed as rows show both their names.
#[case("Find the members whose first name starts with H.", Ok("members.last_name AS last_name"))]
#[case("List all members.", Ok("members.last_name AS last_name"))]
fn people_listed_show_both_names(#[case] question: &str, #[case] want: Result<&str, &str>) {
    super::fixtures::planner_answers(&members(), question, want);
}
