//! The schema browser: the active dataset's tables (row counts, keys,
//! joins), each table's columns and types, the semantic layer (metrics,
//! dimensions, segments), and a column profile on demand (rows, nulls,
//! distinct, min, max, top values). Row counts and profiles are SQL run
//! through the session engine like any query, so they run in the jail.
//!
//! Keys: Up/Down (j/k) move; Tab or Left/Right switch between the table
//! list and the columns; p (or Enter on a column) profiles the column;
//! Esc or q closes.

use super::app::JobKind;
use super::keymap::{Act, Keymap};
use super::screen::Outcome;
use super::theme::Theme;
use crate::report::{RunReport, Status};
use crate::semantic::Manifest;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;
use std::collections::BTreeMap;

/// A column's profile, as computed in the jail.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub rows: String,
    pub nulls: String,
    pub distinct: String,
    pub min: String,
    pub max: String,
    /// Most frequent values with their counts.
    pub top: Vec<(String, String)>,
}

/// What the view's own query is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    RowCounts,
    Profile { table: String, column: String },
}

/// The browser's state.
#[derive(Debug, Clone, Default)]
pub struct SchemaView {
    pub manifest: Option<Box<Manifest>>,
    /// Index into the tables, then one more: the semantic layer.
    pub table: usize,
    pub column: usize,
    /// Focus on the columns (else on the table list).
    pub in_columns: bool,
    pub row_counts: BTreeMap<String, u64>,
    /// The query this view is waiting for.
    pub asked: Option<Asked>,
    /// Profiles by `table.column`, or why one failed.
    pub profiles: BTreeMap<String, Result<Profile, String>>,
}

/// A name as a DuckDB identifier.
fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The profile query of one column.
pub fn profile_sql(table: &str, column: &str) -> String {
    let (t, c) = (ident(table), ident(column));
    format!(
        "WITH s AS (SELECT count(*) AS row_count, count(*) - count({c}) AS nulls, count(DISTINCT {c}) AS distinct_values, \
         min({c})::VARCHAR AS min_value, max({c})::VARCHAR AS max_value FROM {t}),\n\
         top_values AS (SELECT {c}::VARCHAR AS value, count(*) AS n FROM {t} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5)\n\
         SELECT s.*, top_values.value AS top_value, top_values.n AS top_count FROM s LEFT JOIN top_values ON true ORDER BY top_count DESC"
    )
}

/// One query for every table's row count.
pub fn row_count_sql(m: &Manifest) -> Option<String> {
    let parts: Vec<String> = m
        .tables
        .iter()
        .map(|t| format!("SELECT '{}' AS table_name, count(*) AS row_count FROM {}", t.name.replace('\'', "''"), ident(&t.name)))
        .collect();
    (!parts.is_empty()).then(|| parts.join("\nUNION ALL\n"))
}

