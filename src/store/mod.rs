//! The run store: one SQLite file holding a capsule for every run (question,
//! plan, SQL, attempts, result preview and hash, timings, limits) and the
//! recipe memory's table.
//!
//! Invariants:
//! - The file is opened in WAL mode with foreign keys on and a busy timeout,
//!   so the UI can read while a run is being written.
//! - The schema is versioned by `PRAGMA user_version` (see `migrations`); a
//!   file from a newer sandpiper is refused before anything is written, and a
//!   file that is not SQLite is refused by name.
//! - A run row exists from `begin_run` on with status `running`; only
//!   `finish_run` or `mark_interrupted` move it out of `running`.

mod error;
mod llm_calls;
mod migrations;
mod records;
mod result_hash;
mod runs;
#[cfg(test)]
mod tests;

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags};

pub use error::StoreError;
pub use migrations::SCHEMA_VERSION;
pub use records::{
    new_run_id, timestamp_now, Attempt, ResultPreview, RunCapsule, RunFinish, RunStart, RunStatus,
    RunSummary, PREVIEW_ROWS,
};
pub use result_hash::{canonical_json, result_hash, ResultHasher};

/// How long a write waits for another process holding the lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The first 16 bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// An open, migrated run store.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

impl Store {
    /// Opens (creating if needed) the store at `path` and migrates it to
    /// [`SCHEMA_VERSION`].
    ///
    /// Refuses a file that is not SQLite ([`StoreError::NotADatabase`]) and a
    /// store written by a newer sandpiper ([`StoreError::TooNew`]).
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        check_header(path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| open_error(path, e))?;
        Store::setup(conn, path)
    }

    /// A private store in memory (tests, benchmarks, `--no-store` runs).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let path = Path::new(":memory:");
        let conn = Connection::open_in_memory().map_err(|e| open_error(path, e))?;
        Store::setup(conn, path)
    }

    fn setup(mut conn: Connection, path: &Path) -> Result<Store, StoreError> {
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| open_error(path, e))?;
        // The version check comes first: switching journal mode writes the
        // header, and a newer store must be left exactly as it is.
        migrations::refuse_newer(&conn, path)?;
        // In memory the answer is "memory"; either way is fine.
        conn.pragma_update_and_check(None, "journal_mode", "wal", |row| row.get::<_, String>(0))
            .map_err(|e| open_error(path, e))?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| open_error(path, e))?;
        conn.pragma_update(None, "foreign_keys", true)
            .map_err(|e| open_error(path, e))?;
        migrations::migrate(&mut conn, path)?;
        Ok(Store {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// The file this store lives in (`:memory:` for an in-memory store).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The underlying connection, for modules that keep their own tables in
    /// the store (the recipe memory).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The schema version of the open store (always [`SCHEMA_VERSION`]).
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        Ok(migrations::current_version(&self.conn)?)
    }

    /// Runs `PRAGMA integrity_check`; returns `"ok"` for a sound file, else
    /// SQLite's findings, one per line.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let lines = stmt
            .query_map([], |row| row.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(lines.join("\n"))
    }
}

/// Refuses an existing non-empty file that does not start with SQLite's magic.
fn check_header(path: &Path) -> Result<(), StoreError> {
    let mut file = match File::open(path) {
        Ok(file) => file,
        // Missing: SQLite creates it. Anything else: let SQLite report it.
        Err(_) => return Ok(()),
    };
    if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Ok(());
    }
    let mut head = Vec::with_capacity(SQLITE_MAGIC.len());
    file.by_ref()
        .take(SQLITE_MAGIC.len() as u64)
        .read_to_end(&mut head)
        .map_err(|source| StoreError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    if head.is_empty() || head.as_slice() == SQLITE_MAGIC {
        Ok(())
    } else {
        Err(StoreError::NotADatabase {
            path: path.to_path_buf(),
        })
    }
}

/// Maps an SQLite error met while opening, naming the file.
pub(crate) fn open_error(path: &Path, source: rusqlite::Error) -> StoreError {
    match source.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => StoreError::NotADatabase {
            path: path.to_path_buf(),
        },
        _ => StoreError::Open {
            path: path.to_path_buf(),
            source,
        },
    }
}
