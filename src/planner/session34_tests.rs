//! Table-driven tests of the planner changes of the thirty-fourth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Mountain ranges, mountains in them, and orders of products through
/// a table of order lines.
fn ranges() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "ranges34"
description = "made up"
derived = true

[[tables]]
name = "mountain"
file = "mountain.csv"
primary_key = "mountain_id"
label = "name"
columns = [
  { name = "mountain_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "range", type = "VARCHAR", nullable = false },
  { name = "height", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "products"
file = "products.csv"
primary_key = "product_id"
label = "product_name"
columns = [
  { name = "product_id", type = "BIGINT", nullable = false },
  { name = "product_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "orders"
file = "orders.csv"
primary_key = "order_id"
columns = [
  { name = "order_id", type = "BIGINT", nullable = false },
  { name = "order_date", type = "DATE", nullable = false },
]

[[tables]]
name = "order_items"
file = "order_items.csv"
primary_key = "order_item_id"
columns = [
  { name = "order_item_id", type = "BIGINT", nullable = false },
  { name = "order_id", type = "BIGINT", nullable = false },
  { name = "product_id", type = "BIGINT", nullable = false },
]

[[joins]]
from = "order_items.order_id"
to = "orders.order_id"

[[joins]]
from = "order_items.product_id"
to = "products.product_id"

[[dimensions]]
name = "range"
column = "mountain.range"
kind = "categorical"
values = ["Kilimanjaro", "Rwenzori"]
"#,
    ))
}

/// Before the rows of a table, or last in the question, "contain(s)"
/// says "have"; before text, it is still a search.
#[rstest]
#[case::contains_most("Which range contains the most mountains?", Ok("ORDER BY mountain_count DESC"))]
#[case::contains_at_least("Which ranges contain at least 3 mountains?", Ok("HAVING COUNT(*) >= 3"))]
#[case::contain_last("How many mountains does each range contain?", Ok("GROUP BY"))]
#[case::contains_text("Which mountains have a name that contains 'Kib'?", Ok("LIKE '%Kib%'"))]
#[case::containing_text("List the mountains whose names contain \"Kib\".", Ok("'%Kib%'"))]
fn contain_before_rows_says_have(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ranges(), question, want);
}

/// "The number of unique orders": "unique" after the cue "the number of"
/// counts each order once, also through the order lines of a product.
#[rstest]
#[case::unique_orders("Show the product ids and the number of unique orders containing each product.", Ok("COUNT(DISTINCT orders.order_id)"))]
#[case::different_orders("Show the number of different orders for each product.", Ok("COUNT(DISTINCT orders.order_id)"))]
#[case::plain_count("Show the number of orders for each product.", Ok("COUNT("))]
fn unique_after_the_number_of_counts_distinct_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ranges(), question, want);
}

/// Departments, their courses and their students.
fn college() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "college34"
description = "made up"
derived = true

[[tables]]
name = "department"
file = "department.csv"
primary_key = "dept_name"
columns = [
  { name = "dept_name", type = "VARCHAR", nullable = false },
  { name = "building", type = "VARCHAR", nullable = false },
  { name = "budget", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "course"
file = "course.csv"
primary_key = "course_id"
columns = [
  { name = "course_id", type = "VARCHAR", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "dept_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "student"
file = "student.csv"
primary_key = "id"
label = "name"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "dept_name", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "course.dept_name"
to = "department.dept_name"

[[joins]]
from = "student.dept_name"
to = "department.dept_name"
"#,
    ))
}

/// "The names of the 3 departments with the most courses": the count
/// between "of the" and the rows is how many to show, the names are the
/// departments' own; "the highest amount of students" counts them as
/// "the most students" does.
#[rstest]
#[case::three_most("What are the names of the 3 departments with the most courses?", Ok("LIMIT 3"))]
#[case::top_three_amount("Find the names of the top 3 departments that provide the largest amount of courses?", Ok("ORDER BY course_count DESC NULLS LAST, dept_name ASC NULLS LAST\nLIMIT 3"))]
#[case::highest_amount("Find the name of department has the highest amount of students?", Ok("COUNT(*) AS student_count"))]
#[case::three_budget("What are the names of the 3 departments with the highest budget?", Ok("ORDER BY budget DESC NULLS LAST\nLIMIT 3"))]
#[case::amount_singular("Which department has the highest amount of budget?", Ok("ORDER BY budget DESC"))]
fn counts_before_rows_and_amounts_of_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&college(), question, want);
}

