//! Table-driven tests of the planner changes of the twenty-fifth round: a
//! measure two tables have alike ("the total amount claimed" of claims
//! and of settlements) is the one of the table the question names.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Claims and their settlements, both with an amount claimed (as Spider's
/// insurance_policies).
fn claims() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "claims25"
description = "made up"
derived = true

[[tables]]
name = "claims"
file = "claims.csv"
primary_key = "claim_id"
columns = [
  { name = "claim_id", type = "BIGINT", nullable = false },
  { name = "policy_id", type = "BIGINT", nullable = false },
  { name = "date_claim_made", type = "DATE", nullable = false },
  { name = "date_claim_settled", type = "DATE", nullable = false },
  { name = "amount_claimed", type = "BIGINT", nullable = false },
  { name = "amount_settled", type = "BIGINT", nullable = false },
]

[[tables]]
name = "settlements"
file = "settlements.csv"
primary_key = "settlement_id"
columns = [
  { name = "settlement_id", type = "BIGINT", nullable = false },
  { name = "claim_id", type = "BIGINT", nullable = false },
  { name = "date_claim_made", type = "DATE", nullable = false },
  { name = "date_claim_settled", type = "DATE", nullable = false },
  { name = "amount_claimed", type = "BIGINT", nullable = false },
  { name = "amount_settled", type = "BIGINT", nullable = false },
]

[[joins]]
from = "settlements.claim_id"
to = "claims.claim_id"

[[metrics]]
name = "sum_claims_amount_claimed"
expr = "SUM(claims.amount_claimed)"
table = "claims"
synonyms = ["total amount claimed"]

[[metrics]]
name = "avg_claims_amount_settled"
expr = "AVG(claims.amount_settled)"
table = "claims"
synonyms = ["average amount settled"]

[[metrics]]
name = "sum_settlements_amount_claimed"
expr = "SUM(settlements.amount_claimed)"
table = "settlements"
synonyms = ["total amount claimed"]

[[metrics]]
name = "avg_settlements_amount_settled"
expr = "AVG(settlements.amount_settled)"
table = "settlements"
synonyms = ["average amount settled"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("What is the total amount claimed across all the claims?", "SUM(claims.amount_claimed)")]
#[case("What is the total amount claimed of all claims?", "SUM(claims.amount_claimed)")]
#[case("What is the average amount settled of the settlements?", "AVG(settlements.amount_settled)")]
#[case("What is the largest amount claimed among settlements?", "settlements.amount_claimed")]
fn a_measure_of_two_tables_is_the_named_tables(#[case] question: &str, #[case] want: &str) {
    planner_answers(&claims(), question, Ok(want));
}

/// Invoices with a timestamp.
fn invoices() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "invoices25"
description = "made up"
derived = true

