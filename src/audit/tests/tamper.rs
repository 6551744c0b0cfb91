//! Tampering that verification must catch, each at the right line.

use rstest::rstest;
use serde_json::json;

use super::{forge, lines, make_log, options, seg1, write_lines};
use crate::audit::{verify, ProblemKind, Writer, GENESIS_HASH};

const N: u64 = 10;

fn problem_line(dir: &std::path::Path) -> (u64, ProblemKind) {
    let report = verify(dir, None);
    let text = report.to_string();
    let p = report
        .problem
        .unwrap_or_else(|| panic!("tampering not detected: {text}"));
    (p.line, p.kind)
}

#[test]
fn untouched_log_verifies_with_its_head() {
    let dir = tempfile::tempdir().unwrap();
    let appended = make_log(dir.path(), N);
    let head = &appended.last().unwrap().hash;
    let report = verify(dir.path(), Some(head));
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.entries, N);
    assert_eq!(&report.head, head);
    assert_eq!(crate::audit::head(dir.path()).unwrap(), *head);
}

/// Every single-bit flip anywhere in line `k` (including its newline) is
/// caught at line `k`.
#[rstest]
#[case(1)]
#[case(5)]
#[case(10)]
fn any_flipped_bit_is_caught_at_its_line(#[case] k: usize, #[values(0x01, 0x20, 0x80)] mask: u8) {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), N);
    let path = seg1(dir.path());
    let original = lines(&path);
    for pos in 0..original[k - 1].len() {
        let mut tampered = original.clone();
        tampered[k - 1][pos] ^= mask;
        write_lines(&path, &tampered);
        let (line, kind) = problem_line(dir.path());
        assert_eq!(
            line, k as u64,
            "flip {mask:#x} at byte {pos} of line {k}: {kind}"
        );
    }
}

#[test]
fn edited_payload_is_a_hash_mismatch() {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), N);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    let text = String::from_utf8(l[3].clone())
        .unwrap()
        .replace("entry number 3", "entry number 8");
    l[3] = text.into_bytes();
    write_lines(&path, &l);
    assert!(matches!(
        problem_line(dir.path()),
        (4, ProblemKind::HashMismatch { .. })
    ));
}

#[rstest]
#[case::first(1)]
#[case::middle(5)]
#[case::second_to_last(9)]
fn deleted_line_is_caught_at_the_line_after_the_gap(#[case] k: usize) {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), N);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    l.remove(k - 1);
    write_lines(&path, &l);
    assert!(
        matches!(problem_line(dir.path()), (line, ProblemKind::PrevHashMismatch { .. }) if line == k as u64)
    );
}

#[rstest]
#[case(3, 4)]
#[case(2, 8)]
#[case(1, 10)]
fn swapped_lines_are_caught_at_the_first_of_them(#[case] i: usize, #[case] j: usize) {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), N);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    l.swap(i - 1, j - 1);
    write_lines(&path, &l);
    assert!(
        matches!(problem_line(dir.path()), (line, ProblemKind::PrevHashMismatch { .. }) if line == i as u64)
    );
}

/// A forged line with a correct hash of its own, linked to its
/// predecessor and with the right seq, is itself undetectable: the chain
/// breaks at the next line, whose prev_hash no longer matches.
#[test]
fn inserted_well_linked_forgery_is_caught_at_the_next_line() {
    let dir = tempfile::tempdir().unwrap();
    let appended = make_log(dir.path(), N);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    // Insert as line 5: seq 4, chained to entry seq 3.
    l.insert(
        4,
        forge(4, "answer", &json!({"text": "all good"}), &appended[3].hash),
    );
    write_lines(&path, &l);
    assert!(matches!(
        problem_line(dir.path()),
        (6, ProblemKind::PrevHashMismatch { .. })
    ));
}

