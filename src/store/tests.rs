//! Tests of the run store: opening and migrating, refusing foreign and newer
//! files, the capsule round trip, prefix lookup, the interrupted sweep and
//! the result hash.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use rstest::rstest;
use rusqlite::Connection;
use serde_json::json;

use super::*;

fn start(id: &str, started_at: &str) -> RunStart {
    RunStart {
        run_id: id.to_string(),
        started_at: started_at.to_string(),
        dataset: "shop".to_string(),
        dataset_hash: "d41d8cd9".to_string(),
        question: Some("top customers by revenue".to_string()),
        provider: "offline".to_string(),
        model: None,
        plan: None,
        jail_mode: "namespaces".to_string(),
        limits: json!({"rows": 10000, "seconds": 30}),
        replay_of: None,
        validator_off: false,
    }
}

fn finish(id: &str, status: RunStatus) -> RunFinish {
    RunFinish {
        run_id: id.to_string(),
        finished_at: "2025-01-01T00:00:05Z".to_string(),
        status,
        plan: Some(json!({"version": 1, "metrics": ["revenue"]})),
        final_sql: Some("SELECT 1".to_string()),
        error_category: None,
        error_message: None,
        row_count: Some(1),
        truncated: false,
        result_preview: None,
        result_hash: None,
        timings: Some(json!({"plan_ms": 3, "execute_ms": 12})),
        tokens_in: Some(120),
        tokens_out: Some(40),
    }
}

fn attempt(id: &str, n: u32) -> Attempt {
    Attempt {
        run_id: id.to_string(),
        n,
        sql: format!("SELECT {n}"),
        status: if n == 1 { "failed" } else { "ok" }.to_string(),
        error_category: (n == 1).then(|| "binder".to_string()),
        error_message: (n == 1).then(|| "column x not found".to_string()),
        repairer: (n > 1).then(|| "column_typo".to_string()),
        rationale: (n > 1).then(|| "x -> y".to_string()),
        diff: (n > 1).then(|| "-x\n+y\n".to_string()),
        duration_ms: 7,
        added_at: None,
    }
}

fn version_of(path: &Path) -> i64 {
    let conn = Connection::open(path).unwrap();
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap()
}

fn tables(store: &Store) -> Vec<String> {
    let mut stmt = store
        .connection()
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn migrates_a_new_file_to_the_latest_version_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("runs.sqlite");
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(tables(&store), ["attempts", "llm_calls", "recipes", "runs"]);
    let mode: String = store
        .connection()
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(store.integrity_check().unwrap(), "ok");
    drop(store);
    // Reopening is a no-op.
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
}

#[test]
fn an_empty_file_becomes_a_store() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.sqlite");
    std::fs::write(&path, b"").unwrap();
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
}

#[test]
fn upgrades_a_version_1_store_keeping_its_runs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    {
        let mut conn = Connection::open(&path).unwrap();
        migrations::migrate_to(&mut conn, &path, 1).unwrap();
    }
    assert_eq!(version_of(&path), 1);
    {
        // A version-1 store written by hand, as the old code would have.
        let conn = Connection::open(&path).unwrap();
        conn.execute(
            "INSERT INTO runs (run_id, started_at, dataset, dataset_hash, provider, status, \
             jail_mode, limits_json) VALUES ('old1', 't', 'shop', 'h', 'offline', 'ok', 'off', '{}')",
            [],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO attempts (run_id, n, sql, status, duration_ms) VALUES ('old1', 1, 'SELECT 1', 'ok', 3)",
            [],
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(tables(&store).contains(&"recipes".to_string()));
    let run = store.get_run("old1").unwrap().unwrap();
    assert_eq!(run.status, RunStatus::Ok);
    // The rebuild of `runs` (version 3) kept the attempts and their link.
    assert_eq!(run.attempts.len(), 1);
    assert_eq!(run.attempts[0].sql, "SELECT 1");
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "foreign_keys", true).unwrap();
    conn.execute(
        "INSERT INTO runs (run_id, started_at, dataset, dataset_hash, provider, status, \
         jail_mode, limits_json) VALUES ('new1', 't', 'shop', 'h', 'offline', 'cancelled', 'strict', '{}')",
        [],
    )
    .expect("version 3 accepts the cancelled status");
    let orphan = conn.execute(
        "INSERT INTO attempts (run_id, n, sql, status, duration_ms) VALUES ('nobody', 1, 'x', 'ok', 1)",
        [],
    );
    assert!(orphan.is_err(), "attempts still reference runs");
}

