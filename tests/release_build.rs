//! The binary users get has no test hooks. `cargo test` always compiles this
//! package with the `test-hooks` feature (the self dev-dependency in
//! Cargo.toml), so this test needs the shipped binary from a separate
//! `cargo build`, and checks that it refuses the lock-down switch and fault
//! injection instead of honouring or ignoring them.
//!
//! Ignored by default: a plain `cargo build` resolves dependency features
//! without the dev-dependencies, so it compiles its own copy of the bundled
//! DuckDB (about 35 minutes from scratch). Run it as
//!
//! ```text
//! cargo build --release && cp target/release/sandpiper /tmp/sandpiper-shipped
//! SANDPIPER_SHIPPED_EXE=/tmp/sandpiper-shipped \
//!     cargo test --release --test release_build -- --ignored
//! ```
//!
//! (copy it first: `cargo test` points `target/release/sandpiper` back at
//! the test build). Without `SANDPIPER_SHIPPED_EXE` it runs `cargo build`
//! itself; that re-points `target/<profile>/sandpiper` at the build without
//! the feature, and a guard puts the test build's binary back (other test
//! binaries re-execute it as their worker).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod jail_support;

use jail_support::*;
use sandpiper::jail::args::{TestHooks, WorkerArgs, WorkerJob, WorkerMode, SUBCOMMAND};
use sandpiper::jail::{Fault, JailedRunner};
use sandpiper::runner::JailMode;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Puts the test build's binary back at `path` when dropped.
struct Restore {
    path: PathBuf,
    saved: PathBuf,
}

impl Drop for Restore {
    fn drop(&mut self) {
        // Same directory, so the rename is atomic.
        if let Err(e) = std::fs::rename(&self.saved, &self.path) {
            eprintln!("could not restore {}: {e}", self.path.display());
        }
    }
}

/// Build `sandpiper` exactly as `cargo build` does (default features) and
/// copy it to `into`; returns the copy.
fn shipped_binary(into: &Path) -> PathBuf {
    let test_exe = PathBuf::from(env!("CARGO_BIN_EXE_sandpiper"));
    let profile_dir = test_exe.parent().unwrap();
    let target_dir = profile_dir.parent().unwrap();
    let profile = match profile_dir.file_name().unwrap().to_str().unwrap() {
        "debug" => "dev",
        other => other,
    };
    let saved = profile_dir.join("sandpiper.test-build");
    std::fs::copy(&test_exe, &saved).unwrap();
    let _restore = Restore {
        path: test_exe.clone(),
        saved,
    };
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| env!("CARGO").into());
    let out = Command::new(cargo)
        .args([
            "build",
            "--offline",
            "--bin",
            "sandpiper",
            "--profile",
            profile,
        ])
        .arg("--manifest-path")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir)
        .arg("--message-format=json-render-diagnostics")
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo build failed: {:?}", out.status);
    let exe = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "sandpiper")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("cargo reported no sandpiper executable");
    let copy = into.join("sandpiper-shipped");
    std::fs::copy(&exe, &copy).unwrap();
    copy
}

/// Worker arguments (as `<exe> __jail <json>`) for `fx`, with or without
/// the lock-down switch.
fn worker_argv(fx: &Fixture, lockdown_off: bool) -> String {
    WorkerArgs {
        mode: WorkerMode::Strict,
        job: WorkerJob::Query,
        dataset: fx.dataset.clone(),
        scratch_mb: 64,
        threads: 1,
        memory_limit_mb: 256,
        warm_mb: 0,
        address_space_mb: 2048,
        cpu_secs: 10,
        nofile: 64,
        parent_pid: std::process::id() as i32,
        uid: 0,
        gid: 0,
        test_hooks: TestHooks {
            duckdb_lockdown_off: lockdown_off,
        },
    }
    .to_arg()
    .unwrap()
}

/// Run `exe __jail <json>` with no channel and return (exit code, stderr).
fn run_worker(exe: &Path, json: &str) -> (Option<i32>, String) {
    let mut cmd = Command::new(exe);
    // SAFETY: close(2) is async-signal-safe. Whatever this test process
    // holds on fd 3 (a jobserver pipe from cargo, say) must not look like
    // a channel to the worker: it stops at "no channel" instead.
    unsafe {
        cmd.pre_exec(|| {
            libc::close(3);
            Ok(())
        });
    }
    let out = cmd
        .args([SUBCOMMAND, json])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
#[ignore = "needs the binary `cargo build --release` ships: see the module comment"]
fn the_shipped_binary_refuses_test_hooks() {
    let fx = Fixture::new();
    let shipped = match std::env::var_os("SANDPIPER_SHIPPED_EXE") {
        Some(p) => PathBuf::from(p),
        None => shipped_binary(fx.dir.path()),
    };

    // The lock-down switch: refused while reading the command line, before
    // the worker does anything else.
    let (code, stderr) = run_worker(&shipped, &worker_argv(&fx, true));
    assert_eq!(code, Some(70), "{stderr}");
    assert!(stderr.contains("unknown field `test_hooks`"), "{stderr}");
    // The same configuration without it gets past the parser (and stops
    // at the missing channel, silently): the refusal is about the hook.
    let (code, stderr) = run_worker(&shipped, &worker_argv(&fx, false));
    assert_eq!(code, Some(70), "{stderr}");
    assert!(!stderr.contains("bad worker configuration"), "{stderr}");
    // The test build reads the same switch (control).
    let (_, stderr) = run_worker(
        Path::new(env!("CARGO_BIN_EXE_sandpiper")),
        &worker_argv(&fx, true),
    );
    assert!(!stderr.contains("bad worker configuration"), "{stderr}");

    // Through the runner: the shipped binary is a working worker...
    let mut cfg = config(&fx, JailMode::Strict);
    cfg.exe = shipped.clone();
    cfg.max_start_failures = 2;
    let mut r = runner_with(cfg.clone());
    assert_healthy(&mut r);
    // ...that neither honours nor ignores an injected fault: the query
    // message naming one does not parse, so the worker exits on a protocol
    // error instead of crashing with the fault's signal or answering.
    r.inject_fault(Fault::Segfault);
    let err = run(&mut r, "SELECT 1").unwrap_err();
    assert_eq!(err.category(), "crashed", "{err}");
    assert!(err.to_string().contains("channel broke"), "{err}");
    assert_healthy(&mut r);
    drop(r);

    // ...and whose workers never start when asked to drop the lock-down.
    cfg.test_hooks.duckdb_lockdown_off = true;
    let r = JailedRunner::start(cfg).unwrap();
    let err = r.wait_ready(Duration::from_secs(30)).unwrap_err();
    assert_eq!(err.category(), "jail_setup_failed", "{err}");
}
