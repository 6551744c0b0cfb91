//! A finished turn as the lines inline mode writes into the terminal's
//! scrollback: the question, what was understood, the SQL, the attempts
//! with their diffs when there was a repair, and the answer (the first rows
//! of the result at the terminal's width, the row count, the columns left
//! out), or the explanation and suggestions of a question not understood.
//!
//! Invariants: no line is wider than the width asked for (long lines are
//! wrapped, table lines cut), so the number of lines is the height they
//! take on screen; the lines own their text (they outlive the turn).

use super::table;
use crate::report::{Attempt, RunReport, Status, Understood};
use crate::tui::app::{status_word, Turn};
use crate::tui::highlight::{highlight_sql, Names};
use crate::tui::theme::Theme;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Rows of a result written into the scrollback; the others are counted.
pub const SHOWN_ROWS: usize = 15;

/// Suggested questions listed for a question not understood.
const SUGGESTIONS: usize = 5;

/// Indent of everything under the question.
const IN: &str = "  ";

/// `turn` as lines at most `width` columns wide, ending in a blank line.
pub fn lines(turn: &Turn, names: &Names, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let width = usize::from(width.max(20));
    let mut out = vec![Line::from(vec![Span::styled("› ", theme.accent), Span::styled(turn.input.clone(), theme.strong)])];
    if let Some(note) = &turn.note {
        out.extend(note.lines().map(|l| Line::styled(format!("{IN}{l}"), theme.normal)));
    }
    match &turn.report {
        Some(r) => report_lines(&turn.input, r, names, width, theme, &mut out),
        None if !turn.done => {
            out.extend(turn.steps.iter().map(|s| Line::styled(format!("{IN}{s}"), theme.muted)));
            out.push(Line::styled(format!("{IN}✗ stopped: sandpiper quit while this ran"), theme.warn));
        }
        None => {}
    }
    out.push(Line::raw(""));
    out.into_iter().flat_map(|l| wrap(l, width)).collect()
}

fn report_lines(input: &str, r: &RunReport, names: &Names, width: usize, theme: &Theme, out: &mut Vec<Line<'static>>) {
    match &r.understanding {
        Some(Understood::Planned(u)) => {
            out.push(Line::styled(format!("{IN}understood: {} (confidence {:.2})", u.summary.join("; "), u.confidence), theme.muted));
            for a in &u.ambiguities {
                out.push(Line::styled(format!("{IN}\"{}\" could also be {}: chose {}", a.words, a.alternatives.join(", "), a.chosen), theme.warn));
            }
            if u.uncertain {
                out.push(Line::styled(format!("{IN}an uncertain reading: check it before trusting the answer"), theme.warn));
            }
        }
        Some(Understood::NotUnderstood(_)) | None => {}
    }
    out.extend(r.notices.iter().map(|n| Line::styled(format!("{IN}notice: {n}"), theme.warn)));
    // The SQL, unless it is what was typed (`/sql ...`, not repaired).
    let typed = r.attempts.len() <= 1 && r.sql.as_deref().is_some_and(|sql| input.strip_prefix("/sql ").is_some_and(|t| t.trim() == sql.trim()));
    if let Some(sql) = r.sql.as_ref().filter(|_| !typed) {
        for l in highlight_sql(sql, names, theme) {
            let mut spans = vec![Span::raw(format!("{IN}{IN}"))];
            spans.extend(l.spans);
            out.push(Line::from(spans));
        }
    }
    if r.attempts.len() > 1 {
        for a in &r.attempts {
            attempt_lines(a, theme, out);
        }
    }
    let time = format!("{:.0} ms", r.timings_ms.total);
    let run = r.run_id.get(..8).map(|id| format!(" · run {id}")).unwrap_or_default();
    match r.status {
        Status::Ok => {
            answer_lines(r, width, theme, out);
            let rows = plural(r.row_count, "row");
            let capped = if r.truncated { " (more rows exist: stopped at the row cap)" } else { "" };
            out.push(Line::styled(format!("{IN}✓ {rows}{capped} in {time}{run}"), theme.ok));
        }
        Status::NotUnderstood => not_understood_lines(r, theme, out),
        Status::Cancelled => out.push(Line::styled(format!("{IN}✗ cancelled: {}{run}", crate::tui::view::cancel_reason(r)), theme.warn)),
        other => {
            let (cat, msg) = r.error.as_ref().map_or(("", ""), |e| (e.category.word(), e.message.as_str()));
            out.push(Line::styled(format!("{IN}✗ {} ({cat}) in {time}{run}", status_word(other)), theme.error));
            out.extend(msg.lines().filter(|l| !l.trim().is_empty()).map(|l| Line::styled(format!("{IN}{IN}{l}"), theme.error)));
        }
    }
}

