//! The jail benchmark, run by hand (it takes a minute and wants a quiet
//! machine): `cargo test --release --test jail_bench -- --ignored --nocapture`.
//! JAIL_BENCH_ITERS and JAIL_BENCH_BIG_ROWS shrink or grow it;
//! JAIL_BENCH_MODE=reduced measures the reduced jail.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod jail_support;

use sandpiper::jail::bench::{run, BenchOptions};

#[test]
#[ignore = "benchmark: run by hand"]
fn jail_benchmark() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let opts = BenchOptions {
        exe: jail_support::worker_exe(),
        iterations: env("JAIL_BENCH_ITERS", 30) as usize,
        big_rows: env("JAIL_BENCH_BIG_ROWS", 10_000_000),
        mode: match std::env::var("JAIL_BENCH_MODE").as_deref() {
            Ok("reduced") => sandpiper::runner::JailMode::Reduced,
            _ => sandpiper::runner::JailMode::Strict,
        },
        ..BenchOptions::default()
    };
    let report = run(&opts).unwrap();
    println!("{report}");
    println!("{}", serde_json::to_string_pretty(&report).unwrap());
}

/// Where a cold start's time goes, step by step (worker-side clocks).
#[test]
#[ignore = "benchmark: run by hand"]
fn cold_start_steps() {
    use sandpiper::jail::args::{WorkerJob, WorkerMode};
    use sandpiper::jail::spawn;
    let fx = jail_support::Fixture::new();
    let cfg = jail_support::config(&fx, sandpiper::runner::JailMode::Strict);
    for _ in 0..10 {
        let w = spawn::start(&cfg, WorkerMode::Strict, WorkerJob::Query).unwrap();
        let steps: Vec<String> = w
            .ready
            .steps
            .iter()
            .map(|(n, ms)| format!("{n} {ms:.1}"))
            .collect();
        println!(
            "spawn->ready {:.1} ms (worker {:.1} ms): {}",
            w.start_ms,
            w.ready.setup_ms,
            steps.join(", ")
        );
        spawn::finish(w.pid, true);
    }
}

/// Where a small query's time goes: app round trip vs inside the worker.
#[test]
#[ignore = "benchmark: run by hand"]
fn small_query_breakdown() {
    use sandpiper::runner::{JailMode, QueryRequest};
    use std::time::{Duration, Instant};
    let fx = jail_support::Fixture::new();
    let mut r = jail_support::runner(&fx, JailMode::Strict);
    for sql in [
        "SELECT 1 AS x",
        "SELECT * FROM t WHERE id = 500",
        "SELECT count(*), avg(score) FROM t",
    ] {
        let mut line = Vec::new();
        for _ in 0..10 {
            r.wait_warm(Duration::from_secs(10)).unwrap();
            let t = Instant::now();
            let out = r.run_arrow(&QueryRequest::new(sql, 100)).unwrap();
            let total = t.elapsed().as_secs_f64() * 1000.0;
            line.push(format!("{total:.2}/{:.2}", out.worker_ms.unwrap_or(-1.0)));
        }
        println!("{sql:40} total/worker ms: {}", line.join(" "));
    }
}
