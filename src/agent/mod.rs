//! The agent cycle as a pure state machine: question -> plan -> compile ->
//! validate -> run -> classify -> (repair, up to 3 attempts) -> answer.
//!
//! `Agent::handle(Event) -> Vec<Effect>`: no IO, no clock, no threads. A
//! driver performs the effects (ask a planner, run SQL in the jail, write an
//! audit entry) and feeds results back as events, so the cycle is tested
//! without a terminal, a network or a jail, and the repair stepper is only a
//! view of the attempts recorded here.
//!
//! Invariants: at most `max_attempts` (default [`MAX_ATTEMPTS`]) executions
//! per run; planning and repairing are effects the driver performs (behind
//! the `Planner` and `Repairer` traits); every step emits
//! a `Record` effect before the next step; the final effect is always
//! exactly one `Finish`; a result for an attempt that is not the current
//! one is ignored.

use crate::compile::compile;
use crate::plan::Plan;
use crate::planner::{Outcome, PlanError};
use crate::progress::{AttemptOutcome, Progress};
use crate::repair::{Fix, RepairError};
use crate::report::{Attempt, ErrorCategory, ErrorInfo, Status, Understood};
use crate::runner::{ExecError, QueryOutput};
use crate::semantic::Manifest;
use crate::sql::{validate, Policy};
use serde_json::json;

#[cfg(test)]
mod tests;
pub mod tools;

/// Executions allowed per run (the first try and two repairs).
pub const MAX_ATTEMPTS: u32 = 3;

/// The repairer of SQL the user wrote into a run (an edit or a re-run).
pub const USER: &str = "user";

/// What the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// A question in plain English.
    Ask { question: String },
    /// SQL written by the user; `validate: false` is `--no-validate`.
    Sql { sql: String, validate: bool },
    /// A plan given directly (replays, models, tests).
    Plan { plan: Box<Plan> },
    /// The user's repair of a recorded run: `prior` are that run's
    /// attempts, `sql` the user's SQL (edited from attempt `from`, or that
    /// attempt's SQL unchanged for a re-run). It runs as the next attempt,
    /// repairer `user`, with its diff against attempt `from`.
    Repair { of_run: String, question: Option<String>, prior: Vec<Attempt>, from: u32, sql: String },
}

/// Things that happen to the agent.
#[derive(Debug, Clone)]
pub enum Event {
    Start(Request),
    /// The planner answered.
    Planned(Box<Outcome>),
    /// The planner could not answer (failed or cancelled).
    PlanFailed(PlanError),
    /// An attempt finished.
    Executed { attempt: u32, result: Result<QueryOutput, ExecError> },
    /// The repairer answered for the failed attempt `attempt`.
    Repaired { attempt: u32, result: Result<Option<Fix>, RepairError> },
    /// The user cancelled the run.
    Cancelled,
    /// Approval mode: the user edited attempt `attempt`'s SQL before it
    /// ran; the edit replaces it (validated again, repairer `user`).
    Edited { attempt: u32, sql: String },
    /// Approval mode: the user rejected attempt `attempt`; nothing runs.
    Rejected { attempt: u32 },
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
    /// Ask the repairer for a fix of the failed attempt `attempt`.
    Repair { attempt: u32, sql: String, error: ExecError },
    /// Append an audit entry.
    Record { kind: RecordKind, payload: serde_json::Value },
    /// Tell whoever watches the run about a step.
    Progress(Progress),
    /// The run is over.
    Finish(Box<Finished>),
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    pub status: Status,
    pub error: Option<ErrorInfo>,
    /// The plan of the SQL that ran: the planner's, or after a repair a
    /// plan holding the repaired SQL (so the two never disagree).
    pub plan: Option<Plan>,
    pub sql: Option<String>,
    pub attempts: Vec<Attempt>,
    pub understanding: Option<Understood>,
    /// Index into the driver's outputs: the attempt whose rows are the answer.
    pub answer_attempt: Option<u32>,
    /// What the user should know about the answer (an empty result and why).
    pub notices: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
enum State {
    Idle,
    Planning,
    Running { attempt: u32 },
    Repairing { attempt: u32, error: ExecError },
    Done,
}

/// One run of the cycle over one dataset.
pub struct Agent {
    manifest: Manifest,
    state: State,
    validate: bool,
    max_attempts: u32,
    plan: Option<Plan>,
    /// The SQL the plan compiled to (repairs change `sql`, not this).
    compiled_sql: Option<String>,
    sql: Option<String>,
    understanding: Option<Understood>,
    attempts: Vec<Attempt>,
    /// The first attempt this run made (a user repair continues a
    /// recorded run whose attempts come first).
    own_from: u32,
    notices: Vec<String>,
}

impl Agent {
    pub fn new(manifest: Manifest) -> Agent {
        Agent {
            manifest,
            state: State::Idle,
            validate: true,
            max_attempts: MAX_ATTEMPTS,
            plan: None,
            compiled_sql: None,
            sql: None,
            understanding: None,
            attempts: Vec::new(),
            own_from: 1,
            notices: Vec::new(),
        }
    }

