//! Window questions: outliers ("more than 3 standard deviations from their
//! sensor's mean") and each entity's latest row ("on their latest reading").
//!
//! Invariants: the outlier column is the nearest numeric column before the
//! number and the group the first dimension or table after "standard
//! deviations"; the latest row is per the question's subject, by the date of
//! the table named after "latest"; both make that table the listing's base.

use crate::plan::{LatestPer, Outliers};
use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::{self, FieldInfo};
use crate::planner::MatchKind;
use crate::semantic::is_temporal;

impl Ctx<'_> {
    /// "N standard deviations from their sensor's mean"; "on their latest reading".
    pub(super) fn outliers_and_latest(&mut self) {
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            match self.p[i].cue() {
                Some(Cue::Sigma) => self.sigma(i),
                Some(Cue::Latest) => self.latest_of(i),
                _ => {}
            }
        }
    }

    pub(super) fn sigma(&mut self, i: usize) {
        let n = self
            .prev_sig(i)
            .filter(|&k| matches!(self.p[k].kind, PieceKind::Number(_)));
        let sigmas = n
            .and_then(|k| {
                if let PieceKind::Number(x) = self.p[k].kind {
                    Some(x)
                } else {
                    None
                }
            })
            .unwrap_or(3.0);
        // The measured column: the nearest numeric column before.
        let mut column: Option<(usize, FieldInfo)> = None;
        let mut k = n.unwrap_or(i);
        while let Some(b) = self.prev_sig(k) {
            k = b;
            if let Some(c) = self.pick(b, &|t| {
                matches!(
                    t,
                    Target::Column(..) | Target::Dimension(_) | Target::Unit(..)
                )
            }) {
                if let Some(f) = self.field_of(&c.target).filter(|f| f.numeric) {
                    column = Some((b, f));
                    break;
                }
            }
        }
        let Some((ck, cf)) = column else { return };
        if let Some(c) = n
            .and_then(|k| self.prev_sig(k))
            .filter(|&c| matches!(self.p[c].cue(), Some(Cue::Cmp(_))))
        {
            self.mark(c);
        }
        // The group: the first table or dimension after the cue ("their sensor's mean").
        let mut partition: Option<(usize, FieldInfo)> = None;
        let mut j = i;
        while let Some(a) = self.next_sig(j) {
            j = a;
            if matches!(self.p[a].cue(), Some(Cue::Agg(_))) {
                self.mark(a);
                continue;
            }
            if self.p[a].lex().is_none() {
                if matches!(self.p[a].kind, PieceKind::Punct(_)) {
                    break;
                }
                continue;
            }
            let Some(c) = self
                .pick(a, &|t| {
                    matches!(t, Target::Dimension(_) | Target::Column(..))
                })
                .or_else(|| self.pick(a, &|t| matches!(t, Target::Table(_))))
            else {
                break;
            };
            let f = match &c.target {
                Target::Table(t) if *t != cf.table => schema::foreign_key(self.m, cf.table, *t)
                    .and_then(|fk| self.field_info(Field::Col(cf.table, fk))),
                Target::Table(_) => None,
                other => self.field_of(other),
            };
            if let Some(f) = f {
                partition = Some((a, f));
            }
            break;
        }
        self.take_lex(ck);
        if let Some(k) = n {
            self.mark(k);
        }
        self.take(
            i,
            MatchKind::Comparison,
            format!(
                "{} more than {sigmas} standard deviations from the mean",
                cf.name
            ),
            1.0,
        );
        if let Some((a, f)) = &partition {
            self.take(*a, MatchKind::Dimension, f.name.clone(), 0.9);
            self.involved.push(f.name.clone());
        }
        self.involved.push(cf.name.clone());
        if self.subject.is_none() || self.base != Some(cf.table) {
            self.base = Some(cf.table);
        }
        self.outliers = Some(Outliers {
            column: cf.name,
            partition: partition.map(|p| p.1.name),
            sigmas,
        });
    }

    pub(super) fn latest_of(&mut self, i: usize) {
        let Some(j) = self.next_sig(i) else { return };
        let Some(c) = self.pick(j, &|t| {
            matches!(
                t,
                Target::Table(_) | Target::Column(..) | Target::Dimension(_)
            )
        }) else {
            return;
        };
        let (table, time) = match &c.target {
            Target::Table(t) => (*t, self.time_of_table(*t)),
            other => match self.field_of(other) {
                Some(f) if f.temporal => (f.table, Some(f)),
                Some(f) => (f.table, self.time_of_table(f.table)),
                None => return,
            },
        };
        let Some(time) = time else { return };
        // The entity: what the question lists ("which sensors").
        let entity =
            self.subject
                .and_then(|s| self.p[s].top().cloned())
                .and_then(|t| match t {
                    Target::Table(st) if st != table => schema::foreign_key(self.m, table, st)
                        .and_then(|fk| self.field_info(Field::Col(table, fk))),
                    Target::Table(st) => schema::row_name(self.m, st)
                        .and_then(|k| self.field_info(Field::Col(st, k))),
                    other => self.field_of(&other).filter(|f| f.table == table),
                });
        let Some(entity) = entity else { return };
        // "Which customer is associated with the latest policy?": one
        // customer, of the one latest policy, not each customer's latest;
        // the latest of each needs rows in the plural or an "each".
        let each = self.p.iter().any(|x| x.says_each());
        if !each && self.subject.is_some_and(|s| !self.p[s].plural) && !self.p[j].plural {
            return;
        }
        self.take(
            i,
            MatchKind::Order,
            format!("latest {} per {}", self.table_name(table), entity.name),
            1.0,
        );
        self.take(j, MatchKind::Table, self.table_name(table), c.confidence);
        self.involved.insert(0, time.name.clone());
        self.involved.insert(0, entity.name.clone());
        self.base = Some(table);
        self.latest = Some(LatestPer {
            entity: entity.name,
            time: time.name,
        });
    }

    /// A table's date: its first time dimension, else its first date column.
    pub(super) fn time_of_table(&self, t: usize) -> Option<FieldInfo> {
        let own = self
            .sc
            .time_dims
            .get(t)?
            .iter()
            .find(|&&d| schema::table_of(self.m, &self.m.dimensions[d].column) == Some(t));
        if let Some(&d) = own {
            return self.field_info(Field::Dim(d));
        }
        let c = self.m.tables[t]
            .columns
            .iter()
            .position(|c| is_temporal(&c.ty))?;
        self.field_info(Field::Col(t, c))
    }
}
