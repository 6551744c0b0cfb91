//! The bridge from the sync world (planners and repairers are called by
//! the driver on its own thread, with a `CancelToken`) to async providers:
//! a current-thread tokio runtime runs the provider's future, racing it
//! against the token, checked every [`CANCEL_POLL`].
//!
//! Invariants: a cancel is noticed within one poll interval and the
//! provider's future is dropped at once (which drops its HTTP request);
//! a wall-clock deadline ends the call the same way; nothing here blocks
//! past either.

use std::future::Future;
use std::time::{Duration, Instant};

use crate::runner::CancelToken;

/// How often a waiting call looks at the cancel token.
pub const CANCEL_POLL: Duration = Duration::from_millis(20);

/// Why a bridged call did not finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Interrupted {
    #[error("cancelled")]
    Cancelled,
    #[error("the wall-clock budget ran out")]
    Deadline,
    #[error("the async runtime could not be started")]
    Runtime,
}

/// A current-thread runtime for one planner or repairer.
pub struct Bridge {
    rt: Option<tokio::runtime::Runtime>,
}

impl std::fmt::Debug for Bridge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bridge").field("ready", &self.rt.is_some()).finish()
    }
}

impl Default for Bridge {
    fn default() -> Self {
        Bridge::new()
    }
}

impl Bridge {
    pub fn new() -> Bridge {
        Bridge { rt: tokio::runtime::Builder::new_current_thread().enable_all().build().ok() }
    }

    /// Run `fut` to the end unless `cancel` fires or `deadline` passes
    /// first; then the future is dropped.
    pub fn run<F: Future>(&self, fut: F, cancel: &CancelToken, deadline: Option<Instant>) -> Result<F::Output, Interrupted> {
        if cancel.is_cancelled() {
            return Err(Interrupted::Cancelled);
        }
        let rt = self.rt.as_ref().ok_or(Interrupted::Runtime)?;
        rt.block_on(async {
            tokio::pin!(fut);
            loop {
                tokio::select! {
                    out = &mut fut => return Ok(out),
                    _ = tokio::time::sleep(CANCEL_POLL) => {
                        if cancel.is_cancelled() {
                            return Err(Interrupted::Cancelled);
                        }
                        if deadline.is_some_and(|d| Instant::now() >= d) {
                            return Err(Interrupted::Deadline);
                        }
                    }
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    struct Flag(Arc<AtomicBool>);
    impl Drop for Flag {
        fn drop(&mut self) {
            self.0.store(true, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_cancel_drops_the_future_within_a_poll() {
        let b = Bridge::new();
        let token = CancelToken::new();
        let t2 = token.clone();
        let dropped = Arc::new(AtomicBool::new(false));
        let guard = Flag(dropped.clone());
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            t2.cancel();
        });
        let start = Instant::now();
        let r = b.run(
            async move {
                let _g = guard;
                std::future::pending::<()>().await
            },
            &token,
            None,
        );
        assert_eq!(r, Err(Interrupted::Cancelled));
        assert!(dropped.load(Ordering::SeqCst), "the future was dropped");
        assert!(start.elapsed() < Duration::from_millis(500), "{:?}", start.elapsed());
    }

    #[test]
    fn a_finished_future_returns_and_a_deadline_stops_a_slow_one() {
        let b = Bridge::new();
        assert_eq!(b.run(async { 7 }, &CancelToken::new(), None), Ok(7));
        let d = Some(Instant::now() + Duration::from_millis(30));
        assert_eq!(b.run(std::future::pending::<()>(), &CancelToken::new(), d), Err(Interrupted::Deadline));
        let c = CancelToken::new();
        c.cancel();
        assert_eq!(b.run(async { 1 }, &c, None), Err(Interrupted::Cancelled));
    }
}
