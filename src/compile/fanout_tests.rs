//! Measures over fanned-out joins, checked by running the compiled SQL on
//! small tables in DuckDB against answers worked out by hand.

use crate::compile::{compile, CompileError};
use crate::plan::{Agg, DimensionRef, Filter, Measure, Op, Operand, Plan};
use crate::semantic::Manifest;
use crate::sql::{validate, Policy};
use duckdb::Connection;
use rstest::rstest;
use serde_json::json;

/// `orders` and `inventory` are keyed, `payments` is not: its two payments
/// of 10 for order 1 are identical rows, both real.
const SHOP: &str = r#"
name = "shop"
[[tables]]
name = "orders"
file = "orders.csv"
primary_key = "order_id"
columns = [
  { name = "order_id", type = "INTEGER" },
  { name = "status", type = "VARCHAR" },
  { name = "total_amount", type = "DECIMAL(12,2)" },
]
[[tables]]
name = "order_items"
file = "order_items.csv"
primary_key = "order_item_id"
columns = [
  { name = "order_item_id", type = "INTEGER" },
  { name = "order_id", type = "INTEGER" },
  { name = "product_id", type = "INTEGER" },
  { name = "quantity", type = "INTEGER" },
]
[[tables]]
name = "inventory"
file = "inventory.csv"
primary_key = "product_id"
columns = [
  { name = "product_id", type = "INTEGER" },
  { name = "category", type = "VARCHAR" },
]
[[tables]]
name = "payments"
file = "payments.csv"
columns = [
  { name = "order_id", type = "INTEGER" },
  { name = "amount", type = "DECIMAL(12,2)" },
]
[[joins]]
from = "order_items.order_id"
to = "orders.order_id"
[[joins]]
from = "order_items.product_id"
to = "inventory.product_id"
[[joins]]
from = "payments.order_id"
to = "orders.order_id"
[[metrics]]
name = "average_order_value"
expr = "AVG(orders.total_amount)"
table = "orders"
[[metrics]]
name = "paid"
expr = "SUM(payments.amount)"
table = "payments"
[[metrics]]
name = "payment_count"
expr = "COUNT(*)"
table = "payments"
[[metrics]]
name = "avg_payment"
expr = "AVG(payments.amount)"
table = "payments"
[[dimensions]]
name = "category"
column = "inventory.category"
kind = "categorical"
values = ["Books", "Toys"]
[[dimensions]]
name = "status"
column = "orders.status"
kind = "categorical"
values = ["cancelled", "delivered"]
"#;

/// Order 1 has two Books lines and one Toys line, order 2 one Toys line,
/// order 3 none. Order 1 was paid in two identical payments of 10.
const DATA: &str = "
CREATE TABLE orders (order_id INTEGER, status VARCHAR, total_amount DECIMAL(12,2));
INSERT INTO orders VALUES (1, 'delivered', 100.00), (2, 'delivered', 50.00), (3, 'cancelled', 30.00);
CREATE TABLE order_items (order_item_id INTEGER, order_id INTEGER, product_id INTEGER, quantity INTEGER);
INSERT INTO order_items VALUES (10, 1, 100, 2), (11, 1, 100, 1), (12, 1, 200, 1), (13, 2, 200, 3);
CREATE TABLE inventory (product_id INTEGER, category VARCHAR);
INSERT INTO inventory VALUES (100, 'Books'), (200, 'Toys');
CREATE TABLE payments (order_id INTEGER, amount DECIMAL(12,2));
INSERT INTO payments VALUES (1, 10.00), (1, 10.00), (2, 20.00), (3, 30.00);
";

fn metric(name: &str) -> Measure {
    Measure { metric: Some(name.into()), agg: None, column: None, filters: vec![], share: false, alias: None }
}

fn agg(agg: Agg, column: &str) -> Measure {
    Measure { metric: None, agg: Some(agg), column: Some(column.into()), filters: vec![], share: false, alias: None }
}

fn by(name: &str) -> DimensionRef {
    DimensionRef { name: name.into(), grain: None }
}

