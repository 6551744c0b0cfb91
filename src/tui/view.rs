//! Drawing the workbench from its state: chat, plan/SQL panel, results
//! grid, input line and status bar. Drawing reads [`App`] and never
//! changes it.
//!
//! Layout: from 100 columns the chat and the plan/SQL panel sit side by
//! side above the results; below that one view fills the screen and Tab
//! moves between them. The results grid formats only the rows on screen.

use super::app::{status_word, App, Panel, Tab};
use super::screen::Screen;
use super::theme::Theme;
use crate::report::{RunReport, Status, Understood};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// Narrower than this, views become tabs.
pub const WIDE: u16 = 100;

/// Smaller than this (columns, rows), the workbench only says so.
pub const MIN_SIZE: (u16, u16) = (32, 10);

pub fn draw(f: &mut Frame<'_>, app: &App, theme: &Theme) {
    let size = f.area();
    if size.width < MIN_SIZE.0 || size.height < MIN_SIZE.1 {
        let msg = format!("window too small ({}x{}): needs {}x{}; Ctrl-C quits", size.width, size.height, MIN_SIZE.0, MIN_SIZE.1);
        f.render_widget(Paragraph::new(Span::styled(msg, theme.warn)).wrap(Wrap { trim: true }), size);
        return;
    }
    let [main, input, status] = Layout::vertical([Constraint::Min(3), Constraint::Length(3), Constraint::Length(1)]).areas(f.area());
    if app.screen != Screen::Main {
        tool_view(f, main, app, theme);
    } else if f.area().width >= WIDE {
        let [top, bottom] = Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(main);
        let [left, right] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(top);
        chat(f, left, app, theme);
        detail(f, right, app, theme);
        results(f, bottom, app, theme);
    } else {
        let [bar, body] = Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(main);
        tabs(f, bar, app, theme);
        match app.tab {
            Tab::Chat => chat(f, body, app, theme),
            Tab::Detail => detail(f, body, app, theme),
            Tab::Results => results(f, body, app, theme),
        }
    }
    input_line(f, input, app, theme);
    status_bar(f, status, app, theme);
    if app.help {
        super::help::render(f, app.screen, &app.keymap, theme);
    }
}

/// A tool view (stepper, audit, schema, picker, history) in the main area.
fn tool_view(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    match app.screen {
        Screen::Main => {}
        Screen::Stepper => app.stepper.render(f, area, app.current_report(), &app.names, theme),
        Screen::Audit => app.audit.render(f, area, theme),
        Screen::Schema => app.schema.render(f, area, theme),
        Screen::Picker => app.picker.render(f, area, &app.dataset, theme),
        Screen::Runs => app.runs.render(f, area, theme),
    }
}

fn tabs(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    let names = [(Tab::Chat, "Chat"), (Tab::Detail, "Plan/SQL"), (Tab::Results, "Results")];
    let mut spans = Vec::new();
    for (tab, name) in names {
        let style = if tab == app.tab { theme.selected } else { theme.muted };
        spans.push(Span::styled(format!(" {name} "), style));
        spans.push(Span::raw(" "));
    }
    spans.push(Span::styled("(Tab)", theme.muted));
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn block<'a>(title: &'a str, theme: &Theme) -> Block<'a> {
    Block::bordered().title(Span::styled(format!(" {title} "), theme.title)).border_style(theme.border)
}

fn chat(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    let mut lines: Vec<Line<'_>> = Vec::new();
    if app.turns.is_empty() {
        lines.push(Line::styled("Ask a question about the data, or /sql SELECT ..., /dataset NAME, /help.", theme.muted));
    }
    for t in &app.turns {
        lines.push(Line::from(vec![Span::styled("› ", theme.accent), Span::styled(t.input.as_str(), theme.strong)]));
        for s in &t.steps {
            lines.push(Line::styled(format!("  {s}"), theme.muted));
        }
        if let Some(n) = &t.note {
            lines.push(Line::styled(format!("  {n}"), theme.normal));
        }
        if let Some(r) = &t.report {
            outcome_lines(r, theme, &mut lines);
        } else if !t.done {
            lines.push(Line::styled("  … (Esc cancels)", theme.accent));
        }
    }
    // Keep the newest turn in view: show the tail that fits.
    let inner = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2).max(1) as usize;
    let needed: usize = lines.iter().map(|l| l.width().max(1).div_ceil(width)).sum();
    let skip = needed.saturating_sub(inner);
    let p = Paragraph::new(Text::from(lines)).wrap(Wrap { trim: false }).scroll((u16::try_from(skip).unwrap_or(u16::MAX), 0));
    f.render_widget(p.block(block("Chat", theme)), area);
}

