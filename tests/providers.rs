//! The model providers against a loopback server speaking each protocol as
//! the providers document it: streaming, tool calls split mid-token,
//! retries, timeouts, truncation, cancellation, errors. No internet, no key.

mod llm_server;

use llm_server::{anthropic_text, openai_text, view, Part, Reply, Server};
use sandpiper::llm::config::{resolve, LlmFlags, LlmSettings, ProviderChoice};
use sandpiper::llm::{connect, ChatRequest, LlmError, Message, Provider, StopReason, StreamEvent, ToolChoice, ToolSpec};
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const KEY: &str = "sk-test-DO-NOT-LEAK-0123456789";

/// A provider of `choice` pointed at `server`, with test-sized timeouts.
fn provider(choice: ProviderChoice, server: &Server, key: bool) -> Arc<dyn Provider> {
    provider_at(choice, &server.url, key)
}

fn provider_at(choice: ProviderChoice, url: &str, key: bool) -> Arc<dyn Provider> {
    let (key_var, url_var, base) = match choice {
        ProviderChoice::Anthropic => ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", url.to_string()),
        ProviderChoice::Openai => ("OPENAI_API_KEY", "OPENAI_BASE_URL", format!("{url}/v1")),
        _ => ("SANDPIPER_LLM_API_KEY", "SANDPIPER_LLM_BASE_URL", format!("{url}/v1")),
    };
    let env = move |k: &str| -> Option<String> {
        match k {
            k if k == key_var && key => Some(KEY.to_string()),
            k if k == url_var => Some(base.clone()),
            "SANDPIPER_MODEL" if choice == ProviderChoice::OpenaiCompatible => Some("llama3.2".to_string()),
            _ => None,
        }
    };
    let settings = LlmSettings { connect_timeout_secs: 1.0, read_timeout_secs: 0.3, request_timeout_secs: 5.0, ..LlmSettings::default() };
    let flags = LlmFlags { provider: Some(choice), ..LlmFlags::default() };
    let mut cfg = match resolve(&flags, &env, &settings, None) {
        Ok(c) => c,
        Err(e) => panic!("config: {e}"),
    };
    cfg.retry.base = Duration::from_millis(20);
    cfg.retry.max_wait = Duration::from_millis(100);
    cfg.retry.max_retries = 3;
    match connect(&cfg) {
        Ok(Some(p)) => p,
        other => panic!("connect: {:?}", other.err()),
    }
}

fn ask() -> ChatRequest {
    ChatRequest { system: "You answer briefly.".into(), messages: vec![Message::user("Say hello")], max_tokens: 64, ..ChatRequest::default() }
}

fn with_tool() -> ChatRequest {
    ChatRequest {
        tools: vec![ToolSpec {
            name: "submit_plan".into(),
            description: "Submit a query plan".into(),
            input_schema: json!({"type": "object", "properties": {"metric": {"type": "string"}}}),
        }],
        tool_choice: ToolChoice::Tool("submit_plan".into()),
        ..ask()
    }
}

/// Runs one chat, collecting the stream events.
async fn chat(p: &Arc<dyn Provider>, req: &ChatRequest) -> (Result<sandpiper::llm::ChatResponse, LlmError>, Vec<StreamEvent>) {
    let events = Mutex::new(Vec::new());
    let sink = |e: StreamEvent| {
        if let Ok(mut v) = events.lock() {
            v.push(e);
        }
    };
    let r = p.chat(req, &sink).await;
    (r, events.into_inner().unwrap_or_default())
}

fn texts(events: &[StreamEvent]) -> Vec<String> {
    events.iter().filter_map(|e| if let StreamEvent::Text(t) = e { Some(t.clone()) } else { None }).collect()
}

fn retries(events: &[StreamEvent]) -> usize {
    events.iter().filter(|e| matches!(e, StreamEvent::Retrying { .. })).count()
}

