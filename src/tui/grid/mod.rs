//! The results grid: a component with its own state (cursor, scroll,
//! selection, sort, inspector, chart tab), `handle_key` and `render`. It
//! holds the result as the runner's Arrow batches (shared, never copied into
//! rows) and formats only the cells on screen, so a million rows draw as
//! fast as ten.
//!
//! Invariants: `cursor < rows` whenever there are rows; the sort covers the
//! whole result (a permutation of row numbers), never only the visible
//! window; the selection holds row numbers, so it survives sorting.
//! `page` and `first_shown` remember the geometry of the last frame (for
//! paging and horizontal scroll); they are the only things drawing sets.

pub mod chart;
pub mod data;
mod draw;
pub mod export;
pub mod format;
pub mod inspector;
pub mod sort;
pub mod synthetic;

use crate::runner::ResultSet;
use data::Data;
use export::CopyFormat;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use sort::Direction;
use std::cell::Cell;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Rows fetched by "fetch the full result".
pub const FULL_RESULT_ROWS: u64 = 1_000_000;

/// Table or chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Table,
    Chart,
}

/// What a key did, for the app to act on.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Not a grid key: the app handles it.
    Ignored,
    Handled,
    /// Rows copied as text: the app puts it on the clipboard.
    Copy { text: String, rows: usize, format: CopyFormat },
    /// The cursor's cell copied as its full text (`column` names it).
    CopyCell { text: String, column: String },
    /// Re-run the result's SQL with the row cap at [`FULL_RESULT_ROWS`].
    FetchFull,
    /// Sort a large result off the UI thread; its order comes back
    /// through [`Grid::sorted`].
    Sort(sort::SortJob),
}

/// From this many rows a sort runs on a thread of its own (the grid says
/// "sorting…" meanwhile); smaller ones are sorted at once.
pub const BACKGROUND_SORT_ROWS: usize = 100_000;

/// Every key of the grid, for the help overlay.
pub const KEYS: &[(&str, &str)] = &[
    ("↑↓ PgUp PgDn g G", "move through the rows (j/k too)"),
    ("← → (h/l)", "columns; the first stays in place"),
    ("s", "sort by this column: ascending, descending, off"),
    ("Space, Shift-↑↓", "select rows"),
    ("y then c/t/j/m", "copy selected rows as CSV/TSV/JSON/Markdown"),
    ("y y", "copy the cell under the cursor (y in the inspector too)"),
    ("Enter", "inspect the cell (long text, JSON, lists)"),
    ("v", "table or chart"),
    ("f", "fetch the full result (up to 1,000,000 rows)"),
    ("/export csv|json|parquet PATH", "write the whole result"),
];

/// The grid's state.
#[derive(Debug)]
pub struct Grid {
    data: Option<Data>,
    pub view: View,
    top: usize,
    cursor: usize,
    col: usize,
    /// First scrolled (non-frozen) column asked for.
    first: usize,
    selected: BTreeSet<usize>,
    /// Inspector open, scrolled this many lines.
    inspector: Option<u16>,
    /// `y` was pressed: the next key picks the copy format.
    copy_pending: bool,
    /// One line for the footer (sorted, copied, ...), until the next key.
    pub notice: Option<String>,
    page: Cell<usize>,
    first_shown: Cell<usize>,
    /// The screen rows of the last table drawn and its first row shown
    /// (the terminal moves them when only the top changes: [`Grid::shift`]).
    drawn: Cell<Option<(u16, u16, usize)>>,
    /// A background sort asked for (its number; a newer one replaces it).
    sorting: Option<u64>,
    sorts_asked: u64,
}

impl Default for Grid {
    fn default() -> Grid {
        Grid {
            data: None,
            view: View::Table,
            top: 0,
            cursor: 0,
            col: 0,
            first: 1,
            selected: BTreeSet::new(),
            inspector: None,
            copy_pending: false,
            notice: None,
            page: Cell::new(10),
            first_shown: Cell::new(1),
            drawn: Cell::new(None),
            sorting: None,
            sorts_asked: 0,
        }
    }
}

