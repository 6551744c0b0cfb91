//! Opening a prepared dataset in DuckDB, locked down: read-only, bounded
//! threads and memory, no extension loading, no external access, and the
//! configuration locked so SQL cannot loosen any of it. Shared by the
//! in-process runner and the jailed worker, so both run under the same rules.
//!
//! Order matters: limits first, then `enable_external_access = false`, then
//! `lock_configuration = true`, then a self-test that both took.

use duckdb::{AccessMode, Config, Connection};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// DuckDB resource settings for one connection.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct EngineLimits {
    pub threads: u32,
    /// DuckDB `memory_limit` in MiB (without /proc DuckDB guesses 80% of RAM).
    pub memory_limit_mb: u64,
    /// Where DuckDB may spill; must be private to this connection.
    pub temp_dir: Option<PathBuf>,
}

impl Default for EngineLimits {
    fn default() -> Self {
        EngineLimits {
            threads: 2,
            memory_limit_mb: 1024,
            temp_dir: None,
        }
    }
}

/// Why a locked-down connection could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum LockdownError {
    #[error("cannot open prepared dataset {path}: {source}")]
    Open {
        path: PathBuf,
        source: duckdb::Error,
    },
    #[error("cannot apply DuckDB setting `{setting}`: {source}")]
    Setting {
        setting: String,
        source: duckdb::Error,
    },
    #[error("DuckDB lock-down self-test failed: {0}")]
    SelfTest(String),
}

/// Open `db` read-only with every restriction applied and verified.
pub fn open_locked(db: &Path, limits: &EngineLimits) -> Result<Connection, LockdownError> {
    let config = base_config(limits)?
        .enable_autoload_extension(false)
        .map_err(|e| setting("autoload_known_extensions", e))?
        .with("autoinstall_known_extensions", "false")
        .map_err(|e| setting("autoinstall_known_extensions", e))?
        .with("allow_persistent_secrets", "false")
        .map_err(|e| setting("allow_persistent_secrets", e))?;
    let conn = open_with(db, config)?;
    conn.execute_batch("SET enable_external_access = false; SET lock_configuration = true;")
        .map_err(|e| setting("enable_external_access / lock_configuration", e))?;
    self_test(&conn)?;
    Ok(conn)
}

/// Test builds only (feature `test-hooks`): open `db` like [`open_locked`]
/// (read-only, same threads, memory limit and spill directory) but with
/// none of DuckDB's own restrictions: external access on, extension
/// auto-install and auto-load and persistent secrets at DuckDB's defaults,
/// configuration unlocked. The jail's attack suite runs against this to
/// show the OS jail holds on its own.
///
/// DuckDB's home directory (where extensions are installed) is the spill
/// directory: the worker has no `HOME`, and without a home DuckDB refuses
/// `INSTALL` and extension auto-loading itself, before they ever reach the
/// network; with one, those attacks meet the OS jail's network wall.
#[cfg(feature = "test-hooks")]
pub fn open_unlocked(db: &Path, limits: &EngineLimits) -> Result<Connection, LockdownError> {
    let mut config = base_config(limits)?;
    if let Some(dir) = &limits.temp_dir {
        config = config
            .with("home_directory", dir.to_string_lossy())
            .map_err(|e| setting("home_directory", e))?;
    }
    open_with(db, config)
}

fn setting(name: &str, source: duckdb::Error) -> LockdownError {
    LockdownError::Setting {
        setting: name.to_string(),
        source,
    }
}

/// Read-only, threads, memory limit and spill directory: resource settings
/// both openings share.
fn base_config(limits: &EngineLimits) -> Result<Config, LockdownError> {
    let mut config = Config::default()
        .access_mode(AccessMode::ReadOnly)
        .map_err(|e| setting("access_mode", e))?
        .threads(i64::from(limits.threads.max(1)))
        .map_err(|e| setting("threads", e))?
        .max_memory(&format!("{}MB", limits.memory_limit_mb))
        .map_err(|e| setting("memory_limit", e))?;
    if let Some(dir) = &limits.temp_dir {
        config = config
            .with("temp_directory", dir.to_string_lossy())
            .map_err(|e| setting("temp_directory", e))?;
    }
    Ok(config)
}

fn open_with(db: &Path, config: Config) -> Result<Connection, LockdownError> {
    Connection::open_with_flags(db, config).map_err(|source| LockdownError::Open {
        path: db.to_path_buf(),
        source,
    })
}

/// Check the lock-down took: external access off, configuration locked, and
/// a SET now fails.
pub fn self_test(conn: &Connection) -> Result<(), LockdownError> {
    let fail = |m: String| LockdownError::SelfTest(m);
    let (external, locked): (String, String) = conn
        .query_row(
            "SELECT CAST(current_setting('enable_external_access') AS VARCHAR), \
                    CAST(current_setting('lock_configuration') AS VARCHAR)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .map_err(|e| fail(e.to_string()))?;
    if external != "false" {
        return Err(fail(format!("enable_external_access is {external}")));
    }
    if locked != "true" {
        return Err(fail(format!("lock_configuration is {locked}")));
    }
    if conn.execute_batch("SET threads = 64").is_ok() {
        return Err(fail("SET still accepted after lock_configuration".into()));
    }
    Ok(())
}
