//! OpenAI Chat Completions: `POST {base}/chat/completions` (the base URL
//! includes `/v1`, as `OPENAI_BASE_URL` does), `Authorization: Bearer`,
//! streamed with `stream_options.include_usage`.
//!
//! The same code serves OpenAI-compatible servers (Ollama, vLLM, llama.cpp,
//! LM Studio, OpenRouter), which differ in what they leave out: usage may
//! be missing, tool calls may have no id, arguments may arrive whole (even
//! as a JSON object instead of a string), `[DONE]` may never come, and a
//! server may answer with one plain JSON completion although a stream was
//! asked for. All of those are read. A stream that ends before any
//! `finish_reason` is [`LlmError::Truncated`].
//!
//! Usage: `input_tokens` is `prompt_tokens` (cached ones included, as the
//! API counts them); `cache_read_tokens` is `prompt_tokens_details.cached_tokens`.

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

/// A provider speaking Chat Completions.
#[derive(Debug)]
pub struct OpenAi {
    /// `Openai` or `OpenaiCompatible` (which changes only small request details).
    pub(crate) kind: ProviderKind,
    /// The base URL with `/v1`, as `OPENAI_BASE_URL` is given.
    pub(crate) endpoint: Endpoint,
}

impl Provider for OpenAi {
    fn id(&self) -> (ProviderKind, &str) {
        (self.kind, &self.endpoint.model)
    }
    fn chat<'a>(&'a self, req: &'a ChatRequest, on_event: StreamSink<'a>) -> BoxFuture<'a, Result<ChatResponse, LlmError>> {
        Box::pin(async move {
            let url = format!("{}/chat/completions", self.endpoint.base_url);
            let body = request_body(self.kind, &self.endpoint.model, req);
            self.endpoint.call(&body, on_event, |bytes, started| self.attempt(&url, bytes, on_event, started)).await
        })
    }
}

impl OpenAi {
    async fn attempt(&self, url: &str, body: Vec<u8>, sink: StreamSink<'_>, started: Instant) -> Result<ChatResponse, Failure> {
        let bearer = self.endpoint.key.as_ref().map(|k| format!("Bearer {}", k.expose()));
        let headers: Vec<(&str, &str)> = bearer.as_deref().map(|b| ("authorization", b)).into_iter().collect();
        let resp = self.endpoint.post(url, &headers, body).await?;
        let whole_json = resp.headers().get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|c| c.starts_with("application/json"));
        let mut dec = StreamDecoder::new(started, self.endpoint.key.clone(), self.endpoint.key_env.clone());
        if whole_json {
            // One JSON object: fed to the decoder as if it were a single event.
            let text = resp.text().await.map_err(|_| Failure::transient(LlmError::Truncated, None))?;
            dec.event(SseEvent { event: None, data: text }, sink)?;
        } else {
            pump(resp, self.endpoint.http.timeouts.read, &mut dec, sink).await?;
        }
        dec.result().map_err(|error| Failure { error, retry: retry::Retry::Never, delivered: dec.r.delivered })
    }
}

/// Reasoning models take no `temperature`.
fn takes_temperature(model: &str) -> bool {
    !(model.starts_with("gpt-5") || model.starts_with("o1") || model.starts_with("o3") || model.starts_with("o4"))
}

