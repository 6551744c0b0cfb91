//! Attacks on the jail through SQL, each asserting the classified outcome
//! and that the next query works. These call the runner directly, bypassing
//! the SQL validator: the jail must hold on its own.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod jail_support;

use jail_support::*;
use rstest::rstest;
use sandpiper::jail::Fault;
use sandpiper::runner::{JailMode, QueryRequest, Runner};
use std::net::TcpListener;
use std::time::{Duration, Instant};

/// Refused with a SQL error, leaking nothing.
fn assert_refused(fx: &Fixture, r: &mut sandpiper::jail::JailedRunner, sql: &str) {
    let sql = fx.fill(sql);
    let res = run(r, &sql);
    let text = text_of(&res);
    assert!(!text.contains(SECRET), "{sql} leaked: {text}");
    match &res {
        Err(e) => assert_eq!(e.category(), "sql_error", "{sql}: {e}"),
        Ok(out) => panic!("{sql} was not refused: {:?}", out.rows),
    }
    assert_healthy(r);
}

#[rstest]
#[case::read_csv("SELECT * FROM read_csv('{secret_csv}')")]
#[case::read_csv_auto("SELECT * FROM read_csv_auto('/etc/passwd')")]
#[case::read_text("SELECT * FROM read_text('/etc/passwd')")]
#[case::read_blob("SELECT * FROM read_blob('/etc/passwd')")]
#[case::read_json("SELECT * FROM read_json('{secret_json}')")]
#[case::read_json_auto("SELECT * FROM read_json_auto('{secret_json}')")]
#[case::read_parquet("SELECT * FROM read_parquet('{secret_parquet}')")]
#[case::parquet_metadata("SELECT * FROM parquet_metadata('{secret_parquet}')")]
#[case::sniff_csv("SELECT * FROM sniff_csv('{secret_csv}')")]
#[case::glob_root("SELECT * FROM glob('/*')")]
#[case::glob_dir("SELECT * FROM glob('{dir}/*')")]
#[case::bare_path("SELECT * FROM '{secret_csv}'")]
#[case::bare_path_passwd("SELECT * FROM '/etc/passwd'")]
#[case::quoted_function("SELECT * FROM \"read_text\"('/etc/passwd')")]
#[case::query_function("SELECT * FROM query('SELECT * FROM read_text(''{secret_csv}'')')")]
#[case::proc_environ("SELECT * FROM read_text('/proc/self/environ')")]
#[case::scalar_subquery("SELECT (SELECT content FROM read_text('{secret_csv}')) AS x")]
fn reading_outside_the_dataset_is_refused(
    #[case] sql: &str,
    #[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode,
) {
    let fx = Fixture::new();
    let mut r = runner(&fx, mode);
    assert_refused(&fx, &mut r, sql);
}

#[rstest]
#[case::copy_to_host("COPY (SELECT 1 AS x) TO '{dir}/out.csv'", Some("out.csv"))]
#[case::copy_to_stdout("COPY (SELECT 1 AS x) TO '/dev/stdout'", None)]
#[case::copy_to_fd1("COPY (SELECT 1 AS x) TO '/proc/self/fd/1'", None)]
#[case::export_database("EXPORT DATABASE '{dir}/export'", Some("export"))]
#[case::attach_host_db("ATTACH '{other_db}' AS o", None)]
#[case::attach_new_db("ATTACH '{dir}/new.duckdb' AS n", Some("new.duckdb"))]
#[case::create_table("CREATE TABLE x AS SELECT 1 AS y", None)]
#[case::insert("INSERT INTO t VALUES (5000, 'x', 1.0)", None)]
fn writing_is_refused(
    #[case] sql: &str,
    #[case] must_not_exist: Option<&str>,
    #[values(JailMode::Strict, JailMode::Reduced)] mode: JailMode,
) {
    let fx = Fixture::new();
    let mut r = runner(&fx, mode);
    assert_refused(&fx, &mut r, sql);
    if let Some(name) = must_not_exist {
        assert!(!exists(&fx.path(name)), "{name} was written");
    }
}

