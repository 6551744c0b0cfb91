//! Table-driven tests of the planner changes of the forty-sixth round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// Projects with the hours they need, and the scientists assigned to them.
fn lab() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "lab46"
description = "made up"
derived = true

[[tables]]
name = "assignedto"
file = "assignedto.csv"
primary_key = "scientist"
columns = [
  { name = "scientist", type = "BIGINT", nullable = false },
  { name = "project", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "projects"
file = "projects.csv"
primary_key = "code"
label = "name"
columns = [
  { name = "code", type = "VARCHAR", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "hours", type = "BIGINT", nullable = false },
]

[[tables]]
name = "scientists"
file = "scientists.csv"
primary_key = "ssn"
label = "name"
columns = [
  { name = "ssn", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]

[[joins]]
from = "assignedto.scientist"
to = "scientists.ssn"

[[joins]]
from = "assignedto.project"
to = "projects.code"

[[metrics]]
name = "scientists_count"
expr = "COUNT(*)"
table = "scientists"
synonyms = ["number of scientists"]

[[metrics]]
name = "projects_count"
expr = "COUNT(*)"
table = "projects"
synonyms = ["number of projects"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A word WordNet knows only as a verb names no thing: it links the rows to
// the condition that follows.
#[case("What are the names of projects that require more than 300 hours?", Ok("WHERE projects.hours > 300"))]
#[case("Which project requires the fewest hours?", Ok("ORDER BY hours ASC"))]
// After "who", "that" or "have" a participle is the clause's verb, linking
// its subject to the rows that follow, not an adjective of them.
#[case("What are the names of scientists who have handled projects with more than 300 hours?", Ok("WHERE projects.hours > 300"))]
// A word WordNet knows also as a noun, right after a relative pronoun,
// is the clause's verb...
#[case("What are the names of scientists who handle projects with more than 300 hours?", Ok("WHERE projects.hours > 300"))]
// ...unless its object is a column, whose value it would say something of.
#[case("What are the names of projects that support hours above 300?", Err("'support'"))]
// A word that is also a noun ("stay") is still refused.
#[case("Which scientists stay on projects with more than 300 hours?", Err("'stay'"))]
fn a_word_known_only_as_a_verb_adds_no_condition(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&lab(), question, want);
}

#[rustfmt::skip]
#[rstest]
// "the names of projects" is read on the projects, not on the scientists
// counted or listed beside them (on the Spider `scientist_1` manifest, with
// its value index, the scientists' names were taken: now refused).
#[case("What are the names of projects with more than 300 hours, and how many scientists are assigned to each?", Ok("SELECT projects.name AS name, COUNT(*) AS scientists_count"))]
#[case("What is the name of the project that needs the fewest hours, and the names of the scientists assigned to it?", Ok("SELECT projects.name AS name, scientists.name AS name"))]
// Each "names" read on the table it is asked of.
#[case("Show the names of scientists and the names of projects they are assigned to.", Ok("projects.name"))]
fn a_column_asked_of_named_rows_is_theirs(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&lab(), question, want);
}

/// Airplanes with a maker and a number of seats.
fn hangar() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "hangar46"
description = "made up"
derived = true

[[tables]]
name = "airplane"
file = "airplane.csv"
primary_key = "airplane_id"
label = "model"
columns = [
  { name = "airplane_id", type = "BIGINT", nullable = false },
  { name = "model", type = "VARCHAR", nullable = false },
  { name = "seats", type = "BIGINT", nullable = false },
]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// A noun the names do not use, read by what WordNet says it is a kind of.
#[case("How many airliners have more than 200 seats?", Ok("FROM airplane"))]
// A word with no such relative is still refused.
#[case("How many zeppelins have more than 200 seats?", Err("'zeppelins'"))]
fn a_noun_is_read_by_what_it_is_a_kind_of(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&hangar(), question, want);
}

/// Heads of departments, where they were born, and which department each manages.
fn government() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "government46"
description = "made up"
derived = true

[[tables]]
name = "department"
file = "department.csv"
primary_key = "department_id"
label = "name"
columns = [
  { name = "department_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "head"
file = "head.csv"
primary_key = "head_id"
label = "name"
columns = [
  { name = "head_id", type = "BIGINT", nullable = false },
  { name = "name", type = "VARCHAR", nullable = false },
  { name = "born_state", type = "VARCHAR", nullable = false },
]

[[tables]]
name = "management"
file = "management.csv"
columns = [
  { name = "department_id", type = "BIGINT", nullable = false },
  { name = "head_id", type = "BIGINT", nullable = false },
]

[[joins]]
from = "management.department_id"
to = "department.department_id"

[[joins]]
from = "management.head_id"
to = "head.head_id"

[[dimensions]]
name = "department_name"
column = "department.name"
kind = "categorical"
values = ["Treasury", "Defense"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// Two heads, one per department: one head of both departments was read.
#[case("List the states where both the head of Treasury and the head of Defense were born.", Err("named twice after 'both'"))]
fn the_rows_named_twice_after_both_are_two(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&government(), question, want);
}
