//! One writer per chain: advisory exclusive locks on `<chain>.lock`, and
//! the fallback chain a writer takes when the main chain stays locked.
//!
//! Invariants:
//! - A writer holds its chain's lock (an `flock` through fs2) for its whole
//!   life; the lock goes with the file handle, so a crashed process never
//!   leaves a stale lock. Lock files are never deleted (deleting one would
//!   let two writers lock two different files of the same name).
//! - Two writers never append to the same chain: a writer that cannot get
//!   the main chain's lock within the timeout writes a fresh chain
//!   `session-<stamp>-<pid>[-n]` of its own (own genesis, own seq from 0).

use std::fs::{File, OpenOptions};
use std::io::ErrorKind;
use std::path::Path;
use std::thread::sleep;
use std::time::{Duration, Instant};

use super::layout::{list_chain, lock_name};
use super::AuditError;

/// How often a waiting writer retries the lock.
const POLL: Duration = Duration::from_millis(10);

fn open_lock_file(dir: &Path, chain: &str) -> Result<File, AuditError> {
    let path = dir.join(lock_name(chain));
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|source| AuditError::Io {
            op: "open the lock file",
            path,
            source,
        })
}

fn try_lock(file: &File, dir: &Path, chain: &str) -> Result<bool, AuditError> {
    match fs2::FileExt::try_lock_exclusive(file) {
        Ok(()) => Ok(true),
        Err(e)
            if e.kind() == ErrorKind::WouldBlock
                || e.raw_os_error() == fs2::lock_contended_error().raw_os_error() =>
        {
            Ok(false)
        }
        Err(source) => Err(AuditError::Io {
            op: "lock",
            path: dir.join(lock_name(chain)),
            source,
        }),
    }
}

/// Locks `chain` in `dir`, waiting up to `timeout`. `None` when another
/// writer still holds it then.
pub(crate) fn lock_within(
    dir: &Path,
    chain: &str,
    timeout: Duration,
) -> Result<Option<File>, AuditError> {
    let file = open_lock_file(dir, chain)?;
    let deadline = Instant::now() + timeout;
    loop {
        if try_lock(&file, dir, chain)? {
            return Ok(Some(file));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(None);
        }
        sleep(POLL.min(deadline - now));
    }
}

/// Picks and locks a fresh fallback chain named after `stamp` and this
/// process. Returns its name and lock.
pub(crate) fn lock_fallback(dir: &Path, stamp: &str) -> Result<(String, File), AuditError> {
    let base = format!("session-{stamp}-{}", std::process::id());
    for n in 0u32..1000 {
        let name = if n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        let file = open_lock_file(dir, &name)?;
        if try_lock(&file, dir, &name)? && list_chain(dir, &name)?.segments.is_empty() {
            return Ok((name, file));
        }
    }
    Err(AuditError::Io {
        op: "find a free fallback chain in",
        path: dir.to_path_buf(),
        source: std::io::Error::new(
            ErrorKind::AlreadyExists,
            "1000 fallback chain names are taken",
        ),
    })
}
