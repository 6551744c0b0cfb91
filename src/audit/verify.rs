//! Checking a chain end to end, and reading it back.
//!
//! Invariants:
//! - [`verify`] reads every line of every segment in order and stops at the
//!   FIRST problem, naming the file and 1-based line; the report's `entries`
//!   and `head` then describe the good prefix before it.
//! - Per line the checks run in this order: JSON, entry fields, own hash,
//!   byte layout, `prev_hash` link, `seq`, side-store blob. So a deleted or swapped line
//!   shows up as a `prev_hash` mismatch at the first line after the gap.
//! - Deleting whole entries at the end keeps a valid chain; only comparing
//!   with a head recorded elsewhere (`expect_head`) catches it.
//! - Nothing here writes.

use std::collections::HashSet;
use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use super::entry::{Entry, GENESIS_HASH};
use super::layout::{resolve, Chain};
use super::line::{parse_hash, LineChecker, LineError};
use super::sidestore::{BlobProblem, SideStore};
use super::AuditError;

/// Longest line [`verify`] reads (our lines are a few KiB: large payloads
/// go to the side store); a longer one is reported, not loaded.
const MAX_LINE: u64 = 64 * 1024 * 1024;

/// The outcome of [`verify`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    /// The chain checked (`audit`, `session-...`, or a loose file's name).
    pub chain: String,
    /// Segment files read.
    pub segments: Vec<PathBuf>,
    /// Entries that verified (all of them when intact; before the problem
    /// otherwise).
    pub entries: u64,
    /// Hash of the last entry that verified ([`GENESIS_HASH`] if none).
    pub head: String,
    /// The first problem, if any.
    pub problem: Option<Problem>,
}

impl VerifyReport {
    /// True when no problem was found.
    pub fn is_intact(&self) -> bool {
        self.problem.is_none()
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            None => write!(
                f,
                "audit chain `{}` intact: {} entries in {} segment(s), head {}",
                self.chain,
                self.entries,
                self.segments.len(),
                self.head
            ),
            Some(p) => write!(
                f,
                "audit chain `{}` BROKEN after {} good entries: {p}",
                self.chain, self.entries
            ),
        }
    }
}

/// Where a chain first goes wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file.
    pub file: PathBuf,
    /// 1-based line number; 0 when the problem is the file itself.
    pub line: u64,
    /// What is wrong.
    pub kind: ProblemKind,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.kind)
        } else {
            write!(
                f,
                "{} line {}: {}",
                self.file.display(),
                self.line,
                self.kind
            )
        }
    }
}

/// The ways a chain can be broken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    /// The path given does not exist.
    Missing,
    /// A segment number is skipped (a segment file was removed).
    MissingSegment {
        /// The file that should be there.
        expected: PathBuf,
    },
    /// The file could not be read.
    Unreadable(String),
    /// The line is not UTF-8 JSON.
    BadJson(String),
    /// The line is JSON but not an entry.
    BadEntry(String),
    /// Values and hash check out but the bytes are not what the writer
    /// wrote (a number or string re-spelled, spacing, member order).
    NotCanonical,
    /// The first line of a file is not an entry at all: not our file.
    Foreign(String),
    /// The last line has no newline: a write was cut short.
    Torn,
    /// The stored hash is not the hash of the entry's content.
    HashMismatch {
        /// `hash` as stored.
        stored: String,
        /// What the content hashes to.
        computed: String,
    },
    /// `prev_hash` is not the previous entry's hash.
    PrevHashMismatch {
        /// The previous entry's hash.
        expected: String,
        /// `prev_hash` as stored.
        found: String,
    },
    /// `seq` is not one more than the previous entry's.
    SeqGap {
        /// The seq that should be there.
        expected: u64,
        /// The seq stored.
        found: u64,
    },
    /// The side-store blob the payload refers to is missing.
    MissingBlob {
        /// Its hash.
        hash: String,
    },
    /// The blob's bytes do not match its reference.
    BlobMismatch {
        /// The referenced hash.
        hash: String,
        /// What the file's bytes hash to.
        actual_hash: String,
    },
    /// The chain is intact but ends somewhere else than expected (entries
    /// were removed from its end, or it was replaced).
    HeadMismatch {
        /// The head asked for.
        expected: String,
        /// The head found.
        found: String,
    },
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemKind::Missing => f.write_str("does not exist"),
            ProblemKind::MissingSegment { expected } => {
                write!(f, "segment {} is missing", expected.display())
            }
            ProblemKind::Unreadable(e) => write!(f, "cannot be read: {e}"),
            ProblemKind::BadJson(e) => write!(f, "not valid JSON: {e}"),
            ProblemKind::BadEntry(e) => write!(f, "not a valid entry: {e}"),
            ProblemKind::NotCanonical => f.write_str(super::line::NOT_CANONICAL),
            ProblemKind::Foreign(e) => write!(f, "not a sandpiper audit file ({e})"),
            ProblemKind::Torn => f.write_str("incomplete last line (no newline): a write was cut short"),
            ProblemKind::HashMismatch { stored, computed } => {
                write!(f, "hash mismatch: stored {stored}, content hashes to {computed} (entry altered)")
            }
            ProblemKind::PrevHashMismatch { expected, found } => write!(
                f,
                "prev_hash mismatch: expected {expected}, found {found} (entry removed, reordered or inserted)"
            ),
            ProblemKind::SeqGap { expected, found } => write!(f, "seq gap: expected {expected}, found {found}"),
            ProblemKind::MissingBlob { hash } => write!(f, "side-store blob {hash} is missing"),
            ProblemKind::BlobMismatch { hash, actual_hash } => {
                write!(f, "side-store blob {hash} is damaged (content hashes to {actual_hash})")
            }
            ProblemKind::HeadMismatch { expected, found } => write!(
                f,
                "head mismatch: expected {expected}, the log ends at {found} (entries removed from the end?)"
            ),
        }
    }
}

