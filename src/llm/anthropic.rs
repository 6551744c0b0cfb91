//! The Anthropic Messages API: `POST {base}/v1/messages` with `x-api-key`
//! and `anthropic-version: 2023-06-01`, streamed (`stream: true`).
//!
//! The stream is a sequence of named events: `message_start` (model, input
//! usage), per content block `content_block_start` / `content_block_delta`
//! (`text_delta`, `input_json_delta`) / `content_block_stop`,
//! `message_delta` (stop reason, output usage), `message_stop`; `ping` and
//! unknown events are ignored; an `error` event ends the call. A stream
//! that ends before `message_stop` is [`LlmError::Truncated`].
//!
//! Usage is normalised: `input_tokens` counts every prompt token, cached or
//! not (the API reports cache reads and writes apart from `input_tokens`).

use super::http::{pump, Decoder, Endpoint};
use super::reading::Reading;
use super::retry::{self, Failure};
use super::secret::Secret;
use super::sse::SseEvent;
use super::{
    BoxFuture, ChatRequest, ChatResponse, Content, LlmError, Provider, ProviderKind, Role, StopReason, StreamEvent, StreamSink, ToolCall, ToolChoice,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Instant;

/// The API version header every request carries.
pub const API_VERSION: &str = "2023-06-01";
/// Used when a request sets no `max_tokens` (the API requires one).
const DEFAULT_MAX_TOKENS: u32 = 2048;

/// A provider speaking the Messages API.
#[derive(Debug)]
pub struct Anthropic {
    /// The base URL without `/v1`, as `ANTHROPIC_BASE_URL` is given.
    pub(crate) endpoint: Endpoint,
}

impl Provider for Anthropic {
    fn id(&self) -> (ProviderKind, &str) {
        (ProviderKind::Anthropic, &self.endpoint.model)
    }
    fn chat<'a>(&'a self, req: &'a ChatRequest, on_event: StreamSink<'a>) -> BoxFuture<'a, Result<ChatResponse, LlmError>> {
        Box::pin(async move {
            let url = format!("{}/v1/messages", self.endpoint.base_url);
            let body = request_body(&self.endpoint.model, req);
            self.endpoint.call(&body, on_event, |bytes, started| self.attempt(&url, bytes, on_event, started)).await
        })
    }
}

impl Anthropic {
    async fn attempt(&self, url: &str, body: Vec<u8>, sink: StreamSink<'_>, started: Instant) -> Result<ChatResponse, Failure> {
        let mut headers = vec![("anthropic-version", API_VERSION)];
        if let Some(k) = &self.endpoint.key {
            headers.push(("x-api-key", k.expose()));
        }
        let resp = self.endpoint.post(url, &headers, body).await?;
        let mut dec = StreamDecoder::new(started, self.endpoint.key.clone(), self.endpoint.key_env.clone());
        pump(resp, self.endpoint.http.timeouts.read, &mut dec, sink).await?;
        dec.finish().map_err(|error| Failure { error, retry: retry::Retry::Never, delivered: dec.r.delivered })
    }
}

/// The JSON body of a streamed Messages request.
pub fn request_body(model: &str, req: &ChatRequest) -> Value {
    let messages: Vec<Value> = req
        .messages
        .iter()
        .map(|m| {
            let role = match m.role {
                Role::User => "user",
                Role::Assistant => "assistant",
            };
            let content: Vec<Value> = m
                .content
                .iter()
                .map(|c| match c {
                    Content::Text { text } => json!({"type": "text", "text": text}),
                    Content::ToolCall(t) => json!({"type": "tool_use", "id": t.id, "name": t.name, "input": t.input}),
                    Content::ToolResult { call_id, content, is_error } => {
                        json!({"type": "tool_result", "tool_use_id": call_id, "content": content, "is_error": is_error})
                    }
                })
                .collect();
            json!({"role": role, "content": content})
        })
        .collect();
    let max_tokens = if req.max_tokens == 0 { DEFAULT_MAX_TOKENS } else { req.max_tokens };
    let mut body = json!({"model": model, "max_tokens": max_tokens, "messages": messages, "stream": true});
    if !req.system.is_empty() {
        body["system"] = json!(req.system);
    }
    if let Some(t) = req.temperature {
        body["temperature"] = json!(t);
    }
    if !req.tools.is_empty() {
        body["tools"] = req.tools.iter().map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.input_schema})).collect();
        body["tool_choice"] = match &req.tool_choice {
            ToolChoice::Auto => json!({"type": "auto"}),
            ToolChoice::Any => json!({"type": "any"}),
            ToolChoice::Tool(name) => json!({"type": "tool", "name": name}),
        };
    }
    body
}

