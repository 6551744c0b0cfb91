//! A stable SHA-256 fingerprint of a query result, so a replay can say
//! "same answer" without keeping every row.
//!
//! Canonical encoding (version 1), hashed as one byte stream:
//!
//! ```text
//! "sandpiper-result-v1\n"
//! u64le(number of columns)
//! for each column:  u64le(len(name)) name  u64le(len(type)) type     (UTF-8 bytes)
//! for each row:     0x01  u64le(number of cells)
//!                   for each cell: u64le(len(json)) json              (canonical JSON)
//! end:              0x00  u64le(number of rows)
//! ```
//!
//! Canonical JSON of a cell: `null`, `true`, `false`; numbers as serde_json
//! prints them (integers in decimal, floats in shortest round-trip form, so
//! `1` and `1.0` differ, as their types do); strings with serde_json's
//! escaping; arrays in order; objects with keys sorted by their UTF-8 bytes
//! and no whitespace anywhere.
//!
//! Invariants: every piece is length-prefixed or tagged, so two different
//! results never share an encoding; row order and column order matter (an
//! `ORDER BY` result is its order); object key order does not.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// Domain tag and version of the encoding; change it if the encoding changes.
const DOMAIN: &[u8] = b"sandpiper-result-v1\n";

/// SHA-256 hex of a whole result in the canonical encoding described in the
/// module documentation.
pub fn result_hash(columns: &[(String, String)], rows: &[Vec<Value>]) -> String {
    let mut hasher = ResultHasher::new(columns);
    for row in rows {
        hasher.push_row(row);
    }
    hasher.finish()
}

/// Incremental form of [`result_hash`], for results streamed in batches.
#[derive(Debug, Clone)]
pub struct ResultHasher {
    sha: Sha256,
    rows: u64,
    buf: String,
}

impl ResultHasher {
    /// Starts a hash over a result with these `(name, type)` columns.
    pub fn new(columns: &[(String, String)]) -> Self {
        let mut sha = Sha256::new();
        sha.update(DOMAIN);
        sha.update(len64(columns.len()).to_le_bytes());
        for (name, ty) in columns {
            put_bytes(&mut sha, name.as_bytes());
            put_bytes(&mut sha, ty.as_bytes());
        }
        ResultHasher {
            sha,
            rows: 0,
            buf: String::new(),
        }
    }

    /// Adds the next row.
    pub fn push_row(&mut self, row: &[Value]) {
        self.sha.update([1u8]);
        self.sha.update(len64(row.len()).to_le_bytes());
        for cell in row {
            self.buf.clear();
            canonical_json(cell, &mut self.buf);
            put_bytes(&mut self.sha, self.buf.as_bytes());
        }
        self.rows += 1;
    }

    /// The lowercase hex digest.
    pub fn finish(mut self) -> String {
        self.sha.update([0u8]);
        self.sha.update(self.rows.to_le_bytes());
        hex::encode(self.sha.finalize())
    }
}

/// Writes `value` as canonical JSON (sorted object keys, no whitespace).
pub fn canonical_json(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => push_json_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical_json(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(key, out);
                out.push(':');
                canonical_json(item, out);
            }
            out.push('}');
        }
    }
}

/// A JSON string literal with serde_json's escaping.
fn push_json_string(s: &str, out: &mut String) {
    // Serialising a &str cannot fail; the fallback is never taken but keeps
    // the function total without a panic path.
    match serde_json::to_string(s) {
        Ok(quoted) => out.push_str(&quoted),
        Err(_) => {
            out.push('"');
            out.push_str(&s.escape_default().to_string());
            out.push('"');
        }
    }
}

fn put_bytes(sha: &mut Sha256, bytes: &[u8]) {
    sha.update(len64(bytes.len()).to_le_bytes());
    sha.update(bytes);
}

fn len64(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}
