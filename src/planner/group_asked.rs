//! Columns asked of the groups after the question: "Which keeper handled
//! the most lock passages? Give the first and last name.", "Which glacier
//! has the highest maximum elevation? Give its name and country." The
//! groups are the rows of a table (its name, key or first name); a
//! closing sentence that asks for more of those rows' columns adds them to
//! what the groups show.
//!
//! Invariants: only a grouped measure whose groups include a column of the
//! table asked of; only in a closing sentence that opens with an asking
//! verb ("give", "return", "show", "list", "tell", "name", "include")
//! after the end of the first one; only text columns or the table's key,
//! each the piece's one sure reading, and every name in the closing
//! sentence must be such a column (else nothing is read and the question
//! is refused as before). "first" before "and <last name>" is the first
//! name column.

use crate::planner::build::Ctx;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::MatchKind;

/// Verbs that open a closing sentence asking for columns.
pub(super) const ASKING: &[&str] = &["give", "return", "show", "list", "tell", "name", "include", "provide", "display"];

impl Ctx<'_> {
    /// Adds the columns a closing "Give the first and last name." asks
    /// for to the groups.
    pub(super) fn group_columns_asked(&mut self) {
        if self.groups.is_empty() || self.measures.is_empty() {
            return;
        }
        let grouped: Vec<usize> = self
            .groups
            .iter()
            .filter(|g| g.grain.is_none())
            .filter_map(|g| super::account::resolve(self.m, &g.name).map(|(t, _)| t))
            .collect();
        // The closing sentence: after a '?' or '.' that is not the last piece.
        let Some(end) = (0..self.p.len().saturating_sub(1)).rev().find(|&k| matches!(self.p[k].kind, PieceKind::Punct('?' | '.'))) else {
            return;
        };
        let Some(open) = (end + 1..self.p.len()).find(|&k| !matches!(self.p[k].kind, PieceKind::Punct(_))) else { return };
        if !ASKING.contains(&self.p[open].norm.as_str()) {
            return;
        }
        let mut asked: Vec<(usize, String)> = Vec::new();
        for k in open + 1..self.p.len() {
            if self.used[k] || !matches!(self.p[k].kind, PieceKind::Lex(_)) {
                continue;
            }
            let sure: Vec<&Target> = self.p[k].lex().unwrap_or_default().iter().filter(|c| !c.fuzzy).map(|c| &c.target).collect();
            let found = sure.iter().find_map(|t| match t {
                Target::Column(t, c) if grouped.contains(t) => {
                    let col = &self.m.tables[*t].columns[*c];
                    let key = self.m.tables[*t].primary_key.as_deref().is_some_and(|p| p.eq_ignore_ascii_case(&col.name));
                    (col.ty.eq_ignore_ascii_case("VARCHAR") || key).then(|| self.field_info(Field::Col(*t, *c)).map(|f| f.name)).flatten()
                }
                _ => None,
            });
            // "the ringer's first name": the groups' own noun.
            let own_noun = sure.iter().any(|t| matches!(t, Target::Table(t) if grouped.contains(t)));
            match found {
                Some(name) => asked.push((k, name)),
                None if own_noun => self.mark(k),
                // Another name in the closing sentence: not only columns of the groups.
                None => return,
            }
        }
        if asked.is_empty() {
            return;
        }
        // "the first and last name": "first" is the first name column.
        for &(k, ref name) in &asked.clone() {
            let Some((t, c)) = super::account::resolve(self.m, name) else { continue };
            let Some((first, last)) = super::full_name::first_and_last(&self.m.tables[t].columns) else { continue };
            if c != last || k < 2 || self.p[k - 1].norm != "and" || self.used[k - 2] || self.p[k - 2].norm != "first" {
                continue;
            }
            if let Some(f) = self.field_info(Field::Col(t, first)) {
                asked.push((k - 2, f.name));
                self.mark(k - 1);
            }
        }
        asked.sort_by_key(|(k, _)| *k);
        for (k, name) in asked {
            if self.p[k].lex().is_some() {
                self.take(k, MatchKind::Column, name.clone(), 0.9);
            } else {
                self.mark(k);
            }
            if !self.groups.iter().any(|g| g.name == name) {
                self.groups.push(crate::plan::DimensionRef { name, grain: None });
            }
        }
    }
}
