//! Run history: the recorded run capsules, newest first, searchable by
//! question, SQL-less runs, dataset, status, provider or id prefix; Enter
//! replays the selected run (its final SQL again, on the same dataset
//! version, recorded as a replay of it).
//!
//! Keys: Up/Down (j/k), PgUp/PgDn move; / types a search (Enter keeps,
//! Esc clears); Enter replays; r reloads; Esc or q closes.

use super::keymap::{Act, Keymap};
use super::screen::Outcome;
use super::theme::Theme;
use super::worker::Task;
use crate::store::RunSummary;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;

/// The history's state.
#[derive(Debug, Clone, Default)]
pub struct RunsView {
    pub runs: Vec<RunSummary>,
    pub loading: bool,
    pub error: Option<String>,
    pub search: String,
    pub searching: bool,
    /// Index into the matching runs.
    pub selected: usize,
    /// What happened to the last replay request.
    pub note: Option<String>,
}

impl RunsView {
    pub fn open(&mut self) -> Outcome {
        self.loading = true;
        self.note = None;
        Outcome::Work(Task::ListRuns)
    }

    pub fn loaded(&mut self, r: Result<Vec<RunSummary>, String>) {
        self.loading = false;
        match r {
            Ok(runs) => {
                self.runs = runs;
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
        self.selected = self.selected.min(self.matching().len().saturating_sub(1));
    }

    /// Runs whose question, dataset, status, provider or id contain the
    /// search words (all of them, case-insensitive).
    pub fn matching(&self) -> Vec<&RunSummary> {
        let words: Vec<String> = self.search.split_whitespace().map(str::to_lowercase).collect();
        self.runs
            .iter()
            .filter(|r| {
                let hay = format!("{} {} {} {} {}", r.run_id, r.dataset, r.status.as_str(), r.provider, r.question.as_deref().unwrap_or("(sql)")).to_lowercase();
                words.iter().all(|w| hay.contains(w.as_str()))
            })
            .collect()
    }

    pub fn handle_key(&mut self, k: KeyEvent, km: &Keymap) -> Outcome {
        if self.searching {
            match k.code {
                KeyCode::Enter => self.searching = false,
                KeyCode::Esc => {
                    self.searching = false;
                    self.search.clear();
                }
                KeyCode::Backspace => {
                    self.search.pop();
                }
                KeyCode::Char(c) => self.search.push(c),
                _ => {}
            }
            self.selected = self.selected.min(self.matching().len().saturating_sub(1));
            return Outcome::Stay;
        }
        const ACTS: &[Act] = &[Act::Close, Act::Up, Act::Down, Act::PageUp, Act::PageDown, Act::First, Act::Last, Act::Filter, Act::Reload, Act::Select];
        let last = self.matching().len().saturating_sub(1);
        match km.action(&k, ACTS) {
            Some(Act::Close) => return Outcome::Close,
            Some(Act::Up) => self.selected = self.selected.saturating_sub(1),
            Some(Act::Down) => self.selected = (self.selected + 1).min(last),
            Some(Act::PageUp) => self.selected = self.selected.saturating_sub(10),
            Some(Act::PageDown) => self.selected = (self.selected + 10).min(last),
            Some(Act::First) => self.selected = 0,
            Some(Act::Last) => self.selected = last,
            Some(Act::Filter) => {
                self.searching = true;
                self.search.clear();
            }
            Some(Act::Reload) if !self.loading => return self.open(),
            Some(Act::Select) => {
                if let Some(r) = self.matching().get(self.selected) {
                    let id = r.run_id.clone();
                    self.note = Some(format!("loading run {}…", &id[..8.min(id.len())]));
                    return Outcome::Work(Task::LoadRun(id));
                }
            }
            _ => {}
        }
        Outcome::Stay
    }

    pub fn render(&self, f: &mut Frame<'_>, area: Rect, theme: &Theme) {
        let [head, body] = Layout::vertical([Constraint::Length(1), Constraint::Min(3)]).areas(area);
        let head_line = if self.searching {
            Line::from(vec![Span::styled("search: ", theme.accent), Span::styled(self.search.clone(), theme.strong), Span::styled("  (Enter keeps, Esc clears)", theme.muted)])
        } else if let Some(n) = &self.note {
            Line::styled(n.clone(), theme.warn)
        } else {
            Line::styled("/ search  Enter replay  r reload  Esc close", theme.muted)
        };
        f.render_widget(Paragraph::new(head_line), head);
        let matching = self.matching();
        let title = if self.search.is_empty() { format!("Runs: {}", self.runs.len()) } else { format!("Runs: {} of {} matching {:?}", matching.len(), self.runs.len(), self.search) };
        if matching.is_empty() {
            let t = match (&self.error, self.loading) {
                (_, true) => "reading the run store…".to_string(),
                (Some(e), _) => e.clone(),
                (None, _) => if self.runs.is_empty() { "No runs recorded yet.".into() } else { "No run matches the search.".into() },
            };
            f.render_widget(Paragraph::new(Span::styled(t, theme.muted)).wrap(Wrap { trim: false }).block(block(&title, theme)), body);
            return;
        }
        let narrow = body.width < 100;
        let items: Vec<ListItem<'_>> = matching
            .iter()
            .map(|r| {
                let time = r.started_at.get(5..16).unwrap_or(&r.started_at).replace('T', " ");
                let status_style = if r.status.as_str() == "ok" { theme.ok } else { theme.error };
                let mut spans = vec![Span::styled(format!("{} ", &r.run_id[..8.min(r.run_id.len())]), theme.muted), Span::styled(format!("{time} "), theme.muted)];
                spans.push(Span::styled(format!("{:<10} ", r.status.as_str()), status_style));
                if !narrow {
                    spans.push(Span::styled(format!("{:<10} {:<9} ", r.dataset, r.provider), theme.accent));
                    spans.push(Span::styled(format!("{:>7} ", r.row_count.map(|n| n.to_string()).unwrap_or_default()), theme.muted));
                }
                spans.push(Span::styled(r.question.clone().unwrap_or_else(|| "(sql)".into()), theme.normal));
                ListItem::new(Line::from(spans))
            })
            .collect();
        let mut state = ListState::default().with_selected(Some(self.selected.min(matching.len() - 1)));
        f.render_stateful_widget(List::new(items).highlight_style(theme.selected).highlight_symbol("▶ ").block(block(&title, theme)), body, &mut state);
    }
}

fn block<'a>(title: &str, theme: &Theme) -> Block<'a> {
    Block::bordered().title(Span::styled(format!(" {title} "), theme.title)).border_style(theme.border)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::store::RunStatus;
    use ratatui::crossterm::event::KeyModifiers;

    pub(crate) fn run(id: &str, q: Option<&str>, status: RunStatus) -> RunSummary {
        RunSummary {
            run_id: id.into(),
            started_at: "2026-11-24T19:00:00.000000Z".into(),
            finished_at: None,
            dataset: "ecommerce".into(),
            question: q.map(str::to_string),
            provider: "offline".into(),
            model: None,
            status,
            error_category: None,
            row_count: Some(3),
            replay_of: None,
        }
    }

    #[test]
    fn search_narrows_by_all_words_and_enter_loads_the_run_to_replay() {
        let mut v = RunsView::default();
        v.loaded(Ok(vec![run("aaaa1111bbbb2222", Some("revenue by month"), RunStatus::Ok), run("cccc3333dddd4444", None, RunStatus::Failed), run("eeee5555", Some("orders by month"), RunStatus::Ok)]));
        v.handle_key(KeyEvent::new(KeyCode::Char('/'), KeyModifiers::NONE), &Keymap::default());
        for c in "month ok".chars() {
            v.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE), &Keymap::default());
        }
        v.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), &Keymap::default());
        assert_eq!(v.matching().len(), 2);
        v.handle_key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE), &Keymap::default());
        assert_eq!(v.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), &Keymap::default()), Outcome::Work(Task::LoadRun("eeee5555".into())));
        v.search = "(sql)".into();
        assert_eq!(v.matching()[0].run_id, "cccc3333dddd4444");
    }
}
