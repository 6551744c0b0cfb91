//! The live area of inline mode, the few lines at the bottom that are
//! redrawn in place: a rule, the input line, the running step with its
//! elapsed time (or a hint when idle), and the status line (dataset,
//! planner, jail mode, last latency).
//!
//! Drawing reads [`App`] and never changes it.

use crate::tui::app::App;
use crate::tui::highlight::highlight_sql;
use crate::tui::theme::Theme;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::time::Duration;

/// Rows the live area takes.
pub const HEIGHT: u16 = 4;

const SPINNER: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

/// The running job as the live area shows it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    /// Since the job started.
    pub elapsed: Duration,
    /// Since its newest step.
    pub in_step: Duration,
}

pub fn draw(f: &mut Frame<'_>, app: &App, clock: Option<Clock>, theme: &Theme) {
    let [rule, input, progress, status] = Layout::vertical([Constraint::Length(1); 4]).areas(f.area());
    f.render_widget(Paragraph::new(Line::styled("─".repeat(usize::from(rule.width)), theme.border)), rule);
    input_line(f, input, app, theme);
    f.render_widget(Paragraph::new(progress_line(app, clock, progress.width, theme)), progress);
    f.render_widget(Paragraph::new(status_line(app, theme)).style(theme.status), status);
}

fn input_line(f: &mut Frame<'_>, area: Rect, app: &App, theme: &Theme) {
    let prompt = "› ";
    let mut spans = vec![Span::styled(prompt, theme.accent)];
    // Several lines of input show on one, joined by a return sign; in
    // approval mode the SQL that waits shows there, on one line.
    let proposed = app.waiting.as_ref().is_some_and(|w| !w.editing);
    let text = match &app.waiting {
        Some(w) if !w.editing => format!("/sql {}", w.sql.split_whitespace().collect::<Vec<_>>().join(" ")),
        _ => app.input.text().replace('\n', " ⏎ "),
    };
    match text.strip_prefix("/sql ") {
        Some(sql) => {
            spans.push(Span::styled("/sql ", theme.accent));
            spans.extend(highlight_sql(sql, &app.names, theme).into_iter().flat_map(|l| l.spans));
        }
        None => spans.push(Span::styled(text.as_str(), theme.normal)),
    }
    let line = Line::from(spans);
    if proposed {
        // Not being typed: its start matters, and there is no cursor.
        f.render_widget(Paragraph::new(line), area);
        return;
    }
    // A long input scrolls so its end (where the cursor is) stays in view.
    let end = u16::try_from(line.width()).unwrap_or(u16::MAX);
    let skip = end.saturating_sub(area.width.saturating_sub(1));
    f.render_widget(Paragraph::new(line).scroll((0, skip)), area);
    f.set_cursor_position((area.x + end - skip, area.y));
}

fn progress_line<'a>(app: &'a App, clock: Option<Clock>, width: u16, theme: &Theme) -> Line<'a> {
    let running = app.running.and_then(|id| app.turns.iter().rev().find(|t| t.job == Some(id)));
    if let Some(w) = &app.waiting {
        return Line::styled(format!("  {}", w.prompt()), theme.warn);
    }
    match (running, clock) {
        (Some(turn), Some(c)) => {
            let frame = SPINNER[(c.elapsed.as_millis() / 100) as usize % SPINNER.len()];
            let step = turn.steps.last().map_or("starting", String::as_str);
            Line::from(vec![
                Span::styled(format!("  {frame} "), theme.accent),
                Span::styled(step, theme.normal),
                Span::styled(format!(" · {}{:.1} s · Esc cancels", step_time(c), c.elapsed.as_secs_f64()), theme.muted),
            ])
        }
        _ if app.running.is_some() => Line::styled("  working… · Esc cancels", theme.muted),
        _ => Line::styled(hint(width), theme.muted),
    }
}

/// What can be typed, as much as fits.
fn hint(width: u16) -> &'static str {
    const HINTS: [&str; 3] = [
        "  Enter asks · /sql SELECT … · /dataset NAME · /runs · /export csv FILE · /help · ^C quits",
        "  Enter asks · /sql … · /dataset · /runs · /export · /help · ^C quits",
        "  /help · ^C quits",
    ];
    HINTS.into_iter().find(|h| h.chars().count() <= usize::from(width)).unwrap_or(HINTS[2])
}

/// The time in the newest step, when earlier steps took time too.
fn step_time(c: Clock) -> String {
    if c.elapsed.saturating_sub(c.in_step) < Duration::from_millis(100) {
        return String::new();
    }
    format!("this step {:.1} s of ", c.in_step.as_secs_f64())
}

fn status_line<'a>(app: &'a App, theme: &Theme) -> Line<'a> {
    let hash = app.dataset_hash.get(..8).map(|h| format!(" {h}")).unwrap_or_default();
    let latency = app.last_latency_ms.map(|ms| format!(" │ last {ms:.0} ms")).unwrap_or_default();
    let jail_style = if app.jail == "strict" { theme.status } else { theme.error };
    Line::from(vec![
        Span::styled(format!(" {}{hash} │ planner {} │ ", app.dataset, app.provider), theme.status),
        Span::styled(format!("jail {}", app.jail), jail_style),
        Span::styled(format!("{latency} │ inline "), theme.status),
    ])
}
