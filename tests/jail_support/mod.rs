//! Shared set-up for the jail's integration tests: a small prepared DuckDB
//! dataset in a temp dir (with a host "secret" next to it), runners over the
//! built binary, and process/fd/RSS inspection from /proc.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use sandpiper::jail::args::TestHooks;
use sandpiper::jail::{JailConfig, JailedRunner};
use sandpiper::runner::{ExecError, JailMode, QueryOutput, QueryRequest, Runner};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Text of the host file attacks try to read.
pub const SECRET: &str = "TOP-SECRET-7f3a9c";

/// A prepared dataset and host files around it.
pub struct Fixture {
    pub dir: tempfile::TempDir,
    pub dataset: PathBuf,
    pub secret_csv: PathBuf,
    pub secret_json: PathBuf,
    pub secret_parquet: PathBuf,
    pub other_db: PathBuf,
}

impl Fixture {
    pub fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let dataset = dir.path().join("dataset.duckdb");
        let secret_csv = dir.path().join("secret.csv");
        let secret_json = dir.path().join("secret.json");
        let secret_parquet = dir.path().join("secret.parquet");
        let other_db = dir.path().join("other.duckdb");
        std::fs::write(&secret_csv, format!("k,v\nsecret,{SECRET}\n")).unwrap();
        std::fs::write(&secret_json, format!("{{\"v\": \"{SECRET}\"}}\n")).unwrap();
        {
            let conn = duckdb::Connection::open(&dataset).unwrap();
            conn.execute_batch(
                "CREATE TABLE t AS SELECT i AS id, 'name-' || i AS name, i * 1.5 AS score FROM range(1000) r(i);",
            )
            .unwrap();
            conn.execute_batch(&format!(
                "COPY (SELECT '{SECRET}' AS v) TO '{}' (FORMAT parquet);",
                secret_parquet.display()
            ))
            .unwrap();
        }
        {
            let conn = duckdb::Connection::open(&other_db).unwrap();
            conn.execute_batch(&format!("CREATE TABLE s AS SELECT '{SECRET}' AS v;"))
                .unwrap();
        }
        Fixture {
            dir,
            dataset,
            secret_csv,
            secret_json,
            secret_parquet,
            other_db,
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Replace `{secret_csv}`, `{dir}`, ... in `sql`.
    pub fn fill(&self, sql: &str) -> String {
        sql.replace("{secret_csv}", &self.secret_csv.display().to_string())
            .replace("{secret_json}", &self.secret_json.display().to_string())
            .replace(
                "{secret_parquet}",
                &self.secret_parquet.display().to_string(),
            )
            .replace("{other_db}", &self.other_db.display().to_string())
            .replace("{dataset}", &self.dataset.display().to_string())
            .replace("{dir}", &self.dir.path().display().to_string())
    }
}

/// The binary workers re-execute: the built `sandpiper`, or
/// `SANDPIPER_JAIL_TEST_EXE` when set (any binary whose `main` hands
/// `__jail` to `sandpiper::jail::worker::main_from_args`).
pub fn worker_exe() -> PathBuf {
    std::env::var_os("SANDPIPER_JAIL_TEST_EXE")
        .map(PathBuf::from)
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_sandpiper").into())
}

/// A configuration over the built binary.
pub fn config(fx: &Fixture, mode: JailMode) -> JailConfig {
    let mut c = JailConfig::new(&fx.dataset);
    c.exe = worker_exe();
    c.inherit_stderr = std::env::var_os("SANDPIPER_JAIL_TEST_STDERR").is_some();
    c.mode = mode;
    c.force_no_userns = false;
    c.memory_limit_mb = 512;
    c.threads = 2;
    c
}

/// A started runner with one worker ready.
pub fn runner(fx: &Fixture, mode: JailMode) -> JailedRunner {
    runner_with(config(fx, mode))
}

/// Which walls stand between SQL and the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wall {
    /// What users run: DuckDB's lock-down inside the OS jail.
    Both,
    /// The OS jail alone (namespaces, empty root, rlimits, Landlock,
    /// seccomp): DuckDB opened with its lock-down off (`test-hooks`).
    OsOnly,
}

/// A configuration over the built binary with `wall` standing.
pub fn config_walls(fx: &Fixture, mode: JailMode, wall: Wall) -> JailConfig {
    let mut c = config(fx, mode);
    c.test_hooks = TestHooks {
        duckdb_lockdown_off: wall == Wall::OsOnly,
    };
    c
}

/// A started runner with `wall` standing, checked to be what it claims:
/// with the OS jail alone, DuckDB inside really runs with external access
/// on and its configuration unlocked, so every attack meets only the OS
/// jail.
pub fn runner_walls(fx: &Fixture, mode: JailMode, wall: Wall) -> JailedRunner {
    let mut r = runner_with(config_walls(fx, mode, wall));
    assert_duckdb_wall(&mut r, wall);
    r
}

