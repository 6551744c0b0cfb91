//! "How many customers in total?", "Find the number of students in total.",
//! "What is the total count of enzymes?": with a count, "in total" and
//! "total count" say the count is of all the rows, not a sum.
//!
//! Invariants: "total" is read so only when every measure is a count of
//! rows, it is the adverb "in total" (nothing it could qualify follows) or
//! comes right before the count's own cue, and no word counted also names
//! a number column a total could be of ("How many faculty, in total," over
//! a `faculty` column is a sum, so it is left to the refusal).

use crate::plan::Agg;
use crate::planner::build::{Ctx, MKind};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{SimpleAgg, Target};

impl Ctx<'_> {
    /// Marks "total" used where it only says a count is of all the rows.
    pub(super) fn totals_of_counts(&mut self) {
        if self.measures.is_empty() || !self.measures.iter().all(|d| self.counts_rows(&d.kind)) {
            return;
        }
        for i in 0..self.p.len() {
            if self.used[i]
                || self.p[i].cue() != Some(Cue::Agg(Agg::Sum))
                || !matches!(self.p[i].norm.as_str(), "total" | "overall")
            {
                continue;
            }
            let next = self.next_sig(i);
            let before_count = next.is_some_and(|n| {
                self.used[n] && matches!(self.p[n].cue(), Some(Cue::Count | Cue::CountDistinct))
            });
            let adverb = i > 0
                && self.p[i - 1].norm == "in"
                && next.is_none_or(|n| matches!(self.p[n].kind, PieceKind::Punct(_) | PieceKind::Stop | PieceKind::Soft));
            if !(before_count || adverb) || self.counted_word_is_a_number(i) {
                continue;
            }
            self.mark(i);
        }
    }

    /// A count of rows: of a table, or a metric that counts a table's rows.
    pub(super) fn counts_rows(&self, k: &MKind) -> bool {
        match k {
            MKind::Count(_) => true,
            MKind::Agg(a, _) => matches!(a, Agg::Count | Agg::CountDistinct),
            MKind::Metric(mi) => {
                self.sc.count_metric.contains(&Some(*mi))
                    || matches!(self.lx.metric_aggs.get(*mi).copied().flatten(), Some(SimpleAgg { agg: Agg::Count, .. }))
            }
        }
    }

    /// True when a word the question uses (before "total" or in the same
    /// clause) could also name a numeric, non-key column: the total might
    /// be of that column.
    fn counted_word_is_a_number(&self, i: usize) -> bool {
        (0..self.p.len()).filter(|&k| k != i && self.used[k]).any(|k| {
            let Some(cands) = self.p[k].lex() else { return false };
            let table_word = cands.iter().any(|c| matches!(c.target, Target::Table(_)));
            table_word
                && cands.iter().chain(self.p[k].alt_lex.iter()).any(|c| {
                    matches!(c.target, Target::Column(..) | Target::Dimension(_))
                        && self.field_of(&c.target).is_some_and(|f| f.numeric && !f.temporal && !self.is_key(&f))
                })
        })
    }
}
