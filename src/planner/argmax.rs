//! Argmax of rows named by a superlative: "the name of the highest
//! mountain", "the most expensive product", "the highest paid instructor",
//! "the most recent movie", "the oldest order", and "the aircraft with the
//! maximum distance" where "maximum distance" is a metric's name. Each is
//! the row(s) of the named table in the order of one of its columns, the
//! first one kept: a listing ordered by that column, limited to one row.
//!
//! Invariants: read only when the superlative is followed (after an
//! adjective of measure, if any) by a word naming a table, singular, or
//! plural with a count before the superlative; the column is the one
//! column of that table (numeric and not a key, or a date) whose name
//! says the measure (`dimension::dimension_words`, dates for "recent"),
//! never a guess among several; a maximum/minimum metric is read as an
//! order only after "with"/"has"/"have"/"having" and a table noun before
//! it. Questions with a count, a sum or an average are left alone.

use crate::plan::Agg;
use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::FieldInfo;
use crate::planner::tokenize::{split_identifier, stem};
use crate::planner::MatchKind;

/// What a superlative measures: the words a column for it is called by,
/// or a date.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Measure {
    Words(&'static [&'static str]),
    /// A date or year: "most recent", "newest", "earliest".
    Date,
    /// Age, else a date the other way round: "oldest", "youngest".
    Age,
    /// The one number column of the rows named before the superlative:
    /// "the amount of the largest payment".
    Said,
}

/// What "longest" and "shortest" measure: a length, a distance, or a
/// duration, however its unit is named (`milliseconds`, `minutes`).
const LENGTHS: &[&str] = &["length", "duration", "distance", "milliseconds", "seconds", "minutes", "hours", "days"];

/// What "shortest" measures: those, or a height ("the shortest player").
const SHORT: &[&str] = &["length", "duration", "distance", "milliseconds", "seconds", "minutes", "hours", "days", "height"];

/// Superlatives that say their measure by themselves, and whether they
/// put the largest first.
pub(super) const SUPERLATIVES: &[(&str, Measure, bool)] = &[
    ("highest", Measure::Words(&["height", "elevation", "altitude"]), true),
    ("tallest", Measure::Words(&["height"]), true),
    ("longest", Measure::Words(LENGTHS), true),
    ("shortest", Measure::Words(SHORT), false),
    ("deepest", Measure::Words(&["depth"]), true),
    ("widest", Measure::Words(&["width"]), true),
    ("heaviest", Measure::Words(&["weight"]), true),
    ("lightest", Measure::Words(&["weight"]), false),
    ("fastest", Measure::Words(&["speed"]), true),
    ("slowest", Measure::Words(&["speed"]), false),
    ("cheapest", Measure::Words(&["price", "cost"]), false),
    ("priciest", Measure::Words(&["price", "cost"]), true),
    ("newest", Measure::Date, true),
    ("latest", Measure::Date, true),
    ("earliest", Measure::Date, false),
    ("first", Measure::Date, false),
    ("oldest", Measure::Age, true),
    ("youngest", Measure::Age, false),
    ("largest", Measure::Said, true),
    ("biggest", Measure::Said, true),
    ("smallest", Measure::Said, false),
];

/// Adjectives after a superlative ("most expensive", "highest paid",
/// "lowest earning", "most recent") and what they measure.
pub(super) const ADJECTIVES: &[(&str, Measure)] = &[
    ("populated", Measure::Words(&["population"])),
    ("populous", Measure::Words(&["population"])),
    ("expensive", Measure::Words(&["price", "cost"])),
    ("costly", Measure::Words(&["price", "cost"])),
    ("pricey", Measure::Words(&["price", "cost"])),
    ("pricy", Measure::Words(&["price", "cost"])),
    ("paid", Measure::Words(&["salary", "pay", "wage", "income", "earnings"])),
    ("earning", Measure::Words(&["salary", "pay", "wage", "income", "earnings"])),
    ("recent", Measure::Date),
    ("rated", Measure::Words(&["rating", "score", "stars"])),
];

