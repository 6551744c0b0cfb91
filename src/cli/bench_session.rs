//! `sandpiper bench session`: queries as users run them, next to the best
//! case, measured in one run.
//!
//! - A point lookup on the bundled iot dataset three ways, interleaved per
//!   iteration: (a) `sandpiper sql -d iot "<sql>"` as a user types it (the
//!   real binary spawned, wall time to exit: session, cold worker, records);
//!   (b) the same SQL through one warm [`Session`] (what the TUI and `eval`
//!   do); (c) in-process DuckDB on the same file (the floor).
//! - 1M rows x 6 columns through a session (the cap lifted with
//!   `row_cap`), delivered as the CLI delivers them (JSON rows, then
//!   `render::table` text or the `--json` text) and as the TUI will (Arrow
//!   batches from `JailedRunner::run_arrow`), with the CLI path split into
//!   execute, the rest of the run (records), and rendering.
//!
//! Every timed run starts once the session's worker is warm again, as when
//! a person reads the answer before typing the next question. The 1M-row
//! table is a dataset `bench_big` in the home (added once, from Parquet).

use crate::agent::Request;
use crate::dataset::prepare::prepare;
use crate::measure::{ms_since, Samples};
use crate::progress::NoProgress;
use crate::report::{RunReport, Status};
use crate::runner::inprocess::InProcessRunner;
use crate::runner::lockdown::EngineLimits;
use crate::runner::{CancelToken, JailMode, QueryRequest, Runner};
use crate::session::{RunOverrides, Session, SessionOptions};
use anyhow::{bail, Context};
use serde_json::{json, Value};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The point lookup, on the bundled iot dataset.
const POINT_SQL: &str = "SELECT * FROM sensors WHERE reading_id = 31337";
/// The bulk query, on `bench_big`.
const BULK_SQL: &str = "SELECT id, k, v, w, s, d FROM big";
const BIG_DATASET: &str = "bench_big";
/// Untimed runs before each series.
const WARMUP: usize = 2;
/// One-shot runs with `--json`, for the split of where the time goes.
const SPLIT_RUNS: usize = 10;
/// How long to wait for a warm worker.
const WARM_WAIT: Duration = Duration::from_secs(120);

/// What to measure.
pub struct Options {
    pub iterations: usize,
    pub bulk_iterations: usize,
    pub rows: u64,
    pub jail: Option<JailMode>,
}

pub fn run(opts: &Options) -> anyhow::Result<Value> {
    let cancel = CancelToken::new();
    let mut session = Session::open(SessionOptions { jail: opts.jail, record: true, ..Default::default() })?;
    let point = point_lookup(&mut session, opts, &cancel)?;
    let bulk = bulk(&mut session, opts, &cancel)?;
    Ok(json!({ "point_lookup": point, "rows_1m": bulk }))
}

