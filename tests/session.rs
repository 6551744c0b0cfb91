//! The session engine end to end, with real jailed workers: bounded warm
//! workers across many datasets, cancellation of a long query (worker
//! killed, chain intact, capsule `cancelled`), and progress published from
//! a run on another thread.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use sandpiper::agent::Request;
use sandpiper::dataset::Registry;
use sandpiper::home::Home;
use sandpiper::progress::{NoProgress, Progress, ProgressEvent};
use sandpiper::report::{ErrorCategory, Status};
use sandpiper::runner::CancelToken;
use sandpiper::session::{RunOverrides, Session, SessionOptions};
use sandpiper::store::{RunStatus, Store};
use std::path::Path;
use std::time::{Duration, Instant};

fn session(home: &Path, record: bool) -> Session {
    Session::open(SessionOptions {
        record,
        home: Some(Home::at(home)),
        worker_exe: Some(env!("CARGO_BIN_EXE_sandpiper").into()),
        ..Default::default()
    })
    .unwrap()
}

/// `n` small datasets named d0..d{n-1}, each one table `t` of 200 rows.
fn add_datasets(home: &Path, n: usize) {
    let reg = Registry::new(Home::at(home));
    let src = tempfile::tempdir().unwrap();
    for i in 0..n {
        let file = src.path().join(format!("t{i}.csv"));
        let mut text = String::from("id,kind,amount\n");
        for r in 0..200 {
            text.push_str(&format!("{r},k{},{}.5\n", r % 7, r * (i + 1)));
        }
        std::fs::write(&file, text).unwrap();
        let named = src.path().join("t.csv");
        std::fs::rename(&file, &named).unwrap();
        reg.add(&format!("d{i}"), &[named]).unwrap();
    }
}

fn alive(pid: i32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

#[test]
fn fifty_datasets_stay_under_the_worker_ceiling() {
    let home = tempfile::tempdir().unwrap();
    add_datasets(home.path(), 50);
    let mut s = session(home.path(), false);
    let ceiling = s.worker_ceiling();
    let mut retired: Vec<i32> = Vec::new();
    let mut peak_live = 0;
    for i in 0..50 {
        s.use_dataset(Some(&format!("d{i}"))).unwrap();
        let r = s
            .run(Request::Sql { sql: "SELECT count(*) AS n, sum(amount) AS s FROM t".into(), validate: true }, &RunOverrides::default(), &NoProgress, &CancelToken::new())
            .unwrap();
        assert_eq!(r.status, Status::Ok, "{:?}", r.error);
        assert_eq!(r.rows[0][0], serde_json::json!(200));
        let stats = s.worker_stats();
        peak_live = peak_live.max(stats.live);
        assert!(stats.live <= ceiling.workers, "dataset {i}: {} live workers, ceiling {}", stats.live, ceiling.workers);
        assert!(stats.rss_bytes <= ceiling.memory_bytes, "dataset {i}: {} bytes resident, ceiling {}", stats.rss_bytes, ceiling.memory_bytes);
        // Workers of datasets left behind are gone, not idling.
        for p in &retired {
            assert!(!alive(*p), "dataset {i}: worker {p} of a retired dataset is still alive");
        }
        // The pids now live belong to this dataset; after the next switch
        // they must be gone.
        let live = live_pids(&s);
        retired.extend(live);
    }
    assert!(peak_live >= 1, "workers were counted");
    // Retire the last one too: dropping the session leaves nothing.
    let last = live_pids(&s);
    drop(s);
    for p in last {
        assert!(!alive(p), "worker {p} outlived its session");
    }
}

/// Pids of this process's children (the session's workers).
fn live_pids(_s: &Session) -> Vec<i32> {
    let me = std::process::id();
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        // Field 4 (after the parenthesised name) is the parent pid.
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r.to_string()) else { continue };
        let ppid: u32 = rest.split_whitespace().nth(1).and_then(|x| x.parse().ok()).unwrap_or(0);
        if ppid == me && rest.split_whitespace().next() != Some("Z") {
            out.push(pid);
        }
    }
    out
}

