//! Snapshot tests of every tool view at 120x40 and 80x24 (ratatui's
//! TestBackend, read back as text; insta keeps the screens under
//! src/tui/snapshots/). A change to a view shows up as a snapshot diff.

use super::app::App;
use super::audit_view::{tests::entry, AuditView};
use super::history::tests::run;
use super::picker::tests::builtins;
use super::schema_view::Profile;
use super::screen::Screen;
use super::tests::{report, screen};
use crate::audit::Kind;
use crate::report::{Attempt, ErrorCategory, ErrorInfo, Status};
use crate::store::RunStatus;

/// A run repaired on its second attempt.
pub(super) fn repaired() -> App {
    let mut app = App::new("ecommerce", "4426003c24b2da06", "strict");
    let mut r = report(8);
    let broken = "SELECT country, SUM(total_amont) AS revenue\nFROM orders\nGROUP BY country";
    let fixed = "SELECT country, SUM(total_amount) AS revenue\nFROM orders\nGROUP BY country";
    r.sql = Some(fixed.into());
    r.attempts = vec![
        Attempt {
            n: 1,
            sql: broken.into(),
            status: Status::Failed,
            error: Some(ErrorInfo::new(
                ErrorCategory::ColumnMissing,
                "Binder Error: Referenced column \"total_amont\" not found in FROM clause!\nCandidate bindings: \"total_amount\"\n\nLINE 1: SELECT country, SUM(total_amont) AS revenue\n                            ^",
            )),
            repairer: None,
            rationale: None,
            repair: None,
            duration_ms: 1.3,
            diff: None,
        },
        Attempt {
            n: 2,
            sql: fixed.into(),
            status: Status::Ok,
            error: None,
            repairer: Some("rules:column_name".into()),
            rationale: Some("`orders` has no column `total_amont`; used `total_amount` (the nearest name by spelling)".into()),
            repair: None,
            duration_ms: 150.5,
            diff: Some("--- attempt 1\n+++ attempt 2\n@@ -1,3 +1,3 @@\n-SELECT country, SUM(total_amont) AS revenue\n+SELECT country, SUM(total_amount) AS revenue\n FROM orders\n GROUP BY country\n".into()),
        },
    ];
    app.turns.push(super::app::Turn { job: Some(1), input: "/sql ...".into(), report: Some(Box::new(r)), done: true, ..Default::default() });
    app
}

fn with_screen(mut app: App, s: Screen) -> App {
    app.screen = s;
    app
}

fn both(name: &str, app: &App) {
    insta::assert_snapshot!(format!("{name}_120x40"), screen(app, 120, 40));
    insta::assert_snapshot!(format!("{name}_80x24"), screen(app, 80, 24));
}

#[test]
fn stepper_on_the_failed_attempt_and_on_the_repair() {
    let mut app = with_screen(repaired(), Screen::Stepper);
    app.stepper.selected = 0;
    both("stepper_attempt1", &app);
    app.stepper.selected = 1;
    both("stepper_attempt2", &app);
}

/// Attempt 2 is the rules' repair as the user edited it before it ran
/// (approval mode): its diff is against the proposed SQL, not attempt 1.
#[test]
fn stepper_titles_an_approval_edit_against_the_proposed_sql() {
    let mut app = with_screen(repaired(), Screen::Stepper);
    if let Some(r) = app.turns[0].report.as_deref_mut() {
        let a = &mut r.attempts[1];
        a.repairer = Some("user".into());
        a.rationale = Some("attempt 2 edited by the user before it ran".into());
        a.sql = "SELECT country, SUM(total_amount) AS revenue\nFROM orders\nGROUP BY country\nORDER BY revenue DESC".into();
        a.diff = Some(crate::repair::text::unified_diff(
            "SELECT country, SUM(total_amount) AS revenue\nFROM orders\nGROUP BY country",
            &a.sql,
            "attempt 2 as proposed",
            "attempt 2 as edited",
        ));
    }
    app.stepper.selected = 1;
    for (w, h) in [(120, 40), (80, 24)] {
        let shown = screen(&app, w, h);
        assert!(shown.contains("Diff against attempt 2 as proposed"), "{shown}");
        assert!(!shown.contains("Diff against attempt 1"), "{shown}");
    }
    both("stepper_approval_edit", &app);
}

fn audit() -> AuditView {
    let mut v = AuditView::default();
    let kinds = [Kind::SessionStart, Kind::Sql, Kind::Validation, Kind::Execution, Kind::Error, Kind::RepairAttempt, Kind::Execution, Kind::Answer];
    v.loaded(Ok(kinds.into_iter().enumerate().map(|(i, k)| entry(i as u64, k, if i == 0 { "" } else { "8d75495422f5a1a2" })).collect()));
    v
}

#[test]
fn audit_log_before_and_after_a_failed_verify() {
    let mut app = with_screen(repaired(), Screen::Audit);
    app.audit = audit();
    both("audit_loaded", &app);
    let report = crate::audit::VerifyReport {
        chain: "audit".into(),
        segments: vec![],
        entries: 4,
        head: "h".into(),
        problem: Some(crate::audit::Problem {
            file: "/h/audit/audit-000001.jsonl".into(),
            line: 5,
            kind: crate::audit::ProblemKind::HashMismatch { stored: "aa".into(), computed: "bb".into() },
        }),
    };
    app.audit.verified(&report);
    both("audit_broken", &app);
}

