//! "the details of employees named ...", "the information about the
//! shop ...": with no column, measure or subject otherwise found, a
//! question asking for the details (or information) of a table's rows asks
//! for every column of those rows, as "all the details of" does.
//!
//! Invariants: read only when nothing else says what to list (no column
//! asked, no subject but those rows themselves); the word "details"
//! or "information" names no column of the schema (a `*_details` column
//! would be read as a column before this runs); it is followed directly by
//! "of", "about", "on" or "for" and then, past filler words only, by a
//! word naming a table exactly (not a misspelling); and no other word
//! naming a different table is left unread, since a condition through that
//! table ("employees who manage a department") would be dropped.

use crate::planner::build::Ctx;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::MatchKind;

/// Words asking for everything known about rows.
const DETAIL_WORDS: &[&str] = &["details", "detail", "information", "info"];

/// Prepositions joining the detail word to the rows it is about.
const ABOUT: &[&str] = &["of", "about", "on", "for"];

impl Ctx<'_> {
    /// The table whose every column the question asks for ("the details of
    /// employees"), with the pieces saying so marked used; `None` when the
    /// question does not have that form.
    pub(super) fn details_of_rows(&mut self) -> Option<usize> {
        let (i, j, t) = (0..self.p.len()).find_map(|i| self.details_at(i))?;
        // "the information of employees": the subject, if any, is those rows.
        if self.subject.is_some_and(|s| s != j) {
            return None;
        }
        let other_table_left = self.p.iter().enumerate().any(|(k, x)| {
            k != j
                && !self.used[k]
                && x.lex().is_some_and(|c| {
                    c.iter().any(|c| matches!(c.target, Target::Table(o) if o != t))
                })
        });
        if other_table_left {
            return None;
        }
        let name = self.table_name(t);
        self.take(i, MatchKind::Column, format!("{name}.*"), 1.0);
        self.take(j, MatchKind::Table, name, 1.0);
        Some(t)
    }

    /// (detail word, table word, table) when piece `i` starts "details of
    /// <table>".
    fn details_at(&self, i: usize) -> Option<(usize, usize, usize)> {
        let x = &self.p[i];
        let word_fits = DETAIL_WORDS.contains(&x.norm.as_str())
            && x.words.split_whitespace().count() == 1
            && matches!(x.kind, PieceKind::Unknown | PieceKind::Stop);
        if self.used[i] || !word_fits {
            return None;
        }
        let of = self.p.get(i + 1)?;
        if of.kind != PieceKind::Stop || !ABOUT.contains(&of.norm.as_str()) {
            return None;
        }
        let j = self.next_sig(i + 1)?;
        let c = self.p[j].lex()?.first()?;
        match c.target {
            Target::Table(t) if !c.fuzzy && !self.used[j] => Some((i, j, t)),
            _ => None,
        }
    }
}
