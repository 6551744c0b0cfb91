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

/// Stadiums with a country, an opening year and a capacity.
fn stadiums() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "stadiums27"
description = "made up"
derived = true

[[tables]]
name = "stadium"
file = "stadium.csv"
primary_key = "id"
label = "name"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "country", type = "VARCHAR", nullable = false },
  { name = "opening_year", type = "BIGINT", nullable = false },
  { name = "capacity", type = "BIGINT", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("Which countries do not have a stadium that was opened after 2006?", "stadium.country NOT IN (SELECT stadium.country FROM stadium WHERE stadium.country IS NOT NULL AND stadium.opening_year >= 2007)")]
#[case("Show all the countries where no stadium has a capacity over 800.", "WHERE stadium.country IS NOT NULL AND stadium.capacity > 800)")]
#[case("Which countries don't have a stadium with a capacity above 5000?", "stadium.capacity > 5000)")]
#[case("List the countries that have never had a stadium opened before 1990.", "stadium.opening_year < 1990)")]
fn values_no_row_meeting_a_condition_has(#[case] question: &str, #[case] want: &str) {
    let sql = super::fixtures::planned_sql(&stadiums(), question).unwrap_or_else(|e| panic!("{question}: {e}"));
    assert!(sql.contains("SELECT DISTINCT stadium.country") && sql.contains(want), "{question}:\n{sql}");
}

#[rustfmt::skip]
#[rstest]
// The rows named before the negation, or the column asked for a name, a
// number or a key: not this reading.
#[case("What are the names of stadiums that were not opened after 2006?")]
#[case("Which stadiums do not have a capacity over 800?")]
#[case("What capacities do not have a stadium opened after 2006?")]
fn other_negations_are_not_a_set_difference(#[case] question: &str) {
    if let Ok(sql) = super::fixtures::planned_sql(&stadiums(), question) {
        assert!(!sql.contains("NOT IN (SELECT"), "{question}:\n{sql}");
    }
}

/// Catalog entries keyed by an id, each pointing at the next.
fn entries() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "entries27"
description = "made up"
derived = true

[[tables]]
name = "catalog_contents"
file = "catalog_contents.csv"
primary_key = "catalog_entry_id"
label = "catalog_entry_name"
columns = [
  { name = "catalog_entry_id", type = "BIGINT", nullable = false },
  { name = "catalog_entry_name", type = "VARCHAR", nullable = false },
  { name = "next_entry_id", type = "BIGINT", nullable = false },
  { name = "price", type = "DOUBLE", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// An id right before the comparison, nothing counted after the number.
#[case("What are the catalog entry names of the entries with next entry ID above 8?", Ok("catalog_contents.next_entry_id > 8"))]
#[case("Name all the entries with next entry ID greater than 8.", Ok("catalog_contents.next_entry_id > 8"))]
#[case("Which entries have a next entry ID above 8 and a price below 10?", Ok("catalog_contents.next_entry_id > 8 AND catalog_contents.price < 10"))]
fn an_id_right_before_a_comparison_is_compared(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&entries(), question, want);
}

/// Seasons of matches named `match_season`, and a table of links named
/// for what links them (`plays_games`).
fn matches() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "league27"
description = "made up"
derived = true

[[tables]]
name = "match_season"
file = "match_season.csv"
primary_key = "draft_pick_number"
label = "player"
columns = [
  { name = "draft_pick_number", type = "BIGINT", nullable = false },
  { name = "season", type = "BIGINT", nullable = false },
  { name = "player", type = "VARCHAR", nullable = false },
  { name = "position", type = "VARCHAR", nullable = false },
  { name = "team", type = "BIGINT", nullable = false },
]

[[tables]]
name = "team"
file = "team.csv"
primary_key = "team_id"
label = "name"
columns = [
  { name = "team_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "plays_games"
file = "plays_games.csv"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "gameid", type = "BIGINT", nullable = false },
  { name = "hours_played", type = "BIGINT", nullable = false },
]

[[tables]]
name = "student"
file = "student.csv"
primary_key = "stuid"
label = "lname"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "lname", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "video_games"
file = "video_games.csv"
primary_key = "gameid"
label = "gname"
columns = [
  { name = "gameid", type = "BIGINT", nullable = false },
  { name = "gname", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "match_season.team"
to = "team.team_id"

[[joins]]
from = "plays_games.stuid"
to = "student.stuid"

[[joins]]
from = "plays_games.gameid"
to = "video_games.gameid"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("Show all distinct positions of matches.", Ok("FROM match_season"))]
#[case("How many matches are there?", Ok("COUNT(*)"))]
// A word of a table of links names the link, not rows.
#[case("How many plays are there?", Err("plays"))]
fn a_word_of_a_two_word_table_name_names_its_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&matches(), question, want);
}

