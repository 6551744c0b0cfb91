//! The real binary in a pseudo-terminal, used as a person would: open the
//! workbench, ask a question, read the answer and its SQL on screen, quit
//! with Ctrl-C; and an SSH disconnect (SIGHUP) that must leave the terminal
//! restored. The first tests read the raw bytes the app wrote; the tool-view
//! tests read the screen as a terminal shows it (a vt100 parser), and wait
//! for content with a timeout rather than sleeping.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pty_support;

use pty_support::Pty;

const ALT_SCREEN_ON: &str = "\x1b[?1049h";
const ALT_SCREEN_OFF: &str = "\x1b[?1049l";

#[test]
fn ask_a_question_read_the_answer_and_quit_with_ctrl_c() {
    let mut p = Pty::start(120, 40);
    let drawn = p.wait_for("Ask (Enter)", 0, 60);
    assert!(p.text().contains(ALT_SCREEN_ON));
    p.send("What is the total revenue by product category?\r");
    p.wait_for(" rows", drawn, 60);
    p.wait_for("SELECT", drawn, 10);
    // The rows themselves are on screen: categories of the dataset.
    p.wait_for("Electronics", drawn, 10);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    assert!(p.text().contains(ALT_SCREEN_OFF), "the terminal was restored");
}

#[test]
fn an_unanswerable_question_shows_the_explanation() {
    let mut p = Pty::start(80, 24);
    let drawn = p.wait_for("Ask (Enter)", 0, 60);
    p.send("revenue by planet\r");
    p.wait_for("planet", drawn + 1, 30);
    p.wait_for("try:", drawn, 30);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn sighup_restores_the_terminal() {
    let mut p = Pty::start(80, 24);
    p.wait_for("Ask (Enter)", 0, 60);
    // SAFETY: signalling our own child.
    unsafe { libc::kill(p.child.id() as i32, libc::SIGHUP) };
    assert_eq!(p.exit_code(10), Some(0));
    assert!(p.text().contains(ALT_SCREEN_OFF), "the terminal was restored");
}

const F3: &str = "\x1bOR";
const F4: &str = "\x1bOS";
const F7: &str = "\x1b[18~";
const LEFT: &str = "\x1b[D";

#[test]
fn step_through_a_repair_of_a_broken_sql_then_quit_restored() {
    let mut p = Pty::start(120, 40);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.send("/sql SELECT country, SUM(total_amont) AS revenue FROM orders GROUP BY country\r");
    p.wait_shown(&["✓ 8 rows"], 60);
    p.key(F3);
    let s = p.wait_shown(&["Attempt 2 of 2", "rules:column_name", "Diff against attempt 1", "+SELECT country, SUM(total_amount)"], 10);
    assert!(s.contains("1/2") && s.contains("2/2"), "the timeline lists both attempts:\n{s}");
    p.key(LEFT);
    let s = p.wait_shown(&["Attempt 1 of 2", "^ here (line 1, column 21)", "total_amont"], 10);
    assert!(s.contains("Binder Error"), "{s}");
    // Re-run the failed attempt: a new run, repaired again.
    p.send("r");
    p.wait_until("the re-run to finish", |s| s.contains("Chat") && !s.contains("running…"), 60);
    // Two runs are recorded now (the history lists the capsules).
    p.key(F7);
    p.wait_shown(&["Runs: 2", "(sql)"], 30);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    let vt = p.vt.lock().unwrap();
    assert!(!vt.screen().alternate_screen(), "back on the main screen");
    assert!(!vt.screen().hide_cursor(), "cursor shown again");
}

#[test]
fn open_the_audit_view_and_verify_the_chain() {
    let mut p = Pty::start(80, 24);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.send("What is the average order value by channel?\r");
    p.wait_shown(&["✓"], 60);
    p.key(F4);
    p.wait_shown(&["Entries:", "session_start", "answer"], 10);
    p.send("v");
    let s = p.wait_shown(&["chain intact"], 20);
    assert!(s.contains("entries verified"), "{s}");
    // Filter by kind.
    p.send("/answer\r");
    p.wait_shown(&["filter \"answer\""], 10);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn switch_dataset_with_slash_dataset_and_the_picker() {
    let mut p = Pty::start(80, 24);
    p.wait_shown(&["Ask (Enter)", "ecommerce"], 60);
    p.send("/dataset iot\r");
    let s = p.wait_shown(&["now on dataset iot"], 60);
    assert!(s.lines().last().is_some_and(|l| l.trim_start().starts_with("iot")), "the status bar names iot:\n{s}");
    p.send("/dataset\r");
    p.wait_shown(&["Datasets (● active)", "● iot", "ecommerce", "Suggested prompts"], 10);
    // Up to ecommerce and Enter switches back.
    p.key("\x1b[A");
    p.key("\x1b[A");
    p.send("\r");
    p.wait_shown(&["now on dataset ecommerce"], 60);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn a_recorded_session_replays_the_question_and_its_answer() {
    let dir = tempfile::tempdir().unwrap();
    let cast_path = dir.path().join("session.cast");
    let mut p = Pty::start_with(100, 30, &["--record", cast_path.to_str().unwrap()]);
    let drawn = p.wait_for("Ask (Enter)", 0, 60);
    p.send("What is the total revenue by product category?\r");
    p.wait_for("Electronics", drawn, 60);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    let text = std::fs::read_to_string(&cast_path).unwrap();
    let (header, events) = sandpiper::tui::cast::parse(&text).unwrap();
    assert_eq!((header.version, header.width, header.height), (2, 100, 30));
    assert_eq!(header.env.term, "xterm-256color");
    assert!(events.len() > 3, "one event per frame, not one in all");
    // Played back on a terminal of the header's size, the frames show the
    // question and the rows of its answer.
    let mut vt = vt100::Parser::new(header.height, header.width, 0);
    let mut saw_question = false;
    for e in events.iter().filter(|e| e.code == "o") {
        vt.process(e.data.as_bytes());
        saw_question |= vt.screen().contents().contains("What is the total revenue by product category?");
    }
    let last = vt.screen().contents();
    assert!(saw_question, "the question is never on screen");
    assert!(last.contains("Electronics") && last.contains("revenue"), "{last}");
}
