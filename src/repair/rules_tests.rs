//! The rules on real failures: each broken statement fails against an
//! in-memory DuckDB holding the dataset's schema (or in the validator),
//! the rules propose a fix, and the fix must be the expected SQL, pass
//! the validator and run. `None` means no sound fix exists.

use super::*;
use crate::repair::testdb;
use rstest::rstest;

#[rstest]
// names
#[case("ecommerce", "SELECT stauts FROM orders", Some("SELECT status FROM orders"))]
#[case("ecommerce", "SELECT * FROM ordrs", Some("SELECT * FROM orders"))]
#[case("ecommerce", "SELECT * FROM orderitems", Some("SELECT * FROM order_items"))]
#[case("ecommerce", "SELECT product_name FROM product", None)]
#[case("ecommerce", "SELECT customerid FROM orders", Some("SELECT customer_id FROM orders"))]
#[case("ecommerce", "SELECT SUM(qty) FROM order_items", Some("SELECT SUM(quantity) FROM order_items"))]
#[case("ecommerce", "SELECT name, stock_on_hand FROM inventory", Some("SELECT product_name, stock_on_hand FROM inventory"))]
#[case("ecommerce", "SELECT o.stauts FROM orders o", Some("SELECT o.status FROM orders o"))]
#[case("ecommerce", "SELECT SUM(price) FROM order_items", Some("SELECT SUM(unit_price) FROM order_items"))]
#[case("ecommerce", "SELECT price FROM order_items JOIN inventory ON order_items.product_id = inventory.product_id", None)]
#[case(
    "ecommerce",
    "SELECT category, SUM(quantity) AS units FROM order_items GROUP BY category",
    Some("SELECT inventory.category, SUM(quantity) AS units FROM order_items JOIN inventory ON order_items.product_id = inventory.product_id GROUP BY inventory.category")
)]
#[case(
    "ecommerce",
    "SELECT product_id, warehouse FROM order_items",
    Some("SELECT order_items.product_id, inventory.warehouse FROM order_items JOIN inventory ON order_items.product_id = inventory.product_id")
)]
#[case("support", "SELECT AVG(response_minutes) FROM tickets", None)]
#[case("iot", "SELECT AVG(temp) FROM sensors", Some("SELECT AVG(temperature_c) FROM sensors"))]
// ambiguous
#[case(
    "ecommerce",
    "SELECT order_id, SUM(quantity) FROM orders JOIN order_items ON orders.order_id = order_items.order_id GROUP BY order_id",
    Some("SELECT orders.order_id, SUM(quantity) FROM orders JOIN order_items ON orders.order_id = order_items.order_id GROUP BY orders.order_id")
)]
#[case("ecommerce", "SELECT product_id FROM order_items JOIN inventory ON order_items.order_id = inventory.product_id", None)]
// aggregation
#[case("ecommerce", "SELECT country, channel, COUNT(*) FROM orders GROUP BY country", Some("SELECT country, channel, COUNT(*) FROM orders GROUP BY country, channel"))]
#[case("ecommerce", "SELECT channel, COUNT(*) FROM orders", Some("SELECT channel, COUNT(*) FROM orders GROUP BY ALL"))]
#[case("support", "SELECT agent, COUNT(*) FROM tickets WHERE COUNT(*) > 5 AND status = 'open' GROUP BY agent", Some("SELECT agent, COUNT(*) FROM tickets WHERE status = 'open' GROUP BY agent HAVING COUNT(*) > 5"))]
#[case("support", "SELECT agent, COUNT(*) FROM tickets GROUP BY channel ORDER BY priority", None)]
// dialect
#[case("ecommerce", "SELECT TOP 3 status FROM orders ORDER BY order_id", Some("SELECT status FROM orders ORDER BY order_id LIMIT 3"))]
#[case("ecommerce", "SELECT status FROM orders LIMIT 10, 5", Some("SELECT status FROM orders LIMIT 5 OFFSET 10"))]
#[case("ecommerce", "SELECT `status` FROM orders", Some("SELECT \"status\" FROM orders"))]
#[case("support", "SELECT DATEDIFF(hour, created_at, resolved_at) FROM tickets", Some("SELECT date_diff('hour', created_at, resolved_at) FROM tickets"))]
#[case("support", "SELECT date_part(year, created_at) FROM tickets", Some("SELECT date_part('year', created_at) FROM tickets"))]
#[case("support", "SELECT GETDATE() - created_at FROM tickets", Some("SELECT CAST(now() AS TIMESTAMP) - created_at FROM tickets"))]
#[case("support", "SELECT NVL(satisfaction, 0) FROM tickets", Some("SELECT coalesce(satisfaction, 0) FROM tickets"))]
#[case("support", "SELECT ISNULL(satisfaction, 0) FROM tickets", Some("SELECT coalesce(satisfaction, 0) FROM tickets"))]
#[case("support", "SELECT IIF(satisfaction > 3, 'good', 'bad') FROM tickets", Some("SELECT CASE WHEN satisfaction > 3 THEN 'good' ELSE 'bad' END FROM tickets"))]
// DuckDB has len(): nothing to repair.
#[case("support", "SELECT LEN(agent) FROM tickets", None)]
#[case("iot", "SELECT AVERAGE(co2_ppm) FROM sensors", Some("SELECT avg(co2_ppm) FROM sensors"))]
#[case("ecommerce", "SELECT country + '-' + channel FROM orders", Some("SELECT country || '-' || channel FROM orders"))]
// literals
#[case("support", "SELECT COUNT(*) FROM tickets WHERE priority = \"urgent\"", Some("SELECT COUNT(*) FROM tickets WHERE priority = 'urgent'"))]
#[case("support", "SELECT COUNT(*) FROM tickets WHERE priority IN (\"urgent\", \"high\")", Some("SELECT COUNT(*) FROM tickets WHERE priority IN ('urgent', 'high')"))]
#[case("iot", "SELECT COUNT(*) FROM sensors WHERE status = fault", Some("SELECT COUNT(*) FROM sensors WHERE status = 'fault'"))]
#[case("iot", "SELECT COUNT(*) FROM sensors WHERE ts < DATE '2025-06-31'", Some("SELECT COUNT(*) FROM sensors WHERE ts < DATE '2025-06-30'"))]
#[case("ecommerce", "SELECT COUNT(*) FROM orders WHERE order_date = '2025-02-29'", Some("SELECT COUNT(*) FROM orders WHERE order_date = '2025-02-28'"))]
#[case("ecommerce", "SELECT COUNT(*) FROM orders WHERE order_date = '2025-13-01'", None)]
// syntax
#[case("iot", "SELCT site FROM sensors", Some("SELECT site FROM sensors"))]
#[case("iot", "SELECT site FORM sensors", Some("SELECT site FROM sensors"))]
#[case("iot", "SELECT site, COUNT(*) FROM sensors GROUP site", Some("SELECT site, COUNT(*) FROM sensors GROUP BY site"))]
#[case("iot", "SELECT site, MAX(ts), FROM sensors GROUP BY site", None)]
#[case("iot", "SELECT site, ROUND(AVG(temperature_c), 1 FROM sensors GROUP BY site", Some("SELECT site, ROUND(AVG(temperature_c), 1) FROM sensors GROUP BY site"))]
#[case("iot", "SELECT site, AVG(temperature_c)) FROM sensors GROUP BY site", Some("SELECT site, AVG(temperature_c) FROM sensors GROUP BY site"))]
#[case("iot", "SELECT COUNT(*) FROM sensors WHERE site = 'Oslo", Some("SELECT COUNT(*) FROM sensors WHERE site = 'Oslo'"))]
// never
#[case("ecommerce", "DROP TABLE orders", None)]
#[case("ecommerce", "SELECT * FROM read_csv('/etc/passwd')", None)]
fn rules_fix_real_failures(#[case] dataset: &str, #[case] sql: &str, #[case] want: Option<&str>) {
    let m = testdb::manifest(dataset);
    let c = testdb::db(&m);
    let err = testdb::failure(&m, &c, sql);
    // A statement DuckDB accepts (the trailing comma) needs no fix.
    let Some(err) = err else {
        assert_eq!(want, None, "{sql} ran");
        return;
    };
    let fix = propose(&m, sql, &err);
    assert_eq!(fix.as_ref().map(|f| f.sql.as_str()), want, "{sql}: {err}\n{fix:?}");
    if let Some(f) = fix {
        assert!(f.repairer.starts_with("rules:") && !f.rationale.is_empty());
        assert_eq!(testdb::failure(&m, &c, &f.sql), None, "the fix of {sql} fails: {}", f.sql);
    }
}

