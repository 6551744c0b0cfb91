//! The HTTP half every provider shares: one `reqwest` client (rustls on
//! ring) with a connect timeout, a read timeout between streamed chunks and
//! an overall deadline; sending a streamed POST; turning an error status
//! into an [`LlmError`] with the server's own explanation (key scrubbed);
//! and pumping a server-sent-events body through a protocol [`Decoder`].
//!
//! Invariants: nothing a server sends can panic here; a server message is
//! summarised (one line, bounded) and never carries the API key; dropping
//! the future drops the connection.

use super::price::PriceTable;
use super::retry::{Failure, Retry, RetryPolicy};
use super::secret::Secret;
use super::sse::{SseEvent, SseParser};
use super::{ChatResponse, LlmError, StreamSink};
use std::future::Future;
use std::time::{Duration, Instant, SystemTime};

/// Time limits of one call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timeouts {
    /// To open the TCP (and TLS) connection.
    pub connect: Duration,
    /// Between two chunks of the answer (and to the response head).
    pub read: Duration,
    /// The whole call, retries included.
    pub total: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts { connect: Duration::from_secs(10), read: Duration::from_secs(60), total: Duration::from_secs(300) }
    }
}

/// Seconds for [`LlmError::Timeout`], rounded up so 300 ms is not "0 s".
/// Where and how a provider sends its calls: the client, the base URL
/// (as the provider's SDK takes it), the key and the variable it came from
/// (named when it is refused), the model asked for, retries and prices.
#[derive(Debug)]
pub struct Endpoint {
    pub http: Http,
    pub base_url: String,
    pub key: Option<Secret>,
    pub key_env: String,
    pub model: String,
    pub retry: RetryPolicy,
    pub prices: PriceTable,
}

