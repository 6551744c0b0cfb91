//! Attacks on the jail through SQL. These call the runner directly,
//! bypassing the SQL validator: the jail must hold on its own.
//!
//! Two walls stand between SQL and the host: DuckDB's lock-down (external
//! access off, configuration locked, no extensions) and the OS jail
//! (namespaces, empty root, rlimits, Landlock, seccomp). Every attack runs
//! against both together ([`Wall::Both`], what users run) and against the OS
//! jail alone ([`Wall::OsOnly`]: the worker opens DuckDB without its
//! lock-down, a `test-hooks` build only), and asserts *why* it was stopped:
//! the message that shows which wall held. Where it means something, the
//! same statement first runs in an unjailed DuckDB and opens its door, so
//! an attack that fails for another reason (a typo, a missing function)
//! cannot pass as held.
//!
//! DuckDB's read-only access mode stays on in both walls (the dataset is
//! mounted read-only in the jail, so DuckDB could not open it for writing
//! anyway).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod jail_support;

use jail_support::*;
use rstest::rstest;
use sandpiper::jail::{Fault, JailedRunner};
use sandpiper::runner::{JailMode, QueryRequest, Runner};
use std::net::TcpListener;
use std::sync::{RwLock, RwLockReadGuard};
use std::time::{Duration, Instant};

/// Tests that open DuckDB in this process (the unjailed controls) hold this
/// for reading; the test that measures this process's memory holds it for
/// writing, so their allocations do not count as its growth.
static IN_PROCESS_DUCKDB: RwLock<()> = RwLock::new(());

fn in_process_duckdb() -> RwLockReadGuard<'static, ()> {
    IN_PROCESS_DUCKDB
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// How an attack must end for the wall to count as holding.
#[derive(Debug, Clone, Copy)]
enum Held {
    /// Refused with a SQL error whose message says every one of these.
    Says(&'static [&'static str]),
    /// Runs and finds nothing: no row holds a non-null value (`read_text`
    /// and `glob` list no files when the file is not in the jail's root).
    Nothing,
    /// Runs: a setting changed for this statement only. Held when the next
    /// (single-use) worker starts with exactly the settings it had before.
    ThisStatementOnly,
}

/// DuckDB's lock-down refused a file or URL.
const LOCKED_FILE: Held = Held::Says(&[
    "Permission Error: Cannot access file",
    "file system operations are disabled by configuration",
]);
/// DuckDB's lock-down refused a SET.
const LOCKED_CONFIG: Held = Held::Says(&["the configuration has been locked"]);
/// DuckDB's lock-down refused loading extension code.
const LOCKED_LOAD: Held =
    Held::Says(&["Permission Error: Loading external extensions is disabled"]);
/// DuckDB's lock-down refused the extension directory.
const LOCKED_EXT_DIR: Held = Held::Says(&[
    "Permission Error: Cannot access directory",
    "file system operations are disabled by configuration",
]);
/// Strict jail: the path does not exist in the empty root.
const NOT_IN_ROOT: Held = Held::Says(&["IO Error: No files found that match the pattern"]);
/// Strict jail: the file does not exist in the empty root.
const NO_SUCH_FILE: Held = Held::Says(&["IO Error: Cannot open file", "No such file or directory"]);
/// Reduced jail: Landlock refused the open.
const LANDLOCK: Held = Held::Says(&["IO Error: Cannot open file", "Permission denied"]);
/// Strict jail, lock-down off: the extension download was attempted and
/// failed (no network namespace route, sockets refused by seccomp).
const NO_NETWORK: Held = Held::Says(&["Failed to download extension"]);
/// Reduced jail, lock-down off: DuckDB's home (the jail's no-spill
/// directory) does not exist and cannot be made, so no extension can be
/// installed (the network itself is refused by seccomp: see the probes in
/// `jail_posture`).
const NOWHERE_TO_INSTALL: Held =
    Held::Says(&["Can't find the home directory at '/proc/sandpiper-no-spill'"]);

/// What each wall must do with one attack.
#[derive(Debug, Clone, Copy)]
struct Want {
    both: Held,
    os_strict: Held,
    os_reduced: Held,
}

impl Want {
    fn get(&self, mode: JailMode, wall: Wall) -> Held {
        match (wall, mode) {
            (Wall::Both, _) => self.both,
            (Wall::OsOnly, JailMode::Reduced) => self.os_reduced,
            (Wall::OsOnly, _) => self.os_strict,
        }
    }
}

