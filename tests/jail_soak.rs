//! Soak: 500 jailed queries, mixed successes and failures of every kind,
//! then no zombie, no leaked fd, app RSS stable.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod jail_support;

use jail_support::*;
use sandpiper::jail::Fault;
use sandpiper::runner::{JailMode, QueryRequest, Runner};
use std::time::{Duration, Instant};

#[test]
fn five_hundred_mixed_queries() {
    let fx = Fixture::new();
    let fds = fd_count();
    let mut r = runner(&fx, JailMode::Strict);
    for _ in 0..5 {
        assert_healthy(&mut r);
    }
    let rss = rss_kb();
    let started = Instant::now();
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for i in 0..500 {
        let res = match i % 10 {
            0..=3 => run(
                &mut r,
                "SELECT id, name FROM t WHERE id % 97 = 3 ORDER BY id",
            ),
            4 => run(&mut r, "SELECT * FROM no_such_table"),
            5 => run(&mut r, "SELECT * FROM read_csv('/etc/passwd')"),
            6 => run(&mut r, "SELECT i FROM range(100000000) r(i)"),
            7 => r.run(&req(
                "SELECT count(*) FROM range(1000000000000)",
                Duration::from_millis(150),
            )),
            8 => {
                let mut q = QueryRequest::new(
                    "SELECT i, repeat('x', 100) FROM range(1000000000) r(i)",
                    u64::MAX / 2,
                );
                q.max_bytes = 1 << 20;
                r.run(&q)
            }
            _ => {
                if i % 50 == 9 {
                    r.inject_fault(Fault::Segfault);
                }
                run(&mut r, "SELECT avg(score) FROM t")
            }
        };
        let key = match &res {
            Ok(o) if o.truncated => "ok_truncated".to_string(),
            Ok(_) => "ok".to_string(),
            Err(e) => e.category().to_string(),
        };
        *counts.entry(key).or_default() += 1;
    }
    let elapsed = started.elapsed();
    assert_healthy(&mut r);
    drop(r);
    std::thread::sleep(Duration::from_millis(200));
    println!("500 queries in {elapsed:?}: {counts:?}");
    assert!(
        zombie_children().is_empty(),
        "zombies: {:?}",
        zombie_children()
    );
    assert!(
        children_of(std::process::id() as i32).is_empty(),
        "children left"
    );
    assert_eq!(fd_count(), fds, "fds leaked");
    let grown_mb = rss_kb().saturating_sub(rss) / 1024;
    assert!(grown_mb < 64, "RSS grew {grown_mb} MiB");
    for (k, want) in [
        ("ok", 240),
        ("sql_error", 100),
        ("timeout", 50),
        ("output_limit", 50),
        ("ok_truncated", 50),
        ("crashed", 10),
    ] {
        assert_eq!(counts.get(k).copied().unwrap_or(0), want, "{k}: {counts:?}");
    }
}
