//! A superlative whose measure is said after "by": "the 3 largest orchards
//! by area", "the 5 biggest projects by word count", "which vessel is the
//! biggest by tonnage". The rows named are listed in that column's order,
//! the first one (or the number said) kept.
//!
//! Invariants: the superlative is a size word ("largest", "most", "least",
//! ...), the rows are a table named right after it (after a count, if any)
//! or right before "is/are the"; "by" comes next, then one number column
//! of that table that is not a key, then the end of the clause. Anything
//! else ("the largest district by population" where population is another
//! table's) is left to the other readings. Questions that also count, sum
//! or average are left alone.

use crate::planner::argmax::SUPERLATIVES;
use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema::FieldInfo;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Reads "the largest orchards by area" as an order on `area`; returns
    /// whether it was read.
    pub(super) fn superlative_by_column(&mut self) -> bool {
        if !self.order.is_empty() {
            return false;
        }
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            let Some(desc) = self.size_superlative(i) else { continue };
            let after = self.next_sig(i).and_then(|k| self.whole_count(k));
            let first = after.map_or(i, |(k, _)| k);
            // "the largest orchards by": the rows after; "which vessel is
            // the biggest by": the rows before "is the".
            let (n, t, by) = match self.next_sig(first).filter(|&n| !self.used[n]).and_then(|n| self.table_at(n).map(|t| (n, t))) {
                Some((n, t)) => match self.next_sig(n) {
                    Some(by) => (n, t, by),
                    None => continue,
                },
                None => match (self.rows_before_be(i), self.next_sig(first)) {
                    (Some((n, t)), Some(by)) if after.is_none() => (n, t, by),
                    _ => continue,
                },
            };
            if self.used[by] || self.p[by].norm != "by" || !self.plain_listing_but(by) {
                continue;
            }
            let Some(c) = self.next_sig(by).filter(|&c| !self.used[c]) else { continue };
            if self.next_sig(c).is_some_and(|k| !matches!(self.p[k].kind, PieceKind::Punct(_)) && !self.is_and(k)) {
                continue;
            }
            let Some(f) = self.measure_column_at(c, t) else { continue };
            if !self.asked_of_except(t, i, &[n]) {
                continue;
            }
            let count = self.prev_sig(i).and_then(|k| self.whole_count(k)).or(after);
            if self.p[n].plural && count.is_none() && self.limit.is_none() {
                continue;
            }
            // "the top 3 largest": "top" says no more than the superlative.
            let top = self.prev_sig(count.map_or(i, |(k, _)| k.min(i))).filter(|&k| !self.used[k] && self.p[k].cue() == Some(Cue::Top));
            self.keep_first(count);
            if let Some(k) = top {
                self.mark(k);
            }
            let dir = if desc { "descending" } else { "ascending" };
            self.take(i, MatchKind::Order, format!("{} {dir}", f.name), 0.85);
            self.mark(by);
            self.take(c, MatchKind::Order, format!("{} {dir}", f.name), 0.9);
            self.take(n, MatchKind::Table, self.table_name(t), 0.9);
            self.subject = self.subject.or(Some(n));
            self.base = Some(t);
            if !self.involved.contains(&f.name) {
                self.involved.push(f.name.clone());
            }
            self.order.push(crate::plan::OrderBy { by: f.name, desc });
            return true;
        }
        false
    }

    /// Whether piece `i` is a superlative of size or amount ("largest",
    /// "biggest", "most", "smallest", "least"), and its direction.
    fn size_superlative(&self, i: usize) -> Option<bool> {
        let word = self.p[i].words.split_whitespace().last().unwrap_or("").to_lowercase();
        let sized = SUPERLATIVES.iter().find(|(w, _, _)| *w == word).map(|(_, _, d)| *d);
        match self.p[i].cue() {
            Some(Cue::Most) if matches!(word.as_str(), "most" | "largest" | "biggest" | "greatest" | "highest") => Some(true),
            Some(Cue::Least) if matches!(word.as_str(), "least" | "smallest" | "fewest" | "lowest") => Some(false),
            Some(Cue::Most | Cue::Least) => None,
            _ if matches!(self.p[i].kind, PieceKind::Unknown | PieceKind::Soft | PieceKind::Stop) => {
                sized.filter(|_| matches!(word.as_str(), "largest" | "biggest" | "smallest"))
            }
            _ => None,
        }
    }

    /// "which vessel is the biggest": the table named right before a form
    /// of "be" before the superlative at piece `i`.
    fn rows_before_be(&self, i: usize) -> Option<(usize, usize)> {
        let be = (0..i).rev().find(|&k| self.p[k].norm != "the")?;
        if !matches!(self.p[be].norm.as_str(), "is" | "are" | "was" | "were") {
            return None;
        }
        let n = be.checked_sub(1).filter(|&n| !self.used[n])?;
        self.table_at(n).map(|t| (n, t))
    }

    /// The number column of table `t` named at piece `c`, not a key.
    fn measure_column_at(&self, c: usize, t: usize) -> Option<FieldInfo> {
        let cands = self.p[c].lex()?;
        let mut found: Vec<FieldInfo> = cands
            .iter()
            .filter(|x| !x.fuzzy && matches!(x.target, Target::Column(..) | Target::Dimension(_)))
            .filter_map(|x| self.field_of(&x.target))
            .filter(|f| f.table == t && f.numeric && !f.temporal && !self.is_key(f))
            .collect();
        found.dedup_by(|a, b| a.name == b.name);
        match <[FieldInfo; 1]>::try_from(found) {
            Ok([f]) => Some(f),
            Err(_) => None,
        }
    }
}
