//! The plain records written to and read from the run store.
//!
//! These are data only (serde both ways) so a capsule can be exported as JSON
//! or shown in the UI as is. Timestamps are RFC 3339 UTC strings supplied by
//! the caller (the agent machine has no clock); [`timestamp_now`] makes one.
//! JSON columns are carried as `serde_json::Value` so an exported capsule
//! nests them instead of quoting them.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::error::StoreError;

/// How many result rows a capsule keeps as its preview.
pub const PREVIEW_ROWS: usize = 50;

/// Where a run stands. Stored as the snake_case text shown by [`RunStatus::as_str`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// Started and not finished yet (or the process is still working on it).
    Running,
    /// Finished with a result.
    Ok,
    /// Every attempt failed to execute.
    Failed,
    /// The validator or jail refused the SQL.
    Rejected,
    /// The planner could not make a plan from the question.
    NotUnderstood,
    /// A previous process ended while the run was `running`.
    Interrupted,
    /// The user cancelled the run.
    Cancelled,
}

impl RunStatus {
    /// Every status, in declaration order.
    pub const ALL: [RunStatus; 7] = [
        RunStatus::Running,
        RunStatus::Ok,
        RunStatus::Failed,
        RunStatus::Rejected,
        RunStatus::NotUnderstood,
        RunStatus::Interrupted,
        RunStatus::Cancelled,
    ];

    /// The text stored in the `status` column.
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Running => "running",
            RunStatus::Ok => "ok",
            RunStatus::Failed => "failed",
            RunStatus::Rejected => "rejected",
            RunStatus::NotUnderstood => "not_understood",
            RunStatus::Interrupted => "interrupted",
            RunStatus::Cancelled => "cancelled",
        }
    }
}

impl fmt::Display for RunStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for RunStatus {
    type Err = StoreError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RunStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == s)
            .ok_or_else(|| StoreError::InvalidStatus {
                status: s.to_string(),
                role: "stored",
            })
    }
}

/// The first rows of a result, as kept in a capsule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultPreview {
    /// `(name, type)` of each column.
    pub columns: Vec<(String, String)>,
    /// At most [`PREVIEW_ROWS`] rows, each one JSON value per column.
    pub rows: Vec<Vec<Value>>,
}

impl ResultPreview {
    /// A preview of a full result: its columns and its first [`PREVIEW_ROWS`] rows.
    pub fn of(columns: &[(String, String)], rows: &[Vec<Value>]) -> Self {
        ResultPreview {
            columns: columns.to_vec(),
            rows: rows.iter().take(PREVIEW_ROWS).cloned().collect(),
        }
    }
}

/// Everything known when a run begins; `begin_run` stores it as `running`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunStart {
    /// Unique id; [`new_run_id`] makes one. Lookups accept unique prefixes.
    pub run_id: String,
    /// RFC 3339 UTC time the run began.
    pub started_at: String,
    /// Dataset name.
    pub dataset: String,
    /// Hash of the dataset's files/manifest, so a replay can tell data changed.
    pub dataset_hash: String,
    /// The user's question; `None` for raw SQL runs.
    pub question: Option<String>,
    /// Planner provider ("offline", "openai", ...).
    pub provider: String,
    /// Model name, when a model plans.
    pub model: Option<String>,
    /// The plan, when known up front (replays).
    pub plan: Option<Value>,
    /// How the query is jailed ("namespaces", "process", "off", ...).
    pub jail_mode: String,
    /// The limits in force (rows, time, memory), as JSON.
    pub limits: Value,
    /// The run this one replays.
    pub replay_of: Option<String>,
    /// True when the user turned the SQL validator off for this run.
    pub validator_off: bool,
}

/// Everything known when a run ends; `finish_run` stores it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunFinish {
    /// The run being finished (full id).
    pub run_id: String,
    /// RFC 3339 UTC time the run ended.
    pub finished_at: String,
    /// Final status; `Running` is refused.
    pub status: RunStatus,
    /// The plan; `None` keeps the one given at start, if any.
    pub plan: Option<Value>,
    /// The SQL that ran last (or was refused).
    pub final_sql: Option<String>,
    /// Error class, for failed/rejected runs.
    pub error_category: Option<String>,
    /// Error text shown to the user.
    pub error_message: Option<String>,
    /// Rows in the full result.
    pub row_count: Option<u64>,
    /// True when the result was cut at the row limit.
    pub truncated: bool,
    /// The first rows; more than [`PREVIEW_ROWS`] are cut on write.
    pub result_preview: Option<ResultPreview>,
    /// [`super::result_hash`] of the full result.
    pub result_hash: Option<String>,
    /// Phase timings (plan, compile, validate, execute ...), as JSON.
    pub timings: Option<Value>,
    /// Model tokens sent.
    pub tokens_in: Option<u64>,
    /// Model tokens received.
    pub tokens_out: Option<u64>,
}

