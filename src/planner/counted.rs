//! Counting the rows of groups when the counted noun is plain English
//! rather than a name of the dataset, and exact counts per group.
//!
//! - "the membership level with the most people", "the code that occurs
//!   the fewest times", "parties with two or more records": a generic noun
//!   for rows ("records", "times", "entries", "people") counts the rows of
//!   the base table.
//! - "locations with only 1 station", "directors who made one movie",
//!   "types of schools that have two schools": a number right before a
//!   table's noun, after "with"/"have"/"only" or a verb, is the exact
//!   number of its rows each group has (`HAVING count = N`).
//!
//! Invariants: both need a thing to group by (the question's subject, not
//! used yet, other than the counted noun); grouping by the counted table's
//! own key is refused, since every count would be one; a word that could
//! name anything in the dataset is never read as a generic noun.

use crate::plan::{Agg, Filter, Op, Operand};
use crate::planner::build::{Ctx, MDraft, MKind, Refusal};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::MatchKind;

/// Nouns that stand for rows of whatever the question counts.
pub(super) const ROW_NOUNS: &[&str] = &[
    "records", "record", "times", "entries", "entry", "rows", "row", "instances", "occurrences", "people",
    "persons",
];

/// Words right before a number that make it the exact count of a noun.
const HAS_WORDS: &[&str] = &["with", "have", "has", "had", "having", "only", "exactly"];