impl Endpoint {
    /// One call as every HTTP provider makes it: `body` serialised once,
    /// each attempt given the bytes and the moment the call began, retried
    /// within the overall deadline, then timed and priced; a reply that
    /// does not name its model is named after the one asked for.
    pub async fn call<F, Fut>(&self, body: &serde_json::Value, sink: StreamSink<'_>, attempt: F) -> Result<ChatResponse, LlmError>
    where
        F: Fn(Vec<u8>, Instant) -> Fut,
        Fut: Future<Output = Result<ChatResponse, Failure>>,
    {
        let bytes = serde_json::to_vec(body).map_err(|e| LlmError::Config(e.to_string()))?;
        let started = Instant::now();
        let total = self.http.timeouts.total;
        let run = super::retry::run(&self.retry, sink, |_| attempt(bytes.clone(), started));
        let mut resp = tokio::time::timeout(total, run).await.map_err(|_| timeout_error(total))??;
        resp.usage.total_ms = started.elapsed().as_millis() as u64;
        resp.usage.cost_usd = self.prices.estimate(&self.model, &resp.usage);
        if resp.model.is_empty() {
            resp.model = self.model.clone();
        }
        Ok(resp)
    }

    /// POSTs `body` to `url` with `headers`; an error status is a failure
    /// naming the key's variable, with the key scrubbed.
    pub async fn post(&self, url: &str, headers: &[(&str, &str)], body: Vec<u8>) -> Result<reqwest::Response, Failure> {
        self.http.post(url, headers, body, self.key.as_ref(), &self.key_env).await
    }
}

pub fn timeout_error(d: Duration) -> LlmError {
    LlmError::Timeout { secs: d.as_millis().div_ceil(1000).max(1) as u64 }
}

/// The shared client.
#[derive(Debug, Clone)]
pub struct Http {
    client: reqwest::Client,
    pub timeouts: Timeouts,
}

/// Installs ring as rustls' process-wide crypto provider (once; an
/// already-installed provider is kept).
fn install_crypto() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// A request error as the user should read it: the cause, not the URL.
fn describe(e: &reqwest::Error) -> String {
    let mut parts = Vec::new();
    let mut src: Option<&dyn std::error::Error> = std::error::Error::source(e);
    while let Some(s) = src {
        parts.push(s.to_string());
        src = s.source();
    }
    parts.dedup();
    if parts.is_empty() {
        e.to_string()
    } else {
        parts.join(": ")
    }
}

impl Http {
    pub fn new(timeouts: Timeouts) -> Result<Http, LlmError> {
        install_crypto();
        let client = reqwest::Client::builder()
            .connect_timeout(timeouts.connect)
            .pool_idle_timeout(Duration::from_secs(60))
            .user_agent(concat!("sandpiper/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| LlmError::Config(format!("cannot build the HTTP client: {}", describe(&e))))?;
        Ok(Http { client, timeouts })
    }

    /// POSTs `body` (JSON) to `url`; an error status becomes a [`Failure`].
    /// `key` is scrubbed from whatever the server says; `key_env` names
    /// where the key came from, for 401/403.
    pub async fn post(&self, url: &str, headers: &[(&str, &str)], body: Vec<u8>, key: Option<&Secret>, key_env: &str) -> Result<reqwest::Response, Failure> {
        let mut rb = self.client.post(url).header("content-type", "application/json").header("accept", "text/event-stream");
        for (k, v) in headers {
            rb = rb.header(*k, *v);
        }
        // The response head: connecting plus one read interval.
        let head = self.timeouts.connect + self.timeouts.read;
        let sent = tokio::time::timeout(head, rb.body(body).send()).await;
        let resp = match sent {
            Err(_) => return Err(Failure::fatal(timeout_error(head))),
            Ok(Err(e)) => return Err(request_failure(url, &e, head)),
            Ok(Ok(r)) => r,
        };
        let status = resp.status().as_u16();
        if (200..300).contains(&status) {
            return Ok(resp);
        }
        let retry_after = retry_after(resp.headers(), SystemTime::now());
        let text = read_bounded(resp, self.timeouts.read, 64 << 10).await;
        Err(status_failure(status, retry_after, &text, key, key_env))
    }
}

/// A transport error before any answer: connection problems are
/// transient; a server that accepted the connection and then stayed silent
/// is a timeout, not retried (a slow server tends to stay slow).
fn request_failure(url: &str, e: &reqwest::Error, head: Duration) -> Failure {
    let base = url.split("/v1/").next().unwrap_or(url).trim_end_matches("/chat/completions");
    if e.is_timeout() && !e.is_connect() {
        return Failure::fatal(timeout_error(head));
    }
    Failure::transient(LlmError::Connect { url: base.to_string(), reason: describe(e) }, None)
}

/// Up to `limit` bytes of an error body (best effort; it is only shown).
async fn read_bounded(mut resp: reqwest::Response, read: Duration, limit: usize) -> String {
    let mut buf = Vec::new();
    while buf.len() < limit {
        match tokio::time::timeout(read, resp.chunk()).await {
            Ok(Ok(Some(c))) => buf.extend_from_slice(&c),
            _ => break,
        }
    }
    buf.truncate(limit);
    String::from_utf8_lossy(&buf).into_owned()
}

/// The server's explanation, one line of at most 300 characters: the
/// `error.type` and `error.message` of a JSON error body (both APIs use
/// `{"error": {"type", "message"}}`), else the start of the text.
pub fn summarise(body: &str, key: Option<&Secret>) -> String {
    let from_json = serde_json::from_str::<serde_json::Value>(body).ok().and_then(|v| {
        let err = v.get("error")?;
        if let Some(s) = err.as_str() {
            return Some(s.to_string());
        }
        let msg = err.get("message").and_then(|m| m.as_str()).unwrap_or("");
        let kind = err.get("type").or_else(|| err.get("code")).and_then(|t| t.as_str()).unwrap_or("");
        Some(match (kind.is_empty(), msg.is_empty()) {
            (false, false) => format!("{kind}: {msg}"),
            (false, true) => kind.to_string(),
            _ => msg.to_string(),
        })
    });
    let text = from_json.unwrap_or_else(|| body.to_string());
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let one_line = match key {
        Some(k) => k.redact(&one_line),
        None => one_line,
    };
    let mut out: String = one_line.chars().take(300).collect();
    if one_line.chars().count() > 300 {
        out.push_str("...");
    }
    if out.is_empty() {
        out = "no explanation given".into();
    }
    out
}

/// Maps an error status to the error and whether it may be retried.
pub fn status_failure(status: u16, retry_after: Option<Duration>, body: &str, key: Option<&Secret>, key_env: &str) -> Failure {
    let message = summarise(body, key);
    match status {
        401 | 403 => Failure::fatal(LlmError::Auth { status, env_var: key_env.to_string() }),
        429 | 529 => Failure::transient(LlmError::RateLimited { status, message }, retry_after),
        408 | 409 => Failure::transient(LlmError::Server { status, message }, retry_after),
        500..=599 => Failure::transient(LlmError::Server { status, message }, retry_after),
        _ => Failure::fatal(LlmError::BadRequest { status, message }),
    }
}

/// `Retry-After` (seconds or an HTTP-date) or OpenAI's `retry-after-ms`.
pub fn retry_after(headers: &reqwest::header::HeaderMap, now: SystemTime) -> Option<Duration> {
    if let Some(ms) = headers.get("retry-after-ms").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<f64>().ok()) {
        if ms.is_finite() && ms >= 0.0 {
            return Some(Duration::from_secs_f64(ms / 1000.0));
        }
    }
    parse_retry_after(headers.get("retry-after")?.to_str().ok()?, now)
}

/// `Retry-After: 3` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT`.
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let v = value.trim();
    if let Ok(secs) = v.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(86_400.0)));
    }
    let fmt = time::macros::format_description!("[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT");
    let at = time::PrimitiveDateTime::parse(v, &fmt).ok()?.assume_utc();
    let at = SystemTime::from(at);
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// A wire protocol's reading of a server-sent-events stream.
pub trait Decoder {
    /// Takes one event; emits stream events on `sink`.
    fn event(&mut self, ev: SseEvent, sink: StreamSink<'_>) -> Result<(), Failure>;
    /// The protocol's end marker arrived (`message_stop`, `[DONE]`).
    fn done(&self) -> bool;
    /// Text or a tool call already reached the sink.
    fn delivered(&self) -> bool;
}

/// Feeds the body of `resp` through `decoder` until its end marker or the
/// end of the body. A pause longer than `read` is a timeout; a broken
/// connection mid-answer is [`LlmError::Truncated`]. Whether the answer is
/// complete is the decoder's to judge afterwards.
pub async fn pump(mut resp: reqwest::Response, read: Duration, decoder: &mut (dyn Decoder + Send), sink: StreamSink<'_>) -> Result<(), Failure> {
    let mut parser = SseParser::new();
    let mut events = Vec::new();
    let fail = |error: LlmError, delivered: bool| Failure { error, retry: Retry::Never, delivered };
    loop {
        let chunk = match tokio::time::timeout(read, resp.chunk()).await {
            Err(_) => return Err(fail(timeout_error(read), decoder.delivered())),
            // The connection broke mid-answer; nothing shown yet: try again.
            Ok(Err(_)) if !decoder.delivered() => return Err(Failure::transient(LlmError::Truncated, None)),
            Ok(Err(_)) => return Err(fail(LlmError::Truncated, true)),
            Ok(Ok(c)) => c,
        };
        let ended = chunk.is_none();
        match chunk {
            Some(bytes) => {
                parser.feed(&bytes, &mut events).map_err(|e| fail(LlmError::Malformed(e.to_string()), decoder.delivered()))?;
            }
            None => parser.finish(&mut events),
        }
        for ev in events.drain(..) {
            decoder.event(ev, sink)?;
            if decoder.done() {
                // Let the connection go back to the pool when the body ends now.
                let _ = tokio::time::timeout(Duration::from_millis(20), resp.chunk()).await;
                return Ok(());
            }
        }
        if ended {
            return Ok(());
        }
    }
}
