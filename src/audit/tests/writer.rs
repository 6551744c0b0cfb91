//! The writer: format, rotation, recovery, locking, side store, failed
//! writes, refusing foreign files.

use std::sync::Arc;
use std::time::Duration;

use rstest::rstest;
use serde_json::{json, Value};
use sha2::Digest;
use time::macros::datetime;

use super::{append_n, forge, lines, make_log, options, seg1, write_lines};
use crate::audit::{
    chains, format_ts, head, show, verify, AuditError, Entry, Fsync, Kind, ManualClock, Options,
    ProblemKind, Writer, GENESIS_HASH,
};

/// The exact bytes of a first entry; the hash was computed independently
/// (Python: sha256 of json.dumps(obj_without_hash, sort_keys=True,
/// separators=(",", ":"), ensure_ascii=False)).
#[test]
fn first_line_has_the_documented_format() {
    let dir = tempfile::tempdir().unwrap();
    let mut w = Writer::open(dir.path(), options()).unwrap();
    let mut payload = serde_json::Map::new();
    payload.insert("version".into(), json!("0.1.0"));
    payload.insert("b".into(), json!(1));
    payload.insert("a".into(), json!([1.5, "x\u{e9}\n"]));
    let a = w
        .append_at(
            datetime!(2025-01-02 04:04:05.000007 +01:00),
            Kind::SessionStart,
            "",
            &Value::Object(payload),
        )
        .unwrap();
    let line = String::from_utf8(std::fs::read(seg1(dir.path())).unwrap()).unwrap();
    let expected_hash = "7549396800cd98f3a0b97bf4b49d17a981fe26df39496b7789dcac820a41f0fa";
    assert_eq!(
        line,
        format!(
            "{{\"seq\":0,\"ts\":\"2025-01-02T03:04:05.000007Z\",\"run_id\":\"\",\"kind\":\"session_start\",\
             \"payload\":{{\"a\":[1.5,\"x\u{e9}\\n\"],\"b\":1,\"version\":\"0.1.0\"}},\
             \"prev_hash\":\"{GENESIS_HASH}\",\"hash\":\"{expected_hash}\"}}\n"
        )
    );
    assert_eq!(a.hash, expected_hash);
    assert_eq!(a.seq, 0);
}

#[test]
fn entries_read_back_with_show_and_filter_by_run() {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), 9);
    let all: Vec<Entry> = show(dir.path(), None)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(all.len(), 9);
    assert!(all.iter().enumerate().all(|(i, e)| e.seq == i as u64));
    assert!(all.iter().all(|e| e.compute_hash().unwrap() == e.hash));
    assert_eq!(all[0].prev_hash, GENESIS_HASH);
    assert!(all.windows(2).all(|w| w[1].prev_hash == w[0].hash));
    assert_eq!(
        all[1].ts, "2025-01-02T03:04:05.001000Z",
        "the fake clock stamps entries"
    );
    let run1: Vec<u64> = show(dir.path(), Some("run-1"))
        .unwrap()
        .map(|e| e.unwrap().seq)
        .collect();
    assert_eq!(run1, [3, 4, 5]);
}

#[test]
fn reopening_continues_the_chain() {
    let dir = tempfile::tempdir().unwrap();
    let first = make_log(dir.path(), 4);
    let mut w = Writer::open(dir.path(), options()).unwrap();
    assert_eq!(w.next_seq(), 4);
    assert_eq!(w.head(), first[3].hash);
    append_n(&mut w, 3);
    drop(w);
    let report = verify(dir.path(), None);
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.entries, 7);
}