/// Addresses whose postcode is text, and incidents with a type code.
fn addresses_manifest() -> crate::semantic::Manifest {
    super::fixtures::from_toml(
        r#"name = "addresses34"
description = "made up"
derived = true

[[tables]]
name = "addresses"
file = "addresses.csv"
primary_key = "address_id"
columns = [
  { name = "address_id", type = "BIGINT", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
  { name = "zip_postcode", type = "VARCHAR", nullable = false },
  { name = "phone_code", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "incident"
file = "incident.csv"
primary_key = "incident_id"
columns = [
  { name = "incident_id", type = "BIGINT", nullable = false },
  { name = "incident_type_code", type = "VARCHAR", nullable = false },
]
"#,
    )
}

/// "Zip code 197" where the column is `zip_postcode`, text: "zip" names it
/// in part and "code" is in its name; the value index shows the number
/// stored there. Not when two columns named so hold it.
#[rstest]
#[case::zip_code("How many addresses have zip code 197?", &["197", "937"], &["44"], Ok("WHERE addresses.zip_postcode = '197'"))]
#[case::whose_zip_code("How many addresses are there whose zip code is 197?", &["197", "937"], &["44"], Ok("WHERE addresses.zip_postcode = '197'"))]
#[case::one_holder("How many addresses have code 44?", &["197", "937"], &["44"], Ok("WHERE addresses.phone_code = '44'"))]
#[case::two_holders("How many addresses have code 197?", &["197", "937"], &["197"], Err(""))]
#[case::not_held("How many addresses have zip code 555?", &["197", "937"], &["44"], Err(""))]
fn a_number_stored_in_a_text_column_named_in_two_words(
    #[case] question: &str,
    #[case] zips: &[&str],
    #[case] phones: &[&str],
    #[case] want: Result<&str, &str>,
) {
    use super::fixtures::indexed;
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![
            indexed("addresses", "zip_postcode", zips),
            indexed("addresses", "phone_code", phones),
            indexed("incident", "incident_type_code", &["NOISE", "197"]),
        ],
    };
    let planner = OfflinePlanner::new(&addresses_manifest()).with_values(Some(&values));
    planner_answers(&planner, question, want);
}

/// Pilots and their records (`pilot_record`).
fn pilots() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "pilots34"
description = "made up"
derived = true

[[tables]]
name = "pilot"
file = "pilot.csv"
primary_key = "pilot_id"
label = "pilot_name"
columns = [
  { name = "pilot_id", type = "BIGINT", nullable = false },
  { name = "pilot_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "pilot_record"
file = "pilot_record.csv"
primary_key = "record_id"
columns = [
  { name = "record_id", type = "BIGINT", nullable = false },
  { name = "pilot_id", type = "BIGINT", nullable = false },
  { name = "date", type = "DATE", nullable = false },
]

[[joins]]
from = "pilot_record.pilot_id"
to = "pilot.pilot_id"
"#,
    ))
}

/// "Record", a filler word, after "any" or "no" is the rows of the table
/// named so, as the plural "records" is.
#[rstest]
#[case::any_record("List the names of pilots that do not have any record.", Ok("NOT EXISTS (SELECT 1 FROM pilot_record"))]
#[case::no_record("List the names of pilots that have no record.", Ok("NOT EXISTS (SELECT 1 FROM pilot_record"))]
#[case::no_records("List the names of pilots that have no records.", Ok("NOT EXISTS (SELECT 1 FROM pilot_record"))]
#[case::with_a_record("How many pilots are there?", Ok("COUNT(*)"))]
fn a_filler_noun_after_any_names_the_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&pilots(), question, want);
}

/// Customers, their policies (started and ended) and their rentals (with
/// three dates, one named for the rental).
fn customers() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "customers34"
description = "made up"
derived = true

[[tables]]
name = "customer"
file = "customer.csv"
primary_key = "customer_id"
columns = [
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "policies"
file = "policies.csv"
primary_key = "policy_id"
columns = [
  { name = "policy_id", type = "BIGINT", nullable = false },
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "start_date", type = "DATE", nullable = false },
  { name = "end_date", type = "DATE", nullable = false },
]

