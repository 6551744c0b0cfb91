//! What the app tells a worker on its command line: `<exe> __jail <json>`,
//! where the JSON is a [`WorkerArgs`]. The worker's environment is empty, so
//! this is the only input it has besides the channel.
//!
//! Invariant: everything here comes from the app's own configuration, never
//! from SQL or any other user input reaching the worker at run time.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The hidden subcommand the binary's `main` routes to the worker.
pub const SUBCOMMAND: &str = "__jail";

/// How far the worker isolates itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkerMode {
    /// Namespaces, pivot_root, rlimits, capabilities dropped, Landlock, seccomp.
    Strict,
    /// Rlimits, capabilities dropped, Landlock, seccomp (no user namespaces).
    Reduced,
}

/// What the worker does once jailed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkerJob {
    /// Open DuckDB, report ready, answer one query.
    Query,
    /// Test and doctor mode: no DuckDB; report ready, then run the named
    /// syscall probe (or none) and report its errno.
    Probe(String),
}

/// The worker's whole configuration. Unknown fields are refused, so a
/// release binary handed a test-only field ([`TestHooks`]) fails to start
/// instead of ignoring it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WorkerArgs {
    pub mode: WorkerMode,
    pub job: WorkerJob,
    /// The prepared dataset on the host (canonical path).
    pub dataset: PathBuf,
    /// Strict mode: size of the scratch tmpfs (DuckDB's spill directory).
    /// Reduced mode has no writable directory at all.
    pub scratch_mb: u64,
    pub threads: u32,
    pub memory_limit_mb: u64,
    /// Warm DuckDB's cache while idle, up to this many MiB (0 = off).
    pub warm_mb: u64,
    /// RLIMIT_AS in MiB.
    pub address_space_mb: u64,
    /// RLIMIT_CPU soft limit in seconds (hard = soft + 1).
    pub cpu_secs: u64,
    pub nofile: u64,
    /// The app's pid, to notice if it died before PR_SET_PDEATHSIG took.
    pub parent_pid: i32,
    /// uid/gid to map inside the user namespace (the app's own).
    pub uid: u32,
    pub gid: u32,
    /// Test builds only: switches that take one wall down, so the other
    /// can be tested alone. Absent from the JSON when all are off.
    #[cfg(feature = "test-hooks")]
    #[serde(default, skip_serializing_if = "TestHooks::all_off")]
    pub test_hooks: TestHooks,
}

/// Test-only switches for a worker (feature `test-hooks`; never in a
/// binary built by `cargo build` or `cargo install`).
#[cfg(feature = "test-hooks")]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestHooks {
    /// Open DuckDB without its own lock-down (external access stays on,
    /// configuration unlocked, extension auto-install and auto-load at
    /// DuckDB's defaults), so only the OS jail stands between SQL and the
    /// host.
    pub duckdb_lockdown_off: bool,
}

#[cfg(feature = "test-hooks")]
impl TestHooks {
    fn all_off(&self) -> bool {
        *self == TestHooks::default()
    }
}

/// Why the worker's command line could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ArgsError {
    #[error("missing worker configuration argument after `{SUBCOMMAND}`")]
    Missing,
    #[error(
        "bad worker configuration ({0}); the worker must be the same build as the app \
         (test-only fields exist only in test builds)"
    )]
    Bad(serde_json::Error),
}

impl WorkerArgs {
    /// Encode as the single argument after [`SUBCOMMAND`].
    pub fn to_arg(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    /// Decode from the worker's argv: either the full argv
    /// (`[exe, "__jail", json]`) or just what follows the subcommand.
    pub fn from_argv(args: &[String]) -> Result<WorkerArgs, ArgsError> {
        let json = match args.iter().position(|a| a == SUBCOMMAND) {
            Some(i) => args.get(i + 1),
            None => args.first(),
        }
        .ok_or(ArgsError::Missing)?;
        serde_json::from_str(json).map_err(ArgsError::Bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> WorkerArgs {
        WorkerArgs {
            mode: WorkerMode::Strict,
            job: WorkerJob::Probe("socket".into()),
            dataset: "/data/x.duckdb".into(),
            scratch_mb: 64,
            threads: 2,
            memory_limit_mb: 512,
            warm_mb: 256,
            address_space_mb: 1536,
            cpu_secs: 60,
            nofile: 64,
            parent_pid: 42,
            uid: 1000,
            gid: 1000,
            #[cfg(feature = "test-hooks")]
            test_hooks: TestHooks::default(),
        }
    }

    #[test]
    fn argv_round_trip_with_and_without_prefix() {
        let a = sample();
        let json = a.to_arg().unwrap();
        let full = vec![
            "/proc/self/exe".to_string(),
            SUBCOMMAND.to_string(),
            json.clone(),
        ];
        assert_eq!(WorkerArgs::from_argv(&full).unwrap(), a);
        assert_eq!(WorkerArgs::from_argv(&[json]).unwrap(), a);
    }

    #[test]
    fn missing_or_bad_argument_is_an_error() {
        assert!(WorkerArgs::from_argv(&["x".into(), SUBCOMMAND.into()]).is_err());
        assert!(WorkerArgs::from_argv(&["{not json".into()]).is_err());
    }

    /// The sample as JSON with one more top-level field.
    fn with_field(name: &str, value: serde_json::Value) -> String {
        let mut v = serde_json::to_value(sample()).unwrap();
        assert!(v.get(name).is_none(), "{name} is already there");
        v[name] = value;
        v.to_string()
    }

    #[test]
    fn unknown_fields_are_refused_not_ignored() {
        let err = WorkerArgs::from_argv(&[with_field("lockdown", "off".into())]).unwrap_err();
        assert!(
            err.to_string().contains("unknown field `lockdown`"),
            "{err}"
        );
    }

    #[test]
    fn hooks_are_left_out_of_the_json_when_off() {
        assert!(!sample().to_arg().unwrap().contains("test_hooks"));
    }

    /// Test builds read the hook; a build without the feature (what
    /// `cargo build --release` ships) refuses the same argument. Under
    /// `cargo test` the feature is always on (self dev-dependency), so the
    /// shipped binary is checked end to end in `tests/release_build.rs`.
    #[test]
    fn the_lockdown_hook_parses_only_with_test_hooks() {
        let json = r#"{"duckdb_lockdown_off": true}"#;
        let arg = with_field("test_hooks", serde_json::from_str(json).unwrap());
        let got = WorkerArgs::from_argv(&[arg]);
        #[cfg(feature = "test-hooks")]
        assert!(got.unwrap().test_hooks.duckdb_lockdown_off);
        #[cfg(not(feature = "test-hooks"))]
        assert!(
            got.unwrap_err()
                .to_string()
                .contains("unknown field `test_hooks`"),
            "release parser accepted the hook"
        );
    }
}
