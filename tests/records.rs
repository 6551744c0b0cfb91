//! The records every run leaves: audit log and run capsules through the
//! binary, replay, tamper detection from the command line, and the crash
//! harness (SIGKILL at random points, 50 times).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn sandpiper(home: &Path, config: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sandpiper"));
    c.env("SANDPIPER_HOME", home).env("XDG_CONFIG_HOME", config);
    c
}

fn run(home: &Path, config: &Path, args: &[&str]) -> Output {
    sandpiper(home, config).args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn every_run_is_audited_and_captured_and_replays() {
    let home = tempfile::tempdir().unwrap();
    let cfg = tempfile::tempdir().unwrap();
    let (h, c) = (home.path(), cfg.path());
    let o = run(h, c, &["sql", "-d", "ecommerce", "--json", "SELECT channel, count(*) AS n FROM orders GROUP BY channel ORDER BY channel"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    let id = report["run_id"].as_str().unwrap().to_string();
    let o = run(h, c, &["sql", "-d", "ecommerce", "DROP TABLE orders"]);
    assert_eq!(o.status.code(), Some(3));

    // Audit: intact, with the run's entries.
    let o = run(h, c, &["audit", "verify"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(text(&o.stdout).starts_with("intact: "), "{}", text(&o.stdout));
    let o = run(h, c, &["audit", "show", "--run", &id[..8]]);
    let kinds: Vec<String> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["kind"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(kinds, ["sql", "validation", "execution", "answer"]);

    // Capsules: listed, shown by prefix, replayed with a matching hash.
    let o = run(h, c, &["runs", "list", "--json"]);
    let list: Value = serde_json::from_slice(&o.stdout).unwrap();
    let statuses: Vec<&str> = list.as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["rejected", "ok"]);
    let o = run(h, c, &["runs", "show", &id[..8], "--json"]);
    let cap: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(cap["row_count"], 3);
    assert_eq!(cap["result_hash"].as_str().unwrap().len(), 64);
    assert!(cap["attempts"][0]["duration_ms"].as_u64().unwrap() >= 1, "{cap}");
    let o = run(h, c, &["runs", "replay", &id, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    let rep: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(rep["matches"], true);
    assert_ne!(rep["run_id"], Value::String(id.clone()));
    let o = run(h, c, &["runs", "list", "--json"]);
    let list: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(list[0]["replay_of"], Value::String(id));
}

#[test]
fn replay_refuses_a_different_dataset_version() {
    let home = tempfile::tempdir().unwrap();
    let cfg = tempfile::tempdir().unwrap();
    let (h, c) = (home.path(), cfg.path());
    let src = tempfile::tempdir().unwrap();
    let f = src.path().join("t.csv");
    std::fs::write(&f, "k,v\na,1\n").unwrap();
    assert_eq!(run(h, c, &["datasets", "add", "tiny", f.to_str().unwrap()]).status.code(), Some(0));
    let o = run(h, c, &["sql", "-d", "tiny", "--json", "SELECT sum(v) AS s FROM t"]);
    let id = serde_json::from_slice::<Value>(&o.stdout).unwrap()["run_id"].as_str().unwrap().to_string();
    std::fs::write(h.join("datasets/tiny/t.csv"), "k,v\na,2\n").unwrap();
    let o = run(h, c, &["runs", "replay", &id]);
    assert_eq!(o.status.code(), Some(3));
    assert!(text(&o.stderr).contains("refusing to replay"), "{}", text(&o.stderr));
}

#[test]
fn audit_verify_names_the_tampered_line() {
    let home = tempfile::tempdir().unwrap();
    let cfg = tempfile::tempdir().unwrap();
    let (h, c) = (home.path(), cfg.path());
    for _ in 0..2 {
        assert_eq!(run(h, c, &["sql", "-d", "support", "SELECT count(*) FROM tickets"]).status.code(), Some(0));
    }
    let head = text(&run(h, c, &["audit", "head"]).stdout).trim().to_string();
    assert_eq!(head.len(), 64);
    assert_eq!(run(h, c, &["audit", "verify", "--expect-head", &head]).status.code(), Some(0));
    let seg = h.join("audit/audit-000001.jsonl");
    let original = std::fs::read_to_string(&seg).unwrap();
    let lines: Vec<&str> = original.lines().collect();
    assert!(lines.len() >= 8);
    // Edit the kind on line 4.
    let mut edited: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    assert!(edited[3].contains("\"kind\":\""));
    edited[3] = edited[3].replacen("\"kind\":\"", "\"kind\":\"x", 1);
    std::fs::write(&seg, edited.join("\n") + "\n").unwrap();
    let o = run(h, c, &["audit", "verify"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("line 4"), "{}", text(&o.stderr));
    // Drop the last entry: only the recorded head catches it.
    std::fs::write(&seg, lines[..lines.len() - 1].join("\n") + "\n").unwrap();
    assert_eq!(run(h, c, &["audit", "verify"]).status.code(), Some(0));
    let o = run(h, c, &["audit", "verify", "--expect-head", &head]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
}

#[test]
fn a_foreign_file_at_the_audit_path_is_refused_not_overwritten() {
    let home = tempfile::tempdir().unwrap();
    let cfg = tempfile::tempdir().unwrap();
    let (h, c) = (home.path(), cfg.path());
    std::fs::create_dir_all(h.join("audit")).unwrap();
    std::fs::write(h.join("audit/audit-000001.jsonl"), "this is not an audit log\n").unwrap();
    let o = run(h, c, &["sql", "-d", "ecommerce", "SELECT 1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("audit-000001.jsonl"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(h.join("audit/audit-000001.jsonl")).unwrap(), "this is not an audit log\n");
}

#[test]
fn a_newer_runs_database_is_refused() {
    let home = tempfile::tempdir().unwrap();
    let cfg = tempfile::tempdir().unwrap();
    let (h, c) = (home.path(), cfg.path());
    {
        let db = rusqlite::Connection::open(h.join("runs.sqlite")).unwrap();
        db.execute_batch("PRAGMA user_version = 999; CREATE TABLE x(y);").unwrap();
    }
    let o = run(h, c, &["sql", "-d", "ecommerce", "SELECT 1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("newer"), "{}", text(&o.stderr));
}

/// SIGKILL the app at spread-out points during a stream of runs, 50 times;
/// afterwards the audit log verifies (after recovery), every capsule is
/// complete or marked interrupted, and SQLite reports no corruption.
#[test]
fn crash_harness_sigkill_50_times() {
    let home = tempfile::tempdir().unwrap();
    let cfg = tempfile::tempdir().unwrap();
    let (h, c) = (home.path(), cfg.path());
    // Prepare the dataset first, so kills land in runs, not in the one-off build.
    assert_eq!(run(h, c, &["sql", "-d", "iot", "SELECT 1"]).status.code(), Some(0));
    let mut seed: u64 = 0x5eed;
    let mut killed = 0;
    for i in 0..50 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let delay = Duration::from_micros(seed % 45_000);
        let sql = if i % 3 == 0 { "SELECT nope FROM sensors" } else { "SELECT site, avg(temperature_c) FROM sensors GROUP BY site" };
        let mut child = sandpiper(h, c)
            .args(["sql", "-d", "iot", sql])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        if child.try_wait().unwrap().is_none() {
            killed += 1;
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    assert!(killed >= 25, "only {killed} of 50 runs were killed mid-way; the harness is not exercising crashes");
    // The next start recovers any torn tail and marks unfinished runs.
    let o = run(h, c, &["sql", "-d", "iot", "SELECT 2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = run(h, c, &["audit", "verify"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    let o = run(h, c, &["runs", "list", "--limit", "1000", "--json"]);
    let list: Value = serde_json::from_slice(&o.stdout).unwrap();
    for r in list.as_array().unwrap() {
        let s = r["status"].as_str().unwrap();
        assert!(["ok", "failed", "rejected", "interrupted"].contains(&s), "capsule left as {s}: {r}");
        if s != "interrupted" {
            assert!(!r["finished_at"].is_null(), "{r}");
        }
    }
    let db = rusqlite::Connection::open(h.join("runs.sqlite")).unwrap();
    let check: String = db.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(check, "ok");
}

/// The stepper's user repair (re-run or edit of an attempt) is the next
/// attempt of the same run: one capsule, listed by `runs show` with
/// repairer `user`, replayed from the repaired SQL, and audited under the
/// run's id with a chain that verifies.
#[test]
fn a_user_repair_is_the_next_attempt_of_the_same_run() {
    use sandpiper::agent::Request;
    use sandpiper::home::Home;
    use sandpiper::progress::NoProgress;
    use sandpiper::report::Status;
    use sandpiper::runner::CancelToken;
    use sandpiper::session::{RunOverrides, Session, SessionOptions};

    let home = tempfile::tempdir().unwrap();
    let cfg = tempfile::tempdir().unwrap();
    let (h, c) = (home.path(), cfg.path());
    let first = {
        let mut s = Session::open(SessionOptions {
            record: true,
            home: Some(Home::at(h)),
            worker_exe: Some(env!("CARGO_BIN_EXE_sandpiper").into()),
            ..Default::default()
        })
        .unwrap();
        s.use_dataset(Some("ecommerce")).unwrap();
        let cancel = CancelToken::new();
        let once = RunOverrides { max_attempts: Some(1), ..RunOverrides::default() };
        let failed = s.run(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: true }, &once, &NoProgress, &cancel).unwrap();
        assert_eq!((failed.status, failed.attempts.len()), (Status::Failed, 1), "{:?}", failed.error);
        let fixed = "SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status";
        let repair = Request::Repair { of_run: failed.run_id.clone(), question: None, prior: failed.attempts.clone(), from: 1, sql: fixed.into() };
        let repaired = s.run(repair, &RunOverrides::default(), &NoProgress, &cancel).unwrap();
        assert_eq!(repaired.status, Status::Ok, "{:?}", repaired.error);
        assert_eq!(repaired.run_id, failed.run_id, "the same run, not a new one");
        assert_eq!(repaired.attempts.iter().map(|a| (a.n, a.repairer.as_deref())).collect::<Vec<_>>(), [(1, None), (2, Some("user"))]);
        // A repair made from an old view of the run (one attempt, where two
        // are stored now) is refused, and the run is left as it was.
        let stale = Request::Repair { of_run: failed.run_id.clone(), question: None, prior: failed.attempts.clone(), from: 1, sql: "SELECT 1".into() };
        let refused = s.run(stale, &RunOverrides::default(), &NoProgress, &cancel).unwrap();
        assert_eq!(refused.status, Status::Failed);
        assert!(refused.error.as_ref().unwrap().message.contains("has 2 attempts recorded but the repair was made from 1"), "{:?}", refused.error);
        failed.run_id
    };

    let o = run(h, c, &["runs", "list", "--json"]);
    let list: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1, "one run: {list}");
    assert_eq!(list[0]["status"], "ok");

    let o = run(h, c, &["runs", "show", &first[..8]]);
    let shown = text(&o.stdout);
    assert!(shown.lines().any(|l| l.starts_with("attempt 1 failed")), "{shown}");
    assert!(shown.lines().any(|l| l.starts_with("attempt 2 ok (by user, added 20")), "{shown}");
    assert!(shown.contains("status    ok"), "{shown}");
    let o = run(h, c, &["runs", "show", &first, "--json"]);
    let cap: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(cap["attempts"].as_array().unwrap().len(), 2, "{cap}");
    assert_eq!(cap["attempts"][1]["repairer"], "user");
    assert!(cap["attempts"][0].get("added_at").is_none(), "the run's own attempt was not added later: {cap}");
    assert_eq!(cap["row_count"], 5, "{cap}");

    let o = run(h, c, &["runs", "replay", &first, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    let rep: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(rep["matches"], true, "{rep}");

    let o = run(h, c, &["audit", "verify"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    let o = run(h, c, &["audit", "show", "--run", &first]);
    let entries: Vec<Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let repair = entries.iter().find(|e| e["kind"] == "repair_attempt").expect("a repair entry under the run's id");
    assert_eq!((repair["payload"]["repairer"].as_str(), repair["payload"]["attempt"].as_u64()), (Some("user"), Some(2)), "{repair}");
    // The log is append-only: the run's first answer (failed), then the
    // repaired one, both under the one run id; the refused stale repair
    // wrote nothing.
    let answers: Vec<&str> = entries.iter().filter(|e| e["kind"] == "answer").map(|e| e["payload"]["status"].as_str().unwrap()).collect();
    assert_eq!(answers, ["failed", "ok"], "{entries:?}");
    assert_eq!(entries.iter().filter(|e| e["kind"] == "repair_attempt").count(), 1);
}