const fn want(both: Held, os_strict: Held, os_reduced: Held) -> Want {
    Want {
        both,
        os_strict,
        os_reduced,
    }
}

/// The settings a fresh worker starts with (to show a SET did not outlive
/// its statement).
const SETTINGS_SQL: &str = "SELECT name, CAST(value AS VARCHAR) AS v FROM duckdb_settings() \
     WHERE name IN ('threads', 'memory_limit', 'temp_directory', 'max_temp_directory_size', \
     'lock_configuration', 'enable_external_access', 'autoinstall_known_extensions', \
     'autoload_known_extensions', 'allowed_directories', 'allowed_paths', \
     'custom_extension_repository', 'allow_persistent_secrets', 'allow_unsigned_extensions') \
     ORDER BY name";

fn settings(r: &mut JailedRunner) -> Vec<Vec<serde_json::Value>> {
    let rows = run(r, SETTINGS_SQL).unwrap().rows;
    assert_eq!(rows.len(), 13, "{rows:?}");
    rows
}

/// Run `sql` (placeholders filled) and assert it ended as `held` says,
/// leaking nothing, with the runner healthy afterwards.
fn assert_held(fx: &Fixture, r: &mut JailedRunner, sql: &str, held: Held) {
    let sql = fx.fill(sql);
    let before = matches!(held, Held::ThisStatementOnly).then(|| settings(r));
    let res = run(r, &sql);
    let text = text_of(&res);
    assert!(!text.contains(SECRET), "{sql} leaked: {text}");
    match held {
        Held::Says(parts) => {
            match &res {
                Err(e) => assert_eq!(e.category(), "sql_error", "{sql}: {e}"),
                Ok(out) => panic!("{sql} was not refused: {:?}", out.rows),
            }
            for part in parts {
                assert!(text.contains(part), "{sql}: expected {part:?} in: {text}");
            }
        }
        Held::Nothing => {
            let out = res.unwrap_or_else(|e| panic!("{sql}: expected an empty result: {e}"));
            assert!(
                out.rows.iter().flatten().all(|v| v.is_null()),
                "{sql} found something: {:?}",
                out.rows
            );
        }
        Held::ThisStatementOnly => {
            res.unwrap_or_else(|e| panic!("{sql}: with the lock-down off this runs: {e}"));
            assert_eq!(Some(settings(r)), before, "{sql} outlived its worker");
        }
    }
    assert_healthy(r);
}

/// The door is real: in an unjailed, unlocked DuckDB (on a fixture of its
/// own) the statement succeeds, returns rows, and shows `shows` if given.
fn assert_door_open(sql: &str, shows: Option<&str>) {
    let _in_process = in_process_duckdb();
    let ctl = Fixture::new();
    std::fs::write(ctl.path("evil.duckdb_extension"), b"not an extension").unwrap();
    let sql = ctl.fill(sql);
    let res = run_unjailed(&unjailed(&ctl), &sql);
    let text = text_of(&res);
    let out = res.unwrap_or_else(|e| panic!("unjailed, {sql} fails by itself: {e}"));
    if let Some(s) = shows {
        assert!(
            text.contains(s),
            "unjailed, {sql} does not show {s:?}: {text}"
        );
    }
    assert!(
        !out.rows.is_empty() || shows.is_none(),
        "unjailed {sql}: no rows"
    );
}

const PASSWD: Option<&str> = Some("root:x:0:0");

