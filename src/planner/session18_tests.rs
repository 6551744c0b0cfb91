//! Table-driven tests of the planner changes of the eighteenth round: of
//! several tables holding a column the question names, the one pointing
//! straight at the rows asked about is nearer than one reaching them
//! through others; a phrase of several words is no misspelling when some
//! of them are spelled right, so what it names must be read.

use rstest::rstest;

use super::fixtures::{fixture, outline_contains};
use super::*;

fn orders() -> OfflinePlanner {
    OfflinePlanner::new(&fixture("orders18"))
}

/// The compiled SQL of a question the planner answers.
fn sql_of(question: &str) -> String {
    let m = fixture("orders18");
    let Outcome::Planned(u) = OfflinePlanner::new(&m).plan(question) else { panic!("{question}: not planned") };
    crate::compile::compile(&u.plan, &m).map(|c| c.sql).unwrap_or_else(|e| panic!("{question}: {e}"))
}

/// `order_items` points at `orders`; `invoice_line_items` reaches them
/// only through `order_items` or `invoices`, so "items" of an order are
/// its order items, and the count is read from them.
#[test]
fn the_table_beside_the_rows_is_nearer() {
    for question in ["Show the order ids and the number of items in each order.", "How many items does each order have?"] {
        let sql = sql_of(question);
        assert!(sql.contains("FROM order_items"), "{question}: {sql}");
        assert!(!sql.contains("invoice"), "{question}: {sql}");
    }
}

#[rustfmt::skip]
#[rstest]
// "renting" is "rent" misspelled, but "arrears" is spelled right: the rent
// arrears are named, and counting council taxes without them drops them.
#[case("How many council taxes are collected for renting arrears?", Err("I recognised 'renting arrears' (the table rent_arrears)"))]
// One word near a name alone is forgiven as a misspelling.
#[case("How many council taxs are there?", Ok("shown:  | where:"))]
fn a_phrase_with_words_spelled_right_is_no_misspelling(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&orders(), question, want);
}
