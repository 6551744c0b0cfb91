//! Table-driven tests of the planner's precision mechanisms on a made-up
//! college (`tests/fixtures/planner/campus`): rows listed in another
//! column's order, directions said in words, "top N lowest", a total beside
//! an average, several aggregates of a table's own column "for each" of its
//! rows, a count of the grouped column itself, and a column word placed on
//! a table the question never names.

use rstest::rstest;

use super::*;
use crate::plan::{Filter, Operand};

fn campus() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("campus"))
}

fn filter(x: &Filter) -> String {
    let op = serde_json::to_string(&x.op).unwrap_or_default().replace('"', "");
    let v = match &x.value {
        None => String::new(),
        Some(Operand::Value(v)) => format!(" {}", v.to_string().replace('"', "")),
        Some(Operand::Column { column }) => format!(" @{column}"),
        Some(other) => format!(" {other:?}"),
    };
    format!("{} {op}{v}", x.field)
}

/// One line saying what a plan does (as `tests.rs` renders it).
fn shape(p: &Plan) -> String {
    let mut parts: Vec<String> = Vec::new();
    for m in &p.measures {
        parts.push(match (&m.metric, m.agg, &m.column) {
            (Some(x), _, _) => format!("m: {x}"),
            (None, Some(a), c) => format!("m: {}({})", a.word(), c.clone().unwrap_or_default()),
            _ => "m: ?".into(),
        });
    }
    parts.extend(p.dimensions.iter().map(|d| format!("by: {}", d.name)));
    if !p.fields.is_empty() {
        parts.push(format!("list: {}", p.fields.join(", ")));
    }
    parts.extend(p.filters.iter().map(|x| format!("f: {}", filter(x))));
    parts.extend(p.having.iter().map(|x| format!("h: {}", filter(x))));
    for o in &p.order {
        parts.push(format!("o: {} {}", o.by, if o.desc { "desc" } else { "asc" }));
    }
    if let Some(l) = p.limit {
        parts.push(format!("l: {l}"));
    }
    parts.join(" | ")
}

#[rustfmt::skip]
#[rstest]
// Rows in another column's order are each row, not the distinct values
// (the order key shown beside them).
#[case("List the titles of all courses in descending order of credits.", "list: course.title, course.credits | o: course.credits desc")]
// "top three lowest": the superlative gives the direction.
#[case("Show the titles of courses with the top three lowest credits.", "list: course.title, course.credits | o: course.credits asc | l: 3")]
// Directions in words.
#[case("List the titles of courses sorted by credits from large to small.", "list: course.title, course.credits | o: course.credits desc")]
#[case("List the titles of courses sorted by credits decreasing.", "list: course.title, course.credits | o: course.credits desc")]
#[case("What are the titles of courses in descending order?", "list: course.title | o: course.title desc")]
// A total beside an average is a sum.
#[case("What are the total and average salary of all instructors?", "m: sum_salary | m: avg_salary")]
// Several aggregates of a table's own column per row of it: the whole table.
#[case("What are the maximum, minimum and average budget of each department?", "m: max_budget | m: min_budget | m: avg_budget")]
// "the one with": a pronoun, not the number 1.
#[case("Show the title and its year for the one with the highest credits.", "list: course.title, course.year, course.credits | o: course.credits desc | l: 1")]
// Counting the grouped column itself counts rows.
#[case("List all teachers along with the number of courses taught by each teacher.", "m: count(course) | by: taught_by")]
fn precision_mechanisms(#[case] question: &str, #[case] want: &str) {
    match campus().plan(question) {
        Outcome::Planned(u) => assert_eq!(shape(&u.plan), want, "{question}"),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// Readings that must not be answered as they were: a word that could name
/// a column of the table the question names put on another table's column,
/// a sum of years.
#[rstest]
#[case("Find the name and building of the department with the highest budget.", "instructor.name")]
// "total" on a year column: no one sums years.
#[case("What is the total year of courses?", "sum(course.year)")]
fn readings_that_would_answer_another_question(#[case] question: &str, #[case] wrong: &str) {
    if let Outcome::Planned(u) = campus().plan(question) {
        let json = serde_json::to_string(&u.plan).unwrap_or_default();
        assert!(!json.contains(wrong) && !shape(&u.plan).contains(wrong), "{question}: {}", shape(&u.plan));
    }
}


fn depot() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("depot"))
}

