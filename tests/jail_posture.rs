//! The jail seen from outside and from inside: a live worker's
//! /proc/PID/{status,ns,fd,environ,limits}, syscall probes run inside a
//! jailed test worker, the doctor report, the strict-mode refusal, and that
//! dropping a runner leaves no process behind.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod jail_support;

use jail_support::*;
use rstest::rstest;
use sandpiper::jail::{doctor, run_probe, JailConfig, JailedRunner, ProbeOutcome};
use sandpiper::runner::{JailMode, Runner};
use std::time::{Duration, Instant};

#[rstest]
fn live_worker_posture(#[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode) {
    let fx = Fixture::new();
    let r = runner(&fx, mode);
    let worker = r.idle_worker_pids()[0];
    let pid = jailed_process(worker);
    if mode == JailMode::Strict {
        assert_ne!(pid, worker, "strict worker has a PID-1 child");
        assert!(
            status_field(pid, "NSpid").ends_with("\t1"),
            "{}",
            status_field(pid, "NSpid")
        );
    }
    assert_eq!(status_field(pid, "NoNewPrivs"), "1");
    assert_eq!(status_field(pid, "Seccomp"), "2");
    for cap in ["CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"] {
        assert_eq!(status_field(pid, cap), "0000000000000000", "{cap}");
    }
    let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap();
    assert!(
        environ.is_empty(),
        "environment not empty: {:?}",
        String::from_utf8_lossy(&environ)
    );

    // Namespaces: all new in strict mode, all shared in reduced mode.
    for ns in ["user", "mnt", "net", "pid", "ipc", "uts", "cgroup"] {
        let theirs = std::fs::read_link(format!("/proc/{pid}/ns/{ns}")).unwrap();
        let ours = std::fs::read_link(format!("/proc/self/ns/{ns}")).unwrap();
        assert_eq!(
            theirs != ours,
            mode == JailMode::Strict,
            "{ns}: {theirs:?} vs {ours:?}"
        );
    }

    // Open fds: /dev/null on 0-2, the channel, DuckDB's files.
    for e in std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .flatten()
    {
        let fd: i32 = e.file_name().to_string_lossy().parse().unwrap();
        let target = std::fs::read_link(e.path()).unwrap().display().to_string();
        let ok = match fd {
            0..=2 => target == "/dev/null",
            3 => target.starts_with("socket:"),
            _ => {
                target.ends_with("dataset.duckdb")
                    || target.starts_with("/scratch")
                    || target.starts_with("anon_inode:")
            }
        };
        assert!(ok, "unexpected fd {fd} -> {target}");
    }
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    for (name, want) in [
        ("Max core file size", "0"),
        ("Max open files", "64"),
        ("Max locked memory", "0"),
    ] {
        let line = limits.lines().find(|l| l.starts_with(name)).unwrap();
        assert_eq!(
            line.split_whitespace().nth(name.split_whitespace().count()),
            Some(want),
            "{line}"
        );
    }
    let as_line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))
        .unwrap();
    assert!(!as_line.contains("unlimited"), "{as_line}");
}

