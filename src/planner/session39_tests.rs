//! Table-driven tests of the planner changes of the thirty-ninth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Guest rooms with a number of beds and a price.
fn inn() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "lodging39"
description = "made up"
derived = true

[[tables]]
name = "rooms"
file = "rooms.csv"
primary_key = "roomid"
label = "roomname"
columns = [
  { name = "roomid", type = "VARCHAR", nullable = false },
  { name = "roomname", type = "VARCHAR", nullable = false },
  { name = "beds", type = "BIGINT", nullable = false },
  { name = "baseprice", type = "BIGINT", nullable = false },
]
"#,
    ))
}

/// "with a price below 160 and two beds": the number after "and"
/// continues the "with" of the condition read before it, and is the value
/// of the number column it stands before; without a "with" or "have" to
/// continue, a bare "and two beds" is not read that way.
#[rstest]
#[case::with_and("Which rooms have a base price below 160 and two beds?", Ok("rooms.beds = 2"))]
#[case::with_and_both("Find the names of rooms with a base price below 160 and 2 beds.", Ok("rooms.baseprice < 160"))]
#[case::alone("Which rooms have two beds?", Ok("rooms.beds = 2"))]
fn a_number_after_and_continues_with(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&inn(), question, want);
}

/// Students with an age and a sex.
fn students() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "school39"
description = "made up"
derived = true

[[tables]]
name = "student"
file = "student.csv"
primary_key = "stuid"
label = "lname"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "lname", type = "VARCHAR", nullable = false },
  { name = "sex", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]

[[dimensions]]
name = "sex"
column = "student.sex"
kind = "categorical"
values = ["F", "M"]
"#,
    ))
}

/// "for students with different sex" groups as "for each sex" does.
#[rstest]
#[case::with_different("Find the average and oldest age for students with different sex.", Ok("GROUP BY"))]
#[case::for_each("Find the average age for each sex.", Ok("GROUP BY"))]
fn with_different_groups(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&students(), question, want);
}

/// Counties with their police officers, the cities in them, and airlines
/// with their country.
fn counties() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "safety39"
description = "made up"
derived = true

[[tables]]
name = "county"
file = "county.csv"
primary_key = "county_id"
label = "name"
columns = [
  { name = "county_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "police_officers", type = "BIGINT", nullable = false },
]

[[tables]]
name = "city"
file = "city.csv"
primary_key = "city_id"
label = "name"
columns = [
  { name = "city_id", type = "BIGINT", nullable = false },
  { name = "county_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "airlines"
file = "airlines.csv"
primary_key = "airline_id"
label = "airline_name"
columns = [
  { name = "airline_id", type = "BIGINT", nullable = false },
  { name = "airline_name", type = "VARCHAR", nullable = false },
  { name = "country", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "city.county_id"
to = "county.county_id"
"#,
    ))
}

/// A plural subject still asks for one row when the superlative belongs
/// to a singular noun of its own ("the county with the most") or the verb
/// is singular ("Which countries has"); a plural subject with a plural
/// verb lists every group in order.
#[rstest]
#[case::noun_with_most("What are the names of cities that are in the county with the most police officers?", Ok("county.police_officers = (SELECT MAX(county.police_officers)"))]
#[case::singular_verb("Which countries has the most number of airlines?", Ok("LIMIT 1"))]
fn a_singular_superlative_keeps_one(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&counties(), question, want);
}

#[test]
fn a_plural_subject_and_verb_list_every_group() {
    let sql = super::fixtures::planned_sql(&counties(), "Which countries have the largest number of airlines?");
    assert!(sql.as_ref().is_ok_and(|s| s.contains("ORDER BY") && !s.contains("LIMIT")), "{sql:?}");
}

/// Seasons listing a player by name and a college, and a table of players
/// with the same `player` column that no season row points at.
fn seasons() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "league39"
description = "made up"
derived = true

[[tables]]
name = "match_season"
file = "match_season.csv"
columns = [
  { name = "season", type = "BIGINT", nullable = false },
  { name = "player", type = "VARCHAR", nullable = false },
  { name = "college", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "player"
file = "player.csv"
primary_key = "player_id"
label = "player"
columns = [
  { name = "player_id", type = "BIGINT", nullable = false },
  { name = "player", type = "VARCHAR", nullable = false },
  { name = "years_played", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

/// "players" read first as the table `player`, which cannot be joined to
/// the seasons the college is on, is read again as the seasons' own
/// `player` column; a question about the players alone keeps the table.
#[rstest]
#[case::from_college("Show the players from college UCLA.", Ok("SELECT match_season.player AS player\nFROM match_season\nWHERE match_season.college = 'UCLA'"))]
#[case::table_alone("How many players are there?", Ok("FROM player"))]
fn a_table_word_that_cannot_join_reads_a_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    let values = crate::dataset::value_index::ValueIndex { columns: vec![super::fixtures::indexed("match_season", "college", &["UCLA", "Duke"])] };
    let planner = seasons().with_values(Some(&values));
    planner_answers(&planner, question, want);
}