fn text_of(v: Option<&serde_json::Value>) -> String {
    match v {
        None | Some(serde_json::Value::Null) => "NULL".into(),
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// A profile from the profile query's result.
pub fn profile_of(r: &RunReport) -> Result<Profile, String> {
    if r.status != Status::Ok {
        return Err(r.error.as_ref().map_or_else(|| r.status.word().to_string(), |e| format!("{}: {}", e.category, e.message)));
    }
    let first = r.rows.first().ok_or("the profile query returned no row")?;
    let top = r
        .rows
        .iter()
        .filter(|row| row.get(6).is_some_and(|n| !n.is_null()))
        .map(|row| (text_of(row.get(5)), text_of(row.get(6))))
        .collect();
    Ok(Profile {
        rows: text_of(first.first()),
        nulls: text_of(first.get(1)),
        distinct: text_of(first.get(2)),
        min: text_of(first.get(3)),
        max: text_of(first.get(4)),
        top,
    })
}

impl SchemaView {
    pub fn set_manifest(&mut self, m: Manifest) {
        self.manifest = Some(Box::new(m));
        self.table = 0;
        self.column = 0;
        self.in_columns = false;
        self.row_counts.clear();
        self.profiles.clear();
    }

    /// Opening asks for row counts once per dataset.
    pub fn open(&mut self) -> Outcome {
        match &self.manifest {
            Some(m) if self.row_counts.is_empty() && self.asked.is_none() => match row_count_sql(m) {
                Some(sql) => {
                    self.asked = Some(Asked::RowCounts);
                    Outcome::Query(JobKind::Sql(sql))
                }
                None => Outcome::Stay,
            },
            _ => Outcome::Stay,
        }
    }

    /// The view's query finished (or could not run: `report` is None and
    /// `error` says why).
    pub fn answered(&mut self, report: Option<&RunReport>, error: Option<String>) {
        let Some(asked) = self.asked.take() else { return };
        match asked {
            Asked::RowCounts => {
                for row in report.filter(|r| r.status == Status::Ok).map_or(&[][..], |r| &r.rows[..]) {
                    if let (Some(serde_json::Value::String(t)), Some(n)) = (row.first(), row.get(1).and_then(serde_json::Value::as_u64)) {
                        self.row_counts.insert(t.clone(), n);
                    }
                }
            }
            Asked::Profile { table, column } => {
                let p = match report {
                    Some(r) => profile_of(r),
                    None => Err(error.unwrap_or_else(|| "the profile did not run".into())),
                };
                self.profiles.insert(format!("{table}.{column}"), p);
            }
        }
    }

    fn tables_len(&self) -> usize {
        self.manifest.as_ref().map_or(0, |m| m.tables.len())
    }

    fn columns_len(&self) -> usize {
        self.manifest.as_ref().and_then(|m| m.tables.get(self.table)).map_or(0, |t| t.columns.len())
    }

    pub fn handle_key(&mut self, k: KeyEvent, km: &Keymap) -> Outcome {
        const ACTS: &[Act] = &[Act::Close, Act::SwitchPane, Act::Left, Act::Right, Act::Up, Act::Down, Act::Profile, Act::Select];
        match km.action(&k, ACTS) {
            Some(Act::Close) => return Outcome::Close,
            Some(Act::SwitchPane | Act::Left | Act::Right) => {
                self.in_columns = !self.in_columns && self.columns_len() > 0;
            }
            Some(Act::Up) => {
                if self.in_columns {
                    self.column = self.column.saturating_sub(1);
                } else {
                    self.table = self.table.saturating_sub(1);
                    self.column = 0;
                }
            }
            Some(Act::Down) => {
                if self.in_columns {
                    self.column = (self.column + 1).min(self.columns_len().saturating_sub(1));
                } else {
                    // One past the tables: the semantic layer.
                    self.table = (self.table + 1).min(self.tables_len());
                    self.column = 0;
                }
            }
            Some(Act::Profile) => return self.profile(),
            Some(Act::Select) if self.in_columns => return self.profile(),
            Some(Act::Select) => self.in_columns = self.columns_len() > 0,
            _ => {}
        }
        Outcome::Stay
    }

    fn profile(&mut self) -> Outcome {
        if self.asked.is_some() {
            return Outcome::Stay;
        }
        let Some(t) = self.manifest.as_ref().and_then(|m| m.tables.get(self.table)) else { return Outcome::Stay };
        let Some(c) = t.columns.get(self.column) else { return Outcome::Stay };
        let sql = profile_sql(&t.name, &c.name);
        self.asked = Some(Asked::Profile { table: t.name.clone(), column: c.name.clone() });
        Outcome::Query(JobKind::Sql(sql))
    }

    pub fn render(&self, f: &mut Frame<'_>, area: Rect, theme: &Theme) {
        let Some(m) = &self.manifest else {
            f.render_widget(Paragraph::new(Span::styled("loading the dataset's manifest…", theme.muted)).block(block("Schema", theme)), area);
            return;
        };
        let wide = area.width >= 120;
        let (list_area, right) = if wide {
            let [a, b] = Layout::horizontal([Constraint::Length(42), Constraint::Min(20)]).areas(area);
            (a, b)
        } else {
            let rows = u16::try_from(m.tables.len() + 3).unwrap_or(u16::MAX).min(area.height / 3).max(3);
            let [a, b] = Layout::vertical([Constraint::Length(rows), Constraint::Min(3)]).areas(area);
            (a, b)
        };
        let mut items: Vec<ListItem<'_>> = m
            .tables
            .iter()
            .map(|t| {
                let n = self.row_counts.get(&t.name).map_or_else(|| "…".to_string(), |n| group_thousands(*n));
                ListItem::new(Line::from(vec![Span::styled(format!("{:<20}", t.name), theme.normal), Span::styled(format!("{n:>11} rows"), theme.muted)]))
            })
            .collect();
        items.push(ListItem::new(Line::styled("semantic layer", theme.accent)));
        let mut state = ListState::default().with_selected(Some(self.table));
        let focus = if self.in_columns { theme.muted } else { theme.selected };
        let title = format!("{} tables (Tab: columns)", m.name);
        f.render_stateful_widget(List::new(items).highlight_style(focus).highlight_symbol("▶ ").block(block(&title, theme)), list_area, &mut state);

        match m.tables.get(self.table) {
            Some(t) => self.render_table(f, right, m, t, theme),
            None => {
                let p = Paragraph::new(semantic_text(m, theme)).wrap(Wrap { trim: false }).block(block("Semantic layer", theme));
                f.render_widget(p, right);
            }
        }
    }

    fn render_table(&self, f: &mut Frame<'_>, area: Rect, m: &Manifest, t: &crate::semantic::Table, theme: &Theme) {
        let [cols_area, prof_area] = Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(area);
        let pk = t.primary_key.as_deref();
        let joins: Vec<&crate::semantic::Join> =
            m.joins.iter().filter(|j| j.from.split('.').next() == Some(&t.name) || j.to.split('.').next() == Some(&t.name)).collect();
        let items: Vec<ListItem<'_>> = t
            .columns
            .iter()
            .map(|c| {
                let mut key = String::new();
                if pk == Some(c.name.as_str()) {
                    key.push_str("PK ");
                }
                let me = format!("{}.{}", t.name, c.name);
                if let Some(j) = joins.iter().find(|j| j.from == me) {
                    key.push_str(&format!("→ {}", j.to));
                }
                if let Some(j) = joins.iter().find(|j| j.to == me) {
                    key.push_str(&format!("← {}", j.from));
                }
                let null = if c.nullable { "" } else { " not null" };
                ListItem::new(Line::from(vec![
                    Span::styled(format!("{:<22}", c.name), theme.normal),
                    Span::styled(format!("{:<12}", c.ty.to_lowercase()), theme.accent),
                    Span::styled(format!("{key}{null}  "), theme.warn),
                    Span::styled(c.description.clone(), theme.muted),
                ]))
            })
            .collect();
        let mut state = ListState::default().with_selected(self.in_columns.then_some(self.column));
        let title = format!("{}: {} columns{} (p: profile)", t.name, t.columns.len(), if t.description.is_empty() { String::new() } else { format!(" — {}", t.description) });
        f.render_stateful_widget(List::new(items).highlight_style(theme.selected).highlight_symbol("▶ ").block(block(&title, theme)), cols_area, &mut state);

        let col = t.columns.get(self.column);
        let key = col.map(|c| format!("{}.{}", t.name, c.name)).unwrap_or_default();
        let waiting = matches!(&self.asked, Some(Asked::Profile { table, column }) if col.is_some_and(|c| &c.name == column) && table == &t.name);
        let text = if waiting {
            Text::styled("profiling in the jail…", theme.accent)
        } else {
            match self.profiles.get(&key) {
                None => Text::styled(
                    if self.in_columns { "p profiles this column (min, max, nulls, distinct, top values) in the jail." } else { "Tab to the columns, then p to profile one." },
                    theme.muted,
                ),
                Some(Err(e)) => Text::styled(format!("profile failed: {e}"), theme.error),
                Some(Ok(p)) => profile_text(p, theme),
            }
        };
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }).block(block(&format!("Profile {key}"), theme)), prof_area);
    }
}

