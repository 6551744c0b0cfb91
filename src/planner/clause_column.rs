//! A column named in a "who have ..." clause: "students who have president
//! votes", "customers that have a phone number". The clause says which
//! rows to show, so reading its column as one more column to list answers
//! a different question (every row, with that column beside it). What the
//! clause asks of the column (not empty, true, some value) is not said, so
//! the planner refuses rather than guess.
//!
//! Invariants: reads the pieces and the listed fields only; refuses only
//! when the column's piece follows "who|that|which have|has|had" (with at
//! most a determiner between) and the plan lists that column without any
//! filter on it, and no value follows within three pieces ("that have
//! the budget description 'Government'"); never changes the plan.

use crate::planner::build::{Ctx, Refusal};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;

impl Ctx<'_> {
    pub(super) fn clause_columns(&self) -> Result<(), Refusal> {
        for k in 0..self.p.len() {
            if !self.used[k] || !matches!(self.p[k].kind, PieceKind::Lex(_)) {
                continue;
            }
            let Some(f) = self.p[k].top().and_then(|t| self.field_of(t)) else { continue };
            if !self.fields.contains(&f.name) || self.filters.iter().chain(self.any_of.iter().flatten()).any(|x| x.field == f.name) {
                continue;
            }
            // "that have the budget description 'Government'", "that have
            // delegates from Democratic party": the clause states a value.
            let valued = (k + 1..(k + 4).min(self.p.len())).any(|i| match &self.p[i].kind {
                PieceKind::Quoted(..) => true,
                PieceKind::Lex(c) => c.first().is_some_and(|c| matches!(c.target, Target::Value(..) | Target::Segment(_))),
                _ => false,
            });
            if valued {
                continue;
            }
            let mut j = k;
            // "who have a phone number", "that has any orders".
            let before = |j: usize| j.checked_sub(1).map(|i| self.p[i].norm.as_str());
            if matches!(before(j), Some("a" | "an" | "the" | "any" | "some")) {
                j -= 1;
            }
            if !matches!(before(j), Some("have" | "has" | "had")) {
                continue;
            }
            j -= 1;
            if matches!(before(j), Some("who" | "that" | "which")) {
                return Err(self.refuse(format!(
                    "I couldn't tell what 'have {}' asks of '{}': a value it must have, or only that it is filled in.",
                    self.p[k].words, f.name
                )));
            }
        }
        Ok(())
    }
}
