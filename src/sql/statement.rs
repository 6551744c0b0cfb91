//! Statement-level policy of the SQL validator: only a query may run.
//!
//! A query is `SELECT`, `WITH ... SELECT`, `VALUES`, DuckDB's `FROM`-first form and
//! set operations of those. Every other statement is refused with its keyword as the
//! construct and a reason for its class (writes data, changes the schema, reaches
//! files, changes settings, ...). Clauses inside a query that write (`SELECT ...
//! INTO`, `WITH ... INSERT`) are refused by the query walker.

use sqlparser::ast::{Query, Statement};

use super::refusal::Refusal;

const WRITES: &str = "changes data; only read-only queries (SELECT, WITH, VALUES) are allowed";
const DDL: &str =
    "changes the schema (DDL); only read-only queries (SELECT, WITH, VALUES) are allowed";
const FILES: &str = "reads or writes files outside the dataset; only read-only queries are allowed";
const DATABASES: &str = "attaches or detaches a database, which reaches files outside the dataset";
const EXTENSIONS: &str = "installs or loads extensions, which can reach files and the network";
const SETTINGS: &str = "reads or changes database settings; only read-only queries are allowed";
const CALL: &str = "runs a table function or procedure; write a SELECT over the dataset's tables";
const CATALOG: &str =
    "reads the system catalog; the dataset's tables and columns are listed in the \
                       schema pane, query them with SELECT";
const TRANSACTIONS: &str = "controls transactions; each query runs on its own";
const MAINTENANCE: &str = "runs database maintenance, which writes to the database file; only \
                           read-only queries are allowed";
const OTHER: &str = "is not a read-only query; only SELECT, WITH and VALUES are allowed";

/// The query of a read-only statement, or the refusal of any other statement.
pub(crate) fn as_query(statement: &Statement) -> Result<&Query, Refusal> {
    if let Statement::Query(query) = statement {
        return Ok(query);
    }
    let (construct, reason) = describe(statement);
    Err(Refusal::not_read_only(construct, reason))
}

/// The refusal of a statement the parser could not parse but whose first keyword
/// already says it is not a query (DuckDB statements sqlparser lacks, such as
/// `EXPORT DATABASE` or `CHECKPOINT`). `None` for anything that could be a query.
pub(crate) fn refuse_by_keyword(keyword: &str) -> Option<Refusal> {
    let reason = match keyword {
        "INSERT" | "UPDATE" | "DELETE" | "MERGE" | "TRUNCATE" | "UPSERT" | "REPLACE" => WRITES,
        "CREATE" | "DROP" | "ALTER" | "COMMENT" | "RENAME" => DDL,
        "COPY" | "EXPORT" | "IMPORT" | "UNLOAD" => FILES,
        "ATTACH" | "DETACH" => DATABASES,
        "INSTALL" | "LOAD" | "UPDATE_EXTENSIONS" => EXTENSIONS,
        "PRAGMA" | "SET" | "RESET" | "USE" => SETTINGS,
        "CALL" | "EXECUTE" | "PREPARE" | "DEALLOCATE" => CALL,
        "DESCRIBE" | "DESC" | "SHOW" | "SUMMARIZE" => CATALOG,
        "BEGIN" | "START" | "COMMIT" | "END" | "ROLLBACK" | "ABORT" | "SAVEPOINT" => TRANSACTIONS,
        "CHECKPOINT" | "VACUUM" | "ANALYZE" => MAINTENANCE,
        "FORCE" => {
            "forces an extension install or a checkpoint; only read-only queries are allowed"
        }
        "EXPLAIN" => "plans are not results; send the query itself",
        _ => return None,
    };
    Some(Refusal::not_read_only(keyword, reason))
}

