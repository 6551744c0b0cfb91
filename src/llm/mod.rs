//! Model providers: the one interface every hosted or local model is used
//! through, and the plain types that cross it.
//!
//! Data flows one way: a caller (the model planner, the model repairer, the
//! tool-use agent) builds a [`ChatRequest`], a [`Provider`] sends it and
//! streams [`StreamEvent`]s back while the answer arrives, and returns the
//! whole [`ChatResponse`] with its [`Usage`]. Providers know HTTP and their
//! wire format; they know nothing about plans, SQL or datasets.
//!
//! Invariants: an API key never leaves the provider (not in errors, not in
//! `Debug`, not in records); a provider call is cancelled by dropping its
//! future; a provider never panics on what a server sends.

pub mod anthropic;
pub mod config;
pub mod http;
pub mod openai;
pub mod price;
pub mod reading;
pub mod retry;
pub mod secret;
pub mod sse;

pub use config::{connect, LlmConfig};

use std::future::Future;
use std::pin::Pin;

use serde::{Deserialize, Serialize};

/// A boxed future, so the trait stays object-safe (`Box<dyn Provider>`).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Who is speaking in a conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    User,
    Assistant,
}

/// One piece of a message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Content {
    Text { text: String },
    /// The model asked for a tool.
    ToolCall(ToolCall),
    /// What a tool returned, answering the call with the same id.
    ToolResult { call_id: String, content: String, is_error: bool },
}

/// One turn of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub content: Vec<Content>,
}

impl Message {
    pub fn user(text: impl Into<String>) -> Message {
        Message { role: Role::User, content: vec![Content::Text { text: text.into() }] }
    }
    pub fn assistant(text: impl Into<String>) -> Message {
        Message { role: Role::Assistant, content: vec![Content::Text { text: text.into() }] }
    }
}

/// A tool the model may call; `input_schema` is a JSON Schema object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub input_schema: serde_json::Value,
}

/// A tool call the model made. `input` is the parsed JSON arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub input: serde_json::Value,
}

/// Whether and how the model must call a tool.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolChoice {
    #[default]
    Auto,
    /// A tool call is required, any tool.
    Any,
    /// This tool must be called.
    Tool(String),
}

/// One request to a model.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ChatRequest {
    pub system: String,
    pub messages: Vec<Message>,
    pub tools: Vec<ToolSpec>,
    pub tool_choice: ToolChoice,
    pub max_tokens: u32,
    pub temperature: Option<f32>,
}

/// Why the model stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    EndTurn,
    ToolUse,
    MaxTokens,
    /// The model declined (a safety refusal).
    Refusal,
    Other,
}

/// Tokens and time for one call. Counts are what the API reported.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// Prompt tokens read from the provider's cache, where reported.
    pub cache_read_tokens: u64,
    /// Prompt tokens written to the provider's cache, where reported.
    pub cache_write_tokens: u64,
    /// From sending the request to the first streamed token.
    pub first_token_ms: Option<u64>,
    pub total_ms: u64,
    /// Estimated from the price table; None when the model is not priced.
    pub cost_usd: Option<f64>,
}

impl Usage {
    /// Adds another call's figures (times and cost summed).
    pub fn add(&mut self, other: &Usage) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.cache_read_tokens += other.cache_read_tokens;
        self.cache_write_tokens += other.cache_write_tokens;
        self.total_ms += other.total_ms;
        if self.first_token_ms.is_none() {
            self.first_token_ms = other.first_token_ms;
        }
        self.cost_usd = match (self.cost_usd, other.cost_usd) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
    }
}

/// The whole answer to one request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatResponse {
    /// The text blocks, joined.
    pub text: String,
    pub tool_calls: Vec<ToolCall>,
    pub stop: StopReason,
    pub usage: Usage,
    /// The model that answered, as the server named it.
    pub model: String,
}

/// What arrives while a response streams in.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamEvent {
    /// A piece of text.
    Text(String),
    /// A tool call began.
    ToolCallStart { id: String, name: String },
    /// A piece of a tool call's JSON arguments.
    ToolCallDelta { id: String, json: String },
    /// Usage figures, as the server reports them mid-stream.
    Usage(Usage),
    /// The call is being retried after a transient failure.
    Retrying { attempt: u32, wait_ms: u64, reason: String },
}

/// Which wire protocol a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderKind {
    Anthropic,
    Openai,
    /// Any server speaking OpenAI's Chat Completions (Ollama, vLLM,
    /// llama.cpp, LM Studio, OpenRouter).
    OpenaiCompatible,
}

impl ProviderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Anthropic => "anthropic",
            ProviderKind::Openai => "openai",
            ProviderKind::OpenaiCompatible => "openai-compatible",
        }
    }
}

/// Why a call failed. Messages never contain the API key.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LlmError {
    #[error("the model call was cancelled")]
    Cancelled,
    #[error("could not reach {url}: {reason}")]
    Connect { url: String, reason: String },
    #[error("the model server did not answer within {secs} s")]
    Timeout { secs: u64 },
    #[error("the API key was refused ({status}): check {env_var}")]
    Auth { status: u16, env_var: String },
    #[error("the model server is rate limiting or overloaded ({status}) and retries ran out: {message}")]
    RateLimited { status: u16, message: String },
    #[error("the model server failed ({status}): {message}")]
    Server { status: u16, message: String },
    #[error("the model server rejected the request ({status}): {message}")]
    BadRequest { status: u16, message: String },
    #[error("the model's answer could not be read: {0}")]
    Malformed(String),
    #[error("the answer stream ended before the model finished")]
    Truncated,
    #[error("the model declined to answer: {0}")]
    Refused(String),
    #[error("the model gave an empty answer")]
    Empty,
    #[error("the token or cost budget is spent: {0}")]
    Budget(String),
    #[error("model configuration: {0}")]
    Config(String),
}

impl LlmError {
    /// Whether the run should give up on the model for good and fall back
    /// to the offline planner (as opposed to a bad answer worth one retry).
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            LlmError::Connect { .. }
                | LlmError::Timeout { .. }
                | LlmError::Auth { .. }
                | LlmError::RateLimited { .. }
                | LlmError::Server { .. }
                | LlmError::Budget(_)
                | LlmError::Config(_)
        )
    }
}

/// Receives stream events as they arrive.
pub type StreamSink<'a> = &'a (dyn Fn(StreamEvent) + Send + Sync);

/// A model behind some wire protocol. Cancel a call by dropping its future.
pub trait Provider: Send + Sync {
    /// The protocol and the model asked for.
    fn id(&self) -> (ProviderKind, &str);
    /// `anthropic`, `openai`, `openai-compatible`.
    fn kind(&self) -> ProviderKind {
        self.id().0
    }
    /// The model asked for.
    fn model(&self) -> &str {
        self.id().1
    }
    /// `kind:model`, as shown in reports, records and capsules.
    fn label(&self) -> String {
        format!("{}:{}", self.kind().as_str(), self.model())
    }
    /// Sends one request, streaming, retrying transient failures within
    /// the provider's bounds.
    fn chat<'a>(&'a self, req: &'a ChatRequest, on_event: StreamSink<'a>) -> BoxFuture<'a, Result<ChatResponse, LlmError>>;
}

pub mod answer;
pub mod budget;
pub mod bridge;
pub mod calls;
pub mod context;
pub mod prompt;
pub mod scripted;