/// The JSON body of a streamed Chat Completions request.
pub fn request_body(kind: ProviderKind, model: &str, req: &ChatRequest) -> Value {
    let mut messages = Vec::new();
    if !req.system.is_empty() {
        messages.push(json!({"role": "system", "content": req.system}));
    }
    for m in &req.messages {
        let text: String = m.content.iter().filter_map(|c| if let Content::Text { text } = c { Some(text.as_str()) } else { None }).collect::<Vec<_>>().join("\n");
        match m.role {
            Role::Assistant => {
                let calls: Vec<Value> = m
                    .content
                    .iter()
                    .filter_map(|c| if let Content::ToolCall(t) = c { Some(t) } else { None })
                    .map(|t| json!({"id": t.id, "type": "function", "function": {"name": t.name, "arguments": t.input.to_string()}}))
                    .collect();
                let mut msg = json!({"role": "assistant", "content": if text.is_empty() && !calls.is_empty() { Value::Null } else { json!(text) }});
                if !calls.is_empty() {
                    msg["tool_calls"] = json!(calls);
                }
                messages.push(msg);
            }
            Role::User => {
                // Tool results are messages of their own, before any text of the turn.
                for c in &m.content {
                    if let Content::ToolResult { call_id, content, is_error } = c {
                        let content = if *is_error { format!("error: {content}") } else { content.clone() };
                        messages.push(json!({"role": "tool", "tool_call_id": call_id, "content": content}));
                    }
                }
                if !text.is_empty() || m.content.is_empty() {
                    messages.push(json!({"role": "user", "content": text}));
                }
            }
        }
    }
    let mut body = json!({"model": model, "messages": messages, "stream": true, "stream_options": {"include_usage": true}});
    if req.max_tokens > 0 {
        // OpenAI renamed it; compatible servers mostly know the old name.
        let key = if kind == ProviderKind::Openai { "max_completion_tokens" } else { "max_tokens" };
        body[key] = json!(req.max_tokens);
    }
    if let Some(t) = req.temperature.filter(|_| kind != ProviderKind::Openai || takes_temperature(model)) {
        body["temperature"] = json!(t);
    }
    if !req.tools.is_empty() {
        body["tools"] = req
            .tools
            .iter()
            .map(|t| json!({"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.input_schema}}))
            .collect();
        body["tool_choice"] = match &req.tool_choice {
            ToolChoice::Auto => json!("auto"),
            ToolChoice::Any => json!("required"),
            ToolChoice::Tool(name) => json!({"type": "function", "function": {"name": name}}),
        };
    }
    body
}

/// A tool call being assembled from its pieces.
#[derive(Debug, Default)]
struct PartialCall {
    id: String,
    name: String,
    args: String,
    started: bool,
}

/// Reads one streamed (or whole) Chat Completions response.
#[derive(Debug)]
pub struct StreamDecoder {
    r: Reading,
    refusal: String,
    calls: BTreeMap<u64, PartialCall>,
    finish: Option<StopReason>,
}

/// `finish_reason` to [`StopReason`].
pub fn finish_reason(s: &str) -> StopReason {
    match s {
        "stop" | "eos" => StopReason::EndTurn,
        "tool_calls" | "function_call" => StopReason::ToolUse,
        "length" => StopReason::MaxTokens,
        "content_filter" => StopReason::Refusal,
        _ => StopReason::Other,
    }
}

impl StreamDecoder {
    pub fn new(started: Instant, key: Option<Secret>, key_env: String) -> StreamDecoder {
        StreamDecoder { r: Reading::new(started, key, key_env), refusal: String::new(), calls: BTreeMap::new(), finish: None }
    }

    fn take_usage(&mut self, u: &Value) {
        let n = |k: &str| u.get(k).and_then(Value::as_u64);
        if let Some(p) = n("prompt_tokens") {
            self.r.usage.input_tokens = p;
        }
        if let Some(c) = n("completion_tokens") {
            self.r.usage.output_tokens = c;
        }
        if let Some(c) = u.get("prompt_tokens_details").and_then(|d| d.get("cached_tokens")).and_then(Value::as_u64) {
            self.r.usage.cache_read_tokens = c;
        }
    }

    /// One entry of `delta.tool_calls` (streamed) or `message.tool_calls` (whole).
    fn take_call(&mut self, position: usize, c: &Value, sink: StreamSink<'_>) {
        let index = c.get("index").and_then(Value::as_u64).unwrap_or(position as u64);
        let f = c.get("function");
        let name = f.and_then(|f| f.get("name")).and_then(Value::as_str).unwrap_or("");
        let args = match f.and_then(|f| f.get("arguments")) {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Null) | None => String::new(),
            Some(other) => other.to_string(), // arguments given as an object
        };
        let entry = self.calls.entry(index).or_default();
        if let Some(id) = c.get("id").and_then(Value::as_str).filter(|s| !s.is_empty()) {
            if entry.id.is_empty() {
                entry.id = id.to_string();
            }
        }
        if !name.is_empty() && entry.name.is_empty() {
            entry.name = name.to_string();
        }
        if entry.id.is_empty() {
            entry.id = format!("call_{index}");
        }
        let mut events = Vec::new();
        if !entry.started && !entry.name.is_empty() {
            entry.started = true;
            events.push(StreamEvent::ToolCallStart { id: entry.id.clone(), name: entry.name.clone() });
        }
        if !args.is_empty() {
            entry.args.push_str(&args);
            events.push(StreamEvent::ToolCallDelta { id: entry.id.clone(), json: args });
        }
        if !events.is_empty() {
            self.r.first_token();
        }
        for e in events {
            sink(e);
        }
    }

    /// The whole response, once the stream ended.
    pub fn result(&self) -> Result<ChatResponse, LlmError> {
        let Some(stop) = self.finish else { return Err(LlmError::Truncated) };
        if !self.refusal.trim().is_empty() {
            return Err(LlmError::Refused(self.refusal.trim().to_string()));
        }
        if stop == StopReason::Refusal {
            return Err(LlmError::Refused("finish_reason content_filter".into()));
        }
        let mut tool_calls = Vec::new();
        for c in self.calls.values() {
            if c.name.is_empty() {
                return Err(LlmError::Malformed(format!("tool call {} has no function name", c.id)));
            }
            let input = if c.args.trim().is_empty() {
                json!({})
            } else {
                serde_json::from_str(&c.args).map_err(|e| LlmError::Malformed(format!("tool `{}` arguments are not JSON ({e})", c.name)))?
            };
            tool_calls.push(ToolCall { id: c.id.clone(), name: c.name.clone(), input });
        }
        if self.r.text.trim().is_empty() && tool_calls.is_empty() {
            return Err(LlmError::Empty);
        }
        Ok(ChatResponse { text: self.r.text.clone(), tool_calls, stop, usage: self.r.usage, model: self.r.model.clone() })
    }
}

impl Decoder for StreamDecoder {
    fn event(&mut self, ev: SseEvent, sink: StreamSink<'_>) -> Result<(), Failure> {
        if ev.is_done() {
            self.r.done = true;
            return Ok(());
        }
        let v: Value = serde_json::from_str(&ev.data).map_err(|e| {
            let start: String = ev.data.chars().take(120).collect();
            Failure::fatal(LlmError::Malformed(format!("bad JSON ({e}) in `{start}`")))
        })?;
        if v.get("error").is_some_and(|e| !e.is_null()) {
            // Some servers report a failure inside the stream.
            let status = v["error"].get("code").and_then(Value::as_u64).filter(|c| (400..600).contains(c)).unwrap_or(500) as u16;
            return Err(self.r.stream_error(status, &ev.data));
        }
        if !v.is_object() {
            return Err(Failure::fatal(LlmError::Malformed("a stream chunk is not a JSON object".into())));
        }
        if let Some(m) = v.get("model").and_then(Value::as_str) {
            if self.r.model.is_empty() {
                self.r.model = m.to_string();
            }
        }
        if let Some(u) = v.get("usage").filter(|u| u.is_object()) {
            self.take_usage(u);
            sink(StreamEvent::Usage(self.r.usage));
        }
        for choice in v.get("choices").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
            if choice.get("index").and_then(Value::as_u64).unwrap_or(0) != 0 {
                continue;
            }
            // A streamed chunk has `delta`; a whole completion has `message`.
            let part = choice.get("delta").or_else(|| choice.get("message"));
            if let Some(d) = part {
                if let Some(t) = d.get("content").and_then(Value::as_str) {
                    self.r.push_text(t, sink);
                }
                if let Some(r) = d.get("refusal").and_then(Value::as_str) {
                    self.refusal.push_str(r);
                }
                for (i, c) in d.get("tool_calls").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]).iter().enumerate() {
                    self.take_call(i, c, sink);
                }
            }
            if let Some(f) = choice.get("finish_reason").and_then(Value::as_str) {
                self.finish = Some(finish_reason(f));
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::{Message, ToolSpec};

    #[test]
    fn body_carries_every_part() {
        let req = ChatRequest {
            system: "sys".into(),
            messages: vec![
                Message::user("q"),
                Message { role: Role::Assistant, content: vec![Content::ToolCall(ToolCall { id: "c1".into(), name: "f".into(), input: json!({"a": 1}) })] },
                Message { role: Role::User, content: vec![Content::ToolResult { call_id: "c1".into(), content: "out".into(), is_error: true }] },
            ],
            tools: vec![ToolSpec { name: "f".into(), description: "d".into(), input_schema: json!({"type": "object"}) }],
            tool_choice: ToolChoice::Any,
            max_tokens: 100,
            temperature: Some(0.2),
        };
        let b = request_body(ProviderKind::Openai, "gpt-4.1", &req);
        assert_eq!(b["messages"][0], json!({"role": "system", "content": "sys"}));
        assert_eq!(b["messages"][2]["tool_calls"][0], json!({"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"a\":1}"}}));
        assert_eq!(b["messages"][2]["content"], Value::Null);
        assert_eq!(b["messages"][3], json!({"role": "tool", "tool_call_id": "c1", "content": "error: out"}));
        assert_eq!(b["messages"].as_array().map(Vec::len), Some(4));
        assert_eq!(b["tool_choice"], "required");
        assert_eq!(b["tools"][0]["function"]["parameters"], json!({"type": "object"}));
        assert_eq!(b["max_completion_tokens"], 100);
        assert_eq!(b["stream_options"]["include_usage"], true);
        assert!((b["temperature"].as_f64().unwrap_or(0.0) - 0.2).abs() < 1e-6);
        let compat = request_body(ProviderKind::OpenaiCompatible, "llama", &req);
        assert_eq!(compat["max_tokens"], 100);
        assert!(request_body(ProviderKind::Openai, "gpt-5-mini", &req).get("temperature").is_none());
    }

    fn decode(chunks: &[&str]) -> Result<ChatResponse, LlmError> {
        let mut d = StreamDecoder::new(Instant::now(), None, "OPENAI_API_KEY".into());
        let sink = |_: StreamEvent| {};
        for c in chunks {
            d.event(SseEvent { event: None, data: c.to_string() }, &sink).map_err(|f| f.error)?;
        }
        d.result()
    }

    #[test]
    fn tolerant_of_compatible_servers() {
        // no ids, arguments whole as an object, no usage, no [DONE]
        let r = decode(&[
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"function":{"name":"plan","arguments":{"metric":"revenue"}}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
        ]);
        let Ok(r) = r else { panic!("{r:?}") };
        assert_eq!(r.tool_calls, vec![ToolCall { id: "call_0".into(), name: "plan".into(), input: json!({"metric": "revenue"}) }]);
        assert_eq!((r.usage.input_tokens, r.usage.output_tokens, r.usage.cache_read_tokens), (0, 0, 0));
        assert_eq!(r.stop, StopReason::ToolUse);
    }

    #[test]
    fn bad_answers_are_errors_not_panics() {
        type Case = (&'static str, Vec<&'static str>, fn(&LlmError) -> bool);
        let cases: Vec<Case> = vec![
            ("not json", vec!["{nope"], |e| matches!(e, LlmError::Malformed(_))),
            ("scalar", vec!["42"], |e| matches!(e, LlmError::Malformed(_))),
            ("no finish", vec![r#"{"choices":[{"delta":{"content":"hal"}}]}"#], |e| *e == LlmError::Truncated),
            ("empty", vec![r#"{"choices":[{"delta":{},"finish_reason":"stop"}]}"#], |e| *e == LlmError::Empty),
            ("refusal", vec![r#"{"choices":[{"delta":{"refusal":"I can't"},"finish_reason":"stop"}]}"#], |e| *e == LlmError::Refused("I can't".into())),
            ("filtered", vec![r#"{"choices":[{"delta":{},"finish_reason":"content_filter"}]}"#], |e| matches!(e, LlmError::Refused(_))),
            (
                "bad arguments",
                vec![r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"a","function":{"name":"f","arguments":"{\"x\":"}}]},"finish_reason":"tool_calls"}]}"#],
                |e| matches!(e, LlmError::Malformed(_)),
            ),
            ("stream error", vec![r#"{"error":{"message":"model overloaded","code":503}}"#], |e| matches!(e, LlmError::Server { status: 503, .. })),
            ("choices not array", vec![r#"{"choices":{"x":1}}"#], |e| *e == LlmError::Truncated),
        ];
        for (name, chunks, ok) in cases {
            let r = decode(&chunks);
            assert!(matches!(&r, Err(e) if ok(e)), "{name}: {r:?}");
        }
    }
}
