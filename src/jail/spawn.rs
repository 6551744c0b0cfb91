//! App side: starting one worker process and ending it.
//!
//! The app is multithreaded, so a worker is never a bare fork: the binary is
//! re-executed with `posix_spawn` (glibc uses a vfork-style clone, so the
//! cost does not grow with the app's memory) as `<exe> __jail <json>` with an
//! empty environment, stdin/stdout/stderr on /dev/null and the worker's end
//! of a socketpair as fd 3. Every other fd the app has is close-on-exec.
//!
//! Invariant: every worker started here is eventually reaped with `wait4`
//! (by [`reap`] or [`finish`]), so none is left a zombie.

use super::args::{WorkerJob, WorkerMode, SUBCOMMAND};
use super::classify::ExitInfo;
use super::config::JailConfig;
use super::protocol::{
    socketpair, Channel, ProbeMsg, ReadyMsg, RecvError, SetupFailedMsg, Tag, CHANNEL_FD,
};
use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;

use std::time::{Duration, Instant};

/// A started worker that reported ready.
pub struct Worker {
    pub pid: i32,
    pub chan: Channel,

    pub ready: ReadyMsg,
    /// Spawn to ready.
    pub start_ms: f64,
    /// It reported its cache warm-up done.
    pub warm: bool,
}

impl Worker {
    /// Take what an idle worker sent (only `Warm` is expected); false when
    /// it died or sent anything else, so it must not be used.
    pub fn absorb_idle_frames(&mut self) -> bool {
        while self.chan.readable_now() {
            let soon = Instant::now() + Duration::from_millis(100);
            match self.chan.recv(Some(soon), 0) {
                Ok(f) if f.tag == Tag::Warm => self.warm = true,
                _ => return false,
            }
        }
        true
    }
}

/// Why a worker did not become ready.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StartError {
    #[error("cannot start the worker process: {0}")]
    Spawn(String),
    #[error("{}: {}", .0.stage, .0.message)]
    Setup(SetupFailedMsg),
    #[error("the worker died during set-up ({0})")]
    Died(String),
    #[error("the worker did not become ready within {0:?}")]
    Timeout(Duration),
}

impl StartError {
    /// Retrying cannot help.
    pub fn permanent(&self) -> bool {
        matches!(self, StartError::Setup(m) if m.permanent)
    }
}

/// Spawn a worker for `job` and wait until it is ready.
pub fn start(cfg: &JailConfig, mode: WorkerMode, job: WorkerJob) -> Result<Worker, StartError> {
    let t0 = Instant::now();
    let args = cfg.worker_args(mode, job);
    let json = args
        .to_arg()
        .map_err(|e| StartError::Spawn(e.to_string()))?;
    let (app_end, worker_end) = socketpair().map_err(|e| StartError::Spawn(e.to_string()))?;
    let pid = match spawn_process(cfg, &json, &worker_end) {
        Ok(pid) => pid,
        Err(e) => return Err(StartError::Spawn(format!("{}: {e}", cfg.exe.display()))),
    };
    drop(worker_end);
    let chan = match Channel::app_side(app_end) {
        Ok(c) => c,
        Err(e) => {
            finish(pid, true);
            return Err(StartError::Spawn(e.to_string()));
        }
    };
    let mut w = Worker {
        pid,
        chan,
        ready: ReadyMsg::default(),
        start_ms: 0.0,
        warm: false,
    };
    let deadline = Instant::now() + cfg.startup_timeout;
    let failed = |w: Worker, err: StartError| {
        finish(w.pid, true);
        Err(err)
    };
    match w.chan.recv(Some(deadline), 0) {
        Ok(f) if f.tag == Tag::Ready => match f.json::<ReadyMsg>() {
            Ok(r) => {
                w.ready = r;
                w.start_ms = t0.elapsed().as_secs_f64() * 1000.0;
                Ok(w)
            }
            Err(e) => failed(w, StartError::Died(e.to_string())),
        },
        Ok(f) if f.tag == Tag::SetupFailed => {
            let msg = f
                .json::<SetupFailedMsg>()
                .unwrap_or_else(|e| SetupFailedMsg {
                    stage: "set-up".into(),
                    message: e.to_string(),
                    permanent: false,
                });
            failed(w, StartError::Setup(msg))
        }
        Ok(f) => failed(w, StartError::Died(format!("unexpected {:?} frame", f.tag))),
        Err(RecvError::Deadline) => failed(w, StartError::Timeout(cfg.startup_timeout)),
        Err(_) => {
            let exit = reap(w.pid, Duration::from_secs(2));
            Err(StartError::Died(describe(&exit)))
        }
    }
}

/// Run one syscall probe in a freshly jailed worker: `Ok(errno)` when it
/// reported, `Err(exit)` when it died (a killed probe dies by SIGSYS).
pub fn probe(
    cfg: &JailConfig,
    mode: WorkerMode,
    name: &str,
) -> Result<Result<i32, ExitInfo>, StartError> {
    let mut w = start(cfg, mode, WorkerJob::Probe(name.to_string()))?;
    let deadline = Instant::now() + Duration::from_secs(10);
    let got = w.chan.recv(Some(deadline), 0);
    let exit = reap(w.pid, Duration::from_secs(2));
    match got {
        Ok(f) if f.tag == Tag::ProbeResult => f
            .json::<ProbeMsg>()
            .map(|m| Ok(m.errno))
            .map_err(|e| StartError::Died(e.to_string())),
        _ => Ok(Err(exit)),
    }
}

