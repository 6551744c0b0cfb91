//! Conditions joined by "or" (`any_of`): the SQL text keeps each group in
//! parentheses beside the other filters, an empty group is refused, and
//! the answers from running the SQL on a small table in DuckDB are the
//! ones worked out by hand.

use crate::compile::compile;
use crate::plan::{Filter, Op, Operand, Plan};
use crate::semantic::Manifest;
use duckdb::Connection;
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
  { name = "age", type = "INTEGER" },
]
"#;

/// Ann A 10 25, Bob A 30 40, Cid B 50 33, Dee B 20 61.
const DATA: &str = "
CREATE TABLE staff (staff_id INTEGER, name VARCHAR, team VARCHAR, pay INTEGER, age INTEGER);
INSERT INTO staff VALUES (1, 'Ann', 'A', 10, 25), (2, 'Bob', 'A', 30, 40), (3, 'Cid', 'B', 50, 33), (4, 'Dee', 'B', 20, 61);
";

fn f(field: &str, op: Op, v: serde_json::Value) -> Filter {
    Filter { field: field.into(), op, value: Some(Operand::Value(v)) }
}

fn names(filters: Vec<Filter>, any_of: Vec<Vec<Filter>>) -> Plan {
    Plan { fields: vec!["staff.name".into()], filters, any_of, ..Plan::default() }
}

fn run(plan: &Plan) -> (String, Vec<String>) {
    first_column(STAFF, DATA, plan)
}

/// The plan compiled on the manifest `manifest` and run in DuckDB on the
/// tables `data` makes: the SQL and its first column's values, sorted.
pub(super) fn first_column(manifest: &str, data: &str, plan: &Plan) -> (String, Vec<String>) {
    let m: Manifest = toml::from_str(manifest).unwrap();
    let sql = compile(plan, &m).unwrap().sql;
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(data).unwrap();
    let mut stmt = conn.prepare(&sql).unwrap_or_else(|e| panic!("{e}\n{sql}"));
    let mut rows: Vec<String> = stmt.query_map([], |r| r.get::<_, String>(0)).unwrap().collect::<Result<_, _>>().unwrap();
    rows.sort();
    (sql, rows)
}

#[test]
fn two_comparisons_either_of_which_holds() {
    // pay below 15 or above 40: Ann, Cid.
    let plan = names(vec![], vec![vec![f("staff.pay", Op::Lt, json!(15))], vec![f("staff.pay", Op::Gt, json!(40))]]);
    let (sql, rows) = run(&plan);
    assert!(sql.contains("((staff.pay < 15) OR (staff.pay > 40))"), "{sql}");
    assert_eq!(rows, vec!["Ann", "Cid"]);
}

#[test]
fn a_disjunction_beside_other_filters_and_groups_of_several() {
    // team A and (age over 60 or (pay 30 and age 40)): Bob.
    let plan = names(
        vec![f("staff.team", Op::Eq, json!("A"))],
        vec![vec![f("staff.age", Op::Gt, json!(60))], vec![f("staff.pay", Op::Eq, json!(30)), f("staff.age", Op::Eq, json!(40))]],
    );
    let (sql, rows) = run(&plan);
    assert!(sql.contains(" AND ((staff.age > 60) OR (staff.pay = 30 AND staff.age = 40))"), "{sql}");
    assert_eq!(rows, vec!["Bob"]);
}

#[test]
fn an_empty_group_is_refused() {
    let m: Manifest = toml::from_str(STAFF).unwrap();
    let plan = names(vec![], vec![vec![f("staff.pay", Op::Lt, json!(15))], vec![]]);
    let err = compile(&plan, &m).unwrap_err().to_string();
    assert!(err.contains("any_of"), "{err}");
}