#[rstest]
#[case(Fsync::EveryEntry)]
#[case(Fsync::Batched { every: 4 })]
#[case(Fsync::Batched { every: 0 })]
fn rotation_chains_segments_and_continues_seq(#[case] fsync: Fsync) {
    let dir = tempfile::tempdir().unwrap();
    let opts = Options {
        max_segment_bytes: 1000,
        fsync,
        ..options()
    };
    let mut w = Writer::open(dir.path(), opts.clone()).unwrap();
    let appended = append_n(&mut w, 30);
    let head_now = w.head();
    drop(w);
    let segs = &chains(dir.path()).unwrap()[0].segments;
    assert!(
        segs.len() >= 5,
        "expected several segments, got {}",
        segs.len()
    );
    for pair in segs.windows(2) {
        let prev_last: Entry =
            serde_json::from_slice(lines(&pair[0].path).last().unwrap()).unwrap();
        let next_first: Entry = serde_json::from_slice(&lines(&pair[1].path)[0]).unwrap();
        assert_eq!(next_first.prev_hash, prev_last.hash);
        assert_eq!(next_first.seq, prev_last.seq + 1);
        assert!(std::fs::metadata(&pair[0].path).unwrap().len() <= 1000);
    }
    let report = verify(dir.path(), Some(&head_now));
    assert!(report.is_intact(), "{report}");
    assert_eq!((report.entries, report.segments.len()), (30, segs.len()));
    assert_eq!(head(dir.path()).unwrap(), appended[29].hash);

    // Reopen appends to the last segment; verifying any one segment file
    // verifies its whole chain.
    let mut w = Writer::open(dir.path(), opts).unwrap();
    assert_eq!(w.segment_path(), segs.last().unwrap().path);
    append_n(&mut w, 1);
    drop(w);
    assert_eq!(verify(&segs[1].path, None).entries, 31);
}

#[test]
fn removed_segment_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let mut w = Writer::open(
        dir.path(),
        Options {
            max_segment_bytes: 1000,
            ..options()
        },
    )
    .unwrap();
    append_n(&mut w, 20);
    drop(w);
    std::fs::remove_file(dir.path().join("audit-000002.jsonl")).unwrap();
    let p = verify(dir.path(), None).problem.unwrap();
    assert!(matches!(p.kind, ProblemKind::MissingSegment { .. }), "{p}");
    assert!(p.file.ends_with("audit-000002.jsonl"));
}

#[test]
fn empty_last_segment_after_a_crash_at_rotation_is_continued() {
    let dir = tempfile::tempdir().unwrap();
    let appended = make_log(dir.path(), 3);
    std::fs::write(dir.path().join("audit-000002.jsonl"), b"").unwrap();
    let mut w = Writer::open(dir.path(), options()).unwrap();
    assert_eq!(w.head(), appended[2].hash);
    assert!(w.segment_path().ends_with("audit-000002.jsonl"));
    append_n(&mut w, 2);
    drop(w);
    let report = verify(dir.path(), None);
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.entries, 5);
}

#[rstest]
#[case::partial_line(b"{\"seq\":3,\"ts\":\"2025-01".to_vec())]
#[case::complete_but_no_newline(Vec::new())]
#[case::zero_filled(vec![0u8; 300])]
fn torn_tail_is_set_aside_and_recorded(#[case] tail: Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), 3);
    let path = seg1(dir.path());
    let before = std::fs::read(&path).unwrap();
    let tail = if tail.is_empty() {
        let mut t = forge(3, "answer", &json!({}), &head(dir.path()).unwrap());
        t.pop();
        t
    } else {
        tail
    };
    std::fs::write(&path, [before.as_slice(), &tail].concat()).unwrap();

    let w = Writer::open(dir.path(), options()).unwrap();
    let rec = w.recovery().unwrap().clone();
    drop(w);
    assert_eq!(std::fs::read(&rec.side_file).unwrap(), tail);
    assert_eq!(
        (rec.offset, rec.bytes),
        (before.len() as u64, tail.len() as u64)
    );
    let entries: Vec<Entry> = show(dir.path(), None)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let last = entries.last().unwrap();
    assert_eq!(last.kind, Kind::Recovered);
    assert_eq!(last.seq, 3);
    assert_eq!(last.payload["bytes"], json!(tail.len()));
    assert_eq!(
        last.payload["sha256"],
        json!(hex::encode(sha2::Sha256::digest(&tail)))
    );
    assert_eq!(
        last.payload["side_file"],
        json!(rec.side_file.file_name().unwrap().to_str().unwrap())
    );
    assert_eq!(last.payload["segment"], json!("audit-000001.jsonl"));
    assert!(verify(dir.path(), None).is_intact());
}

