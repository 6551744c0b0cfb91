//! The dataset picker: every dataset with its description, tables and
//! suggested prompts. Enter on a dataset switches to it; Enter on a prompt
//! switches (if needed) and asks it.
//!
//! Keys: Up/Down (j/k) move; Tab or Left/Right switch between datasets and
//! prompts; Enter switches or asks; Esc or q closes.

use super::keymap::{Act, Keymap};
use super::screen::Outcome;
use super::theme::Theme;
use super::worker::Task;
use crate::semantic::Manifest;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;

/// The picker's state.
#[derive(Debug, Clone, Default)]
pub struct Picker {
    pub datasets: Vec<(String, Manifest)>,
    pub loading: bool,
    pub selected: usize,
    /// Focus on the prompts of the selected dataset.
    pub in_prompts: bool,
    pub prompt: usize,
}

/// What Enter in the picker asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pick {
    Switch(String),
    /// Switch to the dataset (when not active) and ask the prompt.
    Ask { dataset: String, prompt: String },
}

impl Picker {
    pub fn open(&mut self, active: &str) -> Outcome {
        self.in_prompts = false;
        self.prompt = 0;
        if let Some(i) = self.datasets.iter().position(|(n, _)| n == active) {
            self.selected = i;
        }
        self.loading = true;
        Outcome::Work(Task::ListDatasets)
    }

    pub fn loaded(&mut self, list: Vec<(String, Manifest)>, active: &str) {
        let first = self.datasets.is_empty();
        self.datasets = list;
        self.loading = false;
        if first {
            self.selected = self.datasets.iter().position(|(n, _)| n == active).unwrap_or(0);
        }
        self.selected = self.selected.min(self.datasets.len().saturating_sub(1));
    }

    fn prompts(&self) -> &[String] {
        self.datasets.get(self.selected).map_or(&[], |(_, m)| &m.suggested_prompts[..])
    }

    /// Keys; `Some(pick)` when Enter chose something.
    pub fn handle_key(&mut self, k: KeyEvent, km: &Keymap) -> (Outcome, Option<Pick>) {
        const ACTS: &[Act] = &[Act::Close, Act::SwitchPane, Act::Left, Act::Right, Act::Up, Act::Down, Act::Select];
        match km.action(&k, ACTS) {
            Some(Act::Close) => return (Outcome::Close, None),
            Some(Act::SwitchPane | Act::Left | Act::Right) => {
                self.in_prompts = !self.in_prompts && !self.prompts().is_empty();
                self.prompt = 0;
            }
            Some(Act::Up) => {
                if self.in_prompts {
                    self.prompt = self.prompt.saturating_sub(1);
                } else {
                    self.selected = self.selected.saturating_sub(1);
                }
            }
            Some(Act::Down) => {
                if self.in_prompts {
                    self.prompt = (self.prompt + 1).min(self.prompts().len().saturating_sub(1));
                } else {
                    self.selected = (self.selected + 1).min(self.datasets.len().saturating_sub(1));
                }
            }
            Some(Act::Select) => {
                let Some((name, m)) = self.datasets.get(self.selected) else { return (Outcome::Stay, None) };
                let pick = match m.suggested_prompts.get(self.prompt).filter(|_| self.in_prompts) {
                    Some(p) => Pick::Ask { dataset: name.clone(), prompt: p.clone() },
                    None => Pick::Switch(name.clone()),
                };
                return (Outcome::Close, Some(pick));
            }
            _ => {}
        }
        (Outcome::Stay, None)
    }

