//! The worker process: `<exe> __jail <json>` jails itself, opens DuckDB,
//! reports ready, answers exactly one query, and exits.
//!
//! Set-up order (strict mode): die with the parent; own session; close every
//! fd but 0-2 (/dev/null) and 3 (the channel); unshare all namespaces and map
//! uid/gid; fork once so the jailed process is PID 1 of its PID namespace
//! (the first process stays outside as a tiny forwarder: it waits and exits
//! the way its child did); in the child: new root + pivot_root; signal
//! handlers; rlimits; capabilities dropped, no_new_privs, non-dumpable;
//! Landlock; DuckDB opened and locked; seccomp (TSYNC) last; ready. While
//! it waits for the query, a second DuckDB connection warms the cache (see
//! `engine`). Reduced mode skips the namespaces, the fork and the new root,
//! and has no writable directory at all.
//!
//! Invariants: this runs before the binary starts any thread (the binary's
//! `main` calls [`main_from_args`] first thing); once seccomp is on, the
//! worker touches nothing but the channel and DuckDB's files; it never runs
//! a second query; after answering it ends with `_exit` (no destructors: the
//! app has its answer, and the kernel frees everything faster).

use super::args::{WorkerArgs, WorkerJob, WorkerMode};
use super::channel::send_bare_frame;
use super::protocol::{
    Channel, Fault, ProbeMsg, QueryMsg, ReadyMsg, RecvError, SetupFailedMsg, Tag, CHANNEL_FD,
};
use super::results::ResultSink;
use super::rlimits::RlimitPlan;
use super::setup::{SetupError, JAIL_DATASET, JAIL_SCRATCH};
use super::{engine, landlock, privs, probe, rlimits, seccomp, setup};
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Entry point for the hidden `__jail` subcommand; returns the exit code.
/// `args` is the full argv (`[exe, "__jail", json]`) or what follows `__jail`.
pub fn main_from_args(args: &[String]) -> i32 {
    let started = Instant::now();
    let wargs = match WorkerArgs::from_argv(args) {
        Ok(a) => a,
        Err(e) => {
            // stderr is /dev/null unless the app asked to see it.
            eprintln!("sandpiper worker: {e}");
            return privs::EXIT_SETUP;
        }
    };
    // SAFETY: F_GETFD only inspects the fd.
    if unsafe { libc::fcntl(CHANNEL_FD, libc::F_GETFD) } < 0 {
        return privs::EXIT_SETUP;
    }
    // SAFETY: fd 3 was handed to us by the app as the channel; we own it.
    let mut chan = Channel::worker_side(unsafe { OwnedFd::from_raw_fd(CHANNEL_FD) });
    let mut steps = Steps {
        started,
        last: started,
        list: Vec::new(),
    };
    match jail_and_serve(&wargs, &mut chan, &mut steps) {
        Ok(code) => code,
        Err(e) => {
            let msg = SetupFailedMsg {
                stage: e.stage,
                message: e.message,
                permanent: e.permanent,
            };
            let _ = chan.send_json(Tag::SetupFailed, &msg, None);
            privs::EXIT_SETUP
        }
    }
}

/// Timings of the set-up steps, reported in `Ready`.
struct Steps {
    started: Instant,
    last: Instant,
    list: Vec<(String, f64)>,
}

impl Steps {
    fn mark(&mut self, name: &str) {
        let now = Instant::now();
        self.list
            .push((name.to_string(), (now - self.last).as_secs_f64() * 1000.0));
        self.last = now;
    }
}

