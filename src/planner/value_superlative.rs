//! "Who is the youngest male?", "the name of the oldest student" where
//! "male" and "student" are values (of a gender or job column) rather than
//! a table's name: the rows of the value's table that hold the value, first
//! in the order the superlative says (`argmax`), as "the youngest person
//! who is male" would be.
//!
//! Invariants: read only where `argmax` found a superlative with its
//! measure but no table noun after it; the value words come right after the
//! superlative and end the question (nothing but punctuation after them),
//! are not misspellings, each names values of one and the same table, and
//! the last is singular (one row asked for, or a count said before); what
//! the question asks before the superlative is of that table; the measure
//! is the one column of that table that says it. The value itself is left
//! for the condition passes to read as a filter. When nothing before the
//! superlative names what to show, the rows' name (else key) is shown.

use crate::planner::build::Ctx;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Reads "the youngest male" as the male rows in age order, first kept;
    /// returns whether it was read. `span` is the superlative's pieces and
    /// `order` finds the measured column of a table with its direction.
    pub(super) fn superlative_of_value(
        &mut self,
        i: usize,
        span: &[usize],
        order: &dyn Fn(&Self, usize) -> Option<(schema::FieldInfo, bool)>,
    ) -> bool {
        let last = span.last().copied().unwrap_or(i);
        let mut values: Vec<usize> = Vec::new();
        let mut n = self.next_sig(last);
        while let Some(k) = n.filter(|&k| !self.used[k] && matches!(self.p[k].top(), Some(Target::Value(..)))) {
            values.push(k);
            n = self.next_sig(k);
        }
        let Some(&v) = values.last() else { return false };
        if n.is_some_and(|k| !matches!(self.p[k].kind, crate::planner::intent::PieceKind::Punct('?' | '.'))) {
            return false;
        }
        let mut tables = values.iter().flat_map(|&k| {
            let cands = self.p[k].lex().unwrap_or(&[]);
            let best = cands.first().map(|c| c.confidence).unwrap_or(0.0);
            cands
                .iter()
                .filter(move |c| c.confidence >= best - 1e-6)
                .map(|c| (c.fuzzy, schema::target_table(self.m, self.lx, &c.target)))
                .collect::<Vec<_>>()
        });
        let Some((false, Some(t))) = tables.next() else { return false };
        if !tables.all(|(fuzzy, x)| !fuzzy && x == Some(t)) {
            return false;
        }
        if !self.asked_of(t, i, None) {
            return false;
        }
        let count = self.prev_sig(i).and_then(|k| self.whole_count(k));
        if self.p[v].plural && count.is_none() && self.limit.is_none() {
            return false;
        }
        let Some((f, desc)) = order(self, t) else { return false };
        // "Who is the youngest male?": nothing asked before, so the rows' name.
        let asks_column = (0..i).any(|k| {
            !self.used[k]
                && self.p[k].lex().is_some_and(|c| {
                    c.iter().any(|c| !c.fuzzy && matches!(c.target, Target::Column(..) | Target::Dimension(_)))
                })
        });
        let shown = schema::row_name(self.m, t).or_else(|| schema::row_key(self.m, t));
        self.keep_first(count);
        let dir = if desc { "descending" } else { "ascending" };
        for &k in span {
            self.take(k, MatchKind::Order, format!("{} {dir}", f.name), 0.8);
        }
        self.base = Some(t);
        if !asks_column {
            if let Some(name) = shown.and_then(|c| self.field_info(Field::Col(t, c))) {
                if !self.involved.contains(&name.name) {
                    self.involved.push(name.name);
                }
            }
        }
        if !self.involved.contains(&f.name) {
            self.involved.push(f.name.clone());
        }
        self.order.push(crate::plan::OrderBy { by: f.name, desc });
        true
    }
}
