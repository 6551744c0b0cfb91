//! Inline mode (`sandpiper --inline`) in a pseudo-terminal, read through a
//! vt100 parser that keeps scrollback as a terminal does: the answers are
//! written into the terminal's own scrollback and stay there, above the
//! shell's prompt, after sandpiper quits; the alternate screen is never
//! used; Ctrl-C quits with exit code 0 and SIGHUP restores the terminal.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pty_support;

use pty_support::{cooked, osc52_payload, proc_state, Pty, ALT_SCREEN_ON};
use std::time::{Duration, Instant};

const QUESTION: &str = "What is the total revenue by product category?";

/// The first index of a line containing `what`, at or after `from`.
fn line_of(lines: &[String], what: &str, from: usize) -> Option<usize> {
    lines.iter().skip(from).position(|l| l.contains(what)).map(|i| i + from)
}

#[test]
fn answers_stay_in_the_scrollback_above_the_prompt_after_quit() {
    let mut p = Pty::spawn(80, 24, &["--inline"], "xterm-256color", 2000);
    p.wait_shown(&["Enter asks", "ecommerce", "jail strict"], 60);
    p.send(&format!("{QUESTION}\r"));
    p.wait_shown(&["Electronics", "✓"], 60);
    // A second, longer answer pushes the first off the screen.
    p.send("/sql SELECT order_id, status FROM orders ORDER BY order_id LIMIT 40\r");
    p.wait_shown(&["✓ 40 rows"], 60);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    assert!(!p.text().contains(ALT_SCREEN_ON), "inline mode never takes the alternate screen");
    let vt = p.vt.lock().unwrap();
    assert!(!vt.screen().hide_cursor(), "cursor shown again");
    let (cursor_row, _) = vt.screen().cursor_position();
    let scrolled = vt.screen().contents();
    drop(vt);
    assert!(!scrolled.contains(QUESTION), "the first answer has left the screen:\n{scrolled}");
    let lines = p.history();
    let text = lines.join("\n");
    let q = line_of(&lines, QUESTION, 0).unwrap_or_else(|| panic!("the question is in the scrollback:\n{text}"));
    let sql = line_of(&lines, "SELECT", q).expect("its SQL follows it");
    let row = line_of(&lines, "Electronics", sql).expect("its rows follow the SQL");
    let done = line_of(&lines, "✓", row).expect("and its row count");
    let second = line_of(&lines, "/sql SELECT order_id", done).expect("then the second question");
    assert!(line_of(&lines, "more (of 40 rows;", second).is_some(), "a long result says how many rows there are:\n{text}");
    // The prompt goes where the live area was: below every answer, and the
    // live area is gone.
    let prompt = lines.len() - 24 + usize::from(cursor_row);
    assert!(prompt > second, "cursor row {prompt} is below the answers:\n{text}");
    assert!(lines[prompt..].iter().all(|l| l.trim().is_empty()), "the live area was cleared:\n{text}");
}

#[test]
fn a_question_not_understood_and_the_commands_that_print() {
    let mut p = Pty::spawn(120, 40, &["--inline"], "xterm-256color", 2000);
    p.wait_shown(&["Enter asks"], 60);
    p.send("revenue by planet\r");
    p.wait_shown(&["? ", "try one of:"], 60);
    p.send("/runs\r");
    p.wait_shown(&["Runs (1 newest of 1", "not_understood"], 30);
    p.send("/help\r");
    p.wait_shown(&["Inline mode: each answer is written above", "/export csv|json|parquet FILE"], 10);
    p.send("/dataset iot\r");
    p.wait_shown(&["now on dataset iot", " iot "], 60);
    // SIGHUP (an SSH disconnect) quits cleanly and restores the terminal.
    // SAFETY: signalling our own child.
    unsafe { libc::kill(p.child.id() as i32, libc::SIGHUP) };
    assert_eq!(p.exit_code(10), Some(0));
    assert!(!p.vt.lock().unwrap().screen().hide_cursor(), "cursor shown again");
}