/// One attempt of a repaired run: what it was, and its diff.
fn attempt_lines(a: &Attempt, theme: &Theme, out: &mut Vec<Line<'static>>) {
    let by = a.repairer.as_deref().map(|r| format!(" by {r}")).unwrap_or_default();
    let what = match &a.error {
        Some(e) => format!("{}: {}", e.category.word(), e.message.lines().next().unwrap_or("")),
        None => a.status.word().to_string(),
    };
    let style = if a.error.is_some() { theme.warn } else { theme.ok };
    out.push(Line::styled(format!("{IN}attempt {}{by}: {what}", a.n), style));
    if let Some(why) = a.rationale.as_ref().or(a.repair.as_ref()) {
        out.push(Line::styled(format!("{IN}{IN}{why}"), theme.normal));
    }
    for l in a.diff.iter().flat_map(|d| d.lines()) {
        out.push(Line::styled(format!("{IN}{IN}{l}"), diff_style(l, theme)));
    }
}

fn diff_style(l: &str, theme: &Theme) -> Style {
    match l.as_bytes() {
        [b'+', b'+', b'+', ..] | [b'-', b'-', b'-', ..] => theme.muted,
        [b'+', ..] => theme.ok,
        [b'-', ..] => theme.error,
        [b'@', b'@', ..] => theme.accent,
        _ => theme.normal,
    }
}

/// The first rows at the width, the rows and columns not shown.
fn answer_lines(r: &RunReport, width: usize, theme: &Theme, out: &mut Vec<Line<'static>>) {
    if r.columns.is_empty() {
        return;
    }
    let shown = &r.rows[..r.rows.len().min(SHOWN_ROWS)];
    let t = table::fit(&r.columns, shown, width.saturating_sub(IN.len()));
    for (i, l) in t.lines.into_iter().enumerate() {
        out.push(Line::styled(format!("{IN}{l}"), if i < 2 { theme.strong } else { theme.normal }));
    }
    if r.row_count > shown.len() {
        let more = r.row_count - shown.len();
        let all = crate::tui::grid::format::format_int(r.row_count as i128);
        out.push(Line::styled(format!("{IN}… {} more (of {all} rows; /export csv FILE writes them all)", crate::tui::grid::format::format_int(more as i128)), theme.muted));
    }
    if !t.hidden.is_empty() {
        let n = plural(t.hidden.len(), "column");
        out.push(Line::styled(format!("{IN}{n} not shown (window too narrow): {}", t.hidden.join(", ")), theme.warn));
    }
}

fn not_understood_lines(r: &RunReport, theme: &Theme, out: &mut Vec<Line<'static>>) {
    let why = r.error.as_ref().map_or("not understood", |e| e.message.as_str());
    out.push(Line::styled(format!("{IN}? {why}"), theme.warn));
    let Some(Understood::NotUnderstood(nu)) = &r.understanding else { return };
    if !nu.recognised.is_empty() {
        let words: Vec<String> = nu.recognised.iter().map(|m| format!("\"{}\" -> {}", m.words, m.target)).collect();
        out.push(Line::styled(format!("{IN}recognised: {}", words.join(", ")), theme.muted));
    }
    if !nu.suggestions.is_empty() {
        out.push(Line::styled(format!("{IN}try one of:"), theme.muted));
    }
    out.extend(nu.suggestions.iter().take(SUGGESTIONS).map(|s| Line::styled(format!("{IN}{IN}{s}"), theme.normal)));
}

fn plural(n: usize, word: &str) -> String {
    format!("{} {word}{}", crate::tui::grid::format::format_int(n as i128), if n == 1 { "" } else { "s" })
}

/// `line` broken into lines at most `width` columns wide, between words
/// where it can (a word longer than a line is broken where it must),
/// continuation lines indented as the line is; every piece keeps its style.
pub fn wrap(line: Line<'static>, width: usize) -> Vec<Line<'static>> {
    if line.width() <= width {
        return vec![line];
    }
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let indent = text.len() - text.trim_start_matches(' ').len();
    let indent = if indent * 2 < width { indent } else { 0 };
    let mut lines: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for span in &line.spans {
        for word in span.content.split_inclusive(' ') {
            let w = Span::raw(word.trim_end()).width();
            if used + w > width && used > indent {
                lines.push(vec![Span::raw(" ".repeat(indent))]);
                used = indent;
                if word.trim().is_empty() {
                    continue;
                }
            }
            // Wider than a whole line: by character.
            for c in word.chars() {
                let cw = Span::raw(c.to_string()).width();
                if used + cw > width {
                    if c == ' ' {
                        continue;
                    }
                    lines.push(vec![Span::raw(" ".repeat(indent))]);
                    used = indent;
                }
                if let Some(current) = lines.last_mut() {
                    match current.last_mut() {
                        Some(last) if last.style == span.style => last.content.to_mut().push(c),
                        _ => current.push(Span::styled(c.to_string(), span.style)),
                    }
                }
                used += cw;
            }
        }
    }
    lines.into_iter().map(|spans| Line::from(spans).style(line.style)).collect()
}
