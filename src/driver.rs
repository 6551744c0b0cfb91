//! The driver: performs the agent's effects (plan, execute, repair,
//! record, publish progress) and assembles the [`RunReport`]. This is the
//! imperative shell around the pure agent; the CLI, the session and the
//! TUI call it.
//!
//! Invariants: nothing executes after a record failed to be written (the
//! run ends `failed` with category `records` before the jail sees its
//! SQL); a cancel ends the run `cancelled` at the next step, and at once
//! while a query runs (its worker is killed); progress is published in
//! order, `Started` first and `Finished` last. Everything the driver
//! borrows is `Send`, so a run can be driven on a thread of its own.

use crate::agent::{attempt_outcome, Agent, Effect, Event, RecordKind, Request};
use crate::dataset::Dataset;
use crate::planner::{NotUnderstood, Outcome, PlanEnv, PlanError, Planner};
use crate::progress::{Progress, ProgressSink};
use crate::repair::{RepairRequest, Repairer};
use crate::report::{new_run_id, ErrorCategory, ErrorInfo, RunReport, Status, Timings};
use crate::runner::{CancelToken, QueryOutput, QueryRequest, ResultSet, Runner};
use std::sync::Arc;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Where a run's records go (the audit log and the run store).
/// Each call returns an error message when the record could not be
/// written; the run then stops and is reported failed (category `records`).
pub trait Recorder: Send {
    /// A run is starting.
    fn begin(&mut self, _report: &RunReport) -> Result<(), String> {
        Ok(())
    }
    /// A user repair continues the finished run `report.run_id`, whose
    /// `seen` attempts the repair was made from; the run is open again
    /// until [`Recorder::finish`], which writes only the attempts after them.
    fn resume(&mut self, _report: &RunReport, _seen: u32) -> Result<(), String> {
        Ok(())
    }
    /// One audit entry.
    fn record(&mut self, _run_id: &str, _kind: RecordKind, _payload: &serde_json::Value) -> Result<(), String> {
        Ok(())
    }
    /// The run ended.
    fn finish(&mut self, _report: &RunReport) -> Result<(), String> {
        Ok(())
    }
}

/// What an attempt waiting for approval is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The planner's plan, compiled (the first attempt of a question).
    Plan,
    /// SQL the user gave (the first attempt of a SQL run).
    Sql,
    /// A repairer's rewrite of a failed attempt.
    Repair,
}

impl Stage {
    pub fn word(self) -> &'static str {
        match self {
            Stage::Plan => "plan",
            Stage::Sql => "SQL",
            Stage::Repair => "repair",
        }
    }
}

/// An attempt that waits for approval, as the approver sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Approval {
    pub run_id: String,
    pub attempt: u32,
    pub stage: Stage,
    pub sql: String,
    /// The repairer's rationale, for a repair.
    pub why: Option<String>,
}

/// The user's answer to an [`Approval`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Run,
    /// Run this SQL instead (validated again; recorded as a `user` repair).
    Edit(String),
    Reject,
}

/// Approval mode: asked before each attempt runs (the planner's SQL, the
/// user's SQL, each repair). It may block until the user answers; it
/// should answer `Reject` once `cancel` is set. Without an approver in
/// the [`RunContext`] nothing ever waits.
pub trait Approver: Send {
    fn approve(&mut self, ask: &Approval, cancel: &CancelToken) -> Verdict;
}

/// Records nothing (benchmarks, eval).
pub struct NoRecords;
impl Recorder for NoRecords {}

/// A planner for runs that have none (SQL-only contexts): every question is
/// "not understood" with the dataset's suggestions.
pub struct NoPlanner {
    pub suggestions: Vec<String>,
}

impl Planner for NoPlanner {
    fn name(&self) -> String {
        "none".into()
    }
    fn plan_question(&mut self, _q: &str, _c: &CancelToken) -> Result<Outcome, PlanError> {
        Ok(Outcome::NotUnderstood(NotUnderstood {
            reason: "no planner is available for questions".into(),
            recognised: Vec::new(),
            suggestions: self.suggestions.clone(),
        }))
    }
}

/// Options of one run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Wall-clock limit per attempt.
    pub timeout: Duration,
    /// Who answered: `offline`, `user`, `replay`, `anthropic:<model>`.
    pub provider: String,
    /// The run this one replays, if any.
    pub replay_of: Option<String>,
    /// Rows to fetch instead of the plan's default limit (eval compares
    /// whole answers); an explicit LIMIT in the SQL still applies.
    pub row_cap: Option<u64>,
    /// Executions allowed (first try plus repairs).
    pub max_attempts: u32,
    /// Time from the first failure after which no new repair is asked
    /// for (the repairs' own time and their executions both count).
    pub repair_budget: Duration,
    /// Keep the answer's Arrow batches for [`run_with_result`]'s caller.
    pub keep_arrow: bool,
}

