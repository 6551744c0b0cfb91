//! The audit log viewer: every entry of the main chain (seq, time, kind,
//! run, hash prefix), the selected entry's JSON, a chain check that marks
//! the first bad entry with the reason, a filter by run or kind, and live
//! following of new entries. Reading and verifying run on worker threads
//! ([`super::worker`]); this view only asks and shows.
//!
//! Keys: Up/Down (j/k), PgUp/PgDn, Home/End move; v verifies; / types a
//! filter (a run-id prefix or a kind; Enter keeps it, Esc clears it); f
//! toggles following; r reloads; y copies the head (the newest entry's seq
//! and hash); Esc or q closes.

use super::keymap::{Act, Keymap};
use super::screen::Outcome;
use super::theme::Theme;
use super::worker::{Located, Task};
use crate::audit::VerifyReport;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;
use std::path::PathBuf;

/// The outcome of the last chain check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub intact: bool,
    pub entries: u64,
    /// The first problem in words (file, line, why), when broken.
    pub reason: Option<String>,
    /// Where the first bad line is.
    pub bad: Option<(PathBuf, u64)>,
}

impl Verdict {
    pub fn of(r: &VerifyReport) -> Verdict {
        Verdict {
            intact: r.is_intact(),
            entries: r.entries,
            reason: r.problem.as_ref().map(|p| p.kind.to_string()),
            bad: r.problem.as_ref().map(|p| (p.file.clone(), p.line)),
        }
    }
}

/// The viewer's state.
#[derive(Debug, Clone, Default)]
pub struct AuditView {
    pub entries: Vec<Located>,
    pub loading: bool,
    pub error: Option<String>,
    /// Index into the filtered entries.
    pub selected: usize,
    pub filter: String,
    pub editing_filter: bool,
    /// Keep the newest entry selected as entries arrive.
    pub follow: bool,
    pub verifying: bool,
    pub verdict: Option<Verdict>,
    /// What the last copy did, until the next key.
    pub notice: Option<String>,
}

impl AuditView {
    /// Opening asks for the entries and follows the end.
    pub fn open(&mut self) -> Outcome {
        self.follow = true;
        self.loading = true;
        Outcome::Work(Task::ReadAudit)
    }