#[test]
fn refuses_a_store_from_a_newer_sandpiper_without_touching_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("future.sqlite");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::TooNew {
                found: 99,
                supported: SCHEMA_VERSION,
                ..
            }
        ),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(message.contains("future.sqlite"), "{message}");
    assert!(message.contains("newer sandpiper"), "{message}");
    assert_eq!(std::fs::read(&path).unwrap(), before, "file was modified");
    assert_eq!(version_of(&path), 99);
}

#[rstest]
#[case::text(b"hello, this is a CSV file\na,b\n1,2\n".to_vec())]
#[case::short(b"SQL".to_vec())]
#[case::zeros(vec![0u8; 4096])]
#[case::almost_magic(b"SQLite format 2\0 and then some more bytes".to_vec())]
fn refuses_a_file_that_is_not_sqlite(#[case] content: Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, &content).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err:?}");
    assert!(err.to_string().contains("notes.txt"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), content, "file was modified");
}

#[test]
fn refuses_a_corrupt_database_past_its_header() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("corrupt.sqlite");
    let mut content = b"SQLite format 3\0".to_vec();
    content.extend(std::iter::repeat_n(0xA5u8, 4096));
    std::fs::write(&path, &content).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(err.to_string().contains("corrupt.sqlite"), "{err}");
}

#[test]
fn a_directory_is_an_open_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let err = Store::open(dir.path()).unwrap_err();
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    assert!(err.to_string().contains(&dir.path().display().to_string()));
}

#[test]
fn a_capsule_round_trips_with_its_attempts() {
    let store = Store::open_in_memory().unwrap();
    let mut s = start("r1", "2025-01-01T00:00:00Z");
    s.model = Some("gpt-x".to_string());
    s.replay_of = Some("r0".to_string());
    s.validator_off = true;
    store.begin_run(&s).unwrap();
    let running = store.get_run("r1").unwrap().unwrap();
    assert_eq!(running.status, RunStatus::Running);
    assert_eq!(running.finished_at, None);

    store.add_attempt(&attempt("r1", 2)).unwrap();
    store.add_attempt(&attempt("r1", 1)).unwrap();
    let columns = vec![("n".to_string(), "BIGINT".to_string())];
    let rows: Vec<Vec<serde_json::Value>> = (0..120).map(|i| vec![json!(i)]).collect();
    let mut f = finish("r1", RunStatus::Ok);
    f.row_count = Some(120);
    f.truncated = true;
    // More rows than a preview keeps: the store cuts them.
    f.result_preview = Some(ResultPreview {
        columns: columns.clone(),
        rows: rows.clone(),
    });
    f.result_hash = Some(result_hash(&columns, &rows));
    store.finish_run(&f).unwrap();

    let got = store.get_run("r1").unwrap().unwrap();
    let expected = RunCapsule {
        run_id: "r1".to_string(),
        started_at: s.started_at.clone(),
        finished_at: Some(f.finished_at.clone()),
        dataset: s.dataset.clone(),
        dataset_hash: s.dataset_hash.clone(),
        question: s.question.clone(),
        provider: s.provider.clone(),
        model: s.model.clone(),
        plan: f.plan.clone(),
        final_sql: f.final_sql.clone(),
        status: RunStatus::Ok,
        error_category: None,
        error_message: None,
        row_count: Some(120),
        truncated: true,
        result_preview: Some(ResultPreview::of(&columns, &rows)),
        result_hash: f.result_hash.clone(),
        timings: f.timings.clone(),
        jail_mode: s.jail_mode.clone(),
        limits: s.limits.clone(),
        tokens_in: Some(120),
        tokens_out: Some(40),
        replay_of: Some("r0".to_string()),
        validator_off: true,
        attempts: vec![attempt("r1", 1), attempt("r1", 2)],
    };
    assert_eq!(got, expected);
    assert_eq!(got.result_preview.map(|p| p.rows.len()), Some(PREVIEW_ROWS));
}

#[test]
fn finish_keeps_the_start_plan_when_none_is_given() {
    let store = Store::open_in_memory().unwrap();
    let mut s = start("r1", "t");
    s.plan = Some(json!({"replayed": true}));
    store.begin_run(&s).unwrap();
    let mut f = finish("r1", RunStatus::Failed);
    f.plan = None;
    store.finish_run(&f).unwrap();
    let got = store.get_run("r1").unwrap().unwrap();
    assert_eq!(got.plan, Some(json!({"replayed": true})));
}

