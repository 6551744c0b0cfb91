//! Worker side: the seccomp filters, installed last (after DuckDB opened)
//! on every thread at once (TSYNC).
//!
//! Three filters, installed in this order (the kernel runs all of them and
//! the most severe answer wins; among equal answers the newest filter's):
//! 1. kill list: syscalls no query needs and attackers love (exec, ptrace,
//!    mount, namespaces, bpf, perf, io_uring, keyrings, module loading, ...)
//!    kill the whole worker with SIGSYS;
//! 2. `clone3` fails with ENOSYS, so glibc falls back to `clone`, whose flags
//!    a classic BPF filter can inspect;
//! 3. allow list: what DuckDB needs (memory, futex, threads via `clone` with
//!    thread flags only, file I/O on already-reachable paths, time, random);
//!    everything else fails with EPERM (sockets, fork, ioctl, ...).
//!    No executable mappings (PROT_EXEC), rlimits can be read not set, and
//!    signals can be sent only to our own threads.
//!
//! The list was derived by tracing DuckDB queries in a jailed worker.

use super::setup::SetupError;
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen as Len, SeccompCmpOp as Op,
    SeccompCondition as Cond, SeccompFilter, SeccompRule, TargetArch,
};
use std::collections::BTreeMap;

type Rules = BTreeMap<i64, Vec<SeccompRule>>;

/// Syscalls that kill the worker outright.
pub fn kill_list() -> Vec<i64> {
    let mut v = vec![
        libc::SYS_execve,
        libc::SYS_execveat,
        libc::SYS_ptrace,
        libc::SYS_process_vm_readv,
        libc::SYS_process_vm_writev,
        libc::SYS_process_madvise,
        libc::SYS_pidfd_open,
        libc::SYS_pidfd_getfd,
        libc::SYS_pidfd_send_signal,
        libc::SYS_kcmp,
        libc::SYS_bpf,
        libc::SYS_perf_event_open,
        libc::SYS_kexec_load,
        libc::SYS_kexec_file_load,
        libc::SYS_init_module,
        libc::SYS_finit_module,
        libc::SYS_delete_module,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_chroot,
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
        libc::SYS_userfaultfd,
        libc::SYS_open_by_handle_at,
        libc::SYS_name_to_handle_at,
        libc::SYS_fsopen,
        libc::SYS_fsconfig,
        libc::SYS_fsmount,
        libc::SYS_fspick,
        libc::SYS_move_mount,
        libc::SYS_open_tree,
        libc::SYS_mount_setattr,
        libc::SYS_swapon,
        libc::SYS_swapoff,
        libc::SYS_reboot,
        libc::SYS_syslog,
        libc::SYS_acct,
        libc::SYS_quotactl,
        libc::SYS_settimeofday,
        libc::SYS_clock_settime,
        libc::SYS_clock_adjtime,
        libc::SYS_adjtimex,
        libc::SYS_vhangup,
        libc::SYS_personality,
    ];
    #[cfg(target_arch = "x86_64")]
    v.extend([libc::SYS_iopl, libc::SYS_ioperm, libc::SYS_uselib]);
    v
}

