//! A number after the word "id": "the aircraft with id 12", "the employee
//! with the id 242518965", "the aircraft that has an id of 12" is the row
//! whose key is that number; so is a number after a column called an id
//! ("supplier id 3"), after "number" ("the flight with number 99") or after
//! the singular noun of rows numbered by their key ("work order 5006").
//!
//! Invariants: the rows are those of the table named just before (across
//! function words only); the key is the table's primary key and holds
//! numbers; otherwise the number is left to the other passes (and to the
//! refusal when none places it).

use crate::plan::Op;
use crate::planner::build::Ctx;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::{self, FieldInfo};
use crate::planner::tokenize::split_identifier;
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

    /// A whole number right after what names one row: a column called an
    /// id ("supplied by supplier id 3"), "number" after the rows' noun
    /// ("the flight with number 99"), or the singular noun of a table
    /// numbered by its key ("products supplied by supplier 3", "the parts
    /// used in work order 5006"). Read early, before "by" takes the words
    /// as a group.
    pub(super) fn rows_by_number(&mut self) {
        for n in 1..self.p.len() {
            let PieceKind::Number(x) = self.p[n].kind else { continue };
            let k = n - 1;
            if self.used[n] || self.used[k] || x.fract() != 0.0 || x < 0.0 || self.p[k].plural {
                continue;
            }
            if let Some(f) = self.id_column_at(k) {
                self.take_lex(k);
                self.row_filter(n, n, f, Op::Eq, x);
            } else if let Some(f) = self.number_called_at(k) {
                self.take(k, MatchKind::Column, f.name.clone(), 0.8);
                self.row_filter(n, n, f, Op::Eq, x);
            } else if let Some(f) = self.numbered_rows_at(k) {
                self.row_filter(n, n, f, Op::Eq, x);
            }
        }
    }

    /// "supplier id": a numeric column called an id, said with "id".
    fn id_column_at(&self, k: usize) -> Option<FieldInfo> {
        let noun = &self.p[k];
        if !noun.words.split_whitespace().last().is_some_and(|w| w.eq_ignore_ascii_case("id")) {
            return None;
        }
        let c = noun.lex()?.first()?;
        let Target::Column(t, col) = c.target else { return None };
        let called_id = split_identifier(&self.m.tables[t].columns[col].name).last().is_some_and(|w| w == "id");
        (called_id && !c.fuzzy).then(|| self.field_info(Field::Col(t, col))).flatten().filter(|f| f.numeric && !f.temporal)
    }

    /// "the flight with number 99": the one number column called a number
    /// (`flno`, `order_number`) of the rows named before the word.
    fn number_called_at(&self, k: usize) -> Option<FieldInfo> {
        if self.p[k].norm != "number" || self.p[k].kind != PieceKind::Stop {
            return None;
        }
        let j = self.prev_sig(k).filter(|&j| !self.used[j])?;
        let Some(Target::Table(t)) = self.p[j].top() else { return None };
        let t = *t;
        let called_number = |name: &str| {
            let lower = name.to_ascii_lowercase();
            crate::planner::tokenize::stems(name).iter().any(|w| w == "number") || lower.len() <= 6 && ["no", "num", "nbr"].iter().any(|s| lower.ends_with(s))
        };
        self.one_column(t, |s, f| f.numeric && !f.temporal && f.column.is_some_and(|c| called_number(&s.m.tables[t].columns[c].name)))
    }

    /// "work order 5006": the numeric key of the table the singular noun
    /// names; not before a noun the number may count ("supplier 3
    /// products").
    fn numbered_rows_at(&self, k: usize) -> Option<FieldInfo> {
        let c = self.p[k].lex()?.first()?;
        let Target::Table(t) = c.target else { return None };
        if c.fuzzy || self.next_sig(k + 1).is_some_and(|j| self.p[j].lex().is_some()) {
            return None;
        }
        let key = schema::row_key(self.m, t)?;
        self.field_info(Field::Col(t, key)).filter(|f| f.numeric && !f.temporal)
    }
}
