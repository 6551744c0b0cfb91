//! Compiler tables: plan in, SQL out, against a small shop manifest.

use super::*;
use crate::plan::{Agg, DimensionRef, Grain, LatestPer, Measure, OrderBy, Outliers};
use rstest::rstest;
use serde_json::json;

const SHOP: &str = r#"
name = "shop"
[[tables]]
name = "orders"
file = "orders.csv"
primary_key = "order_id"
columns = [
  { name = "order_id", type = "INTEGER" },
  { name = "order_date", type = "DATE" },
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
  { name = "unit_price", type = "DECIMAL(10,2)" },
]
[[tables]]
name = "inventory"
file = "inventory.csv"
primary_key = "product_id"
columns = [
  { name = "product_id", type = "INTEGER" },
  { name = "product_name", type = "VARCHAR" },
  { name = "category", type = "VARCHAR" },
  { name = "stock_on_hand", type = "INTEGER" },
  { name = "reorder_level", type = "INTEGER" },
]
[[joins]]
from = "order_items.order_id"
to = "orders.order_id"
[[joins]]
from = "order_items.product_id"
to = "inventory.product_id"
[[metrics]]
name = "revenue"
expr = "SUM(order_items.quantity * order_items.unit_price)"
table = "order_items"
additive = true
[[metrics]]
name = "order_count"
expr = "COUNT(DISTINCT orders.order_id)"
table = "orders"
additive = true
[[metrics]]
name = "average_order_value"
expr = "AVG(orders.total_amount)"
table = "orders"
[[dimensions]]
name = "category"
column = "inventory.category"
kind = "categorical"
values = ["Books", "Toys"]
[[dimensions]]
name = "status"
column = "orders.status"
kind = "categorical"
values = ["cancelled", "delivered", "returned"]
[[dimensions]]
name = "order_date"
column = "orders.order_date"
kind = "time"
grains = ["day", "month"]
[[segments]]
name = "below_reorder_level"
expr = "inventory.stock_on_hand < inventory.reorder_level"
table = "inventory"
"#;

fn shop() -> Manifest {
    toml::from_str(SHOP).unwrap()
}

fn metric(name: &str) -> Measure {
    Measure { metric: Some(name.into()), agg: None, column: None, filters: vec![], share: false, alias: None }
}

fn dim(name: &str, grain: Option<Grain>) -> DimensionRef {
    DimensionRef { name: name.into(), grain }
}

fn filter(field: &str, op: Op, value: Option<serde_json::Value>) -> Filter {
    Filter { field: field.into(), op, value: value.map(Operand::Value) }
}

fn sql(plan: Plan) -> String {
    compile(&plan, &shop()).unwrap().sql
}

#[test]
fn metric_by_dimension_joins_along_the_graph() {
    let s = sql(Plan { measures: vec![metric("revenue")], dimensions: vec![dim("category", None)], ..Plan::default() });
    assert_eq!(
        s,
        "SELECT inventory.category AS category, SUM(order_items.quantity * order_items.unit_price) AS revenue\n\
         FROM order_items\nJOIN inventory ON order_items.product_id = inventory.product_id\n\
         GROUP BY ALL\nORDER BY category ASC NULLS LAST"
    );
}

#[test]
fn fan_out_aggregates_over_distinct_keys_of_the_measure_table() {
    let s = sql(Plan { measures: vec![metric("average_order_value")], dimensions: vec![dim("category", None)], ..Plan::default() });
    assert!(s.contains("SELECT DISTINCT orders.order_id AS __k, inventory.category AS __d0"), "{s}");
    assert!(s.contains("JOIN order_items ON order_items.order_id = orders.order_id"), "{s}");
    assert!(s.contains(") AS __keys ON orders.order_id = __keys.__k\nGROUP BY ALL"), "{s}");
    assert!(!s.contains("orders.*"), "{s}");
}

#[test]
fn measures_over_different_tables_are_aggregated_apart() {
    let s = sql(Plan { measures: vec![metric("revenue"), metric("order_count")], dimensions: vec![dim("status", None)], ..Plan::default() });
    assert!(s.starts_with("WITH g0 AS ("), "{s}");
    assert!(s.contains("FULL JOIN g1 ON g0.status IS NOT DISTINCT FROM g1.status"), "{s}");
    assert!(s.contains("COALESCE(g0.status, g1.status) AS status"), "{s}");
}

