//! A scripted loopback HTTP/1.1 server (127.0.0.1:0) that answers model
//! API requests with exactly the bytes a test gives it: streamed replies go
//! out as chunked transfer encoding, one network write per part, with
//! pauses, an abrupt cut (no final chunk) or an endless hang between them.
//! Every request is recorded (path, headers, body); a client that goes away
//! during a hang is noticed (EOF on read or a failed keep-alive write) and
//! the moment recorded, so cancellation can be measured.
//!
//! Written on tokio directly rather than axum: axum's streaming bodies need
//! the `futures` traits, which are not a dependency of this crate, and a
//! raw writer is what lets a test cut a stream at any byte.

#![allow(dead_code)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One step of a reply body.
#[derive(Debug, Clone)]
pub enum Part {
    /// Written in one go (one chunk when chunked).
    Bytes(Vec<u8>),
    Sleep(Duration),
    /// Close the connection here, without ending the body.
    Cut,
    /// Keep the connection open forever, writing an SSE comment every 20 ms.
    Hang,
}

/// One scripted reply.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub parts: Vec<Part>,
    /// Chunked transfer encoding (streams) or Content-Length (whole bodies).
    pub chunked: bool,
}

impl Reply {
    /// A `text/event-stream` of `(event name, data)` pairs, as one write.
    pub fn sse(events: &[(Option<&str>, &str)]) -> Reply {
        let mut body = String::new();
        for (name, data) in events {
            if let Some(n) = name {
                body.push_str(&format!("event: {n}\n"));
            }
            body.push_str(&format!("data: {data}\n\n"));
        }
        Reply::stream(body.into_bytes())
    }

    /// A streamed body given as raw bytes.
    pub fn stream(body: Vec<u8>) -> Reply {
        Reply {
            status: 200,
            headers: vec![("content-type".into(), "text/event-stream".into()), ("cache-control".into(), "no-cache".into())],
            parts: vec![Part::Bytes(body)],
            chunked: true,
        }
    }

    /// A whole JSON body with this status.
    pub fn json(status: u16, body: &str) -> Reply {
        Reply { status, headers: vec![("content-type".into(), "application/json".into())], parts: vec![Part::Bytes(body.as_bytes().to_vec())], chunked: false }
    }

    pub fn header(mut self, k: &str, v: &str) -> Reply {
        self.headers.push((k.into(), v.into()));
        self
    }

    /// Re-splits the body's bytes into writes of `n` bytes (pauses kept).
    pub fn split_every(mut self, n: usize) -> Reply {
        let mut parts = Vec::new();
        for p in self.parts {
            match p {
                Part::Bytes(b) => parts.extend(b.chunks(n.max(1)).map(|c| Part::Bytes(c.to_vec()))),
                other => parts.push(other),
            }
        }
        self.parts = parts;
        self
    }

    /// Keeps the first `n` body bytes, then cuts the connection.
    pub fn cut_after(mut self, n: usize) -> Reply {
        let all: Vec<u8> = self.parts.iter().flat_map(|p| if let Part::Bytes(b) = p { b.clone() } else { vec![] }).collect();
        self.parts = vec![Part::Bytes(all[..n.min(all.len())].to_vec()), Part::Cut];
        self
    }

    /// Appends a step.
    pub fn then(mut self, p: Part) -> Reply {
        self.parts.push(p);
        self
    }

    /// Puts a step first (before any body byte).
    pub fn first(mut self, p: Part) -> Reply {
        self.parts.insert(0, p);
        self
    }
}

/// A request as received.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Recorded {
    pub fn header(&self, k: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(k)).map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// The running server; stops when dropped (its tasks end with the runtime).
pub struct Server {
    /// `http://127.0.0.1:port`
    pub url: String,
    pub requests: Arc<Mutex<Vec<Recorded>>>,
    /// When a hanging reply saw its client go.
    pub disconnects: Arc<Mutex<Vec<Instant>>>,
    replies: Arc<Mutex<VecDeque<Reply>>>,
}

