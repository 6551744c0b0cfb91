//! Typed progress of a run, published while it goes, so a UI on another
//! thread (the TUI, a CLI spinner, a test) can show each step as it
//! happens: planning, planned, compiled, validated or refused, attempt n
//! started and finished, repair proposed, recorded, finished.
//!
//! The agent emits the steps it decides (compiled, validated, refused) as
//! effects; the driver adds the ones it performs (planning, attempts,
//! repairs, records) with their times, and hands each to a
//! [`ProgressSink`].
//!
//! Invariants: events of one run arrive in order and carry its run id;
//! `Started` is the first and `Finished` the last; publishing never blocks
//! the run (a sink that cannot deliver drops the event).

use crate::planner::Understanding;
use crate::report::{ErrorCategory, Status};
use serde::Serialize;
use std::sync::mpsc::Sender;

/// One step of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Progress {
    /// The run began.
    Started { dataset: String, question: Option<String> },
    /// A planner is working on the question.
    Planning { planner: String },
    /// The planner understood the question.
    Planned { understanding: Box<Understanding>, ms: f64 },
    /// The planner did not understand the question.
    NotUnderstood { reason: String },
    /// The plan became SQL.
    Compiled { sql: String },
    /// The validator accepted attempt n (or was switched off).
    Validated { attempt: u32, checked: bool },
    /// The validator refused attempt n.
    Refused { attempt: u32, reason: String },
    /// Approval mode: attempt n waits for the user before it runs.
    AwaitingApproval { attempt: u32, stage: crate::driver::Stage, sql: String, why: Option<String> },
    /// Attempt n went to a jailed worker.
    AttemptStarted { attempt: u32, max_attempts: u32, sql: String },
    /// Attempt n came back.
    AttemptFinished { attempt: u32, outcome: AttemptOutcome, ms: f64 },
    /// A repairer is looking at a failed attempt.
    Repairing { attempt: u32, repairer: String },
    /// A repairer proposed the SQL of the next attempt.
    RepairProposed { attempt: u32, repairer: String, rationale: String, sql: String },
    /// The repairers had no fix for the failed attempt.
    NoRepair { attempt: u32 },
    /// A model call ended (planning, repair, a step of the tool loop).
    ModelCall {
        purpose: String,
        provider: String,
        ms: f64,
        tokens_in: u64,
        tokens_out: u64,
        ok: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<String>,
    },
    /// A tool the model called ran.
    ToolCall { tool: String, ms: f64, ok: bool, summary: String },
    /// Something the user should know at once (a model fell back to the
    /// offline planner, ...).
    Notice { message: String },
    /// The run's records (audit entries, capsule) were written.
    Recorded,
    /// The run ended.
    Finished { status: Status, ms: f64 },
}

/// How an attempt ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum AttemptOutcome {
    Ok { rows: usize, truncated: bool },
    Failed { category: ErrorCategory, message: String },
}

/// Where progress goes. Implementations must be cheap and never block.
pub trait ProgressSink: Send + Sync {
    fn publish(&self, run_id: &str, step: &Progress);
}

/// Discards progress (one-shot commands that only print the report).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl ProgressSink for NoProgress {
    fn publish(&self, _run_id: &str, _step: &Progress) {}
}

/// One published event, as a channel carries it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressEvent {
    pub run_id: String,
    pub step: Progress,
}

/// A channel is a sink: the UI thread holds the receiver. A closed
/// receiver just drops events (the run goes on).
impl ProgressSink for Sender<ProgressEvent> {
    fn publish(&self, run_id: &str, step: &Progress) {
        let _ = self.send(ProgressEvent { run_id: run_id.to_string(), step: step.clone() });
    }
}

/// Any thread-safe closure is a sink (tests, adapters to other channels).
impl<F: Fn(&str, &Progress) + Send + Sync> ProgressSink for F {
    fn publish(&self, run_id: &str, step: &Progress) {
        self(run_id, step)
    }
}