/// Verifies the chain at `path` (a directory: its main chain; a segment
/// file: the chain it belongs to; another file: that file alone), and, if
/// given, that it ends at `expect_head`.
pub fn verify(path: &Path, expect_head: Option<&str>) -> VerifyReport {
    let chain = match resolve(path) {
        Ok(c) => c,
        Err(e) => {
            let kind = match e {
                AuditError::Missing { .. } => ProblemKind::Missing,
                other => ProblemKind::Unreadable(other.to_string()),
            };
            return VerifyReport {
                chain: String::new(),
                segments: Vec::new(),
                entries: 0,
                head: GENESIS_HASH.to_string(),
                problem: Some(Problem {
                    file: path.to_path_buf(),
                    line: 0,
                    kind,
                }),
            };
        }
    };
    verify_chain(&chain, expect_head)
}

/// Verifies one chain (see [`verify`]).
pub fn verify_chain(chain: &Chain, expect_head: Option<&str>) -> VerifyReport {
    let mut v = Verifier {
        checker: LineChecker::default(),
        blobs: SideStore::new(&chain.dir),
        blobs_ok: HashSet::new(),
        entries: 0,
        head: parse_hash(GENESIS_HASH).unwrap_or([0; 32]),
        next_seq: 0,
        last: None,
    };
    let problem = v.run(chain).err().or_else(|| {
        let expected = expect_head?;
        let found = hex::encode(v.head);
        if expected.eq_ignore_ascii_case(&found) {
            return None;
        }
        let (file, line) = v.last.clone().unwrap_or_else(|| (chain.dir.clone(), 0));
        Some(Problem {
            file,
            line,
            kind: ProblemKind::HeadMismatch {
                expected: expected.to_string(),
                found,
            },
        })
    });
    VerifyReport {
        chain: chain.name.clone(),
        segments: chain.segments.iter().map(|s| s.path.clone()).collect(),
        entries: v.entries,
        head: hex::encode(v.head),
        problem,
    }
}

struct Verifier {
    checker: LineChecker,
    blobs: SideStore,
    blobs_ok: HashSet<String>,
    entries: u64,
    head: [u8; 32],
    next_seq: u64,
    /// File and line of the last entry that verified.
    last: Option<(PathBuf, u64)>,
}

impl Verifier {
    fn run(&mut self, chain: &Chain) -> Result<(), Problem> {
        for (i, seg) in chain.segments.iter().enumerate() {
            let expected_number = 1 + i as u32;
            if seg.number != expected_number {
                let expected = chain
                    .dir
                    .join(super::layout::segment_name(&chain.name, expected_number));
                return Err(Problem {
                    file: expected.clone(),
                    line: 0,
                    kind: ProblemKind::MissingSegment { expected },
                });
            }
            self.segment(&seg.path)?;
        }
        Ok(())
    }

