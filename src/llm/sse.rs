//! An incremental parser for server-sent events (the WHATWG `text/event-stream`
//! format), as the model APIs stream their answers.
//!
//! Bytes arrive in chunks split anywhere: inside a line, between CR and LF,
//! inside a UTF-8 character. The parser keeps the unfinished line as bytes and
//! decodes only whole lines, so a split character is never mangled. Lines end
//! with LF, CRLF or a lone CR; `:` starts a comment; `data:` lines of one event
//! are joined with LF; an empty line dispatches the event; an event without
//! data is dropped, as the specification says. `[DONE]` (OpenAI's end marker)
//! is an ordinary data value here; [`SseEvent::is_done`] names it.

/// One dispatched event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SseEvent {
    /// The `event:` name, when the server gave one.
    pub event: Option<String>,
    /// The `data:` lines joined with `\n`.
    pub data: String,
}

impl SseEvent {
    /// OpenAI's end-of-stream marker, `data: [DONE]`.
    pub fn is_done(&self) -> bool {
        self.data.trim() == "[DONE]"
    }
}

/// Feeds on byte chunks, yields complete events.
#[derive(Debug, Default)]
pub struct SseParser {
    /// Bytes of the line not yet ended.
    line: Vec<u8>,
    /// The previous chunk ended with CR: an LF starting this one belongs to it.
    after_cr: bool,
    event: Option<String>,
    data: String,
    has_data: bool,
    /// Bytes taken in so far, to bound a server that never ends a line.
    pending_limit: usize,
}

/// A line longer than this (16 MiB) is not a stream we can read.
const MAX_LINE: usize = 16 << 20;

/// The stream broke the format beyond repair.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("event stream line longer than {0} bytes")]
pub struct LineTooLong(pub usize);

impl SseParser {
    pub fn new() -> SseParser {
        SseParser { pending_limit: MAX_LINE, ..SseParser::default() }
    }

