//! Table-driven tests of the planner changes of the sixteenth round: text
//! a question spells out without quotes is searched for ("the letter m",
//! "contains NY", "names starting with Orbit", "whose first letter is S"),
//! on the column named before the verb, not on a column the verb's own
//! word names ("first name starting with 'D'" is not `start_date`).

use rstest::rstest;

use super::fixtures::{fixture, outline_contains, outline_starts, plan_or_reason};
use crate::dataset::value_index::{IndexedColumn, ValueIndex};
use super::*;

fn staff() -> OfflinePlanner {
    OfflinePlanner::new(&fixture("staff_text"))
}

#[rustfmt::skip]
#[rstest]
#[case("Which employees have a first name starting with 'D'?", Ok("where: employees.first_name like D%"))]
#[case("List the employees whose first name begins with the letter D.", Ok("where: employees.first_name like D%"))]
#[case("Find employees whose first name starts with D.", Ok("where: employees.first_name like D%"))]
#[case("Show the salaries of employees whose first name is ending with the letter m.", Ok("where: employees.first_name like %m"))]
#[case("Which employees have first names that end with the letter m?", Ok("where: employees.first_name like %m"))]
#[case("Which employees have the letter Z in their first names?", Ok("where: employees.first_name like %Z%"))]
#[case("Show the employees whose last name has the letter s.", Ok("where: employees.last_name like %s%"))]
#[case("Give the last names of employees whose first name has letter 'a' in it.", Ok("where: employees.first_name like %a%"))]
#[case("What are the countries of all airlines whose names start with Orbit?", Ok("where: airlines.name like Orbit%"))]
#[case("How many airlines have a location that contains NY?", Ok("where: airlines.location like %NY%"))]
#[case("Which airlines have a name whose first letter is S?", Ok("where: airlines.name like S%"))]
#[case("Find the names of products whose stock number starts with 2.", Ok("where: products.stock_number like 2%"))]
#[case("Find the category descriptions of the products whose descriptions include letter 't'.", Ok("where: products.product_description like %t%"))]
// The column before the verb is shown too when it is what the question asks
// for, not when a possessive makes it a property of the rows.
#[case("Which airline location contains the word 'Oslo'?", Ok("shown: airlines.location | where: airlines.location like %Oslo%"))]
#[case("Show all locations that contain the string 'Oslo'.", Ok("shown: airlines.location | where: airlines.location like %Oslo%"))]
#[case("Find the employees whose last name contains 'son'.", Ok("shown: employees.employee_id,employees.first_name,employees.last_name,employees.start_date | where: employees.last_name like %son%"))]
fn spelled_search_text(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("Which districts have more than 100000 people?", Ok("where: districts.city_population gt 100000"))]
#[case("What is the name of the district with the most residents?", Ok("order: districts.city_population desc | limit: Some(1)"))]
#[case("List the districts with between 2000 and 5000 inhabitants.", Ok("districts.city_population"))]
fn people_are_a_population(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff(), question, want);
}

#[rstest]
#[case("districts with between 2000 and 5000 inhabitants")]
#[case("films made from 1990 to 20000 times")]
fn a_range_of_numbers_is_no_time(#[case] text: &str) {
    let found = time::find(&tokenize::tokenize(text), None);
    assert!(found.is_empty(), "{text}: {found:?}");
}

#[test]
fn a_range_of_years_is_still_time() {
    let found = time::find(&tokenize::tokenize("opened between 1990 and 2000"), None);
    let want = time::TimeKind::Range { start: Some("1990-01-01".into()), end: Some("2001-01-01".into()) };
    assert_eq!(found.first().map(|e| e.kind.clone()), Some(want));
}

