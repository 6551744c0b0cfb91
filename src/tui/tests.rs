//! The workbench's views drawn into ratatui's TestBackend at the two sizes
//! that matter (120x40 and 80x24), read back as text.

use super::app::{App, AppEvent, Turn};
use super::theme::Theme;
use super::view;
use crate::report::{Attempt, RunReport, Status, Timings};
use crate::runner::ColumnInfo;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use serde_json::json;

pub(super) fn report(rows: usize) -> RunReport {
    RunReport {
        run_id: "0123456789abcdef".into(),
        dataset: "ecommerce".into(),
        dataset_hash: "4426003c24b2da06".into(),
        question: Some("orders by channel".into()),
        provider: "offline".into(),
        plan: None,
        sql: Some("SELECT channel, count(*) AS n\nFROM orders\nGROUP BY ALL".into()),
        status: Status::Ok,
        error: None,
        columns: vec![ColumnInfo { name: "channel".into(), ty: "VARCHAR".into() }, ColumnInfo { name: "n".into(), ty: "BIGINT".into() }],
        rows: (0..rows).map(|i| vec![if i == 1 { json!(null) } else { json!(format!("ch{i}")) }, json!(i * 100)]).collect(),
        row_count: rows,
        truncated: false,
        attempts: vec![Attempt { n: 1, sql: String::new(), status: Status::Ok, error: None, repairer: None, rationale: None, repair: None, duration_ms: 3.0, diff: None }],
        timings_ms: Timings { total: 12.0, ..Timings::default() },
        jail: "strict".into(),
        validated: true,
        understanding: None,
        notices: vec![],
        replay_of: None,
    }
}

pub(super) fn screen(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::draw(f, app, &Theme::monochrome())).unwrap();
    let buf = t.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

fn answered() -> App {
    let mut app = App::new("ecommerce", "4426003c24b2da06", "strict");
    app.turns.push(Turn { job: Some(1), input: "orders by channel".into(), steps: vec!["attempt 1 of 3: running in the jail".into()], report: Some(Box::new(report(30))), note: None, done: true });
    app
}

#[test]
fn wide_layout_shows_chat_sql_and_results_together() {
    let s = screen(&answered(), 120, 40);
    for want in ["Chat", "orders by channel", "✓ 30 rows", "SELECT channel", "Results: rows 1-", "of 30", "varchar", "ch0", "NULL", "jail strict", "ecommerce 4426003c"] {
        assert!(s.contains(want), "missing {want:?} in\n{s}");
    }
}

#[test]
fn narrow_layout_uses_tabs_and_stays_usable_at_80x24() {
    let mut app = answered();
    let s = screen(&app, 80, 24);
    assert!(s.contains("Chat") && s.contains("Plan/SQL") && s.contains("(Tab)"), "{s}");
    assert!(s.contains("orders by channel"), "{s}");
    app.handle(AppEvent::Key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE)));
    assert!(screen(&app, 80, 24).contains("SELECT channel"));
    app.handle(AppEvent::Key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE)));
    let s = screen(&app, 80, 24);
    assert!(s.contains("Results: rows 1-") && s.contains("ch0"), "{s}");
    // Scrolling moves the window, not the header.
    app.handle(AppEvent::Key(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE)));
    let s = screen(&app, 80, 24);
    assert!(s.contains("Results: rows 21-") && s.contains("channel") && !s.contains("ch0 "), "{s}");
}

#[test]
fn help_overlay_lists_the_keys() {
    let mut app = answered();
    app.handle(AppEvent::Key(KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE)));
    let s = screen(&app, 80, 24);
    assert!(s.contains("Esc") && s.contains("cancel the running query") && s.contains("/dataset NAME"), "{s}");
}

#[test]
fn a_tiny_window_does_not_panic() {
    let app = answered();
    for (w, h) in [(20, 5), (1, 1), (64, 12)] {
        let _ = screen(&app, w, h);
    }
}
