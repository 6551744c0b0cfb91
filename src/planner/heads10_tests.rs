//! Table-driven tests of shared heads (`coordinate`: "the first and last
//! names"), columns in a "who have" clause (`clause_column`) and "the first
//! N" rows (`argmax`), on the made-up hostel (`heads_hostel`: residents
//! with `fname`, `lname`, two phones and a join date; their votes).

use rstest::rstest;

use super::*;

fn planner() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("heads_hostel"))
}

fn planned(question: &str) -> Plan {
    match planner().plan(question) {
        Outcome::Planned(u) => u.plan,
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

fn refusal(question: &str) -> String {
    match planner().plan(question) {
        Outcome::Planned(u) => panic!("{question}: planned {:?}", u.plan),
        Outcome::NotUnderstood(n) => n.reason,
    }
}

#[rustfmt::skip]
#[rstest]
#[case("What are the first and last names of residents older than 30?", &["residents.fname", "residents.lname"])]
#[case("Find the last and first name of residents older than 30.", &["residents.lname", "residents.fname"])]
#[case("List the home and work phone of every resident.", &["residents.home_phone", "residents.work_phone"])]
#[case("Show the age, first and last name of all residents.", &["residents.age", "residents.fname", "residents.lname"])]
fn a_shared_head_lists_each_column(#[case] question: &str, #[case] want: &[&str]) {
    let p = planned(question);
    let at: Vec<usize> = want.iter().map(|w| p.fields.iter().position(|f| f == w).unwrap_or_else(|| panic!("{question}: {w} not in {:?}", p.fields))).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{question}: order {:?}", p.fields);
}

#[rustfmt::skip]
#[rstest]
// No `middle_name`: no head is shared, and the list is refused, not dropped.
#[case("List the first, middle and last name of residents.", "first")]
fn a_modifier_without_its_column_refuses(#[case] question: &str, #[case] word: &str) {
    let why = refusal(question);
    assert!(why.contains(word), "{question}: {why}");
}

#[test]
fn distribute_writes_the_head_out_only_for_known_phrases() {
    let p = planner();
    let words = |q: &str| -> Vec<String> {
        super::coordinate::distribute(tokenize::tokenize(q), &p.lexicon).iter().map(|t| t.norm.clone()).collect()
    };
    assert_eq!(words("first and last names"), ["first", "names", "and", "last", "names"]);
    assert_eq!(words("home, work or mobile phone"), ["home", ",", "work", "or", "mobile", "phone"]);
    assert_eq!(words("home, work, or mobile phone"), ["home", ",", "work", ",", "or", "mobile", "phone"]);
    assert_eq!(words("home, work phone"), ["home", ",", "work", "phone"]);
    assert_eq!(words("home or work phone"), ["home", "phone", "or", "work", "phone"]);
    assert_eq!(words("age and last name"), ["age", "and", "last", "name"]);
    assert_eq!(words("residents and last name"), ["residents", "and", "last", "name"]);
}

#[rustfmt::skip]
#[rstest]
#[case("Show the names of residents who have mentor votes.")]
#[case("List the age of residents that have a mentor vote.")]
fn a_column_in_a_have_clause_refuses(#[case] question: &str) {
    let why = refusal(question);
    assert!(why.contains("mentor vote"), "{question}: {why}");
}

#[test]
fn a_have_clause_with_its_value_is_not_refused_here() {
    // The clause states what the column must hold.
    match planner().plan("Show the residents who have mentor vote 3.") {
        Outcome::Planned(_) => {}
        Outcome::NotUnderstood(n) => assert!(!n.reason.contains("asks of"), "{}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
#[case("Find the last names of the first 3 residents.", Some(3))]
#[case("Who is the first resident?", Some(1))]
fn the_first_rows_are_the_earliest(#[case] question: &str, #[case] limit: Option<u64>) {
    let p = planned(question);
    assert_eq!(p.limit, limit, "{question}: {p:?}");
    assert!(p.order.iter().any(|o| o.by.contains("date_joined") && !o.desc), "{question}: {:?}", p.order);
}

#[test]
fn a_first_name_is_not_an_order() {
    let p = planned("Find the first name of residents older than 30.");
    assert!(p.order.is_empty() && p.limit.is_none(), "{p:?}");
    assert!(p.fields.iter().any(|f| f == "residents.fname"), "{:?}", p.fields);
}

#[rustfmt::skip]
#[rstest]
// "older" says age; the mentor vote before it is another number.
#[case("Show the residents whose mentor vote is 2 and who are older than 30.", "residents.age gt 30 & votes.mentor_vote eq 2")]
#[case("List residents with a mentor vote above 2 who are older than 30.", "votes.mentor_vote gt 2 & residents.age gt 30")]
fn a_word_of_one_measure_names_its_own_column(#[case] question: &str, #[case] want: &str) {
    let p = planned(question);
    assert_eq!(super::fixtures::filters(&p), want, "{question}: {p:?}");
}

#[test]
fn gender_names_a_sex_column() {
    let p = planned("How many residents are there of each gender?");
    assert_eq!(p.dimensions.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["residents.sex"], "{p:?}");
}

#[test]
fn kinds_of_is_types_of() {
    let kinds = planned("How many different kinds of seasons are there?");
    let types = planned("How many different types of seasons are there?");
    assert_eq!(kinds, types);
    assert!(!kinds.measures.is_empty(), "{kinds:?}");
}

#[test]
fn ids_are_not_added_up() {
    for q in ["What is the sum of the vote id?", "What is the total resident id of votes?"] {
        let why = refusal(q);
        assert!(why.contains("which is an id"), "{q}: {why}");
    }
}