/// Syscalls allowed with no condition.
fn plain_allowed() -> Vec<i64> {
    let mut v = vec![
        // memory
        libc::SYS_brk,
        libc::SYS_munmap,
        libc::SYS_mremap,
        libc::SYS_madvise,
        libc::SYS_mincore,
        libc::SYS_membarrier,
        // threads, synchronisation, signals to ourselves
        libc::SYS_futex,
        libc::SYS_set_robust_list,
        libc::SYS_get_robust_list,
        libc::SYS_rseq,
        libc::SYS_set_tid_address,
        libc::SYS_sched_yield,
        libc::SYS_sched_getaffinity,
        libc::SYS_getpid,
        libc::SYS_gettid,
        libc::SYS_getppid,
        libc::SYS_exit,
        libc::SYS_exit_group,
        libc::SYS_rt_sigaction,
        libc::SYS_rt_sigprocmask,
        libc::SYS_rt_sigreturn,
        libc::SYS_sigaltstack,
        libc::SYS_restart_syscall,
        // the clone3 filter answers ENOSYS; see the module doc
        libc::SYS_clone3,
        // time, randomness, identity, host facts
        libc::SYS_nanosleep,
        libc::SYS_clock_nanosleep,
        libc::SYS_clock_gettime,
        libc::SYS_clock_getres,
        libc::SYS_gettimeofday,
        libc::SYS_getrandom,
        libc::SYS_getrusage,
        libc::SYS_times,
        libc::SYS_sysinfo,
        libc::SYS_uname,
        libc::SYS_getuid,
        libc::SYS_geteuid,
        libc::SYS_getgid,
        libc::SYS_getegid,
        libc::SYS_getresuid,
        libc::SYS_getresgid,
        libc::SYS_getcwd,
        // file I/O (reach is bounded by the mount namespace and Landlock)
        libc::SYS_read,
        libc::SYS_write,
        libc::SYS_readv,
        libc::SYS_writev,
        libc::SYS_pread64,
        libc::SYS_pwrite64,
        libc::SYS_preadv,
        libc::SYS_pwritev,
        libc::SYS_preadv2,
        libc::SYS_pwritev2,
        libc::SYS_lseek,
        libc::SYS_openat,
        libc::SYS_close,
        libc::SYS_fstat,
        libc::SYS_newfstatat,
        libc::SYS_statx,
        libc::SYS_fstatfs,
        libc::SYS_statfs,
        libc::SYS_getdents64,
        libc::SYS_faccessat,
        libc::SYS_faccessat2,
        libc::SYS_readlinkat,
        libc::SYS_mkdirat,
        libc::SYS_unlinkat,
        libc::SYS_renameat,
        libc::SYS_renameat2,
        libc::SYS_ftruncate,
        libc::SYS_fallocate,
        libc::SYS_fsync,
        libc::SYS_fdatasync,
        libc::SYS_fcntl,
        libc::SYS_flock,
        libc::SYS_ppoll,
    ];
    #[cfg(target_arch = "x86_64")]
    v.extend([
        libc::SYS_open,
        libc::SYS_stat,
        libc::SYS_lstat,
        libc::SYS_access,
        libc::SYS_readlink,
        libc::SYS_mkdir,
        libc::SYS_rmdir,
        libc::SYS_unlink,
        libc::SYS_rename,
        libc::SYS_getrlimit,
        libc::SYS_time,
        libc::SYS_poll,
    ]);
    v
}

fn cond(arg: u8, len: Len, op: Op, value: u64) -> Result<Cond, SetupError> {
    Cond::new(arg, len, op, value).map_err(|e| SetupError::new("seccomp", e.to_string()))
}

fn rule(conds: Vec<Cond>) -> Result<SeccompRule, SetupError> {
    SeccompRule::new(conds).map_err(|e| SetupError::new("seccomp", e.to_string()))
}

/// The allow list, with argument conditions; `self_pid` is the only target
/// `tgkill` may name.
fn allow_rules(self_pid: i32) -> Result<Rules, SetupError> {
    let mut rules: Rules = plain_allowed()
        .into_iter()
        .map(|nr| (nr, Vec::new()))
        .collect();
    let no_exec = || cond(2, Len::Dword, Op::MaskedEq(libc::PROT_EXEC as u64), 0);
    rules.insert(libc::SYS_mmap, vec![rule(vec![no_exec()?])?]);
    rules.insert(libc::SYS_mprotect, vec![rule(vec![no_exec()?])?]);
    // Threads only: CLONE_VM|FS|FILES|SIGHAND|THREAD set, no namespace flag.
    let thread = (libc::CLONE_VM
        | libc::CLONE_FS
        | libc::CLONE_FILES
        | libc::CLONE_SIGHAND
        | libc::CLONE_THREAD) as u64;
    let namespaces = (libc::CLONE_NEWNS
        | libc::CLONE_NEWUSER
        | libc::CLONE_NEWPID
        | libc::CLONE_NEWNET
        | libc::CLONE_NEWIPC
        | libc::CLONE_NEWUTS
        | libc::CLONE_NEWCGROUP) as u64;
    rules.insert(
        libc::SYS_clone,
        vec![rule(vec![cond(
            0,
            Len::Qword,
            Op::MaskedEq(thread | namespaces),
            thread,
        )?])?],
    );
    // Read limits, never set them.
    rules.insert(
        libc::SYS_prlimit64,
        vec![rule(vec![cond(2, Len::Qword, Op::Eq, 0)?])?],
    );
    // Signals only within this process (raise/abort, thread wake-ups).
    rules.insert(
        libc::SYS_tgkill,
        vec![rule(vec![cond(
            0,
            Len::Dword,
            Op::Eq,
            self_pid as u32 as u64,
        )?])?],
    );
    // Thread names only.
    rules.insert(
        libc::SYS_prctl,
        vec![
            rule(vec![cond(0, Len::Dword, Op::Eq, libc::PR_SET_NAME as u64)?])?,
            rule(vec![cond(0, Len::Dword, Op::Eq, libc::PR_GET_NAME as u64)?])?,
        ],
    );
    Ok(rules)
}

fn arch() -> Result<TargetArch, SetupError> {
    TargetArch::try_from(std::env::consts::ARCH)
        .map_err(|e| SetupError::permanent("seccomp", e.to_string()))
}