impl Grid {
    /// Show `set`, from its first row, unsorted.
    pub fn load(&mut self, set: Arc<ResultSet>) {
        let view = self.view;
        *self = Grid { data: Some(Data::new(set)), view, ..Grid::default() };
    }

    pub fn clear(&mut self) {
        *self = Grid { view: self.view, ..Grid::default() };
    }

    pub fn data(&self) -> Option<&Data> {
        self.data.as_ref()
    }

    pub fn rows(&self) -> usize {
        self.data.as_ref().map_or(0, Data::rows)
    }

    /// The runner stopped at its row cap.
    pub fn truncated(&self) -> bool {
        self.data.as_ref().is_some_and(|d| d.set.truncated)
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn inspecting(&self) -> bool {
        self.inspector.is_some()
    }

    /// Move the cursor by `delta` rows (the view follows).
    pub fn scroll(&mut self, delta: isize) {
        let n = self.rows();
        if n == 0 {
            return;
        }
        self.cursor = self.cursor.saturating_add_signed(delta).min(n - 1);
        let page = self.page.get().max(1);
        if self.cursor < self.top {
            self.top = self.cursor;
        } else if self.cursor >= self.top + page {
            self.top = self.cursor + 1 - page;
        }
    }

    /// Move the view and the cursor by a page (`delta` rows).
    fn page_by(&mut self, delta: isize) {
        let n = self.rows();
        let page = self.page.get().max(1);
        self.top = self.top.saturating_add_signed(delta).min(n.saturating_sub(page));
        self.scroll(delta);
    }

    fn move_col(&mut self, delta: isize) {
        let n = self.data.as_ref().map_or(0, |d| d.columns.len());
        if n == 0 {
            return;
        }
        self.col = self.col.saturating_add_signed(delta).min(n - 1);
        // Keep the view where the last frame had it; the drawing moves it
        // just enough to show the cursor's column.
        self.first = self.first_shown.get();
        if self.col == 0 {
            self.first = 1;
        } else if self.col < self.first {
            self.first = self.col;
        }
    }

    /// True while a background sort runs.
    pub fn is_sorting(&self) -> bool {
        self.sorting.is_some()
    }

    /// Sort by the cursor's column, in the background when the result is
    /// large: the job to run, or None when it was done at once.
    pub fn sort_or_ask(&mut self) -> Option<sort::SortJob> {
        let col = self.col;
        let d = self.data.as_ref()?;
        let current = d.sort.filter(|(c, _)| *c == col).map(|(_, dir)| dir);
        let next = sort::next(current);
        match next {
            Some(dir) if d.rows() >= BACKGROUND_SORT_ROWS => {
                self.sorts_asked += 1;
                self.sorting = Some(self.sorts_asked);
                let word = if dir == Direction::Asc { "ascending" } else { "descending" };
                self.notice = Some(format!("sorting {} rows by {} {word}…", format::format_int(d.rows() as i128), d.columns[col].name));
                Some(sort::SortJob { set: Arc::clone(&d.set), col, dir, id: self.sorts_asked })
            }
            _ => {
                self.sort_cursor_column();
                None
            }
        }
    }

    /// A background sort is done; kept only if it is the newest one asked
    /// for and the grid still shows the result it sorted.
    pub fn sorted(&mut self, done: sort::Sorted) {
        if self.sorting != Some(done.id) {
            return;
        }
        self.sorting = None;
        let Some(d) = self.data.as_mut().filter(|d| Arc::ptr_eq(&d.set, &done.set)) else { return };
        let name = d.columns.get(done.col).map_or(String::new(), |c| c.name.clone());
        match done.order {
            Ok(o) => {
                d.order = Some(Arc::new(o));
                d.sort = Some((done.col, done.dir));
                let word = if done.dir == Direction::Asc { "ascending" } else { "descending" };
                self.notice = Some(format!("sorted {} rows by {name} {word} (NULLs last) in {} ms", format::format_int(d.rows() as i128), done.ms));
            }
            Err(e) => self.notice = Some(format!("cannot sort by {name}: {e}")),
        }
        self.cursor = 0;
        self.top = 0;
    }

    /// Sort by the cursor's column: ascending, descending, off.
    pub fn sort_cursor_column(&mut self) {
        let col = self.col;
        let Some(d) = self.data.as_mut() else { return };
        let current = d.sort.filter(|(c, _)| *c == col).map(|(_, dir)| dir);
        match sort::next(current) {
            None => {
                d.order = None;
                d.sort = None;
                self.notice = Some("unsorted: rows in the order the query returned them".into());
            }
            Some(dir) => {
                let t = std::time::Instant::now();
                match sort::order(&d.set, col, dir) {
                    Ok(o) => {
                        d.order = Some(Arc::new(o));
                        d.sort = Some((col, dir));
                        let word = if dir == Direction::Asc { "ascending" } else { "descending" };
                        self.notice = Some(format!("sorted {} rows by {} {word} (NULLs last) in {} ms", format::format_int(d.rows() as i128), d.columns[col].name, t.elapsed().as_millis()));
                    }
                    Err(e) => self.notice = Some(format!("cannot sort by {}: {e}", d.columns[col].name)),
                }
            }
        }
        // After a sort the cursor goes to the top: the first of the new order.
        self.cursor = 0;
        self.top = 0;
    }

    fn toggle_selected(&mut self) {
        let Some(d) = &self.data else { return };
        let row = d.row_at(self.cursor);
        if !self.selected.remove(&row) {
            self.selected.insert(row);
        }
    }

    fn extend_selection(&mut self, delta: isize) {
        let Some(d) = &self.data else { return };
        self.selected.insert(d.row_at(self.cursor));
        self.scroll(delta);
        if let Some(d) = &self.data {
            self.selected.insert(d.row_at(self.cursor));
        }
    }

    /// Selected row numbers in display order (the cursor row when none).
    pub fn selection(&self) -> Vec<usize> {
        let Some(d) = &self.data else { return Vec::new() };
        if self.selected.is_empty() {
            return if d.rows() == 0 { Vec::new() } else { vec![d.row_at(self.cursor)] };
        }
        match &d.order {
            None => self.selected.iter().copied().collect(),
            Some(o) => o.iter().map(|&r| r as usize).filter(|r| self.selected.contains(r)).collect(),
        }
    }

    pub fn selected_count(&self) -> usize {
        self.selected.len()
    }

    fn copy(&mut self, format: CopyFormat) -> Outcome {
        let Some(d) = &self.data else { return Outcome::Handled };
        let rows = self.selection();
        match export::copy_text(d, &rows, format) {
            Ok(text) => {
                self.notice = Some(format!("copied {} row{} as {}", rows.len(), if rows.len() == 1 { "" } else { "s" }, format.word()));
                Outcome::Copy { text, rows: rows.len(), format }
            }
            Err(e) => {
                self.notice = Some(format!("cannot copy: {e}"));
                Outcome::Handled
            }
        }
    }

    /// The cursor's cell, as its full text (the inspector's, so JSON is
    /// pretty-printed); a NULL or an empty cell is said, not copied.
    fn copy_cell(&mut self) -> Outcome {
        let Some(d) = &self.data else { return Outcome::Handled };
        if d.rows() == 0 {
            return Outcome::Handled;
        }
        let column = d.columns.get(self.col).map_or_else(String::new, |c| c.name.clone());
        match inspector::content(d, d.row_at(self.cursor), self.col) {
            Some(text) if !text.is_empty() => {
                self.notice = Some(format!("copied the cell of {column}"));
                Outcome::CopyCell { text, column }
            }
            Some(_) => {
                self.notice = Some(format!("the cell of {column} is empty: nothing to copy"));
                Outcome::Handled
            }
            None => {
                self.notice = Some(format!("the cell of {column} is NULL: nothing to copy"));
                Outcome::Handled
            }
        }
    }

    /// How the rows drawn last would move in the next frame, when only the
    /// first row shown changed (by less than a page): the screen rows and
    /// by how much, for the terminal to move them ([`crate::tui::scroll`]).
    pub fn shift(&self) -> Option<crate::tui::scroll::Shift> {
        let (top, bottom, was) = self.drawn.get()?;
        let d = self.data.as_ref().filter(|_| self.view == View::Table && self.inspector.is_none())?;
        let page = usize::from(bottom - top);
        let now = draw::effective_top(self.top, self.cursor, page, d.rows());
        let by = i16::try_from(now as i64 - was as i64).ok().filter(|b| *b != 0 && b.unsigned_abs() < bottom - top)?;
        Some(crate::tui::scroll::Shift { top, bottom, by })
    }

    /// Forget the rows drawn (the next frame records them if it draws them).
    pub fn forget_drawn(&self) {
        self.drawn.set(None);
    }

    /// Handle a key while the grid has focus.
    pub fn handle_key(&mut self, k: KeyEvent) -> Outcome {
        if self.data.is_none() {
            return Outcome::Ignored;
        }
        let shift = k.modifiers.contains(KeyModifiers::SHIFT);
        if k.modifiers.contains(KeyModifiers::CONTROL) || k.modifiers.contains(KeyModifiers::ALT) {
            return Outcome::Ignored;
        }
        if let Some(scroll) = self.inspector {
            if k.code == KeyCode::Char('y') {
                return self.copy_cell();
            }
            self.inspector = match k.code {
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q') => None,
                KeyCode::Up | KeyCode::Char('k') => Some(scroll.saturating_sub(1)),
                KeyCode::Down | KeyCode::Char('j') => Some(scroll.saturating_add(1)),
                KeyCode::PageUp => Some(scroll.saturating_sub(10)),
                KeyCode::PageDown => Some(scroll.saturating_add(10)),
                KeyCode::Home => Some(0),
                _ => Some(scroll),
            };
            return Outcome::Handled;
        }
        if self.copy_pending {
            self.copy_pending = false;
            let format = match k.code {
                KeyCode::Char('c') => CopyFormat::Csv,
                KeyCode::Char('t') => CopyFormat::Tsv,
                KeyCode::Char('j') => CopyFormat::Json,
                KeyCode::Char('m') => CopyFormat::Markdown,
                KeyCode::Char('y') => return self.copy_cell(),
                _ => {
                    self.notice = Some("copy cancelled".into());
                    return Outcome::Handled;
                }
            };
            return self.copy(format);
        }
        self.notice = None;
        let page = self.page.get().max(1) as isize;
        match k.code {
            KeyCode::Up if shift => self.extend_selection(-1),
            KeyCode::Down if shift => self.extend_selection(1),
            KeyCode::Up | KeyCode::Char('k') => self.scroll(-1),
            KeyCode::Down | KeyCode::Char('j') => self.scroll(1),
            KeyCode::PageUp => self.page_by(-page),
            KeyCode::PageDown => self.page_by(page),
            KeyCode::Home | KeyCode::Char('g') => self.scroll(isize::MIN / 2),
            KeyCode::End | KeyCode::Char('G') => self.scroll(isize::MAX / 2),
            KeyCode::Left | KeyCode::Char('h') => self.move_col(-1),
            KeyCode::Right | KeyCode::Char('l') => self.move_col(1),
            KeyCode::Char(' ') => self.toggle_selected(),
            KeyCode::Char('s') => {
                if let Some(job) = self.sort_or_ask() {
                    return Outcome::Sort(job);
                }
            }
            KeyCode::Char('v') => self.view = if self.view == View::Table { View::Chart } else { View::Table },
            KeyCode::Enter if self.rows() > 0 => self.inspector = Some(0),
            KeyCode::Char('y') => {
                self.copy_pending = true;
                self.notice = Some("copy as: c CSV · t TSV · j JSON · m Markdown · y this cell".into());
            }
            KeyCode::Char('f') if self.truncated() => return Outcome::FetchFull,
            KeyCode::Char('f') => self.notice = Some("the whole result is already here".into()),
            KeyCode::Esc if !self.selected.is_empty() => {
                self.selected.clear();
                self.notice = Some("selection cleared".into());
            }
            _ => return Outcome::Ignored,
        }
        Outcome::Handled
    }

    /// Draw the grid (or its chart) in `area`; `focused` marks its border.
    pub fn render(&self, f: &mut ratatui::Frame<'_>, area: ratatui::layout::Rect, theme: &crate::tui::theme::Theme, focused: bool) {
        draw::render(self, f, area, theme, focused);
    }
}

#[cfg(test)]
mod tests;