/// Products, and the events they are in (`products_in_events`).
fn products() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "products27"
description = "made up"
derived = true

[[tables]]
name = "products"
file = "products.csv"
primary_key = "product_id"
label = "product_name"
columns = [
  { name = "product_id", type = "BIGINT", nullable = false },
  { name = "product_name", type = "VARCHAR", nullable = false },
  { name = "product_price", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "products_in_events"
file = "products_in_events.csv"
primary_key = "product_in_event_id"
columns = [
  { name = "product_in_event_id", type = "BIGINT", nullable = false },
  { name = "event_id", type = "BIGINT", nullable = false },
  { name = "product_id", type = "BIGINT", nullable = false },
]

[[joins]]
from = "products_in_events.product_id"
to = "products.product_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "products in" is no part of `product_in_event_id`: the question's "in".
#[case("List the name of products in ascending order of price.", Ok("ORDER BY product_price ASC"))]
fn a_part_of_a_name_does_not_end_on_a_preposition(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&products(), question, want);
}

/// Cards of customers, keyed by their own id.
fn cards() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "cards27"
description = "made up"
derived = true

[[tables]]
name = "customers_cards"
file = "customers_cards.csv"
primary_key = "card_id"
columns = [
  { name = "card_id", type = "BIGINT", nullable = false },
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "card_type_code", type = "VARCHAR", nullable = false },
  { name = "card_number", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "customers"
file = "customers.csv"
primary_key = "customer_id"
label = "customer_first_name"
columns = [
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "customer_first_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "financial_transactions"
file = "financial_transactions.csv"
columns = [
  { name = "transaction_id", type = "BIGINT", nullable = false },
  { name = "card_id", type = "BIGINT", nullable = false },
  { name = "transaction_amount", type = "DOUBLE", nullable = false },
]

[[dimensions]]
name = "card_type_code"
column = "customers_cards.card_type_code"
kind = "categorical"

[[joins]]
from = "customers_cards.customer_id"
to = "customers.customer_id"

[[joins]]
from = "financial_transactions.card_id"
to = "customers_cards.card_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// An id of its own in a list is the cards' key: never dropped because
// another id (the customer's) is listed. (A guard: this fixture lists the
// key either way; on Spider's `customers_card_transactions` the first
// question listed no key and is now refused by `account`.)
#[case("Show ids, customer ids, card type codes, card numbers for all cards.")]
#[case("Show the ids, customer ids and card numbers of all cards.")]
fn an_id_listed_alone_is_the_rows_key(#[case] question: &str) {
    if let Ok(sql) = super::fixtures::planned_sql(&cards(), question) {
        assert!(sql.contains("customers_cards.card_id"), "{question}:\n{sql}");
    }
}

/// Accounts whose names are numbers stored as text.
fn accounts() -> OfflinePlanner {
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![super::fixtures::indexed("accounts", "account_name", &["162", "338", "Savings"])],
    };
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "accounts27"
description = "made up"
derived = true

[[tables]]
name = "accounts"
file = "accounts.csv"
primary_key = "account_id"
columns = [
  { name = "account_id", type = "BIGINT", nullable = false },
  { name = "account_name", type = "VARCHAR", nullable = false },
  { name = "date_account_opened", type = "DATE", nullable = false },
]
"#,
    ))
    .with_values(Some(&values))
}

