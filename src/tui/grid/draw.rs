//! Drawing the grid: a bordered block whose title counts rows and columns,
//! a sticky two-line header (name with sort mark, type), the visible rows
//! only, the first column frozen while the others scroll sideways, and a
//! footer line for notices, the row-cap warning and key hints.

use super::data::{Column, Data};
use super::format::fit;
use super::sort::Direction;
use super::{chart, inspector, Grid, View};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

/// Spaces between scrolled columns.
const GAP: usize = 2;
/// Between the frozen column and the rest: " │ ".
const FROZEN_SEP: usize = 3;

fn count(n: usize) -> String {
    super::format::format_int(n as i128)
}

pub fn render(g: &Grid, f: &mut Frame<'_>, area: Rect, theme: &Theme, focused: bool) {
    let border = if focused { theme.accent } else { theme.border };
    let Some(d) = &g.data else {
        let block = Block::bordered().title(Span::styled(" Results ", theme.title)).border_style(border);
        f.render_widget(Paragraph::new(Span::styled("Results show here.", theme.muted)).block(block), area);
        return;
    };
    let inner_h = area.height.saturating_sub(2) as usize;
    let page = inner_h.saturating_sub(3).max(1);
    g.page.set(page);
    let top = effective_top(g.top, g.cursor, page, d.rows());
    let mut title = vec![Span::styled(" Results ", theme.title)];
    if d.rows() == 0 {
        title.push(Span::styled(format!("· no rows · {} cols ", d.columns.len()), theme.muted));
    } else {
        let last = (top + page).min(d.rows());
        title.push(Span::styled(format!("· rows {}–{} of {} · {} cols ", count(top + 1), count(last), count(d.rows()), d.columns.len()), theme.normal));
    }
    if d.set.truncated {
        title.push(Span::styled("· more exist (row cap) ", theme.warn));
    }
    let tabs = if g.view == View::Table { " [Table] Chart " } else { " Table [Chart] " };
    let block = Block::bordered().title(Line::from(title)).title(Line::styled(tabs, theme.muted).right_aligned()).border_style(border);
    let inner = block.inner(area);
    f.render_widget(block, area);
    if inner.height < 2 || inner.width < 4 {
        return;
    }
    let body = Rect { height: inner.height - 1, ..inner };
    let footer = Rect { y: inner.y + inner.height - 1, height: 1, ..inner };
    match g.view {
        View::Table => table(g, d, f.buffer_mut(), body, top, theme),
        View::Chart => chart::render(f, body, d, theme),
    }
    f.render_widget(Paragraph::new(footer_line(g, d, theme)), footer);
    if let Some(scroll) = g.inspector {
        if d.rows() > 0 {
            // Over the grid and the panels above it, never over the input
            // and status lines below.
            let top = f.area().y;
            let over = Rect { x: f.area().x, y: top, width: f.area().width, height: area.bottom().saturating_sub(top) };
            inspector::render(f, over, d, d.row_at(g.cursor), g.col, scroll, theme);
        }
    }
}

/// The first row on screen: the stored top, moved just enough to show the
/// cursor and to fill the page.
pub(super) fn effective_top(top: usize, cursor: usize, page: usize, rows: usize) -> usize {
    let mut t = top.min(rows.saturating_sub(page));
    if cursor < t {
        t = cursor;
    } else if cursor >= t + page {
        t = cursor + 1 - page;
    }
    t
}

/// Scrolled columns shown from `first` in `room` columns of width.
fn fitting(cols: &[Column], first: usize, room: usize) -> usize {
    let mut used = 0;
    let mut n = 0;
    for c in cols.iter().skip(first) {
        let need = if n == 0 { c.width } else { c.width + GAP };
        if used + need > room {
            break;
        }
        used += need;
        n += 1;
    }
    n
}

/// The first scrolled column to show so that the cursor's column is visible.
fn first_column(cols: &[Column], asked: usize, cursor_col: usize, room: usize) -> usize {
    let mut first = asked.clamp(1, cols.len().saturating_sub(1).max(1));
    if cursor_col >= 1 {
        if cursor_col < first {
            first = cursor_col;
        }
        while first < cursor_col && first + fitting(cols, first, room) <= cursor_col {
            first += 1;
        }
    }
    first
}

