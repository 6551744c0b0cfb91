//! Inline mode (`sandpiper --inline`) in a pseudo-terminal, read through a
//! vt100 parser that keeps scrollback as a terminal does: the answers are
//! written into the terminal's own scrollback and stay there, above the
//! shell's prompt, after sandpiper quits; the alternate screen is never
//! used; Ctrl-C quits with exit code 0 and SIGHUP restores the terminal.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pty_support;

use pty_support::{Pty, ALT_SCREEN_ON};

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
