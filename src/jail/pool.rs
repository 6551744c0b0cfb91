//! Pre-warmed, single-use workers. A background thread (the "warmer")
//! keeps `pool_size` workers jailed with DuckDB open, replaces each one a
//! query takes once that query is over (sooner if a caller is waiting), and
//! reaps used workers. Workers that keep dying before they
//! are ready make it back off (100 ms, doubling, at most 5 s) and, after
//! `max_start_failures` in a row or one permanent failure, declare the jail
//! broken with the last error instead of spawning in a loop.
//!
//! Invariants: every worker is spawned by the warmer thread, which lives as
//! long as the pool (PR_SET_PDEATHSIG fires when the *spawning thread* ends);
//! every worker handed out, killed or idle is reaped by the warmer or on
//! drop; a worker is handed out at most once.

use super::args::{WorkerJob, WorkerMode};
use super::config::JailConfig;
use super::spawn::{self, StartError, Worker};
use crate::runner::{CancelToken, ExecError};
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a used worker may take to exit on its own before SIGKILL.
const EXIT_GRACE: Duration = Duration::from_secs(2);

struct State {
    ready: VecDeque<Worker>,
    /// Workers to reap, with the time after which they get SIGKILL.
    reaping: Vec<(Worker, Instant)>,
    broken: Option<String>,
    /// Workers taken whose query is not over yet.
    in_flight: usize,
    /// Callers blocked in `take`.
    waiting: usize,
    failures: u32,
    retry_at: Option<Instant>,
    shutdown: bool,
    /// Spawn-to-ready times of recent workers (ms), newest last.
    start_ms: VecDeque<f64>,
}

struct Shared {
    cfg: JailConfig,
    mode: WorkerMode,
    state: Mutex<State>,
    cv: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The pool of ready workers for one dataset.
pub struct Pool {
    shared: Arc<Shared>,
    warmer: Option<JoinHandle<()>>,
}

impl Pool {
    /// Start warming `cfg.pool_size` workers in the background.
    pub fn start(cfg: JailConfig, mode: WorkerMode) -> Result<Pool, ExecError> {
        let shared = Arc::new(Shared {
            cfg,
            mode,
            state: Mutex::new(State {
                ready: VecDeque::new(),
                reaping: Vec::new(),
                broken: None,
                in_flight: 0,
                waiting: 0,
                failures: 0,
                retry_at: None,
                shutdown: false,
                start_ms: VecDeque::new(),
            }),
            cv: Condvar::new(),
        });
        let s = Arc::clone(&shared);
        let warmer = std::thread::Builder::new()
            .name("sandpiper-jail-warmer".into())
            .spawn(move || warm(&s))
            .map_err(|e| {
                ExecError::JailSetupFailed(format!("cannot start the worker pool thread: {e}"))
            })?;
        Ok(Pool {
            shared,
            warmer: Some(warmer),
        })
    }

    /// A ready worker, waiting up to `max_wait` for one (or until `cancel`).
    pub fn take(&self, max_wait: Duration, cancel: &CancelToken) -> Result<Worker, ExecError> {
        let until = Instant::now() + max_wait;
        let mut st = self.shared.lock();
        loop {
            if cancel.is_cancelled() {
                return Err(ExecError::Cancelled);
            }
            while let Some(w) = st.ready.pop_front() {
                // An idle worker sends at most `Warm`: else dead or rogue.
                let mut w = w;
                if !w.absorb_idle_frames() {
                    spawn::kill(w.pid);
                    st.reaping.push((w, Instant::now()));
                    continue;
                }
                st.in_flight += 1;
                self.shared.cv.notify_all();
                return Ok(w);
            }
            if let Some(msg) = &st.broken {
                return Err(ExecError::JailSetupFailed(msg.clone()));
            }
            let now = Instant::now();
            if st.shutdown || now >= until {
                return Err(ExecError::JailSetupFailed(format!(
                    "no query worker became ready within {max_wait:?}"
                )));
            }
            // Someone waits: the warmer spawns even while a query runs.
            st.waiting += 1;
            self.shared.cv.notify_all();
            // Wake up now and then to notice a cancel (it cannot signal the
            // condition variable: it only knows the token).
            let slice = (until - now).min(Duration::from_millis(50));
            st = self
                .shared
                .cv
                .wait_timeout(st, slice)
                .map(|r| r.0)
                .unwrap_or_else(|p| p.into_inner().0);
            st.waiting -= 1;
        }
    }

    /// The query on a taken worker is over: hand the worker back for
    /// reaping (killed first if `kill`), or None when it is already reaped.
    pub fn done(&self, w: Option<(Worker, bool)>) {
        let mut st = self.shared.lock();
        st.in_flight = st.in_flight.saturating_sub(1);
        if let Some((w, kill)) = w {
            if kill {
                spawn::kill(w.pid);
            }
            st.reaping.push((w, Instant::now() + EXIT_GRACE));
        }
        self.shared.cv.notify_all();
    }

    /// Wait until `n` workers are ready (or the jail is broken).
    pub fn wait_ready(&self, n: usize, max_wait: Duration) -> Result<(), ExecError> {
        let until = Instant::now() + max_wait;
        let mut st = self.shared.lock();
        loop {
            if st.ready.len() >= n.min(self.shared.cfg.pool_size.max(1)) {
                return Ok(());
            }
            if let Some(msg) = &st.broken {
                return Err(ExecError::JailSetupFailed(msg.clone()));
            }
            let now = Instant::now();
            if now >= until {
                return Err(ExecError::JailSetupFailed(format!(
                    "workers not ready within {max_wait:?}"
                )));
            }
            st = self
                .shared
                .cv
                .wait_timeout(st, until - now)
                .map(|r| r.0)
                .unwrap_or_else(|p| p.into_inner().0);
        }
    }

