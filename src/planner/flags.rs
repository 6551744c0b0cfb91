//! Yes/no columns said as a predicate: "medicines that are FDA approved",
//! "students who are on scholarship", "the heads who are acting". A column
//! whose only values are a yes and a no (`Y`/`N`, `Yes`/`No`, `T`/`F`,
//! `true`/`false`, `1`/`0`), named after "is/are/was/were" or "who/that"
//! with no negation, is a condition that the row says yes, not a column to
//! list (listing it would show every row, the yes and the no).
//!
//! Invariants: only BOOLEAN columns and columns with a known pair of
//! yes/no values (a dimension's value list) are read so; a negated predicate ("who are not
//! on scholarship") is left to the other passes.

use crate::plan::{Filter, Op, Operand};
use crate::planner::build::Ctx;
use crate::planner::lexicon::Target;
use crate::planner::MatchKind;

/// Pairs of values that mean yes and no, yes first.
const PAIRS: &[(&str, &str)] = &[("y", "n"), ("yes", "no"), ("t", "f"), ("true", "false"), ("1", "0")];

/// Words after which a column word is said of the rows ("who are ...").
const PREDICATE: &[&str] = &["is", "are", "was", "were", "been", "be", "who", "that", "which"];

/// Words that negate a predicate.
const NEGATION: &[&str] = &["not", "no", "never", "non", "without", "n't", "nt"];

/// The value meaning yes, when a dimension's values are exactly a yes and a no.
pub(super) fn yes_value(values: &[String]) -> Option<String> {
    if values.len() != 2 {
        return None;
    }
    let low: Vec<String> = values.iter().map(|v| v.trim().to_lowercase()).collect();
    PAIRS.iter().find_map(|(y, n)| {
        let yes = low.iter().position(|v| v == y)?;
        low.iter().any(|v| v == n).then(|| values[yes].clone())
    })
}

impl Ctx<'_> {
    /// Reads yes/no columns said as predicates as filters on their yes value.
    pub(super) fn yes_no_flags(&mut self) {
        for j in 0..self.p.len() {
            if self.used[j] || !matches!(self.p[j].top(), Some(Target::Column(..) | Target::Dimension(_))) {
                continue;
            }
            // "medicines that are FDA approved": a noun, a predicate, the column.
            let Some(noun) = self.noun_before_predicate(j) else { continue };
            let negated = (noun..j).any(|k| NEGATION.contains(&self.p[k].norm.as_str()));
            if negated {
                continue;
            }
            let Some(c) = self.pick(j, &|t| matches!(t, Target::Column(..) | Target::Dimension(_))) else { continue };
            let Some(f) = self.field_of(&c.target) else { continue };
            let boolean = f.column.is_some_and(|col| self.m.tables[f.table].columns[col].ty.eq_ignore_ascii_case("BOOLEAN"));
            let yes = if boolean {
                serde_json::Value::Bool(true)
            } else {
                let Some(d) = f.dim else { continue };
                let Some(yes) = yes_value(&self.m.dimensions[d].values) else { continue };
                serde_json::Value::String(yes)
            };
            if self.filters.iter().any(|x| x.field == f.name) {
                continue;
            }
            self.take(j, MatchKind::Value, format!("{} = {yes}", f.name), c.confidence);
            self.filters.push(Filter { field: f.name, op: Op::Eq, value: Some(Operand::Value(yes)) });
        }
    }

    /// The noun piece said to be what column piece `j` says: it comes just
    /// before a predicate ("who are", "that is") leading to `j`.
    fn noun_before_predicate(&self, j: usize) -> Option<usize> {
        let mut saw_predicate = false;
        for k in (0..j).rev() {
            let w = self.p[k].norm.as_str();
            if PREDICATE.contains(&w) {
                saw_predicate = true;
                continue;
            }
            // "the ids for those on scholarship": the pronoun is the rows
            // and says the predicate itself.
            if matches!(w, "those" | "ones") {
                return Some(k);
            }
            if matches!(w, "the" | "a" | "an" | "on" | "in" | "currently") || NEGATION.contains(&w) {
                continue;
            }
            // "student ids who are on scholarship": the noun comes before
            // the word for what is listed of it.
            if saw_predicate && matches!(w, "id" | "ids" | "name" | "names") {
                continue;
            }
            return (saw_predicate && matches!(self.p[k].top(), Some(Target::Table(_) | Target::Column(..) | Target::Dimension(_))))
                .then_some(k);
        }
        None
    }
}
