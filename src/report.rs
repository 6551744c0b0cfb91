//! The JSON contract of `sql` and `ask` (`--json`), stable because other
//! tools read it. New keys may be added; existing keys keep their meaning.
//!
//! `rows` holds every row up to the limit; `row_count` is `rows.len()`;
//! `truncated` says more rows existed. `status` is one of ok, failed,
//! rejected (the validator or a limit refused the SQL), not_understood.

use crate::runner::ColumnInfo;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Outcome of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ok,
    Failed,
    Rejected,
    NotUnderstood,
}

impl Status {
    /// The process exit code for this status.
    pub fn exit_code(self) -> i32 {
        match self {
            Status::Ok => 0,
            Status::Failed => 1,
            Status::Rejected | Status::NotUnderstood => 3,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::Rejected => "rejected",
            Status::NotUnderstood => "not_understood",
        }
    }
}

/// A classified error.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorInfo {
    /// sql_error, timeout, memory_limit, cpu_limit, output_limit, crashed,
    /// jail_setup_failed, validation, compile, not_understood, dataset.
    pub category: String,
    pub message: String,
}

/// One try at running SQL.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub n: u32,
    pub sql: String,
    pub status: Status,
    pub error: Option<ErrorInfo>,
    /// What the repairer changed and why, for attempts after the first.
    pub repair: Option<String>,
    /// Wall-clock time of the execution, stamped by the driver (the agent
    /// has no clock); 0 when the attempt never ran.
    #[serde(default)]
    pub duration_ms: f64,
}

/// The whole record of one run, as printed by `--json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunReport {
    pub run_id: String,
    pub dataset: String,
    pub dataset_hash: String,
    pub question: Option<String>,
    pub provider: String,
    pub plan: Option<serde_json::Value>,
    pub sql: Option<String>,
    pub status: Status,
    pub error: Option<ErrorInfo>,
    pub columns: Vec<ColumnInfo>,
    pub rows: Vec<Vec<serde_json::Value>>,
    pub row_count: usize,
    pub truncated: bool,
    pub attempts: Vec<Attempt>,
    pub timings_ms: BTreeMap<String, f64>,
    /// How the query was isolated: strict, reduced, in_process.
    pub jail: String,
    /// False when the SQL validator was switched off (`--no-validate`).
    pub validated: bool,
    /// What the planner understood, for questions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub understanding: Option<serde_json::Value>,
    /// Things the user should know (data regenerated, validator off, ...).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub notices: Vec<String>,
    /// The run this one replays.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub replay_of: Option<String>,
}

/// A new run id: 16 hex characters whose first few already differ between
/// runs, so a short prefix names a run (like git); runs are listed by time.
pub fn new_run_id() -> String {
    crate::store::new_run_id()
}

impl RunReport {
    /// Pretty JSON with each result row on one line, so a large result
    /// stays readable and greppable.
    pub fn to_json_text(&self) -> Result<String, serde_json::Error> {
        let mut v = serde_json::to_value(self)?;
        let rows = v.get_mut("rows").map(serde_json::Value::take);
        let mut text = serde_json::to_string_pretty(&v)?;
        if let Some(serde_json::Value::Array(rows)) = rows {
            let lines: Result<Vec<String>, _> = rows.iter().map(serde_json::to_string).collect();
            let body = if rows.is_empty() {
                "[]".to_string()
            } else {
                format!("[\n    {}\n  ]", lines?.join(",\n    "))
            };
            text = text.replacen("\"rows\": null", &format!("\"rows\": {body}"), 1);
        }
        Ok(text)
    }
}