#[test]
fn torn_first_line_of_a_new_log_is_recovered() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(seg1(dir.path()), b"{\"seq\":0,\"ts\":\"20").unwrap();
    let w = Writer::open(dir.path(), options()).unwrap();
    assert_eq!(w.recovery().unwrap().seq, 0);
    drop(w);
    assert_eq!(verify(dir.path(), None).entries, 1);
}

#[rstest]
#[case::text(b"hello world\n".to_vec())]
#[case::csv(b"a,b,c\n1,2,3\n".to_vec())]
#[case::unterminated_text(b"not an audit log".to_vec())]
#[case::json_not_entry(b"{\"seq\":0}\n".to_vec())]
#[case::other_jsonl(b"{\"level\":\"info\",\"msg\":\"x\"}\n{\"level\":\"warn\"}\n".to_vec())]
#[case::binary(vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])]
fn foreign_segment_is_refused_and_left_alone(#[case] content: Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let path = seg1(dir.path());
    std::fs::write(&path, &content).unwrap();
    let err = Writer::open(dir.path(), options()).unwrap_err();
    assert!(matches!(err, AuditError::Foreign { .. }), "{err}");
    assert!(err.to_string().contains("audit-000001.jsonl"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), content);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        2,
        "only the segment and the lock file"
    );
}

#[test]
fn damaged_complete_last_line_is_refused_not_repaired() {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), 5);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    let text = String::from_utf8(l[4].clone())
        .unwrap()
        .replace("entry number", "entry NUMBER");
    l[4] = text.into_bytes();
    write_lines(&path, &l);
    let before = std::fs::read(&path).unwrap();
    let err = Writer::open(dir.path(), options()).unwrap_err();
    assert!(matches!(err, AuditError::Corrupt { line: 5, .. }), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn audit_path_that_is_a_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("audit");
    std::fs::write(&file, b"x").unwrap();
    let err = Writer::open(&file, options()).unwrap_err();
    assert!(matches!(err, AuditError::NotADirectory { .. }), "{err}");
}

#[rstest]
#[case(0)]
#[case(1)]
#[case(57)]
#[case(usize::MAX)]
fn failed_write_leaves_no_partial_entry(#[case] written: usize) {
    let dir = tempfile::tempdir().unwrap();
    let mut w = Writer::open(dir.path(), options()).unwrap();
    append_n(&mut w, 3);
    let path = seg1(dir.path());
    let before = std::fs::read(&path).unwrap();
    let head_before = w.head();
    // usize::MAX: the whole line reaches the file, then the write reports
    // an error anyway; it must still be taken back.
    w.fail_next_write_after(written);
    let err = w
        .append(Kind::Answer, "r", &json!({"text": "lost"}))
        .unwrap_err();
    assert!(matches!(err, AuditError::Write { .. }), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!((w.head(), w.next_seq()), (head_before, 3));
    append_n(&mut w, 2);
    drop(w);
    let report = verify(dir.path(), None);
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.entries, 5);
}