    pub fn render(&self, f: &mut Frame<'_>, area: Rect, active: &str, theme: &Theme) {
        if self.datasets.is_empty() {
            let t = if self.loading { "reading the datasets…" } else { "No datasets found." };
            f.render_widget(Paragraph::new(Span::styled(t, theme.muted)).block(block("Datasets", theme)), area);
            return;
        }
        let (list_area, right) = if area.width >= 120 {
            let [a, b] = Layout::horizontal([Constraint::Length(30), Constraint::Min(20)]).areas(area);
            (a, b)
        } else {
            let rows = u16::try_from(self.datasets.len() + 2).unwrap_or(u16::MAX).min(area.height / 3).max(3);
            let [a, b] = Layout::vertical([Constraint::Length(rows), Constraint::Min(3)]).areas(area);
            (a, b)
        };
        let items: Vec<ListItem<'_>> = self
            .datasets
            .iter()
            .map(|(n, _)| {
                let mark = if n == active { "● " } else { "  " };
                ListItem::new(Line::from(vec![Span::styled(mark, theme.ok), Span::styled(n.clone(), theme.normal)]))
            })
            .collect();
        let mut state = ListState::default().with_selected(Some(self.selected));
        let focus = if self.in_prompts { theme.muted } else { theme.selected };
        f.render_stateful_widget(List::new(items).highlight_style(focus).highlight_symbol("▶ ").block(block("Datasets (● active)", theme)), list_area, &mut state);

        let Some((name, m)) = self.datasets.get(self.selected) else { return };
        let [about, prompts] = Layout::vertical([Constraint::Percentage(45), Constraint::Percentage(55)]).areas(right);
        let mut lines = vec![Line::styled(m.description.clone(), theme.normal), Line::raw("")];
        for t in &m.tables {
            lines.push(Line::from(vec![
                Span::styled(format!("{:<18}", t.name), theme.accent),
                Span::styled(format!("{} columns  ", t.columns.len()), theme.muted),
                Span::styled(t.description.clone(), theme.muted),
            ]));
        }
        lines.push(Line::styled(format!("{} metrics, {} dimensions, {} segments", m.metrics.len(), m.dimensions.len(), m.segments.len()), theme.muted));
        f.render_widget(Paragraph::new(Text::from(lines)).wrap(Wrap { trim: false }).block(block(&format!("{name}: Enter switches"), theme)), about);
        let items: Vec<ListItem<'_>> = m.suggested_prompts.iter().map(|p| ListItem::new(Line::styled(p.clone(), theme.normal))).collect();
        let mut state = ListState::default().with_selected(self.in_prompts.then_some(self.prompt));
        let title = if self.in_prompts { "Suggested prompts: Enter asks" } else { "Suggested prompts (Tab to choose one)" };
        f.render_stateful_widget(List::new(items).highlight_style(theme.selected).highlight_symbol("▶ ").block(block(title, theme)), prompts, &mut state);
    }
}

fn block<'a>(title: &str, theme: &Theme) -> Block<'a> {
    Block::bordered().title(Span::styled(format!(" {title} "), theme.title)).border_style(theme.border)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    pub(crate) fn builtins() -> Vec<(String, Manifest)> {
        ["ecommerce", "iot"]
            .iter()
            .filter_map(|n| crate::dataset::Registry::builtin_manifest(n).and_then(Result::ok).map(|m| (n.to_string(), m)))
            .collect()
    }

    #[test]
    fn enter_switches_or_asks_a_chosen_prompt() {
        let mut p = Picker::default();
        assert_eq!(p.open("iot"), Outcome::Work(Task::ListDatasets));
        p.loaded(builtins(), "iot");
        assert_eq!(p.datasets.len(), 2);
        assert_eq!(p.selected, 1, "starts on the active dataset");
        p.handle_key(key(KeyCode::Up), &Keymap::default());
        assert_eq!(p.handle_key(key(KeyCode::Enter), &Keymap::default()), (Outcome::Close, Some(Pick::Switch("ecommerce".into()))));
        p.handle_key(key(KeyCode::Tab), &Keymap::default());
        p.handle_key(key(KeyCode::Down), &Keymap::default());
        let want = p.datasets[0].1.suggested_prompts[1].clone();
        assert_eq!(p.handle_key(key(KeyCode::Enter), &Keymap::default()), (Outcome::Close, Some(Pick::Ask { dataset: "ecommerce".into(), prompt: want })));
    }
}
