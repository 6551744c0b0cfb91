//! "before" and "after" a year kept as a number: "universities founded
//! before 1850" (`founded < 1850`), "games held after season 2007"
//! (`season > 2007`), "campuses opened before 1800" (the table's year
//! column), "exhibitions in year 2005 or after" (`>=`), "budgets in year
//! 2001 or before" (`<=`), "shows that happened in or after 2005" (`>=`).
//!
//! Invariants: only a whole number that reads as a year (1000 to 2100) is
//! bounded, so "after 8" is never a comparison; the column is a numeric,
//! non-key column named just after the word ("after season 2007"), else
//! just before it ("founded before 1850"), else the one numeric column of
//! the base table whose name says "year", always a column of the base
//! table (a year of other rows may belong inside a condition on them);
//! when none fits, the pieces are
//! left alone and the question is refused as before. Calendar dates are
//! left to `time`/`dates`.

use crate::plan::Op;
use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::FieldInfo;
use crate::planner::time::TimeKind;
use crate::planner::MatchKind;

/// The year a number piece or a one-year time piece stands for.
fn year_of(kind: &PieceKind) -> Option<f64> {
    let y = match kind {
        PieceKind::Number(x) => *x,
        PieceKind::Time(TimeKind::Range { start: Some(s), end: Some(e) }) => {
            let a: i64 = s.strip_suffix("-01-01")?.parse().ok()?;
            let b: i64 = e.strip_suffix("-01-01")?.parse().ok()?;
            if b != a + 1 {
                return None;
            }
            a as f64
        }
        _ => return None,
    };
    (y.fract() == 0.0 && (1000.0..=2100.0).contains(&y)).then_some(y)
}

/// The direction of a word: "before" looks down, "after" up.
fn direction(norm: &str) -> Option<bool> {
    match norm {
        "before" | "earlier" | "prior" => Some(false),
        "after" | "later" => Some(true),
        _ => None,
    }
}