    /// Takes a chunk; pushes the events it completes onto `out`.
    pub fn feed(&mut self, chunk: &[u8], out: &mut Vec<SseEvent>) -> Result<(), LineTooLong> {
        let mut rest = chunk;
        if self.after_cr {
            self.after_cr = false;
            if rest.first() == Some(&b'\n') {
                rest = &rest[1..];
            }
        }
        while let Some(pos) = rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            self.line.extend_from_slice(&rest[..pos]);
            let was_cr = rest[pos] == b'\r';
            rest = &rest[pos + 1..];
            if was_cr {
                match rest.first() {
                    Some(b'\n') => rest = &rest[1..],
                    None => self.after_cr = true,
                    Some(_) => {}
                }
            }
            let line = std::mem::take(&mut self.line);
            self.line_done(&line, out);
        }
        self.line.extend_from_slice(rest);
        let limit = if self.pending_limit == 0 { MAX_LINE } else { self.pending_limit };
        if self.line.len() > limit {
            return Err(LineTooLong(limit));
        }
        Ok(())
    }

    /// The stream ended: a last line without its end and a last event
    /// without its blank line are still delivered (servers do end so).
    pub fn finish(&mut self, out: &mut Vec<SseEvent>) {
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            self.line_done(&line, out);
        }
        self.dispatch(out);
    }

    fn line_done(&mut self, line: &[u8], out: &mut Vec<SseEvent>) {
        if line.is_empty() {
            self.dispatch(out);
            return;
        }
        if line[0] == b':' {
            return; // comment (keep-alive)
        }
        let text = String::from_utf8_lossy(line);
        let (field, value) = match text.find(':') {
            Some(i) => {
                let v = &text[i + 1..];
                (&text[..i], v.strip_prefix(' ').unwrap_or(v))
            }
            None => (&text[..], ""),
        };
        match field {
            "data" => {
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(value);
                self.has_data = true;
            }
            "event" => self.event = Some(value.to_string()),
            _ => {} // id, retry and unknown fields carry nothing we use
        }
    }

    fn dispatch(&mut self, out: &mut Vec<SseEvent>) {
        let event = self.event.take();
        if self.has_data {
            self.has_data = false;
            out.push(SseEvent { event: event.filter(|e| !e.is_empty()), data: std::mem::take(&mut self.data) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(event: Option<&str>, data: &str) -> SseEvent {
        SseEvent { event: event.map(str::to_string), data: data.to_string() }
    }

    /// Parses `input` split at `cut` (and whole when `cut` is None).
    fn parse(input: &[u8], cuts: &[usize]) -> Vec<SseEvent> {
        let mut p = SseParser::new();
        let mut out = Vec::new();
        let mut start = 0;
        for &c in cuts {
            assert!(p.feed(&input[start..c], &mut out).is_ok());
            start = c;
        }
        assert!(p.feed(&input[start..], &mut out).is_ok());
        p.finish(&mut out);
        out
    }

    #[test]
    fn every_split_gives_the_same_events() {
        let cases: Vec<(&str, &[u8], Vec<SseEvent>)> = vec![
            ("lf", b"data: a\n\ndata: b\n\n", vec![ev(None, "a"), ev(None, "b")]),
            ("crlf", b"event: x\r\ndata: 1\r\n\r\n", vec![ev(Some("x"), "1")]),
            ("lone cr", b"data: a\r\rdata: b\r\r", vec![ev(None, "a"), ev(None, "b")]),
            ("comments and ping", b": keep-alive\n\nevent: ping\ndata: {}\n\n", vec![ev(Some("ping"), "{}")]),
            ("multi-line data", b"data: one\ndata: two\ndata:three\n\n", vec![ev(None, "one\ntwo\nthree")]),
            ("no space after colon", b"data:x\n\n", vec![ev(None, "x")]),
            ("field without colon", b"data\n\n", vec![ev(None, "")]),
            ("event without data dropped", b"event: lonely\n\ndata: y\n\n", vec![ev(None, "y")]),
            ("id and retry ignored", b"id: 7\nretry: 10\ndata: z\n\n", vec![ev(None, "z")]),
            ("utf8", "data: h\u{e9}llo \u{1f426} \u{4e16}\n\n".as_bytes(), vec![ev(None, "h\u{e9}llo \u{1f426} \u{4e16}")]),
            ("done", b"data: {\"a\":1}\n\ndata: [DONE]\n\n", vec![ev(None, "{\"a\":1}"), ev(None, "[DONE]")]),
            ("no final blank line", b"data: tail", vec![ev(None, "tail")]),
            (
                "anthropic shape",
                b"event: message_start\ndata: {\"type\":\"message_start\"}\n\nevent: content_block_delta\ndata: {\"t\":\"\xc3\xa9\"}\n\n",
                vec![ev(Some("message_start"), "{\"type\":\"message_start\"}"), ev(Some("content_block_delta"), "{\"t\":\"\u{e9}\"}")],
            ),
        ];
        for (name, input, want) in cases {
            assert_eq!(parse(input, &[]), want, "{name}: whole");
            for cut in 0..=input.len() {
                assert_eq!(parse(input, &[cut]), want, "{name}: split at {cut}");
            }
            // and one byte at a time
            let all: Vec<usize> = (1..input.len()).collect();
            assert_eq!(parse(input, &all), want, "{name}: byte by byte");
        }
    }

    #[test]
    fn done_marker() {
        assert!(ev(None, "[DONE]").is_done());
        assert!(!ev(None, "{}").is_done());
    }

    #[test]
    fn invalid_utf8_is_replaced_not_fatal() {
        assert_eq!(parse(b"data: \xff\xfe\n\n", &[]), vec![ev(None, "\u{fffd}\u{fffd}")]);
    }

    #[test]
    fn endless_line_is_refused() {
        let mut p = SseParser { pending_limit: 8, ..SseParser::default() };
        let mut out = Vec::new();
        assert_eq!(p.feed(b"data: 123456789", &mut out), Err(LineTooLong(8)));
    }
}
