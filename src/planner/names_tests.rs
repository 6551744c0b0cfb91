//! Table-driven tests of reading column names as people say them, on a
//! made-up club (`tests/fixtures/planner/clubhouse`): run-together names
//! split against the table's name or an initial (`clubdesc`, `fname`),
//! abbreviated parts spelled out (`acc_type`: "account type"), names said
//! head last ("renewal date" for `date_of_renewal`), a lone head word for a
//! table's only column with it, sex words as values of a sex column (by
//! the value index), "coach members" for the coach table, and plurals in
//! -ies whose singular ends in -ie.

use rstest::rstest;

use super::names::{column_phrasings, contracts, spells_out, split_run_together};
use super::*;
use crate::dataset::value_index::{IndexedColumn, ValueIndex};
use crate::semantic::Manifest;

fn manifest() -> Manifest {
    super::fixtures::fixture("clubhouse")
}

fn planner() -> OfflinePlanner {
    let m = manifest();
    let idx = ValueIndex {
        columns: vec![IndexedColumn {
            table: "coach".into(),
            column: "sex".into(),
            distinct: 2,
            values: vec!["F".into(), "M".into()],
            complete: true,
        }],
    };
    OfflinePlanner::new(&m).with_values(Some(&idx))
}

/// The fields a plan lists and its filters, in one line.
fn shape(p: &Plan) -> String {
    let mut parts = vec![format!("list: {}", p.fields.join(", "))];
    for f in &p.filters {
        let v = f.value.as_ref().map(|v| format!("{v:?}")).unwrap_or_default();
        parts.push(format!("f: {} {v}", f.field));
    }
    if !p.measures.is_empty() {
        parts.push(format!("m: {}", p.measures.len()));
    }
    parts.join(" | ")
}

#[rstest]
#[case("What is the description of the club named 'Tennis Club'?", &["clubdesc"], &["clubname"])]
#[case("Show the first name and last name of all coaches.", &["fname", "lname"], &[])]
#[case("List the account type and account balance of every account.", &["acc_type", "acc_bal"], &[])]
#[case("What is the renewal date of each account?", &["date_of_renewal"], &[])]
#[case("Show the date of renewal of all accounts.", &["date_of_renewal"], &[])]
#[case("List the last names of the female coaches.", &["lname"], &["sex"])]
#[case("Show the first names of all coach members.", &["fname"], &[])]
fn names_as_people_say_them(#[case] q: &str, #[case] listed: &[&str], #[case] filtered: &[&str]) {
    let out = planner().plan(q);
    let Some(p) = out.plan() else { panic!("{q}: not planned: {out:?}") };
    let s = shape(p);
    for c in listed {
        assert!(p.fields.iter().any(|f| f.ends_with(&format!(".{c}"))), "{q}: {c} not listed: {s}");
    }
    for c in filtered {
        assert!(p.filters.iter().any(|f| f.field.ends_with(&format!(".{c}"))), "{q}: no filter on {c}: {s}");
    }
}

#[test]
fn female_is_the_stored_value_of_the_sex_column() {
    let out = planner().plan("How many female coaches are there?");
    let Some(p) = out.plan() else { panic!("not planned: {out:?}") };
    let f = p.filters.iter().find(|f| f.field.ends_with(".sex"));
    let v = f.and_then(|f| f.value.as_ref()).map(|v| format!("{v:?}")).unwrap_or_default();
    assert!(v.contains("\"F\""), "{}", shape(p));
}

#[test]
fn without_a_value_index_female_is_not_understood() {
    let out = OfflinePlanner::new(&manifest()).plan("How many female coaches are there?");
    assert!(out.plan().is_none(), "{out:?}");
}

/// Phrasings written "a b c; d e" (each phrase's words, separated by ";").
#[rstest]
#[case("date claim made", "claim made date; claim date; made date")]
#[case("date of note", "note date")]
#[case("hire date", "date hire")]
#[case("transaction type code", "code transaction type; transaction code")]
#[case("product name", "")]
#[case("student number", "")]
#[case("salary", "")]
fn phrasings_of_a_column(#[case] name: &str, #[case] want: &str) {
    let name: Vec<String> = name.split(' ').map(String::from).collect();
    let got: Vec<String> = column_phrasings(&name).into_iter().map(|(p, _)| p.join(" ")).collect();
    let want: Vec<String> = want.split("; ").filter(|w| !w.is_empty()).map(String::from).collect();
    assert_eq!(got, want);
}

#[rstest]
#[case("clubdesc", "club", "club description")]
#[case("clubname", "club", "club name")]
#[case("fname", "faculty", "f name")]
#[case("flno", "flight", "fl number")]
#[case("candidate", "exam", "")]
#[case("casino", "hotel", "")]
#[case("name", "club", "")]
fn run_together_names(#[case] w: &str, #[case] table: &str, #[case] want: &str) {
    let got = split_run_together(w, &[table.to_string()]).map(|s| s.join(" ")).unwrap_or_default();
    assert_eq!(got, want);
}

#[rstest]
#[case("account", "acc", true)]
#[case("customer", "cust", true)]
#[case("balance", "bal", true)]
#[case("first", "f", true)]
#[case("country", "count", false)]
#[case("agent", "age", false)]
#[case("acc", "acc", false)]
fn spelled_out_parts(#[case] word: &str, #[case] part: &str, #[case] want: bool) {
    assert_eq!(spells_out(word, part), want);
}

#[rstest]
#[case("weight", "wt", true)]
#[case("height", "ht", true)]
#[case("ticket", "tkt", true)]
#[case("centre", "ctr", true)]
#[case("center", "ctr", true)]
#[case("name", "nm", true)]
#[case("quantity", "qty", true)]
#[case("manager", "mgr", true)]
#[case("percent", "pct", true)]
#[case("money", "my", false)]
#[case("heaviest", "ht", false)]
#[case("delivery", "dry", false)]
#[case("weights", "wt", false)]
// The first letters differ, a vowel in the part, too short a word, the ends differ.
#[case("height", "wt", false)]
#[case("manager", "man", false)]
#[case("street", "st", true)]
#[case("hat", "ht", false)]
#[case("start", "sr", false)]
fn contracted_parts(#[case] word: &str, #[case] part: &str, #[case] want: bool) {
    assert_eq!(contracts(word, part), want);
}

#[test]
fn a_full_name_is_the_first_and_last_name() {
    let out = planner().plan("What are the full names of all coaches?");
    let Some(p) = out.plan() else { panic!("not planned: {out:?}") };
    assert_eq!(p.fields.iter().map(|f| f.rsplit('.').next().unwrap_or_default()).collect::<Vec<_>>(), ["fname", "lname"], "{}", shape(p));
}

#[rstest]
#[case("What is the founded year of the club named 'Tennis Club'?")]
#[case("What is the average founded year of the clubs?")]
fn a_column_named_without_its_trailing_noun(#[case] q: &str) {
    let out = planner().plan(q);
    let Some(p) = out.plan() else { panic!("{q}: not planned: {out:?}") };
    let s = format!("{} {:?}", shape(p), p.measures);
    assert!(s.contains("founded"), "{q}: {s}");
}
