//! [`JailedRunner`]: the [`Runner`] every user query goes through. Each
//! statement runs in its own pre-warmed, single-use worker (see `pool`),
//! whose answer streams back as Arrow batches (see `session`).
//!
//! Invariants: SQL over [`MAX_SQL_BYTES`], or holding more than one
//! statement, is refused before any worker sees it (DuckDB would run all but
//! the last statement while preparing); the mode reported is the mode the workers run in (strict or reduced,
//! never silently weaker); dropping the runner kills and reaps every worker.

use super::args::WorkerMode;
use super::config::JailConfig;
use super::pool::Pool;
use super::protocol::{Fault, MAX_SQL_BYTES};
use super::results::{ArrowResult, Collected, Keep};
use super::session::{self, Leftover};
use crate::runner::{ExecError, JailMode, QueryOutput, QueryRequest, ResultSet, Runner};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Runs each query in a fresh jailed worker.
pub struct JailedRunner {
    cfg: JailConfig,
    pool: Pool,
    fault: Option<Fault>,
}

impl JailedRunner {
    /// Check the configuration and start warming workers (non-blocking; the
    /// first `run` waits for a worker, or use [`JailedRunner::wait_ready`]).
    pub fn start(cfg: JailConfig) -> Result<JailedRunner, ExecError> {
        let mode = cfg.check()?;
        let pool = Pool::start(cfg.clone(), mode)?;
        Ok(JailedRunner {
            cfg,
            pool,
            fault: None,
        })
    }

    /// Block until a worker is ready, or report why none can start.
    pub fn wait_ready(&self, max_wait: Duration) -> Result<(), ExecError> {
        self.pool.wait_ready(1, max_wait)
    }

    /// Block until a ready worker has also warmed its cache (benchmarks);
    /// an error when warm-up is off or does not finish in time.
    pub fn wait_warm(&self, max_wait: Duration) -> Result<(), ExecError> {
        if self.cfg.warm_cache_mb == 0 {
            return Err(ExecError::JailSetupFailed("cache warm-up is off".into()));
        }
        self.pool.wait_warm(1, max_wait)
    }

    /// The configuration the workers run with.
    pub fn config(&self) -> &JailConfig {
        &self.cfg
    }

    /// Run `req` and return the result as Arrow batches (no JSON conversion).
    pub fn run_arrow(&mut self, req: &QueryRequest) -> Result<ArrowResult, ExecError> {
        self.run_keeping(req, Keep::Batches)
            .map(Collected::into_arrow)
    }

    fn run_keeping(&mut self, req: &QueryRequest, keep: Keep) -> Result<Collected, ExecError> {
        if req.sql.len() > MAX_SQL_BYTES {
            return Err(ExecError::SqlError(format!(
                "the SQL text is {} bytes; the limit is {} bytes",
                req.sql.len(),
                MAX_SQL_BYTES
            )));
        }
        let n = statement_count(&req.sql).map_err(|e| {
            ExecError::SqlError(format!("cannot split the SQL text into statements: {e}"))
        })?;
        if n > 1 {
            return Err(ExecError::SqlError(format!(
                "the SQL text holds {n} statements; a query runs exactly one"
            )));
        }
        if req.cancel.is_cancelled() {
            return Err(ExecError::Cancelled);
        }
        let w = self.pool.take(self.take_wait(), &req.cancel)?;
        let cpu = self.cfg.cpu_secs.max(1);
        // From here a cancel kills this worker at once; `session::run`
        // releases it before reaping, and so do we below.
        req.cancel.attach_worker(w.pid);
        let (result, leftover) = session::run(w, req, self.fault.take(), cpu, keep);
        req.cancel.release_worker();
        let result = if req.cancel.is_cancelled() {
            Err(ExecError::Cancelled)
        } else {
            result
        };
        self.pool.done(match leftover {
            Leftover::Exiting(w) => Some((w, false)),
            Leftover::Kill(w) => Some((w, true)),
            Leftover::Gone => None,
        });
        result
    }

    /// How long a query waits for a worker: every allowed start attempt
    /// with its back-off, so a broken host reports instead of hanging.
    fn take_wait(&self) -> Duration {
        let attempts = self.cfg.max_start_failures.max(1) + 1;
        self.cfg.startup_timeout * attempts + Duration::from_secs(10)
    }

    /// After the jail reported itself broken (workers kept dying at start),
    /// try again.
    pub fn reset(&self) {
        self.pool.reset();
    }

