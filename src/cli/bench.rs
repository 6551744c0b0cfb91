//! `sandpiper bench ...`: the performance figures in the README, measured
//! as medians (and p95) over many repetitions, never as timed tests.

use super::out::{out, outln};
use super::engine::Env;
use super::BenchCommand;
use crate::audit::Fsync;
use crate::dataset::generate::BUILTIN;
use crate::planner::OfflinePlanner;
use serde_json::json;

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
        BenchCommand::Planner { json } => show("planner", &planner()?, json)?,
        BenchCommand::Audit { entries, json } => show("audit", &audit(entries)?, json)?,
        BenchCommand::Recipes { recipes: n, json } => show("recipes", &recipes(n), json)?,
    }
    Ok(0)
}

fn show(name: &str, value: &serde_json::Value, json: bool) -> anyhow::Result<()> {
    if json {
        outln!("{}", serde_json::to_string_pretty(value)?);
    } else {
        outln!("bench {name}");
        if let Some(obj) = value.as_object() {
            for (k, v) in obj {
                outln!("  {k:<34} {v}");
            }
        }
    }
    Ok(())
}

/// Planning latency over every golden question and suggested prompt.
fn planner() -> anyhow::Result<serde_json::Value> {
    let env = Env::load()?;
    let mut out = serde_json::Map::new();
    let mut all = Vec::new();
    for name in BUILTIN {
        let (m, _) = env.registry.manifest(name)?;
        let planner = OfflinePlanner::new(&m);
        let qs: Vec<String> = m.golden.iter().map(|g| g.question.clone()).chain(m.suggested_prompts.iter().cloned()).collect();
        let refs: Vec<&str> = qs.iter().map(String::as_str).collect();
        let (median_us, p95_us) = crate::planner::bench(&refs, &planner);
        let (median_us, p95_us) = (median_us as f64, p95_us as f64);
        out.insert(format!("{name}_median_us"), json!(round(median_us)));
        out.insert(format!("{name}_p95_us"), json!(round(p95_us)));
        all.push(median_us);
        out.insert(format!("{name}_questions"), json!(refs.len()));
    }
    let build = {
        let (m, _) = env.registry.manifest("ecommerce")?;
        let t = std::time::Instant::now();
        let n = 50;
        for _ in 0..n {
            std::hint::black_box(OfflinePlanner::new(&m));
        }
        t.elapsed().as_secs_f64() * 1e6 / f64::from(n)
    };
    out.insert("planner_build_us".into(), json!(round(build)));
    out.insert("target".into(), json!("median < 5000 us per question"));
    Ok(serde_json::Value::Object(out))
}

/// Audit appends (batched and per-entry fsync) and verification.
fn audit(entries: u64) -> anyhow::Result<serde_json::Value> {
    let tmp = std::env::temp_dir().join(format!("sandpiper-bench-audit-{}", std::process::id()));
    let runs = |fsync: Fsync, n: u64| -> anyhow::Result<Vec<f64>> {
        let mut v = Vec::new();
        for i in 0..3 {
            let dir = tmp.join(format!("{fsync:?}-{i}"));
            std::fs::create_dir_all(&dir)?;
            v.push(crate::audit::bench_append(&dir, n, fsync)?);
        }
        Ok(v)
    };
    let batched = runs(Fsync::Batched { every: 256 }, entries)?;
    let every = runs(Fsync::EveryEntry, (entries / 10).max(100))?;
    let verify_dir = tmp.join(format!("{:?}-0", Fsync::Batched { every: 256 }));
    let mut ver = Vec::new();
    for _ in 0..5 {
        ver.push(crate::audit::bench_verify(&verify_dir)?);
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(json!({
        "append_batched_fsync_per_s": round(median(batched)),
        "append_fsync_every_entry_per_s": round(median(every)),
        "verify_entries_per_s": round(median(ver)),
        "entries": entries,
        "target": "append >= 20000/s batched, verify >= 200000/s",
    }))
}

fn recipes(n: usize) -> serde_json::Value {
    let (median_ms, p95_ms) = crate::recipes::bench_retrieval(n);
    json!({ "recipes": n, "retrieval_median_ms": median_ms, "retrieval_p95_ms": p95_ms, "target": "< 10 ms with 10000 recipes" })
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
