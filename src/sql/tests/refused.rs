//! Statements the validator must refuse, each with the kind and the construct the
//! refusal names. Grouped by what they try: more than one statement, lexer tricks,
//! writes and settings, tables outside the dataset, functions that reach outside.

use rstest::rstest;

use super::refuse;
use crate::sql::RefusalKind::{self, *};

#[rstest]
// nothing to run
#[case::empty("", Empty, "empty statement")]
#[case::whitespace("  \n\t ", Empty, "empty statement")]
#[case::line_comment_only("-- just a comment", Empty, "empty statement")]
#[case::block_comment_only("/* SELECT 1 */", Empty, "empty statement")]
#[case::semicolons_only(" ; ;", Empty, "empty statement")]
// more than one statement
#[case::two_selects("SELECT 1; SELECT 2", MultipleStatements, "multiple statements")]
#[case::drop_after(
    "SELECT 1; DROP TABLE orders",
    MultipleStatements,
    "multiple statements"
)]
#[case::after_string_with_semicolon(
    "SELECT 'a;b' FROM orders; DROP TABLE orders",
    MultipleStatements,
    "multiple statements"
)]
#[case::after_block_comment(
    "SELECT 1 /* ; */; DELETE FROM orders",
    MultipleStatements,
    "multiple statements"
)]
#[case::after_line_comment(
    "SELECT 1 -- x\n; DROP TABLE orders",
    MultipleStatements,
    "multiple statements"
)]
#[case::backslash_is_not_an_escape(
    "SELECT '\\'; DROP TABLE orders; --'",
    MultipleStatements,
    "multiple statements"
)]
#[case::unparsable_second(
    "SELECT 1; SUMMARIZE orders",
    MultipleStatements,
    "multiple statements"
)]
// text DuckDB would read differently than the parser
#[case::nested_comment(
    "SELECT 1 /* /* */ AS x, '*/; DROP TABLE orders; --'",
    AmbiguousSyntax,
    "nested /* comment"
)]
#[case::escape_string(
    "SELECT E'\\' , '; DROP TABLE orders; --'",
    AmbiguousSyntax,
    "escape string E'...'"
)]
#[case::carriage_return_comment(
    "SELECT 1 -- x\r; DROP TABLE orders",
    AmbiguousSyntax,
    "carriage return in -- comment"
)]
#[case::dollar_tag(
    "SELECT $a$; DROP TABLE orders; $a$",
    AmbiguousSyntax,
    "dollar-quoted string"
)]
#[case::backtick(
    "SELECT `x;y` FROM orders",
    AmbiguousSyntax,
    "backtick-quoted name `x;y`"
)]
#[case::nul("SELECT 1\0; DROP TABLE orders", AmbiguousSyntax, "NUL character")]
#[case::nbsp("SELECT\u{a0}1", AmbiguousSyntax, "non-ASCII whitespace U+00A0")]
// syntax
#[case::typo("SELEC 1", Parse, "syntax")]
#[case::unterminated_string("SELECT 'abc", Parse, "syntax")]
#[case::stray_end("SELECT 1 END DROP TABLE orders", Parse, "syntax")]
#[case::pivot_statement("PIVOT orders ON customer USING sum(total)", Parse, "syntax")]
fn refused_text(#[case] sql: &str, #[case] kind: RefusalKind, #[case] construct: &str) {
    let refusal = refuse(sql);
    assert_eq!(
        (refusal.kind, refusal.construct.as_str()),
        (kind, construct),
        "{refusal}"
    );
}

