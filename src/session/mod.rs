//! A session: what lives across questions. The dataset registry and the
//! active dataset with its planner, one pool of jailed workers for it (so
//! every query after the first is served by a pre-warmed worker), the
//! recorder (audit log + run store) and recipe index opened once, and the
//! settings. The CLI's one-shot commands, `eval` and the TUI all run
//! questions through a session, so there is one way to run a question.
//!
//! Invariants: jailed workers are kept warm for at most `warm_datasets`
//! datasets (the active one, and with the setting at 2 the one before);
//! switching datasets retires (kills and reaps) the workers of any dataset
//! beyond that before new ones start, so the number of live workers and
//! their memory stay under [`Session::worker_ceiling`] however many
//! datasets a session visits. A `Session` is `Send`: a UI can drive it from
//! a thread of its own.

pub mod engine;
mod workers;

use crate::agent::Request;
use crate::dataset::{prepare::prepare, Dataset, DatasetError, Registry};
use crate::driver::{run_with_result, Approver, NoRecords, Recorder, RunContext, RunOptions};
use crate::runner::ResultSet;
use std::sync::Arc;
use crate::home::{Home, HomeError, Settings};
use crate::jail::{JailConfig, JailedRunner};
use crate::planner::model::{HybridPlanner, ModelSetup, PlannerMode};
use crate::planner::Planner;
use crate::progress::ProgressSink;
use crate::records::{Records, RecordsError};
use crate::repair::chain::Chain;
use crate::repair::model::ModelRepairer;
use crate::report::RunReport;
use crate::runner::lockdown::EngineLimits;
use crate::runner::{CancelToken, ExecError, JailMode, Runner};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Duration;

pub use workers::{rss_bytes, WorkerCeiling, WorkerStats};