#[rustfmt::skip]
#[rstest]
#[case("When was the account with account name 162 opened?", Ok("accounts.account_name = '162'"))]
#[case("How many accounts have the account name 338?", Ok("accounts.account_name = '338'"))]
// A number the column does not hold is no value of it.
#[case("How many accounts have the account name 555?", Err("555"))]
fn a_number_after_a_text_column_that_holds_it(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&accounts(), question, want);
}

/// Films with their studio and director.
fn films() -> OfflinePlanner {
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![
            super::fixtures::indexed("film", "director", &["Walter Hill", "John Woo"]),
            super::fixtures::indexed("film", "studio", &["Paramount", "Columbia"]),
        ],
    };
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "films27"
description = "made up"
derived = true

[[tables]]
name = "film"
file = "film.csv"
primary_key = "film_id"
label = "title"
columns = [
  { name = "film_id", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "studio", type = "VARCHAR", nullable = false },
  { name = "director", type = "VARCHAR", nullable = false },
]
"#,
    ))
    .with_values(Some(&values))
}

#[rustfmt::skip]
#[rstest]
// The rows unnamed, nothing but the asked column before the negation.
#[case("Which studios have never worked with the director Walter Hill?", true)]
#[case("Show the studios that did not work with director John Woo.", true)]
// After "are": a state of each row.
#[case("Which studios are not with the director Walter Hill?", false)]
fn a_negated_verb_with_the_rows_unnamed(#[case] question: &str, #[case] difference: bool) {
    let sql = super::fixtures::planned_sql(&films(), question);
    let read = sql.as_ref().is_ok_and(|s| s.contains("film.studio NOT IN (SELECT film.studio FROM film WHERE film.studio IS NOT NULL AND film.director = "));
    assert_eq!(read, difference, "{question}: {sql:?}");
}

/// One table of course authors and tutors alike.
fn tutors() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "tutors27"
description = "made up"
derived = true

[[tables]]
name = "course_authors_and_tutors"
file = "course_authors_and_tutors.csv"
primary_key = "author_id"
label = "personal_name"
columns = [
  { name = "author_id", type = "BIGINT", nullable = false },
  { name = "personal_name", type = "VARCHAR", nullable = false },
  { name = "address_line_1", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "Or" inside a name written with "and" is the same name.
#[case("List the addresses of all the course authors or tutors.", Ok("FROM course_authors_and_tutors"))]
#[case("How many course authors or tutors are there?", Ok("COUNT(*)"))]
fn or_inside_a_name_written_with_and(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&tutors(), question, want);
}

/// Musicals' nominations: who, for which award, with what result.
fn musicals() -> OfflinePlanner {
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![
            super::fixtures::indexed("musical", "award", &["Tony Award", "Drama Desk Award"]),
            super::fixtures::indexed("musical", "result", &["Nominated", "Won"]),
            super::fixtures::indexed("musical", "nominee", &["Bob Fosse", "Cleavant Derricks"]),
        ],
    };
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "musicals27"
description = "made up"
derived = true

[[tables]]
name = "musical"
file = "musical.csv"
primary_key = "musical_id"
columns = [
  { name = "musical_id", type = "BIGINT", nullable = false },
  { name = "award", type = "VARCHAR", nullable = false },
  { name = "nominee", type = "VARCHAR", nullable = false },
  { name = "result", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "result"
column = "musical.result"
kind = "categorical"

[[dimensions]]
name = "award"
column = "musical.award"
kind = "categorical"

[[dimensions]]
name = "nominee"
column = "musical.nominee"
kind = "categorical"
"#,
    ))
    .with_values(Some(&values))
}

#[rustfmt::skip]
#[rstest]
// A condition besides the two on one column holds in both sets.
#[case("Which nominees with the result \"Nominated\" are there for both \"Tony Award\" and \"Drama Desk Award\"?")]
fn both_sets_keep_the_other_conditions(#[case] question: &str) {
    let sql = super::fixtures::planned_sql(&musicals(), question).unwrap_or_else(|e| panic!("{question}: {e}"));
    assert_eq!(sql.matches("IN (SELECT").count(), 2, "{question}:\n{sql}");
    assert!(sql.contains("'Tony Award'") && sql.contains("'Drama Desk Award'") && sql.matches("= 'Nominated'").count() == 2, "{question}:\n{sql}");
}
