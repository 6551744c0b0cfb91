//! Parsing JSON text for canonicalization, strictly (RFC 8259 grammar, no
//! duplicate keys, no lone surrogates, bounded depth).
//!
//! Invariants:
//! - Numbers are read with std's correctly rounded parser, so the double is
//!   exactly the one any conforming reader gets.
//! - Strings without escapes are borrowed from the text, not copied.

use std::borrow::Cow;

use super::{cmp_utf16, JcsError, Node, MAX_DEPTH};

/// Parses one JSON document (surrounding whitespace allowed).
pub fn parse(text: &str) -> Result<Node<'_>, JcsError> {
    let mut p = Parser {
        src: text,
        bytes: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    p.skip_ws();
    let node = p.value()?;
    p.skip_ws();
    if p.pos != p.bytes.len() {
        return Err(p.err("trailing characters after the value"));
    }
    Ok(node)
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn err(&self, what: &'static str) -> JcsError {
        JcsError::Syntax {
            offset: self.pos,
            what,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn literal(&mut self, word: &'static str, node: Node<'a>) -> Result<Node<'a>, JcsError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(node)
        } else {
            Err(self.err("unknown literal"))
        }
    }

    fn value(&mut self) -> Result<Node<'a>, JcsError> {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => Ok(Node::Str(self.string()?)),
            Some(b't') => self.literal("true", Node::Bool(true)),
            Some(b'f') => self.literal("false", Node::Bool(false)),
            Some(b'n') => self.literal("null", Node::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("expected a value")),
            None => Err(self.err("unexpected end of input")),
        }
    }

    fn enter(&mut self) -> Result<(), JcsError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(JcsError::TooDeep);
        }
        self.pos += 1;
        self.skip_ws();
        Ok(())
    }

    fn array(&mut self) -> Result<Node<'a>, JcsError> {
        self.enter()?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Node::Arr(items));
        }
        loop {
            items.push(self.value()?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ws();
                }
                Some(b']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Node::Arr(items));
                }
                _ => return Err(self.err("expected ',' or ']' in array")),
            }
        }
    }

    fn object(&mut self) -> Result<Node<'a>, JcsError> {
        self.enter()?;
        let mut members: Vec<(Cow<'a, str>, Node<'a>)> = Vec::new();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Node::Obj(members));
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(self.err("expected a string key in object"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.err("expected ':' after object key"));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value()?;
            members.push((key, value));
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ws();
                }
                Some(b'}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    break;
                }
                _ => return Err(self.err("expected ',' or '}' in object")),
            }
        }
        members.sort_by(|a, b| cmp_utf16(&a.0, &b.0));
        if let Some(w) = members.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(JcsError::DuplicateKey {
                key: w[0].0.to_string(),
            });
        }
        Ok(Node::Obj(members))
    }

    /// Parses a string literal starting at the opening quote.
    fn string(&mut self) -> Result<Cow<'a, str>, JcsError> {
        self.pos += 1;
        let start = self.pos;
        // Fast path: no escapes, borrow the text.
        loop {
            match self.peek() {
                Some(b'"') => {
                    let s = &self.src[start..self.pos];
                    self.pos += 1;
                    return Ok(Cow::Borrowed(s));
                }
                Some(b'\\') => break,
                Some(0x00..=0x1f) => return Err(self.err("control character in string")),
                Some(_) => self.pos += 1,
                None => return Err(self.err("unterminated string")),
            }
        }
        let mut owned = String::from(&self.src[start..self.pos]);
        loop {
            let run = self.pos;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            owned.push_str(&self.src[run..self.pos]);
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(owned));
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let c = self.escape()?;
                    owned.push(c);
                }
                Some(_) => return Err(self.err("control character in string")),
                None => return Err(self.err("unterminated string")),
            }
        }
    }

    /// Decodes the escape after a backslash.
    fn escape(&mut self) -> Result<char, JcsError> {
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.pos += 1;
                let hi = self.hex4()?;
                return match hi {
                    0xd800..=0xdbff => {
                        if !self.bytes[self.pos..].starts_with(b"\\u") {
                            return Err(self.err("lone surrogate in \\u escape"));
                        }
                        self.pos += 2;
                        let lo = self.hex4()?;
                        if !(0xdc00..=0xdfff).contains(&lo) {
                            return Err(self.err("lone surrogate in \\u escape"));
                        }
                        let cp = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
                        char::from_u32(cp).ok_or_else(|| self.err("invalid \\u escape"))
                    }
                    0xdc00..=0xdfff => Err(self.err("lone surrogate in \\u escape")),
                    _ => char::from_u32(hi).ok_or_else(|| self.err("invalid \\u escape")),
                };
            }
            _ => return Err(self.err("invalid escape in string")),
        };
        self.pos += 1;
        Ok(c)
    }

    fn hex4(&mut self) -> Result<u32, JcsError> {
        let Some(digits) = self.bytes.get(self.pos..self.pos + 4) else {
            return Err(self.err("truncated \\u escape"));
        };
        let mut v = 0u32;
        for &d in digits {
            let n = (d as char)
                .to_digit(16)
                .ok_or_else(|| self.err("invalid \\u escape"))?;
            v = v * 16 + n;
        }
        self.pos += 4;
        Ok(v)
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Node<'a>, JcsError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.err("invalid number")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(self.err("digits expected after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.err("digits expected in exponent"));
            }
        }
        let text = &self.src[start..self.pos];
        // std's parser is correctly rounded; the grammar was checked above.
        let value: f64 = text.parse().map_err(|_| JcsError::Syntax {
            offset: start,
            what: "invalid number",
        })?;
        if !value.is_finite() {
            return Err(JcsError::NonFinite { offset: start });
        }
        Ok(Node::Num { text, value })
    }
}