/// (a), (b) and (c) for the point lookup.
fn point_lookup(session: &mut Session, opts: &Options, cancel: &CancelToken) -> anyhow::Result<Value> {
    session.use_dataset(Some("iot"))?;
    let ds = session.dataset().cloned().context("iot is not open")?;
    let (db, _) = prepare(&ds, session.home())?;
    let s = session.settings();
    let limits = EngineLimits { threads: s.threads, memory_limit_mb: s.memory_limit_mb, temp_dir: None };
    let mut inproc = InProcessRunner::open(&db, &limits)?;
    let exe = std::env::current_exe().context("locating the sandpiper binary")?;
    let mut args = vec!["sql".to_string(), "-d".into(), "iot".into()];
    if let Some(mode) = opts.jail {
        args.extend(["--jail".to_string(), mode.word().to_string()]);
    }
    args.push(POINT_SQL.into());
    // The one-shot runs get a home of their own (the dataset is prepared
    // there by the first, untimed run), so they take the audit log's lock
    // as a lone `sandpiper sql` does instead of sharing this session's.
    let cli_home = session.home().dir("bench")?.join("one-shot-home");
    std::fs::create_dir_all(&cli_home)?;
    let req = QueryRequest::new(POINT_SQL, 1000);
    let (mut one_shot, mut warm, mut floor) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..WARMUP + opts.iterations.max(1) {
        let keep = i >= WARMUP;
        quiet(session)?;
        let t = Instant::now();
        let status = Command::new(&exe).args(&args).env("SANDPIPER_HOME", &cli_home).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).status()?;
        let ms = ms_since(t);
        if !status.success() {
            bail!("`sandpiper {}` failed: {status}", args.join(" "));
        }
        push(keep, &mut one_shot, ms);
        quiet(session)?;
        let t = Instant::now();
        let report = run_sql(session, POINT_SQL, None, cancel)?;
        push(keep, &mut warm, ms_since(t));
        std::hint::black_box(report);
        quiet(session)?;
        let t = Instant::now();
        let out = inproc.run(&req)?;
        push(keep, &mut floor, ms_since(t));
        std::hint::black_box(out);
    }
    // Where a one-shot's time goes: the same command with --json reports
    // its run's own timings; the rest is process start, opening the
    // session (home, records, dataset check, worker start) and exit.
    let (mut run_total, mut run_execute, mut outside) = (Vec::new(), Vec::new(), Vec::new());
    let mut json_args = args.clone();
    json_args.insert(3, "--json".into());
    for _ in 0..SPLIT_RUNS {
        let t = Instant::now();
        let out = Command::new(&exe).args(&json_args).env("SANDPIPER_HOME", &cli_home).stdin(Stdio::null()).stderr(Stdio::null()).output()?;
        let wall = ms_since(t);
        let report: Value = serde_json::from_slice(&out.stdout).context("reading the one-shot's --json report")?;
        let total = report["timings_ms"]["total"].as_f64().unwrap_or(0.0);
        run_total.push(total);
        run_execute.push(report["timings_ms"]["execute"].as_f64().unwrap_or(0.0));
        outside.push(wall - total);
    }
    let (a, b, c) = (Samples::of(&one_shot), Samples::of(&warm), Samples::of(&floor));
    Ok(json!({
        "sql": POINT_SQL,
        "one_shot_cli_ms": a,
        "one_shot_split_run_ms": Samples::of(&run_total),
        "one_shot_split_run_execute_ms": Samples::of(&run_execute),
        "one_shot_split_start_open_exit_ms": Samples::of(&outside),
        "session_warm_worker_ms": b,
        "in_process_ms": c,
        "command": format!("sandpiper {}", args.join(" ")),
    }))
}