#[test]
fn ctrl_y_copies_the_sql_of_the_last_answer_with_osc_52() {
    let mut p = Pty::spawn(100, 30, &["--inline"], "xterm-256color", 2000);
    p.wait_shown(&["Enter asks"], 60);
    let sql = "SELECT 6 * 7 AS answer";
    p.send(&format!("/sql {sql}\r"));
    p.wait_shown(&["✓ 1 row"], 60);
    let before = p.written();
    p.send("\x19");
    p.wait_shown(&["copied the SQL of the last run", "writes it to a file"], 10);
    assert_eq!(osc52_payload(&p.text()[before..]).as_deref(), Some(sql));
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    // The note stays in the scrollback with the answer.
    assert!(p.history().iter().any(|l| l.contains("copied the SQL of the last run")));
}

#[test]
fn narrowing_the_window_keeps_the_answers_and_redraws_only_the_live_area() {
    let mut p = Pty::spawn(120, 40, &["--inline"], "xterm-256color", 2000);
    p.wait_shown(&["Enter asks · /sql SELECT … · /dataset NAME"], 60);
    p.send(&format!("{QUESTION}\r"));
    p.wait_shown(&["Electronics", "✓"], 60);
    p.settle(Duration::from_millis(300), 10);
    p.resize(80, 40);
    // The live area drawn again at 80 columns (its shorter hint and its
    // status bar: the frame can arrive in more than one read)...
    let s = p.wait_until("the live area at 80 columns", |s| {
        let hint = s.lines().position(|l| l.contains("Enter asks · /sql … · /dataset ·"));
        hint.is_some() && s.lines().skip(hint.unwrap_or(0)).any(|l| l.contains("jail strict"))
    }, 10);
    // ...below the answer, which is still on screen: nothing was cleared.
    let rows: Vec<&str> = s.lines().collect();
    let done = rows.iter().position(|l| l.contains("✓")).unwrap_or_else(|| panic!("the answer is still on screen:\n{s}"));
    assert!(rows.iter().any(|l| l.contains(QUESTION)) && rows.iter().any(|l| l.contains("Electronics")), "{s}");
    let status = rows.iter().position(|l| l.contains("jail strict")).unwrap();
    assert!(status > done && status - done <= 5, "the live area follows the answer (rows {done}, {status}):\n{s}");
    assert_eq!(s.matches("jail strict").count(), 1, "one live area:\n{s}");
    // The next answer is written above the live area as before.
    p.send("/sql SELECT 6 * 7 AS answer\r");
    p.wait_shown(&["✓ 1 row", "42"], 60);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    let all = p.history().join("\n");
    assert_eq!(all.matches(QUESTION).count(), 1, "{all}");
    assert!(all.find("Electronics") < all.find("SELECT 6 * 7"), "{all}");
}

#[test]
fn ctrl_z_and_the_editor_hand_the_terminal_over_and_take_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let editor = dir.path().join("editor.sh");
    std::fs::write(&editor, "#!/bin/sh\nprintf '/sql SELECT 7 AS seven' > \"$1\"\n").unwrap();
    std::fs::set_permissions(&editor, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let mut p = Pty::spawn_env(100, 30, &["--inline"], "xterm-256color", 2000, &[("EDITOR", editor.to_str().unwrap())]);
    p.wait_shown(&["Enter asks"], 60);
    assert!(!cooked(&p), "raw mode while the live area is up");
    // Ctrl-Z: the terminal is given back (raw mode off) and the process stops.
    p.send("\x1a");
    let pid = p.child.id();
    let until = Instant::now() + Duration::from_secs(10);
    while proc_state(pid) != "T" {
        assert!(Instant::now() < until, "never stopped (state {})", proc_state(pid));
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(cooked(&p), "the shell gets a cooked terminal");
    let drawn = p.written();
    // SAFETY: signalling our own child.
    unsafe { libc::kill(pid as i32, libc::SIGCONT) };
    p.wait_for("jail strict", drawn, 10);
    let until = Instant::now() + Duration::from_secs(10);
    while cooked(&p) {
        assert!(Instant::now() < until, "raw mode never came back");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Ctrl-E: $EDITOR writes the input; Enter runs it.
    p.send("partial");
    p.send("\x05");
    p.wait_shown(&["› /sql SELECT 7 AS seven"], 20);
    p.send("\r");
    p.wait_shown(&["✓ 1 row"], 60);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    assert!(!p.text().contains(ALT_SCREEN_ON), "inline mode never takes the alternate screen");
    let all = p.history().join("\n");
    assert!(all.contains("/sql SELECT 7 AS seven") && all.contains("seven"), "{all}");
}
