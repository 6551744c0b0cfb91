//! Conditions joined by "or": "roller coasters longer than 3300 or higher
//! than 100", "price lower than 600 or higher than 900" (the second
//! comparison names no column: it is the first one's), "capacity greater
//! than 300 or less than 100". The comparisons become one disjunction,
//! `any_of` in the plan.
//!
//! Invariants: only comparisons read by the comparison pass are joined, and
//! only when nothing but used or filler words lies between them and the
//! "or"; a plan holds one disjunction, so a question with two separate
//! "or"s of conditions keeps its second "or" unused (and is refused).

use crate::plan::Op;
use crate::planner::build::{Ctx, Refusal};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema::FieldInfo;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Notes that the last filter was read from pieces `from..=to`.
    pub(super) fn note_condition(&mut self, from: usize, to: usize) {
        if let Some(last) = self.filters.len().checked_sub(1) {
            self.spans.push((last, from.min(to), from.max(to)));
        }
    }

    /// True when piece `i` joins two conditions: "or", or an "or higher"
    /// read before "than" ("600 or higher than 900").
    fn joins_conditions(&self, i: usize) -> bool {
        match self.p[i].kind {
            PieceKind::Cue(Cue::Or) => true,
            PieceKind::Cue(Cue::CmpAfter(_)) => self.or_than(i),
            _ => false,
        }
    }

    /// "or higher than 900", "above 50 or below 46": an "or ..." cue
    /// followed by "than" or by a number of its own.
    pub(super) fn or_than(&self, i: usize) -> bool {
        self.p[i].norm == "or"
            && matches!(self.p[i].kind, PieceKind::Cue(Cue::CmpAfter(_)))
            && (self.p.get(i + 1).is_some_and(|x| x.norm == "than")
                || self.next_sig(i).is_some_and(|n| matches!(self.p[n].kind, PieceKind::Number(_))))
    }

    /// The column of the comparison that ends just before the "or" at or
    /// before cue `i`: "lower than 600 or higher than 900" compares price
    /// both times.
    pub(super) fn column_before_or(&self, i: usize) -> Option<(FieldInfo, Op)> {
        let o = if self.or_than(i) {
            i
        } else {
            self.prev_sig(i).filter(|&o| matches!(self.p[o].cue(), Some(Cue::Or)))?
        };
        let before = self.prev_sig(o)?;
        let (fi, _, _) = self.spans.iter().find(|s| s.2 == before)?;
        let f = self.filters.get(*fi)?;
        let field = self.fields_named(&f.field)?;
        field.numeric.then_some((field, f.op))
    }

    /// The field a plan name stands for.
    fn fields_named(&self, name: &str) -> Option<FieldInfo> {
        if let Some(d) = self.m.dimensions.iter().position(|d| d.name == name) {
            return self.field_info(crate::planner::lexicon::Field::Dim(d));
        }
        let (t, c) = crate::planner::schema::column_of(self.m, name)?;
        self.field_info(crate::planner::lexicon::Field::Col(t, c))
    }

    /// True when every piece strictly between `a` and `b` is used or filler.
    fn quiet_between(&self, a: usize, b: usize) -> bool {
        (a + 1..b).all(|k| self.used[k] || self.p[k].is_filler() || self.p[k].is_punct(','))
    }

    /// True when the words between "or" at `o` and the value starting at
    /// `v` (filter `f`) are fillers, a participle naming the filter's own
    /// column ("directed" for `director`) and "by" right before the value.
    fn agent_of_value(&self, o: usize, v: usize, f: usize) -> bool {
        let Some(field) = self.filters.get(f).map(|x| x.field.clone()) else { return false };
        let Some(by) = v.checked_sub(1).filter(|&b| b > o && self.p[b].norm == "by") else { return false };
        let mut named = false;
        for k in o + 1..by {
            if self.used[k] || self.p[k].is_filler() {
                continue;
            }
            let own = super::agent::participle(self.p, k)
                && self.p[k].lex().is_some_and(|cands| {
                    cands.iter().any(|c| {
                        !c.fuzzy && matches!(c.target, Target::Column(..) | Target::Dimension(_)) && self.field_of(&c.target).is_some_and(|fi| fi.name == field)
                    })
                });
            if !own {
                return false;
            }
            named = true;
        }
        named
    }

    /// Comparisons joined by "or" become one disjunction. An "or higher
    /// than" that joins nothing is refused: its comparison is read already
    /// and answering without the "or" would answer "and".
    pub(super) fn or_conditions(&mut self) -> Result<(), Refusal> {
        self.join_or_conditions(false)
    }

    /// After the values are placed: "members under age 30 or with a black
    /// membership card", "last name Kohler or first name Marina". A
    /// comparison or value joined by "or" to a value on another column is
    /// one disjunction too (values of one column become a list later).
    pub(super) fn or_values(&mut self) -> Result<(), Refusal> {
        if !self.any_of.is_empty() {
            return Ok(());
        }
        self.join_or_conditions(true)
    }

    fn join_or_conditions(&mut self, late: bool) -> Result<(), Refusal> {
        let mut chains: Vec<Vec<usize>> = Vec::new();
        let mut joiners: Vec<Vec<usize>> = Vec::new();
        for o in 0..self.p.len() {
            if !self.joins_conditions(o) || (self.used[o] && !self.or_than(o)) {
                continue;
            }
            let left = self.spans.iter().filter(|s| s.2 < o).max_by_key(|s| s.2).copied();
            let right = self.spans.iter().filter(|s| s.1 >= o && s.0 != left.map_or(usize::MAX, |l| l.0)).min_by_key(|s| s.1).copied();
            let (Some(l), Some(r)) = (left, right) else {
                continue;
            };
            // Late, a verb adding no condition may stand between ("made
            // before 1980 or directed by James Cameron").
            let quiet = |a: usize, b: usize| self.quiet_between(a, b) || late && (a + 1..b).all(|k| self.used[k] || self.p[k].is_filler() || self.p[k].kind == PieceKind::Soft);
            // "or directed by James Cameron": the value's own column said
            // as a participle, then "by", right before the value.
            let agent = late && !quiet(o, r.1) && quiet(l.2, o) && self.agent_of_value(o, r.1, r.0);
            if !quiet(l.2, o) || !(quiet(o, r.1) || agent) {
                continue;
            }
            if agent {
                for k in o + 1..r.1 {
                    if !self.used[k] && !self.p[k].is_filler() {
                        let words = self.p[k].words.clone();
                        self.take(k, MatchKind::Column, format!("{words} (of the value after it)"), 0.85);
                    }
                }
            }
            match chains.iter().position(|g| g.last() == Some(&l.0)) {
                Some(g) => {
                    chains[g].push(r.0);
                    joiners[g].push(o);
                }
                None => {
                    chains.push(vec![l.0, r.0]);
                    joiners.push(vec![o]);
                }
            }
        }
        // One disjunction per plan.
        let joined: Vec<usize> = if chains.len() == 1 { joiners.concat() } else { Vec::new() };
        if let Some(o) = (0..self.p.len()).find(|&o| !late && self.or_than(o) && self.used[o] && !joined.contains(&o)) {
            return Err(self.refuse(format!(
                "I couldn't tell which conditions '{}' joins.",
                self.p[o].words
            )));
        }
        let (Some(chain), Some(ors)) = (chains.first().cloned(), joiners.first().cloned()) else {
            return Ok(());
        };
        if chains.len() > 1 {
            return Ok(());
        }
        // "in East Julianaside, Texas or in Gleasonmouth, Arizona", "female
        // and in BAL or male and under 20": another condition beside one
        // of those joined leaves open which ones "or" joins.
        if late {
            let touching = |a: usize, b: usize| {
                (a + 1..b).all(|k| {
                    let x = &self.p[k];
                    self.used[k] || x.is_filler() || matches!(x.kind, PieceKind::Punct(_) | PieceKind::Soft) || x.cue() == Some(Cue::And)
                })
            };
            let of_chain: Vec<(usize, usize)> = self.spans.iter().filter(|s| chain.contains(&s.0)).map(|s| (s.1, s.2)).collect();
            let beside = self.spans.iter().filter(|s| !chain.contains(&s.0)).any(|s| {
                of_chain.iter().any(|&(from, to)| s.2 < from && touching(s.2, from) || to < s.1 && touching(to, s.1))
            });
            if beside {
                return Ok(());
            }
        }
        // Values of one column: a list, which merging the filters makes.
        let first = chain.first().and_then(|fi| self.filters.get(*fi)).map(|f| f.field.as_str());
        if late && chain.iter().all(|fi| self.filters.get(*fi).is_some_and(|f| Some(f.field.as_str()) == first && matches!(f.op, Op::Eq | Op::In))) {
            return Ok(());
        }
        for o in ors {
            if !self.used[o] {
                self.take(o, MatchKind::Comparison, "or".into(), 1.0);
            }
        }
        self.any_of = chain.iter().filter_map(|&fi| self.filters.get(fi).cloned()).map(|f| vec![f]).collect();
        let mut gone = chain;
        gone.sort_unstable();
        for fi in gone.into_iter().rev() {
            if fi < self.filters.len() {
                self.filters.remove(fi);
            }
        }
        self.spans.clear();
        Ok(())
    }
}