/// What a probe must do: fail with one of these errnos, or kill the worker.
#[derive(Debug, Clone, Copy)]
enum Want {
    Errno(&'static [i32]),
    Killed,
    ErrnoOrKilled(&'static [i32]),
    Works,
}

#[rstest]
#[case::thread("thread", Want::Works)]
#[case::socket_inet("socket_inet", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::socket_unix("socket_unix", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::connect("connect", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::execve("execve", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::fork("fork", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::ptrace("ptrace", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::mount("mount", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::unshare("unshare", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::setns("setns", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::bpf("bpf", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::perf_event_open("perf_event_open", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::io_uring_setup("io_uring_setup", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::keyctl("keyctl", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::ioctl_tiocsti("ioctl_tiocsti", Want::ErrnoOrKilled(&[libc::EPERM]))]
#[case::clone3("clone3", Want::Errno(&[libc::ENOSYS]))]
#[case::open_etc_passwd("open_etc_passwd", Want::Errno(&[libc::ENOENT, libc::EACCES]))]
#[case::create_file_in_root("create_file_in_root", Want::Errno(&[libc::EROFS, libc::EACCES]))]
#[case::kill_init("kill_init", Want::Errno(&[libc::EPERM]))]
#[case::setrlimit("setrlimit", Want::Errno(&[libc::EPERM]))]
#[case::mmap_exec("mmap_exec", Want::Errno(&[libc::EPERM]))]
#[case::execve_killed("execve", Want::Killed)]
fn syscall_probes_inside_the_jail(
    #[case] probe: &str,
    #[case] want: Want,
    #[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode,
) {
    let fx = Fixture::new();
    let cfg = config(&fx, mode);
    let got = run_probe(&cfg, probe).unwrap();
    let killed =
        |o: &ProbeOutcome| matches!(o, ProbeOutcome::Died(x) if x.signal() == Some(libc::SIGSYS));
    let ok = match want {
        Want::Works => got == ProbeOutcome::Errno(0),
        Want::Errno(list) => matches!(got, ProbeOutcome::Errno(e) if list.contains(&e)),
        Want::Killed => killed(&got),
        Want::ErrnoOrKilled(list) => {
            killed(&got) || matches!(got, ProbeOutcome::Errno(e) if list.contains(&e))
        }
    };
    assert!(ok, "{mode:?} probe {probe}: got {got:?}, want {want:?}");
}

#[test]
fn strict_mode_refuses_without_user_namespaces_and_reduced_says_so() {
    let fx = Fixture::new();
    let mut cfg = config(&fx, JailMode::Strict);
    cfg.force_no_userns = true;
    let err = JailedRunner::start(cfg.clone())
        .err()
        .expect("strict must refuse");
    assert_eq!(err.category(), "jail_setup_failed");
    assert!(err.to_string().contains("--jail reduced"), "{err}");
    cfg.mode = JailMode::Reduced;
    let mut r = runner_with(cfg);
    assert_eq!(r.mode(), JailMode::Reduced);
    assert_healthy(&mut r);
}

#[test]
fn in_process_mode_is_refused_by_the_jailed_runner() {
    let fx = Fixture::new();
    let cfg = config(&fx, JailMode::InProcess);
    assert_eq!(
        JailedRunner::start(cfg).err().map(|e| e.category()),
        Some("jail_setup_failed")
    );
}

#[test]
fn workers_that_keep_dying_at_start_back_off_then_report() {
    let fx = Fixture::new();
    let mut cfg = config(&fx, JailMode::Strict);
    // A "binary" that is not sandpiper: every worker dies at once.
    cfg.exe = "/bin/false".into();
    cfg.max_start_failures = 3;
    let r = JailedRunner::start(cfg).unwrap();
    let t = Instant::now();
    let err = r.wait_ready(Duration::from_secs(30)).unwrap_err();
    assert_eq!(err.category(), "jail_setup_failed");
    assert!(err.to_string().contains("3 times"), "{err}");
    // Back-off: 100 + 200 ms at least between the three attempts.
    assert!(
        t.elapsed() >= Duration::from_millis(300),
        "{:?}",
        t.elapsed()
    );
    assert!(zombie_children().is_empty());
}

#[test]
fn a_missing_dataset_is_refused_up_front() {
    let fx = Fixture::new();
    let mut cfg = config(&fx, JailMode::Strict);
    cfg.dataset = fx.path("nope.duckdb");
    let err = JailedRunner::start(cfg).err().unwrap();
    assert!(err.to_string().contains("does not exist"), "{err}");
}

#[test]
fn a_corrupt_dataset_fails_set_up_permanently_not_in_a_loop() {
    let fx = Fixture::new();
    let bad = fx.path("bad.duckdb");
    std::fs::write(&bad, b"this is not a duckdb file").unwrap();
    let mut cfg = JailConfig::new(&bad);
    cfg.exe = worker_exe();
    cfg.max_start_failures = 2;
    let r = JailedRunner::start(cfg).unwrap();
    let err = r.wait_ready(Duration::from_secs(30)).unwrap_err();
    assert_eq!(err.category(), "jail_setup_failed");
    assert!(err.to_string().contains("duckdb"), "{err}");
}

#[test]
fn dropping_the_runner_leaves_no_process() {
    let fx = Fixture::new();
    let mut cfg = config(&fx, JailMode::Strict);
    cfg.pool_size = 2;
    let mut r = runner_with(cfg);
    assert_healthy(&mut r);
    r.wait_ready(Duration::from_secs(10)).unwrap();
    let pids = r.live_worker_pids();
    let jailed: Vec<i32> = pids.iter().map(|&p| jailed_process(p)).collect();
    drop(r);
    let until = Instant::now() + Duration::from_secs(3);
    while jailed.iter().chain(&pids).any(|&p| alive(p)) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    for p in jailed.iter().chain(&pids) {
        assert!(!alive(*p), "pid {p} still alive");
    }
    for p in &pids {
        assert!(
            !std::path::Path::new(&format!("/proc/{p}")).exists(),
            "worker {p} not reaped"
        );
    }
}

#[test]
fn doctor_reports_what_this_host_offers() {
    let report = doctor::report_with(worker_exe());
    let text = report.to_string();
    for name in ["user namespaces", "seccomp", "landlock", "cgroup v2"] {
        assert!(text.contains(name), "{text}");
    }
    let json = serde_json::to_value(&report).unwrap();
    assert!(json["checks"].as_array().unwrap().len() >= 4);
    // This test machine has user namespaces, seccomp and Landlock.
    assert_eq!(report.mode, "strict", "{text}");
    assert!(report.reduced_available);
    assert!(report.landlock_abi >= 1);
}

#[test]
fn ready_reports_landlock_and_fast_start() {
    let fx = Fixture::new();
    let r = runner(&fx, JailMode::Strict);
    let times = r.start_times_ms();
    assert!(!times.is_empty());
    assert!(times[0] < 2000.0, "start took {} ms", times[0]);
}