#[test]
fn misuse_is_reported_not_written() {
    let store = Store::open_in_memory().unwrap();
    store.begin_run(&start("r1", "t")).unwrap();
    let err = store.begin_run(&start("r1", "t")).unwrap_err();
    assert!(matches!(err, StoreError::DuplicateRun { .. }), "{err:?}");

    let err = store
        .finish_run(&finish("r1", RunStatus::Running))
        .unwrap_err();
    assert!(matches!(err, StoreError::InvalidStatus { .. }), "{err:?}");
    let err = store
        .finish_run(&finish("nope", RunStatus::Ok))
        .unwrap_err();
    assert!(matches!(err, StoreError::UnknownRun { .. }), "{err:?}");

    store.finish_run(&finish("r1", RunStatus::Ok)).unwrap();
    let err = store
        .finish_run(&finish("r1", RunStatus::Failed))
        .unwrap_err();
    assert!(
        matches!(&err, StoreError::NotRunning { status, .. } if status == "ok"),
        "{err:?}"
    );
    assert_eq!(store.get_run("r1").unwrap().unwrap().status, RunStatus::Ok);

    store.add_attempt(&attempt("r1", 1)).unwrap();
    let err = store.add_attempt(&attempt("r1", 1)).unwrap_err();
    assert!(
        matches!(err, StoreError::DuplicateAttempt { n: 1, .. }),
        "{err:?}"
    );
    let err = store.add_attempt(&attempt("ghost", 1)).unwrap_err();
    assert!(matches!(err, StoreError::UnknownRun { .. }), "{err:?}");
}

#[test]
fn runs_left_running_by_a_dead_process_are_marked_interrupted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("runs.sqlite");
    {
        let store = Store::open(&path).unwrap();
        store
            .begin_run(&start("done", "2025-01-01T00:00:00Z"))
            .unwrap();
        store.finish_run(&finish("done", RunStatus::Ok)).unwrap();
        store
            .begin_run(&start("lost1", "2025-01-01T00:01:00Z"))
            .unwrap();
        store
            .begin_run(&start("lost2", "2025-01-01T00:02:00Z"))
            .unwrap();
        // The process dies here: no finish_run.
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.mark_interrupted().unwrap(), 2);
    assert_eq!(store.mark_interrupted().unwrap(), 0);
    for id in ["lost1", "lost2"] {
        let run = store.get_run(id).unwrap().unwrap();
        assert_eq!(run.status, RunStatus::Interrupted);
        assert!(run.error_message.unwrap().contains("exited"));
        assert_eq!(run.finished_at, None);
    }
    assert_eq!(
        store.get_run("done").unwrap().unwrap().status,
        RunStatus::Ok
    );
    let err = store
        .finish_run(&finish("lost1", RunStatus::Ok))
        .unwrap_err();
    assert!(matches!(err, StoreError::NotRunning { .. }), "{err:?}");
}

#[rstest]
#[case::exact("abc123", Ok(Some("abc123")))]
#[case::unique_prefix("abd", Ok(Some("abd456")))]
#[case::longer_unique_prefix("abc7", Ok(Some("abc789")))]
#[case::exact_wins_over_prefix("ab", Ok(Some("ab")))]
#[case::missing("zzz", Ok(None))]
#[case::longer_than_any("abc1234", Ok(None))]
#[case::ambiguous("abc", Err("ambiguous"))]
#[case::empty("", Err("empty"))]
fn runs_are_found_by_unique_prefix(
    #[case] query: &str,
    #[case] expected: Result<Option<&str>, &str>,
) {
    let store = Store::open_in_memory().unwrap();
    for id in ["abc123", "abc789", "abd456", "ab"] {
        store.begin_run(&start(id, "t")).unwrap();
    }
    let got = store.get_run(query);
    match (got, expected) {
        (Ok(run), Ok(want)) => assert_eq!(run.map(|r| r.run_id).as_deref(), want),
        (Err(err), Err(kind)) => {
            let message = err.to_string();
            assert!(message.contains(kind), "{message}");
            if kind == "ambiguous" {
                assert!(
                    message.contains("abc123") && message.contains("abc789"),
                    "{message}"
                );
            }
        }
        (got, want) => panic!("{query:?}: got {got:?}, want {want:?}"),
    }
}