#[test]
fn share_filters_every_aggregate() {
    let mut m = metric("order_count");
    m.filters = vec![filter("status", Op::In, Some(json!(["Cancelled", "returned"])))];
    m.share = true;
    let s = sql(Plan { measures: vec![m], ..Plan::default() });
    assert!(
        s.contains("100.0 * (COUNT(DISTINCT orders.order_id) FILTER (WHERE orders.status IN ('cancelled', 'returned'))) / NULLIF(COUNT(DISTINCT orders.order_id), 0) AS order_count_share_pct"),
        "{s}"
    );
}

#[test]
fn time_grain_and_default_order() {
    let s = sql(Plan { measures: vec![metric("order_count")], dimensions: vec![dim("order_date", Some(Grain::Month))], ..Plan::default() });
    assert!(s.contains("CAST(date_trunc('month', orders.order_date) AS DATE) AS order_date_month"), "{s}");
    assert!(s.contains("ORDER BY order_date_month ASC"), "{s}");
}

#[test]
fn listing_with_segment_and_order() {
    let s = sql(Plan {
        fields: vec!["inventory.product_name".into(), "inventory.stock_on_hand".into()],
        filters: vec![filter("below_reorder_level", Op::IsTrue, None)],
        order: vec![OrderBy { by: "inventory.stock_on_hand".into(), desc: false }],
        ..Plan::default()
    });
    assert_eq!(
        s,
        "SELECT inventory.product_name AS product_name, inventory.stock_on_hand AS stock_on_hand\nFROM inventory\n\
         WHERE (inventory.stock_on_hand < inventory.reorder_level) IS TRUE\nORDER BY stock_on_hand ASC NULLS LAST"
    );
}

#[test]
fn latest_per_and_outliers_stand_in_for_their_table() {
    let s = sql(Plan {
        fields: vec!["orders.order_id".into()],
        latest_per: Some(LatestPer { entity: "orders.status".into(), time: "orders.order_date".into() }),
        ..Plan::default()
    });
    assert!(s.contains("FROM (SELECT * FROM orders QUALIFY row_number() OVER (PARTITION BY orders.status ORDER BY orders.order_date DESC) = 1) AS orders"), "{s}");
    let s = sql(Plan {
        fields: vec!["orders.order_id".into()],
        outliers: Some(Outliers { column: "orders.total_amount".into(), partition: Some("status".into()), sigmas: 3.0 }),
        ..Plan::default()
    });
    assert!(s.contains("abs(orders.total_amount - __mean) > 3 * __sd"), "{s}");
}

#[test]
fn aggregate_over_column_and_count_of_table() {
    let m = Measure { metric: None, agg: Some(Agg::Max), column: Some("orders.total_amount".into()), filters: vec![], share: false, alias: None };
    let c = Measure { metric: None, agg: Some(Agg::Count), column: Some("orders".into()), filters: vec![], share: false, alias: None };
    let s = sql(Plan { measures: vec![m, c], ..Plan::default() });
    assert!(s.starts_with("SELECT MAX(orders.total_amount) AS max_total_amount, COUNT(*) AS orders_count\nFROM orders"), "{s}");
}

#[test]
fn having_and_relative_time() {
    let s = sql(Plan {
        measures: vec![metric("revenue")],
        dimensions: vec![dim("category", None)],
        filters: vec![Filter { field: "order_date".into(), op: Op::Last, value: Some(Operand::Span { n: 30, unit: Grain::Day }) }],
        having: vec![filter("order_count", Op::Ge, Some(json!(5)))],
        ..Plan::default()
    });
    assert!(s.contains("orders.order_date > (SELECT MAX(orders.order_date) FROM orders) - INTERVAL 30 DAY"), "{s}");
    assert!(s.contains("HAVING COUNT(DISTINCT orders.order_id) >= 5"), "{s}");
}