#[test]
fn schema_with_row_counts_and_a_profile() {
    let mut app = with_screen(repaired(), Screen::Schema);
    let Some((_, m)) = builtins().into_iter().next() else { panic!("ecommerce manifest") };
    app.set_manifest(m);
    app.schema.row_counts = [("orders".to_string(), 5000), ("order_items".to_string(), 11971), ("inventory".to_string(), 500)].into();
    app.schema.in_columns = true;
    app.schema.column = 2;
    app.schema.profiles.insert(
        "orders.order_date".into(),
        Ok(Profile { rows: "5000".into(), nulls: "0".into(), distinct: "365".into(), min: "2025-01-01".into(), max: "2025-12-31".into(), top: vec![("2025-11-28".into(), "41".into())] }),
    );
    both("schema_profile", &app);
    app.schema.in_columns = false;
    app.schema.table = 3;
    both("schema_semantic", &app);
}

#[test]
fn dataset_picker_on_prompts() {
    let mut app = with_screen(repaired(), Screen::Picker);
    app.picker.loaded(builtins(), "ecommerce");
    app.picker.in_prompts = true;
    app.picker.prompt = 1;
    both("picker", &app);
}

#[test]
fn run_history_with_a_search() {
    let mut app = with_screen(repaired(), Screen::Runs);
    app.runs.loaded(Ok(vec![run("aaaa1111bbbb2222", Some("revenue by month"), RunStatus::Ok), run("cccc3333dddd4444", None, RunStatus::Failed), run("eeee5555ffff6666", Some("orders by month"), RunStatus::Ok)]));
    both("runs", &app);
    app.runs.search = "month".into();
    app.runs.searching = true;
    both("runs_search", &app);
}

#[test]
fn help_of_each_view() {
    for s in [Screen::Main, Screen::Stepper, Screen::Audit] {
        let mut app = with_screen(repaired(), s);
        app.help = true;
        both(&format!("help_{}", s.title().to_lowercase().replace(' ', "_")), &app);
    }
}

#[test]
fn a_repair_waiting_for_approval_with_the_model_in_the_status_bar() {
    let mut app = repaired();
    (app.approve, app.tokens, app.last_latency_ms) = (true, 12_345, Some(840.0));
    app.provider = "anthropic:claude-sonnet-4-5 (auto)".into();
    app.running = Some(1);
    app.waiting = Some(super::approval::Waiting {
        job: 1,
        run_id: "0123456789abcdef".into(),
        attempt: 2,
        stage: crate::driver::Stage::Repair,
        sql: "SELECT country, SUM(total_amount) AS revenue\nFROM orders\nGROUP BY country".into(),
        why: Some("`orders` has no column `total_amont`; used `total_amount`".into()),
        editing: false,
    });
    both("approval_waiting", &app);
}

#[test]
fn a_multi_line_sql_input_editing_an_attempt() {
    let mut app = repaired();
    app.names.tables = vec!["orders".into()];
    app.input.set_text("/sql SELECT country, SUM(total_amount) AS revenue\nFROM orders\nGROUP BY country");
    app.repair_target = Some(("0123456789abcdef".into(), 1));
    both("input_multiline_repair", &app);
}

#[test]
fn the_help_scrolls_to_its_last_line_at_80x24() {
    let mut app = repaired();
    app.help = true;
    let last = "suspend to the shell";
    let top = screen(&app, 80, 24);
    assert!(top.contains("Keys: ↑↓ PgUp PgDn scroll"), "says it scrolls:\n{top}");
    app.help_scroll = u16::MAX;
    let end = screen(&app, 80, 24);
    assert!(end.contains("fetch the full result"), "the grid's last key is reachable:\n{end}");
    assert!(!top.contains("fetch the full result"));
    // At 120x40 the help of the stepper fits without scrolling.
    let mut app = with_screen(repaired(), Screen::Stepper);
    app.help = true;
    let big = screen(&app, 120, 40);
    assert!(big.contains(last) && big.contains("Keys (Esc closes)"), "{big}");
    insta::assert_snapshot!("help_workbench_scrolled_80x24", end);
}

#[test]
fn the_status_bar_never_hides_the_jail_and_drops_the_least_needed_first() {
    let mut app = repaired();
    app.jail = "reduced".into();
    (app.approve, app.tokens, app.last_latency_ms) = (true, 9_999, Some(12.0));
    app.provider = "openai-compatible:some-very-long-local-model-name-v2 (model planner)".into();
    for w in [120u16, 80, 60, 40] {
        let s = screen(&app, w, 24);
        let bar = s.lines().last().unwrap_or("");
        assert!(bar.contains("jail reduced"), "{w} columns: {bar}");
        assert!(bar.starts_with(" ecommerce 4426003c"), "{w} columns: {bar}");
    }
    let bar = screen(&app, 80, 24).lines().last().unwrap_or("").to_string();
    assert!(bar.contains("approve") && bar.contains("some-very-long-local-model-name") && !bar.contains("openai-compatible:"), "{bar}");
    assert!(bar.chars().count() <= 80, "{bar}");
}
