//! Both extremes of one column asked with superlatives: "What is the
//! lowest and highest rating star?", "the largest and smallest customer
//! codes", "the highest and lowest prices of products": the minimum and
//! the maximum of that column, in the order asked (`agg_run` reads the
//! same with "maximum and minimum").
//!
//! The same with two adjectives that order one column ("the ages of the
//! oldest and youngest students": the maximum and minimum age).
//!
//! Invariants: read only when two superlatives of opposite direction are
//! joined by "and" and directly followed by a word naming a column (not a
//! table: "the largest and smallest countries" lists rows), or, for the
//! adjectives, directly preceded by that column's name and "of"; nothing
//! is read otherwise.

use crate::plan::Agg;
use crate::planner::build::{Ctx, MKind};
use crate::planner::english::{implied_order, Cue};
use crate::planner::intent::PieceKind;
use crate::planner::tokenize::split_identifier;
use crate::planner::lexicon::{Field, Target};
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// The aggregate a superlative or an aggregate word at piece `i` asks
    /// for in a list of them ("highest, lowest and average").
    fn run_agg(&self, i: usize) -> Option<Agg> {
        match self.p[i].cue() {
            Some(Cue::Most) => Some(Agg::Max),
            Some(Cue::Least) => Some(Agg::Min),
            Some(Cue::Agg(a @ (Agg::Max | Agg::Min | Agg::Avg))) => Some(a),
            _ => None,
        }
    }

    /// "the highest, lowest and average ratings", "the average, shortest
    /// and longest play duration", "the longest and shortest route
    /// distances": a list of three aggregates, or of two with a table's
    /// noun before the column, with a superlative among them; one measure
    /// of the column each. Returns whether it read one.
    fn extreme_run(&mut self, i: usize) -> bool {
        let Some(first) = self.run_agg(i) else { return false };
        let mut run = vec![(i, first)];
        let mut seps = Vec::new();
        let mut k = i;
        while let Some(n) = self.next_sig(k).filter(|&n| self.is_and(n)) {
            let mut n2 = self.next_sig(n);
            seps.push(n);
            if let Some(m) = n2.filter(|&m| self.is_and(m)) {
                seps.push(m);
                n2 = self.next_sig(m);
            }
            let Some(n2) = n2.filter(|&n2| !self.used[n2]) else { return false };
            let Some(a) = self.run_agg(n2) else { return false };
            run.push((n2, a));
            k = n2;
        }
        if run.len() < 2 || !run.iter().any(|&(x, _)| matches!(self.p[x].cue(), Some(Cue::Most | Cue::Least))) {
            return false;
        }
        let Some(mut c) = self.next_sig(k).filter(|&c| !self.used[c]) else { return false };
        // "route distances" read as the table, then its column.
        let owner = match self.p[c].top() {
            Some(Target::Table(t)) => Some(*t),
            _ => None,
        };
        if owner.is_some() {
            let Some(n) = self.next_sig(c).filter(|&n| !self.used[n]) else { return false };
            c = n;
        } else if run.len() < 3 {
            return false;
        }
        let Some(f) = self
            .pick(c, &|t| matches!(t, Target::Column(..) | Target::Dimension(_) | Target::Unit(..)))
            .and_then(|x| self.field_of(&x.target))
        else {
            return false;
        };
        let Some(col) = f.column else { return false };
        if !f.numeric && !f.temporal || owner.is_some_and(|t| t != f.table) {
            return false;
        }
        self.both_ends((f.table, col), c, &run, 0.9);
        for s in seps {
            self.mark(s);
        }
        if let Some(t) = owner {
            let o = self.prev_sig(c).unwrap_or(c);
            self.take(o, MatchKind::Table, self.table_name(t), 0.9);
        }
        self.take(c, MatchKind::Column, f.name, 0.9);
        true
    }

    /// Reads "the lowest and highest X" as min(X) and max(X).
    pub(super) fn extreme_pairs(&mut self) {
        for i in 0..self.p.len() {
            if !self.used[i] && self.extreme_run(i) {
                return;
            }
        }
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            let first = match self.p[i].cue() {
                Some(Cue::Most) => Agg::Max,
                Some(Cue::Least) => Agg::Min,
                _ => continue,
            };
            let Some(k) = self.next_sig(i).filter(|&k| self.is_and(k)) else { continue };
            let Some(j) = self.next_sig(k).filter(|&j| !self.used[j]) else { continue };
            let second = match self.p[j].cue() {
                Some(Cue::Most) => Agg::Max,
                Some(Cue::Least) => Agg::Min,
                _ => continue,
            };
            if first == second {
                continue;
            }
            let Some(c) = self.next_sig(j).filter(|&c| !self.used[c]) else { continue };
            if !matches!(self.p[c].top(), Some(Target::Column(..) | Target::Dimension(_) | Target::Unit(..))) {
                continue;
            }
            let Some(f) = self
                .pick(c, &|t| matches!(t, Target::Column(..) | Target::Dimension(_) | Target::Unit(..)))
                .and_then(|x| self.field_of(&x.target))
            else {
                continue;
            };
            let Some(col) = f.column else { continue };
            self.both_ends((f.table, col), c, &[(i, first), (j, second)], 1.0);
            self.mark(k);
            self.take(c, MatchKind::Column, f.name, 0.9);
            return;
        }
    }

    /// Reads "the ages of the oldest and youngest students" as max(age)
    /// and min(age): two adjectives of `IMPLIED_ORDER` that order the same
    /// column in opposite directions, joined by "and", after that column's
    /// name and "of". One order could honour only one of the two.
    pub(super) fn implied_extreme_pairs(&mut self) {
        let implied = |ctx: &Self, i: usize| {
            (ctx.p[i].kind == PieceKind::Unknown && !ctx.used[i]).then(|| implied_order(&ctx.p[i].norm)).flatten()
        };
        for i in 0..self.p.len() {
            let Some((word, desc)) = implied(self, i) else { continue };
            let Some(k) = self.next_sig(i).filter(|&k| self.is_and(k)) else { continue };
            let Some(j) = self.next_sig(k) else { continue };
            if implied(self, j) != Some((word, !desc)) {
                continue;
            }
            let before = (0..i).rev().find(|&b| !matches!(self.p[b].norm.as_str(), "the" | "a" | "an"));
            let Some(of) = before.filter(|&b| self.p[b].norm == "of") else { continue };
            let Some(c) = self.prev_sig(of).filter(|&c| !self.used[c]) else { continue };
            let Some(f) = self
                .pick(c, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
                .and_then(|x| self.field_of(&x.target))
            else {
                continue;
            };
            let Some(col) = f.column else { continue };
            if !split_identifier(&self.m.tables[f.table].columns[col].name).iter().any(|w| w == word) {
                continue;
            }
            let agg = |desc: bool| if desc { Agg::Max } else { Agg::Min };
            self.both_ends((f.table, col), c, &[(i, agg(desc)), (j, agg(!desc))], 0.8);
            self.mark(k);
            self.mark(of);
            self.take(c, MatchKind::Column, f.name, 0.9);
            return;
        }
    }

    /// The aggregates (two ends, or a run of them) of column `col` (named by piece `c`), each read
    /// from its piece, in the order asked.
    fn both_ends(&mut self, (t, col): (usize, usize), c: usize, ends: &[(usize, Agg)], confidence: f32) {
        for &(at, agg) in ends {
            let kind = match self.metric_for(agg, Some((t, col))) {
                Some(mi) => MKind::Metric(mi),
                None => MKind::Agg(agg, Field::Col(t, col)),
            };
            let words = format!("{} {}", self.p[at].words, self.p[c].words);
            self.add_measure(kind, at, words);
            self.take(at, MatchKind::Aggregate, agg.word().into(), confidence);
        }
    }
}

/// "the average and oldest age", "the minimum and tallest height": an
/// adjective of [`implied_order`] joined by "and" to an aggregate, right
/// before a word of the column it orders by, is that column's extreme
/// (the maximum age), one more aggregate of the list, not an order of the
/// rows. Runs on the pieces before planning; only the adjective changes.
pub(super) fn coordinated_extremes(pieces: &mut [crate::planner::intent::Piece]) {
    for i in 2..pieces.len().saturating_sub(1) {
        if pieces[i].kind != PieceKind::Unknown {
            continue;
        }
        let Some((word, desc)) = implied_order(&pieces[i].norm) else { continue };
        let joined = pieces[i - 1].cue() == Some(Cue::And) && matches!(pieces[i - 2].cue(), Some(Cue::Agg(_)));
        let column = crate::planner::tokenize::stems(&pieces[i + 1].words).iter().any(|w| *w == crate::planner::tokenize::stem(word));
        if joined && column {
            pieces[i].kind = PieceKind::Cue(Cue::Agg(if desc { Agg::Max } else { Agg::Min }));
        }
    }
}
