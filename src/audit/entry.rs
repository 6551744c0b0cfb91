//! One audit entry: its kinds, its fields, and how its line and hash are
//! made.
//!
//! Invariants:
//! - `hash` is lowercase hex SHA-256 of the RFC 8785 canonical JSON of the
//!   entry object without its `hash` member, i.e. of
//!   `{"kind":..,"payload":..,"prev_hash":..,"run_id":..,"seq":..,"ts":..}`,
//!   so any JCS implementation can recompute it. Entries have exactly these
//!   members.
//! - `seq` starts at 0 and goes up by one per entry across all segments of a
//!   chain; the first entry's `prev_hash` is [`GENESIS_HASH`].
//! - A line is written as `{"seq","ts","run_id","kind","payload","prev_hash",
//!   "hash"}` in that (readable) order, with the payload already canonical,
//!   and ends with one `\n`.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use super::jcs::{self, JcsError};
use super::sidestore::BlobRef;

/// `prev_hash` of the first entry of every chain: 64 zeros.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// What an entry records. Serialized in snake_case; a kind this build does
/// not know is kept as [`Kind::Other`] and still verifies.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A session began (versions, config digest, fallback chain or not).
    SessionStart,
    /// The user asked a question.
    Question,
    /// The planner produced a plan.
    Plan,
    /// SQL compiled from a plan.
    Sql,
    /// The validator's verdict on SQL.
    Validation,
    /// A query ran in the jail (timings, row count, result hash).
    Execution,
    /// Something failed.
    Error,
    /// One repair attempt after a failure.
    RepairAttempt,
    /// The answer shown to the user.
    Answer,
    /// Results exported to a file.
    Export,
    /// A setting changed.
    ConfigChange,
    /// Written by the log itself after setting a torn tail aside.
    Recovered,
    /// A past run was replayed.
    Replay,
    /// Jail lifecycle or limits (start, kill, limit hit).
    Jail,
    /// A call to a model (purpose, provider, tokens, duration, outcome).
    ModelCall,
    /// A tool the model called in the agent loop (tool, duration, outcome).
    ToolCall,
    /// A kind written by another version of sandpiper.
    Other(String),
}

impl Kind {
    /// Every kind this build knows, in declaration order.
    pub const KNOWN: [Kind; 16] = [
        Kind::SessionStart,
        Kind::Question,
        Kind::Plan,
        Kind::Sql,
        Kind::Validation,
        Kind::Execution,
        Kind::Error,
        Kind::RepairAttempt,
        Kind::Answer,
        Kind::Export,
        Kind::ConfigChange,
        Kind::Recovered,
        Kind::Replay,
        Kind::Jail,
        Kind::ModelCall,
        Kind::ToolCall,
    ];

    /// The snake_case name stored in the log.
    pub fn as_str(&self) -> &str {
        match self {
            Kind::SessionStart => "session_start",
            Kind::Question => "question",
            Kind::Plan => "plan",
            Kind::Sql => "sql",
            Kind::Validation => "validation",
            Kind::Execution => "execution",
            Kind::Error => "error",
            Kind::RepairAttempt => "repair_attempt",
            Kind::Answer => "answer",
            Kind::Export => "export",
            Kind::ConfigChange => "config_change",
            Kind::Recovered => "recovered",
            Kind::Replay => "replay",
            Kind::Jail => "jail",
            Kind::ModelCall => "model_call",
            Kind::ToolCall => "tool_call",
            Kind::Other(name) => name,
        }
    }

    /// The kind named `name`; unknown names become [`Kind::Other`].
    pub fn from_name(name: &str) -> Kind {
        Kind::KNOWN
            .iter()
            .find(|k| k.as_str() == name)
            .cloned()
            .unwrap_or_else(|| Kind::Other(name.to_string()))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Kind, D::Error> {
        let name = String::deserialize(d)?;
        Ok(Kind::from_name(&name))
    }
}

/// One entry as read back from the log (see [`super::show`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Position in the chain, from 0.
    pub seq: u64,
    /// UTC RFC 3339 time of writing.
    pub ts: String,
    /// The run this belongs to; empty for session-level entries.
    pub run_id: String,
    /// What this records.
    pub kind: Kind,
    /// The record itself, or `{"$ref": sha256, "bytes": n}` when it was
    /// large and went to the side store.
    pub payload: Value,
    /// `hash` of the previous entry ([`GENESIS_HASH`] for the first).
    pub prev_hash: String,
    /// This entry's hash (see the module notes).
    pub hash: String,
}