    /// At most `n` executions (at least 1).
    pub fn with_max_attempts(mut self, n: u32) -> Agent {
        self.max_attempts = n.max(1);
        self
    }

    pub fn max_attempts(&self) -> u32 {
        self.max_attempts
    }

    /// The attempts so far (the repair stepper's model).
    pub fn attempts(&self) -> &[Attempt] {
        &self.attempts
    }

    /// True once the run has finished.
    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }

    pub fn handle(&mut self, event: Event) -> Vec<Effect> {
        match (std::mem::replace(&mut self.state, State::Done), event) {
            (State::Done, _) => Vec::new(),
            (_, Event::Cancelled) => self.cancelled(),
            (State::Idle, Event::Start(req)) => self.start(req),
            (State::Planning, Event::Planned(outcome)) => self.planned(*outcome),
            (State::Planning, Event::PlanFailed(e)) => match e {
                PlanError::Cancelled => self.cancelled(),
                PlanError::Failed(m) => self.finish(Status::Failed, Some(ErrorInfo::new(ErrorCategory::Planner, m)), Vec::new()),
            },
            (State::Running { attempt }, Event::Executed { attempt: a, result }) if a == attempt => {
                self.executed(attempt, result)
            }
            (State::Running { attempt }, Event::Edited { attempt: a, sql }) if a == attempt => self.edited(attempt, sql),
            (State::Running { attempt }, Event::Rejected { attempt: a }) if a == attempt => self.rejected(attempt),
            (State::Repairing { attempt, error }, Event::Repaired { attempt: a, result }) if a == attempt => {
                self.repaired(attempt, error, result)
            }
            (state, _) => {
                // Out of order or stale: ignore, keep the state.
                self.state = state;
                Vec::new()
            }
        }
    }

