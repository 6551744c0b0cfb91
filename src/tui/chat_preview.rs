//! A chat turn's answer preview: the first rows of its result fitted to
//! the chat's width (`inline::table::fit`), so a turn reads as question and
//! answer even in the tabbed 80x24 layout.
//!
//! Invariants: the fitted lines are computed once per turn and width and
//! kept on the turn ([`PreviewCache`]); a frame with many finished turns
//! only copies them. The cache is keyed by the width and the report it
//! was made from (run id and row count), so a resize or a new report
//! re-fits; styles are applied at draw time, so a theme change needs no
//! re-fit.

use crate::report::{RunReport, Status};
use std::cell::RefCell;
use std::rc::Rc;

/// Rows of an answer shown in its chat turn (the grid holds them all).
pub const PREVIEW_IN_CHAT: usize = 3;

/// Indent of the preview under its turn.
const IN: &str = "    ";

/// One line of a preview and whether it is the table's header or rule
/// (drawn muted) or a row (drawn normal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewLine {
    pub text: String,
    pub muted: bool,
}

/// What a cached preview was fitted for.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    width: u16,
    run_id: String,
    row_count: usize,
}

/// The fitted preview of one turn, made on first draw at a width.
#[derive(Debug, Clone, Default)]
pub struct PreviewCache(RefCell<Option<(Key, Rc<[PreviewLine]>)>>);

impl PreviewCache {
    /// The preview of `r` at `width` columns (empty unless the run ended
    /// `ok` with rows), fitted once and then served from the cache.
    pub fn lines(&self, r: &RunReport, width: u16) -> Rc<[PreviewLine]> {
        let key = Key { width, run_id: r.run_id.clone(), row_count: r.row_count };
        if let Some((k, lines)) = self.0.borrow().as_ref() {
            if *k == key {
                return Rc::clone(lines);
            }
        }
        let lines: Rc<[PreviewLine]> = fit(r, width).into();
        *self.0.borrow_mut() = Some((key, Rc::clone(&lines)));
        lines
    }

    /// Forget the fitted lines (the next draw fits again).
    pub fn clear(&self) {
        *self.0.borrow_mut() = None;
    }
}

/// The first [`PREVIEW_IN_CHAT`] rows of `r` fitted to `width`, and a
/// line saying how many more the Results view holds.
pub fn fit(r: &RunReport, width: u16) -> Vec<PreviewLine> {
    if r.status != Status::Ok || r.rows.is_empty() || r.columns.is_empty() {
        return Vec::new();
    }
    let shown = &r.rows[..r.rows.len().min(PREVIEW_IN_CHAT)];
    let t = super::inline::table::fit(&r.columns, shown, usize::from(width).saturating_sub(IN.len()));
    let mut out: Vec<PreviewLine> = t.lines.into_iter().enumerate().map(|(i, l)| PreviewLine { text: format!("{IN}{l}"), muted: i < 2 }).collect();
    let more = r.row_count.saturating_sub(shown.len());
    if more > 0 {
        out.push(PreviewLine { text: format!("{IN}… {} more in Results", crate::render::thousands(&more.to_string())), muted: true });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preview_is_fitted_once_per_width_and_report() {
        let r = super::super::tests::report(30);
        let cache = PreviewCache::default();
        let a = cache.lines(&r, 60);
        assert!(!a.is_empty() && a.iter().all(|l| l.text.starts_with(IN)), "{a:?}");
        assert_eq!(a.last().map(|l| l.text.trim()), Some("… 27 more in Results"));
        assert!(Rc::ptr_eq(&a, &cache.lines(&r, 60)), "the same width is served from the cache");
        let narrow = cache.lines(&r, 30);
        assert!(!Rc::ptr_eq(&a, &narrow), "a new width is fitted again");
        assert_eq!(&*narrow, fit(&r, 30).as_slice(), "the cached lines are the fitted ones");
        let mut other = r.clone();
        other.run_id = "another run".into();
        assert!(!Rc::ptr_eq(&narrow, &cache.lines(&other, 30)), "another report is fitted again");
        cache.clear();
        assert_eq!(&*cache.lines(&r, 60), &*a);
    }

    #[test]
    fn only_an_answer_with_rows_has_a_preview() {
        let mut r = super::super::tests::report(2);
        assert_eq!(fit(&r, 80).iter().filter(|l| !l.muted).count(), 2, "two rows, no 'more' line");
        r.status = Status::Failed;
        assert!(fit(&r, 80).is_empty());
        let mut empty = super::super::tests::report(0);
        empty.rows.clear();
        assert!(fit(&empty, 80).is_empty());
    }
}
