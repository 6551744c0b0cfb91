//! The wire between the app and a jailed worker: length-prefixed frames over
//! the socketpair the worker inherits as fd 3.
//!
//! A frame is `u32 little-endian length | u8 tag | payload` (see `channel`).
//! Control frames carry the JSON messages defined here; `Data` frames carry
//! Arrow IPC stream bytes, each frame a whole number of IPC messages.
//!
//! Invariant: the app sends exactly one `Query`; a worker sends `Ready` or
//! `SetupFailed`, at most one `Warm`, then (after the query) `Data`* and one
//! of `Done` / `SqlError`, or (probe mode) one `ProbeResult`.

use serde::{Deserialize, Serialize};

pub use super::channel::{socketpair, Channel, Frame, RecvError};

/// The fd number the worker finds its channel on.
pub const CHANNEL_FD: i32 = 3;

/// Largest control (non-data) frame either side accepts.
pub const MAX_CONTROL_FRAME: usize = 4 * 1024 * 1024;

/// Largest SQL text the app sends to a worker.
pub const MAX_SQL_BYTES: usize = 1024 * 1024;

/// What a frame is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Tag {
    /// App -> worker: the one query ([`QueryMsg`]).
    Query = 1,
    /// Worker -> app: jailed and ready ([`ReadyMsg`]).
    Ready = 10,
    /// Worker -> app: a set-up step failed ([`SetupFailedMsg`]).
    SetupFailed = 11,
    /// Worker -> app: Arrow IPC stream bytes.
    Data = 12,
    /// Worker -> app: the result is complete ([`DoneMsg`]).
    Done = 13,
    /// Worker -> app: DuckDB refused or failed the statement (UTF-8 text).
    SqlError = 14,
    /// Worker -> app: outcome of a syscall probe ([`ProbeMsg`]).
    ProbeResult = 15,
    /// Worker -> app, while idle: its cache warm-up finished (no payload).
    /// May also arrive just before the first result frame; readers skip it.
    Warm = 16,
}

impl Tag {
    /// The tag for a header byte.
    pub fn from_u8(v: u8) -> Option<Tag> {
        Some(match v {
            1 => Tag::Query,
            10 => Tag::Ready,
            11 => Tag::SetupFailed,
            12 => Tag::Data,
            13 => Tag::Done,
            14 => Tag::SqlError,
            15 => Tag::ProbeResult,
            16 => Tag::Warm,
            _ => return None,
        })
    }
}

/// A test-only fault the worker injects after it receives the query. Set
/// only through the Rust API (`JailedRunner::inject_fault`), never from SQL.
///
/// Exists only in builds with the `test-hooks` feature (this package's own
/// tests); see the uninhabited release twin below.
#[cfg(feature = "test-hooks")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// Write through a null pointer (a real SIGSEGV).
    Segfault,
    /// `abort()` (SIGABRT).
    Abort,
    /// Call a syscall the filter kills on (SIGSYS).
    BlockedSyscall,
}

/// Release builds: a fault with no values. Keeping the type (rather than
/// removing the field) leaves the query path identical in both builds,
/// while no release binary can construct, send or accept a fault: a
/// `QueryMsg` naming one fails to parse ("there are no variants"), and the
/// worker treats that as a protocol error.
#[cfg(not(feature = "test-hooks"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fault {}

/// App -> worker: the single query this worker answers. Unknown fields are
/// refused, so a field one build knows and the other does not (`fault`)
/// is an error, never silently dropped.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueryMsg {
    pub sql: String,
    pub max_rows: u64,
    pub max_bytes: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<Fault>,
}

/// Worker -> app: jailed, DuckDB open and locked, seccomp on.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct ReadyMsg {
    /// "strict" or "reduced".
    pub mode: String,
    /// Landlock ABI the kernel offers (0 = none).
    pub landlock_abi: u32,
    /// "full", "partial" or "none".
    pub landlock: String,
    /// Milliseconds from worker start to ready, and per step.
    pub setup_ms: f64,
    pub steps: Vec<(String, f64)>,
}

/// Worker -> app: why the jail could not be built.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SetupFailedMsg {
    /// The step that failed ("user namespace", "pivot_root", "duckdb", ...).
    pub stage: String,
    pub message: String,
    /// True when retrying cannot help (a host setting, a missing file).
    pub permanent: bool,
}

/// Worker -> app: result complete.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct DoneMsg {
    /// Rows sent (at most max_rows + 1).
    pub rows: u64,
    /// True when the worker stopped before the end of the result.
    pub stopped_early: bool,
    /// Milliseconds DuckDB and the writer took inside the worker.
    pub engine_ms: f64,
}

/// Worker -> app: what one probe syscall did.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ProbeMsg {
    pub probe: String,
    /// 0 when the call succeeded, else the errno it failed with.
    pub errno: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_without_a_fault_does_not_mention_one() {
        let msg = QueryMsg {
            sql: "SELECT 1".into(),
            max_rows: 10,
            max_bytes: 100,
            fault: None,
        };
        let json = serde_json::to_string(&msg).unwrap();
        assert!(!json.contains("fault"), "{json}");
    }

    #[test]
    fn unknown_query_fields_are_refused() {
        let err = serde_json::from_str::<QueryMsg>(
            r#"{"sql":"SELECT 1","max_rows":1,"max_bytes":1,"lockdown":"off"}"#,
        )
        .unwrap_err();
        assert!(
            err.to_string().contains("unknown field `lockdown`"),
            "{err}"
        );
    }

    /// What a release worker does with a fault: the `not(test-hooks)`
    /// half runs only in a build without the feature (see
    /// `tests/release_build.rs` for the shipped binary itself).
    #[test]
    fn a_fault_parses_only_with_test_hooks() {
        let got = serde_json::from_str::<QueryMsg>(
            r#"{"sql":"SELECT 1","max_rows":1,"max_bytes":1,"fault":"segfault"}"#,
        );
        #[cfg(feature = "test-hooks")]
        assert_eq!(got.unwrap().fault, Some(Fault::Segfault));
        #[cfg(not(feature = "test-hooks"))]
        assert!(got.unwrap_err().to_string().contains("no variants"));
    }
}