#[rstest]
#[case::read_csv(
    "SELECT * FROM read_csv('{secret_csv}')",
    Some(SECRET),
    want(LOCKED_FILE, NOT_IN_ROOT, LANDLOCK)
)]
#[case::read_csv_auto(
    "SELECT * FROM read_csv_auto('/etc/passwd')",
    Some(":x:"),
    want(LOCKED_FILE, NOT_IN_ROOT, LANDLOCK)
)]
#[case::read_text(
    "SELECT * FROM read_text('/etc/passwd')",
    PASSWD,
    want(LOCKED_FILE, Held::Nothing, LANDLOCK)
)]
#[case::read_blob(
    "SELECT * FROM read_blob('/etc/passwd')",
    Some("726f6f743a783a30"),
    want(LOCKED_FILE, Held::Nothing, LANDLOCK)
)]
#[case::read_json(
    "SELECT * FROM read_json('{secret_json}')",
    Some(SECRET),
    want(LOCKED_FILE, NOT_IN_ROOT, LANDLOCK)
)]
#[case::read_json_auto(
    "SELECT * FROM read_json_auto('{secret_json}')",
    Some(SECRET),
    want(LOCKED_FILE, NOT_IN_ROOT, LANDLOCK)
)]
#[case::read_parquet(
    "SELECT * FROM read_parquet('{secret_parquet}')",
    Some(SECRET),
    want(LOCKED_FILE, NOT_IN_ROOT, LANDLOCK)
)]
#[case::parquet_metadata(
    "SELECT * FROM parquet_metadata('{secret_parquet}')",
    Some(SECRET),
    want(LOCKED_FILE, NOT_IN_ROOT, LANDLOCK)
)]
#[case::sniff_csv(
    "SELECT * FROM sniff_csv('{secret_csv}')",
    Some("secret.csv"),
    want(LOCKED_FILE, NOT_IN_ROOT, LANDLOCK)
)]
#[case::glob_root(
    "SELECT * FROM glob('/*')",
    None,
    want(LOCKED_FILE, Held::Nothing, Held::Nothing)
)]
#[case::glob_dir(
    "SELECT * FROM glob('{dir}/*')",
    Some("secret.csv"),
    want(LOCKED_FILE, Held::Nothing, Held::Nothing)
)]
#[case::bare_path(
    "SELECT * FROM '{secret_csv}'",
    Some(SECRET),
    want(LOCKED_FILE, NOT_IN_ROOT, LANDLOCK)
)]
#[case::bare_path_glob(
    "SELECT * FROM '{dir}/*.csv'",
    Some(SECRET),
    want(LOCKED_FILE, NOT_IN_ROOT, NOT_IN_ROOT)
)]
#[case::quoted_function(
    "SELECT * FROM \"read_text\"('/etc/passwd')",
    PASSWD,
    want(LOCKED_FILE, Held::Nothing, LANDLOCK)
)]
#[case::query_function(
    "SELECT * FROM query('SELECT * FROM read_text(''{secret_csv}'')')",
    Some(SECRET),
    want(LOCKED_FILE, Held::Nothing, LANDLOCK)
)]
#[case::proc_environ(
    "SELECT * FROM read_text('/proc/self/environ')",
    Some("PATH="),
    want(LOCKED_FILE, Held::Nothing, LANDLOCK)
)]
#[case::scalar_subquery(
    "SELECT (SELECT content FROM read_text('{secret_csv}')) AS x",
    Some(SECRET),
    want(LOCKED_FILE, Held::Nothing, LANDLOCK)
)]
fn reading_outside_the_dataset_is_refused(
    #[case] sql: &str,
    #[case] shows: Option<&str>,
    #[case] want: Want,
    #[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode,
    #[values(Wall::Both, Wall::OsOnly)] wall: Wall,
) {
    assert_door_open(sql, shows);
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, mode, wall);
    assert_held(&fx, &mut r, sql, want.get(mode, wall));
}

const READ_ONLY: Held = Held::Says(&["attached in read-only mode"]);
const NO_DATABASE: Held = Held::Says(&["database does not exist"]);

