//! The JSON contract of `sql` and `ask` (`--json`), stable because other
//! tools read it. New keys may be added; existing keys keep their meaning.
//!
//! `rows` holds every row up to the limit; `row_count` is `rows.len()`;
//! `truncated` says more rows existed. `status` is one of ok, failed,
//! rejected (the validator or a limit refused the SQL), not_understood,
//! cancelled.

use crate::plan::Plan;
use crate::planner::{NotUnderstood, Outcome, Understanding};
use crate::runner::{ColumnInfo, ExecError};
use serde::{Deserialize, Serialize};

/// Outcome of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ok,
    Failed,
    Rejected,
    NotUnderstood,
    /// The user cancelled the run (Ctrl-C, Esc); its worker was killed.
    Cancelled,
}

impl Status {
    /// The process exit code for this status (130 = interrupted, as a
    /// shell reports a command ended by Ctrl-C).
    pub fn exit_code(self) -> i32 {
        match self {
            Status::Ok => 0,
            Status::Failed => 1,
            Status::Rejected | Status::NotUnderstood => 3,
            Status::Cancelled => 130,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::Rejected => "rejected",
            Status::NotUnderstood => "not_understood",
            Status::Cancelled => "cancelled",
        }
    }
}

/// What kind of failure: one enum for the JSON contract, the capsule's
/// attempts and the audit log. Serialized as its snake_case word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCategory {
    /// DuckDB refused or failed the statement.
    SqlError,
    Timeout,
    MemoryLimit,
    CpuLimit,
    OutputLimit,
    Crashed,
    JailSetupFailed,
    /// The validator refused the SQL.
    Validation,
    /// The plan could not be compiled to SQL.
    Compile,
    NotUnderstood,
    /// The planner itself failed (a model that could not be reached, ...).
    Planner,
    /// The run could not be written to the audit log or the run store.
    Records,
    Cancelled,
    // The repair classifier's finer kinds of `sql_error` (and of a
    // validator refusal), so repairs and explanations act on a category
    // rather than on message text; the runner's own kinds above stay.
    /// A table the dataset does not have.
    TableMissing,
    /// A column no table in scope has.
    ColumnMissing,
    /// A bare column name more than one joined table has.
    AmbiguousColumn,
    /// A column neither grouped nor aggregated (or an aggregate in WHERE).
    GroupByMissing,
    /// Values of types that do not go together (compare, add, cast).
    TypeMismatch,
    /// SQL that does not parse.
    SyntaxError,
    /// A function DuckDB does not have.
    FunctionMissing,
    /// A date or timestamp literal that is not a real date.
    BadDateLiteral,
    DivisionByZero,
    /// Refused for safety (validator or DuckDB's permissions): never rewritten.
    Refused,
    /// The query ran and returned no rows.
    EmptyResult,
}

impl ErrorCategory {
    pub fn word(self) -> &'static str {
        match self {
            ErrorCategory::SqlError => "sql_error",
            ErrorCategory::Timeout => "timeout",
            ErrorCategory::MemoryLimit => "memory_limit",
            ErrorCategory::CpuLimit => "cpu_limit",
            ErrorCategory::OutputLimit => "output_limit",
            ErrorCategory::Crashed => "crashed",
            ErrorCategory::JailSetupFailed => "jail_setup_failed",
            ErrorCategory::Validation => "validation",
            ErrorCategory::Compile => "compile",
            ErrorCategory::NotUnderstood => "not_understood",
            ErrorCategory::Planner => "planner",
            ErrorCategory::Records => "records",
            ErrorCategory::Cancelled => "cancelled",
            ErrorCategory::TableMissing => "table_missing",
            ErrorCategory::ColumnMissing => "column_missing",
            ErrorCategory::AmbiguousColumn => "ambiguous_column",
            ErrorCategory::GroupByMissing => "group_by_missing",
            ErrorCategory::TypeMismatch => "type_mismatch",
            ErrorCategory::SyntaxError => "syntax_error",
            ErrorCategory::FunctionMissing => "function_missing",
            ErrorCategory::BadDateLiteral => "bad_date_literal",
            ErrorCategory::DivisionByZero => "division_by_zero",
            ErrorCategory::Refused => "refused",
            ErrorCategory::EmptyResult => "empty_result",
        }
    }

    /// The category of a runner failure as the JSON contract reports it
    /// (DuckDB errors stay `sql_error`; `repair::classify` refines them).
    pub fn of(e: &ExecError) -> ErrorCategory {
        match e {
            ExecError::SqlError(_) => ErrorCategory::SqlError,
            ExecError::Timeout(_) => ErrorCategory::Timeout,
            ExecError::MemoryLimit(_) => ErrorCategory::MemoryLimit,
            ExecError::CpuLimit => ErrorCategory::CpuLimit,
            ExecError::OutputLimit(_) => ErrorCategory::OutputLimit,
            ExecError::Crashed(_) => ErrorCategory::Crashed,
            ExecError::JailSetupFailed(_) => ErrorCategory::JailSetupFailed,
            ExecError::Cancelled => ErrorCategory::Cancelled,
        }
    }
}