#[rstest]
#[case::set_external_access("SET enable_external_access = true")]
#[case::unlock("SET lock_configuration = false")]
#[case::memory_limit("SET memory_limit = '100GB'")]
#[case::threads("SET threads = 64")]
#[case::temp_directory("SET temp_directory = '/tmp'")]
#[case::max_temp_size("SET max_temp_directory_size = '1TB'")]
#[case::unsigned_extensions("SET allow_unsigned_extensions = true")]
#[case::autoinstall("SET autoinstall_known_extensions = true")]
#[case::autoload("SET autoload_known_extensions = true")]
#[case::allowed_directories("SET allowed_directories = ['/']")]
#[case::allowed_paths("SET allowed_paths = ['/etc/passwd']")]
#[case::extension_repo("SET custom_extension_repository = 'http://127.0.0.1:9/'")]
#[case::persistent_secrets("SET allow_persistent_secrets = true")]
#[case::reset_memory("RESET memory_limit")]
#[case::reset_all("RESET ALL")]
#[case::pragma_memory("PRAGMA memory_limit = '100GB'")]
#[case::pragma_threads("PRAGMA threads = 64")]
#[case::set_then_select("SET threads = 64; SELECT 1")]
#[case::persistent_secret("CREATE PERSISTENT SECRET s (TYPE S3, KEY_ID 'k', SECRET 'v')")]
#[case::install("INSTALL httpfs")]
#[case::load("LOAD httpfs")]
#[case::load_file("LOAD '{dir}/evil.duckdb_extension'")]
#[case::s3("SELECT * FROM read_parquet('s3://bucket/x.parquet')")]
#[case::https("SELECT * FROM read_text('https://example.com/')")]
#[case::nested_parens_5000("__NESTED_5000__")]
fn loosening_limits_and_loading_code_is_refused(#[case] sql: &str) {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
    let sql = if sql == "__NESTED_5000__" {
        format!("SELECT {}1{} AS x", "(".repeat(5000), ")".repeat(5000))
    } else {
        sql.to_string()
    };
    assert_refused(&fx, &mut r, &sql);
}

#[test]
fn loopback_urls_never_connect() {
    let fx = Fixture::new();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    for mode in [JailMode::Strict, JailMode::Reduced] {
        let mut r = runner(&fx, mode);
        for sql in [
            format!("INSTALL httpfs FROM 'http://127.0.0.1:{port}'"),
            format!("FORCE INSTALL httpfs FROM 'http://127.0.0.1:{port}/'"),
            format!("LOAD 'http://127.0.0.1:{port}/httpfs.duckdb_extension'"),
            format!("SELECT * FROM read_csv('http://127.0.0.1:{port}/x.csv')"),
            format!("SELECT * FROM read_text('http://127.0.0.1:{port}/')"),
            format!("ATTACH 'http://127.0.0.1:{port}/db.duckdb' AS remote"),
        ] {
            let res = run(&mut r, &sql);
            assert_eq!(
                res.as_ref().err().map(|e| e.category()),
                Some("sql_error"),
                "{sql}: {}",
                text_of(&res)
            );
        }
        assert_healthy(&mut r);
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        listener.accept().is_err(),
        "a worker connected to the loopback listener"
    );
}

#[test]
fn getenv_sees_nothing() {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
    let res = run(&mut r, "SELECT getenv('HOME') AS h, getenv('PATH') AS p");
    let text = text_of(&res);
    assert!(
        !text.contains("/root") && !text.contains("/usr/bin") && !text.contains("/home"),
        "{text}"
    );
    assert_healthy(&mut r);
}