impl Server {
    /// Serves `replies` in order; when they run out, the last one repeats.
    pub async fn start(replies: Vec<Reply>) -> Server {
        let listener = match TcpListener::bind("127.0.0.1:0").await {
            Ok(l) => l,
            Err(e) => panic!("bind: {e}"),
        };
        let url = match listener.local_addr() {
            Ok(a) => format!("http://{a}"),
            Err(e) => panic!("addr: {e}"),
        };
        let server = Server {
            url,
            requests: Arc::new(Mutex::new(Vec::new())),
            disconnects: Arc::new(Mutex::new(Vec::new())),
            replies: Arc::new(Mutex::new(replies.into())),
        };
        let (requests, disconnects, replies) = (server.requests.clone(), server.disconnects.clone(), server.replies.clone());
        tokio::spawn(async move {
            while let Ok((sock, _)) = listener.accept().await {
                let (requests, disconnects, replies) = (requests.clone(), disconnects.clone(), replies.clone());
                tokio::spawn(async move {
                    let _ = serve(sock, requests, disconnects, replies).await;
                });
            }
        });
        server
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }

    pub fn disconnects(&self) -> Vec<Instant> {
        self.disconnects.lock().map(|r| r.clone()).unwrap_or_default()
    }
}

fn next_reply(replies: &Mutex<VecDeque<Reply>>) -> Reply {
    let mut q = match replies.lock() {
        Ok(q) => q,
        Err(e) => e.into_inner(),
    };
    if q.len() > 1 {
        q.pop_front().unwrap_or_else(|| Reply::json(500, "{}"))
    } else {
        q.front().cloned().unwrap_or_else(|| Reply::json(500, r#"{"error":{"type":"test","message":"no scripted reply"}}"#))
    }
}

/// Reads one request; None at a clean end of the connection.
async fn read_request(sock: &mut TcpStream, buf: &mut Vec<u8>) -> std::io::Result<Option<Recorded>> {
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let mut tmp = [0u8; 8192];
        let n = sock.read(&mut tmp).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&tmp[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let first = lines.next().unwrap_or("");
    let mut it = first.split(' ');
    let method = it.next().unwrap_or("").to_string();
    let path = it.next().unwrap_or("").to_string();
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string())).collect();
    let len: usize = headers.iter().find(|(k, _)| k == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0);
    while buf.len() < head_end + len {
        let mut tmp = [0u8; 8192];
        let n = sock.read(&mut tmp).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&tmp[..n]);
    }
    let body = buf[head_end..head_end + len].to_vec();
    buf.drain(..head_end + len);
    Ok(Some(Recorded { method, path, headers, body }))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        529 => "Overloaded",
        _ => "Status",
    }
}

async fn serve(
    mut sock: TcpStream,
    requests: Arc<Mutex<Vec<Recorded>>>,
    disconnects: Arc<Mutex<Vec<Instant>>>,
    replies: Arc<Mutex<VecDeque<Reply>>>,
) -> std::io::Result<()> {
    let _ = sock.set_nodelay(true);
    let mut buf = Vec::new();
    while let Some(req) = read_request(&mut sock, &mut buf).await? {
        if let Ok(mut r) = requests.lock() {
            r.push(req);
        }
        let reply = next_reply(&replies);
        let mut head = format!("HTTP/1.1 {} {}\r\n", reply.status, reason(reply.status));
        for (k, v) in &reply.headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        if reply.chunked {
            head.push_str("transfer-encoding: chunked\r\n\r\n");
        } else {
            let len: usize = reply.parts.iter().map(|p| if let Part::Bytes(b) = p { b.len() } else { 0 }).sum();
            head.push_str(&format!("content-length: {len}\r\n\r\n"));
        }
        sock.write_all(head.as_bytes()).await?;
        for part in reply.parts {
            match part {
                Part::Bytes(b) if b.is_empty() => {}
                Part::Bytes(b) if reply.chunked => {
                    let mut frame = format!("{:x}\r\n", b.len()).into_bytes();
                    frame.extend_from_slice(&b);
                    frame.extend_from_slice(b"\r\n");
                    sock.write_all(&frame).await?;
                }
                Part::Bytes(b) => sock.write_all(&b).await?,
                Part::Sleep(d) => tokio::time::sleep(d).await,
                Part::Cut => return Ok(()),
                Part::Hang => {
                    hang(&mut sock).await;
                    if let Ok(mut d) = disconnects.lock() {
                        d.push(Instant::now());
                    }
                    return Ok(());
                }
            }
        }
        if reply.chunked {
            sock.write_all(b"0\r\n\r\n").await?;
        }
    }
    Ok(())
}

