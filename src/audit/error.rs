//! Errors of the audit log.
//!
//! Every variant about a file names it and says what the user can do.
//! Verification does not use these: it reports a [`super::Problem`] in its
//! report, because a broken log is a finding, not a failure to look.

use std::path::PathBuf;

use super::jcs::JcsError;

/// What can go wrong opening, writing or reading the audit log.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// A filesystem operation failed.
    #[error("cannot {op} {path}: {source}")]
    Io {
        /// What was being done ("open", "read", "sync", ...).
        op: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },

    /// The audit path or file does not exist.
    #[error("{path} does not exist; check the audit directory ($SANDPIPER_HOME/audit)")]
    Missing {
        /// The path asked for.
        path: PathBuf,
    },

    /// The audit path exists but is not a directory.
    #[error("{path} is not a directory, so it cannot hold the audit log; move it aside or set another SANDPIPER_HOME")]
    NotADirectory {
        /// The path asked for.
        path: PathBuf,
    },

    /// A segment file whose first line is not a sandpiper audit entry.
    #[error(
        "{path} is not a sandpiper audit log (line 1: {why}); nothing was changed: \
         move the file out of the audit directory and try again"
    )]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What is wrong with its first line.
        why: String,
    },

    /// A damaged line that is not a torn last write, so it is not repaired.
    #[error(
        "{path} line {line} is damaged ({why}) and was not written by a crash; nothing was \
         changed: run `sandpiper audit verify` and move the file aside to start a new chain"
    )]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: u64,
        /// What is wrong with it.
        why: String,
    },

    /// Appending failed; the file was cut back so no partial entry remains.
    #[error("could not append to the audit log {path}: {source}; the entry was not recorded (is the disk full?)")]
    Write {
        /// The segment file.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },

    /// Syncing a batch failed; entries since the last sync may be lost.
    #[error(
        "could not sync the audit log {path}: {source}; up to {unsynced} recent entries may not \
         be on disk; reopen the log to recover"
    )]
    Sync {
        /// The segment file.
        path: PathBuf,
        /// Entries written since the last successful sync.
        unsynced: u64,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },

    /// An earlier failure left the file in an unknown state.
    #[error("the audit writer for {path} stopped after an earlier error ({why}); reopen the log")]
    Poisoned {
        /// The segment file.
        path: PathBuf,
        /// The earlier error.
        why: String,
    },

    /// A payload that has no canonical JSON form.
    #[error("the audit payload cannot be canonicalized: {0}")]
    Payload(#[from] JcsError),

    /// A timestamp RFC 3339 cannot write.
    #[error("timestamp year {year} is outside 0000..=9999; check the system clock")]
    TimeOutOfRange {
        /// The year.
        year: i32,
    },

    /// A chain reached 2^53 entries, past which `seq` is not exact in JSON.
    #[error("the audit chain is full (2^53 entries); start a new audit directory")]
    ChainFull,

    /// A side-store blob whose bytes do not match its name.
    #[error("side-store blob {path} is damaged (its content hashes to {actual_hash})")]
    BlobMismatch {
        /// The blob file.
        path: PathBuf,
        /// What its bytes hash to.
        actual_hash: String,
    },

    /// A side-store blob that is not JSON.
    #[error("side-store blob {path} is not JSON: {why}")]
    BlobNotJson {
        /// The blob file.
        path: PathBuf,
        /// The parser's message.
        why: String,
    },

    /// A benchmark's verify pass found a problem.
    #[error("the audit log did not verify: {0}")]
    NotIntact(String),
}