/// Strict mode: DuckDB spills to the worker's private scratch tmpfs; SQL
/// may name that directory (DuckDB allows its own temp directory), but what
/// it writes there is capped in size and dies with the worker.
#[test]
fn the_scratch_is_private_capped_and_dies_with_the_worker() {
    let fx = Fixture::new();
    let mut cfg = config(&fx, JailMode::Strict);
    cfg.memory_limit_mb = 64;
    cfg.scratch_mb = 128;
    let mut r = runner_with(cfg);
    let spill = "SELECT count(*) AS n FROM (SELECT i, md5(CAST(i AS VARCHAR)) AS h \
                 FROM range(2000000) r(i) ORDER BY h)";
    let out = run(&mut r, spill).unwrap();
    assert_eq!(out.rows[0][0], serde_json::json!(2000000));
    // Whatever one query leaves in /scratch, the next worker does not see.
    let _ = run(
        &mut r,
        "COPY (SELECT 'marker-5e1f' AS m) TO '/scratch/m.csv'",
    );
    let _ = run(&mut r, "ATTACH '/scratch/z.duckdb' AS z");
    for sql in [
        "SELECT * FROM read_csv('/scratch/m.csv')",
        "SELECT * FROM read_text('/scratch/m.csv')",
        "ATTACH '/scratch/z.duckdb' AS z (READ_ONLY)",
    ] {
        let res = run(&mut r, sql);
        assert!(
            !text_of(&res).contains("marker-5e1f"),
            "{sql}: {}",
            text_of(&res)
        );
        // Refused, or (read_text globs) nothing there.
        let empty = res.as_ref().map_or(true, |o| o.rows.is_empty());
        assert!(empty, "{sql}: {}", text_of(&res));
    }
    // The tmpfs is capped: a 1 GB COPY into it fails.
    let big = "COPY (SELECT repeat('x', 1000000) AS s FROM range(1000)) TO '/scratch/big.csv'";
    let res = r.run(&req(big, Duration::from_secs(60)));
    assert!(res.is_err(), "a 1 GB file fit in a 128 MB scratch");
    assert_healthy(&mut r);
}

/// Reduced mode has no writable directory: no spill, no SQL writes.
#[test]
fn reduced_mode_has_nowhere_to_write() {
    let fx = Fixture::new();
    let mut cfg = config(&fx, JailMode::Reduced);
    cfg.memory_limit_mb = 64;
    let mut r = runner_with(cfg);
    let spill = "SELECT count(*) AS n FROM (SELECT i, md5(CAST(i AS VARCHAR)) AS h \
                 FROM range(5000000) r(i) ORDER BY h)";
    let res = r.run(&req(spill, Duration::from_secs(60)));
    let cat = res.as_ref().err().map(|e| e.category());
    assert!(
        matches!(cat, Some("memory_limit") | Some("sql_error")),
        "{}",
        text_of(&res)
    );
    for sql in [
        "COPY (SELECT 1 AS x) TO '/proc/sandpiper-no-spill/x.csv'",
        "COPY (SELECT 1 AS x) TO '{dir}/x.csv'",
        "ATTACH '{dir}/n.duckdb' AS n",
    ] {
        assert_refused(&fx, &mut r, sql);
    }
    assert!(!fx.path("x.csv").exists() && !fx.path("n.duckdb").exists());
}

#[test]
fn cpu_spin_is_stopped_by_the_deadline() {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
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

#[test]
fn cpu_rlimit_is_classified() {
    let fx = Fixture::new();
    let mut cfg = config(&fx, JailMode::Strict);
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
fn memory_blowups_are_contained(#[case] sql: &str) {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
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
fn huge_statements_are_refused_or_killed(#[case] terms: usize) {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
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

#[test]
fn output_flood_hits_the_output_limit_with_app_memory_bounded() {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
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
) {
    let fx = Fixture::new();
    let mut r = runner(&fx, mode);
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
fn multiple_statements_are_refused(#[case] sql: &str) {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
    assert_refused(&fx, &mut r, sql);
    // Refused by the runner's own splitter, before any worker saw it.
    let err = run(&mut r, sql).unwrap_err();
    assert!(err.to_string().contains("statements"), "{err}");
}

#[test]
fn no_state_passes_between_queries() {
    let fx = Fixture::new();
    let mut r = runner(&fx, JailMode::Strict);
    // A temporary table lives in the worker's memory only.
    let res = run(&mut r, "CREATE TEMP TABLE leak AS SELECT 42 AS v");
    let _ = res;
    let err = run(&mut r, "SELECT * FROM leak").unwrap_err();
    assert_eq!(err.category(), "sql_error", "{err}");
    assert_healthy(&mut r);
}
