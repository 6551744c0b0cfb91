//! Listings added together (`union`): the rows of both, each once, in
//! DuckDB; a limit on the whole; and the plans a union may not hold
//! refused with the reason.

use crate::compile::compile;
use crate::plan::{Agg, Filter, Measure, Op, Operand, OrderBy, Plan};
use crate::semantic::Manifest;
use serde_json::json;

const PEOPLE: &str = r#"
name = "people"
[[tables]]
name = "customers"
file = "customers.csv"
primary_key = "customer_id"
columns = [
  { name = "customer_id", type = "INTEGER" },
  { name = "customer_phone", type = "VARCHAR" },
  { name = "city", type = "VARCHAR" },
]
[[tables]]
name = "suppliers"
file = "suppliers.csv"
primary_key = "supplier_id"
columns = [
  { name = "supplier_id", type = "INTEGER" },
  { name = "supplier_phone", type = "VARCHAR" },
]
"#;

/// Customers 555-1 (Lyon), 555-2 (Oslo), 555-3 (Lyon); suppliers 555-2, 555-9.
const DATA: &str = "
CREATE TABLE customers (customer_id INTEGER, customer_phone VARCHAR, city VARCHAR);
INSERT INTO customers VALUES (1, '555-1', 'Lyon'), (2, '555-2', 'Oslo'), (3, '555-3', 'Lyon');
CREATE TABLE suppliers (supplier_id INTEGER, supplier_phone VARCHAR);
INSERT INTO suppliers VALUES (1, '555-2'), (2, '555-9');
";

fn listing(field: &str) -> Plan {
    Plan { fields: vec![field.into()], ..Plan::default() }
}

fn run(plan: &Plan) -> (String, Vec<String>) {
    super::any_of_tests::first_column(PEOPLE, DATA, plan)
}

#[test]
fn the_rows_of_both_listings_each_once() {
    let plan = Plan { union: vec![listing("suppliers.supplier_phone")], ..listing("customers.customer_phone") };
    let (sql, rows) = run(&plan);
    assert!(sql.contains("\nUNION\n"), "{sql}");
    assert_eq!(rows, vec!["555-1", "555-2", "555-3", "555-9"]);
}

#[test]
fn each_part_keeps_its_own_filters_and_the_limit_is_on_the_whole() {
    let lyon = Filter { field: "customers.city".into(), op: Op::Eq, value: Some(Operand::Value(json!("Lyon"))) };
    let plan = Plan {
        filters: vec![lyon],
        union: vec![listing("suppliers.supplier_phone")],
        limit: Some(3),
        ..listing("customers.customer_phone")
    };
    let (sql, rows) = run(&plan);
    assert!(sql.ends_with("LIMIT 3"), "{sql}");
    assert_eq!(rows.len(), 3, "{rows:?}");
    let plan = Plan { limit: None, ..plan };
    assert_eq!(run(&plan).1, vec!["555-1", "555-2", "555-3", "555-9"]);
}

#[test]
fn a_union_of_anything_but_plain_listings_of_as_many_fields_is_refused() {
    let m: Manifest = toml::from_str(PEOPLE).unwrap();
    let base = listing("customers.customer_phone");
    let count = Measure { metric: None, agg: Some(Agg::Count), column: None, filters: vec![], share: false, alias: None };
    let cases = [
        (Plan { union: vec![Plan { fields: vec!["suppliers.supplier_phone".into(), "suppliers.supplier_id".into()], ..Plan::default() }], ..base.clone() }, "as many fields"),
        (Plan { union: vec![Plan { measures: vec![count], ..listing("suppliers.supplier_phone") }], ..base.clone() }, "plain listing"),
        (Plan { union: vec![listing("suppliers.supplier_phone")], order: vec![OrderBy { by: "customers.customer_phone".into(), desc: false }], ..base.clone() }, "plain listing"),
        (Plan { union: vec![Plan { sql: Some("SELECT 1".into()), ..Plan::default() }], ..base.clone() }, "plain listing"),
    ];
    for (plan, want) in cases {
        let err = compile(&plan, &m).unwrap_err().to_string();
        assert!(err.contains(want), "{err}");
    }
    // Raw SQL beside a union is no plan either.
    let err = compile(&Plan { union: vec![listing("suppliers.supplier_phone")], ..Plan::from_sql("SELECT 1") }, &m).unwrap_err().to_string();
    assert!(err.contains("sql"), "{err}");
}
