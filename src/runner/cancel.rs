//! Cancelling a run from another thread (Ctrl-C in the CLI, Esc in the
//! TUI). A [`CancelToken`] is shared between whoever may cancel and the
//! run; the jailed runner registers the worker that is executing the
//! current query, so cancelling kills that worker at once (SIGKILL) instead
//! of waiting for the query's deadline.
//!
//! Invariants: a worker is registered only while it is alive and not yet
//! reaped (the runner releases it before reaping), so a cancel never
//! signals a recycled pid; a token once cancelled stays cancelled; a worker
//! registered after the cancel is killed by the registration itself.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

#[derive(Debug, Default)]
struct Inner {
    cancelled: AtomicBool,
    /// The pid of the jailed worker running the current query.
    worker: Mutex<Option<i32>>,
}

/// A cheap, clonable handle that cancels one run (or a sequence of runs
/// that share it). Default: never cancelled.
#[derive(Debug, Clone, Default)]
pub struct CancelToken(Arc<Inner>);

impl CancelToken {
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    fn worker(&self) -> MutexGuard<'_, Option<i32>> {
        self.0.worker.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Cancel: mark the token and kill the registered worker, if any.
    pub fn cancel(&self) {
        self.0.cancelled.store(true, Ordering::SeqCst);
        if let Some(pid) = *self.worker() {
            kill(pid);
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::SeqCst)
    }

    /// Register the worker executing the current query. When the token is
    /// already cancelled the worker is killed at once and `false` returned.
    pub fn attach_worker(&self, pid: i32) -> bool {
        let mut w = self.worker();
        *w = Some(pid);
        if self.is_cancelled() {
            kill(pid);
            return false;
        }
        true
    }

    /// The worker running the current query, if any (tests, diagnostics).
    pub fn worker_pid(&self) -> Option<i32> {
        *self.worker()
    }

    /// Forget the registered worker (before it is reaped).
    pub fn release_worker(&self) {
        *self.worker() = None;
    }
}

fn kill(pid: i32) {
    if pid > 0 {
        // SAFETY: plain signal delivery to a child that is registered only
        // while it has not been reaped (see the module invariants).
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_stays_cancelled_and_clones_share_it() {
        let t = CancelToken::new();
        let c = t.clone();
        assert!(!t.is_cancelled());
        c.cancel();
        assert!(t.is_cancelled());
        t.release_worker();
        assert!(t.is_cancelled());
    }

    #[test]
    fn cancelling_kills_the_registered_process_and_late_registration_too() {
        let mut child = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let t = CancelToken::new();
        assert!(t.attach_worker(child.id() as i32));
        t.cancel();
        let status = child.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(libc::SIGKILL));
        t.release_worker();

        let mut late = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        assert!(!t.attach_worker(late.id() as i32), "registering after the cancel kills at once");
        assert_eq!(late.wait().unwrap().signal(), Some(libc::SIGKILL));
    }
}