#[tokio::test]
async fn anthropic_streams_text_with_usage_and_cache_tokens() {
    let usage = r#"{"input_tokens": 20, "cache_read_input_tokens": 1000, "cache_creation_input_tokens": 50, "output_tokens": 1}"#;
    let ev = anthropic_text("claude-sonnet-4-5-20250929", &["Hel", "lo, caf\u{e9} \u{1f426}", "!"], usage, 12);
    let server = Server::start(vec![Reply::sse(&view(&ev)).split_every(5)]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, events) = chat(&p, &ask()).await;
    let Ok(r) = r else { panic!("{r:?}") };
    assert_eq!(r.text, "Hello, caf\u{e9} \u{1f426}!");
    assert_eq!(texts(&events), vec!["Hel", "lo, caf\u{e9} \u{1f426}", "!"]);
    assert_eq!(r.stop, StopReason::EndTurn);
    assert_eq!(r.model, "claude-sonnet-4-5-20250929");
    assert_eq!((r.usage.input_tokens, r.usage.cache_read_tokens, r.usage.cache_write_tokens, r.usage.output_tokens), (1070, 1000, 50, 12));
    assert!(r.usage.first_token_ms.is_some());
    // 20 x 3 + 1000 x 0.30 + 50 x 3.75 + 12 x 15 per million
    let want = (20.0 * 3.0 + 1000.0 * 0.30 + 50.0 * 3.75 + 12.0 * 15.0) / 1e6;
    assert!(r.usage.cost_usd.is_some_and(|c| (c - want).abs() < 1e-12), "{:?}", r.usage.cost_usd);
    let reqs = server.requests();
    assert_eq!(reqs.len(), 1);
    let q = &reqs[0];
    assert_eq!((q.method.as_str(), q.path.as_str()), ("POST", "/v1/messages"));
    assert_eq!(q.header("x-api-key"), Some(KEY));
    assert_eq!(q.header("anthropic-version"), Some("2023-06-01"));
    let body = q.json();
    assert_eq!(body["stream"], true);
    assert_eq!(body["model"], "claude-sonnet-4-5");
    assert_eq!(body["system"], "You answer briefly.");
    assert_eq!(body["messages"][0], json!({"role": "user", "content": [{"type": "text", "text": "Say hello"}]}));
}

