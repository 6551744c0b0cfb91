//! App side of one query on one ready worker: send the SQL, collect Arrow
//! batches under the row and byte caps, enforce the wall-clock deadline with
//! SIGKILL (DuckDB's own interrupt is too unreliable to count on), and
//! classify whatever happened. A cancel (see `runner::cancel`) kills the
//! worker, which ends the loop like any death; the caller reports it.
//!
//! Invariants: returns within the deadline plus a bounded reaping grace
//! whatever the worker does; a worker that was killed or died is reaped
//! before its death is classified, and released from the cancel token
//! before it is reaped; a worker is never given a second query.

use super::classify::classify_death;
use super::protocol::{DoneMsg, Fault, QueryMsg, RecvError, Tag};
use super::results::{Collected, Collector, Flow, Keep};
use super::spawn::{self, Worker};
use crate::runner::{ExecError, QueryRequest};
use std::time::{Duration, Instant};

/// What to do with the worker after the query.
pub enum Leftover {
    /// It answered and exits by itself; reap it in the background.
    Exiting(Worker),
    /// It must be killed, then reaped in the background.
    Kill(Worker),
    /// Already reaped here.
    Gone,
}

/// Run `req` on `w`, keeping the result as `keep` says. `cpu_secs` is the
/// worker's CPU rlimit (to tell a CPU kill from an outside one).
pub fn run(
    mut w: Worker,
    req: &QueryRequest,
    fault: Option<Fault>,
    cpu_secs: u64,
    keep: Keep,
) -> (Result<Collected, ExecError>, Leftover) {
    let deadline = Instant::now() + req.timeout;
    let timeout = || ExecError::Timeout(req.timeout.as_secs().max(1));
    let msg = QueryMsg {
        sql: req.sql.clone(),
        max_rows: req.max_rows,
        max_bytes: req.max_bytes,
        fault,
    };
    if let Err(e) = w.chan.send_json(Tag::Query, &msg, Some(deadline)) {
        if e.kind() == std::io::ErrorKind::TimedOut {
            return (Err(timeout()), Leftover::Kill(w));
        }
        req.cancel.release_worker();
        return (Err(died(w, cpu_secs)), Leftover::Gone);
    }
    let mut col = Collector::new(req.max_rows, req.max_bytes, keep);
    loop {
        match w.chan.recv(Some(deadline), col.frame_budget()) {
            Ok(f) => match f.tag {
                Tag::Data => match col.feed(f.payload) {
                    Ok(Flow::Continue) => {}
                    // Truncated: we have max_rows; the rest is not wanted.
                    Ok(Flow::Stop) => return (col.finish(false), Leftover::Kill(w)),
                    Err(e) => return (Err(e), Leftover::Kill(w)),
                },
                Tag::Warm => {}
                Tag::Done => {
                    let worker_ms = f.json::<DoneMsg>().ok().map(|d| d.engine_ms);
                    let res = col.finish(true).map(|mut r| {
                        r.worker_ms = worker_ms;
                        r
                    });
                    return (res, Leftover::Exiting(w));
                }
                Tag::SqlError => {
                    let text = String::from_utf8_lossy(&f.payload).into_owned();
                    return (
                        Err(ExecError::from_duckdb_message(text)),
                        Leftover::Exiting(w),
                    );
                }
                other => {
                    let e = ExecError::Crashed(format!(
                        "the worker sent an unexpected {other:?} frame"
                    ));
                    return (Err(e), Leftover::Kill(w));
                }
            },
            Err(RecvError::Deadline) => return (Err(timeout()), Leftover::Kill(w)),
            Err(RecvError::TooLarge(_)) => return (Err(col.over_budget()), Leftover::Kill(w)),
            Err(RecvError::Eof) | Err(RecvError::Io(_)) => {
                req.cancel.release_worker();
                return (Err(died(w, cpu_secs)), Leftover::Gone);
            }
            Err(RecvError::Malformed(m)) => {
                // Half a frame then EOF is a death; anything else is garbage.
                req.cancel.release_worker();
                let exit = spawn::finish(w.pid, false);
                let e = if m.contains("closed") {
                    classify_death(&exit, cpu_secs)
                } else {
                    ExecError::Crashed(format!("the worker sent garbage: {m}"))
                };
                return (Err(e), Leftover::Gone);
            }
        }
    }
}

/// The worker closed the channel without answering: reap and classify.
fn died(w: Worker, cpu_secs: u64) -> ExecError {
    let exit = spawn::reap(w.pid, Duration::from_secs(2));

    classify_death(&exit, cpu_secs)
}