#[rstest]
#[case(Some(50), 50)]
#[case(None, 1000)]
#[case(Some(10_000_000), 200_000)]
fn limit_is_always_enforced(#[case] limit: Option<u64>, #[case] want: u64) {
    let c = compile(&Plan { measures: vec![metric("revenue")], limit, ..Plan::default() }, &shop()).unwrap();
    assert_eq!(c.limit, want);
    // An explicit limit is part of the SQL; the default one is the runner's
    // cap, so a result cut there is reported as truncated.
    assert_eq!(c.sql.ends_with(&format!("LIMIT {want}")), limit.is_some(), "{}", c.sql);
    let c = compile(&Plan { limit, ..Plan::from_sql("SELECT * FROM orders;") }, &shop()).unwrap();
    assert_eq!(c.limit, want);
    match limit {
        Some(_) => assert_eq!(c.sql, format!("SELECT * FROM (\nSELECT * FROM orders\n) AS q\nLIMIT {want}")),
        None => assert_eq!(c.sql, "SELECT * FROM orders"),
    }
}

#[rstest]
#[case(Plan { measures: vec![metric("revenu")], ..Plan::default() }, "unknown metric `revenu` (did you mean `revenue`?)")]
#[case(Plan { measures: vec![metric("revenue")], dimensions: vec![dim("categry", None)], ..Plan::default() }, "unknown field `categry` (did you mean `category`?)")]
#[case(Plan { measures: vec![metric("revenue")], filters: vec![filter("category", Op::Eq, Some(json!("Book")))], ..Plan::default() }, "`Book` is not a known value of category (did you mean `Books`?)")]
#[case(Plan { measures: vec![metric("revenue")], dimensions: vec![dim("category", Some(Grain::Month))], ..Plan::default() }, "invalid plan: `category` is not a date or time, so it has no month grain")]
#[case(Plan { version: 2, ..Plan::default() }, "plan version 2 is not supported (this build reads version 1)")]
#[case(Plan::default(), "invalid plan: the plan asks for nothing: add measures, dimensions or fields")]
#[case(Plan { measures: vec![metric("revenue")], sql: Some("SELECT 1".into()), ..Plan::default() }, "invalid plan: a plan with `sql` may not also have measures, dimensions, fields, filters or order")]
fn invalid_plans_name_the_problem(#[case] plan: Plan, #[case] want: &str) {
    assert_eq!(compile(&plan, &shop()).unwrap_err().to_string(), want);
}

#[test]
fn plan_json_round_trips_and_rejects_unknown_keys() {
    let p: Plan = serde_json::from_value(json!({
        "measures": [{"metric": "revenue"}],
        "dimensions": [{"name": "order_date", "grain": "month"}],
        "filters": [{"field": "order_date", "op": "last", "value": {"n": 30, "unit": "day"}},
                    {"field": "inventory.stock_on_hand", "op": "lt", "value": {"column": "inventory.reorder_level"}}],
        "limit": 5
    }))
    .unwrap();
    let back: Plan = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
    assert_eq!(p, back);
    assert!(serde_json::from_value::<Plan>(json!({"measurez": []})).is_err());
    assert!(compile(&p, &shop()).unwrap().sql.contains("inventory.stock_on_hand < inventory.reorder_level"));
}

#[rstest]
#[case(Op::NotExists, "WHERE NOT EXISTS (SELECT 1 FROM order_items WHERE order_items.product_id = inventory.product_id)")]
#[case(Op::Exists, "WHERE EXISTS (SELECT 1 FROM order_items WHERE order_items.product_id = inventory.product_id)")]
fn exists_reads_the_other_table_in_a_subquery(#[case] op: Op, #[case] want: &str) {
    let s = sql(Plan {
        fields: vec!["inventory.product_name".into()],
        filters: vec![Filter { field: "inventory.product_id".into(), op, value: Some(Operand::Column { column: "order_items.product_id".into() }) }],
        ..Plan::default()
    });
    assert!(s.contains(want), "{s}");
    assert!(s.contains("FROM inventory\n"), "the other table is not joined: {s}");
}

#[test]
fn exists_needs_a_column_of_another_table() {
    let plan = Plan {
        fields: vec!["inventory.product_name".into()],
        filters: vec![Filter { field: "inventory.product_id".into(), op: Op::NotExists, value: Some(Operand::Value(json!(3))) }],
        ..Plan::default()
    };
    assert!(compile(&plan, &shop()).is_err());
}

fn rows(column: &str, filters: Vec<Filter>) -> Option<Operand> {
    Some(Operand::Rows { column: column.into(), filters })
}

fn eq(field: &str, v: serde_json::Value) -> Filter {
    Filter { field: field.into(), op: Op::Eq, value: Some(Operand::Value(v)) }
}