/// The overall repair time budget when none is set.
pub const DEFAULT_REPAIR_BUDGET: Duration = Duration::from_secs(30);

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            timeout: crate::runner::DEFAULT_TIMEOUT,
            provider: "offline".into(),
            replay_of: None,
            row_cap: None,
            max_attempts: crate::agent::MAX_ATTEMPTS,
            repair_budget: DEFAULT_REPAIR_BUDGET,
            keep_arrow: false,
        }
    }
}

/// Everything a run needs besides the request. All parts are `Send`.
pub struct RunContext<'a> {
    pub dataset: &'a Dataset,
    pub runner: &'a mut dyn Runner,
    pub planner: &'a mut dyn Planner,
    pub repairer: &'a mut dyn Repairer,
    pub recorder: &'a mut dyn Recorder,
    pub progress: &'a dyn ProgressSink,
    pub cancel: &'a CancelToken,
    pub options: RunOptions,
    /// Approval mode's gate; None runs every attempt without asking.
    pub approver: Option<&'a mut dyn Approver>,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Run one request to the end.
pub fn run(request: Request, ctx: &mut RunContext<'_>) -> RunReport {
    run_with_result(request, ctx).0
}

/// Run one request to the end; with `options.keep_arrow`, also the answer
/// as Arrow batches (None unless the run ended `ok` and was recorded).
pub fn run_with_result(request: Request, ctx: &mut RunContext<'_>) -> (RunReport, Option<Arc<ResultSet>>) {
    let started = Instant::now();
    let question = match &request {
        Request::Ask { question } => Some(question.clone()),
        Request::Repair { question, .. } => question.clone(),
        _ => None,
    };
    let first_stage = if matches!(request, Request::Ask { .. }) { Stage::Plan } else { Stage::Sql };
    // A user repair is the next attempt of the run it repairs: same id.
    let continued = match &request {
        Request::Repair { of_run, prior, from, .. } => Some((of_run.clone(), u32::try_from(prior.len()).unwrap_or(u32::MAX), *from)),
        _ => None,
    };
    let validated = !matches!(request, Request::Sql { validate: false, .. });
    let mut report = RunReport {
        run_id: continued.as_ref().map_or_else(new_run_id, |(id, _, _)| id.clone()),
        dataset: ctx.dataset.name().to_string(),
        dataset_hash: ctx.dataset.hash.clone(),
        question: question.clone(),
        provider: ctx.options.provider.clone(),
        plan: None,
        sql: None,
        status: Status::Failed,
        error: None,
        columns: Vec::new(),
        rows: Vec::new(),
        row_count: 0,
        truncated: false,
        attempts: Vec::new(),
        timings_ms: Timings::default(),
        jail: ctx.runner.mode().word().to_string(),
        validated,
        understanding: None,
        notices: ctx.dataset.notices.clone(),
        replay_of: ctx.options.replay_of.clone(),
        planner: None,
        usage: None,
        llm_calls: Vec::new(),
    };
    if let Some((_, seen, from)) = &continued {
        report.notices.push(format!("your repair of attempt {from} is attempt {} of this run", seen + 1));
    }
    if !validated {
        report.notices.push("the SQL validator was switched off (--no-validate); only the jail protected this run".into());
    }
    let run_id = report.run_id.clone();
    let progress: &dyn ProgressSink = ctx.progress;
    let publish = |p: Progress| progress.publish(&run_id, &p);
    publish(Progress::Started { dataset: report.dataset.clone(), question });

    let mut record_error = match &continued {
        Some((_, seen, _)) => ctx.recorder.resume(&report, *seen),
        None => ctx.recorder.begin(&report),
    }
    .err();
    let mut agent = Agent::new(ctx.dataset.manifest.clone()).with_max_attempts(ctx.options.max_attempts);
    let mut queue: VecDeque<Effect> = if record_error.is_none() {
        agent.handle(Event::Start(request)).into()
    } else {
        VecDeque::new()
    };
    let mut outputs: BTreeMap<u32, QueryOutput> = BTreeMap::new();
    let mut durations: BTreeMap<u32, f64> = BTreeMap::new();
    // Started at the first failure asked to be repaired.
    let mut repair_clock: Option<Instant> = None;
    let mut timings = Timings::default();
    let cancel = ctx.cancel.clone();
    let mut finished = false;
    let mut llm_calls = Vec::new();
    let mut arrow = None;
    while let Some(effect) = queue.pop_front() {
        // A cancel between steps ends the run at the next one; a record
        // that could not be written stops it before anything else runs.
        if record_error.is_some() {
            break;
        }
        if cancel.is_cancelled() && !agent.is_done() && !matches!(effect, Effect::Record { .. } | Effect::Finish(_) | Effect::Progress(_)) {
            queue.clear();
            queue.extend(agent.handle(Event::Cancelled));
            continue;
        }
        match effect {
            Effect::Record { kind, payload } => {
                if let Err(e) = ctx.recorder.record(&report.run_id, kind, &payload) {
                    record_error = Some(e);
                }
            }
            Effect::Progress(p) => publish(p),
            Effect::Plan { question } => {
                publish(Progress::Planning { planner: ctx.planner.name() });
                let t = Instant::now();
                // Model and tool calls are published as they happen and
                // written to the audit log right after planning.
                let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
                let observe = |p: Progress| {
                    publish(p.clone());
                    seen.lock().unwrap_or_else(|e| e.into_inner()).push(p);
                };
                let mut env = PlanEnv { runner: Some(&mut *ctx.runner), observe: &observe, timeout: ctx.options.timeout };
                let outcome = ctx.planner.plan_in(&question, &cancel, &mut env);
                let plan_ms = ms(t.elapsed());
                Timings::add(&mut timings.plan, plan_ms);
                for p in seen.into_inner().unwrap_or_else(|e| e.into_inner()) {
                    if let Some(kind) = audit_kind(&p) {
                        if let Err(e) = ctx.recorder.record(&report.run_id, kind, &serde_json::json!(p)) {
                            record_error.get_or_insert(e);
                        }
                    }
                }
                if let Some((planner, provider)) = ctx.planner.answered_by() {
                    report.planner = Some(planner);
                    report.provider = provider;
                }
                report.notices.extend(ctx.planner.take_notices());
                llm_calls.extend(ctx.planner.take_calls());
                if let Ok(Outcome::Planned(u)) = &outcome {
                    publish(Progress::Planned { understanding: Box::new(u.clone()), ms: plan_ms });
                }
                let t = Instant::now();
                let event = match outcome {
                    Ok(o) => Event::Planned(Box::new(o)),
                    Err(e) => Event::PlanFailed(e),
                };
                queue.extend(agent.handle(event));
                Timings::add(&mut timings.compile_validate, ms(t.elapsed()));
            }
            Effect::Execute { attempt, sql, max_rows } => {
                if let Some(gate) = ctx.approver.as_deref_mut() {
                    let last = agent.attempts().last();
                    let stage = if last.is_some_and(|a| a.repairer.is_some()) { Stage::Repair } else { first_stage };
                    let ask = Approval { run_id: report.run_id.clone(), attempt, stage, sql: sql.clone(), why: last.and_then(|a| a.rationale.clone()) };
                    publish(Progress::AwaitingApproval { attempt, stage, sql: sql.clone(), why: ask.why.clone() });
                    let t = Instant::now();
                    let verdict = gate.approve(&ask, &cancel);
                    Timings::add(&mut timings.approval, ms(t.elapsed()));
                    match verdict {
                        Verdict::Run => {}
                        Verdict::Edit(sql) => {
                            queue.extend(agent.handle(Event::Edited { attempt, sql }));
                            continue;
                        }
                        Verdict::Reject => {
                            queue.extend(agent.handle(Event::Rejected { attempt }));
                            continue;
                        }
                    }
                }
                publish(Progress::AttemptStarted { attempt, max_attempts: agent.max_attempts(), sql: sql.clone() });
                let mut req = QueryRequest::new(sql, ctx.options.row_cap.unwrap_or(max_rows));
                req.timeout = ctx.options.timeout;
                req.cancel = cancel.clone();
                req.keep_arrow = ctx.options.keep_arrow;
                let t = Instant::now();
                let result = ctx.runner.run(&req);
                let took = ms(t.elapsed());
                durations.insert(attempt, took);
                Timings::add(&mut timings.execute, took);
                publish(Progress::AttemptFinished { attempt, outcome: attempt_outcome(&result, &req.sql), ms: took });
                let result = result.inspect(|out| {
                    outputs.insert(attempt, out.clone());
                });
                queue.extend(agent.handle(Event::Executed { attempt, result }));
            }
            Effect::Repair { attempt, sql, error } => {
                let since_failure = repair_clock.get_or_insert_with(Instant::now).elapsed();
                let t = Instant::now();
                let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
                let result = if since_failure >= ctx.options.repair_budget {
                    Err(crate::repair::RepairError::Failed(format!(
                        "the repair time budget ({} s) was spent after {attempt} attempts",
                        ctx.options.repair_budget.as_secs_f64()
                    )))
                } else {
                    publish(Progress::Repairing { attempt, repairer: ctx.repairer.name() });
                    let req = RepairRequest { manifest: &ctx.dataset.manifest, failed_sql: &sql, error: &error, attempts: agent.attempts() };
                    let observe = |p: Progress| {
                        publish(p.clone());
                        seen.lock().unwrap_or_else(|e| e.into_inner()).push(p);
                    };
                    ctx.repairer.repair_in(&req, &cancel, &observe)
                };
                Timings::add(&mut timings.repair, ms(t.elapsed()));
                for p in seen.into_inner().unwrap_or_else(|e| e.into_inner()) {
                    if let Some(kind) = audit_kind(&p) {
                        if let Err(e) = ctx.recorder.record(&report.run_id, kind, &serde_json::json!(p)) {
                            record_error.get_or_insert(e);
                        }
                    }
                }
                llm_calls.extend(ctx.repairer.take_calls());
                if matches!(result, Ok(None) | Err(crate::repair::RepairError::Failed(_))) {
                    publish(Progress::NoRepair { attempt });
                }
                queue.extend(agent.handle(Event::Repaired { attempt, result }));
            }
            Effect::Finish(f) => {
                finished = true;
                report.status = f.status;
                report.error = f.error;
                report.plan = f.plan;
                report.sql = f.sql;
                report.attempts = f.attempts;
                // Attempts this run made get their times; a continued
                // run's earlier attempts keep theirs.
                for a in &mut report.attempts {
                    if let Some(d) = durations.get(&a.n) {
                        a.duration_ms = *d;
                    }
                }
                report.understanding = f.understanding;
                report.notices.extend(f.notices);
                if let Some(out) = f.answer_attempt.and_then(|n| outputs.remove(&n)) {
                    report.columns = out.columns;
                    report.row_count = out.rows.len();
                    report.rows = out.rows;
                    report.truncated = out.truncated;
                    arrow = out.arrow;
                }
            }
        }
    }
    report.usage = crate::llm::calls::RunUsage::of(&llm_calls);
    report.llm_calls = llm_calls;
    if !finished && record_error.is_none() {
        // The agent always finishes; this guards the invariant anyway.
        record_error = Some("the run ended without an answer record".into());
    }
    if record_error.is_none() {
        if let Err(e) = ctx.recorder.finish(&report) {
            record_error = Some(e);
        } else {
            publish(Progress::Recorded);
        }
    } else {
        // Best effort: the capsule says the run failed on its records.
        let mut failed = report.clone();
        mark_unrecorded(&mut failed, record_error.as_deref().unwrap_or(""));
        let _ = ctx.recorder.finish(&failed);
    }
    if let Some(e) = record_error {
        // An answer that could not be recorded is not shown as a success.
        mark_unrecorded(&mut report, &e);
    }
    timings.total = ms(started.elapsed());
    report.timings_ms = timings;
    publish(Progress::Finished { status: report.status, ms: report.timings_ms.total });
    let arrow = arrow.filter(|_| report.status == Status::Ok);
    (report, arrow)
}