fn jail_and_serve(
    a: &WorkerArgs,
    chan: &mut Channel,
    steps: &mut Steps,
) -> Result<i32, SetupError> {
    privs::die_with_parent(a.parent_pid)?;
    privs::new_session();
    privs::close_fds_above(CHANNEL_FD)?;
    let (db, scratch): (PathBuf, Option<PathBuf>) = match a.mode {
        WorkerMode::Strict => {
            setup::enter_namespaces(a.uid, a.gid)?;
            steps.mark("namespaces");
            become_pid1(chan)?;
            steps.mark("fork");
            setup::build_root(&a.dataset, a.scratch_mb)?;
            steps.mark("root");
            (JAIL_DATASET.into(), Some(JAIL_SCRATCH.into()))
        }
        // No namespaces, so no private tmpfs: nothing writable at all.
        WorkerMode::Reduced => (a.dataset.clone(), None),
    };
    privs::install_signal_handlers();
    rlimits::apply(&RlimitPlan {
        address_space_bytes: a.address_space_mb.saturating_mul(1 << 20),
        cpu_secs: a.cpu_secs,
        fsize_bytes: match scratch {
            Some(_) => a.scratch_mb.saturating_mul(1 << 20),
            None => 0,
        },
        nofile: a.nofile,
    })?;
    privs::drop_privileges()?;
    steps.mark("rlimits+privileges");
    let extra: &[&str] = match a.mode {
        WorkerMode::Strict => &[],
        WorkerMode::Reduced => &landlock::REDUCED_EXTRA_READ,
    };
    let ll = landlock::restrict(&db, scratch.as_deref(), extra)?;
    steps.mark("landlock");
    // SAFETY: getpid cannot fail.
    let filters = seccomp::worker_filters(unsafe { libc::getpid() })?;
    let mut ready = ReadyMsg {
        mode: match a.mode {
            WorkerMode::Strict => "strict".into(),
            WorkerMode::Reduced => "reduced".into(),
        },
        landlock_abi: ll.abi,
        landlock: ll.status.to_string(),
        ..ReadyMsg::default()
    };
    match &a.job {
        WorkerJob::Probe(name) => {
            seccomp::install(&filters)?;
            steps.mark("seccomp");
            send_ready(chan, &mut ready, steps)?;
            let errno = probe::run(name);
            let msg = ProbeMsg {
                probe: name.clone(),
                errno,
            };
            let _ = chan.send_json(Tag::ProbeResult, &msg, None);
            Ok(0)
        }
        WorkerJob::Query => {
            let eng = open_engine(a, &db, scratch.as_deref())?;
            steps.mark("duckdb");
            seccomp::install(&filters)?;
            steps.mark("seccomp");
            send_ready(chan, &mut ready, steps)?;
            let code = serve_one(chan, &eng, a.warm_mb);
            // SAFETY: _exit ends the process; nothing else needs to run.
            unsafe { libc::_exit(code) }
        }
    }
}

/// DuckDB, locked down; in test builds, unlocked when the app asked.
fn open_engine(
    a: &WorkerArgs,
    db: &std::path::Path,
    scratch: Option<&std::path::Path>,
) -> Result<engine::Engine, SetupError> {
    #[cfg(feature = "test-hooks")]
    if a.test_hooks.duckdb_lockdown_off {
        return engine::open_unlocked(db, scratch, a.threads, a.memory_limit_mb);
    }
    engine::open(db, scratch, a.threads, a.memory_limit_mb)
}

fn send_ready(chan: &mut Channel, ready: &mut ReadyMsg, steps: &Steps) -> Result<(), SetupError> {
    ready.setup_ms = steps.started.elapsed().as_secs_f64() * 1000.0;
    ready.steps = steps.list.clone();
    chan.send_json(Tag::Ready, ready, None)
        .map_err(|e| SetupError::new("channel", format!("report ready: {e}")))
}

/// Wait for the one query (warming the cache meanwhile), run it, stream
/// the answer; the exit code.
fn serve_one(chan: &mut Channel, eng: &engine::Engine, warm_mb: u64) -> i32 {
    // Set once the query arrived: no `Warm` frame may interleave with results.
    let query_started = Arc::new(Mutex::new(false));
    let warmer = (warm_mb > 0)
        .then(|| {
            let gate = Arc::clone(&query_started);
            eng.warm(warm_mb, move || {
                if let Ok(started) = gate.lock() {
                    if !*started {
                        let _ = send_bare_frame(CHANNEL_FD, Tag::Warm);
                    }
                }
            })
        })
        .flatten();
    let frame = chan.recv(None, 0);
    if let Ok(mut started) = query_started.lock() {
        *started = true;
    }
    if let Some(w) = &warmer {
        w.stop();
    }
    let frame = match frame {
        Ok(f) if f.tag == Tag::Query => f,
        // The app dropped us unused: a normal end.
        Err(RecvError::Eof) => return 0,
        _ => return privs::EXIT_PROTOCOL,
    };
    let Ok(q) = frame.json::<QueryMsg>() else {
        return privs::EXIT_PROTOCOL;
    };
    if let Some(fault) = q.fault {
        inject(fault);
    }
    let mut sink = ResultSink::new(chan, q.max_rows, q.max_bytes);
    let sent = match eng.run(&q.sql, &mut sink) {
        Ok(()) => sink.finish(),
        Err(engine::EngineError::Sql(msg)) => {
            drop(sink);
            chan.send(Tag::SqlError, msg.as_bytes(), None)
        }
        Err(engine::EngineError::Channel(e)) => Err(e),
    };
    match sent {
        Ok(()) => 0,
        Err(_) => privs::EXIT_PROTOCOL,
    }
}

