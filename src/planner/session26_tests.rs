//! Table-driven tests of the planner changes of the twenty-sixth round: a
//! word of the dataset's own name ("this inn", "a CSU campus") is the
//! dataset itself.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// An inn's rooms and a chain's campuses, named as Spider names them
/// (`inn_1`, `csu_1`), with a table of employees the name does not name.
fn inn() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "csu_inn_1"
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
  { name = "bedtype", type = "VARCHAR", nullable = false },
  { name = "baseprice", type = "BIGINT", nullable = false },
]

[[tables]]
name = "campuses"
file = "campuses.csv"
primary_key = "id"
label = "campus"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "campus", type = "VARCHAR", nullable = false },
  { name = "fee", type = "BIGINT", nullable = false },
]

[[tables]]
name = "people"
file = "people.csv"
primary_key = "person_id"
label = "name"
columns = [
  { name = "person_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("How many rooms are there in this inn?", Ok("COUNT(*)"))]
#[case("What is the total number of rooms available in this inn?", Ok("FROM rooms"))]
#[case("Find the names of all rooms in the inn.", Ok("rooms.roomname"))]
#[case("What is the average fee on a CSU campus?", Ok("AVG(campuses.fee)"))]
#[case("How many inn rooms are there?", Ok("FROM rooms"))]
// Not where it names the dataset: a noun of its own, or a word of no name.
#[case("Show the names of inns.", Err("'inns'"))]
#[case("What is the average fee of the inn?", Err("'inn'"))]
#[case("How many rooms are there in this hotel?", Err("'hotel'"))]
fn a_word_of_the_datasets_name_is_the_dataset(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&inn(), question, want);
}

#[test]
fn the_dataset_word_is_shown_as_the_dataset() {
    let super::Outcome::Planned(u) = inn().plan("How many rooms are there in this inn?") else { panic!("refused") };
    assert!(u.ambiguities.iter().any(|a| a.words == "inn" && a.chosen.contains("the dataset itself (csu_inn_1)")), "{:?}", u.ambiguities);
}

/// Orders dated by the day they were placed, movies by their year, people
/// with an age and a birth date.
fn dated() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "dated26"
description = "made up"
derived = true

[[tables]]
name = "orders"
file = "orders.csv"
primary_key = "order_id"
columns = [
  { name = "order_id", type = "BIGINT", nullable = false },
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "order_status", type = "VARCHAR", nullable = false },
  { name = "date_order_placed", type = "TIMESTAMP", nullable = false },
]

[[tables]]
name = "movie"
file = "movie.csv"
primary_key = "mid"
label = "title"
columns = [
  { name = "mid", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "year", type = "BIGINT", nullable = false },
  { name = "director", type = "VARCHAR", nullable = true },
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
  { name = "birth_date", type = "DATE", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "the most recent": one cue, not "the most" and an unknown "recent".
#[case("What is the name of the most recent movie?", Ok("ORDER BY year DESC NULLS LAST\nLIMIT 1"))]
#[case("What is the title of the movie released in the most recent year?", Ok("LIMIT 1"))]
// "the oldest order": the rows' one date, earliest first.
#[case("Find the order id and customer id associated with the oldest order.", Ok("ORDER BY date_order_placed ASC NULLS LAST\nLIMIT 1"))]
#[case("Which order is the most recent order?", Ok("ORDER BY date_order_placed DESC NULLS LAST\nLIMIT 1"))]
// An age, where there is one, is what "oldest" orders by.
#[case("What is the name of the oldest person?", Ok("ORDER BY age DESC NULLS LAST\nLIMIT 1"))]
fn the_most_recent_and_the_oldest_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&dated(), question, want);
}

#[rustfmt::skip]
#[rstest]
// After a negation "a single" is "any"; elsewhere it is one.
#[case("products which have never received a single complaint", None)]
#[case("customers who did not place a single order", None)]
#[case("rooms with a single bed", Some(1.0))]
#[case("a single room that was never booked", Some(1.0))]
fn a_single_after_a_negation_is_any(#[case] text: &str, #[case] number: Option<f64>) {
    let toks = super::tokenize::tokenize(text);
    let found = toks.iter().find_map(|t| match t.kind {
        super::tokenize::TokKind::Number(n) => Some(n),
        _ => None,
    });
    assert_eq!(found, number, "{text}: {toks:?}");
}

