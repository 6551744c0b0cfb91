//! The in-process runner: DuckDB in the app's own process, under the same
//! lock-down as the jailed worker. Used by benchmarks (as the baseline the
//! jail is measured against) and by tests; never for a user's query unless
//! they ask for `--jail off`, which every output then says.

use super::convert::{append_rows, columns};
use super::lockdown::{open_locked, EngineLimits, LockdownError};
use super::{ExecError, JailMode, QueryOutput, QueryRequest, ResultSet, Runner};
use duckdb::Connection;
use std::path::Path;
use std::time::Instant;

/// Runs queries on a locked-down connection in this process.
pub struct InProcessRunner {
    conn: Connection,
}

impl InProcessRunner {
    pub fn open(db: &Path, limits: &EngineLimits) -> Result<InProcessRunner, LockdownError> {
        Ok(InProcessRunner {
            conn: open_locked(db, limits)?,
        })
    }
}

impl Runner for InProcessRunner {
    fn run(&mut self, req: &QueryRequest) -> Result<QueryOutput, ExecError> {
        run_on(&self.conn, req)
    }

    fn mode(&self) -> JailMode {
        JailMode::InProcess
    }
}

/// Run one query on `conn`, streaming batches until `max_rows` + 1 rows.
pub fn run_on(conn: &Connection, req: &QueryRequest) -> Result<QueryOutput, ExecError> {
    let started = Instant::now();
    let sql_err = |e: duckdb::Error| ExecError::from_duckdb_message(e.to_string());
    let mut stmt = conn.prepare(&req.sql).map_err(sql_err)?;
    let stream = stmt.stream_arrow([]).map_err(sql_err)?;
    let cols = columns(&stream.get_schema());
    let max_rows = usize::try_from(req.max_rows).unwrap_or(usize::MAX);
    let mut rows = Vec::new();
    let mut truncated = false;
    let mut bytes: u64 = 0;
    let schema = stream.get_schema();
    let mut kept = Vec::new();
    for batch in stream {
        let batch = batch.map_err(sql_err)?;
        bytes += batch.get_array_memory_size() as u64;
        if bytes > req.max_bytes {
            return Err(ExecError::OutputLimit(format!(
                "more than {} bytes of result",
                req.max_bytes
            )));
        }
        let room = max_rows - rows.len();
        let took = append_rows(&batch, room, &mut rows);
        if req.keep_arrow && took > 0 {
            kept.push(batch.slice(0, took));
        }
        if took < batch.num_rows() {
            truncated = true;
            break;
        }
        if started.elapsed() > req.timeout {
            return Err(ExecError::Timeout(req.timeout.as_secs()));
        }
    }
    let arrow = req.keep_arrow.then(|| std::sync::Arc::new(ResultSet::new(schema, kept, truncated)));
    Ok(QueryOutput {
        columns: cols,
        rows,
        truncated,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
        arrow,
    })
}
