//! The chart tab: a horizontal bar chart for one category and one measure,
//! a line chart for a date or timestamp and one measure, chosen from the
//! result's column types; otherwise a message saying what shape a chart
//! needs.
//!
//! Invariants: a chart reads at most `MAX_POINTS` rows, whatever the size
//! of the result (evenly spread over it); bars follow the grid's order, so
//! sorting the grid chooses which categories are shown.

use super::data::Data;
use super::format::{self, Kind};
use crate::tui::theme::Theme;
use arrow::array::{Array, AsArray};
use arrow::datatypes::*;
use ratatui::layout::{Direction as Dir, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Bar, BarChart, Chart, Dataset, GraphType, Paragraph, Wrap};
use ratatui::Frame;

/// Points a line chart reads at most.
const MAX_POINTS: usize = 2000;

/// What can be drawn from a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    Bar { category: usize, measure: usize },
    Line { time: usize, measure: usize },
    Nothing(String),
}

/// The chart a result's column types allow: a time column and a measure
/// make a line, a text column and a measure make bars.
pub fn shape(data: &Data) -> Shape {
    let cols = &data.columns;
    let first = |f: &dyn Fn(Kind) -> bool, not: Option<usize>| cols.iter().enumerate().position(|(i, c)| Some(i) != not && f(c.kind));
    let time = first(&|k: Kind| k.is_temporal(), None);
    let text = first(&|k: Kind| matches!(k, Kind::Text | Kind::Bool), None);
    let measure = first(&|k: Kind| k.is_numeric() && k != Kind::Code, None);
    // An integer first column (an id, a year) labels bars when a measure follows it.
    let int_label = matches!(cols.first().map(|c| c.kind), Some(Kind::Int | Kind::Code)).then_some(0);
    let measure_after_label = first(&|k: Kind| k.is_numeric() && k != Kind::Code, Some(0));
    match (time, text, measure) {
        _ if data.rows() == 0 => Shape::Nothing("Nothing to chart: the result has no rows.".into()),
        (Some(t), _, Some(m)) => Shape::Line { time: t, measure: m },
        (None, Some(c), Some(m)) => Shape::Bar { category: c, measure: m },
        (None, None, _) => match (int_label, measure_after_label) {
            (Some(c), Some(m)) => Shape::Bar { category: c, measure: m },
            _ => nothing(data),
        },
        _ => nothing(data),
    }
}

fn nothing(data: &Data) -> Shape {
    let kinds: Vec<String> = data.columns.iter().map(|c| format!("{} {}", c.name, c.ty)).collect();
    Shape::Nothing(format!(
        "No chartable shape: a chart needs a number column and a text or date column (bars for a category, a line over time). This result has: {}.",
        kinds.join(", ")
    ))
}

/// A numeric cell as f64 (None for NULL and non-numbers).
pub fn number(a: &dyn Array, i: usize) -> Option<f64> {
    if a.is_null(i) {
        return None;
    }
    Some(match a.data_type() {
        DataType::Int8 => f64::from(a.as_primitive::<Int8Type>().value(i)),
        DataType::Int16 => f64::from(a.as_primitive::<Int16Type>().value(i)),
        DataType::Int32 => f64::from(a.as_primitive::<Int32Type>().value(i)),
        DataType::Int64 => a.as_primitive::<Int64Type>().value(i) as f64,
        DataType::UInt8 => f64::from(a.as_primitive::<UInt8Type>().value(i)),
        DataType::UInt16 => f64::from(a.as_primitive::<UInt16Type>().value(i)),
        DataType::UInt32 => f64::from(a.as_primitive::<UInt32Type>().value(i)),
        DataType::UInt64 => a.as_primitive::<UInt64Type>().value(i) as f64,
        DataType::Float32 => f64::from(a.as_primitive::<Float32Type>().value(i)),
        DataType::Float64 => a.as_primitive::<Float64Type>().value(i),
        DataType::Decimal128(_, s) => a.as_primitive::<Decimal128Type>().value(i) as f64 / 10f64.powi(i32::from(*s)),
        _ => return None,
    })
}

/// A date or timestamp cell as days since 1970-01-01.
fn days(a: &dyn Array, i: usize) -> Option<f64> {
    if a.is_null(i) {
        return None;
    }
    Some(match a.data_type() {
        DataType::Date32 => f64::from(a.as_primitive::<Date32Type>().value(i)),
        DataType::Date64 => a.as_primitive::<Date64Type>().value(i) as f64 / 86_400_000.0,
        DataType::Timestamp(unit, _) => {
            let per_day = match unit {
                TimeUnit::Second => 86_400.0,
                TimeUnit::Millisecond => 86_400e3,
                TimeUnit::Microsecond => 86_400e6,
                TimeUnit::Nanosecond => 86_400e9,
            };
            let v = match unit {
                TimeUnit::Second => a.as_primitive::<TimestampSecondType>().value(i),
                TimeUnit::Millisecond => a.as_primitive::<TimestampMillisecondType>().value(i),
                TimeUnit::Microsecond => a.as_primitive::<TimestampMicrosecondType>().value(i),
                TimeUnit::Nanosecond => a.as_primitive::<TimestampNanosecondType>().value(i),
            };
            v as f64 / per_day
        }
        _ => return None,
    })
}

