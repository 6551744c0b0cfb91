//! Versioned schema migrations of the run store.
//!
//! The schema version lives in SQLite's `PRAGMA user_version`. `MIGRATIONS[i]`
//! takes a store from version `i` to version `i + 1`; each is applied in its own
//! `BEGIN IMMEDIATE` transaction together with the new `user_version`, so a
//! failed migration leaves the store at the previous version and two processes
//! opening the same store cannot both apply one.
//!
//! Invariants: migrations are append-only (never edit a released one); a store
//! whose version is newer than [`SCHEMA_VERSION`] is refused, never touched.

use std::path::Path;

use rusqlite::{Connection, TransactionBehavior};

use super::error::StoreError;

/// Schema migrations, in order. Index `i` upgrades version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    // 1: run capsules and their attempts.
    "CREATE TABLE runs (
        run_id              TEXT PRIMARY KEY NOT NULL,
        started_at          TEXT NOT NULL,
        finished_at         TEXT,
        dataset             TEXT NOT NULL,
        dataset_hash        TEXT NOT NULL,
        question            TEXT,
        provider            TEXT NOT NULL,
        model               TEXT,
        plan_json           TEXT,
        final_sql           TEXT,
        status              TEXT NOT NULL CHECK (status IN
                              ('running','ok','failed','rejected','not_understood','interrupted')),
        error_category      TEXT,
        error_message       TEXT,
        row_count           INTEGER,
        truncated           INTEGER NOT NULL DEFAULT 0,
        result_preview_json TEXT,
        result_hash         TEXT,
        timings_json        TEXT,
        jail_mode           TEXT NOT NULL,
        limits_json         TEXT NOT NULL,
        tokens_in           INTEGER,
        tokens_out          INTEGER,
        replay_of           TEXT,
        validator_off       INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX runs_started_at ON runs (started_at);
    CREATE INDEX runs_status ON runs (status);
    CREATE TABLE attempts (
        run_id          TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
        n               INTEGER NOT NULL,
        sql             TEXT NOT NULL,
        status          TEXT NOT NULL,
        error_category  TEXT,
        error_message   TEXT,
        repairer        TEXT,
        rationale       TEXT,
        duration_ms     INTEGER NOT NULL,
        PRIMARY KEY (run_id, n)
    );",
    // 2: recipe memory (logic in `crate::recipes`).
    "CREATE TABLE recipes (
        id          INTEGER PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        intent      TEXT NOT NULL,
        question    TEXT NOT NULL,
        plan_json   TEXT NOT NULL,
        sql         TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        last_used   TEXT NOT NULL,
        use_count   INTEGER NOT NULL DEFAULT 1,
        UNIQUE (fingerprint, intent)
    );",
    // 3: status `cancelled`. SQLite cannot alter a CHECK constraint, so the
    // runs table is rebuilt. Attempts are set aside in a plain copy first:
    // dropping `runs` deletes its rows, which would cascade into any table
    // that references it.
    "CREATE TABLE runs_v3 (
        run_id              TEXT PRIMARY KEY NOT NULL,
        started_at          TEXT NOT NULL,
        finished_at         TEXT,
        dataset             TEXT NOT NULL,
        dataset_hash        TEXT NOT NULL,
        question            TEXT,
        provider            TEXT NOT NULL,
        model               TEXT,
        plan_json           TEXT,
        final_sql           TEXT,
        status              TEXT NOT NULL CHECK (status IN
                              ('running','ok','failed','rejected','not_understood','interrupted','cancelled')),
        error_category      TEXT,
        error_message       TEXT,
        row_count           INTEGER,
        truncated           INTEGER NOT NULL DEFAULT 0,
        result_preview_json TEXT,
        result_hash         TEXT,
        timings_json        TEXT,
        jail_mode           TEXT NOT NULL,
        limits_json         TEXT NOT NULL,
        tokens_in           INTEGER,
        tokens_out          INTEGER,
        replay_of           TEXT,
        validator_off       INTEGER NOT NULL DEFAULT 0
    );
    INSERT INTO runs_v3 SELECT * FROM runs;
    CREATE TABLE attempts_copy AS SELECT * FROM attempts;
    DROP TABLE attempts;
    DROP TABLE runs;
    ALTER TABLE runs_v3 RENAME TO runs;
    CREATE INDEX runs_started_at ON runs (started_at);
    CREATE INDEX runs_status ON runs (status);
    CREATE TABLE attempts (
        run_id          TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
        n               INTEGER NOT NULL,
        sql             TEXT NOT NULL,
        status          TEXT NOT NULL,
        error_category  TEXT,
        error_message   TEXT,
        repairer        TEXT,
        rationale       TEXT,
        duration_ms     INTEGER NOT NULL,
        PRIMARY KEY (run_id, n)
    );
    INSERT INTO attempts SELECT * FROM attempts_copy;
    DROP TABLE attempts_copy;",
    // 4: each repair's unified diff against the attempt it repairs.
    "ALTER TABLE attempts ADD COLUMN diff TEXT;",
    // 5: model accounting: which planner answered, the run's summed usage,
    // and one row per model call (with the context's provenance).
    "ALTER TABLE runs ADD COLUMN planner TEXT;
    ALTER TABLE runs ADD COLUMN usage_json TEXT;
    CREATE TABLE llm_calls (
        run_id              TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
        n                   INTEGER NOT NULL,
        purpose             TEXT NOT NULL,
        provider            TEXT NOT NULL,
        model               TEXT NOT NULL,
        input_tokens        INTEGER NOT NULL,
        output_tokens       INTEGER NOT NULL,
        cache_read_tokens   INTEGER NOT NULL,
        cache_write_tokens  INTEGER NOT NULL,
        first_token_ms      INTEGER,
        total_ms            INTEGER NOT NULL,
        cost_usd            REAL,
        duration_ms         REAL NOT NULL,
        ok                  INTEGER NOT NULL,
        error               TEXT,
        tool_calls_json     TEXT NOT NULL,
        context_json        TEXT,
        PRIMARY KEY (run_id, n)
    );",
    // 6: a finished run continued by the user's repair (the workbench's
    // stepper re-runs or edits an attempt): the attempts it appended carry
    // the time they were added; the run's own attempts keep NULL.
    "ALTER TABLE attempts ADD COLUMN added_at TEXT;",
];