#[test]
fn cancelling_a_long_query_kills_its_worker_and_records_cancelled() {
    let home = tempfile::tempdir().unwrap();
    add_datasets(home.path(), 1);
    let mut s = session(home.path(), true);
    s.use_dataset(Some("d0")).unwrap();
    let token = CancelToken::new();
    let watcher = {
        let token = token.clone();
        std::thread::spawn(move || {
            let until = Instant::now() + Duration::from_secs(20);
            while token.worker_pid().is_none() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(5));
            }
            let pid = token.worker_pid().expect("the query reached a worker");
            std::thread::sleep(Duration::from_millis(300));
            token.cancel();
            pid
        })
    };
    let started = Instant::now();
    let long = "SELECT count(*) FROM range(1000000000000) r(i) WHERE i % 7 = 3";
    let over = RunOverrides { timeout: Some(Duration::from_secs(60)), ..Default::default() };
    let r = s.run(Request::Sql { sql: long.into(), validate: true }, &over, &NoProgress, &token).unwrap();
    let took = started.elapsed();
    let pid = watcher.join().unwrap();
    assert_eq!(r.status, Status::Cancelled, "{:?}", r.error);
    assert_eq!(r.error.as_ref().unwrap().category, ErrorCategory::Cancelled);
    assert!(took < Duration::from_secs(10), "the cancel took effect at once, not at the deadline: {took:?}");
    assert!(!alive(pid), "the cancelled worker {pid} is gone");

    // The chain verifies and the capsule says cancelled.
    let v = sandpiper::audit::verify(&home.path().join("audit"), None);
    assert!(v.is_intact(), "{v}");
    let store = Store::open(home.path().join("runs.sqlite")).unwrap();
    let cap = store.get_run(&r.run_id).unwrap().unwrap();
    assert_eq!(cap.status, RunStatus::Cancelled);
    assert_eq!(cap.attempts.len(), 1);

    // The session goes on: the next query runs on a fresh warm worker.
    let next = s
        .run(Request::Sql { sql: "SELECT count(*) FROM t".into(), validate: true }, &RunOverrides::default(), &NoProgress, &CancelToken::new())
        .unwrap();
    assert_eq!(next.status, Status::Ok, "{:?}", next.error);
}

#[test]
fn a_run_on_another_thread_publishes_its_steps() {
    let home = tempfile::tempdir().unwrap();
    add_datasets(home.path(), 1);
    let mut s = session(home.path(), false);
    s.use_dataset(Some("d0")).unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<ProgressEvent>();
    let runner = std::thread::spawn(move || {
        let r = s
            .run(Request::Ask { question: "total amount by kind".into() }, &RunOverrides::default(), &tx, &CancelToken::new())
            .unwrap();
        (r, s)
    });
    let mut steps = Vec::new();
    while let Ok(ev) = rx.recv_timeout(Duration::from_secs(30)) {
        let done = matches!(ev.step, Progress::Finished { .. });
        steps.push(ev.step);
        if done {
            break;
        }
    }
    let (report, _s) = runner.join().unwrap();
    let names: Vec<String> = steps.iter().map(|p| serde_json::to_value(p).unwrap()["step"].as_str().unwrap().to_string()).collect();
    assert_eq!(names.first().map(String::as_str), Some("started"));
    assert_eq!(names.last().map(String::as_str), Some("finished"));
    if report.status == Status::Ok {
        for want in ["planning", "planned", "compiled", "validated", "attempt_started", "attempt_finished"] {
            assert!(names.iter().any(|n| n == want), "{want} missing from {names:?}");
        }
    } else {
        assert!(names.iter().any(|n| n == "planning"), "{names:?}");
    }
}

#[test]
fn the_session_thread_runs_one_job_queues_one_and_cancels_on_request() {
    use sandpiper::session::engine::{Engine, Job, Reply};
    let home = tempfile::tempdir().unwrap();
    add_datasets(home.path(), 2);
    let s = session(home.path(), true);
    let (tx, rx) = std::sync::mpsc::channel::<Reply>();
    let engine = Engine::start(s, tx).unwrap();
    let switch = engine.submit(Job::UseDataset { name: "d1".into() });
    let sql = |q: &str| Job::Run {
        request: Request::Sql { sql: q.into(), validate: true },
        overrides: RunOverrides { timeout: Some(Duration::from_secs(60)), ..Default::default() },
    };
    // Wait for the switch, so the long query below is the running job.
    match rx.recv_timeout(Duration::from_secs(30)).unwrap() {
        Reply::DatasetChanged { job, name, .. } => assert_eq!((job, name.as_str()), (switch, "d1")),
        other => panic!("unexpected {other:?}"),
    }
    let long = engine.submit(sql("SELECT count(*) FROM range(1000000000000) r(i) WHERE i % 7 = 3"));
    let until = Instant::now() + Duration::from_secs(20);
    while engine.running() != Some(long) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(5));
    }
    let first = engine.submit(sql("SELECT 1 AS one"));
    let second = engine.submit(sql("SELECT sum(amount) AS s FROM t"));
    std::thread::sleep(Duration::from_millis(200));
    engine.cancel(long);

    let mut finals = std::collections::BTreeMap::new();
    let mut progress_ids = std::collections::BTreeSet::new();
    let until = Instant::now() + Duration::from_secs(30);
    while finals.len() < 3 {
        match rx.recv_timeout(until.saturating_duration_since(Instant::now())).expect("every job is answered") {
            Reply::Progress { job, .. } => {
                progress_ids.insert(job);
            }
            Reply::Finished { job, report, .. } => {
                finals.insert(job, report.status.word().to_string());
            }
            Reply::Superseded { job } => {
                finals.insert(job, "superseded".to_string());
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(finals[&long], "cancelled");
    assert_eq!(finals[&first], "superseded", "a waiting job is replaced by a newer one");
    assert_eq!(finals[&second], "ok");
    assert!(progress_ids.contains(&long) && progress_ids.contains(&second) && !progress_ids.contains(&first));
    drop(engine);
}
