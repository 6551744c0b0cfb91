//! What both stream decoders (Anthropic Messages, OpenAI Chat
//! Completions) keep while one response arrives: the clock its first-token
//! latency is measured from, the key to scrub from error text, the text so
//! far, usage, the model's name, whether the protocol's end marker came,
//! and whether anything reached the caller's sink (after which a failure
//! is never retried).

use super::http::status_failure;
use super::retry::Failure;
use super::secret::Secret;
use super::{StreamEvent, StreamSink, Usage};
use std::time::Instant;

/// See the module documentation.
#[derive(Debug)]
pub struct Reading {
    started: Instant,
    key: Option<Secret>,
    key_env: String,
    pub text: String,
    pub usage: Usage,
    pub model: String,
    pub done: bool,
    pub delivered: bool,
}

impl Reading {
    pub fn new(started: Instant, key: Option<Secret>, key_env: String) -> Reading {
        Reading { started, key, key_env, text: String::new(), usage: Usage::default(), model: String::new(), done: false, delivered: false }
    }

    /// Text or a tool call is reaching the sink: the first one times the
    /// first token.
    pub fn first_token(&mut self) {
        if self.usage.first_token_ms.is_none() {
            self.usage.first_token_ms = Some(self.started.elapsed().as_millis() as u64);
        }
        self.delivered = true;
    }

    /// A piece of answer text, kept and passed on (empty pieces ignored).
    pub fn push_text(&mut self, t: &str, sink: StreamSink<'_>) {
        if !t.is_empty() {
            self.first_token();
            self.text.push_str(t);
            sink(StreamEvent::Text(t.to_string()));
        }
    }

    /// A failure the server reported inside the stream, as its HTTP
    /// `status` would be, with the key scrubbed from `body`.
    pub fn stream_error(&self, status: u16, body: &str) -> Failure {
        let mut f = status_failure(status, None, body, self.key.as_ref(), &self.key_env);
        f.delivered = self.delivered;
        f
    }
}
