//! Rows that some row of another table belongs to, said with "have":
//! "customers who have an account", "the customers who have some loans",
//! "students who have been in detention", "shops that hold a licence". The
//! other table's rows point at the listed rows (directly, or through the one
//! table linking the two), so the reading is a semi-join: the listed rows
//! for which such a row exists, each listed once.
//!
//! Invariants: it reads only a table noun that no other pass used, after a
//! possessive verb ("have", "has", "had", "hold", "own", "been in", ...)
//! reached over function words and verbs from the listed rows' table or a
//! relative pronoun; the other table must be found from the listed rows by
//! the same unique key path as an anti-join (`anti_join_key`); and nothing
//! after the noun may condition it ("a loan with amount over 3000", "an
//! invoice in 2010"): those questions join the tables and are read
//! elsewhere. A count or average over such rows counts each listed row
//! once, which a plain join would not.

use crate::plan::{Filter, Op, Operand};
use crate::planner::account;
use crate::planner::build::{Ctx, MKind};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::MatchKind;

/// Verbs of possession or membership that say "some row of it belongs to
/// this one".
const HAVE: &[&str] = &[
    "have", "has", "had", "having", "hold", "holds", "held", "own", "owns", "been",
];

/// Words that open the clause about the listed rows.
const RELATIVE: &[&str] = &["who", "that", "which", "with"];

impl Ctx<'_> {
    /// Reads each unused table noun after "have" as a semi-join on the
    /// listed rows' table.
    pub(super) fn existence_through_rows(&mut self) {
        let Some(b) = self.base else { return };
        for j in 0..self.p.len() {
            if self.used[j] || !matches!(self.p[j].kind, PieceKind::Lex(_)) {
                continue;
            }
            let Some(between) = self.possessive_clause(j, b) else {
                continue;
            };
            let Some(c) = self.pick(j, &|t| matches!(t, Target::Table(_))) else {
                continue;
            };
            let Target::Table(t) = c.target else { continue };
            if t == b {
                continue;
            }
            let Some((l, key, fk)) = self.anti_join_key(b, t) else {
                continue;
            };
            if !self.clause_ends(j) || self.mentions(&[l, t]) || !self.answer_on(b) {
                continue;
            }
            let (key, fk) = (
                schema::qualified(self.m, b, key),
                schema::qualified(self.m, l, fk),
            );
            if self
                .filters
                .iter()
                .any(|f| f.field == key && matches!(f.op, Op::Exists | Op::NotExists))
            {
                continue;
            }
            for k in between {
                self.mark(k);
            }
            self.take(j, MatchKind::Table, self.table_name(t), c.confidence);
            self.filters.push(Filter {
                field: key,
                op: Op::Exists,
                value: Some(Operand::Column { column: fk }),
            });
        }
    }

    /// Nothing but function words and verbs follows the noun `j` up to the
    /// end of its clause: "an invoice in 2010", "a happy hour in May" or
    /// "loans of both A and B" condition the other table's rows, which a
    /// bare semi-join would drop.
    fn clause_ends(&self, j: usize) -> bool {
        for x in &self.p[j + 1..] {
            match &x.kind {
                // "in May": a capitalised word is a name, even one that is
                // also a function word.
                PieceKind::Stop | PieceKind::Soft if !x.capital => {}
                PieceKind::Punct(_) | PieceKind::Cue(Cue::And) => return true,
                _ => return false,
            }
        }
        true
    }

    /// Some condition already read names table `ts`' rows (a value of the
    /// linked rows, a sub-query on them).
    fn mentions(&self, ts: &[usize]) -> bool {
        let on = |name: &str| account::resolve(self.m, name).is_some_and(|(t, _)| ts.contains(&t));
        self.filters.iter().any(|f| {
            on(&f.field)
                || matches!(&f.value, Some(Operand::Column { column } | Operand::Rows { column, .. } | Operand::Aggregate { column, .. }) if on(column))
        })
    }

    /// Everything the answer shows or groups by is a column of the listed
    /// rows' table `b`: a column of the other table would need its rows
    /// joined, not only their existence.
    fn answer_on(&self, b: usize) -> bool {
        let own = |name: &str| account::resolve(self.m, name).is_some_and(|(t, _)| t == b);
        self.fields.iter().all(|f| own(f))
            && self.groups.iter().all(|g| own(&g.name))
            && self.measures.iter().all(|m| match &m.kind {
                MKind::Agg(_, f) => self.field_info(*f).is_some_and(|f| f.table == b),
                MKind::Count(t) => t.is_none_or(|t| t == b),
                MKind::Metric(i) => {
                    schema::target_table(self.m, self.lx, &Target::Metric(*i)) == Some(b)
                }
            })
    }

    /// The filler pieces between the noun `j` and the clause that opens
    /// before it, when that clause is "have"-like: reached backwards over
    /// function words and verbs only, one of them a possessive verb, and
    /// ending at a relative word or at the listed rows' table `b` itself.
    fn possessive_clause(&self, j: usize, b: usize) -> Option<Vec<usize>> {
        let mut between = Vec::new();
        let mut have = false;
        for k in (0..j).rev() {
            let x = &self.p[k];
            let norm = x.norm.as_str();
            match &x.kind {
                _ if RELATIVE.contains(&norm) => {
                    return (have || norm == "with").then_some(between)
                }
                // "customers that live in Brazil and have an invoice".
                PieceKind::Cue(Cue::And) if have => return Some(between),
                PieceKind::Stop | PieceKind::Soft => {
                    have |= HAVE.contains(&norm);
                    between.push(k);
                }
                PieceKind::Lex(_) if matches!(self.p[k].top(), Some(Target::Table(t)) if *t == b) =>
                {
                    return have.then_some(between);
                }
                _ => return None,
            }
        }
        None
    }
}
