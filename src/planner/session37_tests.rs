//! Table-driven tests of the planner changes of the thirty-seventh round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// A catalogue whose prices are stored twice, in dollars and in euros,
/// and bridges whose length is stored in metres and in feet, as
/// `datasets add` writes them (no units declared).
fn catalogue() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "catalogue37"
description = "made up"
derived = true

[[tables]]
name = "items"
file = "items.csv"
primary_key = "item_id"
label = "item_name"
columns = [
  { name = "item_id", type = "BIGINT", nullable = false },
  { name = "item_name", type = "VARCHAR", nullable = false },
  { name = "capacity", type = "BIGINT", nullable = false },
  { name = "price_in_dollars", type = "DOUBLE", nullable = false },
  { name = "price_in_euros", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "bridge"
file = "bridge.csv"
primary_key = "bridge_id"
label = "name"
columns = [
  { name = "bridge_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "location", type = "VARCHAR", nullable = false },
  { name = "length_meters", type = "DOUBLE", nullable = false },
  { name = "length_feet", type = "DOUBLE", nullable = false },
]
"#,
    ))
}

/// The unit written after a measure chooses, among the columns of its
/// table that hold the measure, the one named with that unit, spelled
/// out or as a symbol; with no unit, or a word that is no unit, nothing
/// is chosen for it.
#[rstest]
#[case::bracketed_currency("What is the average price (in Euro) of all items?", Ok("AVG(items.price_in_euros)"))]
#[case::currency_code_after_a_number("Find the names of items with price greater than 700 (in USD).", Ok("items.price_in_dollars > 700"))]
#[case::currency_code_of_an_extreme("Find the name of the item with the highest price (in USD).", Ok("ORDER BY price_in_dollars DESC"))]
#[case::spelled_unit("What is the average length in feet of the bridges?", Ok("AVG(bridge.length_feet)"))]
#[case::other_spelled_unit("What is the average length in meters of the bridges?", Ok("AVG(bridge.length_meters)"))]
#[case::symbol_of_a_unit("What is the maximum length in ft of the bridges?", Ok("MAX(bridge.length_feet)"))]
#[case::unit_of_no_column("What is the average length in miles of the bridges?", Err("miles"))]
#[case::listed_with_its_unit("List the length in meters and the name of each bridge.", Ok("bridge.length_meters"))]
fn a_unit_after_a_measure_chooses_its_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&catalogue(), question, want);
}

/// Documents, and the documents that have expenses in a table of their
/// own keyed by the document (`documents_with_expenses`, which also
/// points at a budget code).
fn expenses() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "paperwork37"
description = "made up"
derived = true

[[tables]]
name = "documents"
file = "documents.csv"
primary_key = "document_id"
label = "document_name"
columns = [
  { name = "document_id", type = "BIGINT", nullable = false },
  { name = "document_name", type = "VARCHAR", nullable = false },
  { name = "document_type_code", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "documents_with_expenses"
file = "documents_with_expenses.csv"
primary_key = "document_id"
columns = [
  { name = "document_id", type = "BIGINT", nullable = false },
  { name = "budget_type_code", type = "VARCHAR", nullable = false },
  { name = "document_details", type = "VARCHAR", nullable = true },
]

[[tables]]
name = "ref_budget_codes"
file = "ref_budget_codes.csv"
primary_key = "budget_type_code"
columns = [
  { name = "budget_type_code", type = "VARCHAR", nullable = false },
  { name = "budget_type_description", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "documents_with_expenses.document_id"
to = "documents.document_id"

[[joins]]
from = "documents_with_expenses.budget_type_code"
to = "ref_budget_codes.budget_type_code"
"#,
    ))
}

/// The last noun of a table named "documents with expenses", keyed by the
/// documents it extends, names its rows: documents that have (or do not
/// have) expenses.
#[rstest]
#[case::without("How many documents do not have any expense?", Ok("NOT EXISTS (SELECT 1 FROM documents_with_expenses"))]
#[case::without_listed("Return the ids of documents that do not have expenses.", Ok("NOT EXISTS (SELECT 1 FROM documents_with_expenses"))]
#[case::with("How many documents have expenses?", Ok("WHERE EXISTS (SELECT 1 FROM documents_with_expenses"))]
fn the_tail_of_a_table_extending_another_names_its_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&expenses(), question, want);
}