#[test]
fn second_writer_falls_back_to_its_own_chain() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = Writer::open(dir.path(), options()).unwrap();
    let mut b = Writer::open(dir.path(), options()).unwrap();
    assert!(!a.is_fallback());
    assert!(b.is_fallback());
    assert!(b.chain_name().starts_with("session-"), "{}", b.chain_name());
    for _ in 0..3 {
        append_n(&mut a, 2);
        append_n(&mut b, 1);
    }
    let b_seg = b.segment_path().to_path_buf();
    drop((a, b));
    let main = verify(dir.path(), None);
    assert!(main.is_intact(), "{main}");
    assert_eq!(main.entries, 6);
    let side = verify(&b_seg, None);
    assert!(side.is_intact(), "{side}");
    assert_eq!(side.entries, 3);
    let names: Vec<String> = chains(dir.path())
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names.len(), 2);
    assert_eq!(names[0], "audit");
    let c = Writer::open(dir.path(), options()).unwrap();
    assert!(!c.is_fallback(), "the lock is released on drop");
}

#[test]
fn writer_waits_for_the_lock_within_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let a = Writer::open(dir.path(), options()).unwrap();
    let release = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        drop(a);
    });
    let b = Writer::open(
        dir.path(),
        Options {
            lock_timeout: Duration::from_secs(10),
            ..options()
        },
    )
    .unwrap();
    assert!(!b.is_fallback());
    release.join().unwrap();
}

#[test]
fn large_payloads_go_to_the_side_store() {
    let dir = tempfile::tempdir().unwrap();
    let mut w = Writer::open(dir.path(), options()).unwrap();
    let big = json!({ "preview": "x".repeat(5000), "rows": 100 });
    let a = w.append(Kind::Execution, "r1", &big).unwrap();
    let b = w.append(Kind::Execution, "r2", &big).unwrap();
    let blob = a.blob.clone().unwrap();
    assert_eq!(b.blob.as_ref(), Some(&blob), "same content, same blob");
    let small_ref = w
        .append(Kind::Answer, "r3", &json!({"$ref": "mine"}))
        .unwrap();
    assert!(
        small_ref.blob.is_some(),
        "a payload that looks like a reference is stored too"
    );
    let store = w.side_store().clone();
    drop(w);
    let entries: Vec<Entry> = show(dir.path(), None)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        entries[0].payload,
        json!({"$ref": blob.hash, "bytes": blob.bytes})
    );
    assert_eq!(store.get(&entries[0].payload_ref().unwrap()).unwrap(), big);
    assert_eq!(
        store.get(&entries[2].payload_ref().unwrap()).unwrap(),
        json!({"$ref": "mine"})
    );
    assert_eq!(
        std::fs::read_dir(dir.path().join("blobs")).unwrap().count(),
        2
    );
    assert!(verify(dir.path(), None).is_intact());

    std::fs::write(store.path_of(&blob.hash), b"{}").unwrap();
    let p = verify(dir.path(), None).problem.unwrap();
    assert!(
        matches!(p.kind, ProblemKind::BlobMismatch { .. }) && p.line == 1,
        "{p}"
    );
    std::fs::remove_file(store.path_of(&blob.hash)).unwrap();
    let p = verify(dir.path(), None).problem.unwrap();
    assert!(
        matches!(p.kind, ProblemKind::MissingBlob { .. }) && p.line == 1,
        "{p}"
    );
}

#[test]
fn unknown_kinds_verify_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let appended = make_log(dir.path(), 2);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    l.push(forge(
        2,
        "telemetry_v9",
        &json!({"x": 1}),
        &appended[1].hash,
    ));
    write_lines(&path, &l);
    assert!(verify(dir.path(), None).is_intact());
    let last = show(dir.path(), None).unwrap().last().unwrap().unwrap();
    assert_eq!(last.kind, Kind::Other("telemetry_v9".into()));
    let mut w = Writer::open(dir.path(), options()).unwrap();
    assert_eq!(w.next_seq(), 3);
    append_n(&mut w, 1);
}

#[test]
fn kinds_round_trip_by_name() {
    for kind in Kind::KNOWN {
        assert_eq!(Kind::from_name(kind.as_str()), kind);
        let text = serde_json::to_string(&kind).unwrap();
        assert_eq!(serde_json::from_str::<Kind>(&text).unwrap(), kind);
    }
    assert_eq!(Kind::RepairAttempt.as_str(), "repair_attempt");
    assert_eq!(Kind::ConfigChange.as_str(), "config_change");
}

