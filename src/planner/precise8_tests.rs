//! Table-driven tests of the guards against readings that answer another
//! question: an order on a plan that answers one row (`sanity`), a
//! superlative read as a sort with no limit (`bounded`), and a count of
//! the different ids a column points at where the rows that point were
//! meant (`counted::count_rows_of_references`).

use rstest::rstest;

use super::*;
use crate::plan::{Measure, OrderBy};
use crate::semantic::Manifest;

fn lodge_manifest() -> Manifest {
    super::fixtures::fixture("lodge")
}

fn order(by: &str, desc: bool) -> Vec<OrderBy> {
    vec![OrderBy { by: by.into(), desc }]
}

fn total() -> Vec<Measure> {
    serde_json::from_value(serde_json::json!([{ "metric": "sum_rate" }])).unwrap_or_default()
}

/// One row ordered (a total with no grouping, nothing listed) is refused;
/// the same total grouped, or unordered, is not.
#[rstest]
#[case(Plan { measures: total(), order: order("sum_rate", false), ..Plan::default() }, true)]
#[case(Plan { measures: total(), ..Plan::default() }, false)]
#[case(Plan { measures: total(), dimensions: vec![crate::plan::DimensionRef { name: "rooms.decor".into(), grain: None }], order: order("sum_rate", true), ..Plan::default() }, false)]
#[case(Plan { fields: vec!["rooms.roomname".into()], order: order("rooms.baseprice", true), ..Plan::default() }, false)]
fn an_ordered_single_row_is_refused(#[case] plan: Plan, #[case] refused: bool) {
    assert_eq!(sanity::check(&lodge_manifest(), &plan).is_err(), refused, "{plan:?}");
}

fn matched(words: &str) -> Vec<Match> {
    vec![Match { words: words.into(), kind: MatchKind::Order, target: "descending".into(), confidence: 1.0 }]
}

/// A superlative read as the order of a list of rows with nothing
/// limiting them is refused; sorting words are not superlatives, and a
/// limit bears one out.
#[rstest]
#[case("the most", None, true)]
#[case("youngest", None, true)]
#[case("highest", None, true)]
#[case("most often", None, true)]
#[case("the most", Some(1), false)]
#[case("highest", Some(3), false)]
#[case("in descending order of", None, false)]
#[case("ordered by", None, false)]
#[case("from high to low", None, false)]
#[case("alphabetical order", None, false)]
fn a_superlative_needs_a_limit(#[case] words: &str, #[case] limit: Option<u64>, #[case] refused: bool) {
    let plan = Plan { fields: vec!["rooms.roomname".into()], order: order("rooms.baseprice", true), limit, ..Plan::default() };
    assert_eq!(bounded::check(&matched(words), &plan).is_err(), refused, "{words} {limit:?}");
}

/// Questions whose superlative picks out another thing than the rows
/// listed: answered, the plan is limited.
#[rstest]
#[case("What are the names of rooms in the decor with the highest base price?")]
fn a_superlative_is_never_a_bare_sort(#[case] question: &str) {
    if let Outcome::Planned(u) = OfflinePlanner::new(&lodge_manifest()).plan(question) {
        let bare = !u.plan.order.is_empty() && u.plan.limit.is_none() && u.plan.extreme_per.is_none() && u.plan.latest_per.is_none();
        assert!(!bare, "{question}: {:?}", u.plan);
    }
}

