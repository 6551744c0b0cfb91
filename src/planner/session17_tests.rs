//! Table-driven tests of the planner changes of the seventeenth round: a
//! time's column named by the verb before it ("registered in 2016" is
//! `register_year`), a link table's phrase naming the rows it links to
//! ("train stations" are stations), and a link table named in the
//! question that the plan joins through ("the members of the club X").

use rstest::rstest;

use super::fixtures::{fixture, outline_contains};
use crate::dataset::value_index::ValueIndex;
use super::*;

/// The links fixture with its club names and station locations indexed.
fn links() -> OfflinePlanner {
    let col = super::fixtures::indexed;
    let idx = ValueIndex {
        columns: vec![
            col("club", "clubname", &["Bootup Baltimore", "Tennis Club"]),
            col("member_of_club", "position", &["President", "Treasurer"]),
            col("station", "name", &["Euston", "Waterloo", "Central"]),
            col("train", "service", &["Daily", "Weekly"]),
            col("wine", "name", &["Gone with the Wind", "Airbus A340-300", "Blanc"]),
            col("appellations", "appelation", &["St. Helena", "Sonoma County"]),
            col("appellations", "county", &["Sonoma", "Napa"]),
            col("station", "location", &["London", "Glasgow"]),
        ],
    };
    OfflinePlanner::new(&fixture("links17")).with_values(Some(&idx))
}

#[rustfmt::skip]
#[rstest]
#[case("Show the member name and hometown who registered a branch in 2016.", Ok("where: membership_register_branch.register_year eq 2016"))]
#[case("What are the names of members who registered at a branch in 2016?", Ok("where: membership_register_branch.register_year eq 2016"))]
// No verb naming a year column: the rows' own year.
#[case("Which branches were opened in 2016?", Ok("where: branch.open_year eq 2016"))]
#[case("Find the ids of orders placed after 2000-01-01.", Ok("where: orders.date_order_placed gt 2000-01-01"))]
fn a_verb_names_the_date_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&links(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("What are all locations of train stations?", Ok("shown: station.location"))]
#[case("Show the names and locations of all train stations in London.", Ok("shown: station.name,station.location | where: station.location eq London"))]
#[case("List the names of train stations in Glasgow.", Ok("shown: station.name | where: station.location eq Glasgow"))]
fn a_link_tables_phrase_names_the_rows_it_links_to(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&links(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("Find the last names of the members of the club \"Bootup Baltimore\".", Ok("shown: student.lname | where: club.clubname eq Bootup Baltimore"))]
#[case("What is the average age of the members of the club \"Tennis Club\"?", Ok("where: club.clubname eq Tennis Club"))]
fn a_link_table_the_plan_joins_through_is_borne_out(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&links(), question, want);
}

/// The link table's phrase names its own rows when it holds data of its
/// own (`membership_register_branch` keeps a year and a fee), or when its
/// name is "X of Y".
#[test]
fn a_link_with_its_own_data_keeps_its_name() {
    let m = fixture("links17");
    let t = |name: &str| m.tables.iter().position(|x| x.name == name);
    assert_eq!(lexicon::link_head(&m, t("train_station").unwrap()), t("station"));
    assert_eq!(lexicon::link_head(&m, t("member_of_club").unwrap()), None);
    assert_eq!(lexicon::link_head(&m, t("membership_register_branch").unwrap()), None);
}