#[rstest]
#[case::copy_to_host(
    "COPY (SELECT 1 AS x) TO '{dir}/out.csv'",
    Some("out.csv"),
    true,
    want(LOCKED_FILE, NO_SUCH_FILE, LANDLOCK)
)]
#[case::copy_to_stdout(
    "COPY (SELECT 1 AS x) TO '/dev/stdout'",
    None,
    false,
    want(LOCKED_FILE, NO_SUCH_FILE, LANDLOCK)
)]
#[case::copy_to_fd1(
    "COPY (SELECT 1 AS x) TO '/proc/self/fd/1'",
    None,
    false,
    want(LOCKED_FILE, NO_SUCH_FILE, LANDLOCK)
)]
#[case::export_database(
    "EXPORT DATABASE '{dir}/export'",
    Some("export"),
    true,
    want(
        LOCKED_FILE,
        Held::Says(&["Failed to create directory", "No such file or directory"]),
        Held::Says(&["Failed to create directory", "Permission denied"])
    )
)]
#[case::attach_host_db(
    "ATTACH '{other_db}' AS o",
    None,
    true,
    want(LOCKED_FILE, NO_DATABASE, LANDLOCK)
)]
#[case::attach_new_db(
    "ATTACH '{dir}/new.duckdb' AS n",
    Some("new.duckdb"),
    true,
    want(LOCKED_FILE, NO_DATABASE, NO_DATABASE)
)]
#[case::create_table(
    "CREATE TABLE x AS SELECT 1 AS y",
    None,
    true,
    want(READ_ONLY, READ_ONLY, READ_ONLY)
)]
#[case::insert(
    "INSERT INTO t VALUES (5000, 'x', 1.0)",
    None,
    true,
    want(READ_ONLY, READ_ONLY, READ_ONLY)
)]
fn writing_is_refused(
    #[case] sql: &str,
    #[case] must_not_exist: Option<&str>,
    #[case] control: bool,
    #[case] want: Want,
    #[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode,
    #[values(Wall::Both, Wall::OsOnly)] wall: Wall,
) {
    if control {
        assert_door_open(sql, None);
    }
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, mode, wall);
    assert_held(&fx, &mut r, sql, want.get(mode, wall));
    if let Some(name) = must_not_exist {
        assert!(!exists(&fx.path(name)), "{name} was written");
    }
}

const SET_ALONE: Held = Held::ThisStatementOnly;
const fn set(both: Held) -> Want {
    want(both, SET_ALONE, SET_ALONE)
}

#[rstest]
#[case::set_external_access(
    "SET enable_external_access = true",
    want(LOCKED_CONFIG, RUNNING_EXTERNAL, RUNNING_EXTERNAL)
)]
#[case::unlock("SET lock_configuration = false", set(LOCKED_CONFIG))]
#[case::memory_limit("SET memory_limit = '100GB'", set(LOCKED_CONFIG))]
#[case::threads("SET threads = 64", set(LOCKED_CONFIG))]
#[case::temp_directory("SET temp_directory = '/tmp'", set(LOCKED_CONFIG))]
#[case::max_temp_size("SET max_temp_directory_size = '1TB'", set(LOCKED_CONFIG))]
#[case::unsigned_extensions(
    "SET allow_unsigned_extensions = true",
    want(LOCKED_CONFIG, RUNNING_UNSIGNED, RUNNING_UNSIGNED)
)]
#[case::autoinstall("SET autoinstall_known_extensions = true", set(LOCKED_CONFIG))]
#[case::autoload("SET autoload_known_extensions = true", set(LOCKED_CONFIG))]
#[case::allowed_directories("SET allowed_directories = ['/']", set(LOCKED_CONFIG))]
#[case::allowed_paths("SET allowed_paths = ['/etc/passwd']", set(LOCKED_CONFIG))]
#[case::extension_repo(
    "SET custom_extension_repository = 'http://127.0.0.1:9/'",
    set(LOCKED_CONFIG)
)]
#[case::persistent_secrets("SET allow_persistent_secrets = true", set(LOCKED_CONFIG))]
#[case::reset_memory("RESET memory_limit", set(LOCKED_CONFIG))]
#[case::reset_lock("RESET lock_configuration", set(LOCKED_CONFIG))]
#[case::pragma_memory("PRAGMA memory_limit = '100GB'", set(LOCKED_CONFIG))]
#[case::pragma_threads("PRAGMA threads = 64", set(LOCKED_CONFIG))]
#[case::set_then_select(
    "SET threads = 64; SELECT 1",
    want(TWO_STATEMENTS, TWO_STATEMENTS, TWO_STATEMENTS)
)]
#[case::persistent_secret(
    "CREATE PERSISTENT SECRET s (TYPE S3, KEY_ID 'k', SECRET 'v')",
    want(Held::Says(&["Secret type 's3' does not exist"]), NO_NETWORK, NOWHERE_TO_INSTALL)
)]
#[case::install("INSTALL httpfs", want(LOCKED_EXT_DIR, NO_NETWORK, NOWHERE_TO_INSTALL))]
#[case::load(
    "LOAD httpfs",
    want(
        LOCKED_LOAD,
        Held::Says(&["/scratch/.duckdb/extensions/", "httpfs.duckdb_extension\" not found"]),
        Held::Says(&["/proc/sandpiper-no-spill/.duckdb/extensions/", "httpfs.duckdb_extension\" not found"])
    )
)]
#[case::load_file(
    "LOAD '{dir}/evil.duckdb_extension'",
    want(LOCKED_LOAD, Held::Says(&["evil.duckdb_extension\" not found"]), LANDLOCK)
)]
#[case::s3(
    "SELECT * FROM read_parquet('s3://bucket/x.parquet')",
    want(LOCKED_FILE, NO_NETWORK, NOWHERE_TO_INSTALL)
)]
#[case::https(
    "SELECT * FROM read_text('https://example.com/')",
    want(LOCKED_FILE, NO_NETWORK, NOWHERE_TO_INSTALL)
)]
#[case::nested_parens_5000("__NESTED_5000__", want(TOO_DEEP, TOO_DEEP, TOO_DEEP))]
fn loosening_limits_and_loading_code_is_refused(
    #[case] sql: &str,
    #[case] want: Want,
    #[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode,
    #[values(Wall::Both, Wall::OsOnly)] wall: Wall,
) {
    let fx = Fixture::new();
    // A file LOAD could find on the host: unjailed, DuckDB opens it (and
    // refuses it only as not being an extension).
    std::fs::write(fx.path("evil.duckdb_extension"), b"not an extension").unwrap();
    let mut r = runner_walls(&fx, mode, wall);
    let sql = if sql == "__NESTED_5000__" {
        format!("SELECT {}1{} AS x", "(".repeat(5000), ")".repeat(5000))
    } else {
        sql.to_string()
    };
    assert_held(&fx, &mut r, &sql, want.get(mode, wall));
}

