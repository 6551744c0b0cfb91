//! Table-driven tests of the planner changes of the fifteenth round: a
//! plural acronym is one word ("student IDs"); "status" alone names a
//! table's only column with that word (`order_status_code`); "phone
//! number" names a phone column, after the table's own words
//! (`customers.customer_phone`) or, weaker, after the name's last word
//! (`performers.customer_phone`, chosen when the question names performers).

use rstest::rstest;

use super::fixtures::{fixture, planned_or_refused};
use crate::dataset::value_index::{IndexedColumn, ValueIndex};
use super::*;

/// The bookings fixture with its order and booking statuses indexed.
fn bookings() -> OfflinePlanner {
    let col = |table: &str, column: &str, values: &[&str]| IndexedColumn {
        table: table.into(),
        column: column.into(),
        distinct: values.len(),
        values: values.iter().map(|v| v.to_string()).collect(),
        complete: true,
    };
    let idx = ValueIndex {
        columns: vec![
            col("customer_orders", "order_status_code", &["Delivered", "Cancelled"]),
            col("bookings", "status_code", &["Good", "Stop"]),
            col("performers", "customer_name", &["Ashley", "Marco"]),
        ],
    };
    OfflinePlanner::new(&fixture("bookings")).with_values(Some(&idx))
}

/// The plan as one line: shown fields and groups, filters, order, limit.
fn outline(p: &crate::plan::Plan) -> String {
    let shown: Vec<String> = p.fields.iter().chain(p.dimensions.iter().map(|d| &d.name)).cloned().collect();
    let order: Vec<String> = p.order.iter().map(|o| format!("{}{}", o.by, if o.desc { " desc" } else { "" })).collect();
    format!("shown: {} | where: {} | order: {} | limit: {:?}", shown.join(","), super::fixtures::filters(p), order.join(","), p.limit)
}

#[rustfmt::skip]
#[rstest]
#[case("Show all student IDs.", Ok("shown: student.stuid |"))]
#[case("List the IDs and ages of students.", Ok("shown: student.stuid,student.age |"))]
fn a_plural_acronym_is_one_word(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&bookings(), question, want) {
        assert!(outline(&p).to_lowercase().starts_with(want), "{question}: {}", outline(&p));
    }
}

#[rustfmt::skip]
#[rstest]
#[case("What are the dates of the orders whose status is 'Delivered'?", Ok("shown: customer_orders.order_date,customer_orders.order_id | where: customer_orders.order_status_code eq Delivered"))]
#[case("List the order ids of orders in Cancelled status.", Ok("shown: customer_orders.order_id | where: customer_orders.order_status_code eq Cancelled"))]
#[case("What is the most frequent status of bookings?", Ok("shown: bookings.status_code | where:  | order: bookings_count desc"))]
#[case("How many orders are there for each status?", Ok("shown: customer_orders.order_status_code |"))]
fn status_names_the_only_status_column_of_a_table(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&bookings(), question, want) {
        assert!(outline(&p).starts_with(want), "{question}: {}", outline(&p));
    }
}

#[rustfmt::skip]
#[rstest]
#[case("What are the names and phone numbers of all customers?", Ok("shown: customers.customer_name,customers.customer_phone |"))]
#[case("List the phone numbers of suppliers.", Ok("shown: suppliers.supplier_phone |"))]
// The performers' phone column is named like a customer's: the question
// names performers, and their own phone is what it asks for.
#[case("What is the phone number of the performer Ashley?", Ok("shown: performers.customer_phone | where: performers.customer_name eq Ashley"))]
fn phone_number_names_a_phone_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&bookings(), question, want) {
        assert!(outline(&p).starts_with(want), "{question}: {}", outline(&p));
    }
}
