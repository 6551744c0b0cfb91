//! The only way entries get into the log: open (lock, inspect, recover),
//! append (canonicalize, side-store, hash, write, sync), rotate.
//!
//! Invariants:
//! - Each entry is one `write` of one complete line to a file opened for
//!   appending. If that write (or, with [`Fsync::EveryEntry`], its sync)
//!   fails, the file is cut back to its previous length, so no partial
//!   entry is left behind; if even that fails the writer refuses further
//!   appends ([`AuditError::Poisoned`]) and the next open recovers.
//! - The in-memory head and seq only move after the line is written (and,
//!   with `EveryEntry`, synced).
//! - A segment is synced before the next one is created; the first entry
//!   of the new segment chains to the last entry of the old one and seq
//!   continues.
//! - A payload is side-stored (and synced) before the entry that refers to
//!   it is written.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use super::clock::{file_stamp, format_ts, Clock, SystemClock};
use super::entry::{Kind, LineEncoder};
use super::jcs;
use super::layout::{list_chain, segment_name, MAIN_CHAIN};
use super::lock::{lock_fallback, lock_within};
use super::recover::{inspect, open_append, set_aside};
use super::sidestore::{BlobRef, SideStore};
use super::{sync_dir, AuditError};

/// When appended entries are synced to disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fsync {
    /// `fdatasync` after every entry: an `Ok` append is on disk.
    #[default]
    EveryEntry,
    /// `fdatasync` after every `every` entries (0 counts as 1), on
    /// [`Writer::flush`], before rotating, and on drop. An `Ok` append is
    /// in the OS's cache (it survives a crash of sandpiper, not of the
    /// machine).
    Batched {
        /// Entries per sync.
        every: u32,
    },
}

/// How a [`Writer`] behaves.
#[derive(Clone)]
pub struct Options {
    /// Sync policy.
    pub fsync: Fsync,
    /// A segment that would grow past this many bytes is closed and a new
    /// one started (a single larger entry still goes into a fresh segment).
    pub max_segment_bytes: u64,
    /// Payloads whose canonical JSON is longer than this go to the side
    /// store.
    pub blob_threshold: usize,
    /// How long to wait for another writer's lock before falling back to a
    /// session chain.
    pub lock_timeout: Duration,
    /// Where `ts` comes from for [`Writer::append`].
    pub clock: Arc<dyn Clock>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            fsync: Fsync::EveryEntry,
            max_segment_bytes: 16 * 1024 * 1024,
            blob_threshold: 4096,
            lock_timeout: Duration::from_secs(2),
            clock: Arc::new(SystemClock),
        }
    }
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("fsync", &self.fsync)
            .field("max_segment_bytes", &self.max_segment_bytes)
            .field("blob_threshold", &self.blob_threshold)
            .field("lock_timeout", &self.lock_timeout)
            .finish_non_exhaustive()
    }
}

/// What open did about a torn last line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovery {
    /// The segment that had it.
    pub segment: PathBuf,
    /// Where its bytes were moved.
    pub side_file: PathBuf,
    /// Byte offset in the segment where the torn line began.
    pub offset: u64,
    /// How many bytes were set aside.
    pub bytes: u64,
    /// Why they were judged torn.
    pub reason: String,
    /// Seq of the `recovered` entry that records this.
    pub seq: u64,
}

/// A successful append.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appended {
    /// The entry's seq.
    pub seq: u64,
    /// The entry's hash, the new head.
    pub hash: String,
    /// Where the payload went, if it was side-stored.
    pub blob: Option<BlobRef>,
}

/// The single appender of one chain. Dropping it syncs and unlocks.
pub struct Writer {
    dir: PathBuf,
    chain: String,
    fallback: bool,
    _lock: File,
    file: File,
    segment: u32,
    segment_path: PathBuf,
    len: u64,
    next_seq: u64,
    head: [u8; 32],
    unsynced: u64,
    options: Options,
    blobs: SideStore,
    encoder: LineEncoder,
    payload: Vec<u8>,
    poisoned: Option<String>,
    recovery: Option<Recovery>,
    #[cfg(test)]
    fault: Option<usize>,
}

impl std::fmt::Debug for Writer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Writer")
            .field("chain", &self.chain)
            .field("segment_path", &self.segment_path)
            .field("next_seq", &self.next_seq)
            .field("head", &self.head())
            .finish_non_exhaustive()
    }
}

/// Entries per chain before `seq` would stop being exact in JSON (2^53).
const MAX_SEQ: u64 = 1 << 53;

