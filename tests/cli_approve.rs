//! `sandpiper ask --approve` and `sql --approve` in a pseudo-terminal, as
//! a person answers the prompt: Enter runs the SQL, `n` rejects it (the run
//! is recorded as cancelled, exit code 130), `e` runs the editor's edit as
//! the user's repair; and without a terminal on stdin the command refuses
//! before anything runs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pty_support;

use pty_support::*;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};

const PROMPT: &str = "Enter runs it";

/// `runs list --json` of a home.
fn runs(home: &Path) -> Vec<Value> {
    let o = Command::new(env!("CARGO_BIN_EXE_sandpiper")).env("SANDPIPER_HOME", home).args(["runs", "list", "--json"]).output().unwrap();
    serde_json::from_slice::<Value>(&o.stdout).unwrap().as_array().cloned().unwrap_or_default()
}

fn show(home: &Path, id: &str) -> Value {
    let o = Command::new(env!("CARGO_BIN_EXE_sandpiper")).env("SANDPIPER_HOME", home).args(["runs", "show", id, "--json"]).output().unwrap();
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn enter_runs_the_sql_after_it_was_shown() {
    let mut p = Pty::start_with(120, 40, &["sql", "-d", "ecommerce", "--approve", "SELECT count(*) AS n FROM orders"]);
    let at = p.wait_for(PROMPT, 0, 90);
    let before = p.text();
    assert!(before.contains("Approve your SQL (attempt 1) before it runs:"), "{before}");
    assert!(before.contains("  SELECT count(*) AS n FROM orders"), "the SQL is shown before the prompt: {before}");
    assert!(!before.contains("(1 row)"), "nothing ran before the answer");
    p.send("\r");
    p.wait_for("(1 row)", at, 60);
    assert_eq!(p.exit_code(30), Some(0), "{}", p.text());
    let list = runs(p.home.path());
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["status"], "ok");
}

#[test]
fn n_rejects_a_planned_question_and_the_run_is_recorded_cancelled() {
    let mut p = Pty::start_with(120, 40, &["ask", "-d", "ecommerce", "--approve", "What is the total revenue by product category?"]);
    let at = p.wait_for(PROMPT, 0, 90);
    let before = p.text();
    assert!(before.contains("Plan (confidence"), "the plan is printed: {before}");
    assert!(before.contains("Approve the SQL of the plan (attempt 1)"), "{before}");
    assert!(before.contains("SELECT"), "{before}");
    p.send("n");
    p.wait_for("rejected", at, 30);
    assert_eq!(p.exit_code(30), Some(130), "{}", p.text());
    let after = p.text();
    assert!(after.contains("attempt 1 was rejected by the user"), "{after}");
    assert!(after.contains("recorded as cancelled"), "{after}");
    let list = runs(p.home.path());
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["status"], "cancelled");
}

#[test]
fn e_runs_the_editors_edit_as_the_users_repair() {
    // The "editor" rewrites the file in place, as a person would by hand.
    let envs = [("EDITOR", "sed -i s/orders/order_items/")];
    let mut p = Pty::start_env(120, 40, &["sql", "-d", "ecommerce", "--approve", "--json", "SELECT count(*) AS n FROM orders"], &envs);
    let at = p.wait_for(PROMPT, 0, 90);
    p.send("e");
    // The edit is shown and asked for again before it runs.
    let again = p.wait_for("SELECT count(*) AS n FROM order_items", at, 30);
    p.wait_for(PROMPT, again, 30);
    p.send("\r");
    assert_eq!(p.exit_code(60), Some(0), "{}", p.text());
    let list = runs(p.home.path());
    let cap = show(p.home.path(), list[0]["run_id"].as_str().unwrap());
    let a = &cap["attempts"][0];
    assert_eq!((a["repairer"].as_str(), a["sql"].as_str()), (Some("user"), Some("SELECT count(*) AS n FROM order_items")), "{cap}");
    assert!(a["diff"].as_str().unwrap().contains("--- attempt 1 as proposed"), "{cap}");
}

#[test]
fn without_a_terminal_on_stdin_approval_is_refused_and_nothing_runs() {
    let home = tempfile::tempdir().unwrap();
    let config = tempfile::tempdir().unwrap();
    for args in [vec!["sql", "-d", "ecommerce", "--approve", "SELECT 1 AS one"], vec!["ask", "-d", "ecommerce", "--approve", "revenue by channel"]] {
        let o = Command::new(env!("CARGO_BIN_EXE_sandpiper"))
            .env("SANDPIPER_HOME", home.path())
            .env("XDG_CONFIG_HOME", config.path())
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("--approve asks on the terminal") && err.contains("standard input is not a terminal"), "{err}");
        assert!(o.stdout.is_empty(), "no answer printed");
    }
    assert!(runs(home.path()).is_empty(), "no run was started");
}