/// Lock-down off: DuckDB itself only takes these at start-up.
const RUNNING_EXTERNAL: Held =
    Held::Says(&["Cannot enable external access while database is running"]);
const RUNNING_UNSIGNED: Held =
    Held::Says(&["Cannot change allow_unsigned_extensions setting while database is running"]);
const TWO_STATEMENTS: Held = Held::Says(&["the SQL text holds 2 statements"]);
const TOO_DEEP: Held = Held::Says(&["depth"]);

#[test]
fn the_evil_extension_file_is_reachable_unjailed() {
    let _in_process = in_process_duckdb();
    let ctl = Fixture::new();
    std::fs::write(ctl.path("evil.duckdb_extension"), b"not an extension").unwrap();
    let sql = ctl.fill("LOAD '{dir}/evil.duckdb_extension'");
    let err = run_unjailed(&unjailed(&ctl), &sql).unwrap_err();
    assert!(
        err.to_string().contains("is not a DuckDB extension"),
        "{err}"
    );
}

#[rstest]
fn loopback_urls_never_connect(
    #[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode,
    #[values(Wall::Both, Wall::OsOnly)] wall: Wall,
) {
    let fx = Fixture::new();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let mut r = runner_walls(&fx, mode, wall);
    // With the lock-down off every one of these gets as far as fetching:
    // an install, or the httpfs auto-install the URL triggers.
    let os = match mode {
        JailMode::Reduced => NOWHERE_TO_INSTALL,
        _ => NO_NETWORK,
    };
    let missing_httpfs = Held::Says(&["requires the extension httpfs to be loaded"]);
    for (sql, both) in [
        (
            format!("INSTALL httpfs FROM 'http://127.0.0.1:{port}'"),
            LOCKED_EXT_DIR,
        ),
        (
            format!("FORCE INSTALL httpfs FROM 'http://127.0.0.1:{port}/'"),
            LOCKED_EXT_DIR,
        ),
        (
            format!("LOAD 'http://127.0.0.1:{port}/httpfs.duckdb_extension'"),
            LOCKED_LOAD,
        ),
        (
            format!("SELECT * FROM read_csv('http://127.0.0.1:{port}/x.csv')"),
            LOCKED_FILE,
        ),
        (
            format!("SELECT * FROM read_text('http://127.0.0.1:{port}/')"),
            LOCKED_FILE,
        ),
        (
            format!("ATTACH 'http://127.0.0.1:{port}/db.duckdb' AS remote"),
            missing_httpfs,
        ),
    ] {
        let held = match wall {
            Wall::Both => both,
            Wall::OsOnly => os,
        };
        assert_held(&fx, &mut r, &sql, held);
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        listener.accept().is_err(),
        "a worker connected to the loopback listener"
    );
}