#[rustfmt::skip]
#[rstest]
#[case("How many rentals were there in 2016?", Err("rentals has several dates and the question names none"))]
#[case("List the fees of rentals after 2016-03-01.", Err("say which one 'after 2016-03-01' is about"))]
#[case("Show the fees of rentals whose date from is in 2016.", Ok("where: rentals.date_from ge 2016-01-01 & rentals.date_from lt 2017-01-01"))]
// One date, or one named by the table's noun: it is the time's.
#[case("How many loans were there in 2016?", Ok("where: loans.loan_date ge 2016-01-01"))]
#[case("Find the ids of orders placed in 2016.", Ok("where: orders.date_order_placed ge 2016-01-01"))]
fn several_dates_and_none_named_is_refused(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&links(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("What is the county that produces the most wines scoring higher than 90?", Ok("shown: appellations.county | where: wine.score gt 90 | order: wine_count desc | limit: Some(1)"))]
#[case("List the names of wines costing more than 50.", Ok("where: wine.price gt 50"))]
// A compound name is still one: "wine score".
#[case("Which wine has the highest wine score?", Ok("order: wine.score desc | limit: Some(1)"))]
fn rows_and_a_participle_are_no_compound_name(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&links(), question, want);
}

#[rustfmt::skip]
#[rstest]
#[case("What are the names of provinces that do not contain any towns?", Ok("where: provinces.province_id not_exists Column { column: \"towns.province_id\" }"))]
#[case("Which provinces don't include any towns?", Ok("where: provinces.province_id not_exists Column { column: \"towns.province_id\" }"))]
#[case("What are the names of storms that did not affect any regions?", Ok("where: storms.storm_id not_exists Column { column: \"affected_region.storm_id\" }"))]
// A text search is still one.
#[case("Which provinces have names that contain 'wood'?", Ok("where: provinces.name like %wood%"))]
fn not_and_a_verb_before_other_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&links(), question, want);
}

/// "names" read as the rows, then only a total shown: the names would be
/// dropped, so the reading is refused.
#[rustfmt::skip]
#[rstest]
#[case("Show the names and total passengers for all stations in London.", Err("but the answer would show no names"))]
#[case("Show the names of stations in London.", Ok("shown: station.name | where: station.location eq London"))]
fn names_read_as_rows_are_shown(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&links(), question, want);
}

/// Values written without quotes across small words, numbers and full
/// stops are read whole when the value index holds them.
#[rustfmt::skip]
#[rstest]
#[case("What is the price of the wine Gone with the Wind?", Ok("where: wine.name eq Gone with the Wind"))]
#[case("What is the score of the wine Airbus A340-300?", Ok("where: wine.name eq Airbus A340-300"))]
#[case("What is the highest price of wines from St. Helena?", Ok("eq St. Helena"))]
// Lowercase words after a stored value name its kind.
#[case("What is the average price of wines from Sonoma county?", Ok("where: appellations.county eq Sonoma"))]
fn values_spelled_across_small_words(#[case] question: &str, #[case] want: Result<&str, &str>) {
    outline_contains(&links(), question, want);
}

/// A share word with nothing saying which part of the whole to take.
#[test]
fn a_share_with_no_part_is_refused() {
    for q in ["Find the total score ratio for each county.", "What is the percentage of wines for each county?", "Find the share of wines."] {
        let r = super::fixtures::plan_or_reason(&links(), q);
        assert!(r.as_ref().is_err_and(|r| r.contains("as a share, but found nothing saying which part")), "{q}: {r:?}");
    }
}

/// A group on a column a condition fixes to one value is one figure.
#[test]
fn a_group_fixed_by_a_condition_is_one_figure() {
    let m = fixture("clubs17");
    let col = super::fixtures::indexed;
    let idx = ValueIndex { columns: vec![col("student", "fname", &["Eric", "Linda"]), col("student", "lname", &["Tai", "Smith"]), col("club", "clubname", &["Chess", "Tennis"])] };
    let planner = OfflinePlanner::new(&m).with_values(Some(&idx));
    let q = "Count the number of clubs for which the student named \"Eric Tai\" is a member.";
    let p = super::fixtures::plan_or_reason(&planner, q).unwrap_or_else(|r| panic!("{r}"));
    assert!(p.dimensions.is_empty() && p.measures.len() == 1, "{p:?}");
    assert!(super::fixtures::filters(&p).contains("student.lname eq Tai"), "{p:?}");
}
