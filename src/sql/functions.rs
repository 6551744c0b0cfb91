//! Function policy of the SQL validator: which functions a query may call.
//!
//! Two rules, applied to lowercased names (the last part of a qualified name, so
//! `main.read_csv`, `"READ_CSV"` and the method form `x.read_text()` all match):
//!
//! 1. **In FROM, every table function is refused unless allow-listed.** Only the
//!    pure generators in [`ALLOWED_TABLE_FUNCTIONS`] may appear there. This is the
//!    rule that matters: DuckDB reaches files, the catalog and settings through
//!    table functions, and a new DuckDB version or extension cannot add one that
//!    slips through.
//! 2. **Anywhere (select list, WHERE, CTEs, subqueries, lambdas, FROM), functions on
//!    the deny list are refused**: exact names plus name prefixes, each with the
//!    reason a person reads. This catches scalar functions that reach outside the
//!    data and table functions written in a scalar position.
//!
//! Deliberate calls (documented so nobody "fixes" them by accident):
//! - `current_setting` is refused: settings include file-system paths
//!   (`home_directory`, `temp_directory`, `extension_directory`, `secret_directory`).
//! - `getvariable` is allowed: variables can only be set by `SET VARIABLE`, which the
//!   validator refuses, so there is nothing to read.
//! - `version()`, `current_database()`, `current_schema()` are allowed: constants.
//! - `nextval`, `currval`, `setseed` are refused: they change or expose session state,
//!   which a read-only query must not do.
//! - `pg_typeof` is allowed although it starts with `pg_`: it only names a type.

/// Table functions a query may call in FROM: pure generators that read nothing.
pub const ALLOWED_TABLE_FUNCTIONS: &[&str] = &["range", "generate_series", "unnest"];

/// Why a class of functions is refused. Reasons are phrased to follow the
/// function name: "function read_csv: reads files ...".
const FILES: &str = "reads files or remote storage; query the dataset's tables by name instead";
const RUNS_SQL: &str = "runs SQL text of its own, which the validator cannot see";
const ENVIRONMENT: &str = "reads the environment, settings or secrets of the database process";
const CATALOG: &str = "reads the system catalog; only the dataset's tables can be queried";
const CHANGES_STATE: &str = "changes database or session state; only read-only queries are allowed";
const EXTENSIONS: &str = "installs, loads or controls extensions";
const NETWORK: &str = "reaches the network";
const OTHER_DATABASES: &str = "reads another database or file format outside the dataset";
const INTERNALS: &str = "exposes engine internals (raw pointers or aggregate states)";

/// Exact names that are refused anywhere in a query.
const DENIED: &[(&str, &str)] = &[
    // files and storage
    ("glob", FILES),
    ("sniff_csv", FILES),
    ("parquet_scan", FILES),
    ("delta_scan", FILES),
    ("copy_files", FILES),
    ("load_aws_credentials", ENVIRONMENT),
    // SQL execution
    ("query", RUNS_SQL),
    ("query_table", RUNS_SQL),
    // environment and settings
    ("getenv", ENVIRONMENT),
    ("current_setting", ENVIRONMENT),
    ("which_secret", ENVIRONMENT),
    // catalog
    ("sqlite_master", CATALOG),
    ("information_schema_tables", CATALOG),
    ("information_schema_columns", CATALOG),
    ("information_schema_schemata", CATALOG),
    ("has_any_column_privilege", CATALOG),
    ("has_column_privilege", CATALOG),
    ("has_database_privilege", CATALOG),
    ("has_foreign_data_wrapper_privilege", CATALOG),
    ("has_function_privilege", CATALOG),
    ("has_language_privilege", CATALOG),
    ("has_schema_privilege", CATALOG),
    ("has_sequence_privilege", CATALOG),
    ("has_server_privilege", CATALOG),
    ("has_table_privilege", CATALOG),
    ("has_tablespace_privilege", CATALOG),
    ("col_description", CATALOG),
    ("obj_description", CATALOG),
    ("shobj_description", CATALOG),
    // state changes
    ("checkpoint", CHANGES_STATE),
    ("nextval", CHANGES_STATE),
    ("currval", CHANGES_STATE),
    ("setseed", CHANGES_STATE),
    ("write_log", CHANGES_STATE),
    ("truncate_duckdb_logs", CHANGES_STATE),
    ("share_transaction", CHANGES_STATE),
    ("create_external_resource", CHANGES_STATE),
    ("set_variable", CHANGES_STATE),
    ("update_extensions", EXTENSIONS),
    // internals
    ("to_aggregate_state", INTERNALS),
    ("finalize", INTERNALS),
    ("combine", INTERNALS),
    ("python_map_function", INTERNALS),
    ("pandas_scan", INTERNALS),
    ("seq_scan", INTERNALS),
    ("index_scan", INTERNALS),
];

/// Name prefixes that are refused anywhere in a query.
const DENIED_PREFIXES: &[(&str, &str)] = &[
    ("read_", FILES),
    ("parquet_", FILES),
    ("iceberg_", FILES),
    ("delta_", FILES),
    ("ducklake_", FILES),
    ("st_read", FILES),
    ("azure_", FILES),
    ("s3_", FILES),
    ("gcs_", FILES),
    ("json_execute", RUNS_SQL),
    ("duckdb_", CATALOG),
    ("pragma_", CATALOG),
    ("pg_", CATALOG),
    ("postgres_", OTHER_DATABASES),
    ("mysql_", OTHER_DATABASES),
    ("sqlite_", OTHER_DATABASES),
    ("odbc_", OTHER_DATABASES),
    ("http", NETWORK),
    ("enable_", CHANGES_STATE),
    ("disable_", CHANGES_STATE),
    ("export_", CHANGES_STATE),
    ("import_", CHANGES_STATE),
    ("force_", CHANGES_STATE),
    ("load_", EXTENSIONS),
    ("install_", EXTENSIONS),
    ("arrow_", INTERNALS),
];

/// Names that a prefix rule would catch but that only compute on their arguments.
const PREFIX_EXCEPTIONS: &[&str] = &["pg_typeof"];

/// Why `name` (already lowercased) is refused anywhere in a query, if it is.
pub(crate) fn denied(name: &str) -> Option<&'static str> {
    if let Some((_, reason)) = DENIED.iter().find(|(denied, _)| *denied == name) {
        return Some(reason);
    }
    if PREFIX_EXCEPTIONS.contains(&name) {
        return None;
    }
    DENIED_PREFIXES
        .iter()
        .find(|(prefix, _)| name.starts_with(prefix))
        .map(|(_, reason)| *reason)
}

/// Whether `name` (already lowercased) may be called as a table function in FROM.
pub(crate) fn is_allowed_table_function(name: &str) -> bool {
    ALLOWED_TABLE_FUNCTIONS.contains(&name)
}
