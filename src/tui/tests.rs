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
        planner: None,
        usage: None,
        llm_calls: vec![],
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

/// The Arrow result the grid shows for `report(rows)`.
fn result_set(rows: usize) -> std::sync::Arc<crate::runner::ResultSet> {
    use arrow::array::{Int64Array, StringArray};
    use arrow::datatypes::{DataType, Field, Schema};
    let schema = std::sync::Arc::new(Schema::new(vec![Field::new("channel", DataType::Utf8, true), Field::new("n", DataType::Int64, false)]));
    let channel = StringArray::from_iter((0..rows).map(|i| (i != 1).then(|| format!("ch{i}"))));
    let n = Int64Array::from_iter_values((0..rows as i64).map(|i| i * 100));
    let batch = arrow::record_batch::RecordBatch::try_new(schema.clone(), vec![std::sync::Arc::new(channel), std::sync::Arc::new(n)]).unwrap();
    std::sync::Arc::new(crate::runner::ResultSet::new(schema, vec![batch], false))
}

fn answered() -> App {
    let mut app = App::new("ecommerce", "4426003c24b2da06", "strict");
    app.grid.load(result_set(30));
    app.turns.push(Turn { job: Some(1), input: "orders by channel".into(), steps: vec!["attempt 1 of 3: running in the jail".into()], report: Some(Box::new(report(30))), note: None, done: true, ..Turn::default() });
    app
}

#[test]
fn wide_layout_shows_chat_sql_and_results_together() {
    let s = screen(&answered(), 120, 40);
    for want in ["Chat", "orders by channel", "✓ 30 rows", "SELECT channel", "Results · rows 1–", "of 30", "varchar", "ch0", "NULL", "jail strict", "ecommerce 4426003c"] {
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
    assert!(s.contains("Results · rows 1–") && s.contains("ch0"), "{s}");
    // Scrolling moves the window, not the header.
    app.handle(AppEvent::Key(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE)));
    let s = screen(&app, 80, 24);
    assert!(s.contains("Results · rows 15–") && s.contains("channel") && !s.contains("ch0 "), "{s}");
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

mod grid_in_the_app {
    use super::*;
    use crate::session::engine::Reply;
    use crate::tui::app::{Action, JobKind, Tab};

    fn key(code: KeyCode) -> AppEvent {
        AppEvent::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn finished(app: &mut App, rows: usize, truncated: bool) {
        app.turns.push(Turn { job: Some(3), input: "orders by channel".into(), ..Turn::default() });
        app.submitted(3);
        let mut r = report(rows);
        r.truncated = truncated;
        let mut set = (*result_set(rows)).clone();
        set.truncated = truncated;
        app.handle(AppEvent::Engine(Reply::Finished { job: 3, report: Box::new(r), result: Some(std::sync::Arc::new(set)) }));
    }

    #[test]
    fn a_finished_run_fills_the_grid_and_keeps_only_a_preview_of_json_rows() {
        let mut app = App::new("ecommerce", "", "strict");
        finished(&mut app, 120, false);
        assert_eq!(app.grid.rows(), 120);
        assert_eq!(app.turns[0].report.as_ref().map(|r| (r.rows.len(), r.row_count)), Some((50, 120)));
        assert_eq!(app.running, None);
    }

    #[test]
    fn grid_keys_work_on_the_results_tab_and_typing_returns_to_the_input() {
        let mut app = App::new("ecommerce", "", "strict");
        finished(&mut app, 30, true);
        app.tab = Tab::Results;
        app.handle(key(KeyCode::Char('s')));
        assert!(app.grid.notice.as_deref().unwrap_or("").starts_with("sorted 30 rows by channel"));
        assert_eq!(app.handle(key(KeyCode::Char('f'))), [Action::Submit(JobKind::FullResult("SELECT channel, count(*) AS n\nFROM orders\nGROUP BY ALL".into()))]);
        app.submitted(4);
        app.handle(AppEvent::Engine(Reply::Superseded { job: 4 }));
        app.handle(key(KeyCode::Char('w')));
        assert_eq!((app.tab, app.input.text().as_str()), (Tab::Chat, "w"));
        let s = screen(&app, 120, 40);
        assert!(s.contains("more rows exist") && s.contains("fetches up to 1,000,000"), "{s}");
    }

    #[test]
    fn export_command_asks_the_loop_to_write_and_reports_the_file() {
        let mut app = App::new("ecommerce", "", "strict");
        for c in "/export csv /tmp/x.csv".chars() {
            app.handle(key(KeyCode::Char(c)));
        }
        let asked = app.handle(key(KeyCode::Enter));
        assert!(!asked.iter().any(|a| matches!(a, Action::Export { .. })), "nothing to export before a result");
        assert!(app.turns[0].note.as_deref().unwrap_or("").contains("nothing to export"));
        finished(&mut app, 5, false);
        for c in "/export parquet out.parquet".chars() {
            app.handle(key(KeyCode::Char(c)));
        }
        let got: Vec<Action> = app.handle(key(KeyCode::Enter)).into_iter().filter(|a| !matches!(a, Action::Work(_))).collect();
        assert_eq!(got, [Action::Export { format: crate::tui::grid::export::FileFormat::Parquet, path: "out.parquet".into() }]);
        let done = crate::tui::grid::export::Exported { path: "out.parquet".into(), rows: 5, format: crate::tui::grid::export::FileFormat::Parquet };
        app.handle(AppEvent::Exported(Ok(done)));
        assert_eq!(app.turns.last().and_then(|t| t.note.as_deref()), Some("wrote 5 rows to out.parquet (parquet)"));
    }
}

#[test]
fn slash_copy_writes_the_last_copy_or_says_there_is_none() {
    use super::app::Action;
    let mut app = App::new("ecommerce", "abc", "strict");
    for c in "/copy /tmp/x.csv".chars() {
        app.handle(AppEvent::Key(KeyEvent::from(KeyCode::Char(c))));
    }
    let acts = app.handle(AppEvent::Key(KeyEvent::from(KeyCode::Enter)));
    assert!(!acts.iter().any(|a| matches!(a, Action::SaveCopy { .. })), "nothing copied yet: {acts:?}");
    assert!(app.turns.last().and_then(|t| t.note.as_deref()).is_some_and(|n| n.contains("nothing copied yet")));
}
