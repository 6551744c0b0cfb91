//! Per-group extremes (argmax per group): "the crafter with the highest age
//! in each guild", "for each market, the stall with the lowest rent",
//! "stalls that have the largest rent per kind". The plan keeps the row(s)
//! with the extreme value within each group (`extreme_per`, ties kept) and
//! lists them; "the highest Y of each X" (no row asked for) stays
//! max(Y) by X and is not read here.
//!
//! Invariants: read only when the superlative follows "with" / "has" /
//! "have" / "having" (a row is asked for, picked by the superlative) and
//! is directly followed by a numeric or date column of one table, and a
//! grouping cue ("in each", "for each", "per") names a column of that same
//! table, or a table it references; otherwise the question is left to the
//! other passes.

use crate::plan::ExtremePer;
use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::{self, FieldInfo};
use crate::planner::MatchKind;

/// Words after which a superlative picks a row rather than a value.
const PICKING: &[&str] = &["with", "has", "have", "having"];

impl Ctx<'_> {
    /// Finds "the X with the highest Y in each Z" and sets `extreme`.
    pub(super) fn per_group_extremes(&mut self) {
        for i in 0..self.p.len() {
            if self.used[i] || self.extreme.is_some() || self.latest.is_some() {
                continue;
            }
            let desc = match self.p[i].cue() {
                Some(Cue::Most) => true,
                Some(Cue::Least) => false,
                _ => continue,
            };
            let Some(w) = (0..i).rev().find(|&k| self.p[k].norm != "the") else {
                continue;
            };
            if !PICKING.contains(&self.p[w].norm.as_str()) || i + 1 >= self.p.len() || self.used[i + 1] {
                continue;
            }
            let Some(by) = self
                .pick(i + 1, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
                .and_then(|c| self.field_of(&c.target))
                .filter(|f| f.numeric || f.temporal)
            else {
                continue;
            };
            let Some((g, z, part)) = self.group_of(by.table) else {
                continue;
            };
            let conf = |s: &Self, k: usize| s.p[k].lex().and_then(|c| c.first()).map_or(1.0, |c| c.confidence);
            let which = if desc { "highest" } else { "lowest" };
            self.take(i, MatchKind::Order, format!("row with the {which} {} per {}", by.name, part.name), 1.0);
            self.take(i + 1, MatchKind::Column, by.name.clone(), conf(self, i + 1));
            self.mark(g);
            let zt = match self.p[z].top() {
                Some(Target::Table(t)) => self.table_name(*t),
                _ => part.name.clone(),
            };
            self.take(z, MatchKind::Dimension, zt, conf(self, z));
            self.involved.insert(0, by.name.clone());
            self.involved.insert(0, part.name.clone());
            // The rows picked are what is listed: "the stall with ...".
            if self.subject.is_none() {
                self.subject = self.prev_sig(w).filter(|&k| matches!(self.p[k].top(), Some(Target::Table(t)) if *t == by.table));
            }
            self.base = Some(by.table);
            self.extreme = Some(ExtremePer { partition: part.name, by: by.name, desc });
        }
    }

    /// The grouping cue and what it groups by, as a field of `table`:
    /// (cue piece, noun piece, field). Exactly one such cue must be unused.
    fn group_of(&mut self, table: usize) -> Option<(usize, usize, FieldInfo)> {
        let cues: Vec<usize> = (0..self.p.len())
            .filter(|&k| !self.used[k] && matches!(self.p[k].cue(), Some(Cue::Group | Cue::Each)))
            .collect();
        let [g] = cues.as_slice() else {
            return None;
        };
        let z = self.next_sig(*g)?;
        if !matches!(self.p[z].kind, PieceKind::Lex(_)) || self.used[z] {
            return None;
        }
        let c = self
            .pick(z, &|t| matches!(t, Target::Dimension(_) | Target::Column(..)))
            .filter(|c| self.field_of(&c.target).is_some_and(|f| f.table == table))
            .or_else(|| self.pick(z, &|t| matches!(t, Target::Table(_))))?;
        let f = match &c.target {
            Target::Table(t) if *t != table => {
                schema::foreign_key(self.m, table, *t).and_then(|fk| self.field_info(Field::Col(table, fk)))
            }
            Target::Table(_) => None,
            other => self.field_of(other).filter(|f| f.table == table),
        }?;
        Some((*g, z, f))
    }
}
