//! The repair stepper: the current run's attempts as a timeline (attempt
//! n of K, category, repairer, status, time) and, for the selected one,
//! its SQL with the error's position marked, the error, the repairer's
//! rationale and the unified diff against the previous attempt.
//!
//! Keys: Left/Right (h/l, Up/Down, j/k) step; Home/End first/last;
//! PgUp/PgDn scroll the detail; Enter or r re-runs the selected attempt's
//! SQL; e puts it in the input to edit and run; Esc or q closes. A re-run
//! or an edit runs as the next attempt of the same run's record: the
//! user's repair (repairer `user`), with its diff against the attempt it
//! started from.

use super::app::JobKind;
use super::highlight::{highlight_sql, Names};
use super::keymap::{Act, Keymap};
use super::screen::Outcome;
use super::theme::Theme;
use crate::report::{Attempt, RunReport, Status};
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;

/// The stepper's own state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stepper {
    /// Index into the run's attempts.
    pub selected: usize,
    /// First line of the detail pane.
    pub scroll: u16,
    /// What the last key did that the panes do not show (a copy), until
    /// the next key.
    pub notice: Option<String>,
}

/// Where DuckDB placed an error: 1-based line and column of the SQL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// The position in a DuckDB message (`LINE n: ...` and a caret line under
/// it), when it has one.
pub fn error_position(message: &str) -> Option<Position> {
    let lines: Vec<&str> = message.lines().collect();
    let i = lines.iter().position(|l| l.starts_with("LINE "))?;
    let head = lines[i];
    let colon = head.find(": ")?;
    let line: usize = head[5..colon].trim().parse().ok()?;
    let caret = lines.get(i + 1)?.find('^')?;
    Some(Position { line, column: caret.saturating_sub(colon + 2) + 1 })
}

impl Stepper {
    /// Start on the last attempt of a new run (the one that decided it).
    pub fn open(&mut self, attempts: usize) {
        self.selected = attempts.saturating_sub(1);
        self.scroll = 0;
    }

    pub fn handle_key(&mut self, k: KeyEvent, km: &Keymap, report: Option<&RunReport>) -> Outcome {
        const ACTS: &[Act] = &[Act::Close, Act::Left, Act::Up, Act::Right, Act::Down, Act::First, Act::Last, Act::PageDown, Act::PageUp, Act::Rerun, Act::Select, Act::Edit, Act::CopySql];
        let n = report.map_or(0, |r| r.attempts.len());
        let attempt = report.and_then(|r| r.attempts.get(self.selected));
        self.notice = None;
        match km.action(&k, ACTS) {
            Some(Act::Close) => return Outcome::Close,
            Some(Act::Left | Act::Up) => self.select(self.selected.saturating_sub(1)),
            Some(Act::Right | Act::Down) => self.select((self.selected + 1).min(n.saturating_sub(1))),
            Some(Act::First) => self.select(0),
            Some(Act::Last) => self.select(n.saturating_sub(1)),
            Some(Act::PageDown) => self.scroll = self.scroll.saturating_add(10),
            Some(Act::PageUp) => self.scroll = self.scroll.saturating_sub(10),
            Some(Act::Rerun | Act::Select) => {
                if let (Some(r), Some(a)) = (report, attempt.filter(|a| !a.sql.trim().is_empty())) {
                    return Outcome::Submit(JobKind::Repair { of_run: r.run_id.clone(), question: r.question.clone(), prior: r.attempts.clone(), from: a.n, sql: a.sql.clone() });
                }
            }
            Some(Act::Edit) => {
                if let (Some(r), Some(a)) = (report, attempt.filter(|a| !a.sql.trim().is_empty())) {
                    return Outcome::EditAttempt { run_id: r.run_id.clone(), attempt: a.n, sql: a.sql.clone() };
                }
            }
            Some(Act::CopySql) => {
                if let Some(a) = attempt.filter(|a| !a.sql.trim().is_empty()) {
                    return Outcome::Copy(super::copy::Clip::new(format!("the SQL of attempt {}", a.n), a.sql.clone()));
                }
            }
            _ => {}
        }
        Outcome::Stay
    }

    fn select(&mut self, i: usize) {
        if i != self.selected {
            self.selected = i;
            self.scroll = 0;
        }
    }

