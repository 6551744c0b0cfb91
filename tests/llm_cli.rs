//! The model-provider edge: `sandpiper llm ping` (the real binary against
//! the loopback server) and the `[llm]` settings table. No internet, no key.

mod llm_server;

use llm_server::{anthropic_text, anthropic_tool, openai_text, view, Reply, Server};

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

/// The commands of one end-to-end check, with their outputs gathered
/// for the key grep.
struct Cli {
    home: std::path::PathBuf,
    seen: String,
}

impl Cli {
    async fn run(&mut self, args: &[&str], env: &[(&'static str, String)]) -> (i32, String, String) {
        let (home, env) = (self.home.clone(), env.to_vec());
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (code, out, err) = tokio::task::spawn_blocking(move || {
            let a: Vec<&str> = args.iter().map(String::as_str).collect();
            run_in(&home, &a, &env)
        })
        .await
        .unwrap_or_default();
        self.seen.push_str(&out);
        self.seen.push_str(&err);
        (code, out, err)
    }

    /// `[llm]` settings for the following commands.
    fn settings(&self, text: &str) {
        let dir = self.home.join(".config").join("sandpiper");
        assert!(std::fs::create_dir_all(&dir).is_ok());
        assert!(std::fs::write(dir.join("sandpiper.toml"), text).is_ok());
    }
}

/// How a provider is reached: its environment for a server at a URL, the
/// label it reports, and the request header that must carry the key.
struct Wiring {
    env: fn(&str) -> Vec<(&'static str, String)>,
    label: &'static str,
    auth: (&'static str, String),
    /// The variable a refused key's message names.
    key_var: &'static str,
}

/// A question answered by a model on the loopback server (`answer`, one
/// streamed reply), through the real CLI, jail and records; `runs show`
/// and `eval` with the usage totals; the offline fallback with a notice
/// on a 401 and on a 500 storm; then every command that reads the
/// records. The key must appear in no output and no file under the home.
async fn through_the_cli(answer: Reply, w: Wiring) {
    let server = Server::start(vec![answer]).await;
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let mut cli = Cli { home: dir.path().to_path_buf(), seen: String::new() };
    let env = (w.env)(&server.url);
    let (code, out, err) = cli.run(&["--planner", "model", "ask", "--json", "-d", "ecommerce", "orders per status"], &env).await;
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(v["provider"], w.label, "{out}");
    assert_eq!(v["planner"], "model", "{out}");
    assert_eq!(v["status"], "ok", "{out}");
    assert_eq!(v["columns"][0]["name"], "status", "{out}");
    assert_eq!(v["usage"]["calls"], 1, "{out}");
    assert!(v["usage"]["input_tokens"].as_u64().is_some_and(|n| n >= 900), "{out}");
    assert_eq!(v["usage"]["output_tokens"], 30, "{out}");
    assert!(v["usage"]["total_ms"].as_u64().is_some(), "{out}");
    let req = &server.requests()[0];
    assert_eq!(req.header(w.auth.0), Some(w.auth.1.as_str()), "the key is sent to the provider, and only there");

    let run_id = v["run_id"].as_str().unwrap_or_default().to_string();
    let (code, out, err) = cli.run(&["runs", "show", &run_id], &env).await;
    assert_eq!(code, 0, "{out}{err}");
    for want in ["planner   model", "usage     1 model call, ", " out tokens", &format!("call 1 plan {}", w.label)] {
        assert!(out.contains(want), "{want} missing from runs show:\n{out}");
    }
    let (code, out, err) = cli.run(&["runs", "show", "--json", &run_id], &env).await;
    assert_eq!(code, 0, "{out}{err}");
    let shown: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(shown["usage"], v["usage"], "{out}");

    let (code, out, err) = cli.run(&["--planner", "model", "eval", "-d", "ecommerce"], &env).await;
    assert!(code == 0 || code == 1, "{code}: {out}{err}");
    assert!(out.contains("model usage: ") && out.contains(" model calls, "), "eval prints the totals:\n{out}");

    for args in [
        &["--planner", "model", "ask", "-d", "ecommerce", "orders per status"][..],
        &["sql", "-d", "ecommerce", "SELECT count(*) FROM orders"],
        &["runs", "list"],
        &["runs", "list", "--json"],
        &["audit", "verify"],
        &["audit", "show"],
        &["llm", "ping"],
    ] {
        let (code, out, err) = cli.run(args, &env).await;
        assert!(code == 0 || code == 1, "{args:?} {code}: {out}{err}");
    }

    // A refused key: the offline planner answers, with a notice naming
    // the variable to check, and the key is not in the message.
    let refusing = Server::start(vec![Reply::json(401, r#"{"error":{"type":"authentication_error","message":"invalid api key"}}"#)]).await;
    let (code, out, err) = cli.run(&["--planner", "model", "ask", "-d", "ecommerce", "revenue by month"], &(w.env)(&refusing.url)).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("offline planner answered") && err.contains(w.key_var), "{err}");
    // A server failing every time: retried within bounds, then the same fallback.
    cli.settings("[llm]\nmax_retries = 1\n");
    let failing = Server::start(vec![Reply::json(500, r#"{"error":{"type":"api_error","message":"internal error"}}"#)]).await;
    let started = std::time::Instant::now();
    let (code, out, err) = cli.run(&["--planner", "model", "ask", "-d", "ecommerce", "revenue by month"], &(w.env)(&failing.url)).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("offline planner answered") && err.contains("(500)"), "{err}");
    assert_eq!(failing.requests().len(), 2, "one try and one retry");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));

    assert!(!cli.seen.contains(KEY), "the key was printed");
    let leaks = files_containing(&cli.home, KEY.as_bytes());
    assert!(leaks.is_empty(), "the key was written to {leaks:?}");
    // Not vacuous: the home holds the runs and the audit log.
    assert!(!files_containing(&cli.home.join("home"), b"orders per status").is_empty());
}

/// The model's answer: SQL in fenced prose, 900 tokens in, 30 out.
const ANSWER: &str = "Counting per status:\n```sql\nSELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status\n```";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anthropic_answers_through_the_cli_and_the_key_is_never_written() {
    let ev = anthropic_text("claude-sonnet-4-5-20250929", &[&ANSWER[..20], &ANSWER[20..]], r#"{"input_tokens": 900, "output_tokens": 1}"#, 30);
    let wiring = Wiring {
        env: |url| vec![("ANTHROPIC_API_KEY", KEY.to_string()), ("ANTHROPIC_BASE_URL", url.to_string())],
        label: "anthropic:claude-sonnet-4-5",
        auth: ("x-api-key", KEY.to_string()),
        key_var: "ANTHROPIC_API_KEY",
    };
    through_the_cli(Reply::sse(&view(&ev)), wiring).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openai_answers_through_the_cli_and_the_key_is_never_written() {
    let usage = r#"{"prompt_tokens":900,"completion_tokens":30,"total_tokens":930,"prompt_tokens_details":{"cached_tokens":0}}"#;
    let ev = openai_text("gpt-4.1-2025-04-14", &[&ANSWER[..20], &ANSWER[20..]], usage);
    let wiring = Wiring {
        env: |url| vec![("OPENAI_API_KEY", KEY.to_string()), ("OPENAI_BASE_URL", format!("{url}/v1"))],
        label: "openai:gpt-4.1",
        auth: ("authorization", format!("Bearer {KEY}")),
        key_var: "OPENAI_API_KEY",
    };
    through_the_cli(Reply::sse(&view(&ev)), wiring).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_openai_compatible_server_answers_through_the_cli_by_base_url() {
    let usage = r#"{"prompt_tokens":900,"completion_tokens":30,"total_tokens":930}"#;
    let ev = openai_text("qwen2.5-coder:7b", &[&ANSWER[..20], &ANSWER[20..]], usage);
    let wiring = Wiring {
        env: |url| {
            vec![("SANDPIPER_LLM_BASE_URL", format!("{url}/v1")), ("SANDPIPER_MODEL", "qwen2.5-coder:7b".into()), ("SANDPIPER_LLM_API_KEY", KEY.to_string())]
        },
        label: "openai-compatible:qwen2.5-coder:7b",
        auth: ("authorization", format!("Bearer {KEY}")),
        key_var: "SANDPIPER_LLM_API_KEY",
    };
    through_the_cli(Reply::sse(&view(&ev)), wiring).await;
}

/// `[llm] token_budget`: the model explores (one call of 930 tokens over a
/// budget of 500), no second call starts, and the offline planner answers
/// with a notice saying the budget was spent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spent_token_budget_starts_no_further_call_and_the_offline_planner_answers() {
    let ev = anthropic_tool("claude-sonnet-4-5", "list_tables", "{}", r#"{"input_tokens": 900, "output_tokens": 1}"#, 30);
    let server = Server::start(vec![Reply::sse(&view(&ev))]).await;
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let mut cli = Cli { home: dir.path().to_path_buf(), seen: String::new() };
    cli.settings("[llm]\ntoken_budget = 500\n");
    let env = vec![("ANTHROPIC_API_KEY", KEY.to_string()), ("ANTHROPIC_BASE_URL", server.url.clone())];
    let (code, out, err) = cli.run(&["--planner", "model", "ask", "--json", "-d", "ecommerce", "revenue by month"], &env).await;
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(v["planner"], "offline", "{out}");
    assert_eq!(v["status"], "ok", "{out}");
    assert_eq!(v["usage"]["calls"], 1, "{out}");
    assert_eq!(server.requests().len(), 1, "no call after the budget was spent");
    let notices = v["notices"].to_string();
    assert!(notices.contains("930 of the run's 500 tokens") && notices.contains("llm.token_budget") && notices.contains("offline planner answered"), "{notices}");
    // The next run has its own budget: the model is asked again.
    let (code, out, err) = cli.run(&["--planner", "model", "ask", "-d", "ecommerce", "revenue by month"], &env).await;
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(server.requests().len(), 2);
}
