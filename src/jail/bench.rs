//! `sandpiper bench jail`: what the jail costs. The same queries run
//! in-process (`runner::inprocess`, the baseline) and jailed, many times
//! each; medians and 95th percentiles are reported with the overhead, next
//! to cold worker start (spawn to ready) and a 1M-row x 6-column transfer.
//!
//! Data: a temporary DuckDB file with `iot` (50k rows, like the bundled iot
//! dataset) and `big` (10M rows by default, 6 columns), removed afterwards.
//! The series are interleaved (in-process, jailed, jailed without cache
//! warm-up, per iteration) and every timed run starts once no worker is
//! starting or warming (as when a person types the next question), so
//! background work never overlaps a timed query on a 2-core machine and all
//! series see the same machine.

use super::args::WorkerJob;
use super::config::JailConfig;
use super::jailed::{worker_mode, JailedRunner};
use super::spawn;
use crate::measure::{ms_since, Samples};
use crate::runner::inprocess::InProcessRunner;
use crate::runner::lockdown::EngineLimits;
use crate::runner::{ExecError, JailMode, QueryRequest, Runner};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What to measure.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// The binary workers re-execute (`/proc/self/exe` in the app).
    pub exe: PathBuf,
    /// Timed runs per query (after two untimed warm-up runs).
    pub iterations: usize,
    /// Rows in the generated `big` table.
    pub big_rows: u64,
    /// Where the temporary DuckDB file goes (default: the temp dir).
    pub work_dir: Option<PathBuf>,
    /// Strict or Reduced.
    pub mode: JailMode,
    pub limits: EngineLimits,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            exe: PathBuf::from("/proc/self/exe"),
            iterations: 30,
            big_rows: 10_000_000,
            work_dir: None,
            mode: JailMode::Strict,
            limits: EngineLimits::default(),
        }
    }
}

/// One query, both ways.
#[derive(Debug, Clone, Serialize)]
pub struct CaseResult {
    pub name: String,
    pub sql: String,
    pub rows: usize,
    pub in_process: Samples,
    pub jailed: Samples,
    /// Jailed (warm worker) median minus in-process median.
    pub overhead_median_ms: f64,
    pub overhead_pct: f64,
    /// Jailed, on a worker that has not warmed its cache (warm-up off).
    pub jailed_cold_cache: Samples,
    /// Jailed, Arrow batches in the app without JSON conversion.
    pub jailed_arrow_only: Option<Samples>,
}

/// A target from the jail issue, and whether it was met.
#[derive(Debug, Clone, Serialize)]
pub struct TargetResult {
    pub name: String,
    pub target: String,
    pub measured: String,
    pub met: bool,
}

/// Everything measured.
#[derive(Debug, Clone, Serialize)]
pub struct BenchReport {
    pub mode: JailMode,
    pub iterations: usize,
    pub big_rows: u64,
    pub prepare_ms: f64,
    pub cold_start: Samples,
    pub cases: Vec<CaseResult>,
    pub targets: Vec<TargetResult>,
}

/// Why the benchmark could not finish.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("cannot prepare the benchmark database: {0}")]
    Prepare(String),
    #[error("in-process runner: {0}")]
    InProcess(String),
    #[error("{case}: {source}")]
    Run { case: String, source: ExecError },
}

struct Case {
    name: &'static str,
    sql: &'static str,
    max_rows: u64,
    arrow_only: bool,
}

const CASES: [Case; 4] = [
    Case {
        name: "point lookup (iot)",
        sql: "SELECT * FROM iot WHERE reading_id = 31337",
        max_rows: 1000,
        arrow_only: false,
    },
    Case {
        name: "aggregate over iot (50k rows)",
        sql: "SELECT device_id, count(*) AS n, avg(temperature) AS t, max(humidity) AS h \
              FROM iot GROUP BY device_id ORDER BY device_id",
        max_rows: 1000,
        arrow_only: false,
    },
    Case {
        name: "aggregate over big (10M rows)",
        sql: "SELECT k % 100 AS g, count(*) AS n, sum(v) AS sv, avg(w) AS aw, max(d) AS md \
              FROM big GROUP BY g ORDER BY g",
        max_rows: 1000,
        arrow_only: false,
    },
    Case {
        name: "1M rows x 6 columns back to the app",
        sql: "SELECT id, k, v, w, s, d FROM big LIMIT 1000000",
        max_rows: 1_000_000,
        arrow_only: true,
    },
];

/// Run the whole benchmark.
pub fn run(opts: &BenchOptions) -> Result<BenchReport, BenchError> {
    let mode = worker_mode(opts.mode).ok_or_else(|| {
        BenchError::Prepare("the benchmark compares in-process with a jail mode".into())
    })?;
    let dir = opts.work_dir.clone().unwrap_or_else(std::env::temp_dir);
    let db = dir.join(format!("sandpiper-bench-{}.duckdb", std::process::id()));
    let t = Instant::now();
    prepare(&db, opts.big_rows.max(1_000_000))?;
    let prepare_ms = ms_since(t);
    let result = measure(opts, mode, &db, prepare_ms);
    let _ = std::fs::remove_file(&db);
    let _ = std::fs::remove_file(db.with_extension("duckdb.wal"));
    result
}

