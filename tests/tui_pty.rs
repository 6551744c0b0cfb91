//! The real binary in a pseudo-terminal, used as a person would: open the
//! workbench, ask a question, read the answer and its SQL on screen, quit
//! with Ctrl-C; and an SSH disconnect (SIGHUP) that must leave the terminal
//! restored. The first tests read the raw bytes the app wrote; the tool-view
//! tests read the screen as a terminal shows it (a vt100 parser), and wait
//! for content with a timeout rather than sleeping.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pty_support;

use pty_support::*;
use std::time::{Duration, Instant};

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


#[test]
fn step_through_a_repair_of_a_broken_sql_then_quit_restored() {
    let mut p = Pty::start(120, 40);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.send("/sql SELECT country, SUM(total_amont) AS revenue FROM orders GROUP BY country\r");
    p.wait_shown(&["✓ 8 rows"], 60);
    p.key(F3);
    // Everything the test reads waited for at once: a frame can arrive in
    // more than one read, and a wait on part of it returns before the rest.
    // The timeline lists both attempts.
    p.wait_shown(&["Attempt 2 of 2", "rules:column_name", "Diff against attempt 1", "+SELECT country, SUM(total_amount)", "1/2", "2/2"], 10);
    p.key(LEFT);
    p.wait_shown(&["Attempt 1 of 2", "^ here (line 1, column 21)", "total_amont", "Binder Error"], 10);
    // Re-run the failed attempt: the user's repair of the run (attempt 3),
    // repaired again by the rules (attempt 4).
    p.send("r");
    p.wait_until("the re-run to finish", |s| s.contains("Chat") && !s.contains("running…"), 60);
    // Still one run: the re-run and its repair are its attempts 3 and 4.
    p.key(F3);
    // Attempt 3 is the user's.
    p.wait_shown(&["Attempt 4 of 4", "3/4", "4/4", "user"], 30);
    p.key(F7);
    p.wait_shown(&["Runs: 1", "(sql)"], 30);
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
    p.wait_shown(&["chain intact", "entries verified"], 20);
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
    // The note and the status bar naming iot (drawn after it, at the bottom).
    p.wait_until("the switch to iot", |s| s.contains("now on dataset iot") && s.lines().last().is_some_and(|l| l.trim_start().starts_with("iot")), 60);
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

#[test]
fn a_multi_line_input_with_paste_newlines_and_the_editor() {
    // The editor: a command that rewrites the file it is given.
    let mut p = Pty::start_env(120, 40, &[], &[("EDITOR", "sed -i s/planet/status/")]);
    p.wait_shown(&["Ask (Enter)", "Ctrl-J new line"], 60);
    // Ctrl-J starts a new line; Enter sends both lines as one SQL.
    p.send("/sql SELECT status, count(*) AS n");
    p.send("\n");
    p.send("FROM orders GROUP BY status");
    p.wait_shown(&["› /sql SELECT status, count(*) AS n", "  FROM orders GROUP BY status"], 10);
    p.send("\r");
    p.wait_shown(&["✓ 5 rows", "shipped"], 60);
    // A bracketed paste keeps its newline; Up on the last line moves up
    // a line instead of recalling the history.
    p.key("\x1b[200~orders by\nplanet\x1b[201~");
    p.wait_screen("the paste, the cursor on its last line", |s| s.contents().contains("› orders by") && cursor_line(s).contains("  planet"), 10);
    p.key(UP);
    // The cursor goes up to the first line (a wait on what changed, not a
    // sleep: the screen is read after the app drew the key).
    let s = p.wait_screen("the cursor on the first line of the input", |s| cursor_line(s).contains("› orders by"), 10);
    assert!(s.contains("› orders by") && s.contains("  planet"), "Up moved the cursor, not the history:\n{s}");
    // Ctrl-E opens $EDITOR on the input and loads its text back; an Enter
    // that arrived with it sends the edited text, not the old one. Both in
    // one write, so the Enter is in the terminal's queue before the app can
    // give the terminal to the editor: a byte sent after it (two writes, a
    // test thread delayed under load) can arrive while the terminal is
    // cooked, where the line discipline turns Enter's \r into \n, which the
    // app reads back in raw mode as Ctrl-J, a new line (CI failed so).
    p.key("\x05\r");
    let s = p.wait_shown(&["understood: metric: order_count; by: status", "delivered"], 60);
    assert!(!s.contains("planet"), "{s}");
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn an_enter_typed_while_the_editor_runs_sends_the_edited_input() {
    // The editor edits only when the test says so: the Enter below is typed
    // while it runs, on the terminal handed over to it (cooked, where the
    // line discipline turns Enter's \r into \n as it arrives).
    let dir = tempfile::tempdir().unwrap();
    let go = dir.path().join("go");
    let editor = format!("while [ ! -e '{}' ]; do sleep 0.02; done; sed -i s/planet/status/", go.display());
    let mut p = Pty::start_env(120, 40, &[], &[("EDITOR", editor.as_str())]);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.send("orders by planet");
    p.wait_shown(&["› orders by planet"], 10);
    p.send("\x05");
    let until = Instant::now() + Duration::from_secs(10);
    while !cooked(&p) {
        assert!(Instant::now() < until, "the terminal was never handed to the editor");
        std::thread::sleep(Duration::from_millis(20));
    }
    p.send("\r");
    std::fs::write(&go, "").unwrap();
    // Enter, not Ctrl-J (a new line): the edited question is asked.
    let s = p.wait_shown(&["understood: metric: order_count; by: status", "delivered"], 60);
    assert!(!s.contains("planet"), "{s}");
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn without_an_editor_ctrl_e_says_how_to_set_one() {
    let mut p = Pty::start(80, 24);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.send("revenue");
    p.send("\x05");
    p.wait_shown(&["set $VISUAL or $EDITOR", "› revenue"], 10);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn approval_mode_waits_for_enter_edit_and_esc() {
    let mut p = Pty::start_with(120, 40, &["--approve"]);
    p.wait_shown(&["Ask (Enter)", "approve"], 60);
    p.send("/sql SELECT country, SUM(total_amont) AS revenue FROM orders GROUP BY country\r");
    // Nothing runs before Enter.
    let s = p.wait_shown(&["Approve SQL (attempt 1)? Enter runs · e edits · Esc rejects"], 30);
    assert!(!s.contains("running in the jail"), "{s}");
    p.send("\r");
    // The rules' repair waits too, with its rationale.
    p.wait_shown(&["Approve repair (attempt 2)?", "why:", "total_amount"], 60);
    // e: edit it (a LIMIT added), Enter runs the edit, asked once more.
    p.send("e");
    p.wait_shown(&["Editing repair (attempt 2)"], 10);
    p.send(" LIMIT 3");
    p.send("\r");
    p.wait_shown(&["Approve repair (attempt 2)?", "LIMIT 3"], 30);
    p.send("\r");
    p.wait_shown(&["✓ 3 rows"], 60);
    // The stepper shows the edit as the user's repair.
    p.key(F3);
    p.wait_shown(&["Attempt 2 of 2", "user"], 10);
    // Esc read alone before the question is typed (Esc o in one read is Alt-o).
    p.key("\x1b");
    p.wait_until("the stepper closed", |s| !s.contains("Attempt 2 of 2"), 10);
    // Esc rejects: the question's plan never runs.
    p.send("orders by status\r");
    p.wait_shown(&["Approve plan (attempt 1)?"], 30);
    p.key("\x1b");
    p.wait_shown(&["cancelled"], 30);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn ctrl_z_suspends_and_sigcont_draws_again() {
    let mut p = Pty::start(80, 24);
    let drawn = p.wait_for("Ask (Enter)", 0, 60);
    p.send("\x1a");
    let left = p.wait_for(ALT_SCREEN_OFF, drawn, 10);
    let pid = p.child.id();
    let state = || std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default().rsplit(')').next().unwrap_or("").split_whitespace().next().unwrap_or("").to_string();
    let until = Instant::now() + Duration::from_secs(10);
    while state() != "T" {
        assert!(Instant::now() < until, "never stopped (state {})", state());
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: signalling our own child.
    unsafe { libc::kill(pid as i32, libc::SIGCONT) };
    let on = p.wait_for(ALT_SCREEN_ON, left, 10);
    // Drawn again in full: the input box and the status bar are back. Not
    // waited for until the screen was cleared: the alternate screen still
    // holds the frame from before the suspend (a terminal may keep it, and
    // the vt100 parser does), which shows both already.
    p.wait_for("\x1b[2J", on, 10);
    p.wait_shown(&["Ask (Enter)", "jail strict"], 10);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn copying_rows_sends_them_to_the_clipboard_with_osc_52() {
    let mut p = Pty::start(120, 40);
    let drawn = p.wait_for("Ask (Enter)", 0, 60);
    p.send("/sql SELECT 'Ada' AS name, 36 AS age UNION ALL SELECT 'Linus', 54 ORDER BY age\r");
    p.wait_for("✓ 2 rows", drawn, 60);
    // Focus the results (Tab, Tab), select both rows, copy as CSV.
    p.key("\t");
    p.key("\t");
    let before = p.written();
    p.send(" ");
    p.key(DOWN);
    p.send(" yc");
    p.wait_for("\x1b]52;c;", before, 10);
    p.wait_for("\x07", before, 10);
    let text = p.text();
    let payload = osc52_payload(&text[before..]).expect("an OSC 52 sequence with a base64 payload");
    assert!(payload.contains("name,age"), "header in the copy: {payload:?}");
    assert!(payload.contains("Ada,36") && payload.contains("Linus,54"), "both selected rows: {payload:?}");
    // A terminal that ignores OSC 52: the same text into a file.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rows.csv");
    p.send(&format!("/copy {}\r", file.display()));
    p.wait_shown(&["wrote the copied text"], 10);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), payload);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn the_sql_a_cell_and_the_audit_head_copy_with_osc_52_too() {
    let mut p = Pty::start(120, 40);
    let drawn = p.wait_for("Ask (Enter)", 0, 60);
    let sql = r#"SELECT 'Ada' AS name, '{"a":1}' AS doc"#;
    p.send(&format!("/sql {sql}\r"));
    // The outcome, not the step's "1 row": the run's report is in.
    p.wait_for("✓ 1 row", drawn, 60);
    // Ctrl-Y: the SQL of the last run, from the chat as from any panel.
    let before = p.written();
    p.send("\x19");
    p.wait_shown(&["copied the SQL of the last run"], 10);
    assert_eq!(osc52_payload(&p.text()[before..]).as_deref(), Some(sql));
    // The results (Tab, Tab), the doc column, y y: the cell, pretty JSON.
    p.key("\t");
    p.key("\t");
    p.key(RIGHT);
    let before = p.written();
    p.send("yy");
    p.wait_shown(&["copied the cell of doc"], 10);
    let cell = osc52_payload(&p.text()[before..]).expect("the cell's OSC 52");
    assert_eq!(cell, "{\n  \"a\": 1\n}");
    // Enter inspects the cell; y there copies it as well.
    p.send("\r");
    p.wait_shown(&["y copies"], 10);
    let before = p.written();
    p.send("y");
    p.wait_for("\x1b]52;c;", before, 10);
    p.wait_for("\x07", before, 10);
    assert_eq!(osc52_payload(&p.text()[before..]).as_deref(), Some(cell.as_str()));
    // A lone Esc must be read before the next key, or the two arrive as
    // one sequence (Esc F4 reads as Esc and the letters "OS"): wait until
    // the inspector closed.
    p.key("\x1b");
    p.wait_until("the inspector closed", |s| !s.contains("y copies"), 10);
    // The audit log: y copies its head, the seq and hash a user keeps.
    p.key(F4);
    p.wait_until("the log read", |s| s.contains("y copy head") && !s.contains("reading the log") && !s.contains("no entries yet"), 10);
    let before = p.written();
    p.send("y");
    p.wait_shown(&["copied the audit head, seq"], 10);
    let head = osc52_payload(&p.text()[before..]).expect("the head's OSC 52");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandpiper")).args(["audit", "head"]).env("SANDPIPER_HOME", p.home.path()).output().unwrap();
    let hash = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert_eq!(hash.len(), 64, "{hash}");
    assert!(head.starts_with("audit head seq ") && head.ends_with(&format!(" hash {hash}")), "{head} vs {hash}");
    // The file fallback writes the same head (Esc read alone first: Esc /
    // in one read is Alt-/).
    p.key("\x1b");
    p.wait_until("the audit view closed", |s| !s.contains("y copy head"), 10);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("head.txt");
    p.send(&format!("/copy {}\r", file.display()));
    p.wait_shown(&["wrote the copied text"], 10);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), head);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn scrolling_the_grid_row_by_row_leaves_the_screen_a_full_redraw_draws() {
    let mut p = Pty::start(120, 40);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.send("/sql SELECT order_id, customer_id, status, total_amount FROM orders ORDER BY order_id LIMIT 200\r");
    p.wait_shown(&["✓ 200 rows"], 60);
    p.key("\t");
    p.key("\t");
    // Down past the page and back up: the rows move by the terminal's
    // scroll region (the vt100 parser plays it as a terminal would).
    for _ in 0..30 {
        p.key(DOWN);
    }
    for _ in 0..5 {
        p.key(UP);
    }
    p.wait_shown(&["Results · rows 21–31 of 200"], 10);
    p.settle(Duration::from_millis(300), 10);
    let scrolled = p.shown();
    assert!(scrolled.contains("Results · rows 21–31 of 200"), "the grid scrolled:\n{scrolled}");
    // The rows were moved with a scroll region (ESC [ top ; bottom r).
    let t = p.text();
    let region = t.match_indices("\x1b[0m\x1b[").any(|(i, _)| t[i + 7..].split_once('r').is_some_and(|(a, _)| a.split(';').count() == 2 && a.chars().all(|c| c.is_ascii_digit() || c == ';')));
    assert!(region, "no scroll region was used");
    // SIGCONT redraws every cell from a cleared screen: nothing differs.
    let before = p.written();
    // SAFETY: signalling our own child.
    unsafe { libc::kill(p.child.id() as i32, libc::SIGCONT) };
    p.wait_for("\x1b[2J", before, 10);
    // Read once the redraw is complete (it can arrive in several reads),
    // not after a quiet spell that a loaded machine can fake.
    p.wait_until("the screen drawn again as it was", |s| s == scrolled, 10);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}
