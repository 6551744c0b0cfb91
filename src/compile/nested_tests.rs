//! Comparisons with an aggregate of a set (`Operand::Aggregate`) and the
//! row(s) with the extreme value per group (`extreme_per`), the rows of a
//! table shown through the table they point at (`rows_of`): the SQL text,
//! the refusals with what to do instead, and answers from running the SQL
//! on small tables in DuckDB, worked out by hand.

use crate::compile::{compile, CompileError};
use crate::plan::{Agg, DimensionRef, ExtremePer, Filter, LatestPer, Measure, Op, Operand, Plan};
use crate::semantic::Manifest;
use crate::sql::{validate, Policy};
use duckdb::Connection;
use rstest::rstest;
use serde_json::json;

const STAFF: &str = r#"
name = "staff"
[[tables]]
name = "staff"
file = "staff.csv"
primary_key = "staff_id"
columns = [
  { name = "staff_id", type = "INTEGER" },
  { name = "name", type = "VARCHAR" },
  { name = "team", type = "VARCHAR" },
  { name = "pay", type = "INTEGER" },
  { name = "joined", type = "DATE" },
]
[[tables]]
name = "bonus"
file = "bonus.csv"
columns = [
  { name = "staff_id", type = "INTEGER" },
  { name = "amount", type = "INTEGER" },
]
[[joins]]
from = "bonus.staff_id"
to = "staff.staff_id"
"#;

/// Team A: Ann 10, Bob 30, Cid 30 (a tie for A's highest); team B: Dee
/// 20, Eve 50, Fay with no pay. Average pay 28; A's average 23.33.
const DATA: &str = "
CREATE TABLE staff (staff_id INTEGER, name VARCHAR, team VARCHAR, pay INTEGER, joined DATE);
INSERT INTO staff VALUES
  (1, 'Ann', 'A', 10, DATE '2020-01-01'), (2, 'Bob', 'A', 30, DATE '2021-01-01'),
  (3, 'Cid', 'A', 30, DATE '2022-01-01'), (4, 'Dee', 'B', 20, DATE '2019-01-01'),
  (5, 'Eve', 'B', 50, DATE '2023-01-01'), (6, 'Fay', 'B', NULL, DATE '2024-01-01');
CREATE TABLE bonus (staff_id INTEGER, amount INTEGER);
INSERT INTO bonus VALUES (1, 5), (2, 40), (5, 10), (2, 3);
";

fn staff() -> Manifest {
    toml::from_str(STAFF).unwrap()
}

fn eq(field: &str, v: serde_json::Value) -> Filter {
    Filter { field: field.into(), op: Op::Eq, value: Some(Operand::Value(v)) }
}

fn vs(field: &str, op: Op, agg: Agg, column: &str, filters: Vec<Filter>) -> Filter {
    Filter { field: field.into(), op, value: Some(Operand::Aggregate { agg, column: column.into(), filters }) }
}

fn gt(field: &str, v: i64) -> Filter {
    Filter { field: field.into(), op: Op::Gt, value: Some(Operand::Value(json!(v))) }
}

fn names_where(filters: Vec<Filter>) -> Plan {
    Plan { fields: vec!["staff.name".into()], filters, ..Plan::default() }
}

fn top_per(partition: &str, by: &str, desc: bool) -> Plan {
    Plan {
        fields: vec!["staff.team".into(), "staff.name".into()],
        extreme_per: Some(ExtremePer { partition: partition.into(), by: by.into(), desc }),
        ..Plan::default()
    }
}

