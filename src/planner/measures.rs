//! Measures: metrics named in the question, aggregates over columns
//! ("average, minimum and maximum age"), counts ("how many open tickets",
//! "number of different countries"), shares ("what percentage of resolved
//! tickets breached SLA"), and counting the rows a noun names.
//!
//! Invariants: a metric whose expression is exactly the aggregate asked for is
//! used instead of a raw aggregate; a word naming a table's label entity
//! ("sensors" in a table of readings) counts distinct entities, not rows.

use crate::plan::Agg;
use crate::planner::build::{Ctx, MDraft, MKind};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Cand, Field, Target};
use crate::planner::schema;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// "tickets by status", "daily tickets": grouping with no measure
    /// counts the rows named.
    pub(super) fn count_grouped_rows(&mut self) {
        if !self.measures.is_empty() || self.groups.is_empty() {
            return;
        }
        let noun = (0..self.p.len()).find(|&k| {
            !self.used[k]
                && self.p[k]
                    .lex()
                    .is_some_and(|c| c.iter().any(|c| matches!(c.target, Target::Table(_))))
        });
        if let Some(k) = noun {
            if let Some(Cand {
                target: Target::Table(t),
                ..
            }) = self.pick(k, &|t| matches!(t, Target::Table(_)))
            {
                // "the name of its host": the rows whose column is shown,
                // not rows to count.
                if self.owner_of_column_before(k, t) {
                    self.take(k, MatchKind::Table, self.table_name(t), 0.9);
                    return;
                }
                // "the first name of each skater along with the name of
                // their coach": the word "name" (no column of its own here)
                // before a table with a name column shows that name.
                if let Some((n, label)) = self.name_word_before(k, t) {
                    let name = self.field_info(Field::Col(t, label)).map(|f| f.name).unwrap_or_else(|| schema::qualified(self.m, t, label));
                    self.take(n, MatchKind::Column, name.clone(), 0.8);
                    self.take(k, MatchKind::Table, self.table_name(t), 0.9);
                    if !self.groups.iter().any(|g| g.name == name) {
                        self.groups.push(crate::plan::DimensionRef { name, grain: None });
                    }
                    return;
                }
                let kind = self.count_kind_for(t, k);
                let words = self.p[k].words.clone();
                self.add_measure(kind, k, words);
                self.take(k, MatchKind::Table, self.table_name(t), 0.9);
            }
        }
    }

    /// "the name of their coach": the unused word "name" before "of" (and
    /// a possessive or article) before piece `k` naming table `t`, and
    /// `t`'s name column.
    fn name_word_before(&self, k: usize, t: usize) -> Option<(usize, usize)> {
        let of = self.of_before(k)?;
        let n = of.checked_sub(1).filter(|&n| !self.used[n] && matches!(self.p[n].norm.as_str(), "name" | "names"))?;
        // "the name of the member who referred them" beside members'
        // names: another row of the same table, not a join.
        if self.groups.iter().any(|g| schema::table_of_name(self.m, &g.name) == Some(t)) {
            return None;
        }
        Some((n, schema::label_column(self.m, t)?))
    }

    /// The "of" before piece `k`, across a possessive or an article ("of
    /// their coach", "of the parties").
    fn of_before(&self, k: usize) -> Option<usize> {
        let mut j = k;
        while j > 0 && matches!(self.p[j - 1].norm.as_str(), "its" | "their" | "his" | "her" | "the" | "a" | "an") {
            j -= 1;
        }
        j.checked_sub(1).filter(|&o| self.p[o].norm == "of")
    }

    /// True when piece `k`, naming table `t`, follows "of" (and a possessive
    /// or article) after a column of `t` the plan already reads: "the name
    /// of its host", "the themes of the parties".
    fn owner_of_column_before(&self, k: usize, t: usize) -> bool {
        let Some(of) = self.of_before(k) else { return false };
        let Some(c) = of.checked_sub(1).filter(|&c| self.used[c]) else { return false };
        self.p[c].lex().is_some_and(|cands| {
            cands.iter().any(|x| matches!(x.target, Target::Column(..) | Target::Dimension(_)) && self.field_of(&x.target).is_some_and(|f| f.table == t))
        })
    }

    /// True when the word at piece `k` names the rows of table `t` (its key's
    /// words or the table's name match, and the key is named for the same
    /// thing), false when it names the entity in the table's label column
    /// ("sensors" in a table of readings labelled by sensor).
    pub(super) fn names_rows_of(&self, t: usize, k: usize) -> bool {
        let word = crate::planner::tokenize::stem(
            &self.p[k]
                .words
                .split_whitespace()
                .last()
                .unwrap_or("")
                .to_lowercase(),
        );
        let table = &self.m.tables[t];
        let key_words = table
            .primary_key
            .as_deref()
            .map(crate::planner::tokenize::stems)
            .unwrap_or_default();
        let label_words = table
            .label
            .as_deref()
            .map(crate::planner::tokenize::stems)
            .unwrap_or_default();
        if key_words.contains(&word) || key_words.is_empty() {
            return true;
        }
        !label_words.contains(&word)
    }

    /// True when the word at piece `k` is what the table's key is named for
    /// ("products" for `product_id`): the word names the rows themselves.
    pub(super) fn names_key_of(&self, t: usize, k: usize) -> bool {
        let word = crate::planner::tokenize::stem(
            &self.p[k]
                .words
                .split_whitespace()
                .last()
                .unwrap_or("")
                .to_lowercase(),
        );
        let key = self.m.tables[t]
            .primary_key
            .as_deref()
            .map(crate::planner::tokenize::stems)
            .unwrap_or_default();
        key.contains(&word)
    }

    /// Counting the rows a word names: the table's rows, or the distinct
    /// entities of its label ("how many sensors" in a table of readings).
    pub(super) fn count_kind_for(&self, t: usize, k: usize) -> MKind {
        if self.names_rows_of(t, k) {
            return self.count_kind(t);
        }
        let Some(label) = self.m.tables[t].label.as_deref().and_then(|l| {
            self.m.tables[t]
                .columns
                .iter()
                .position(|c| c.name.eq_ignore_ascii_case(l))
        }) else {
            return self.count_kind(t);
        };
        match self.metric_for(Agg::CountDistinct, Some((t, label))) {
            Some(mi) => MKind::Metric(mi),
            None => MKind::Agg(Agg::CountDistinct, Field::Col(t, label)),
        }
    }

    /// True when piece `i` names the thing grouped or listed rather than a
    /// measure: the subject, or the word after "by"/"per"/"each".
    fn names_a_group(&self, i: usize) -> bool {
        let has_noun = self.p[i].lex().is_some_and(|c| {
            c.iter().any(|c| {
                matches!(
                    c.target,
                    Target::Table(_) | Target::Dimension(_) | Target::Column(..)
                ) && c.confidence >= 0.85
            })
        });
        if !has_noun {
            return false;
        }
        self.subject == Some(i)
            || matches!(self.cue_at(self.prev_sig(i)), Some(Cue::Group | Cue::Each))
    }

    /// Adds a measure and returns its index.
    pub(super) fn add_measure(&mut self, kind: MKind, at: usize, words: String) -> usize {
        if let Some(k) = self
            .measures
            .iter()
            .position(|d| d.kind == kind && d.filters.is_empty() && !d.share)
        {
            return k;
        }
        self.measures.push(MDraft {
            kind,
            filters: Vec::new(),
            share: false,
            alias: None,
            at,
            words,
        });
        self.measures.len() - 1
    }

    /// The metric that computes `agg` over `col` exactly, if the manifest has one.
    pub(super) fn metric_for(&self, agg: Agg, col: Option<(usize, usize)>) -> Option<usize> {
        self.lx
            .metric_aggs
            .iter()
            .position(|s| s.is_some_and(|s| s.agg == agg && s.column == col))
    }

    /// A measure for `agg` over the thing piece `j` names.
    pub(super) fn agg_measure(&mut self, agg: Agg, j: usize) -> Option<MKind> {
        let c = self.pick(j, &|t| {
            matches!(
                t,
                Target::Metric(_)
                    | Target::Column(..)
                    | Target::Dimension(_)
                    | Target::Unit(..)
                    | Target::Table(_)
            )
        })?;
        match &c.target {
            Target::Metric(mi) => {
                let simple = self.lx.metric_aggs.get(*mi).copied().flatten();
                match simple {
                    Some(s) if s.agg != agg && s.column.is_some() && agg != Agg::Sum => {
                        let (t, col) = s.column?;
                        Some(self.col_measure(agg, t, col))
                    }
                    _ => Some(MKind::Metric(*mi)),
                }
            }
            Target::Column(t, col) | Target::Unit(t, col) => Some(self.col_measure(agg, *t, *col)),
            Target::Dimension(_) => {
                let f = self.field_of(&c.target)?;
                let col = f.column?;
                Some(self.col_measure(agg, f.table, col))
            }
            // "total students" counts them; "the total of their checking"
            // names no rows to count.
            Target::Table(t) if agg == Agg::Sum && self.p[j].plural => Some(self.count_kind(*t)),
            _ => None,
        }
    }

    /// The metric for `agg` of column `col` of table `t`, when the manifest
    /// has one, else that aggregate of the column.
    pub(super) fn col_measure(&self, agg: Agg, t: usize, col: usize) -> MKind {
        match self.metric_for(agg, Some((t, col))) {
            Some(mi) => MKind::Metric(mi),
            None => MKind::Agg(agg, Field::Col(t, col)),
        }
    }

    pub(super) fn count_kind(&self, t: usize) -> MKind {
        match self.sc.count_metric.get(t).copied().flatten() {
            Some(mi) => MKind::Metric(mi),
            None => MKind::Count(Some(t)),
        }
    }

    pub(super) fn measures_pass(&mut self) {
        self.measures_in_order();
        self.in_total();
        self.aggregate_shared_by_and();
        self.number_and_aggregate();
        if self.measures.is_empty() {
            self.how_much_sold();
        }
    }

    /// "the number and average age of students": "number" alone, then
    /// "and" and another aggregate of the rows' column, counts those rows.
    fn number_and_aggregate(&mut self) {
        for i in 0..self.p.len() {
            if self.used[i] || self.p[i].kind != PieceKind::Stop || self.p[i].norm != "number" || !self.p.get(i + 1).is_some_and(|x| x.cue() == Some(Cue::And)) {
                continue;
            }
            let Some(mi) = self.measures.iter().position(|d| d.at == i + 2 && !d.share && d.filters.is_empty()) else { continue };
            let t = match &self.measures[mi].kind {
                MKind::Agg(_, f) => self.field_info(*f).map(|f| f.table),
                MKind::Metric(x) => schema::target_table(self.m, self.lx, &Target::Metric(*x)),
                MKind::Count(_) => None,
            };
            let Some(t) = t else { continue };
            let kind = self.count_kind(t);
            let words = self.p[i].words.clone();
            let k = self.add_measure(kind, i, words);
            let d = self.measures.remove(k);
            self.measures.insert(mi, d);
            self.take(i, MatchKind::Aggregate, "count".into(), 0.9);
        }
    }

    /// "How many countries are there in total?": "in total" after a count
    /// or a sum says the figure is a total, which it is; nothing more.
    fn in_total(&mut self) {
        let totals = !self.measures.is_empty()
            && self.measures.iter().all(|d| match &d.kind {
                MKind::Count(_) | MKind::Agg(Agg::Count | Agg::CountDistinct | Agg::Sum, _) => true,
                MKind::Metric(mi) => {
                    let e = self.m.metrics[*mi].expr.trim_start().to_ascii_uppercase();
                    e.starts_with("COUNT(") || e.starts_with("SUM(")
                }
                MKind::Agg(..) => false,
            });
        if !totals {
            return;
        }
        for i in 1..self.p.len() {
            if self.used[i] || self.p[i].norm != "total" || self.p[i - 1].norm != "in" {
                continue;
            }
            // Closing the question: "volunteers, in total, in 2002" may ask
            // for the sum of a `volunteers` column.
            if self.p[i + 1..].iter().all(|x| matches!(x.kind, PieceKind::Punct('?' | '.' | '!'))) {
                self.mark(i - 1);
                self.mark(i);
            }
        }
    }

    /// "how much did we sell in Japan": "how much" with a verb of selling
    /// and nothing else to measure asks for the metric named "sales" or
    /// "revenue" (by its name or a synonym), when the manifest has one.
    fn how_much_sold(&mut self) {
        let Some(i) = (0..self.p.len()).find(|&k| {
            !self.used[k]
                && self.p[k].cue() == Some(Cue::Agg(Agg::Sum))
                && self.p[k].words.to_lowercase() == "how much"
        }) else {
            return;
        };
        let Some(v) = (i + 1..self.p.len()).find(|&k| {
            !self.used[k]
                && matches!(
                    self.p[k].norm.as_str(),
                    "sell" | "sold" | "sells" | "selling"
                )
        }) else {
            return;
        };
        let names_sales = |text: &str| {
            let st = crate::planner::tokenize::stems(text);
            st == ["sale"] || st == ["revenue"]
        };
        let Some(mi) = self
            .m
            .metrics
            .iter()
            .position(|x| names_sales(&x.name) || x.synonyms.iter().any(|s| names_sales(s)))
        else {
            return;
        };
        let name = self.m.metrics[mi].name.clone();
        let words = format!("{} {}", self.p[i].words, self.p[v].words);
        self.add_measure(MKind::Metric(mi), i, words);
        self.take(i, MatchKind::Metric, name, 0.8);
        self.mark(v);
    }

    fn measures_in_order(&mut self) {
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            match self.p[i].kind.clone() {
                PieceKind::Cue(Cue::Agg(a)) => self.agg_run(i, a),
                PieceKind::Cue(Cue::Count) | PieceKind::Cue(Cue::CountDistinct) => {
                    self.count_phrase(i)
                }
                PieceKind::Cue(Cue::Share) => self.share_phrase(i),
                PieceKind::Lex(_) if !self.names_a_group(i) => {
                    // A column named for an aggregate ("avgRating") asked about
                    // as such: "avg rating of mystery books".
                    if let Some(agg) = self.agg_named_column(i) {
                        if let Some(kind) = self.agg_measure(agg, i) {
                            let words = self.p[i].words.clone();
                            self.add_measure(kind, i, words);
                            self.take_lex(i);
                            continue;
                        }
                    }
                    if let Some(Target::Metric(_)) = self.p[i].top() {
                        let Some(Cand {
                            target: Target::Metric(mi),
                            confidence: conf,
                            ..
                        }) = self.pick(i, &|t| matches!(t, Target::Metric(_)))
                        else {
                            continue;
                        };
                        let name = self.m.metrics[mi].name.clone();
                        self.take(i, MatchKind::Metric, name, conf);
                        self.add_measure(MKind::Metric(mi), i, self.p[i].words.clone());
                    }
                }
                _ => {}
            }
        }
    }

    /// The aggregate a numeric column's own name starts with, when the
    /// question writes it first ("avg rating" for `avgRating`).
    fn agg_named_column(&self, i: usize) -> Option<Agg> {
        let top = self.p[i].top()?;
        if !matches!(top, Target::Column(..) | Target::Dimension(_)) || !self.is_numeric_target(top)
        {
            return None;
        }
        // "in descending order of total points": the order is by the
        // column itself, each row's own total.
        let before = (0..i).rev().find(|&k| !self.p[k].is_filler());
        if before.is_some_and(|k| matches!(self.p[k].cue(), Some(Cue::Desc | Cue::Asc | Cue::Sort))) {
            return None;
        }
        match self.p[i].norm.as_str() {
            "avg" | "average" | "mean" => Some(Agg::Avg),
            "total" | "sum" => Some(Agg::Sum),
            "max" | "maximum" => Some(Agg::Max),
            "min" | "minimum" => Some(Agg::Min),
            _ => None,
        }
    }

    /// "which genre ...": with a measure, group by the subject.
    pub(super) fn group_by_subject(&mut self) {
        if let Some(s) = self.subject {
            // "which price ...": a number column is measured, not grouped;
            // "which majors have ...", in the plural, names its values as groups.
            // A count is never of the subject's own numbers: "which major
            // has the largest number of students" groups the majors.
            let counts = self.measures.iter().all(|d| self.counts_rows(&d.kind));
            let numeric_col = !counts && !self.p[s].plural && matches!(self.p[s].top(), Some(t @ Target::Column(..)) if self.is_numeric_target(t));
            if !self.used[s] && !self.measures.is_empty() && !numeric_col {
                self.group_by(s);
            }
        }
    }

    /// "average, minimum and maximum age": one measure per aggregate.
    fn agg_run(&mut self, i: usize, first: Agg) {
        let mut aggs = vec![(i, first)];
        let mut k = i;
        while let Some(n) = self.next_sig(k) {
            if !self.is_and(n) {
                break;
            }
            // ", and" is one connector.
            let Some(mut n2) = self.next_sig(n) else {
                break;
            };
            if self.is_and(n2) {
                let Some(n3) = self.next_sig(n2) else { break };
                n2 = n3;
            }
            match self.p[n2].cue() {
                Some(Cue::Agg(a)) => aggs.push((n2, a)),
                Some(Cue::Most) => aggs.push((n2, Agg::Max)),
                Some(Cue::Least) => aggs.push((n2, Agg::Min)),
                _ => break,
            }
            k = n2;
        }
        // "How old is each gender, on average?": "on average" asks the
        // average of what "how <word>" asks for.
        if aggs.len() == 1 && i > 0 && self.p[i - 1].norm == "on" {
            // "On average, how many minutes ...": the unit asked after "how many".
            let how_many_unit = self.p.iter().position(|x| x.cue() == Some(Cue::Count)).filter(|&h| matches!(self.p.get(h + 1).and_then(|x| x.top()), Some(Target::Unit(..))));
            let asked = self.p.iter().position(|x| x.norm == "how").or(how_many_unit).map(|h| h + 1).filter(|&j| {
                j < self.p.len() && !self.used[j] && self.p[j].top().is_some_and(|t| matches!(t, Target::Column(..) | Target::Dimension(_) | Target::Unit(..)) && self.is_numeric_target(t))
            });
            if let Some((j, kind)) = asked.and_then(|j| self.agg_measure(first, j).map(|kind| (j, kind))) {
                if let Some(h) = how_many_unit {
                    self.mark(h);
                }
                let words = format!("{} {}", self.p[i].words, self.p[j].words);
                self.add_measure(kind, i, words);
                self.take(i, MatchKind::Aggregate, first.word().to_string(), 1.0);
                self.mark(i - 1);
                self.take_lex(j);
                return;
            }
        }
        let Some(mut j) = self.next_sig(k) else {
            return;
        };
        // "average and maximum capacity" where "maximum capacity" is a metric:
        // the listed aggregates apply to its column too.
        if self.is_and(j) {
            let next = self.next_sig(j).and_then(|n| {
                if self.is_and(n) {
                    self.next_sig(n)
                } else {
                    Some(n)
                }
            });
            if let Some(n) = next {
                if let Some(Target::Metric(mi)) = self.p[n].top() {
                    if self
                        .lx
                        .metric_aggs
                        .get(*mi)
                        .copied()
                        .flatten()
                        .is_some_and(|s| s.column.is_some())
                    {
                        let column = self.lx.metric_aggs.get(*mi).copied().flatten().and_then(|s| s.column);
                        for (ci, agg) in aggs.clone() {
                            // "total and average enrollment": the total is of
                            // the metric's column, not the average itself.
                            let kind = column.map(|(t, col)| self.col_measure(agg, t, col));
                            if let Some(kind) = kind {
                                let words = format!("{} {}", self.p[ci].words, self.p[n].words);
                                self.add_measure(kind, ci, words);
                                self.take(ci, MatchKind::Aggregate, agg.word().to_string(), 1.0);
                            }
                        }
                        self.mark(j);
                        return;
                    }
                }
            }
        }
        // "maximum number of products" where that number is a column.
        if matches!(self.p[j].cue(), Some(Cue::Count)) {
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
        if self.used[j] || self.p[j].lex().is_none() {
            return;
        }
        // "the average channel rating": the column the table's noun qualifies.
        let (j, owner) = self.owned_key(j);
        let mut made = false;
        for (ci, agg) in aggs.clone() {
            if let Some(kind) = self.agg_measure(agg, j) {
                let words = format!("{} {}", self.p[ci].words, self.p[j].words);
                self.add_measure(kind, if ci == i { i } else { ci }, words);
                self.take(ci, MatchKind::Aggregate, agg.word().to_string(), 1.0);
                made = true;
            }
        }
        if made {
            for x in i..=k {
                if self.is_and(x) {
                    self.mark(x);
                }
            }
            self.take_lex(j);
            if let Some(o) = owner {
                self.mark(o);
            }
        }
    }

    /// Records a Lex piece as matched (kind from its chosen target).
    pub(super) fn take_lex(&mut self, j: usize) {
        if let Some(c) = self.pick(j, &|_| true) {
            self.take_as(j, &c);
        }
    }

    /// Takes piece `j` as the reading `c` chosen among its candidates.
    pub(super) fn take_as(&mut self, j: usize, c: &Cand) {
        let kind = match c.target {
            Target::Metric(_) => MatchKind::Metric,
            Target::Dimension(_) => MatchKind::Dimension,
            Target::Segment(_) => MatchKind::Segment,
            Target::Column(..) | Target::Unit(..) => MatchKind::Column,
            Target::Table(_) => MatchKind::Table,
            Target::Value(..) => MatchKind::Value,
        };
        let d = self.describe(&c.target);
        self.take(j, kind, d, c.confidence);
    }

    /// "how many open tickets", "number of orders", "how many different countries".
    fn count_phrase(&mut self, i: usize) {
        // "the greatest number of years (of work)": a superlative on a column, not a count.
        let after_superlative = matches!(
            self.cue_at(self.prev_sig(i)),
            Some(Cue::Most | Cue::Least | Cue::Agg(_))
        );
        let numeric_next = self.next_sig(i).is_some_and(|n| {
            self.p[n].top().is_some_and(|t| {
                matches!(t, Target::Column(..) | Target::Dimension(_)) && self.is_numeric_target(t)
            })
        });
        if after_superlative && numeric_next {
            // "the highest total number of requested hours": the total of
            // that number column, as "the highest total requested hours".
            let total = self.p[i].norm.starts_with("total");
            if let Some(k) = self.next_sig(i).filter(|&k| total && !self.used[k]) {
                let col = self.p[k].top().and_then(|t| self.field_of(t)).and_then(|f| f.column.map(|c| (f.table, c)));
                if let Some((t, c)) = col {
                    let kind = self.col_measure(Agg::Sum, t, c);
                    let words = format!("{} {}", self.p[i].words, self.p[k].words);
                    self.add_measure(kind, i, words);
                    self.take(i, MatchKind::Aggregate, "sum".into(), 1.0);
                    self.take_lex(k);
                }
            }
            return;
        }
        // "the number of unique orders": the longer cue "the number of"
        // leaves "unique" standing alone after it.
        let distinct = self.p[i].cue() == Some(Cue::CountDistinct)
            || self.p.get(i + 1).is_some_and(|x| x.kind == PieceKind::Stop && matches!(x.norm.as_str(), "distinct" | "different" | "unique"));
        // "how many minutes", "the number of kilograms": a unit counts
        // nothing; it asks for the total of the column written with it.
        if let Some(k) = self.next_sig(i).filter(|&k| !distinct && !self.used[k]) {
            if let Some(Target::Unit(t, col)) = self.p[k].top().cloned() {
                let kind = self.col_measure(Agg::Sum, t, col);
                let words = format!("{} {}", self.p[i].words, self.p[k].words);
                self.add_measure(kind, i, words);
                self.take(i, MatchKind::Aggregate, "sum".into(), 1.0);
                self.take_lex(k);
                return;
            }
        }
        // "how many students": a value standing alone names rows of its table.
        if let Some(k) = self.next_sig(i).filter(|&k| !self.used[k]) {
            if let Some(Target::Value(..) | Target::Segment(_)) = self.p[k].top() {
                let noun_follows = self.next_sig(k).is_some_and(|n| {
                    matches!(self.p[n].top(), Some(Target::Table(_) | Target::Metric(_)))
                });
                if !noun_follows {
                    if let Some(t) = self.p[k]
                        .top()
                        .and_then(|t| schema::target_table(self.m, self.lx, t))
                    {
                        let kind = self.count_kind(t);
                        let words = self.p[i].words.clone();
                        self.add_measure(kind, i, words);
                        self.take(i, MatchKind::Aggregate, "count".into(), 1.0);
                        return;
                    }
                }
            }
        }
        // Skip adjectives (values, segments): they become filters.
        let mut j = self.next_sig(i);
        while let Some(k) = j {
            match self.p[k].top() {
                Some(Target::Value(..) | Target::Segment(_))
                    if self.next_sig(k).is_some_and(|n| self.p[n].lex().is_some()) =>
                {
                    j = self.next_sig(k)
                }
                // "how many official languages": a yes/no column already
                // read as a condition on the noun after it.
                _ if self.used[k] && self.is_flag(k) && self.next_sig(k).is_some_and(|n| self.p[n].lex().is_some()) => j = self.next_sig(k),
                _ => break,
            }
        }
        // "movie ratings": a table's noun before the plural noun of a table
        // pointing at it only says whose; the head noun is what is counted.
        if let Some(k) = j {
            if let (Some(Target::Table(a)), Some(n)) = (self.p[k].top(), self.next_sig(k)) {
                if let Some(Target::Table(b)) = self.p[n].top() {
                    let (a, b) = (*a, *b);
                    if n == k + 1 && !self.p[k].plural && self.p[n].plural && a != b && schema::foreign_key(self.m, b, a).is_some() {
                        let name = self.table_name(a);
                        self.take(k, MatchKind::Table, name, 0.9);
                        j = Some(n);
                    }
                }
            }
        }
        // Counting prefers the rows a table name names over a column of the
        // same name ("number of orchestras").
        let target = j.and_then(|k| {
            let table = self.pick(k, &|t| matches!(t, Target::Table(_)));
            let other = self.pick(k, &|t| {
                !matches!(t, Target::Value(..) | Target::Segment(_) | Target::Unit(..))
            });
            match (table, other) {
                (Some(t), Some(o)) if t.confidence >= o.confidence => Some(t),
                (t, o) => o.or(t),
            }
        });
        // "the number of audience" with a `num_of_audience` column: the
        // column is itself a number of something; counting it would count
        // its distinct values. It is listed (or summed) as any number is.
        if let (Some(c), Some(_)) = (&target, j) {
            if let Target::Column(t, col) = c.target {
                let name = &self.m.tables[t].columns[col].name;
                let first = crate::words::identifier_words(name).into_iter().next().unwrap_or_default();
                // "the total number of customers" sums it (`totals_of_counts`).
                let total = self.p[i].words.to_lowercase().contains("total")
                    || self.prev_sig(i).is_some_and(|k| matches!(self.p[k].norm.as_str(), "total" | "overall"));
                if !distinct && !total && self.is_numeric_target(&c.target) && matches!(first.as_str(), "num" | "number" | "no" | "nbr" | "count" | "cnt") {
                    self.mark(i);
                    return;
                }
            }
        }
        let kind = match (&target, j) {
            (Some(c), Some(k)) => {
                let kind = match &c.target {
                    Target::Table(t) if !distinct => Some(self.count_kind_for(*t, k)),
                    Target::Table(t) => schema::row_key(self.m, *t)
                        .map(|c| MKind::Agg(Agg::CountDistinct, Field::Col(*t, c))),
                    Target::Metric(mi) => Some(MKind::Metric(*mi)),
                    Target::Column(..) | Target::Dimension(_) => {
                        let f = self.field_of(&c.target);
                        f.and_then(|f| {
                            let key = schema::row_key(self.m, f.table);
                            if !distinct && key == f.column {
                                Some(self.count_kind(f.table))
                            } else {
                                f.column.map(|col| {
                                    MKind::Agg(Agg::CountDistinct, Field::Col(f.table, col))
                                })
                            }
                        })
                    }
                    _ => None,
                };
                // "how many artists" counts the artist rows, also where
                // an `artist` column is read first.
                if kind.is_some() {
                    self.take_as(k, c);
                }
                kind
            }
            _ => None,
        };
        let kind = kind.unwrap_or(MKind::Count(None));
        let words = self.p[i].words.clone();
        self.add_measure(kind, i, words);
        self.take(
            i,
            MatchKind::Aggregate,
            if distinct { "count distinct" } else { "count" }.into(),
            1.0,
        );
    }

    /// "what share of orders were cancelled", "percentage of resolved tickets that breached SLA".
    fn share_phrase(&mut self, i: usize) {
        // "the hispanic percentage", "their oppose rate": right after a
        // number column (and not "percentage of ..."), the word says what
        // the column holds; the column is read where it stands.
        let column_before = i.checked_sub(1).filter(|&b| !self.used[b]).and_then(|b| {
            self.pick(b, &|t| matches!(t, Target::Column(..) | Target::Dimension(_))).and_then(|c| self.field_of(&c.target))
        });
        let of_after = self.p.get(i + 1).is_some_and(|x| x.norm == "of");
        if column_before.is_some_and(|f| f.numeric && !f.temporal && !self.is_key(&f)) && !of_after {
            self.mark(i);
            return;
        }
        let mut j = self.next_sig(i);
        while let Some(k) = j {
            match self.p[k].top() {
                Some(Target::Value(..) | Target::Segment(_)) => j = self.next_sig(k),
                _ => break,
            }
        }
        let noun = j.filter(|&k| !self.used[k]).and_then(|k| {
            self.pick(k, &|t| matches!(t, Target::Table(_) | Target::Metric(_)))
                .map(|c| (k, c.target))
        });
        let (kind, at) = match noun {
            Some((k, target)) => {
                let kind = match target {
                    Target::Table(t) => self.count_kind(t),
                    Target::Metric(mi) => MKind::Metric(mi),
                    _ => return,
                };
                self.take_lex(k);
                (kind, k)
            }
            None => {
                if !self.p[i].alt_lex.is_empty() {
                    return;
                }
                (MKind::Count(None), i)
            }
        };
        self.measures.push(MDraft {
            kind,
            filters: Vec::new(),
            share: true,
            alias: None,
            at: i,
            words: self.p[i].words.clone(),
        });
        self.share_at = Some((i, at));
        self.take(i, MatchKind::Aggregate, "share".into(), 1.0);
    }
}