    pub fn render(&self, f: &mut Frame<'_>, area: Rect, report: Option<&RunReport>, names: &Names, theme: &Theme) {
        let Some(r) = report.filter(|r| !r.attempts.is_empty()) else {
            let p = Paragraph::new(Text::styled("No attempts yet: ask a question or run /sql, then open the stepper (F3).", theme.muted));
            f.render_widget(p.block(block("Repair stepper (Esc closes)", theme)), area);
            return;
        };
        let selected = self.selected.min(r.attempts.len() - 1);
        let timeline_rows = u16::try_from(r.attempts.len()).unwrap_or(u16::MAX).saturating_add(2);
        let (list_area, detail_area) = if area.width >= 120 {
            let [a, b] = Layout::horizontal([Constraint::Length(56), Constraint::Min(20)]).areas(area);
            (a, b)
        } else {
            let [a, b] = Layout::vertical([Constraint::Length(timeline_rows.min(area.height / 3).max(3)), Constraint::Min(3)]).areas(area);
            (a, b)
        };
        let max = r.attempts.len();
        let items: Vec<ListItem<'_>> = r.attempts.iter().map(|a| ListItem::new(timeline_line(a, max, theme))).collect();
        let mut state = ListState::default().with_selected(Some(selected));
        let title = format!("Attempts of run {} ({})", &r.run_id[..8.min(r.run_id.len())], r.status.word());
        let list = List::new(items).highlight_style(theme.selected).highlight_symbol("▶ ").block(block(&title, theme));
        f.render_stateful_widget(list, list_area, &mut state);

        let a = &r.attempts[selected];
        let prev = selected.checked_sub(1).map(|i| &r.attempts[i]);
        let text = detail(a, prev, names, theme);
        let title = format!("Attempt {} of {}  (←/→ step, Enter re-run, e edit, Esc close)", a.n, max);
        let mut b = block(&title, theme);
        if let Some(n) = &self.notice {
            b = b.title_bottom(Span::styled(format!(" {n} "), theme.muted));
        }
        let p = Paragraph::new(text).wrap(Wrap { trim: false }).scroll((self.scroll, 0)).block(b);
        f.render_widget(p, detail_area);
    }
}

fn block<'a>(title: &str, theme: &Theme) -> Block<'a> {
    Block::bordered().title(Span::styled(format!(" {title} "), theme.title)).border_style(theme.border)
}

fn timeline_line<'a>(a: &Attempt, max: usize, theme: &Theme) -> Line<'a> {
    let (mark, style) = match a.status {
        Status::Ok => ("✓", theme.ok),
        Status::Cancelled => ("■", theme.warn),
        _ => ("✗", theme.error),
    };
    let what = a.error.as_ref().map_or_else(|| a.status.word().to_string(), |e| e.category.word().to_string());
    let by = a.repairer.clone().unwrap_or_else(|| "first try".into());
    Line::from(vec![
        Span::styled(format!("{mark} {}/{max} ", a.n), style),
        Span::styled(format!("{what:<16} "), style),
        Span::styled(format!("{by:<18} "), theme.muted),
        Span::styled(format!("{:>7.1} ms", a.duration_ms), theme.muted),
    ])
}

/// What a unified diff is against: the name on its `--- ` line.
fn diff_base(diff: &str) -> Option<&str> {
    diff.lines().find_map(|l| l.strip_prefix("--- ")).map(str::trim).filter(|b| !b.is_empty())
}

fn section<'a>(name: &str, theme: &Theme) -> Line<'a> {
    Line::styled(name.to_string(), theme.title)
}