fn describe(exit: &ExitInfo) -> String {
    match exit.signal() {
        Some(s) => super::classify::signal_name(s),
        None => format!("{:?}", exit.kind),
    }
}

/// SIGKILL (when asked) and reap: the end of every worker.
pub fn finish(pid: i32, kill_first: bool) -> ExitInfo {
    if kill_first {
        kill(pid);
    }
    reap(pid, Duration::from_secs(2))
}

/// SIGKILL one worker (strict mode: its PID-1 child dies with it).
pub fn kill(pid: i32) {
    // SAFETY: signalling a child we spawned and have not yet reaped.
    unsafe { libc::kill(pid, libc::SIGKILL) };
}

/// Try to reap `pid` without blocking.
pub fn try_reap(pid: i32) -> Option<ExitInfo> {
    wait(pid, libc::WNOHANG)
}

/// Reap `pid`, killing it if it has not exited within `grace`.
pub fn reap(pid: i32, grace: Duration) -> ExitInfo {
    let until = Instant::now() + grace;
    let mut pause = Duration::from_micros(200);
    while Instant::now() < until {
        if let Some(e) = wait(pid, libc::WNOHANG) {
            return e;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    }
    kill(pid);
    wait(pid, 0).unwrap_or(ExitInfo {
        kind: super::classify::ExitKind::Signal(libc::SIGKILL),
        cpu_secs: 0.0,
        maxrss_kb: 0,
    })
}

fn wait(pid: i32, flags: i32) -> Option<ExitInfo> {
    loop {
        let mut status = 0;
        // SAFETY: zeroed rusage is a valid out-buffer.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: valid out-pointers.
        let rc = unsafe { libc::wait4(pid, &mut status, flags, &mut ru) };
        if rc == pid {
            return Some(ExitInfo::from_wait(status, &ru));
        }
        if rc < 0 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
            continue;
        }
        return None;
    }
}

/// `posix_spawn` the worker binary with fd 3 = `worker_end`.
fn spawn_process(cfg: &JailConfig, json: &str, worker_end: &OwnedFd) -> io::Result<i32> {
    let exe = CString::new(cfg.exe.as_os_str().as_bytes()).map_err(io::Error::other)?;
    let argv0 = CString::new("sandpiper-jail").map_err(io::Error::other)?;
    let sub = CString::new(SUBCOMMAND).map_err(io::Error::other)?;
    let conf = CString::new(json).map_err(io::Error::other)?;
    let argv = [
        argv0.as_ptr(),
        sub.as_ptr(),
        conf.as_ptr(),
        std::ptr::null(),
    ];
    let envp = [std::ptr::null::<libc::c_char>()];
    // adddup2 onto itself would keep close-on-exec set; move it off fd 3.
    let moved;
    let src = if worker_end.as_raw_fd() == CHANNEL_FD {
        // SAFETY: duplicating a valid fd, close-on-exec.
        let fd = unsafe { libc::fcntl(worker_end.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 10) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fresh fd we own.
        moved = unsafe { OwnedFd::from_raw_fd(fd) };
        moved.as_raw_fd()
    } else {
        worker_end.as_raw_fd()
    };
    let devnull = c"/dev/null";
    let mut pid: libc::pid_t = 0;
    // SAFETY: the file actions and attributes are initialised before use and
    // destroyed after; every pointer passed lives until posix_spawn returns.
    unsafe {
        let mut fa: libc::posix_spawn_file_actions_t = std::mem::zeroed();
        let mut attr: libc::posix_spawnattr_t = std::mem::zeroed();
        libc::posix_spawn_file_actions_init(&mut fa);
        libc::posix_spawnattr_init(&mut attr);
        libc::posix_spawn_file_actions_addopen(&mut fa, 0, devnull.as_ptr(), libc::O_RDONLY, 0);
        libc::posix_spawn_file_actions_addopen(&mut fa, 1, devnull.as_ptr(), libc::O_WRONLY, 0);
        if !cfg.inherit_stderr {
            libc::posix_spawn_file_actions_addopen(&mut fa, 2, devnull.as_ptr(), libc::O_WRONLY, 0);
        }
        libc::posix_spawn_file_actions_adddup2(&mut fa, src, CHANNEL_FD);
        let mut none: libc::sigset_t = std::mem::zeroed();
        let mut all: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigfillset(&mut all);
        libc::posix_spawnattr_setsigmask(&mut attr, &none);
        libc::posix_spawnattr_setsigdefault(&mut attr, &all);
        libc::posix_spawnattr_setflags(
            &mut attr,
            (libc::POSIX_SPAWN_SETSIGMASK | libc::POSIX_SPAWN_SETSIGDEF) as libc::c_short,
        );
        let rc = libc::posix_spawn(
            &mut pid,
            exe.as_ptr(),
            &fa,
            &attr,
            argv.as_ptr() as *const *mut libc::c_char,
            envp.as_ptr() as *const *mut libc::c_char,
        );
        libc::posix_spawn_file_actions_destroy(&mut fa);
        libc::posix_spawnattr_destroy(&mut attr);
        if rc != 0 {
            return Err(io::Error::from_raw_os_error(rc));
        }
    }
    Ok(pid)
}
