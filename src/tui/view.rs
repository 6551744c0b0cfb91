//! Drawing the workbench from its state: chat, plan/SQL panel, results
//! grid, input line and status bar. Drawing reads [`App`] and never
//! changes it.
//!
//! Layout: from 100 columns the chat and the plan/SQL panel sit side by
//! side above the results; below that one view fills the screen and Tab
//! moves between them. The results grid formats only the rows on screen.

use super::app::{status_word, App, Panel, Tab, Turn};
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
    let [main, input, status] = Layout::vertical([Constraint::Min(3), Constraint::Length(input_height(app, f.area().height)), Constraint::Length(1)]).areas(f.area());
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
        super::help::render(f, app.screen, &app.keymap, theme, app.help_scroll);
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
    let inner = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2).max(1) as usize;
    let rows = |lines: &[Line<'_>]| -> usize { lines.iter().map(|l| l.width().max(1).div_ceil(width)).sum() };
    // Keep the newest turn in view, or the rows the chat was scrolled back
    // to (PgUp): only the newest turns that fill the pane that far are
    // laid out, so a long session costs no more per frame.
    let back = app.chat_scroll.rows(app.turns.len());
    let mut shown: Vec<Vec<Line<'_>>> = Vec::new();
    let mut needed = 0;
    for t in app.turns.iter().rev() {
        if needed >= inner + back {
            break;
        }
        let lines = turn_lines(t, app, theme, area.width.saturating_sub(2));
        needed += rows(&lines);
        shown.push(lines);
    }
    let all = shown.len() == app.turns.len();
    let mut lines: Vec<Line<'_>> = shown.into_iter().rev().flatten().collect();
    if app.turns.is_empty() {
        lines.push(Line::styled("Ask a question about the data, or /sql SELECT ..., /dataset NAME, /help.", theme.muted));
    }
    let top = rows(&lines).saturating_sub(inner);
    // The top is known once every turn was laid out.
    app.chat_scroll.set_top(all.then_some(top));
    let back = back.min(top);
    let skip = top - back;
    let title = if back > 0 { format!("Chat · {back} lines back (PgDn returns)") } else { "Chat".to_string() };
    let p = Paragraph::new(Text::from(lines)).wrap(Wrap { trim: false }).scroll((u16::try_from(skip).unwrap_or(u16::MAX), 0));
    f.render_widget(p.block(block(&title, theme)), area);
}

/// One chat turn: what was typed, its steps, its note, and how it ended
/// with the answer's first rows (or that it waits or runs).
fn turn_lines<'a>(t: &'a Turn, app: &App, theme: &Theme, width: u16) -> Vec<Line<'a>> {
    let mut lines: Vec<Line<'a>> = Vec::new();
    for (i, l) in t.input.lines().enumerate() {
        lines.push(Line::from(vec![Span::styled(if i == 0 { "› " } else { "  " }, theme.accent), Span::styled(l, theme.strong)]));
    }
    for s in &t.steps {
        lines.push(Line::styled(format!("  {s}"), theme.muted));
    }
    if let Some(n) = &t.note {
        lines.push(Line::styled(format!("  {n}"), theme.normal));
    }
    if let Some(r) = &t.report {
        outcome_lines(r, theme, &mut lines);
        // Fitted once per width, kept on the turn (chat_preview).
        for l in t.preview.lines(r, width).iter() {
            lines.push(Line::styled(l.text.clone(), if l.muted { theme.muted } else { theme.normal }));
        }
    } else if !t.done && app.waiting.as_ref().is_some_and(|w| Some(w.job) == t.job) {
        lines.push(Line::styled("  … waiting below: Enter runs · e edits · Esc rejects", theme.warn));
    } else if !t.done {
        lines.push(Line::styled("  … (Esc cancels)", theme.accent));
    }
    lines
}

