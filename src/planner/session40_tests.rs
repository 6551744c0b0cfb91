//! Table-driven tests of the planner changes of the fortieth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Peaks with a height and a prominence, in ranges.
fn peaks() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "peaks40"
description = "made up"
derived = true

[[tables]]
name = "mountain"
file = "mountain.csv"
primary_key = "mountain_id"
label = "name"
columns = [
  { name = "mountain_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "height", type = "DOUBLE", nullable = false },
  { name = "prominence", type = "DOUBLE", nullable = false },
  { name = "range", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

/// "the mountains with the top 3 prominence": after "with", a number
/// column in the singular is what the rows are ranked by (it was the plural
/// alone before, and the rows came back ranked by their names); a "top N"
/// that nothing names a key for is refused rather than ranked by name.
#[rstest]
#[case::with_singular("List the names of the mountains with the top 3 prominence.", Ok("ORDER BY prominence DESC"))]
#[case::with_distinct("List the distinct ranges of the mountains with the top 3 prominence.", Ok("LIMIT 3"))]
#[case::plural("What are the top 3 prominences of mountains?", Ok("ORDER BY prominence DESC"))]
#[case::by("List the names of the top 3 mountains by height.", Ok("ORDER BY height DESC"))]
#[case::no_key("List the top 3 mountains.", Err("ranks by"))]
#[case::said_order("List the names of mountains in descending order.", Ok("ORDER BY name DESC"))]
fn top_n_takes_the_number_column_after_with(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&peaks(), question, want);
}

/// Games whose columns carry the table's initial (`gname`, `gtype`), and
/// players whose two names differ only by it (`fname`, `lname`).
fn arcade() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "arcade40"
description = "made up"
derived = true

[[tables]]
name = "video_games"
file = "video_games.csv"
primary_key = "gameid"
label = "gname"
columns = [
  { name = "gameid", type = "BIGINT", nullable = false },
  { name = "gname", type = "VARCHAR", nullable = false },
  { name = "gtype", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "player"
file = "player.csv"
primary_key = "pid"
columns = [
  { name = "pid", type = "BIGINT", nullable = false },
  { name = "fname", type = "VARCHAR", nullable = false },
  { name = "lname", type = "VARCHAR", nullable = false },
  { name = "ptitle", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

/// `gtype` is the games' type: a one-letter prefix that is the initial of
/// a word of the table's name, before an English word. Not for `fname`
/// beside `lname` (the letter tells the two apart) and not for a name that
/// is a word itself.
#[rstest]
#[case::type_of_games("What are the names of all the video games and their types in alphabetical order?", Ok("video_games.gtype"))]
#[case::type_alone("What are the types of all video games?", Ok("video_games.gtype"))]
#[case::title("List the titles of all players.", Ok("player.ptitle"))]
#[case::twin_names("List the name of every player.", Err(""))]
fn a_table_initial_before_a_word(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&arcade(), question, want);
}

#[test]
fn initial_and_word_reads_only_an_initial_of_the_table() {
    let cols = |names: &[&str]| -> Vec<crate::semantic::Column> {
        names
            .iter()
            .map(|n| crate::semantic::Column {
                name: (*n).into(),
                ty: "VARCHAR".into(),
                description: String::new(),
                nullable: false,
                synonyms: Vec::new(),
                unit: None,
                text_format: None,
            })
            .collect()
    };
    let games = cols(&["gname", "gtype"]);
    assert_eq!(super::lexicon::initial_and_word("video_games", &games, "gtype").as_deref(), Some("type"));
    // Not the initial of a word of the table's name.
    assert_eq!(super::lexicon::initial_and_word("video_games", &games, "xtype"), None);
    // A word in its own right.
    assert_eq!(super::lexicon::initial_and_word("shop", &cols(&["score"]), "score"), None);
    // `fname` beside `lname`.
    assert_eq!(super::lexicon::initial_and_word("faculty", &cols(&["fname", "lname"]), "fname"), None);
}

/// Schools with an enrollment and the year each was founded.
fn schools() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "schools40"
description = "made up"
derived = true

[[tables]]
name = "university"
file = "university.csv"
primary_key = "school_id"
label = "school"
columns = [
  { name = "school_id", type = "BIGINT", nullable = false },
  { name = "school", type = "VARCHAR", nullable = false },
  { name = "enrollment", type = "BIGINT", nullable = false },
  { name = "founded", type = "BIGINT", nullable = false },
  { name = "nickname", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

/// "When was the school with the largest enrollment founded?": the rows
/// asked about come after "when was", as after "which"; a column named for
/// an event (`founded`) tells when it happened, as a date column would.
#[rstest]
#[case::when_founded("When was the school with the largest enrollment founded?", Ok("ORDER BY enrollment DESC"))]
#[case::shows_it("When was the school with the largest enrollment founded?", Ok("university.founded"))]
#[case::no_time("When was the school with the largest enrollment nicknamed?", Err(""))]
fn when_was_the_row_with_the_largest(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&schools(), question, want);
}

/// Attacks with the number of people killed and injured in each, and a
/// table of people.
fn attacks() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "attacks40"
description = "made up"
derived = true

[[tables]]
name = "perpetrator"
file = "perpetrator.csv"
primary_key = "perpetrator_id"
columns = [
  { name = "perpetrator_id", type = "BIGINT", nullable = false },
  { name = "date", type = "VARCHAR", nullable = false },
  { name = "country", type = "VARCHAR", nullable = false },
  { name = "killed", type = "BIGINT", nullable = false },
  { name = "injured", type = "BIGINT", nullable = false },
]

[[tables]]
name = "people"
file = "people.csv"
primary_key = "people_id"
label = "name"
columns = [
  { name = "people_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]
"#,
    ))
}

/// "the number of people killed" with a `killed` number column is that
/// column, not a count of rows; "how many perpetrators" and "the number
/// of people older than 30" (the `people` table's rows) still count.
#[rstest]
#[case::average("What is the average number of people injured by all perpetrators?", Ok("AVG(perpetrator.injured)"))]
#[case::order_of("List the date of perpetrators in descending order of the number of people killed.", Ok("ORDER BY killed DESC"))]
#[case::they("What are the dates of perpetrators in descending order of the number of people they injured?", Ok("ORDER BY injured DESC"))]
#[case::rows_still_counted("How many perpetrators are there?", Ok("COUNT(*)"))]
#[case::people_still_counted("What is the number of people older than 30?", Ok("COUNT(*)"))]
fn the_number_of_people_a_column_holds(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&attacks(), question, want);
}