impl Writer {
    /// Opens the audit log in `dir` (created if missing) for appending.
    ///
    /// Takes the main chain's lock, waiting up to `options.lock_timeout`;
    /// if another writer keeps it, writes a fallback chain of its own
    /// instead ([`Writer::is_fallback`]). Refuses a directory that is a
    /// file, a segment that is not an audit log, and damage that is not a
    /// torn last line; a torn last line is set aside and a `recovered`
    /// entry appended ([`Writer::recovery`]).
    pub fn open(dir: &Path, options: Options) -> Result<Writer, AuditError> {
        if dir.exists() && !dir.is_dir() {
            return Err(AuditError::NotADirectory {
                path: dir.to_path_buf(),
            });
        }
        if !dir.exists() {
            std::fs::create_dir_all(dir).map_err(|source| AuditError::Io {
                op: "create",
                path: dir.to_path_buf(),
                source,
            })?;
            if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
                sync_dir(parent)?;
            }
        }
        let (chain_name, lock, fallback) = match lock_within(dir, MAIN_CHAIN, options.lock_timeout)?
        {
            Some(lock) => (MAIN_CHAIN.to_string(), lock, false),
            None => {
                let (name, lock) = lock_fallback(dir, &file_stamp(options.clock.now()))?;
                (name, lock, true)
            }
        };
        let chain = list_chain(dir, &chain_name)?;
        let end = inspect(&chain)?;
        let (segment, segment_path) = match chain.segments.last() {
            Some(s) => (s.number, s.path.clone()),
            None => (1, dir.join(segment_name(&chain_name, 1))),
        };
        let mut torn_info = None;
        if let Some(torn) = &end.torn {
            let side = set_aside(&segment_path, torn, &file_stamp(options.clock.now()))?;
            torn_info = Some((torn.clone(), side));
        }
        let file = open_append(&segment_path)?;
        if chain.segments.is_empty() {
            sync_dir(dir)?;
        }
        let mut writer = Writer {
            dir: dir.to_path_buf(),
            chain: chain_name,
            fallback,
            _lock: lock,
            file,
            segment,
            segment_path,
            len: end.valid_len,
            next_seq: end.next_seq,
            head: end.head,
            unsynced: 0,
            blobs: SideStore::new(dir),
            options,
            encoder: LineEncoder::default(),
            payload: Vec::new(),
            poisoned: None,
            recovery: None,
            #[cfg(test)]
            fault: None,
        };
        if let Some((torn, side)) = torn_info {
            writer.record_recovery(torn, side)?;
        }
        Ok(writer)
    }

    fn record_recovery(
        &mut self,
        torn: super::recover::TornTail,
        side: PathBuf,
    ) -> Result<(), AuditError> {
        let file_name = |p: &Path| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        let payload = json!({
            "segment": file_name(&self.segment_path),
            "side_file": file_name(&side),
            "offset": torn.offset,
            "bytes": torn.bytes.len(),
            "sha256": hex::encode(Sha256::digest(&torn.bytes)),
            "reason": torn.reason,
        });
        let segment = self.segment_path.clone();
        let appended = self.append(Kind::Recovered, "", &payload)?;
        self.flush()?;
        self.recovery = Some(Recovery {
            segment,
            side_file: side,
            offset: torn.offset,
            bytes: torn.bytes.len() as u64,
            reason: torn.reason,
            seq: appended.seq,
        });
        Ok(())
    }

    /// Appends an entry stamped by the options' clock.
    pub fn append(
        &mut self,
        kind: Kind,
        run_id: &str,
        payload: &Value,
    ) -> Result<Appended, AuditError> {
        let now = self.options.clock.now();
        self.append_at(now, kind, run_id, payload)
    }

    /// Appends an entry with the timestamp `ts`.
    pub fn append_at(
        &mut self,
        ts: OffsetDateTime,
        kind: Kind,
        run_id: &str,
        payload: &Value,
    ) -> Result<Appended, AuditError> {
        if let Some(why) = &self.poisoned {
            return Err(AuditError::Poisoned {
                path: self.segment_path.clone(),
                why: why.clone(),
            });
        }
        if self.next_seq >= MAX_SEQ {
            return Err(AuditError::ChainFull);
        }
        let ts = format_ts(ts)?;
        self.payload.clear();
        jcs::write_value(payload, &mut self.payload)?;
        // A payload with its own `$ref` member is side-stored too, so every
        // `$ref` payload in a log is a real reference.
        let has_ref = payload.as_object().is_some_and(|m| m.contains_key("$ref"));
        let blob = if self.payload.len() > self.options.blob_threshold || has_ref {
            let blob = self.blobs.put(&self.payload)?;
            self.payload.clear();
            jcs::write_value(&blob.to_payload(), &mut self.payload)?;
            Some(blob)
        } else {
            None
        };
        let hash = self.encoder.encode(
            self.next_seq,
            &ts,
            run_id,
            kind.as_str(),
            &self.payload,
            &self.head,
        );
        let line_len = self.encoder.line.len() as u64;
        if self.len > 0 && self.len + line_len > self.options.max_segment_bytes {
            self.rotate()?;
        }
        self.write_line()?;
        let seq = self.next_seq;
        self.next_seq += 1;
        self.head = hash;
        Ok(Appended {
            seq,
            hash: hex::encode(hash),
            blob,
        })
    }

    /// Writes the encoded line in one write and applies the sync policy;
    /// on failure cuts the file back to where it was.
    fn write_line(&mut self) -> Result<(), AuditError> {
        let before = self.len;
        let mut result = self.write_once();
        if result.is_ok() && self.options.fsync == Fsync::EveryEntry {
            result = self.file.sync_data();
        }
        if let Err(source) = result {
            if let Err(e) = self
                .file
                .set_len(before)
                .and_then(|()| self.file.sync_data())
            {
                self.poisoned = Some(format!(
                    "could not cut {} back after a failed write: {e}",
                    self.segment_path.display()
                ));
            }
            return Err(AuditError::Write {
                path: self.segment_path.clone(),
                source,
            });
        }
        self.len += self.encoder.line.len() as u64;
        if let Fsync::Batched { every } = self.options.fsync {
            self.unsynced += 1;
            if self.unsynced >= u64::from(every.max(1)) {
                self.flush()?;
            }
        }
        Ok(())
    }

    #[cfg(not(test))]
    fn write_once(&mut self) -> std::io::Result<()> {
        self.file.write_all(&self.encoder.line)
    }

    /// In tests, [`Writer::fail_next_write_after`] makes the next write
    /// stop after some bytes with "no space left", as a full disk does.
    #[cfg(test)]
    fn write_once(&mut self) -> std::io::Result<()> {
        match self.fault.take() {
            Some(n) => {
                let n = n.min(self.encoder.line.len());
                self.file.write_all(&self.encoder.line[..n])?;
                Err(std::io::Error::new(
                    std::io::ErrorKind::StorageFull,
                    "no space left on device (injected)",
                ))
            }
            None => self.file.write_all(&self.encoder.line),
        }
    }

    /// Test hook: the next write puts `bytes` bytes on disk, then fails.
    #[cfg(test)]
    pub(crate) fn fail_next_write_after(&mut self, bytes: usize) {
        self.fault = Some(bytes);
    }

    /// Closes the current segment (synced) and starts the next.
    fn rotate(&mut self) -> Result<(), AuditError> {
        self.flush()?;
        let next = self.segment + 1;
        let path = self.dir.join(segment_name(&self.chain, next));
        let file = OpenOptions::new()
            .append(true)
            .create_new(true)
            .open(&path)
            .map_err(|source| AuditError::Io {
                op: "create",
                path: path.clone(),
                source,
            })?;
        sync_dir(&self.dir)?;
        self.file = file;
        self.segment = next;
        self.segment_path = path;
        self.len = 0;
        Ok(())
    }

    /// Syncs entries written since the last sync (a no-op with
    /// [`Fsync::EveryEntry`]).
    pub fn flush(&mut self) -> Result<(), AuditError> {
        if self.unsynced == 0 {
            return Ok(());
        }
        if let Err(source) = self.file.sync_data() {
            let unsynced = self.unsynced;
            self.poisoned = Some(format!("sync failed: {source}"));
            return Err(AuditError::Sync {
                path: self.segment_path.clone(),
                unsynced,
                source,
            });
        }
        self.unsynced = 0;
        Ok(())
    }

    /// The current head hash ([`super::GENESIS_HASH`] before the first entry).
    pub fn head(&self) -> String {
        hex::encode(self.head)
    }

    /// The seq the next entry will get.
    pub fn next_seq(&self) -> u64 {
        self.next_seq
    }

    /// The chain being written: `audit`, or `session-...` when falling back.
    pub fn chain_name(&self) -> &str {
        &self.chain
    }

    /// Whether another writer held the main chain, so this one writes a
    /// fallback chain of its own.
    pub fn is_fallback(&self) -> bool {
        self.fallback
    }

    /// The segment file being appended to.
    pub fn segment_path(&self) -> &Path {
        &self.segment_path
    }

    /// The audit directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// What open recovered, if the last line was torn.
    pub fn recovery(&self) -> Option<&Recovery> {
        self.recovery.as_ref()
    }

    /// The side store payloads go to.
    pub fn side_store(&self) -> &SideStore {
        &self.blobs
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        if self.unsynced > 0 {
            let _ = self.file.sync_data();
        }
    }
}
