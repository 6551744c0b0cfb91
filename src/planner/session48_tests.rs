//! Table-driven tests of the planner changes of the forty-eighth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// A bakery's orders, each with a payment amount, and the deliveries of
/// some of them, with their own details and dates.
fn bakery() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "bakery48"
description = "made up"
derived = true

[[tables]]
name = "orders"
file = "orders.csv"
primary_key = "order_id"
columns = [
  { name = "order_id", type = "BIGINT", nullable = false },
  { name = "date_of_order", type = "DATE", nullable = false },
  { name = "amount_of_payment", type = "DOUBLE", nullable = false },
  { name = "loaves", type = "BIGINT", nullable = false },
]

[[tables]]
name = "deliveries"
file = "deliveries.csv"
primary_key = "delivery_id"
columns = [
  { name = "delivery_id", type = "BIGINT", nullable = false },
  { name = "order_id", type = "BIGINT", nullable = false },
  { name = "delivery_details", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "deliveries.order_id"
to = "orders.order_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "amount" alone names no column, but compared, it is the one number
// column of the rows with that word: with a form of "be" between it and
// the comparison, and for the rows the phrase hangs on when another table
// was read first.
#[case("Show the largest number of loaves of orders where the amount is smaller than 100", Ok("WHERE orders.amount_of_payment < 100"))]
#[case("What are the delivery details and dates of orders with amount smaller than 30?", Ok("WHERE orders.amount_of_payment < 30"))]
#[case("Which orders have an amount above 50?", Ok("WHERE orders.amount_of_payment > 50"))]
fn a_filler_word_compared_names_the_one_column_with_it(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&bakery(), question, want);
}

/// Films and the ratings reviewers gave them, in stars.
fn films() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "films48"
description = "made up"
derived = true

[[tables]]
name = "film"
file = "film.csv"
primary_key = "fid"
label = "title"
columns = [
  { name = "fid", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "year", type = "BIGINT", nullable = false },
]

[[tables]]
name = "critic"
file = "critic.csv"
primary_key = "cid"
label = "name"
columns = [
  { name = "cid", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "review"
file = "review.csv"
columns = [
  { name = "fid", type = "BIGINT", nullable = false },
  { name = "cid", type = "BIGINT", nullable = false },
  { name = "stars", type = "BIGINT", nullable = false },
]

[[joins]]
from = "review.fid"
to = "film.fid"

[[joins]]
from = "review.cid"
to = "critic.cid"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A whole number before the plural noun of a number column, after a verb
// the dataset does not name, or of rows that point at the ones listed,
// is that column's value.
#[case("Which critics gave 5 stars?", Ok("review.stars = 5"))]
#[case("What are the titles of films that received 4 stars?", Ok("review.stars = 4"))]
#[case("What are the titles of all films that received 3 or 4 stars?", Ok("review.stars IN (3, 4)"))]
#[case("Which films have 2 stars?", Ok("review.stars = 2"))]
// A count of the listed rows' own table stays a count.
#[case("Which critics reviewed 3 films?", Err(""))]
fn a_number_before_a_number_columns_noun_is_its_value(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&films(), question, want);
}

/// A workshop's work orders, the parts kept, and the parts each order used
/// with how many of each.
fn workshop() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "workshop48"
description = "made up"
derived = true

[[tables]]
name = "work_orders"
file = "work_orders.csv"
primary_key = "wo_id"
columns = [
  { name = "wo_id", type = "BIGINT", nullable = false },
  { name = "opened", type = "DATE", nullable = false },
  { name = "priority", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "parts"
file = "parts.csv"
primary_key = "part_id"
label = "part_name"
columns = [
  { name = "part_id", type = "BIGINT", nullable = false },
  { name = "part_name", type = "VARCHAR", nullable = false },
  { name = "unit_cost", type = "DOUBLE", nullable = false },
]

[[tables]]
name = "parts_used"
file = "parts_used.csv"
columns = [
  { name = "wo_id", type = "BIGINT", nullable = false },
  { name = "part_id", type = "BIGINT", nullable = false },
  { name = "qty", type = "BIGINT", nullable = false },
]

[[joins]]
from = "parts_used.wo_id"
to = "work_orders.wo_id"

[[joins]]
from = "parts_used.part_id"
to = "parts.part_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A whole number right after the singular noun of a table numbered by its
// key names one row.
#[case("What is the priority of work order 5006?", Ok("WHERE work_orders.wo_id = 5006"))]
#[case("Which parts were used in work order 5006?", Ok("work_orders.wo_id = 5006"))]
#[case("What is the unit cost of part 12?", Ok("WHERE parts.part_id = 12"))]
// A number right after a column called an id is its value, also after
// "by", which would read the column as a group.
#[case("List the quantities of parts used by part id 7.", Ok("part_id = 7"))]
// A sum of a per-unit figure where quantities are kept is no total.
#[case("What was the total cost of the parts used in work order 5006?", Err("times the quantity"))]
#[case("What is the total unit cost of all parts?", Err("times the quantity"))]
#[case("What is the average unit cost of parts?", Ok("AVG(parts.unit_cost)"))]
fn numbered_rows_and_per_unit_sums(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&workshop(), question, want);
}

/// Students, courses, and each registration of a student for a course.
fn registry() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "registry48"
description = "made up"
derived = true

[[tables]]
name = "students"
file = "students.csv"
primary_key = "student_id"
columns = [
  { name = "student_id", type = "BIGINT", nullable = false },
  { name = "student_details", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "courses"
file = "courses.csv"
primary_key = "course_id"
columns = [
  { name = "course_id", type = "BIGINT", nullable = false },
  { name = "course_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "student_course_registrations"
file = "student_course_registrations.csv"
columns = [
  { name = "student_id", type = "BIGINT", nullable = false },
  { name = "course_id", type = "BIGINT", nullable = false },
  { name = "registration_date", type = "TIMESTAMP", nullable = false },
]

[[joins]]
from = "student_course_registrations.student_id"
to = "students.student_id"

[[joins]]
from = "student_course_registrations.course_id"
to = "courses.course_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "most recently" orders by a date, never by a count of courses.
#[case("What is the id of the student who most recently registered course 301?", Err("most recently"))]
#[case("Which student registered for the most courses?", Ok("ORDER BY"))]
fn most_recently_is_no_count(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&registry(), question, want);
}

/// Flights numbered by `flno`, each flown by one aircraft.
fn flights() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "flights48"
description = "made up"
derived = true

[[tables]]
name = "flight"
file = "flight.csv"
primary_key = "flno"
columns = [
  { name = "flno", type = "BIGINT", nullable = false },
  { name = "origin", type = "VARCHAR", nullable = false },
  { name = "aid", type = "BIGINT", nullable = false },
]

[[tables]]
name = "aircraft"
file = "aircraft.csv"
primary_key = "aid"
label = "name"
columns = [
  { name = "aid", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "flight.aid"
to = "aircraft.aid"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "with number N": the one number column of the rows called a number.
#[case("What is the origin of the flight with number 99?", Ok("WHERE flight.flno = 99"))]
#[case("What is the aircraft name for the flight with number 99", Ok("flight.flno = 99"))]
fn with_number_is_the_column_called_a_number(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&flights(), question, want);
}