fn measure(
    opts: &BenchOptions,
    mode: super::args::WorkerMode,
    db: &Path,
    prepare_ms: f64,
) -> Result<BenchReport, BenchError> {
    let iters = opts.iterations.max(1);
    let mut cfg = JailConfig::new(db).with_limits(&opts.limits);
    cfg.exe = opts.exe.clone();
    cfg.mode = opts.mode;
    cfg.force_no_userns = false;

    // Cold start: spawn to ready, nothing else running.
    let mut cold = Vec::new();
    for _ in 0..iters {
        let w = spawn::start(&cfg, mode, WorkerJob::Query).map_err(|e| BenchError::Run {
            case: "cold start".into(),
            source: ExecError::JailSetupFailed(e.to_string()),
        })?;
        cold.push(w.start_ms);
        spawn::finish(w.pid, true);
    }

    let mut cold_cfg = cfg.clone();
    cold_cfg.warm_cache_mb = 0;
    let start_err = |source| BenchError::Run {
        case: "start".into(),
        source,
    };
    let mut r = Runners {
        inproc: InProcessRunner::open(db, &opts.limits)
            .map_err(|e| BenchError::InProcess(e.to_string()))?,
        warm: JailedRunner::start(cfg).map_err(start_err)?,
        cold_cache: JailedRunner::start(cold_cfg).map_err(start_err)?,
    };
    let mut cases = Vec::new();
    for c in &CASES {
        let req = request(c);
        let run_err = |source| BenchError::Run {
            case: c.name.into(),
            source,
        };
        let mut s = Timings::default();
        for i in 0..WARMUP_RUNS + iters {
            let keep = i >= WARMUP_RUNS;
            r.quiet().map_err(run_err)?;
            let (t, rows) = timed(|| r.inproc.run(&req).map(|o| o.rows.len())).map_err(run_err)?;
            s.rows = rows;
            s.push(keep, Series::InProcess, t);
            r.quiet().map_err(run_err)?;
            let (t, _) = timed(|| r.warm.run(&req)).map_err(run_err)?;
            s.push(keep, Series::Jailed, t);
            r.quiet().map_err(run_err)?;
            let (t, _) = timed(|| r.cold_cache.run(&req)).map_err(run_err)?;
            s.push(keep, Series::ColdCache, t);
            if c.arrow_only {
                r.quiet().map_err(run_err)?;
                let (t, _) = timed(|| r.warm.run_arrow(&req)).map_err(run_err)?;
                s.push(keep, Series::ArrowOnly, t);
            }
        }
        let (ins, js) = (Samples::of(&s.in_process), Samples::of(&s.jailed));
        let overhead = js.median - ins.median;
        cases.push(CaseResult {
            name: c.name.into(),
            sql: c.sql.into(),
            rows: s.rows,
            overhead_median_ms: overhead,
            overhead_pct: if ins.median > 0.0 {
                overhead / ins.median * 100.0
            } else {
                0.0
            },
            in_process: ins,
            jailed: js,
            jailed_cold_cache: Samples::of(&s.cold_cache),
            jailed_arrow_only: c.arrow_only.then(|| Samples::of(&s.arrow_only)),
        });
    }
    drop(r);
    let cold_start = Samples::of(&cold);
    let targets = targets(&cases, &cold_start);
    Ok(BenchReport {
        mode: opts.mode,
        iterations: iters,
        big_rows: opts.big_rows,
        prepare_ms,
        cold_start,
        cases,
        targets,
    })
}

/// Untimed runs before the timed ones, per query.
const WARMUP_RUNS: usize = 2;

/// The three ways a query runs in the benchmark.
struct Runners {
    inproc: InProcessRunner,
    /// Pre-warmed workers that also warmed their cache.
    warm: JailedRunner,
    /// Pre-warmed workers with cache warm-up off.
    cold_cache: JailedRunner,
}

impl Runners {
    /// Wait until no worker is starting or warming, so every timed run sees
    /// the same quiet machine.
    fn quiet(&self) -> Result<(), ExecError> {
        let wait = Duration::from_secs(60);
        self.warm.wait_warm(wait)?;
        self.cold_cache.wait_ready(wait)
    }
}

enum Series {
    InProcess,
    Jailed,
    ColdCache,
    ArrowOnly,
}

#[derive(Default)]
struct Timings {
    in_process: Vec<f64>,
    jailed: Vec<f64>,
    cold_cache: Vec<f64>,
    arrow_only: Vec<f64>,
    rows: usize,
}

impl Timings {
    fn push(&mut self, keep: bool, series: Series, ms: f64) {
        if !keep {
            return;
        }
        match series {
            Series::InProcess => self.in_process.push(ms),
            Series::Jailed => self.jailed.push(ms),
            Series::ColdCache => self.cold_cache.push(ms),
            Series::ArrowOnly => self.arrow_only.push(ms),
        }
    }
}

