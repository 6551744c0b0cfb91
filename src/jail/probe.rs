//! Worker side, test and doctor mode: one system call tried from inside a
//! fully built jail (no DuckDB), its errno reported to the app. A probe the
//! seccomp filter kills never reports; the app sees the worker die by SIGSYS.
//!
//! Invariant: reachable only through `WorkerJob::Probe`, which only the app's
//! own Rust API (tests, `doctor`) can ask for.

use super::protocol::CHANNEL_FD;
use std::io;

/// The probe names the worker knows.
pub const PROBES: [&str; 22] = [
    "none",
    "thread",
    "socket_inet",
    "socket_unix",
    "connect",
    "execve",
    "fork",
    "ptrace",
    "mount",
    "unshare",
    "setns",
    "bpf",
    "perf_event_open",
    "io_uring_setup",
    "keyctl",
    "ioctl_tiocsti",
    "clone3",
    "open_etc_passwd",
    "create_file_in_root",
    "kill_init",
    "setrlimit",
    "mmap_exec",
];

/// Run probe `name`; 0 if the call succeeded, else its errno.
pub fn run(name: &str) -> i32 {
    let rc: i64 = match name {
        "none" => 0,
        "thread" => match std::thread::spawn(|| 7).join() {
            Ok(7) => 0,
            _ => return libc::EIO,
        },
        // SAFETY (all arms below): raw system calls with valid or null
        // pointers; any resource a call unexpectedly creates dies with us.
        "socket_inet" => unsafe { libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0) as i64 },
        "socket_unix" => unsafe { libc::socket(libc::AF_UNIX, libc::SOCK_STREAM, 0) as i64 },
        "connect" => unsafe {
            let mut addr: libc::sockaddr_in = std::mem::zeroed();
            addr.sin_family = libc::AF_INET as libc::sa_family_t;
            addr.sin_port = 80u16.to_be();
            addr.sin_addr.s_addr = u32::from_be_bytes([127, 0, 0, 1]).to_be();
            libc::connect(
                CHANNEL_FD,
                (&addr as *const libc::sockaddr_in).cast(),
                std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t,
            ) as i64
        },
        "execve" => unsafe {
            let path = c"/bin/sh".as_ptr();
            let argv = [path, std::ptr::null()];
            let envp = [std::ptr::null::<libc::c_char>()];
            libc::execve(path, argv.as_ptr(), envp.as_ptr()) as i64
        },
        "fork" => unsafe {
            let pid = libc::fork();
            if pid == 0 {
                libc::_exit(0);
            }
            pid as i64
        },
        "ptrace" => unsafe { libc::ptrace(libc::PTRACE_TRACEME, 0, 0, 0) as i64 },
        "mount" => unsafe {
            libc::mount(
                c"none".as_ptr(),
                c"/".as_ptr(),
                c"tmpfs".as_ptr(),
                0,
                std::ptr::null(),
            ) as i64
        },
        "unshare" => unsafe { libc::unshare(libc::CLONE_NEWUSER) as i64 },
        "setns" => unsafe { libc::setns(0, 0) as i64 },
        "bpf" => unsafe { libc::syscall(libc::SYS_bpf, 5, 0usize, 0usize) },
        "perf_event_open" => unsafe {
            libc::syscall(libc::SYS_perf_event_open, 0usize, 0, -1, -1, 0)
        },
        "io_uring_setup" => unsafe { libc::syscall(libc::SYS_io_uring_setup, 1, 0usize) },
        "keyctl" => unsafe { libc::syscall(libc::SYS_keyctl, 0, -3, 0) },
        "ioctl_tiocsti" => unsafe {
            let c: libc::c_char = b'x' as libc::c_char;
            libc::ioctl(0, libc::TIOCSTI, &c) as i64
        },
        "clone3" => unsafe {
            // A fork-like clone3; ENOSYS is expected before it is even read.
            let mut args = [0u64; 11];
            args[4] = libc::SIGCHLD as u64; // exit_signal
            let pid = libc::syscall(
                libc::SYS_clone3,
                args.as_mut_ptr(),
                std::mem::size_of_val(&args),
            );
            if pid == 0 {
                libc::_exit(0);
            }
            pid
        },
        "open_etc_passwd" => unsafe { libc::open(c"/etc/passwd".as_ptr(), libc::O_RDONLY) as i64 },
        "create_file_in_root" => unsafe {
            libc::open(c"/owned".as_ptr(), libc::O_CREAT | libc::O_WRONLY, 0o644) as i64
        },
        "kill_init" => unsafe { libc::kill(1, libc::SIGKILL) as i64 },
        "setrlimit" => unsafe {
            let lim = libc::rlimit {
                rlim_cur: libc::RLIM_INFINITY,
                rlim_max: libc::RLIM_INFINITY,
            };
            libc::setrlimit(libc::RLIMIT_CPU, &lim) as i64
        },
        "mmap_exec" => unsafe {
            let p = libc::mmap(
                std::ptr::null_mut(),
                4096,
                libc::PROT_READ | libc::PROT_EXEC,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            if p == libc::MAP_FAILED {
                -1
            } else {
                0
            }
        },
        _ => return libc::EINVAL,
    };
    if rc >= 0 {
        0
    } else {
        io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::EIO)
    }
}
