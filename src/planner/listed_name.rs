//! "What are the name and description for role code MG?", "Show the name,
//! role code, and date of birth of the employee ...": "name" as an item of
//! what is listed asks for the column that names the rows the listing
//! reads (`roles.role_name`), beside the other items; "Show ids, customer
//! ids, card type codes ...": "ids" asks for the rows' key
//! (`customers_cards.card_id`).
//!
//! Invariants: only a listing (no measure) whose listed columns are all of
//! one table, no other table named in the question; only "name"/"names" or
//! "id"/"ids" standing alone as an item (first before "and" or a comma, or
//! between two of them); only a text column that names that table's rows,
//! its only column called a name (for "id", the primary key, called an
//! id); nothing is added when it is listed already. The column takes the
//! item's place in the question's order.

use crate::planner::build::Ctx;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::tokenize::split_identifier;
use crate::planner::MatchKind;

impl Ctx<'_> {
    pub(super) fn listed_name(&mut self) {
        if !self.measures.is_empty() || !self.groups.is_empty() || self.fields.is_empty() {
            return;
        }
        for i in 0..self.p.len() {
            let id = matches!(self.p[i].norm.as_str(), "id" | "ids");
            if self.used[i] || self.p[i].kind != PieceKind::Stop || !(id || matches!(self.p[i].norm.as_str(), "name" | "names")) || !self.listed_item(i) {
                continue;
            }
            let shown: Vec<(usize, usize)> = self
                .fields
                .iter()
                .filter(|f| !self.involved.contains(f))
                .filter_map(|f| super::account::resolve(self.m, f))
                .collect();
            // Every other column shown is the order's key ("the names and
            // dates of birth of members, youngest first"): its table.
            let ordered: Vec<(usize, usize)> = self.fields.iter().filter(|f| self.order.iter().any(|o| o.by == **f)).filter_map(|f| super::account::resolve(self.m, f)).collect();
            let shown = if shown.is_empty() && ordered.len() == self.fields.len() { ordered } else { shown };
            let Some(&(t, _)) = shown.first() else { continue };
            if shown.iter().any(|&(u, _)| u != t) {
                continue;
            }
            // "the name and role description of each employee": the name
            // of the rows the question names, not of the listed column's.
            let other_rows = self.p.iter().any(|x| matches!(x.top(), Some(Target::Table(u)) if *u != t));
            if other_rows {
                continue;
            }
            // "the ids, date opened and name of all accounts": the rows' key,
            // a column called an id.
            let c = if id {
                let Some(k) = self.m.tables[t].primary_key.as_deref().and_then(|k| self.m.tables[t].columns.iter().position(|x| x.name.eq_ignore_ascii_case(k))) else { continue };
                if split_identifier(&self.m.tables[t].columns[k].name).last().is_none_or(|w| w != "id") {
                    continue;
                }
                k
            } else {
                let Some(c) = schema::row_name(self.m, t) else { continue };
                // Two name columns (`first_name`, `last_name`): which one is a
                // guess, unless they are a person's two names, which the
                // plan shows together (`Ctx::with_last_names`).
                let named = self.m.tables[t].columns.iter().filter(|x| split_identifier(&x.name).iter().any(|w| w == "name")).count();
                let person = named == 2 && super::full_name::first_and_last(&self.m.tables[t].columns).is_some_and(|(f, _)| f == c);
                if !self.m.tables[t].columns[c].ty.eq_ignore_ascii_case("VARCHAR") || named > 1 && !person {
                    continue;
                }
                c
            };
            if shown.iter().any(|&(_, k)| k == c) {
                continue;
            }
            let name = schema::qualified(self.m, t, c);
            let first = (0..i).all(|k| !self.used[k] || self.p[k].lex().is_none());
            let at = if first { 0 } else { self.fields.len() };
            self.fields.insert(at, name.clone());
            self.take(i, MatchKind::Column, name, 0.9);
        }
    }

    /// The word at `i` is an item of a list (`account::listed_position`),
    /// or the first one before a comma ("the name, role code, and ...").
    fn listed_item(&self, i: usize) -> bool {
        let next = (i + 1..self.p.len()).find(|&k| self.p[k].kind != PieceKind::Stop);
        let first = self.p[..i].iter().all(|x| x.kind == PieceKind::Stop);
        super::account::listed_position(self.p, i) || first && next.is_some_and(|k| self.p[k].kind == PieceKind::Punct(','))
    }
}
