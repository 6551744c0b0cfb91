//! Statements the validator must let through: read-only queries over the dataset,
//! in the shapes analysts and models write them, including ones that look alarming
//! but are not (keywords in strings, columns named like denied functions, CTEs named
//! like forbidden tables).

use rstest::rstest;

use super::accept;

#[rstest]
// plain queries, spelling and qualification
#[case::simple("SELECT * FROM orders")]
#[case::trailing_semicolon("SELECT id, total FROM orders;")]
#[case::mixed_case("sElEcT Id FrOm OrDeRs WhErE ToTaL > 10")]
#[case::quoted_table("SELECT * FROM \"orders\"")]
#[case::quoted_upper_table("SELECT * FROM \"ORDERS\"")]
#[case::main_schema("SELECT * FROM main.orders")]
#[case::main_schema_quoted("SELECT * FROM \"main\".\"order_items\"")]
#[case::from_first("FROM orders SELECT id")]
#[case::from_only("FROM inventory")]
#[case::no_from("SELECT 1 + 1 AS two, 'x' || 'y'")]
// joins
#[case::join_on("SELECT o.id, i.qty FROM orders o JOIN order_items i ON i.order_id = o.id")]
#[case::left_join_using("SELECT * FROM orders LEFT JOIN order_items USING (order_id)")]
#[case::three_way_join(
    "SELECT * FROM orders o JOIN order_items i ON i.order_id = o.id \
     FULL OUTER JOIN inventory v ON v.sku = i.sku"
)]
#[case::natural_join("SELECT * FROM orders NATURAL JOIN order_items")]
#[case::semi_join("SELECT * FROM orders SEMI JOIN order_items USING (order_id)")]
#[case::cross_join("SELECT * FROM orders CROSS JOIN inventory")]
// CTEs
#[case::cte("WITH t AS (SELECT * FROM orders) SELECT count(*) FROM t")]
#[case::cte_chain("WITH a AS (SELECT * FROM orders), b AS (SELECT * FROM a) SELECT * FROM b")]
#[case::cte_shadows_table("WITH orders AS (SELECT 1 AS x) SELECT * FROM orders")]
#[case::cte_named_like_forbidden_table(
    "WITH passwd AS (SELECT * FROM inventory) SELECT * FROM passwd"
)]
#[case::cte_in_subquery("SELECT * FROM (WITH t AS (SELECT id FROM orders) SELECT * FROM t) AS s")]
#[case::outer_cte_in_subquery(
    "WITH t AS (SELECT id FROM orders) SELECT * FROM orders WHERE id IN (SELECT id FROM t)"
)]
#[case::recursive_cte(
    "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 10) SELECT * FROM r"
)]
#[case::recursive_cte_over_tables(
    "WITH RECURSIVE r AS (SELECT id FROM orders UNION ALL \
     SELECT i.order_id FROM r JOIN order_items i ON i.order_id = r.id) SELECT * FROM r"
)]
#[case::distinct_on(
    "SELECT DISTINCT ON (customer) customer, total FROM orders ORDER BY customer, total DESC"
)]
// subqueries anywhere
#[case::derived_table("SELECT * FROM (SELECT * FROM orders) AS s")]
#[case::in_subquery("SELECT * FROM orders WHERE id IN (SELECT order_id FROM order_items)")]
#[case::exists(
    "SELECT * FROM orders WHERE EXISTS (SELECT 1 FROM inventory v WHERE v.sku = orders.sku)"
)]
#[case::scalar_subquery("SELECT id, (SELECT max(qty) FROM order_items) AS top FROM orders")]
#[case::all_subquery("SELECT * FROM orders WHERE total > ALL (SELECT qty FROM order_items)")]
#[case::lateral_subquery(
    "SELECT * FROM orders o, LATERAL (SELECT * FROM order_items i WHERE i.order_id = o.id LIMIT 1) AS li"
)]
#[case::subquery_in_having(
    "SELECT customer FROM orders GROUP BY customer HAVING sum(total) > (SELECT avg(total) FROM orders)"
)]
// aggregation, windows, ordering
#[case::group_by_all("SELECT customer, sum(total) FROM orders GROUP BY ALL")]
#[case::order_by_all("SELECT * FROM orders ORDER BY ALL")]
#[case::rollup("SELECT customer, sku, sum(total) FROM orders GROUP BY ROLLUP (customer, sku)")]
#[case::filter_clause("SELECT count(*) FILTER (WHERE total > 10) AS big FROM orders")]
#[case::window(
    "SELECT id, row_number() OVER (PARTITION BY customer ORDER BY total DESC) FROM orders"
)]
#[case::named_window(
    "SELECT sum(total) OVER w FROM orders \
     WINDOW w AS (ORDER BY created_at ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)"
)]
#[case::qualify(
    "SELECT * FROM orders QUALIFY row_number() OVER (PARTITION BY customer ORDER BY total) = 1"
)]
#[case::ordered_aggregate("SELECT string_agg(customer, ',' ORDER BY customer) FROM orders")]
#[case::limit_offset("SELECT * FROM orders ORDER BY total DESC NULLS LAST LIMIT 10 OFFSET 5")]
// set operations and VALUES
#[case::union("SELECT id FROM orders UNION SELECT order_id FROM order_items")]
#[case::intersect_except(
    "SELECT id FROM orders INTERSECT SELECT order_id FROM order_items EXCEPT SELECT 1"
)]
#[case::union_by_name("SELECT * FROM orders UNION ALL BY NAME SELECT * FROM inventory")]
#[case::values("VALUES (1, 'a'), (2, 'b')")]
#[case::from_values("SELECT * FROM (VALUES (1), (2)) AS v(x)")]
// DuckDB expressions
#[case::casts(
    "SELECT total::DECIMAL(10, 2), CAST(id AS VARCHAR), TRY_CAST(sku AS INT) FROM orders"
)]
#[case::list_and_struct("SELECT [1, 2, 3] AS l, {'a': 1, 'b': 2} AS s, l[1] AS first")]
#[case::lambda("SELECT list_transform([1, 2, 3], x -> x + 1)")]
#[case::dates(
    "SELECT date_trunc('month', created_at) AS m, sum(total) FROM orders \
     WHERE created_at >= DATE '2024-01-01' - INTERVAL 30 DAY GROUP BY 1 ORDER BY 1"
)]
#[case::case_between_ilike(
    "SELECT CASE WHEN total BETWEEN 1 AND 10 THEN 'low' ELSE 'high' END FROM orders \
     WHERE customer ILIKE '%a%' AND sku NOT LIKE 'x%'"
)]
#[case::exclude_replace("SELECT * EXCLUDE (customer) REPLACE (total * 2 AS total) FROM orders")]
#[case::columns_expression("SELECT COLUMNS('tot.*') FROM orders")]
#[case::pivot("SELECT * FROM orders PIVOT (sum(total) FOR customer IN ('a', 'b'))")]
#[case::tablesample("SELECT * FROM orders TABLESAMPLE (10 PERCENT)")]
#[case::pg_typeof("SELECT pg_typeof(total) FROM orders")]
// common functions of the reviewed allow-list
#[case::date_trunc("SELECT date_trunc('week', created_at), count(*) FROM orders GROUP BY 1")]
#[case::strftime("SELECT strftime(created_at, '%Y-%m') AS month FROM orders")]
#[case::coalesce_nullif(
    "SELECT coalesce(customer, 'n/a'), nullif(total, 0), ifnull(sku, '-') FROM orders"
)]
#[case::round_abs(
    "SELECT round(avg(total), 2), abs(min(total)), greatest(1, 2), least(1, 2) FROM orders"
)]
#[case::regexp("SELECT regexp_matches(customer, '^a'), regexp_extract(sku, '[0-9]+') FROM orders")]
#[case::string_functions("SELECT lower(customer), upper(sku), length(sku), concat_ws('-', customer, sku), split_part(sku, '-', 1) FROM orders")]
#[case::list_aggregate(
    "SELECT list_aggregate([1, 2, 3], 'sum'), list_sort(list(total)) FROM orders"
)]
#[case::aggregates("SELECT median(total), quantile_cont(total, 0.9), stddev(total), count(DISTINCT customer), arg_max(customer, total) FROM orders")]
#[case::windows(
    "SELECT lag(total) OVER w, lead(total, 2) OVER w, rank() OVER w, dense_rank() OVER w, \
     first_value(total) OVER w, ntile(4) OVER w, cume_dist() OVER w FROM orders WINDOW w AS (ORDER BY id)"
)]
#[case::grouping(
    "SELECT grouping(customer), customer, sum(total) FROM orders GROUP BY ROLLUP (customer)"
)]
#[case::clock("SELECT now(), current_timestamp, age(created_at), date_diff('day', created_at, now()) FROM orders")]
#[case::random("SELECT random(), uuid() FROM orders")]
#[case::try_expression("SELECT try(total / 0) FROM orders")]
#[case::qualified_scalar("SELECT main.abs(total) FROM orders")]
#[case::method_call("SELECT customer.upper() FROM orders")]
// allowed generators
#[case::range("SELECT * FROM range(10)")]
#[case::generate_series("SELECT * FROM generate_series(1, 10, 2) AS t(x)")]
#[case::unnest_in_from("SELECT * FROM unnest([1, 2, 3])")]
#[case::unnest_in_select("SELECT unnest([1, 2, 3]) AS x")]
#[case::generator_joined("SELECT o.id, r.range FROM orders o JOIN range(3) r ON true")]
// looks alarming, is not
#[case::keywords_in_string("SELECT 'a;b; DROP TABLE orders' AS s FROM orders")]
#[case::function_text_in_string("SELECT * FROM orders WHERE note = 'read_csv(''/etc/passwd'')'")]
#[case::comments("-- leading\nSELECT /* inline; DROP TABLE orders; */ * FROM orders -- trailing")]
#[case::columns_named_like_functions("SELECT glob, query FROM (SELECT 1 AS glob, 2 AS query) AS t")]
#[case::alias_named_like_forbidden_table("SELECT passwd.id FROM orders AS passwd")]
#[case::crlf_line_endings("SELECT id -- c\r\nFROM orders\r\n")]
fn allowed(#[case] sql: &str) {
    accept(sql);
}