fn outcome_lines<'a>(r: &'a RunReport, theme: &Theme, lines: &mut Vec<Line<'a>>) {
    match r.status {
        Status::Ok => {
            let more = if r.truncated { " (more rows exist: stopped at the row cap; f in Results fetches up to 1,000,000)" } else { "" };
            lines.push(Line::styled(format!("  ✓ {} row{}{more}", r.row_count, if r.row_count == 1 { "" } else { "s" }), theme.ok));
        }
        Status::NotUnderstood => {
            let why = r.error.as_ref().map_or("", |e| e.message.as_str());
            lines.push(Line::styled(format!("  ? {why}"), theme.warn));
            if let Some(Understood::NotUnderstood(nu)) = &r.understanding {
                if !nu.suggestions.is_empty() {
                    lines.push(Line::styled("  try:", theme.muted));
                }
                for s in nu.suggestions.iter().take(3) {
                    lines.push(Line::styled(format!("    {s}"), theme.normal));
                }
            }
        }
        Status::Cancelled => lines.push(Line::styled("  ✗ cancelled: the query was stopped and its jailed worker killed", theme.warn)),
        other => {
            let e = r.error.as_ref();
            let msg = e.map_or(String::new(), |e| format!("{}: {}", e.category, e.message.lines().next().unwrap_or("")));
            lines.push(Line::styled(format!("  ✗ {} {msg}", status_word(other)), theme.error));
        }
    }
}

fn detail(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    let report = app.current_report();
    let (title, text) = match app.panel {
        Panel::Sql => ("SQL (F2: plan)", sql_text(report, &app.names, theme)),
        Panel::Plan => ("Plan (F2: SQL)", plan_text(report, theme)),
    };
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }).block(block(title, theme)), area);
}

fn sql_text<'a>(report: Option<&'a RunReport>, names: &super::highlight::Names, theme: &Theme) -> Text<'a> {
    let Some(sql) = report.and_then(|r| r.sql.as_deref()) else {
        return Text::styled("The SQL of the last run shows here.", theme.muted);
    };
    let mut lines = super::highlight::highlight_sql(sql, names, theme);
    if let Some(r) = report.filter(|r| r.attempts.len() > 1) {
        lines.push(Line::raw(""));
        for a in &r.attempts {
            let what = a.error.as_ref().map_or_else(|| a.status.word().to_string(), |e| e.category.to_string());
            let by = a.repairer.as_deref().map(|r| format!(" by {r}")).unwrap_or_default();
            lines.push(Line::styled(format!("attempt {}{by}: {what}", a.n), theme.muted));
        }
    }
    Text::from(lines)
}

fn plan_text<'a>(report: Option<&'a RunReport>, theme: &Theme) -> Text<'a> {
    let Some(r) = report else {
        return Text::styled("The plan of the last question shows here.", theme.muted);
    };
    let mut lines = Vec::new();
    if let Some(Understood::Planned(u)) = &r.understanding {
        for s in &u.summary {
            lines.push(Line::styled(s.as_str(), theme.normal));
        }
        for m in &u.matches {
            lines.push(Line::styled(format!("  \"{}\" -> {} ({:.2})", m.words, m.target, m.confidence), theme.muted));
        }
    } else if let Some(p) = &r.plan {
        lines.push(Line::styled(serde_json::to_string(p).unwrap_or_default(), theme.normal));
    }
    if lines.is_empty() {
        lines.push(Line::styled("No plan: this run was SQL.", theme.muted));
    }
    Text::from(lines)
}

fn results(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    app.grid.render(f, area, theme, app.tab == Tab::Results);
}

fn input_line(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    let prompt = if app.running.is_some() { "running… " } else { "› " };
    let mut spans = vec![Span::styled(prompt, theme.accent)];
    match app.input.strip_prefix("/sql ") {
        // SQL mode: the SQL highlighted as in the panel.
        Some(sql) => {
            spans.push(Span::styled("/sql ", theme.accent));
            spans.extend(super::highlight::highlight_sql(sql, &app.names, theme).into_iter().flat_map(|l| l.spans));
        }
        None => spans.push(Span::styled(app.input.as_str(), theme.normal)),
    }
    let line = Line::from(spans);
    f.render_widget(Paragraph::new(line).block(block("Ask (Enter)", theme)), area);
    let x = area.x + 1 + u16::try_from(prompt.chars().count() + app.input.chars().count()).unwrap_or(0);
    f.set_cursor_position((x.min(area.right().saturating_sub(2)), area.y + 1));
}

fn status_bar(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    let hash = if app.dataset_hash.len() >= 8 { format!(" {}", &app.dataset_hash[..8]) } else { String::new() };
    let latency = app.last_latency_ms.map(|ms| format!(" │ last {ms:.0} ms")).unwrap_or_default();
    let jail_style = if app.jail == "strict" { theme.status } else { theme.error };
    let view = if app.screen == Screen::Main { String::new() } else { format!(" │ {}", app.screen.title()) };
    let hints = if area.width >= WIDE { " │ F1 help  F3-F7 views  Esc cancel  ^C quit " } else { " │ F1 help  ^C quit " };
    let line = Line::from(vec![
        Span::styled(format!(" {}{hash} │ {} │ ", app.dataset, app.provider), theme.status),
        Span::styled(format!("jail {}", app.jail), jail_style),
        Span::styled(format!("{latency}{view}{hints}"), theme.status),
    ]);
    f.render_widget(Paragraph::new(line).style(theme.status), area);
}