/// Employees and their roles, keyed by a text code ('ED') that a
/// description spells out.
fn staff() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "staff37"
description = "made up"
derived = true

[[tables]]
name = "roles"
file = "roles.csv"
primary_key = "role_code"
columns = [
  { name = "role_code", type = "VARCHAR", nullable = false },
  { name = "role_description", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "employees"
file = "employees.csv"
primary_key = "employee_id"
label = "employee_name"
columns = [
  { name = "employee_id", type = "BIGINT", nullable = false },
  { name = "role_code", type = "VARCHAR", nullable = false },
  { name = "employee_name", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "employees.role_code"
to = "roles.role_code"
"#,
    ))
}

/// "The role of" an employee, when roles are keyed by a code: the
/// description says what the role is; the code is shown when asked for.
#[rstest]
#[case::the_role("What is the role of the employee named Koby?", Ok("roles.role_description"))]
#[case::the_role_code("What is the role code of the employee named Koby?", Ok("role_code"))]
fn a_row_keyed_by_a_code_is_shown_by_its_description(#[case] question: &str, #[case] want: Result<&str, &str>) {
    use super::fixtures::indexed;
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![indexed("employees", "employee_name", &["Koby", "Kenyon"]), indexed("roles", "role_code", &["ED", "PR"])],
    };
    planner_answers(&staff().with_values(Some(&values)), question, want);
}

/// Weekly weather with a wind speed in miles per hour (`wind_speed_mph`)
/// and in kilometres per hour.
fn weather() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "weather37"
description = "made up"
derived = true

[[tables]]
name = "weekly_weather"
file = "weekly_weather.csv"
columns = [
  { name = "station_id", type = "BIGINT", nullable = false },
  { name = "day_of_week", type = "VARCHAR", nullable = false },
  { name = "wind_speed_mph", type = "DOUBLE", nullable = false },
  { name = "wind_speed_kph", type = "DOUBLE", nullable = false },
]
"#,
    ))
}

/// A rate's unit, "in miles per hour", chooses `wind_speed_mph`, and its
/// "per hour" is the unit's, no time period.
#[rstest]
#[case::miles_per_hour("What is the highest wind speed in miles per hour?", Ok("MAX(weekly_weather.wind_speed_mph)"))]
#[case::kilometres_per_hour("What is the average wind speed in km per hour?", Ok("AVG(weekly_weather.wind_speed_kph)"))]
fn a_rate_after_a_measure_chooses_its_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&weather(), question, want);
}

/// Rooms of an inn, named by a run-together `roomname`, with a decor.
fn inn() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "inn37"
description = "made up"
derived = true

[[tables]]
name = "rooms"
file = "rooms.csv"
primary_key = "roomid"
columns = [
  { name = "roomid", type = "VARCHAR", nullable = false },
  { name = "roomname", type = "VARCHAR", nullable = false },
  { name = "beds", type = "BIGINT", nullable = false },
  { name = "bedtype", type = "VARCHAR", nullable = false, synonyms = ["bed type", "type of bed"] },
  { name = "decor", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "decor"
column = "rooms.decor"
kind = "categorical"
synonyms = ["decor"]
values = ["traditional", "modern"]
"#,
    ))
}

/// A bare "name" listed "of" rows that a value picks out ("all
/// traditional rooms") is the rows' own name column, as with no value.
#[rstest]
#[case::value_before_the_noun("List the type of bed and name of all traditional rooms.", Ok("rooms.roomname"))]
#[case::no_value("List the type of bed and name of all rooms.", Ok("rooms.roomname"))]
fn a_name_of_rows_a_value_picks_is_their_name(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&inn(), question, want);
}