/// The newest schema version this build knows (and migrates to).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Reads the store's `user_version`.
pub(super) fn current_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
}

/// Refuses a store from a newer sandpiper. Called before anything writes.
pub(super) fn refuse_newer(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let found = current_version(conn).map_err(|source| super::open_error(path, source))?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found,
            supported: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// Brings the store up to [`SCHEMA_VERSION`], one transaction per step.
pub(super) fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    migrate_to(conn, path, SCHEMA_VERSION)
}

/// Applies migrations up to `target` (tests stop early to build old stores).
pub(super) fn migrate_to(
    conn: &mut Connection,
    path: &Path,
    target: i64,
) -> Result<(), StoreError> {
    loop {
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|source| super::open_error(path, source))?;
        // Re-read inside the write lock: another process may have migrated.
        let version = current_version(&tx).map_err(|source| super::open_error(path, source))?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: path.to_path_buf(),
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        if version < 0 {
            return Err(StoreError::UnknownVersion {
                path: path.to_path_buf(),
                found: version,
            });
        }
        if version >= target {
            return Ok(());
        }
        let next = version + 1;
        let failed = |source| StoreError::Migration {
            path: path.to_path_buf(),
            version: next,
            source,
        };
        let sql = usize::try_from(version)
            .ok()
            .and_then(|i| MIGRATIONS.get(i))
            .ok_or(StoreError::UnknownVersion {
                path: path.to_path_buf(),
                found: version,
            })?;
        tx.execute_batch(sql).map_err(failed)?;
        tx.pragma_update(None, "user_version", next)
            .map_err(failed)?;
        tx.commit().map_err(failed)?;
    }
}
