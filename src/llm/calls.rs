//! Accounting of model calls: one [`LlmCall`] per request a planner,
//! repairer or agent loop made (its purpose, tokens, times, cost, outcome
//! and, for planning calls, the context's provenance), and the per-run sum
//! [`RunUsage`] that the JSON contract, the capsule, `runs show` and
//! `eval` report.
//!
//! Invariants: a call is recorded whether it succeeded or not (a failed
//! call still cost time); sums are plain additions of what the providers
//! reported; the first-token latency of a run is its first call's.

use serde::{Deserialize, Serialize};

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::bridge::{Bridge, Interrupted};
use super::budget::TokenMeter;
use super::context::Provenance;
use super::{ChatRequest, ChatResponse, LlmError, Provider, StreamEvent, Usage};
use crate::progress::Progress;
use crate::runner::CancelToken;

/// One model call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LlmCall {
    /// `plan`, `repair`.
    pub purpose: String,
    /// `kind:model` of the provider asked.
    pub provider: String,
    /// The model that answered, as the server named it (empty on failure).
    pub model: String,
    pub usage: Usage,
    /// Wall-clock time of the call as the caller saw it.
    pub duration_ms: f64,
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Names of the tools the model called.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<String>,
    /// What context the model was given (first call of a conversation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<Provenance>,
}

/// Model usage of one run, summed over its calls.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RunUsage {
    pub calls: u32,
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cache_read_tokens: u64,
    pub cache_write_tokens: u64,
    /// Latency to the first token of the run's first call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_token_ms: Option<u64>,
    /// Time spent in model calls, summed.
    pub total_ms: u64,
    /// Estimated cost; None when no call was priced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_usd: Option<f64>,
}

impl RunUsage {
    /// The sum of `calls`, or None when there were none.
    pub fn of(calls: &[LlmCall]) -> Option<RunUsage> {
        if calls.is_empty() {
            return None;
        }
        let mut u = Usage::default();
        for c in calls {
            let mut one = c.usage;
            // A call the provider did not time (a failure) counts as the
            // caller saw it.
            if one.total_ms == 0 {
                one.total_ms = c.duration_ms.round() as u64;
            }
            u.add(&one);
        }
        Some(RunUsage {
            calls: u32::try_from(calls.len()).unwrap_or(u32::MAX),
            input_tokens: u.input_tokens,
            output_tokens: u.output_tokens,
            cache_read_tokens: u.cache_read_tokens,
            cache_write_tokens: u.cache_write_tokens,
            first_token_ms: u.first_token_ms,
            total_ms: u.total_ms,
            cost_usd: u.cost_usd,
        })
    }

    /// Adds another run's usage (eval totals).
    pub fn add(&mut self, o: &RunUsage) {
        self.calls += o.calls;
        self.input_tokens += o.input_tokens;
        self.output_tokens += o.output_tokens;
        self.cache_read_tokens += o.cache_read_tokens;
        self.cache_write_tokens += o.cache_write_tokens;
        self.first_token_ms = self.first_token_ms.or(o.first_token_ms);
        self.total_ms += o.total_ms;
        self.cost_usd = match (self.cost_usd, o.cost_usd) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
    }

    /// One line for people: `2 calls, 1200 in / 80 out tokens, 1.4 s, $0.0042`.
    pub fn line(&self) -> String {
        let mut s = format!(
            "{} model call{}, {} in / {} out tokens",
            self.calls,
            if self.calls == 1 { "" } else { "s" },
            self.input_tokens,
            self.output_tokens
        );
        if self.cache_read_tokens > 0 {
            s.push_str(&format!(" ({} from cache)", self.cache_read_tokens));
        }
        if let Some(ft) = self.first_token_ms {
            s.push_str(&format!(", first token {ft} ms"));
        }
        s.push_str(&format!(", {} ms in calls", self.total_ms));
        if let Some(c) = self.cost_usd {
            s.push_str(&format!(", ~${c:.4}"));
        }
        s
    }
}

/// Why a model call gave no response.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CallError {
    #[error(transparent)]
    Llm(#[from] LlmError),
    #[error("the model call was {0}")]
    Interrupted(Interrupted),
}

/// What makes a planner's or repairer's model calls: the provider, the
/// session's per-run [`TokenMeter`], a bridge to run the calls on, and the
/// accounting records of the calls made since the last take.
pub struct Caller {
    provider: Arc<dyn Provider>,
    meter: Arc<TokenMeter>,
    bridge: Bridge,
    calls: Vec<LlmCall>,
}