/// One try at running SQL within a run (the first, then each repair).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// The run this attempt belongs to (full id).
    pub run_id: String,
    /// 1-based attempt number, unique within the run.
    pub n: u32,
    /// The SQL tried.
    pub sql: String,
    /// Outcome ("ok", "failed", "rejected", ...).
    pub status: String,
    /// Error class, when it failed.
    pub error_category: Option<String>,
    /// Error text, when it failed.
    pub error_message: Option<String>,
    /// Which repairer produced this SQL (`None` for the first attempt).
    pub repairer: Option<String>,
    /// Why the repairer changed the SQL.
    pub rationale: Option<String>,
    /// Unified diff against the previous attempt's SQL (repairs only).
    #[serde(default)]
    pub diff: Option<String>,
    /// Wall time of the attempt.
    pub duration_ms: u64,
    /// RFC 3339 time a user repair appended this attempt to the finished
    /// run ([`super::Store::resume_run`]); `None` for the run's own attempts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_at: Option<String>,
}

/// A whole stored run: start, finish and attempts in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunCapsule {
    /// Full id.
    pub run_id: String,
    /// RFC 3339 start time.
    pub started_at: String,
    /// RFC 3339 end time; `None` while running (and for interrupted runs).
    pub finished_at: Option<String>,
    /// Dataset name.
    pub dataset: String,
    /// Dataset hash at run time.
    pub dataset_hash: String,
    /// The question, if any.
    pub question: Option<String>,
    /// Planner provider.
    pub provider: String,
    /// Model name.
    pub model: Option<String>,
    /// The plan.
    pub plan: Option<Value>,
    /// The last SQL.
    pub final_sql: Option<String>,
    /// Status.
    pub status: RunStatus,
    /// Error class.
    pub error_category: Option<String>,
    /// Error text.
    pub error_message: Option<String>,
    /// Rows in the full result.
    pub row_count: Option<u64>,
    /// Result cut at the row limit.
    pub truncated: bool,
    /// First rows.
    pub result_preview: Option<ResultPreview>,
    /// Hash of the full result.
    pub result_hash: Option<String>,
    /// Phase timings.
    pub timings: Option<Value>,
    /// Jail mode.
    pub jail_mode: String,
    /// Limits in force.
    pub limits: Value,
    /// Model tokens sent.
    pub tokens_in: Option<u64>,
    /// Model tokens received.
    pub tokens_out: Option<u64>,
    /// The run this one replays.
    pub replay_of: Option<String>,
    /// Validator was off.
    pub validator_off: bool,
    /// Attempts, by `n`.
    pub attempts: Vec<Attempt>,
}

/// One line of the run list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    /// Full id.
    pub run_id: String,
    /// RFC 3339 start time.
    pub started_at: String,
    /// RFC 3339 end time.
    pub finished_at: Option<String>,
    /// Dataset name.
    pub dataset: String,
    /// The question, if any.
    pub question: Option<String>,
    /// Planner provider.
    pub provider: String,
    /// Model name.
    pub model: Option<String>,
    /// Status.
    pub status: RunStatus,
    /// Error class.
    pub error_category: Option<String>,
    /// Rows in the full result.
    pub row_count: Option<u64>,
    /// The run this one replays.
    pub replay_of: Option<String>,
}

/// The current time as an RFC 3339 UTC string with exactly six fractional
/// digits (e.g. `2025-01-31T12:00:00.123456Z`), so timestamps made by it sort
/// as text in time order.
pub fn timestamp_now() -> String {
    let now = time::OffsetDateTime::now_utc();
    let format = time::macros::format_description!(
        "[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:6]Z"
    );
    now.format(&format)
        .unwrap_or_else(|_| now.unix_timestamp().to_string())
}

/// A fresh run id: 16 lowercase hex digits, unique for practical purposes.
///
/// Hash-derived rather than time-ordered, so short prefixes of different runs
/// differ early and a few typed characters usually identify a run.
pub fn new_run_id() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = Sha256::new();
    let nanos = time::OffsetDateTime::now_utc().unix_timestamp_nanos();
    hasher.update(nanos.to_le_bytes());
    hasher.update(std::process::id().to_le_bytes());
    hasher.update(COUNTER.fetch_add(1, Ordering::Relaxed).to_le_bytes());
    let digest = hasher.finalize();
    hex::encode(&digest[..8])
}
