//! Recording a session as an asciicast v2 file (`--record FILE.cast`),
//! which plays in asciinema and converts to a GIF with agg.
//!
//! [`CastWriter`] sits between the app and the terminal: every write goes
//! to the terminal unchanged and, stamped with the time since the start,
//! to the cast file as an output event. A write that ends inside a UTF-8
//! character keeps the partial bytes for the next event, so every event is
//! valid text (the format stores output as JSON strings).
//!
//! Format: a header line `{"version": 2, "width", "height", "timestamp",
//! "env": {"TERM", "SHELL"}}`, then one line per event `[secs, "o", data]`
//! (`"r"` with `"COLSxROWS"` for a resize).

use std::io::{self, Write};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};

/// The first line of a cast file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub version: u32,
    pub width: u16,
    pub height: u16,
    /// Unix time of the start, in seconds.
    pub timestamp: u64,
    pub env: Env,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Env {
    #[serde(rename = "TERM")]
    pub term: String,
    #[serde(rename = "SHELL", default)]
    pub shell: String,
}

impl Header {
    /// A header for a `width` x `height` terminal starting now, with the
    /// TERM and SHELL of this process.
    pub fn now(width: u16, height: u16) -> Header {
        let timestamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Header {
            version: 2,
            width,
            height,
            timestamp,
            env: Env {
                term: std::env::var("TERM").unwrap_or_else(|_| "xterm-256color".into()),
                shell: std::env::var("SHELL").unwrap_or_default(),
            },
        }
    }
}

/// One event of a cast file.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Seconds since the start.
    pub time: f64,
    /// `o` (output), `i` (input), `r` (resize), `m` (marker).
    pub code: String,
    pub data: String,
}

/// Writes to `term` and records what was written to `cast`.
pub struct CastWriter<T: Write, C: Write> {
    term: T,
    cast: C,
    start: Instant,
    /// Bytes of a UTF-8 character split across writes.
    pending: Vec<u8>,
    /// The first error writing the cast file: recording stops, the app
    /// goes on (a full disk must not take the terminal with it).
    failed: Option<io::Error>,
    /// A size reported through [`Resizes`], written before the next output.
    resize: Arc<AtomicU32>,
}

/// Reports a new terminal size to a [`CastWriter`] held elsewhere (inside
/// the terminal backend): the `"r"` event goes into the cast just before
/// the next output, which is the first frame drawn at that size.
#[derive(Debug, Clone)]
pub struct Resizes(Arc<AtomicU32>);

impl Resizes {
    pub fn resized(&self, width: u16, height: u16) {
        self.0.store((u32::from(width) << 16) | u32::from(height), Ordering::Relaxed);
    }
}

impl<T: Write, C: Write> CastWriter<T, C> {
    /// Starts a recording: writes the header to `cast` at once.
    pub fn new(term: T, mut cast: C, header: &Header) -> io::Result<Self> {
        let line = serde_json::to_string(header).map_err(io::Error::other)?;
        writeln!(cast, "{line}")?;
        Ok(CastWriter { term, cast, start: Instant::now(), pending: Vec::new(), failed: None, resize: Arc::new(AtomicU32::new(0)) })
    }

    /// Records a terminal resize.
    pub fn resized(&mut self, width: u16, height: u16) {
        self.event("r", &format!("{width}x{height}"));
    }

    /// A handle that reports resizes from another owner.
    pub fn resizes(&self) -> Resizes {
        Resizes(Arc::clone(&self.resize))
    }

    /// Why recording stopped, if it did.
    pub fn error(&self) -> Option<&io::Error> {
        self.failed.as_ref()
    }

    /// The inner writers (tests read the cast back).
    pub fn into_inner(mut self) -> (T, C) {
        let _ = self.cast.flush();
        (self.term, self.cast)
    }

    fn event(&mut self, code: &str, data: &str) {
        if self.failed.is_some() || data.is_empty() {
            return;
        }
        let t = self.start.elapsed().as_secs_f64();
        let line = serde_json::json!([(t * 1e6).round() / 1e6, code, data]).to_string();
        if let Err(e) = writeln!(self.cast, "{line}") {
            self.failed = Some(e);
        }
    }

    /// The longest prefix of `pending` + `buf` that is whole UTF-8 text;
    /// the rest waits. Invalid bytes become U+FFFD rather than stopping
    /// the recording.
    fn take_text(&mut self, buf: &[u8]) -> String {
        self.pending.extend_from_slice(buf);
        let cut = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let rest = self.pending.split_off(cut);
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending = rest;
        text
    }
}

impl<T: Write, C: Write> Write for CastWriter<T, C> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let size = self.resize.swap(0, Ordering::Relaxed);
        if size != 0 {
            // Both halves fit in u16 by construction.
            self.resized((size >> 16) as u16, (size & 0xffff) as u16);
        }
        let n = self.term.write(buf)?;
        let text = self.take_text(&buf[..n]);
        self.event("o", &text);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.term.flush()?;
        if self.failed.is_none() {
            if let Err(e) = self.cast.flush() {
                self.failed = Some(e);
            }
        }
        Ok(())
    }
}

/// Why a cast file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CastError {
    #[error("the cast file is empty")]
    Empty,
    #[error("line {line}: {reason}")]
    Bad { line: usize, reason: String },
}