/// Words of a column holding when something began: a year read as its date.
const BEGAN: &[&str] = &["founded", "established", "opened", "built", "incorporated"];

/// Words after which a superlative picks a row rather than a value.
const PICKING: &[&str] = &["with", "has", "have", "having"];

impl Ctx<'_> {
    /// Reads "the highest mountain" and "the aircraft with the maximum
    /// distance" as the first row in that column's order.
    pub(super) fn argmax_rows(&mut self) {
        self.extreme_pairs();
        self.implied_extreme_pairs();
        if self.measures.is_empty() && self.superlative_by_column() {
            return;
        }
        if !self.plain_listing() || !self.measures.is_empty() {
            return;
        }
        for i in 0..self.p.len() {
            if self.used[i] || !self.order.is_empty() {
                continue;
            }
            if self.superlative_of_noun(i) {
                return;
            }
            if self.extreme_metric_after_picking(i) {
                return;
            }
        }
        self.recency_rows();
        self.verb_superlatives();
    }

    /// True when the question can be a listing of rows: no window reading
    /// yet, no count, sum or average asked for, and no "for each" (one
    /// row per group is `per_group`'s).
    pub(super) fn plain_listing(&self) -> bool {
        self.plain_listing_but(usize::MAX)
    }

    /// [`Ctx::plain_listing`], where the grouping word at piece `skip` is
    /// read otherwise ("the largest orchards by area").
    pub(super) fn plain_listing_but(&self, skip: usize) -> bool {
        if self.extreme.is_some() || self.latest.is_some() || self.outliers.is_some() {
            return false;
        }
        let aggregates = self.p.iter().any(|x| {
            matches!(x.cue(), Some(Cue::Count | Cue::CountDistinct | Cue::Share | Cue::Often))
                || matches!(x.cue(), Some(Cue::Agg(a)) if !matches!(a, Agg::Max | Agg::Min))
        });
        let per_group = self.p.iter().enumerate().any(|(k, x)| k != skip && matches!(x.cue(), Some(Cue::Each | Cue::Group)));
        // "the total amount claimed": a metric that is not an extreme.
        let metric = self.p.iter().any(|x| match x.top() {
            Some(Target::Metric(mi)) => {
                !self.lx.metric_aggs.get(*mi).copied().flatten().is_some_and(|s| matches!(s.agg, Agg::Max | Agg::Min))
            }
            _ => false,
        });
        !aggregates && !per_group && !metric
    }

    /// The last word of piece `i`, lowercased.
    fn last_word(&self, i: usize) -> String {
        self.p[i].words.split_whitespace().last().unwrap_or("").to_lowercase()
    }

    /// "the highest mountain", "the most expensive product", "the 3 least
    /// expensive hotels": returns whether it was read.
    fn superlative_of_noun(&mut self, i: usize) -> bool {
        let word = self.last_word(i);
        let mut span = vec![i];
        let (measure, desc) = match self.p[i].cue() {
            Some(c @ (Cue::Most | Cue::Least | Cue::Latest)) => {
                let desc = c != Cue::Least;
                // "highest paid": the verb is a filler word `next_sig` skips.
                // A misspelt name ("pricy" for `price`) is no reason to skip it.
                let next = Some(i + 1).filter(|&k| k < self.p.len() && !self.used[k] && self.p[k].lex().is_none_or(|c| c.iter().all(|c| c.fuzzy)));
                let adjective = next.and_then(|k| {
                    let w = self.p[k].norm.clone();
                    ADJECTIVES.iter().find(|(a, _)| *a == w).map(|(_, m)| (k, *m))
                });
                if let Some((k, m)) = adjective {
                    span.push(k);
                    (m, desc)
                } else if matches!(self.p[i].words.to_lowercase().as_str(), "most recent" | "the most recent") {
                    (Measure::Date, true)
                } else if let Some((_, m, d)) = SUPERLATIVES.iter().find(|(w, _, _)| *w == word) {
                    (*m, *d)
                } else {
                    return false;
                }
            }
            // "the first asset acquired": "first" alone may also read as
            // part of a column's name (`first_name`); before a table's
            // noun it is the order.
            None if self.p[i].words.eq_ignore_ascii_case("first") && matches!(self.p[i].kind, PieceKind::Lex(_)) => {
                (Measure::Date, false)
            }
            None if matches!(self.p[i].kind, PieceKind::Unknown | PieceKind::Soft | PieceKind::Stop) => {
                match SUPERLATIVES.iter().find(|(w, _, _)| *w == word) {
                    Some((_, m, d)) => (*m, *d),
                    None => return false,
                }
            }
            _ => return false,
        };
        // "which maker has the cheapest vehicle": the superlative picks
        // the rows of another thing, left to `rank`.
        if (0..i).rev().find(|&k| self.p[k].norm != "the").is_some_and(|w| PICKING.contains(&self.p[w].norm.as_str())) {
            return false;
        }
        // "the first 5 customers": the count after the superlative.
        let after = self.next_sig(i).and_then(|k| self.whole_count(k));
        if let Some((k, _)) = after {
            span.push(k);
        }
        let last = span.last().copied().unwrap_or(i);
        // "the most expensive hardware product": a value of the rows before their noun.
        let mut n = self.next_sig(last);
        while let Some(k) = n.filter(|&k| matches!(self.p[k].top(), Some(Target::Value(..) | Target::Segment(_)))) {
            n = self.next_sig(k);
        }
        let table = n.filter(|&n| !self.used[n]).and_then(|n| self.table_at(n).map(|t| (n, t)));
        // "the person who is the oldest": the rows named before, when the
        // superlative ends the question.
        let table = table.or_else(|| if after.is_none() { self.rows_before_trailing(i, n) } else { None });
        let Some((n, t)) = table else {
            // "the youngest male": a value, not a table (`value_superlative`),
            // which reads a count before the superlative only; one after it
            // is in `span` and must not be taken as the order.
            if after.is_some() {
                return false;
            }
            return self.superlative_of_value(i, &span, &|s: &Self, t| s.measured_column(t, measure, desc));
        };
        if !self.asked_of(t, i, None) {
            return false;
        }
        // "the 3 most expensive hotels": the count before says how many.
        let count = self.prev_sig(i).and_then(|k| self.whole_count(k)).or(after);
        if self.p[n].plural && count.is_none() && self.limit.is_none() {
            return false;
        }
        let found = match measure {
            Measure::Said => self.number_said_before(t, i).map(|f| (f, desc)),
            _ => self.measured_column(t, measure, desc),
        };
        let Some((f, desc)) = found else { return false };
        self.keep_first(count);
        let dir = if desc { "descending" } else { "ascending" };
        for &k in span.iter().filter(|&&k| Some(k) != after.map(|a| a.0)) {
            self.take(k, MatchKind::Order, format!("{} {dir}", f.name), 0.8);
        }
        self.take(n, MatchKind::Table, self.table_name(t), 0.9);
        self.list_rows_of(n, t, f, desc);
        true
    }

    /// "the person who is the oldest?", "members that are the youngest": the
    /// table named right before "who/that/which is the" and a superlative
    /// at piece `i` that ends the question (`next` is what follows it).
    fn rows_before_trailing(&self, i: usize, next: Option<usize>) -> Option<(usize, usize)> {
        if next.is_some_and(|k| !matches!(self.p[k].kind, PieceKind::Punct('?' | '.'))) {
            return None;
        }
        let mut k = (0..i).rev().find(|&k| self.p[k].norm != "the")?;
        if !matches!(self.p[k].norm.as_str(), "is" | "are" | "was" | "were") {
            return None;
        }
        k = k.checked_sub(1)?;
        // "Which host is the youngest?": the rows asked for right before.
        if k >= 1 && matches!(self.p[k - 1].norm.as_str(), "which" | "what") && !self.used[k] && (0..k - 1).all(|x| self.p[x].is_filler()) {
            if let Some(t) = self.table_at(k) {
                return Some((k, t));
            }
        }
        if !matches!(self.p[k].norm.as_str(), "who" | "that" | "which") {
            return None;
        }
        k = k.checked_sub(1)?;
        if self.used[k] {
            return None;
        }
        self.table_at(k).map(|t| (k, t))
    }

    /// True when what the question asks before piece `i` (but `skip`) is of table `t`:
    /// each column named there can be one of `t`'s, and no other table is
    /// named ("the country that has the highest roller coaster" asks for
    /// countries, not roller coasters).
    pub(super) fn asked_of(&self, t: usize, i: usize, skip: Option<usize>) -> bool {
        self.asked_of_except(t, i, skip.as_slice())
    }

    /// [`Ctx::asked_of`], skipping every piece in `skip`.
    pub(super) fn asked_of_except(&self, t: usize, i: usize, skip: &[usize]) -> bool {
        (0..i).filter(|&k| !skip.contains(&k) && !self.used[k]).all(|k| {
            let Some(cands) = self.p[k].lex() else { return true };
            let sure: Vec<&crate::planner::lexicon::Cand> = cands.iter().filter(|c| !c.fuzzy).collect();
            if sure.iter().any(|c| matches!(c.target, Target::Table(x) if x == t)) {
                return true;
            }
            if sure.iter().any(|c| matches!(c.target, Target::Table(_))) {
                return false;
            }
            let columns: Vec<usize> = sure
                .iter()
                .filter(|c| matches!(c.target, Target::Column(..) | Target::Dimension(_)))
                .filter_map(|c| self.field_of(&c.target).map(|f| f.table))
                .collect();
            columns.is_empty() || columns.contains(&t)
        })
    }

    /// The one column of table `t` that `measure` names, and the
    /// direction: None when none or several fit.
    pub(super) fn measured_column(&self, t: usize, measure: Measure, desc: bool) -> Option<(FieldInfo, bool)> {
        self.measured_column_of(t, measure, desc).or_else(|| {
            // "the tallest perpetrator": each perpetrator is one person,
            // whose height is kept with the people; the one table `t`
            // points at that has the measure. Not a date measure: the
            // other rows' dates are theirs ("the newest order" is no
            // customer's).
            if matches!(measure, Measure::Date | Measure::Said) {
                return None;
            }
            let found: Vec<(FieldInfo, bool)> = (0..self.m.tables.len())
                .filter(|&u| u != t && crate::planner::schema::foreign_key(self.m, t, u).is_some())
                .filter_map(|u| self.measured_column_of(u, measure, desc))
                .collect();
            match <[(FieldInfo, bool); 1]>::try_from(found) {
                Ok([one]) => Some(one),
                Err(_) => None,
            }
        })
    }

    /// [`Ctx::measured_column`] among table `t`'s own columns.
    fn measured_column_of(&self, t: usize, measure: Measure, desc: bool) -> Option<(FieldInfo, bool)> {
        match measure {
            Measure::Words(words) => self.one_column(t, |s, f| {
                f.numeric && !f.temporal && !s.is_key(f) && s.column_says(f, words)
            })
            .map(|f| (f, desc)),
            Measure::Date => self.date_column(t).map(|f| (f, desc)),
            Measure::Said => None,
            Measure::Age => match self.one_column(t, |s, f| f.numeric && !f.temporal && !s.is_key(f) && s.column_says(f, &["age"])) {
                Some(f) => Some((f, desc)),
                // "the oldest person": the earliest birth date, among other dates.
                None => match self.one_column(t, |s, f| (f.temporal || f.numeric) && !s.is_key(f) && s.column_says(f, &["birth", "born", "dob", "birthday"])) {
                    Some(f) => Some((f, !desc)),
                    // "the oldest order": the earliest date.
                    None => self.date_column(t).map(|f| (f, !desc)),
                },
            },
        }
    }

    /// The one number column of table `t`, not a key, named before piece
    /// `i` ("the amount of the largest payment").
    fn number_said_before(&self, t: usize, i: usize) -> Option<FieldInfo> {
        let mut found: Vec<FieldInfo> = Vec::new();
        for k in 0..i {
            let Some(c) = self.p[k].lex().and_then(|c| c.iter().find(|c| !c.fuzzy && matches!(c.target, Target::Column(..) | Target::Dimension(_)))) else { continue };
            let Some(f) = self.field_of(&c.target) else { continue };
            if f.table == t && f.numeric && !f.temporal && !self.is_key(&f) && !found.iter().any(|x| x.name == f.name) {
                found.push(f);
            }
        }
        match <[FieldInfo; 1]>::try_from(found) {
            Ok([f]) => Some(f),
            Err(_) => None,
        }
    }

    /// The one date of table `t`: a date column, else a number column
    /// named for a year or date, else for when the thing began (`founded`,
    /// `year_opened`: "the oldest college").
    fn date_column(&self, t: usize) -> Option<FieldInfo> {
        self.one_column(t, |s, f| f.temporal && !s.is_key(f))
            .or_else(|| self.one_column(t, |s, f| f.numeric && !s.is_key(f) && s.column_says(f, &["year", "date"])))
            .or_else(|| self.one_column(t, |s, f| f.numeric && !s.is_key(f) && s.column_says(f, BEGAN)))
    }

    /// True when a word of `f`'s column name is one of `words`.
    fn column_says(&self, f: &FieldInfo, words: &[&str]) -> bool {
        let Some(c) = f.column else { return false };
        let want: Vec<String> = words.iter().map(|w| stem(w)).collect();
        let name = &self.m.tables[f.table].columns[c].name;
        // `ht_cm` says "height": a part spelled out, or shortened.
        let spelled = crate::dataset::names::label(name);
        split_identifier(name).iter().any(|w| {
            want.contains(&stem(w)) || words.iter().any(|x| crate::dataset::names::contracts(x, &w.to_lowercase()))
        }) || spelled.split_whitespace().any(|w| want.contains(&stem(w)))
    }

    /// The only column of table `t` that `fits`.
    pub(super) fn one_column(&self, t: usize, fits: impl Fn(&Self, &FieldInfo) -> bool) -> Option<FieldInfo> {
        let table = self.m.tables.get(t)?;
        let found: Vec<FieldInfo> = (0..table.columns.len())
            .filter_map(|c| self.field_info(Field::Col(t, c)))
            .filter(|f| fits(self, f))
            .collect();
        match <[FieldInfo; 1]>::try_from(found) {
            Ok([f]) => Some(f),
            Err(_) => None,
        }
    }

    /// The rows of table `t` (named at piece `n`) are listed in `f`'s order.
    fn list_rows_of(&mut self, n: usize, t: usize, f: FieldInfo, desc: bool) {
        let subject_is_table = self.subject.is_some_and(|s| matches!(self.p[s].top(), Some(Target::Table(_))));
        if self.subject.is_none() || (!subject_is_table && self.subject.is_some_and(|s| s < n)) {
            self.subject = Some(n);
        }
        self.base = Some(t);
        if !self.involved.contains(&f.name) {
            self.involved.push(f.name.clone());
        }
        self.order.push(crate::plan::OrderBy { by: f.name, desc });
    }

    /// "the aircraft with the maximum distance" where "maximum distance"
    /// is a maximum metric (or "maximum" then a number column): the row
    /// with the largest distance, not the largest distance.
    fn extreme_metric_after_picking(&mut self, i: usize) -> bool {
        let Some(w) = (0..i).rev().find(|&k| self.p[k].norm != "the") else { return false };
        if !PICKING.contains(&self.p[w].norm.as_str()) {
            return false;
        }
        let (field, desc, span) = match self.p[i].top() {
            Some(Target::Metric(mi)) => {
                let first = self.p[i].words.split_whitespace().next().unwrap_or("").to_lowercase();
                let desc = match first.as_str() {
                    "max" | "maximum" | "highest" | "largest" | "greatest" | "biggest" => true,
                    "min" | "minimum" | "lowest" | "smallest" | "least" => false,
                    _ => return false,
                };
                let Some(s) = self.lx.metric_aggs.get(*mi).copied().flatten() else { return false };
                let Some((t, c)) = s.column else { return false };
                if s.agg != if desc { Agg::Max } else { Agg::Min } {
                    return false;
                }
                (self.field_info(Field::Col(t, c)), desc, vec![i])
            }
            _ => match self.p[i].cue() {
                Some(Cue::Agg(a @ (Agg::Max | Agg::Min))) => {
                    let Some(j) = self.next_sig(i).filter(|&j| !self.used[j]) else { return false };
                    let f = self
                        .pick(j, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
                        .and_then(|c| self.field_of(&c.target))
                        .filter(|f| f.numeric || f.temporal);
                    (f, a == Agg::Max, vec![i, j])
                }
                _ => return false,
            },
        };
        let Some(f) = field else { return false };
        // The rows picked: a singular noun of that table before "with", or "the one".
        let noun = (0..w).rev().find(|&k| {
            self.p[k].norm == "one"
                || self.p[k]
                    .lex()
                    .is_some_and(|cs| cs.iter().any(|c| !c.fuzzy && c.target == Target::Table(f.table)))
        });
        let Some(n) = noun else { return false };
        // "which sensor has the lowest battery" in a table of readings:
        // each sensor's minimum, ranked (`rank`), not one reading.
        if self.p[n].lex().is_some() && !self.names_rows_of(f.table, n) {
            return false;
        }
        if self.p[n].plural && self.limit.is_none() {
            return false;
        }
        if self.limit.is_none() {
            self.limit = Some(1);
        }
        let dir = if desc { "descending" } else { "ascending" };
        for &k in &span {
            self.take(k, MatchKind::Order, format!("{} {dir}", f.name), 0.9);
        }
        if self.p[n].lex().is_some() {
            self.take(n, MatchKind::Table, self.table_name(f.table), 0.9);
        } else {
            self.mark(n);
        }
        let t = f.table;
        if self.p[n].lex().is_some() {
            self.list_rows_of(n, t, f, desc);
        } else {
            self.base = Some(t);
            if !self.involved.contains(&f.name) {
                self.involved.push(f.name.clone());
            }
            self.order.push(crate::plan::OrderBy { by: f.name, desc });
        }
        true
    }
}

impl Ctx<'_> {
    /// An unused whole number of rows at piece `k` ("the 3 most expensive
    /// hotels"), with its piece.
    pub(super) fn whole_count(&self, k: usize) -> Option<(usize, u64)> {
        match self.p[k].kind {
            PieceKind::Number(x) if !self.used[k] && x >= 1.0 && x.fract() == 0.0 => Some((k, x as u64)),
            _ => None,
        }
    }

    /// Keep the first `count` rows of an ordered listing, or the first one
    /// when no count was said and no limit is set yet.
    pub(super) fn keep_first(&mut self, count: Option<(usize, u64)>) {
        match count {
            Some((k, x)) => {
                self.limit = Some(x);
                self.take(k, MatchKind::Limit, x.to_string(), 1.0);
            }
            None if self.limit.is_none() => self.limit = Some(1),
            None => {}
        }
    }
}
