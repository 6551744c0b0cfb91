//! Test support: a built-in dataset's schema in an in-memory DuckDB, and
//! the error a statement really gets (from the validator, as the agent
//! routes it, or from DuckDB), so tests never guess DuckDB's wording.

use crate::runner::ExecError;
use crate::semantic::Manifest;
use crate::sql::{validate, Policy};

pub fn manifest(name: &str) -> Manifest {
    toml::from_str(crate::dataset::builtin_manifest_text(name).unwrap()).unwrap()
}

/// Empty tables with the manifest's columns and types, plus a few rows
/// so runtime errors (casts, division) happen.
pub fn db(m: &Manifest) -> duckdb::Connection {
    let c = duckdb::Connection::open_in_memory().unwrap();
    for t in &m.tables {
        let cols: Vec<String> = t.columns.iter().map(|c| format!("\"{}\" {}", c.name, c.ty)).collect();
        c.execute_batch(&format!("CREATE TABLE \"{}\" ({})", t.name, cols.join(", "))).unwrap();
        let defaults: Vec<String> = t
            .columns
            .iter()
            .map(|c| {
                let ty = c.ty.to_ascii_uppercase();
                if ty == "DATE" {
                    "DATE '2025-01-01'".into()
                } else if ty.starts_with("TIMESTAMP") {
                    "TIMESTAMP '2025-01-01 10:00:00'".into()
                } else if ty == "VARCHAR" {
                    "'x'".into()
                } else if ty == "BOOLEAN" {
                    "true".into()
                } else {
                    "1".into()
                }
            })
            .collect();
        c.execute_batch(&format!("INSERT INTO \"{}\" VALUES ({})", t.name, defaults.join(", "))).unwrap();
    }
    c
}

/// Run `sql` to the end; the error as the runner reports it.
pub fn run(c: &duckdb::Connection, sql: &str) -> Result<usize, ExecError> {
    let err = |e: duckdb::Error| ExecError::from_duckdb_message(e.to_string());
    let mut stmt = c.prepare(sql).map_err(err)?;
    let mut rows = stmt.query([]).map_err(err)?;
    let mut n = 0;
    while rows.next().map_err(err)?.is_some() {
        n += 1;
    }
    Ok(n)
}

/// The error `sql` fails with: the validator's refusal (as the agent
/// hands it to repair) or DuckDB's. None when it runs.
pub fn failure(m: &Manifest, c: &duckdb::Connection, sql: &str) -> Option<ExecError> {
    let policy = Policy::new(m.tables.iter().map(|t| t.name.clone()));
    if let Err(r) = validate(sql, &policy) {
        return Some(ExecError::SqlError(r.to_string()));
    }
    run(c, sql).err()
}
