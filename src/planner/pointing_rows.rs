//! "What are the names of body builders?", "the name of the perpetrator
//! with the biggest weight", "the names of poker players": a table named
//! only as the rows the question lists (`body_builder`), whose answer
//! columns all live in the one table those rows point at (`people.name`
//! through `body_builder.people_id`). The answer has one row per named
//! row, shown through the row it points at (`Plan::rows_of`: `FROM
//! body_builder JOIN people`). Read without the noun, the question would
//! be about every person.
//!
//! Invariants: listings only (a total over such rows is left to the
//! leftover check, which refuses); the table noun is unused by every other
//! pass and is the table's own noun, not a verb naming it ("live in" for
//! `lives_in`); the plan's answer, conditions and order all read one other
//! table, which the named table points at by exactly one column; the named
//! table is read nowhere else in the plan and is not a pure link table
//! ("train stations" for `train_station` names the stations); no condition
//! or picking word sits right beside the noun ("shipment after 2000",
//! "the first rental"), since it would condition the named rows.

use crate::planner::account::resolve;
use crate::planner::build::{Ctx, MKind};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::tokenize::split_identifier;
use crate::planner::MatchKind;

/// Words before a noun that pick some of its rows ("the first rental"):
/// the rows pointed at would be conditioned by them, not by all rows.
const PICKS: &[&str] = &["first", "last", "latest", "earliest", "newest", "oldest", "recent", "previous", "next", "only"];

/// A table whose columns are all its key or pointers to other tables
/// (`train_station`: a train id and a station id): "train stations" names
/// the stations, not the pairs.
fn only_keys(m: &crate::semantic::Manifest, t: usize) -> bool {
    let table = &m.tables[t];
    table.columns.iter().enumerate().all(|(c, col)| {
        table.primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&col.name))
            || m.joins.iter().any(|j| schema::column_of(m, &j.from) == Some((t, c)))
    })
}