impl Entry {
    /// The side-store reference, when the payload was stored by hash.
    pub fn payload_ref(&self) -> Option<BlobRef> {
        BlobRef::from_payload(&self.payload)
    }

    /// `ts` as a date-time, when it parses.
    pub fn time(&self) -> Option<OffsetDateTime> {
        OffsetDateTime::parse(&self.ts, &time::format_description::well_known::Rfc3339).ok()
    }

    /// Recomputes the hash from the fields. Extra members the line may have
    /// had are not kept in an `Entry`, and payload floats went through
    /// serde_json's parser: use [`super::verify`] to check stored lines.
    pub fn compute_hash(&self) -> Result<String, JcsError> {
        let mut payload = Vec::new();
        jcs::write_value(&self.payload, &mut payload)?;
        let mut canon = Vec::new();
        let digest = canonical_without_hash(
            self.seq,
            &self.ts,
            &self.run_id,
            self.kind.as_str(),
            &payload,
            self.prev_hash.as_bytes(),
            &mut canon,
        );
        Ok(hex::encode(digest))
    }
}

/// Writes the canonical entry-without-hash into `canon` and returns its
/// SHA-256. `prev_hash_hex` is the 64 lowercase hex characters.
fn canonical_without_hash(
    seq: u64,
    ts: &str,
    run_id: &str,
    kind: &str,
    payload_canon: &[u8],
    prev_hash_hex: &[u8],
    canon: &mut Vec<u8>,
) -> [u8; 32] {
    canon.clear();
    canon.extend_from_slice(b"{\"kind\":");
    jcs::write_str(kind, canon);
    canon.extend_from_slice(b",\"payload\":");
    canon.extend_from_slice(payload_canon);
    canon.extend_from_slice(b",\"prev_hash\":\"");
    canon.extend_from_slice(prev_hash_hex);
    canon.extend_from_slice(b"\",\"run_id\":");
    jcs::write_str(run_id, canon);
    canon.extend_from_slice(b",\"seq\":");
    // seq < 2^53 (checked by the writer), so the integer is exact in JCS.
    canon.extend_from_slice(seq.to_string().as_bytes());
    canon.extend_from_slice(b",\"ts\":");
    jcs::write_str(ts, canon);
    canon.push(b'}');
    Sha256::digest(&canon[..]).into()
}

/// Reusable buffers for building lines.
#[derive(Debug, Default)]
pub(crate) struct LineEncoder {
    canon: Vec<u8>,
    /// The last line built, ending in `\n`.
    pub line: Vec<u8>,
}

impl LineEncoder {
    /// Builds the line for an entry into `self.line` and returns its hash.
    pub fn encode(
        &mut self,
        seq: u64,
        ts: &str,
        run_id: &str,
        kind: &str,
        payload_canon: &[u8],
        prev_hash: &[u8; 32],
    ) -> [u8; 32] {
        let mut prev_hex = [0u8; 64];
        // Cannot fail: the buffer is exactly twice the input length.
        let _ = hex::encode_to_slice(prev_hash, &mut prev_hex);
        let digest = canonical_without_hash(
            seq,
            ts,
            run_id,
            kind,
            payload_canon,
            &prev_hex,
            &mut self.canon,
        );
        let mut hash_hex = [0u8; 64];
        let _ = hex::encode_to_slice(digest, &mut hash_hex);

        let line = &mut self.line;
        line.clear();
        line.extend_from_slice(b"{\"seq\":");
        line.extend_from_slice(seq.to_string().as_bytes());
        line.extend_from_slice(b",\"ts\":");
        jcs::write_str(ts, line);
        line.extend_from_slice(b",\"run_id\":");
        jcs::write_str(run_id, line);
        line.extend_from_slice(b",\"kind\":");
        jcs::write_str(kind, line);
        line.extend_from_slice(b",\"payload\":");
        line.extend_from_slice(payload_canon);
        line.extend_from_slice(b",\"prev_hash\":\"");
        line.extend_from_slice(&prev_hex);
        line.extend_from_slice(b"\",\"hash\":\"");
        line.extend_from_slice(&hash_hex);
        line.extend_from_slice(b"\"}\n");
        digest
    }
}