fn profile_text<'a>(p: &Profile, theme: &Theme) -> Text<'a> {
    let k = |s: &str| Span::styled(s.to_string(), theme.muted);
    let v = |s: &str| Span::styled(s.to_string(), theme.strong);
    let mut lines = vec![
        Line::from(vec![k("rows "), v(&p.rows), k("  ·  nulls "), v(&p.nulls), k("  ·  distinct "), v(&p.distinct)]),
        Line::from(vec![k("min "), v(&p.min), k("  ·  max "), v(&p.max)]),
    ];
    if !p.top.is_empty() {
        lines.push(Line::styled("top values", theme.muted));
        for (val, n) in &p.top {
            lines.push(Line::from(vec![Span::styled(format!("  {n:>9}  "), theme.accent), Span::styled(val.clone(), theme.normal)]));
        }
    }
    Text::from(lines)
}

fn semantic_text<'a>(m: &Manifest, theme: &Theme) -> Text<'a> {
    let mut lines = Vec::new();
    let head = |s: String| Line::styled(s, theme.title);
    lines.push(head(format!("Metrics ({})", m.metrics.len())));
    for x in &m.metrics {
        lines.push(Line::from(vec![Span::styled(format!("  {:<22}", x.name), theme.strong), Span::styled(format!("{}  ", x.expr), theme.accent), Span::styled(x.description.clone(), theme.muted)]));
    }
    lines.push(head(format!("Dimensions ({})", m.dimensions.len())));
    for d in &m.dimensions {
        let kind = format!("{:?}", d.kind).to_lowercase();
        lines.push(Line::from(vec![Span::styled(format!("  {:<22}", d.name), theme.strong), Span::styled(format!("{} ({kind})  ", d.column), theme.accent), Span::styled(d.description.clone(), theme.muted)]));
    }
    lines.push(head(format!("Segments ({})", m.segments.len())));
    for s in &m.segments {
        lines.push(Line::from(vec![Span::styled(format!("  {:<22}", s.name), theme.strong), Span::styled(format!("{}  ", s.expr), theme.accent), Span::styled(s.description.clone(), theme.muted)]));
    }
    lines.push(head(format!("Joins ({})", m.joins.len())));
    for j in &m.joins {
        lines.push(Line::styled(format!("  {} → {}", j.from, j.to), theme.normal));
    }
    Text::from(lines)
}