    fn segment(&mut self, path: &Path) -> Result<(), Problem> {
        let problem = |line: u64, kind: ProblemKind| Problem {
            file: path.to_path_buf(),
            line,
            kind,
        };
        let file =
            File::open(path).map_err(|e| problem(0, ProblemKind::Unreadable(e.to_string())))?;
        let mut reader = BufReader::with_capacity(1 << 16, file);
        let mut buf = Vec::with_capacity(1024);
        let mut line_no = 0u64;
        loop {
            buf.clear();
            let n = (&mut reader)
                .take(MAX_LINE + 1)
                .read_until(b'\n', &mut buf)
                .map_err(|e| problem(line_no + 1, ProblemKind::Unreadable(e.to_string())))?;
            if n == 0 {
                return Ok(());
            }
            line_no += 1;
            if n as u64 > MAX_LINE {
                let why = format!("line longer than {MAX_LINE} bytes");
                return Err(problem(line_no, ProblemKind::BadJson(why)));
            }
            if buf.last() != Some(&b'\n') {
                return Err(problem(line_no, ProblemKind::Torn));
            }
            buf.pop();
            let facts = self.checker.check(&buf).map_err(|e| {
                let kind = match e {
                    LineError::BadJson(m) | LineError::BadEntry(m)
                        if line_no == 1 && !buf.starts_with(b"{\"seq\":") =>
                    {
                        ProblemKind::Foreign(m)
                    }
                    LineError::BadJson(m) => ProblemKind::BadJson(m),
                    LineError::BadEntry(m) => ProblemKind::BadEntry(m),
                    LineError::HashMismatch { stored, computed } => {
                        ProblemKind::HashMismatch { stored, computed }
                    }
                    LineError::NotCanonical => ProblemKind::NotCanonical,
                };
                problem(line_no, kind)
            })?;
            if facts.prev_hash != self.head {
                return Err(problem(
                    line_no,
                    ProblemKind::PrevHashMismatch {
                        expected: hex::encode(self.head),
                        found: hex::encode(facts.prev_hash),
                    },
                ));
            }
            if facts.seq != self.next_seq {
                return Err(problem(
                    line_no,
                    ProblemKind::SeqGap {
                        expected: self.next_seq,
                        found: facts.seq,
                    },
                ));
            }
            if let Some(blob) = &facts.blob {
                if !self.blobs_ok.contains(&blob.hash) {
                    match self.blobs.check(blob) {
                        Ok(()) => {
                            self.blobs_ok.insert(blob.hash.clone());
                        }
                        Err(BlobProblem::Missing) => {
                            return Err(problem(
                                line_no,
                                ProblemKind::MissingBlob {
                                    hash: blob.hash.clone(),
                                },
                            ))
                        }
                        Err(BlobProblem::Mismatch { actual_hash, .. }) => {
                            return Err(problem(
                                line_no,
                                ProblemKind::BlobMismatch {
                                    hash: blob.hash.clone(),
                                    actual_hash,
                                },
                            ))
                        }
                        Err(BlobProblem::Unreadable(e)) => {
                            return Err(problem(line_no, ProblemKind::Unreadable(e)))
                        }
                    }
                }
            }
            self.entries += 1;
            self.head = facts.hash;
            self.next_seq += 1;
            self.last = Some((path.to_path_buf(), line_no));
        }
    }
}

/// The head hash of the chain at `path` (see [`verify`] for what `path`
/// may be): the last entry's hash, or [`GENESIS_HASH`] when it has none.
/// Only the last entry is checked; run [`verify`] to check the rest.
pub fn head(path: &Path) -> Result<String, AuditError> {
    let chain = resolve(path)?;
    let mut checker = LineChecker::default();
    for seg in chain.segments.iter().rev() {
        let data = std::fs::read(&seg.path).map_err(|source| AuditError::Io {
            op: "read",
            path: seg.path.clone(),
            source,
        })?;
        let end = data.iter().rposition(|&b| b == b'\n').unwrap_or(0);
        let body = &data[..end];
        if body.is_empty() {
            continue;
        }
        let line = body.rsplit(|&b| b == b'\n').next().unwrap_or(body);
        let count = body.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
        return match checker.check(line) {
            Ok(facts) => Ok(hex::encode(facts.hash)),
            Err(e) => Err(AuditError::Corrupt {
                path: seg.path.clone(),
                line: count,
                why: e.to_string(),
            }),
        };
    }
    Ok(GENESIS_HASH.to_string())
}

/// Reads the entries of the chain at `path` in order, keeping those of
/// `run_id` when given. Does not verify (see [`verify`]); a line that does
/// not parse is yielded as an error and reading goes on.
pub fn show(path: &Path, run_id: Option<&str>) -> Result<Show, AuditError> {
    let chain = resolve(path)?;
    Ok(Show {
        files: chain
            .segments
            .into_iter()
            .map(|s| s.path)
            .collect::<Vec<_>>()
            .into_iter(),
        current: None,
        run_id: run_id.map(str::to_string),
        buf: Vec::new(),
    })
}

/// Iterator returned by [`show`].
#[derive(Debug)]
pub struct Show {
    files: std::vec::IntoIter<PathBuf>,
    current: Option<(PathBuf, BufReader<File>, u64)>,
    run_id: Option<String>,
    buf: Vec<u8>,
}

impl Iterator for Show {
    type Item = Result<Entry, AuditError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let Some((path, reader, line_no)) = &mut self.current else {
                let path = self.files.next()?;
                match File::open(&path) {
                    Ok(f) => self.current = Some((path, BufReader::with_capacity(1 << 16, f), 0)),
                    Err(source) => {
                        return Some(Err(AuditError::Io {
                            op: "open",
                            path,
                            source,
                        }))
                    }
                }
                continue;
            };
            self.buf.clear();
            match reader.read_until(b'\n', &mut self.buf) {
                Ok(0) => {
                    self.current = None;
                    continue;
                }
                Ok(_) => *line_no += 1,
                Err(source) => {
                    let path = path.clone();
                    self.current = None;
                    return Some(Err(AuditError::Io {
                        op: "read",
                        path,
                        source,
                    }));
                }
            }
            let entry: Entry = match serde_json::from_slice(&self.buf) {
                Ok(e) => e,
                Err(e) => {
                    return Some(Err(AuditError::Corrupt {
                        path: path.clone(),
                        line: *line_no,
                        why: e.to_string(),
                    }))
                }
            };
            if self.run_id.as_deref().is_none_or(|r| r == entry.run_id) {
                return Some(Ok(entry));
            }
        }
    }
}