#[rstest]
#[case::copy_to("COPY orders TO '/tmp/x.csv'", "COPY")]
#[case::copy_from("COPY orders FROM '/etc/passwd'", "COPY")]
#[case::attach("ATTACH '/tmp/other.db' AS other", "ATTACH")]
#[case::detach("DETACH other", "DETACH")]
#[case::install("INSTALL httpfs", "INSTALL")]
#[case::load("LOAD httpfs", "LOAD")]
#[case::pragma("PRAGMA enable_profiling", "PRAGMA")]
#[case::set("SET enable_external_access = true", "SET")]
#[case::reset("RESET memory_limit", "RESET")]
#[case::call("CALL pragma_version()", "CALL")]
#[case::use_("USE other", "USE")]
#[case::create_secret("CREATE SECRET s (TYPE s3, KEY_ID 'k', SECRET 'v')", "CREATE SECRET")]
#[case::create_macro("CREATE MACRO m(a) AS a + 1", "CREATE MACRO")]
#[case::create_view("CREATE VIEW v AS SELECT * FROM orders", "CREATE VIEW")]
#[case::create_table_as("CREATE TABLE t AS SELECT * FROM orders", "CREATE TABLE AS")]
#[case::drop("DROP TABLE orders", "DROP")]
#[case::alter("ALTER TABLE orders ADD COLUMN x INT", "ALTER TABLE")]
#[case::insert("INSERT INTO orders VALUES (1)", "INSERT")]
#[case::update("UPDATE orders SET total = 0", "UPDATE")]
#[case::delete("DELETE FROM orders", "DELETE")]
#[case::merge(
    "MERGE INTO orders USING inventory ON orders.sku = inventory.sku WHEN MATCHED THEN DELETE",
    "MERGE"
)]
#[case::truncate("TRUNCATE orders", "TRUNCATE")]
#[case::explain("EXPLAIN SELECT * FROM orders", "EXPLAIN")]
#[case::explain_analyze("EXPLAIN ANALYZE SELECT * FROM orders", "EXPLAIN ANALYZE")]
#[case::describe("DESCRIBE orders", "DESCRIBE")]
#[case::show_tables("SHOW TABLES", "SHOW")]
#[case::begin("BEGIN TRANSACTION", "BEGIN")]
#[case::vacuum("VACUUM", "VACUUM")]
#[case::select_into("SELECT * INTO t FROM orders", "SELECT ... INTO")]
#[case::with_insert("WITH x AS (SELECT 1) INSERT INTO orders SELECT * FROM x", "INSERT")]
#[case::cte_with_delete("WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d", "DELETE")]
#[case::for_update("SELECT * FROM orders FOR UPDATE", "FOR UPDATE/FOR SHARE")]
#[case::export_database("EXPORT DATABASE '/tmp/x'", "EXPORT")]
#[case::import_database("IMPORT DATABASE '/tmp/x'", "IMPORT")]
#[case::checkpoint("CHECKPOINT", "CHECKPOINT")]
#[case::force_checkpoint("FORCE CHECKPOINT", "FORCE")]
#[case::summarize("SUMMARIZE orders", "SUMMARIZE")]
#[case::set_variable("SET VARIABLE x = 1", "SET")]
#[case::create_persistent_secret("CREATE PERSISTENT SECRET s (TYPE s3)", "CREATE SECRET")]
#[case::lowercase_copy("copy (select 1) to '/tmp/x'", "COPY")]
fn refused_not_read_only(#[case] sql: &str, #[case] construct: &str) {
    let refusal = refuse(sql);
    assert_eq!(
        (refusal.kind, refusal.construct.as_str()),
        (NotReadOnly, construct),
        "{refusal}"
    );
}

#[rstest]
#[case::unknown("SELECT * FROM passwd", "table passwd")]
#[case::other_schema("SELECT * FROM other.orders", "table other.orders")]
#[case::information_schema(
    "SELECT * FROM information_schema.tables",
    "table information_schema.tables"
)]
#[case::pg_catalog("SELECT * FROM pg_catalog.pg_class", "table pg_catalog.pg_class")]
#[case::duckdb_view("SELECT * FROM duckdb_tables", "table duckdb_tables")]
#[case::sqlite_master("SELECT * FROM sqlite_master", "table sqlite_master")]
#[case::catalog_qualified("SELECT * FROM shop.main.orders", "table shop.main.orders")]
#[case::string_path("SELECT * FROM 'x.csv'", "table 'x.csv'")]
#[case::quoted_path("SELECT * FROM \"/etc/passwd\"", "table \"/etc/passwd\"")]
#[case::quoted_file("SELECT * FROM \"data.parquet\"", "table \"data.parquet\"")]
#[case::string_named_like_table("SELECT * FROM 'orders'", "table 'orders'")]
#[case::in_join("SELECT * FROM orders JOIN secrets s ON true", "table secrets")]
#[case::in_where_subquery(
    "SELECT * FROM orders WHERE id IN (SELECT id FROM secrets)",
    "table secrets"
)]
#[case::in_scalar_subquery("SELECT (SELECT count(*) FROM secrets)", "table secrets")]
#[case::in_cte("WITH t AS (SELECT * FROM secrets) SELECT * FROM t", "table secrets")]
#[case::in_union(
    "SELECT id FROM orders UNION ALL SELECT id FROM secrets",
    "table secrets"
)]
#[case::in_lateral(
    "SELECT * FROM orders, LATERAL (SELECT * FROM secrets) s",
    "table secrets"
)]
#[case::main_qualified_cte("WITH t AS (SELECT 1) SELECT * FROM main.t", "table main.t")]
#[case::cte_self_reference(
    "WITH passwd AS (SELECT * FROM passwd) SELECT * FROM passwd",
    "table passwd"
)]
#[case::recursive_cte_not_union(
    "WITH RECURSIVE passwd AS (SELECT * FROM passwd) SELECT * FROM passwd",
    "table passwd"
)]
#[case::recursive_cte_self_in_anchor(
    "WITH RECURSIVE passwd AS (SELECT * FROM passwd UNION ALL SELECT 1) SELECT * FROM passwd",
    "table passwd"
)]
#[case::cte_of_set_operand_out_of_scope(
    "(WITH t AS (SELECT 1) SELECT * FROM t) UNION SELECT * FROM t",
    "table t"
)]
#[case::cte_out_of_scope(
    "SELECT * FROM (WITH t AS (SELECT 1) SELECT * FROM t) AS x, t",
    "table t"
)]
#[case::unknown_next_to_cte("WITH t AS (SELECT 1) SELECT * FROM t, inventory, t2", "table t2")]
fn refused_table(#[case] sql: &str, #[case] construct: &str) {
    let refusal = refuse(sql);
    assert_eq!(
        (refusal.kind, refusal.construct.as_str()),
        (ForbiddenTable, construct),
        "{refusal}"
    );
}

