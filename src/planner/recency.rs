//! The row(s) that did something most recently: "the program that was
//! launched most recently", "the artist who joined latest", "which
//! minister left office the latest", "the artist who has the latest join
//! year", "three churches that opened most recently". The rows are listed
//! in the order of their date, newest first, and the first kept (or as
//! many as a count says).
//!
//! Invariants: the date is a column of the rows listed, named right after
//! or right before the cue ("the latest join year", "left office the
//! latest", a number column "launched most recently"), or the one number or date column whose name has the verb
//! before the cue ("launched" -> `launch`, "joined" -> `year_join`), else
//! the one date or time column of the rows ("the order made most
//! recently"); it
//! must be a date, a year or named for the verb, never a guess among
//! several. A plural listing needs a count. Counts, sums and averages,
//! and "for each" questions, are left to the other passes.

use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::{self, FieldInfo};
use crate::planner::tokenize::split_identifier;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Reads "launched most recently", "joined latest", "the latest join year".
    pub(super) fn recency_rows(&mut self) {
        if !self.order.is_empty() || !self.plain_listing() {
            return;
        }
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            if let Some((span, desc)) = self.recency_cue(i) {
                if self.recent_rows(&span, desc) {
                    return;
                }
            }
        }
    }

    /// The pieces of a recency cue at `i` and whether newest comes first.
    fn recency_cue(&self, i: usize) -> Option<(Vec<usize>, bool)> {
        let next_is = |w: &str| self.p.get(i + 1).is_some_and(|x| x.norm == w) && !self.used[i + 1];
        match self.p[i].cue() {
            Some(Cue::Most) if next_is("recently") => Some((vec![i, i + 1], true)),
            Some(Cue::Least) if next_is("recently") => Some((vec![i, i + 1], false)),
            Some(Cue::Latest) if matches!(self.p[i].words.to_lowercase().as_str(), "latest" | "newest" | "most recent" | "the most recent") => {
                Some((vec![i], true))
            }
            None if matches!(self.p[i].norm.as_str(), "earliest" | "oldest") && self.p[i].lex().is_none() => Some((vec![i], false)),
            _ => None,
        }
    }

    /// True when `f` holds a date or a year.
    fn date_like(&self, f: &FieldInfo) -> bool {
        f.temporal || f.numeric && self.column_words(f).iter().any(|w| matches!(w.as_str(), "year" | "date"))
    }

    fn column_words(&self, f: &FieldInfo) -> Vec<String> {
        f.column
            .and_then(|c| self.m.tables.get(f.table)?.columns.get(c))
            .map(|c| split_identifier(&c.name))
            .unwrap_or_default()
    }

    /// The date column a Lex piece `k` names, if it names one; `done`:
    /// a number column named for what was done ("launched" for `launch`).
    fn date_named_at(&mut self, k: usize, done: bool) -> Option<FieldInfo> {
        if self.used[k] || self.p[k].lex().is_none() {
            return None;
        }
        self.pick(k, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
            .and_then(|c| self.field_of(&c.target))
            .filter(|f| self.date_like(f) || done && f.numeric && !self.is_key(f))
    }

    /// Lists the rows in the order the cue at `span` says; false (nothing
    /// taken) when the date column or the rows are not clear.
    fn recent_rows(&mut self, span: &[usize], desc: bool) -> bool {
        let (Some(&first), Some(&last)) = (span.first(), span.last()) else { return false };
        let before = (0..first).rev().find(|&k| !matches!(self.p[k].norm.as_str(), "the" | "at"));
        let mut verb: Option<usize> = None;
        // "the latest join year", then "left office the latest".
        let named = self
            .next_sig(last)
            .and_then(|n| self.date_named_at(n, false).map(|f| (n, f)))
            .or_else(|| before.and_then(|b| self.date_named_at(b, true).map(|f| (b, f))));
        // "the most recent movie", "the oldest order": the one date of the
        // rows the noun after the cue names.
        let dated_rows = match named {
            Some(_) => None,
            None => self.next_sig(last).filter(|&n| !self.used[n]).and_then(|n| {
                let t = self.exact_table(n)?;
                Some((n, self.only_date(t)?))
            }),
        };
        // "the oldest order": a date; an age, where there is one, is read elsewhere.
        if self.p[first].norm == "oldest" && dated_rows.as_ref().is_none_or(|(_, f)| self.has_age(f.table)) {
            return false;
        }
        let (at, f, noun) = match (named, dated_rows) {
            (None, Some((n, f))) => (None, f, Some(n)),
            (Some((at, f)), _) => {
                let noun = (0..first).find(|&k| {
                    k != at && !self.used[k] && self.p[k].lex().is_some_and(|cs| cs.iter().any(|c| !c.fuzzy && c.target == Target::Table(f.table)))
                });
                (Some(at), f, noun)
            }
            (None, None) if before.is_some_and(|b| !self.used[b] && self.exact_table(b).is_some()) => {
                // "the customer who started a policy most recently": the
                // rows named right before the cue, dated by the verb
                // before them ("started" -> `start_date`) or by their one
                // date; the rows asked for are those they point at.
                let (Some(b), Some(t)) = (before, before.and_then(|b| self.exact_table(b))) else { return false };
                let Some(v) = (0..b).rev().find(|&k| !matches!(self.p[k].norm.as_str(), "a" | "an" | "the" | "any")) else { return false };
                // (A verb may read only as a misspelt column: "started".)
                let verb_like = match &self.p[v].kind {
                    PieceKind::Unknown | PieceKind::Soft => true,
                    PieceKind::Lex(cs) => cs.iter().all(|c| c.fuzzy),
                    _ => false,
                };
                if self.used[v] || !verb_like {
                    return false;
                }
                let Some(f) = self.verb_column(t, &self.p[v].norm).or_else(|| self.only_date(t)) else { return false };
                verb = Some(v);
                (None, f, Some(b))
            }
            (None, None) => {
                // "launched most recently": the verb's column of the rows named before it.
                let Some(b) = before.filter(|&b| {
                    !self.used[b] && matches!(self.p[b].kind, PieceKind::Unknown | PieceKind::Soft | PieceKind::Stop)
                }) else {
                    return false;
                };
                let Some(n) = (0..b).rev().find(|&k| self.p[k].lex().is_some()) else { return false };
                let Some(t) = self.exact_table(n) else { return false };
                // "the order made most recently": a verb naming no column
                // dates the rows by their one date.
                let Some(f) = self.verb_column(t, &self.p[b].norm).or_else(|| self.only_date(t)) else { return false };
                verb = Some(b);
                (None, f, Some(n))
            }
        };
        // "the customer who made the earliest rental": the rows asked for
        // may be those the dated rows point at (one foreign key); the
        // dated rows are then read for their date only.
        let noun_at = noun;
        let pointed = !self.asked_of(f.table, first, at) && noun.is_some_and(|n| n >= first.saturating_sub(2)) && {
            let skip = noun.into_iter().chain(verb).chain(at).collect::<Vec<_>>();
            self.pointed_rows_asked(f.table, first, &skip)
        };
        if !pointed && !self.asked_of(f.table, first, at) {
            return false;
        }
        let noun = if pointed { None } else { noun };
        // "three churches that opened most recently": the count before the noun.
        let count = (0..first).filter(|&k| self.next_sig(k) == noun.or(self.subject)).find_map(|k| self.whole_count(k));
        let listed = noun.or(self.subject);
        if listed.is_some_and(|s| self.p[s].plural) && count.is_none() && self.limit.is_none() {
            return false;
        }
        self.keep_first(count);
        let dir = if desc { "descending" } else { "ascending" };
        for &k in span {
            self.take(k, MatchKind::Order, format!("{} {dir}", f.name), 0.8);
        }
        if let Some(a) = at {
            self.take(a, MatchKind::Column, f.name.clone(), 0.9);
        }
        if let Some(v) = verb {
            self.take(v, MatchKind::Column, f.name.clone(), 0.7);
        }
        if pointed {
            if let Some(n) = noun_at {
                let name = self.table_name(f.table);
                self.take(n, MatchKind::Table, name, 0.9);
            }
        }
        if let Some(n) = noun {
            if self.subject.is_none_or(|s| !matches!(self.p[s].top(), Some(Target::Table(_))) && s < n) {
                self.subject = Some(n);
            }
        }
        self.base = Some(f.table);
        if !self.involved.contains(&f.name) {
            self.involved.push(f.name.clone());
        }
        self.order.push(crate::plan::OrderBy { by: f.name, desc });
        true
    }

    /// The one number or date column of table `t` named for `verb`
    /// ("launched" -> `launch`, "opened" -> `open_date`, "joined" ->
    /// `year_join`, "founded" -> `founded`).
    fn verb_column(&self, t: usize, verb: &str) -> Option<FieldInfo> {
        let root = verb.strip_suffix("ed").filter(|r| r.len() >= 4).unwrap_or(verb);
        if root.len() < 4 {
            return None;
        }
        let table = self.m.tables.get(t)?;
        let found: Vec<FieldInfo> = (0..table.columns.len())
            .filter_map(|c| self.field_info(Field::Col(t, c)))
            .filter(|f| (f.numeric || f.temporal) && !self.is_key(f))
            .filter(|f| self.column_words(f).iter().any(|w| w == verb || w.starts_with(root)))
            .collect();
        match <[FieldInfo; 1]>::try_from(found) {
            Ok([f]) => Some(f),
            Err(_) => None,
        }
    }

    /// True when the words before `first` (but those in `skip`) ask for
    /// the rows of the one table `t` points at, and name it.
    fn pointed_rows_asked(&self, t: usize, first: usize, skip: &[usize]) -> bool {
        let parents: Vec<usize> = (0..self.m.tables.len()).filter(|&u| u != t && schema::foreign_key(self.m, t, u).is_some()).collect();
        let named = |u: usize| (0..first).any(|k| !skip.contains(&k) && self.exact_table(k) == Some(u));
        let asked: Vec<usize> = parents.into_iter().filter(|&u| named(u)).collect();
        let [u] = asked[..] else { return false };
        self.asked_of_except(u, first, skip)
    }

    /// Table `t` has a column named for an age.
    fn has_age(&self, t: usize) -> bool {
        self.m.tables.get(t).is_some_and(|x| x.columns.iter().any(|c| split_identifier(&c.name).iter().any(|w| w == "age")))
    }

    /// The one date or time column of table `t` (not a year or a number).
    /// Else the one such column named for the table (`rental.rental_date`
    /// beside `return_date` and `last_update`).
    fn only_date(&self, t: usize) -> Option<FieldInfo> {
        let own: Vec<String> = split_identifier(&self.m.tables.get(t)?.name).iter().map(|w| crate::words::singular(w)).collect();
        self.one_column(t, |s, f| f.temporal && !s.is_key(f))
            .or_else(|| self.one_column(t, |s, f| f.temporal && !s.is_key(f) && s.column_words(f).iter().any(|w| own.contains(w))))
    }
}
