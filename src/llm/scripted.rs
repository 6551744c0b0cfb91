//! An in-process [`Provider`] that answers from a script, for unit and
//! integration tests: each call takes the next step (a response, streamed
//! or not, or an error, optionally after a delay or never), and every
//! request it got is kept for the test to inspect.
//!
//! Invariants: steps are answered in order, one per call; a call after the
//! script ran out fails with `LlmError::Malformed` naming the call (never
//! a panic, never a made-up answer); a step that hangs only ends when its
//! future is dropped, like a real request cancelled by the caller.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use super::{
    BoxFuture, ChatRequest, ChatResponse, LlmError, Provider, ProviderKind, StopReason, StreamEvent, StreamSink,
    ToolCall, Usage,
};

/// How a step delivers its response.
#[derive(Debug, Clone, PartialEq)]
pub enum Delivery {
    /// The whole response at once, no stream events.
    Whole,
    /// The response as stream events (text in pieces of this many
    /// characters, tool-call arguments in pieces, usage last).
    Streamed { chunk: usize },
}

/// One scripted answer.
#[derive(Debug, Clone)]
pub struct Step {
    pub result: Result<ChatResponse, LlmError>,
    pub delivery: Delivery,
    /// Wait this long before answering.
    pub delay: Option<Duration>,
    /// Never answer (until the call is dropped).
    pub hang: bool,
}

impl Step {
    /// A plain text answer.
    pub fn text(text: impl Into<String>) -> Step {
        Step::respond(response(text.into(), Vec::new()))
    }
    /// One tool call (`id` is `call_1`).
    pub fn tool(name: &str, input: serde_json::Value) -> Step {
        Step::tools(vec![(name, input)])
    }
    /// Several tool calls in one answer (`call_1`, `call_2`, ...).
    pub fn tools(calls: Vec<(&str, serde_json::Value)>) -> Step {
        let calls = calls
            .into_iter()
            .enumerate()
            .map(|(i, (name, input))| ToolCall { id: format!("call_{}", i + 1), name: name.to_string(), input })
            .collect();
        Step::respond(response(String::new(), calls))
    }
    /// A whole response as given.
    pub fn respond(resp: ChatResponse) -> Step {
        Step { result: Ok(resp), delivery: Delivery::Whole, delay: None, hang: false }
    }
    /// The call fails with `e`.
    pub fn fail(e: LlmError) -> Step {
        Step { result: Err(e), delivery: Delivery::Whole, delay: None, hang: false }
    }
    /// The call never answers.
    pub fn hang() -> Step {
        Step { result: Err(LlmError::Empty), delivery: Delivery::Whole, delay: None, hang: true }
    }
    /// Deliver as a stream in pieces of `chunk` characters.
    pub fn streamed(mut self, chunk: usize) -> Step {
        self.delivery = Delivery::Streamed { chunk: chunk.max(1) };
        self
    }
    /// Answer after `d`.
    pub fn after(mut self, d: Duration) -> Step {
        self.delay = Some(d);
        self
    }
    /// Set the usage figures reported with the response.
    pub fn with_usage(mut self, input: u64, output: u64) -> Step {
        if let Ok(r) = &mut self.result {
            r.usage.input_tokens = input;
            r.usage.output_tokens = output;
        }
        self
    }
}

/// Usage a scripted response reports unless told otherwise.
pub const SCRIPTED_INPUT_TOKENS: u64 = 120;
pub const SCRIPTED_OUTPUT_TOKENS: u64 = 30;

fn response(text: String, tool_calls: Vec<ToolCall>) -> ChatResponse {
    let stop = if tool_calls.is_empty() { StopReason::EndTurn } else { StopReason::ToolUse };
    ChatResponse {
        text,
        tool_calls,
        stop,
        usage: Usage {
            input_tokens: SCRIPTED_INPUT_TOKENS,
            output_tokens: SCRIPTED_OUTPUT_TOKENS,
            first_token_ms: Some(1),
            total_ms: 2,
            ..Usage::default()
        },
        model: "scripted-model".into(),
    }
}

#[derive(Debug, Default)]
struct State {
    steps: VecDeque<Step>,
    requests: Vec<ChatRequest>,
    calls: usize,
}

/// See the module documentation. Clones share the script and the log.
#[derive(Debug, Clone)]
pub struct ScriptedProvider {
    kind: ProviderKind,
    model: String,
    state: Arc<Mutex<State>>,
}

