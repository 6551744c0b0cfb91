//! Table-driven tests of the planner changes of the fifteenth round: a
//! plural acronym is one word ("student IDs"); "status" alone names a
//! table's only column with that word (`order_status_code`); "phone
//! number" names a phone column, after the table's own words
//! (`customers.customer_phone`) or, weaker, after the name's last word
//! (`performers.customer_phone`, chosen when the question names performers);
//! "lexicographical order" is alphabetical; "living in" adds no condition
//! of its own; "the oldest" of rows with only a founding year, and "the
//! venue which is the oldest" with the superlative last; "percentage" or
//! "rate" right after a number column names that column ("the black
//! percentage is greater than 10"); two superlatives on two columns are
//! not one row ordered by both.

use rstest::rstest;

use super::fixtures::{fixture, outline, outline_contains, outline_starts, planned_or_refused};
use crate::dataset::value_index::ValueIndex;
use super::*;

/// The bookings fixture with its order and booking statuses indexed.
fn bookings() -> OfflinePlanner {
    let col = super::fixtures::indexed;
    let idx = ValueIndex {
        columns: vec![
            col("customer_orders", "order_status_code", &["Delivered", "Cancelled"]),
            col("bookings", "status_code", &["Good", "Stop"]),
            col("performers", "customer_name", &["Ashley", "Marco"]),
            col("customers", "city", &["Lyon", "Oslo"]),
        ],
    };
    OfflinePlanner::new(&fixture("bookings")).with_values(Some(&idx))
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
#[case("What are the dates of the orders whose status is 'Delivered'?", Ok("shown: customer_orders.order_date | where: customer_orders.order_status_code eq Delivered"))]
#[case("List the order ids of orders in Cancelled status.", Ok("shown: customer_orders.order_id | where: customer_orders.order_status_code eq Cancelled"))]
#[case("What is the most frequent status of bookings?", Ok("shown: bookings.status_code | where:  | order: bookings_count desc"))]
#[case("How many orders are there for each status?", Ok("shown: customer_orders.order_status_code |"))]
fn status_names_the_only_status_column_of_a_table(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_starts(&bookings(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("What are the names and phone numbers of all customers?", Ok("shown: customers.customer_name,customers.customer_phone |"))]
#[case("List the phone numbers of suppliers.", Ok("shown: suppliers.supplier_phone |"))]
// A number that identifies a thing is its id.
#[case("List the order dates and customer numbers of all orders.", Ok("shown: customer_orders.order_date,customer_orders.customer_id |"))]
// The performers' phone column is named like a customer's: the question
// names performers, and their own phone is what it asks for.
#[case("What is the phone number of the performer Ashley?", Ok("shown: performers.customer_phone | where: performers.customer_name eq Ashley"))]
fn phone_number_names_a_phone_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_starts(&bookings(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("List the venue names in lexicographical order.", Ok("shown: venues.venue_name | where:  | order: venues.venue_name |"))]
#[case("List the venue names in descending lexicographical order.", Ok("shown: venues.venue_name | where:  | order: venues.venue_name desc |"))]
#[case("How many customers are living in Lyon?", Ok("shown:  | where: customers.city eq Lyon |"))]
#[case("How many customers are in Lyon?", Ok("shown:  | where: customers.city eq Lyon |"))]
#[case("How many customers live in Lyon?", Ok("shown:  | where: customers.city eq Lyon |"))]
// A capitalised name is no initial of `LName`, and a name the data does not hold is refused.
#[case("How many customers are living in Paris?", Err("I don't know what 'Paris' means"))]
// A name written capitalised mid-sentence, read as some column and left over, is refused.
#[case("How many customers are in Capacity?", Err("I recognised 'Capacity'"))]
#[case("What is the capacity of the oldest venue?", Ok("shown: venues.capacity,venues.founded | where:  | order: venues.founded | limit: Some(1)"))]
// A superlative ending the question picks among the rows named before it.
#[case("What is the capacity of the venue which is the oldest?", Ok("shown: venues.capacity,venues.founded | where:  | order: venues.founded | limit: Some(1)"))]
#[case("What is the name of the student who is the youngest?", Ok("shown: student.LName,student.Age | where:  | order: student.Age | limit: Some(1)"))]
fn words_for_order_and_place(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_starts(&bookings(), question, want);
}

/// A name written capitalised mid-sentence that only spells out a short
/// part of some column's name (`acc` of `acc_code`), left over, is refused:
/// it is most likely a value the reading lost.
#[test]
fn a_capitalised_name_left_over_is_refused() {
    let m = super::fixtures::from_toml(
        r#"
name = "banks"
description = "made up"
derived = true

[[tables]]
name = "customer"
file = "customer.csv"
primary_key = "cust_id"
columns = [
  { name = "cust_id", type = "BIGINT", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "bank"
file = "bank.csv"
primary_key = "bank_id"
columns = [
  { name = "bank_id", type = "BIGINT", nullable = false },
  { name = "acc_code", type = "VARCHAR", nullable = false },
]
"#,
    );
    let got = super::fixtures::plan_or_reason(&OfflinePlanner::new(&m), "How many customers are in Accra?");
    assert!(got.as_ref().is_err_and(|r| r.contains("Accra")), "{got:?}");
}

/// Everyday names of things a schema names otherwise: a manufacturer is a
/// company, an aircraft an airplane, a donator a donor, a university a college.
#[rstest]
#[case("How many companies are there?", "manufacturers")]
#[case("List the names of all airplanes.", "aircraft")]
#[case("Show all donor names.", "endowment")]
#[case("How many colleges are there?", "university")]
fn everyday_synonyms_name_tables(#[case] question: &str, #[case] table: &str) {
    let m = super::fixtures::from_toml(
        r#"
name = "synonyms"
description = "made up"
derived = true

[[tables]]
name = "manufacturers"
file = "manufacturers.csv"
primary_key = "code"
columns = [
  { name = "code", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "revenue", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "aircraft"
file = "aircraft.csv"
primary_key = "aid"
columns = [
  { name = "aid", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "endowment"
file = "endowment.csv"
primary_key = "endowment_id"
columns = [
  { name = "endowment_id", type = "BIGINT", nullable = false },
  { name = "donator_name", type = "VARCHAR", nullable = false },
  { name = "amount", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "university"
file = "university.csv"
primary_key = "school_id"
columns = [
  { name = "school_id", type = "BIGINT", nullable = false },
  { name = "school", type = "VARCHAR", nullable = false },
  { name = "founded", type = "DOUBLE", nullable = false },
]
"#,
    );
    let p = super::fixtures::plan_or_reason(&OfflinePlanner::new(&m), question).unwrap_or_else(|r| panic!("{question}: {r}"));
    let named: Vec<String> = p.fields.iter().chain(p.measures.iter().filter_map(|x| x.column.as_ref())).cloned().collect();
    assert!(named.iter().any(|f| f == table || f.starts_with(&format!("{table}."))), "{question}: {p:?}");
}

/// Cities with shares of their population as number columns.
fn cities() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"
name = "cities"
description = "made up"
derived = true

[[tables]]
name = "city"
file = "city.csv"
primary_key = "city_id"
label = "name"
columns = [
  { name = "city_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "white", type = "DOUBLE", nullable = false },
  { name = "black", type = "DOUBLE", nullable = false },
  { name = "hispanic", type = "DOUBLE", nullable = false },
  { name = "support_rate", type = "DOUBLE", nullable = false },
  { name = "oppose_rate", type = "DOUBLE", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("Which cities have a black percentage greater than 10?", Ok("where: city.black gt 10"))]
#[case("Return the hispanic percentage for cities in which the black percentage is greater than 10.", Ok("shown: city.hispanic,city.black | where: city.black gt 10"))]
#[case("Find the highest support rate, lowest oppose rate of all cities.", Err("two superlatives"))]
fn a_share_word_after_a_number_column_names_it(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&cities(), question, want);
}

/// "percentage of" is a share of rows, "white share" the column: the row
/// condition is the part of the whole the share takes (a share with no
/// part would not compile).
#[test]
fn a_share_of_rows_takes_the_rows_condition() {
    let p = super::fixtures::plan_or_reason(&cities(), "What percentage of cities have a white share above 50?").unwrap_or_else(|r| panic!("{r}"));
    assert!(p.filters.is_empty(), "{p:?}");
    let [m] = p.measures.as_slice() else { panic!("{p:?}") };
    assert!(m.share, "{p:?}");
    assert_eq!(super::fixtures::filters(&crate::plan::Plan { filters: m.filters.clone(), ..p.clone() }), "city.white gt 50");
}

#[rustfmt::skip]
#[rstest]
#[case("Show the status that has been used the greatest number of times.", Ok("shown: bookings.status_code | where:  | order: bookings_count desc | limit: Some(1)"))]
#[case("How many times has the status Good been given?", Ok("shown:  | where: bookings.status_code eq Good |"))]
// People may be a population to add up, not rows to count.
#[case("How many people live in Lyon?", Err("I don't know what 'people' means"))]
fn times_after_a_count_are_the_rows_it_counts(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_starts(&bookings(), question, want);
}

/// The thing a table's key counts names its rows when no table is called
/// that: "branches" for `bank` keyed by `branch_id`.
#[rstest]
#[case("Count the number of bank branches.", Ok("bank"))]
#[case("What is the average number of customers of branches?", Ok("bank"))]
// A table called that is the rows: "customers" stays the customer table.
#[case("How many customers are there?", Ok("customer"))]
fn a_key_names_the_rows_it_counts(#[case] question: &str, #[case] want: Result<&str, &str>) {
    let m = super::fixtures::from_toml(
        r#"
name = "branches"
description = "made up"
derived = true

[[tables]]
name = "bank"
file = "bank.csv"
primary_key = "branch_id"
columns = [
  { name = "branch_id", type = "BIGINT", nullable = false },
  { name = "bname", type = "VARCHAR", nullable = false },
  { name = "no_of_customers", type = "BIGINT", nullable = false },
]

[[tables]]
name = "customer"
file = "customer.csv"
primary_key = "cust_id"
columns = [
  { name = "cust_id", type = "BIGINT", nullable = false },
  { name = "branch_id", type = "BIGINT", nullable = false },
]

[[joins]]
from = "customer.branch_id"
to = "bank.branch_id"
"#,
    );
    if let Some((p, want)) = planned_or_refused(&OfflinePlanner::new(&m), question, want) {
        let tables: Vec<String> = p.measures.iter().filter_map(|x| x.column.as_ref()).map(|c| c.split('.').next().unwrap_or("").to_string()).collect();
        assert_eq!(tables, vec![want.to_string()], "{question}: {p:?}");
    }
}

#[rustfmt::skip]
#[rstest]
// A whole number before the plural subject of a ranking keeps that many.
#[case("What are the 2 customers with the most orders?", Ok("limit: Some(2)"))]
#[case("Which customer has the most orders?", Ok("limit: Some(1)"))]
fn a_count_before_the_ranked_subject_is_the_limit(#[case] question: &str, #[case] want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(&bookings(), question, want) {
        assert!(outline(&p).ends_with(want), "{question}: {}", outline(&p));
    }
}