/// The compiled plan's rows, every cell as text, sorted.
fn run(plan: &Plan) -> Vec<String> {
    let m = staff();
    let c = compile(plan, &m).unwrap();
    validate(&c.sql, &Policy::new(m.tables.iter().map(|t| t.name.clone()))).unwrap();
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(DATA).unwrap();
    let sql = format!("SELECT CAST(COLUMNS(*) AS VARCHAR) FROM (\n{}\n) AS q", c.sql);
    let mut stmt = conn.prepare(&sql).unwrap_or_else(|e| panic!("{e}\n{}", c.sql));
    let mut rows: Vec<String> = stmt
        .query_map([], |r| {
            let n = r.as_ref().column_count();
            let cells: Vec<String> =
                (0..n).map(|i| r.get::<_, Option<String>>(i).map(|v| v.unwrap_or_else(|| "NULL".into()))).collect::<Result<_, _>>()?;
            Ok(cells.join(","))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{}", c.sql));
    rows.sort();
    rows
}

#[rstest]
#[case::above_the_average(names_where(vec![vs("staff.pay", Op::Gt, Agg::Avg, "staff.pay", vec![])]), "Bob;Cid;Eve")]
#[case::below_the_average(names_where(vec![vs("staff.pay", Op::Lt, Agg::Avg, "staff.pay", vec![])]), "Ann;Dee")]
#[case::above_the_average_of_a_filtered_set(
    names_where(vec![vs("staff.pay", Op::Gt, Agg::Avg, "staff.pay", vec![eq("staff.team", json!("A"))])]),
    "Bob;Cid;Eve"
)]
#[case::more_than_everyone_in_a_team(
    names_where(vec![vs("staff.pay", Op::Gt, Agg::Max, "staff.pay", vec![eq("staff.team", json!("B"))])]),
    ""
)]
#[case::less_than_everyone_in_a_team(
    names_where(vec![vs("staff.pay", Op::Lt, Agg::Min, "staff.pay", vec![eq("staff.team", json!("B"))])]),
    "Ann"
)]
#[case::with_another_filter(
    names_where(vec![eq("staff.team", json!("A")), vs("staff.pay", Op::Ge, Agg::Max, "staff.pay", vec![eq("staff.team", json!("A"))])]),
    "Bob;Cid"
)]
#[case::against_another_tables_aggregate(names_where(vec![vs("staff.pay", Op::Lt, Agg::Max, "bonus.amount", vec![])]), "Ann;Bob;Cid;Dee")]
#[case::dates_against_the_latest(names_where(vec![vs("staff.joined", Op::Lt, Agg::Min, "staff.joined", vec![eq("staff.team", json!("A"))])]), "Dee")]
#[case::highest_per_team_keeps_ties(top_per("staff.team", "staff.pay", true), "A,Bob;A,Cid;B,Eve")]
#[case::lowest_per_team_skips_nulls(top_per("staff.team", "staff.pay", false), "A,Ann;B,Dee")]
// One row per bonus, each its person's name (Bob has two).
#[case::rows_of_the_pointing_table(Plan { rows_of: Some("bonus".into()), ..names_where(vec![]) }, "Ann;Bob;Bob;Eve")]
// Picked by their bonuses, each person once (Bob's two bonuses both pass);
// shown with a bonus column, once per bonus.
#[case::each_row_once_when_picked_by_joined_rows(names_where(vec![gt("bonus.amount", 2)]), "Ann;Bob;Eve")]
#[case::each_joined_row_when_shown(
    Plan { fields: vec!["staff.name".into(), "bonus.amount".into()], filters: vec![gt("bonus.amount", 2)], ..Plan::default() },
    "Ann,5;Bob,3;Bob,40;Eve,10"
)]
fn answers(#[case] plan: Plan, #[case] want: &str) {
    let want: Vec<&str> = if want.is_empty() { Vec::new() } else { want.split(';').collect() };
    assert_eq!(run(&plan), want, "{}", compile(&plan, &staff()).unwrap().sql);
}

#[test]
fn rows_picked_by_joined_rows_keep_their_order() {
    let plan = Plan {
        order: vec![crate::plan::OrderBy { by: "staff.pay".into(), desc: true }],
        ..names_where(vec![gt("bonus.amount", 2)])
    };
    let c = compile(&plan, &staff()).unwrap();
    assert!(c.sql.contains("WHERE staff.staff_id IN ("), "{}", c.sql);
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(DATA).unwrap();
    let mut stmt = conn.prepare(&c.sql).unwrap();
    let names: Vec<String> = stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap();
    assert_eq!(names, ["Eve", "Bob", "Ann"], "{}", c.sql);
}

