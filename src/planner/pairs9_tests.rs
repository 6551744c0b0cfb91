//! Table-driven tests of rows listed beside the related rows of another
//! table (`pairs`), on a made-up orchard (`tests/fixtures/planner/pairs_orchard`):
//! a tied item ("their regions", "the crops they plant", "names of their
//! crops") adds the other table's name column when one join path relates
//! the tables; a shared parent (inspectors and growers), two joins
//! (shipments and regions) or no tie leave the question refused.

use rstest::rstest;

use super::*;
use crate::semantic::Manifest;

fn manifest() -> Manifest {
    super::fixtures::fixture("pairs_orchard")
}

fn fields(q: &str) -> Option<Vec<String>> {
    let out = OfflinePlanner::new(&manifest()).plan(q);
    out.plan().map(|p| p.fields.clone())
}

#[rstest]
#[case("What are the names of growers and their corresponding regions?", &["grower.grower_name", "region.region_name"])]
#[case("Show the names of growers and their respective regions.", &["grower.grower_name", "region.region_name"])]
#[case("List the ages of growers and their regions.", &["grower.age", "region.region_name"])]
#[case("Show the names of growers and names of their crops.", &["grower.grower_name", "crop.crop_name"])]
#[case("What are the names of growers and the crops that they grow?", &["grower.grower_name", "crop.crop_name"])]
#[case("Show names of growers and names of regions they are in.", &["grower.grower_name", "region.region_name"])]
#[case("What are the names of growers, as well as the names of the regions they are in?", &["grower.grower_name", "region.region_name"])]
fn a_tied_table_adds_its_name_column(#[case] q: &str, #[case] want: &[&str]) {
    let got = fields(q).unwrap_or_else(|| panic!("{q}: not planned"));
    assert_eq!(got, want, "{q}");
}

#[test]
fn a_name_column_called_after_its_table_is_the_rows_name() {
    // Crops have `crop_name` and `seed_supplier_name`.
    assert_eq!(fields("Show the names of crops."), Some(vec!["crop.crop_name".to_string()]));
}

#[test]
fn a_verb_no_listed_table_is_named_for_may_be_a_condition() {
    // "the crops they fear": which crops, more than how the rows relate.
    let q = "What are the names of growers and the crops that they fear?";
    assert_eq!(fields(q), None, "{q}");
}

#[test]
fn a_tied_foreign_key_noun_is_not_listed_as_the_key() {
    // "districts" reads as `grower.district_id` (the table is
    // `district_registry`): the districts' names, or a refusal, never the ids.
    let q = "Show names of growers and names of districts they are in.";
    let got = fields(q);
    assert!(got.as_ref().is_none_or(|f| !f.iter().any(|c| c == "grower.district_id")), "{q}: {got:?}");
}

#[rstest]
// Growers and inspectors only share regions: no inspector is a grower's.
#[case("What are the names of growers and their inspectors?", "inspector")]
// Shipments point at regions twice: which region is a guess.
#[case("What are the weights of shipments and their regions?", "region")]
// Nothing ties the regions to the growers.
#[case("What are the names of growers and the regions?", "region")]
fn an_untied_or_doubtful_table_adds_nothing(#[case] q: &str, #[case] not: &str) {
    let got = fields(q);
    assert!(got.as_ref().is_none_or(|f| !f.iter().any(|c| c.starts_with(&format!("{not}.")))), "{q}: {got:?}");
}

#[rstest]
#[case("grower", "region", true)]
#[case("grower", "crop", true)]
#[case("shipment", "region", false)]
#[case("shipment", "crop", false)]
fn one_join_path_relates_two_tables(#[case] a: &str, #[case] b: &str, #[case] want: bool) {
    let m = manifest();
    let ix = |n: &str| m.tables.iter().position(|t| t.name == n).unwrap_or(usize::MAX);
    assert_eq!(pairs::one_path(&m, ix(a), ix(b)), want, "{a} - {b}");
}
