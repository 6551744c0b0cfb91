//! Counting a session's jailed workers and their resident memory, and the
//! ceiling both must stay under.
//!
//! The ceiling is derived, not guessed: per warm dataset the pool keeps
//! `pool_size` ready workers, one more runs the current query and one used
//! worker may still be exiting; each worker's address space is capped by
//! RLIMIT_AS (`memory_limit_mb + address_space_headroom_mb`), so that is
//! the most memory it can ever hold.

use crate::jail::JailConfig;

/// Live workers and their resident memory right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WorkerStats {
    pub live: usize,
    /// Sum of VmRSS over the live workers (those whose /proc entry is
    /// readable; a worker that just exited counts 0).
    pub rss_bytes: u64,
}

impl WorkerStats {
    pub fn of(pids: &[i32]) -> WorkerStats {
        WorkerStats { live: pids.len(), rss_bytes: pids.iter().filter_map(|p| rss_bytes(*p)).sum() }
    }
}

/// The most workers, and memory, a session may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerCeiling {
    pub workers: usize,
    pub memory_bytes: u64,
}

impl WorkerCeiling {
    pub fn new(warm_datasets: usize, cfg: &JailConfig) -> WorkerCeiling {
        let per_dataset = cfg.pool_size.max(1) + 2;
        let workers = warm_datasets.max(1) * per_dataset;
        let per_worker = (cfg.memory_limit_mb + cfg.address_space_headroom_mb.max(1024)) * 1024 * 1024;
        WorkerCeiling { workers, memory_bytes: workers as u64 * per_worker }
    }
}

/// Resident memory of a process from /proc (None when unreadable).
pub fn rss_bytes(pid: i32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_own_rss_is_read_and_a_missing_process_is_none() {
        let me = std::process::id() as i32;
        assert!(rss_bytes(me).is_some_and(|b| b > 1024 * 1024));
        assert_eq!(rss_bytes(i32::MAX), None);
    }

    #[test]
    fn the_ceiling_grows_with_warm_datasets_and_memory() {
        let cfg = JailConfig::new("/nonexistent");
        let one = WorkerCeiling::new(1, &cfg);
        let two = WorkerCeiling::new(2, &cfg);
        assert_eq!(two.workers, 2 * one.workers);
        assert!(one.memory_bytes >= one.workers as u64 * cfg.memory_limit_mb * 1024 * 1024);
    }
}