/// A content block being streamed.
#[derive(Debug)]
enum Block {
    Text,
    Tool { id: String, name: String, json: String },
    /// Thinking and other blocks we do not use.
    Other,
}

/// Reads one streamed Messages response.
#[derive(Debug)]
pub struct StreamDecoder {
    r: Reading,
    blocks: BTreeMap<u64, Block>,
    calls: Vec<ToolCall>,
    stop: Option<StopReason>,
}

fn malformed(what: &str, data: &str) -> Failure {
    let start: String = data.chars().take(120).collect();
    Failure::fatal(LlmError::Malformed(format!("{what} in `{start}`")))
}

fn count(v: &Value, key: &str) -> Option<u64> {
    v.get(key).and_then(Value::as_u64)
}

impl StreamDecoder {
    pub fn new(started: Instant, key: Option<Secret>, key_env: String) -> StreamDecoder {
        StreamDecoder { r: Reading::new(started, key, key_env), blocks: BTreeMap::new(), calls: Vec::new(), stop: None }
    }

    /// Usage figures from `message_start.message.usage` or `message_delta.usage`
    /// (the latter cumulative; a field absent keeps its value).
    fn take_usage(&mut self, u: &Value) {
        let input = count(u, "input_tokens");
        let read = count(u, "cache_read_input_tokens");
        let write = count(u, "cache_creation_input_tokens");
        if let Some(r) = read {
            self.r.usage.cache_read_tokens = r;
        }
        if let Some(w) = write {
            self.r.usage.cache_write_tokens = w;
        }
        if input.is_some() || read.is_some() || write.is_some() {
            let base = input.unwrap_or(self.r.usage.input_tokens.saturating_sub(self.r.usage.cache_read_tokens + self.r.usage.cache_write_tokens));
            self.r.usage.input_tokens = base + self.r.usage.cache_read_tokens + self.r.usage.cache_write_tokens;
        }
        if let Some(o) = count(u, "output_tokens") {
            self.r.usage.output_tokens = o;
        }
    }

    /// The whole response, once the stream ended.
    pub fn finish(&self) -> Result<ChatResponse, LlmError> {
        if !self.r.done {
            return Err(LlmError::Truncated);
        }
        let stop = self.stop.unwrap_or(StopReason::Other);
        if stop == StopReason::Refusal {
            let why = if self.r.text.trim().is_empty() { "stop_reason refusal".to_string() } else { self.r.text.trim().to_string() };
            return Err(LlmError::Refused(why));
        }
        if self.r.text.trim().is_empty() && self.calls.is_empty() {
            return Err(LlmError::Empty);
        }
        Ok(ChatResponse { text: self.r.text.clone(), tool_calls: self.calls.clone(), stop, usage: self.r.usage, model: self.r.model.clone() })
    }
}

/// `stop_reason` to [`StopReason`].
pub fn stop_reason(s: &str) -> StopReason {
    match s {
        "end_turn" | "stop_sequence" => StopReason::EndTurn,
        "tool_use" => StopReason::ToolUse,
        "max_tokens" | "model_context_window_exceeded" => StopReason::MaxTokens,
        "refusal" => StopReason::Refusal,
        _ => StopReason::Other,
    }
}