/// Document types keyed by a code, with a name and a description.
fn document_types() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "doctypes37"
description = "made up"
derived = true

[[tables]]
name = "ref_document_types"
file = "ref_document_types.csv"
primary_key = "document_type_code"
columns = [
  { name = "document_type_code", type = "VARCHAR", nullable = false },
  { name = "document_type_name", type = "VARCHAR", nullable = false },
  { name = "document_type_description", type = "VARCHAR", nullable = false },
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

/// "names" in a list of columns all of one table ("the codes, names, and
/// descriptions of the document types") is that table's name column.
#[rstest]
#[case::listed_with_codes("What are the codes, names, and descriptions of the different document types?", Ok("ref_document_types.document_type_name"))]
fn a_bare_name_among_a_tables_columns_is_its_name(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&document_types(), question, want);
}

/// Orders as placed and as delivered, each with a status code.
fn deliveries() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "deliveries37"
description = "made up"
derived = true

[[tables]]
name = "regular_orders"
file = "regular_orders.csv"
primary_key = "regular_order_id"
columns = [
  { name = "regular_order_id", type = "BIGINT", nullable = false },
  { name = "distributer_id", type = "BIGINT", nullable = false },
]

[[tables]]
name = "actual_orders"
file = "actual_orders.csv"
primary_key = "actual_order_id"
columns = [
  { name = "actual_order_id", type = "BIGINT", nullable = false },
  { name = "order_status_code", type = "VARCHAR", nullable = false },
  { name = "regular_order_id", type = "BIGINT", nullable = false },
  { name = "actual_order_date", type = "TIMESTAMP", nullable = false },
]

[[tables]]
name = "order_deliveries"
file = "order_deliveries.csv"
columns = [
  { name = "location_code", type = "VARCHAR", nullable = false },
  { name = "actual_order_id", type = "BIGINT", nullable = false },
  { name = "delivery_status_code", type = "VARCHAR", nullable = false },
  { name = "delivery_date", type = "TIMESTAMP", nullable = false },
]

[[joins]]
from = "actual_orders.regular_order_id"
to = "regular_orders.regular_order_id"

[[joins]]
from = "order_deliveries.actual_order_id"
to = "actual_orders.actual_order_id"

[[dimensions]]
name = "order_status_code"
column = "actual_orders.order_status_code"
kind = "categorical"
synonyms = ["order status code", "status"]
values = ["Success", "Cancel"]

[[dimensions]]
name = "delivery_status_code"
column = "order_deliveries.delivery_status_code"
kind = "categorical"
synonyms = ["delivery status code", "status"]
values = ["Ready", "On Road"]
"#,
    ))
}

/// "the ids of orders whose status is 'Success'": the ids are the keys of
/// the orders the status is of.
#[rstest]
#[case::ids_of_orders("Find the ids of orders whose status is 'Success'.", Ok("actual_orders.actual_order_id"))]
fn the_ids_of_rows_a_condition_picks_are_their_keys(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&deliveries(), question, want);
}

/// Museum visitors with a membership level.
fn museum() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "museum37"
description = "made up"
derived = true

[[tables]]
name = "visitor"
file = "visitor.csv"
primary_key = "id"
label = "name"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "level_of_membership", type = "BIGINT", nullable = false, synonyms = ["level of membership"] },
  { name = "age", type = "BIGINT", nullable = false },
]
"#,
    ))
}

/// "by the level from high to low": the generic word after "by" is the
/// key (the one column of the rows named with it), not the name shown.
#[rstest]
#[case::level_after_by(
    "Find the names of the visitors whose membership level is higher than 4, and order the results by the level from high to low.",
    Ok("ORDER BY level_of_membership DESC")
)]
#[case::named_key("List the names of the visitors ordered by age from high to low.", Ok("ORDER BY age DESC"))]
fn a_generic_word_after_by_is_the_order_key(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&museum(), question, want);
}