    /// Wait until `n` ready workers have warmed their cache (or the jail is
    /// broken); with warm-up off this never succeeds, so callers check.
    pub fn wait_warm(&self, n: usize, max_wait: Duration) -> Result<(), ExecError> {
        let until = Instant::now() + max_wait;
        loop {
            {
                let mut st = self.shared.lock();
                let mut dead = Vec::new();
                for (i, w) in st.ready.iter_mut().enumerate() {
                    if !w.absorb_idle_frames() {
                        dead.push(i);
                    }
                }
                for i in dead.into_iter().rev() {
                    if let Some(w) = st.ready.remove(i) {
                        spawn::kill(w.pid);
                        st.reaping.push((w, Instant::now()));
                    }
                }
                if st.ready.iter().filter(|w| w.warm).count()
                    >= n.min(self.shared.cfg.pool_size.max(1))
                {
                    return Ok(());
                }
                if let Some(msg) = &st.broken {
                    return Err(ExecError::JailSetupFailed(msg.clone()));
                }
                self.shared.cv.notify_all();
            }
            if Instant::now() >= until {
                return Err(ExecError::JailSetupFailed(format!(
                    "no warm worker within {max_wait:?}"
                )));
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Forget a broken state and try again (after the host was fixed).
    pub fn reset(&self) {
        let mut st = self.shared.lock();
        st.broken = None;
        st.failures = 0;
        st.retry_at = None;
        self.shared.cv.notify_all();
    }

    /// Pids of idle ready workers (for posture checks).
    pub fn idle_pids(&self) -> Vec<i32> {
        self.shared.lock().ready.iter().map(|w| w.pid).collect()
    }

    /// Pids not yet reaped (idle, or used and awaiting reaping).
    pub fn live_pids(&self) -> Vec<i32> {
        let st = self.shared.lock();
        st.ready
            .iter()
            .map(|w| w.pid)
            .chain(st.reaping.iter().map(|(w, _)| w.pid))
            .collect()
    }

    /// Recent spawn-to-ready times in ms.
    pub fn start_times_ms(&self) -> Vec<f64> {
        self.shared.lock().start_ms.iter().copied().collect()
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        {
            let mut st = self.shared.lock();
            st.shutdown = true;
            self.shared.cv.notify_all();
        }
        if let Some(t) = self.warmer.take() {
            let _ = t.join();
        }
    }
}

fn backoff(failures: u32) -> Duration {
    let ms = 100u64.saturating_mul(1 << failures.saturating_sub(1).min(6));
    Duration::from_millis(ms.min(5000))
}

/// The warmer thread.
fn warm(s: &Shared) {
    let cfg = &s.cfg;
    let mut st = s.lock();
    loop {
        if st.shutdown {
            break;
        }
        reap_finished(&mut st);
        let now = Instant::now();
        // A replacement starts once the query that took a worker is over
        // (its DuckDB open and cache warm-up would compete with the query
        // for the CPU), or at once when someone is waiting for a worker.
        let want = st.broken.is_none()
            && st.ready.len() < cfg.pool_size.max(1)
            && (st.in_flight == 0 || st.waiting > 0)
            && st.retry_at.is_none_or(|t| now >= t);
        if want {
            drop(st);
            let started = spawn::start(cfg, s.mode, WorkerJob::Query);
            st = s.lock();
            match started {
                Ok(w) if st.shutdown => {
                    spawn::kill(w.pid);
                    st.reaping.push((w, Instant::now()));
                }
                Ok(w) => {
                    st.failures = 0;
                    st.retry_at = None;
                    st.start_ms.push_back(w.start_ms);
                    if st.start_ms.len() > 256 {
                        st.start_ms.pop_front();
                    }
                    st.ready.push_back(w);
                }
                Err(e) => record_failure(&mut st, cfg, &e),
            }
            s.cv.notify_all();
            continue;
        }
        let mut wait = Duration::from_secs(1);
        if !st.reaping.is_empty() {
            wait = Duration::from_millis(5);
        }
        if let Some(t) = st.retry_at {
            wait = wait.min(t.saturating_duration_since(now));
        }
        st =
            s.cv.wait_timeout(st, wait)
                .map(|r| r.0)
                .unwrap_or_else(|p| p.into_inner().0);
    }
    // Shutdown: nothing outlives the pool.
    let ready: Vec<Worker> = st.ready.drain(..).collect();
    let reaping: Vec<Worker> = st.reaping.drain(..).map(|(w, _)| w).collect();
    drop(st);
    for w in ready.into_iter().chain(reaping) {
        spawn::finish(w.pid, true);
    }
}

fn record_failure(st: &mut State, cfg: &JailConfig, e: &StartError) {
    st.failures += 1;
    if e.permanent() {
        st.broken = Some(format!("the query worker cannot start: {e}"));
    } else if st.failures >= cfg.max_start_failures.max(1) {
        st.broken = Some(format!(
            "the query worker failed to start {} times in a row; last error: {e}",
            st.failures
        ));
    } else {
        st.retry_at = Some(Instant::now() + backoff(st.failures));
    }
}

/// Reap used workers that have exited; SIGKILL those past their grace.
fn reap_finished(st: &mut State) {
    let now = Instant::now();
    st.reaping.retain(|(w, kill_after)| {
        if spawn::try_reap(w.pid).is_some() {
            return false;
        }
        if now >= *kill_after {
            spawn::kill(w.pid);
        }
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_caps() {
        assert_eq!(backoff(1), Duration::from_millis(100));
        assert_eq!(backoff(2), Duration::from_millis(200));
        assert_eq!(backoff(4), Duration::from_millis(800));
        assert_eq!(backoff(30), Duration::from_millis(5000));
    }
}