/// `getenv` is not part of this DuckDB build (the CLI has it, the library
/// does not), unjailed or not: asserted so that a DuckDB upgrade that adds
/// it makes this test fail and be rewritten. The worker's environment is
/// empty either way (`jail_posture::live_worker_posture`), and
/// `/proc/self/environ` is among the reading attacks.
#[rstest]
fn getenv_does_not_exist(#[values(Wall::Both, Wall::OsOnly)] wall: Wall) {
    let sql = "SELECT getenv('HOME') AS h, getenv('PATH') AS p";
    const MISSING: &str = "Scalar Function with name getenv does not exist";
    let missing = MISSING;
    let ctl = Fixture::new();
    let in_process = in_process_duckdb();
    let err = run_unjailed(&unjailed(&ctl), sql).unwrap_err();
    drop(in_process);
    assert!(err.to_string().contains(missing), "{err}");
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, JailMode::Strict, wall);
    assert_held(&fx, &mut r, sql, Held::Says(&[MISSING]));
}

/// Strict mode: DuckDB spills to the worker's private scratch tmpfs; SQL
/// may name that directory (DuckDB allows its own temp directory), but what
/// it writes there is capped in size and dies with the worker.
#[rstest]
fn the_scratch_is_private_capped_and_dies_with_the_worker(
    #[values(Wall::Both, Wall::OsOnly)] wall: Wall,
) {
    let fx = Fixture::new();
    let mut cfg = config_walls(&fx, JailMode::Strict, wall);
    cfg.memory_limit_mb = 64;
    cfg.scratch_mb = 128;
    let mut r = runner_with(cfg);
    assert_duckdb_wall(&mut r, wall);
    let spill = "SELECT count(*) AS n FROM (SELECT i, md5(CAST(i AS VARCHAR)) AS h \
                 FROM range(2000000) r(i) ORDER BY h)";
    let out = run(&mut r, spill).unwrap();
    assert_eq!(out.rows[0][0], serde_json::json!(2000000));
    // A query may write into /scratch...
    let wrote = run(
        &mut r,
        "COPY (SELECT 'marker-5e1f' AS m) TO '/scratch/m.csv'",
    );
    assert_eq!(wrote.unwrap().rows, vec![vec![serde_json::json!(1)]]);
    // ...but the next worker has a fresh, empty scratch.
    for (sql, held) in [
        (
            "SELECT * FROM read_csv('/scratch/m.csv')",
            Held::Says(&["No files found that match the pattern \"/scratch/m.csv\""]),
        ),
        ("SELECT * FROM read_text('/scratch/m.csv')", Held::Nothing),
        ("SELECT * FROM glob('/scratch/*')", Held::Nothing),
    ] {
        assert_held(&fx, &mut r, sql, held);
    }
    // The tmpfs is capped: streaming 1 GB into it fails on the cap.
    let big = "COPY (SELECT repeat('x', 1000) AS s FROM range(1000000)) TO '/scratch/big.csv'";
    let res = r.run(&req(big, Duration::from_secs(60)));
    let text = text_of(&res);
    assert!(
        text.contains("No space left on device") || text.contains("File too large"),
        "a 1 GB file fit in a 128 MB scratch? {text}"
    );
    assert_healthy(&mut r);
}

/// Reduced mode has no writable directory: no spill, no SQL writes.
#[rstest]
fn reduced_mode_has_nowhere_to_write(#[values(Wall::Both, Wall::OsOnly)] wall: Wall) {
    let fx = Fixture::new();
    let mut cfg = config_walls(&fx, JailMode::Reduced, wall);
    cfg.memory_limit_mb = 64;
    let mut r = runner_with(cfg);
    assert_duckdb_wall(&mut r, wall);
    let spill = "SELECT count(*) AS n FROM (SELECT i, md5(CAST(i AS VARCHAR)) AS h \
                 FROM range(5000000) r(i) ORDER BY h)";
    let res = r.run(&req(spill, Duration::from_secs(60)));
    // It cannot spill: DuckDB fails to make its temp directory (nothing is
    // writable), or, had it not tried, runs out of memory.
    let cat = res.as_ref().err().map(|e| e.category());
    let no_spill_dir = text_of(&res)
        .contains("Failed to create directory \"/proc/sandpiper-no-spill\": No such file");
    assert!(
        cat == Some("memory_limit") || (cat == Some("sql_error") && no_spill_dir),
        "{}",
        text_of(&res)
    );
    // DuckDB lets a query name its own temp directory even when locked: the
    // OS stops it (the directory cannot exist under /proc).
    let no_spill = "COPY (SELECT 1 AS x) TO '/proc/sandpiper-no-spill/x.csv'";
    assert_held(&fx, &mut r, no_spill, NO_SUCH_FILE);
    let (copy, attach) = match wall {
        Wall::Both => (LOCKED_FILE, LOCKED_FILE),
        Wall::OsOnly => (LANDLOCK, NO_DATABASE),
    };
    assert_held(&fx, &mut r, "COPY (SELECT 1 AS x) TO '{dir}/x.csv'", copy);
    assert_held(&fx, &mut r, "ATTACH '{dir}/n.duckdb' AS n", attach);
    assert!(!fx.path("x.csv").exists() && !fx.path("n.duckdb").exists());
}

