//! [`JailedRunner`]: the [`Runner`] every user query goes through. Each
//! statement runs in its own pre-warmed, single-use worker (see `pool`),
//! whose answer streams back as Arrow batches (see `session`).
//!
//! Invariants: SQL over [`MAX_SQL_BYTES`] is refused before any worker sees
//! it; the mode reported is the mode the workers run in (strict or reduced,
//! never silently weaker); dropping the runner kills and reaps every worker.

use super::args::WorkerMode;
use super::config::JailConfig;
use super::pool::Pool;
use super::protocol::{Fault, MAX_SQL_BYTES};
use super::results::ArrowResult;
use super::session::{self, Leftover};
use crate::runner::{ExecError, JailMode, QueryOutput, QueryRequest, Runner};
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

    /// The configuration the workers run with.
    pub fn config(&self) -> &JailConfig {
        &self.cfg
    }

    /// Run `req` and return the result as Arrow batches (no JSON conversion).
    pub fn run_arrow(&mut self, req: &QueryRequest) -> Result<ArrowResult, ExecError> {
        if req.sql.len() > MAX_SQL_BYTES {
            return Err(ExecError::SqlError(format!(
                "the SQL text is {} bytes; the limit is {} bytes",
                req.sql.len(),
                MAX_SQL_BYTES
            )));
        }
        let w = self.pool.take(self.take_wait())?;
        let (result, leftover) = session::run(w, req, self.fault.take(), self.cfg.cpu_secs.max(1));
        match leftover {
            Leftover::Exiting(w) => self.pool.dispose(w, false),
            Leftover::Kill(w) => self.pool.dispose(w, true),
            Leftover::Gone => {}
        }
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
    /// it. Only reachable from Rust, never from SQL.
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
        let arrow = self.run_arrow(req)?;
        Ok(arrow.into_output(started.elapsed().as_secs_f64() * 1000.0))
    }

    fn mode(&self) -> JailMode {
        self.cfg.mode
    }
}

/// The worker mode for a runner mode (None for in-process).
pub fn worker_mode(mode: JailMode) -> Option<WorkerMode> {
    match mode {
        JailMode::Strict => Some(WorkerMode::Strict),
        JailMode::Reduced => Some(WorkerMode::Reduced),
        JailMode::InProcess => None,
    }
}
