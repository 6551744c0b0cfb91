//! The agent cycle as a pure state machine: question -> plan -> compile ->
//! validate -> run -> classify -> (repair, up to 3 attempts) -> answer.
//!
//! `Agent::handle(Event) -> Vec<Effect>`: no IO, no clock, no threads. A
//! driver performs the effects (ask a planner, run SQL in the jail, write an
//! audit entry) and feeds results back as events, so the cycle is tested
//! without a terminal, a network or a jail, and the repair stepper is only a
//! view of the attempts recorded here.
//!
//! Invariants: at most [`MAX_ATTEMPTS`] executions per run; every step emits
//! a `Record` effect before the next step; the final effect is always
//! exactly one `Finish`; a result for an attempt that is not the current
//! one is ignored.

use crate::compile::compile;
use crate::plan::Plan;
use crate::planner::Outcome;
use crate::report::{Attempt, ErrorInfo, Status};
use crate::runner::{ExecError, QueryOutput};
use crate::semantic::Manifest;
use crate::sql::{validate, Policy};
use serde_json::json;

pub mod repair;
#[cfg(test)]
mod tests;

/// Executions allowed per run (the first try and two repairs).
pub const MAX_ATTEMPTS: u32 = 3;

/// What the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// A question in plain English.
    Ask { question: String },
    /// SQL written by the user; `validate: false` is `--no-validate`.
    Sql { sql: String, validate: bool },
    /// A plan given directly (replays, models, tests).
    Plan { plan: Box<Plan> },
}

/// Things that happen to the agent.
#[derive(Debug, Clone)]
pub enum Event {
    Start(Request),
    /// The planner answered.
    Planned(Box<Outcome>),
    /// An attempt finished.
    Executed { attempt: u32, result: Result<QueryOutput, ExecError> },
}

/// Audit record kinds are the audit log's own (`question`, `plan`, `sql`,
/// `validation`, `execution`, `error`, `repair_attempt`, `answer`).
pub use crate::audit::Kind as RecordKind;

/// What the driver must do.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Ask the planner to plan this question.
    Plan { question: String },
    /// Run SQL (already validated, unless validation is off) in the jail.
    Execute { attempt: u32, sql: String, max_rows: u64 },
    /// Append an audit entry.
    Record { kind: RecordKind, payload: serde_json::Value },
    /// The run is over.
    Finish(Box<Finished>),
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    pub status: Status,
    pub error: Option<ErrorInfo>,
    pub plan: Option<Plan>,
    pub sql: Option<String>,
    pub attempts: Vec<Attempt>,
    pub understanding: Option<serde_json::Value>,
    /// Index into the driver's outputs: the attempt whose rows are the answer.
    pub answer_attempt: Option<u32>,
}

#[derive(Debug, Clone, PartialEq)]
enum State {
    Idle,
    Planning,
    Running { attempt: u32 },
    Done,
}

/// One run of the cycle over one dataset.
pub struct Agent {
    manifest: Manifest,
    state: State,
    validate: bool,
    plan: Option<Plan>,
    sql: Option<String>,
    understanding: Option<serde_json::Value>,
    attempts: Vec<Attempt>,
}

impl Agent {
    pub fn new(manifest: Manifest) -> Agent {
        Agent {
            manifest,
            state: State::Idle,
            validate: true,
            plan: None,
            sql: None,
            understanding: None,
            attempts: Vec::new(),
        }
    }

    /// The attempts so far (the repair stepper's model).
    pub fn attempts(&self) -> &[Attempt] {
        &self.attempts
    }

    pub fn handle(&mut self, event: Event) -> Vec<Effect> {
        match (std::mem::replace(&mut self.state, State::Done), event) {
            (State::Idle, Event::Start(req)) => self.start(req),
            (State::Planning, Event::Planned(outcome)) => self.planned(*outcome),
            (State::Running { attempt }, Event::Executed { attempt: a, result }) if a == attempt => {
                self.executed(attempt, result)
            }
            (state, _) => {
                // Out of order or stale: ignore, keep the state.
                self.state = state;
                Vec::new()
            }
        }
    }

    fn start(&mut self, req: Request) -> Vec<Effect> {
        match req {
            Request::Ask { question } => {
                self.state = State::Planning;
                vec![
                    record(RecordKind::Question, json!({ "question": question })),
                    Effect::Plan { question },
                ]
            }
            Request::Sql { sql, validate } => {
                self.validate = validate;
                self.with_plan(Plan::from_sql(sql), Vec::new())
            }
            Request::Plan { plan } => self.with_plan(*plan, Vec::new()),
        }
    }

    fn planned(&mut self, outcome: Outcome) -> Vec<Effect> {
        match outcome {
            Outcome::Planned(u) => {
                self.understanding = serde_json::to_value(&u).ok();
                let fx = vec![record(RecordKind::Plan, json!({ "plan": u.plan, "understanding": self.understanding }))];
                self.with_plan(u.plan, fx)
            }
            Outcome::NotUnderstood(nu) => {
                self.understanding = serde_json::to_value(&nu).ok();
                let msg = nu.reason.clone();
                self.finish(Status::NotUnderstood, Some(err("not_understood", msg)), Vec::new())
            }
        }
    }