    fn cancelled(&mut self) -> Vec<Effect> {
        if let Some(a) = self.attempts.last_mut() {
            if a.status == Status::Failed && a.error.is_none() {
                a.status = Status::Cancelled;
                a.error = Some(ErrorInfo::new(ErrorCategory::Cancelled, ExecError::Cancelled.to_string()));
            }
        }
        let e = ErrorInfo::new(ErrorCategory::Cancelled, "the run was cancelled by the user");
        let fx = vec![record(RecordKind::Error, json!({ "category": e.category, "message": e.message }))];
        self.finish(Status::Cancelled, Some(e), fx)
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
            Request::Repair { of_run, prior, from, sql, .. } => self.user_repair(&of_run, prior, from, sql),
        }
    }

    /// Continue a recorded run with the user's SQL as its next attempt.
    fn user_repair(&mut self, of_run: &str, prior: Vec<Attempt>, from: u32, sql: String) -> Vec<Effect> {
        self.attempts = prior;
        let n = u32::try_from(self.attempts.len()).unwrap_or(u32::MAX - 1) + 1;
        // The user's attempt runs whatever the attempt limit, with the
        // usual repairs after it.
        self.max_attempts = n + self.max_attempts - 1;
        self.own_from = n;
        let base = self.attempts.iter().find(|a| a.n == from).map(|a| a.sql.clone()).unwrap_or_default();
        let rationale = if crate::repair::text::canonical_hash(&base) == crate::repair::text::canonical_hash(&sql) {
            format!("re-run of attempt {from}")
        } else {
            format!("edited by the user from attempt {from}")
        };
        let fix = Fix { sql, repairer: USER.into(), rationale };
        let plan = Plan::from_sql(fix.sql.clone());
        let compiled = compile(&plan, &self.manifest);
        self.plan = Some(plan);
        let c = match compiled {
            Ok(c) => c,
            Err(e) => return self.finish(Status::Rejected, Some(ErrorInfo::new(ErrorCategory::Compile, e.to_string())), Vec::new()),
        };
        self.compiled_sql = Some(c.sql.clone());
        let diff = crate::repair::text::unified_diff(&base, &c.sql, &format!("attempt {from}"), &format!("attempt {n}"));
        let fx = vec![
            record(
                RecordKind::RepairAttempt,
                json!({ "attempt": n, "sql": c.sql, "rationale": fix.rationale, "repairer": USER, "repair_of": of_run, "from_attempt": from, "diff": diff }),
            ),
            Effect::Progress(Progress::RepairProposed { attempt: n, repairer: USER.into(), rationale: fix.rationale.clone(), sql: c.sql.clone() }),
        ];
        let fx = self.try_sql(n, c.sql, c.limit, Some(&fix), fx);
        self.set_diff(n, diff);
        fx
    }

    /// Attempt `n`'s diff, against another attempt than the one before.
    fn set_diff(&mut self, n: u32, diff: String) {
        if let Some(a) = self.attempts.iter_mut().rev().find(|a| a.n == n) {
            a.diff = Some(diff);
        }
    }

    /// Approval mode: attempt `n` was edited before it ran. It is replaced
    /// by the edit (repairer `user`), which is validated like any attempt.
    fn edited(&mut self, n: u32, sql: String) -> Vec<Effect> {
        let proposed = self.attempts.pop();
        let base = proposed.as_ref().map_or(String::new(), |a| a.sql.clone());
        let fix = Fix { sql, repairer: USER.into(), rationale: format!("attempt {n} edited by the user before it ran") };
        let diff = crate::repair::text::unified_diff(&base, &fix.sql, &format!("attempt {n} as proposed"), &format!("attempt {n} as edited"));
        let fx = vec![
            record(RecordKind::RepairAttempt, json!({ "attempt": n, "sql": fix.sql, "rationale": fix.rationale, "repairer": USER, "diff": diff })),
            Effect::Progress(Progress::RepairProposed { attempt: n, repairer: USER.into(), rationale: fix.rationale.clone(), sql: fix.sql.clone() }),
        ];
        let limit = self.plan.as_ref().map_or(crate::plan::DEFAULT_LIMIT, Plan::effective_limit);
        let fx = self.try_sql(n, fix.sql.clone(), limit, Some(&fix), fx);
        self.set_diff(n, diff);
        fx
    }

    /// Approval mode: attempt `n` was rejected; the run ends cancelled.
    fn rejected(&mut self, n: u32) -> Vec<Effect> {
        let msg = format!("attempt {n} was rejected by the user before it ran (approval mode)");
        if let Some(a) = self.attempts.last_mut() {
            a.status = Status::Cancelled;
            a.error = Some(ErrorInfo::new(ErrorCategory::Cancelled, msg.clone()));
        }
        let e = ErrorInfo::new(ErrorCategory::Cancelled, msg);
        let fx = vec![record(RecordKind::Error, json!({ "category": e.category, "message": e.message, "attempt": n }))];
        self.finish(Status::Cancelled, Some(e), fx)
    }

    fn planned(&mut self, outcome: Outcome) -> Vec<Effect> {
        match outcome {
            Outcome::Planned(u) => {
                let plan = u.plan.clone();
                let fx = vec![record(RecordKind::Plan, json!({ "plan": u.plan, "understanding": u }))];
                self.understanding = Some(Understood::Planned(Box::new(u)));
                self.with_plan(plan, fx)
            }
            Outcome::NotUnderstood(nu) => {
                let msg = nu.reason.clone();
                let fx = vec![Effect::Progress(Progress::NotUnderstood { reason: msg.clone() })];
                self.understanding = Some(Understood::NotUnderstood(nu));
                self.finish(Status::NotUnderstood, Some(ErrorInfo::new(ErrorCategory::NotUnderstood, msg)), fx)
            }
        }
    }

    fn with_plan(&mut self, plan: Plan, mut fx: Vec<Effect>) -> Vec<Effect> {
        let compiled = compile(&plan, &self.manifest);
        self.plan = Some(plan);
        match compiled {
            Ok(c) => {
                self.sql = Some(c.sql.clone());
                self.compiled_sql = Some(c.sql.clone());
                fx.push(record(RecordKind::Sql, json!({ "sql": c.sql, "limit": c.limit })));
                fx.push(Effect::Progress(Progress::Compiled { sql: c.sql.clone() }));
                self.try_sql(1, c.sql, c.limit, None, fx)
            }
            Err(e) => {
                fx.extend(self.finish(Status::Rejected, Some(ErrorInfo::new(ErrorCategory::Compile, e.to_string())), Vec::new()));
                fx
            }
        }
    }

    /// Validate and, if allowed, execute attempt `n`.
    fn try_sql(&mut self, n: u32, sql: String, limit: u64, fix: Option<&Fix>, mut fx: Vec<Effect>) -> Vec<Effect> {
        let mut attempt = Attempt {
            n,
            sql: sql.clone(),
            status: Status::Failed,
            error: None,
            repairer: fix.map(|f| f.repairer.clone()),
            rationale: fix.map(|f| f.rationale.clone()),
            repair: fix.map(|f| f.rationale.clone()),
            duration_ms: 0.0,
            // What the repair changed, against the attempt it repairs.
            diff: fix.and_then(|_| self.attempts.last()).map(|prev| {
                crate::repair::text::unified_diff(&prev.sql, &sql, &format!("attempt {}", prev.n), &format!("attempt {n}"))
            }),
        };
        if self.validate {
            let policy = Policy::new(self.manifest.tables.iter().map(|t| t.name.clone()));
            if let Err(refusal) = validate(&sql, &policy) {
                let e = ErrorInfo::new(ErrorCategory::Validation, refusal.to_string());
                fx.push(record(RecordKind::Validation, json!({ "ok": false, "attempt": n, "refusal": e.message })));
                fx.push(Effect::Progress(Progress::Refused { attempt: n, reason: e.message.clone() }));
                attempt.status = Status::Rejected;
                attempt.error = Some(e.clone());
                self.sql = Some(sql.clone());
                self.attempts.push(attempt);
                if n < self.max_attempts && repairable_refusal(&refusal) {
                    // SQL that does not parse, or names a table the dataset
                    // does not have, is a slip the repairer may fix; the
                    // fix is validated again like any attempt.
                    let error = ExecError::SqlError(refusal.to_string());
                    self.state = State::Repairing { attempt: n, error: error.clone() };
                    fx.push(Effect::Repair { attempt: n, sql, error });
                    return fx;
                }
                fx.extend(self.finish(Status::Rejected, Some(e), Vec::new()));
                return fx;
            }
            fx.push(record(RecordKind::Validation, json!({ "ok": true, "attempt": n })));
        } else {
            fx.push(record(RecordKind::Validation, json!({ "ok": null, "attempt": n, "skipped": "validator switched off by --no-validate" })));
        }
        fx.push(Effect::Progress(Progress::Validated { attempt: n, checked: self.validate }));
        self.sql = Some(sql.clone());
        self.attempts.push(attempt);
        self.state = State::Running { attempt: n };
        fx.push(Effect::Execute { attempt: n, sql, max_rows: limit });
        fx
    }

    fn executed(&mut self, n: u32, result: Result<QueryOutput, ExecError>) -> Vec<Effect> {
        let idx = self.attempts.len().saturating_sub(1);
        match result {
            Ok(out) if matched_nothing(&out) => self.empty_result(n, idx, out.rows.is_empty()),
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
            Err(ExecError::Cancelled) => {
                let fx = vec![record(RecordKind::Execution, json!({ "attempt": n, "status": "cancelled" }))];
                let mut rest = self.cancelled();
                let mut all = fx;
                all.append(&mut rest);
                all
            }
            Err(e) => {
                let sql = self.attempts.get(idx).map_or("", |a| a.sql.as_str());
                let info = ErrorInfo::new(category(&e, sql), e.to_string());
                if let Some(a) = self.attempts.get_mut(idx) {
                    a.error = Some(info.clone());
                }
                let mut fx = vec![record(
                    RecordKind::Execution,
                    json!({ "attempt": n, "status": "failed", "error": { "category": info.category, "message": info.message } }),
                )];
                if n < self.max_attempts && repairable(&e) {
                    let sql = self.attempts.get(idx).map(|a| a.sql.clone()).unwrap_or_default();
                    self.state = State::Repairing { attempt: n, error: e.clone() };
                    fx.push(Effect::Repair { attempt: n, sql, error: e });
                    return fx;
                }
                let info = if repairable(&e) { self.unrepaired(&e) } else { info };
                fx.extend(self.fail(info));
                fx
            }
        }
    }

    /// The attempt ran and matched no rows. Not an error, and never
    /// "repaired" into some other answer: the one fix made is a filter
    /// value the semantic layer names as a synonym of a stored value
    /// (`'Germany'` for `DE`); otherwise the run ends ok, empty, with a
    /// notice saying which filter values the data does not have.
    fn empty_result(&mut self, n: u32, idx: usize, no_rows: bool) -> Vec<Effect> {
        let sql = self.attempts.get(idx).map(|a| a.sql.clone()).unwrap_or_default();
        let mut fx = vec![record(
            RecordKind::Execution,
            json!({ "attempt": n, "status": "ok", "rows": 0, "truncated": false, "category": ErrorCategory::EmptyResult }),
        )];
        let fix = crate::repair::value_synonym(&self.manifest, &sql).filter(|f| !self.already_tried(&f.sql));
        if let (Some(fix), true) = (fix, n < self.max_attempts) {
            if let Some(a) = self.attempts.get_mut(idx) {
                a.status = Status::Failed;
                a.error = Some(ErrorInfo::new(ErrorCategory::EmptyResult, "the query ran but matched no rows"));
            }
            fx.extend(self.propose(n, &fix));
            let limit = self.plan.as_ref().map_or(crate::plan::DEFAULT_LIMIT, Plan::effective_limit);
            return self.try_sql(n + 1, fix.sql.clone(), limit, Some(&fix), fx);
        }
        if let Some(a) = self.attempts.get_mut(idx) {
            a.status = Status::Ok;
        }
        let why = crate::repair::unknown_values(&self.manifest, &sql);
        match (why.is_empty(), no_rows) {
            (true, true) => self.notices.push("empty_result: the query ran but matched no rows; check the filter values against the data".into()),
            (false, _) => self.notices.push(format!("empty_result: no rows matched; {}", why.join("; "))),
            // Zeros or NULLs from an aggregate with no filter to blame: a real answer.
            (true, false) => {}
        }
        self.finish(Status::Ok, None, fx).into_iter().map(|e| with_answer(e, n)).collect()
    }

    /// Whether `sql` is an earlier attempt after canonical formatting
    /// (layout and keyword case do not make a new attempt).
    fn already_tried(&self, sql: &str) -> bool {
        let key = crate::repair::text::canonical_hash(sql);
        self.attempts.iter().filter(|a| a.n >= self.own_from).any(|a| crate::repair::text::canonical_hash(&a.sql) == key)
    }

    /// The record and progress event of a proposed repair of attempt `n`.
    fn propose(&self, n: u32, fix: &Fix) -> Vec<Effect> {
        vec![
            record(
                RecordKind::RepairAttempt,
                json!({
                    "attempt": n + 1,
                    "sql": fix.sql,
                    "rationale": fix.rationale,
                    "repairer": fix.repairer,
                    "diff": self.attempts.last().map(|prev| {
                        crate::repair::text::unified_diff(&prev.sql, &fix.sql, &format!("attempt {}", prev.n), &format!("attempt {}", n + 1))
                    }),
                }),
            ),
            Effect::Progress(Progress::RepairProposed {
                attempt: n + 1,
                repairer: fix.repairer.clone(),
                rationale: fix.rationale.clone(),
                sql: fix.sql.clone(),
            }),
        ]
    }

    fn repaired(&mut self, n: u32, error: ExecError, result: Result<Option<Fix>, RepairError>) -> Vec<Effect> {
        let info = self.unrepaired(&error);
        let fix = match result {
            Err(RepairError::Cancelled) => return self.cancelled(),
            Ok(None) => return self.fail(info),
            Err(RepairError::Failed(why)) => {
                let mut info = info;
                info.message = format!("{}\n(no repair: {why})", info.message);
                return self.fail(info);
            }
            Ok(Some(fix)) => fix,
        };
        // Same statement after canonical formatting: running it again would
        // fail the same way (layout and keyword case do not make a fix).
        if self.already_tried(&fix.sql) {
            // Running the same SQL again would fail the same way.
            let mut fx = vec![record(
                RecordKind::RepairAttempt,
                json!({ "attempt": n + 1, "sql": fix.sql, "rationale": fix.rationale, "repairer": fix.repairer, "skipped": "same SQL as an earlier attempt" }),
            )];
            fx.extend(self.fail(info));
            return fx;
        }
        let fx = self.propose(n, &fix);
        let limit = self.plan.as_ref().map_or(crate::plan::DEFAULT_LIMIT, Plan::effective_limit);
        self.try_sql(n + 1, fix.sql.clone(), limit, Some(&fix), fx)
    }

    /// The run failed with `info` and no repair follows. A refused attempt
    /// (a repair was tried on it) keeps its `rejected` status.
    fn fail(&mut self, info: ErrorInfo) -> Vec<Effect> {
        let fx = vec![record(RecordKind::Error, json!({ "category": info.category, "message": info.message }))];
        let status = if info.category == ErrorCategory::Validation { Status::Rejected } else { Status::Failed };
        self.finish(status, Some(info), fx)
    }

    /// The error of the last attempt, which no repair fixed: DuckDB's
    /// message led by what is missing and the closest real names.
    fn unrepaired(&self, error: &ExecError) -> ErrorInfo {
        let last = self.attempts.last();
        let sql = last.map_or("", |a| a.sql.as_str());
        if let Some(e) = last.and_then(|a| a.error.clone()).filter(|e| e.category == ErrorCategory::Validation) {
            let why = crate::repair::explain(&crate::repair::classify(error, sql), &self.manifest);
            return ErrorInfo::new(e.category, format!("{why}\n{}", e.message));
        }
        let mut info = ErrorInfo::new(category(error, sql), error.to_string());
        if matches!(error, ExecError::SqlError(_)) {
            let why = crate::repair::explain(&crate::repair::classify(error, sql), &self.manifest);
            info.message = format!("{why}\n{}", info.message);
        }
        info
    }

    fn finish(&mut self, status: Status, error: Option<ErrorInfo>, mut fx: Vec<Effect>) -> Vec<Effect> {
        self.state = State::Done;
        fx.push(record(
            RecordKind::Answer,
            json!({ "status": status.word(), "attempts": self.attempts.len(), "error": error }),
        ));
        // After a repair the plan no longer describes the SQL that ran: the
        // report carries a plan of that SQL (the planner's own plan stays
        // in the understanding and in the audit log).
        let plan = match (&self.plan, &self.sql, &self.compiled_sql) {
            (Some(p), Some(sql), Some(compiled)) if sql != compiled => {
                let mut q = Plan::from_sql(sql.clone());
                q.limit = p.limit;
                Some(q)
            }
            (p, _, _) => p.clone(),
        };
        fx.push(Effect::Finish(Box::new(Finished {
            status,
            error,
            plan,
            sql: self.sql.clone(),
            attempts: self.attempts.clone(),
            understanding: self.understanding.clone(),
            answer_attempt: None,
            notices: self.notices.clone(),
        })));
        fx
    }
}