const SHELVES: &str = r#"
name = "shelves"
description = "Documents and where they were kept."
[[tables]]
name = "documents"
file = "documents.csv"
primary_key = "document_id"
columns = [
  { name = "document_id", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
]
[[tables]]
name = "locations"
file = "locations.csv"
primary_key = "location_code"
columns = [
  { name = "location_code", type = "VARCHAR", nullable = false },
  { name = "location_name", type = "VARCHAR", nullable = false },
]
[[tables]]
name = "document_locations"
file = "document_locations.csv"
columns = [
  { name = "document_id", type = "BIGINT", nullable = false },
  { name = "location_code", type = "VARCHAR", nullable = false },
  { name = "date_from", type = "DATE", nullable = false },
]
[[joins]]
from = "document_locations.document_id"
to = "documents.document_id"
[[joins]]
from = "document_locations.location_code"
to = "locations.location_code"
"#;

/// "The number of documents in each location" over the rows that each
/// point at a document counts those rows.
#[rstest]
#[case("Show the location codes and the number of document ids in each location code.", false)]
#[case("What is the code of each location and the number of document ids in that location?", false)]
fn a_count_of_references_counts_rows(#[case] question: &str, #[case] distinct: bool) {
    let m = super::fixtures::from_toml(SHELVES);
    match OfflinePlanner::new(&m).plan(question) {
        Outcome::Planned(u) => {
            let json = serde_json::to_string(&u.plan).unwrap_or_default();
            assert_eq!(json.contains("count_distinct"), distinct, "{question}: {json}");
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// Groups ranked by a measure are a ranking by design, with no limit.
#[test]
fn a_ranking_of_groups_is_left_alone() {
    let plan: Plan = serde_json::from_value(serde_json::json!({
        "measures": [{ "metric": "sum_rate" }],
        "dimensions": [{ "name": "rooms.decor" }],
        "order": [{ "by": "sum_rate", "desc": true }]
    }))
    .unwrap_or_default();
    assert!(bounded::check(&matched("the most"), &plan).is_ok());
}

fn cond(field: &str, op: crate::plan::Op, value: serde_json::Value) -> crate::plan::Filter {
    crate::plan::Filter { field: field.into(), op, value: Some(crate::plan::Operand::Value(value)) }
}

/// A "not" on the rows that point at the answered rows (reservations of
/// a room) is refused; on the answered rows' own column, or on the table
/// they point at (a reservation's room), it is a plain row filter.
#[rstest]
#[case(vec!["rooms.roomname"], "reservations.rate", true)]
#[case(vec!["rooms.roomname"], "rooms.decor", false)]
#[case(vec!["rooms.roomname"], "decor", false)]
#[case(vec!["reservations.code"], "rooms.decor", false)]
#[case(vec!["rooms.roomname", "reservations.rate"], "reservations.rate", false)]
fn a_not_through_the_rows_that_point_is_refused(#[case] fields: Vec<&str>, #[case] field: &str, #[case] refused: bool) {
    use crate::plan::Op;
    for (op, value) in [(Op::Ne, serde_json::json!(100)), (Op::NotIn, serde_json::json!([100, 200]))] {
        let plan = Plan { fields: fields.iter().map(|x| x.to_string()).collect(), filters: vec![cond(field, op, value)], ..Plan::default() };
        assert_eq!(sanity::check(&lodge_manifest(), &plan).is_err(), refused, "{plan:?}");
    }
}

/// Two values joined by "and" on one column are refused unless the plan
/// adds the rows up; "or" is a plain list.
#[rstest]
#[case("Show the room names with decor 'modern' and 'rustic'.", false, true)]
#[case("Show the room names with decor 'modern' or 'rustic'.", false, false)]
#[case("Show the room names with decor 'modern', 'rustic' or 'traditional'.", false, false)]
#[case("What is the total base price of the 'modern' and 'rustic' rooms?", true, false)]
#[case("How many rooms have decor 'modern' and 'rustic' for each decor?", true, false)]
fn two_values_joined_by_and_are_refused(#[case] question: &str, #[case] total: bool, #[case] refused: bool) {
    use crate::plan::Op;
    let m = lodge_manifest();
    let lx = lexicon::Lexicon::new(&m);
    let p = intent::pieces(&tokenize::tokenize(question), &lx, &intent::CueTable::new(), None);
    let values = if question.contains("traditional") {
        serde_json::json!(["modern", "rustic", "traditional"])
    } else {
        serde_json::json!(["modern", "rustic"])
    };
    let mut plan = Plan { fields: vec!["rooms.roomname".into()], filters: vec![cond("rooms.decor", Op::In, values)], ..Plan::default() };
    if question.contains("each decor") {
        plan.fields.clear();
        plan.dimensions = vec![crate::plan::DimensionRef { name: "rooms.decor".into(), grain: None }];
        plan.measures = serde_json::from_value(serde_json::json!([{ "agg": "count" }])).unwrap_or_default();
    } else if total {
        plan.fields.clear();
        plan.measures = serde_json::from_value(serde_json::json!([{ "agg": "sum", "column": "rooms.baseprice" }])).unwrap_or_default();
    }
    assert_eq!(both::check(&m, &p, &plan).is_err(), refused, "{question}: {plan:?}");
}

/// A grouping by the noun after a participle's "by" (who did it) is
/// refused; after "grouped by", or with no grouping, it is not.
#[rstest]
#[case("How many rooms were reserved by guests?", true, true)]
#[case("How many rooms were reserved in by some guests?", true, true)]
#[case("How many rooms were reserved by guests?", false, false)]
#[case("Count the rooms grouped by guests.", true, false)]
fn a_grouping_by_the_agent_of_a_verb_is_refused(#[case] question: &str, #[case] grouped: bool, #[case] refused: bool) {
    let m = lodge_manifest();
    let lx = lexicon::Lexicon::new(&m);
    let p = intent::pieces(&tokenize::tokenize(question), &lx, &intent::CueTable::new(), None);
    let mut plan: Plan = serde_json::from_value(serde_json::json!({ "measures": [{ "agg": "count" }] })).unwrap_or_default();
    if grouped {
        plan.dimensions = vec![crate::plan::DimensionRef { name: "guests.guest_name".into(), grain: None }];
    }
    assert_eq!(agent::check(&m, &p, &plan).is_err(), refused, "{question}: {plan:?}");
}

fn counted(by: &[&str], filters: Vec<crate::plan::Filter>) -> Plan {
    let measures = serde_json::from_value(serde_json::json!([{ "agg": "count" }])).unwrap_or_default();
    let dimensions = by.iter().map(|d| crate::plan::DimensionRef { name: (*d).into(), grain: None }).collect();
    Plan { measures, dimensions, filters, ..Plan::default() }
}

/// A count of a table's rows grouped by its own primary key is 1 for
/// every group: refused. Grouped by another column of it (its label
/// too: names repeat), or with a filter on a table that points at it,
/// the count is real.
#[rstest]
#[case(counted(&["rooms.roomid"], vec![]), true)]
#[case(counted(&["rooms.decor", "rooms.roomid"], vec![]), true)]
#[case(counted(&["rooms.roomname"], vec![]), false)]
#[case(counted(&["rooms.decor"], vec![]), false)]
#[case(counted(&["rooms.bedtype"], vec![]), false)]
#[case(counted(&["rooms.roomid"], vec![crate::plan::Filter { field: "reservations.kids".into(), op: crate::plan::Op::Gt, value: Some(crate::plan::Operand::Value(serde_json::json!(0))) }]), false)]
fn a_count_per_own_row_is_refused(#[case] plan: Plan, #[case] refused: bool) {
    assert_eq!(own_rows::check(&lodge_manifest(), &plan).is_err(), refused, "{plan:?}");
}
