//! RFC 8785 JSON Canonicalization Scheme (JCS): the one byte form of a JSON
//! value that every audit hash is computed over.
//!
//! Invariants:
//! - Object members are sorted by their keys' UTF-16 code units, whatever
//!   order a `serde_json::Map` (insertion order with `preserve_order`) or the
//!   source text had them in; duplicate keys are refused.
//! - Numbers are IEEE 754 doubles printed as ECMAScript `Number.toString`
//!   does (shortest round-trip digits, `1e+21`, `0.000001`, `1e-7`); NaN and
//!   infinities cannot be represented and are refused.
//! - Strings escape only `"`, `\` and the C0 controls (`\b \t \n \f \r`
//!   short forms, otherwise `\u00xx` in lowercase hex); everything else is
//!   written as UTF-8. Lone surrogates are refused.
//! - Text is parsed here, not by serde_json, because serde_json's default
//!   float parser is not correctly rounded for 17-digit values: verification
//!   must read back exactly the double the writer hashed.

use std::borrow::Cow;
use std::cmp::Ordering;

use serde_json::Value;

mod number;
mod parse;

pub use number::write_f64;
use number::{write_int, write_num, SAFE_INT};
pub use parse::parse;

/// Deepest nesting of arrays and objects accepted, in parsed text and in
/// values; deeper input is refused instead of risking the stack.
pub const MAX_DEPTH: usize = 128;

/// Why a value or text has no canonical form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JcsError {
    /// The text is not JSON.
    #[error("invalid JSON at byte {offset}: {what}")]
    Syntax {
        /// Byte offset into the text.
        offset: usize,
        /// What was wrong there.
        what: &'static str,
    },
    /// A number that is not a finite double (e.g. `1e400`).
    #[error("number at byte {offset} is out of range for a double")]
    NonFinite {
        /// Byte offset of the number (0 for in-memory values).
        offset: usize,
    },
    /// An object with the same key twice.
    #[error("duplicate object key {key:?}")]
    DuplicateKey {
        /// The repeated key.
        key: String,
    },
    /// Nesting deeper than [`MAX_DEPTH`].
    #[error("JSON nested deeper than {MAX_DEPTH} levels")]
    TooDeep,
}

/// A parsed JSON value that borrows from its text where it can.
///
/// Objects hold their members already sorted in canonical order.
#[derive(Debug, Clone, PartialEq)]
pub enum Node<'a> {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number: its source text and its (correctly rounded) double.
    Num {
        /// The number as written.
        text: &'a str,
        /// Its value.
        value: f64,
    },
    /// A string, unescaped.
    Str(Cow<'a, str>),
    /// An array.
    Arr(Vec<Node<'a>>),
    /// An object, members sorted by UTF-16 key order, keys unique.
    Obj(Vec<(Cow<'a, str>, Node<'a>)>),
}

impl Node<'_> {
    /// The member `key` of an object node.
    pub fn get(&self, key: &str) -> Option<&Self> {
        match self {
            Node::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// Canonical bytes of an in-memory value.
pub fn to_vec(value: &Value) -> Result<Vec<u8>, JcsError> {
    let mut out = Vec::new();
    write_value(value, &mut out)?;
    Ok(out)
}

/// Canonical bytes of JSON text (parsed here, see the module notes).
pub fn canonicalize(text: &str) -> Result<Vec<u8>, JcsError> {
    let node = parse(text)?;
    let mut out = Vec::new();
    write_node(&node, &mut out);
    Ok(out)
}

/// Appends the canonical form of `value` to `out`.
pub fn write_value(value: &Value, out: &mut Vec<u8>) -> Result<(), JcsError> {
    write_value_at(value, out, 0)
}

fn write_value_at(value: &Value, out: &mut Vec<u8>, depth: usize) -> Result<(), JcsError> {
    if depth > MAX_DEPTH {
        return Err(JcsError::TooDeep);
    }
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => {
            if let Some(i) = n.as_i64().filter(|i| i.unsigned_abs() < SAFE_INT) {
                write_int(i, out);
            } else {
                let x = n.as_f64().ok_or(JcsError::NonFinite { offset: 0 })?;
                write_f64(x, out)?;
            }
        }
        Value::String(s) => write_str(s, out),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_value_at(item, out, depth + 1)?;
            }
            out.push(b']');
        }
        Value::Object(map) => {
            let mut members: Vec<(&String, &Value)> = map.iter().collect();
            members.sort_by(|a, b| cmp_utf16(a.0, b.0));
            out.push(b'{');
            for (i, (key, item)) in members.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_str(key, out);
                out.push(b':');
                write_value_at(item, out, depth + 1)?;
            }
            out.push(b'}');
        }
    }
    Ok(())
}

/// Appends the canonical form of a parsed node to `out`.
pub fn write_node(node: &Node<'_>, out: &mut Vec<u8>) {
    match node {
        Node::Null => out.extend_from_slice(b"null"),
        Node::Bool(true) => out.extend_from_slice(b"true"),
        Node::Bool(false) => out.extend_from_slice(b"false"),
        Node::Num { text, value } => write_num(text, *value, out),
        Node::Str(s) => write_str(s, out),
        Node::Arr(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_node(item, out);
            }
            out.push(b']');
        }
        Node::Obj(members) => write_members_except(members, None, out),
    }
}

/// Appends a canonical object made of `members` (already in canonical
/// order, as [`parse`] leaves them), leaving out the member named `skip`.
pub fn write_members_except(
    members: &[(Cow<'_, str>, Node<'_>)],
    skip: Option<&str>,
    out: &mut Vec<u8>,
) {
    out.push(b'{');
    let mut first = true;
    for (key, item) in members {
        if Some(key.as_ref()) == skip {
            continue;
        }
        if !first {
            out.push(b',');
        }
        first = false;
        write_str(key, out);
        out.push(b':');
        write_node(item, out);
    }
    out.push(b'}');
}

/// Orders strings by their UTF-16 code units, as RFC 8785 sorts keys.
pub fn cmp_utf16(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        // UTF-8 byte order is code point order, which for ASCII is UTF-16 order.
        return a.as_bytes().cmp(b.as_bytes());
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Appends `s` as a canonical JSON string literal.
pub fn write_str(s: &str, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let bytes = s.as_bytes();
    // Most strings (hashes, kinds, timestamps, ids) need no escape at all.
    if !bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\') {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let short: Option<u8> = match b {
            b'"' => Some(b'"'),
            b'\\' => Some(b'\\'),
            0x08 => Some(b'b'),
            0x09 => Some(b't'),
            0x0a => Some(b'n'),
            0x0c => Some(b'f'),
            0x0d => Some(b'r'),
            0x00..=0x1f => None,
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        start = i + 1;
        match short {
            Some(c) => out.extend_from_slice(&[b'\\', c]),
            None => out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xf)],
            ]),
        }
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}