impl ScriptedProvider {
    /// A provider that answers `steps` in order, labelled
    /// `anthropic:scripted-model`.
    pub fn new(steps: Vec<Step>) -> ScriptedProvider {
        ScriptedProvider {
            kind: ProviderKind::Anthropic,
            model: "scripted-model".into(),
            state: Arc::new(Mutex::new(State { steps: steps.into(), ..State::default() })),
        }
    }

    /// Name the model (the label becomes `kind:model`).
    pub fn named(mut self, kind: ProviderKind, model: &str) -> ScriptedProvider {
        self.kind = kind;
        self.model = model.to_string();
        self
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Append more steps.
    pub fn push(&self, step: Step) {
        self.lock().steps.push_back(step);
    }

    /// Every request received so far, in order.
    pub fn requests(&self) -> Vec<ChatRequest> {
        self.lock().requests.clone()
    }

    /// Calls made so far.
    pub fn calls(&self) -> usize {
        self.lock().calls
    }

    /// Steps not used yet.
    pub fn remaining(&self) -> usize {
        self.lock().steps.len()
    }
}

/// The stream events a response arrives as, in pieces of `chunk` characters.
pub fn stream_events(resp: &ChatResponse, chunk: usize) -> Vec<StreamEvent> {
    let mut out = Vec::new();
    for piece in pieces(&resp.text, chunk) {
        out.push(StreamEvent::Text(piece));
    }
    for call in &resp.tool_calls {
        out.push(StreamEvent::ToolCallStart { id: call.id.clone(), name: call.name.clone() });
        for piece in pieces(&call.input.to_string(), chunk) {
            out.push(StreamEvent::ToolCallDelta { id: call.id.clone(), json: piece });
        }
    }
    out.push(StreamEvent::Usage(resp.usage));
    out
}

fn pieces(text: &str, chunk: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.chunks(chunk.max(1)).map(|c| c.iter().collect()).collect()
}

impl Provider for ScriptedProvider {
    fn id(&self) -> (ProviderKind, &str) {
        (self.kind, &self.model)
    }
    fn chat<'a>(&'a self, req: &'a ChatRequest, on_event: StreamSink<'a>) -> BoxFuture<'a, Result<ChatResponse, LlmError>> {
        Box::pin(async move {
            let (step, n) = {
                let mut st = self.lock();
                st.requests.push(req.clone());
                st.calls += 1;
                (st.steps.pop_front(), st.calls)
            };
            let Some(step) = step else {
                return Err(LlmError::Malformed(format!("the scripted provider has no answer for call {n}")));
            };
            if step.hang {
                std::future::pending::<()>().await;
            }
            if let Some(d) = step.delay {
                tokio::time::sleep(d).await;
            }
            let resp = step.result?;
            if let Delivery::Streamed { chunk } = step.delivery {
                for ev in stream_events(&resp, chunk) {
                    on_event(ev);
                }
            }
            Ok(resp)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block<T>(f: impl std::future::Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(f)
    }

    #[test]
    fn answers_in_order_records_requests_and_fails_when_the_script_ends() {
        let p = ScriptedProvider::new(vec![Step::text("one"), Step::fail(LlmError::Empty)]);
        let req = ChatRequest { system: "s".into(), ..ChatRequest::default() };
        let none = |_: StreamEvent| {};
        assert_eq!(block(p.chat(&req, &none)).unwrap().text, "one");
        assert_eq!(block(p.chat(&req, &none)), Err(LlmError::Empty));
        assert!(matches!(block(p.chat(&req, &none)), Err(LlmError::Malformed(m)) if m.contains("call 3")));
        assert_eq!(p.requests().len(), 3);
        assert_eq!(p.label(), "anthropic:scripted-model");
    }

    #[test]
    fn a_streamed_step_emits_its_pieces_and_usage() {
        let p = ScriptedProvider::new(vec![Step::tool("submit_sql", serde_json::json!({"sql": "SELECT 1"})).streamed(4)]);
        let seen = Mutex::new(Vec::new());
        let sink = |e: StreamEvent| seen.lock().unwrap().push(e);
        let r = block(p.chat(&ChatRequest::default(), &sink)).unwrap();
        let seen = seen.into_inner().unwrap();
        assert!(matches!(&seen[0], StreamEvent::ToolCallStart { name, .. } if name == "submit_sql"));
        let json: String = seen
            .iter()
            .filter_map(|e| match e {
                StreamEvent::ToolCallDelta { json, .. } => Some(json.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(json, r.tool_calls[0].input.to_string());
        assert!(matches!(seen.last(), Some(StreamEvent::Usage(_))));
    }
}
