//! Table-driven tests of name columns as people say them: a run-together
//! word inside a longer name (`stu_fname`), an initial before "name"
//! (`f_name`), and the other English names of first and last names
//! ("given name", "forename", "surname", "family name"), on made-up
//! schemas.

use rstest::rstest;

use super::*;

fn planner(columns: &str) -> OfflinePlanner {
    let cols: Vec<String> = columns
        .split(',')
        .map(|c| format!("{{ name = \"{c}\", type = \"VARCHAR\", nullable = false }}"))
        .collect();
    OfflinePlanner::new(&super::fixtures::from_toml(&format!(
        "name = \"words11\"\ndescription = \"made up\"\nderived = true\n\n[[tables]]\nname = \"student\"\nfile = \"student.csv\"\nprimary_key = \"stuid\"\nlabel = \"{}\"\ncolumns = [\n  {{ name = \"stuid\", type = \"BIGINT\", nullable = false }},\n  {},\n  {{ name = \"age\", type = \"BIGINT\", nullable = false }},\n]\n",
        columns.split(',').next().unwrap_or_default(),
        cols.join(",\n  ")
    )))
}

#[rustfmt::skip]
#[rstest]
#[case("stu_fname,stu_lname", "What are the first names of all students?", "student.stu_fname")]
#[case("stu_fname,stu_lname", "List the last name of every student older than 20.", "student.stu_lname")]
#[case("f_name,l_name", "What are the first names of all students?", "student.f_name")]
#[case("f_name,l_name", "List the last name of every student older than 20.", "student.l_name")]
#[case("given_name,family_name", "What are the first names of all students?", "student.given_name")]
#[case("given_name,family_name", "List the last name of every student older than 20.", "student.family_name")]
#[case("forename,surname", "What are the first names of all students?", "student.forename")]
#[case("forename,surname", "List the last name of every student older than 20.", "student.surname")]
#[case("first_name,last_name", "List the surname of every student older than 20.", "student.last_name")]
#[case("first_name,last_name", "Show the given names of all students.", "student.first_name")]
fn a_name_column_as_people_say_it(#[case] columns: &str, #[case] question: &str, #[case] want: &str) {
    let p = match planner(columns).plan(question) {
        Outcome::Planned(u) => u.plan,
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    };
    let shown: Vec<&String> = p.fields.iter().chain(p.dimensions.iter().map(|d| &d.name)).collect();
    // The condition's column (age) may be listed after it.
    assert_eq!(shown.first().map(|s| s.as_str()), Some(want), "{question}: {shown:?}");
}

#[rustfmt::skip]
#[rstest]
// "users" spells no `u` of `u_id`: an initial only spells a word before "name".
#[case("u_id,name", "How many users are there?")]
fn an_initial_before_another_head_is_not_spelled_out(#[case] columns: &str, #[case] question: &str) {
    if let Outcome::Planned(u) = planner(columns).plan(question) {
        let sql = format!("{:?}", u.plan);
        assert!(!sql.contains("u_id"), "{question}: {sql}");
    }
}

#[rustfmt::skip]
#[rstest]
// The label of a student is its first name: "each student" and "first name" are one column.
#[case("fname,lname")]
#[case("f_name,l_name")]
fn a_column_said_twice_is_listed_once_per_row(#[case] columns: &str) {
    let p = match planner(columns).plan("List the first name of each student.") {
        Outcome::Planned(u) => u.plan,
        Outcome::NotUnderstood(n) => panic!("{columns}: not understood: {}", n.reason),
    };
    assert_eq!(p.fields.len(), 1, "{columns}: {p:?}");
    assert!(p.dimensions.is_empty(), "{columns}: rows, not distinct values: {p:?}");
}

#[test]
fn a_function_word_written_as_an_acronym_is_not_dropped() {
    // "US" is no pronoun here: counting every student would answer another question.
    match planner("fname,lname").plan("How many students are in the US?") {
        Outcome::Planned(u) => panic!("planned {:?}", u.plan),
        Outcome::NotUnderstood(n) => assert!(n.reason.contains("'US'"), "{}", n.reason),
    }
}

#[test]
fn when_needs_a_time_in_the_answer() {
    // No date, time or year column: listing the students answers "who", not "when".
    match planner("fname,lname").plan("When did the students older than 20 join?") {
        Outcome::Planned(u) => panic!("planned {:?}", u.plan),
        Outcome::NotUnderstood(n) => assert!(n.reason.contains("asks when"), "{}", n.reason),
    }
}

fn trains() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"
name = "rails"
description = "made up"
derived = true

[[tables]]
name = "train"
file = "train.csv"
primary_key = "train_id"
columns = [
  { name = "train_id", type = "BIGINT", nullable = false },
  { name = "train_number", type = "VARCHAR", nullable = false },
  { name = "origin", type = "VARCHAR", nullable = false },
  { name = "destination", type = "VARCHAR", nullable = false },
]

