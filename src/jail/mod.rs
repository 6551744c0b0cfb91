//! The jail: every SQL statement runs in a separate, pre-warmed, single-use
//! worker process that can read nothing but the active dataset's prepared
//! DuckDB file, write nothing outside its own small scratch tmpfs, reach no
//! network, start no program, and whose crash, hang or memory blow-up
//! cannot hurt the app.
//!
//! App side: [`JailedRunner`] (the `Runner`), `config` ([`JailConfig`]),
//! `pool` (pre-warmed single-use workers, back-off), `spawn` (re-executing
//! the binary with `posix_spawn`), `session` (one query: deadline, caps,
//! classification), `results` (Arrow IPC both ends), `channel` + `protocol`
//! (framing and messages), `classify` (how a death becomes an `ExecError`),
//! [`doctor`] (what this host supports), [`bench`] (what the jail costs).
//! Worker side: [`worker::main_from_args`] (the hidden `__jail` subcommand)
//! and its steps: `privs`, `setup` (namespaces, new root), `rlimits`,
//! `landlock`, `engine` (DuckDB, cache warm-up), `seccomp`, `probe` (test
//! and doctor mode). `args` is the command line between the two sides.
//!
//! Invariant: nothing ever runs silently unjailed: strict mode refuses when
//! the host lacks user namespaces; reduced mode must be asked for and says
//! so in every output (via `Runner::mode`).

pub mod args;
pub mod bench;
pub mod channel;
pub mod classify;
pub mod config;
pub mod doctor;
pub mod engine;
pub mod jailed;
pub mod landlock;
pub mod pool;
pub mod privs;
pub mod probe;
pub mod protocol;
pub mod results;
pub mod rlimits;
pub mod seccomp;
pub mod session;
pub mod setup;
pub mod spawn;
pub mod worker;

pub use classify::{ExitInfo, ExitKind};
pub use config::{JailConfig, ENV_NO_USERNS};
pub use jailed::JailedRunner;
pub use protocol::Fault;

use crate::runner::ExecError;

/// What a syscall probe did inside a jailed worker.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ProbeOutcome {
    /// The call returned; 0 = success, else its errno.
    Errno(i32),
    /// The worker died (a call on the kill list ends it by SIGSYS).
    Died(ExitInfo),
}

/// Jail a worker exactly as for a query (minus DuckDB), run syscall probe
/// `name` (see `probe::PROBES`) inside it, and report what happened.
pub fn run_probe(cfg: &JailConfig, name: &str) -> Result<ProbeOutcome, ExecError> {
    let mode = cfg.check()?;
    match spawn::probe(cfg, mode, name) {
        Ok(Ok(errno)) => Ok(ProbeOutcome::Errno(errno)),
        Ok(Err(exit)) => Ok(ProbeOutcome::Died(exit)),
        Err(e) => Err(ExecError::JailSetupFailed(e.to_string())),
    }
}