/// Returns when the client has gone.
async fn hang(sock: &mut TcpStream) {
    let ping = b"e\r\n: keep-alive\n\n\r\n";
    let mut tmp = [0u8; 1024];
    loop {
        tokio::select! {
            r = sock.read(&mut tmp) => match r {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            },
            _ = tokio::time::sleep(Duration::from_millis(20)) => {
                if sock.write_all(ping).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Anthropic's documented stream for a text answer, `pieces` as text deltas.
pub fn anthropic_text(model: &str, pieces: &[&str], usage_in: &str, out_tokens: u64) -> Vec<(Option<&'static str>, String)> {
    let mut ev = vec![
        (Some("message_start"), format!(r#"{{"type": "message_start", "message": {{"id": "msg_01", "type": "message", "role": "assistant", "content": [], "model": "{model}", "stop_reason": null, "stop_sequence": null, "usage": {usage_in}}}}}"#)),
        (Some("content_block_start"), r#"{"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}"#.to_string()),
        (Some("ping"), r#"{"type": "ping"}"#.to_string()),
    ];
    for p in pieces {
        let t = serde_json::to_string(p).unwrap_or_default();
        ev.push((Some("content_block_delta"), format!(r#"{{"type": "content_block_delta", "index": 0, "delta": {{"type": "text_delta", "text": {t}}}}}"#)));
    }
    ev.push((Some("content_block_stop"), r#"{"type": "content_block_stop", "index": 0}"#.to_string()));
    ev.push((Some("message_delta"), format!(r#"{{"type": "message_delta", "delta": {{"stop_reason": "end_turn", "stop_sequence": null}}, "usage": {{"output_tokens": {out_tokens}}}}}"#)));
    ev.push((Some("message_stop"), r#"{"type": "message_stop"}"#.to_string()));
    ev
}

/// Anthropic's documented stream for one tool call with `input` (JSON text).
pub fn anthropic_tool(model: &str, name: &str, input: &str, usage_in: &str, out_tokens: u64) -> Vec<(Option<&'static str>, String)> {
    let args = serde_json::to_string(input).unwrap_or_default();
    vec![
        (Some("message_start"), format!(r#"{{"type": "message_start", "message": {{"id": "msg_02", "type": "message", "role": "assistant", "content": [], "model": "{model}", "stop_reason": null, "stop_sequence": null, "usage": {usage_in}}}}}"#)),
        (Some("content_block_start"), format!(r#"{{"type": "content_block_start", "index": 0, "content_block": {{"type": "tool_use", "id": "toolu_01", "name": "{name}", "input": {{}}}}}}"#)),
        (Some("content_block_delta"), format!(r#"{{"type": "content_block_delta", "index": 0, "delta": {{"type": "input_json_delta", "partial_json": {args}}}}}"#)),
        (Some("content_block_stop"), r#"{"type": "content_block_stop", "index": 0}"#.to_string()),
        (Some("message_delta"), format!(r#"{{"type": "message_delta", "delta": {{"stop_reason": "tool_use", "stop_sequence": null}}, "usage": {{"output_tokens": {out_tokens}}}}}"#)),
        (Some("message_stop"), r#"{"type": "message_stop"}"#.to_string()),
    ]
}

/// OpenAI's documented chunk stream for a text answer, usage last, then `[DONE]`.
pub fn openai_text(model: &str, pieces: &[&str], usage: &str) -> Vec<(Option<&'static str>, String)> {
    let chunk = |delta: &str, finish: &str| {
        format!(r#"{{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1694268190,"model":"{model}","system_fingerprint":"fp_1","choices":[{{"index":0,"delta":{delta},"logprobs":null,"finish_reason":{finish}}}]}}"#)
    };
    let mut ev = vec![(None, chunk(r#"{"role":"assistant","content":""}"#, "null"))];
    for p in pieces {
        let t = serde_json::to_string(p).unwrap_or_default();
        ev.push((None, chunk(&format!(r#"{{"content":{t}}}"#), "null")));
    }
    ev.push((None, chunk("{}", r#""stop""#)));
    ev.push((None, format!(r#"{{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1694268190,"model":"{model}","choices":[],"usage":{usage}}}"#)));
    ev.push((None, "[DONE]".to_string()));
    ev
}

/// Borrowed view for [`Reply::sse`].
pub fn view<'a>(ev: &'a [(Option<&'static str>, String)]) -> Vec<(Option<&'a str>, &'a str)> {
    ev.iter().map(|(n, d)| (*n, d.as_str())).collect()
}
