//! Worker side: DuckDB. Opens the prepared dataset through the shared
//! lock-down (`runner::lockdown::open_locked`: read-only, explicit threads and
//! memory limit, no extensions, no external access, configuration locked,
//! self-tested) and streams one statement's result into a [`ResultSink`].
//!
//! Invariant: runs inside the jail only; the connection is opened before
//! seccomp is installed and never reopened.

use super::results::{Flow, ResultSink};
use super::setup::SetupError;
use crate::runner::lockdown::{open_locked, EngineLimits};
use std::io;
use std::path::Path;

/// A locked-down DuckDB connection inside the worker.
pub struct Engine {
    conn: duckdb::Connection,
}

/// Why a statement did not complete.
#[derive(Debug)]
pub enum EngineError {
    /// DuckDB's message, whole.
    Sql(String),
    /// The channel to the app broke.
    Channel(io::Error),
}

/// Open `db` with DuckDB spilling to `scratch`.
pub fn open(
    db: &Path,
    scratch: &Path,
    threads: u32,
    memory_limit_mb: u64,
) -> Result<Engine, SetupError> {
    let limits = EngineLimits {
        threads,
        memory_limit_mb,
        temp_dir: Some(scratch.to_path_buf()),
    };
    let conn = open_locked(db, &limits).map_err(|e| SetupError::new("duckdb", e.to_string()))?;
    Ok(Engine { conn })
}

impl Engine {
    /// Run `sql`, streaming its result into `sink` until done or told to stop.
    pub fn run(&self, sql: &str, sink: &mut ResultSink<'_>) -> Result<(), EngineError> {
        let sql_err = |e: duckdb::Error| EngineError::Sql(e.to_string());
        let mut stmt = self.conn.prepare(sql).map_err(sql_err)?;
        let stream = stmt.stream_arrow([]).map_err(sql_err)?;
        sink.schema(&stream.get_schema())
            .map_err(EngineError::Channel)?;
        for batch in stream {
            let batch = batch.map_err(sql_err)?;
            if sink.batch(&batch).map_err(EngineError::Channel)? == Flow::Stop {
                break;
            }
        }
        Ok(())
    }
}