#[test]
fn a_measure_compared_with_an_aggregate_of_all_rows() {
    // Teams whose average pay is above the average pay of everyone: B (35 > 28).
    let plan = Plan {
        measures: vec![Measure { metric: None, agg: Some(Agg::Avg), column: Some("staff.pay".into()), filters: vec![], share: false, alias: Some("avg_pay".into()) }],
        dimensions: vec![DimensionRef { name: "staff.team".into(), grain: None }],
        having: vec![vs("avg_pay", Op::Gt, Agg::Avg, "staff.pay", vec![])],
        ..Plan::default()
    };
    let s = compile(&plan, &staff()).unwrap().sql;
    assert!(s.contains("HAVING AVG(staff.pay) > (SELECT AVG(staff.pay) FROM staff)"), "{s}");
    assert_eq!(run(&plan), vec!["B,35.0"]);
}

#[test]
fn the_sql_is_a_scalar_subquery_and_a_ranked_prefilter() {
    let s = compile(&names_where(vec![vs("staff.pay", Op::Gt, Agg::Avg, "staff.pay", vec![eq("staff.team", json!("A"))])]), &staff())
        .unwrap()
        .sql;
    assert_eq!(s, "SELECT staff.name AS name\nFROM staff\nWHERE staff.pay > (SELECT AVG(staff.pay) FROM staff WHERE staff.team = 'A')");
    let s = compile(&top_per("staff.team", "staff.pay", true), &staff()).unwrap().sql;
    assert!(
        s.contains("FROM (SELECT * FROM staff WHERE staff.pay IS NOT NULL QUALIFY rank() OVER (PARTITION BY staff.team ORDER BY staff.pay DESC) = 1) AS staff"),
        "{s}"
    );
}

fn refusal(plan: Plan) -> String {
    match compile(&plan, &staff()) {
        Err(CompileError::Invalid(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[rstest]
#[case::average_of_text(names_where(vec![vs("staff.pay", Op::Gt, Agg::Avg, "staff.name", vec![])]), "needs a numeric column")]
#[case::number_against_dates(names_where(vec![vs("staff.pay", Op::Gt, Agg::Max, "staff.joined", vec![])]), "same kind of values")]
#[case::in_with_an_aggregate(names_where(vec![vs("staff.pay", Op::In, Agg::Max, "staff.pay", vec![])]), "use eq, ne, lt, le, gt or ge")]
#[case::exists_with_an_aggregate(names_where(vec![vs("staff.staff_id", Op::Exists, Agg::Max, "bonus.staff_id", vec![])]), "not an aggregate")]
#[case::conditions_on_another_table(
    names_where(vec![vs("staff.pay", Op::Gt, Agg::Avg, "bonus.amount", vec![eq("staff.team", json!("A"))])]),
    "must be on `bonus`, not `staff`"
)]
#[case::extreme_across_tables(top_per("staff.team", "bonus.amount", true), "must be columns of the same table")]
#[case::extreme_and_latest(
    Plan { latest_per: Some(LatestPer { entity: "staff.team".into(), time: "staff.joined".into() }), ..top_per("staff.team", "staff.pay", true) },
    "not both"
)]
#[case::rows_of_an_unknown_table(Plan { rows_of: Some("bonuses".into()), ..names_where(vec![]) }, "`rows_of` names `bonuses`, which is not a table")]
fn refusals_say_what_to_do(#[case] plan: Plan, #[case] want: &str) {
    let e = refusal(plan);
    assert!(e.contains(want), "{e}");
}

#[test]
fn an_unknown_aggregate_column_offers_the_closest_names() {
    let e = compile(&names_where(vec![vs("staff.pay", Op::Gt, Agg::Avg, "staff.paid", vec![])]), &staff()).unwrap_err();
    assert!(matches!(&e, CompileError::Unknown { suggestions, .. } if suggestions.iter().any(|s| s == "staff.pay")), "{e}");
}