impl Ctx<'_> {
    /// True when piece `k` is a generic noun for rows ("records", "times")
    /// the dataset does not name.
    pub(super) fn row_noun(&self, k: usize) -> bool {
        self.p
            .get(k)
            .is_some_and(|x| matches!(x.kind, PieceKind::Unknown | PieceKind::Stop) && ROW_NOUNS.contains(&x.norm.as_str()))
    }

    /// "categories that have more than 2 books" on `book_club`: a plural
    /// whose readings include the column naming the base table's rows
    /// (`book_title`), unused, counts those rows as a row noun does.
    fn names_base_rows(&self, k: usize) -> bool {
        let Some(b) = self.base else { return false };
        let label = schema::label_column(self.m, b);
        let x = &self.p[k];
        x.plural
            && !self.used[k]
            && label.is_some_and(|c| x.lex().is_some_and(|cands| cands.iter().any(|cd| !cd.fuzzy && cd.target == Target::Column(b, c))))
    }

    /// The question's subject as a thing to group the rows of table `t`
    /// by: unused, not the noun at `noun`, and not `t`'s own key (a count
    /// of each key's rows is always one).
    pub(super) fn count_group(&mut self, t: usize, noun: usize) -> Option<usize> {
        let s = self.subject.filter(|&s| s != noun && !self.used[s])?;
        // "the names of all directors": the thing grouped is named after
        // "of"; only "the types of schools" (a column of the counted table's
        // own rows) is read.
        if let Some(of) = Some(s + 1).filter(|&a| self.p.get(a).is_some_and(|x| x.norm == "of")) {
            let owner = self.next_sig(of).and_then(|a| match self.p[a].top() {
                Some(Target::Table(x)) => Some(*x),
                _ => None,
            });
            if owner != Some(t) {
                return None;
            }
        }
        // "the membership level": a noun phrase that goes on is not one thing yet.
        if self.p.get(s + 1).is_some_and(|a| a.lex().is_some()) {
            return None;
        }
        let c = self
            .pick(s, &|x| matches!(x, Target::Dimension(_) | Target::Column(..) | Target::Table(_)))
            .filter(|c| !c.fuzzy)?;
        let f = match &c.target {
            Target::Table(x) => self.table_field(*x),
            other => self.field_of(other),
        }?;
        // "pilots that have more than one record": each pilot has one row
        // of its own (the records are some other table's); only a name
        // whose values repeat ("parties with two or more records", a
        // categorical dimension) groups the table's own rows.
        let repeats = f.dim.is_some_and(|d| self.m.dimensions[d].kind == crate::semantic::DimensionKind::Categorical);
        let own_name = f.table == t && f.column.is_some() && f.column == schema::row_name(self.m, t);
        if (c.target == Target::Table(t) || own_name) && !repeats {
            return None;
        }
        // The counted rows must belong to the groups' rows.
        if f.table != t && !self.sc.reaches(t, f.table) {
            return None;
        }
        if f.temporal || (f.table == t && f.column.is_some() && f.column == schema::row_key(self.m, t)) {
            return None;
        }
        Some(s)
    }

    /// An unused verb before piece `i` whose lemma is a one-word table's
    /// noun ("played" for `plays`, "ordered" for `orders`): (piece, table).
    fn verb_table(&self, i: usize) -> Option<(usize, usize)> {
        (0..i).rev().filter(|&k| !self.used[k]).find_map(|k| {
            let w = self.p[k].norm.as_str();
            if w.contains(' ') {
                return None;
            }
            let lemmas: Vec<String> = [w.strip_suffix("ed"), w.strip_suffix('d')].into_iter().flatten().map(|l| l.to_string()).collect();
            if lemmas.is_empty() {
                return None;
            }
            let tables: Vec<usize> = (0..self.m.tables.len())
                .filter(|&t| match crate::planner::tokenize::split_identifier(&self.m.tables[t].name).as_slice() {
                    [one] => lemmas.iter().any(|l| crate::planner::tokenize::stem(one) == *l),
                    _ => false,
                })
                .collect();
            match tables.as_slice() {
                [t] => Some((k, *t)),
                _ => None,
            }
        })
    }

    /// "the most people", "the fewest times": ranks the subject's groups by
    /// their number of rows of the base table; returns whether it did.
    pub(super) fn rank_by_rows(&mut self, i: usize, j: usize, desc: bool) -> bool {
        if !self.row_noun(j) || !self.groups.is_empty() {
            return false;
        }
        let Some(base) = self.base else { return false };
        // "Which game has been played the most times?": the rows counted
        // are the table the verb names (`plays`), when the base's own rows
        // cannot be counted per the subject.
        let found = match self.count_group(base, j) {
            Some(s) => Some((base, s, None)),
            None => self.verb_table(i).and_then(|(k, t)| self.count_group(t, j).map(|s| (t, s, Some(k)))),
        };
        let Some((b, s, verb)) = found else { return false };
        if !self.group_by(s) {
            return false;
        }
        if let Some(k) = verb {
            self.take(k, MatchKind::Table, self.table_name(b), 0.8);
        }
        let kind = self.count_kind(b);
        let words = format!("{} {}", self.p[i].words, self.p[j].words);
        let k = self.add_measure(kind, j, words);
        self.take(j, MatchKind::Table, self.table_name(b), 0.8);
        self.order.push(crate::plan::OrderBy { by: format!("#m{k}"), desc });
        self.take(i, MatchKind::Order, if desc { "descending" } else { "ascending" }.into(), 1.0);
        if self.limit.is_none() && self.subject.is_some_and(|s| !self.p[s].plural) {
            self.limit = Some(1);
        }
        true
    }

    /// "parties with two or more records", "nominees nominated more than
    /// two times": a comparison of the number of the base table's rows per
    /// group of the subject. Runs before `comparisons`, which would look
    /// past such a noun.
    pub(super) fn row_count_comparisons(&mut self) {
        for i in 0..self.p.len() {
            let (op, n, noun) = match self.p[i].cue() {
                Some(Cue::Cmp(op)) => (op, i + 1, i + 2),
                Some(Cue::CmpAfter(op)) if i > 0 => (op, i - 1, i + 1),
                _ => continue,
            };
            if self.used[i] || noun >= self.p.len() || self.used[n] || !(self.row_noun(noun) || self.names_base_rows(noun)) {
                continue;
            }
            let PieceKind::Number(x) = self.p[n].kind else { continue };
            if x < 0.0 || x.fract() != 0.0 {
                continue;
            }
            let Some(b) = self.base else { continue };
            let phrase = self.named_with_its_table();
            let Some(s) = self.count_group(b, noun) else {
                self.subject = phrase.or(self.subject);
                continue;
            };
            if !self.group_by(s) {
                continue;
            }
            if let Some(k) = phrase {
                self.mark(k);
            }
            self.count_having(b, noun, n, op, x);
            self.mark(i);
        }
    }

    /// "contact channel codes" on `customer_contact_channels`: a word of a
    /// table's name right before a column of that table, as the subject, is
    /// the first word of the column's phrase. Moves the subject to the
    /// column and returns the word's piece.
    fn named_with_its_table(&mut self) -> Option<usize> {
        let s = self.subject.filter(|&s| !self.used[s])?;
        let n = s + 1;
        let f = self.p.get(n).filter(|_| !self.used[n])?.top().and_then(|c| self.field_of(c))?;
        f.column?;
        let w = crate::planner::tokenize::stem(&self.p[s].norm);
        if !crate::planner::tokenize::split_identifier(&self.m.tables[f.table].name).contains(&w) {
            return None;
        }
        self.subject = Some(n);
        Some(s)
    }

    /// A count of table `t`'s rows (named at piece `noun`) that must
    /// compare with `x` (the number at piece `n`).
    fn count_having(&mut self, t: usize, noun: usize, n: usize, op: Op, x: f64) {
        let alias = format!("{}_count", self.table_name(t).to_lowercase());
        self.measures.push(MDraft {
            kind: self.count_kind(t),
            filters: Vec::new(),
            share: false,
            alias: Some(alias.clone()),
            at: noun,
            words: self.p[noun].words.clone(),
        });
        self.take(noun, MatchKind::Table, self.table_name(t), 0.9);
        self.take(n, MatchKind::Comparison, format!("{alias} {} {x}", op.symbol()), 1.0);
        self.having.push(Filter {
            field: alias,
            op,
            value: Some(Operand::Value(serde_json::Value::from(x as u64))),
        });
    }

    /// "locations with only 1 station", "directors who made one movie":
    /// the exact number of a table's rows per group of the subject.
    pub(super) fn exact_counts(&mut self) -> Result<(), Refusal> {
        for n in 0..self.p.len() {
            let PieceKind::Number(x) = self.p[n].kind else { continue };
            if self.used[n] || x < 1.0 || x.fract() != 0.0 || x > 1000.0 {
                continue;
            }
            let Some(before) = n.checked_sub(1) else { continue };
            let has = HAS_WORDS.contains(&self.p[before].norm.as_str()) || self.p[before].kind == PieceKind::Soft;
            if !has {
                continue;
            }
            let Some(k) = self.next_sig(n).filter(|&k| !self.used[k]) else { continue };
            // One thing is singular, more are plural: "one movie", "two schools".
            if self.p[k].plural != (x != 1.0) {
                continue;
            }
            let table = self.p[k].lex().and_then(|c| {
                c.iter().find_map(|c| match c.target {
                    Target::Table(t) if !c.fuzzy && c.confidence >= 0.85 => Some(t),
                    _ => None,
                })
            });
            let Some(t) = table.or(self.base.filter(|_| self.row_noun(k))) else { continue };
            // What follows the noun must not qualify it further ("one movie
            // in 1999"): only the end of the question or of a clause.
            if self.next_sig(k).is_some_and(|a| !matches!(self.p[a].kind, PieceKind::Punct(_))) {
                continue;
            }
            let Some(s) = self.count_group(t, k) else { continue };
            if !self.group_by(s) {
                continue;
            }
            self.count_having(t, k, n, Op::Eq, x);
            if matches!(self.p[before].norm.as_str(), "only" | "exactly") {
                self.mark(before);
            }
        }
        Ok(())
    }

    /// "Which major has the most students?", "the year in which most ships
    /// were built": a number column asked for directly before the count
    /// that ranks (only fillers between) is what is grouped, though a
    /// number subject is otherwise read as a value to show.
    pub(super) fn group_by_numeric_subject(&mut self, j: usize, t: usize) {
        let Some(s) = self.subject.filter(|&s| s < j && !self.used[s] && self.groups.is_empty()) else { return };
        if !matches!(self.p[s].top(), Some(t @ Target::Column(..)) if self.is_numeric_target(t)) {
            return;
        }
        let direct = (s + 1..j).all(|k| self.p[k].is_filler() || self.p[k].cue().is_some() || self.used[k]);
        // "the most degrees" where degrees is also a number column of the
        // table: a count or a sum; left unread.
        let also_number = self.p[j].lex().is_some_and(|c| {
            c.iter().any(|c| {
                matches!(c.target, Target::Column(..) | Target::Dimension(_))
                    && self.is_numeric_target(&c.target)
                    && self.field_of(&c.target).is_some_and(|f| !self.is_key(&f))
            })
        });
        if direct && !also_number && self.count_group(t, j) == Some(s) {
            self.group_by(s);
        }
    }

    /// "The number of documents in each location" over a table whose rows
    /// each point at a document (`document_locations.document_id`), read
    /// as a count of the different ids it points at: unless the question
    /// says "different" or "distinct" (the caller checks), the rows that
    /// point are counted, since each is one of the things counted there.
    /// A column that points at another table is a reference, not a value
    /// whose repeats the question asked to fold.
    pub(super) fn count_rows_of_references(&mut self) {
        for i in 0..self.measures.len() {
            let MKind::Agg(Agg::CountDistinct, f) = self.measures[i].kind else { continue };
            let Some(fi) = self.field_info(f) else { continue };
            let Some(col) = fi.column else { continue };
            if schema::row_key(self.m, fi.table) == Some(col) {
                continue;
            }
            if self.m.joins.iter().any(|j| schema::column_of(self.m, &j.from) == Some((fi.table, col))) {
                self.measures[i].kind = self.count_kind(fi.table);
            }
        }
    }
}