impl Decoder for StreamDecoder {
    fn event(&mut self, ev: SseEvent, sink: StreamSink<'_>) -> Result<(), Failure> {
        let v: Value = serde_json::from_str(&ev.data).map_err(|e| malformed(&format!("bad JSON ({e})"), &ev.data))?;
        // The `type` field names the event too; servers that omit `event:` lines still work.
        let kind = v.get("type").and_then(Value::as_str).or(ev.event.as_deref()).unwrap_or("");
        let index = || count(&v, "index").unwrap_or(0);
        match kind {
            "message_start" => {
                let msg = v.get("message").ok_or_else(|| malformed("message_start without message", &ev.data))?;
                self.r.model = msg.get("model").and_then(Value::as_str).unwrap_or("").to_string();
                if let Some(u) = msg.get("usage") {
                    self.take_usage(u);
                }
            }
            "content_block_start" => {
                let b = v.get("content_block").ok_or_else(|| malformed("content_block_start without content_block", &ev.data))?;
                let block = match b.get("type").and_then(Value::as_str) {
                    Some("text") => {
                        self.r.push_text(b.get("text").and_then(Value::as_str).unwrap_or(""), sink);
                        Block::Text
                    }
                    Some("tool_use") => {
                        let id = b.get("id").and_then(Value::as_str).map(str::to_string).unwrap_or_else(|| format!("toolu_{}", index()));
                        let name = b.get("name").and_then(Value::as_str).unwrap_or("").to_string();
                        self.r.first_token();
                        sink(StreamEvent::ToolCallStart { id: id.clone(), name: name.clone() });
                        Block::Tool { id, name, json: String::new() }
                    }
                    _ => Block::Other,
                };
                self.blocks.insert(index(), block);
            }
            "content_block_delta" => {
                let d = v.get("delta").ok_or_else(|| malformed("content_block_delta without delta", &ev.data))?;
                let i = index();
                match (d.get("type").and_then(Value::as_str), self.blocks.get_mut(&i)) {
                    (Some("text_delta"), _) => self.r.push_text(d.get("text").and_then(Value::as_str).unwrap_or(""), sink),
                    (Some("input_json_delta"), Some(Block::Tool { id, json, .. })) => {
                        let piece = d.get("partial_json").and_then(Value::as_str).unwrap_or("");
                        json.push_str(piece);
                        let id = id.clone();
                        if !piece.is_empty() {
                            sink(StreamEvent::ToolCallDelta { id, json: piece.to_string() });
                        }
                    }
                    (Some("input_json_delta"), _) => return Err(malformed("input_json_delta for a block that is not a tool call", &ev.data)),
                    _ => {} // thinking, signature and future deltas
                }
            }
            "content_block_stop" => {
                if let Some(Block::Tool { id, name, json }) = self.blocks.remove(&index()) {
                    let input = if json.trim().is_empty() {
                        json!({})
                    } else {
                        serde_json::from_str(&json).map_err(|e| malformed(&format!("tool `{name}` arguments are not JSON ({e})"), &json))?
                    };
                    self.calls.push(ToolCall { id, name, input });
                }
            }
            "message_delta" => {
                if let Some(s) = v.get("delta").and_then(|d| d.get("stop_reason")).and_then(Value::as_str) {
                    self.stop = Some(stop_reason(s));
                }
                if let Some(u) = v.get("usage") {
                    self.take_usage(u);
                }
                sink(StreamEvent::Usage(self.r.usage));
            }
            "message_stop" => self.r.done = true,
            "error" => {
                return Err(self.r.stream_error(status_of_stream_error(&v), &ev.data));
            }
            _ => {} // ping and events added after this was written
        }
        Ok(())
    }
    fn done(&self) -> bool {
        self.r.done
    }
    fn delivered(&self) -> bool {
        self.r.delivered
    }
}

