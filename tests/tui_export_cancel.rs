//! Two of the workbench's pseudo-terminal tests the issue lists: export a
//! result as CSV and check the file; cancel a long query with Esc (its
//! jailed worker killed, the run recorded as cancelled) and keep working.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pty_support;

use pty_support::*;
use serde_json::Value;
use std::process::Command;

#[test]
fn export_the_answer_as_csv_and_read_the_file() {
    let mut p = Pty::start(120, 40);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.send("/sql SELECT channel, count(*) AS n FROM orders GROUP BY channel ORDER BY channel\r");
    p.wait_shown(&["✓ 3 rows"], 60);
    let out = p.home.path().join("channels.csv");
    p.send(&format!("/export csv {}\r", out.display()));
    p.wait_shown(&["wrote 3 rows to"], 30);
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "a header and three rows:\n{text}");
    assert_eq!(lines[0], "channel,n");
    let total: u64 = lines[1..].iter().map(|l| l.rsplit(',').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, 5000, "every order counted once:\n{text}");
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn esc_cancels_a_long_query_and_the_run_is_recorded_cancelled() {
    let mut p = Pty::start(80, 24);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.send("/sql SELECT count(*) AS n FROM range(1000000000000) r(i) WHERE i % 7 = 3\r");
    p.wait_shown(&["running in the jail"], 30);
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.key("\x1b");
    p.wait_until("the cancel and its killed worker", |s| s.contains("cancelled") && (s.contains("worker killed") || s.contains("jailed worker")), 20);
    // The workbench still answers.
    p.send("/sql SELECT 42 AS answer\r");
    p.wait_shown(&["✓ 1 row"], 30);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    let o = Command::new(env!("CARGO_BIN_EXE_sandpiper")).env("SANDPIPER_HOME", p.home.path()).args(["runs", "list", "--json"]).output().unwrap();
    let runs: Value = serde_json::from_slice(&o.stdout).unwrap();
    let statuses: Vec<&str> = runs.as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["ok", "cancelled"], "{runs}");
}
