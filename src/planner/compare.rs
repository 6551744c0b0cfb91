//! Comparisons: "above 30 degrees", "more than 100", "between 5000 and
//! 10000", "at least 50 rated tickets" (a count that must reach a number, so
//! HAVING), "stock below reorder level" and "less stock than their reorder
//! level" (one column against another).
//!
//! Invariants: a comparison attaches to the nearest thing it can compare, in
//! this order: a unit after the number, a counted table or metric after it, a
//! numeric column after it, a metric or numeric column before the cue; when
//! there is none the question is refused, never answered without it.

use serde_json::json;

use crate::plan::{Filter, Op, Operand};
use crate::planner::build::{Ctx, MDraft, MKind, Refusal};
use crate::planner::english::Cue;
use crate::planner::filters::num;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Cand, Target};
use crate::planner::schema::{self, FieldInfo};
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// "above 30 degrees", "more than 100", "at least 50 rated tickets",
    /// "between 5000 and 10000", "stock below reorder level".
    pub(super) fn comparisons(&mut self) -> Result<(), Refusal> {
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            match self.p[i].kind {
                // A comparison with an aggregate of a set first ("above the average").
                PieceKind::Cue(Cue::Cmp(op)) => {
                    let nested = self.nested_comparison(i, op)?;
                    if !nested {
                        self.comparison(i, op)?
                    }
                }
                PieceKind::Cue(Cue::Between) => self.between(i)?,
                // "600 or higher than 900": "or" and a comparison.
                PieceKind::Cue(Cue::CmpAfter(op)) if self.or_than(i) => {
                    let strict = match op {
                        Op::Ge => Op::Gt,
                        Op::Le => Op::Lt,
                        other => other,
                    };
                    self.comparison(i, strict)?
                }
                PieceKind::Cue(Cue::CmpAfter(op)) => {
                    // "2 or more paragraphs": the number comes first.
                    if let Some(n) = self.prev_sig(i).filter(|&k| {
                        !self.used[k] && matches!(self.p[k].kind, PieceKind::Number(_))
                    }) {
                        let PieceKind::Number(x) = self.p[n].kind else {
                            continue;
                        };
                        self.compare_number(i, op, n, x, self.next_sig(i))?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    pub(super) fn comparison(&mut self, i: usize, op: Op) -> Result<(), Refusal> {
        let Some(j) = self.next_sig(i) else {
            return Ok(());
        };
        match self.p[j].kind.clone() {
            PieceKind::Number(x) => {
                if self.used[j] {
                    return Ok(());
                }
                let after = self.next_sig(j);
                self.compare_number(i, op, j, x, after)
            }
            PieceKind::Lex(_) => {
                // "above age 20": column then number. Not "more than the
                // employee with id 163", a row whose value is compared.
                let row_named = |n: usize| (j + 1..n).any(|k| matches!(self.p[k].norm.as_str(), "with" | "whose" | "who" | "that" | "which" | "where"));
                if let Some(n) = self
                    .next_sig(j)
                    .filter(|&n| matches!(self.p[n].kind, PieceKind::Number(_)) && !row_named(n))
                {
                    if let Some(f) = self
                        .pick(j, &|t| {
                            matches!(
                                t,
                                Target::Column(..) | Target::Dimension(_) | Target::Unit(..)
                            )
                        })
                        .and_then(|c| self.field_of(&c.target))
                    {
                        let PieceKind::Number(x) = self.p[n].kind else {
                            return Ok(());
                        };
                        self.take_lex(j);
                        self.row_filter(i, n, f, op, x);
                        return Ok(());
                    }
                }
                // "stock below reorder level": compare two columns;
                // "less stock than their reorder level": the same, cue first.
                let mut j = j;
                let mut left = None;
                if let Some(k) = self.next_sig(j).filter(|&k| {
                    k >= 1 && self.p[k - 1].norm == "than" || k >= 2 && self.p[k - 2].norm == "than"
                }) {
                    if let Some(l) = self
                        .pick(j, &|t| {
                            matches!(t, Target::Column(..) | Target::Dimension(_))
                        })
                        .and_then(|c| self.field_of(&c.target))
                    {
                        left = Some((j, l));
                        j = k;
                    }
                }
                let right = self
                    .pick(j, &|t| {
                        matches!(t, Target::Column(..) | Target::Dimension(_))
                    })
                    .and_then(|c| self.field_of(&c.target));
                let left = left.or_else(|| self.nearest_before(i, true));
                if let (Some(r), Some((lk, l))) = (right, left) {
                    if r.numeric && l.numeric && r.name != l.name {
                        self.take_lex(lk);
                        self.take_lex(j);
                        self.take(
                            i,
                            MatchKind::Comparison,
                            format!("{} {} {}", l.name, op.symbol(), r.name),
                            0.9,
                        );
                        self.involved.push(l.name.clone());
                        self.involved.push(r.name.clone());
                        self.filters.push(Filter {
                            field: l.name,
                            op,
                            value: Some(Operand::Column { column: r.name }),
                        });
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// A comparison cue at `i` with number `x` at piece `n`.
    pub(super) fn compare_number(
        &mut self,
        i: usize,
        op: Op,
        n: usize,
        x: f64,
        after: Option<usize>,
    ) -> Result<(), Refusal> {
        // A unit names the column: "above 30 degrees", "below 3.3 V".
        if let Some(k) = after {
            if let Some(c) = self.pick(k, &|t| matches!(t, Target::Unit(..))) {
                if let Some(f) = self.field_of(&c.target) {
                    self.take(k, MatchKind::Column, f.name.clone(), c.confidence);
                    // The column itself, named just before, is the same thing.
                    if let Some((pk, pf)) = self.nearest_before(i, true) {
                        if pf.name == f.name {
                            self.take_lex(pk);
                        }
                    }
                    self.row_filter(i, n, f, op, x);
                    return Ok(());
                }
            }
            // "at least 50 rated tickets": a count that must reach the number.
            if let Some(r) = self.counted_noun(k)? {
                let (t, adjectives, end) = r;
                let mut filters = Vec::new();
                let mut words = Vec::new();
                for a in adjectives {
                    if let Some(f) = self.condition_of(a) {
                        words.push(self.p[a].words.clone());
                        self.take_lex(a);
                        filters.push(f);
                    }
                }
                // The counted rows named by a value of theirs ("professors").
                if matches!(self.p[end].top(), Some(Target::Value(..))) {
                    match self.condition_of(end) {
                        Some(f) => filters.push(f),
                        None => return Ok(()),
                    }
                }
                words.push(self.p[end].words.clone());
                self.take_lex(end);
                let alias = words
                    .join("_")
                    .to_lowercase()
                    .replace(|c: char| !c.is_alphanumeric(), "_");
                let kind = self.count_kind(t);
                self.measures.push(MDraft {
                    kind,
                    filters,
                    share: false,
                    alias: Some(alias.clone()),
                    at: end,
                    words: words.join(" "),
                });
                self.take(
                    n,
                    MatchKind::Comparison,
                    format!("{alias} {} {x}", op.symbol()),
                    1.0,
                );
                self.mark(i);
                self.having.push(Filter {
                    field: alias,
                    op,
                    value: Some(Operand::Value(num(x))),
                });
                return Ok(());
            }
        }
        // "more than 10000 total access count": an aggregate of a number
        // column after the number is compared per group of the subject.
        if let Some(k) = after.filter(|&k| matches!(self.p[k].cue(), Some(Cue::Agg(_)))) {
            if let Some((b, mi)) = self.next_sig(k).filter(|&b| self.prev_sig(b) == Some(k)).and_then(|b| self.aggregate_of_column(b).map(|mi| (b, mi))) {
                self.mark(k);
                self.metric_compared(mi, b, i, n, op, x);
                return Ok(());
            }
        }
        // "more than 500 pages": a numeric column named after the number.
        if let Some(k) = after {
            if matches!(
                self.p[k].top(),
                Some(Target::Column(..) | Target::Dimension(_))
            ) {
                if let Some(f) = self
                    .pick(k, &|t| {
                        matches!(t, Target::Column(..) | Target::Dimension(_))
                    })
                    .and_then(|c| self.field_of(&c.target))
                    .filter(|f| f.numeric && !self.is_key(f))
                {
                    self.take_lex(k);
                    self.row_filter(i, n, f, op, x);
                    return Ok(());
                }
            }
        }
        // "at least 50 rated tickets" where that count is a metric.
        if let Some(k) = after {
            if let Some(Target::Metric(mi)) = self.p[k].top().cloned() {
                self.metric_compared(mi, k, i, n, op, x);
                return Ok(());
            }
        }
        // The thing named just before the cue: a column (row filter) or a measure (having).
        if let Some(b) = self.prev_sig(i) {
            if let Some(Target::Metric(mi)) = self.p[b].top().cloned() {
                self.metric_compared(mi, b, i, n, op, x);
                return Ok(());
            }
        }
        // "studios with an average gross of over 4500000": an aggregate
        // word, then a column named only in part, is that aggregate's
        // metric compared per group (as "an average gross in dollar").
        if let Some((b, mi)) = self.prev_sig(i).and_then(|b| self.aggregate_of_column(b).map(|mi| (b, mi))) {
            if let Some(a) = self.prev_sig(b) {
                self.mark(a);
            }
            self.metric_compared(mi, b, i, n, op, x);
            return Ok(());
        }
        // "residents that have a mentor vote are older than 30": a word of
        // one measure only ("older": age) names its own column, not the
        // other number just before it.
        let implied = match self.strict_measure(i) {
            true => self.dimension_field(i, n).ok().flatten().map(|(_, f)| f.name),
            false => None,
        };
        // An id right before the cue with nothing counted after the
        // number ("next entry ID greater than 8", "whose id is above 10")
        // is compared as it is.
        let nothing_after = after.is_none_or(|k| self.p[k].lex().is_none() && !matches!(self.p[k].kind, PieceKind::Unknown | PieceKind::Quoted(..)));
        if let Some((k, f)) = self
            .nearest_before(i, true)
            .filter(|(k, f)| (!self.is_key(f) || nothing_after && self.only_be_between(*k, i)) && implied.as_ref().is_none_or(|d| *d == f.name))
        {
            self.take_lex(k);
            self.row_filter(i, n, f, op, x);
            return Ok(());
        }
        if let Some(k) = after {
            if let Some(f) = self
                .pick(k, &|t| {
                    matches!(t, Target::Column(..) | Target::Dimension(_))
                })
                .and_then(|c| self.field_of(&c.target))
                .filter(|f| f.numeric && !self.is_key(f))
            {
                self.take_lex(k);
                self.row_filter(i, n, f, op, x);
                return Ok(());
            }
        }
        // "transactions with amount bigger than 10000": a word kept as a
        // filler because it is part of many column names ("amount",
        // "value", "level"), right before the cue, naming the one number
        // column of the rows that has it (`amount_of_transaction`).
        // "where the amount is smaller than 10000": a form of "be" between.
        let filler = (0..i).rev().find(|&b| !matches!(self.p[b].norm.as_str(), "is" | "are" | "was" | "were"));
        if let Some((b, f)) = filler.and_then(|b| self.column_by_filler(b).map(|f| (b, f))) {
            self.take(b, MatchKind::Column, f.name.clone(), 0.8);
            self.row_filter(i, n, f, op, x);
            return Ok(());
        }
        // "older than 30", "earning less than 6000", "aged 25 or older";
        // after "or", the column of the comparison before it ("lower than
        // 600 or higher than 900") unless a word of measure names another.
        let measured = self.dimension_field(i, n)?;
        if let Some((f, before)) = self.column_before_or(i) {
            let same = measured.as_ref().is_none_or(|(_, d)| d.name == f.name)
                || !self.strict_measure(i) && opposite(before, op);
            if same {
                self.row_filter(i, n, f, op, x);
                return Ok(());
            }
        }
        if let Some((extra, f)) = measured {
            for k in extra {
                self.take(k, MatchKind::Column, f.name.clone(), 0.8);
            }
            self.row_filter(i, n, f, op, x);
            return Ok(());
        }
        Err(self.refuse(format!(
            "I couldn't tell what '{} {}' applies to.",
            self.p[i].words, self.p[n].words
        )))
    }

    /// "birth year is 1948", "a population of 80000": a number right after a
    /// numeric column is its value; "1948 or 1949", "in 2014 or 2015": a
    /// number joined by "or"/"and" to a number already read as a column's
    /// value is another value of that column (`finish` merges them into IN).
    pub(super) fn numbers_after_columns(&mut self) {
        for n in 0..self.p.len() {
            let PieceKind::Number(x) = self.p[n].kind else {
                continue;
            };
            if self.used[n] {
                continue;
            }
            let Some(prev) = self.prev_sig(n) else {
                continue;
            };
            if self.count_before_column(n - 1, n, x) {
                continue;
            }
            if !self.used[prev] && self.p[prev].lex().is_some() {
                if let Some(f) = self.number_column_at(prev) {
                    self.take_lex(prev);
                    self.row_filter(n, n, f, Op::Eq, x);
                } else if let Some((f, stored)) = self.text_column_holding(prev, &self.p[n].words.clone()) {
                    // "zip code 197": a text column the data shows holds it.
                    self.take(n, MatchKind::Value, format!("{} = {stored}", f.name), 0.9);
                    self.filters.push(Filter { field: f.name, op: Op::Eq, value: Some(Operand::Value(serde_json::Value::String(stored))) });
                }
                continue;
            }
            if self.age_said(prev, n, x) {
                continue;
            }
            let joined = matches!(self.p[prev].cue(), Some(Cue::Or | Cue::And))
                || self.p[prev].is_punct(',');
            let before = self.prev_sig(prev).filter(|&k| {
                self.used[k] && matches!(self.p[k].kind, PieceKind::Number(_) | PieceKind::Time(_))
            });
            if !joined || before.is_none() {
                continue;
            }
            let numeric_eq: Vec<String> = self
                .filters
                .iter()
                .filter(|f| {
                    f.op == Op::Eq && matches!(&f.value, Some(Operand::Value(v)) if v.is_number())
                })
                .map(|f| f.field.clone())
                .collect();
            if let [field] = numeric_eq.as_slice() {
                self.mark(prev);
                self.take(n, MatchKind::Comparison, format!("{field} = {x}"), 0.9);
                self.filters.push(Filter {
                    field: field.clone(),
                    op: Op::Eq,
                    value: Some(Operand::Value(num(x))),
                });
            }
        }
    }

    /// Metric `mi`, named at `at`, compared with the number `x` at `n` by
    /// the cue at `i`: a condition on each group's value (`having`).
    fn metric_compared(&mut self, mi: usize, at: usize, i: usize, n: usize, op: Op, x: f64) {
        let name = self.m.metrics[mi].name.clone();
        self.take_lex(at);
        self.add_measure(MKind::Metric(mi), at, self.p[at].words.clone());
        self.take(n, MatchKind::Comparison, format!("{name} {} {x}", op.symbol()), 1.0);
        self.mark(i);
        self.having.push(Filter { field: name, op, value: Some(Operand::Value(num(x))) });
    }

    /// The number column (not a date) piece `k` names, if any.
    pub(super) fn number_column_at(&mut self, k: usize) -> Option<FieldInfo> {
        self.pick(k, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
            .and_then(|c| self.field_of(&c.target))
            .filter(|f| f.numeric && !f.temporal)
    }

    /// The text column named at piece `k` when the dataset's value index
    /// shows it holds `text` ("zip code 197" where `zip_postcode` is text),
    /// with the value as stored; the pieces naming it are taken. Any
    /// reading of `k`, or of the word right before it ("zip" of "zip
    /// code"), may name the column, but only one column may hold the text.
    fn text_column_holding(&mut self, k: usize, text: &str) -> Option<(FieldInfo, String)> {
        let vx = self.values?;
        let holders = vx.holders(text);
        let pieces: Vec<usize> = std::iter::once(k)
            .chain(k.checked_sub(1).filter(|&b| !self.used[b] && self.p[b].lex().is_some()))
            .collect();
        let mut found: Vec<(usize, Cand, FieldInfo, String)> = Vec::new();
        for &j in &pieces {
            for c in self.p[j].lex().unwrap_or_default() {
                if !matches!(c.target, Target::Column(..) | Target::Dimension(_)) {
                    continue;
                }
                let Some(f) = self.field_of(&c.target).filter(|f| !f.numeric && !f.temporal) else { continue };
                let Some(col) = f.column else { continue };
                if let Some(h) = holders.iter().find(|h| h.table == f.table && h.column == col) {
                    found.push((j, c.clone(), f, h.stored.clone()));
                }
            }
        }
        // A column named by both words ("zip" of `zip_postcode`, and
        // "code" inside its name) outranks one named by one of them.
        let named: Vec<(usize, usize, usize)> = found.iter().map(|(k, _, h, _)| (*k, h.table, h.column.unwrap_or(usize::MAX))).collect();
        let names = |g: &FieldInfo, j: usize| {
            let col = g.column.map(|c| self.m.tables[g.table].columns[c].name.to_lowercase()).unwrap_or_default();
            named.contains(&(j, g.table, g.column.unwrap_or(usize::MAX))) || col.contains(crate::words::singular(&self.p[j].norm).as_str())
        };
        let score = |g: &FieldInfo| pieces.iter().filter(|&&j| names(g, j)).count();
        let best = found.iter().map(|(_, _, g, _)| score(g)).max()?;
        found.retain(|(_, _, g, _)| score(g) == best);
        let (_, _, f, stored) = found.first().cloned()?;
        if found.iter().any(|(_, _, g, _)| g.table != f.table || g.column != f.column) {
            return None;
        }
        for (j, c, _, _) in &found {
            if !self.used[*j] {
                self.take_as(*j, c);
            }
        }
        // "code" of "zip code" is part of the name `zip_postcode` too.
        for &j in &pieces {
            if !self.used[j] && names(&f, j) {
                self.take(j, MatchKind::Column, f.name.clone(), 0.8);
            }
        }
        Some((f, stored))
    }

    /// The metric aggregating the number column named at `b`, when an
    /// unused aggregate word ("average", "total") stands right before it
    /// and the question names something to group by ("which studios").
    fn aggregate_of_column(&mut self, b: usize) -> Option<usize> {
        let a = self.prev_sig(b).filter(|&a| !self.used[a])?;
        let Some(Cue::Agg(agg)) = self.p[a].cue() else { return None };
        if self.used[b] || self.subject.is_none() {
            return None;
        }
        let f = self.number_column_at(b)?;
        let c = f.column?;
        self.metric_for(agg, Some((f.table, c)))
    }

    /// "courses with 3 credits", "rooms that have 2 beds": a whole number
    /// right after "with" or "have", right before a word naming a number
    /// column of the rows (not their table: "with 3 courses" counts rows,
    /// unless the number is 0), is that column's value. Returns whether it
    /// was read.
    fn count_before_column(&mut self, prev: usize, n: usize, x: f64) -> bool {
        const HAVE: &[&str] = &["with", "have", "has", "having", "had"];
        // "with a base price below 160 and two beds": "and" after a
        // condition already read continues the "with" before it.
        let continued = self.p[prev].norm == "and"
            && prev >= 1
            && self.used[prev - 1]
            && (0..prev - 1).rev().take_while(|&k| !self.p[k].is_punct(',')).any(|k| HAVE.contains(&self.p[k].norm.as_str()));
        // "movies that received 4 stars", "reviewers who gave 5 stars": a
        // verb the dataset does not name, right before, says the same.
        let verb = matches!(self.p[prev].kind, PieceKind::Soft | PieceKind::Unknown) && !self.p[prev].words.contains(' ');
        if self.used[prev] || x.fract() != 0.0 || !(HAVE.contains(&self.p[prev].norm.as_str()) || continued || verb) {
            return false;
        }
        // "3 or 4 stars": the noun after the last number.
        let listed = matches!(self.p.get(n + 1).and_then(|x| x.cue()), Some(Cue::Or | Cue::And)) && self.p.get(n + 2).is_some_and(|x| matches!(x.kind, PieceKind::Number(_)));
        let c = if listed { n + 3 } else { n + 1 };
        if self.p.get(c).is_none_or(|x| x.lex().is_none()) || self.used[c] {
            return false;
        }
        // "customers who have 0 loans": no count of rows is 0 (a count
        // over a join only sees rows that are there); the rows' number
        // column named for them (`customer.no_of_loans`) holds it.
        if matches!(self.p[c].top(), Some(Target::Table(_))) && x != 0.0 {
            return false;
        }
        let Some(f) = self.number_column_at(c).filter(|f| f.column.is_some()) else {
            return false;
        };
        // Of the rows read, or of rows that point at them ("movies with 5
        // stars": ratings of the movie).
        if self.base.is_some_and(|b| b != f.table && schema::foreign_key(self.m, f.table, b).is_none()) {
            return false;
        }
        self.take_lex(c);
        if !verb {
            self.mark(prev);
        }
        self.row_filter(n, n, f, Op::Eq, x);
        true
    }

    /// "students aged 20", "pilots who are 25 years old": an age said with
    /// no comparison is the value of the one age column of the tables the
    /// question names (`dimension.rs` reads "older than 30" and "at least
    /// 25 years old"). Returns whether it was read.
    fn age_said(&mut self, prev: usize, n: usize, x: f64) -> bool {
        let aged = !self.used[prev] && self.p[prev].norm == "aged";
        let years_old = self.years_old_after(n);
        if !aged && years_old.is_none() {
            return false;
        }
        let Some(words) = super::dimension::dimension_words("age") else { return false };
        let fits = self.columns_measuring(words);
        let [f] = fits.as_slice() else { return false };
        let f = f.clone();
        if aged {
            self.mark(prev);
        }
        if let Some((y, o)) = years_old {
            self.mark(y);
            self.mark(o);
        }
        // "actors who are not 20 years old".
        let not = !self.used[prev] && years_old.is_some() && matches!(self.p[prev].norm.as_str(), "not" | "n't");
        self.row_filter(n, n, f, if not { Op::Ne } else { Op::Eq }, x);
        if not {
            self.mark(prev);
        }
        true
    }

    /// After a number: optional adjectives (values, segments), then a table.
    /// Returns (table, adjective pieces, noun piece).
    #[allow(clippy::type_complexity)]
    pub(super) fn counted_noun(
        &mut self,
        k: usize,
    ) -> Result<Option<(usize, Vec<usize>, usize)>, Refusal> {
        let mut adjectives = Vec::new();
        let mut j = Some(k);
        while let Some(x) = j {
            // A plural that can name a table counts its rows ("at least 3
            // documents"), even when a key column is called the same.
            let table = self.p[x].lex().and_then(|c| {
                c.iter().find_map(|c| match c.target {
                    Target::Table(t) if !c.fuzzy && self.p[x].plural => Some(t),
                    _ => None,
                })
            });
            if let Some(t) = table {
                return Ok(Some((self.rows_naming_column(x, t).unwrap_or(t), adjectives, x)));
            }
            // A plural naming a table's own key ("more than one festivals"
            // for `festival_detail.festival_id`): that table's rows, when
            // they are the rows the question is about (counted through a
            // join, "documents" could be either table's rows).
            let keyed = self.p[x].plural.then(|| self.p[x].lex()).flatten().and_then(|c| {
                let first = c.first()?;
                let f = self.field_of(&first.target)?;
                (!first.fuzzy && self.base == Some(f.table) && f.column.is_some() && crate::planner::schema::row_key(self.m, f.table) == f.column).then_some(f.table)
            });
            if let Some(t) = keyed {
                return Ok(Some((t, adjectives, x)));
            }
            match (&self.p[x].kind, self.p[x].top()) {
                (PieceKind::Lex(_), Some(Target::Table(t))) => {
                    return Ok(Some((*t, adjectives, x)))
                }
                // "at least 10 professors" where Professor is a rank: a
                // plural value with no noun after it names its rows.
                (PieceKind::Lex(_), Some(v @ Target::Value(..)))
                    if self.p[x].plural
                        && !self.p[x].lex().is_some_and(|c| c[0].fuzzy)
                        && !self.next_sig(x).is_some_and(|n| self.p[n].lex().is_some()) =>
                {
                    let Some(t) = schema::target_table(self.m, self.lx, v) else { return Ok(None) };
                    return Ok(Some((t, adjectives, x)));
                }
                (PieceKind::Lex(_), Some(Target::Value(..) | Target::Segment(_))) => {
                    adjectives.push(x)
                }
                (PieceKind::Unknown, _)
                    if self
                        .next_sig(x)
                        .is_some_and(|n| matches!(self.p[n].top(), Some(Target::Table(_)))) =>
                {
                    return Err(self.refuse_unplaced(x, format!(
                        "I don't know what '{}' means here, so I can't count those {}.",
                        self.p[x].words,
                        self.p[self.next_sig(x).unwrap_or(x)].words
                    )));
                }
                _ => return Ok(None),
            }
            j = self.next_sig(x);
        }
        Ok(None)
    }

    /// "colleges that have at least two players" where the rows read
    /// (`match_season`, grouped by `college`) name each player in a column
    /// and the `player` table meets them nowhere: the counted noun is that
    /// column, so the rows read are counted. None when the table `t` the
    /// noun at `x` names can be joined to the rows read, or they have no
    /// column of that name.
    fn rows_naming_column(&self, x: usize, t: usize) -> Option<usize> {
        let s = self.subject.and_then(|s| self.p[s].top()).and_then(|g| schema::target_table(self.m, self.lx, g));
        let b = s.or(self.base).filter(|&b| b != t && !self.sc.related(b, t))?;
        let names_column = self.p[x].lex()?.iter().any(|c| {
            !c.fuzzy && matches!(c.target, Target::Column(ct, _) if ct == b)
        });
        names_column.then_some(b)
    }

    /// The one number column, not a key, of the rows read (the base table)
    /// whose name has the filler word at piece `b` ("amount" for
    /// `amount_of_transaction`).
    fn column_by_filler(&self, b: usize) -> Option<FieldInfo> {
        let x = &self.p[b];
        if x.kind != PieceKind::Stop || !crate::planner::account::COLUMN_STOPWORDS.contains(&x.norm.as_str()) {
            return None;
        }
        let w = x.norm.strip_suffix('s').unwrap_or(&x.norm);
        let in_table = |t: usize| {
            self.one_column(t, |s, f| {
                f.numeric
                    && !s.is_key(f)
                    && f.column.is_some_and(|c| crate::planner::tokenize::split_identifier(&s.m.tables[t].columns[c].name).iter().any(|p| p == w))
            })
        };
        // Else the rows the phrase hangs on: "the sale details and dates of
        // transactions with amount smaller than 3000" (`transactions`, not
        // the sales read first).
        let noun = (0..b).rev().take(3).find(|&k| !matches!(self.p[k].kind, PieceKind::Stop)).filter(|&k| matches!(self.p[k].kind, PieceKind::Lex(_)));
        let noun_table = noun.and_then(|k| self.p[k].top()).and_then(|g| schema::target_table(self.m, self.lx, g));
        self.base.and_then(in_table).or_else(|| noun_table.filter(|&t| Some(t) != self.base).and_then(in_table))
    }

    /// A lowercase English word alone at piece `k`, of four letters or
    /// more, not shaped like a verb form or an adverb ("-ed", "-ing",
    /// "-ly"): taken for a noun.
    fn plain_noun(&self, k: usize) -> bool {
        let x = &self.p[k];
        let w = x.norm.as_str();
        !w.contains(' ')
            && x.words.chars().next().is_some_and(char::is_lowercase)
            && w.chars().count() >= 4
            && !w.ends_with("ed")
            && !w.ends_with("ing")
            && !w.ends_with("ly")
            && crate::words::is_english_word(w)
    }

    /// Nothing but a form of "be" between pieces `k` and `i` ("id is above").
    fn only_be_between(&self, k: usize, i: usize) -> bool {
        (k + 1..i).all(|x| matches!(self.p[x].norm.as_str(), "is" | "are" | "was" | "were" | "be"))
    }

    /// A key column (an id): its numbers label rows and are no quantity, so
    /// "more than 3" is never a comparison with it.
    pub(super) fn is_key(&self, f: &FieldInfo) -> bool {
        let Some(col) = f.column.and_then(|c| self.m.tables.get(f.table)?.columns.get(c)) else {
            return false;
        };
        let words = crate::planner::tokenize::split_identifier(&col.name);
        words.last().is_some_and(|w| w == "id")
            || self.m.tables[f.table].primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&col.name))
    }

    /// The nearest numeric column named before piece `i` (within the clause).
    pub(super) fn nearest_before(&mut self, i: usize, numeric: bool) -> Option<(usize, FieldInfo)> {
        let mut k = i;
        // "the black percentage is greater than 10": a word of share right
        // after a number column says what the column holds.
        let mut share = None;
        let mut head = None;
        for _ in 0..4 {
            k = self.prev_sig(k)?;
            match &self.p[k].kind {
                // "an outstanding balance of more than 2000" on
                // `amount_outstanding`: a noun the data doesn't name, right
                // before the cue and right after a number column's word,
                // ends that column's phrase.
                PieceKind::Unknown if head.is_none() && share.is_none() && self.prev_sig(i) == Some(k) && self.plain_noun(k) => head = Some(k),
                PieceKind::Lex(_) => {
                    if matches!(self.p[k].top(), Some(Target::Table(_))) {
                        return None;
                    }
                    let c = self.pick(k, &|t| {
                        matches!(
                            t,
                            Target::Column(..) | Target::Dimension(_) | Target::Unit(..)
                        )
                    })?;
                    let f = self.field_of(&c.target)?;
                    if share.is_some() && !(f.numeric && !f.temporal) {
                        return None;
                    }
                    if let Some(s) = share {
                        self.mark(s);
                    }
                    if let Some(h) = head {
                        if k + 1 != h || !f.numeric || f.temporal || self.is_key(&f) {
                            return None;
                        }
                        self.take(h, MatchKind::Column, f.name.clone(), 0.75);
                    }
                    return (!numeric || f.numeric).then_some((k, f));
                }
                PieceKind::Cue(Cue::Share) if share.is_none() && self.prev_sig(i) == Some(k) => share = Some(k),
                PieceKind::Cue(Cue::Not) | PieceKind::Punct(_) => continue,
                _ => return None,
            }
        }
        None
    }

    pub(super) fn row_filter(&mut self, cue: usize, n: usize, f: FieldInfo, op: Op, x: f64) {
        self.row_filter_only(cue, n, f, op, x);
        self.note_condition(cue, n);
    }

    fn row_filter_only(&mut self, cue: usize, n: usize, f: FieldInfo, op: Op, x: f64) {
        self.take(
            n,
            MatchKind::Comparison,
            format!("{} {} {x}", f.name, op.symbol()),
            1.0,
        );
        self.mark(cue);
        self.involved.push(f.name.clone());
        self.filters.push(Filter {
            field: f.name,
            op,
            value: Some(Operand::Value(num(x))),
        });
    }

    pub(super) fn between(&mut self, i: usize) -> Result<(), Refusal> {
        let Some(a) = self.next_sig(i) else {
            return Ok(());
        };
        let Some(and) = self.next_sig(a) else {
            return Ok(());
        };
        let Some(b) = self.next_sig(and) else {
            return Ok(());
        };
        let (PieceKind::Number(x), PieceKind::Number(y)) =
            (self.p[a].kind.clone(), self.p[b].kind.clone())
        else {
            return Ok(());
        };
        let value = Some(Operand::Value(json!([num(x), num(y)])));
        if let Some(k) = self.next_sig(b) {
            if let Some((t, adjectives, end)) = self.counted_noun(k)? {
                let mut filters = Vec::new();
                for a2 in adjectives {
                    if let Some(f) = self.condition_of(a2) {
                        self.take_lex(a2);
                        filters.push(f);
                    }
                }
                self.take_lex(end);
                let alias = format!(
                    "{}_count",
                    self.p[end].words.to_lowercase().replace(' ', "_")
                );
                let kind = self.count_kind(t);
                self.measures.push(MDraft {
                    kind,
                    filters,
                    share: false,
                    alias: Some(alias.clone()),
                    at: end,
                    words: self.p[end].words.clone(),
                });
                self.take(
                    a,
                    MatchKind::Comparison,
                    format!("{alias} between {x} and {y}"),
                    1.0,
                );
                for k2 in [i, and, b] {
                    self.mark(k2);
                }
                self.having.push(Filter {
                    field: alias,
                    op: Op::Between,
                    value,
                });
                return Ok(());
            }
        }
        // The column named just before, else the one a word of measure
        // names: "rooms that cost between 120 and 150", "aged between 20 and 25".
        // "require between 100 and 300 hours": a number column named after.
        let after = self.next_sig(b).and_then(|k| {
            if !matches!(self.p[k].top(), Some(Target::Column(..) | Target::Dimension(_))) {
                return None;
            }
            self.pick(k, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
                .and_then(|c| self.field_of(&c.target))
                .filter(|f| f.numeric && !f.temporal && !self.is_key(f))
                .map(|f| (k, f))
        });
        let field = if let Some((k, f)) = after {
            self.take_lex(k);
            Some(f)
        } else if let Some((k, f)) = self.nearest_before(i, true) {
            self.take_lex(k);
            Some(f)
        } else if let Some((extra, f)) = self.dimension_field(i, a)? {
            for k in extra {
                self.take(k, MatchKind::Column, f.name.clone(), 0.8);
            }
            Some(f)
        } else {
            None
        };
        if let Some(f) = field {
            self.take(
                a,
                MatchKind::Comparison,
                format!("{} between {x} and {y}", f.name),
                1.0,
            );
            for k2 in [i, and, b] {
                self.mark(k2);
            }
            self.involved.push(f.name.clone());
            self.filters.push(Filter {
                field: f.name,
                op: Op::Between,
                value,
            });
            self.note_condition(i, b);
            return Ok(());
        }
        Err(self.refuse(format!(
            "I couldn't tell what 'between {x} and {y}' applies to."
        )))
    }
}

/// True when one comparison looks up and the other down ("lower than 600
/// or higher than 900"): a range of one column.
fn opposite(a: Op, b: Op) -> bool {
    let up = |o: Op| matches!(o, Op::Gt | Op::Ge);
    let down = |o: Op| matches!(o, Op::Lt | Op::Le);
    up(a) && down(b) || down(a) && up(b)
}