/// 1M rows x 6 columns: the CLI's way and the TUI's way.
fn bulk(session: &mut Session, opts: &Options, cancel: &CancelToken) -> anyhow::Result<Value> {
    ensure_big(session, opts.rows)?;
    session.use_dataset(Some(BIG_DATASET))?;
    let mut t = BulkTimes::default();
    let mut rows = 0;
    let (mut table_bytes, mut json_bytes) = (0, 0);
    for i in 0..1 + opts.bulk_iterations.max(1) {
        let keep = i >= 1;
        quiet(session)?;
        let start = Instant::now();
        let report = run_sql(session, BULK_SQL, Some(opts.rows), cancel)?;
        let run_ms = ms_since(start);
        let start = Instant::now();
        let table = crate::render::table(&report.columns, &report.rows);
        let render_ms = ms_since(start);
        let start = Instant::now();
        let text = report.to_json_text()?;
        let json_ms = ms_since(start);
        rows = report.row_count;
        (table_bytes, json_bytes) = (table.len(), text.len());
        let execute = report.timings_ms.execute.unwrap_or(0.0);
        let start = Instant::now();
        let columns: Vec<(String, String)> = report.columns.iter().map(|c| (c.name.clone(), c.ty.clone())).collect();
        std::hint::black_box(crate::store::result_hash(&columns, &report.rows));
        let hash_ms = ms_since(start);
        drop((table, text));
        drop(report);
        quiet(session)?;
        let start = Instant::now();
        let arrow = session.runner()?.run_arrow(&QueryRequest::new(BULK_SQL, opts.rows))?;
        let arrow_ms = ms_since(start);
        std::hint::black_box(arrow.rows);
        drop(arrow);
        if keep {
            t.cli_table.push(run_ms + render_ms);
            t.cli_json.push(run_ms + json_ms);
            t.session_run.push(run_ms);
            t.execute.push(execute);
            t.rest_of_run.push(run_ms - execute);
            t.result_hash.push(hash_ms);
            t.render_table.push(render_ms);
            t.json_text.push(json_ms);
            t.arrow.push(arrow_ms);
        }
    }
    Ok(json!({
        "sql": BULK_SQL,
        "rows": rows,
        "cli_table_ms": Samples::of(&t.cli_table),
        "cli_json_ms": Samples::of(&t.cli_json),
        "tui_arrow_ms": Samples::of(&t.arrow),
        "split_session_run_ms": Samples::of(&t.session_run),
        "split_execute_jailed_json_rows_ms": Samples::of(&t.execute),
        "split_rest_of_run_records_ms": Samples::of(&t.rest_of_run),
        "split_of_which_result_hash_ms": Samples::of(&t.result_hash),
        "split_render_table_ms": Samples::of(&t.render_table),
        "split_json_text_ms": Samples::of(&t.json_text),
        "table_text_bytes": table_bytes,
        "json_text_bytes": json_bytes,
        "target": "<= 300 ms",
    }))
}

#[derive(Default)]
struct BulkTimes {
    cli_table: Vec<f64>,
    cli_json: Vec<f64>,
    session_run: Vec<f64>,
    execute: Vec<f64>,
    rest_of_run: Vec<f64>,
    result_hash: Vec<f64>,
    render_table: Vec<f64>,
    json_text: Vec<f64>,
    arrow: Vec<f64>,
}

/// Wait until the session's next worker is ready and has warmed its cache
/// (only ready, when warm-up is off in the settings).
fn quiet(session: &mut Session) -> anyhow::Result<()> {
    let runner = session.runner()?;
    runner.wait_warm(WARM_WAIT).or_else(|_| runner.wait_ready(WARM_WAIT))?;
    Ok(())
}

fn push(keep: bool, v: &mut Vec<f64>, ms: f64) {
    if keep {
        v.push(ms);
    }
}

/// Run `sql` in the session; an error unless it succeeded.
fn run_sql(session: &mut Session, sql: &str, row_cap: Option<u64>, cancel: &CancelToken) -> anyhow::Result<RunReport> {
    let over = RunOverrides { row_cap, timeout: Some(Duration::from_secs(120)), ..Default::default() };
    let report = session.run(Request::Sql { sql: sql.into(), validate: true }, &over, &NoProgress, cancel)?;
    if report.status != Status::Ok {
        bail!("{sql}: {} {}", report.status.word(), report.error.map(|e| e.message).unwrap_or_default());
    }
    Ok(report)
}

/// Add the `bench_big` dataset (`rows` x 6 columns, table `big`) unless
/// the home has it.
fn ensure_big(session: &Session, rows: u64) -> anyhow::Result<()> {
    if session.registry().manifest(BIG_DATASET).is_ok() {
        return Ok(());
    }
    let dir = session.home().dir("bench")?.join(format!("big-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("big.parquet");
    let conn = duckdb::Connection::open_in_memory()?;
    let path = file.display().to_string().replace('\'', "''");
    conn.execute_batch(&format!("COPY ({}) TO '{path}' (FORMAT parquet)", crate::jail::bench::big_select(rows)))?;
    drop(conn);
    let added = session.registry().add(BIG_DATASET, &[file]);
    let _ = std::fs::remove_dir_all(&dir);
    added?;
    Ok(())
}