/// Words that name a column only beside a noun ("types of vehicles"),
/// yes/no columns said as predicates, distinct listings of only the
/// columns asked, counts that are sums, several rows ranked by a column,
/// and a table's rows named by the column called after it.
#[rustfmt::skip]
#[rstest]
// "type" beside a noun: the noun's type column.
#[case("What are the different types of vehicles?", "by: body_type")]
#[case("Show all vehicle types.", "by: body_type")]
#[case("Count the vehicles of each vehicle type.", "m: count(vehicle) | by: body_type")]
// A yes/no column after "that are": a condition, not a column to list.
#[case("List the model names of vehicles that are electric.", "list: vehicle.model_name | f: electric eq Y")]
// Distinct values of the columns asked, not of the condition's column too.
#[case("What are the distinct makers of vehicles with price above 100?", "by: maker | f: vehicle.price gt 100")]
#[case("Show the distinct makers for all vehicles.", "by: maker")]
// "total number of" a number column: its sum.
#[case("What is the total number of seats of all vehicles?", "m: total(vehicle.seats)")]
// "the top 3 highest prices": the rows, not one maximum.
#[case("What are the top 3 highest prices?", "list: vehicle.price | o: vehicle.price desc | l: 3")]
// "the three vehicles with the highest price": 3 is how many.
#[case("What are the model names of the three vehicles with the highest price?", "list: vehicle.model_name, vehicle.price | o: vehicle.price desc | l: 3")]
// `buses.bus` names the rows of `buses`.
#[case("List the buses with capacity above 40.", "list: buses.id, buses.bus, buses.capacity | f: buses.capacity gt 40")]
// `stops.stop_details` says what a stop is; its number key only numbers it.
#[case("Show the stops with zone code 'Z1'.", "list: stops.stop_id, stops.stop_details | f: stops.zone_code eq Z1")]
// "the cheapest vehicle" of each maker: the extreme of its vehicles, not their average.
#[case("Which maker has the cheapest vehicle?", "m: min(vehicle.price) | by: maker | o: min_price asc | l: 1")]
// "sorted by price decreasing and seats ascending": each direction after its column.
#[case("List the model names and prices of vehicles sorted by price decreasing and seats ascending.", "list: vehicle.model_name, vehicle.price, vehicle.seats | o: vehicle.price desc | o: vehicle.seats asc")]
// "Where is ... ?": the column that says where the rows are.
#[case("Where is the stop with zone code 'Z1'?", "list: stops.stop_address | f: stops.zone_code eq Z1")]
// The label asked by its own name ("model names") of a named table: each row's.
#[case("What are the model names of all vehicles?", "list: vehicle.model_name")]
// A BOOLEAN column said as a predicate: its true rows.
#[case("List the buses that are low floor.", "list: buses.id, buses.bus | f: buses.low_floor eq true")]
// "drivers" names the drivers, not the shifts' column pointing at them.
#[case("List the drivers with age above 30.", "list: driver.driver, driver.age | f: driver.age gt 30")]
fn depot_mechanisms(#[case] question: &str, #[case] want: &str) {
    match depot().plan(question) {
        Outcome::Planned(u) => assert_eq!(shape(&u.plan), want, "{question}"),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// Readings the depot's mechanisms must refuse or leave alone: a negated
/// yes/no predicate is no "= Y" filter; counting the different amounts of
/// a number column nobody asked to be distinct.
#[rstest]
#[case("List the model names of vehicles that are not electric.", "electric eq Y")]
#[case("How many seats do vehicles have?", "distinct_count")]
fn depot_readings_that_would_answer_another_question(#[case] question: &str, #[case] wrong: &str) {
    if let Outcome::Planned(u) = depot().plan(question) {
        assert!(!shape(&u.plan).contains(wrong), "{question}: {}", shape(&u.plan));
    }
}

/// "How old is the driver Ann?" where the name is read on the shifts that
/// point at drivers: each driver once (a semi-join on the pointing column),
/// not once per shift.
#[test]
fn a_condition_on_the_pointing_column_lists_each_row_once() {
    let Outcome::Planned(u) = depot().plan("How old is the driver Ann?") else { panic!("not planned") };
    let p = &u.plan;
    assert_eq!(p.fields, vec!["driver.age".to_string()], "{}", shape(p));
    assert!(
        p.filters.iter().any(|f| f.field == "driver.driver"
            && matches!(&f.value, Some(Operand::Rows { column, filters }) if column == "shift.driver" && filters.len() == 1)),
        "{}",
        shape(p)
    );
}