#[rstest]
fn cpu_spin_is_stopped_by_the_deadline(#[values(Wall::Both, Wall::OsOnly)] wall: Wall) {
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, JailMode::Strict, wall);
    let t = Instant::now();
    let res = r.run(&req(
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r",
        Duration::from_secs(2),
    ));
    assert_eq!(
        res.as_ref().err().map(|e| e.category()),
        Some("timeout"),
        "{}",
        text_of(&res)
    );
    assert!(
        t.elapsed() < Duration::from_secs(6),
        "took {:?}",
        t.elapsed()
    );
    assert_healthy(&mut r);
}

#[rstest]
fn cpu_rlimit_is_classified(#[values(Wall::Both, Wall::OsOnly)] wall: Wall) {
    let fx = Fixture::new();
    let mut cfg = config_walls(&fx, JailMode::Strict, wall);
    cfg.cpu_secs = 2;
    let mut r = runner_with(cfg);
    let res = r.run(&req(
        "SELECT count(*) FROM range(1000000000000) r(i) WHERE i % 7 = 3",
        Duration::from_secs(30),
    ));
    assert_eq!(
        res.as_ref().err().map(|e| e.category()),
        Some("cpu_limit"),
        "{}",
        text_of(&res)
    );
    assert_healthy(&mut r);
}

#[rstest]
#[case::repeat_2e9("SELECT length(repeat('x', 2000000000)) AS n")]
#[case::string_doubling(
    "WITH RECURSIVE s(x, n) AS (SELECT 'xxxxxxxx', 0 UNION ALL SELECT x || x, n + 1 FROM s WHERE n < 40) \
     SELECT max(length(x)) FROM s"
)]
#[case::big_list("SELECT len(range(3000000000)) AS n")]
fn memory_blowups_are_contained(#[case] sql: &str, #[values(Wall::Both, Wall::OsOnly)] wall: Wall) {
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, JailMode::Strict, wall);
    let t = Instant::now();
    let res = r.run(&req(sql, Duration::from_secs(15)));
    let cat = res.as_ref().err().map(|e| e.category());
    eprintln!(
        "{sql}: {cat:?} after {:?}: {:.200}",
        t.elapsed(),
        text_of(&res)
    );
    assert!(
        matches!(cat, Some("memory_limit") | Some("timeout")),
        "{sql}: {}",
        text_of(&res)
    );
    assert_healthy(&mut r);
}

#[rstest]
#[case::union_all_20000(20_000)]
fn huge_statements_are_refused_or_killed(
    #[case] terms: usize,
    #[values(Wall::Both, Wall::OsOnly)] wall: Wall,
) {
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, JailMode::Strict, wall);
    let sql = vec!["SELECT 1 AS x"; terms].join(" UNION ALL ");
    let t = Instant::now();
    let res = r.run(&req(&sql, Duration::from_secs(10)));
    let cat = res.as_ref().err().map(|e| e.category());
    eprintln!(
        "{terms} terms: {cat:?} after {:?}: {:.200}",
        t.elapsed(),
        text_of(&res)
    );
    assert!(
        matches!(
            cat,
            None | Some("sql_error") | Some("timeout") | Some("memory_limit")
        ),
        "{}",
        text_of(&res)
    );
    assert_healthy(&mut r);
}