fn category_is(value: &str) -> Filter {
    Filter { field: "category".into(), op: Op::Eq, value: Some(Operand::Value(json!(value))) }
}

/// The measure restricted to one category by its own filter.
fn only(mut m: Measure, category: &str) -> Measure {
    m.filters = vec![category_is(category)];
    m
}

/// The share of the measure that falls in one category.
fn share(m: Measure, category: &str) -> Measure {
    Measure { share: true, ..only(m, category) }
}

fn plan(measures: Vec<Measure>, dims: &[&str], filters: Vec<Filter>) -> Plan {
    Plan { measures, dimensions: dims.iter().map(|d| by(d)).collect(), filters, ..Plan::default() }
}

/// The compiled plan's rows, every cell as text, sorted.
fn run(plan: &Plan) -> Vec<Vec<String>> {
    let m: Manifest = toml::from_str(SHOP).unwrap();
    let c = compile(plan, &m).unwrap();
    // The compiled SQL must also pass the validator it meets before running.
    validate(&c.sql, &Policy::new(m.tables.iter().map(|t| t.name.clone()))).unwrap();
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(DATA).unwrap();
    let sql = format!("SELECT CAST(COLUMNS(*) AS VARCHAR) FROM (\n{}\n) AS q", c.sql);
    let mut stmt = conn.prepare(&sql).unwrap();
    let mut rows: Vec<Vec<String>> = stmt
        .query_map([], |r| {
            let n = r.as_ref().column_count();
            (0..n).map(|i| r.get::<_, Option<String>>(i).map(|v| v.unwrap_or_else(|| "NULL".into()))).collect()
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{}", c.sql));
    rows.sort();
    rows
}

/// Cells equal as numbers when both are numbers (100.00 is 100), else as text.
fn same(got: &[Vec<String>], want: &str) -> bool {
    let mut want: Vec<Vec<&str>> = want.split(';').map(|r| r.split(',').collect()).collect();
    want.sort();
    got.len() == want.len()
        && got.iter().zip(&want).all(|(g, w)| {
            g.len() == w.len()
                && g.iter().zip(w).all(|(a, b)| match (a.parse::<f64>(), b.parse::<f64>()) {
                    (Ok(x), Ok(y)) => (x - y).abs() < 1e-9,
                    _ => a == b,
                })
        })
}

#[rstest]
// Keyed table over a fan-out: order 1 is in Books once, not once per line.
#[case::keyed_sum_by_far_dimension(plan(vec![agg(Agg::Sum, "orders.total_amount")], &["category"], vec![]), "Books,100;Toys,150")]
#[case::keyed_avg_by_far_dimension(plan(vec![metric("average_order_value")], &["category"], vec![]), "Books,100;Toys,75")]
#[case::keyed_count_by_far_dimension(plan(vec![agg(Agg::Count, "orders")], &["category"], vec![]), "Books,1;Toys,2")]
// Per far row (a product, by its key), counting orders counts their lines:
// order 1 holds product 100 on two lines.
#[case::keyed_count_per_far_row_counts_links(plan(vec![agg(Agg::Count, "orders")], &["inventory.product_id"], vec![]), "100,2;200,2")]
// Per value of the bridge's own column, the same: each line counts.
#[case::keyed_count_per_bridge_column_counts_links(plan(vec![agg(Agg::Count, "orders")], &["order_items.product_id"], vec![]), "100,2;200,2")]
#[case::keyed_sum_filtered_across_fan_out(plan(vec![agg(Agg::Sum, "orders.total_amount")], &[], vec![category_is("Books")]), "100")]
// Keyless table without fan-out: both payments of 10 count.
#[case::keyless_by_near_dimension(plan(vec![metric("paid")], &["status"], vec![]), "cancelled,30;delivered,40")]
// Keyless table filtered across a fan-out: both payments of order 1 count,
// once each (DISTINCT rows gave 10, a plain join 40).
#[case::keyless_sum_filtered_across_fan_out(plan(vec![metric("paid")], &[], vec![category_is("Books")]), "20")]
#[case::keyless_by_near_dimension_filtered_across_fan_out(plan(vec![metric("paid")], &["status"], vec![category_is("Toys")]), "delivered,40")]
#[case::keyless_count_and_avg(plan(vec![metric("payment_count"), metric("avg_payment")], &[], vec![category_is("Books")]), "2,10")]
#[case::keyed_and_keyless_groups(plan(vec![agg(Agg::Sum, "orders.total_amount"), metric("paid")], &["status"], vec![category_is("Books")]), "delivered,100,20")]
// A measure's own filter across a fan-out: decided per row, then applied
// once per row (a plain join gave 2 orders, 4 of 7 payments).
#[case::keyed_restricted_across_fan_out(plan(vec![only(agg(Agg::Count, "orders"), "Books")], &["status"], vec![]), "delivered,1")]
#[case::keyed_share_across_fan_out(plan(vec![share(agg(Agg::Sum, "orders.total_amount"), "Books")], &["status"], vec![]), "delivered,66.66666666666667")]
#[case::keyless_restricted_across_fan_out(plan(vec![only(metric("paid"), "Books")], &[], vec![]), "20")]
#[case::keyless_share_across_fan_out(plan(vec![share(metric("payment_count"), "Books")], &[], vec![]), "66.66666666666667")]
// Keyless by a far dimension, with measures that repeated rows cannot move.
#[case::keyless_max_by_far_dimension(plan(vec![agg(Agg::Max, "payments.amount"), agg(Agg::CountDistinct, "payments.order_id")], &["category"], vec![]), "Books,10,1;Toys,20,2")]
/// `want`: rows separated by `;`, cells by `,`, in any order.
fn measures_count_each_row_once_per_group(#[case] plan: Plan, #[case] want: &str) {
    let got = run(&plan);
    assert!(same(&got, want), "got {got:?}, want {want:?}");
}

#[test]
fn keyless_table_by_a_dimension_across_fan_out_is_refused() {
    let m: Manifest = toml::from_str(SHOP).unwrap();
    let paid_and_max = vec![metric("paid"), agg(Agg::Max, "payments.amount")];
    let err = compile(&plan(paid_and_max, &["category"], vec![]), &m).unwrap_err();
    assert!(matches!(&err, CompileError::NoKey { table, across, .. } if table == "payments" && across == "order_items"), "{err:?}");
    let msg = err.to_string();
    assert!(!msg.contains("max_amount"), "only the measure that counts repeats is named: {msg}");
    for part in ["table `payments` has no key", "so `paid` cannot", "by `category`", "`order_items`", "double counting", "primary_key", "dataset.toml"] {
        assert!(msg.contains(part), "{msg}");
    }
}

/// SQL shape only: with a declared key the same plan compiles.
#[test]
fn declaring_the_key_lifts_the_refusal() {
    let keyed = SHOP.replace("file = \"payments.csv\"\n", "file = \"payments.csv\"\nprimary_key = \"order_id\"\n");
    let m: Manifest = toml::from_str(&keyed).unwrap();
    let sql = compile(&plan(vec![metric("paid")], &["category"], vec![]), &m).unwrap().sql;
    assert!(sql.contains("SELECT DISTINCT payments.order_id AS __k, inventory.category AS __d0"), "{sql}");
}

/// The keyless join back relies on DuckDB grouping exactly the values that
/// `IS NOT DISTINCT FROM` calls equal (0.0 and -0.0, NaNs, NULLs): each row
/// then matches one group, so none is counted twice or lost.
#[test]
fn grouping_and_null_safe_equality_agree() {
    let conn = Connection::open_in_memory().unwrap();
    let n: i64 = conn
        .query_row(
            "WITH t(x) AS (VALUES (0.0::DOUBLE), (-0.0::DOUBLE), ('nan'::DOUBLE), ('nan'::DOUBLE), (NULL), (NULL))
             SELECT count(*) FROM t JOIN (SELECT x FROM t GROUP BY ALL) AS g ON t.x IS NOT DISTINCT FROM g.x",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(n, 6);
}