/// The HTTP status an in-stream `error` event stands for.
fn status_of_stream_error(v: &Value) -> u16 {
    match v.get("error").and_then(|e| e.get("type")).and_then(Value::as_str) {
        Some("overloaded_error") => 529,
        Some("rate_limit_error") => 429,
        Some("api_error") => 500,
        Some("authentication_error") => 401,
        Some("permission_error") => 403,
        Some("not_found_error") => 404,
        Some("request_too_large") => 413,
        _ => 400,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::{Message, ToolSpec};

    #[test]
    fn body_carries_every_part() {
        let req = ChatRequest {
            system: "be brief".into(),
            messages: vec![
                Message::user("hi"),
                Message { role: Role::Assistant, content: vec![Content::ToolCall(ToolCall { id: "t1".into(), name: "run_sql".into(), input: json!({"sql": "select 1"}) })] },
                Message { role: Role::User, content: vec![Content::ToolResult { call_id: "t1".into(), content: "1 row".into(), is_error: false }] },
            ],
            tools: vec![ToolSpec { name: "run_sql".into(), description: "runs".into(), input_schema: json!({"type": "object"}) }],
            tool_choice: ToolChoice::Tool("run_sql".into()),
            max_tokens: 0,
            temperature: Some(0.0),
        };
        let b = request_body("claude-x", &req);
        assert_eq!(b["model"], "claude-x");
        assert_eq!(b["max_tokens"], DEFAULT_MAX_TOKENS);
        assert_eq!(b["stream"], true);
        assert_eq!(b["system"], "be brief");
        assert_eq!(b["messages"][1]["content"][0], json!({"type": "tool_use", "id": "t1", "name": "run_sql", "input": {"sql": "select 1"}}));
        assert_eq!(b["messages"][2]["content"][0], json!({"type": "tool_result", "tool_use_id": "t1", "content": "1 row", "is_error": false}));
        assert_eq!(b["tools"][0]["input_schema"], json!({"type": "object"}));
        assert_eq!(b["tool_choice"], json!({"type": "tool", "name": "run_sql"}));
        let plain = request_body("m", &ChatRequest { messages: vec![Message::user("x")], ..ChatRequest::default() });
        assert!(plain.get("system").is_none() && plain.get("tools").is_none() && plain.get("temperature").is_none());
    }

    #[test]
    fn stop_reasons() {
        for (s, want) in [("end_turn", StopReason::EndTurn), ("tool_use", StopReason::ToolUse), ("max_tokens", StopReason::MaxTokens), ("refusal", StopReason::Refusal), ("pause_turn", StopReason::Other)] {
            assert_eq!(stop_reason(s), want, "{s}");
        }
    }

    fn decode(events: &[(&str, &str)]) -> Result<ChatResponse, LlmError> {
        let mut d = StreamDecoder::new(Instant::now(), None, "ANTHROPIC_API_KEY".into());
        let sink = |_: StreamEvent| {};
        for (e, data) in events {
            d.event(SseEvent { event: Some(e.to_string()), data: data.to_string() }, &sink).map_err(|f| f.error)?;
        }
        d.finish()
    }

    #[test]
    fn usage_counts_cache_in_input() {
        let r = decode(&[
            ("message_start", r#"{"type":"message_start","message":{"model":"m","usage":{"input_tokens":10,"cache_read_input_tokens":100,"cache_creation_input_tokens":5,"output_tokens":1}}}"#),
            ("content_block_start", r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#),
            ("content_block_delta", r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok"}}"#),
            ("message_delta", r#"{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":7}}"#),
            ("message_stop", r#"{"type":"message_stop"}"#),
        ]);
        let Ok(r) = r else { panic!("{r:?}") };
        assert_eq!((r.usage.input_tokens, r.usage.cache_read_tokens, r.usage.cache_write_tokens, r.usage.output_tokens), (115, 100, 5, 7));
    }

    #[test]
    fn bad_streams_are_errors_not_panics() {
        type Case = (&'static str, Vec<(&'static str, &'static str)>, fn(&LlmError) -> bool);
        let cases: Vec<Case> = vec![
            ("not json", vec![("message_start", "{oops")], |e| matches!(e, LlmError::Malformed(_))),
            ("no stop", vec![("message_start", r#"{"type":"message_start","message":{}}"#)], |e| *e == LlmError::Truncated),
            ("empty", vec![("message_stop", r#"{"type":"message_stop"}"#)], |e| *e == LlmError::Empty),
            (
                "json delta without block",
                vec![("content_block_delta", r#"{"type":"content_block_delta","index":3,"delta":{"type":"input_json_delta","partial_json":"{"}}"#)],
                |e| matches!(e, LlmError::Malformed(_)),
            ),
            ("error event", vec![("error", r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#)], |e| {
                matches!(e, LlmError::RateLimited { status: 529, message } if message.contains("Overloaded"))
            }),
            ("array", vec![("message_start", "[]")], |e| matches!(e, LlmError::Malformed(_))),
        ];
        for (name, events, ok) in cases {
            let r = decode(&events);
            assert!(matches!(&r, Err(e) if ok(e)), "{name}: {r:?}");
        }
    }
}