/// Tracks timed in milliseconds, rivers with a length, players with a
/// height, mountains with an elevation, members born and joined on a
/// day, flights with both a distance and a duration.
fn measured() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "measured26"
description = "made up"
derived = true

[[tables]]
name = "track"
file = "track.csv"
primary_key = "track_id"
label = "name"
columns = [
  { name = "track_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "milliseconds", type = "BIGINT", nullable = false },
]

[[tables]]
name = "river"
file = "river.csv"
primary_key = "river_name"
columns = [
  { name = "river_name", type = "VARCHAR", nullable = false },
  { name = "length", type = "BIGINT", nullable = false },
]

[[tables]]
name = "player"
file = "player.csv"
primary_key = "player_id"
label = "player_name"
columns = [
  { name = "player_id", type = "BIGINT", nullable = false },
  { name = "player_name", type = "VARCHAR", nullable = false },
  { name = "height", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "mountain"
file = "mountain.csv"
primary_key = "mountain_id"
label = "mountain_name"
columns = [
  { name = "mountain_id", type = "BIGINT", nullable = false },
  { name = "mountain_name", type = "VARCHAR", nullable = false },
  { name = "elevation_m", type = "BIGINT", nullable = false },
]

[[tables]]
name = "member"
file = "member.csv"
primary_key = "member_id"
label = "member_name"
columns = [
  { name = "member_id", type = "BIGINT", nullable = false },
  { name = "member_name", type = "VARCHAR", nullable = false },
  { name = "date_of_birth", type = "DATE", nullable = false },
  { name = "date_joined", type = "DATE", nullable = false },
]

[[tables]]
name = "flight"
file = "flight.csv"
primary_key = "flno"
columns = [
  { name = "flno", type = "BIGINT", nullable = false },
  { name = "distance", type = "BIGINT", nullable = false },
  { name = "duration_minutes", type = "BIGINT", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("What is the name of the shortest track?", Ok("ORDER BY milliseconds ASC NULLS LAST\nLIMIT 1"))]
#[case("What is the name of the longest track?", Ok("ORDER BY milliseconds DESC NULLS LAST\nLIMIT 1"))]
#[case("What is the name of the longest river?", Ok("ORDER BY length DESC NULLS LAST\nLIMIT 1"))]
#[case("What is the name of the shortest player?", Ok("ORDER BY height ASC NULLS LAST\nLIMIT 1"))]
#[case("What is the name of the highest mountain?", Ok("ORDER BY elevation_m DESC NULLS LAST\nLIMIT 1"))]
// The oldest of rows with two dates: the earliest birth.
#[case("What is the name of the oldest member?", Ok("ORDER BY date_of_birth ASC NULLS LAST\nLIMIT 1"))]
#[case("Who is the youngest member?", Ok("ORDER BY date_of_birth DESC NULLS LAST\nLIMIT 1"))]
// A distance and a duration: which one "longest" means is a guess.
#[case("What is the number of the longest flight?", Err("longest"))]
fn longest_and_shortest_measure_a_length_or_a_duration(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&measured(), question, want);
}

#[rstest]
#[case("7th September, 1987")]
#[case("7 September 1987")]
#[case("the 7th of September, 1987")]
#[case("September 7th, 1987")]
fn a_day_written_in_full_takes_its_year_after_a_comma(#[case] text: &str) {
    let toks = super::tokenize::tokenize(text);
    let found = super::time::find(&toks, None);
    let day = super::time::TimeKind::Range { start: Some("1987-09-07".into()), end: Some("1987-09-08".into()) };
    assert!(found.iter().any(|e| e.kind == day && e.end == toks.len()), "{text}: {found:?}");
}

#[rustfmt::skip]
#[rstest]
#[case("What is the name of the players with height 180 to 190?", Ok("player.height BETWEEN 180 AND 190"))]
#[case("Show the names of tracks with milliseconds from 1000 to 5000.", Ok("track.milliseconds BETWEEN 1000 AND 5000"))]
#[case("Which mountains have an elevation between 100 and 200?", Ok("BETWEEN 100 AND 200"))]
// Not a range: the second number is the smaller.
#[case("What is the name of the players with height 190 to 180?", Err("180"))]
fn two_numbers_joined_by_to_are_a_range(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&measured(), question, want);
}

#[rstest]
#[case("Which ships are from the US?", "US", "'United States'")]
#[case("What is the average tonnage of French ships?", "French", "'France'")]
fn a_place_read_by_another_name_is_shown_as_typed(#[case] question: &str, #[case] typed: &str, #[case] stored: &str) {
    let super::Outcome::Planned(u) = super::session25_tests::ships().plan(question) else { panic!("{question}: refused") };
    assert!(u.ambiguities.iter().any(|a| a.words == typed && a.chosen.contains(stored)), "{question}: {:?}", u.ambiguities);
}

/// Transactions and colours whose columns start with a word of their
/// table's longer name (`financial_transactions.transaction_amount`,
/// `ref_colors.color_description`), and product categories described
/// the same way.
fn prefixed() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "prefixed26"
description = "made up"
derived = true

[[tables]]
name = "financial_transactions"
file = "financial_transactions.csv"
primary_key = "transaction_id"
columns = [
  { name = "transaction_id", type = "BIGINT", nullable = false },
  { name = "transaction_type", type = "VARCHAR", nullable = false },
  { name = "transaction_amount", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "ref_colors"
file = "ref_colors.csv"
primary_key = "color_code"
columns = [
  { name = "color_code", type = "VARCHAR", nullable = false },
  { name = "color_description", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "ref_product_categories"
file = "ref_product_categories.csv"
primary_key = "product_category_code"
columns = [
  { name = "product_category_code", type = "VARCHAR", nullable = false },
  { name = "product_category_description", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "products"
file = "products.csv"
primary_key = "product_id"
columns = [
  { name = "product_id", type = "BIGINT", nullable = false },
  { name = "color_code", type = "VARCHAR", nullable = false },
  { name = "product_category_code", type = "VARCHAR", nullable = false },
  { name = "product_name", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "products.color_code"
to = "ref_colors.color_code"

[[joins]]
from = "products.product_category_code"
to = "ref_product_categories.product_category_code"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("What is the total amount of all transactions?", Ok("SUM(financial_transactions.transaction_amount)"))]
#[case("What is the average amount of all transactions?", Ok("AVG(financial_transactions.transaction_amount)"))]
#[case("List the description of all the colors.", Ok("ref_colors.color_description"))]
#[case("What are the descriptions for each color?", Ok("ref_colors.color_description"))]
fn a_column_named_after_a_word_of_its_table_is_called_by_the_rest(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&prefixed(), question, want);
}

#[rstest]
#[case("the description", "description", "ref_colors", "color_description")]
fn the_rest_of_a_column_name_after_a_table_word_names_it(#[case] text: &str, #[case] words: &str, #[case] table: &str, #[case] column: &str) {
    use super::lexicon::Target;
    let planner = prefixed();
    let m = planner.manifest();
    let t = m.tables.iter().position(|x| x.name == table).unwrap_or(usize::MAX);
    let c = m.tables.get(t).and_then(|x| x.columns.iter().position(|c| c.name == column)).unwrap_or(usize::MAX);
    let pieces = super::intent::pieces(&super::tokenize::tokenize(text), &planner.lexicon, &super::intent::CueTable::new(), None);
    let found = pieces.iter().find(|p| p.words == words).and_then(|p| p.lex()).and_then(|cands| cands.iter().find(|x| x.target == Target::Column(t, c)).map(|x| x.confidence));
    assert!(found.is_some_and(|conf| conf >= 0.8), "{text}: {found:?} in {pieces:?}");
}

/// Documents in a table whose name starts with "all", typed by a lookup table.
fn all_documents() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "alldocs26"
description = "made up"
derived = true

[[tables]]
name = "all_documents"
file = "all_documents.csv"
primary_key = "document_id"
label = "document_name"
columns = [
  { name = "document_id", type = "BIGINT", nullable = false },
  { name = "document_name", type = "VARCHAR", nullable = false },
  { name = "document_type_code", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "ref_document_types"
file = "ref_document_types.csv"
primary_key = "document_type_code"
label = "document_type_name"
columns = [
  { name = "document_type_code", type = "VARCHAR", nullable = false },
  { name = "document_type_name", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "all_documents.document_type_code"
to = "ref_document_types.document_type_code"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("List all document type codes and document type names.", Ok("FROM ref_document_types"))]
#[case("How many documents are there?", Ok("FROM all_documents"))]
#[case("List the names of all documents.", Ok("all_documents.document_name"))]
fn all_in_a_table_name_is_the_questions_determiner(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&all_documents(), question, want);
}