#[test]
fn list_runs_is_newest_first_and_limited() {
    let store = Store::open_in_memory().unwrap();
    store
        .begin_run(&start("b", "2025-01-02T00:00:00Z"))
        .unwrap();
    store
        .begin_run(&start("a", "2025-01-01T00:00:00Z"))
        .unwrap();
    store
        .begin_run(&start("c", "2025-01-03T00:00:00Z"))
        .unwrap();
    store.finish_run(&finish("c", RunStatus::Rejected)).unwrap();
    let ids: Vec<_> = store
        .list_runs(10)
        .unwrap()
        .into_iter()
        .map(|r| r.run_id)
        .collect();
    assert_eq!(ids, ["c", "b", "a"]);
    let top = store.list_runs(1).unwrap();
    assert_eq!(top.len(), 1);
    assert_eq!(top[0].status, RunStatus::Rejected);
    assert_eq!(top[0].row_count, Some(1));
}

#[test]
fn timestamps_are_fixed_width_rfc3339_utc() {
    let t = timestamp_now();
    assert_eq!(t.len(), "2025-01-31T12:00:00.123456Z".len(), "{t}");
    assert!(t.ends_with('Z'));
    time::OffsetDateTime::parse(&t, &time::format_description::well_known::Rfc3339).unwrap();
}

#[test]
fn new_run_ids_are_distinct_hex() {
    let a = new_run_id();
    let b = new_run_id();
    assert_ne!(a, b);
    assert_eq!(a.len(), 16);
    assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
}

fn cols(names: &[(&str, &str)]) -> Vec<(String, String)> {
    names
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect()
}

#[test]
fn result_hash_is_pinned_and_stable() {
    let columns = cols(&[("region", "VARCHAR"), ("revenue", "DOUBLE")]);
    let rows = vec![
        vec![json!("north"), json!(12.5)],
        vec![json!("south"), json!(null)],
    ];
    let h = result_hash(&columns, &rows);
    assert_eq!(h, result_hash(&columns, &rows.clone()));
    assert_eq!(h.len(), 64);
    // Pins the documented encoding: changing it must change this constant
    // and the domain tag.
    assert_eq!(h, PINNED_HASH);
}

/// Computed independently from the documented encoding (a Python script).
const PINNED_HASH: &str = "83660d0a3f28e25a8e137549cdd2d60e85a4d6c41012bfc6ba73c69fc9684c9b";

#[test]
fn result_hash_is_sensitive_to_row_order() {
    let columns = cols(&[("n", "INTEGER")]);
    let a = vec![vec![json!(1)], vec![json!(2)]];
    let b = vec![vec![json!(2)], vec![json!(1)]];
    assert_ne!(result_hash(&columns, &a), result_hash(&columns, &b));
}

#[rstest]
#[case::column_name(cols(&[("a", "INTEGER")]), vec![vec![json!(1)]], cols(&[("b", "INTEGER")]), vec![vec![json!(1)]])]
#[case::column_type(cols(&[("a", "INTEGER")]), vec![vec![json!(1)]], cols(&[("a", "BIGINT")]), vec![vec![json!(1)]])]
#[case::name_type_boundary(cols(&[("ab", "c")]), vec![], cols(&[("a", "bc")]), vec![])]
#[case::cell_boundary(cols(&[("x", "T"), ("y", "T")]), vec![vec![json!("ab"), json!("c")]], cols(&[("x", "T"), ("y", "T")]), vec![vec![json!("a"), json!("bc")]])]
#[case::row_boundary(cols(&[("x", "T")]), vec![vec![json!(1), json!(2)]], cols(&[("x", "T")]), vec![vec![json!(1)], vec![json!(2)]])]
#[case::int_vs_float(cols(&[("x", "T")]), vec![vec![json!(1)]], cols(&[("x", "T")]), vec![vec![json!(1.0)]])]
#[case::string_vs_number(cols(&[("x", "T")]), vec![vec![json!("1")]], cols(&[("x", "T")]), vec![vec![json!(1)]])]
#[case::empty_vs_no_rows(cols(&[("x", "T")]), vec![vec![]], cols(&[("x", "T")]), vec![])]
fn result_hash_tells_results_apart(
    #[case] cols_a: Vec<(String, String)>,
    #[case] rows_a: Vec<Vec<serde_json::Value>>,
    #[case] cols_b: Vec<(String, String)>,
    #[case] rows_b: Vec<Vec<serde_json::Value>>,
) {
    assert_ne!(result_hash(&cols_a, &rows_a), result_hash(&cols_b, &rows_b));
}

