//! `sandpiper bench llm`: what the model layer itself costs per call,
//! outside the model's time. A loopback HTTP/1.1 server on its own thread
//! answers every request at once with a canned stream (a plan delivered as
//! a tool call in 40 pieces, as the real APIs stream it); the providers
//! call it with a realistic request (6,000 tokens of schema context and the
//! plan's JSON Schema as a tool). Reported per protocol: the whole call,
//! a bare TCP round trip of the same bytes on the same loopback (the floor
//! no HTTP client can beat), their difference (the layer's overhead), and
//! the CPU parts alone: building the request body and decoding the stream.

use crate::llm::config::{resolve, LlmFlags, LlmSettings, ProviderChoice};
use crate::llm::http::Decoder;
use crate::llm::sse::SseParser;
use crate::llm::{anthropic, connect, openai, ChatRequest, Message, ProviderKind, StreamEvent, ToolChoice, ToolSpec};
use crate::measure::{ms_since, Samples};
use anyhow::Context;
use serde_json::{json, Value};
use std::time::Instant;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const WARMUP: usize = 20;

/// The request every call sends.
fn request() -> ChatRequest {
    let mut system = String::from("You translate questions into query plans. Schema:\n");
    let mut i = 0;
    while system.len() < 24_000 {
        system.push_str(&format!("table t{i} (id BIGINT, customer_id BIGINT, amount DECIMAL(12,2), created_at TIMESTAMP, status VARCHAR) -- sample values: 'paid', 'refunded'\n"));
        i += 1;
    }
    let schema: Value = serde_json::from_str(&crate::plan::json_schema()).unwrap_or_else(|_| json!({"type": "object"}));
    ChatRequest {
        system,
        messages: vec![Message::user("What was the revenue per month in 2024 for customers in France?")],
        tools: vec![ToolSpec { name: "submit_plan".into(), description: "Submit the query plan.".into(), input_schema: schema }],
        tool_choice: ToolChoice::Tool("submit_plan".into()),
        max_tokens: 1024,
        temperature: Some(0.0),
    }
}

const PLAN: &str = r#"{"dataset":"ecommerce","metrics":["revenue"],"dimensions":["order_month"],"filters":[{"field":"country","op":"=","value":"France"},{"field":"order_year","op":"=","value":2024}],"order_by":[{"field":"order_month","desc":false}],"limit":100}"#;

/// `n` roughly equal pieces of `s`, split on character boundaries.
fn pieces(s: &str, n: usize) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    chars.chunks(chars.len().div_ceil(n).max(1)).map(|c| c.iter().collect()).collect()
}

fn sse(events: &[(Option<&str>, String)]) -> String {
    events.iter().map(|(n, d)| n.map(|n| format!("event: {n}\n")).unwrap_or_default() + &format!("data: {d}\n\n")).collect()
}

/// Anthropic's stream of the plan as a tool call.
fn anthropic_body() -> String {
    anthropic_tool_body("submit_plan", PLAN)
}