#[test]
fn resource_failures_are_not_repaired() {
    let m = testdb::manifest("ecommerce");
    for e in [ExecError::Timeout(30), ExecError::CpuLimit, ExecError::MemoryLimit("x".into()), ExecError::OutputLimit("x".into()), ExecError::Crashed("x".into())] {
        assert_eq!(propose(&m, "SELECT stauts FROM orders", &e), None);
    }
}

#[test]
fn unfixable_failures_are_explained_with_the_closest_names() {
    let m = testdb::manifest("support");
    let c = testdb::db(&m);
    let sql = "SELECT AVG(response_minutes) FROM tickets";
    let err = testdb::failure(&m, &c, sql).unwrap();
    let why = crate::repair::explain(&classify(&err, sql), &m);
    assert!(why.starts_with("no column response_minutes; the closest are "), "{why}");
    assert!(why.contains("first_response_at in tickets"), "{why}");
    let m = testdb::manifest("ecommerce");
    let c = testdb::db(&m);
    let sql = "SELECT i.status FROM inventory i";
    let why = crate::repair::explain(&classify(&testdb::failure(&m, &c, sql).unwrap(), sql), &m);
    assert!(why.starts_with("no column status in i; the closest are status in orders"), "{why}");
    let f = classify(&ExecError::Timeout(30), "SELECT 1");
    assert!(crate::repair::explain(&f, &m).contains("ran out of time"));
}