#[test]
fn result_hash_ignores_object_key_order_and_matches_streaming() {
    let columns = cols(&[("payload", "JSON")]);
    let a: serde_json::Value =
        serde_json::from_str(r#"{"b": 1, "a": [true, {"y": 2, "x": 1}]}"#).unwrap();
    let b: serde_json::Value =
        serde_json::from_str(r#"{"a": [true, {"x": 1, "y": 2}], "b": 1}"#).unwrap();
    assert_eq!(
        result_hash(&columns, &[vec![a.clone()]]),
        result_hash(&columns, &[vec![b]])
    );
    let mut out = String::new();
    canonical_json(&a, &mut out);
    assert_eq!(out, r#"{"a":[true,{"x":1,"y":2}],"b":1}"#);

    let rows: Vec<Vec<serde_json::Value>> = (0..10).map(|i| vec![json!({"i": i})]).collect();
    let mut hasher = ResultHasher::new(&columns);
    for row in &rows {
        hasher.push_row(row);
    }
    assert_eq!(hasher.finish(), result_hash(&columns, &rows));
}

/// A store as sandpiper wrote it before version 6, holding one failed run
/// with one attempt.
fn version_5_store_with_a_failed_run(path: &Path) {
    let mut conn = Connection::open(path).unwrap();
    migrations::migrate_to(&mut conn, path, 5).unwrap();
    conn.execute_batch(
        "INSERT INTO runs (run_id, started_at, finished_at, dataset, dataset_hash, provider, status, \
         error_category, error_message, jail_mode, limits_json) VALUES ('old5', '2025-01-01T00:00:00Z', \
         '2025-01-01T00:00:01Z', 'shop', 'h', 'user', 'failed', 'column_missing', 'no stauts', 'strict', '{}');
         INSERT INTO attempts (run_id, n, sql, status, error_category, error_message, duration_ms, diff) \
         VALUES ('old5', 1, 'SELECT stauts FROM orders', 'failed', 'column_missing', 'no stauts', 4, NULL);",
    )
    .unwrap();
}

#[test]
fn a_user_repair_continues_a_run_of_an_old_store_as_its_next_attempt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v5.sqlite");
    version_5_store_with_a_failed_run(&path);
    assert_eq!(version_of(&path), 5);
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), 6);
    let before = store.get_run("old5").unwrap().unwrap();
    assert_eq!((before.attempts.len(), before.attempts[0].added_at.as_deref()), (1, None));

    // Continued from a stale view (no attempts seen): refused, untouched.
    assert!(matches!(store.resume_run("old5", 0), Err(StoreError::StaleAttempts { stored: 1, seen: 0, .. })));
    assert_eq!(store.get_run("old5").unwrap().unwrap().status, RunStatus::Failed);
    assert!(matches!(store.resume_run("nobody", 1), Err(StoreError::UnknownRun { .. })));

    assert_eq!(store.resume_run("old5", 1).unwrap(), 2, "the next attempt's number");
    let reopened = store.get_run("old5").unwrap().unwrap();
    assert_eq!((reopened.status, reopened.finished_at), (RunStatus::Running, None));
    assert!(matches!(store.resume_run("old5", 1), Err(StoreError::StillRunning { .. })), "one continuation at a time");
    let user = Attempt {
        run_id: "old5".into(),
        n: 2,
        sql: "SELECT status FROM orders".into(),
        status: "ok".into(),
        error_category: None,
        error_message: None,
        repairer: Some("user".into()),
        rationale: Some("edited by the user from attempt 1".into()),
        diff: Some("-SELECT stauts\n+SELECT status\n".into()),
        duration_ms: 3,
        added_at: Some("2025-01-02T00:00:00.000000Z".into()),
    };
    store.add_attempt(&user).unwrap();
    let mut done = finish("old5", RunStatus::Ok);
    done.final_sql = Some(user.sql.clone());
    store.finish_run(&done).unwrap();

    let after = store.get_run("old5").unwrap().unwrap();
    assert_eq!(after.status, RunStatus::Ok);
    assert_eq!(after.final_sql.as_deref(), Some("SELECT status FROM orders"));
    assert_eq!(after.started_at, "2025-01-01T00:00:00Z", "the run keeps its start");
    assert_eq!(after.attempts.len(), 2);
    assert_eq!(after.attempts[0], before.attempts[0], "the run's own attempt is unchanged");
    assert_eq!(after.attempts[1], user);
    assert_eq!(store.list_runs(10).unwrap().len(), 1, "still one run");
}
