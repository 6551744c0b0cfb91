//! What a writer finds at the end of a chain when it opens it, and how a
//! torn last line is set aside.
//!
//! Invariants:
//! - Only the bytes after the last newline of the last segment are ever
//!   treated as torn: a single write is cut short by a crash, it does not
//!   damage a line that ends in a newline. Any damaged complete line is
//!   [`AuditError::Corrupt`] and nothing is changed.
//! - A file whose first line is not a valid entry was never ours
//!   ([`AuditError::Foreign`]) and is not touched; a file that holds only a
//!   partial first line is ours only if it starts as our lines do
//!   (`{"seq":`) or is all NUL bytes (a zero-filled tail after power loss).
//! - Setting aside copies the tail to `<segment>.torn-<stamp>` and syncs it
//!   before the segment is cut back, so the bytes are never lost.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::entry::GENESIS_HASH;
use super::layout::Chain;
use super::line::{parse_hash, LineChecker, LineFacts};
use super::{sync_dir, AuditError};

/// A torn tail found at open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TornTail {
    /// Where the valid part of the segment ends.
    pub offset: u64,
    /// The bytes after it.
    pub bytes: Vec<u8>,
    /// Why they were judged torn.
    pub reason: String,
}

/// The state at the end of a chain.
#[derive(Debug, Clone)]
pub(crate) struct ChainEnd {
    /// The seq the next entry gets.
    pub next_seq: u64,
    /// The hash it chains to.
    pub head: [u8; 32],
    /// Length of the last segment once a torn tail is cut off.
    pub valid_len: u64,
    /// A torn tail of the last segment, to be set aside.
    pub torn: Option<TornTail>,
}

fn read(path: &Path) -> Result<Vec<u8>, AuditError> {
    fs::read(path).map_err(|source| AuditError::Io {
        op: "read",
        path: path.to_path_buf(),
        source,
    })
}

/// The complete lines of a segment's bytes and what follows the last
/// newline.
fn split(data: &[u8]) -> (&[u8], &[u8]) {
    let end = data.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    data.split_at(end)
}

/// Checks the first and last complete lines of one segment and returns the
/// last entry, or `None` when the segment has no complete line.
fn last_entry(
    path: &Path,
    complete: &[u8],
    checker: &mut LineChecker,
) -> Result<Option<LineFacts>, AuditError> {
    if complete.is_empty() {
        return Ok(None);
    }
    let body = &complete[..complete.len() - 1];
    let first = body.split(|&b| b == b'\n').next().unwrap_or(body);
    let facts = checker.check(first).map_err(|e| AuditError::Foreign {
        path: path.to_path_buf(),
        why: e.to_string(),
    })?;
    let count = complete.iter().filter(|&&b| b == b'\n').count() as u64;
    if count == 1 {
        return Ok(Some(facts));
    }
    let last = body.rsplit(|&b| b == b'\n').next().unwrap_or(body);
    checker
        .check(last)
        .map(Some)
        .map_err(|e| AuditError::Corrupt {
            path: path.to_path_buf(),
            line: count,
            why: e.to_string(),
        })
}

/// Inspects the end of `chain` (which the caller has locked).
pub(crate) fn inspect(chain: &Chain) -> Result<ChainEnd, AuditError> {
    let genesis = parse_hash(GENESIS_HASH).unwrap_or([0; 32]);
    let mut checker = LineChecker::default();
    let Some((last, earlier)) = chain.segments.split_last() else {
        return Ok(ChainEnd {
            next_seq: 0,
            head: genesis,
            valid_len: 0,
            torn: None,
        });
    };
    let data = read(&last.path)?;
    let (complete, tail) = split(&data);
    let mut end = last_entry(&last.path, complete, &mut checker)?;

    let torn = if tail.is_empty() {
        None
    } else if complete.is_empty()
        && !tail.starts_with(b"{\"seq\":")
        && !tail.iter().all(|&b| b == 0)
    {
        return Err(AuditError::Foreign {
            path: last.path.clone(),
            why: "it does not start like an audit entry".into(),
        });
    } else {
        let reason = if checker.check(tail).is_ok() {
            "last line is complete but has no newline: its write was cut short"
        } else {
            "incomplete last line with no newline: a write was cut short (crash or power loss)"
        };
        Some(TornTail {
            offset: complete.len() as u64,
            bytes: tail.to_vec(),
            reason: reason.into(),
        })
    };

    // An empty last segment (a crash right after rotation): chain to the
    // last entry of the segments before it.
    for seg in earlier.iter().rev() {
        if end.is_some() {
            break;
        }
        let data = read(&seg.path)?;
        let (complete, tail) = split(&data);
        if !tail.is_empty() {
            let line = complete.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            return Err(AuditError::Corrupt {
                path: seg.path.clone(),
                line,
                why: "incomplete last line in a segment that is not the last".into(),
            });
        }
        end = last_entry(&seg.path, complete, &mut checker)?;
    }

    let (next_seq, head) = match end {
        Some(f) => (f.seq + 1, f.hash),
        None => (0, genesis),
    };
    Ok(ChainEnd {
        next_seq,
        head,
        valid_len: complete.len() as u64,
        torn,
    })
}

/// Copies `torn` to a side file next to `segment` and cuts the segment
/// back to `torn.offset`. Returns the side file.
pub(crate) fn set_aside(
    segment: &Path,
    torn: &TornTail,
    stamp: &str,
) -> Result<PathBuf, AuditError> {
    let dir = segment.parent().unwrap_or(Path::new("."));
    let base = segment
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("segment");
    let io = |op: &'static str, path: &Path| {
        let path = path.to_path_buf();
        move |source| AuditError::Io { op, path, source }
    };
    let mut attempt = 0u32;
    let (side, mut file) = loop {
        let name = match attempt {
            0 => format!("{base}.torn-{stamp}"),
            n => format!("{base}.torn-{stamp}-{n}"),
        };
        let side = dir.join(name);
        match OpenOptions::new().write(true).create_new(true).open(&side) {
            Ok(f) => break (side, f),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 1000 => {
                attempt += 1
            }
            Err(e) => return Err(io("create", &side)(e)),
        }
    };
    file.write_all(&torn.bytes).map_err(io("write", &side))?;
    file.sync_all().map_err(io("sync", &side))?;
    sync_dir(dir)?;
    let seg = OpenOptions::new()
        .write(true)
        .open(segment)
        .map_err(io("open", segment))?;
    seg.set_len(torn.offset).map_err(io("truncate", segment))?;
    seg.sync_all().map_err(io("sync", segment))?;
    Ok(side)
}

/// Opens `path` for appending, creating it if needed.
pub(crate) fn open_append(path: &Path) -> Result<File, AuditError> {
    OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|source| AuditError::Io {
            op: "open",
            path: path.to_path_buf(),
            source,
        })
}