impl Ctx<'_> {
    /// Every "before"/"after" a year that no time expression took.
    pub(super) fn year_bounds(&mut self) {
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            if let Some((up, x)) = self.merged_bound(i) {
                self.merged(i, up, x);
                continue;
            }
            if !matches!(self.p[i].kind, PieceKind::Unknown | PieceKind::Stop | PieceKind::Soft) {
                continue;
            }
            let Some(up) = direction(&self.p[i].norm) else { continue };
            // "2005 or after": the year comes first, the bound is included.
            if let Some((or, n, x)) = self.year_then_or(i) {
                let op = if up { Op::Ge } else { Op::Le };
                if let Some((f, named)) = self.year_field(n, n, None) {
                    self.bound(i, n, f, named, op, x);
                    self.mark(or);
                }
                continue;
            }
            // "in or after 2005": the bound is included too.
            let or_before = i >= 2
                && self.p[i - 1].cue() == Some(Cue::Or)
                && !self.used[i - 1]
                && matches!(self.p[i - 2].norm.as_str(), "in" | "on" | "at");
            let Some((n, x)) = self.year_after(i) else { continue };
            let op = match (up, or_before) {
                (true, true) => Op::Ge,
                (true, false) => Op::Gt,
                (false, true) => Op::Le,
                (false, false) => Op::Lt,
            };
            if let Some((f, named)) = self.year_field(i, n, Some(i)) {
                self.bound(i, n, f, named, op, x);
                if or_before {
                    self.mark(i - 1);
                    self.mark(i - 2);
                }
            }
        }
    }

    /// A time piece "after 2005" / "before 2000" (the time reader joined
    /// the word and the year): (looks up, the year), when the base table
    /// has no date of its own for `dates` to put it on.
    fn merged_bound(&self, i: usize) -> Option<(bool, f64)> {
        let PieceKind::Time(TimeKind::Range { start, end }) = &self.p[i].kind else { return None };
        let first = self.p[i].words.split_whitespace().next()?.to_lowercase();
        let up = direction(&first)?;
        let year = |d: &Option<String>| -> Option<f64> { d.as_ref()?.strip_suffix("-01-01")?.parse::<f64>().ok() };
        let x = match (up, start.is_some(), end.is_some()) {
            (true, true, false) => year(start)? - 1.0,
            (false, false, true) => year(end)?,
            _ => return None,
        };
        // A bound needs the rows it is on.
        self.base?;
        ((!self.base_dated() || self.year_named_before(i)) && (1000.0..=2100.0).contains(&x)).then_some((up, x))
    }

    /// True when the base table has a date column of its own.
    fn base_dated(&self) -> bool {
        self.base.is_some_and(|b| self.m.tables[b].columns.iter().any(|c| crate::semantic::is_temporal(&c.ty)))
    }

    /// "games with release year before 2000", "games released before
    /// 2000": a year column of the base table named right before piece
    /// `i` is what the year bounds, though the table has a date too.
    fn year_named_before(&self, i: usize) -> bool {
        let Some(k) = self.prev_sig(i).filter(|&k| !self.used[k]) else { return false };
        let Some(b) = self.base else { return false };
        // `release_year`, `release_yr`: a number column named for a year.
        let year = |c: usize| {
            let col = &self.m.tables[b].columns[c];
            crate::semantic::is_numeric(&col.ty) && crate::planner::schema::names_a_year(&col.name)
        };
        self.p[k].top().is_some_and(|t| matches!(t, Target::Column(ct, cc) if *ct == b && year(*cc)))
    }

    /// Reads a joined time piece at `i` as a bound on a year column.
    fn merged(&mut self, i: usize, up: bool, x: f64) {
        let or_before = i >= 2
            && self.p[i - 1].cue() == Some(Cue::Or)
            && !self.used[i - 1]
            && matches!(self.p[i - 2].norm.as_str(), "in" | "on" | "at");
        // "after 2000" on whole years is "from 2001", as `dates` says it.
        let (op, x) = match (up, or_before) {
            (true, true) => (Op::Ge, x),
            (true, false) => (Op::Ge, x + 1.0),
            (false, true) => (Op::Le, x),
            (false, false) => (Op::Lt, x),
        };
        if let Some((f, named)) = self.year_field(i, i, None) {
            // `dates` puts it on the same column itself, unless "or" joins
            // it to another condition ("after 2013 or before 2008").
            let or_near = [self.prev_sig(i), self.next_sig(i)].iter().flatten().any(|&k| self.p[k].cue() == Some(Cue::Or));
            if !or_before && !or_near && !self.base_dated() && self.year_columns().first() == f.column.as_ref() && self.base == Some(f.table) {
                return;
            }
            self.bound(i, i, f, named, op, x);
            if or_before {
                self.mark(i - 1);
                self.mark(i - 2);
            }
        }
    }

    /// "2005 or after": (the "or", the year piece, the year) before `i`.
    fn year_then_or(&self, i: usize) -> Option<(usize, usize, f64)> {
        let or = i.checked_sub(1).filter(|&k| self.p[k].cue() == Some(Cue::Or) && !self.used[k])?;
        let n = self.prev_sig(or).filter(|&k| !self.used[k])?;
        Some((or, n, year_of(&self.p[n].kind)?))
    }

    /// The year after `i`, across "the", "year", "of" and a column named
    /// there: (year piece, year).
    fn year_after(&self, i: usize) -> Option<(usize, f64)> {
        let mut k = self.next_sig(i)?;
        if self.p[k].lex().is_some() && !self.used[k] {
            k = self.next_sig(k)?;
        }
        if self.used[k] {
            return None;
        }
        Some((k, year_of(&self.p[k].kind)?))
    }

    /// The column a year bound is on, and the pieces naming it: a column
    /// named between the word and the year, else one named just before
    /// `first`, else the base table's only year column.
    fn year_field(&mut self, first: usize, n: usize, cue: Option<usize>) -> Option<(FieldInfo, Vec<usize>)> {
        // On the rows asked about: a year of rows joined to them may belong
        // inside a condition on those ("visitors who did not visit any
        // museum opened after 2010").
        // With no negation anywhere, a column named between the word and
        // the year is that column, on whichever related table holds it
        // ("injuries that happened after season 2010": the games' season).
        let negated = self.p.iter().any(|x| x.cue() == Some(Cue::Not) || matches!(x.norm.as_str(), "no" | "without" | "never"));
        let usable = |c: &Ctx<'_>, f: &FieldInfo, elsewhere: bool| {
            let related = c.base.is_some_and(|b| b == f.table || elsewhere && !negated && c.sc.related(b, f.table));
            f.numeric && !f.temporal && !c.is_key(f) && related
        };
        if let Some(i) = cue {
            let between: Vec<usize> = (i + 1..n).filter(|&k| self.p[k].lex().is_some() && !self.used[k]).collect();
            if let [k] = between.as_slice() {
                let f = self
                    .pick(*k, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
                    .and_then(|c| self.field_of(&c.target))
                    .filter(|f| usable(self, f, true))?;
                return Some((f, vec![*k]));
            }
        }
        if let Some((k, f)) = self.nearest_before(first, true) {
            // A verb naming who did it ("issued": `Issued_By`) leaves the
            // bound to the rows' year.
            let by_role = f.column.is_some_and(|col| crate::dataset::names::is_role_reference(&self.m.tables[f.table].columns[col].name));
            if !self.used[k] && !by_role {
                return usable(self, &f, false).then_some((f, vec![k]));
            }
        }
        let f = self.only_year_column()?;
        // "in year 2005 or after", "before the year of 2010": the word
        // "year" naming that column is part of the bound.
        let lo = first.saturating_sub(3);
        let named: Vec<usize> = (lo..n.max(first))
            .filter(|&k| {
                !self.used[k]
                    && self.p[k].lex().is_some_and(|cs| {
                        cs.iter().any(|c| self.field_of(&c.target).is_some_and(|g| g.name == f.name))
                    })
            })
            .collect();
        Some((f, named))
    }

    /// The one numeric, non-date column of the base table whose name has
    /// the word "year".
    fn only_year_column(&self) -> Option<FieldInfo> {
        let b = self.base?;
        match self.year_columns().as_slice() {
            [c] => self.field_info(Field::Col(b, *c)).filter(|f| !f.temporal),
            _ => None,
        }
    }

    /// The numeric columns of the base table whose name has "year".
    fn year_columns(&self) -> Vec<usize> {
        self.base.map(|b| crate::planner::schema::year_columns(self.m, b)).unwrap_or_default()
    }

    fn bound(&mut self, cue: usize, n: usize, f: FieldInfo, named: Vec<usize>, op: Op, x: f64) {
        for k in named {
            self.take(k, MatchKind::Column, f.name.clone(), 0.9);
        }
        self.row_filter(cue, n, f, op, x);
    }
}