/// Why a session could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Home(#[from] HomeError),
    #[error(transparent)]
    Dataset(#[from] DatasetError),
    #[error(transparent)]
    Records(#[from] RecordsError),
    #[error("{0}")]
    Jail(ExecError),
    #[error("no dataset is open in this session (choose one first)")]
    NoDataset,
}

/// How to open a session. `None` fields come from the settings.
#[derive(Debug, Clone, Default)]
pub struct SessionOptions {
    /// Query isolation; the settings' `jail` otherwise.
    pub jail: Option<JailMode>,
    /// Wall-clock limit per query.
    pub timeout: Option<Duration>,
    /// Write the audit log and run capsules (off for eval and benchmarks).
    pub record: bool,
    /// The home to use instead of the environment's (tests).
    pub home: Option<Home>,
    /// The binary jailed workers re-execute (tests: the built binary, since
    /// `/proc/self/exe` of a test harness is not sandpiper).
    pub worker_exe: Option<PathBuf>,
    /// A model to plan and repair with; None keeps the offline planner
    /// and the rules alone, exactly as without models.
    pub model: Option<ModelSetup>,
}

/// What may differ between runs of one session.
#[derive(Debug, Clone, Default)]
pub struct RunOverrides {
    /// `provider` in the report; by default the planner's name for
    /// questions and `user` for SQL.
    pub provider: Option<String>,
    pub replay_of: Option<String>,
    pub row_cap: Option<u64>,
    pub timeout: Option<Duration>,
    /// Executions per run instead of the settings' `max_attempts`.
    pub max_attempts: Option<u32>,
    /// Keep the answer as Arrow batches (the workbench grid), see
    /// [`Session::run_with_result`].
    pub keep_arrow: bool,
}

/// A dataset with its planner and its warm workers.
struct Loaded {
    dataset: Dataset,
    planner: HybridPlanner,
    runner: JailedRunner,
}

/// See the module documentation.
pub struct Session {
    home: Home,
    settings: Settings,
    registry: Registry,
    jail: JailMode,
    timeout: Duration,
    worker_exe: Option<PathBuf>,
    active: Option<Loaded>,
    /// Datasets used before the active one whose workers stay warm,
    /// most recent first (at most `warm_datasets - 1`).
    standby: VecDeque<Loaded>,
    records: Option<Records>,
    repairer: Chain,
    model: Option<ModelSetup>,
    /// Things the user should be told once (dataset prepared, reduced jail).
    notices: Vec<String>,
    /// Approval mode's gate (the workbench's `--approve`); None never waits.
    approver: Option<Box<dyn Approver>>,
}

impl Session {
    /// Open a session: home, settings, registry and (when recording) the
    /// audit log and run store. No dataset is open yet.
    pub fn open(opts: SessionOptions) -> Result<Session, SessionError> {
        let home = match opts.home {
            Some(h) => h,
            None => Home::locate()?,
        };
        home.check_writable()?;
        let settings = Settings::load()?;
        let jail = opts.jail.unwrap_or(settings.jail_mode());
        let timeout = opts.timeout.unwrap_or(Duration::from_secs(settings.timeout_secs.max(1)));
        let records = if opts.record {
            let limits = serde_json::json!({
                "timeout_secs": timeout.as_secs(),
                "memory_limit_mb": settings.memory_limit_mb,
                "threads": settings.threads,
                "max_attempts": settings.max_attempts,
            });
            Some(Records::open(&home, limits)?)
        } else {
            None
        };
        Ok(Session {
            registry: Registry::new(home.clone()),
            home,
            settings,
            jail,
            timeout,
            worker_exe: opts.worker_exe,
            active: None,
            standby: VecDeque::new(),
            records,
            // The model repairs only when it may also plan: `offline`
            // means no model calls at all.
            repairer: Chain::new(
                opts.model
                    .as_ref()
                    .filter(|m| m.mode != PlannerMode::Offline)
                    .map(ModelRepairer::new),
            ),
            model: opts.model,
            notices: Vec::new(),
            approver: None,
        })
    }

    /// Ask `approver` before each attempt of every later run (approval
    /// mode); None runs without asking.
    pub fn set_approver(&mut self, approver: Option<Box<dyn Approver>>) {
        self.approver = approver;
    }

    pub fn home(&self) -> &Home {
        &self.home
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn jail_mode(&self) -> JailMode {
        self.jail
    }

    /// The active dataset, if one is open.
    pub fn dataset(&self) -> Option<&Dataset> {
        self.active.as_ref().map(|l| &l.dataset)
    }

    /// Notices gathered since the last call (print them once).
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// The audit log and run store, when this session records.
    pub fn records_mut(&mut self) -> Option<&mut Records> {
        self.records.as_mut()
    }

    /// Make `name` (or the settings' default dataset) the active dataset.
    /// Its workers start warming at once; datasets beyond the
    /// `warm_datasets` setting are retired first.
    pub fn use_dataset(&mut self, name: Option<&str>) -> Result<&Dataset, SessionError> {
        let name = name.unwrap_or(&self.settings.default_dataset).to_string();
        let ds = self.registry.open(&name)?;
        let current = self.active.as_ref().is_some_and(|l| l.dataset.name() == ds.name() && l.dataset.hash == ds.hash);
        if !current {
            let keep = self.settings.warm_datasets.saturating_sub(1);
            if let Some(old) = self.active.take() {
                self.standby.push_front(old);
            }
            // Reuse a warm standby for this very dataset, else start one.
            let reuse = self.standby.iter().position(|l| l.dataset.name() == ds.name() && l.dataset.hash == ds.hash);
            let loaded = match reuse.and_then(|i| self.standby.remove(i)) {
                Some(l) => l,
                None => {
                    // Retire before starting, so the ceiling holds even
                    // while the new workers warm up.
                    self.standby.truncate(keep);
                    self.load(ds)?
                }
            };
            self.standby.truncate(keep);
            if let Some(r) = self.records.as_mut() {
                r.set_dataset(&loaded.dataset.manifest);
            }
            self.active = Some(loaded);
        }
        self.active.as_ref().map(|l| &l.dataset).ok_or(SessionError::NoDataset)
    }

    fn limits(&self) -> EngineLimits {
        EngineLimits { threads: self.settings.threads, memory_limit_mb: self.settings.memory_limit_mb, temp_dir: None }
    }

    fn jail_config(&self, db: PathBuf) -> JailConfig {
        let mut cfg = JailConfig::new(db).with_limits(&self.limits());
        cfg.mode = self.jail;
        if let Some(exe) = &self.worker_exe {
            cfg.exe = exe.clone();
        }
        cfg
    }

    fn load(&mut self, ds: Dataset) -> Result<Loaded, SessionError> {
        let (db, built) = prepare(&ds, &self.home)?;
        if built {
            self.notices.push(format!("prepared dataset {} ({})", ds.name(), &ds.hash[..12.min(ds.hash.len())]));
        }
        let runner = JailedRunner::start(self.jail_config(db)).map_err(SessionError::Jail)?;
        if self.jail == JailMode::Reduced {
            self.notices.push("jail mode REDUCED: seccomp, rlimits and Landlock only (no namespaces)".into());
        }
        let values = if ds.builtin { Ok(None) } else { crate::dataset::value_index::ValueIndex::load(&ds.dir) };
        let values = values.unwrap_or_else(|e| {
            self.notices.push(format!("{e}; values are placed by column names only"));
            None
        });
        let planner = HybridPlanner::new(&ds.manifest, self.model.as_ref()).with_values(values.as_ref());
        Ok(Loaded { planner, dataset: ds, runner })
    }

    /// The active dataset's jailed runner (eval runs gold SQL on it).
    pub fn runner(&mut self) -> Result<&mut JailedRunner, SessionError> {
        self.active.as_mut().map(|l| &mut l.runner).ok_or(SessionError::NoDataset)
    }

    /// Run one request on the active dataset to the end, publishing
    /// progress to `progress`; `cancel` stops it (the worker is killed).
    pub fn run(
        &mut self,
        request: Request,
        over: &RunOverrides,
        progress: &dyn ProgressSink,
        cancel: &CancelToken,
    ) -> Result<RunReport, SessionError> {
        self.run_with_result(request, over, progress, cancel).map(|(r, _)| r)
    }

    /// [`Session::run`], also returning the answer as Arrow batches when
    /// `over.keep_arrow` is set and the run ended `ok`.
    pub fn run_with_result(
        &mut self,
        request: Request,
        over: &RunOverrides,
        progress: &dyn ProgressSink,
        cancel: &CancelToken,
    ) -> Result<(RunReport, Option<Arc<ResultSet>>), SessionError> {
        let loaded = self.active.as_mut().ok_or(SessionError::NoDataset)?;
        // The token budget is per run.
        if let Some(m) = &self.model {
            m.meter.reset();
        }
        if let (Request::Ask { question }, true) = (&request, loaded.planner.has_model()) {
            loaded.planner.set_hints(recipe_hints(self.records.as_mut(), question));
        }
        let provider = over.provider.clone().unwrap_or_else(|| match request {
            Request::Ask { .. } => loaded.planner.name(),
            Request::Sql { .. } | Request::Plan { .. } | Request::Repair { .. } => "user".into(),
        });
        let mut none = NoRecords;
        let recorder: &mut dyn Recorder = match self.records.as_mut() {
            Some(r) => r,
            None => &mut none,
        };
        let mut ctx = RunContext {
            dataset: &loaded.dataset,
            runner: &mut loaded.runner,
            planner: &mut loaded.planner,
            repairer: &mut self.repairer,
            recorder,
            progress,
            cancel,
            options: RunOptions {
                timeout: over.timeout.unwrap_or(self.timeout),
                provider,
                replay_of: over.replay_of.clone(),
                row_cap: over.row_cap,
                max_attempts: over.max_attempts.unwrap_or(self.settings.max_attempts),
                repair_budget: std::time::Duration::from_secs(self.settings.repair_budget_secs),
                keep_arrow: over.keep_arrow,
            },
            approver: match self.approver.as_mut() {
                Some(a) => Some(a.as_mut()),
                None => None,
            },
        };
        Ok(run_with_result(request, &mut ctx))
    }

    /// The model setup, when one is configured.
    pub fn model(&self) -> Option<&ModelSetup> {
        self.model.as_ref()
    }

    /// Live jailed workers of this session and their resident memory.
    pub fn worker_stats(&self) -> WorkerStats {
        let pids: Vec<i32> = self
            .active
            .iter()
            .chain(self.standby.iter())
            .flat_map(|l| l.runner.live_worker_pids())
            .collect();
        WorkerStats::of(&pids)
    }

    /// The most workers and memory this session's workers may hold.
    pub fn worker_ceiling(&self) -> WorkerCeiling {
        let cfg = self.jail_config(PathBuf::new());
        WorkerCeiling::new(self.settings.warm_datasets, &cfg)
    }

    /// The active dataset's runner mode (strict or reduced, never hidden).
    pub fn runner_mode(&self) -> Option<JailMode> {
        self.active.as_ref().map(|l| l.runner.mode())
    }
}

/// Recipes similar to `question` on the active dataset's schema, for the
/// model's context (none when the session does not record).
fn recipe_hints(records: Option<&mut Records>, question: &str) -> Vec<crate::llm::context::RecipeHint> {
    let Some(r) = records else { return Vec::new() };
    let Some(fp) = r.fingerprint.clone() else { return Vec::new() };
    r.recipes
        .similar(&r.store, &fp, question, 3)
        .map(|found| {
            found
                .into_iter()
                .map(|(rec, score)| crate::llm::context::RecipeHint { question: rec.question, sql: rec.sql, score })
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_can_move_to_another_thread() {
        fn is_send<T: Send>() {}
        is_send::<Session>();
    }
}
