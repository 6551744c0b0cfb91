//! Orders said with a superlative instead of "sorted by": "from heaviest
//! to lightest", "from the longest lead time to the shortest", "from most
//! bitter to least bitter", "oldest first", "highest first".
//!
//! The key is, in this order: a column named inside the phrase ("lead
//! time"); a table named there with a count measured ("from most to
//! fewest plots"); an order already read ("ordered by the year the
//! warehouse opened, oldest first" takes only its direction); the column
//! the superlative itself measures (`argmax::Measure`: "heaviest" a
//! weight, "oldest" an age or the earliest birth date or date); the one
//! number or date column the question named before the phrase ("every
//! beer name with its IBU, from most bitter to least bitter"). With none
//! of those, the phrase stays unread and the question is refused.
//!
//! Invariants: the two ends of "from A to B" must go opposite ways;
//! "first" must follow the superlative directly; nothing is read when the
//! question has no rows to order (an aggregate of the whole table).

use crate::planner::argmax::{Measure, ADJECTIVES, SUPERLATIVES};
use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::MatchKind;

/// One superlative of a phrase: which way it goes, what it measures (when
/// the word says), and the pieces it spans.
struct Sup {
    desc: bool,
    measure: Option<Measure>,
    /// Age measured on a date goes the other way: kept to turn it.
    age: bool,
    span: Vec<usize>,
}

/// An order phrase read: the superlative (of its first end), the pieces
/// between that may name the key, and every piece it spans.
pub(super) struct OrderPhrase {
    sup: Sup,
    keys: Vec<usize>,
    span: Vec<usize>,
}