    /// Test hook: the next query's worker injects `fault` after receiving
    /// it. Only reachable from Rust, never from SQL; test builds only.
    #[cfg(feature = "test-hooks")]
    #[doc(hidden)]
    pub fn inject_fault(&mut self, fault: Fault) {
        self.fault = Some(fault);
    }

    /// Pids of the idle ready workers (for posture checks from outside).
    #[doc(hidden)]
    pub fn idle_worker_pids(&self) -> Vec<i32> {
        self.pool.idle_pids()
    }

    /// Pids of workers not yet reaped (idle or finishing).
    #[doc(hidden)]
    pub fn live_worker_pids(&self) -> Vec<i32> {
        self.pool.live_pids()
    }

    /// Recent spawn-to-ready times in ms.
    pub fn start_times_ms(&self) -> Vec<f64> {
        self.pool.start_times_ms()
    }
}

impl Runner for JailedRunner {
    fn run(&mut self, req: &QueryRequest) -> Result<QueryOutput, ExecError> {
        let started = Instant::now();
        // The workbench keeps the batches it shows (shared, not copied);
        // the JSON rows of the contract are made from them as well.
        let keep = if req.keep_arrow { Keep::Batches } else { Keep::JsonRows };
        let got = self.run_keeping(req, keep)?;
        let arrow = req.keep_arrow.then(|| Arc::new(ResultSet::new(got.schema.clone(), got.batches.clone(), got.truncated)));
        let mut out = got.into_output(started.elapsed().as_secs_f64() * 1000.0);
        out.arrow = arrow;
        Ok(out)
    }

    fn mode(&self) -> JailMode {
        self.cfg.mode
    }
}

/// Statements in `sql` as DuckDB splits it (see `crate::sql::statement_count`):
/// strings, quoted names, dollar quotes and nested comments hide their semicolons.
/// Used with and without the validator, so `--no-validate` text is split alike.
fn statement_count(sql: &str) -> Result<usize, String> {
    crate::sql::statement_count(sql).map_err(|e| e.to_string())
}

/// The worker mode for a runner mode (None for in-process).
pub fn worker_mode(mode: JailMode) -> Option<WorkerMode> {
    match mode {
        JailMode::Strict => Some(WorkerMode::Strict),
        JailMode::Reduced => Some(WorkerMode::Reduced),
        JailMode::InProcess => None,
    }
}

#[cfg(test)]
mod tests {
    use super::statement_count;
    use rstest::rstest;

    #[rstest]
    #[case::one("SELECT 1", 1)]
    #[case::trailing_semicolon("SELECT 1;  ", 1)]
    #[case::two("SELECT 1; SELECT 2", 2)]
    #[case::semicolon_in_string("SELECT ';' AS x", 1)]
    #[case::semicolon_in_comment("SELECT 1 -- ; SELECT 2\n", 1)]
    #[case::comment_after("SELECT 1; /* nothing */", 1)]
    #[case::set_then_select("SET threads = 64; SELECT 1", 2)]
    #[case::empty("  ", 0)]
    #[case::escape_string_hides_quote("SELECT E'\\';' ; SELECT 2", 2)]
    #[case::escape_string_one("SELECT E'\\'; DROP TABLE t; --'", 1)]
    #[case::plain_backslash("SELECT '\\'; DROP TABLE t; --'", 2)]
    #[case::dollar_quote("SELECT $$;$$", 1)]
    #[case::dollar_tag("SELECT $tag$ ; $tag$", 1)]
    #[case::dollar_inner_tag("SELECT $a$ $b$; $a$; SELECT 2", 2)]
    #[case::nested_comment("SELECT 1 /* /* ; */ ; */", 1)]
    #[case::nested_comment_then_two("SELECT 1 /* /* */ ; */; SELECT 2", 2)]
    #[case::carriage_return_ends_comment("SELECT 1 -- x\r; SELECT 2", 2)]
    #[case::quoted_name("SELECT 1 AS \"a;b\"", 1)]
    #[case::backtick_name("SELECT 1 AS `a;b`", 1)]
    #[case::only_semicolons(";;", 0)]
    fn statements_are_counted(#[case] sql: &str, #[case] n: usize) {
        assert_eq!(statement_count(sql).unwrap(), n);
    }

    #[test]
    fn nul_is_refused() {
        assert!(statement_count("SELECT 1\0; SELECT 2").is_err());
    }
}