[[tables]]
name = "invoices"
file = "invoices.csv"
primary_key = "invoice_number"
columns = [
  { name = "invoice_number", type = "BIGINT", nullable = false },
  { name = "invoice_date", type = "TIMESTAMP", nullable = false },
  { name = "invoice_details", type = "VARCHAR", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A day written in full is a point in time: after it is `>` it, so an
// invoice later that same day counts.
#[case("Which invoices were created after 2007-12-25?", "invoices.invoice_date > TIMESTAMP '2007-12-25'")]
#[case("Find the invoice numbers created before 1989-09-03 or after 2007-12-25.", "(invoices.invoice_date > TIMESTAMP '2007-12-25')")]
// A year or a month is a period: after it is from the next one on.
#[case("Which invoices were created after 2007?", "invoices.invoice_date >= TIMESTAMP '2008-01-01'")]
#[case("Which invoices were created after March 2007?", "invoices.invoice_date >= TIMESTAMP '2007-04-01'")]
#[case("Which invoices were created since 2007-12-25?", "invoices.invoice_date >= TIMESTAMP '2007-12-25'")]
#[case("Which invoices were created before 2007-12-25?", "invoices.invoice_date < TIMESTAMP '2007-12-25'")]
fn after_a_day_is_after_its_first_moment(#[case] question: &str, #[case] want: &str) {
    planner_answers(&invoices(), question, Ok(want));
}

/// Courses of departments, taught by instructors through `teaches`.
fn courses() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "courses25"
description = "made up"
derived = true

[[tables]]
name = "course"
file = "course.csv"
primary_key = "course_id"
label = "title"
columns = [
  { name = "course_id", type = "VARCHAR", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "dept_name", type = "VARCHAR", nullable = false },
  { name = "credits", type = "BIGINT", nullable = false },
]

[[tables]]
name = "department"
file = "department.csv"
primary_key = "dept_name"
label = "dept_name"
columns = [
  { name = "dept_name", type = "VARCHAR", nullable = false },
  { name = "building", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "instructor"
file = "instructor.csv"
primary_key = "id"
label = "name"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "teaches"
file = "teaches.csv"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "course_id", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "course.dept_name"
to = "department.dept_name"

[[joins]]
from = "teaches.id"
to = "instructor.id"

[[joins]]
from = "teaches.course_id"
to = "course.course_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// "by each" after a participle groups by the doer the rows point at.
#[case("How many total credits are offered by each department?", Ok("GROUP BY"))]
#[case("What are the total credits of courses offered by each department?", Ok("SUM(course.credits)"))]
// A verb that names the table between them ("taught", `teaches`) says
// how they relate.
#[case("How many courses are taught by each instructor?", Ok("JOIN teaches"))]
// A doer the rows reach only through another table, with a verb that
// names nothing, is no grouping read from the verb.
#[case("How many courses are offered by each instructor?", Err("only through other tables"))]
fn by_each_after_a_participle_groups(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&courses(), question, want);
}

/// Ships whose nationality is stored by full name, and one whose name
/// starts with a place adjective.
pub(super) fn ships() -> OfflinePlanner {
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![
            super::fixtures::indexed("ship", "nationality", &["United States", "United Kingdom", "France"]),
            super::fixtures::indexed("ship", "name", &["American Star", "Brittany", "Lettice"]),
        ],
    };
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "ships25"
description = "made up"
derived = true

[[tables]]
name = "ship"
file = "ship.csv"
primary_key = "ship_id"
label = "name"
columns = [
  { name = "ship_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "nationality", type = "VARCHAR", nullable = false },
  { name = "tonnage", type = "BIGINT", nullable = false },
]
"#,
    ))
    .with_values(Some(&values))
}

#[rustfmt::skip]
#[rstest]
// Abbreviations and adjectives of a country the data stores by name.
#[case("What are the names of the ships that are from either the US or the UK?", Ok("ship.nationality IN ('United States', 'United Kingdom')"))]
#[case("What is the average tonnage of French ships?", Ok("ship.nationality = 'France'"))]
#[case("How many ships are from America?", Ok("ship.nationality = 'United States'"))]
#[case("Which US ships have a tonnage above 5000?", Ok("ship.nationality = 'United States'"))]
// A stored name that starts with a place adjective is that name.
#[case("What is the tonnage of the ship American Star?", Ok("ship.name = 'American Star'"))]
// "us" is no place.
#[case("Tell us the names of ships from France.", Ok("ship.nationality = 'France'"))]
fn a_place_by_another_name(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ships(), question, want);
}

/// Countries whose local name is mostly their name.
fn countries() -> OfflinePlanner {
    let values = crate::dataset::value_index::ValueIndex {
        columns: vec![
            super::fixtures::indexed("country", "name", &["Angola", "Anguilla", "Germany"]),
            super::fixtures::indexed("country", "localname", &["Angola", "Anguilla", "Deutschland"]),
            super::fixtures::indexed("country", "region", &["Central Africa", "Caribbean", "Western Europe"]),
            super::fixtures::indexed("city", "name", &["Luanda", "Berlin"]),
            super::fixtures::indexed("city", "district", &["Luanda", "Berliini"]),
        ],
    };
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "countries25"
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
  { name = "localname", type = "VARCHAR", nullable = false },
  { name = "region", type = "VARCHAR", nullable = false },
  { name = "population", type = "BIGINT", nullable = false },
]

[[tables]]
name = "city"
file = "city.csv"
primary_key = "id"
label = "name"
columns = [
  { name = "id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "district", type = "VARCHAR", nullable = false },
  { name = "countrycode", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "city.countrycode"
to = "country.code"
"#,
    ))
    .with_values(Some(&values))
}

#[rustfmt::skip]
#[rstest]
// Held by two columns of one table, one of them the rows' name: that one.
#[case("What are the region and population of Angola?", Ok("WHERE country.name = 'Angola'"))]
#[case("Which region is Anguilla in?", Ok("WHERE country.name = 'Anguilla'"))]
#[case("What is the population of the country whose local name is Angola?", Ok("WHERE country.localname = 'Angola'"))]
fn a_value_of_two_columns_of_one_table(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&countries(), question, want);
}