#[rstest]
#[case(datetime!(2025-01-02 03:04:05 UTC), "2025-01-02T03:04:05.000000Z")]
#[case(datetime!(2025-01-02 00:30:00.123456789 +02:00), "2025-01-01T22:30:00.123456Z")]
#[case(datetime!(0000-01-01 00:00:00 UTC), "0000-01-01T00:00:00.000000Z")]
fn timestamps_are_utc_rfc3339_micros(#[case] t: time::OffsetDateTime, #[case] expected: &str) {
    assert_eq!(format_ts(t).unwrap(), expected);
    assert!(crate::audit::clock::is_audit_ts(expected));
}

#[rstest]
#[case("2025-01-02T03:04:05.000006Z", true)]
#[case("2024-02-29T23:59:59.999999Z", true)]
#[case("2025-02-29T03:04:05.000006Z", false)]
#[case("2025-13-02T03:04:05.000006Z", false)]
#[case("2025-01-02T24:04:05.000006Z", false)]
#[case("2025-01-02T03:60:05.000006Z", false)]
#[case("2025-01-02T03:04:05Z", false)]
#[case("2025-01-02T03:04:05.000006+00:00", false)]
#[case("2025-01-02 03:04:05.000006Z", false)]
#[case("2025-01-02T03:04:05.00000xZ", false)]
fn stored_timestamps_must_be_the_writers_form(#[case] ts: &str, #[case] ok: bool) {
    assert_eq!(crate::audit::clock::is_audit_ts(ts), ok);
}

#[test]
fn clock_can_be_faked_and_out_of_range_years_refused() {
    let clock = Arc::new(ManualClock::new(
        datetime!(2030-06-01 12:00:00 UTC),
        Duration::ZERO,
    ));
    let dir = tempfile::tempdir().unwrap();
    let mut w = Writer::open(
        dir.path(),
        Options {
            clock: clock.clone(),
            ..options()
        },
    )
    .unwrap();
    w.append(Kind::Question, "", &json!("q")).unwrap();
    clock.advance(Duration::from_secs(61));
    w.append(Kind::Question, "", &json!("q")).unwrap();
    let err = w
        .append_at(
            datetime!(-0001-01-01 00:00:00 UTC),
            Kind::Question,
            "",
            &json!("q"),
        )
        .unwrap_err();
    assert!(matches!(err, AuditError::TimeOutOfRange { year: -1 }));
    drop(w);
    let ts: Vec<String> = show(dir.path(), None)
        .unwrap()
        .map(|e| e.unwrap().ts)
        .collect();
    assert_eq!(
        ts,
        ["2030-06-01T12:00:00.000000Z", "2030-06-01T12:01:01.000000Z"]
    );
}

#[test]
fn verify_of_missing_and_empty_paths() {
    let dir = tempfile::tempdir().unwrap();
    let report = verify(&dir.path().join("nope"), None);
    assert!(matches!(report.problem.unwrap().kind, ProblemKind::Missing));
    let report = verify(dir.path(), None);
    assert!(report.is_intact());
    assert_eq!((report.entries, report.head.as_str()), (0, GENESIS_HASH));
    assert!(verify(dir.path(), Some(GENESIS_HASH)).is_intact());
    assert_eq!(head(dir.path()).unwrap(), GENESIS_HASH);
}

#[test]
fn benchmarks_run_on_a_small_log() {
    let dir = tempfile::tempdir().unwrap();
    let rate = crate::audit::bench_append(dir.path(), 50, Fsync::Batched { every: 16 }).unwrap();
    assert!(rate > 0.0);
    assert!(crate::audit::bench_verify(dir.path()).unwrap() > 0.0);
    assert_eq!(verify(dir.path(), None).entries, 50);
}
