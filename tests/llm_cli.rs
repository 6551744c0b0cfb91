//! The model-provider edge: `sandpiper llm ping` (the real binary against
//! the loopback server) and the `[llm]` settings table. No internet, no key.

mod llm_server;

use llm_server::{anthropic_text, view, Reply, Server};

const KEY: &str = "sk-test-DO-NOT-LEAK-0123456789";

/// Runs the real binary with a clean environment plus `env`.
fn run_binary(args: &[&str], env: &[(&str, String)]) -> (i32, String, String) {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_sandpiper"));
    cmd.args(args).env_clear().env("PATH", std::env::var("PATH").unwrap_or_default()).env("HOME", dir.path()).env("SANDPIPER_HOME", dir.path().join("home"));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = match cmd.output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
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
