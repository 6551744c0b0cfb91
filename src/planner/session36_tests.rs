//! Table-driven tests of the planner changes of the thirty-sixth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Students and faculty, both with a first name `fname` that
/// `datasets add` spells "first name"; the students' is a categorical
/// dimension (few different names), the faculty's a plain column. Both
/// take part in activities, through `participates_in` (students) and
/// `faculty_participates_in`.
fn campus() -> OfflinePlanner {
    OfflinePlanner::new(&campus_manifest())
}

fn campus_manifest() -> crate::semantic::Manifest {
    super::fixtures::from_toml(
        r#"name = "campus36"
description = "made up"
derived = true

[[tables]]
name = "student"
file = "student.csv"
primary_key = "stuid"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "fname", type = "VARCHAR", nullable = false, synonyms = ["fname", "first name"] },
  { name = "lname", type = "VARCHAR", nullable = false, synonyms = ["lname", "last name"] },
  { name = "age", type = "BIGINT", nullable = false },
]

[[tables]]
name = "faculty"
file = "faculty.csv"
primary_key = "facid"
columns = [
  { name = "facid", type = "BIGINT", nullable = false },
  { name = "fname", type = "VARCHAR", nullable = false, synonyms = ["fname", "first name"] },
  { name = "lname", type = "VARCHAR", nullable = false, synonyms = ["lname", "last name"] },
  { name = "rank", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "activity"
file = "activity.csv"
primary_key = "actid"
label = "activity_name"
columns = [
  { name = "actid", type = "BIGINT", nullable = false },
  { name = "activity_name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "participates_in"
file = "participates_in.csv"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "actid", type = "BIGINT", nullable = false },
]

[[tables]]
name = "faculty_participates_in"
file = "faculty_participates_in.csv"
columns = [
  { name = "facid", type = "BIGINT", nullable = false },
  { name = "actid", type = "BIGINT", nullable = false },
]

[[joins]]
from = "participates_in.stuid"
to = "student.stuid"

[[joins]]
from = "participates_in.actid"
to = "activity.actid"

[[joins]]
from = "faculty_participates_in.facid"
to = "faculty.facid"

[[joins]]
from = "faculty_participates_in.actid"
to = "activity.actid"

[[dimensions]]
name = "student_fname"
column = "student.fname"
kind = "categorical"
synonyms = ["fname", "first name"]
values = ["Linda", "Mark", "Tracy"]

[[dimensions]]
name = "rank"
column = "faculty.rank"
kind = "categorical"
synonyms = ["rank"]
values = ["Professor", "Instructor"]
"#,
    )
}

/// "first name", a column of both tables and a dimension's synonym of
/// one: the table the question is about decides (a guard for the shared
/// phrase; these readings were already right before it).
#[rstest]
#[case::faculty_rank("Show the first name and last name for all the instructors.", Ok("faculty.fname"))]
#[case::faculty_named("What are the first names of all faculty?", Ok("faculty.fname"))]
#[case::students_named("What are the first names of students older than 20?", Ok("student.fname"))]
fn a_phrase_several_columns_are_called_by_is_shared(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&campus(), question, want);
}

/// "Mark Giuliano": "Mark" is a listed first name of a student, but the
/// whole name splits over a faculty member's first and last name, which
/// is what the question names; with "Mark" alone a student's, it is
/// read so.
#[rstest]
#[case::split_over_faculty("What is the rank of Mark Giuliano?", &["Mark", "Linda"], &["Giuliano", "Smith"], Ok("faculty.lname = 'Giuliano'"))]
#[case::first_name_alone("How many students are named Mark?", &["Mark", "Linda"], &["Giuliano", "Smith"], Ok("student.fname = 'Mark'"))]
#[case::through_the_sibling_link("Show the names of all the activities Mark Giuliano participates in.", &["Mark", "Linda"], &["Giuliano", "Smith"], Ok("JOIN faculty_participates_in"))]
#[case::students_link("Show the names of all the activities Tracy participates in.", &["Mark", "Linda"], &["Giuliano", "Smith"], Ok("JOIN participates_in"))]
#[case::no_split("What is the rank of Mark Zorba?", &["Mark", "Linda"], &["Giuliano", "Smith"], Err(""))]
fn a_known_first_name_beside_an_unknown_word_is_a_split_name(
    #[case] question: &str,
    #[case] faculty_first: &[&str],
    #[case] faculty_last: &[&str],
    #[case] want: Result<&str, &str>,
) {
    use super::fixtures::indexed;
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![
            indexed("student", "fname", &["Mark", "Tracy", "Linda"]),
            indexed("student", "lname", &["Adams", "Brown"]),
            indexed("faculty", "fname", faculty_first),
            indexed("faculty", "lname", faculty_last),
            indexed("faculty", "rank", &["Professor", "Instructor"]),
            indexed("activity", "activity_name", &["Canoeing", "Chess"]),
        ],
    };
    let planner = OfflinePlanner::new(&campus_manifest()).with_values(Some(&values));
    planner_answers(&planner, question, want);
}


/// Products and services, each with a `product_name` that `datasets add`
/// made a categorical dimension called "product name", and a price.
fn shop() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "shop36"
description = "made up"
derived = true

[[tables]]
name = "products"
file = "products.csv"
primary_key = "product_id"
label = "product_name"
columns = [
  { name = "product_id", type = "BIGINT", nullable = false },
  { name = "product_name", type = "VARCHAR", nullable = false, synonyms = ["product name"] },
  { name = "product_price", type = "DOUBLE", nullable = false, synonyms = ["product price"] },
]

[[tables]]
name = "services"
file = "services.csv"
primary_key = "service_id"
label = "product_name"
columns = [
  { name = "service_id", type = "BIGINT", nullable = false },
  { name = "product_name", type = "VARCHAR", nullable = false, synonyms = ["product name"] },
  { name = "product_price", type = "DOUBLE", nullable = false, synonyms = ["product price"] },
]

[[metrics]]
name = "avg_products_product_price"
expr = "AVG(products.product_price)"
table = "products"
synonyms = ["average product price"]

[[metrics]]
name = "avg_services_product_price"
expr = "AVG(services.product_price)"
table = "services"
synonyms = ["average product price"]

[[dimensions]]
name = "products_product_name"
column = "products.product_name"
kind = "categorical"
synonyms = ["product name"]
values = ["dinning", "film"]

[[dimensions]]
name = "services_product_name"
column = "services.product_name"
kind = "categorical"
synonyms = ["product name"]
values = ["photo", "film"]
"#,
    ))
}

/// "product name", a dimension's name of both tables: it names no more
/// than each column, so the rest of the question (the products' price)
/// decides, not the last dimension listed.
#[rstest]
#[case::grouped_average("For each distinct product name, show its average product price.", Ok("SELECT products.product_name AS products_product_name, AVG(products.product_price)"))]
#[case::having_average("What are the product names with average product price smaller than 1000000?", Ok("products.product_name"))]
fn a_dimension_phrase_of_two_tables_is_shared(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&shop(), question, want);
}
