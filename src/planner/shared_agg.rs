//! "the maximum price and score of wines", "the average height and weight
//! of people": one aggregate word before two columns joined by "and"
//! applies to both, the second read as the same aggregate of its column.
//!
//! Invariants: the second name must be an unused number column of the same
//! table as the first measure's column, right after "and" (or a comma), with
//! no aggregate word of its own, and followed by the end of that list (a
//! function word, "of", punctuation or the end). Anything else is left to
//! the other passes.

use crate::plan::Agg;
use crate::planner::build::{Ctx, MKind};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{SimpleAgg, Target};
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Applies each column aggregate to a number column named after it with "and".
    pub(super) fn aggregate_shared_by_and(&mut self) {
        for k in 0..self.measures.len() {
            let (agg, table) = match &self.measures[k].kind {
                MKind::Agg(agg, f) => match self.field_info(*f) {
                    Some(fi) => (*agg, fi.table),
                    None => continue,
                },
                MKind::Metric(mi) => match self.lx.metric_aggs.get(*mi).copied().flatten() {
                    Some(SimpleAgg { agg, column: Some((t, _)) }) => (agg, t),
                    _ => continue,
                },
                MKind::Count(_) => continue,
            };
            if matches!(agg, Agg::Count | Agg::CountDistinct) {
                continue;
            }
            // The measure's last piece: its phrase ends where the next used piece does not.
            let at = self.measures[k].at;
            let Some(end) = (at..self.p.len()).take_while(|&i| self.used[i]).last() else { continue };
            let Some(and) = self.next_sig(end).filter(|&a| self.is_and(a) && !self.used[a]) else { continue };
            let Some(j) = self.next_sig(and).filter(|&j| !self.used[j]) else { continue };
            let Some(c) = self.pick(j, &|t| matches!(t, Target::Column(..) | Target::Dimension(_))).filter(|c| !c.fuzzy) else { continue };
            let Some(f) = self.field_of(&c.target) else { continue };
            if f.table != table || !f.numeric || f.temporal || self.is_key(&f) {
                continue;
            }
            let ends_list = self.p.get(j + 1).is_none_or(|n| matches!(n.kind, PieceKind::Stop | PieceKind::Punct(_)) || n.cue().is_some());
            if !ends_list {
                continue;
            }
            let Some(col) = f.column else { continue };
            let kind = self.col_measure(agg, f.table, col);
            let words = format!("{} {}", agg.word(), self.p[j].words);
            self.add_measure(kind, j, words);
            self.take(j, MatchKind::Column, f.name.clone(), c.confidence);
            self.mark(and);
        }
    }
}
