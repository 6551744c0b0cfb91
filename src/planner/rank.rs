//! Ordering: "most", "lowest", "sorted by", "in descending order of",
//! "most often", "the most warnings", "youngest", "which site is hottest on
//! average", and superlatives inside a metric's own name ("lowest battery").
//!
//! Invariants: an order key is either a measure (written `#m<index>` until
//! measures are named in `finish`) or a field; a superlative about a single
//! thing ("which site", "the stadium with the highest") limits to one row;
//! "most"/"fewest" before a table counts it, other superlatives never do.

use crate::plan::{Agg, OrderBy};
use crate::planner::build::{Ctx, MKind};
use crate::planner::english::{self, Cue};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::{self};
use crate::planner::tokenize::split_identifier;
use crate::planner::MatchKind;

/// Adjectives that stand for a column after "most"/"least" ("the most
/// expensive"): the word the column's name has.
const COLUMN_ADJECTIVES: &[(&str, &str)] = &[("expensive", "price"), ("costly", "price"), ("pricey", "price")];

impl Ctx<'_> {
    /// The measure made from the phrase starting at piece `j`, if any.
    fn measure_at(&self, j: usize) -> Option<usize> {
        self.measures.iter().position(|m| m.at == j)
    }

    /// Orders by the thing at piece `j` (a measure phrase, a metric or a
    /// column); returns whether it found one.
    pub(super) fn rank_by(&mut self, j: usize, desc: bool) -> bool {
        if let Some(mi) = self.measure_at(j) {
            self.set_order(format!("#m{mi}"), desc);
            return true;
        }
        match self.p[j].top().cloned() {
            Some(Target::Metric(mi)) => {
                let words = self.p[j].words.clone();
                let k = self.add_measure(MKind::Metric(mi), j, words);
                self.take_lex(j);
                self.set_order(format!("#m{k}"), desc);
                // A table's count metric ("the most crafters").
                if let Some(t) = self.sc.count_metric.iter().position(|x| *x == Some(mi)) {
                    self.group_by_numeric_subject(j, t);
                }
                true
            }
            // "the most books" ranks groups by a count; with nothing grouped
            // ("longest book") it would rank rows by themselves.
            Some(Target::Table(t))
                if !self.groups.is_empty()
                    || self.subject.is_some_and(|s| s != j && !self.used[s]) =>
            {
                let kind = self.count_kind(t);
                let words = self.p[j].words.clone();
                let k = self.add_measure(kind, j, words);
                self.take_lex(j);
                self.set_order(format!("#m{k}"), desc);
                self.group_by_numeric_subject(j, t);
                true
            }
            Some(Target::Column(..) | Target::Dimension(_) | Target::Unit(..)) => {
                let Some(c) = self.pick(j, &|t| {
                    matches!(
                        t,
                        Target::Column(..) | Target::Dimension(_) | Target::Unit(..)
                    )
                }) else {
                    return false;
                };
                let Some(f) = self.field_of(&c.target) else {
                    return false;
                };
                // "the account with the most transactions", "the location
                // shared by most counties": a plural naming a table's key
                // counts its rows; with nothing to count them by, ranking
                // the rows by their own key would answer another question.
                if self.p[j].plural && f.column.is_some() && schema::row_key(self.m, f.table) == f.column {
                    if self.groups.is_empty() && !self.subject.is_some_and(|s| s != j && !self.used[s]) {
                        return false;
                    }
                    let kind = self.count_kind(f.table);
                    let words = self.p[j].words.clone();
                    let k = self.add_measure(kind, j, words);
                    self.take(j, MatchKind::Table, self.table_name(f.table), c.confidence);
                    self.set_order(format!("#m{k}"), desc);
                    self.group_by_numeric_subject(j, f.table);
                    return true;
                }
                if self.measures.is_empty() && self.groups.is_empty() {
                    // A listing ordered by one of its columns.
                    self.take(j, MatchKind::Column, f.name.clone(), c.confidence);
                    self.involved.push(f.name.clone());
                    self.set_order(f.name, desc);
                    return true;
                }
                if self.groups.iter().any(|g| g.name == f.name) {
                    self.set_order(f.name, desc);
                    return true;
                }
                // "the countries and names for every singer in descending
                // order of age": with nothing measured, a group by the
                // rows' own name is the rows themselves, listed in order
                // (`rows_in_order` turns the groups into the listing).
                if self.measures.is_empty() && self.rows_grouped_by_themselves(f.table) {
                    self.take(j, MatchKind::Column, f.name.clone(), c.confidence);
                    self.involved.push(f.name.clone());
                    self.set_order(f.name, desc);
                    return true;
                }
                let Some(col) = f.column else { return false };
                // "each department's total salary, in descending order of
                // salary": the column already measured orders by that
                // measure, not by its maximum beside it.
                let of_column = |kind: &MKind| match kind {
                    MKind::Agg(_, Field::Col(t, c)) => (*t, *c) == (f.table, col),
                    MKind::Metric(mi) => self.lx.metric_aggs.get(*mi).copied().flatten().is_some_and(|s| s.column == Some((f.table, col))),
                    _ => false,
                };
                let measured: Vec<usize> = (0..self.measures.len()).filter(|&k| of_column(&self.measures[k].kind)).collect();
                if let [k] = measured[..] {
                    self.take(j, MatchKind::Column, f.name.clone(), c.confidence);
                    self.set_order(format!("#m{k}"), desc);
                    return true;
                }
                let agg = if desc { Agg::Max } else { Agg::Min };
                let kind = match self.lx.metric_aggs.iter().position(|s| {
                    s.is_some_and(|s| s.agg == agg && s.column == Some((f.table, col)))
                }) {
                    Some(mi) => MKind::Metric(mi),
                    None => MKind::Agg(agg, Field::Col(f.table, col)),
                };
                let words = self.p[j].words.clone();
                let k = self.add_measure(kind, j, words);
                self.take(j, MatchKind::Column, f.name, c.confidence);
                self.set_order(format!("#m{k}"), desc);
                true
            }
            _ => false,
        }
    }

    /// "sorted by the channel rating", "the average channel rating": a
    /// table's noun right before one of its own columns only says whose
    /// column it is; the key is the column (and the table's piece, to mark
    /// once read).
    pub(super) fn owned_key(&self, j: usize) -> (usize, Option<usize>) {
        let Some(&Target::Table(t)) = self.p[j].top() else { return (j, None) };
        let k = j + 1;
        let own = self.p.get(k).filter(|_| !self.used[k]).and_then(|x| x.lex()).is_some_and(|cands| {
            cands.first().is_some_and(|c| {
                matches!(c.target, Target::Column(..) | Target::Dimension(_))
                    && schema::target_table(self.m, self.lx, &c.target) == Some(t)
            })
        });
        if own { (k, Some(j)) } else { (j, None) }
    }

    /// "ordered by sales and profits": a column right after "and" that
    /// follows the order key `j` is the next key, in the same direction.
    fn second_key(&mut self, j: usize, desc: bool) {
        let Some(a) = self.next_sig(j).filter(|&a| self.p[a].cue() == Some(Cue::And) && !self.used[a]) else { return };
        // "and their last names" is more to show, not a key.
        let k = (a + 1..self.p.len()).find(|&k| !matches!(self.p[k].norm.as_str(), "the" | "then"));
        let Some(k) = k.filter(|&k| !self.used[k] && matches!(self.p[k].top(), Some(Target::Column(..) | Target::Dimension(_)))) else { return };
        // The list goes on after it ("by name and age of ..."): not a key.
        if self.next_sig(k).is_some_and(|n| !matches!(self.p[n].kind, PieceKind::Punct(_))) {
            return;
        }
        let before = self.order.len();
        if self.rank_by(k, desc) && self.order.len() > before {
            self.mark(a);
        }
    }

    pub(super) fn set_order(&mut self, by: String, desc: bool) {
        // A pending "top N" order takes this key.
        if let Some(o) = self.order.iter_mut().find(|o| o.by.is_empty()) {
            o.by = by;
            return;
        }
        if !self.order.iter().any(|o| o.by == by) {
            self.order.push(OrderBy { by, desc });
        }
    }

    /// True when every group is a column of table `t` and one of them is
    /// its rows' own name or key ("for every singer"), with no word asking
    /// for different values.
    fn rows_grouped_by_themselves(&self, t: usize) -> bool {
        let cols: Vec<Option<(usize, usize)>> = self
            .groups
            .iter()
            .map(|g| if g.grain.is_none() { super::account::resolve(self.m, &g.name) } else { None })
            .collect();
        !cols.is_empty()
            && cols.iter().all(|x| x.is_some_and(|(gt, _)| gt == t))
            && cols.iter().flatten().any(|&(_, c)| schema::names_row(self.m, t, c))
            && !self.p.iter().any(|x| matches!(x.norm.as_str(), "different" | "distinct" | "unique"))
    }

    /// True when the question is about one thing ("which site", "the
    /// stadium"). A plural subject still asks for one when its verb is
    /// singular ("Which countries has the most airlines?") or when the
    /// superlative belongs to a singular noun of its own ("the names of
    /// cities in the county with the most officers").
    fn singular_subject(&self) -> bool {
        let Some(s) = self.subject else { return true };
        if !self.p[s].plural {
            return true;
        }
        let verb_says_one = self
            .p
            .get(s + 1)
            .is_some_and(|v| matches!(v.norm.as_str(), "has" | "is" | "was" | "does"));
        verb_says_one || (0..self.p.len()).any(|k| self.singular_noun_with_superlative(k))
    }

    /// Piece `k` is a superlative after "<singular noun> with (the)"
    /// ("the county with the most", "the customer with the lowest").
    fn singular_noun_with_superlative(&self, k: usize) -> bool {
        if !matches!(self.p[k].cue(), Some(Cue::Most | Cue::Least)) {
            return false;
        }
        let w = if k >= 1 && self.p[k - 1].norm == "the" { k.checked_sub(2) } else { k.checked_sub(1) };
        let Some(w) = w.filter(|&w| self.p[w].norm == "with") else { return false };
        w.checked_sub(1).is_some_and(|n| {
            !self.p[n].plural && Some(n) != self.subject && matches!(self.p[n].top(), Some(Target::Table(_) | Target::Column(..) | Target::Dimension(_)))
        })
    }

    pub(super) fn ranking(&mut self) {
        const TEXT_KEY: &str = super::build::TEXT_KEY;
        let phrases = self.order_phrases();
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            match self.p[i].cue() {
                Some(c @ (Cue::Most | Cue::Least)) => self.superlative(i, c == Cue::Most),
                Some(Cue::Often) => self.often(i),
                Some(Cue::Sort) => {
                    // "ordered by ascending net worth": the direction may come first.
                    let j = self.next_sig(i).and_then(|j| match self.p[j].cue() {
                        Some(Cue::Asc | Cue::Desc) => self.next_sig(j),
                        _ => Some(j),
                    });
                    // "in the order of their names", "ordered by name": the
                    // name the answer shows.
                    let name = (i + 1..self.p.len())
                        .find(|&k| !matches!(self.p[k].norm.as_str(), "the" | "their" | "its"))
                        .filter(|&k| !self.used[k] && self.p[k].kind == PieceKind::Stop && matches!(self.p[k].norm.as_str(), "name" | "names"));
                    if let Some(n) = name {
                        let desc = self.direction_after(i).unwrap_or(false);
                        self.order.push(OrderBy { by: super::build::NAME_KEY.into(), desc });
                        self.mark(n);
                        self.take(i, MatchKind::Order, if desc { "descending" } else { "ascending" }.into(), 1.0);
                        continue;
                    }
                    if let Some(j) = j {
                        let desc = self.direction_after(i).unwrap_or(false);
                        let (j, owner) = self.owned_key(j);
                        if self.rank_by(j, desc) {
                            if let Some(o) = owner {
                                self.mark(o);
                            }
                            self.second_key(j, desc);
                            self.take(
                                i,
                                MatchKind::Order,
                                if desc { "descending" } else { "ascending" }.into(),
                                1.0,
                            );
                        }
                    }
                }
                Some(d @ (Cue::Desc | Cue::Asc)) => {
                    let desc = d == Cue::Desc;
                    // "in alphabetical order by last name": the key after "by".
                    let by = self.next_sig(i).filter(|&j| self.p[j].norm == "by" && !self.used[j]);
                    let next_lex = by.map_or(self.next_sig(i), |b| self.next_sig(b)).filter(|&j| {
                        !self.used[j] && (self.p[j].lex().is_some() || self.measure_at(j).is_some())
                    });
                    let keyed = next_lex.map(|j| self.owned_key(j));
                    let (next_lex, owner) = (keyed.map(|(j, _)| j), keyed.and_then(|(_, o)| o));
                    let done = next_lex.is_some_and(|j| self.rank_by(j, desc));
                    if let Some(j) = next_lex.filter(|_| done) {
                        if let Some(b) = by {
                            self.mark(b);
                        }
                        if let Some(o) = owner {
                            self.mark(o);
                        }
                        self.second_key(j, desc);
                    }
                    // "in alphabetical order": by the first text column shown.
                    let words = self.p[i].words.to_lowercase();
                    let alphabetical = words.contains("alphabetic") || words.contains("lexicographic");
                    let done = done || (!alphabetical && (self.direction_of_key_before(i, desc) || self.generic_key_before(i, desc)));
                    if !done {
                        match self.order.last_mut() {
                            Some(o) => o.desc = desc,
                            None => self.order.push(OrderBy {
                                by: if alphabetical { TEXT_KEY.into() } else { String::new() },
                                desc,
                            }),
                        }
                    }
                    self.take(
                        i,
                        MatchKind::Order,
                        if desc { "descending" } else { "ascending" }.into(),
                        1.0,
                    );
                }
                _ => {}
            }
        }
        self.order_phrases_keys(phrases);
        self.implied_order();
        self.count_before_subject();
    }

    /// "the 3 departments with the most courses": a whole number right
    /// before the plural subject of a ranking is how many to keep.
    fn count_before_subject(&mut self) {
        if self.order.is_empty() || self.limit.is_some() {
            return;
        }
        let Some(s) = self.subject.filter(|&s| self.p[s].plural) else { return };
        if let Some(count) = self.prev_sig(s).and_then(|n| self.whole_count(n)) {
            self.keep_first(Some(count));
        }
    }

    /// "sorted by price decreasing and name ascending", "by the disposed
    /// date ascendingly": a direction said after the column it orders. The
    /// column's order takes the direction, or a listing is ordered by it
    /// next; returns whether the column before `i` was such a key.
    fn direction_of_key_before(&mut self, i: usize, desc: bool) -> bool {
        let Some(k) = self.prev_sig(i) else { return false };
        if !matches!(self.p[k].top(), Some(Target::Column(..) | Target::Dimension(_))) {
            return false;
        }
        let Some(c) = self.pick(k, &|t| matches!(t, Target::Column(..) | Target::Dimension(_))) else { return false };
        let Some(f) = self.field_of(&c.target) else { return false };
        if let Some(o) = self.order.iter_mut().find(|o| o.by == f.name) {
            o.desc = desc;
            return true;
        }
        if !self.measures.is_empty() || !self.groups.is_empty() {
            return false;
        }
        if !self.used[k] {
            self.take(k, MatchKind::Column, f.name.clone(), c.confidence);
        }
        if !self.involved.contains(&f.name) {
            self.involved.push(f.name.clone());
        }
        self.order.push(OrderBy { by: f.name, desc });
        true
    }

    /// "order the results by the level from high to low": a generic word
    /// after "by" ("level", "amount", "value") right before the direction
    /// is the key, the one column of the listed rows whose name has it
    /// (`level_of_membership`); true when it was read so. Without this
    /// the direction would fall on the first column shown.
    fn generic_key_before(&mut self, i: usize, desc: bool) -> bool {
        let articles = |k: usize| matches!(self.p[k].norm.as_str(), "the" | "a" | "an" | "their" | "its");
        let Some(k) = (0..i).rev().find(|&k| !articles(k)) else { return false };
        let word = self.p[k].norm.trim_end_matches('s').to_string();
        if self.used[k] || self.p[k].kind != PieceKind::Stop || !crate::planner::account::COLUMN_STOPWORDS.contains(&self.p[k].norm.as_str()) {
            return false;
        }
        if !(0..k).rev().find(|&b| !articles(b)).is_some_and(|b| self.p[b].norm == "by") {
            return false;
        }
        let Some(f) = self.listed_column_named(&word) else { return false };
        self.take(k, MatchKind::Column, f.name.clone(), 0.8);
        if !self.involved.contains(&f.name) {
            self.involved.push(f.name.clone());
        }
        self.set_order(f.name, desc);
        true
    }

    /// The direction named after a "sorted by" cue, if any.
    fn direction_after(&mut self, i: usize) -> Option<bool> {
        let k = (i + 1..self.p.len())
            .find(|&k| matches!(self.p[k].cue(), Some(Cue::Desc | Cue::Asc)))?;
        let desc = self.p[k].cue() == Some(Cue::Desc);
        let j = self.next_sig(k);
        // "in descending order of X" names its own key; leave it.
        if j.is_some_and(|j| self.p[j].lex().is_some()) && self.p[k].words.ends_with("of") {
            return None;
        }
        self.mark(k);
        Some(desc)
    }

    /// "the most revenue", "highest average satisfaction", "largest capacity".
    fn superlative(&mut self, i: usize, desc: bool) {
        // "5 largest countries": the number before is the limit.
        if let Some(n) = self.prev_sig(i).filter(|&k| !self.used[k]) {
            if let PieceKind::Number(x) = self.p[n].kind {
                self.limit = Some(x.max(1.0) as u64);
                self.take(n, MatchKind::Limit, format!("{}", x as u64), 1.0);
            }
        }
        let Some(mut j) = self.next_sig(i) else {
            return;
        };
        if self.p[j].cue() == Some(Cue::Often) {
            return;
        }
        // "the most expensive product": an adjective standing for a column.
        if self.p[j].kind == PieceKind::Unknown && self.measures.is_empty() && self.groups.is_empty() {
            if let Some((_, word)) = COLUMN_ADJECTIVES.iter().find(|(a, _)| *a == self.p[j].norm) {
                if self.order_by_word(i, j, word, desc) {
                    return;
                }
            }
        }
        // "the most people", "the greatest number of times": rows counted per group.
        // ("records" is a filler word that `next_sig` skips.)
        let row_noun = if self.p[j].cue() == Some(Cue::Count) { Some(j + 1).filter(|&n| self.row_noun(n)) } else { None };
        if let Some(n) = row_noun.or(Some(i + 1).filter(|&n| self.row_noun(n))) {
            if self.rank_by_rows(i, n, desc) {
                if self.p[j].cue() == Some(Cue::Count) {
                    self.mark(j);
                }
                return;
            }
        }
        // "the greatest number of years" where that number is a column.
        if self.p[j].cue() == Some(Cue::Count) && !self.used[j] {
            if let Some(n) = self.next_sig(j).filter(|&n| {
                self.p[n].top().is_some_and(|t| {
                    matches!(t, Target::Column(..) | Target::Dimension(_))
                        && self.is_numeric_target(t)
                })
            }) {
                self.mark(j);
                j = n;
            }
        }
        // "the most warnings": count the rows with that value, most first.
        if matches!(
            self.p[j].top(),
            Some(Target::Value(..) | Target::Segment(_))
        ) && self.subject.is_some()
        {
            self.often(i);
            return;
        }
        let aggregated = !self.measures.is_empty() || !self.groups.is_empty();
        // "highest temperature" with nothing to rank: the maximum.
        let listing_subject = self.subject.is_some_and(|s| {
            self.p[s]
                .top()
                .is_some_and(|t| matches!(t, Target::Table(_)))
        });
        // "List the 3 highest rated TV series": rows are asked for, not a maximum.
        let lists_rows = self.p.first().is_some_and(|x| {
            matches!(
                x.norm.as_str(),
                "list" | "show" | "give" | "find" | "return" | "display"
            )
        }) || (0..self.p.len())
            .any(|k| k != j && !self.used[k] && matches!(self.p[k].top(), Some(Target::Table(_))));
        // "the top 3 highest support rates": several rows, not one maximum.
        let several = self.limit.is_some_and(|l| l > 1) || self.order.iter().any(|o| o.by.is_empty());
        if !aggregated && !listing_subject && self.subject.is_none() && !lists_rows && !several {
            if let Some(Target::Column(..) | Target::Dimension(_) | Target::Unit(..)) =
                self.p[j].top()
            {
                if self.p[j].top().is_some_and(|t| self.is_numeric_target(t)) {
                    let agg = if desc { Agg::Max } else { Agg::Min };
                    if let Some(c) = self.pick(j, &|t| {
                        matches!(
                            t,
                            Target::Column(..) | Target::Dimension(_) | Target::Unit(..)
                        )
                    }) {
                        if let Some(f) = self.field_of(&c.target) {
                            if let Some(col) = f.column {
                                let words = format!("{} {}", self.p[i].words, self.p[j].words);
                                self.add_measure(
                                    MKind::Agg(agg, Field::Col(f.table, col)),
                                    i,
                                    words,
                                );
                                self.take(i, MatchKind::Aggregate, agg.word().into(), 1.0);
                                self.take(j, MatchKind::Column, f.name, c.confidence);
                            }
                        }
                    }
                    return;
                }
            }
        }
        // "lowest humidity" with nothing to rank: the minimum of the metric's column.
        if self.groups.is_empty() && self.subject.is_none() {
            if let Some(mi) = self.measure_at(j) {
                if let MKind::Metric(me) = self.measures[mi].kind.clone() {
                    if let Some(col) = self
                        .lx
                        .metric_aggs
                        .get(me)
                        .copied()
                        .flatten()
                        .and_then(|s| s.column)
                    {
                        let agg = if desc { Agg::Max } else { Agg::Min };
                        self.measures[mi].kind =
                            match self.lx.metric_aggs.iter().position(|s| {
                                s.is_some_and(|s| s.agg == agg && s.column == Some(col))
                            }) {
                                Some(m2) => MKind::Metric(m2),
                                None => MKind::Agg(agg, Field::Col(col.0, col.1)),
                            };
                        self.take(i, MatchKind::Aggregate, agg.word().into(), 1.0);
                        return;
                    }
                }
            }
        }
        // Only "most"/"fewest" count a noun: "the longest books" is not a count.
        // "the highest amount of students" counts them as "the most" does.
        let counts = matches!(self.p[i].norm.as_str(), "most" | "the" | "fewest" | "least")
            || self.p[j].plural && (i + 1..j).any(|k| matches!(self.p[k].norm.as_str(), "amount" | "quantity"));
        if matches!(self.p[j].top(), Some(Target::Table(_))) && !counts {
            return;
        }
        // "the top three lowest distances": "top" takes the first N, the
        // superlative says in which direction.
        if let Some(o) = self.order.iter_mut().find(|o| o.by.is_empty()) {
            o.desc = desc;
        }
        if self.rank_by(j, desc) {
            self.take(
                i,
                MatchKind::Order,
                if desc { "descending" } else { "ascending" }.into(),
                1.0,
            );
            if self.limit.is_none() && self.singular_subject() {
                self.limit = Some(1);
            }
        }
    }

    /// "the three accounts with the highest balances", "5 films that have
    /// the longest running time": a number before a plural noun that a
    /// superlative ranks is how many to show, not a value of the ranked
    /// column. Runs before comparisons read numbers as values.
    pub(super) fn counted_superlative(&mut self) {
        for n in 0..self.p.len() {
            let PieceKind::Number(x) = self.p[n].kind else { continue };
            if self.used[n] || x < 1.0 || x.fract() != 0.0 {
                continue;
            }
            let Some(noun) = self.next_sig(n) else { continue };
            if !self.p[noun].plural || !matches!(self.p[noun].top(), Some(Target::Table(_) | Target::Column(..) | Target::Dimension(_))) {
                continue;
            }
            // Only "with", "that have", "having", "the" between the noun and the superlative.
            // ("the most" is one piece whose norm is its first word.)
            let sup = (noun + 1..self.p.len()).find(|&k| {
                self.p[k].cue().is_some() || !matches!(self.p[k].norm.as_str(), "with" | "that" | "which" | "who" | "have" | "has" | "having" | "the")
            });
            if sup.is_some_and(|k| matches!(self.p[k].cue(), Some(Cue::Most | Cue::Least))) {
                self.limit = Some(x as u64);
                self.take(n, MatchKind::Limit, format!("{}", x as u64), 1.0);
            }
        }
    }

    /// "the most expensive hotel", "the 3 least expensive rooms": rows in
    /// the order of the one column of the listed table whose name has
    /// `word`; false (left unread) when none or several do.
    fn order_by_word(&mut self, i: usize, j: usize, word: &str, desc: bool) -> bool {
        let Some(f) = self.listed_column_named(word) else { return false };
        if !f.numeric {
            return false;
        }
        self.take(i, MatchKind::Order, if desc { "descending" } else { "ascending" }.into(), 1.0);
        self.take(j, MatchKind::Column, f.name.clone(), 0.8);
        self.involved.push(f.name.clone());
        self.set_order(f.name, desc);
        if self.limit.is_none() && self.singular_subject() {
            self.limit = Some(1);
        }
        true
    }

    /// The one column of the listed rows' table (the subject's, else the
    /// base) whose name has `word`; None when none or several do.
    fn listed_column_named(&self, word: &str) -> Option<crate::planner::schema::FieldInfo> {
        let t = self
            .subject
            .and_then(|s| self.p[s].top().and_then(|t| schema::target_table(self.m, self.lx, t)))
            .or(self.base)?;
        let cols: Vec<usize> = (0..self.m.tables[t].columns.len())
            .filter(|&c| split_identifier(&self.m.tables[t].columns[c].name).iter().any(|w| w == word))
            .collect();
        let [c] = cols.as_slice() else { return None };
        self.field_info(Field::Col(t, *c))
    }

    /// "most often", "most common": count rows, most first.
    fn often(&mut self, i: usize) {
        let desc = !matches!(self.cue_at(self.prev_sig(i)), Some(Cue::Least))
            && self.p[i].cue() != Some(Cue::Least);
        // "used the most often", "the least frequently": one phrase.
        if let Some(k) = self.prev_sig(i).filter(|&k| !self.used[k] && matches!(self.p[k].cue(), Some(Cue::Most | Cue::Least))) {
            self.mark(k);
        }
        // The table whose rows are counted: where the named condition lives, else the base.
        let event = self.p.iter().find_map(|x| match x.top() {
            Some(t @ (Target::Value(..) | Target::Segment(_))) => {
                schema::target_table(self.m, self.lx, t)
            }
            _ => None,
        });
        let Some(t) = event.or(self.base) else { return };
        // "the product that was ordered the most often": the rows ranked
        // are the counted table's own, one each; what is counted are the
        // rows of another table pointing at them.
        let t = if event.is_none() { self.often_counted_rows(t, i).unwrap_or(t) } else { t };
        let kind = self.count_kind(t);
        let words = self.p[i].words.clone();
        let k = self.add_measure(kind, i, words);
        self.set_order(format!("#m{k}"), desc);
        self.take(i, MatchKind::Order, "count descending".into(), 1.0);
        if self.limit.is_none() && self.singular_subject() {
            self.limit = Some(1);
        }
        if self.groups.is_empty() {
            // "the most common citizenship": the noun after is what is counted by.
            let after = self
                .next_sig(i)
                .filter(|&n| !self.used[n] && self.p[n].lex().is_some());
            if let Some(s) = self.subject.filter(|&s| !self.used[s]).or(after) {
                self.group_by(s);
            }
        }
    }

    /// When the rows a "most often" ranks are those of `b` itself (the
    /// subject names the table, "the product that was ordered the most
    /// often"), counting `b`'s rows per row gives 1 each: the rows counted
    /// are those of a table pointing at `b`, the one a verb before the cue
    /// names ("ordered" -> `order_items`), else the only one there is.
    /// None (left as it was, and refused later) when that is not clear.
    fn often_counted_rows(&mut self, b: usize, i: usize) -> Option<usize> {
        let s = self.subject.filter(|&s| s < i)?;
        // "the code of the document type that is most common": the rows'
        // key, then their noun, asks for the rows as well.
        let key = schema::row_key(self.m, b);
        let key_of_rows = self.p[s].lex().is_some_and(|cs| cs.iter().any(|c| !c.fuzzy && key.is_some_and(|k| c.target == Target::Column(b, k))))
            && (s + 1..i).any(|k| self.p[k].top() == Some(&Target::Table(b)));
        if self.p[s].top() != Some(&Target::Table(b)) && !key_of_rows {
            return None;
        }
        // "the most common allergy type" beside `allergy_type.allergytype`:
        // the words name a column of the rows as well, whose values may be
        // what is ranked; not read.
        let also_column = !key_of_rows && self.p[s].lex().is_some_and(|c| {
            c.iter().any(|c| !c.fuzzy && c.confidence >= 0.9 && matches!(c.target, Target::Column(t, k) if t == b && Some(k) != key))
        });
        if also_column {
            return None;
        }
        let pointing: Vec<usize> = (0..self.m.tables.len()).filter(|&l| l != b && schema::reverse_key(self.m, b, l).is_some()).collect();
        // The verb: a word nothing read yet, maybe a column's word too
        // ("reviewed" beside `review_id`).
        let verbs: Vec<usize> = (s + 1..i)
            .filter(|&k| !self.used[k] && !self.p[k].capital && !self.p[k].words.contains(' '))
            .filter(|&k| matches!(self.p[k].kind, PieceKind::Unknown | PieceKind::Lex(_)))
            .collect();
        let mut named: Vec<(usize, usize)> = Vec::new();
        for &v in &verbs {
            named.extend(pointing.iter().filter(|&&l| self.root_names_table(v, l)).map(|&l| (v, l)));
        }
        match (named.as_slice(), pointing.as_slice()) {
            ([(v, l)], _) => {
                self.take(*v, MatchKind::Table, self.table_name(*l), 0.8);
                Some(*l)
            }
            ([], [l]) if verbs.is_empty() => Some(*l),
            _ => None,
        }
    }

    /// "which sensor has the lowest battery" where "lowest battery" is a
    /// metric's own name: the superlative in it still ranks the groups.
    pub(super) fn superlative_metrics(&mut self) {
        if !self.order.is_empty() || self.groups.is_empty() || self.subject.is_none() {
            return;
        }
        for (k, m) in self.measures.iter().enumerate() {
            // "jobs which minimum salary is greater than 9000": a measure
            // compared with a number is a condition, not a ranking.
            let name = match m.kind {
                MKind::Metric(mi) => Some(self.m.metrics[mi].name.as_str()),
                _ => m.alias.as_deref(),
            };
            if self.having.iter().any(|h| Some(h.field.as_str()) == name) {
                continue;
            }
            let words: Vec<String> = m
                .words
                .split_whitespace()
                .map(|w| w.to_lowercase())
                .collect();
            let desc = words.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "highest" | "most" | "max" | "maximum" | "peak" | "largest" | "biggest" | "top"
                )
            });
            let asc = words.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "lowest" | "least" | "min" | "minimum" | "smallest" | "fewest"
                )
            });
            if desc != asc {
                self.order.push(OrderBy {
                    by: format!("#m{k}"),
                    desc,
                });
                if self.limit.is_none() && self.singular_subject() {
                    self.limit = Some(1);
                }
                return;
            }
        }
    }

    /// "youngest", "oldest", "most populous": an order on a column named for it.
    fn implied_order(&mut self) {
        for i in 0..self.p.len() {
            // "the tallest building" beside `years_as_tallest`: one word of
            // a longer name is a weak reading next to the superlative.
            let longer = |t: &Target| {
                self.field_of(t).and_then(|f| f.column.map(|c| split_identifier(&self.m.tables[f.table].columns[c].name).len() > 1)).unwrap_or(false)
            };
            let weak_name = !self.p[i].words.contains(' ') && self.p[i].lex().is_some_and(|c| c.iter().all(|c| matches!(c.target, Target::Column(..) | Target::Dimension(_)) && longer(&c.target)));
            if self.used[i] || !(self.p[i].kind == PieceKind::Unknown || weak_name) {
                continue;
            }
            let Some((word, desc)) = english::implied_order(&self.p[i].norm) else {
                continue;
            };
            let table = self
                .subject
                .and_then(|s| {
                    self.p[s]
                        .top()
                        .and_then(|t| schema::target_table(self.m, self.lx, t))
                })
                .or(self.base);
            let Some(t) = table else { continue };
            let Some(c) = self.m.tables[t]
                .columns
                .iter()
                .position(|c| split_identifier(&c.name).iter().any(|w| w == word))
            else {
                continue;
            };
            let Some(f) = self.field_info(Field::Col(t, c)) else {
                continue;
            };
            // "the names of the oldest and youngest students": both ends
            // are no one order; the second word stays unplaced, so the
            // question is refused (`implied_extreme_pairs` reads the
            // column's own two ends).
            if self.order.iter().any(|o| o.by == f.name && o.desc != desc) {
                continue;
            }
            self.take(
                i,
                MatchKind::Order,
                format!(
                    "{} {}",
                    f.name,
                    if desc { "descending" } else { "ascending" }
                ),
                0.8,
            );
            // "which site is hottest (on average)": rank groups by an aggregate.
            let group_subject = self.subject.filter(|&s| !self.used[s]).filter(|&s| {
                self.pick(s, &|t| {
                    matches!(t, Target::Dimension(_) | Target::Column(..))
                })
                .and_then(|c| self.field_of(&c.target))
                .is_some_and(|g| {
                    g.dim.is_some_and(|d| {
                        self.m.dimensions[d].kind == crate::semantic::DimensionKind::Categorical
                    }) && g.name != f.name
                        && schema::row_name(self.m, g.table) != g.column
                })
            });
            if let Some(s) = group_subject.or(if self.groups.is_empty() {
                None
            } else {
                Some(usize::MAX)
            }) {
                if s != usize::MAX {
                    self.group_by(s);
                }
                let agg_cue = (0..self.p.len())
                    .find(|&k| !self.used[k] && matches!(self.p[k].cue(), Some(Cue::Agg(_))));
                // "which team has the oldest player": the extreme of a thing
                // of the group, not the group's average.
                let of_a_thing = self.next_sig(i).is_some_and(|n| {
                    matches!(self.p[n].top(), Some(Target::Table(_))) && Some(n) != group_subject
                });
                let agg = match agg_cue.and_then(|k| self.p[k].cue()) {
                    Some(Cue::Agg(a)) => a,
                    _ if of_a_thing => {
                        if desc {
                            Agg::Max
                        } else {
                            Agg::Min
                        }
                    }
                    _ => Agg::Avg,
                };
                // "the youngest person for each job": one answer per group.
                let per_group = self.p.iter().any(|x| {
                    x.cue() == Some(Cue::Each) || x.says_each()
                });
                if let Some(k) = agg_cue {
                    self.take(k, MatchKind::Aggregate, agg.word().into(), 1.0);
                }
                let kind = match self
                    .lx
                    .metric_aggs
                    .iter()
                    .position(|x| x.is_some_and(|x| x.agg == agg && x.column == Some((t, c))))
                {
                    Some(mi) => MKind::Metric(mi),
                    None => MKind::Agg(agg, Field::Col(t, c)),
                };
                let words = self.p[i].words.clone();
                let k = self.add_measure(kind, i, words);
                if per_group && of_a_thing {
                    continue;
                }
                self.set_order(format!("#m{k}"), desc);
                if self.limit.is_none() && self.singular_subject() {
                    self.limit = Some(1);
                }
                continue;
            }
            self.set_order(f.name, desc);
            if self.limit.is_none() && !self.p[i].plural && self.singular_subject() {
                self.limit = Some(1);
            }
        }
    }
}
