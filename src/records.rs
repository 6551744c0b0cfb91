//! Every run leaves two records: entries in the hash-chained audit log
//! (evidence) and a capsule in the runs database (queryable, replayable).
//! [`Records`] is the driver's [`Recorder`] that writes both.
//!
//! Invariants: a run's capsule is begun before its first audit entry and
//! finished after its last; a failure to record is reported to the driver,
//! which marks the run failed rather than showing an unrecorded answer.

use crate::agent::RecordKind;
use crate::audit::{self, Kind, Writer};
use crate::driver::Recorder;
use crate::home::Home;
use crate::report::{RunReport, Status};
use crate::store::{self, RunFinish, RunStart, RunStatus, Store};
use crate::recipes::{NewRecipe, RecipeMemory};
use serde_json::json;

/// Durability of the audit log: entries are written at once (a crash of
/// sandpiper loses nothing) and made durable with one `fdatasync` per run,
/// when the run is committed in [`Recorder::finish`], and at least every
/// 64 entries; per-entry syncs cost ten times the throughput for no
/// guarantee a run's reader could use.
pub const AUDIT_FSYNC: audit::Fsync = audit::Fsync::Batched { every: 64 };

/// The audit writer and the run store of one session.
pub struct Records {
    pub audit: Writer,
    pub store: Store,
    /// Limits and settings recorded with each run.
    pub limits: serde_json::Value,
    /// Set when a recording failed; the driver reports it.
    pub failure: Option<String>,
    /// Schema fingerprint of the dataset in use, for recipe memory.
    pub fingerprint: Option<String>,
    pub recipes: RecipeMemory,
    /// The run a user repair continues and how many attempts it had: only
    /// the attempts after those are written when it finishes.
    resumed: Option<(String, u32)>,
}

/// Why the records could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum RecordsError {
    #[error(transparent)]
    Audit(#[from] audit::AuditError),
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error(transparent)]
    Home(#[from] crate::home::HomeError),
}

impl Records {
    /// Open the audit log and the runs database under the home, mark runs
    /// left unfinished by an earlier process as interrupted, and write a
    /// `session_start` entry.
    pub fn open(home: &Home, limits: serde_json::Value) -> Result<Records, RecordsError> {
        let dir = home.dir("audit")?;
        home.dir("")?;
        let mut audit = Writer::open(&dir, audit::Options { fsync: AUDIT_FSYNC, ..audit::Options::default() })?;
        let store = Store::open(home.runs_db())?;
        let interrupted = store.mark_interrupted()?;
        audit.append(
            Kind::SessionStart,
            "",
            &json!({
                "version": env!("CARGO_PKG_VERSION"),
                "pid": std::process::id(),
                "chain": audit.chain_name(),
                "fallback_chain": audit.is_fallback(),
                "interrupted_runs_marked": interrupted,
            }),
        )?;
        audit.flush()?;
        Ok(Records { audit, store, limits, failure: None, fingerprint: None, recipes: RecipeMemory::new(), resumed: None })
    }

    /// Remember successful questions on this dataset as recipes.
    pub fn for_dataset(mut self, m: &crate::semantic::Manifest) -> Records {
        self.set_dataset(m);
        self
    }

    /// The dataset in use changed: recipes are keyed by its schema.
    pub fn set_dataset(&mut self, m: &crate::semantic::Manifest) {
        let cols: Vec<(String, String, String)> = m
            .tables
            .iter()
            .flat_map(|t| t.columns.iter().map(move |c| (t.name.clone(), c.name.clone(), c.ty.clone())))
            .collect();
        self.fingerprint = Some(crate::recipes::schema_fingerprint(&cols));
    }

    fn note(&mut self, r: Result<(), String>) {
        if let (Err(e), None) = (r, &self.failure) {
            self.failure = Some(e);
        }
    }
}

fn run_status(s: Status) -> RunStatus {
    match s {
        Status::Ok => RunStatus::Ok,
        Status::Failed => RunStatus::Failed,
        Status::Rejected => RunStatus::Rejected,
        Status::NotUnderstood => RunStatus::NotUnderstood,
        Status::Cancelled => RunStatus::Cancelled,
    }
}

impl Recorder for Records {
    fn begin(&mut self, r: &RunReport) -> Result<(), String> {
        let start = RunStart {
            run_id: r.run_id.clone(),
            started_at: store::timestamp_now(),
            dataset: r.dataset.clone(),
            dataset_hash: r.dataset_hash.clone(),
            question: r.question.clone(),
            provider: r.provider.clone(),
            model: None,
            plan: None,
            jail_mode: r.jail.clone(),
            limits: self.limits.clone(),
            replay_of: r.replay_of.clone(),
            validator_off: !r.validated,
        };
        let res = self.store.begin_run(&start).map_err(|e| e.to_string());
        self.note(res.clone());
        res
    }

