//! The tamper-evident audit log: an append-only, hash-chained JSONL record
//! of everything a session did (questions, plans, SQL, verdicts, runs,
//! repairs, answers, exports, config changes).
//!
//! Format (any tool can check it):
//! - Each line is one JSON object: `seq` (from 0, +1 per entry across all
//!   segments), `ts` (UTC RFC 3339, microseconds), `run_id` (empty for
//!   session-level entries), `kind` (snake_case, see [`Kind`]), `payload`,
//!   `prev_hash`, `hash`.
//! - `hash` = lowercase hex SHA-256 of the RFC 8785 (JCS) canonical JSON of
//!   the object without `hash`; `prev_hash` = the previous entry's `hash`,
//!   64 zeros ([`GENESIS_HASH`]) for the first.
//! - A payload whose canonical JSON is over the threshold (4 KiB by
//!   default) is stored as `blobs/<sha256>` and the entry holds
//!   `{"$ref": "<sha256>", "bytes": n}` ([`SideStore`]).
//! - Segments `audit-000001.jsonl`, `audit-000002.jsonl`, ... rotate at a
//!   size limit; each segment's first entry chains to the previous
//!   segment's last ([`layout`] lists every file name).
//!
//! Invariants:
//! - One writer per chain (an advisory lock on `audit.lock`); a second
//!   writer waits, then writes its own `session-...` chain; chains never
//!   interleave ([`Writer::open`]).
//! - A failed append leaves no partial line; a torn last line from a crash
//!   is set aside at open and recorded by a `recovered` entry; any other
//!   damage makes open refuse rather than "repair" it.
//! - Every line is byte for byte what the writer wrote (fixed member
//!   order, canonical payload), and [`verify`] checks that too, so any
//!   edit of a line is caught, even one that keeps its values.
//! - [`verify`] names the first bad file and line; removing entries from
//!   the end is only detectable against a head recorded elsewhere.
//! - Opening checks only the first and last lines of the last segment (its
//!   cost does not grow with history); [`verify`] checks everything.
//! - No tokio, no UI: this is a pure library over `std::fs`.

mod bench;
mod clock;
mod entry;
mod error;
pub mod jcs;
pub mod layout;
mod line;
mod lock;
mod recover;
mod sidestore;
#[cfg(test)]
mod tests;
mod verify;
mod writer;

use std::fs::File;
use std::path::Path;

pub use bench::{bench_append, bench_append_runs, bench_verify};
pub use clock::{format_ts, Clock, ManualClock, SystemClock};
pub use entry::{Entry, Kind, GENESIS_HASH};
pub use error::AuditError;
pub use layout::{chains, resolve, Chain, Segment, MAIN_CHAIN};
pub use sidestore::{BlobProblem, BlobRef, SideStore, BLOB_DIR};
pub use verify::{head, show, verify, verify_chain, Problem, ProblemKind, Show, VerifyReport};
pub use writer::{Appended, Fsync, Options, Recovery, Writer};

/// Syncs a directory so entries created or renamed in it survive a crash.
pub(crate) fn sync_dir(dir: &Path) -> Result<(), AuditError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|source| AuditError::Io {
            op: "sync",
            path: dir.to_path_buf(),
            source,
        })
}