#[rustfmt::skip]
#[rstest]
#[case("Show the name of towns in the county that has the largest number of police officers.", Ok("where: counties.police_officers eq Aggregate { agg: Max, column: \"counties.police_officers\", filters: [] } | order:  | limit: None"))]
#[case("Give the name of towns in the county with the fewest police officers.", Ok("where: counties.police_officers eq Aggregate { agg: Min"))]
// The listed rows are the ranked ones: the first in that order.
#[case("Which county has the most police officers?", Ok("order: counties.police_officers desc | limit: Some(1)"))]
#[case("What is the name of the town with the largest population?", Ok("order: towns.town_population desc | limit: Some(1)"))]
fn the_extreme_of_other_rows_picks_the_listed_ones(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("List the employees' first and last names in alphabetical order by last name.", Ok("order: employees.last_name |"))]
#[case("List the employees' first names in descending order by salary.", Ok("order: employees.salary desc |"))]
#[case("Show the first names of employees ordered by salary and last name.", Ok("order: employees.salary,employees.last_name |"))]
#[case("List the last names of employees in descending order of salary and start date.", Ok("order: employees.salary desc,employees.start_date desc |"))]
// The list goes on past "and": no second key.
#[case("Show the first names of employees ordered by salary and their last names.", Ok("order: employees.salary |"))]
#[case("Find the names of products whose stock number starts from '2'.", Ok("where: products.stock_number like 2%"))]
fn order_keys_after_by_and_and(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("List the first names of employees with the top 5 salaries.", Ok("order: employees.salary desc | limit: Some(5)"))]
#[case("Show the names of the districts with the top 3 city populations.", Ok("order: districts.city_population desc | limit: Some(3)"))]
// The rows themselves after "top": the order comes from elsewhere.
#[case("Show the top 3 employees by salary.", Ok("order: employees.salary desc | limit: Some(3)"))]
fn a_number_column_after_top_is_the_order(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("Tell me the name of the most pricy product.", Ok("shown: products.product_name,products.product_price | where:  | order: products.product_price desc | limit: Some(1)"))]
#[case("Which is the most pricey product?", Ok("order: products.product_price desc | limit: Some(1)"))]
fn pricey_is_expensive(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("List the employees whose start date is before 2001-01-01 or after 2010-05-01.", Ok("where: (employees.start_date lt 2001-01-01 | employees.start_date gt 2010-05-01)"))]
#[case("Which employees started before 1999 or after 2010?", Ok("| employees.start_date ge 2011-01-01)"))]
#[case("Employees who started after March 2025 or before February 2025", Ok("where: (employees.start_date ge 2025-04-01 | employees.start_date lt 2025-02-01)"))]
fn either_of_two_date_ranges(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff(), question, want);
}

/// `categories.category_code` is the categories' own; `products.category_code`
/// points at it. Named alone, the owner's is read.
#[rustfmt::skip]
#[rstest]
#[case("What are the category codes?", Ok("shown: categories.category_code"))]
#[case("List all category codes and descriptions.", Ok("shown: categories.category_code,categories.category_description"))]
fn a_column_named_alone_is_its_owners(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_starts(&staff(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("What are the names of all the customers in alphabetical order?", Ok("shown: accounts.name | where:  | order: accounts.name |"))]
#[case("How many customers have a balance above 1000?", Ok("where: accounts.balance gt 1000"))]
fn a_key_abbreviation_names_the_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff(), question, want);
}

/// The staff fixture with its club names indexed.
fn staff_indexed() -> OfflinePlanner {
    let idx = ValueIndex {
        columns: vec![IndexedColumn {
            table: "clubs".into(),
            column: "club_name".into(),
            distinct: 2,
            values: vec!["Chess".into(), "Tennis".into()],
            complete: true,
        }],
    };
    OfflinePlanner::new(&fixture("staff_text")).with_values(Some(&idx))
}

#[rustfmt::skip]
#[rstest]
#[case("How many members does the club 'Chess' have?", Ok("where: clubs.club_name eq Chess"))]
#[case("Count the members of 'Tennis'.", Ok("where: clubs.club_name eq Tennis"))]
fn members_are_the_rows_of_member_of(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&staff_indexed(), question, want);
}

#[rstest]
#[case("Which employees have a salary of '5000'?")]
#[case("How many employees earn a salary of \"5000\"?")]
fn a_quoted_number_on_a_number_column_is_a_number(#[case] question: &str) {
    let p = plan_or_reason(&staff(), question).unwrap_or_else(|r| panic!("{question}: {r}"));
    let f = p.filters.iter().find(|f| f.field == "employees.salary").unwrap_or_else(|| panic!("{question}: {p:?}"));
    assert_eq!(f.value, Some(crate::plan::Operand::Value(serde_json::json!(5000))), "{question}");
}
