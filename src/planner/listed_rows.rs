//! "Show the players and the years played", "the rank, company, and market
//! value": a table's noun that is an item of what is listed asks to see
//! the table's rows, by the column that names them (`player.player`,
//! `company.company`), beside the other items.
//!
//! "List every station with its opening year" names the rows first, then
//! what is shown beside each.
//!
//! Invariants: only a listing (no measure), only a table the listing
//! already reads (no join is added for it), and only when neither the
//! rows' name nor their key is listed; the column takes the item's place
//! in the question's order among what is listed.

use crate::planner::build::Ctx;
use crate::planner::english::{self, Cue};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::MatchKind;
use crate::plan::DimensionRef;

impl Ctx<'_> {
    pub(super) fn listed_rows(&mut self) {
        if !self.measures.is_empty() || self.fields.is_empty() && self.groups.is_empty() {
            return;
        }
        for i in 0..self.p.len() {
            if self.used[i] || !(super::account::listed_position(self.p, i) && self.whole_item(i) || self.with_their(i)) {
                continue;
            }
            let Some(&Target::Table(t)) = self.p[i].top() else { continue };
            let (Some(c), key) = (schema::row_name(self.m, t), schema::row_key(self.m, t)) else { continue };
            let of_t = |f: &String| super::account::resolve(self.m, f).filter(|&(u, _)| u == t);
            let listed: Vec<(usize, usize)> = self.fields.iter().chain(self.groups.iter().map(|d| &d.name)).filter_map(of_t).collect();
            if listed.is_empty() || listed.iter().any(|&(_, k)| k == c || Some(k) == key) {
                continue;
            }
            let name = schema::qualified(self.m, t, c);
            // Before the items the question names after it.
            let first = (0..i).all(|k| !self.used[k] || self.p[k].lex().is_none());
            if self.fields.is_empty() {
                let at = if first { 0 } else { self.groups.len() };
                self.groups.insert(at, DimensionRef { name, grain: None });
            } else {
                let at = if first { 0 } else { self.fields.len() };
                self.fields.insert(at, name);
            }
            self.take(i, MatchKind::Table, self.table_name(t), 0.9);
        }
    }

    /// "List all stations with their opening year": the noun at `i` is the
    /// first thing named, and "with its" / "with their" adds the items
    /// shown beside each row.
    fn with_their(&self, i: usize) -> bool {
        let first = self.p[..i].iter().all(|x| x.kind == PieceKind::Stop || matches!(x.norm.as_str(), "every" | "each"));
        let with = self.p.get(i + 1).is_some_and(|x| x.norm == "with");
        let their = self.p.get(i + 2).is_some_and(|x| matches!(x.norm.as_str(), "its" | "their"));
        first && with && their
    }

    /// The noun at `i` is the whole item: it ends the item ("the players
    /// and", "company,"; not "the settlement amount and", which lists an
    /// amount) and no preposition puts it where the items come from ("all
    /// the data from the products and ...").
    fn whole_item(&self, i: usize) -> bool {
        let ends = self.p.get(i + 1).is_some_and(|n| n.cue() == Some(Cue::And) || n.kind == PieceKind::Punct(','));
        let word = (0..i).rev().find(|&k| !matches!(self.p[k].norm.as_str(), "the" | "a" | "an" | "all" | "their" | "its"));
        let after_preposition = word.is_some_and(|k| self.p[k].kind == PieceKind::Stop && english::is_slot(&self.p[k].norm));
        ends && !after_preposition
    }
}
