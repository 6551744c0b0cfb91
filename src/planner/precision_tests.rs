//! Table-driven tests of the refusals that keep a reading from answering
//! another question, on a made-up lodge (`tests/fixtures/planner/lodge`):
//! a word naming a table read as another table's column that only it
//! brings in, and a "name" listed beside other columns while a filter on
//! a name elsewhere seemed to bear it out; one bare word reaching a table
//! the others don't point at; plans that contradict themselves.

use rstest::rstest;

use super::*;
use crate::plan::{Filter, Op, Operand};
use crate::semantic::Manifest;
use serde_json::json;

fn lodge_manifest() -> Manifest {
    super::fixtures::fixture("lodge")
}

fn lodge() -> OfflinePlanner {
    OfflinePlanner::new(&lodge_manifest())
}

/// Each question, if answered, must not read what it names here: the
/// reservations' `room` column for "rooms" (each room once per
/// reservation), or leave the name it lists out of the answer.
#[rstest]
#[case("List the name of rooms with king or queen bed.", "reservations")]
#[case("What are the bed type and name of all the rooms with traditional decor?", "reservations")]
#[case("Which room has the highest base price?", "reservations")]
// "description" is only the guests': reaching it from a room repeats the
// room per reservation, and the room's own description was meant.
#[case("What is the description of the room with traditional decor?", "guests.description")]
fn readings_that_would_answer_another_question(#[case] question: &str, #[case] wrong: &str) {
    if let Outcome::Planned(u) = lodge().plan(question) {
        let json = serde_json::to_string(&u.plan).unwrap_or_default();
        assert!(!json.contains(wrong), "{question}: {json}");
    }
}

/// "The name, role code and date of birth of the staff named 'Armani'":
/// answered, the name is in the answer; the filter's own "named" does not
/// stand for the listed "name".
#[rstest]
#[case("What are the name, role code, and date of birth of the staff named 'Armani'?")]
#[case("Show the name and role code for the staff with name 'Armani'.")]
fn a_listed_name_is_shown(#[case] question: &str) {
    if let Outcome::Planned(u) = lodge().plan(question) {
        assert!(u.plan.fields.iter().any(|f| f == "staff.staff_name"), "{question}: {:?}", u.plan.fields);
    }
}

/// A "name" that is the filter's own ("with name 'Armani'", "'Armani' in
/// its name") is borne out by the filter: the question is answered.
#[rstest]
#[case("What is the role code of the staff with name 'Armani'?", "staff_name")]
#[case("What is the role code of the staff with 'Armani' in their name?", "staff_name")]
fn a_name_beside_its_value_is_the_filter(#[case] question: &str, #[case] field: &str) {
    match lodge().plan(question) {
        Outcome::Planned(u) => assert!(u.plan.filters.iter().any(|f| f.field == field), "{question}: {:?}", u.plan.filters),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

fn f(field: &str, op: Op, value: Option<serde_json::Value>) -> Filter {
    Filter { field: field.into(), op, value: value.map(Operand::Value) }
}

/// Plans only a misreading produces are refused; their parts alone are not.
#[rstest]
#[case(vec![f("rooms.decor", Op::Eq, Some(json!("modern"))), f("rooms.decor", Op::Eq, Some(json!("rustic")))], true)]
#[case(vec![f("rooms.decor", Op::Eq, Some(json!("modern"))), f("rooms.decor", Op::Ne, Some(json!("rustic")))], true)]
#[case(vec![f("rooms.decor", Op::IsNull, None), f("rooms.decor", Op::Eq, Some(json!("modern")))], true)]
#[case(vec![f("rooms.bedtype", Op::In, Some(json!(["King", "Queen", "King"])))], true)]
#[case(vec![f("rooms.bedtype", Op::In, Some(json!(["King", "Queen"])))], false)]
#[case(vec![f("rooms.decor", Op::Eq, Some(json!("modern"))), f("rooms.bedtype", Op::Eq, Some(json!("King")))], false)]
#[case(vec![f("rooms.baseprice", Op::Ge, Some(json!(100))), f("rooms.baseprice", Op::Lt, Some(json!(200)))], false)]
fn self_contradicting_plans_are_refused(#[case] filters: Vec<Filter>, #[case] refused: bool) {
    let plan = Plan { fields: vec!["rooms.roomname".into()], filters, ..Plan::default() };
    assert_eq!(sanity::check(&lodge_manifest(), &plan).is_err(), refused, "{plan:?}");
}

/// "Rooms with no reservation" listed with a reservation's rate: the join
/// keeps exactly the rows the anti-join removes.
#[rstest]
#[case(vec!["rooms.roomname", "reservations.rate"], true)]
#[case(vec!["rooms.roomname"], false)]
fn an_anti_join_on_a_table_the_plan_reads_is_refused(#[case] fields: Vec<&str>, #[case] refused: bool) {
    let none = Filter {
        field: "rooms.roomid".into(),
        op: Op::NotExists,
        value: Some(Operand::Rows { column: "reservations.room".into(), filters: vec![] }),
    };
    let plan = Plan { fields: fields.iter().map(|x| x.to_string()).collect(), filters: vec![none], ..Plan::default() };
    assert_eq!(sanity::check(&lodge_manifest(), &plan).is_err(), refused, "{plan:?}");
}

/// Payments with an `amount_payment` column: "the amount" is a filler word
/// to the passes, but left over while the plan reads `payments`, it asked
/// for that column. Answered, the amount is in the answer.
#[rstest]
#[case("List the payment id, the date and the amount of all payments.")]
#[case("Give me the payment id and the amount for each payment.")]
fn a_filler_word_that_names_a_column_is_not_dropped(#[case] question: &str) {
    let text = r#"
name = "ledger"
description = "Payments."
[[tables]]
name = "payments"
file = "payments.csv"
primary_key = "payment_id"
columns = [
  { name = "payment_id", type = "BIGINT", nullable = false },
  { name = "payment_method", type = "VARCHAR", nullable = false },
  { name = "date_payment_made", type = "DATE", nullable = false },
  { name = "amount_payment", type = "DOUBLE", nullable = false },
]
"#;
    let m = super::fixtures::from_toml(text);
    if let Outcome::Planned(u) = OfflinePlanner::new(&m).plan(question) {
        let json = serde_json::to_string(&u.plan).unwrap_or_default();
        assert!(json.contains("amount_payment"), "{question}: {json}");
    }
}

/// "The most books" is a count of books: answered, the order is never the
/// books' titles or keys (alphabetically last is no "most").
#[rstest]
#[case("Return the publisher that has published the most books.")]
#[case("Which publisher has the fewest books?")]
fn most_of_a_text_column_is_no_order(#[case] question: &str) {
    let text = r#"
name = "shelf"
description = "Books."
[[tables]]
name = "book_club"
file = "book_club.csv"
primary_key = "book_id"
columns = [
  { name = "book_id", type = "BIGINT", nullable = false },
  { name = "publisher", type = "VARCHAR", nullable = false },
  { name = "book_title", type = "VARCHAR", nullable = false },
  { name = "year", type = "BIGINT", nullable = false },
]
"#;
    let m = super::fixtures::from_toml(text);
    if let Outcome::Planned(u) = OfflinePlanner::new(&m).plan(question) {
        assert!(
            u.plan.order.iter().all(|o| !o.by.contains("book_title") && !o.by.contains("book_id")),
            "{question}: {:?}",
            u.plan
        );
    }
}
