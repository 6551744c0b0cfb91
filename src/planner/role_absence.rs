//! Rows no other row names in a role: "technicians who have never been
//! assigned a work order", "staff who were never assigned to any
//! project", "members who have not hosted a play". The verb is the name
//! of a column of another table that points at the listed rows
//! (`work_orders.assigned_to` -> `technicians`, `plays.hosted_by` ->
//! `members`); the rows wanted are those no row of that table points at
//! through that column (an anti-join on that column, not on any other
//! relation between the two tables).
//!
//! Invariants: only after a negation ("never", "not"), over function
//! words ("been", "be", "to"); the verb is the first name after it and
//! one column of one table whose join goes to the listed rows' table;
//! what follows is nothing, or a noun for that table (after "a", "an",
//! "any"), then the end of the clause. Anything else is left to the
//! other readings.

use crate::plan::{Filter, Op, Operand};
use crate::planner::build::Ctx;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Reads "never been assigned a work order" after the negation at
    /// piece `i`; returns whether it was read.
    pub(super) fn negated_role_column(&mut self, i: usize) -> bool {
        let Some(b) = self.base else { return false };
        let Some(k) = (i + 1..self.p.len()).find(|&k| !matches!(self.p[k].kind, PieceKind::Stop | PieceKind::Soft)) else {
            return false;
        };
        if self.used[k] || !(i + 1..k).all(|x| matches!(self.p[x].norm.as_str(), "been" | "be" | "being" | "to" | "ever" | "yet")) {
            return false;
        }
        let Some((from, key, l)) = self.role_column_at(k, b) else { return false };
        // "a work order" after the verb: the pointing rows' own noun.
        let mut end = k;
        let mut noun = None;
        if let Some(n) = self.next_sig(k).filter(|&n| !self.used[n] && matches!(self.p[n].kind, PieceKind::Lex(_))) {
            if !self.p[n].lex().is_some_and(|c| c.iter().any(|c| !c.fuzzy && c.target == Target::Table(l))) {
                return false;
            }
            noun = Some(n);
            end = n;
        }
        if !self.clause_ends(end) {
            return false;
        }
        for x in i + 1..k {
            self.mark(x);
        }
        for x in k + 1..end {
            self.mark(x);
        }
        let confidence = self.p[k].lex().and_then(|c| c.first()).map_or(0.8, |c| c.confidence);
        self.take(k, MatchKind::Column, from.clone(), confidence);
        if let Some(n) = noun {
            self.take(n, MatchKind::Table, self.table_name(l), 0.9);
        }
        self.take(i, MatchKind::Comparison, format!("no {from} matches {key}"), 0.9);
        self.filters.push(Filter { field: key, op: Op::NotExists, value: Some(Operand::Column { column: from }) });
        true
    }

    /// The column named at piece `k` (its only sure reading) when it points
    /// at table `b`'s key: (that column, `b`'s key, the column's table).
    fn role_column_at(&self, k: usize, b: usize) -> Option<(String, String, usize)> {
        let cands = self.p[k].lex()?;
        let mut found = cands.iter().filter(|c| !c.fuzzy).filter_map(|c| match c.target {
            Target::Column(l, c) if l != b => {
                let from = schema::qualified(self.m, l, c);
                let join = self.m.joins.iter().find(|j| j.from.eq_ignore_ascii_case(&from) && schema::table_of(self.m, &j.to) == Some(b))?;
                Some((from, join.to.clone(), l))
            }
            _ => None,
        });
        let one = found.next()?;
        found.next().is_none().then_some(one)
    }

}