/// The keyword naming a refused statement and why its class is refused.
fn describe(statement: &Statement) -> (String, &'static str) {
    let named = |name: &str, reason| (name.to_owned(), reason);
    match statement {
        Statement::Insert(_) => named("INSERT", WRITES),
        Statement::Update(_) => named("UPDATE", WRITES),
        Statement::Delete(_) => named("DELETE", WRITES),
        Statement::Merge(_) => named("MERGE", WRITES),
        Statement::Truncate(_) => named("TRUNCATE", WRITES),
        Statement::Copy { .. } | Statement::CopyIntoSnowflake { .. } => named("COPY", FILES),
        Statement::ExportData(_) => named("EXPORT", FILES),
        Statement::LoadData { .. } | Statement::Unload { .. } => named("LOAD DATA", FILES),
        Statement::AttachDatabase { .. } | Statement::AttachDuckDBDatabase { .. } => {
            named("ATTACH", DATABASES)
        }
        Statement::DetachDuckDBDatabase { .. } => named("DETACH", DATABASES),
        Statement::Install { .. } => named("INSTALL", EXTENSIONS),
        Statement::Load { .. } => named("LOAD", EXTENSIONS),
        Statement::CreateExtension(_) => named("CREATE EXTENSION", EXTENSIONS),
        Statement::Pragma { .. } => named("PRAGMA", SETTINGS),
        Statement::Set(_) => named("SET", SETTINGS),
        Statement::Reset(_) => named("RESET", SETTINGS),
        Statement::Use(_) => named("USE", SETTINGS),
        Statement::Call(_) => named("CALL", CALL),
        Statement::Explain { analyze: true, .. } => (
            "EXPLAIN ANALYZE".to_owned(),
            "runs the statement to profile it; send the query itself",
        ),
        Statement::Explain { .. } => (
            "EXPLAIN".to_owned(),
            "plans are not results and can name files and settings; send the query itself",
        ),
        Statement::ExplainTable { .. } => named("DESCRIBE", CATALOG),
        Statement::ShowFunctions { .. }
        | Statement::ShowVariable { .. }
        | Statement::ShowStatus { .. }
        | Statement::ShowVariables { .. }
        | Statement::ShowCreate { .. }
        | Statement::ShowColumns { .. }
        | Statement::ShowCatalogs { .. }
        | Statement::ShowDatabases { .. }
        | Statement::ShowProcessList { .. }
        | Statement::ShowSchemas { .. }
        | Statement::ShowCharset(_)
        | Statement::ShowObjects(_)
        | Statement::ShowTables { .. }
        | Statement::ShowViews { .. }
        | Statement::ShowCollation { .. } => named("SHOW", CATALOG),
        Statement::CreateTable(create) if create.query.is_some() => named("CREATE TABLE AS", DDL),
        Statement::CreateTable(_) => named("CREATE TABLE", DDL),
        Statement::CreateView(_) => named("CREATE VIEW", DDL),
        Statement::CreateSecret { .. } => named("CREATE SECRET", DDL),
        Statement::CreateMacro { .. } => named("CREATE MACRO", DDL),
        Statement::CreateFunction(_) => named("CREATE FUNCTION", DDL),
        Statement::CreateIndex(_) => named("CREATE INDEX", DDL),
        Statement::CreateSchema { .. } => named("CREATE SCHEMA", DDL),
        Statement::CreateDatabase { .. } => named("CREATE DATABASE", DDL),
        Statement::CreateSequence { .. } => named("CREATE SEQUENCE", DDL),
        Statement::CreateType { .. } => named("CREATE TYPE", DDL),
        Statement::Drop { .. }
        | Statement::DropFunction(_)
        | Statement::DropSecret { .. }
        | Statement::DropExtension(_) => named("DROP", DDL),
        Statement::AlterTable(_) => named("ALTER TABLE", DDL),
        Statement::AlterView { .. } => named("ALTER VIEW", DDL),
        Statement::RenameTable(_) => named("RENAME TABLE", DDL),
        Statement::Comment { .. } => named("COMMENT ON", DDL),
        Statement::StartTransaction { .. } => named("BEGIN", TRANSACTIONS),
        Statement::Commit { .. } => named("COMMIT", TRANSACTIONS),
        Statement::Rollback { .. } => named("ROLLBACK", TRANSACTIONS),
        Statement::Savepoint { .. } | Statement::ReleaseSavepoint { .. } => {
            named("SAVEPOINT", TRANSACTIONS)
        }
        Statement::Vacuum(_) => named("VACUUM", MAINTENANCE),
        Statement::Analyze(_) => named("ANALYZE", MAINTENANCE),
        Statement::Prepare { .. } | Statement::Execute { .. } | Statement::Deallocate { .. } => {
            named("PREPARE/EXECUTE", OTHER)
        }
        other => (leading_keywords(other), OTHER),
    }
}

/// The first keyword(s) of a statement's SQL, e.g. `CREATE ROLE`, for statements
/// without a name of their own above.
fn leading_keywords(statement: &Statement) -> String {
    let text = statement.to_string();
    let mut words = text
        .split_whitespace()
        .take_while(|w| w.chars().all(|c| c.is_ascii_alphabetic() || c == '_'));
    match words.next() {
        Some(first @ ("CREATE" | "ALTER" | "DROP" | "SHOW")) => match words.next() {
            Some(second) => format!("{first} {}", second.to_ascii_uppercase()),
            None => first.to_owned(),
        },
        Some(first) => first.to_ascii_uppercase(),
        None => "statement".to_owned(),
    }
}