[[dimensions]]
name = "origin"
column = "train.origin"
kind = "categorical"
values = ["Chennai", "Mumbai", "Pune"]

[[dimensions]]
name = "destination"
column = "train.destination"
kind = "categorical"
values = ["Chennai", "Mumbai", "Pune"]
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
#[case("List the numbers of trains that go to Chennai.", Some("destination eq Chennai"))]
#[case("List the numbers of trains from Chennai.", Some("origin eq Chennai"))]
#[case("List the numbers of trains whose destination is Chennai.", Some("destination eq Chennai"))]
// Neither the column nor a preposition tells origin from destination: not guessed.
#[case("List the numbers of trains that stop at Chennai.", None)]
fn a_value_of_two_columns_needs_the_question_to_tell_which(#[case] question: &str, #[case] want: Option<&str>) {
    match (trains().plan(question), want) {
        (Outcome::Planned(u), Some(w)) => assert_eq!(super::fixtures::filters(&u.plan), w, "{question}"),
        (Outcome::Planned(u), None) => panic!("{question}: planned {}", super::fixtures::filters(&u.plan)),
        (Outcome::NotUnderstood(n), Some(_)) => panic!("{question}: not understood: {}", n.reason),
        (Outcome::NotUnderstood(_), None) => {}
    }
}

#[test]
fn an_unread_for_each_under_one_total_refuses() {
    // "for each" of nothing: one overall average would drop it.
    match planner("fname,lname").plan("What is the average age of students for each each?") {
        Outcome::Planned(u) => panic!("planned {:?}", u.plan),
        Outcome::NotUnderstood(n) => assert!(n.reason.contains("each"), "{}", n.reason),
    }
}

fn festivals() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"
name = "fests"
description = "made up"
derived = true

[[tables]]
name = "festival_detail"
file = "festival_detail.csv"
primary_key = "festival_id"
columns = [
  { name = "festival_id", type = "BIGINT", nullable = false },
  { name = "festival_name", type = "VARCHAR", nullable = false },
  { name = "location_code", type = "VARCHAR", nullable = false },
  { name = "year", type = "BIGINT", nullable = false },
]
"#,
    ))
}

#[test]
fn a_plural_naming_the_rows_key_counts_the_rows() {
    // "festivals" reads as `festival_id`, the rows' own key: a count per code.
    let p = match festivals().plan("Show location codes with at least 2 festivals.") {
        Outcome::Planned(u) => u.plan,
        Outcome::NotUnderstood(n) => panic!("not understood: {}", n.reason),
    };
    assert_eq!(p.dimensions.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["festival_detail.location_code"]);
    assert!(matches!(p.having.as_slice(), [h] if h.op == crate::plan::Op::Ge), "{p:?}");
    assert!(p.filters.is_empty(), "{p:?}");
}

#[test]
fn more_than_one_rows_is_no_value_of_another_column() {
    // Not "year > 1".
    if let Outcome::Planned(u) = festivals().plan("List the year in which there are more than one festivals.") {
        assert!(u.plan.filters.iter().all(|f| f.field != "festival_detail.year"), "{:?}", u.plan);
    }
}

fn two_tables(a: &str, b: &str) -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(&format!(
        "name = \"abbr\"\ndescription = \"made up\"\nderived = true\n\n[[tables]]\nname = \"{a}\"\nfile = \"a.csv\"\nprimary_key = \"{a}_id\"\ncolumns = [{{ name = \"{a}_id\", type = \"BIGINT\", nullable = false }}, {{ name = \"title\", type = \"VARCHAR\", nullable = false }}]\n\n[[tables]]\nname = \"{b}\"\nfile = \"b.csv\"\nprimary_key = \"{b}_id\"\ncolumns = [{{ name = \"{b}_id\", type = \"BIGINT\", nullable = false }}, {{ name = \"city\", type = \"VARCHAR\", nullable = false }}]\n"
    )))
}

#[rustfmt::skip]
#[rstest]
// A short word of a table's name, spelled out by the question.
#[case("prof", "dept", "How many professors are there?", Some("prof"))]
#[case("prof", "inst", "List the cities of all institutions.", Some("inst"))]
// "visitors" is no spelling out of `visits` ("-ors" makes another word).
#[case("visits", "hotel", "How many visitors are there?", None)]
fn a_short_table_name_a_question_spells_out(#[case] a: &str, #[case] b: &str, #[case] question: &str, #[case] want: Option<&str>) {
    let out = two_tables(a, b).plan(question);
    match (out, want) {
        (Outcome::Planned(u), Some(t)) => {
            let sql = format!("{:?}", u.plan);
            assert!(sql.contains(t), "{question}: {sql}");
        }
        (Outcome::Planned(u), None) => panic!("{question}: planned {:?}", u.plan),
        (Outcome::NotUnderstood(n), Some(_)) => panic!("{question}: not understood: {}", n.reason),
        (Outcome::NotUnderstood(_), None) => {}
    }
}