/// DuckDB's own settings in a fresh worker match `wall`.
pub fn assert_duckdb_wall(r: &mut JailedRunner, wall: Wall) {
    let out = run(
        r,
        "SELECT CAST(current_setting('enable_external_access') AS VARCHAR) AS e, \
                CAST(current_setting('lock_configuration') AS VARCHAR) AS l, \
                CAST(current_setting('autoinstall_known_extensions') AS VARCHAR) AS i",
    )
    .unwrap();
    let want = match wall {
        Wall::Both => ["false", "true", "false"],
        Wall::OsOnly => ["true", "false", "true"],
    };
    let want: Vec<serde_json::Value> = want.iter().map(|v| serde_json::json!(v)).collect();
    assert_eq!(
        out.rows,
        vec![want],
        "{wall:?}: DuckDB settings in the worker"
    );
}

/// An unjailed, unlocked DuckDB on the fixture's dataset (in this
/// process, plain `Connection::open`): the control that shows an attack
/// statement really opens its door when no wall stands.
pub fn unjailed(fx: &Fixture) -> duckdb::Connection {
    duckdb::Connection::open(&fx.dataset).unwrap()
}

/// Run `sql` on an unjailed connection, as the runners do.
pub fn run_unjailed(conn: &duckdb::Connection, sql: &str) -> Result<QueryOutput, ExecError> {
    sandpiper::runner::inprocess::run_on(conn, &req(sql, Duration::from_secs(20)))
}

pub fn runner_with(cfg: JailConfig) -> JailedRunner {
    let r = JailedRunner::start(cfg).unwrap();
    r.wait_ready(Duration::from_secs(30)).unwrap();
    r
}

/// A request with a short deadline.
pub fn req(sql: &str, timeout: Duration) -> QueryRequest {
    let mut r = QueryRequest::new(sql, 1000);
    r.timeout = timeout;
    r
}

/// Run `sql` with a 20 s deadline.
pub fn run(r: &mut JailedRunner, sql: &str) -> Result<QueryOutput, ExecError> {
    r.run(&req(sql, Duration::from_secs(20)))
}

/// The runner still answers a normal query correctly.
pub fn assert_healthy(r: &mut JailedRunner) {
    let out = run(r, "SELECT count(*) AS n, sum(id) AS s FROM t").unwrap();
    assert_eq!(
        out.rows,
        vec![vec![serde_json::json!(1000), serde_json::json!(499500)]]
    );
}

/// Everything the result or error says, as text.
pub fn text_of(res: &Result<QueryOutput, ExecError>) -> String {
    match res {
        Ok(out) => serde_json::to_string(&out.rows).unwrap(),
        Err(e) => e.to_string(),
    }
}

/// Our direct children that are zombies.
pub fn zombie_children() -> Vec<i32> {
    children_of(std::process::id() as i32)
        .into_iter()
        .filter(|&(_, state)| state == 'Z')
        .map(|(pid, _)| pid)
        .collect()
}

/// (pid, state) of every process whose parent is `ppid`.
pub fn children_of(ppid: i32) -> Vec<(i32, char)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // "pid (comm) S ppid ..."; comm may contain spaces, so split after ')'.
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r.trim().to_string()) else {
            continue;
        };
        let mut f = rest.split_whitespace();
        let state = f.next().and_then(|s| s.chars().next()).unwrap_or('?');
        let parent: i32 = f.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        if parent == ppid {
            out.push((pid, state));
        }
    }
    out
}

/// Whether `pid` is alive (exists and is not a zombie).
pub fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .map(|(_, r)| !r.trim_start().starts_with('Z'))
            .unwrap_or(false),
        Err(_) => false,
    }
}

/// The jailed process of a worker: its PID-1 child in strict mode, itself
/// in reduced mode.
pub fn jailed_process(worker_pid: i32) -> i32 {
    let children =
        std::fs::read_to_string(format!("/proc/{worker_pid}/task/{worker_pid}/children"))
            .unwrap_or_default();
    children
        .split_whitespace()
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(worker_pid)
}

/// Open fds of this process.
pub fn fd_count() -> usize {
    std::fs::read_dir("/proc/self/fd").unwrap().count()
}

/// Resident set of this process in KiB.
pub fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// A field of /proc/PID/status.
pub fn status_field(pid: i32, key: &str) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key}:")))
        .map(|v| v.trim().to_string())
        .unwrap_or_default()
}

pub fn exists(p: &Path) -> bool {
    p.exists()
}