/// No rows, or the one row an aggregate gives over no rows (every value
/// 0 or NULL): the filters may have matched nothing.
fn matched_nothing(out: &QueryOutput) -> bool {
    match out.rows.as_slice() {
        [] => true,
        [row] => !row.is_empty() && row.iter().all(|v| v.is_null() || v.as_f64() == Some(0.0)),
        _ => false,
    }
}

/// The category reported for a failed execution: the classifier's kind
/// of a DuckDB error (`column_missing`, `group_by_missing`, ...), the
/// runner's own kind for everything else (`timeout`, `memory_limit`, ...).
fn category(e: &ExecError, sql: &str) -> ErrorCategory {
    match e {
        ExecError::SqlError(_) => crate::repair::classify(e, sql).category,
        other => ErrorCategory::of(other),
    }
}

/// Refusals that are slips rather than policy: SQL that does not parse
/// (or uses another dialect's syntax or backticks) and a table name the
/// dataset does not have. Writes, files, the catalog and forbidden
/// functions are never rewritten.
fn repairable_refusal(r: &crate::sql::Refusal) -> bool {
    use crate::sql::RefusalKind;
    match r.kind {
        RefusalKind::Parse | RefusalKind::Unsupported => true,
        RefusalKind::AmbiguousSyntax => r.construct.starts_with("backtick-quoted name"),
        RefusalKind::ForbiddenTable => r.reason.starts_with("is not a table of the active dataset"),
        // A name DuckDB does not have (all of its functions are listed):
        // another dialect's function or a typo, which the rules may map.
        RefusalKind::ForbiddenFunction => r.reason.starts_with(crate::repair::classify::UNLISTED),
        _ => false,
    }
}

/// Failures a rewrite of the SQL may fix. Resource failures, crashes,
/// refusals and cancels are reported with what to change, never rewritten.
fn repairable(e: &ExecError) -> bool {
    matches!(e, ExecError::SqlError(_))
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

/// The outcome of an attempt as progress reports it.
pub fn attempt_outcome(result: &Result<QueryOutput, ExecError>, sql: &str) -> AttemptOutcome {
    match result {
        Ok(out) => AttemptOutcome::Ok { rows: out.rows.len(), truncated: out.truncated },
        Err(e) => AttemptOutcome::Failed { category: category(e, sql), message: e.to_string() },
    }
}
