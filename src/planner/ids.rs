//! A number after the word "id": "the aircraft with id 12", "the employee
//! with the id 242518965", "the aircraft that has an id of 12" is the row
//! whose key is that number.
//!
//! Invariants: the rows are those of the table named just before (across
//! function words only); the key is the table's primary key and holds
//! numbers; otherwise the number is left to the other passes (and to the
//! refusal when none places it).

use crate::plan::Op;
use crate::planner::build::Ctx;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// "with id 12": an equality on the key of the rows named before.
    pub(super) fn id_numbers(&mut self) {
        for n in 1..self.p.len() {
            let PieceKind::Number(x) = self.p[n].kind else { continue };
            if self.used[n] || x.fract() != 0.0 {
                continue;
            }
            let mut k = n - 1;
            if self.p[k].norm == "of" && k > 0 {
                k -= 1;
            }
            if self.p[k].norm != "id" || self.used[k] {
                continue;
            }
            let id = k;
            // The rows: a table named just before, across function words.
            let Some(t) = (0..id).rev().take_while(|&j| self.p[j].is_filler() || self.p[j].lex().is_some()).find_map(|j| {
                if self.p[j].is_filler() {
                    return None;
                }
                match self.p[j].top() {
                    Some(Target::Table(t)) => Some(Some(*t)),
                    _ => Some(None),
                }
            }).flatten() else {
                continue;
            };
            let table = &self.m.tables[t];
            let Some(c) = table
                .primary_key
                .as_ref()
                .and_then(|pk| table.columns.iter().position(|c| c.name.eq_ignore_ascii_case(pk)))
            else {
                continue;
            };
            if schema::row_key(self.m, t) != Some(c) {
                continue;
            }
            let Some(f) = self.field_info(Field::Col(t, c)).filter(|f| f.numeric && !f.temporal) else { continue };
            self.take(id, MatchKind::Column, f.name.clone(), 0.9);
            if k != n - 1 {
                self.mark(n - 1);
            }
            self.row_filter(n, n, f, Op::Eq, x);
        }
    }

    /// "products supplied by supplier 3", "the parts used in work order
    /// 5006", "store 1": a whole number right after the singular noun of a
    /// table whose rows are numbered by their key names one row. Not before
    /// a noun the number may count ("supplier 3 products"). Returns whether
    /// it was read.
    pub(super) fn rows_by_number(&mut self) {
        for n in 1..self.p.len() {
            let PieceKind::Number(x) = self.p[n].kind else { continue };
            if !self.used[n] && x.fract() == 0.0 {
                self.row_by_number(n, x);
            }
        }
    }

    fn row_by_number(&mut self, n: usize, x: f64) -> bool {
        let k = n - 1;
        let noun = &self.p[k];
        if self.used[k] || noun.plural || x < 0.0 {
            return false;
        }
        // "supplied by supplier id 3": a number right after a column
        // called an id is its value (before "by" reads the column as a
        // group).
        let id_column = noun.lex().and_then(|c| c.first()).and_then(|c| match c.target {
            Target::Column(t, col) if !c.fuzzy && crate::planner::tokenize::split_identifier(&self.m.tables[t].columns[col].name).last().is_some_and(|w| w == "id") => {
                self.field_info(Field::Col(t, col)).filter(|f| f.numeric && !f.temporal)
            }
            _ => None,
        });
        if let Some(f) = id_column.filter(|_| noun.words.split_whitespace().last().is_some_and(|w| w.eq_ignore_ascii_case("id"))) {
            self.take_lex(k);
            self.row_filter(n, n, f, Op::Eq, x);
            return true;
        }
        // "the flight with number 99": the one number column of the rows
        // named before that is called a number (`flno`, `order_number`).
        if noun.norm == "number" && noun.kind == PieceKind::Stop {
            let rows = self.prev_sig(k).filter(|&j| !self.used[j]).and_then(|j| match self.p[j].top() {
                Some(Target::Table(t)) => Some(*t),
                _ => None,
            });
            let called_number = |name: &str| {
                let lower = name.to_ascii_lowercase();
                crate::planner::tokenize::stems(name).iter().any(|w| w == "number") || lower.len() <= 6 && ["no", "num", "nbr"].iter().any(|s| lower.ends_with(s))
            };
            let f = rows.and_then(|t| {
                self.one_column(t, |s, f| f.numeric && !f.temporal && f.column.is_some_and(|c| called_number(&s.m.tables[t].columns[c].name)))
            });
            if let Some(f) = f {
                self.take(k, MatchKind::Column, f.name.clone(), 0.8);
                self.row_filter(n, n, f, Op::Eq, x);
                return true;
            }
            return false;
        }
        let Some(t) = noun.lex().and_then(|c| c.first()).and_then(|c| match c.target {
            Target::Table(t) if !c.fuzzy => Some(t),
            _ => None,
        }) else {
            return false;
        };
        if self.next_sig(n).is_some_and(|j| self.p[j].lex().is_some()) {
            return false;
        }
        let Some(c) = schema::row_key(self.m, t) else { return false };
        let Some(f) = self.field_info(Field::Col(t, c)).filter(|f| f.numeric && !f.temporal) else { return false };
        self.row_filter(n, n, f, Op::Eq, x);
        true
    }
}
