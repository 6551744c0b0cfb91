//! The cell inspector: one value in full, over the grid, wrapped and
//! scrollable. JSON text is pretty-printed; lists, structs and maps are
//! shown as DuckDB writes them, one element a line when long.

use super::data::Data;
use super::format;
use crate::tui::theme::Theme;
use arrow::datatypes::DataType;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The full text of row `row`, column `col`: None for NULL.
pub fn content(data: &Data, row: usize, col: usize) -> Option<String> {
    let (a, i) = data.cell(row, col)?;
    if arrow::array::Array::is_null(a, i) {
        return None;
    }
    let raw = format::raw_text(a, i);
    let trimmed = raw.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&raw) {
            if let Ok(pretty) = serde_json::to_string_pretty(&v) {
                return Some(pretty);
            }
        }
    }
    let nested = matches!(a.data_type(), DataType::List(_) | DataType::LargeList(_) | DataType::FixedSizeList(..) | DataType::Struct(_) | DataType::Map(..));
    if nested && raw.len() > 60 {
        return Some(split_top_level(&raw));
    }
    Some(raw)
}

/// `[a, b, {c: d}]` as one top-level element a line.
fn split_top_level(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    let mut depth = 0i32;
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '\'' | '"' => quoted = !quoted,
            '[' | '{' if !quoted => depth += 1,
            ']' | '}' if !quoted => depth -= 1,
            _ => {}
        }
        out.push(c);
        if c == ',' && depth == 1 && !quoted {
            out.push_str("\n ");
        }
    }
    out
}

/// Draw the inspector for the cell at (`row`, `col`), scrolled by `scroll` lines.
pub fn render(f: &mut Frame<'_>, area: Rect, data: &Data, row: usize, col: usize, scroll: u16, theme: &Theme) {
    let w = area.width.saturating_sub(4).max(20).min(area.width);
    let h = area.height.saturating_sub(2).max(5).min(area.height);
    let r = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
    let c = &data.columns[col];
    let title = format!(" {} ({}) · row {} · ↑↓ scroll · y copies · Esc closes ", c.name, c.ty, row + 1);
    let text = match content(data, row, col) {
        Some(s) => Text::from(s.lines().map(|l| Line::styled(l.to_string(), theme.normal)).collect::<Vec<_>>()),
        None => Text::from(Line::styled("NULL", theme.muted)),
    };
    let block = Block::bordered().title(Span::styled(title, theme.title)).border_style(theme.accent);
    f.render_widget(Clear, r);
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }).scroll((scroll, 0)).block(block), r);
}
