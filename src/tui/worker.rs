//! Work the views ask for that is not a query: reading and verifying the
//! audit log, listing run capsules, reading dataset manifests. Each task
//! runs on a short-lived thread and sends its result back into the event
//! loop as [`AppEvent::Loaded`], so drawing never waits on a disk.
//!
//! Invariants: every task sends exactly one [`Loaded`] (a failure is a
//! `Loaded` carrying the message); nothing here writes.

use super::app::AppEvent;
use crate::audit::{Entry, VerifyReport};
use crate::dataset::Registry;
use crate::home::Home;
use crate::semantic::Manifest;
use crate::store::{RunCapsule, RunSummary, Store};
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;

/// The input history, under the home.
pub const HISTORY_FILE: &str = "tui-history";

/// Runs listed by the history view.
pub const RUNS_LISTED: usize = 500;

/// Work a view asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    /// Every entry of the main audit chain, with where it lies.
    ReadAudit,
    /// Verify the main audit chain end to end.
    VerifyAudit,
    /// The newest run capsules.
    ListRuns,
    /// One capsule (for replay), by id.
    LoadRun(String),
    /// Every dataset's manifest (the picker).
    ListDatasets,
    /// One dataset's manifest (the schema browser).
    LoadManifest(String),
    /// Add an entered line to the input history file.
    AppendHistory(String),
    /// Sort a large result (the grid shows "sorting…" meanwhile).
    Sort(super::grid::sort::SortJob),
}

/// An audit entry and the line it came from (to place a verify problem).
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    pub entry: Entry,
    pub file: PathBuf,
    pub line: u64,
}

/// A task's result.
#[derive(Debug)]
pub enum Loaded {
    Audit(Result<Vec<Located>, String>),
    Verified(Box<VerifyReport>),
    Runs(Result<Vec<RunSummary>, String>),
    Run(Result<Box<RunCapsule>, String>),
    Datasets(Vec<(String, Manifest)>),
    Manifest(Result<Box<Manifest>, String>),
    HistorySaved(Result<(), String>),
    Sorted(super::grid::sort::Sorted),
}

/// Starts tasks against one home.
#[derive(Debug, Clone)]
pub struct Worker {
    home: Home,
    tx: Sender<AppEvent>,
}

impl Worker {
    pub fn new(home: Home, tx: Sender<AppEvent>) -> Worker {
        Worker { home, tx }
    }

    /// Run `task` on a thread of its own; its result arrives as an event.
    pub fn start(&self, task: Task) {
        let (home, tx) = (self.home.clone(), self.tx.clone());
        let spawned = std::thread::Builder::new().name("sandpiper-tui-work".into()).spawn(move || {
            let _ = tx.send(AppEvent::Loaded(perform(&home, task)));
        });
        if let Err(e) = spawned {
            // No thread: answer at once rather than leave the view waiting.
            let _ = self.tx.send(AppEvent::Loaded(Loaded::Audit(Err(format!("cannot start a worker thread: {e}")))));
        }
    }
}

/// Do `task` here (the worker thread; tests call it directly).
pub fn perform(home: &Home, task: Task) -> Loaded {
    match task {
        Task::ReadAudit => Loaded::Audit(read_audit(&home.audit())),
        Task::Sort(job) => Loaded::Sorted(job.run()),
        Task::VerifyAudit => Loaded::Verified(Box::new(crate::audit::verify(&home.audit(), None))),
        Task::ListRuns => Loaded::Runs(open_store(home).and_then(|s| s.list_runs(RUNS_LISTED).map_err(|e| e.to_string()))),
        Task::LoadRun(id) => Loaded::Run(open_store(home).and_then(|s| match s.get_run(&id) {
            Ok(Some(c)) => Ok(Box::new(c)),
            Ok(None) => Err(format!("no run `{id}`")),
            Err(e) => Err(e.to_string()),
        })),
        Task::ListDatasets => {
            let reg = Registry::new(home.clone());
            Loaded::Datasets(reg.names().into_iter().filter_map(|n| reg.manifest(&n).ok().map(|(m, _)| (n, m))).collect())
        }
        Task::AppendHistory(line) => Loaded::HistorySaved(
            home.dir("").map_err(|e| e.to_string()).and_then(|root| super::input::History::append_to(&root.join(HISTORY_FILE), &line).map_err(|e| e.to_string())),
        ),
        Task::LoadManifest(name) => {
            Loaded::Manifest(Registry::new(home.clone()).manifest(&name).map(|(m, _)| Box::new(m)).map_err(|e| e.to_string()))
        }
    }
}

fn open_store(home: &Home) -> Result<Store, String> {
    let path = home.runs_db();
    if !path.exists() {
        return Err(format!("no runs recorded yet ({} does not exist)", path.display()));
    }
    Store::open(&path).map_err(|e| e.to_string())
}

/// Every line of the main chain that parses as an entry, in order, with
/// its file and 1-based line (lines that do not parse are skipped here;
/// verifying names them).
pub fn read_audit(dir: &Path) -> Result<Vec<Located>, String> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let chain = crate::audit::resolve(dir).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for seg in chain.segments {
        let text = std::fs::read_to_string(&seg.path).map_err(|e| format!("{}: {e}", seg.path.display()))?;
        for (i, line) in text.lines().enumerate() {
            if let Ok(entry) = serde_json::from_str::<Entry>(line) {
                out.push(Located { entry, file: seg.path.clone(), line: i as u64 + 1 });
            }
        }
    }
    Ok(out)
}
