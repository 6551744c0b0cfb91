//! Bounded retries of a model call: jittered exponential backoff on
//! transient failures (429, 5xx, 529 / overloaded, connection errors),
//! honouring the server's `Retry-After`, bounded both in count and in total
//! time. A failure that says "never retry" (400, 401, 403, 404, a bad
//! answer) ends the call at once, and so does any failure after streamed
//! output reached the caller: the caller has shown it and a second answer
//! would contradict the first.

use super::{ChatResponse, LlmError, StreamEvent, StreamSink};
use std::future::Future;
use std::time::{Duration, Instant};

/// Whether a failed attempt may be tried again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retry {
    Never,
    /// Transient; the server's `Retry-After` when it sent one.
    After(Option<Duration>),
}

/// One failed attempt.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub error: LlmError,
    pub retry: Retry,
    /// Streamed output already reached the caller's sink.
    pub delivered: bool,
}

impl Failure {
    pub fn fatal(error: LlmError) -> Failure {
        Failure { error, retry: Retry::Never, delivered: false }
    }
    pub fn transient(error: LlmError, after: Option<Duration>) -> Failure {
        Failure { error, retry: Retry::After(after), delivered: false }
    }
}

/// How often and how long to retry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// The first backoff; doubled on each retry.
    pub base: Duration,
    /// No single backoff is longer (a longer `Retry-After` still counts
    /// against `budget`).
    pub max_wait: Duration,
    /// No retry starts a wait that would end later than this after the call began.
    pub budget: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 4,
            base: Duration::from_millis(500),
            max_wait: Duration::from_secs(20),
            budget: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    /// The backoff before retry `n` (0-based): half of `base * 2^n`
    /// (capped at `max_wait`) plus a random part up to the other half.
    pub fn backoff(&self, n: u32, jitter: &mut Jitter) -> Duration {
        let full = self.base.saturating_mul(1u32 << n.min(20)).min(self.max_wait);
        let half = full / 2;
        half + half.mul_f64(jitter.next_unit())
    }
}

/// A small xorshift generator for backoff jitter (no cryptographic use).
#[derive(Debug, Clone)]
pub struct Jitter(u64);

impl Jitter {
    pub fn seeded() -> Jitter {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
        Jitter((nanos ^ (std::process::id() as u64).rotate_left(32)) | 1)
    }
    /// In [0, 1).
    pub fn next_unit(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Runs `attempt(n)` until it succeeds or a failure may not be retried;
/// each retry is announced on `sink` as [`StreamEvent::Retrying`].
pub async fn run<F, Fut>(policy: &RetryPolicy, sink: StreamSink<'_>, mut attempt: F) -> Result<ChatResponse, LlmError>
where
    F: FnMut(u32) -> Fut,
    Fut: Future<Output = Result<ChatResponse, Failure>>,
{
    let start = Instant::now();
    let mut jitter = Jitter::seeded();
    let mut n = 0u32;
    loop {
        let failure = match attempt(n).await {
            Ok(r) => return Ok(r),
            Err(f) => f,
        };
        let Retry::After(hint) = failure.retry else { return Err(failure.error) };
        if failure.delivered || n >= policy.max_retries {
            return Err(failure.error);
        }
        let wait = hint.unwrap_or_else(|| policy.backoff(n, &mut jitter));
        if start.elapsed() + wait > policy.budget {
            return Err(failure.error);
        }
        n += 1;
        sink(StreamEvent::Retrying { attempt: n, wait_ms: wait.as_millis() as u64, reason: failure.error.to_string() });
        tokio::time::sleep(wait).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::{StopReason, Usage};
    use std::sync::Mutex;

    fn ok() -> ChatResponse {
        ChatResponse { text: "hi".into(), tool_calls: vec![], stop: StopReason::EndTurn, usage: Usage::default(), model: "m".into() }
    }

    fn policy(max_retries: u32) -> RetryPolicy {
        RetryPolicy { max_retries, base: Duration::from_millis(1), max_wait: Duration::from_millis(4), budget: Duration::from_secs(5) }
    }

    /// Runs a script of attempt outcomes; returns the result, attempts made and Retrying events.
    fn script(policy: RetryPolicy, outcomes: Vec<Result<ChatResponse, Failure>>) -> (Result<ChatResponse, LlmError>, u32, Vec<StreamEvent>) {
        let events = Mutex::new(Vec::new());
        let sink = |e: StreamEvent| events.lock().map(|mut v| v.push(e)).unwrap_or(());
        let outcomes = Mutex::new(outcomes.into_iter());
        let calls = Mutex::new(0u32);
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().build();
        let Ok(rt) = rt else { panic!("runtime") };
        let r = rt.block_on(run(&policy, &sink, |_| {
            *calls.lock().unwrap_or_else(|e| e.into_inner()) += 1;
            let next = outcomes.lock().unwrap_or_else(|e| e.into_inner()).next();
            async move { next.unwrap_or_else(|| Err(Failure::fatal(LlmError::Empty))) }
        }));
        let n = *calls.lock().unwrap_or_else(|e| e.into_inner());
        (r, n, events.into_inner().unwrap_or_default())
    }

    fn server(status: u16) -> LlmError {
        LlmError::Server { status, message: "x".into() }
    }

    #[test]
    fn retries_by_the_rules() {
        let t = |d| Failure::transient(server(503), d);
        type Case = (&'static str, RetryPolicy, Vec<Result<ChatResponse, Failure>>, bool, u32);
        let cases: Vec<Case> = vec![
            ("success at once", policy(3), vec![Ok(ok())], true, 1),
            ("transient then ok", policy(3), vec![Err(t(None)), Err(t(None)), Ok(ok())], true, 3),
            ("retry-after honoured", policy(3), vec![Err(t(Some(Duration::from_millis(2)))), Ok(ok())], true, 2),
            ("count bounded", policy(2), vec![Err(t(None)), Err(t(None)), Err(t(None)), Ok(ok())], false, 3),
            ("fatal not retried", policy(3), vec![Err(Failure::fatal(LlmError::Auth { status: 401, env_var: "K".into() })), Ok(ok())], false, 1),
            ("delivered not retried", policy(3), vec![Err(Failure { delivered: true, ..t(None) }), Ok(ok())], false, 1),
            (
                "time budget bounded",
                RetryPolicy { budget: Duration::from_millis(50), ..policy(3) },
                vec![Err(t(Some(Duration::from_secs(10)))), Ok(ok())],
                false,
                1,
            ),
        ];
        for (name, p, outcomes, want_ok, want_calls) in cases {
            let (r, calls, events) = script(p, outcomes);
            assert_eq!(r.is_ok(), want_ok, "{name}: {r:?}");
            assert_eq!(calls, want_calls, "{name}");
            assert_eq!(events.len() as u32, want_calls - 1, "{name}: one Retrying per retry: {events:?}");
        }
    }

    #[test]
    fn backoff_grows_is_capped_and_jittered() {
        let p = RetryPolicy { max_retries: 10, base: Duration::from_millis(100), max_wait: Duration::from_millis(1000), budget: Duration::from_secs(60) };
        let mut j = Jitter::seeded();
        for n in 0..10 {
            let full = (100u64 << n).min(1000);
            let w = p.backoff(n, &mut j).as_millis() as u64;
            assert!(w >= full / 2 && w <= full, "retry {n}: {w} ms outside [{}, {full}]", full / 2);
        }
        let waits: std::collections::BTreeSet<u128> = (0..20).map(|_| p.backoff(3, &mut j).as_micros()).collect();
        assert!(waits.len() > 1, "no jitter");
    }
}