#[rstest]
#[case::read_csv("SELECT * FROM read_csv('x.csv')", "function read_csv")]
#[case::read_csv_auto("SELECT * FROM read_csv_auto('/etc/passwd')", "function read_csv_auto")]
#[case::upper_case("SELECT * FROM READ_PARQUET('x.parquet')", "function read_parquet")]
#[case::quoted_name("SELECT * FROM \"read_text\"('/etc/passwd')", "function read_text")]
#[case::qualified_name("SELECT * FROM main.read_blob('/etc/shadow')", "function read_blob")]
#[case::scalar_position("SELECT read_text('/etc/passwd')", "function read_text")]
#[case::method_syntax("SELECT '/etc/passwd'.read_text()", "function read_text")]
#[case::parquet_metadata(
    "SELECT * FROM parquet_metadata('x.parquet')",
    "function parquet_metadata"
)]
#[case::read_json("SELECT * FROM read_json_auto('x.json')", "function read_json_auto")]
#[case::read_ndjson(
    "SELECT * FROM read_ndjson_objects('x.json')",
    "function read_ndjson_objects"
)]
#[case::glob("SELECT * FROM glob('/home/*')", "function glob")]
#[case::sniff_csv("SELECT * FROM sniff_csv('x.csv')", "function sniff_csv")]
#[case::getenv("SELECT getenv('HOME')", "function getenv")]
#[case::current_setting("SELECT current_setting('home_directory')", "function current_setting")]
#[case::duckdb_settings("SELECT * FROM duckdb_settings()", "function duckdb_settings")]
#[case::duckdb_secrets("SELECT * FROM duckdb_secrets()", "function duckdb_secrets")]
#[case::which_secret(
    "SELECT * FROM which_secret('s3://b/x', 's3')",
    "function which_secret"
)]
#[case::pragma_function(
    "SELECT * FROM pragma_table_info('orders')",
    "function pragma_table_info"
)]
#[case::query("SELECT * FROM query('SELECT * FROM passwd')", "function query")]
#[case::query_table("SELECT * FROM query_table('passwd')", "function query_table")]
#[case::json_execute(
    "SELECT * FROM json_execute_serialized_sql('{}')",
    "function json_execute_serialized_sql"
)]
#[case::iceberg("SELECT * FROM iceberg_scan('s3://b/t')", "function iceberg_scan")]
#[case::delta("SELECT * FROM delta_scan('s3://b/t')", "function delta_scan")]
#[case::postgres(
    "SELECT * FROM postgres_scan('host=x', 'public', 't')",
    "function postgres_scan"
)]
#[case::mysql("SELECT * FROM mysql_query('db', 'SELECT 1')", "function mysql_query")]
#[case::sqlite_scan("SELECT * FROM sqlite_scan('x.db', 't')", "function sqlite_scan")]
#[case::spatial("SELECT * FROM st_read('x.shp')", "function st_read")]
#[case::network("SELECT http_get('http://example.com')", "function http_get")]
#[case::checkpoint("SELECT * FROM checkpoint()", "function checkpoint")]
#[case::force_checkpoint("SELECT * FROM force_checkpoint()", "function force_checkpoint")]
#[case::enable_profiling("SELECT * FROM enable_profiling()", "function enable_profiling")]
#[case::nextval("SELECT nextval('seq')", "function nextval")]
#[case::in_where_subquery(
    "SELECT * FROM orders WHERE id IN (SELECT * FROM read_csv('x.csv'))",
    "function read_csv"
)]
#[case::in_cte(
    "WITH t AS (SELECT * FROM read_json('x.json')) SELECT * FROM t",
    "function read_json"
)]
#[case::in_recursive_cte(
    "WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + length(getenv('HOME')) FROM r) SELECT * FROM r",
    "function getenv"
)]
#[case::in_scalar_subquery(
    "SELECT (SELECT content FROM read_blob('/etc/shadow'))",
    "function read_blob"
)]
#[case::in_lambda("SELECT list_transform([1], x -> getenv('HOME'))", "function getenv")]
#[case::in_lateral(
    "SELECT * FROM orders o, LATERAL read_csv(o.path)",
    "function read_csv"
)]
#[case::in_filter(
    "SELECT count(*) FILTER (WHERE getenv('X') = '1') FROM orders",
    "function getenv"
)]
#[case::in_window(
    "SELECT sum(total) OVER (PARTITION BY getenv('X')) FROM orders",
    "function getenv"
)]
#[case::in_order_by("SELECT * FROM orders ORDER BY getenv('HOME')", "function getenv")]
#[case::in_join_condition(
    "SELECT * FROM orders JOIN inventory ON getenv('X') = sku",
    "function getenv"
)]
#[case::in_values("VALUES (getenv('HOME'))", "function getenv")]
#[case::in_generator_args("SELECT * FROM range(length(getenv('HOME')))", "function getenv")]
#[case::other_table_function("SELECT * FROM repeat(1, 10)", "function repeat")]
#[case::qualified_generator("SELECT * FROM main.range(3)", "function main.range")]
#[case::table_function_named_like_table("SELECT * FROM orders()", "function orders")]
#[case::json_serialize_sql("SELECT json_serialize_sql('SELECT 1')", "function json_serialize_sql")]
#[case::json_deserialize_sql(
    "SELECT json_deserialize_sql(json_serialize_sql('SELECT 1'))",
    "function json_deserialize_sql"
)]
#[case::json_serialize_plan(
    "SELECT json_serialize_plan('SELECT 1')",
    "function json_serialize_plan"
)]
#[case::json_execute_scalar_position(
    "SELECT json_execute_serialized_sql('{}')",
    "function json_execute_serialized_sql"
)]
#[case::setseed("SELECT setseed(0.5)", "function setseed")]
#[case::currval("SELECT currval('seq')", "function currval")]
#[case::unlisted("SELECT my_udf(total) FROM orders", "function my_udf")]
#[case::unlisted_method("SELECT total.my_udf() FROM orders", "function my_udf")]
#[case::unlisted_aggregate("SELECT my_agg(total) OVER () FROM orders", "function my_agg")]
fn refused_function(#[case] sql: &str, #[case] construct: &str) {
    let refusal = refuse(sql);
    assert!(
        refusal
            .to_string()
            .starts_with(&format!("refused: {construct}: ")),
        "{refusal}"
    );
    assert_eq!(
        (refusal.kind, refusal.construct.as_str()),
        (ForbiddenFunction, construct),
        "{refusal}"
    );
}

#[rstest]
#[case::table_call("SELECT * FROM TABLE(range(3))", "TABLE(...) in FROM")]
fn refused_unsupported(#[case] sql: &str, #[case] construct: &str) {
    let refusal = refuse(sql);
    assert_eq!(
        (refusal.kind, refusal.construct.as_str()),
        (RefusalKind::Unsupported, construct),
        "{refusal}"
    );
}

#[rstest]
#[case::runs_sql(
    "SELECT * FROM query('SELECT 1')",
    "runs SQL text, which the validator cannot check"
)]
#[case::runs_sql_scalar(
    "SELECT json_serialize_sql('SELECT 1')",
    "runs SQL text, which the validator cannot check"
)]
#[case::unlisted("SELECT my_udf(1)", "not on the list of reviewed functions")]
#[case::settings("SELECT current_setting('threads')", "settings")]
#[case::not_linked("SELECT current_date", "icu extension")]
#[case::named_table("SELECT * FROM histogram('orders', total)", "table named in a string")]
fn refused_function_reason(#[case] sql: &str, #[case] reason: &str) {
    let refusal = refuse(sql);
    assert!(refusal.reason.contains(reason), "{refusal}");
}