    fn resume(&mut self, r: &RunReport, seen: u32) -> Result<(), String> {
        let res = self.store.resume_run(&r.run_id, seen).map(|_| ()).map_err(|e| e.to_string());
        self.note(res.clone());
        if res.is_ok() {
            self.resumed = Some((r.run_id.clone(), seen));
        }
        res
    }

    fn record(&mut self, run_id: &str, k: RecordKind, payload: &serde_json::Value) -> Result<(), String> {
        let res = self.audit.append(k, run_id, payload).map(|_| ()).map_err(|e| e.to_string());
        self.note(res.clone());
        res
    }

    fn finish(&mut self, r: &RunReport) -> Result<(), String> {
        // A continued run has its earlier attempts and model calls stored:
        // only what this continuation added is written, marked as added now.
        let resumed = self.resumed.take().filter(|(id, _)| *id == r.run_id).map(|(_, seen)| seen);
        let added_at = resumed.map(|_| store::timestamp_now());
        let calls_before = match resumed {
            Some(_) => self.store.llm_calls(&r.run_id).map_or(0, |c| c.len()),
            None => 0,
        };
        for a in r.attempts.iter().filter(|a| a.n > resumed.unwrap_or(0)) {
            let attempt = store::Attempt {
                run_id: r.run_id.clone(),
                n: a.n,
                sql: a.sql.clone(),
                status: a.status.word().to_string(),
                error_category: a.error.as_ref().map(|e| e.category.word().to_string()),
                error_message: a.error.as_ref().map(|e| e.message.clone()),
                repairer: a.repairer.clone(),
                rationale: a.rationale.clone(),
                diff: a.diff.clone(),
                duration_ms: a.duration_ms.round() as u64,
                added_at: added_at.clone(),
            };
            if let Err(e) = self.store.add_attempt(&attempt) {
                self.note(Err(e.to_string()));
            }
        }
        for (i, c) in r.llm_calls.iter().enumerate() {
            if let Err(e) = self.store.add_llm_call(&r.run_id, u32::try_from(calls_before + i + 1).unwrap_or(u32::MAX), c) {
                self.note(Err(e.to_string()));
            }
        }
        // A continuation keeps the run's planner and provider.
        if resumed.is_none() && (r.planner.is_some() || r.usage.is_some()) {
            if let Err(e) = self.store.set_run_model(&r.run_id, &r.provider, r.planner.as_deref(), r.usage.as_ref()) {
                self.note(Err(e.to_string()));
            }
        }
        let columns: Vec<(String, String)> = r.columns.iter().map(|c| (c.name.clone(), c.ty.clone())).collect();
        let ok = r.status == Status::Ok;
        let finish = RunFinish {
            run_id: r.run_id.clone(),
            finished_at: store::timestamp_now(),
            status: run_status(r.status),
            plan: r.plan.as_ref().and_then(|p| serde_json::to_value(p).ok()),
            final_sql: r.sql.clone(),
            error_category: r.error.as_ref().map(|e| e.category.word().to_string()),
            error_message: r.error.as_ref().map(|e| e.message.clone()),
            row_count: ok.then_some(r.row_count as u64),
            truncated: r.truncated,
            result_preview: ok.then(|| store::ResultPreview::of(&columns, &r.rows)),
            result_hash: ok.then(|| store::result_hash(&columns, &r.rows)),
            timings: serde_json::to_value(&r.timings_ms).ok(),
            tokens_in: r.usage.as_ref().map(|u| u.input_tokens),
            tokens_out: r.usage.as_ref().map(|u| u.output_tokens),
        };
        let res = self
            .store
            .finish_run(&finish)
            .map_err(|e| e.to_string())
            .and_then(|()| self.audit.flush().map_err(|e| e.to_string()));
        self.note(res.clone());
        if let (true, Some(fp), Some(q), Some(plan), Some(sql)) = (ok, &self.fingerprint, &r.question, &r.plan, &r.sql) {
            // Recipe memory is a convenience: failing to update it does not fail the run.
            let _ = self.recipes.record(
                &self.store,
                &NewRecipe { fingerprint: fp.clone(), question: q.clone(), plan: serde_json::to_value(plan).unwrap_or_default(), sql: sql.clone() },
            );
        }
        res
    }
}
