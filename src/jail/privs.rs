//! Worker side: process-level hardening that is not namespaces, rlimits,
//! Landlock or seccomp: die with the parent, own session, only the channel
//! fd open, every capability set empty, no new privileges, not dumpable, and
//! fatal-signal handlers that turn SIGABRT/SIGXCPU into exit codes (a PID-1
//! process ignores signals it has no handler for).
//!
//! Invariant: nothing here allocates after the worker is jailed except the
//! error strings of failed steps.

use super::setup::SetupError;
use std::io;

/// Exit code: set-up failed (reported on the channel first when possible).
pub const EXIT_SETUP: i32 = 70;
/// Exit code: the channel broke or carried something unexpected.
pub const EXIT_PROTOCOL: i32 = 71;
/// Exit code: the worker's own code panicked.
pub const EXIT_PANIC: i32 = 72;
/// Exit codes above this are `128 + signal` forwarded from a handler or the
/// PID-1 child.
pub const EXIT_SIGNAL_BASE: i32 = 128;

/// PR_SET_PDEATHSIG(SIGKILL), then make sure the parent did not die first.
pub fn die_with_parent(expected_parent: i32) -> Result<(), SetupError> {
    // SAFETY: plain prctl.
    if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) } != 0 {
        return Err(SetupError::os("pdeathsig", "PR_SET_PDEATHSIG"));
    }
    // SAFETY: getppid cannot fail.
    if expected_parent > 0 && unsafe { libc::getppid() } != expected_parent {
        return Err(SetupError::new(
            "pdeathsig",
            "the app exited before the worker started",
        ));
    }
    Ok(())
}

/// A session of our own: no controlling terminal, no terminal signals.
pub fn new_session() {
    // SAFETY: setsid has no memory effects; failure (already a leader) is harmless.
    unsafe { libc::setsid() };
}

/// Close every fd above `keep_upto` (0-2 are /dev/null, 3 is the channel).
pub fn close_fds_above(keep_upto: i32) -> Result<(), SetupError> {
    let first = (keep_upto + 1) as libc::c_uint;
    // SAFETY: close_range only closes fds.
    let rc = unsafe { libc::syscall(libc::SYS_close_range, first, libc::c_uint::MAX, 0) };
    if rc == 0 {
        return Ok(());
    }
    // Kernels before 5.9: close what /proc says is open.
    let dir = std::fs::read_dir("/proc/self/fd")
        .map_err(|e| SetupError::new("close fds", e.to_string()))?;
    let fds: Vec<i32> = dir
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .filter(|&fd| fd > keep_upto)
        .collect();
    for fd in fds {
        // SAFETY: closing an fd we do not use; the read_dir fd is already closed.
        unsafe { libc::close(fd) };
    }
    Ok(())
}

/// SIGABRT and SIGXCPU exit with `128 + signal` (a PID-1 process would
/// otherwise ignore them); SIGXFSZ is ignored so a too-large write fails
/// with EFBIG instead of killing the worker.
pub fn install_signal_handlers() {
    extern "C" fn fatal(sig: libc::c_int) {
        // SAFETY: _exit is async-signal-safe.
        unsafe { libc::_exit(EXIT_SIGNAL_BASE + sig) };
    }
    for sig in [libc::SIGABRT, libc::SIGXCPU] {
        // SAFETY: installing a handler that only calls _exit.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = fatal as extern "C" fn(libc::c_int) as usize;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
    // SAFETY: setting a signal to SIG_IGN.
    unsafe { libc::signal(libc::SIGXFSZ, libc::SIG_IGN) };
    // A panic in worker code ends the worker at once with a known code.
    std::panic::set_hook(Box::new(|_| {
        // SAFETY: _exit never returns and runs no destructors.
        unsafe { libc::_exit(EXIT_PANIC) }
    }));
}

/// What dropping privileges achieved (best effort parts reported).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrivsDropped {
    /// The bounding set could be emptied (needs CAP_SETPCAP).
    pub bounding_cleared: bool,
}

/// Empty every capability set, lock securebits, set no_new_privs, become
/// non-dumpable (no core dumps, no ptrace attach by peers).
pub fn drop_privileges() -> Result<PrivsDropped, SetupError> {
    // Securebits first (needs CAP_SETPCAP): uid 0 never regains capabilities.
    let bits: libc::c_ulong = 0b1110_1111;
    // SAFETY: plain prctl; failure is tolerated (no CAP_SETPCAP).
    unsafe { libc::prctl(libc::PR_SET_SECUREBITS, bits, 0, 0, 0) };
    let mut bounding_cleared = true;
    for cap in 0..64 {
        // SAFETY: plain prctl.
        if unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) } != 0 {
            let e = io::Error::last_os_error();
            if e.raw_os_error() == Some(libc::EINVAL) {
                break; // past the last capability
            }
            bounding_cleared = false;
        }
    }
    // SAFETY: plain prctl; EINVAL on old kernels without ambient caps is fine.
    unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        )
    };
    capset_empty()?;
    // SAFETY: plain prctl.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(SetupError::os("no_new_privs", "PR_SET_NO_NEW_PRIVS"));
    }
    // SAFETY: plain prctl.
    if unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) } != 0 {
        return Err(SetupError::os("dumpable", "PR_SET_DUMPABLE"));
    }
    Ok(PrivsDropped { bounding_cleared })
}

fn capset_empty() -> Result<(), SetupError> {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const VERSION_3: u32 = 0x2008_0522;
    let header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let data = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: header and a two-element data array as capset(2) v3 expects.
    let rc = unsafe { libc::syscall(libc::SYS_capset, &header as *const Header, data.as_ptr()) };
    if rc != 0 {
        return Err(SetupError::os("capabilities", "capset"));
    }
    Ok(())
}

/// Re-raise `sig` on ourselves with its default action (the PID-1 forwarder
/// uses this so the app sees the worker's real fate). Never returns.
pub fn die_by_signal(sig: i32) -> ! {
    // SAFETY: resetting a handler, unblocking and raising; then _exit as a
    // fallback if the signal's default action does not terminate.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(sig);
        libc::_exit(EXIT_SIGNAL_BASE + sig)
    }
}
