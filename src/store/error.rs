//! Errors of the run store.
//!
//! Every variant that concerns the file names it, and says what the user can
//! do about it; SQLite's own message is kept as the source.

use std::path::PathBuf;

/// What can go wrong opening or using the run store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be opened or configured as SQLite (permissions,
    /// missing directory, a directory in its place, a locked file).
    #[error("cannot open the run store {path}: {source}")]
    Open {
        /// The store file.
        path: PathBuf,
        /// SQLite's reason.
        #[source]
        source: rusqlite::Error,
    },

    /// The file could not be read to check that it is a database.
    #[error("cannot read the run store {path}: {source}")]
    Io {
        /// The store file.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },

    /// The file exists but is not an SQLite database.
    #[error(
        "{path} is not an SQLite database, so it cannot be a sandpiper run store; \
         move it aside or choose another store path"
    )]
    NotADatabase {
        /// The offending file.
        path: PathBuf,
    },

    /// The file was written by a newer sandpiper; it is left untouched.
    #[error(
        "the run store {path} has schema version {found}, but this sandpiper only knows \
         versions up to {supported}; it was written by a newer sandpiper. Upgrade sandpiper, \
         or choose another store path (the store is never downgraded)"
    )]
    TooNew {
        /// The store file.
        path: PathBuf,
        /// The `user_version` found in the file.
        found: i64,
        /// The newest version this build knows.
        supported: i64,
    },

    /// The file carries a schema version no sandpiper writes (negative).
    #[error(
        "the run store {path} has schema version {found}, which no sandpiper writes; \
         choose another store path"
    )]
    UnknownVersion {
        /// The store file.
        path: PathBuf,
        /// The `user_version` found in the file.
        found: i64,
    },

    /// A schema migration failed; the store is left at the previous version.
    #[error("upgrading the run store {path} to schema version {version} failed: {source}")]
    Migration {
        /// The store file.
        path: PathBuf,
        /// The version being applied.
        version: i64,
        /// SQLite's reason.
        #[source]
        source: rusqlite::Error,
    },

    /// No run has this id (or id prefix).
    #[error("no run with id {run_id} in the run store")]
    UnknownRun {
        /// The id or prefix asked for.
        run_id: String,
    },

    /// An id prefix matches more than one run.
    #[error("run id prefix {prefix} is ambiguous: it matches {candidates}; type more characters")]
    AmbiguousRunId {
        /// The prefix asked for.
        prefix: String,
        /// Some of the matching ids, comma separated.
        candidates: String,
    },

    /// An empty string was given as a run id.
    #[error("an empty run id matches every run; give at least one character of the id")]
    EmptyRunId,

    /// A run was started twice under the same id.
    #[error("a run with id {run_id} already exists in the run store")]
    DuplicateRun {
        /// The repeated id.
        run_id: String,
    },

    /// `finish_run` on a run that is no longer running.
    #[error("run {run_id} cannot be finished: it is already {status}")]
    NotRunning {
        /// The run.
        run_id: String,
        /// Its current status.
        status: String,
    },

    /// `resume_run` on a run that has not finished (another process may be
    /// working on it).
    #[error("run {run_id} is still running: a repair can continue it once it has finished")]
    StillRunning {
        /// The run.
        run_id: String,
    },

    /// `resume_run` from fewer (or more) attempts than the run has stored:
    /// the repair was made from an old view of the run.
    #[error(
        "run {run_id} has {stored} attempts recorded but the repair was made from {seen}; \
         reopen the run (runs history) and repair its latest attempts"
    )]
    StaleAttempts {
        /// The run.
        run_id: String,
        /// Attempts in the store.
        stored: u32,
        /// Attempts the repair knew of.
        seen: u32,
    },

    /// A status that is not one of the known run statuses (or `running` given
    /// as a final status).
    #[error("{status:?} is not a valid {role} run status")]
    InvalidStatus {
        /// The text found.
        status: String,
        /// "stored" or "final".
        role: &'static str,
    },

    /// The same attempt number was recorded twice for a run.
    #[error("attempt {n} of run {run_id} was already recorded")]
    DuplicateAttempt {
        /// The run.
        run_id: String,
        /// The attempt number.
        n: u32,
    },

    /// A JSON column could not be written or read back.
    #[error("the {column} of run {run_id} is not valid JSON: {source}")]
    Json {
        /// The run.
        run_id: String,
        /// Which column.
        column: &'static str,
        /// serde_json's reason.
        #[source]
        source: serde_json::Error,
    },

    /// A number does not fit the column (counts beyond i64::MAX).
    #[error("the {column} of run {run_id} is out of range")]
    OutOfRange {
        /// The run.
        run_id: String,
        /// Which column.
        column: &'static str,
    },

    /// Any other SQLite failure while using an open store.
    #[error("run store query failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
}