/// Reads a cast file's header and events (tests, `demo` checks).
pub fn parse(text: &str) -> Result<(Header, Vec<Event>), CastError> {
    let mut lines = text.lines().enumerate();
    let (_, first) = lines.next().ok_or(CastError::Empty)?;
    let header: Header = serde_json::from_str(first).map_err(|e| CastError::Bad { line: 1, reason: e.to_string() })?;
    if header.version != 2 {
        return Err(CastError::Bad { line: 1, reason: format!("version {} is not 2", header.version) });
    }
    let mut events = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |reason: String| CastError::Bad { line: i + 1, reason };
        let (time, code, data): (f64, String, String) = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
        if events.last().is_some_and(|e: &Event| e.time > time) {
            return Err(bad("time goes backwards".into()));
        }
        events.push(Event { time, code, data });
    }
    Ok((header, events))
}

/// All output of a cast, joined (what a player would have drawn, raw).
pub fn output(events: &[Event]) -> String {
    events.iter().filter(|e| e.code == "o").map(|e| e.data.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header { version: 2, width: 80, height: 24, timestamp: 1, env: Env { term: "xterm-256color".into(), shell: String::new() } }
    }

    #[test]
    fn writes_pass_through_and_are_recorded_as_output_events() {
        let mut w = CastWriter::new(Vec::new(), Vec::new(), &header()).unwrap();
        w.write_all(b"\x1b[2Jrevenue by month").unwrap();
        w.resized(120, 40);
        w.write_all("caf\u{e9} \u{1f600}".as_bytes()).unwrap();
        w.flush().unwrap();
        let (term, cast) = w.into_inner();
        assert_eq!(term, "\x1b[2Jrevenue by monthcaf\u{e9} \u{1f600}".as_bytes());
        let (h, events) = parse(std::str::from_utf8(&cast).unwrap()).unwrap();
        assert_eq!(h, header());
        let codes: Vec<&str> = events.iter().map(|e| e.code.as_str()).collect();
        assert_eq!(codes, ["o", "r", "o"]);
        assert_eq!(events[1].data, "120x40");
        assert_eq!(output(&events), "\x1b[2Jrevenue by monthcaf\u{e9} \u{1f600}");
    }

    #[test]
    fn a_resize_reported_elsewhere_lands_before_the_next_frame() {
        let mut w = CastWriter::new(Vec::new(), Vec::new(), &header()).unwrap();
        let resizes = w.resizes();
        w.write_all(b"frame at 80x24").unwrap();
        resizes.resized(64, 20);
        resizes.resized(132, 43);
        w.write_all(b"frame at 132x43").unwrap();
        w.write_all(b"more").unwrap();
        let (_, cast) = w.into_inner();
        let (_, events) = parse(std::str::from_utf8(&cast).unwrap()).unwrap();
        let got: Vec<(&str, &str)> = events.iter().map(|e| (e.code.as_str(), e.data.as_str())).collect();
        // Only the latest size counts; it comes once, before the frame drawn at it.
        assert_eq!(got, [("o", "frame at 80x24"), ("r", "132x43"), ("o", "frame at 132x43"), ("o", "more")]);
    }

    #[test]
    fn a_character_split_across_writes_is_recorded_whole() {
        let bytes = "a\u{4e2d}b\u{1f600}".as_bytes();
        // Split at every offset: each event is valid text and the whole is intact.
        for cut in 0..=bytes.len() {
            let mut w = CastWriter::new(Vec::new(), Vec::new(), &header()).unwrap();
            w.write_all(&bytes[..cut]).unwrap();
            w.write_all(&bytes[cut..]).unwrap();
            let (_, cast) = w.into_inner();
            let (_, events) = parse(std::str::from_utf8(&cast).unwrap()).unwrap();
            assert_eq!(output(&events), "a\u{4e2d}b\u{1f600}", "cut at {cut}");
        }
    }

    #[test]
    fn a_failing_cast_file_stops_recording_not_the_terminal() {
        /// Takes `room` bytes, then fails like a full disk.
        struct Full {
            room: usize,
        }
        impl Write for Full {
            fn write(&mut self, b: &[u8]) -> io::Result<usize> {
                if b.len() > self.room {
                    return Err(io::Error::other("No space left on device"));
                }
                self.room -= b.len();
                Ok(b.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        // The header itself cannot be written: the caller learns at once.
        assert!(CastWriter::new(Vec::new(), Full { room: 0 }, &header()).is_err());
        // The disk fills later: the terminal still gets every byte.
        let mut w = CastWriter::new(Vec::new(), Full { room: 200 }, &header()).unwrap();
        for _ in 0..100 {
            w.write_all(b"frame ").unwrap();
        }
        w.flush().unwrap();
        assert!(w.error().is_some_and(|e| e.to_string().contains("No space")));
        let (term, _) = w.into_inner();
        assert_eq!(term.len(), 600);
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        for (text, want) in [
            ("", "empty"),
            ("{\"version\": 1, \"width\": 1, \"height\": 1, \"timestamp\": 0, \"env\": {\"TERM\": \"x\"}}", "version 1"),
            ("{\"version\": 2, \"width\": 1, \"height\": 1, \"timestamp\": 0, \"env\": {\"TERM\": \"x\"}}\n[1.0, \"o\"]", "line 2"),
            (
                "{\"version\": 2, \"width\": 1, \"height\": 1, \"timestamp\": 0, \"env\": {\"TERM\": \"x\"}}\n[2.0, \"o\", \"a\"]\n[1.0, \"o\", \"b\"]",
                "backwards",
            ),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }
}