impl Ctx<'_> {
    /// The superlative at piece `k`: a "most"/"least" cue, with the
    /// adjective after it ("most bitter", "most expensive"), or a word
    /// that is one by itself ("heaviest", "oldest").
    fn sup_at(&self, k: usize) -> Option<Sup> {
        let x = self.p.get(k)?;
        if self.used[k] {
            return None;
        }
        let word = x.words.split_whitespace().last().unwrap_or("").to_lowercase();
        let listed = SUPERLATIVES.iter().find(|(w, _, _)| *w == word);
        let age = |m: Option<Measure>| matches!(m, Some(Measure::Age));
        match x.cue() {
            Some(c @ (Cue::Most | Cue::Least)) => {
                let desc = c == Cue::Most;
                if let Some((_, m, d)) = listed.filter(|_| !matches!(word.as_str(), "most" | "least" | "fewest")) {
                    return Some(Sup { desc: *d, measure: Some(*m), age: age(Some(*m)), span: vec![k] });
                }
                // "most bitter": an adjective after; known ones say their measure.
                let next = self.p.get(k + 1).filter(|n| !self.used[k + 1] && matches!(n.kind, PieceKind::Unknown | PieceKind::Soft));
                match next {
                    Some(n) => {
                        let m = ADJECTIVES.iter().find(|(a, _)| *a == n.norm).map(|(_, m)| *m);
                        Some(Sup { desc, measure: m, age: false, span: vec![k, k + 1] })
                    }
                    None => Some(Sup { desc, measure: None, age: false, span: vec![k] }),
                }
            }
            Some(Cue::Latest) if matches!(word.as_str(), "latest" | "newest" | "recent") => Some(Sup { desc: true, measure: Some(Measure::Date), age: false, span: vec![k] }),
            None if matches!(x.kind, PieceKind::Unknown | PieceKind::Soft | PieceKind::Stop) => {
                let (_, m, d) = listed?;
                Some(Sup { desc: *d, measure: Some(*m), age: age(Some(*m)), span: vec![k] })
            }
            _ => None,
        }
    }

    /// The first piece at or after `k` that is not "the".
    fn past_the(&self, k: usize) -> usize {
        // "the most" is one piece whose first word is "the": not skipped.
        (k..self.p.len()).find(|&j| !self.p[j].words.eq_ignore_ascii_case("the")).unwrap_or(self.p.len())
    }

    /// "from A ... to B ...", starting at piece `i` ("from").
    fn from_to_at(&self, i: usize) -> Option<OrderPhrase> {
        if self.p[i].norm != "from" || self.used[i] {
            return None;
        }
        let a = self.past_the(i + 1);
        let first = self.sup_at(a)?;
        let mut span = vec![i];
        span.extend(&first.span);
        let after_a = first.span.last().copied()? + 1;
        let to = (after_a..self.p.len()).find(|&j| self.p[j].norm == "to")?;
        let keys: Vec<usize> = (after_a..to).collect();
        if keys.iter().any(|&j| self.used[j] || matches!(self.p[j].kind, PieceKind::Punct(_)) || self.p[j].cue().is_some()) {
            return None;
        }
        let b = self.past_the(to + 1);
        let second = self.sup_at(b)?;
        // "from oldest to newest": an age's way is a date's turned, so an
        // age and a date go opposite ways when their words go the same.
        if (second.desc == first.desc) != (first.age != second.age) {
            return None;
        }
        span.push(to);
        span.extend(&second.span);
        // "from most bitter to least bitter", "to the fewest plots": the
        // words after the second end name the same thing.
        let mut keys = keys;
        let mut j = second.span.last().copied()? + 1;
        while j < self.p.len() && !self.used[j] && matches!(self.p[j].kind, PieceKind::Lex(_) | PieceKind::Unknown) && self.p[j].cue().is_none() {
            if self.p[j].kind == PieceKind::Unknown {
                span.push(j);
            } else {
                keys.push(j);
            }
            j += 1;
        }
        span.extend(keys.iter().copied().filter(|&k| self.p[k].kind == PieceKind::Stop || self.p[k].kind == PieceKind::Unknown));
        keys.retain(|&k| self.p[k].lex().is_some());
        Some(OrderPhrase { sup: first, keys, span })
    }

    /// "oldest first", "highest first", "most expensive first".
    fn first_at(&self, a: usize) -> Option<OrderPhrase> {
        let sup = self.sup_at(a)?;
        let mut f = sup.span.last().copied()? + 1;
        let mut span = sup.span.clone();
        // "with the oldest canal first": the rows' noun between.
        if self.p.get(f).is_some_and(|x| matches!(x.top(), Some(Target::Table(_)))) && self.p.get(f + 1).is_some_and(|x| x.words.eq_ignore_ascii_case("first")) {
            span.push(f);
            f += 1;
        }
        let x = self.p.get(f)?;
        if self.used[f] || !x.words.eq_ignore_ascii_case("first") {
            return None;
        }
        span.push(f);
        Some(OrderPhrase { sup, keys: Vec::new(), span })
    }

    /// Takes every order phrase's words before the ranking reads them as
    /// superlatives; `order_phrases_keys` places them after it.
    pub(super) fn order_phrases(&mut self) -> Vec<OrderPhrase> {
        let mut out = Vec::new();
        for i in 0..self.p.len() {
            let Some(ph) = self.from_to_at(i).or_else(|| self.first_at(i)) else { continue };
            for &k in &ph.span {
                self.mark(k);
            }
            out.push(ph);
        }
        out
    }

    /// Orders by each phrase read by [`Ctx::order_phrases`]; a phrase
    /// with no key found leaves its superlative unplaced (a refusal).
    pub(super) fn order_phrases_keys(&mut self, phrases: Vec<OrderPhrase>) {
        for ph in phrases {
            if !self.order_by_phrase(&ph) {
                // Unread: the first superlative word names what was not understood.
                for &k in &ph.sup.span {
                    self.used[k] = false;
                }
            }
        }
    }

    fn order_by_phrase(&mut self, ph: &OrderPhrase) -> bool {
        let words = ph.span.iter().map(|&k| self.p[k].words.clone()).collect::<Vec<_>>().join(" ");
        let take = |c: &mut Ctx, by: &str, desc: bool| {
            let dir = if desc { "descending" } else { "ascending" };
            for &k in &ph.sup.span {
                c.take(k, MatchKind::Order, format!("{by} {dir}"), 0.8);
            }
        };
        // A column named inside the phrase.
        for &k in &ph.keys {
            if let Some(Target::Table(t)) = self.p[k].top().cloned() {
                // "from most to fewest plots": the count of those rows.
                if let Some(mi) = self.measures.iter().position(|m| matches!(m.kind, super::build::MKind::Count(c) if c.is_none_or(|c| c == t))) {
                    let by = format!("#m{mi}");
                    self.take_lex(k);
                    take(self, &words, ph.sup.desc);
                    self.push_order(by, ph.sup.desc);
                    return true;
                }
                continue;
            }
            let Some(c) = self.pick(k, &|t| matches!(t, Target::Column(..) | Target::Dimension(_))) else { continue };
            let Some(f) = self.field_of(&c.target).filter(|f| f.numeric || f.temporal) else { continue };
            let desc = if ph.sup.age && (f.temporal || !self.says_age(&f)) { !ph.sup.desc } else { ph.sup.desc };
            if !self.used[k] {
                self.take(k, MatchKind::Column, f.name.clone(), c.confidence);
            }
            take(self, &f.name.clone(), desc);
            self.push_order(f.name, desc);
            return true;
        }
        // An order read already ("ordered by the year it opened, oldest first").
        if let Some(o) = self.order.last().cloned() {
            let age_on_date = ph.sup.age
                && super::account::resolve(self.m, &o.by).is_some_and(|(t, c)| {
                    let f = self.field_info(super::lexicon::Field::Col(t, c));
                    f.is_some_and(|f| f.temporal || !self.says_age(&f))
                });
            let desc = if age_on_date { !ph.sup.desc } else { ph.sup.desc };
            if let Some(last) = self.order.last_mut() {
                last.desc = desc;
            }
            take(self, &o.by, desc);
            return true;
        }
        // "shows launched before 2018, oldest first": an age word orders by
        // the one date the question named already.
        let first = ph.span.first().copied().unwrap_or(0);
        if ph.sup.age {
            let dates: Vec<super::schema::FieldInfo> = self.columns_named_before(first).into_iter().filter(|f| f.temporal).collect();
            // Not when the date's own rows have a measure of age of their
            // own ("hosts who joined before 2020, oldest first": their dob).
            let own_age = |c: &Ctx, f: &super::schema::FieldInfo| ph.sup.measure.and_then(|m| c.measured_column(f.table, m, ph.sup.desc)).is_some_and(|(g, _)| g.name != f.name);
            if let [f] = dates.as_slice().iter().filter(|f| !own_age(self, f)).cloned().collect::<Vec<_>>().as_slice() {
                let f = f.clone();
                take(self, &f.name.clone(), !ph.sup.desc);
                self.push_order(f.name, !ph.sup.desc);
                return true;
            }
        }
        // What the superlative measures, in the rows listed.
        let table = self.subject.and_then(|s| self.p[s].top().and_then(|t| super::schema::target_table(self.m, self.lx, t))).or(self.base);
        if let (Some(m), Some(t)) = (ph.sup.measure, table) {
            if let Some((f, desc)) = self.measured_column(t, m, ph.sup.desc) {
                take(self, &f.name.clone(), desc);
                self.push_order(f.name, desc);
                return true;
            }
        }
        // The one number or date column named before the phrase.
        let named: Vec<super::schema::FieldInfo> = self
            .columns_named_before(first)
            .into_iter()
            .filter(|f| (f.numeric || f.temporal) && !self.is_key(f) && table.is_none_or(|t| t == f.table))
            .collect();
        if let [f] = named.as_slice() {
            let f = f.clone();
            let desc = if ph.sup.age && (f.temporal || !self.says_age(&f)) { !ph.sup.desc } else { ph.sup.desc };
            take(self, &f.name.clone(), desc);
            self.push_order(f.name, desc);
            return true;
        }
        // A single measure asked for ("the count of each type, highest first").
        if self.measures.len() == 1 && ph.sup.measure.is_none() {
            take(self, &words, ph.sup.desc);
            self.push_order("#m0".into(), ph.sup.desc);
            return true;
        }
        false
    }

    /// The columns the pieces before `first` name (each piece's first
    /// reading as a column that forgives no misspelling), each once, in
    /// the question's order.
    fn columns_named_before(&self, first: usize) -> Vec<super::schema::FieldInfo> {
        let mut named: Vec<super::schema::FieldInfo> = Vec::new();
        for k in 0..first {
            let Some(c) = self.p[k].lex().and_then(|c| c.iter().find(|c| !c.fuzzy && matches!(c.target, Target::Column(..) | Target::Dimension(_)))) else { continue };
            let Some(f) = self.field_of(&c.target) else { continue };
            if !named.iter().any(|x| x.name == f.name) {
                named.push(f);
            }
        }
        named
    }

    /// True when `f`'s column is an age (which "oldest" orders downward).
    fn says_age(&self, f: &super::schema::FieldInfo) -> bool {
        f.column.is_some_and(|c| crate::planner::tokenize::stems(&self.m.tables[f.table].columns[c].name).iter().any(|w| w == "age"))
    }

    /// Orders by `by` (a pending "top N" takes it, as in `rank`), a
    /// column shown beside the rows.
    fn push_order(&mut self, by: String, desc: bool) {
        if !by.starts_with('#') && !self.involved.contains(&by) {
            self.involved.push(by.clone());
        }
        self.set_order(by, desc);
    }
}
