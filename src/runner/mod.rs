//! Running validated SQL against a prepared dataset: the interface every
//! runner implements (in-process for benchmarks and tests, jailed worker for
//! everything a user runs) and the classified outcome of a run.
//!
//! Invariants: a runner never returns more than `max_rows` rows (it reports
//! `truncated` instead), never buffers more than `max_bytes` of result, and
//! every failure is one of the [`ExecError`] kinds, so records and the repair
//! loop can act on the category rather than on message text.

pub mod cancel;
pub mod convert;
pub mod inprocess;
pub mod lockdown;
pub mod result_set;

pub use cancel::CancelToken;
pub use result_set::ResultSet;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// One query to run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QueryRequest {
    pub sql: String,
    /// Rows to return at most; one more is fetched to detect truncation.
    pub max_rows: u64,
    /// Bytes of result (as Arrow IPC) to accept at most.
    pub max_bytes: u64,
    /// Wall-clock deadline.
    pub timeout: Duration,
    /// Cancels the query from another thread (kills its worker at once).
    #[serde(skip)]
    pub cancel: CancelToken,
    /// Keep the decoded Arrow batches in [`QueryOutput::arrow`] (the
    /// workbench grid); app side only, never sent to a worker.
    #[serde(skip)]
    pub keep_arrow: bool,
}

impl QueryRequest {
    pub fn new(sql: impl Into<String>, max_rows: u64) -> QueryRequest {
        QueryRequest {
            sql: sql.into(),
            max_rows,
            max_bytes: DEFAULT_MAX_BYTES,
            timeout: DEFAULT_TIMEOUT,
            cancel: CancelToken::default(),
            keep_arrow: false,
        }
    }
}

/// Result bytes accepted by default (256 MiB).
pub const DEFAULT_MAX_BYTES: u64 = 256 * 1024 * 1024;
/// Wall-clock deadline by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// A result column: name and DuckDB type name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnInfo {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
}

/// What came back from a successful run.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct QueryOutput {
    pub columns: Vec<ColumnInfo>,
    pub rows: Vec<Vec<serde_json::Value>>,
    /// True when the query had more rows than `max_rows`.
    pub truncated: bool,
    /// Time DuckDB spent, as seen by the runner.
    pub elapsed_ms: f64,
    /// The same rows as Arrow batches, when the request asked to keep them.
    #[serde(skip)]
    pub arrow: Option<Arc<ResultSet>>,
}

/// Why a run failed, classified.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "category", content = "message", rename_all = "snake_case")]
pub enum ExecError {
    /// DuckDB refused or failed the statement; its message kept whole.
    #[error("{0}")]
    SqlError(String),
    #[error("query exceeded the {0} s time limit and was stopped")]
    Timeout(u64),
    #[error("query exceeded the memory limit: {0}")]
    MemoryLimit(String),
    #[error("query exceeded the CPU time limit")]
    CpuLimit,
    #[error("query result exceeded the output limit ({0})")]
    OutputLimit(String),
    #[error("the query worker crashed ({0})")]
    Crashed(String),
    #[error("the jail could not be set up: {0}")]
    JailSetupFailed(String),
    /// The user cancelled the query; its worker was killed.
    #[error("cancelled by the user")]
    Cancelled,
}

impl ExecError {
    /// The category name used in JSON output and records.
    pub fn category(&self) -> &'static str {
        match self {
            ExecError::SqlError(_) => "sql_error",
            ExecError::Timeout(_) => "timeout",
            ExecError::MemoryLimit(_) => "memory_limit",
            ExecError::CpuLimit => "cpu_limit",
            ExecError::OutputLimit(_) => "output_limit",
            ExecError::Crashed(_) => "crashed",
            ExecError::JailSetupFailed(_) => "jail_setup_failed",
            ExecError::Cancelled => "cancelled",
        }
    }

    /// Classify a DuckDB error message (out-of-memory errors arrive as SQL errors).
    pub fn from_duckdb_message(msg: String) -> ExecError {
        let lower = msg.to_ascii_lowercase();
        if lower.contains("out of memory") || lower.contains("memory limit") {
            ExecError::MemoryLimit(msg)
        } else {
            ExecError::SqlError(msg)
        }
    }
}

/// How isolated a runner is; printed in every output and record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JailMode {
    /// Namespaces, pivot_root, rlimits, seccomp, Landlock.
    Strict,
    /// Seccomp, rlimits and Landlock only (no user namespaces on this host).
    Reduced,
    /// In the app's own process: benchmarks and tests only.
    InProcess,
}

impl JailMode {
    pub fn word(self) -> &'static str {
        match self {
            JailMode::Strict => "strict",
            JailMode::Reduced => "reduced",
            JailMode::InProcess => "in_process",
        }
    }
}

/// Something that runs one query against one prepared dataset. `Send`, so
/// a run can be driven off the UI thread.
pub trait Runner: Send {
    fn run(&mut self, req: &QueryRequest) -> Result<QueryOutput, ExecError>;
    fn mode(&self) -> JailMode;
}
