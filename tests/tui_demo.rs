//! `sandpiper demo` and `--record` in a pseudo-terminal: the scripted
//! session runs the real app to its end with exit code 0, its last frame
//! shows the verified audit chain, and a recording holds resize events a
//! player can follow.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pty_support;

use pty_support::*;
use std::time::{Duration, Instant};

/// Play a cast through a terminal of its size, resizing at `"r"` events;
/// the screens after each output event.
fn play(text: &str) -> Vec<String> {
    let (header, events) = sandpiper::tui::cast::parse(text).unwrap();
    let mut vt = vt100::Parser::new(header.height, header.width, 0);
    let mut screens = Vec::new();
    for e in &events {
        match e.code.as_str() {
            "o" => {
                vt.process(e.data.as_bytes());
                screens.push(vt.screen().contents());
            }
            "r" => {
                let (w, h) = e.data.split_once('x').unwrap();
                vt.screen_mut().set_size(h.parse().unwrap(), w.parse().unwrap());
            }
            _ => {}
        }
    }
    screens
}

#[test]
fn the_fast_demo_runs_to_the_verified_chain_and_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let cast = dir.path().join("demo.cast");
    let started = Instant::now();
    let mut p = Pty::start_with(120, 40, &["demo", "--pace", "fast", "--record", cast.to_str().unwrap()]);
    assert_eq!(p.exit_code(120), Some(0), "screen:\n{}", p.shown());
    let took = started.elapsed();
    // After the terminal is restored, the demo says how it ended.
    p.wait_shown(&["audit chain intact", "entries verified", "temporary home, now removed", "3 questions asked"], 5);
    // Nothing of the demo in the user's home, and its own home is gone.
    assert!(!p.home.path().join("audit").exists() && !p.home.path().join("runs.sqlite").exists(), "the demo wrote into SANDPIPER_HOME");
    let prefix = format!("sandpiper-demo-{}-", p.child.id());
    let left: Vec<_> = std::fs::read_dir(std::env::temp_dir()).unwrap().flatten().filter(|e| e.file_name().to_string_lossy().starts_with(&prefix)).collect();
    assert!(left.is_empty(), "the temporary home was not removed: {left:?}");
    assert!(took < Duration::from_secs(60), "--pace fast took {took:?}");
    {
        let vt = p.vt.lock().unwrap();
        assert!(!vt.screen().alternate_screen() && !vt.screen().hide_cursor(), "terminal restored");
    }
    // The recording holds the whole session: the picker, the three
    // questions, the repair's diff, and a last frame with the chain verified.
    let screens = play(&std::fs::read_to_string(&cast).unwrap());
    let seen = |what: &str| screens.iter().any(|s| s.contains(what));
    for what in [
        "Suggested prompts: Enter asks",
        "What is the total revenue by product category?",
        "How many orders were placed each month in 2025?",
        "What is the average order value by channel?",
        "Electronics",
        "Plan",
        "SELECT",
        "+SELECT country, SUM(total_amount)",
        "^ here (line 1, column 21)",
        "entries verified",
    ] {
        assert!(seen(what), "{what:?} never on screen in the recording");
    }
    let last_drawn = screens.iter().rev().find(|s| !s.trim().is_empty()).unwrap();
    assert!(last_drawn.contains("✓ chain intact"), "the last frame shows the verified chain:\n{last_drawn}");
    // Typed keystroke by keystroke: the question grows one letter a frame.
    assert!(seen("› How many orders were pl") && seen("› How many orders were pla"), "typing is drawn key by key");
}

#[test]
fn a_recording_holds_resize_events_before_the_frames_at_the_new_size() {
    let dir = tempfile::tempdir().unwrap();
    let cast = dir.path().join("resize.cast");
    let mut p = Pty::start_with(100, 30, &["--record", cast.to_str().unwrap()]);
    p.wait_shown(&["Ask (Enter)"], 60);
    p.resize(80, 24);
    p.wait_until("a redraw at 80 columns", |s| s.lines().any(|l| l.contains("(Tab)")), 10);
    p.resize(120, 40);
    p.wait_until("a redraw at 120 columns", |s| s.contains("┐┌"), 10);
    p.settle(Duration::from_millis(200), 10);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    let text = std::fs::read_to_string(&cast).unwrap();
    let (_, events) = sandpiper::tui::cast::parse(&text).unwrap();
    let resizes: Vec<&str> = events.iter().filter(|e| e.code == "r").map(|e| e.data.as_str()).collect();
    assert_eq!(resizes, ["80x24", "120x40"]);
    let first_r = events.iter().position(|e| e.code == "r").unwrap();
    assert!(events[first_r + 1..].iter().any(|e| e.code == "o"), "frames follow the resize");
    // Played back with the resizes, the last frame is the wide layout.
    let last = play(&text).pop().unwrap();
    assert!(last.contains("┐┌") && last.contains("Ask (Enter)"), "{last}");
}

#[test]
fn with_use_home_the_demo_keeps_its_runs_in_sandpiper_home() {
    let mut p = Pty::start_with(120, 40, &["demo", "--pace", "fast", "--use-home"]);
    assert_eq!(p.exit_code(120), Some(0), "screen:\n{}", p.shown());
    p.wait_shown(&["audit chain intact", "ran in SANDPIPER_HOME"], 5);
    let segments = std::fs::read_dir(p.home.path().join("audit")).unwrap().count();
    assert!(segments > 0, "the audit log is in SANDPIPER_HOME");
    assert!(p.home.path().join("runs.sqlite").exists(), "the runs are in SANDPIPER_HOME");
}
