//! Reading back one stored line: parse it, check its fields, and recompute
//! its hash from the text (not from a serde_json round trip).
//!
//! Invariants:
//! - A line is valid on its own when it is UTF-8 JSON without duplicate
//!   keys, an object with `seq` (integer >= 0), `ts` (the writer's UTC
//!   RFC 3339 form, see [`super::format_ts`]), `run_id`,
//!   `kind` (strings), `payload` (any) and `prev_hash`/`hash` (64 lowercase
//!   hex), a well-formed `$ref` payload if it has one, and a `hash` equal to
//!   the SHA-256 of the canonical object without `hash`.
//! - And its bytes are exactly the writer's layout (members in the order
//!   `seq, ts, run_id, kind, payload, prev_hash, hash`, no others, values
//!   canonical): a change that keeps every value (another spelling of the
//!   same double, an escape, spacing, key order) is still a change to the
//!   file, and is reported as one.
//! - Whether it chains (seq, prev_hash) is the caller's business.

use std::borrow::Cow;

use sha2::{Digest, Sha256};

use super::clock::is_audit_ts;
use super::jcs::{self, Node};
use super::sidestore::BlobRef;

/// What a valid line says about its place in the chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineFacts {
    pub seq: u64,
    pub prev_hash: [u8; 32],
    pub hash: [u8; 32],
    pub blob: Option<BlobRef>,
}

/// Why a line is not a valid entry on its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LineError {
    /// Not UTF-8 JSON.
    BadJson(String),
    /// JSON, but not an entry (missing or mistyped field).
    BadEntry(String),
    /// A well-formed entry whose `hash` is not its own.
    HashMismatch { stored: String, computed: String },
    /// Right content and hash, but not the bytes the writer writes.
    NotCanonical,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::BadJson(m) | LineError::BadEntry(m) => f.write_str(m),
            LineError::HashMismatch { stored, computed } => {
                write!(
                    f,
                    "hash mismatch: stored {stored}, content hashes to {computed}"
                )
            }
            LineError::NotCanonical => f.write_str(NOT_CANONICAL),
        }
    }
}

/// What [`LineError::NotCanonical`] means, for messages.
pub(crate) const NOT_CANONICAL: &str = "the line's values and hash are right but its bytes are not the \
     writer's (re-spelled number or string, spacing, member order or an extra member): the text was edited";

/// Reusable buffers for [`LineChecker::check`].
#[derive(Debug, Default)]
pub(crate) struct LineChecker {
    canon: Vec<u8>,
    layout: Vec<u8>,
    payload: Vec<u8>,
}