    fn with_plan(&mut self, plan: Plan, mut fx: Vec<Effect>) -> Vec<Effect> {
        let compiled = compile(&plan, &self.manifest);
        self.plan = Some(plan);
        match compiled {
            Ok(c) => {
                self.sql = Some(c.sql.clone());
                fx.push(record(RecordKind::Sql, json!({ "sql": c.sql, "limit": c.limit })));
                self.try_sql(1, c.sql, c.limit, None, fx)
            }
            Err(e) => {
                fx.extend(self.finish(Status::Rejected, Some(err("compile", e.to_string())), Vec::new()));
                fx
            }
        }
    }

    /// Validate and, if allowed, execute attempt `n`.
    fn try_sql(&mut self, n: u32, sql: String, limit: u64, repair: Option<String>, mut fx: Vec<Effect>) -> Vec<Effect> {
        if self.validate {
            let policy = Policy::new(self.manifest.tables.iter().map(|t| t.name.clone()));
            if let Err(refusal) = validate(&sql, &policy) {
                let e = err("validation", refusal.to_string());
                fx.push(record(RecordKind::Validation, json!({ "ok": false, "attempt": n, "refusal": e.message })));
                self.attempts.push(Attempt { n, sql, status: Status::Rejected, error: Some(e.clone()), repair, duration_ms: 0.0 });
                fx.extend(self.finish(Status::Rejected, Some(e), Vec::new()));
                return fx;
            }
            fx.push(record(RecordKind::Validation, json!({ "ok": true, "attempt": n })));
        } else {
            fx.push(record(RecordKind::Validation, json!({ "ok": null, "attempt": n, "skipped": "validator switched off by --no-validate" })));
        }
        self.sql = Some(sql.clone());
        self.attempts.push(Attempt { n, sql: sql.clone(), status: Status::Failed, error: None, repair, duration_ms: 0.0 });
        self.state = State::Running { attempt: n };
        fx.push(Effect::Execute { attempt: n, sql, max_rows: limit });
        fx
    }

    fn executed(&mut self, n: u32, result: Result<QueryOutput, ExecError>) -> Vec<Effect> {
        let idx = self.attempts.len().saturating_sub(1);
        match result {
            Ok(out) => {
                if let Some(a) = self.attempts.get_mut(idx) {
                    a.status = Status::Ok;
                }
                let fx = vec![record(
                    RecordKind::Execution,
                    json!({ "attempt": n, "status": "ok", "rows": out.rows.len(), "truncated": out.truncated }),
                )];
                self.finish(Status::Ok, None, fx).into_iter().map(|e| with_answer(e, n)).collect()
            }
            Err(e) => {
                let info = err(e.category(), e.to_string());
                if let Some(a) = self.attempts.get_mut(idx) {
                    a.error = Some(info.clone());
                }
                let mut fx = vec![record(
                    RecordKind::Execution,
                    json!({ "attempt": n, "status": "failed", "error": { "category": info.category, "message": info.message } }),
                )];
                let failed_sql = self.attempts.get(idx).map(|a| a.sql.clone()).unwrap_or_default();
                if n < MAX_ATTEMPTS {
                    if let Some(fix) = repair::propose(&self.manifest, &failed_sql, &e) {
                        fx.push(record(
                            RecordKind::RepairAttempt,
                            json!({ "attempt": n + 1, "sql": fix.sql, "rationale": fix.rationale, "repairer": "rules" }),
                        ));
                        let limit = self.plan.as_ref().map_or(crate::plan::DEFAULT_LIMIT, Plan::effective_limit);
                        return self.try_sql(n + 1, fix.sql, limit, Some(fix.rationale), fx);
                    }
                }
                fx.push(record(RecordKind::Error, json!({ "category": info.category, "message": info.message })));
                fx.extend(self.finish(Status::Failed, Some(info), Vec::new()));
                fx
            }
        }
    }

    fn finish(&mut self, status: Status, error: Option<ErrorInfo>, mut fx: Vec<Effect>) -> Vec<Effect> {
        self.state = State::Done;
        fx.push(record(
            RecordKind::Answer,
            json!({ "status": status.word(), "attempts": self.attempts.len(), "error": error }),
        ));
        fx.push(Effect::Finish(Box::new(Finished {
            status,
            error,
            plan: self.plan.clone(),
            sql: self.sql.clone(),
            attempts: self.attempts.clone(),
            understanding: self.understanding.clone(),
            answer_attempt: None,
        })));
        fx
    }
}

fn with_answer(e: Effect, n: u32) -> Effect {
    match e {
        Effect::Finish(mut f) => {
            f.answer_attempt = Some(n);
            Effect::Finish(f)
        }
        other => other,
    }
}

fn record(kind: RecordKind, payload: serde_json::Value) -> Effect {
    Effect::Record { kind, payload }
}

fn err(category: &str, message: String) -> ErrorInfo {
    ErrorInfo { category: category.to_string(), message }
}
