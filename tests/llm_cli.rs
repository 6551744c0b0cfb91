//! The model-provider edge: `sandpiper llm ping` (the real binary against
//! the loopback server) and the `[llm]` settings table. No internet, no key.

mod llm_server;

use llm_server::{anthropic_text, view, Reply, Server};

const KEY: &str = "sk-test-DO-NOT-LEAK-0123456789";

/// Runs the real binary with a clean environment plus `env`, in a fresh home.
fn run_binary(args: &[&str], env: &[(&str, String)]) -> (i32, String, String) {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    run_in(dir.path(), args, env)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn llm_ping_reports_the_call_and_never_the_key() {
    let ev = anthropic_text("claude-sonnet-4-5-20250929", &["pong"], r#"{"input_tokens": 21, "output_tokens": 1}"#, 3);
    let server = Server::start(vec![Reply::sse(&view(&ev))]).await;
    let env = vec![("ANTHROPIC_API_KEY", KEY.to_string()), ("ANTHROPIC_BASE_URL", server.url.clone())];
    let (code, out, err) = tokio::task::spawn_blocking(move || run_binary(&["llm", "ping"], &env)).await.unwrap_or_default();
    assert_eq!(code, 0, "{out}{err}");
    for want in ["anthropic:claude-sonnet-4-5", "pong", "first token", "in 21", "out 3", "$0.00"] {
        assert!(out.contains(want), "{want} missing from:\n{out}");
    }
    assert!(!out.contains(KEY) && !err.contains(KEY));
    assert_eq!(server.requests()[0].json()["max_tokens"], 16);

    let failing = Server::start(vec![Reply::json(401, r#"{"error":{"type":"authentication_error","message":"invalid x-api-key"}}"#)]).await;
    let env = vec![("OPENAI_API_KEY", KEY.to_string()), ("OPENAI_BASE_URL", format!("{}/v1", failing.url))];
    let (code, out, err) = tokio::task::spawn_blocking(move || run_binary(&["llm", "ping", "--model", "gpt-4o-mini"], &env)).await.unwrap_or_default();
    assert_eq!(code, 1);
    assert!(err.contains("openai:gpt-4o-mini") && err.contains("check OPENAI_API_KEY"), "{err}");
    assert!(!out.contains(KEY) && !err.contains(KEY));

    let (code, _, err) = tokio::task::spawn_blocking(|| run_binary(&["llm", "ping"], &[])).await.unwrap_or_default();
    assert_eq!(code, 1);
    assert!(err.contains("offline"), "{err}");

    let (code, _, err) = tokio::task::spawn_blocking(|| run_binary(&["--provider", "anthropic", "llm", "ping"], &[])).await.unwrap_or_default();
    assert_eq!(code, 1);
    assert!(err.contains("set ANTHROPIC_API_KEY"), "{err}");
}

#[test]
fn settings_file_with_an_api_key_is_refused_naming_the_file() {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let path = dir.path().join("sandpiper.toml");
    let written = std::fs::write(&path, format!("[llm]\nprovider = \"anthropic\"\napi_key = \"{KEY}\"\n"));
    assert!(written.is_ok());
    let r = sandpiper::home::Settings::from_file(&path);
    let Err(e) = r else { panic!("accepted") };
    let msg = e.to_string();
    assert!(msg.contains(&path.display().to_string()) && msg.contains("llm.api_key"), "{msg}");
    assert!(!msg.contains(KEY));
    let ok = std::fs::write(&path, "[llm]\nprovider = \"openai-compatible\"\nbase_url = \"http://localhost:11434/v1\"\nmodel = \"llama3.2\"\nmax_iterations = 5\n[llm.prices.\"llama3.2\"]\ninput = 0\noutput = 0\n");
    assert!(ok.is_ok());
    let s = sandpiper::home::Settings::from_file(&path);
    assert!(matches!(&s, Ok(s) if s.llm.max_iterations == 5), "{s:?}");
    let bad = std::fs::write(&path, "[llm]\nmodle = \"x\"\n");
    assert!(bad.is_ok());
    assert!(sandpiper::home::Settings::from_file(&path).is_err());
}

/// Runs the real binary with a clean environment plus `env`, in `home`.
fn run_in(home: &std::path::Path, args: &[&str], env: &[(&str, String)]) -> (i32, String, String) {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_sandpiper"));
    cmd.args(args).env_clear().env("PATH", std::env::var("PATH").unwrap_or_default()).env("HOME", home).env("SANDPIPER_HOME", home.join("home"));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = match cmd.output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Every file under `dir`, read as bytes (SQLite files included).
fn files_containing(dir: &std::path::Path, needle: &[u8]) -> Vec<String> {
    let mut hits = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return hits };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            hits.extend(files_containing(&p, needle));
        } else if std::fs::read(&p).is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle)) {
            hits.push(p.display().to_string());
        }
    }
    hits
}

/// A question answered by a model on the loopback server, through the
/// real CLI, jail and records; then every command that reads the records.
/// The key must appear in no output and no file under the home.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_answers_through_the_cli_and_the_key_is_never_written() {
    let answer = "Counting per status:\n```sql\nSELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status\n```";
    let ev = anthropic_text("claude-sonnet-4-5-20250929", &[&answer[..20], &answer[20..]], r#"{"input_tokens": 900, "output_tokens": 1}"#, 30);
    let server = Server::start(vec![Reply::sse(&view(&ev))]).await;
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let home = dir.path().to_path_buf();
    let env = vec![("ANTHROPIC_API_KEY", KEY.to_string()), ("ANTHROPIC_BASE_URL", server.url.clone())];
    let run = |args: &'static [&'static str]| {
        let (home, env) = (home.clone(), env.clone());
        tokio::task::spawn_blocking(move || run_in(&home, args, &env))
    };
    let mut seen = String::new();
    let (code, out, err) = run(&["--planner", "model", "ask", "--json", "-d", "ecommerce", "orders per status"]).await.unwrap_or_default();
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(v["provider"], "anthropic:claude-sonnet-4-5", "{out}");
    assert_eq!(v["planner"], "model", "{out}");
    assert_eq!(v["status"], "ok", "{out}");
    assert_eq!(v["columns"][0]["name"], "status", "{out}");
    assert!(v["usage"]["input_tokens"].as_u64().is_some_and(|n| n >= 900), "{out}");
    let req = &server.requests()[0];
    assert_eq!(req.header("x-api-key"), Some(KEY), "the key is sent to the provider, and only there");
    seen.push_str(&out);
    seen.push_str(&err);
    for args in [
        &["--planner", "model", "ask", "-d", "ecommerce", "orders per status"][..],
        &["sql", "-d", "ecommerce", "SELECT count(*) FROM orders"],
        &["runs", "list"],
        &["runs", "list", "--json"],
        &["audit", "verify"],
        &["audit", "show"],
        &["llm", "ping"],
        &["eval", "-d", "ecommerce"],
    ] {
        let (home, env) = (home.clone(), env.clone());
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (code, out, err) = tokio::task::spawn_blocking(move || {
            let a: Vec<&str> = args.iter().map(String::as_str).collect();
            run_in(&home, &a, &env)
        })
        .await
        .unwrap_or_default();
        assert!(code == 0 || code == 1, "{code}: {out}{err}");
        seen.push_str(&out);
        seen.push_str(&err);
    }
    // A refused key: the run falls back to the offline planner, and the
    // key is not in the message either.
    let failing = Server::start(vec![Reply::json(401, r#"{"error":{"type":"authentication_error","message":"invalid x-api-key"}}"#)]).await;
    let env401 = vec![("ANTHROPIC_API_KEY", KEY.to_string()), ("ANTHROPIC_BASE_URL", failing.url.clone())];
    let h = home.clone();
    let (code, out, err) = tokio::task::spawn_blocking(move || run_in(&h, &["--planner", "model", "ask", "-d", "ecommerce", "revenue by month"], &env401))
        .await
        .unwrap_or_default();
    assert!(code == 0 || code == 1, "{code}: {out}{err}");
    seen.push_str(&out);
    seen.push_str(&err);
    assert!(!seen.contains(KEY), "the key was printed");
    let leaks = files_containing(&home.join("home"), KEY.as_bytes());
    assert!(leaks.is_empty(), "the key was written to {leaks:?}");
    // Not vacuous: the home holds the runs and the audit log.
    assert!(!files_containing(&home.join("home"), b"orders per status").is_empty());
}
