//! What inline mode writes into the scrollback, as text (insta snapshots
//! under src/tui/inline/snapshots/), and the styles that carry meaning;
//! and the inline front end driven on ratatui's TestBackend.

use super::turn::{lines, SHOWN_ROWS};
use crate::report::{ErrorCategory, ErrorInfo, RunReport, Status, Understood};
use crate::runner::ColumnInfo;
use crate::tui::app::{App, Turn};
use crate::tui::highlight::Names;
use crate::tui::tests::report;
use crate::tui::theme::Theme;
use ratatui::text::Line;
use serde_json::json;

fn text(lines: &[Line<'_>]) -> String {
    lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>() + "\n").collect()
}

fn turn(input: &str, r: RunReport) -> Turn {
    Turn { job: Some(1), input: input.into(), report: Some(Box::new(r)), done: true, ..Turn::default() }
}

/// The offline planner's reading of `question` on the built-in ecommerce data.
fn understood(question: &str) -> Understood {
    let m = crate::dataset::Registry::builtin_manifest("ecommerce").and_then(Result::ok).expect("built-in manifest");
    Understood::from_outcome(crate::planner::OfflinePlanner::new(&m).plan(question))
}

#[test]
fn an_answer_shows_the_reading_the_sql_the_rows_and_the_count() {
    let mut r = report(3);
    r.understanding = Some(understood("number of orders by channel"));
    let out = lines(&turn("number of orders by channel", r), &Names::default(), 80, &Theme::monochrome());
    insta::assert_snapshot!("answer_80", text(&out));
    assert!(out.iter().all(|l| l.width() <= 80));
}

#[test]
fn a_long_result_shows_its_first_rows_and_counts_the_rest() {
    let mut r = report(50);
    r.row_count = 1234;
    let out = text(&lines(&turn("orders by channel", r), &Names::default(), 80, &Theme::monochrome()));
    assert!(out.contains(&format!("ch{}", SHOWN_ROWS - 1)) && !out.contains(&format!("ch{SHOWN_ROWS} ")), "{out}");
    assert!(out.contains(&format!("… 1,{} more (of 1,234 rows;", 234 - SHOWN_ROWS)), "{out}");
    assert!(out.contains("✓ 1,234 rows in 12 ms · run 01234567"), "{out}");
}

#[test]
fn a_wide_result_is_cut_at_80_columns_with_a_note_of_the_columns_left_out() {
    let mut r = report(0);
    let names = ["order_id", "customer_name", "shipping_address", "product_category", "payment_method", "total_amount", "status"];
    r.columns = names.iter().map(|n| ColumnInfo { name: (*n).into(), ty: if *n == "total_amount" { "DOUBLE" } else { "VARCHAR" }.into() }).collect();
    r.rows = (0..4)
        .map(|i| vec![json!(format!("O-{i:05}")), json!("Ada Lovelace-Byron"), json!("12 Long Street, Springfield"), json!("Electronics"), json!("card"), json!(123.5 * f64::from(i)), json!("shipped")])
        .collect();
    r.row_count = 4;
    r.sql = Some("SELECT * FROM orders LIMIT 4".into());
    let theme = Theme::dark();
    let out = lines(&turn("/sql SELECT * FROM orders LIMIT 4", r), &Names::default(), 80, &theme);
    insta::assert_snapshot!("wide_80", text(&out));
    assert!(out.iter().all(|l| l.width() <= 80), "{}", text(&out));
    let note = out.iter().find(|l| text(std::slice::from_ref(l)).contains("not shown")).expect("a note");
    assert_eq!(note.style, theme.warn, "the note stands out");
}

#[test]
fn a_question_not_understood_shows_why_and_what_to_try() {
    let mut r = report(0);
    (r.status, r.sql, r.columns, r.attempts) = (Status::NotUnderstood, None, vec![], vec![]);
    let u = understood("revenue by planet");
    let Understood::NotUnderstood(nu) = &u else { panic!("understood {u:?}") };
    r.error = Some(ErrorInfo::new(ErrorCategory::NotUnderstood, nu.reason.clone()));
    r.understanding = Some(u);
    let theme = Theme::dark();
    let out = lines(&turn("revenue by planet", r), &Names::default(), 80, &theme);
    insta::assert_snapshot!("not_understood_80", text(&out));
    assert_eq!(out[1].style, theme.warn);
}

#[test]
fn a_repaired_run_lists_its_attempts_with_the_diff() {
    let app: App = crate::tui::snapshots_test::repaired();
    let theme = Theme::dark();
    let out = lines(&app.turns[0], &Names::default(), 80, &theme);
    insta::assert_snapshot!("repaired_80", text(&out));
    let plus = out.iter().find(|l| text(std::slice::from_ref(l)).trim_start().starts_with("+SELECT")).expect("the added line");
    assert_eq!(plus.style, theme.ok);
    let minus = out.iter().find(|l| text(std::slice::from_ref(l)).trim_start().starts_with("-SELECT")).expect("the removed line");
    assert_eq!(minus.style, theme.error);
}

#[test]
fn failures_and_notes_and_a_turn_cut_short() {
    let mut r = report(0);
    (r.status, r.columns) = (Status::Rejected, vec![]);
    r.error = Some(ErrorInfo::new(ErrorCategory::Validation, "refused: DROP: changes the schema (DDL)"));
    let rejected = text(&lines(&turn("/sql DROP TABLE orders", r), &Names::default(), 80, &Theme::monochrome()));
    assert!(rejected.contains("✗ refused (validation)") && rejected.contains("DROP: changes the schema"), "{rejected}");
    let note = Turn { input: "/dataset iot".into(), note: Some("now on dataset iot".into()), done: true, ..Turn::default() };
    assert_eq!(text(&lines(&note, &Names::default(), 80, &Theme::monochrome())), "› /dataset iot\n  now on dataset iot\n\n");
    let running = Turn { input: "q".into(), steps: vec!["planning (offline)".into()], ..Turn::default() };
    let cut = text(&lines(&running, &Names::default(), 80, &Theme::monochrome()));
    assert!(cut.contains("planning (offline)") && cut.contains("quit while this ran"), "{cut}");
}

#[test]
fn long_lines_wrap_at_the_width_and_keep_their_style() {
    let theme = Theme::dark();
    let long = Line::styled("x".repeat(50), theme.error);
    let wrapped = super::turn::wrap(long, 20);
    assert_eq!(wrapped.iter().map(Line::width).collect::<Vec<_>>(), [20, 20, 10]);
    assert!(wrapped.iter().all(|l| l.style == theme.error));
    // An indented line (SQL under its question) stays indented.
    let sql = super::turn::wrap(Line::raw(format!("    {}", "y".repeat(30))), 20);
    assert_eq!(text(&sql), format!("    {}\n    {}\n", "y".repeat(16), "y".repeat(14)));
}