/// Draw the chart for `data` into `area` (inside the grid's block).
pub fn render(f: &mut Frame<'_>, area: Rect, data: &Data, theme: &Theme) {
    match shape(data) {
        Shape::Nothing(why) => f.render_widget(Paragraph::new(Span::styled(why, theme.warn)).wrap(Wrap { trim: true }), area),
        Shape::Bar { category, measure } => bars(f, area, data, category, measure, theme),
        Shape::Line { time, measure } => line(f, area, data, time, measure, theme),
    }
}

fn bars(f: &mut Frame<'_>, area: Rect, data: &Data, cat: usize, measure: usize, theme: &Theme) {
    let [head, body] = ratatui::layout::Layout::vertical([ratatui::layout::Constraint::Length(1), ratatui::layout::Constraint::Min(1)]).areas(area);
    let fit = (body.height as usize).min(data.rows());
    let m = &data.columns[measure];
    let mut values = Vec::with_capacity(fit);
    for pos in 0..fit {
        let row = data.row_at(pos);
        let label = data.text(row, cat).unwrap_or_else(|| "NULL".into());
        let v = data.cell(row, measure).and_then(|(a, i)| number(a, i));
        values.push((label, v));
    }
    let max = values.iter().filter_map(|(_, v)| *v).fold(0.0f64, f64::max);
    // Bars are whole numbers: scale so the longest is 10,000 steps.
    let scale = if max > 0.0 { 10_000.0 / max } else { 1.0 };
    let negatives = values.iter().any(|(_, v)| v.is_some_and(|v| v < 0.0));
    let bars: Vec<Bar<'_>> = values
        .iter()
        .map(|(label, v)| {
            let text = v.map_or_else(|| "NULL".into(), |v| format::format_float(v, m.decimals));
            let n = v.map_or(0, |v| (v.max(0.0) * scale).round() as u64);
            Bar::default().value(n).label(Line::from(format::fit(label, 18.min(format::width(label)), false))).text_value(text)
        })
        .collect();
    let shown = if fit < data.rows() { format!("first {fit} of {} rows in grid order (sort the grid to choose)", data.rows()) } else { format!("{fit} rows") };
    let warn = if negatives { " · negative values drawn as 0" } else { "" };
    let title = format!("{} by {} · {shown}{warn}", m.name, data.columns[cat].name);
    f.render_widget(Paragraph::new(Span::styled(title, theme.muted)), head);
    let chart = BarChart::horizontal(bars).bar_width(1).bar_gap(0).bar_style(theme.accent).value_style(theme.strong).label_style(theme.normal).direction(Dir::Horizontal);
    f.render_widget(chart, body);
}

fn line(f: &mut Frame<'_>, area: Rect, data: &Data, time: usize, measure: usize, theme: &Theme) {
    let n = data.rows();
    let step = n.div_ceil(MAX_POINTS).max(1);
    let mut points: Vec<(f64, f64, usize)> = (0..n)
        .step_by(step)
        .filter_map(|row| {
            let x = data.cell(row, time).and_then(|(a, i)| days(a, i))?;
            let y = data.cell(row, measure).and_then(|(a, i)| number(a, i))?;
            Some((x, y, row))
        })
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (t, m) = (&data.columns[time], &data.columns[measure]);
    if points.is_empty() {
        let msg = format!("Nothing to chart: every row has a NULL {} or {}.", t.name, m.name);
        f.render_widget(Paragraph::new(Span::styled(msg, theme.warn)), area);
        return;
    }
    let xy: Vec<(f64, f64)> = points.iter().map(|&(x, y, _)| (x, y)).collect();
    let (x0, x1) = (xy[0].0, xy[xy.len() - 1].0);
    let (y0, y1) = xy.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &(_, y)| (lo.min(y), hi.max(y)));
    let label_of = |row: usize| data.text(row, time).unwrap_or_default();
    let (first, last) = (label_of(points[0].2), label_of(points[points.len() - 1].2));
    let sampled = if step > 1 { format!(" · every {step}th of {} rows", n) } else { String::new() };
    let name = format!("{} over {}{sampled}", m.name, t.name);
    let [head, area] = ratatui::layout::Layout::vertical([ratatui::layout::Constraint::Length(1), ratatui::layout::Constraint::Min(1)]).areas(area);
    f.render_widget(Paragraph::new(Span::styled(name, theme.muted)), head);
    let datasets = vec![Dataset::default().marker(Marker::Braille).graph_type(GraphType::Line).style(theme.accent).data(&xy)];
    let pad = |lo: f64, hi: f64| if hi > lo { (lo, hi) } else { (lo - 1.0, hi + 1.0) };
    let ((x0, x1), (y0, y1)) = (pad(x0, x1), pad(y0, y1));
    let chart = Chart::new(datasets)
        .x_axis(Axis::default().bounds([x0, x1]).labels([Span::styled(first, theme.muted), Span::styled(last, theme.muted)]).style(theme.border))
        .y_axis(
            Axis::default()
                .bounds([y0, y1])
                .labels([Span::styled(format::format_float(y0, m.decimals), theme.muted), Span::styled(format::format_float(y1, m.decimals), theme.muted)])
                .style(theme.border),
        );
    f.render_widget(chart, area);
}