#[test]
fn sql_over_one_mib_is_refused_before_any_worker_sees_it() {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
    let sql = format!("SELECT '{}' AS x", "a".repeat(1024 * 1024 + 1));
    let err = run(&mut r, &sql).unwrap_err();
    assert_eq!(err.category(), "sql_error");
    assert!(err.to_string().contains("limit"), "{err}");
    assert_healthy(&mut r);
}

#[rstest]
fn output_flood_hits_the_output_limit_with_app_memory_bounded(
    #[values(Wall::Both, Wall::OsOnly)] wall: Wall,
) {
    // No unjailed DuckDB in this process while its memory is measured.
    let _alone = IN_PROCESS_DUCKDB
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, JailMode::Strict, wall);
    let before = rss_kb();
    let mut q = QueryRequest::new(
        "SELECT i, 'padding-' || i AS s FROM range(10000000000) r(i)",
        u64::MAX / 2,
    );
    q.max_bytes = 32 * 1024 * 1024;
    q.timeout = Duration::from_secs(60);
    let res = r.run(&q);
    assert_eq!(
        res.as_ref().err().map(|e| e.category()),
        Some("output_limit"),
        "{}",
        text_of(&res)
    );
    let grown_mb = rss_kb().saturating_sub(before) / 1024;
    assert!(grown_mb < 400, "app RSS grew by {grown_mb} MiB");
    // With a row cap instead, the same flood is truncated quickly.
    let t = Instant::now();
    let out = run(&mut r, "SELECT i FROM range(10000000000) r(i)").unwrap();
    assert!(out.truncated && out.rows.len() == 1000);
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_healthy(&mut r);
}

#[rstest]
#[case::segfault(Fault::Segfault, "SIGSEGV")]
#[case::abort(Fault::Abort, "SIGABRT")]
#[case::blocked_syscall(Fault::BlockedSyscall, "SIGSYS")]
fn worker_crashes_are_classified(
    #[case] fault: Fault,
    #[case] signal: &str,
    #[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode,
    #[values(Wall::Both, Wall::OsOnly)] wall: Wall,
) {
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, mode, wall);
    r.inject_fault(fault);
    let err = run(&mut r, "SELECT 1").unwrap_err();
    assert_eq!(err.category(), "crashed", "{err}");
    assert!(err.to_string().contains(signal), "{err}");
    assert_healthy(&mut r);
}

#[rstest]
#[case::plain("SELECT 1; SELECT 2")]
#[case::carriage_return_ends_comment("SELECT 1 -- x\r; SELECT 2")]
#[case::nested_comment("SELECT 1 /* /* */ ; */; SELECT 2")]
#[case::escape_string("SELECT E'\\';' ; SELECT 2")]
#[case::dollar_quotes("SELECT $a$;$a$; SELECT 2")]
fn multiple_statements_are_refused(#[case] sql: &str, #[values(Wall::Both, Wall::OsOnly)] wall: Wall) {
    // Refused by the runner's own splitter (DuckDB's quoting rules),
    // before any worker saw it, whichever walls stand.
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, JailMode::Strict, wall);
    assert_held(&fx, &mut r, sql, TWO_STATEMENTS);
}

#[rstest]
fn no_state_passes_between_queries(#[values(Wall::Both, Wall::OsOnly)] wall: Wall) {
    // Unjailed, one connection keeps a temporary table between statements.
    let ctl = Fixture::new();
    let in_process = in_process_duckdb();
    let conn = unjailed(&ctl);
    run_unjailed(&conn, "CREATE TEMP TABLE leak AS SELECT 42 AS v").unwrap();
    let kept = run_unjailed(&conn, "SELECT v FROM leak").unwrap();
    assert_eq!(kept.rows, vec![vec![serde_json::json!(42)]]);
    drop(conn);
    drop(in_process);
    // Jailed, the table is made (in the worker's memory)...
    let fx = Fixture::new();
    let mut r = runner_walls(&fx, JailMode::Strict, wall);
    let made = run(&mut r, "CREATE TEMP TABLE leak AS SELECT 42 AS v").unwrap();
    assert_eq!(made.rows, vec![vec![serde_json::json!(1)]]);
    // ...and gone with it: the next query runs in a fresh worker.
    let gone = Held::Says(&["Table with name leak does not exist"]);
    assert_held(&fx, &mut r, "SELECT v FROM leak", gone);
}
