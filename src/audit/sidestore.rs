//! The side store: large payloads kept as content-addressed files
//! `<audit dir>/blobs/<sha256>`, referenced from entries as
//! `{"$ref": "<sha256>", "bytes": n}`.
//!
//! Invariants:
//! - A blob's name is the lowercase hex SHA-256 of its bytes, which are the
//!   canonical (RFC 8785) JSON of the payload it replaced.
//! - A blob is written to a temporary name, synced, then renamed into place
//!   and the directory synced, so a blob that exists is complete; the
//!   writer stores the blob before the entry that references it.
//! - Blobs are shared by every chain in the directory and never deleted.

use std::fs::{self, File};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::line::parse_hash;
use super::{sync_dir, AuditError};

/// The name of the side store's folder inside the audit directory.
pub const BLOB_DIR: &str = "blobs";

/// A reference to a stored payload.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BlobRef {
    /// Lowercase hex SHA-256 of the blob's bytes.
    pub hash: String,
    /// The blob's length in bytes.
    pub bytes: u64,
}

impl BlobRef {
    /// The payload that stands for this blob in an entry.
    pub fn to_payload(&self) -> Value {
        serde_json::json!({ "$ref": self.hash, "bytes": self.bytes })
    }

    /// Reads a `{"$ref", "bytes"}` payload back; `None` for anything else.
    pub fn from_payload(payload: &Value) -> Option<BlobRef> {
        let map = payload.as_object()?;
        let hash = map.get("$ref")?.as_str()?;
        let bytes = map.get("bytes")?.as_u64()?;
        (map.len() == 2 && parse_hash(hash).is_some()).then(|| BlobRef {
            hash: hash.to_string(),
            bytes,
        })
    }
}

/// What is wrong with a referenced blob.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlobProblem {
    /// No file for the hash.
    Missing,
    /// The file's bytes do not hash to its name, or its length differs.
    Mismatch {
        /// SHA-256 of what the file holds.
        actual_hash: String,
        /// Its length.
        actual_bytes: u64,
    },
    /// The file could not be read.
    Unreadable(String),
}

/// The blob folder of one audit directory.
#[derive(Debug, Clone)]
pub struct SideStore {
    dir: PathBuf,
}

static TMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl SideStore {
    /// The side store of the audit directory `audit_dir` (not created yet).
    pub fn new(audit_dir: &Path) -> SideStore {
        SideStore {
            dir: audit_dir.join(BLOB_DIR),
        }
    }

    /// Where the blob with `hash` lives.
    pub fn path_of(&self, hash: &str) -> PathBuf {
        self.dir.join(hash)
    }

    /// Stores `bytes` (durably) and returns their reference. Storing the
    /// same bytes twice is cheap and leaves one file.
    pub fn put(&self, bytes: &[u8]) -> Result<BlobRef, AuditError> {
        let hash = hex::encode(Sha256::digest(bytes));
        let blob = BlobRef {
            hash,
            bytes: bytes.len() as u64,
        };
        if self.check(&blob).is_ok() {
            return Ok(blob);
        }
        let io = |op: &'static str, path: &Path| {
            let path = path.to_path_buf();
            move |source| AuditError::Io { op, path, source }
        };
        let created = !self.dir.is_dir();
        fs::create_dir_all(&self.dir).map_err(io("create", &self.dir))?;
        if created {
            if let Some(parent) = self.dir.parent() {
                sync_dir(parent)?;
            }
        }
        let n = TMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = self.dir.join(format!(
            ".tmp-{}-{n}-{}",
            std::process::id(),
            &blob.hash[..16]
        ));
        let result = (|| {
            let mut f = File::create(&tmp).map_err(io("create", &tmp))?;
            f.write_all(bytes).map_err(io("write", &tmp))?;
            f.sync_all().map_err(io("sync", &tmp))?;
            let dest = self.path_of(&blob.hash);
            fs::rename(&tmp, &dest).map_err(io("rename into place", &dest))?;
            sync_dir(&self.dir)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result.map(|()| blob)
    }

    /// The stored bytes, checked against the reference.
    pub fn get_bytes(&self, blob: &BlobRef) -> Result<Vec<u8>, AuditError> {
        let path = self.path_of(&blob.hash);
        let bytes = fs::read(&path).map_err(|source| AuditError::Io {
            op: "read",
            path: path.clone(),
            source,
        })?;
        let actual = hex::encode(Sha256::digest(&bytes));
        if actual != blob.hash || bytes.len() as u64 != blob.bytes {
            return Err(AuditError::BlobMismatch {
                path,
                actual_hash: actual,
            });
        }
        Ok(bytes)
    }

    /// The stored payload, checked against the reference.
    pub fn get(&self, blob: &BlobRef) -> Result<Value, AuditError> {
        let bytes = self.get_bytes(blob)?;
        let path = self.path_of(&blob.hash);
        serde_json::from_slice(&bytes).map_err(|e| AuditError::BlobNotJson {
            path,
            why: e.to_string(),
        })
    }

    /// Whether the blob exists and matches its reference.
    pub fn check(&self, blob: &BlobRef) -> Result<(), BlobProblem> {
        let path = self.path_of(&blob.hash);
        match fs::read(&path) {
            Ok(bytes) => {
                let actual = hex::encode(Sha256::digest(&bytes));
                if actual == blob.hash && bytes.len() as u64 == blob.bytes {
                    Ok(())
                } else {
                    Err(BlobProblem::Mismatch {
                        actual_hash: actual,
                        actual_bytes: bytes.len() as u64,
                    })
                }
            }
            Err(e) if e.kind() == ErrorKind::NotFound => Err(BlobProblem::Missing),
            Err(e) => Err(BlobProblem::Unreadable(e.to_string())),
        }
    }
}
