//! `sandpiper bench ...`: the performance figures in the README, measured
//! as medians (and p95) over many repetitions, never as timed tests. Every
//! series is summarised by [`crate::measure::Samples`].

use super::engine::Env;
use super::out::{out, outln};
use super::BenchCommand;
use crate::audit::Fsync;
use crate::measure::Samples;
use crate::scratch::ScratchDir;
use serde_json::{json, Value};
use std::path::Path;

pub fn run(cmd: BenchCommand) -> anyhow::Result<i32> {
    match cmd {
        BenchCommand::Jail { iterations, big_rows, jail, json } => {
            let env = Env::load()?;
            let opts = crate::jail::bench::BenchOptions {
                iterations,
                big_rows,
                mode: env.jail_mode(jail),
                limits: env.limits(),
                work_dir: Some(env.home.dir("bench")?),
                ..crate::jail::bench::BenchOptions::default()
            };
            let report = crate::jail::bench::run(&opts).map_err(|e| anyhow::anyhow!("{e}"))?;
            if json {
                outln!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                out!("{report}");
            }
        }
        BenchCommand::Session { iterations, bulk_iterations, rows, jail, json } => {
            let opts = super::bench_session::Options { iterations, bulk_iterations, rows, jail: jail.map(super::engine::jail_mode) };
            show("session", &super::bench_session::run(&opts)?, json)?;
        }
        BenchCommand::Tui { iterations, rows, starts, json } => {
            show("tui", &super::bench_tui::run(&super::bench_tui::Options { iterations, rows, starts })?, json)?;
        }
        BenchCommand::Planner { file, rounds, dump, json } => {
            show("planner", &super::bench_planner::run(&file, rounds)?, json)?;
            if let Some(out) = dump {
                super::plan_dump::write(&file, &out)?;
            }
        }
        BenchCommand::Audit { entries, per_run, repeats, json } => show("audit", &audit(entries, per_run, repeats)?, json)?,
        BenchCommand::Llm { iterations, json } => show("llm", &super::bench_llm::run(iterations)?, json)?,
        BenchCommand::Recipes { recipes: n, rounds, json } => show("recipes", &recipes(n, rounds)?, json)?,
    }
    Ok(0)
}

/// Print `value`: pretty JSON, or one line per figure with summaries as
/// `median / p95 (min .. max, n)`.
fn show(name: &str, value: &Value, json: bool) -> anyhow::Result<()> {
    if json {
        outln!("{}", serde_json::to_string_pretty(value)?);
    } else {
        outln!("bench {name}");
        lines(value, 1);
    }
    Ok(())
}

fn lines(value: &Value, depth: usize) {
    let Some(obj) = value.as_object() else { return };
    let pad = "  ".repeat(depth);
    for (k, v) in obj {
        let s: Option<Samples> = serde_json::from_value(v.clone()).ok().filter(|_| v.get("median").is_some());
        match s {
            Some(s) => outln!("{pad}{k:<40} {} ({} .. {}, n={})", s.brief(2), round(s.min), round(s.max), s.n),
            None if v.is_object() => {
                outln!("{pad}{k}");
                lines(v, depth + 1);
            }
            None => outln!("{pad}{k:<40} {v}"),
        }
    }
}

/// Audit appends with the recorder's durability (one commit per run of
/// `per_run` entries), batched and per-entry fsync, and verification; each
/// series repeated `repeats` times on a fresh log.
fn audit(entries: u64, per_run: u64, repeats: usize) -> anyhow::Result<Value> {
    let tmp = ScratchDir::new("bench-audit")?;
    let per_run = per_run.max(1);
    let (runs, batched, every, verify) = audit_in(tmp.path(), entries, per_run, repeats.max(1))?;
    Ok(json!({
        "append_default_one_commit_per_run_per_s": runs,
        "append_batched_fsync_256_per_s": batched,
        "append_fsync_every_entry_per_s": every,
        "verify_entries_per_s": verify,
        "entries": entries,
        "entries_per_run": per_run,
        "target": "append >= 20000/s with one durable commit per run, verify >= 200000/s",
    }))
}

fn audit_in(tmp: &Path, entries: u64, per_run: u64, repeats: usize) -> anyhow::Result<(Samples, Samples, Samples, Samples)> {
    let dir = |name: &str, i: usize| -> anyhow::Result<std::path::PathBuf> {
        let d = tmp.join(format!("{name}-{i}"));
        std::fs::create_dir_all(&d)?;
        Ok(d)
    };
    let (mut runs, mut batched, mut every, mut verify) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Interleaved, so the three policies see the same machine.
    for i in 0..repeats {
        runs.push(crate::audit::bench_append_runs(&dir("runs", i)?, entries / per_run, per_run)?);
        batched.push(crate::audit::bench_append(&dir("batched", i)?, entries, Fsync::Batched { every: 256 })?);
        every.push(crate::audit::bench_append(&dir("every", i)?, (entries / 20).max(100), Fsync::EveryEntry)?);
    }
    for i in 0..repeats {
        verify.push(crate::audit::bench_verify(&tmp.join(format!("runs-{i}")))?);
    }
    Ok((Samples::of(&runs), Samples::of(&batched), Samples::of(&every), Samples::of(&verify)))
}

/// Warm retrieval (index loaded) and cold (open the store, load and index
/// `n` recipes, one query).
fn recipes(n: usize, rounds: usize) -> anyhow::Result<Value> {
    let warm = crate::recipes::bench_retrieval(n);
    let tmp = ScratchDir::new("bench-recipes")?;
    let cold = crate::recipes::bench_cold_retrieval(tmp.path(), n, rounds.max(1));
    Ok(json!({
        "recipes": n,
        "warm_query_ms": warm,
        "cold_open_load_index_query_ms": cold?,
        "target": "< 10 ms with 10000 recipes",
    }))
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