/// The audit kind of a progress step a planner or repairer reported, if
/// it is one the log keeps.
fn audit_kind(p: &Progress) -> Option<RecordKind> {
    match p {
        Progress::ModelCall { .. } => Some(RecordKind::ModelCall),
        Progress::ToolCall { .. } => Some(RecordKind::ToolCall),
        Progress::Notice { .. } => Some(RecordKind::Error),
        _ => None,
    }
}

fn mark_unrecorded(report: &mut RunReport, why: &str) {
    report.status = Status::Failed;
    report.error = Some(ErrorInfo::new(ErrorCategory::Records, format!("the run could not be recorded: {why}")));
    report.columns.clear();
    report.rows.clear();
    report.row_count = 0;
    report.truncated = false;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repair::Rules;
    use crate::runner::{ColumnInfo, ExecError, JailMode};

    /// Answers one row, counting its calls; fails with `fail` when set.
    #[derive(Default)]
    struct Fake {
        calls: usize,
        fail: Option<ExecError>,
        cancel_on_run: Option<CancelToken>,
    }
    impl Runner for Fake {
        fn run(&mut self, req: &QueryRequest) -> Result<QueryOutput, ExecError> {
            self.calls += 1;
            if let Some(t) = &self.cancel_on_run {
                t.cancel();
                assert!(req.cancel.is_cancelled(), "the request carries the run's token");
                return Err(ExecError::Cancelled);
            }
            if let Some(e) = &self.fail {
                return Err(e.clone());
            }
            Ok(QueryOutput {
                columns: vec![ColumnInfo { name: "n".into(), ty: "BIGINT".into() }],
                rows: vec![vec![serde_json::json!(1)]],
                truncated: false,
                elapsed_ms: 0.1,
                arrow: None,
            })
        }
        fn mode(&self) -> JailMode {
            JailMode::Strict
        }
    }

    /// Fails like a full disk on the n-th audit entry.
    struct DiskFull {
        fail_at: usize,
        seen: usize,
        finished: Vec<Status>,
    }
    impl Recorder for DiskFull {
        fn record(&mut self, _: &str, _: RecordKind, _: &serde_json::Value) -> Result<(), String> {
            self.seen += 1;
            if self.seen == self.fail_at {
                Err("No space left on device (os error 28)".into())
            } else {
                Ok(())
            }
        }
        fn finish(&mut self, r: &RunReport) -> Result<(), String> {
            self.finished.push(r.status);
            Ok(())
        }
    }

    fn dataset() -> Dataset {
        let manifest = toml::from_str(
            "name = \"t\"\n[[tables]]\nname = \"orders\"\nfile = \"orders.csv\"\ncolumns = [{ name = \"id\", type = \"INTEGER\" }]\n",
        )
        .unwrap();
        Dataset { manifest, dir: ".".into(), hash: "0".repeat(64), builtin: false, notices: vec![] }
    }

    fn run_with(runner: &mut dyn Runner, rec: &mut dyn Recorder, sink: &dyn ProgressSink, cancel: &CancelToken, sql: &str) -> RunReport {
        run_request(runner, rec, sink, cancel, Request::Sql { sql: sql.into(), validate: true })
    }

    fn run_request(runner: &mut dyn Runner, rec: &mut dyn Recorder, sink: &dyn ProgressSink, cancel: &CancelToken, req: Request) -> RunReport {
        run_approved(runner, rec, sink, cancel, req, None)
    }

    /// A run with `approver` asked before each attempt (approval mode).
    fn run_approved(runner: &mut dyn Runner, rec: &mut dyn Recorder, sink: &dyn ProgressSink, cancel: &CancelToken, req: Request, approver: Option<&mut dyn Approver>) -> RunReport {
        let ds = dataset();
        let mut planner = NoPlanner { suggestions: vec![] };
        let mut repairer = Rules;
        let mut ctx = RunContext {
            dataset: &ds,
            runner,
            planner: &mut planner,
            repairer: &mut repairer,
            recorder: rec,
            progress: sink,
            cancel,
            options: RunOptions { provider: "user".into(), ..RunOptions::default() },
            approver: approver.map(|a| &mut *a as &mut dyn Approver),
        };
        run(req, &mut ctx)
    }

    const SQL: &str = "SELECT count(*) AS n FROM orders";

    #[test]
    fn a_run_that_cannot_be_recorded_is_reported_failed_and_runs_nothing_after() {
        // Entries of a one-attempt SQL run: sql, validation, execution, answer.
        for fail_at in 1..=4 {
            let mut runner = Fake::default();
            let mut rec = DiskFull { fail_at, seen: 0, finished: vec![] };
            let r = run_with(&mut runner, &mut rec, &crate::progress::NoProgress, &CancelToken::new(), SQL);
            assert_eq!(r.status, Status::Failed, "failing entry {fail_at}");
            assert_eq!(r.error.as_ref().unwrap().category, ErrorCategory::Records);
            assert!(r.rows.is_empty(), "no unrecorded answer is shown");
            // sql and validation come before the execution: failing either
            // means the query never reaches the jail.
            let expect_calls = usize::from(fail_at > 2);
            assert_eq!(runner.calls, expect_calls, "failing entry {fail_at}: executions");
            assert_eq!(rec.finished, vec![Status::Failed], "the capsule says failed");
        }
        let mut runner = Fake::default();
        let ok = run_with(&mut runner, &mut DiskFull { fail_at: 99, seen: 0, finished: vec![] }, &crate::progress::NoProgress, &CancelToken::new(), SQL);
        assert_eq!(ok.status, Status::Ok);
        assert_eq!(ok.rows.len(), 1);
        assert_eq!(ok.jail, "strict");
    }

    #[test]
    fn progress_is_published_in_order_with_the_run_id() {
        let seen: Mutex<Vec<(String, Progress)>> = Mutex::new(Vec::new());
        let sink = |id: &str, p: &Progress| seen.lock().unwrap().push((id.to_string(), p.clone()));
        let mut runner = Fake::default();
        let r = run_with(&mut runner, &mut NoRecords, &sink, &CancelToken::new(), SQL);
        let seen = seen.into_inner().unwrap();
        assert!(seen.iter().all(|(id, _)| *id == r.run_id));
        let steps: Vec<String> = seen
            .iter()
            .map(|(_, p)| serde_json::to_value(p).unwrap()["step"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(steps, ["started", "compiled", "validated", "attempt_started", "attempt_finished", "recorded", "finished"]);
    }

    #[test]
    fn a_failed_attempt_asks_the_repairer_and_the_plan_matches_the_sql_that_ran() {
        struct Once(Fake);
        impl Runner for Once {
            fn run(&mut self, req: &QueryRequest) -> Result<QueryOutput, ExecError> {
                if req.sql.contains("stauts") {
                    return Err(ExecError::SqlError("Binder Error: Referenced column \"stauts\" not found in FROM clause!\nCandidate bindings: \"orders.status\"".into()));
                }
                self.0.run(req)
            }
            fn mode(&self) -> JailMode {
                JailMode::Strict
            }
        }
        let mut runner = Once(Fake::default());
        let req = Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false };
        let r = run_request(&mut runner, &mut NoRecords, &crate::progress::NoProgress, &CancelToken::new(), req);
        assert_eq!(r.status, Status::Ok);
        assert_eq!(r.attempts.len(), 2);
        assert_eq!(r.attempts[1].repairer.as_deref(), Some("rules:did_you_mean"));
        assert_eq!(r.sql.as_deref(), Some("SELECT status FROM orders"));
        assert_eq!(r.plan.as_ref().and_then(|p| p.sql.as_deref()), r.sql.as_deref(), "plan and SQL agree after a repair");
    }

    #[test]
    fn no_repair_is_asked_once_the_repair_budget_is_spent() {
        struct Counting(usize);
        impl Repairer for Counting {
            fn name(&self) -> String {
                "counting".into()
            }
            fn repair(&mut self, _: &RepairRequest<'_>, _: &CancelToken) -> Result<Option<crate::repair::Fix>, crate::repair::RepairError> {
                self.0 += 1;
                Ok(None)
            }
        }
        let err = ExecError::SqlError("Binder Error: Referenced column \"stauts\" not found in FROM clause!".into());
        for (budget, asked) in [(Duration::ZERO, 0), (Duration::from_secs(30), 1)] {
            let ds = dataset();
            let mut runner = Fake { fail: Some(err.clone()), ..Fake::default() };
            let mut planner = NoPlanner { suggestions: vec![] };
            let mut repairer = Counting(0);
            let mut ctx = RunContext {
                dataset: &ds,
                runner: &mut runner,
                planner: &mut planner,
                repairer: &mut repairer,
                recorder: &mut NoRecords,
                progress: &crate::progress::NoProgress,
                cancel: &CancelToken::new(),
                options: RunOptions { repair_budget: budget, ..RunOptions::default() },
                approver: None,
            };
            let r = run(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false }, &mut ctx);
            assert_eq!(r.status, Status::Failed);
            assert_eq!(repairer.0, asked, "budget {budget:?}");
            let says_budget = r.error.as_ref().is_some_and(|e| e.message.contains("repair time budget"));
            assert_eq!(says_budget, asked == 0, "{:?}", r.error);
        }
    }

    #[test]
    fn a_cancel_while_running_ends_the_run_cancelled() {
        let token = CancelToken::new();
        let mut runner = Fake { cancel_on_run: Some(token.clone()), ..Fake::default() };
        let r = run_with(&mut runner, &mut NoRecords, &crate::progress::NoProgress, &token, SQL);
        assert_eq!(r.status, Status::Cancelled);
        assert_eq!(r.status.exit_code(), 130);
        assert_eq!(r.error.as_ref().unwrap().category, ErrorCategory::Cancelled);
        assert_eq!(runner.calls, 1, "no repair of a cancelled attempt");
        assert_eq!(r.attempts[0].status, Status::Cancelled);
    }

    #[test]
    fn a_cancelled_token_runs_nothing() {
        let token = CancelToken::new();
        token.cancel();
        let mut runner = Fake::default();
        let r = run_with(&mut runner, &mut NoRecords, &crate::progress::NoProgress, &token, SQL);
        assert_eq!(r.status, Status::Cancelled);
        assert_eq!(runner.calls, 0);
    }

    /// Answers each approval from a script, remembering what it was asked.
    struct Scripted {
        verdicts: VecDeque<Verdict>,
        asked: Vec<Approval>,
    }
    impl Approver for Scripted {
        fn approve(&mut self, ask: &Approval, _: &CancelToken) -> Verdict {
            self.asked.push(ask.clone());
            self.verdicts.pop_front().unwrap_or(Verdict::Run)
        }
    }

    /// Records the audit kinds and payloads of a run, each run resumed
    /// with the attempts it was resumed from, and each run begun.
    #[derive(Default)]
    struct Kinds(Vec<(RecordKind, serde_json::Value)>, Vec<(String, u32)>, Vec<String>);
    impl Recorder for Kinds {
        fn begin(&mut self, r: &RunReport) -> Result<(), String> {
            self.2.push(r.run_id.clone());
            Ok(())
        }
        fn resume(&mut self, r: &RunReport, seen: u32) -> Result<(), String> {
            self.1.push((r.run_id.clone(), seen));
            Ok(())
        }
        fn record(&mut self, _: &str, kind: RecordKind, payload: &serde_json::Value) -> Result<(), String> {
            self.0.push((kind, payload.clone()));
            Ok(())
        }
    }

    fn run_gated(runner: &mut dyn Runner, gate: &mut Scripted, rec: &mut dyn Recorder, sink: &dyn ProgressSink, sql: &str) -> RunReport {
        run_approved(runner, rec, sink, &CancelToken::new(), Request::Sql { sql: sql.into(), validate: true }, Some(gate))
    }

    #[test]
    fn a_gate_that_rejects_runs_nothing_and_the_run_ends_cancelled() {
        let mut runner = Fake::default();
        let mut gate = Scripted { verdicts: [Verdict::Reject].into(), asked: vec![] };
        let mut rec = Kinds::default();
        let r = run_gated(&mut runner, &mut gate, &mut rec, &crate::progress::NoProgress, SQL);
        assert_eq!(runner.calls, 0, "a rejected attempt never reaches the jail");
        assert_eq!(r.status, Status::Cancelled);
        assert!(r.error.as_ref().unwrap().message.contains("rejected by the user"), "{:?}", r.error);
        assert_eq!(gate.asked.len(), 1);
        assert_eq!((gate.asked[0].attempt, gate.asked[0].stage, gate.asked[0].sql.as_str()), (1, Stage::Sql, SQL));
        assert_eq!(r.attempts.len(), 1);
        assert_eq!(r.attempts[0].status, Status::Cancelled);
        assert!(rec.0.iter().all(|(k, _)| *k != RecordKind::Execution), "no execution entry");
    }

    #[test]
    fn a_gate_that_edits_runs_the_edit_validated_as_a_user_repair() {
        let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
        let sink = |_: &str, p: &Progress| seen.lock().unwrap().push(p.clone());
        let edited = "SELECT count(*) AS n FROM orders WHERE id > 1";
        let mut runner = Fake::default();
        let mut gate = Scripted { verdicts: [Verdict::Edit(edited.into()), Verdict::Run].into(), asked: vec![] };
        let mut rec = Kinds::default();
        let r = run_gated(&mut runner, &mut gate, &mut rec, &sink, SQL);
        assert_eq!(r.status, Status::Ok);
        assert_eq!(runner.calls, 1, "only the edit ran");
        assert_eq!(r.sql.as_deref(), Some(edited));
        assert_eq!(r.attempts.len(), 1, "the edit replaces the attempt it edits");
        let a = &r.attempts[0];
        assert_eq!((a.n, a.repairer.as_deref(), a.status), (1, Some("user"), Status::Ok));
        assert!(a.diff.as_deref().is_some_and(|d| d.contains("+++ attempt 1 as edited") && d.contains("+WHERE id > 1")), "{:?}", a.diff);
        // The edit is asked about again before it runs, as a repair.
        assert_eq!(gate.asked.len(), 2);
        assert_eq!((gate.asked[1].stage, gate.asked[1].sql.as_str()), (Stage::Repair, edited));
        let repair = rec.0.iter().find(|(k, _)| *k == RecordKind::RepairAttempt).expect("a repair entry");
        assert_eq!(repair.1["repairer"], "user");
        let steps = seen.into_inner().unwrap();
        assert_eq!(steps.iter().filter(|p| matches!(p, Progress::AwaitingApproval { .. })).count(), 2);
        assert!(r.timings_ms.approval.is_some());
    }

    #[test]
    fn an_edit_the_validator_refuses_never_runs() {
        let mut runner = Fake::default();
        let mut gate = Scripted { verdicts: [Verdict::Edit("DELETE FROM orders".into())].into(), asked: vec![] };
        let r = run_gated(&mut runner, &mut gate, &mut NoRecords, &crate::progress::NoProgress, SQL);
        assert_eq!(runner.calls, 0);
        assert_eq!(r.status, Status::Rejected);
        assert_eq!(r.attempts[0].repairer.as_deref(), Some("user"));
    }

    #[test]
    fn without_a_gate_nothing_waits_and_no_approval_is_published() {
        let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
        let sink = |_: &str, p: &Progress| seen.lock().unwrap().push(p.clone());
        let r = run_with(&mut Fake::default(), &mut NoRecords, &sink, &CancelToken::new(), SQL);
        assert_eq!(r.status, Status::Ok);
        assert!(!seen.into_inner().unwrap().iter().any(|p| matches!(p, Progress::AwaitingApproval { .. })));
        assert!(r.timings_ms.approval.is_none());
    }

    #[test]
    fn a_user_repair_continues_a_run_with_its_attempts() {
        let prior = vec![crate::report::Attempt {
            n: 1,
            sql: "SELECT stauts FROM orders".into(),
            status: Status::Failed,
            error: Some(ErrorInfo::new(ErrorCategory::ColumnMissing, "no stauts")),
            repairer: None,
            rationale: None,
            repair: None,
            duration_ms: 2.0,
            diff: None,
        }];
        let ds = dataset();
        let mut runner = Fake::default();
        let mut planner = NoPlanner { suggestions: vec![] };
        let mut rec = Kinds::default();
        let mut ctx = RunContext {
            dataset: &ds,
            runner: &mut runner,
            planner: &mut planner,
            repairer: &mut Rules,
            recorder: &mut rec,
            progress: &crate::progress::NoProgress,
            cancel: &CancelToken::new(),
            options: RunOptions::default(),
            approver: None,
        };
        let req = Request::Repair { of_run: "0123456789ab".into(), question: Some("orders by status".into()), prior, from: 1, sql: "SELECT id FROM orders".into() };
        let r = run(req, &mut ctx);
        assert_eq!(r.status, Status::Ok);
        assert_eq!(r.question.as_deref(), Some("orders by status"));
        assert_eq!(r.attempts.len(), 2);
        assert_eq!(r.attempts[0].sql, "SELECT stauts FROM orders", "the run's own attempt comes first");
        let a = &r.attempts[1];
        assert_eq!((a.n, a.repairer.as_deref()), (2, Some("user")));
        assert_eq!(r.run_id, "0123456789ab", "the repair is an attempt of the run it repairs, not a new run");
        assert_eq!(a.rationale.as_deref(), Some("edited by the user from attempt 1"));
        let diff = a.diff.as_deref().unwrap();
        assert!(diff.contains("--- attempt 1") && diff.lines().any(|l| l.starts_with("-SELECT") && l.contains("stauts")), "{diff}");
        assert!(r.notices.iter().any(|n| n == "your repair of attempt 1 is attempt 2 of this run"), "{:?}", r.notices);
        assert_eq!(rec.1, vec![("0123456789ab".to_string(), 1)], "the run is resumed from its one attempt");
        assert!(rec.2.is_empty(), "no new run is begun: {:?}", rec.2);
        let entry = rec.0.iter().find(|(k, _)| *k == RecordKind::RepairAttempt).expect("a repair entry").1.clone();
        assert_eq!((entry["repairer"].as_str(), entry["repair_of"].as_str(), entry["attempt"].as_u64()), (Some("user"), Some("0123456789ab"), Some(2)));
    }

    #[test]
    fn the_run_context_can_be_sent_to_another_thread() {
        fn is_send<T: Send>() {}
        is_send::<RunContext<'_>>();
    }
}