/// Test-only faults (see [`Fault`]): real crashes, not simulated exit codes.
#[cfg(feature = "test-hooks")]
fn inject(fault: Fault) {
    match fault {
        Fault::Segfault => {
            // SAFETY: deliberately invalid write, to crash with SIGSEGV.
            unsafe { std::ptr::write_volatile(std::ptr::null_mut::<u64>(), 1) };
        }
        Fault::Abort => std::process::abort(),
        Fault::BlockedSyscall => {
            // SAFETY: ptrace is on the kill list; the kernel ends us here.
            unsafe { libc::ptrace(libc::PTRACE_TRACEME, 0, 0, 0) };
        }
    }
}

/// Release builds: [`Fault`] has no values, so there is nothing to inject
/// (a query naming a fault never parses).
#[cfg(not(feature = "test-hooks"))]
fn inject(fault: Fault) {
    match fault {}
}

/// Fork once: the child returns and goes on as PID 1 of the new PID
/// namespace; the parent becomes the forwarder and never returns.
fn become_pid1(chan: &Channel) -> Result<(), SetupError> {
    let mut pipe = [0i32; 2];
    // SAFETY: valid out-array.
    if unsafe { libc::pipe2(pipe.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(SetupError::os("fork", "pipe"));
    }
    let (alive_r, alive_w) = (pipe[0], pipe[1]);
    // SAFETY: single-threaded here, so fork is safe; the child only makes
    // async-signal-safe calls until it returns to the set-up code.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(SetupError::os("fork", "fork into the PID namespace"));
    }
    if pid == 0 {
        // SAFETY: plain fd and prctl calls.
        unsafe {
            libc::close(alive_w);
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                libc::_exit(privs::EXIT_SETUP);
            }
            // If the forwarder already died, its end of the pipe is closed.
            let mut pfd = libc::pollfd {
                fd: alive_r,
                events: libc::POLLIN,
                revents: 0,
            };
            if libc::poll(&mut pfd, 1, 0) != 0 {
                libc::_exit(privs::EXIT_SETUP);
            }
            libc::close(alive_r);
        }
        return Ok(());
    }
    // Forwarder: keep nothing of the query path open.
    // SAFETY: closing fds this process no longer uses; it never returns to
    // code that would use them.
    unsafe {
        libc::close(alive_r);
        libc::close(chan.raw_fd());
    }
    forward_exit(pid, alive_w)
}

/// Wait for the PID-1 child and end the same way it did.
fn forward_exit(child: i32, _alive_w: i32) -> ! {
    // Best effort: the forwarder holds no secrets, but it gets no powers either.
    let _ = privs::drop_privileges();
    // SAFETY: getpid cannot fail.
    if let Ok(f) = seccomp::forwarder_filter(unsafe { libc::getpid() }) {
        let _ = seccomp::install(&[f]);
    }
    let mut status = 0;
    loop {
        // SAFETY: valid out-pointer.
        let rc = unsafe { libc::waitpid(child, &mut status, 0) };
        if rc == child {
            break;
        }
        if rc < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            // SAFETY: _exit never returns.
            unsafe { libc::_exit(privs::EXIT_PROTOCOL) };
        }
    }
    if libc::WIFSIGNALED(status) {
        privs::die_by_signal(libc::WTERMSIG(status));
    }
    let code = libc::WEXITSTATUS(status);
    if code > privs::EXIT_SIGNAL_BASE && code <= privs::EXIT_SIGNAL_BASE + 64 {
        privs::die_by_signal(code - privs::EXIT_SIGNAL_BASE);
    }
    // SAFETY: _exit never returns.
    unsafe { libc::_exit(code) }
}
