//! The name of the row a column points at: "the name of its home port"
//! (`vessels.home_port` -> `ports`), "the name of their home lock"
//! (`keepers.home_lock` -> `locks`). The column holds an id; what is asked
//! is the name of the row that id is, read from the table it points at.
//! Grouped by such a column and asked by the other table's noun ("which
//! port is home port to the most vessels"), the groups show that name
//! beside the id.
//!
//! Invariants: read in a listing of the pointing column's own table only;
//! "name(s)" (or "title(s)") right before "of", a possessive or article,
//! then the column, its one sure reading; the column is the only relation
//! between the two tables (no second column, no reverse pointer), so the
//! join can only go through it; the table pointed at has a name column.

use crate::planner::build::{Ctx, Refusal};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Reads "the name of its home port" at piece `k` ("name") in a
    /// listing of table `t`; returns whether it was read. Refuses when the
    /// column is one of several relations between the two tables (which
    /// one the join goes through cannot be said yet): showing the id it
    /// holds as the name would answer a different question.
    pub(super) fn take_pointed_name(&mut self, k: usize, t: usize, fields: &mut Vec<String>) -> Result<bool, Refusal> {
        if self.used[k] || self.p[k].kind != PieceKind::Stop || !matches!(self.p[k].norm.as_str(), "name" | "names" | "title" | "titles") {
            return Ok(false);
        }
        if self.p.get(k + 1).is_none_or(|x| x.norm != "of") {
            return Ok(false);
        }
        let mut c = k + 2;
        if self.p.get(c).is_some_and(|x| matches!(x.norm.as_str(), "its" | "their" | "the" | "his" | "her" | "each")) {
            c += 1;
        }
        let Some(x) = self.p.get(c).filter(|_| !self.used[c]) else { return Ok(false) };
        let sure: Vec<&Target> = x.lex().unwrap_or_default().iter().filter(|c| !c.fuzzy).map(|c| &c.target).collect();
        let [Target::Column(l, col)] = sure.as_slice() else { return Ok(false) };
        let (l, col) = (*l, *col);
        if l != t {
            return Ok(false);
        }
        let from = schema::qualified(self.m, l, col);
        let Some((to, relations)) = self.pointed_table(l, col) else { return Ok(false) };
        let Some(name_col) = schema::label_column(self.m, to) else { return Ok(false) };
        if relations != 1 {
            return Err(self.refuse(format!(
                "'{}' names a row of {} through {from}, but {} and {} are related in more than one way and I can't yet join through that one alone; the answer would show the id it holds, not a name.",
                self.p[c].words,
                self.table_name(to),
                self.table_name(l),
                self.table_name(to)
            )));
        }
        let name = self.field_info(crate::planner::lexicon::Field::Col(to, name_col)).map(|f| f.name).unwrap_or_else(|| schema::qualified(self.m, to, name_col));
        self.take(k, MatchKind::Column, name.clone(), 0.8);
        self.mark(k + 1);
        if c > k + 2 {
            self.mark(k + 2);
        }
        self.take(c, MatchKind::Table, self.table_name(to), 0.8);
        if !fields.contains(&name) {
            fields.push(name);
        }
        Ok(true)
    }

    /// "Which port is home port to the most vessels": a grouping by a
    /// column pointing at another table (its one relation to it), named in
    /// the question by that table's noun ("port"), shows the name of the
    /// row pointed at beside the id.
    pub(super) fn pointed_labels(&mut self) {
        let mut add: Vec<(usize, String)> = Vec::new();
        for (gi, g) in self.groups.iter().enumerate() {
            if g.grain.is_some() {
                continue;
            }
            let Some((l, col)) = super::account::resolve(self.m, &g.name) else { continue };
            let Some(to) = self.one_relation(l, col) else { continue };
            let Some(name_col) = schema::label_column(self.m, to) else { continue };
            let name = self.field_info(crate::planner::lexicon::Field::Col(to, name_col)).map(|f| f.name).unwrap_or_else(|| schema::qualified(self.m, to, name_col));
            if self.groups.iter().any(|x| x.name == name) || add.iter().any(|(_, n)| *n == name) {
                continue;
            }
            let head = super::named::head_noun(&self.m.tables[to].name).map(|h| crate::planner::tokenize::stem(&h));
            // "port", or a phrase ending in it ("home location" for
            // `members.home_location` pointing at `locations`).
            let by_noun = |x: &&crate::planner::Match| {
                let last = x.words.split_whitespace().last().map(|w| crate::planner::tokenize::stem(&w.to_lowercase()));
                head.as_deref().is_some_and(|h| last.as_deref() == Some(h))
            };
            let named: Vec<&crate::planner::Match> = self.matches.iter().filter(|x| x.target == g.name).collect();
            // Only by the noun: "the member id ... for each member" asks for the ids.
            let says_id = |w: &str| w.to_lowercase().split_whitespace().any(|w| matches!(w, "id" | "ids"));
            let asks_ids = self.p.iter().any(|x| says_id(&x.words));
            let asked_by_noun = !asks_ids && named.iter().any(by_noun);
            if asked_by_noun {
                add.push((gi + 1, name));
            }
        }
        for (at, name) in add.into_iter().rev() {
            self.groups.insert(at, crate::plan::DimensionRef { name, grain: None });
        }
    }

    /// The table column `col` of table `l` points at, when that is the
    /// only relation between the two tables.
    fn one_relation(&self, l: usize, col: usize) -> Option<usize> {
        self.pointed_table(l, col).filter(|&(_, relations)| relations == 1).map(|(to, _)| to)
    }

    /// The table column `col` of table `l` points at (never `l` itself),
    /// and how many joins relate the two tables either way.
    fn pointed_table(&self, l: usize, col: usize) -> Option<(usize, usize)> {
        let from = schema::qualified(self.m, l, col);
        let to = self.m.joins.iter().find(|j| j.from.eq_ignore_ascii_case(&from)).and_then(|j| schema::table_of(self.m, &j.to))?;
        let relations = self
            .m
            .joins
            .iter()
            .filter(|j| {
                let (a, b) = (schema::table_of(self.m, &j.from), schema::table_of(self.m, &j.to));
                (a, b) == (Some(l), Some(to)) || (a, b) == (Some(to), Some(l))
            })
            .count();
        (to != l).then_some((to, relations))
    }
}