#[rstest]
#[case::bad_link(4, GENESIS_HASH, 5)]
#[case::appended_at_end_wrong_seq(3, "", 11)]
fn inserted_forgery_with_its_own_hash_is_caught(
    #[case] seq: u64,
    #[case] prev: &str,
    #[case] at: u64,
) {
    let dir = tempfile::tempdir().unwrap();
    let appended = make_log(dir.path(), N);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    let prev = if prev.is_empty() {
        appended.last().unwrap().hash.clone()
    } else {
        prev.to_string()
    };
    let line = forge(seq, "answer", &json!({"text": "forged"}), &prev);
    let index = (at - 1) as usize;
    l.insert(index, line);
    write_lines(&path, &l);
    let (line, kind) = problem_line(dir.path());
    assert_eq!(line, at, "{kind}");
    assert!(
        matches!(
            kind,
            ProblemKind::PrevHashMismatch { .. } | ProblemKind::SeqGap { .. }
        ),
        "{kind}"
    );
}

#[test]
fn truncated_mid_line_is_torn_then_recovered() {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), N);
    let path = seg1(dir.path());
    let l = lines(&path);
    let keep: usize = l[..6].iter().map(Vec::len).sum::<usize>() + 40;
    let data = std::fs::read(&path).unwrap();
    std::fs::write(&path, &data[..keep]).unwrap();
    assert!(matches!(problem_line(dir.path()), (7, ProblemKind::Torn)));

    let w = Writer::open(dir.path(), options()).unwrap();
    let rec = w.recovery().unwrap().clone();
    assert_eq!(rec.bytes, 40);
    assert_eq!(
        rec.seq, 6,
        "the recovered entry takes the torn entry's place"
    );
    assert_eq!(
        std::fs::read(&rec.side_file).unwrap(),
        &data[keep - 40..keep]
    );
    drop(w);
    let report = verify(dir.path(), None);
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.entries, 7);
}

#[test]
fn deleted_tail_is_caught_only_with_the_expected_head() {
    let dir = tempfile::tempdir().unwrap();
    let appended = make_log(dir.path(), N);
    let path = seg1(dir.path());
    let l = lines(&path);
    write_lines(&path, &l[..7]);
    let report = verify(dir.path(), None);
    assert!(
        report.is_intact(),
        "a clean cut at the end is a valid shorter chain"
    );
    assert_eq!(report.entries, 7);

    let head = &appended.last().unwrap().hash;
    let report = verify(dir.path(), Some(head));
    let p = report.problem.unwrap();
    assert_eq!((p.file.as_path(), p.line), (path.as_path(), 7));
    assert!(matches!(p.kind, ProblemKind::HeadMismatch { .. }));
    assert!(verify(dir.path(), Some(&appended[6].hash)).is_intact());
}

#[test]
fn blank_line_is_bad_json() {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), N);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    l.insert(2, b"\n".to_vec());
    write_lines(&path, &l);
    assert!(matches!(
        problem_line(dir.path()),
        (3, ProblemKind::BadJson(_))
    ));
}

/// Same values, same hash, different bytes: still an edit of the file.
#[rstest]
#[case::number_respelled("\"ratio\":0.30000000000000004", "\"ratio\":0.30000000000000005")]
#[case::escape("entry number 1", "entry number \\u0031")]
#[case::space("\"n\":1,", "\"n\": 1,")]
#[case::member_order("{\"seq\":1,\"ts\"", "{\"ts\"")]
fn respelled_line_is_caught(#[case] from: &str, #[case] to: &str) {
    let dir = tempfile::tempdir().unwrap();
    make_log(dir.path(), 3);
    let path = seg1(dir.path());
    let mut l = lines(&path);
    let old = String::from_utf8(l[1].clone()).unwrap();
    let mut new = old.replacen(from, to, 1);
    if from.starts_with("{\"seq\"") {
        // Move `seq` to the end instead of the front.
        new = new.replacen("\"hash\"", "\"seq\":1,\"hash\"", 1);
    }
    assert_ne!(old, new, "the case must change the line");
    l[1] = new.into_bytes();
    write_lines(&path, &l);
    assert!(matches!(
        problem_line(dir.path()),
        (2, ProblemKind::NotCanonical)
    ));
}
