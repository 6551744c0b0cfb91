//! Table-driven tests of the planner changes of the fourteenth round: a
//! table named only as the rows a listing is about, shown through the
//! table its rows point at ("the names of body builders": one row per
//! body builder, each its person's name, `Plan::rows_of`); a filler word
//! that is part of one number column's name right before a comparison
//! ("rentals with amount above 20"); superlatives: "the highest rated",
//! "the largest rental" by the one number column named before it, and
//! "altitude" for an `elevation` column; "by" after a participle naming
//! who did it ("rentals made by Ada Lovelace"), a value, not a group; an
//! unknown participle before "by" is a verb, not an adjective of the noun
//! after it ("locations served by stations").

use rstest::rstest;

use super::fixtures::{fixture, planned_or_refused};
use crate::dataset::value_index::{IndexedColumn, ValueIndex};
use super::*;

fn athletes() -> OfflinePlanner {
    OfflinePlanner::new(&fixture("athletes"))
}

/// The plan as one line: the rows it is about, then `fixtures::outline`.
fn outline(p: &crate::plan::Plan) -> String {
    format!("rows: {} | {}", p.rows_of.as_deref().unwrap_or("-"), super::fixtures::outline(p))
}

#[rustfmt::skip]
#[rstest]
#[case("What are the names of body builders?", Ok("rows: body_builder | shown: people.name | where:  |"))]
#[case("What is the name of the body builder with the biggest weight?", Ok("rows: body_builder | shown: people.name | where:  | order: people.weight desc | limit: Some(1)"))]
#[case("List the heights of all body builders.", Ok("rows: body_builder | shown: people.height |"))]
// Named with the rows they point at, the rows are conditioned as usual.
#[case("What are the names of people who are body builders?", Ok("rows: body_builder | shown: people.name |"))]
fn rows_named_through_the_table_they_point_at(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&athletes(), question, want) {
        assert!(outline(&p).starts_with(want), "{question}: {}", outline(&p));
    }
}

#[rustfmt::skip]
#[rstest]
// Pointing at people in two ways: which one is meant is unsaid.
#[case("What are the names of game matches?")]
// A word picking some of the named rows conditions them, not the people.
#[case("What is the name of the person who made the first rental?")]
// A condition right after the noun is on the named rows.
#[case("What are the names of people with rental after 2020-01-01?")]
// A total over such rows is not read this way.
#[case("What is the average height of body builders?")]
fn rows_not_read_through_the_table_they_point_at(#[case] question: &str) {
    // Each is refused, naming the table noun it could not place.
    let _: Option<(crate::plan::Plan, ())> = planned_or_refused(&athletes(), question, Err("but couldn't work out how it fits the question"));
}

#[rustfmt::skip]
#[rstest]
#[case("Which rentals have amount above 20?", Ok("rental.amount_paid gt 20"))]
#[case("List the rental ids with amount at most 5.", Ok("rental.amount_paid le 5"))]
fn a_filler_naming_one_number_column_is_compared(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&athletes(), question, want) {
        assert_eq!(super::fixtures::filters(&p), want, "{question}");
    }
}

#[rustfmt::skip]
#[rstest]
#[case("What is the name of the highest rated station?", Ok("order: station.rating desc | limit: Some(1)"))]
#[case("What is the name of the station with the lowest altitude?", Ok("order: station.elevation | limit: Some(1)"))]
#[case("What is the amount paid of the largest rental?", Ok("order: rental.amount_paid desc | limit: Some(1)"))]
#[case("Show the amount paid of the smallest rental.", Ok("order: rental.amount_paid | limit: Some(1)"))]
// Two number columns named before "largest": which one orders is unsaid.
#[case("What are the rating and elevation of the largest station?", Err(""))]
fn superlatives_by_rating_altitude_and_the_column_named(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&athletes(), question, want) {
        assert!(outline(&p).ends_with(want), "{question}: {}", outline(&p));
    }
}

/// The athletes fixture with its people's first names and names indexed.
fn athletes_with_values() -> OfflinePlanner {
    let col = |table: &str, column: &str, values: &[&str]| IndexedColumn {
        table: table.into(),
        column: column.into(),
        distinct: values.len(),
        values: values.iter().map(|v| v.to_string()).collect(),
        complete: true,
    };
    let idx = ValueIndex { columns: vec![col("people", "first_name", &["Ada", "Alan"]), col("people", "name", &["Lovelace", "Turing"])] };
    OfflinePlanner::new(&fixture("athletes")).with_values(Some(&idx))
}

#[rustfmt::skip]
#[rstest]
#[case("What is the average amount paid of rentals made by Ada Lovelace?", Ok("people.first_name eq Ada & people.name eq Lovelace"))]
#[case("How many rentals were booked by Alan?", Ok("people.first_name eq Alan"))]
// "by" before a name the data does not hold is still refused.
#[case("How many rentals were made by Grace?", Err("I don't know what 'Grace' is"))]
fn by_after_a_participle_names_who_did_it(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&athletes_with_values(), question, want) {
        assert!(p.dimensions.is_empty(), "{question}: grouped by {:?}", p.dimensions);
        assert_eq!(super::fixtures::filters(&p), want, "{question}");
    }
}

#[rustfmt::skip]
#[rstest]
#[case("How many different locations are provided by different stations?", Ok("station.location"))]
#[case("List the locations offered by each station.", Ok("station.location"))]
fn an_unknown_participle_before_by_is_a_verb(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&athletes(), question, want) {
        let read: Vec<String> = p.fields.iter().cloned().chain(p.dimensions.iter().map(|d| d.name.clone())).chain(p.measures.iter().filter_map(|m| m.column.clone())).collect();
        assert_eq!(read, [want], "{question}");
    }
}

#[rustfmt::skip]
#[rstest]
#[case("List the station names ordered by descending number of passengers.", Ok("shown: station.station_name | where:  | order: station.passengers desc"))]
#[case("Show the locations of stations in ascending order of number of passengers.", Ok("shown: station.location | where:  | order: station.passengers |"))]
// Counted for a total, a number column's values are still refused.
#[case("What is the number of passengers of stations?", Err("count of the different values"))]
fn ordered_by_the_number_of_a_number_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&athletes(), question, want) {
        assert!(p.measures.is_empty() && outline(&p).contains(want), "{question}: {}", outline(&p));
    }
}

#[rustfmt::skip]
#[rstest]
#[case("Find the id of the rental booked most recently.", Ok("order: rental.rental_date desc | limit: Some(1)"))]
#[case("Find the id of the rental booked least recently.", Ok("order: rental.rental_date | limit: Some(1)"))]
fn most_recently_dates_rows_by_their_one_date(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&athletes(), question, want) {
        assert!(outline(&p).ends_with(want), "{question}: {}", outline(&p));
    }
}

#[rustfmt::skip]
#[rstest]
#[case("What are the rental ids for those returned?", Ok("rental.returned eq true"))]
#[case("What are the rental ids of rentals that are returned?", Ok("rental.returned eq true"))]
fn those_with_a_yes_no_column_is_a_condition(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&athletes(), question, want) {
        assert_eq!(super::fixtures::filters(&p), want, "{question}");
    }
}
