//! How a worker ended (exit code or signal, CPU time used) becomes an
//! [`ExecError`] category when it died without answering.
//!
//! Signals reach the app either directly (reduced mode) or re-raised by the
//! PID-1 forwarder (strict mode); handlers inside the worker turn SIGABRT and
//! SIGXCPU into exit code `128 + signal`, so both forms are read as signals.
//! A SIGKILL the app did not send is a CPU-limit kill when the worker had
//! used its CPU allowance (the hard limit follows SIGXCPU by one second),
//! otherwise an outside kill such as the kernel's OOM killer.

use super::privs::{EXIT_PANIC, EXIT_PROTOCOL, EXIT_SETUP, EXIT_SIGNAL_BASE};
use crate::runner::ExecError;

/// How a worker process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitKind {
    Code(i32),
    Signal(i32),
}

/// A reaped worker: how it ended and what it used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExitInfo {
    pub kind: ExitKind,
    /// User + system CPU seconds, the worker and its PID-1 child together.
    pub cpu_secs: f64,
    /// Peak resident set in KiB.
    pub maxrss_kb: i64,
}

impl ExitInfo {
    /// From a `wait4` status and its rusage.
    pub fn from_wait(status: i32, ru: &libc::rusage) -> ExitInfo {
        let kind = if libc::WIFSIGNALED(status) {
            ExitKind::Signal(libc::WTERMSIG(status))
        } else {
            ExitKind::Code(libc::WEXITSTATUS(status))
        };
        let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        ExitInfo {
            kind,
            cpu_secs: secs(ru.ru_utime) + secs(ru.ru_stime),
            maxrss_kb: ru.ru_maxrss,
        }
    }

    /// The signal that ended the worker, directly or forwarded as a code.
    pub fn signal(&self) -> Option<i32> {
        match self.kind {
            ExitKind::Signal(s) => Some(s),
            ExitKind::Code(c) if c > EXIT_SIGNAL_BASE && c <= EXIT_SIGNAL_BASE + 64 => {
                Some(c - EXIT_SIGNAL_BASE)
            }
            ExitKind::Code(_) => None,
        }
    }
}

/// "SIGSEGV" for 11, "signal 40" for what has no name.
pub fn signal_name(sig: i32) -> String {
    match nix::sys::signal::Signal::try_from(sig) {
        Ok(s) => s.as_str().to_string(),
        Err(_) => format!("signal {sig}"),
    }
}

/// Why a worker that stopped answering mid-query died.
pub fn classify_death(exit: &ExitInfo, cpu_limit_secs: u64) -> ExecError {
    if let Some(sig) = exit.signal() {
        let name = signal_name(sig);
        return match sig {
            libc::SIGXCPU => ExecError::CpuLimit,
            // Small slack: rusage is sampled at tick granularity.
            libc::SIGKILL if exit.cpu_secs + 0.05 >= cpu_limit_secs as f64 => ExecError::CpuLimit,
            libc::SIGKILL => ExecError::Crashed(format!(
                "{name}: killed from outside the app (possibly the kernel's out-of-memory killer)"
            )),
            libc::SIGSYS => {
                ExecError::Crashed(format!("{name}: the worker made a forbidden system call"))
            }
            libc::SIGSEGV | libc::SIGBUS => {
                ExecError::Crashed(format!("{name}: invalid memory access"))
            }
            libc::SIGABRT => ExecError::Crashed(format!("{name}: the worker aborted")),
            _ => ExecError::Crashed(name),
        };
    }
    match exit.kind {
        ExitKind::Code(0) => ExecError::Crashed("the worker exited without answering".into()),
        ExitKind::Code(EXIT_PANIC) => ExecError::Crashed("the worker panicked".into()),
        ExitKind::Code(EXIT_PROTOCOL) => ExecError::Crashed("the worker's channel broke".into()),
        ExitKind::Code(EXIT_SETUP) => {
            ExecError::JailSetupFailed("the worker could not jail itself".into())
        }
        ExitKind::Code(c) => ExecError::Crashed(format!("the worker exited with code {c}")),
        ExitKind::Signal(_) => ExecError::Crashed("unknown".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn exit(kind: ExitKind, cpu: f64) -> ExitInfo {
        ExitInfo {
            kind,
            cpu_secs: cpu,
            maxrss_kb: 0,
        }
    }

    #[rstest]
    #[case::sigxcpu(ExitKind::Signal(libc::SIGXCPU), 0.1, "cpu_limit", "")]
    #[case::sigxcpu_forwarded(ExitKind::Code(128 + libc::SIGXCPU), 0.1, "cpu_limit", "")]
    #[case::sigkill_after_cpu_allowance(ExitKind::Signal(libc::SIGKILL), 5.98, "cpu_limit", "")]
    #[case::sigkill_early_is_outside(ExitKind::Signal(libc::SIGKILL), 0.5, "crashed", "SIGKILL")]
    #[case::segv(ExitKind::Signal(libc::SIGSEGV), 0.0, "crashed", "SIGSEGV")]
    #[case::abort_forwarded(ExitKind::Code(128 + libc::SIGABRT), 0.0, "crashed", "SIGABRT")]
    #[case::sigsys(ExitKind::Signal(libc::SIGSYS), 0.0, "crashed", "SIGSYS")]
    #[case::panic(ExitKind::Code(EXIT_PANIC), 0.0, "crashed", "panicked")]
    #[case::silent_exit(ExitKind::Code(0), 0.0, "crashed", "without answering")]
    #[case::setup(ExitKind::Code(EXIT_SETUP), 0.0, "jail_setup_failed", "")]
    #[case::odd_code(ExitKind::Code(3), 0.0, "crashed", "code 3")]
    fn deaths_are_classified(
        #[case] kind: ExitKind,
        #[case] cpu: f64,
        #[case] category: &str,
        #[case] text: &str,
    ) {
        let e = classify_death(&exit(kind, cpu), 6);
        assert_eq!(e.category(), category, "{e}");
        assert!(e.to_string().contains(text), "{e}");
    }
}