impl Ctx<'_> {
    /// A count of distinct values the question did not ask for ("how many
    /// tests have result 'Fail'", "the total number of hours"): counting
    /// the values of a column that a condition fixes to one value is 1 on
    /// every answer, so it counts the rows; counting distinct amounts of a
    /// number column is no question anyone asks: "total" makes it a sum,
    /// otherwise the question is refused.
    pub(super) fn counts_of_values(&mut self) -> Result<(), crate::planner::build::Refusal> {
        let said_distinct = self
            .p
            .iter()
            .any(|x| matches!(x.norm.as_str(), "distinct" | "different" | "unique") || x.cue() == Some(Cue::CountDistinct));
        if said_distinct {
            return Ok(());
        }
        self.count_rows_of_references();
        for i in 0..self.measures.len() {
            let MKind::Agg(Agg::CountDistinct, f) = self.measures[i].kind else { continue };
            let Some(fi) = self.field_info(f) else { continue };
            let Some(col) = fi.column else { continue };
            let fixed = self
                .filters
                .iter()
                .chain(self.measures[i].filters.iter())
                .any(|x| x.field == fi.name && matches!(x.op, crate::plan::Op::Eq));
            if fixed {
                self.measures[i].kind = self.count_kind(fi.table);
                continue;
            }
            let is_key = schema::row_key(self.m, fi.table) == Some(col) || schema::in_a_join(self.m, fi.table, col);
            // "room number", "zip code": numbers that name things, counted as such.
            let names_things = crate::planner::tokenize::stems(&self.m.tables[fi.table].columns[col].name)
                .iter()
                .any(|w| matches!(w.as_str(), "number" | "id" | "code" | "zip" | "postcode"));
            if !fi.numeric || fi.temporal || is_key || names_things {
                continue;
            }
            let at = self.measures[i].at;
            let total = self.measures[i].words.to_lowercase().split_whitespace().any(|w| matches!(w, "total" | "sum"))
                || (at.saturating_sub(3)..at).any(|k| matches!(self.p[k].norm.as_str(), "total" | "sum"));
            if total {
                self.measures[i].kind = match self.metric_for(Agg::Sum, Some((fi.table, col))) {
                    Some(mi) => MKind::Metric(mi),
                    None => MKind::Agg(Agg::Sum, Field::Col(fi.table, col)),
                };
                continue;
            }
            if self.order_by_number_column(i, &fi) {
                return Ok(());
            }
            return Err(self.refuse(format!(
                "I read '{}' as a count of the different values of {}, a number column; I couldn't tell whether to count rows or add the numbers up.",
                self.measures[i].words, fi.name
            )));
        }
        Ok(())
    }

    /// "companies ordered by descending number of sales", "counties in
    /// ascending order of number of police officers": a count of a number
    /// column's values that only orders rows listed from its table is the
    /// column itself, the order of those rows. True when read so.
    fn order_by_number_column(&mut self, i: usize, fi: &crate::planner::schema::FieldInfo) -> bool {
        let m = self.m;
        let own = |name: &str| crate::planner::account::resolve(m, name).is_some_and(|(t, _)| t == fi.table);
        let orders = |by: &str| by.is_empty() || by == format!("#m{i}");
        if self.measures.len() != 1
            || !self.having.is_empty()
            || self.groups.is_empty()
            || !self.groups.iter().all(|g| g.grain.is_none() && own(&g.name))
            || !self.order.iter().any(|o| orders(&o.by))
        {
            return false;
        }
        for o in self.order.iter_mut().filter(|o| orders(&o.by)) {
            o.by.clone_from(&fi.name);
        }
        self.fields = std::mem::take(&mut self.groups).into_iter().map(|g| g.name).collect();
        self.measures.clear();
        true
    }
}
