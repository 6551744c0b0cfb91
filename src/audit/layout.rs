//! File names in an audit directory, and finding a chain's segments.
//!
//! ```text
//! <dir>/audit.lock                          lock of the main chain (never deleted)
//! <dir>/audit-000001.jsonl ...              main chain segments, numbered from 1
//! <dir>/audit-000003.jsonl.torn-<stamp>     a torn tail set aside by recovery
//! <dir>/session-<stamp>-<pid>.lock          lock of a fallback chain
//! <dir>/session-<stamp>-<pid>-000001.jsonl  a fallback chain's segments
//! <dir>/blobs/<sha256>                      side store (shared)
//! ```
//!
//! Invariants:
//! - A segment file is `<chain>-<number>.jsonl`, the number at least six
//!   digits; anything else in the directory is ignored by readers.
//! - A chain's segments are read in number order.

use std::fs;
use std::path::{Path, PathBuf};

use super::AuditError;

/// The name of the main chain.
pub const MAIN_CHAIN: &str = "audit";

/// One segment file of a chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Its number (1 for the first).
    pub number: u32,
    /// Its path.
    pub path: PathBuf,
}

/// A chain: the main one, a writer's fallback chain, or one loose file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    /// The directory holding it.
    pub dir: PathBuf,
    /// `audit`, `session-...`, or the file name of a loose file.
    pub name: String,
    /// Its segments in number order (possibly none yet).
    pub segments: Vec<Segment>,
}

/// `<chain>-<number>.jsonl`.
pub(crate) fn segment_name(chain: &str, number: u32) -> String {
    format!("{chain}-{number:06}.jsonl")
}

/// Splits a segment file name into chain name and number.
pub(crate) fn parse_segment_name(name: &str) -> Option<(&str, u32)> {
    let stem = name.strip_suffix(".jsonl")?;
    let (chain, number) = stem.rsplit_once('-')?;
    if chain.is_empty() || number.len() < 6 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((chain, number.parse().ok()?))
}

/// The lock file of a chain.
pub(crate) fn lock_name(chain: &str) -> String {
    format!("{chain}.lock")
}

fn read_dir_names(dir: &Path) -> Result<Vec<String>, AuditError> {
    let io = |source| AuditError::Io {
        op: "list",
        path: dir.to_path_buf(),
        source,
    };
    let mut names = Vec::new();
    for item in fs::read_dir(dir).map_err(io)? {
        let item = item.map_err(io)?;
        if let Ok(name) = item.file_name().into_string() {
            names.push(name);
        }
    }
    Ok(names)
}

/// The segments of chain `chain` in `dir`.
pub(crate) fn list_chain(dir: &Path, chain: &str) -> Result<Chain, AuditError> {
    let mut segments: Vec<Segment> = read_dir_names(dir)?
        .iter()
        .filter_map(|name| match parse_segment_name(name) {
            Some((c, number)) if c == chain => Some(Segment {
                number,
                path: dir.join(name),
            }),
            _ => None,
        })
        .collect();
    segments.sort_by_key(|s| s.number);
    Ok(Chain {
        dir: dir.to_path_buf(),
        name: chain.to_string(),
        segments,
    })
}

/// Every chain in `dir`: the main chain first (even when it has no
/// segments yet), then fallback chains by name.
pub fn chains(dir: &Path) -> Result<Vec<Chain>, AuditError> {
    if !dir.is_dir() {
        return Err(AuditError::Missing {
            path: dir.to_path_buf(),
        });
    }
    let mut names: Vec<String> = read_dir_names(dir)?
        .iter()
        .filter_map(|n| parse_segment_name(n).map(|(c, _)| c.to_string()))
        .filter(|c| c != MAIN_CHAIN)
        .collect();
    names.sort();
    names.dedup();
    let mut out = vec![list_chain(dir, MAIN_CHAIN)?];
    for name in names {
        out.push(list_chain(dir, &name)?);
    }
    Ok(out)
}

/// The chain `path` names: a directory means its main chain; a segment
/// file means the whole chain it belongs to; any other file is a loose
/// one-file chain.
pub fn resolve(path: &Path) -> Result<Chain, AuditError> {
    let meta = fs::metadata(path).map_err(|_| AuditError::Missing {
        path: path.to_path_buf(),
    })?;
    if meta.is_dir() {
        return list_chain(path, MAIN_CHAIN);
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if let Some((chain, _)) = parse_segment_name(file_name) {
        return list_chain(&dir, chain);
    }
    Ok(Chain {
        dir,
        name: file_name.to_string(),
        segments: vec![Segment {
            number: 1,
            path: path.to_path_buf(),
        }],
    })
}