/// Why a run ended cancelled: a rejection in approval mode says so; a
/// cancel says what it stopped.
pub fn cancel_reason(r: &RunReport) -> String {
    let rejected = r.error.as_ref().map(|e| e.message.as_str()).filter(|m| m.contains("rejected by the user"));
    rejected.map_or_else(|| "the query was stopped and its jailed worker killed".to_string(), str::to_string)
}

fn outcome_lines<'a>(r: &'a RunReport, theme: &Theme, lines: &mut Vec<Line<'a>>) {
    match r.status {
        Status::Ok => {
            let more = if r.truncated { " (more rows exist: stopped at the row cap; f in Results fetches up to 1,000,000)" } else { "" };
            lines.push(Line::styled(format!("  ✓ {} row{}{more}", crate::render::thousands(&r.row_count.to_string()), if r.row_count == 1 { "" } else { "s" }), theme.ok));
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
        Status::Cancelled => {
            lines.push(Line::styled(format!("  ✗ cancelled: {}", cancel_reason(r)), theme.warn));
        }
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

/// Rows of the input box: its lines (up to a few, then it scrolls), or
/// what waits for approval, plus the border; never more than a third of
/// the window.
fn input_height(app: &App, height: u16) -> u16 {
    let lines = match &app.waiting {
        Some(w) if !w.editing => w.sql.lines().count() + usize::from(w.why.is_some()),
        _ => app.input.lines().len(),
    };
    let most = usize::from((height / 3).max(3)) - 2;
    let rows = lines.clamp(1, super::input_box::MAX_VISIBLE_LINES.max(1)).min(most.max(1));
    u16::try_from(rows).unwrap_or(1) + 2
}

fn input_line(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    if let Some(w) = app.waiting.as_ref().filter(|w| !w.editing) {
        // Approval mode: what waits, read-only, with the keys that answer.
        let mut lines = Vec::new();
        if let Some(why) = &w.why {
            lines.push(Line::styled(format!("why: {why}"), theme.muted));
        }
        lines.extend(super::highlight::highlight_sql(&w.sql, &app.names, theme));
        let title = Span::styled(format!(" {} ", w.prompt()), theme.warn);
        let block = Block::bordered().title(title).border_style(theme.warn);
        f.render_widget(Paragraph::new(lines).block(block), area);
        return;
    }
    let prompt = if app.running.is_some() && app.waiting.is_none() { "running… " } else { "› " };
    let indent = " ".repeat(prompt.chars().count());
    let text = app.input.text();
    let sql_mode = text.starts_with("/sql");
    let mut lines: Vec<Line<'_>> = Vec::new();
    if sql_mode {
        // SQL mode: the SQL highlighted as in the panel, over all lines.
        let sql = &text[4..];
        let mut hl = super::highlight::highlight_sql(sql, &app.names, theme).into_iter();
        let mut first = vec![Span::styled(prompt, theme.accent), Span::styled("/sql", theme.accent)];
        first.extend(hl.next().map(|l| l.spans).unwrap_or_default());
        lines.push(Line::from(first));
        for l in hl {
            let mut spans = vec![Span::raw(indent.clone())];
            spans.extend(l.spans);
            lines.push(Line::from(spans));
        }
    } else {
        for (i, l) in app.input.lines().iter().enumerate() {
            let lead = if i == 0 { Span::styled(prompt, theme.accent) } else { Span::raw(indent.clone()) };
            lines.push(Line::from(vec![lead, Span::styled(l.as_str(), theme.normal)]));
        }
    }
    let title = match (&app.waiting, &app.repair_target) {
        (Some(w), _) => Span::styled(format!(" {} ", w.prompt()), theme.warn),
        (None, Some((run, n))) => Span::styled(format!(" Repair of attempt {n} of run {}: Enter runs it · Esc drops it ", &run[..8.min(run.len())]), theme.warn),
        (None, None) => Span::styled(" Ask (Enter) ", theme.title),
    };
    let hint = match area.width {
        w if w >= WIDE => " Ctrl-J new line · Ctrl-E $EDITOR ",
        w if w >= 60 => " Ctrl-J new line ",
        _ => "",
    };
    // Keep the cursor in view: scroll down and right as it moves.
    let (row, col) = app.input.cursor();
    let inner_h = usize::from(area.height.saturating_sub(2)).max(1);
    let inner_w = usize::from(area.width.saturating_sub(2)).max(1);
    let lead = prompt.chars().count();
    let cursor_x: usize = lead + app.input.lines().get(row).map_or(0, |l| Span::raw(l.chars().take(col).collect::<String>()).width());
    let top = (row + 1).saturating_sub(inner_h);
    let left = (cursor_x + 1).saturating_sub(inner_w);
    let scroll = (u16::try_from(top).unwrap_or(0), u16::try_from(left).unwrap_or(0));
    let mut block = Block::bordered().title(title).border_style(if app.waiting.is_some() || app.repair_target.is_some() { theme.warn } else { theme.border });
    if app.waiting.is_none() && app.repair_target.is_none() && !hint.is_empty() {
        block = block.title(Line::styled(hint, theme.muted).right_aligned());
    }
    f.render_widget(Paragraph::new(lines).scroll(scroll).block(block), area);
    let x = area.x + 1 + u16::try_from(cursor_x - left).unwrap_or(0);
    let y = area.y + 1 + u16::try_from(row - top).unwrap_or(0);
    f.set_cursor_position((x.min(area.right().saturating_sub(2)), y.min(area.bottom().saturating_sub(2))));
}

fn status_bar(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    let hash = app.dataset_hash.get(..8).map(|h| format!(" {h}")).unwrap_or_default();
    let jail_style = if app.jail == "strict" { theme.status } else { theme.error };
    let head = format!(" {}{hash} │ ", app.dataset);
    let jail = format!("jail {}", app.jail);
    // After the dataset and the jail (never hidden), the rest in the order
    // shown; what does not fit goes, least needed first.
    let narrow = area.width < WIDE;
    let provider = if narrow { app.provider.split_once(':').map_or(app.provider.as_str(), |(_, m)| m).split(" (").next().unwrap_or("") } else { app.provider.as_str() };
    let tokens = (app.tokens > 0).then(|| format!("{} tok", super::grid::format::format_int(i128::from(app.tokens))));
    let parts: Vec<(u8, String)> = [
        (0, app.approve.then(|| "approve".to_string())),
        (1, Some(provider.to_string())),
        (2, tokens),
        (3, app.last_latency_ms.map(|ms| format!("last {ms:.0} ms"))),
        (4, (app.screen != Screen::Main).then(|| app.screen.title().to_string())),
        (5, Some(if narrow { "F1 help".to_string() } else { "F1 help  F3-F7 views  Esc cancel  ^C quit".to_string() })),
    ]
    .into_iter()
    .filter_map(|(rank, p)| p.map(|p| (rank, p)))
    .collect();
    let width = |ps: &[(u8, String)]| head.chars().count() + jail.chars().count() + ps.iter().map(|(_, p)| p.chars().count() + 3).sum::<usize>();
    let mut kept = parts;
    // Drop the least needed until it fits, keeping approve and the model;
    // a model name still too long is cut.
    while width(&kept) > usize::from(area.width) && kept.iter().any(|(rank, _)| *rank > 1) {
        let drop = kept.iter().enumerate().max_by_key(|(_, (rank, _))| *rank).map_or(0, |(i, _)| i);
        kept.remove(drop);
    }
    let over = width(&kept).saturating_sub(usize::from(area.width));
    if let Some((_, p)) = kept.iter_mut().find(|(rank, _)| *rank == 1).filter(|_| over > 0) {
        let keep = p.chars().count().saturating_sub(over + 1);
        *p = format!("{}…", p.chars().take(keep).collect::<String>());
    }
    let rest: String = kept.iter().map(|(_, p)| format!(" │ {p}")).collect();
    let line = Line::from(vec![Span::styled(head, theme.status), Span::styled(jail, jail_style), Span::styled(rest, theme.status)]);
    f.render_widget(Paragraph::new(line).style(theme.status), area);
}