fn group_thousands(n: u64) -> String {
    crate::render::thousands(&n.to_string())
}

fn block<'a>(title: &str, theme: &Theme) -> Block<'a> {
    Block::bordered().title(Span::styled(format!(" {title} "), theme.title)).border_style(theme.border)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    fn manifest() -> Manifest {
        match crate::dataset::Registry::builtin_manifest("ecommerce") {
            Some(Ok(m)) => m,
            _ => panic!("the built-in ecommerce manifest parses"),
        }
    }

    #[test]
    fn opening_asks_row_counts_once_and_profiles_the_selected_column() {
        let mut v = SchemaView::default();
        v.set_manifest(manifest());
        let Outcome::Query(JobKind::Sql(sql)) = v.open() else { panic!("row counts are asked") };
        assert!(sql.contains("UNION ALL") && sql.contains("count(*)"), "{sql}");
        assert_eq!(v.open(), Outcome::Stay, "not twice while waiting");
        let mut r = super::super::tests::report(0);
        r.rows = vec![vec![serde_json::json!("orders"), serde_json::json!(1200)]];
        v.answered(Some(&r), None);
        assert_eq!(v.row_counts.get("orders"), Some(&1200));
        v.handle_key(key(KeyCode::Tab), &Keymap::default());
        assert!(v.in_columns);
        let Outcome::Query(JobKind::Sql(sql)) = v.handle_key(key(KeyCode::Char('p')), &Keymap::default()) else { panic!("profile asked") };
        let t = &v.manifest.as_ref().unwrap().tables[0];
        assert!(sql.contains(&format!("count(DISTINCT \"{}\")", t.columns[0].name)), "{sql}");
        assert_eq!(v.handle_key(key(KeyCode::Char('p')), &Keymap::default()), Outcome::Stay, "one profile at a time");
    }

    #[test]
    fn profiles_are_read_from_the_query_result() {
        let mut r = super::super::tests::report(0);
        r.rows = vec![
            vec![serde_json::json!(10), serde_json::json!(1), serde_json::json!(3), serde_json::json!("a"), serde_json::json!("c"), serde_json::json!("b"), serde_json::json!(5)],
            vec![serde_json::json!(10), serde_json::json!(1), serde_json::json!(3), serde_json::json!("a"), serde_json::json!("c"), serde_json::json!(null), serde_json::json!(1)],
        ];
        let p = profile_of(&r).unwrap();
        assert_eq!((p.rows.as_str(), p.nulls.as_str(), p.distinct.as_str(), p.min.as_str(), p.max.as_str()), ("10", "1", "3", "a", "c"));
        assert_eq!(p.top, vec![("b".to_string(), "5".to_string()), ("NULL".to_string(), "1".to_string())]);
        r.status = Status::Failed;
        assert!(profile_of(&r).is_err());
    }

    #[test]
    fn thousands_are_grouped() {
        for (n, want) in [(0, "0"), (999, "999"), (1000, "1,000"), (1234567, "1,234,567")] {
            assert_eq!(group_thousands(n), want);
        }
    }
}