impl Ctx<'_> {
    /// Reads an unused table noun as the rows a listing shows, through the
    /// table they point at, when everything else the plan reads is that
    /// table.
    pub(super) fn rows_named_by_pointing_table(&mut self) {
        if self.latest.is_some() || self.outliers.is_some() || self.extreme.is_some() || !self.any_of.is_empty() {
            return;
        }
        let m = self.m;
        let read = self.tables_read();
        let [r] = read.as_slice() else { return };
        let r = *r;
        if !self.measures.is_empty() || !self.answer_on(r) || (self.fields.is_empty() && self.groups.is_empty()) {
            return;
        }
        for j in 0..self.p.len() {
            if self.used[j] || !matches!(self.p[j].kind, PieceKind::Lex(_)) {
                continue;
            }
            let Some(c) = self.p[j].lex().and_then(|c| c.first()).cloned() else { continue };
            let Target::Table(t) = c.target else { continue };
            if c.fuzzy || t == r || self.mentions(&[t]) || only_keys(m, t) || !self.names_rows(j, t) || self.conditioned_here(j) {
                continue;
            }
            if schema::reverse_key(m, r, t).is_none() {
                continue;
            }
            self.take(j, MatchKind::Table, self.table_name(t), c.confidence);
            self.rows_of = Some(t);
            return;
        }
    }

    /// "the enrollment dates of all the tests that have result Pass", "the
    /// category descriptions of the products whose descriptions include
    /// t": the answer's columns, all of one table, are read through the
    /// rows named after "of" or "for", which the conditions pick and which
    /// point at that table. The answer has one row per such row
    /// (`rows_of`), not one per row shown, which a listing picked by
    /// other rows' conditions otherwise has ("customers who have orders
    /// with status Packing" lists each customer once).
    pub(super) fn rows_named_after_of(&mut self) {
        if self.rows_of.is_some() || self.latest.is_some() || self.outliers.is_some() || self.extreme.is_some() {
            return;
        }
        if !self.measures.is_empty() || !self.groups.is_empty() || self.fields.is_empty() {
            return;
        }
        let m = self.m;
        let mut shown: Vec<usize> = self.fields.iter().filter_map(|f| resolve(m, f).map(|(t, _)| t)).collect();
        shown.dedup();
        let [r] = shown.as_slice() else { return };
        let r = *r;
        let filtered: Vec<usize> = self.filters.iter().filter_map(|f| resolve(m, &f.field).map(|(t, _)| t)).collect();
        for j in 0..self.p.len() {
            // The noun is a word of the table's name ("tests" for
            // `student_tests_taken`), however the piece was read.
            let last = self.p[j].words.split_whitespace().last().map(|w| crate::words::singular(&w.to_lowercase())).unwrap_or_default();
            let names = |t: usize| split_identifier(&m.tables[t].name).iter().any(|n| crate::words::singular(&n.to_lowercase()) == last);
            // "the genders of staff" names the rows shown, not the staff's
            // `staff_department_assignments`.
            if names(r) {
                continue;
            }
            let Some(t) = filtered.iter().copied().find(|&t| t != r && names(t)) else { continue };
            let before = (0..j).rev().find(|&k| !matches!(self.p[k].norm.as_str(), "the" | "all" | "a" | "an" | "each" | "every"));
            if !before.is_some_and(|k| matches!(self.p[k].norm.as_str(), "of" | "for")) {
                continue;
            }
            if schema::reverse_key(m, r, t).is_some() {
                self.rows_of = Some(t);
            }
            return;
        }
    }

    /// The tables the plan reads so far: its fields, conditions, order,
    /// groups and measures.
    pub(super) fn tables_read(&self) -> Vec<usize> {
        let m = self.m;
        let table = |name: &str| resolve(m, name).map(|(t, _)| t);
        let mut read: Vec<usize> = Vec::new();
        let mut add = |t: Option<usize>| match t {
            Some(t) if !read.contains(&t) => read.push(t),
            _ => {}
        };
        for f in &self.fields {
            add(table(f));
        }
        for f in &self.filters {
            add(table(&f.field));
        }
        for o in self.order.iter().filter(|o| !o.by.is_empty() && !o.by.starts_with("#m")) {
            add(table(&o.by));
        }
        for g in &self.groups {
            add(table(&g.name));
        }
        for d in &self.measures {
            add(match &d.kind {
                MKind::Agg(_, f) => self.field_info(*f).map(|f| f.table),
                MKind::Count(t) => t.or(self.base),
                MKind::Metric(i) => schema::target_table(m, self.lx, &Target::Metric(*i)),
            });
        }
        read
    }

    /// The piece `j` is the table's noun ("body builders" for
    /// `body_builder`), not a verb that names it ("live in" for `lives_in`,
    /// "settled" for `settlements`): its last word is the table name's
    /// last word, in the singular or plural.
    fn names_rows(&self, j: usize, t: usize) -> bool {
        let last = self.p[j].words.split_whitespace().last().map(str::to_lowercase).unwrap_or_default();
        let name = split_identifier(&self.m.tables[t].name);
        name.last().is_some_and(|n| crate::words::singular(n) == crate::words::singular(&last))
    }

    /// A condition read right after the noun ("shipment after 2000-01-01")
    /// or a word picking some of its rows right before it ("the first
    /// rental") is about the named rows, which the semi-join would drop.
    fn conditioned_here(&self, j: usize) -> bool {
        let after = self.p.get(j + 1).is_some_and(|x| {
            self.used[j + 1] && matches!(x.kind, PieceKind::Time(_) | PieceKind::Number(_) | PieceKind::Quoted(..) | PieceKind::Cue(_))
                || matches!(x.top(), Some(Target::Value(..)))
        });
        let before = (0..j).rev().find(|&k| !matches!(self.p[k].norm.as_str(), "the" | "a" | "an")).is_some_and(|k| {
            // "the names of conductors and the corresponding orchestras":
            // the noun is listed beside them, not the rows they come from.
            PICKS.contains(&self.p[k].norm.as_str()) || matches!(self.p[k].norm.as_str(), "corresponding" | "respective")
        });
        after || before
    }
}