[[tables]]
name = "rental"
file = "rental.csv"
primary_key = "rental_id"
columns = [
  { name = "rental_id", type = "BIGINT", nullable = false },
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "rental_date", type = "TIMESTAMP", nullable = false },
  { name = "return_date", type = "TIMESTAMP", nullable = false },
  { name = "last_update", type = "TIMESTAMP", nullable = false },
]

[[joins]]
from = "policies.customer_id"
to = "customer.customer_id"

[[joins]]
from = "rental.customer_id"
to = "customer.customer_id"
"#,
    ))
}

/// "The customer who made the earliest rental", "who started a policy
/// most recently": the rows asked for are those the dated rows point at;
/// the date is the verb's column or the dated rows' own. Not when the
/// dated rows have two dates and nothing says which.
#[rstest]
#[case::earliest_rental("What is the first name and the last name of the customer who made the earliest rental?", Ok("FROM rental\nJOIN customer ON rental.customer_id = customer.customer_id\nORDER BY rental_date ASC NULLS LAST\nLIMIT 1"))]
#[case::started_most_recently("Find the customer who started a policy most recently.", Ok("ORDER BY start_date DESC NULLS LAST\nLIMIT 1"))]
#[case::rented_most_recently("Find the first name of the customer who made a rental most recently.", Ok("ORDER BY rental_date DESC NULLS LAST\nLIMIT 1"))]
#[case::two_dates("Which customer is associated with the latest policy?", Err(""))]
#[case::latest_rental_own("What is the date of the latest rental?", Ok("rental_date"))]
fn the_rows_pointed_at_by_the_latest_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&customers(), question, want);
}

/// Document types (a table of codes) and the documents of each type.
fn documents() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "documents34"
description = "made up"
derived = true

[[tables]]
name = "ref_document_types"
file = "ref_document_types.csv"
primary_key = "document_type_code"
columns = [
  { name = "document_type_code", type = "VARCHAR", nullable = false },
  { name = "document_type_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "documents"
file = "documents.csv"
primary_key = "document_id"
columns = [
  { name = "document_id", type = "BIGINT", nullable = false },
  { name = "document_type_code", type = "VARCHAR", nullable = false },
  { name = "document_name", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "documents.document_type_code"
to = "ref_document_types.document_type_code"
"#,
    ))
}

/// "The code of the document type that is most common": the rows' key,
/// then their noun, ranked by the rows pointing at them, as "the document
/// type that is most common" is.
#[rstest]
#[case::code_of_type("Return the code of the document type that is most common.", Ok("FROM documents\nJOIN ref_document_types"))]
#[case::type_itself("Which document type is the most common?", Ok("COUNT(*) AS documents_count"))]
fn the_key_of_rows_ranked_by_the_rows_pointing_at_them(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&documents(), question, want);
}

/// Faculty with a rank (Professor, Instructor) and a building.
fn faculty() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "faculty34"
description = "made up"
derived = true

[[tables]]
name = "faculty"
file = "faculty.csv"
primary_key = "facid"
columns = [
  { name = "facid", type = "BIGINT", nullable = false },
  { name = "lname", type = "VARCHAR", nullable = false },
  { name = "rank", type = "VARCHAR", nullable = false },
  { name = "building", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "rank"
column = "faculty.rank"
kind = "categorical"
values = ["Professor", "Instructor", "AssocProf"]

[[dimensions]]
name = "building"
column = "faculty.building"
kind = "categorical"
values = ["NEB", "Barton"]
"#,
    ))
}

/// "At least 10 professors" where Professor is a rank: a plural value
/// with no noun after it counts the rows holding it.
#[rstest]
#[case::at_least("Show all the buildings that have at least 10 professors.", Ok("HAVING COUNT(*) FILTER (WHERE faculty.rank = 'Professor') >= 10"))]
#[case::are_there("In which buildings are there at least ten professors?", Ok("HAVING COUNT(*) FILTER (WHERE faculty.rank = 'Professor') >= 10"))]
#[case::more_than("Which buildings have more than 2 instructors?", Ok("HAVING COUNT(*) FILTER (WHERE faculty.rank = 'Instructor') > 2"))]
#[case::value_then_noun("Which buildings have at least 3 professor faculty?", Ok("faculty.rank = 'Professor'"))]
fn a_plural_value_counts_the_rows_holding_it(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&faculty(), question, want);
}
