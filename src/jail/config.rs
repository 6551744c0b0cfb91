//! How the app configures its jailed workers: which binary to re-execute,
//! which prepared dataset, the mode, DuckDB's threads and memory, and the
//! rlimits and pool behaviour derived from them.
//!
//! Invariant: a configuration that would run SQL unjailed or in a weaker
//! mode than asked is refused by [`JailConfig::check`], never downgraded.

#[cfg(feature = "test-hooks")]
use super::args::TestHooks;
use super::args::{WorkerArgs, WorkerJob, WorkerMode};
use crate::runner::lockdown::EngineLimits;
use crate::runner::{ExecError, JailMode};
use std::path::PathBuf;
use std::time::Duration;

/// Environment variable (read by the app, never by workers) that makes the
/// jail behave as if user namespaces were unavailable: for testing the
/// reduced mode and the strict-mode refusal on hosts where they work.
pub const ENV_NO_USERNS: &str = "SANDPIPER_JAIL_NO_USERNS";

/// Everything needed to start workers for one dataset.
#[derive(Debug, Clone)]
pub struct JailConfig {
    /// The binary to re-execute as `<exe> __jail <json>`; `/proc/self/exe`
    /// in the app, `env!("CARGO_BIN_EXE_sandpiper")` in integration tests.
    pub exe: PathBuf,
    /// The prepared DuckDB file.
    pub dataset: PathBuf,
    /// `Strict` (default) or `Reduced`; `InProcess` is refused.
    pub mode: JailMode,
    pub threads: u32,
    pub memory_limit_mb: u64,
    /// RLIMIT_AS = memory_limit_mb + this (at least 1 GiB: DuckDB crashes
    /// with SIGSEGV instead of reporting out-of-memory when it is tighter).
    pub address_space_headroom_mb: u64,
    /// Size of the scratch tmpfs DuckDB may spill to (and RLIMIT_FSIZE);
    /// strict mode only: reduced mode has no writable directory, so DuckDB
    /// cannot spill and a query over memory_limit fails with memory_limit.
    pub scratch_mb: u64,
    /// While idle, a worker reads the dataset into DuckDB's cache up to this
    /// many MiB (0 = off), so queries do not start from a cold cache.
    pub warm_cache_mb: u64,
    /// RLIMIT_CPU in seconds: a backstop behind the wall-clock deadline.
    pub cpu_secs: u64,
    /// RLIMIT_NOFILE.
    pub nofile: u64,
    /// Workers kept ready.
    pub pool_size: usize,
    /// Longest a worker may take from spawn to ready.
    pub startup_timeout: Duration,
    /// Consecutive start failures before the jail reports itself broken.
    pub max_start_failures: u32,
    /// Behave as if this host had no user namespaces (see [`ENV_NO_USERNS`]).
    pub force_no_userns: bool,
    /// Let workers write to the app's stderr (debugging only).
    pub inherit_stderr: bool,
    /// Test builds only: weaken the workers to test one wall alone (see
    /// [`TestHooks`]).
    #[cfg(feature = "test-hooks")]
    pub test_hooks: TestHooks,
}

impl JailConfig {
    /// Defaults for `dataset`: strict mode, DuckDB's default engine limits,
    /// `/proc/self/exe` as the worker binary.
    pub fn new(dataset: impl Into<PathBuf>) -> JailConfig {
        let limits = EngineLimits::default();
        JailConfig {
            exe: PathBuf::from("/proc/self/exe"),
            dataset: dataset.into(),
            mode: JailMode::Strict,
            threads: limits.threads,
            memory_limit_mb: limits.memory_limit_mb,
            address_space_headroom_mb: 1024,
            warm_cache_mb: limits.memory_limit_mb / 2,
            scratch_mb: 256,
            cpu_secs: 120,
            nofile: 64,
            pool_size: 1,
            startup_timeout: Duration::from_secs(10),
            max_start_failures: 5,
            force_no_userns: std::env::var_os(ENV_NO_USERNS)
                .is_some_and(|v| !v.is_empty() && v != "0"),
            inherit_stderr: false,
            #[cfg(feature = "test-hooks")]
            test_hooks: TestHooks::default(),
        }
    }

    /// Take DuckDB's threads and memory limit from `limits`.
    pub fn with_limits(mut self, limits: &EngineLimits) -> JailConfig {
        self.threads = limits.threads;
        self.memory_limit_mb = limits.memory_limit_mb;
        self
    }

    /// Refuse configurations that cannot be honoured as asked.
    pub fn check(&self) -> Result<WorkerMode, ExecError> {
        let mode =
            match self.mode {
                JailMode::Strict => WorkerMode::Strict,
                JailMode::Reduced => WorkerMode::Reduced,
                JailMode::InProcess => return Err(ExecError::JailSetupFailed(
                    "the jailed runner cannot run in-process; use the in-process runner explicitly"
                        .into(),
                )),
            };
        if mode == WorkerMode::Strict && self.force_no_userns {
            return Err(ExecError::JailSetupFailed(format!(
                "user namespaces are marked unavailable ({ENV_NO_USERNS} is set), so the strict jail \
                 cannot start; unset it, or run with `--jail reduced` (seccomp, rlimits and Landlock only)"
            )));
        }
        if !self.dataset.is_file() {
            return Err(ExecError::JailSetupFailed(format!(
                "the prepared dataset {} does not exist",
                self.dataset.display()
            )));
        }
        Ok(mode)
    }

    /// The worker's command-line configuration for `job`.
    pub(crate) fn worker_args(&self, mode: WorkerMode, job: WorkerJob) -> WorkerArgs {
        // SAFETY (the three calls): plain getters that cannot fail.
        let (pid, uid, gid) = unsafe { (libc::getpid(), libc::getuid(), libc::getgid()) };
        WorkerArgs {
            mode,
            job,
            dataset: self
                .dataset
                .canonicalize()
                .unwrap_or_else(|_| self.dataset.clone()),
            scratch_mb: self.scratch_mb,
            threads: self.threads.max(1),
            memory_limit_mb: self.memory_limit_mb,
            warm_mb: self.warm_cache_mb.min(self.memory_limit_mb / 2),
            address_space_mb: self.memory_limit_mb + self.address_space_headroom_mb.max(1024),
            cpu_secs: self.cpu_secs.max(1),
            nofile: self.nofile.max(16),
            parent_pid: pid,
            uid,
            gid,
            #[cfg(feature = "test-hooks")]
            test_hooks: self.test_hooks,
        }
    }
}