fn detail<'a>(a: &Attempt, prev: Option<&Attempt>, names: &Names, theme: &Theme) -> Text<'a> {
    let mut lines: Vec<Line<'a>> = Vec::new();
    let by = a.repairer.as_deref().map_or_else(|| "first try".to_string(), |r| format!("repair by {r}"));
    lines.push(Line::from(vec![
        Span::styled(format!("status {}", a.status.word()), if a.status == Status::Ok { theme.ok } else { theme.error }),
        Span::styled(format!("  ·  {:.1} ms  ·  {by}", a.duration_ms), theme.muted),
    ]));
    lines.push(Line::raw(""));
    lines.push(section("SQL", theme));
    let pos = a.error.as_ref().and_then(|e| error_position(&e.message));
    if a.sql.trim().is_empty() {
        lines.push(Line::styled("  (this attempt has no SQL)", theme.muted));
    }
    for (i, l) in highlight_sql(&a.sql, names, theme).into_iter().enumerate() {
        let mut spans = vec![Span::styled(format!("{:>3} │ ", i + 1), theme.muted)];
        spans.extend(l.spans);
        lines.push(Line::from(spans));
        if let Some(p) = pos.filter(|p| p.line == i + 1) {
            lines.push(Line::styled(format!("    │ {}^ here (line {}, column {})", " ".repeat(p.column.saturating_sub(1)), p.line, p.column), theme.error));
        }
    }
    if let Some(e) = &a.error {
        lines.push(Line::raw(""));
        lines.push(section(&format!("Error: {}", e.category.word()), theme));
        for l in e.message.lines().filter(|l| !l.trim().is_empty()) {
            lines.push(Line::styled(format!("  {l}"), theme.error));
        }
    }
    let rationale = a.rationale.as_ref().or(a.repair.as_ref());
    if let Some(why) = rationale {
        lines.push(Line::raw(""));
        lines.push(section("Rationale", theme));
        lines.push(Line::styled(format!("  {why}"), theme.normal));
    }
    lines.push(Line::raw(""));
    match (&a.diff, prev) {
        // A re-run: the SQL is the one it started from, unchanged.
        (Some(diff), _) if diff.trim().is_empty() => lines.push(Line::styled("No diff: the same SQL as the attempt it re-runs.", theme.muted)),
        (Some(diff), _) => {
            // The diff names what it is against: the attempt before, the
            // attempt a user repair started from, or the SQL proposed for
            // this attempt before the user edited it (approval mode).
            let base = diff_base(diff).map(str::to_string).or_else(|| prev.map(|p| format!("attempt {}", p.n)));
            lines.push(section(&base.map_or_else(|| "Diff".to_string(), |b| format!("Diff against {b}")), theme));
            for l in diff.lines() {
                let style = if l.starts_with("+++") || l.starts_with("---") {
                    theme.muted
                } else if l.starts_with('+') {
                    theme.ok
                } else if l.starts_with('-') {
                    theme.error
                } else if l.starts_with("@@") {
                    theme.accent
                } else {
                    theme.normal
                };
                lines.push(Line::styled(format!("  {l}"), style));
            }
        }
        (None, Some(p)) => lines.push(Line::styled(format!("(no diff recorded against attempt {})", p.n), theme.muted)),
        (None, None) => lines.push(Line::styled("First attempt: nothing to diff against.", theme.muted)),
    }
    Text::from(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    #[test]
    fn duckdb_positions_are_read_from_the_caret() {
        let msg = "Binder Error: Referenced column \"revnue\" not found\n\nLINE 1: SELECT revnue FROM orders\n               ^";
        assert_eq!(error_position(msg), Some(Position { line: 1, column: 8 }));
        let msg = "Parser Error: syntax error at or near \"FROM\"\n\nLINE 12: SELECT a,, FROM t\n                   ^";
        assert_eq!(error_position(msg), Some(Position { line: 12, column: 11 }));
        for none in ["no position here", "LINE x: y\n ^", "LINE 1: SELECT\nno caret"] {
            assert_eq!(error_position(none), None, "{none}");
        }
    }

    #[test]
    fn a_diff_is_titled_by_what_it_is_against() {
        for (diff, base) in [
            ("--- attempt 1\n+++ attempt 2\n@@ -1 +1 @@\n-a\n+b\n", Some("attempt 1")),
            ("--- attempt 2 as proposed\n+++ attempt 2 as edited\n", Some("attempt 2 as proposed")),
            ("@@ -1 +1 @@\n-a\n+b\n", None),
            ("--- \n+++ x\n", None),
        ] {
            assert_eq!(diff_base(diff), base, "{diff}");
        }
    }

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    fn three_attempts() -> RunReport {
        let mut r = super::super::tests::report(1);
        let a = |n: u32, sql: &str, status| Attempt { n, sql: sql.into(), status, error: None, repairer: None, rationale: None, repair: None, duration_ms: 1.0, diff: None };
        r.attempts = vec![a(1, "SELECT x", Status::Failed), a(2, "SELECT y", Status::Failed), a(3, "SELECT z", Status::Ok)];
        r
    }

    #[test]
    fn keys_step_within_bounds_and_rerun_or_edit_the_selected_sql() {
        let r = three_attempts();
        let mut s = Stepper::default();
        s.open(r.attempts.len());
        assert_eq!(s.selected, 2);
        assert_eq!(s.handle_key(key(KeyCode::Right), &Keymap::default(), Some(&r)), Outcome::Stay);
        assert_eq!(s.selected, 2, "stops at the last attempt");
        s.handle_key(key(KeyCode::Left), &Keymap::default(), Some(&r));
        s.handle_key(key(KeyCode::Up), &Keymap::default(), Some(&r));
        s.handle_key(key(KeyCode::Left), &Keymap::default(), Some(&r));
        assert_eq!(s.selected, 0, "stops at the first");
        // A re-run continues the run: its attempts, then this SQL again.
        let rerun = JobKind::Repair { of_run: r.run_id.clone(), question: r.question.clone(), prior: r.attempts.clone(), from: 1, sql: "SELECT x".into() };
        assert_eq!(s.handle_key(key(KeyCode::Enter), &Keymap::default(), Some(&r)), Outcome::Submit(rerun));
        s.handle_key(key(KeyCode::End), &Keymap::default(), Some(&r));
        let edit = Outcome::EditAttempt { run_id: r.run_id.clone(), attempt: 3, sql: "SELECT z".into() };
        assert_eq!(s.handle_key(key(KeyCode::Char('e')), &Keymap::default(), Some(&r)), edit);
        // Ctrl-Y copies the selected attempt's SQL, not the run's last.
        s.handle_key(key(KeyCode::Home), &Keymap::default(), Some(&r));
        let copy = Outcome::Copy(super::super::copy::Clip::new("the SQL of attempt 1", "SELECT x"));
        assert_eq!(s.handle_key(KeyEvent::new(KeyCode::Char('y'), KeyModifiers::CONTROL), &Keymap::default(), Some(&r)), copy);
        assert_eq!(s.handle_key(key(KeyCode::Esc), &Keymap::default(), Some(&r)), Outcome::Close);
        // Without a run nothing is submitted.
        assert_eq!(s.handle_key(key(KeyCode::Enter), &Keymap::default(), None), Outcome::Stay);
    }
}