/// Anthropic's stream of a call of tool `name` with `input` (JSON text) in 40 pieces.
pub(super) fn anthropic_tool_body(name: &str, input: &str) -> String {
    let mut ev = vec![
        (Some("message_start"), r#"{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":6500,"cache_read_input_tokens":0,"cache_creation_input_tokens":0,"output_tokens":1}}}"#.to_string()),
        (Some("content_block_start"), format!(r#"{{"type":"content_block_start","index":0,"content_block":{{"type":"tool_use","id":"toolu_1","name":"{name}","input":{{}}}}}}"#)),
        (Some("ping"), r#"{"type":"ping"}"#.to_string()),
    ];
    for p in pieces(input, 40) {
        let pj = serde_json::to_string(&p).unwrap_or_default();
        ev.push((Some("content_block_delta"), format!(r#"{{"type":"content_block_delta","index":0,"delta":{{"type":"input_json_delta","partial_json":{pj}}}}}"#)));
    }
    ev.push((Some("content_block_stop"), r#"{"type":"content_block_stop","index":0}"#.into()));
    ev.push((Some("message_delta"), r#"{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":90}}"#.into()));
    ev.push((Some("message_stop"), r#"{"type":"message_stop"}"#.into()));
    sse(&ev)
}

/// OpenAI's stream of the plan as a tool call.
fn openai_body() -> String {
    let head = r#"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":"#;
    let mut ev = vec![(None, format!(r#"{head}{{"role":"assistant","content":null,"tool_calls":[{{"index":0,"id":"call_1","type":"function","function":{{"name":"submit_plan","arguments":""}}}}]}},"finish_reason":null}}]}}"#))];
    for p in pieces(PLAN, 40) {
        let a = serde_json::to_string(&p).unwrap_or_default();
        ev.push((None, format!(r#"{head}{{"tool_calls":[{{"index":0,"function":{{"arguments":{a}}}}}]}},"finish_reason":null}}]}}"#)));
    }
    ev.push((None, format!(r#"{head}{{}},"finish_reason":"tool_calls"}}]}}"#)));
    ev.push((None, r#"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[],"usage":{"prompt_tokens":6500,"completion_tokens":90,"prompt_tokens_details":{"cached_tokens":0}}}"#.into()));
    ev.push((None, "[DONE]".into()));
    sse(&ev)
}

pub(super) fn http_response(body: &str) -> Vec<u8> {
    format!("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// Reads one HTTP request (head and Content-Length body) from `sock`; its path.
async fn read_request(sock: &mut tokio::net::TcpStream, buf: &mut Vec<u8>) -> Option<String> {
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4) {
            let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
            let len: usize = head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|v| v.trim().parse().ok()).unwrap_or(0);
            if buf.len() >= end + len {
                let path = head.split(' ').nth(1).unwrap_or("").to_string();
                buf.drain(..end + len);
                return Some(path);
            }
        }
        let mut tmp = [0u8; 65536];
        match sock.read(&mut tmp).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => buf.extend_from_slice(&tmp[..n]),
        }
    }
}

/// Starts the loopback server on its own thread; its base URL.
pub(super) fn start_server(anthropic: Vec<u8>, openai: Vec<u8>) -> anyhow::Result<String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").context("binding a loopback port")?;
    listener.set_nonblocking(true)?;
    let url = format!("http://{}", listener.local_addr()?);
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    std::thread::Builder::new().name("bench-llm-server".into()).spawn(move || {
        rt.block_on(async move {
            let Ok(listener) = tokio::net::TcpListener::from_std(listener) else { return };
            let (anthropic, openai) = (std::sync::Arc::new(anthropic), std::sync::Arc::new(openai));
            while let Ok((mut sock, _)) = listener.accept().await {
                let _ = sock.set_nodelay(true);
                let (a, o) = (anthropic.clone(), openai.clone());
                tokio::spawn(async move {
                    let mut buf = Vec::new();
                    while let Some(path) = read_request(&mut sock, &mut buf).await {
                        let reply = if path.ends_with("/v1/messages") { &a } else { &o };
                        if sock.write_all(reply).await.is_err() {
                            return;
                        }
                    }
                });
            }
        })
    })?;
    Ok(url)
}

/// Times `iterations` calls of one provider against the server.
fn time_calls(rt: &tokio::runtime::Runtime, choice: ProviderChoice, url: &str, req: &ChatRequest, iterations: usize) -> anyhow::Result<Vec<f64>> {
    let base = if choice == ProviderChoice::Anthropic { url.to_string() } else { format!("{url}/v1") };
    let env = |k: &str| match k {
        "ANTHROPIC_API_KEY" | "OPENAI_API_KEY" => Some("bench-key".to_string()),
        "ANTHROPIC_BASE_URL" | "OPENAI_BASE_URL" => Some(base.clone()),
        _ => None,
    };
    let flags = LlmFlags { provider: Some(choice), ..LlmFlags::default() };
    let cfg = resolve(&flags, &env, &LlmSettings::default(), None)?;
    let provider = connect(&cfg)?.context("no provider")?;
    let sink = |_: StreamEvent| {};
    let mut times = Vec::with_capacity(iterations);
    for i in 0..WARMUP + iterations {
        let t = Instant::now();
        let r = rt.block_on(provider.chat(req, &sink))?;
        if r.tool_calls.len() != 1 {
            anyhow::bail!("the canned answer was not read as one tool call");
        }
        if i >= WARMUP {
            times.push(ms_since(t));
        }
    }
    Ok(times)
}

/// The same bytes over a bare keep-alive TCP connection: request out, whole response back.
fn time_raw(rt: &tokio::runtime::Runtime, url: &str, body: &[u8], response_len: usize, iterations: usize) -> anyhow::Result<Vec<f64>> {
    let addr = url.trim_start_matches("http://").to_string();
    let mut request = format!("POST /v1/messages HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n", body.len()).into_bytes();
    request.extend_from_slice(body);
    rt.block_on(async {
        let mut sock = tokio::net::TcpStream::connect(&addr).await?;
        sock.set_nodelay(true)?;
        let mut times = Vec::with_capacity(iterations);
        let mut buf = vec![0u8; 1 << 16];
        for i in 0..WARMUP + iterations {
            let t = Instant::now();
            sock.write_all(&request).await?;
            let mut got = 0;
            while got < response_len {
                let n = sock.read(&mut buf).await?;
                if n == 0 {
                    anyhow::bail!("the loopback server closed the connection");
                }
                got += n;
            }
            if i >= WARMUP {
                times.push(ms_since(t));
            }
        }
        Ok(times)
    })
}

/// Microseconds to build the request body and to decode the stream, without I/O.
fn cpu_parts(kind: ProviderKind, req: &ChatRequest, stream: &str, n: usize) -> (Samples, Samples) {
    let mut enc = Vec::with_capacity(n);
    let mut dec = Vec::with_capacity(n);
    let sink = |_: StreamEvent| {};
    for _ in 0..n {
        let t = Instant::now();
        let body = match kind {
            ProviderKind::Anthropic => anthropic::request_body("claude-sonnet-4-5", req),
            _ => openai::request_body(kind, "gpt-4.1", req),
        };
        std::hint::black_box(serde_json::to_vec(&body).unwrap_or_default());
        enc.push(ms_since(t) * 1000.0);

        let t = Instant::now();
        let mut parser = SseParser::new();
        let mut events = Vec::new();
        let _ = parser.feed(stream.as_bytes(), &mut events);
        parser.finish(&mut events);
        let ok = match kind {
            ProviderKind::Anthropic => {
                let mut d = anthropic::StreamDecoder::new(Instant::now(), None, String::new());
                events.into_iter().all(|e| d.event(e, &sink).is_ok()) && d.finish().is_ok()
            }
            _ => {
                let mut d = openai::StreamDecoder::new(Instant::now(), None, String::new());
                events.into_iter().all(|e| d.event(e, &sink).is_ok()) && d.result().is_ok()
            }
        };
        std::hint::black_box(ok);
        dec.push(ms_since(t) * 1000.0);
    }
    (Samples::of(&enc), Samples::of(&dec))
}

pub fn run(iterations: usize) -> anyhow::Result<Value> {
    let iterations = iterations.max(1);
    let req = request();
    let (a_body, o_body) = (anthropic_body(), openai_body());
    let (a_resp, o_resp) = (http_response(&a_body), http_response(&o_body));
    let url = start_server(a_resp.clone(), o_resp)?;
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let request_bytes = serde_json::to_vec(&anthropic::request_body("claude-sonnet-4-5", &req))?;

    let a = Samples::of(&time_calls(&rt, ProviderChoice::Anthropic, &url, &req, iterations)?);
    let o = Samples::of(&time_calls(&rt, ProviderChoice::Openai, &url, &req, iterations)?);
    let raw = Samples::of(&time_raw(&rt, &url, &request_bytes, a_resp.len(), iterations)?);
    let (a_enc, a_dec) = cpu_parts(ProviderKind::Anthropic, &req, &a_body, iterations);
    let (o_enc, o_dec) = cpu_parts(ProviderKind::Openai, &req, &o_body, iterations);
    Ok(json!({
        "iterations": iterations,
        "request_bytes": request_bytes.len(),
        "response_bytes": {"anthropic": a_body.len(), "openai": o_body.len()},
        "anthropic_call_ms": a,
        "openai_call_ms": o,
        "raw_tcp_roundtrip_ms": raw,
        "overhead_median_ms": {
            "anthropic": a.median - raw.median,
            "openai": o.median - raw.median,
        },
        "build_request_us": {"anthropic": a_enc, "openai": o_enc},
        "decode_stream_us": {"anthropic": a_dec, "openai": o_dec},
        "target": "overhead < 5 ms per call",
        "question": super::bench_llm_question::run(iterations)?,
    }))
}