    /// Entries arrived (first load or a live refresh).
    pub fn loaded(&mut self, r: Result<Vec<Located>, String>) {
        self.loading = false;
        match r {
            Ok(entries) => {
                self.entries = entries;
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
        let n = self.visible().len();
        if self.follow {
            self.selected = n.saturating_sub(1);
        } else {
            self.selected = self.selected.min(n.saturating_sub(1));
        }
    }

    pub fn verified(&mut self, r: &VerifyReport) {
        self.verifying = false;
        let v = Verdict::of(r);
        // Jump to the bad entry, so the reason is next to it.
        if let Some((file, line)) = &v.bad {
            if let Some(i) = self.visible().iter().position(|e| &e.file == file && e.line == *line) {
                self.selected = i;
                self.follow = false;
            }
        }
        self.verdict = Some(v);
    }

    /// The entries the filter lets through: a run-id prefix or a kind name
    /// (case-insensitive), or all when empty.
    pub fn visible(&self) -> Vec<&Located> {
        let f = self.filter.trim().to_lowercase();
        self.entries
            .iter()
            .filter(|e| f.is_empty() || e.entry.kind.as_str() == f || (!e.entry.run_id.is_empty() && e.entry.run_id.starts_with(&f)))
            .collect()
    }

    fn is_bad(&self, e: &Located) -> bool {
        self.verdict.as_ref().and_then(|v| v.bad.as_ref()).is_some_and(|(f, l)| &e.file == f && e.line == *l)
    }

    pub fn handle_key(&mut self, k: KeyEvent, km: &Keymap) -> Outcome {
        if self.editing_filter {
            match k.code {
                KeyCode::Enter => self.editing_filter = false,
                KeyCode::Esc => {
                    self.editing_filter = false;
                    self.filter.clear();
                }
                KeyCode::Backspace => {
                    self.filter.pop();
                }
                KeyCode::Char(c) => self.filter.push(c),
                _ => {}
            }
            self.selected = self.selected.min(self.visible().len().saturating_sub(1));
            return Outcome::Stay;
        }
        const ACTS: &[Act] = &[Act::Close, Act::Up, Act::Down, Act::PageUp, Act::PageDown, Act::First, Act::Last, Act::Filter, Act::Follow, Act::Verify, Act::Reload, Act::CopyHead];
        self.notice = None;
        let n = self.visible().len();
        let last = n.saturating_sub(1);
        match km.action(&k, ACTS) {
            Some(Act::Close) => return Outcome::Close,
            Some(Act::Up) => self.move_to(self.selected.saturating_sub(1), last),
            Some(Act::Down) => self.move_to(self.selected + 1, last),
            Some(Act::PageUp) => self.move_to(self.selected.saturating_sub(10), last),
            Some(Act::PageDown) => self.move_to(self.selected + 10, last),
            Some(Act::First) => self.move_to(0, last),
            Some(Act::Last) => {
                self.move_to(last, last);
                self.follow = true;
            }
            Some(Act::Filter) => {
                self.editing_filter = true;
                self.filter.clear();
            }
            Some(Act::Follow) => self.follow = !self.follow,
            Some(Act::Verify) if !self.verifying => {
                self.verifying = true;
                return Outcome::Work(Task::VerifyAudit);
            }
            Some(Act::Reload) if !self.loading => {
                self.loading = true;
                return Outcome::Work(Task::ReadAudit);
            }
            Some(Act::CopyHead) => match self.entries.iter().max_by_key(|e| e.entry.seq) {
                Some(head) => return Outcome::Copy(super::copy::Clip::audit_head(head.entry.seq, &head.entry.hash)),
                None => self.notice = Some("the log has no entries yet: no head to copy".into()),
            },
            _ => {}
        }
        Outcome::Stay
    }

    fn move_to(&mut self, i: usize, last: usize) {
        self.selected = i.min(last);
        self.follow = self.selected == last && self.follow;
    }

    pub fn render(&self, f: &mut Frame<'_>, area: Rect, theme: &Theme) {
        let [head, body] = Layout::vertical([Constraint::Length(2), Constraint::Min(3)]).areas(area);
        self.render_head(f, head, theme);
        let (list_area, detail_area) = if area.width >= 120 {
            let [a, b] = Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(body);
            (a, b)
        } else {
            let [a, b] = Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(body);
            (a, b)
        };
        let visible = self.visible();
        let narrow = list_area.width < 60;
        let items: Vec<ListItem<'_>> = visible.iter().map(|e| ListItem::new(self.row(e, narrow, theme))).collect();
        let title = if self.filter.is_empty() {
            format!("Entries: {}", self.entries.len())
        } else {
            format!("Entries: {} of {} (filter {:?})", visible.len(), self.entries.len(), self.filter)
        };
        let body_text = if self.loading && self.entries.is_empty() {
            Some("reading the log…")
        } else if visible.is_empty() {
            Some(if self.entries.is_empty() { "The log has no entries yet." } else { "No entry matches the filter." })
        } else {
            None
        };
        if let Some(t) = body_text {
            f.render_widget(Paragraph::new(Span::styled(t, theme.muted)).block(block(&title, theme)), list_area);
        } else {
            let mut state = ListState::default().with_selected(Some(self.selected.min(visible.len().saturating_sub(1))));
            let list = List::new(items).highlight_style(theme.selected).highlight_symbol("▶ ").block(block(&title, theme));
            f.render_stateful_widget(list, list_area, &mut state);
        }
        let detail = match visible.get(self.selected) {
            Some(e) => {
                let mut lines = Vec::new();
                if self.is_bad(e) {
                    if let Some(why) = self.verdict.as_ref().and_then(|v| v.reason.as_deref()) {
                        lines.push(Line::styled(format!("✗ chain breaks here: {why}"), theme.error));
                    }
                }
                lines.push(Line::styled(format!("{} line {}", e.file.display(), e.line), theme.muted));
                let json = serde_json::to_string_pretty(&e.entry).unwrap_or_default();
                lines.extend(json.lines().map(|l| Line::styled(l.to_string(), theme.normal)));
                Text::from(lines)
            }
            None => Text::styled("Select an entry to see its JSON.", theme.muted),
        };
        f.render_widget(Paragraph::new(detail).wrap(Wrap { trim: false }).block(block("Entry", theme)), detail_area);
    }

    fn render_head(&self, f: &mut Frame<'_>, area: Rect, theme: &Theme) {
        let verdict = match (&self.verdict, self.verifying) {
            (_, true) => Span::styled("verifying the chain…", theme.accent),
            (None, false) => Span::styled("chain not checked yet (v verifies)", theme.muted),
            (Some(v), false) if v.intact => Span::styled(format!("✓ chain intact: {} entries verified", v.entries), theme.ok),
            (Some(v), false) => Span::styled(
                format!("✗ chain BROKEN after {} good entries: {}", v.entries, v.reason.as_deref().unwrap_or("?")),
                theme.error,
            ),
        };
        let mut second = vec![Span::styled(if self.follow { "following new entries" } else { "not following (End follows)" }, theme.muted)];
        if self.editing_filter {
            second = vec![Span::styled("filter (run prefix or kind, Enter keeps, Esc clears): ", theme.accent), Span::styled(self.filter.clone(), theme.strong)];
        } else if let Some(e) = &self.error {
            second = vec![Span::styled(format!("cannot read the log: {e}"), theme.error)];
        } else if let Some(n) = &self.notice {
            second = vec![Span::styled(n.clone(), theme.accent)];
        }
        // All the keys where they fit; the main ones and help otherwise.
        let keys = if area.width >= 100 { "   v verify  / filter  f follow  r reload  y copy head  Esc close" } else { "   v verify  y copy head  F1 keys" };
        second.push(Span::styled(keys, theme.muted));
        f.render_widget(Paragraph::new(vec![Line::from(verdict), Line::from(second)]), area);
    }

    fn row<'a>(&self, e: &Located, narrow: bool, theme: &Theme) -> Line<'a> {
        let x = &e.entry;
        // HH:MM:SS of the RFC 3339 time.
        let time = x.ts.get(11..19).unwrap_or(&x.ts).to_string();
        let run = if x.run_id.is_empty() { "-".to_string() } else { x.run_id.chars().take(8).collect() };
        let hash: String = x.hash.chars().take(if narrow { 6 } else { 12 }).collect();
        let bad = self.is_bad(e);
        let style = if bad { theme.error } else { theme.normal };
        let mark = if bad { "✗" } else { " " };
        Line::from(vec![
            Span::styled(format!("{mark}{:>5} ", x.seq), style),
            Span::styled(format!("{time} "), theme.muted),
            Span::styled(format!("{:<14} ", x.kind.as_str()), if bad { theme.error } else { theme.accent }),
            Span::styled(format!("{run:<8} "), style),
            Span::styled(hash, theme.muted),
        ])
    }
}

fn block<'a>(title: &str, theme: &Theme) -> Block<'a> {
    Block::bordered().title(Span::styled(format!(" {title} "), theme.title)).border_style(theme.border)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::audit::{Entry, Kind};
    use ratatui::crossterm::event::KeyModifiers;

    pub(crate) fn entry(seq: u64, kind: Kind, run: &str) -> Located {
        Located {
            entry: Entry {
                seq,
                ts: format!("2026-11-24T19:{:02}:00Z", seq % 60),
                run_id: run.into(),
                kind,
                payload: serde_json::json!({"n": seq}),
                prev_hash: "0".repeat(64),
                hash: format!("{seq:064x}"),
            },
            file: PathBuf::from("/h/audit/audit-000001.jsonl"),
            line: seq + 1,
        }
    }

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    #[test]
    fn filter_by_run_prefix_or_kind() {
        let mut v = AuditView::default();
        v.loaded(Ok(vec![entry(0, Kind::SessionStart, ""), entry(1, Kind::Question, "abcd1234"), entry(2, Kind::Answer, "abcd1234"), entry(3, Kind::Question, "ffff0000")]));
        assert_eq!(v.visible().len(), 4);
        v.handle_key(key(KeyCode::Char('/')), &Keymap::default());
        for c in "abcd".chars() {
            v.handle_key(key(KeyCode::Char(c)), &Keymap::default());
        }
        v.handle_key(key(KeyCode::Enter), &Keymap::default());
        assert_eq!(v.visible().iter().map(|e| e.entry.seq).collect::<Vec<_>>(), [1, 2]);
        v.handle_key(key(KeyCode::Char('/')), &Keymap::default());
        for c in "question".chars() {
            v.handle_key(key(KeyCode::Char(c)), &Keymap::default());
        }
        assert_eq!(v.visible().iter().map(|e| e.entry.seq).collect::<Vec<_>>(), [1, 3]);
        v.handle_key(key(KeyCode::Esc), &Keymap::default());
        assert_eq!(v.visible().len(), 4, "Esc clears the filter");
        assert_eq!(v.handle_key(key(KeyCode::Esc), &Keymap::default()), Outcome::Close);
    }

    #[test]
    fn following_keeps_the_newest_selected_until_the_user_moves() {
        let mut v = AuditView::default();
        assert_eq!(v.open(), Outcome::Work(Task::ReadAudit));
        v.loaded(Ok((0..5).map(|i| entry(i, Kind::Question, "r")).collect()));
        assert_eq!(v.selected, 4);
        v.loaded(Ok((0..7).map(|i| entry(i, Kind::Question, "r")).collect()));
        assert_eq!(v.selected, 6, "new entries are followed");
        v.handle_key(key(KeyCode::Up), &Keymap::default());
        v.loaded(Ok((0..9).map(|i| entry(i, Kind::Question, "r")).collect()));
        assert_eq!(v.selected, 5, "moving up stops following");
        v.handle_key(key(KeyCode::End), &Keymap::default());
        assert!(v.follow);
    }

    #[test]
    fn a_broken_chain_selects_and_marks_the_bad_entry() {
        let mut v = AuditView::default();
        v.loaded(Ok((0..5).map(|i| entry(i, Kind::Question, "r")).collect()));
        assert_eq!(v.handle_key(key(KeyCode::Char('v')), &Keymap::default()), Outcome::Work(Task::VerifyAudit));
        assert_eq!(v.handle_key(key(KeyCode::Char('v')), &Keymap::default()), Outcome::Stay, "one check at a time");
        let report = VerifyReport {
            chain: "audit".into(),
            segments: vec![],
            entries: 2,
            head: "h".into(),
            problem: Some(crate::audit::Problem {
                file: PathBuf::from("/h/audit/audit-000001.jsonl"),
                line: 3,
                kind: crate::audit::ProblemKind::HashMismatch { stored: "a".into(), computed: "b".into() },
            }),
        };
        v.verified(&report);
        assert_eq!(v.selected, 2);
        assert!(v.is_bad(v.visible()[2]));
        assert!(v.verdict.as_ref().unwrap().reason.as_deref().unwrap().contains("hash mismatch"));
    }
}
