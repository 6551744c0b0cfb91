//! The noun of the rows counted, read as a group beside the real one.
//!
//! "the studios of each film and the number of films produced by that
//! studio", "Group ships by flag, and return the number of ships that
//! have each flag": the table's noun ("film", "ships") names the rows the
//! question counts, while a column of those same rows (`studio`, `flag`)
//! is what they are grouped by. Grouping by the noun as well (the rows'
//! name or key) would count each row once. The noun is then read as the
//! counted table, not a group.
//!
//! Invariants: only a group taken from a word whose best reading is the
//! counted table itself, resolving to that table's name or key, beside a
//! category column of the same table; a name asked by its own word ("the
//! name and the number of ...") stays a group.

use crate::planner::build::{Ctx, MKind};
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// The tables whose rows a measure counts, named by their noun there
    /// ("the number of ships"), with the piece of that noun.
    fn counted_row_tables(&self) -> Vec<(usize, usize)> {
        self.measures
            .iter()
            .filter(|d| d.filters.is_empty() && !d.share)
            .filter_map(|d| {
                let t = match d.kind {
                    MKind::Count(t) => t.or(self.base),
                    MKind::Metric(mi) => self.sc.count_metric.iter().position(|x| *x == Some(mi)),
                    MKind::Agg(..) => None,
                }?;
                let noun = |k: usize| {
                    self.p.get(k).is_some_and(|x| match x.top() {
                        Some(Target::Table(u)) => *u == t,
                        Some(Target::Metric(mi)) => self.sc.count_metric.get(t) == Some(&Some(*mi)),
                        _ => false,
                    })
                };
                // The measure sits on its noun or on "the number of" before it.
                let at = Some(d.at).filter(|&k| noun(k)).or_else(|| self.next_sig(d.at).filter(|&k| noun(k)))?;
                Some((t, at))
            })
            .collect()
    }

    /// Drops a group by the counted rows' own name or key that came from
    /// the rows' noun, when a category of the same rows is grouped too.
    pub(super) fn drop_counted_noun_group(&mut self) {
        if self.groups.len() < 2 || !self.having.is_empty() {
            return;
        }
        for (t, at) in self.counted_row_tables() {
            let own = |name: &str| {
                super::account::resolve(self.m, name)
                    .is_some_and(|(gt, gc)| gt == t && schema::names_row(self.m, t, gc))
            };
            let category = self.groups.iter().any(|g| {
                g.grain.is_none() && super::account::resolve(self.m, &g.name).is_some_and(|(gt, _)| gt == t) && self.categorical_attribute(&g.name)
            });
            if !category {
                continue;
            }
            // The group's words must be the table's noun, not "name" or "id".
            let noun_words: Vec<String> = self
                .p
                .iter()
                .enumerate()
                .filter(|(i, x)| *i != at && x.top() == Some(&Target::Table(t)))
                .map(|(_, x)| x.words.clone())
                .collect();
            let Some(k) = self.matches.iter().position(|mt| {
                mt.kind == MatchKind::Dimension && own(&mt.target) && noun_words.contains(&mt.words) && self.groups.iter().any(|g| g.grain.is_none() && g.name == mt.target)
            }) else {
                continue;
            };
            let name = self.matches[k].target.clone();
            self.groups.retain(|g| g.name != name);
            self.order.retain(|o| o.by != name);
            self.fields.retain(|f| *f != name);
            self.matches[k].kind = MatchKind::Table;
            self.matches[k].target = self.m.tables[t].name.clone();
            return;
        }
    }
}
