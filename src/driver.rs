//! The driver: performs the agent's effects (plan, execute, record) and
//! assembles the [`RunReport`]. This is the imperative shell around the pure
//! agent; the CLI and, later, the TUI call it.

use crate::agent::{Agent, Effect, Event, RecordKind, Request};
use crate::dataset::Dataset;
use crate::planner::Planner;
use crate::report::{new_run_id, RunReport, Status};
use crate::runner::{QueryOutput, QueryRequest, Runner};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Where a run's records go (the audit log and the run store).
/// Each call returns an error message when the record could not be
/// written; the run is then reported failed (category `records`).
pub trait Recorder {
    /// A run is starting.
    fn begin(&mut self, _report: &RunReport) -> Result<(), String> {
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

/// Records nothing (benchmarks, eval).
pub struct NoRecords;
impl Recorder for NoRecords {}

/// Everything a run needs besides the request.
pub struct RunContext<'a> {
    pub dataset: &'a Dataset,
    pub runner: &'a mut dyn Runner,
    pub planner: Option<&'a Planner>,
    pub recorder: &'a mut dyn Recorder,
    pub timeout: Duration,
    pub provider: String,
    /// The run this one replays, if any.
    pub replay_of: Option<String>,
    /// Rows to fetch instead of the plan's default limit (eval compares
    /// whole answers); an explicit LIMIT in the SQL still applies.
    pub row_cap: Option<u64>,
}

/// Run one request to the end.
pub fn run(request: Request, ctx: &mut RunContext<'_>) -> RunReport {
    let started = Instant::now();
    let question = match &request {
        Request::Ask { question } => Some(question.clone()),
        _ => None,
    };
    let validated = !matches!(request, Request::Sql { validate: false, .. });
    let mut report = RunReport {
        run_id: new_run_id(),
        dataset: ctx.dataset.name().to_string(),
        dataset_hash: ctx.dataset.hash.clone(),
        question,
        provider: ctx.provider.clone(),
        plan: None,
        sql: None,
        status: Status::Failed,
        error: None,
        columns: Vec::new(),
        rows: Vec::new(),
        row_count: 0,
        truncated: false,
        attempts: Vec::new(),
        timings_ms: BTreeMap::new(),
        jail: ctx.runner.mode().word().to_string(),
        validated,
        understanding: None,
        notices: ctx.dataset.notices.clone(),
        replay_of: ctx.replay_of.clone(),
    };
    if !validated {
        report.notices.push("the SQL validator was switched off (--no-validate); only the jail protected this run".into());
    }
    let mut record_error = ctx.recorder.begin(&report).err();
    let mut agent = Agent::new(ctx.dataset.manifest.clone());
    let mut queue: std::collections::VecDeque<Effect> = agent.handle(Event::Start(request)).into();
    let mut outputs: BTreeMap<u32, QueryOutput> = BTreeMap::new();
    let mut durations: BTreeMap<u32, f64> = BTreeMap::new();
    let mut timings: BTreeMap<String, f64> = BTreeMap::new();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    while let Some(effect) = queue.pop_front() {
        match effect {
            Effect::Record { kind, payload } => {
                if let Err(e) = ctx.recorder.record(&report.run_id, kind, &payload) {
                    record_error.get_or_insert(e);
                }
            }
            Effect::Plan { question } => {
                let t = Instant::now();
                let outcome = match ctx.planner {
                    Some(p) => p.plan(&question),
                    None => crate::planner::Outcome::NotUnderstood(crate::planner::NotUnderstood {
                        reason: "no planner is available for questions".into(),
                        recognised: Vec::new(),
                        suggestions: ctx.dataset.manifest.suggested_prompts.clone(),
                    }),
                };
                *timings.entry("plan".into()).or_default() += ms(t.elapsed());
                let t = Instant::now();
                queue.extend(agent.handle(Event::Planned(Box::new(outcome))));
                *timings.entry("compile_validate".into()).or_default() += ms(t.elapsed());
            }
            Effect::Execute { attempt, sql, max_rows } => {
                let mut req = QueryRequest::new(sql, ctx.row_cap.unwrap_or(max_rows));
                req.timeout = ctx.timeout;
                let t = Instant::now();
                let result = ctx.runner.run(&req);
                durations.insert(attempt, ms(t.elapsed()));
                *timings.entry("execute".into()).or_default() += ms(t.elapsed());
                let result = result.inspect(|out| {
                    outputs.insert(attempt, out.clone());
                });
                queue.extend(agent.handle(Event::Executed { attempt, result }));
            }
            Effect::Finish(f) => {
                report.status = f.status;
                report.error = f.error;
                report.plan = f.plan.and_then(|p| serde_json::to_value(p).ok());
                report.sql = f.sql;
                report.attempts = f.attempts;
                for a in &mut report.attempts {
                    a.duration_ms = durations.get(&a.n).copied().unwrap_or(0.0);
                }
                report.understanding = f.understanding;
                if let Some(out) = f.answer_attempt.and_then(|n| outputs.remove(&n)) {
                    report.columns = out.columns;
                    report.row_count = out.rows.len();
                    report.rows = out.rows;
                    report.truncated = out.truncated;
                }
            }
        }
    }
    timings.insert("total".into(), ms(started.elapsed()));
    report.timings_ms = timings;
    if let Err(e) = ctx.recorder.finish(&report) {
        record_error.get_or_insert(e);
    }
    if let Some(e) = record_error {
        // An answer that could not be recorded is not shown as a success.
        report.status = Status::Failed;
        report.error = Some(crate::report::ErrorInfo {
            category: "records".into(),
            message: format!("the run could not be recorded: {e}"),
        });
        report.rows.clear();
        report.row_count = 0;
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::{ColumnInfo, ExecError, JailMode};

    struct Fake;
    impl Runner for Fake {
        fn run(&mut self, _req: &QueryRequest) -> Result<QueryOutput, ExecError> {
            Ok(QueryOutput {
                columns: vec![ColumnInfo { name: "n".into(), ty: "BIGINT".into() }],
                rows: vec![vec![serde_json::json!(1)]],
                truncated: false,
                elapsed_ms: 0.1,
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
    }

    fn dataset() -> Dataset {
        let manifest = toml::from_str(
            "name = \"t\"\n[[tables]]\nname = \"orders\"\nfile = \"orders.csv\"\ncolumns = [{ name = \"id\", type = \"INTEGER\" }]\n",
        )
        .unwrap();
        Dataset { manifest, dir: ".".into(), hash: "0".repeat(64), builtin: false, notices: vec![] }
    }

    fn ctx_run(rec: &mut dyn Recorder) -> RunReport {
        let ds = dataset();
        let mut runner = Fake;
        let mut ctx = RunContext {
            dataset: &ds,
            runner: &mut runner,
            planner: None,
            recorder: rec,
            timeout: Duration::from_secs(1),
            provider: "user".into(),
            replay_of: None,
            row_cap: None,
        };
        run(Request::Sql { sql: "SELECT count(*) AS n FROM orders".into(), validate: true }, &mut ctx)
    }

    #[test]
    fn a_run_that_cannot_be_recorded_is_reported_failed() {
        for fail_at in 1..=4 {
            let r = ctx_run(&mut DiskFull { fail_at, seen: 0 });
            assert_eq!(r.status, Status::Failed, "failing entry {fail_at}");
            assert_eq!(r.error.as_ref().unwrap().category, "records");
            assert!(r.rows.is_empty(), "no unrecorded answer is shown");
        }
        let ok = ctx_run(&mut DiskFull { fail_at: 99, seen: 0 });
        assert_eq!(ok.status, Status::Ok);
        assert_eq!(ok.rows.len(), 1);
        assert_eq!(ok.jail, "strict");
    }
}