impl LineChecker {
    /// Checks one line (without its trailing newline).
    pub fn check(&mut self, line: &[u8]) -> Result<LineFacts, LineError> {
        let text = std::str::from_utf8(line)
            .map_err(|e| LineError::BadJson(format!("not UTF-8 at byte {}", e.valid_up_to())))?;
        let node = jcs::parse(text).map_err(|e| LineError::BadJson(e.to_string()))?;
        let Node::Obj(members) = &node else {
            return Err(LineError::BadEntry("not a JSON object".into()));
        };
        // One pass over the members instead of a lookup per field.
        const NAMES: [&str; 7] = [
            "seq",
            "ts",
            "run_id",
            "kind",
            "payload",
            "prev_hash",
            "hash",
        ];
        let mut fields: [Option<&Node<'_>>; 7] = [None; 7];
        for (key, value) in members {
            if let Some(i) = NAMES.iter().position(|n| *n == key.as_ref()) {
                fields[i] = Some(value);
            }
        }
        let field = |i: usize| {
            fields[i].ok_or_else(|| LineError::BadEntry(format!("missing field `{}`", NAMES[i])))
        };
        let seq_node = field(0)?;
        let seq = as_seq(seq_node)?;
        let ts = as_str(field(1)?, "ts")?;
        if !is_audit_ts(ts) {
            return Err(LineError::BadEntry(format!(
                "`ts` {ts:?} is not a UTC RFC 3339 time like 2025-01-02T03:04:05.000006Z"
            )));
        }
        let run_id = as_str(field(2)?, "run_id")?;
        let kind = as_str(field(3)?, "kind")?;
        let payload = field(4)?;
        let prev_node = field(5)?;
        let prev_hash = as_hash(prev_node, "prev_hash")?;
        let hash_node = field(6)?;
        let stored = as_hash(hash_node, "hash")?;
        let blob = as_blob_ref(payload)?;

        // The payload's canonical form is needed twice: build it once.
        self.payload.clear();
        jcs::write_node(payload, &mut self.payload);
        let c = &mut self.canon;
        c.clear();
        if members.len() == NAMES.len() {
            c.extend_from_slice(b"{\"kind\":");
            jcs::write_str(kind, c);
            c.extend_from_slice(b",\"payload\":");
            c.extend_from_slice(&self.payload);
            c.extend_from_slice(b",\"prev_hash\":");
            jcs::write_node(prev_node, c);
            c.extend_from_slice(b",\"run_id\":");
            jcs::write_str(run_id, c);
            c.extend_from_slice(b",\"seq\":");
            jcs::write_node(seq_node, c);
            c.extend_from_slice(b",\"ts\":");
            jcs::write_str(ts, c);
            c.push(b'}');
        } else {
            // Extra members are covered by the hash (then refused below).
            jcs::write_members_except(members, Some("hash"), c);
        }
        let computed: [u8; 32] = Sha256::digest(&c[..]).into();
        if computed != stored {
            return Err(LineError::HashMismatch {
                stored: hex::encode(stored),
                computed: hex::encode(computed),
            });
        }

        let e = &mut self.layout;
        e.clear();
        e.extend_from_slice(b"{\"seq\":");
        jcs::write_node(seq_node, e);
        e.extend_from_slice(b",\"ts\":");
        jcs::write_str(ts, e);
        e.extend_from_slice(b",\"run_id\":");
        jcs::write_str(run_id, e);
        e.extend_from_slice(b",\"kind\":");
        jcs::write_str(kind, e);
        e.extend_from_slice(b",\"payload\":");
        e.extend_from_slice(&self.payload);
        e.extend_from_slice(b",\"prev_hash\":");
        jcs::write_node(prev_node, e);
        e.extend_from_slice(b",\"hash\":");
        jcs::write_node(hash_node, e);
        e.push(b'}');
        if members.len() != NAMES.len() || e[..] != *line {
            return Err(LineError::NotCanonical);
        }
        Ok(LineFacts {
            seq,
            prev_hash,
            hash: stored,
            blob,
        })
    }
}

fn as_str<'n>(node: &'n Node<'_>, name: &str) -> Result<&'n str, LineError> {
    match node {
        Node::Str(s) => Ok(s),
        _ => Err(LineError::BadEntry(format!("`{name}` is not a string"))),
    }
}

fn as_seq(node: &Node<'_>) -> Result<u64, LineError> {
    match node {
        // Exact integers only: below 2^53 every integer is a double.
        Node::Num { value, .. }
            if *value >= 0.0 && value.fract() == 0.0 && *value < 9_007_199_254_740_992.0 =>
        {
            Ok(*value as u64)
        }
        _ => Err(LineError::BadEntry(
            "`seq` is not a non-negative integer below 2^53".into(),
        )),
    }
}

/// Parses 64 lowercase hex characters.
pub(crate) fn parse_hash(s: &str) -> Option<[u8; 32]> {
    fn nibble(b: u8) -> Option<u8> {
        match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'a'..=b'f' => Some(b - b'a' + 10),
            _ => None,
        }
    }
    let bytes = s.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (o, pair) in out.iter_mut().zip(bytes.chunks_exact(2)) {
        *o = (nibble(pair[0])? << 4) | nibble(pair[1])?;
    }
    Some(out)
}

fn as_hash(node: &Node<'_>, name: &str) -> Result<[u8; 32], LineError> {
    let Node::Str(s) = node else {
        return Err(LineError::BadEntry(format!("`{name}` is not a string")));
    };
    parse_hash(s)
        .ok_or_else(|| LineError::BadEntry(format!("`{name}` is not 64 lowercase hex digits")))
}

/// A payload with a `$ref` member must be exactly `{"$ref": hash, "bytes": n}`.
fn as_blob_ref(payload: &Node<'_>) -> Result<Option<BlobRef>, LineError> {
    let Node::Obj(members) = payload else {
        return Ok(None);
    };
    let Some(hash) = payload.get("$ref") else {
        return Ok(None);
    };
    let bad =
        || LineError::BadEntry("`$ref` payload must be {\"$ref\": sha256, \"bytes\": n}".into());
    let (Node::Str(hash), Some(Node::Num { value, .. }), 2) =
        (hash, payload.get("bytes"), members.len())
    else {
        return Err(bad());
    };
    if parse_hash(hash).is_none() || *value < 0.0 || value.fract() != 0.0 {
        return Err(bad());
    }
    Ok(Some(BlobRef {
        hash: Cow::<str>::into_owned(hash.clone()),
        bytes: *value as u64,
    }))
}