fn compile(
    rules: Rules,
    mismatch: SeccompAction,
    matched: SeccompAction,
) -> Result<BpfProgram, SetupError> {
    let filter = SeccompFilter::new(rules, mismatch, matched, arch()?)
        .map_err(|e| SetupError::new("seccomp", e.to_string()))?;
    BpfProgram::try_from(filter).map_err(|e| SetupError::new("seccomp", e.to_string()))
}

/// The worker's three filters, in install order.
pub fn worker_filters(self_pid: i32) -> Result<Vec<BpfProgram>, SetupError> {
    let kill: Rules = kill_list().into_iter().map(|nr| (nr, Vec::new())).collect();
    let clone3: Rules = [(libc::SYS_clone3, Vec::new())].into_iter().collect();
    Ok(vec![
        compile(kill, SeccompAction::Allow, SeccompAction::KillProcess)?,
        compile(
            clone3,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::ENOSYS as u32),
        )?,
        compile(
            allow_rules(self_pid)?,
            SeccompAction::Errno(libc::EPERM as u32),
            SeccompAction::Allow,
        )?,
    ])
}

/// The PID-1 forwarder's filter: wait for the child, exit or re-raise.
pub fn forwarder_filter(self_pid: i32) -> Result<BpfProgram, SetupError> {
    let mut rules: Rules = [
        libc::SYS_wait4,
        libc::SYS_waitid,
        libc::SYS_exit,
        libc::SYS_exit_group,
        libc::SYS_rt_sigaction,
        libc::SYS_rt_sigprocmask,
        libc::SYS_rt_sigreturn,
        libc::SYS_restart_syscall,
        libc::SYS_getpid,
        libc::SYS_gettid,
        libc::SYS_close,
        libc::SYS_munmap,
        libc::SYS_brk,
        libc::SYS_futex,
        libc::SYS_madvise,
    ]
    .into_iter()
    .map(|nr| (nr, Vec::new()))
    .collect();
    rules.insert(
        libc::SYS_tgkill,
        vec![rule(vec![cond(
            0,
            Len::Dword,
            Op::Eq,
            self_pid as u32 as u64,
        )?])?],
    );
    compile(
        rules,
        SeccompAction::Errno(libc::EPERM as u32),
        SeccompAction::Allow,
    )
}

/// Install `filters` on every thread of this process (TSYNC), in order.
///
/// With SECCOMP_FILTER_FLAG_SPEC_ALLOW: on CPUs where the kernel would
/// otherwise force the Speculative Store Bypass mitigation on every seccomp
/// process, that mitigation slows DuckDB's scans markedly while protecting
/// only secrets inside the worker itself (it holds none but the dataset,
/// which its SQL may read anyway, and runs no attacker-supplied machine code).
/// Kernels without the flag (before 4.17) get the filter without it.
pub fn install(filters: &[BpfProgram]) -> Result<(), SetupError> {
    const SET_MODE_FILTER: libc::c_ulong = 1;
    const FLAG_TSYNC: libc::c_ulong = 1;
    const FLAG_SPEC_ALLOW: libc::c_ulong = 4;
    for f in filters {
        let len =
            u16::try_from(f.len()).map_err(|_| SetupError::new("seccomp", "filter too long"))?;
        let prog = libc::sock_fprog {
            len,
            // seccompiler's sock_filter has the kernel's layout.
            filter: f.as_ptr() as *mut libc::sock_filter,
        };
        let install = |flags: libc::c_ulong| {
            // SAFETY: prog points at a live, well-formed BPF program.
            unsafe {
                libc::syscall(
                    libc::SYS_seccomp,
                    SET_MODE_FILTER,
                    flags,
                    &prog as *const libc::sock_fprog,
                )
            }
        };
        let mut rc = install(FLAG_TSYNC | FLAG_SPEC_ALLOW);
        if rc < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINVAL) {
            rc = install(FLAG_TSYNC);
        }
        if rc != 0 {
            let why = if rc > 0 {
                format!("thread {rc} could not be synchronised")
            } else {
                std::io::Error::last_os_error().to_string()
            };
            return Err(SetupError::new("seccomp", why));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_compile_and_lists_are_disjoint() {
        assert_eq!(worker_filters(1).unwrap().len(), 3);
        forwarder_filter(2).unwrap();
        let allowed = allow_rules(1).unwrap();
        for nr in kill_list() {
            assert!(
                !allowed.contains_key(&nr),
                "syscall {nr} is both allowed and killed"
            );
        }
        for denied in [
            libc::SYS_socket,
            libc::SYS_connect,
            libc::SYS_ioctl,
            libc::SYS_execve,
        ] {
            assert!(
                !allowed.contains_key(&denied),
                "{denied} must not be allowed"
            );
        }
    }
}