fn table(g: &Grid, d: &Data, buf: &mut Buffer, area: Rect, top: usize, theme: &Theme) {
    let cols = &d.columns;
    if cols.is_empty() {
        return;
    }
    let width = area.width as usize;
    // Gutter: selection marks.
    let x0 = area.x + 1;
    // The frozen column takes at most a third of the width (at least 12).
    let w0 = cols[0].width.min((width / 3).max(12)).min(width.saturating_sub(1));
    let room = width.saturating_sub(1 + w0 + FROZEN_SEP);
    let first = first_column(cols, g.first, g.col, room);
    g.first_shown.set(first);
    let shown = if cols.len() > 1 { fitting(cols, first, room) } else { 0 };
    // Where each drawn column goes: (column, x, width).
    let mut layout = vec![(0usize, x0, w0)];
    let mut x = x0 as usize + w0 + FROZEN_SEP;
    for (c, col) in cols.iter().enumerate().skip(first).take(shown) {
        layout.push((c, x as u16, col.width));
        x += col.width + GAP;
    }
    // The next column, when wider than the room left, is cut rather than
    // hidden (it shows in full once scrolled to).
    let end = x0 as usize + w0 + FROZEN_SEP + room;
    let next_x = if shown == 0 { x0 as usize + w0 + FROZEN_SEP } else { x };
    let left = end.saturating_sub(next_x + 1);
    let cut = cols.len() > 1 && first + shown < cols.len() && left >= 6;
    if cut {
        layout.push((first + shown, next_x as u16, left));
    }
    let null_style = theme.muted.add_modifier(Modifier::ITALIC);
    let sep_style = theme.border;
    let sep_x = x0 + w0 as u16 + 1;
    // Header: name (with sort mark) over type.
    for &(c, cx, w) in &layout {
        let col = &cols[c];
        let mark = match d.sort {
            Some((s, Direction::Asc)) if s == c => " ↑",
            Some((s, Direction::Desc)) if s == c => " ↓",
            _ => "",
        };
        let right = col.kind.is_numeric();
        let mut name_style = theme.strong;
        if c == g.col {
            name_style = name_style.add_modifier(Modifier::UNDERLINED);
        }
        buf.set_string(cx, area.y, fit(&format!("{}{mark}", col.name), w, right), name_style);
        buf.set_string(cx, area.y + 1, fit(&col.ty, w, right), theme.muted);
    }
    if cols.len() > 1 {
        let left = if first > 1 { "◀" } else { "│" };
        buf.set_string(sep_x, area.y, left, sep_style);
        for y in area.y + 1..area.y + area.height {
            buf.set_string(sep_x, y, "│", sep_style);
        }
        if first + shown + usize::from(cut) < cols.len() || cut {
            buf.set_string(area.x + area.width - 1, area.y, "▶", sep_style);
        }
    }
    // Rows: only the visible window is formatted.
    let body_top = area.y + 2;
    let page = area.height.saturating_sub(2) as usize;
    g.drawn.set(Some((body_top, body_top + area.height.saturating_sub(2), top)));
    for i in 0..page.min(d.rows().saturating_sub(top)) {
        let pos = top + i;
        let row = d.row_at(pos);
        let y = body_top + i as u16;
        let is_cursor = pos == g.cursor;
        let base = if is_cursor { theme.selected } else { Style::default() };
        if is_cursor {
            buf.set_style(Rect { x: area.x, y, width: area.width, height: 1 }, base);
        }
        if g.selected.contains(&row) {
            buf.set_string(area.x, y, "●", theme.accent.patch(base));
        }
        for &(c, cx, w) in &layout {
            let right = cols[c].kind.is_numeric();
            let (text, style) = match d.text(row, c) {
                Some(t) => (fit(&t, w, right), theme.normal),
                None => (fit("NULL", w, right), null_style),
            };
            let mut style = style.patch(base);
            if is_cursor && c == g.col {
                style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
            }
            buf.set_string(cx, y, text, style);
        }
        if cols.len() > 1 {
            buf.set_string(sep_x, y, "│", sep_style.patch(base));
        }
    }
}

fn footer_line<'a>(g: &'a Grid, d: &Data, theme: &Theme) -> Line<'a> {
    let mut spans = Vec::new();
    if let Some(n) = &g.notice {
        spans.push(Span::styled(n.clone(), theme.accent));
    } else if d.set.truncated {
        spans.push(Span::styled(format!("⚠ row cap reached: {} rows kept · f fetches up to 1,000,000", count(d.rows())), theme.warn));
    } else if g.view == View::Chart {
        let hint = match chart::shape(d) {
            chart::Shape::Bar { .. } => "v table · sorting the table chooses the bars shown",
            _ => "v table",
        };
        spans.push(Span::styled(hint, theme.muted));
    } else {
        spans.push(Span::styled("s sort · Enter inspect · Space select · y copy · v chart · F1 keys", theme.muted));
    }
    if !g.selected.is_empty() {
        spans.push(Span::styled(format!(" · {} selected (Esc clears)", count(g.selected.len())), theme.strong));
    }
    Line::from(spans)
}