impl std::fmt::Display for ErrorCategory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// A classified error.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorInfo {
    pub category: ErrorCategory,
    pub message: String,
}

impl ErrorInfo {
    pub fn new(category: ErrorCategory, message: impl Into<String>) -> ErrorInfo {
        ErrorInfo { category, message: message.into() }
    }
}

/// One try at running SQL.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub n: u32,
    pub sql: String,
    pub status: Status,
    pub error: Option<ErrorInfo>,
    /// Who wrote this attempt's SQL when it is a repair: `rules:<name>`,
    /// later `model:<provider>` or `user`. None for the first attempt.
    #[serde(default)]
    pub repairer: Option<String>,
    /// What the repairer changed and why, for attempts after the first.
    #[serde(default)]
    pub rationale: Option<String>,
    /// The rationale under its first name (kept for readers of the contract).
    #[serde(default)]
    pub repair: Option<String>,
    /// Wall-clock time of the execution, stamped by the driver (the agent
    /// has no clock); 0 when the attempt never ran.
    #[serde(default)]
    pub duration_ms: f64,
    /// For a repair: unified diff of its SQL against the previous attempt's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
}

/// What the planner made of a question: the understanding with its plan,
/// or why it was not understood. Serialized as the bare struct (the
/// contract's `understanding` object).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Understood {
    Planned(Box<Understanding>),
    NotUnderstood(NotUnderstood),
}

impl Understood {
    pub fn from_outcome(o: Outcome) -> Understood {
        match o {
            Outcome::Planned(u) => Understood::Planned(Box::new(u)),
            Outcome::NotUnderstood(n) => Understood::NotUnderstood(n),
        }
    }
}

/// Where the run spent its time, in milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    /// Planning (the planner's own time).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub plan: Option<f64>,
    /// Compiling and validating (inside the agent).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub compile_validate: Option<f64>,
    /// Executing every attempt in the jail.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub execute: Option<f64>,
    /// Asking repairers for fixes.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub repair: Option<f64>,
    /// Waiting for the user's approval (approval mode only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub approval: Option<f64>,
    /// The whole run, records included.
    pub total: f64,
}

impl Timings {
    /// Add `ms` to one of the optional phases.
    pub fn add(slot: &mut Option<f64>, ms: f64) {
        *slot = Some(slot.unwrap_or(0.0) + ms);
    }
}

/// The whole record of one run, as printed by `--json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunReport {
    pub run_id: String,
    pub dataset: String,
    pub dataset_hash: String,
    pub question: Option<String>,
    pub provider: String,
    /// The plan that produced `sql`: the planner's, or after a repair the
    /// SQL that actually ran (the planner's stays in `understanding`).
    pub plan: Option<Plan>,
    pub sql: Option<String>,
    pub status: Status,
    pub error: Option<ErrorInfo>,
    pub columns: Vec<ColumnInfo>,
    pub rows: Vec<Vec<serde_json::Value>>,
    pub row_count: usize,
    pub truncated: bool,
    pub attempts: Vec<Attempt>,
    pub timings_ms: Timings,
    /// How the query was isolated: strict, reduced, in_process.
    pub jail: String,
    /// False when the SQL validator was switched off (`--no-validate`).
    pub validated: bool,
    /// What the planner understood, for questions.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub understanding: Option<Understood>,
    /// Things the user should know (data regenerated, validator off, ...).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub notices: Vec<String>,
    /// The run this one replays.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub replay_of: Option<String>,
    /// Which planner answered the question (`offline` or `model`), when a
    /// model is configured.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub planner: Option<String>,
    /// Model usage summed over the run's calls, when a model was called.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub usage: Option<crate::llm::calls::RunUsage>,
    /// Every model call of the run, for the capsule (not in the JSON
    /// contract: `usage` sums them).
    #[serde(skip)]
    pub llm_calls: Vec<crate::llm::calls::LlmCall>,
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
