//! Table-driven tests of the planner changes of the thirty-eighth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Halls of residence with a capacity named for what they hold, the
/// students who live in them, and guest rooms whose capacity is one word
/// run together (`maxoccupancy`), as `datasets add` writes them.
fn housing() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "campus38"
description = "made up"
derived = true

[[tables]]
name = "hall"
file = "hall.csv"
primary_key = "hall_id"
label = "hall_name"
columns = [
  { name = "hall_id", type = "BIGINT", nullable = false },
  { name = "hall_name", type = "VARCHAR", nullable = false },
  { name = "student_capacity", type = "BIGINT", nullable = false },
]

[[tables]]
name = "student"
file = "student.csv"
primary_key = "stuid"
label = "lname"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "lname", type = "VARCHAR", nullable = false },
  { name = "age", type = "BIGINT", nullable = false },
]

[[tables]]
name = "lives_in"
file = "lives_in.csv"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "hall_id", type = "BIGINT", nullable = false },
  { name = "room_number", type = "BIGINT", nullable = false },
]

[[joins]]
from = "lives_in.stuid"
to = "student.stuid"

[[joins]]
from = "lives_in.hall_id"
to = "hall.hall_id"
"#,
    ))
}

fn inn() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "lodging38"
description = "made up"
derived = true

[[tables]]
name = "rooms"
file = "rooms.csv"
primary_key = "roomid"
label = "roomname"
columns = [
  { name = "roomid", type = "VARCHAR", nullable = false },
  { name = "roomname", type = "VARCHAR", nullable = false },
  { name = "maxoccupancy", type = "BIGINT", nullable = false },
  { name = "baseprice", type = "BIGINT", nullable = false },
]
"#,
    ))
}

/// A verb of holding followed by a number ("can accommodate more than 300
/// students", "can seat 50 to 100") compares the capacity column, and the
/// noun counted after the number is its unit, not a count of the rows it
/// names. "hold" says so only after a modal; with no capacity column the
/// question is not answered.
#[rstest]
#[case::accommodate("Find the name of halls that can accommodate more than 300 students.", Ok("hall.student_capacity > 300"))]
#[case::misspelt("What are the names of the halls that can accomdate more than 300 students?", Ok("hall.student_capacity > 300"))]
#[case::seat_a_range("Which halls can seat between 50 to 100 students?", Ok("hall.student_capacity BETWEEN 50 AND 100"))]
#[case::hold_after_can("Which halls can hold at least 200 students?", Ok("hall.student_capacity >= 200"))]
#[case::capacity_of_n_students("Find the name of halls that have a capacity of more than 300 students.", Ok("hall.student_capacity > 300"))]
#[case::have_counts_residents("Find the name of halls that have more than 300 students.", Ok("COUNT"))]
fn a_verb_of_holding_reads_the_capacity(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&housing(), question, want);
}

/// The capacity column found in a name run together (`maxoccupancy`),
/// with the people counted as its unit.
#[rstest]
#[case::people("Find the rooms that cost more than 160 and can accommodate more than 2 people.", Ok("rooms.maxoccupancy > 2"))]
#[case::sleep("Which rooms sleep 4 people?", Ok("rooms.maxoccupancy = 4"))]
fn a_capacity_run_together_is_found(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&inn(), question, want);
}

/// "between 50 to 100" is a range as "between 50 and 100" is.
#[rstest]
#[case::between_to("Which rooms have a base price between 100 to 200?", Ok("BETWEEN 100 AND 200"))]
fn between_n_to_m_is_a_range(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&inn(), question, want);
}

/// Products described in free text and customers with one name column.
fn shop() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "corner38"
description = "made up"
derived = true

