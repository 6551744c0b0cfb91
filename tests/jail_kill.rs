//! SIGKILL of the app leaves no worker behind: this test binary re-runs
//! itself as a host "app" that holds a jailed runner (one worker idle, one
//! busy with a query), kills it with SIGKILL, and checks every worker and
//! jailed process is gone.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod jail_support;

use jail_support::*;
use sandpiper::runner::{JailMode, Runner};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const HOST_ENV: &str = "SANDPIPER_JAIL_TEST_HOST";

/// The host app (runs only when re-executed by the test below).
#[test]
#[ignore = "helper: run by app_sigkill_leaves_no_worker"]
fn host_app() {
    let Ok(mode) = std::env::var(HOST_ENV) else {
        return;
    };
    let fx = Fixture::new();
    let mode = if mode == "reduced" {
        JailMode::Reduced
    } else {
        JailMode::Strict
    };
    let mut cfg = config(&fx, mode);
    cfg.pool_size = 2;
    let r = runner_with(cfg);
    r.wait_ready(Duration::from_secs(20)).unwrap();
    let idle = r.idle_worker_pids();
    let mut r = r;
    let busy = std::thread::spawn(move || {
        let _ = r.run(&req(
            "SELECT count(*) FROM range(1000000000000) r(i) WHERE i % 7 = 3",
            Duration::from_secs(120),
        ));
        r
    });
    std::thread::sleep(Duration::from_millis(500));
    let mut pids: Vec<i32> = idle.clone();
    pids.extend(
        children_of(std::process::id() as i32)
            .into_iter()
            .map(|(p, _)| p),
    );
    pids.sort_unstable();
    pids.dedup();
    let all: Vec<String> = pids
        .iter()
        .flat_map(|&p| [p, jailed_process(p)])
        .map(|p| p.to_string())
        .collect();
    println!("PIDS {}", all.join(" "));
    std::thread::sleep(Duration::from_secs(120));
    drop(busy);
}

#[test]
fn app_sigkill_leaves_no_worker() {
    for mode in ["strict", "reduced"] {
        let mut host = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "host_app",
                "--ignored",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env(HOST_ENV, mode)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let mut out = BufReader::new(host.stdout.take().unwrap());
        while !line.contains("PIDS ") {
            line.clear();
            assert!(
                out.read_line(&mut line).unwrap() > 0,
                "host ended without printing pids"
            );
        }
        let pids: Vec<i32> = line
            .split("PIDS ")
            .nth(1)
            .unwrap_or_default()
            .split_whitespace()
            .map(|p| p.parse().unwrap())
            .collect();
        assert!(
            pids.len() >= 4,
            "{mode}: expected two workers and their jailed processes: {line}"
        );
        assert!(pids.iter().all(|&p| alive(p)), "{mode}: {line}");
        host.kill().unwrap();
        host.wait().unwrap();
        let until = Instant::now() + Duration::from_secs(5);
        while pids.iter().any(|&p| alive(p)) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        let left: Vec<i32> = pids.iter().copied().filter(|&p| alive(p)).collect();
        assert!(
            left.is_empty(),
            "{mode}: still alive after the app was killed: {left:?}"
        );
    }
}