#[tokio::test]
async fn anthropic_tool_call_streamed_in_pieces_split_mid_token() {
    let pieces = ["", "{\"met", "ric\": \"rev", "enue\", \"n\":", " 1", "2}"];
    let mut ev: Vec<(Option<&str>, String)> = vec![
        (Some("message_start"), r#"{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":472,"output_tokens":2}}}"#.into()),
        (Some("content_block_start"), r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#.into()),
        (Some("content_block_delta"), r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Planning."}}"#.into()),
        (Some("content_block_stop"), r#"{"type":"content_block_stop","index":0}"#.into()),
        (Some("content_block_start"), r#"{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_01T1x1fJ34qAmk2tNTrN7Up6","name":"submit_plan","input":{}}}"#.into()),
    ];
    for p in pieces {
        let pj = serde_json::to_string(p).unwrap_or_default();
        ev.push((Some("content_block_delta"), format!(r#"{{"type":"content_block_delta","index":1,"delta":{{"type":"input_json_delta","partial_json":{pj}}}}}"#)));
    }
    ev.push((Some("content_block_stop"), r#"{"type":"content_block_stop","index":1}"#.into()));
    ev.push((Some("message_delta"), r#"{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":89}}"#.into()));
    ev.push((Some("message_stop"), r#"{"type":"message_stop"}"#.into()));
    let server = Server::start(vec![Reply::sse(&view(&ev)).split_every(7)]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, events) = chat(&p, &with_tool()).await;
    let Ok(r) = r else { panic!("{r:?}") };
    assert_eq!(r.stop, StopReason::ToolUse);
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.tool_calls[0].id, "toolu_01T1x1fJ34qAmk2tNTrN7Up6");
    assert_eq!(r.tool_calls[0].input, json!({"metric": "revenue", "n": 12}));
    assert!(events.contains(&StreamEvent::ToolCallStart { id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6".into(), name: "submit_plan".into() }));
    let deltas: String = events.iter().filter_map(|e| if let StreamEvent::ToolCallDelta { json, .. } = e { Some(json.as_str()) } else { None }).collect();
    assert_eq!(deltas, pieces.concat());
    let body = server.requests()[0].json();
    assert_eq!(body["tool_choice"], json!({"type": "tool", "name": "submit_plan"}));
    assert_eq!(body["tools"][0]["name"], "submit_plan");
}

#[tokio::test]
async fn openai_streams_text_with_usage_and_cached_tokens() {
    let usage = r#"{"prompt_tokens":1200,"completion_tokens":7,"total_tokens":1207,"prompt_tokens_details":{"cached_tokens":1024}}"#;
    let ev = openai_text("gpt-4.1-2025-04-14", &["Hel", "lo \u{4e16}", "!"], usage);
    let server = Server::start(vec![Reply::sse(&view(&ev)).split_every(3)]).await;
    let p = provider(ProviderChoice::Openai, &server, true);
    let (r, events) = chat(&p, &ask()).await;
    let Ok(r) = r else { panic!("{r:?}") };
    assert_eq!(r.text, "Hello \u{4e16}!");
    assert_eq!(texts(&events), vec!["Hel", "lo \u{4e16}", "!"]);
    assert_eq!((r.usage.input_tokens, r.usage.cache_read_tokens, r.usage.output_tokens), (1200, 1024, 7));
    let want = (176.0 * 2.0 + 1024.0 * 0.5 + 7.0 * 8.0) / 1e6;
    assert!(r.usage.cost_usd.is_some_and(|c| (c - want).abs() < 1e-12), "{:?}", r.usage.cost_usd);
    let q = &server.requests()[0];
    assert_eq!(q.path, "/v1/chat/completions");
    assert_eq!(q.header("authorization").map(str::to_string), Some(format!("Bearer {KEY}")));
    let body = q.json();
    assert_eq!(body["stream_options"], json!({"include_usage": true}));
    assert_eq!(body["messages"][0], json!({"role": "system", "content": "You answer briefly."}));
    assert_eq!(body["max_completion_tokens"], 64);
}

#[tokio::test]
async fn openai_tool_call_arguments_split_mid_token() {
    let head = r#"{"id":"chatcmpl-9","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":"#;
    let mut ev: Vec<(Option<&str>, String)> =
        vec![(None, format!(r#"{head}{{"role":"assistant","content":null,"tool_calls":[{{"index":0,"id":"call_abc","type":"function","function":{{"name":"submit_plan","arguments":""}}}}]}},"finish_reason":null}}]}}"#))];
    for piece in ["{\"me", "tric\":\"rev", "enue\",\"n\"", ":12}"] {
        let a = serde_json::to_string(piece).unwrap_or_default();
        ev.push((None, format!(r#"{head}{{"tool_calls":[{{"index":0,"function":{{"arguments":{a}}}}}]}},"finish_reason":null}}]}}"#)));
    }
    ev.push((None, format!(r#"{head}{{}},"finish_reason":"tool_calls"}}]}}"#)));
    ev.push((None, "[DONE]".into()));
    let server = Server::start(vec![Reply::sse(&view(&ev)).split_every(11)]).await;
    let p = provider(ProviderChoice::Openai, &server, true);
    let (r, events) = chat(&p, &with_tool()).await;
    let Ok(r) = r else { panic!("{r:?}") };
    assert_eq!(r.stop, StopReason::ToolUse);
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!((r.tool_calls[0].id.as_str(), r.tool_calls[0].name.as_str()), ("call_abc", "submit_plan"));
    assert_eq!(r.tool_calls[0].input, json!({"metric": "revenue", "n": 12}));
    assert_eq!(events.iter().filter(|e| matches!(e, StreamEvent::ToolCallDelta { id, .. } if id == "call_abc")).count(), 4);
    let body = server.requests()[0].json();
    assert_eq!(body["tool_choice"], json!({"type": "function", "function": {"name": "submit_plan"}}));
    assert_eq!(body["tools"][0]["function"]["parameters"]["type"], "object");
}

#[tokio::test]
async fn openai_compatible_without_key_usage_ids_or_done() {
    // As some local servers answer: no usage, no tool call id, arguments whole, no [DONE].
    let ev = [
        (None, r#"{"model":"llama3.2","choices":[{"index":0,"delta":{"role":"assistant","content":"Here it is."}}]}"#),
        (None, r#"{"model":"llama3.2","choices":[{"index":0,"delta":{"tool_calls":[{"function":{"name":"submit_plan","arguments":"{\"metric\":\"revenue\"}"}}]}}]}"#),
        (None, r#"{"model":"llama3.2","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#),
    ];
    let server = Server::start(vec![Reply::sse(&ev)]).await;
    let p = provider(ProviderChoice::OpenaiCompatible, &server, false);
    assert_eq!(p.label(), "openai-compatible:llama3.2");
    let (r, _) = chat(&p, &with_tool()).await;
    let Ok(r) = r else { panic!("{r:?}") };
    assert_eq!(r.text, "Here it is.");
    assert_eq!(r.tool_calls[0].id, "call_0");
    assert_eq!(r.tool_calls[0].input, json!({"metric": "revenue"}));
    assert_eq!((r.usage.input_tokens, r.usage.output_tokens, r.usage.cost_usd), (0, 0, None));
    let q = &server.requests()[0];
    assert_eq!(q.header("authorization"), None);
    assert_eq!(q.json()["max_tokens"], 64);
}

#[tokio::test]
async fn openai_compatible_answering_one_plain_json_completion() {
    let body = r#"{"id":"x","object":"chat.completion","model":"qwen","choices":[{"index":0,"message":{"role":"assistant","content":"SELECT 1"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":2}}"#;
    let server = Server::start(vec![Reply::json(200, body)]).await;
    let p = provider(ProviderChoice::OpenaiCompatible, &server, false);
    let (r, events) = chat(&p, &ask()).await;
    let Ok(r) = r else { panic!("{r:?}") };
    assert_eq!((r.text.as_str(), r.usage.input_tokens, r.usage.output_tokens), ("SELECT 1", 5, 2));
    assert_eq!(texts(&events), vec!["SELECT 1"]);
}

#[tokio::test]
async fn rate_limited_with_retry_after_then_success() {
    let ok = anthropic_text("claude-sonnet-4-5", &["ok"], r#"{"input_tokens": 3, "output_tokens": 1}"#, 1);
    let limited = Reply::json(429, r#"{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}"#)
        .header("retry-after", "1");
    let server = Server::start(vec![limited, Reply::sse(&view(&ok))]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let t = Instant::now();
    let (r, events) = chat(&p, &ask()).await;
    let took = t.elapsed();
    assert!(r.is_ok(), "{r:?}");
    // Backoff alone would wait at most 100 ms: the second attempt waited for Retry-After.
    assert!(took >= Duration::from_millis(990) && took < Duration::from_millis(2500), "{took:?}");
    assert!(events.iter().any(|e| matches!(e, StreamEvent::Retrying { attempt: 1, wait_ms: 1000, reason } if reason.contains("rate_limit_error"))), "{events:?}");
    assert_eq!(server.requests().len(), 2);
}

#[tokio::test]
async fn overloaded_529_then_success_and_retry_after_ms() {
    let ok = openai_text("gpt-4.1", &["ok"], r#"{"prompt_tokens":1,"completion_tokens":1}"#);
    let busy = Reply::json(503, r#"{"error":{"message":"The server is overloaded","type":"server_error"}}"#).header("retry-after-ms", "30");
    let server = Server::start(vec![busy, Reply::sse(&view(&ok))]).await;
    let p = provider(ProviderChoice::Openai, &server, true);
    let (r, events) = chat(&p, &ask()).await;
    assert!(r.is_ok(), "{r:?}");
    assert!(events.iter().any(|e| matches!(e, StreamEvent::Retrying { wait_ms: 30, .. })), "{events:?}");

    let ok = anthropic_text("claude-sonnet-4-5", &["ok"], r#"{"input_tokens": 3, "output_tokens": 1}"#, 1);
    let overloaded = Reply::json(529, r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#);
    let server = Server::start(vec![overloaded.clone(), overloaded, Reply::sse(&view(&ok))]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, events) = chat(&p, &ask()).await;
    assert!(r.is_ok(), "{r:?}");
    assert_eq!((retries(&events), server.requests().len()), (2, 3));
}

#[tokio::test]
async fn server_error_storm_ends_in_a_clear_error_in_bounded_time() {
    for choice in [ProviderChoice::Anthropic, ProviderChoice::Openai] {
        let server = Server::start(vec![Reply::json(500, r#"{"type":"error","error":{"type":"api_error","message":"Internal server error"}}"#)]).await;
        let p = provider(choice, &server, true);
        let t = Instant::now();
        let (r, events) = chat(&p, &ask()).await;
        assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
        let Err(e) = r else { panic!("storm succeeded") };
        assert_eq!(e, LlmError::Server { status: 500, message: "api_error: Internal server error".into() });
        assert!(e.is_fatal());
        assert_eq!((server.requests().len(), retries(&events)), (4, 3), "{choice:?}: 1 try + 3 retries");
    }
}

#[tokio::test]
async fn client_errors_are_not_retried() {
    for (status, want_auth) in [(400, false), (401, true), (403, true), (404, false)] {
        let server = Server::start(vec![Reply::json(status, r#"{"error":{"type":"invalid_request_error","message":"max_tokens: field required"}}"#)]).await;
        let p = provider(ProviderChoice::Anthropic, &server, true);
        let (r, events) = chat(&p, &ask()).await;
        let Err(e) = r else { panic!("{status} succeeded") };
        assert_eq!(matches!(e, LlmError::Auth { .. }), want_auth, "{status}: {e}");
        if !want_auth {
            assert_eq!(e, LlmError::BadRequest { status, message: "invalid_request_error: max_tokens: field required".into() });
        }
        assert_eq!((server.requests().len(), retries(&events)), (1, 0), "{status}");
    }
}

#[tokio::test]
async fn wrong_key_is_auth_and_the_key_never_shows() {
    for choice in [ProviderChoice::Anthropic, ProviderChoice::Openai] {
        // The server even echoes the key back; it must still not reach the user.
        let body = format!(r#"{{"type":"error","error":{{"type":"authentication_error","message":"invalid x-api-key {KEY}"}}}}"#);
        let server = Server::start(vec![Reply::json(401, &body)]).await;
        let p = provider(choice, &server, true);
        let (r, _) = chat(&p, &ask()).await;
        let Err(e) = r else { panic!("401 succeeded") };
        let env_var = if choice == ProviderChoice::Anthropic { "ANTHROPIC_API_KEY" } else { "OPENAI_API_KEY" };
        assert_eq!(e, LlmError::Auth { status: 401, env_var: env_var.into() });
        assert!(e.to_string().contains(env_var), "{e}");
        for shown in [e.to_string(), format!("{e:?}")] {
            assert!(!shown.contains(KEY), "key in {shown}");
        }
        // A key echoed in a non-auth error is scrubbed too.
        let server = Server::start(vec![Reply::json(400, &body)]).await;
        let p = provider(choice, &server, true);
        let (r, _) = chat(&p, &ask()).await;
        let Err(e) = r else { panic!("400 succeeded") };
        assert!(!e.to_string().contains(KEY) && !format!("{e:?}").contains(KEY), "{e:?}");
        assert!(e.to_string().contains("invalid x-api-key ***"), "{e}");
    }
}

#[tokio::test]
async fn stream_cut_midway_is_truncated_and_not_retried() {
    let ev = anthropic_text("claude-sonnet-4-5", &["The answer ", "is"], r#"{"input_tokens": 3, "output_tokens": 1}"#, 5);
    let full = Reply::sse(&view(&ev));
    let Some(llm_server::Part::Bytes(all)) = full.parts.first().cloned() else { panic!() };
    let cut_at = String::from_utf8_lossy(&all).find("\"is\"").unwrap_or(0) + 10;
    let server = Server::start(vec![full.cut_after(cut_at)]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, events) = chat(&p, &ask()).await;
    assert_eq!(r, Err(LlmError::Truncated));
    assert_eq!(texts(&events), vec!["The answer ", "is"]);
    assert_eq!(server.requests().len(), 1, "output was shown: no second attempt");

    // OpenAI: the body ends cleanly but before any finish_reason.
    let ev = openai_text("gpt-4.1", &["half"], "null");
    let server = Server::start(vec![Reply::sse(&view(&ev[..2]))]).await;
    let p = provider(ProviderChoice::Openai, &server, true);
    let (r, _) = chat(&p, &ask()).await;
    assert_eq!(r, Err(LlmError::Truncated));
}

#[tokio::test]
async fn slow_server_times_out() {
    // Headers at once, then silence longer than the 300 ms read timeout.
    let ev = anthropic_text("claude-sonnet-4-5", &["late"], r#"{"input_tokens": 3, "output_tokens": 1}"#, 1);
    let slow_body = Reply::sse(&view(&ev)).first(Part::Sleep(Duration::from_secs(3)));
    let server = Server::start(vec![slow_body]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let t = Instant::now();
    let (r, _) = chat(&p, &ask()).await;
    assert_eq!(r, Err(LlmError::Timeout { secs: 1 }));
    assert!(t.elapsed() < Duration::from_millis(1500), "{:?}", t.elapsed());

    // Silence mid-stream after some text.
    let ev = openai_text("gpt-4.1", &["late"], "null");
    let mut reply = Reply::sse(&view(&ev));
    let Some(Part::Bytes(all)) = reply.parts.first().cloned() else { panic!() };
    let text = String::from_utf8_lossy(&all).into_owned();
    let at = text.find("late").unwrap_or(0);
    let mid = at + text[at..].find("\n\n").unwrap_or(0) + 2; // after the whole event
    reply.parts = vec![Part::Bytes(all[..mid].to_vec()), Part::Sleep(Duration::from_secs(3)), Part::Bytes(all[mid..].to_vec())];
    let server = Server::start(vec![reply]).await;
    let p = provider(ProviderChoice::Openai, &server, true);
    let t = Instant::now();
    let (r, events) = chat(&p, &ask()).await;
    assert_eq!(r, Err(LlmError::Timeout { secs: 1 }));
    assert_eq!(texts(&events), vec!["late"]);
    assert!(t.elapsed() < Duration::from_millis(1500), "{:?}", t.elapsed());
}

#[tokio::test]
async fn dropping_the_call_drops_the_connection_at_once() {
    for choice in [ProviderChoice::Anthropic, ProviderChoice::Openai] {
        let ev = if choice == ProviderChoice::Anthropic {
            anthropic_text("claude-sonnet-4-5", &["first words"], r#"{"input_tokens": 3, "output_tokens": 1}"#, 1)
        } else {
            openai_text("gpt-4.1", &["first words"], "null")
        };
        // The first text arrives, then the server keeps the stream open forever.
        let keep = if choice == ProviderChoice::Anthropic { 4 } else { 2 };
        let server = Server::start(vec![Reply::sse(&view(&ev[..keep])).then(Part::Hang)]).await;
        let p = provider(choice, &server, true);
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let tx = Mutex::new(Some(tx));
        let sink = |e: StreamEvent| {
            if matches!(e, StreamEvent::Text(_)) {
                if let Some(tx) = tx.lock().ok().and_then(|mut t| t.take()) {
                    let _ = tx.send(());
                }
            }
        };
        let req = ask();
        // The select owns the call's future and drops it as soon as `rx` fires.
        let dropped_at = tokio::select! {
            r = p.chat(&req, &sink) => panic!("the call ended by itself: {r:?}"),
            _ = rx => Instant::now(),
        };
        let mut seen = None;
        for _ in 0..100 {
            if let Some(t) = server.disconnects().first() {
                seen = Some(t.saturating_duration_since(dropped_at));
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let Some(after) = seen else { panic!("{choice:?}: the server never saw the client go") };
        assert!(after < Duration::from_millis(200), "{choice:?}: disconnect seen after {after:?}");
    }
}

#[tokio::test]
async fn malformed_json_and_empty_answers() {
    let bad = [(Some("message_start"), r#"{"type":"message_start","message":{"model":"m","usage":{"input_tokens":1}}}"#), (Some("content_block_delta"), "{\"type\": \"content_block_delta\", \"index\": 0, \"delta\": {\"type\": \"text_delta\", \"text\": \"unterminated}")];
    let server = Server::start(vec![Reply::sse(&bad)]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, _) = chat(&p, &ask()).await;
    assert!(matches!(&r, Err(LlmError::Malformed(m)) if m.contains("bad JSON")), "{r:?}");

    let server = Server::start(vec![Reply::sse(&[(None, "{\"choices\": [{\"delta\": {\"content\": 12}}")])]).await;
    let p = provider(ProviderChoice::Openai, &server, true);
    let (r, _) = chat(&p, &ask()).await;
    assert!(matches!(r, Err(LlmError::Malformed(_))), "{r:?}");

    let empty = anthropic_text("claude-sonnet-4-5", &[], r#"{"input_tokens": 3, "output_tokens": 1}"#, 0);
    let server = Server::start(vec![Reply::sse(&view(&empty))]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, _) = chat(&p, &ask()).await;
    assert_eq!(r, Err(LlmError::Empty));

    // Not an event stream at all.
    let server = Server::start(vec![Reply::stream(b"<html>502 Bad Gateway</html>".to_vec())]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, _) = chat(&p, &ask()).await;
    assert!(matches!(r, Err(LlmError::Truncated) | Err(LlmError::Malformed(_))), "{r:?}");
}

#[tokio::test]
async fn refusals_are_refused() {
    let ev: Vec<(Option<&str>, String)> = anthropic_text("claude-sonnet-4-5", &[], r#"{"input_tokens": 3, "output_tokens": 1}"#, 0)
        .into_iter()
        .map(|(n, d)| (n, d.replace("\"end_turn\"", "\"refusal\"")))
        .collect();
    let server = Server::start(vec![Reply::sse(&view(&ev))]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, _) = chat(&p, &ask()).await;
    assert!(matches!(&r, Err(LlmError::Refused(_))), "{r:?}");

    let ev = [
        (None, r#"{"id":"c","object":"chat.completion.chunk","model":"gpt-4.1","choices":[{"index":0,"delta":{"role":"assistant","content":null,"refusal":"I'm sorry, I can't help"},"finish_reason":null}]}"#),
        (None, r#"{"id":"c","object":"chat.completion.chunk","model":"gpt-4.1","choices":[{"index":0,"delta":{"refusal":" with that."},"finish_reason":"stop"}]}"#),
        (None, "[DONE]"),
    ];
    let server = Server::start(vec![Reply::sse(&ev)]).await;
    let p = provider(ProviderChoice::Openai, &server, true);
    let (r, _) = chat(&p, &ask()).await;
    assert_eq!(r, Err(LlmError::Refused("I'm sorry, I can't help with that.".into())));
}

#[tokio::test]
async fn overloaded_error_event_mid_stream_retried_only_before_output() {
    let err = r#"{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}"#;
    let start = r#"{"type":"message_start","message":{"model":"m","usage":{"input_tokens":1}}}"#;
    let ok = anthropic_text("claude-sonnet-4-5", &["fine"], r#"{"input_tokens": 3, "output_tokens": 1}"#, 1);
    let server = Server::start(vec![Reply::sse(&[(Some("message_start"), start), (Some("error"), err)]), Reply::sse(&view(&ok))]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, events) = chat(&p, &ask()).await;
    assert_eq!(r.map(|r| r.text), Ok("fine".to_string()));
    assert_eq!(retries(&events), 1);

    let mut after_text = ok.clone();
    after_text.insert(4, (Some("error"), err.to_string()));
    let server = Server::start(vec![Reply::sse(&view(&after_text[..5]))]).await;
    let p = provider(ProviderChoice::Anthropic, &server, true);
    let (r, events) = chat(&p, &ask()).await;
    assert!(matches!(r, Err(LlmError::RateLimited { status: 529, .. })), "{r:?}");
    assert_eq!((retries(&events), server.requests().len()), (0, 1));
}

#[tokio::test]
async fn unreachable_server_is_a_connect_error() {
    // A port nobody listens on (bound, then closed).
    let port = match std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()) {
        Ok(a) => a.port(),
        Err(e) => panic!("{e}"),
    };
    let p = provider_at(ProviderChoice::Anthropic, &format!("http://127.0.0.1:{port}"), true);
    let t = Instant::now();
    let (r, events) = chat(&p, &ask()).await;
    assert!(matches!(&r, Err(LlmError::Connect { url, .. }) if url.contains(&port.to_string())), "{r:?}");
    assert_eq!(retries(&events), 3, "connection errors are retried");
    assert!(t.elapsed() < Duration::from_secs(2));
}