[[tables]]
name = "products"
file = "products.csv"
primary_key = "product_id"
columns = [
  { name = "product_id", type = "BIGINT", nullable = false },
  { name = "product_details", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "customers"
file = "customers.csv"
primary_key = "customer_id"
label = "customer_name"
columns = [
  { name = "customer_id", type = "BIGINT", nullable = false },
  { name = "customer_name", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

/// "the full name" where no table splits names into first and last, and
/// "the full detail", ask for the column itself; "contains 'A' or 'B'" is
/// either text, "contains 'A' and 'B'" both.
#[rstest]
#[case::full_name("Which customer's name contains \"Alex\"? Find the full name.", Ok("customers.customer_name ILIKE '%Alex%'"))]
#[case::full_detail("Which product's detail contains the word \"Latte\"? Return the full detail.", Ok("products.product_details ILIKE '%Latte%'"))]
#[case::contains_either("Find the details of products whose detail contains the word \"Latte\" or \"Americano\".", Ok("((products.product_details ILIKE '%Latte%') OR (products.product_details ILIKE '%Americano%'))"))]
#[case::contains_both("Which products have details containing \"Latte\" and \"Americano\"?", Ok("products.product_details ILIKE '%Latte%' AND products.product_details ILIKE '%Americano%'"))]
fn full_stresses_and_texts_are_searched_together(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&shop(), question, want);
}

/// Where a table keeps first and last names apart, "full name" is still
/// both of them.
#[test]
fn a_full_name_of_split_names_is_both_parts() {
    let planner = OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "crew38"
description = "made up"
derived = true

[[tables]]
name = "employees"
file = "employees.csv"
primary_key = "employee_id"
columns = [
  { name = "employee_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
  { name = "city", type = "VARCHAR", nullable = false },
]
"#,
    ));
    planner_answers(&planner, "Find the full names of employees living in the city \"Calgary\".", Ok("employees.first_name AS first_name, employees.last_name AS last_name"));
}

/// Films, the critics who rate them (ratings link the two), and studios
/// that make films; with the names stored, as a value index has them.
fn critics(question: &str, want: Result<&str, &str>) {
    use super::fixtures::indexed;
    let manifest = super::fixtures::from_toml(
        r#"name = "screen38"
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
  { name = "studio_id", type = "BIGINT", nullable = false },
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
name = "rating"
file = "rating.csv"
columns = [
  { name = "cid", type = "BIGINT", nullable = false },
  { name = "fid", type = "BIGINT", nullable = false },
  { name = "stars", type = "BIGINT", nullable = false },
]

[[tables]]
name = "studio"
file = "studio.csv"
primary_key = "studio_id"
label = "studio_name"
columns = [
  { name = "studio_id", type = "BIGINT", nullable = false },
  { name = "studio_name", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "rating.cid"
to = "critic.cid"

[[joins]]
from = "rating.fid"
to = "film.fid"

[[joins]]
from = "film.studio_id"
to = "studio.studio_id"
"#,
    );
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![
            indexed("critic", "name", &["Chris Jackson", "Ada Byron"]),
            indexed("studio", "studio_name", &["Sony Pictures", "Acme Progress Films"]),
        ],
    };
    planner_answers(&OfflinePlanner::new(&manifest).with_values(Some(&values)), question, want);
}

/// "not <verb> by <name>": the name's rows reached through one linking
/// table means no linking row whose other end has it (the titles listed
/// once each); on a table the rows point at, the name is negated; a name
/// found only inside longer values is not read as negated.
#[rstest]
#[case::through_a_link(
    "Find the titles of all films not reviewed by Chris Jackson.",
    Ok("NOT EXISTS (SELECT 1 FROM rating WHERE rating.fid = film.fid AND rating.cid IN (SELECT critic.cid FROM critic WHERE critic.cid IS NOT NULL AND critic.name = 'Chris Jackson'))")
)]
#[case::names_once("Find the titles of all films not reviewed by Chris Jackson.", Ok("SELECT DISTINCT film.title"))]
#[case::pointed_at("How many films are not made by Sony Pictures?", Ok("studio.studio_name != 'Sony Pictures'"))]
#[case::only_inside_longer_values("Which films are not made by Progress?", Err("Progress"))]
fn not_by_a_name_excludes_the_rows_it_reaches(#[case] question: &str, #[case] want: Result<&str, &str>) {
    critics(question, want);
}

/// Countries keyed by a code, with a form of government.
fn nations() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "atlas38"
description = "made up"
derived = true

[[tables]]
name = "country"
file = "country.csv"
primary_key = "code"
label = "name"
columns = [
  { name = "code", type = "VARCHAR", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "governmentform", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "governmentform"
column = "country.governmentform"
kind = "categorical"
values = ["Republic", "Monarchy", "Federal Republic"]
"#,
    ))
}

/// "whose government form is not 'Republic'": the column named before
/// the negation is the condition's, not a column to list in place of the
/// codes asked for.
#[rstest]
#[case::negated("List the codes of the countries whose government form is not Republic.", Ok("SELECT country.code AS code"))]
#[case::plain("List the codes of the countries whose government form is Republic.", Ok("SELECT country.code AS code"))]
fn a_column_before_not_is_the_conditions(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&nations(), question, want);
}

/// A function word misspelt by one letter or a swap ("teh", "whcih") is
/// read as that word; one near a cue's first word ("hom many") is not;
/// "regarding", "everybody" and "haven't" are function words.
#[rstest]
#[case::teh("Show teh names of all customers.", Ok("customers.customer_name"))]
#[case::regarding("List all information regarding customers.", Ok("customers.customer_id"))]
#[case::near_a_cue("Hom many customers are there?", Err(""))]
fn misspelt_and_plain_function_words(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&shop(), question, want);
}

#[rstest]
#[case::havent("Which films haven't been reviewed by Chris Jackson?", Ok("NOT EXISTS (SELECT 1 FROM rating"))]
#[case::corresponding_rows_listed("What are the names of studios as well as the corresonding films?", Ok("JOIN studio ON film.studio_id = studio.studio_id"))]
fn contractions_and_nouns_listed_beside(#[case] question: &str, #[case] want: Result<&str, &str>) {
    critics(question, want);
}
