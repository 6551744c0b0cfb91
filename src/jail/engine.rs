//! Worker side: DuckDB. Opens the prepared dataset through the shared
//! lock-down (`runner::lockdown::open_locked`: read-only, explicit threads and
//! memory limit, no extensions, no external access, configuration locked,
//! self-tested) and streams one statement's result into a [`ResultSink`].
//!
//! While the worker waits for its query, [`Engine::warm`] runs a few small
//! queries and then reads the dataset's tables on a second connection, so
//! the code is paged in and the blocks sit in DuckDB's buffer pool (up to a
//! budget): a fresh worker would otherwise answer every query from a cold
//! start. The query interrupts the warm-up.
//!
//! Invariant: runs inside the jail only; the connection is opened before
//! seccomp is installed and never reopened.

use super::results::{Flow, ResultSink};
use super::setup::SetupError;
use crate::runner::lockdown::{open_locked, EngineLimits};
use arrow::ipc::writer::StreamWriter;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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

/// Where DuckDB is told to spill when there is no scratch (reduced mode):
/// a directory that cannot be created, so spilling (and any SQL write DuckDB
/// would allow "in its temp directory") fails instead of touching the host.
pub const NO_SPILL_DIR: &str = "/proc/sandpiper-no-spill";

/// Open `db` with DuckDB spilling to `scratch` (or nowhere).
pub fn open(
    db: &Path,
    scratch: Option<&Path>,
    threads: u32,
    memory_limit_mb: u64,
) -> Result<Engine, SetupError> {
    open_with(open_locked, db, scratch, threads, memory_limit_mb)
}

/// Test builds only: [`open`] without DuckDB's lock-down
/// (`lockdown::open_unlocked`), for testing the OS jail alone.
#[cfg(feature = "test-hooks")]
pub fn open_unlocked(
    db: &Path,
    scratch: Option<&Path>,
    threads: u32,
    memory_limit_mb: u64,
) -> Result<Engine, SetupError> {
    open_with(crate::runner::lockdown::open_unlocked, db, scratch, threads, memory_limit_mb)
}

/// Both openers take the same limits and fail the same way.
fn open_with(
    opener: fn(&Path, &EngineLimits) -> Result<duckdb::Connection, crate::runner::lockdown::LockdownError>,
    db: &Path,
    scratch: Option<&Path>,
    threads: u32,
    memory_limit_mb: u64,
) -> Result<Engine, SetupError> {
    let limits = limits(scratch, threads, memory_limit_mb);
    let conn = opener(db, &limits).map_err(|e| SetupError::new("duckdb", e.to_string()))?;
    Ok(Engine { conn })
}

fn limits(scratch: Option<&Path>, threads: u32, memory_limit_mb: u64) -> EngineLimits {
    let temp = scratch.map_or_else(|| Path::new(NO_SPILL_DIR).to_path_buf(), Path::to_path_buf);
    EngineLimits {
        threads,
        memory_limit_mb,
        temp_dir: Some(temp),
    }
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

/// A running warm-up; [`Warmer::stop`] interrupts it.
pub struct Warmer {
    stop: Arc<AtomicBool>,
    interrupt: Arc<duckdb::InterruptHandle>,
}

impl Warmer {
    /// Stop warming now (the query is about to run).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.interrupt.interrupt();
    }
}

impl Engine {
    /// Start reading every table (smallest first) in the background until
    /// DuckDB holds `budget_mb` of memory; `done` runs when it finishes
    /// without being stopped. None when no second connection can be made.
    pub fn warm(&self, budget_mb: u64, done: impl FnOnce() + Send + 'static) -> Option<Warmer> {
        let conn = self.conn.try_clone().ok()?;
        let stop = Arc::new(AtomicBool::new(false));
        let warmer = Warmer {
            stop: Arc::clone(&stop),
            interrupt: conn.interrupt_handle(),
        };
        let budget = budget_mb.saturating_mul(1 << 20);
        std::thread::Builder::new()
            .name("warm".into())
            .spawn(move || {
                if warm_tables(&conn, &stop, budget) && !stop.load(Ordering::SeqCst) {
                    done();
                }
            })
            .ok()?;
        Some(warmer)
    }
}

/// Run a few small queries through the whole result path (DuckDB to Arrow
/// to IPC), so the first real query does not pay for this process's first
/// use of that code (code pages are shared by all connections). Errors are
/// ignored.
fn prime(conn: &duckdb::Connection) {
    let smallest: Option<String> = conn
        .query_row(
            "SELECT '\"' || replace(schema_name, '\"', '\"\"') || '\".\"' || \
                    replace(table_name, '\"', '\"\"') || '\"' \
             FROM duckdb_tables() WHERE NOT temporary ORDER BY estimated_size LIMIT 1",
            [],
            |r| r.get(0),
        )
        .ok();
    let mut queries = vec!["SELECT 1 AS x".to_string()];
    if let Some(t) = smallest {
        queries.push(format!("SELECT * FROM {t} LIMIT 100"));
        queries.push(format!("SELECT count(*) AS n FROM {t}"));
        // A grouped aggregate with a string key: hash tables, heap warm-up.
        queries.push(format!(
            "SELECT CAST(rowid % 50 AS VARCHAR) AS g, count(*) AS n, avg(rowid) AS a \
             FROM {t} GROUP BY g ORDER BY g"
        ));
    }
    for sql in queries {
        let Ok(mut stmt) = conn.prepare(&sql) else {
            continue;
        };
        let Ok(stream) = stmt.stream_arrow([]) else {
            continue;
        };
        let Ok(mut w) = StreamWriter::try_new(Vec::new(), &stream.get_schema()) else {
            continue;
        };
        for batch in stream.flatten() {
            let _ = w.write(&batch);
        }
        let _ = w.finish();
    }
}

/// Touch every column of every table; false when interrupted.
fn warm_tables(conn: &duckdb::Connection, stop: &AtomicBool, budget: u64) -> bool {
    prime(conn);
    let tables: Vec<(String, String)> = match conn.prepare(
        "SELECT schema_name, table_name FROM duckdb_tables() \
         WHERE NOT temporary ORDER BY estimated_size, table_name",
    ) {
        Ok(mut stmt) => match stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))) {
            Ok(rows) => rows.filter_map(Result::ok).collect(),
            Err(_) => return false,
        },
        Err(_) => return false,
    };
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    for (schema, table) in tables {
        if stop.load(Ordering::SeqCst) || memory_in_use(conn) > budget {
            return !stop.load(Ordering::SeqCst);
        }
        let sql = format!(
            "SELECT max(hash(COLUMNS(*))) FROM {}.{}",
            quote(&schema),
            quote(&table)
        );
        // Errors (an exotic column type) only mean less warmth.
        let _ = conn.execute_batch(&sql);
    }
    true
}

/// Bytes DuckDB's buffer manager holds now.
fn memory_in_use(conn: &duckdb::Connection) -> u64 {
    conn.query_row(
        "SELECT CAST(coalesce(sum(memory_usage_bytes), 0) AS UBIGINT) FROM duckdb_memory()",
        [],
        |r| r.get::<_, u64>(0),
    )
    .unwrap_or(u64::MAX)
}
