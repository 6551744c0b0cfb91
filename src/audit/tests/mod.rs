//! Tests of the audit log: canonical JSON against RFC 8785, the writer
//! (rotation, recovery, locking, side store, failed writes), and tampering
//! that verification must catch at the right line.

mod jcs_rfc8785;
mod tamper;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use time::macros::datetime;

use super::entry::LineEncoder;
use super::line::parse_hash;
use super::{Appended, Fsync, Kind, ManualClock, Options, Writer};

/// Options with a fake clock (1 ms per read) and a short lock timeout.
pub(super) fn options() -> Options {
    Options {
        fsync: Fsync::EveryEntry,
        clock: Arc::new(ManualClock::new(
            datetime!(2025-01-02 03:04:05 UTC),
            Duration::from_millis(1),
        )),
        lock_timeout: Duration::from_millis(50),
        ..Options::default()
    }
}

/// Appends `n` entries of assorted kinds to `writer`.
pub(super) fn append_n(writer: &mut Writer, n: u64) -> Vec<Appended> {
    let kinds = [
        Kind::Question,
        Kind::Plan,
        Kind::Sql,
        Kind::Validation,
        Kind::Execution,
        Kind::Answer,
    ];
    (0..n)
        .map(|i| {
            let kind = kinds[(i % kinds.len() as u64) as usize].clone();
            let payload =
                json!({ "text": format!("entry number {i}"), "n": i, "ratio": 0.1 + 0.2 });
            writer
                .append(kind, &format!("run-{}", i / 3), &payload)
                .unwrap()
        })
        .collect()
}

/// A fresh log of `n` entries in `dir`; returns the appends.
pub(super) fn make_log(dir: &Path, n: u64) -> Vec<Appended> {
    let mut w = Writer::open(dir, options()).unwrap();
    append_n(&mut w, n)
}

/// The first segment of the main chain.
pub(super) fn seg1(dir: &Path) -> PathBuf {
    dir.join("audit-000001.jsonl")
}

/// The lines of a file, each with its newline.
pub(super) fn lines(path: &Path) -> Vec<Vec<u8>> {
    let data = std::fs::read(path).unwrap();
    data.split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

pub(super) fn write_lines(path: &Path, lines: &[Vec<u8>]) {
    std::fs::write(path, lines.concat()).unwrap();
}

/// A line with a correct hash of its own for the given fields.
pub(super) fn forge(seq: u64, kind: &str, payload: &serde_json::Value, prev_hash: &str) -> Vec<u8> {
    let mut enc = LineEncoder::default();
    let payload = super::jcs::to_vec(payload).unwrap();
    let prev = parse_hash(prev_hash).unwrap();
    enc.encode(
        seq,
        "2025-01-02T03:04:05.000000Z",
        "forged",
        kind,
        &payload,
        &prev,
    );
    enc.line.clone()
}
