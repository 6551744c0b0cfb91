//! Throughput measurements behind `sandpiper bench audit`: not tests, so
//! they assert nothing and take no time limits.
//!
//! Invariants:
//! - Both run against a directory the caller chooses; pass a fresh empty
//!   one (they append to, and read, whatever chain is there).
//! - The payload is a typical small entry (~250 bytes of JSON), so the
//!   numbers cover canonicalization, hashing, writing and syncing.

use std::path::Path;
use std::time::Instant;

use serde_json::json;

use super::verify::verify;
use super::writer::{Fsync, Options, Writer};
use super::{AuditError, Kind};

/// Appends `n` typical entries to the audit log in `dir` with the sync
/// policy `fsync` and returns entries per second (including the final
/// flush).
pub fn bench_append(dir: &Path, n: u64, fsync: Fsync) -> Result<f64, AuditError> {
    let options = Options {
        fsync,
        ..Options::default()
    };
    let mut writer = Writer::open(dir, options)?;
    let mut payload = json!({
        "question": "which five regions had the highest revenue growth last quarter?",
        "sql": "SELECT region, SUM(amount) AS revenue FROM sales WHERE quarter = '2024Q4' GROUP BY region ORDER BY revenue DESC LIMIT 5",
        "rows": 5,
        "elapsed_ms": 12.25,
        "attempt": 0
    });
    let start = Instant::now();
    for i in 0..n {
        payload["attempt"] = json!(i);
        writer.append(Kind::Execution, "run-0001", &payload)?;
    }
    writer.flush()?;
    let secs = start.elapsed().as_secs_f64();
    Ok(n as f64 / secs.max(f64::MIN_POSITIVE))
}

/// Appends `runs` runs of `per_run` entries with the recorder's default
/// durability (one `fdatasync` when each run is committed, see
/// `crate::records`) and returns entries per second.
pub fn bench_append_runs(dir: &Path, runs: u64, per_run: u64) -> Result<f64, AuditError> {
    let options = Options { fsync: crate::records::AUDIT_FSYNC, ..Options::default() };
    let mut writer = Writer::open(dir, options)?;
    let mut payload = json!({
        "sql": "SELECT region, SUM(amount) AS revenue FROM sales GROUP BY region ORDER BY revenue DESC LIMIT 5",
        "rows": 5,
        "attempt": 1
    });
    let start = Instant::now();
    for r in 0..runs {
        let run_id = format!("run-{r:08}");
        for i in 0..per_run {
            payload["attempt"] = json!(i);
            writer.append(Kind::Execution, &run_id, &payload)?;
        }
        writer.flush()?;
    }
    let secs = start.elapsed().as_secs_f64();
    Ok((runs * per_run) as f64 / secs.max(f64::MIN_POSITIVE))
}

/// Verifies the main chain in `dir` and returns entries per second;
/// an error if it does not verify.
pub fn bench_verify(dir: &Path) -> Result<f64, AuditError> {
    let start = Instant::now();
    let report = verify(dir, None);
    let secs = start.elapsed().as_secs_f64();
    if !report.is_intact() {
        return Err(AuditError::NotIntact(report.to_string()));
    }
    Ok(report.entries as f64 / secs.max(f64::MIN_POSITIVE))
}