/// Run `f`, returning its milliseconds and value.
fn timed<T>(f: impl FnOnce() -> Result<T, ExecError>) -> Result<(f64, T), ExecError> {
    let t = Instant::now();
    let v = f()?;
    Ok((ms_since(t), v))
}

fn targets(cases: &[CaseResult], cold: &Samples) -> Vec<TargetResult> {
    let mut t = Vec::new();
    if let Some(c) = cases.first() {
        t.push(TargetResult {
            name: "critical-path overhead of a pre-warmed worker (point lookup, median)".into(),
            target: "<= 2 ms".into(),
            measured: format!("{:.2} ms", c.overhead_median_ms),
            met: c.overhead_median_ms <= 2.0,
        });
    }
    t.push(TargetResult {
        name: "cold worker start (spawn to ready, p95)".into(),
        target: "<= 50 ms".into(),
        measured: format!("{:.1} ms", cold.p95),
        met: cold.p95 <= 50.0,
    });
    if let Some(c) = cases.get(2) {
        t.push(TargetResult {
            name: "overhead on the 10M-row aggregate (median)".into(),
            target: "<= 5 %".into(),
            measured: format!("{:.1} % ({:.1} ms)", c.overhead_pct, c.overhead_median_ms),
            met: c.overhead_pct <= 5.0,
        });
    }
    if let Some(c) = cases.get(3) {
        let arrow = c
            .jailed_arrow_only
            .as_ref()
            .map_or(f64::INFINITY, |s| s.median);
        t.push(TargetResult {
            name: "1M rows x 6 columns back to the app (Arrow, median)".into(),
            target: "<= 300 ms".into(),
            measured: format!(
                "{arrow:.0} ms (with JSON rows: {:.0} ms)",
                c.jailed.median
            ),
            met: arrow <= 300.0,
        });
    }
    t
}

fn request(c: &Case) -> QueryRequest {
    let mut r = QueryRequest::new(c.sql, c.max_rows);
    r.timeout = Duration::from_secs(120);
    r
}

/// The `big` table: `rows` rows of 6 columns (two integers, a double, a
/// string, a date, and the id), as a SELECT.
pub(crate) fn big_select(rows: u64) -> String {
    format!(
        "SELECT i AS id, i % 1000 AS k, (i * 7) % 10007 AS v, random() AS w, \
         'name-' || (i % 5000) AS s, DATE '2020-01-01' + CAST(i % 2000 AS INTEGER) AS d \
         FROM range({rows}) t(i)"
    )
}

/// Create the benchmark database at `db`.
fn prepare(db: &Path, big_rows: u64) -> Result<(), BenchError> {
    let _ = std::fs::remove_file(db);
    let err = |e: duckdb::Error| BenchError::Prepare(e.to_string());
    let conn = duckdb::Connection::open(db).map_err(err)?;
    conn.execute_batch(&format!(
        "CREATE TABLE iot AS SELECT i AS reading_id, 'dev-' || (i % 50) AS device_id, \
             TIMESTAMP '2024-01-01' + to_minutes(i) AS ts, 20 + (i % 97) / 10.0 AS temperature, \
             40 + (i % 61) AS humidity, 100 - (i % 100) AS battery FROM range(50000) t(i); \
         CREATE TABLE big AS {}; \
         CHECKPOINT;",
        big_select(big_rows)
    ))
    .map_err(err)?;
    drop(conn);
    Ok(())
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "jail benchmark ({} mode, {} runs each, big = {} rows)",
            self.mode.word(),
            self.iterations,
            self.big_rows
        )?;
        writeln!(
            f,
            "cold start (spawn to ready): median {:.1} ms, p95 {:.1} ms",
            self.cold_start.median, self.cold_start.p95
        )?;
        writeln!(
            f,
            "{:40} {:>19} {:>19} {:>16}",
            "query", "in-process med/p95", "jailed med/p95", "overhead"
        )?;
        for c in &self.cases {
            writeln!(
                f,
                "{:40} {:>8.2} / {:>8.2} {:>8.2} / {:>8.2} {:>+8.2} ms {:>+5.1}%",
                c.name,
                c.in_process.median,
                c.in_process.p95,
                c.jailed.median,
                c.jailed.p95,
                c.overhead_median_ms,
                c.overhead_pct
            )?;
            let cold = &c.jailed_cold_cache;
            writeln!(
                f,
                "{:40} {:>19} {:>8.2} / {:>8.2}",
                "  (jailed, cache not warmed)", "", cold.median, cold.p95
            )?;
            if let Some(a) = &c.jailed_arrow_only {
                writeln!(
                    f,
                    "{:40} {:>19} {:>8.2} / {:>8.2}",
                    "  (jailed, Arrow only)", "", a.median, a.p95
                )?;
            }
        }
        writeln!(f, "targets:")?;
        for t in &self.targets {
            let mark = if t.met { "met" } else { "MISSED" };
            writeln!(
                f,
                "  [{mark}] {}: {} (target {})",
                t.name, t.measured, t.target
            )?;
        }
        Ok(())
    }
}
