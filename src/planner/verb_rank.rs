//! The row(s) that do something the most or the least, said with a verb or
//! adjective of measure and no column: "the singer who is worth the most",
//! "the 3 employees who get paid the least". The rows are listed in the
//! order of the one column of their table that word measures, the first
//! kept (or as many as a count says).
//!
//! Invariants: read only when "the most"/"the least" ends the clause, the
//! word before it is not a name of the schema, and exactly one numeric,
//! non-key column of the table named before it has that word (or a column
//! word of its dimension, `dimension::dimension_words`) in its name. A
//! plural listing needs a count.

use crate::planner::build::Ctx;
use crate::planner::dimension::dimension_words;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::FieldInfo;
use crate::planner::tokenize::{split_identifier, stem};
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Reads "who is worth the most", "who get paid the least".
    pub(super) fn verb_superlatives(&mut self) {
        if !self.order.is_empty() || !self.plain_listing() || !self.measures.is_empty() {
            return;
        }
        for i in 0..self.p.len() {
            let desc = match self.p[i].cue() {
                Some(Cue::Most) => true,
                Some(Cue::Least) => false,
                _ => continue,
            };
            if self.used[i] || self.verb_rank(i, desc) {
                return;
            }
        }
    }

    fn verb_rank(&mut self, i: usize, desc: bool) -> bool {
        // The clause ends with the superlative.
        if self.next_sig(i).is_some_and(|k| !matches!(self.p[k].kind, PieceKind::Punct(_))) {
            return false;
        }
        let Some(b) = (0..i).rev().find(|&k| self.p[k].norm != "the") else { return false };
        if self.used[b] || !matches!(self.p[b].kind, PieceKind::Unknown | PieceKind::Soft | PieceKind::Stop) {
            return false;
        }
        let word = self.p[b].norm.clone();
        let Some(n) = (0..b).rev().find(|&k| self.p[k].lex().is_some()) else { return false };
        let Some(t) = self.exact_table(n) else { return false };
        let mut words: Vec<String> = vec![stem(&word)];
        if let Some(ws) = dimension_words(&word) {
            words.extend(ws.iter().map(|w| stem(w)));
        }
        let Some(f) = self.measured_by(t, &words) else { return false };
        if !self.asked_of(t, n, None) {
            return false;
        }
        let count = (0..n).filter(|&k| self.next_sig(k) == Some(n)).find_map(|k| self.whole_count(k));
        if self.p[n].plural && count.is_none() && self.limit.is_none() {
            return false;
        }
        self.keep_first(count);
        let dir = if desc { "descending" } else { "ascending" };
        self.take(i, MatchKind::Order, format!("{} {dir}", f.name), 0.8);
        self.take(b, MatchKind::Column, f.name.clone(), 0.7);
        if self.subject.is_none_or(|s| !matches!(self.p[s].top(), Some(Target::Table(_))) && s < n) {
            self.subject = Some(n);
        }
        self.base = Some(t);
        if !self.involved.contains(&f.name) {
            self.involved.push(f.name.clone());
        }
        self.order.push(crate::plan::OrderBy { by: f.name, desc });
        true
    }

    /// The one numeric, non-key column of table `t` with one of `words`
    /// (stemmed) in its name.
    fn measured_by(&self, t: usize, words: &[String]) -> Option<FieldInfo> {
        let table = self.m.tables.get(t)?;
        let found: Vec<FieldInfo> = (0..table.columns.len())
            .filter(|&c| split_identifier(&table.columns[c].name).iter().any(|w| words.contains(&stem(w))))
            .filter_map(|c| self.field_info(Field::Col(t, c)))
            .filter(|f| f.numeric && !f.temporal && !self.is_key(f))
            .collect();
        match <[FieldInfo; 1]>::try_from(found) {
            Ok([f]) => Some(f),
            Err(_) => None,
        }
    }
}
