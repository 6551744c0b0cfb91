//! A session on a thread of its own, driven by messages: what a UI holds
//! to run questions without ever doing the work on its own thread.
//!
//! The UI submits jobs (run a request, switch dataset) and gets back
//! [`Reply`] messages on a channel it reads in its event loop: progress of
//! the running job, then its result, each tagged with the job's id.
//!
//! Invariants: at most one job runs and at most one waits; submitting
//! while one waits replaces it (the replaced job is answered `Superseded`,
//! never silently lost); `cancel` of the running job kills its jailed
//! worker at once and it finishes `cancelled`; every submitted job gets
//! exactly one final reply (`Finished`, `DatasetChanged`, `Superseded` or
//! `Failed`); dropping the handle cancels what runs and joins the thread.

use super::{RunOverrides, Session};
use crate::agent::Request;
use crate::progress::{Progress, ProgressEvent};
use crate::report::RunReport;
use crate::runner::{CancelToken, ResultSet};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// Identifies a submitted job in its replies.
pub type JobId = u64;

/// Work for the session thread.
#[derive(Debug, Clone)]
pub enum Job {
    Run { request: Request, overrides: RunOverrides },
    UseDataset { name: String },
}

/// What the session thread tells the UI.
#[derive(Debug)]
pub enum Reply {
    /// A step of the running job's run.
    Progress { job: JobId, event: ProgressEvent },
    /// The job's run ended (any status, cancelled included); `result` is
    /// the answer as Arrow batches when the job asked to keep them.
    Finished { job: JobId, report: Box<RunReport>, result: Option<Arc<ResultSet>> },
    /// The active dataset is now `name`; notices to show once.
    DatasetChanged { job: JobId, name: String, hash: String, notices: Vec<String> },
    /// A newer job took this waiting job's place before it started.
    Superseded { job: JobId },
    /// The job could not run (unknown dataset, jail cannot start, ...).
    Failed { job: JobId, error: String },
}

#[derive(Default)]
struct Slot {
    waiting: Option<(JobId, Job)>,
    running: Option<(JobId, CancelToken)>,
    next_id: JobId,
    shutdown: bool,
}

struct Shared {
    slot: Mutex<Slot>,
    cv: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Slot> {
        self.slot.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The UI's handle on the session thread.
pub struct Engine {
    shared: Arc<Shared>,
    replies: Sender<Reply>,
    thread: Option<JoinHandle<()>>,
}

impl Engine {
    /// Move `session` to a new thread; replies go to `replies`.
    pub fn start(session: Session, replies: Sender<Reply>) -> std::io::Result<Engine> {
        let shared = Arc::new(Shared { slot: Mutex::new(Slot::default()), cv: Condvar::new() });
        let (s, r) = (Arc::clone(&shared), replies.clone());
        let thread = std::thread::Builder::new().name("sandpiper-session".into()).spawn(move || serve(session, &s, &r))?;
        Ok(Engine { shared, replies, thread: Some(thread) })
    }

    /// Queue `job`; it runs when the current one is over. A job already
    /// waiting is replaced (and answered `Superseded`).
    pub fn submit(&self, job: Job) -> JobId {
        let mut slot = self.shared.lock();
        slot.next_id += 1;
        let id = slot.next_id;
        if let Some((old, _)) = slot.waiting.replace((id, job)) {
            let _ = self.replies.send(Reply::Superseded { job: old });
        }
        self.shared.cv.notify_all();
        id
    }

    /// Cancel job `id`: a waiting job is dropped (answered `Superseded`),
    /// a running one is stopped (its worker killed). Unknown ids: nothing.
    pub fn cancel(&self, id: JobId) {
        let mut slot = self.shared.lock();
        if slot.waiting.as_ref().is_some_and(|(w, _)| *w == id) {
            slot.waiting = None;
            let _ = self.replies.send(Reply::Superseded { job: id });
        }
        if let Some((r, token)) = &slot.running {
            if *r == id {
                token.cancel();
            }
        }
    }

    /// The job running now, if any.
    pub fn running(&self) -> Option<JobId> {
        self.shared.lock().running.as_ref().map(|(id, _)| *id)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        {
            let mut slot = self.shared.lock();
            slot.shutdown = true;
            slot.waiting = None;
            if let Some((_, token)) = &slot.running {
                token.cancel();
            }
            self.shared.cv.notify_all();
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The session thread: take the waiting job, run it, answer, repeat.
fn serve(mut session: Session, shared: &Shared, replies: &Sender<Reply>) {
    loop {
        let (id, job, token) = {
            let mut slot = shared.lock();
            loop {
                if slot.shutdown {
                    return;
                }
                if let Some((id, job)) = slot.waiting.take() {
                    let token = CancelToken::new();
                    slot.running = Some((id, token.clone()));
                    break (id, job, token);
                }
                slot = shared.cv.wait(slot).unwrap_or_else(|p| p.into_inner());
            }
        };
        let reply = perform(&mut session, id, job, &token, replies);
        shared.lock().running = None;
        let _ = replies.send(reply);
    }
}

fn perform(session: &mut Session, id: JobId, job: Job, token: &CancelToken, replies: &Sender<Reply>) -> Reply {
    match job {
        Job::Run { request, overrides } => {
            let sink = |run_id: &str, step: &Progress| {
                let event = ProgressEvent { run_id: run_id.to_string(), step: step.clone() };
                let _ = replies.send(Reply::Progress { job: id, event });
            };
            match session.run_with_result(request, &overrides, &sink, token) {
                Ok((report, result)) => Reply::Finished { job: id, report: Box::new(report), result },
                Err(e) => Reply::Failed { job: id, error: e.to_string() },
            }
        }
        Job::UseDataset { name } => match session.use_dataset(Some(&name)) {
            Ok(ds) => {
                let (name, hash) = (ds.name().to_string(), ds.hash.clone());
                Reply::DatasetChanged { job: id, name, hash, notices: session.take_notices() }
            }
            Err(e) => Reply::Failed { job: id, error: e.to_string() },
        },
    }
}