impl std::fmt::Debug for Caller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Caller").field("provider", &self.provider.label()).field("meter", &self.meter).finish()
    }
}

impl Caller {
    pub fn new(provider: Arc<dyn Provider>, meter: Arc<TokenMeter>) -> Caller {
        Caller { provider, meter, bridge: Bridge::new(), calls: Vec::new() }
    }

    /// `kind:model` of the provider.
    pub fn label(&self) -> String {
        self.provider.label()
    }

    /// The accounting records of the calls made since the last take.
    pub fn take_calls(&mut self) -> Vec<LlmCall> {
        std::mem::take(&mut self.calls)
    }

    /// One model call: refused before it starts when the run's token
    /// budget is spent (no record: nothing was sent); else sent, raced
    /// against `cancel` and `deadline`, timed, charged to the meter,
    /// published to `observe` as [`Progress::ModelCall`] and kept as an
    /// accounting record whether it succeeded or not. When the provider
    /// does not report a first-token latency, the first streamed event's
    /// arrival is used.
    pub fn call(
        &mut self,
        req: &ChatRequest,
        purpose: &str,
        cancel: &CancelToken,
        deadline: Option<Instant>,
        context: Option<Provenance>,
        observe: &(dyn Fn(Progress) + Sync),
    ) -> Result<ChatResponse, CallError> {
        self.meter.check()?;
        let start = Instant::now();
        let first: Mutex<Option<Duration>> = Mutex::new(None);
        let sink = |ev: StreamEvent| {
            if matches!(ev, StreamEvent::Text(_) | StreamEvent::ToolCallStart { .. }) {
                let mut f = first.lock().unwrap_or_else(|p| p.into_inner());
                f.get_or_insert_with(|| start.elapsed());
            }
        };
        let result = match self.bridge.run(self.provider.chat(req, &sink), cancel, deadline) {
            Ok(Ok(r)) => Ok(r),
            Ok(Err(e)) => Err(CallError::Llm(e)),
            Err(i) => Err(CallError::Interrupted(i)),
        };
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let seen_first = *first.lock().unwrap_or_else(|p| p.into_inner());
        let (usage, model, tools) = match &result {
            Ok(r) => {
                let mut u = r.usage;
                if u.first_token_ms.is_none() {
                    u.first_token_ms = seen_first.map(|d| d.as_millis() as u64);
                }
                if u.total_ms == 0 {
                    u.total_ms = ms.round() as u64;
                }
                (u, r.model.clone(), r.tool_calls.iter().map(|c| c.name.clone()).collect())
            }
            Err(_) => (Usage { total_ms: ms.round() as u64, ..Usage::default() }, String::new(), Vec::new()),
        };
        let record = LlmCall {
            purpose: purpose.to_string(),
            provider: self.provider.label(),
            model,
            usage,
            duration_ms: ms,
            ok: result.is_ok(),
            error: result.as_ref().err().map(ToString::to_string),
            tool_calls: tools,
            context,
        };
        observe(Progress::ModelCall {
            purpose: record.purpose.clone(),
            provider: record.provider.clone(),
            ms,
            tokens_in: usage.input_tokens,
            tokens_out: usage.output_tokens,
            ok: record.ok,
            error: record.error.clone(),
        });
        self.meter.charge(&record.usage);
        self.calls.push(record);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(i: u64, o: u64, ft: Option<u64>, ms: u64, cost: Option<f64>) -> LlmCall {
        LlmCall {
            purpose: "plan".into(),
            provider: "anthropic:m".into(),
            model: "m".into(),
            usage: Usage { input_tokens: i, output_tokens: o, first_token_ms: ft, total_ms: ms, cost_usd: cost, ..Usage::default() },
            duration_ms: ms as f64,
            ok: true,
            error: None,
            tool_calls: vec![],
            context: None,
        }
    }

    #[test]
    fn usage_sums_calls_and_keeps_the_first_latency() {
        assert_eq!(RunUsage::of(&[]), None);
        let u = RunUsage::of(&[call(100, 10, Some(40), 300, Some(0.01)), call(50, 5, Some(20), 200, None)]).unwrap();
        assert_eq!((u.calls, u.input_tokens, u.output_tokens, u.total_ms), (2, 150, 15, 500));
        assert_eq!(u.first_token_ms, Some(40));
        assert_eq!(u.cost_usd, Some(0.01));
        let mut t = RunUsage::default();
        t.add(&u);
        t.add(&u);
        assert_eq!((t.calls, t.input_tokens), (4, 300));
        assert!(u.line().contains("2 model calls, 150 in / 15 out tokens"), "{}", u.line());
    }
}
