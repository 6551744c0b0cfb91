//! `sandpiper doctor`: what this host offers the jail, found by trying
//! (a real jailed worker is started for the namespace and seccomp checks),
//! and which mode queries will run in.
//!
//! Invariant: the report never claims a protection it did not observe
//! working; a check that could not run is reported as missing with why.

use super::config::{JailConfig, ENV_NO_USERNS};
use super::landlock::kernel_abi;
use super::{run_probe, ProbeOutcome};
use crate::runner::JailMode;
use serde::Serialize;
use std::fmt;
use std::path::PathBuf;

/// Outcome of one check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ok,
    Missing,
    /// Present, but not used by the jail (yet).
    Info,
}

/// One capability of the host.
#[derive(Debug, Clone, Serialize)]
pub struct Check {
    pub name: String,
    pub status: Status,
    /// What was observed.
    pub detail: String,
    /// Why it matters to the jail.
    pub explanation: String,
}

/// Everything `doctor` found.
#[derive(Debug, Clone, Serialize)]
pub struct DoctorReport {
    pub checks: Vec<Check>,
    /// The mode queries run in by default: "strict", or "none" when strict
    /// cannot start (then `reduced_available` says whether `--jail reduced` works).
    pub mode: String,
    pub reduced_available: bool,
    pub landlock_abi: u32,
    pub mode_explanation: String,
}

/// Check this host, starting workers from `/proc/self/exe`.
pub fn report() -> DoctorReport {
    report_with(PathBuf::from("/proc/self/exe"))
}

/// Check this host, starting workers from `exe` (tests pass the built binary).
pub fn report_with(exe: PathBuf) -> DoctorReport {
    let probe_file =
        std::env::temp_dir().join(format!("sandpiper-doctor-{}.probe", std::process::id()));
    let made = std::fs::write(&probe_file, b"doctor").is_ok();
    let mut cfg = JailConfig::new(&probe_file);
    cfg.exe = exe;
    let forced_off = cfg.force_no_userns;

    let userns = if forced_off {
        Err(format!("forced off by {ENV_NO_USERNS}"))
    } else if !made {
        Err(format!(
            "cannot write the probe file {}",
            probe_file.display()
        ))
    } else {
        cfg.mode = JailMode::Strict;
        probe_ok(&cfg, "none")
    };
    cfg.mode = JailMode::Reduced;
    cfg.force_no_userns = false;
    let reduced = if made {
        probe_expect_eperm(&cfg, "socket_inet")
    } else {
        Err("no probe file".into())
    };
    let _ = std::fs::remove_file(&probe_file);

    let abi = kernel_abi();
    let mut checks = vec![
        Check {
            name: "user namespaces".into(),
            status: if userns.is_ok() { Status::Ok } else { Status::Missing },
            detail: match &userns {
                Ok(()) => "a worker entered new user, mount, PID, network, IPC, UTS and cgroup namespaces and pivoted into an empty root".into(),
                Err(e) => e.clone(),
            },
            explanation: "strict mode: the worker sees no host files but the dataset, no network, no other process".into(),
        },
        Check {
            name: "seccomp".into(),
            status: if reduced.is_ok() { Status::Ok } else { Status::Missing },
            detail: match &reduced {
                Ok(()) => "a jailed worker was refused socket() (EPERM) by the filter".into(),
                Err(e) => e.clone(),
            },
            explanation: "both modes: the worker cannot open sockets, start programs, fork, ptrace or mount".into(),
        },
        Check {
            name: "landlock".into(),
            status: if abi > 0 { Status::Ok } else { Status::Missing },
            detail: landlock_detail(abi),
            explanation: "both modes: file access limited to the dataset and scratch; the main file wall in reduced mode".into(),
        },
    ];
    let cgroup2 = std::path::Path::new("/sys/fs/cgroup/cgroup.controllers").exists();
    checks.push(Check {
        name: "cgroup v2".into(),
        status: Status::Info,
        detail: if cgroup2 {
            "mounted at /sys/fs/cgroup".into()
        } else {
            "not found".into()
        },
        explanation: "not used yet: memory is bounded by DuckDB's memory_limit and RLIMIT_AS"
            .into(),
    });
    let (mode, mode_explanation) = match (&userns, &reduced) {
        (Ok(()), _) => (
            "strict".to_string(),
            "queries run in the strict jail".to_string(),
        ),
        (Err(_), Ok(())) => (
            "none".to_string(),
            "the strict jail (default) cannot start here and queries are refused; \
             `--jail reduced` works (seccomp, rlimits, Landlock; no namespaces)"
                .to_string(),
        ),
        (Err(_), Err(_)) => (
            "none".to_string(),
            "no jail can start here; queries are refused".to_string(),
        ),
    };
    DoctorReport {
        checks,
        mode,
        reduced_available: reduced.is_ok(),
        landlock_abi: abi,
        mode_explanation,
    }
}

fn landlock_detail(abi: u32) -> String {
    if abi == 0 {
        return "not available (kernel without Landlock, or not in the boot `lsm=` list)".into();
    }
    let mut parts = vec!["file system"];
    if abi >= 4 {
        parts.push("TCP bind/connect");
    }
    if abi >= 6 {
        parts.push("abstract sockets and signals");
    }
    format!("ABI {abi}: {}", parts.join(", "))
}

fn probe_ok(cfg: &JailConfig, probe: &str) -> Result<(), String> {
    match run_probe(cfg, probe) {
        Ok(ProbeOutcome::Errno(0)) => Ok(()),
        Ok(ProbeOutcome::Errno(e)) => Err(format!(
            "probe failed: {}",
            std::io::Error::from_raw_os_error(e)
        )),
        Ok(ProbeOutcome::Died(x)) => Err(format!("probe worker died: {:?}", x.kind)),
        Err(e) => Err(e.to_string()),
    }
}

fn probe_expect_eperm(cfg: &JailConfig, probe: &str) -> Result<(), String> {
    match run_probe(cfg, probe) {
        Ok(ProbeOutcome::Errno(libc::EPERM)) => Ok(()),
        Ok(ProbeOutcome::Errno(0)) => Err("the filter did not stop socket()".into()),
        Ok(other) => Err(format!("unexpected probe outcome {other:?}")),
        Err(e) => Err(e.to_string()),
    }
}

impl fmt::Display for DoctorReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .checks
            .iter()
            .map(|c| c.name.len())
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(f, "{:width$}  {:7}  detail", "check", "status")?;
        for c in &self.checks {
            let status = match c.status {
                Status::Ok => "ok",
                Status::Missing => "MISSING",
                Status::Info => "info",
            };
            writeln!(f, "{:width$}  {:7}  {}", c.name, status, c.detail)?;
            writeln!(f, "{:width$}  {:7}  ({})", "", "", c.explanation)?;
        }
        writeln!(f)?;
        writeln!(f, "jail mode: {} -- {}", self.mode, self.mode_explanation)
    }
}
