//! The binary as a user and a script see it: exit codes, stdout/stderr
//! discipline, the JSON contract, bad input, and the golden questions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Home {
    dir: tempfile::TempDir,
    config: tempfile::TempDir,
}

impl Home {
    fn new() -> Home {
        Home { dir: tempfile::tempdir().unwrap(), config: tempfile::tempdir().unwrap() }
    }
    fn path(&self) -> &Path {
        self.dir.path()
    }
    /// The binary started with piped output, not waited for.
    fn spawn(&self, args: &[&str]) -> std::process::Child {
        Command::new(env!("CARGO_BIN_EXE_sandpiper"))
            .args(args)
            .env("SANDPIPER_HOME", self.dir.path())
            .env("XDG_CONFIG_HOME", self.config.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    }
    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_sandpiper"))
            .args(args)
            .env("SANDPIPER_HOME", self.dir.path())
            .env("XDG_CONFIG_HOME", self.config.path())
            .output()
            .unwrap()
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}\n{}", stdout(o), stderr(o)))
}

#[test]
fn sql_json_follows_the_contract() {
    let h = Home::new();
    let o = h.run(&["sql", "--dataset", "ecommerce", "--json", "SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    for key in ["run_id", "dataset", "dataset_hash", "question", "provider", "plan", "sql", "status", "error", "columns", "rows", "row_count", "truncated", "attempts", "timings_ms"] {
        assert!(v.get(key).is_some(), "missing key {key} in {v}");
    }
    assert_eq!(v["status"], "ok");
    assert_eq!(v["dataset"], "ecommerce");
    assert_eq!(v["dataset_hash"].as_str().unwrap().len(), 64);
    assert_eq!(v["columns"][0]["name"], "status");
    assert_eq!(v["columns"][1]["type"], "BIGINT");
    assert_eq!(v["row_count"], 5);
    assert_eq!(v["rows"].as_array().unwrap().len(), 5);
    assert_eq!(v["attempts"][0]["n"], 1);
    assert!(v["error"].is_null());
}

#[test]
fn truncation_is_never_silent() {
    let h = Home::new();
    let o = h.run(&["sql", "--dataset", "iot", "--json", "SELECT * FROM sensors"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["row_count"], 1000);
    let o = h.run(&["sql", "--dataset", "iot", "SELECT * FROM sensors"]);
    assert!(stderr(&o).contains("truncated"), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 1002, "header, rule and 1000 rows on stdout");
}

#[test]
fn refused_sql_exits_3_and_names_the_construct() {
    let h = Home::new();
    for sql in ["DROP TABLE orders", "COPY orders TO '/tmp/x.csv'", "SELECT * FROM read_csv('/etc/passwd')", "SELECT 1; SELECT 2"] {
        let o = h.run(&["sql", "--dataset", "ecommerce", "--json", sql]);
        assert_eq!(o.status.code(), Some(3), "{sql}: {}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["status"], "rejected");
        assert_eq!(v["error"]["category"], "validation");
        assert!(!v["error"]["message"].as_str().unwrap().is_empty());
    }
}

#[test]
fn sql_errors_exit_1_with_duckdbs_message() {
    let h = Home::new();
    let o = h.run(&["sql", "--dataset", "ecommerce", "--json", "SELECT no_such_column FROM orders"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["status"], "failed");
    assert_eq!(v["error"]["category"], "column_missing");
    assert!(v["error"]["message"].as_str().unwrap().contains("no_such_column"));
}

#[test]
fn empty_and_huge_sql_are_refused_cleanly() {
    let h = Home::new();
    let o = h.run(&["sql", "--dataset", "ecommerce", "   "]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let huge = format!("SELECT 1 AS x /*{}*/", "a".repeat(100 * 1024));
    let o = h.run(&["sql", "--dataset", "ecommerce", &huge]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn unknown_dataset_lists_the_known_ones() {
    let h = Home::new();
    let o = h.run(&["sql", "--dataset", "nope", "SELECT 1"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("unknown dataset `nope`") && e.contains("ecommerce, support, iot"), "{e}");
}

#[test]
fn usage_errors_exit_2() {
    let h = Home::new();
    assert_eq!(h.run(&["sql"]).status.code(), Some(2));
    assert_eq!(h.run(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn unusable_home_is_a_clear_error() {
    let h = Home::new();
    let file = h.path().join("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_sandpiper"))
        .args(["sql", "--dataset", "ecommerce", "SELECT 1"])
        .env("SANDPIPER_HOME", &file)
        .env("XDG_CONFIG_HOME", h.config.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("SANDPIPER_HOME"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn bad_settings_name_the_file_and_key() {
    let h = Home::new();
    let dir = h.config.path().join("sandpiper");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("sandpiper.toml"), "timeout_secs = \"soon\"\n").unwrap();
    let o = h.run(&["sql", "--dataset", "ecommerce", "SELECT 1"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("sandpiper.toml") && e.contains("timeout_secs"), "{e}");
}

fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn datasets_add_checks_files_and_is_all_or_nothing() {
    let h = Home::new();
    let src = tempfile::tempdir().unwrap();
    let good = write(src.path(), "books.csv", b"book_id,title,genre,pages\n1,Dune,scifi,412\n2,Emma,classic,474\n3,Ubik,scifi,202\n");
    let ragged = write(src.path(), "loans.csv", b"loan_id,book_id\n1,1\n2,2,extra\n");
    let o = h.run(&["datasets", "add", "library", good.to_str().unwrap(), ragged.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("loans.csv") && e.contains("line 3"), "{e}");
    assert!(!h.path().join("datasets/library").exists(), "nothing half-added");

    let latin1 = write(src.path(), "authors.csv", b"author_id,name\n1,Jos\xe9\n");
    let o = h.run(&["datasets", "add", "library", latin1.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("authors.csv") && stderr(&o).contains("UTF-8"), "{}", stderr(&o));

    let o = h.run(&["datasets", "add", "library", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = h.run(&["datasets", "add", "library", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));
    let o = h.run(&["datasets", "add", "ecommerce", good.to_str().unwrap()]);
    assert!(stderr(&o).contains("already exists"));

    let o = h.run(&["sql", "--dataset", "library", "--json", "SELECT genre, sum(pages) AS p FROM books GROUP BY genre ORDER BY genre"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["rows"], serde_json::json!([["classic", 474], ["scifi", 614]]));
    let o = h.run(&["datasets", "show", "library", "--json"]);
    let v = json(&o);
    assert_eq!(v["manifest"]["derived"], true);
    let dims: Vec<&str> = v["manifest"]["dimensions"].as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap()).collect();
    assert!(dims.contains(&"genre"), "{dims:?}");
}

#[test]
fn datasets_add_reads_jsonl_and_parquet() {
    let h = Home::new();
    let src = tempfile::tempdir().unwrap();
    let jl = write(src.path(), "events.jsonl", b"{\"id\": 1, \"kind\": \"a\", \"v\": 2.5}\n{\"id\": 2, \"kind\": \"b\", \"v\": 1.5}\n");
    let o = h.run(&["datasets", "add", "events", jl.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = h.run(&["sql", "--dataset", "events", "--json", "SELECT sum(v) AS s FROM events"]);
    assert_eq!(json(&o)["rows"], serde_json::json!([[4.0]]));
}

#[test]
fn changed_user_data_is_rehashed_never_stale() {
    let h = Home::new();
    let src = tempfile::tempdir().unwrap();
    let f = write(src.path(), "t.csv", b"k,v\na,1\nb,2\n");
    assert_eq!(h.run(&["datasets", "add", "tiny", f.to_str().unwrap()]).status.code(), Some(0));
    let first = json(&h.run(&["sql", "--dataset", "tiny", "--json", "SELECT sum(v) AS s FROM t"]));
    std::fs::write(h.path().join("datasets/tiny/t.csv"), "k,v\na,1\nb,5\n").unwrap();
    let o = h.run(&["sql", "--dataset", "tiny", "--json", "SELECT sum(v) AS s FROM t"]);
    let second = json(&o);
    assert_eq!(second["rows"], serde_json::json!([[6]]));
    assert_ne!(first["dataset_hash"], second["dataset_hash"]);
    assert!(stderr(&o).contains("changed since it was added"), "{}", stderr(&o));
}

#[test]
fn generate_reproduces_the_committed_files() {
    let h = Home::new();
    let out = tempfile::tempdir().unwrap();
    let o = h.run(&["datasets", "generate", "--out", out.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets");
    for name in ["ecommerce", "support", "iot"] {
        for entry in std::fs::read_dir(repo.join(name)).unwrap() {
            let p = entry.unwrap().path();
            let generated = std::fs::read(out.path().join(name).join(p.file_name().unwrap())).unwrap();
            assert!(std::fs::read(&p).unwrap() == generated, "{} differs", p.display());
        }
    }
    assert!(!stdout(&o).contains("DIFFERS"), "{}", stdout(&o));
}

#[test]
fn golden_questions_pass_through_gold_sql_and_the_planner() {
    let h = Home::new();
    let o = h.run(&["eval", "--gold-only"]);
    assert_eq!(o.status.code(), Some(0), "{}\n{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).trim_end().ends_with("18 passed, 0 failed"), "{}", stdout(&o));
    let o = h.run(&["eval"]);
    assert_eq!(o.status.code(), Some(0), "{}\n{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).trim_end().ends_with("18 passed, 0 failed"), "{}", stdout(&o));
}

#[test]
fn eval_file_reports_failures_and_exits_nonzero() {
    let h = Home::new();
    let src = tempfile::tempdir().unwrap();
    let f = write(
        src.path(),
        "cases.jsonl",
        br#"{"dataset": "ecommerce", "sql": "SELECT count(*) FROM orders", "gold_sql": "SELECT count(*) FROM orders"}
{"dataset": "ecommerce", "sql": "SELECT count(*) + 1 FROM orders", "gold_sql": "SELECT count(*) FROM orders"}
"#,
    );
    let o = h.run(&["eval", "--file", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).trim_end().ends_with("1 passed, 1 failed"), "{}", stdout(&o));
}

#[test]
fn jail_mode_is_announced_and_never_silently_weaker() {
    let h = Home::new();
    let o = h.run(&["sql", "-d", "ecommerce", "--json", "SELECT 1 AS x"]);
    assert_eq!(json(&o)["jail"], "strict", "{}", stderr(&o));
    let o = h.run(&["sql", "-d", "ecommerce", "--jail", "reduced", "--json", "SELECT 1 AS x"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(json(&o)["jail"], "reduced");
    assert!(stderr(&o).contains("REDUCED"), "{}", stderr(&o));
    // A host without user namespaces: strict refuses and says what to do.
    let o = Command::new(env!("CARGO_BIN_EXE_sandpiper"))
        .args(["sql", "-d", "ecommerce", "SELECT 1"])
        .env("SANDPIPER_HOME", h.path())
        .env("XDG_CONFIG_HOME", h.config.path())
        .env("SANDPIPER_JAIL_NO_USERNS", "1")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--jail reduced"), "{}", stderr(&o));
}

#[test]
fn ctrl_c_cancels_a_long_query_at_once_with_exit_130_and_a_cancelled_capsule() {
    let h = Home::new();
    // Warm the dataset first so the timing below is the query's alone.
    let o = h.run(&["sql", "-d", "iot", "SELECT 1 AS x"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let child = h.spawn(&["sql", "-d", "iot", "--json", "--timeout", "60", "SELECT count(*) FROM range(1000000000000) r(i) WHERE i % 7 = 3"]);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = std::time::Instant::now();
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let o = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(took < std::time::Duration::from_secs(5), "Ctrl-C took {took:?} (the deadline is 60 s)");
    let v = json(&o);
    assert_eq!(v["status"], "cancelled");
    assert_eq!(v["error"]["category"], "cancelled");
    let run_id = v["run_id"].as_str().unwrap().to_string();
    let show = h.run(&["runs", "show", &run_id, "--json"]);
    assert_eq!(show.status.code(), Some(0), "{}", stderr(&show));
    assert_eq!(json(&show)["status"], "cancelled");
    let verify = h.run(&["audit", "verify"]);
    assert_eq!(verify.status.code(), Some(0), "{}", stdout(&verify));
}

#[test]
fn a_closed_pipe_ends_quietly_without_a_panic() {
    let h = Home::new();
    let mut child = h.spawn(&["sql", "-d", "iot", "--json", "SELECT * FROM sensors LIMIT 5000"]);
    // Read one line, then close the pipe, as `| head -1` does.
    {
        use std::io::BufRead;
        let out = child.stdout.take().unwrap();
        let mut first = String::new();
        std::io::BufReader::new(out).read_line(&mut first).unwrap();
        assert!(first.starts_with('{'), "{first}");
    }
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{err}");
    use std::os::unix::process::ExitStatusExt;
    assert!(o.status.signal() == Some(libc::SIGPIPE) || o.status.code() == Some(0), "{:?}", o.status);
}

#[test]
fn a_numeric_column_has_one_number_of_decimals() {
    let h = Home::new();
    let o = h.run(&["sql", "-d", "iot", "SELECT * FROM (VALUES (3.5::DOUBLE), (5.0::DOUBLE), (12.25::DOUBLE)) t(x)"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().skip(2).map(|l| l.trim().to_string()).collect();
    assert_eq!(lines, ["3.50", "5.00", "12.25"]);
}

#[test]
fn without_a_terminal_the_workbench_points_to_ask_and_sql() {
    let h = Home::new();
    let o = h.run(&[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("sandpiper ask") && stderr(&o).contains("sandpiper sql"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "nothing is drawn: {}", stdout(&o));
}