#[rstest]
// Some / no row of the other table, among those meeting a condition.
#[case(Op::NotExists, "inventory.product_id", "order_items.product_id", "NOT EXISTS (SELECT 1 FROM order_items WHERE order_items.product_id = inventory.product_id AND order_items.quantity > 5)")]
#[case(Op::Exists, "inventory.product_id", "order_items.product_id", "EXISTS (SELECT 1 FROM order_items WHERE order_items.product_id = inventory.product_id AND order_items.quantity > 5)")]
// Among the values another table's column takes in the rows meeting it.
#[case(Op::In, "inventory.product_id", "order_items.product_id", "inventory.product_id IN (SELECT order_items.product_id FROM order_items WHERE order_items.product_id IS NOT NULL AND order_items.quantity > 5)")]
#[case(Op::NotIn, "inventory.product_id", "order_items.product_id", "inventory.product_id NOT IN (SELECT order_items.product_id FROM order_items WHERE order_items.product_id IS NOT NULL AND order_items.quantity > 5)")]
fn rows_with_conditions_compile_to_a_subquery(#[case] op: Op, #[case] field: &str, #[case] column: &str, #[case] want: &str) {
    let s = sql(Plan {
        fields: vec!["inventory.product_name".into()],
        filters: vec![Filter {
            field: field.into(),
            op,
            value: rows(column, vec![Filter { field: "order_items.quantity".into(), op: Op::Gt, value: Some(Operand::Value(json!(5))) }]),
        }],
        ..Plan::default()
    });
    assert!(s.contains(want), "{s}");
    assert!(s.contains("FROM inventory\n"), "the other table is not joined: {s}");
}

#[test]
fn not_in_rows_of_the_same_table_is_a_set_difference() {
    // The statuses no cancelled order... of its own table: the subquery is
    // uncorrelated, so `orders` inside it means its own rows.
    let s = sql(Plan {
        dimensions: vec![DimensionRef { name: "orders.status".into(), grain: None }],
        filters: vec![Filter { field: "orders.status".into(), op: Op::NotIn, value: rows("orders.status", vec![eq("orders.order_id", json!(7))]) }],
        ..Plan::default()
    });
    assert!(s.contains("orders.status NOT IN (SELECT orders.status FROM orders WHERE orders.status IS NOT NULL AND orders.order_id = 7)"), "{s}");
}

#[rstest]
// Conditions inside must be on the table the rows come from.
#[case(Op::NotExists, "inventory.product_id", "order_items.product_id", "orders.status")]
#[case(Op::In, "inventory.product_id", "order_items.product_id", "orders.status")]
// Rows go with exists / in only.
#[case(Op::Gt, "inventory.product_id", "order_items.product_id", "order_items.quantity")]
fn rows_are_refused_where_they_mean_nothing(#[case] op: Op, #[case] field: &str, #[case] column: &str, #[case] inner: &str) {
    let plan = Plan {
        fields: vec!["inventory.product_name".into()],
        filters: vec![Filter { field: field.into(), op, value: rows(column, vec![eq(inner, json!("x"))]) }],
        ..Plan::default()
    };
    assert!(compile(&plan, &shop()).is_err(), "{:?}", compile(&plan, &shop()));
}

#[test]
fn rows_round_trip_through_json_and_are_not_read_as_a_column() {
    let p = Plan {
        fields: vec!["inventory.product_name".into()],
        filters: vec![Filter { field: "inventory.product_id".into(), op: Op::NotExists, value: rows("order_items.product_id", vec![eq("order_items.quantity", json!(2))]) }],
        ..Plan::default()
    };
    let back: Plan = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
    assert_eq!(p, back);
    assert!(crate::plan::json_schema().contains("filters"), "the schema describes rows");
}

#[test]
fn a_listing_reads_the_table_its_order_column_is_in() {
    // Products listed in the order of their order items' quantities: the
    // order items are joined, not referred to from nowhere.
    let s = sql(Plan {
        fields: vec!["inventory.product_name".into()],
        order: vec![OrderBy { by: "order_items.quantity".into(), desc: true }],
        ..Plan::default()
    });
    assert!(s.contains("JOIN inventory ON order_items.product_id = inventory.product_id") || s.contains("JOIN order_items ON"), "{s}");
    assert!(s.contains("ORDER BY order_items.quantity DESC"), "{s}");
}
