//! Table-driven tests of the planner changes of the forty-ninth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Runners with a gender, and the slopes they ski on, each with a helmet
/// size of its own: one-letter values ('M', 'S') that a search text can
/// spell too.
fn runners() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "runners49"
description = "made up"
derived = true

[[tables]]
name = "runners"
file = "runners.csv"
primary_key = "runner_id"
columns = [
  { name = "runner_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
  { name = "gender", type = "VARCHAR", nullable = false },
  { name = "helmet_size", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "slopes"
file = "slopes.csv"
primary_key = "slope_id"
columns = [
  { name = "slope_id", type = "BIGINT", nullable = false },
  { name = "slope_name", type = "VARCHAR", nullable = false },
  { name = "grade", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "gender"
column = "runners.gender"
kind = "categorical"
values = ["M", "F"]

[[dimensions]]
name = "helmet_size"
column = "runners.helmet_size"
kind = "categorical"
values = ["S", "M", "L"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// Text after "starts with" / "starting with" is searched for at the start
// of the column named before the verb, even when it is also a whole value
// of another column.
#[case("Show the full names of runners whose surname starts with M.", Ok("runners.last_name ILIKE 'M%'"))]
#[case("Which slopes have names starting with 'S'?", Ok("slopes.slope_name ILIKE 'S%'"))]
#[case("Which runners have a last name ending with 'M'?", Ok("runners.last_name ILIKE '%M'"))]
// The whole value itself is still a value.
#[case("Which runners have helmet size 'S'?", Ok("runners.helmet_size = 'S'"))]
fn search_text_is_searched_even_when_it_is_a_value(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&runners(), question, want);
}

/// Schools, a table of details with one row per school (its key is the
/// school's), and players who each belong to a school.
fn schools() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "schools49"
description = "made up"
derived = true

[[tables]]
name = "school"
file = "school.csv"
primary_key = "school_id"
label = "school_name"
columns = [
  { name = "school_id", type = "BIGINT", nullable = false },
  { name = "school_name", type = "VARCHAR", nullable = false },
  { name = "enrollment", type = "BIGINT", nullable = false },
]

[[tables]]
name = "school_details"
file = "school_details.csv"
primary_key = "school_id"
columns = [
  { name = "school_id", type = "BIGINT", nullable = false },
  { name = "nickname", type = "VARCHAR", nullable = false },
  { name = "colors", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "player"
file = "player.csv"
primary_key = "player_id"
label = "player_name"
columns = [
  { name = "player_id", type = "BIGINT", nullable = false },
  { name = "player_name", type = "VARCHAR", nullable = false },
  { name = "school_id", type = "BIGINT", nullable = false },
  { name = "position", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "school_details.school_id"
to = "school.school_id"

[[joins]]
from = "player.school_id"
to = "school.school_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A table whose key is its key to another table holds more columns of the
// same rows: that table's noun names them too.
#[case("What are the nicknames of all schools?", Ok("SELECT school_details.nickname"))]
#[case("Show the colors of schools whose nickname is 'Tigers'.", Ok("WHERE school_details.nickname = 'Tigers'"))]
// Not the other way round, nor rows that only point at the schools: the
// positions of schools are no column of theirs.
#[case("What are the positions of schools?", Err(""))]
fn a_table_of_details_is_named_by_the_rows_it_extends(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&schools(), question, want);
}

/// Events of parties and the channels customers can be contacted on.
fn channels() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "channels49"
description = "made up"
derived = true

[[tables]]
name = "party_events"
file = "party_events.csv"
primary_key = "event_id"
columns = [
  { name = "event_id", type = "BIGINT", nullable = false },
  { name = "event_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "customer_contact_channels"
file = "customer_contact_channels.csv"
columns = [
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "channel_code", type = "VARCHAR", nullable = false },
  { name = "contact_number", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "event_name"
column = "party_events.event_name"
kind = "categorical"
values = ["Annual Meeting", "Election Meeting"]

[[dimensions]]
name = "channel_code"
column = "customer_contact_channels.channel_code"
kind = "categorical"
values = ["Email", "Cell", "Fax"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "twice", "thrice", and "once" after a comparison, are a number of times.
#[case("Which event names were used more than twice?", Ok("HAVING COUNT(*) > 2"))]
#[case("Which event names appear at least once?", Ok("HAVING COUNT(*) >= 1"))]
#[case("Which event names were used at least thrice?", Ok("HAVING COUNT(*) >= 3"))]
// A word of the table's name before a column of its own begins the
// column's phrase: "contact" is no column here.
#[case("Which contact channel codes were used less than 5 times?", Ok("HAVING COUNT(*) < 5"))]
fn a_number_of_times_counts_the_rows_of_each_group(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&channels(), question, want);
}

/// Parties, their hosts, and the link between them.
fn parties() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "parties49"
description = "made up"
derived = true

[[tables]]
name = "party"
file = "party.csv"
primary_key = "party_id"
columns = [
  { name = "party_id", type = "BIGINT", nullable = false },
  { name = "party_theme", type = "VARCHAR", nullable = false },
  { name = "location", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "host"
file = "host.csv"
primary_key = "host_id"
label = "name"
columns = [
  { name = "host_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]

[[tables]]
name = "party_host"
file = "party_host.csv"
columns = [
  { name = "party_id", type = "BIGINT", nullable = false },
  { name = "host_id", type = "BIGINT", nullable = false },
]

[[joins]]
from = "party_host.party_id"
to = "party.party_id"

[[joins]]
from = "party_host.host_id"
to = "host.host_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A table's noun after "of" and a column of its own owns the column: the
// hosts are shown, not counted per party.
#[case("For each party, return its theme and the name of its host.", Ok("host.name AS name"))]
#[case("For each party, return its theme and the name of its host.", Ok("JOIN host ON party_host.host_id = host.host_id"))]
fn the_owner_of_a_shown_column_is_not_counted(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&parties(), question, want);
    let sql = super::fixtures::planned_sql(&parties(), question).unwrap_or_default();
    assert!(!sql.contains("COUNT("), "{question}: {sql}");
}

/// Customers with an amount outstanding, and phones with a RAM size.
fn accounts() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "accounts49"
description = "made up"
derived = true

[[tables]]
name = "customers"
file = "customers.csv"
primary_key = "customer_id"
columns = [
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "amount_outstanding", type = "DOUBLE", nullable = false },
  { name = "phone_number", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A noun the data doesn't name, right after a number column's word and
// before the comparison, ends the column's phrase.
#[case("What are the phone numbers of customers who have an outstanding balance of more than 2000?", Ok("WHERE customers.amount_outstanding > 2000"))]
#[case("Which customers have an outstanding balance below 100?", Ok("WHERE customers.amount_outstanding < 100"))]
fn a_head_noun_ends_a_compared_column_phrase(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&accounts(), question, want);
}

/// Documents of a type, each accessed a number of times.
fn documents() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "documents49"
description = "made up"
derived = true

[[tables]]
name = "documents"
file = "documents.csv"
primary_key = "document_code"
columns = [
  { name = "document_code", type = "VARCHAR", nullable = false },
  { name = "document_type_code", type = "VARCHAR", nullable = false },
  { name = "access_count", type = "BIGINT", nullable = false },
]

[[dimensions]]
name = "document_type_code"
column = "documents.document_type_code"
kind = "categorical"
values = ["Novel", "Paper"]

[[metrics]]
name = "sum_access_count"
expr = "SUM(documents.access_count)"
table = "documents"
additive = true

[[metrics]]
name = "avg_access_count"
expr = "AVG(documents.access_count)"
table = "documents"
additive = false
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// An aggregate of a number column after the compared number is compared
// per group of the subject.
#[case("What document types do have more than 10000 total access number.", Ok("HAVING SUM(documents.access_count) > 10000"))]
#[case("Which document types have less than 50 average access?", Ok("HAVING AVG(documents.access_count) < 50"))]
fn an_aggregate_after_the_number_is_compared_per_group(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&documents(), question, want);
}

/// People with a height, the perpetrators among them, and hosts with a
/// date of birth.
fn people() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "people49"
description = "made up"
derived = true

[[tables]]
name = "people"
file = "people.csv"
primary_key = "people_id"
label = "name"
columns = [
  { name = "people_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "height", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "perpetrator"
file = "perpetrator.csv"
primary_key = "perpetrator_id"
columns = [
  { name = "perpetrator_id", type = "BIGINT", nullable = false },
  { name = "people_id", type = "BIGINT", nullable = false },
  { name = "date", type = "VARCHAR", nullable = false },
  { name = "killed", type = "BIGINT", nullable = false },
]

[[tables]]
name = "hosts"
file = "hosts.csv"
primary_key = "host_id"
columns = [
  { name = "host_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "dob", type = "DATE", nullable = false },
]

[[joins]]
from = "perpetrator.people_id"
to = "people.people_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A superlative whose measure the rows keep in the one table they point at.
#[case("Show the date of the tallest perpetrator.", Ok("ORDER BY height DESC NULLS LAST\nLIMIT 1"))]
// "Which X is the <superlative>?": the rows asked for right before.
#[case("Which host is the youngest?", Ok("ORDER BY dob DESC NULLS LAST\nLIMIT 1"))]
fn superlatives_find_their_measure(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&people(), question, want);
}

/// Fire stations and the year each opened.
fn stations() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "stations49"
description = "made up"
derived = true

[[tables]]
name = "stations"
file = "stations.csv"
primary_key = "station_id"
label = "station_name"
columns = [
  { name = "station_id", type = "BIGINT", nullable = false },
  { name = "station_name", type = "VARCHAR", nullable = false },
  { name = "opened_yr", type = "BIGINT", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// An age word and a date word at the ends of "from ... to ..." go opposite
// ways when both say the same way.
#[case("Show the station names and opening years, from oldest to newest.", Ok("ORDER BY opened_yr ASC"))]
#[case("Show the station names and opening years, from newest to oldest.", Ok("ORDER BY opened_yr DESC"))]
// "first" after the superlative and the rows' noun.
#[case("Sort the station names by opening year, with the oldest station first.", Ok("ORDER BY opened_yr ASC"))]
// Two date words the same way are no order.
#[case("Show the station names and opening years, from newest to latest.", Err(""))]
fn order_phrases_of_age_and_date(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&stations(), question, want);
}

/// Skiers and the lift passes they bought, each with a purchase date.
fn skiers() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "skiers49"
description = "made up"
derived = true

[[tables]]
name = "skiers"
file = "skiers.csv"
primary_key = "skier_id"
columns = [
  { name = "skier_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "lift_passes"
file = "lift_passes.csv"
primary_key = "pass_id"
columns = [
  { name = "pass_id", type = "BIGINT", nullable = false },
  { name = "skier_id", type = "BIGINT", nullable = false },
  { name = "purchase_dt", type = "DATE", nullable = false },
  { name = "refund_dt", type = "DATE", nullable = true },
  { name = "price", type = "DOUBLE", nullable = false },
]

[[joins]]
from = "lift_passes.skier_id"
to = "skiers.skier_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A verb read only as the date of the rows after it names their event:
// no such rows point at the skier.
#[case("Which skiers never purchased any lift pass?", Ok("WHERE NOT EXISTS (SELECT 1 FROM lift_passes WHERE lift_passes.skier_id = skiers.skier_id)"))]
#[case("Which skiers never purchased any pass? Give first and last names.", Ok("WHERE NOT EXISTS (SELECT 1 FROM lift_passes WHERE lift_passes.skier_id = skiers.skier_id)"))]
// A date that may be empty is an event of its own, not the rows'.
#[case("Which skiers never refunded any lift pass?", Err(""))]
fn a_verb_naming_the_rows_date_is_their_event(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&skiers(), question, want);
}

#[rustfmt::skip]
#[rstest]
// "first" alone is a place in an order, not a first name: only joined to
// another word of the name ("first and last name") does it name the column.
#[case("Who came first among the runners with helmet size 'L'?", Err("first-name column"))]
#[case("Show the first and last name of runners with helmet size 'L'.", Ok("SELECT runners.first_name AS first_name, runners.last_name AS last_name"))]
#[case("Show the first, and the last name of every runner.", Ok("runners.first_name"))]
fn a_bare_first_is_no_first_name(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&runners(), question, want);
}
