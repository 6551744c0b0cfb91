//! The planning context shared by the passes that turn a question's pieces
//! into a plan, the order they run in (`Ctx::run`), the helpers they share
//! (choosing among a phrase's readings, naming fields), and the final
//! assembly of the plan (`finish`). The passes live in `subject`,
//! `measures`, `groups`, `compare`, `filters`, `rank`, `window`, `dates` and
//! `listing`.
//!
//! Invariants: every piece the plan relies on is marked used and reported as
//! a `Match`; a piece is used at most once; names written into the plan are
//! manifest dimension/metric/segment names or `table.column`, never words of
//! the question; anything the question asks that cannot be expressed is a
//! `Refusal`, not a dropped clause.

use crate::plan::{
    Agg, DimensionRef, ExtremePer, Filter, LatestPer, Measure, Op, Operand, OrderBy, Outliers, Plan,
    PLAN_VERSION,
};
use crate::planner::english::Cue;
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::{Cand, Field, Lexicon, Target};
use crate::planner::schema::{self, FieldInfo, Schema};
use crate::planner::time::TimeKind;
use crate::planner::{explain, Ambiguity, Match, MatchKind, Understanding};
use crate::semantic::Manifest;

/// An order key left for `finish`: the first text column the answer shows.
pub(super) const TEXT_KEY: &str = "#text";
/// An order key left for `finish`: the name the answer shows ("in the
/// order of their names").
pub(super) const NAME_KEY: &str = "#name";

/// Why a question was not understood.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub reason: String,
    pub recognised: Vec<Match>,
    /// The word (lowercase) refused because nothing in the dataset is
    /// named by it, when that is the reason.
    pub unplaced: Option<String>,
    /// Words (lowercase), each with the table it was read as, when that
    /// table could not be joined to the others the plan reads and the word
    /// also names a column of another table: read as that column, the
    /// question may need no such join.
    pub unjoined: Vec<(String, usize)>,
}

/// The words of the pieces read as a table that also name a column of
/// another table ("players": the table `player`, and `match_season.player`).
fn unjoined_table_words(pieces: &[Piece], used: &[bool]) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (x, _) in pieces.iter().zip(used).filter(|(_, &u)| u) {
        let Some(Target::Table(t)) = x.top() else { continue };
        if x.lex().unwrap_or_default().iter().any(|c| !c.fuzzy && matches!(c.target, Target::Column(o, _) if o != *t)) {
            out.extend(x.words.split_whitespace().map(|w| (w.to_lowercase(), *t)));
        }
    }
    out
}

/// What a measure computes, before naming.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum MKind {
    Metric(usize),
    Agg(Agg, Field),
    /// Count rows of a table (`None`: the base table, decided later).
    Count(Option<usize>),
}

/// A measure being assembled.
#[derive(Debug, Clone)]
pub(super) struct MDraft {
    pub kind: MKind,
    pub filters: Vec<Filter>,
    pub share: bool,
    pub alias: Option<String>,
    /// Index of the first piece of its phrase (ranking cues point here).
    pub at: usize,
    pub words: String,
}

/// The state of planning one question.
pub struct Ctx<'a> {
    pub(super) m: &'a Manifest,
    pub(super) lx: &'a Lexicon,
    pub(super) sc: &'a Schema,
    pub(super) p: &'a [Piece],
    pub(super) used: Vec<bool>,
    pub(super) negated: Vec<bool>,
    pub(super) matches: Vec<Match>,
    pub(super) ambiguities: Vec<Ambiguity>,
    pub(super) base: Option<usize>,
    pub(super) measures: Vec<MDraft>,
    pub(super) groups: Vec<DimensionRef>,
    pub(super) filters: Vec<Filter>,
    /// Conditions joined by "or" (`either`).
    pub(super) any_of: Vec<Vec<Filter>>,
    /// (filter index, first piece, last piece) of each comparison read.
    pub(super) spans: Vec<(usize, usize, usize)>,
    pub(super) having: Vec<Filter>,
    pub(super) order: Vec<OrderBy>,
    pub(super) limit: Option<u64>,
    pub(super) fields: Vec<String>,
    pub(super) latest: Option<LatestPer>,
    /// The row(s) with the extreme value per group (`per_group`).
    pub(super) extreme: Option<ExtremePer>,
    pub(super) outliers: Option<Outliers>,
    /// The thing the question lists or groups by: "which products", "top 10 sensors".
    pub(super) subject: Option<usize>,
    /// Columns a listing should show because the question is about them.
    pub(super) involved: Vec<String>,
    /// The time's date column was left unchosen: the base table holds
    /// several and the question names none (`dates.rs`).
    pub(super) several_dates: bool,
    pub(super) time_labels: Vec<String>,
    /// Share questions: (share cue piece, noun piece).
    pub(super) share_at: Option<(usize, usize)>,
    /// The groups already say what to list, once each (a set difference).
    pub(super) set_listing: bool,
    /// The table whose rows a listing shows through the table they point
    /// at (`pointing_rows`).
    pub(super) rows_of: Option<usize>,
    /// The date column a verb right before the time names ("lifts opened
    /// between 1990 and 2005"), claimed before values can read the verb.
    pub(super) verb_date: Option<FieldInfo>,
    /// The dataset's value index, when it has one (see `values`).
    pub(super) values: Option<&'a crate::dataset::value_index::ValueLookup>,
}

impl<'a> Ctx<'a> {
    pub fn new(m: &'a Manifest, lx: &'a Lexicon, sc: &'a Schema, p: &'a [Piece]) -> Ctx<'a> {
        Ctx {
            m,
            lx,
            sc,
            p,
            used: vec![false; p.len()],
            negated: vec![false; p.len()],
            matches: Vec::new(),
            ambiguities: Vec::new(),
            base: None,
            measures: Vec::new(),
            groups: Vec::new(),
            filters: Vec::new(),
            any_of: Vec::new(),
            spans: Vec::new(),
            having: Vec::new(),
            order: Vec::new(),
            limit: None,
            fields: Vec::new(),
            latest: None,
            extreme: None,
            outliers: None,
            subject: None,
            involved: Vec::new(),
            several_dates: false,
            time_labels: Vec::new(),
            share_at: None,
            rows_of: None,
            verb_date: None,
            set_listing: false,
            values: None,
        }
    }

    /// Plans the question, or says why it cannot.
    pub fn run(mut self) -> Result<Understanding, Refusal> {
        if let Some(i) = self
            .p
            .iter()
            .position(|x| x.kind == PieceKind::Time(TimeKind::NeedsYear))
        {
            return Err(self.refuse(format!(
                "'{}' needs a year: say e.g. '{} 2025'.",
                self.p[i].words, self.p[i].words
            )));
        }
        self.base = self.guess_base();
        self.find_subject();
        self.rows_by_number();
        self.outliers_and_latest();
        self.counted_superlative();
        self.per_group_extremes();
        self.argmax_rows();
        self.row_count_comparisons();
        self.comparisons()?;
        self.year_bounds();
        self.or_conditions()?;
        self.exact_counts()?;
        self.nulls_and_negations();
        self.agent_existence();
        self.yes_no_flags();
        self.measures_pass();
        self.totals_of_counts();
        self.groups_pass()?;
        self.ranking();
        self.group_by_subject();
        self.verb_date = self.verb_dated();
        self.values_and_segments();
        self.quoted()?;
        self.bare_names()?;
        self.time()?;
        self.or_values()?;
        self.numbers_after_columns();
        self.id_numbers();
        self.count_grouped_rows();
        self.superlative_metrics();
        self.listing()?;
        self.related_pairs();
        self.counts_of_values()?;
        self.existence_through_rows();
        self.existence_through_column();
        self.negations_through_rows()?;
        self.attribute_without_rows();
        self.rows_named_by_pointing_table();
        self.rows_named_after_of();
        self.clause_columns()?;
        self.key_sums()?;
        self.extreme_of_other_rows();
        self.listed_rows();
        self.listed_name();
        self.pointed_labels();
        self.group_columns_asked();
        self.check_leftovers()?;
        let (m, sc, pieces, used, recognised) = (self.m, self.sc, self.p, self.used.clone(), self.matches.clone());
        let mut u = self.finish()?;
        let words: Vec<String> = pieces.iter().flat_map(|x| x.words.split_whitespace()).map(str::to_lowercase).collect();
        u.plan.via = schema::link_choice(m, &u.plan, &words).map_err(|reason| Refusal { reason, recognised: recognised.clone(), unplaced: None, unjoined: Vec::new() })?;
        let doubt = schema::join_doubt(m, sc, &u.plan);
        let notes = super::account::check(m, pieces, &used, &u.plan)
            .and_then(|notes| super::account::check_matches(m, &u.matches, &u.plan).map(|()| notes))
            .and_then(|notes| super::account::echoed_value(m, pieces, &u.matches, &u.plan).map(|()| notes))
            .and_then(|notes| super::account::bare_first(pieces, &u.matches).map(|()| notes))
            .and_then(|notes| doubt.clone().map_or(Ok(notes), Err))
            .and_then(|notes| super::named::check(m, pieces, &u.matches, &u.plan).map(|()| notes))
            .and_then(|notes| super::other_row::check(m, pieces, &u.matches, &u.plan).map(|()| notes))
            .and_then(|notes| super::entity_side::check(m, pieces, &u.ambiguities, &u.plan).map(|()| notes))
            .map_err(|reason| {
                let unjoined = if doubt.as_ref() == Some(&reason) && !schema::tables_meet(m, sc, &u.plan) { unjoined_table_words(pieces, &used) } else { Vec::new() };
                Refusal { reason, recognised, unplaced: None, unjoined }
            })?;
        u.ambiguities.extend(notes);
        u.confidence = explain::confidence(&u.matches, &u.ambiguities);
        u.uncertain = u.confidence < crate::planner::UNCERTAIN_BELOW;
        Ok(u)
    }

    // ----- small helpers -------------------------------------------------

    /// Next piece after `i` that is not a filler word.
    pub(super) fn next_sig(&self, i: usize) -> Option<usize> {
        (i + 1..self.p.len()).find(|&k| !self.p[k].is_filler())
    }

    pub(super) fn prev_sig(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&k| !self.p[k].is_filler())
    }

    pub(super) fn cue_at(&self, i: Option<usize>) -> Option<Cue> {
        i.and_then(|k| self.p[k].cue())
    }

    pub(super) fn is_and(&self, i: usize) -> bool {
        matches!(
            self.p[i].kind,
            PieceKind::Cue(Cue::And) | PieceKind::Punct(',')
        )
    }

    /// Marks a piece used and records what it was read as.
    pub(super) fn take(&mut self, i: usize, kind: MatchKind, target: String, confidence: f32) {
        if i < self.used.len() && !self.used[i] {
            self.used[i] = true;
            self.matches.push(Match {
                words: self.p[i].words.clone(),
                kind,
                target,
                confidence,
            });
        }
    }

    /// Marks a piece used without a match of its own (a connective).
    pub(super) fn mark(&mut self, i: usize) {
        if i < self.used.len() {
            self.used[i] = true;
        }
    }

    pub(super) fn table_name(&self, t: usize) -> String {
        self.m
            .tables
            .get(t)
            .map(|x| x.name.clone())
            .unwrap_or_default()
    }

    /// The best candidate of piece `i` among those `want` accepts, preferring
    /// things that can be joined to the base table; records an ambiguity when
    /// a different thing scored as well.
    pub(super) fn pick(&mut self, i: usize, want: &dyn Fn(&Target) -> bool) -> Option<Cand> {
        let cands: Vec<Cand> = self
            .p
            .get(i)?
            .lex()?
            .iter()
            .chain(self.p[i].alt_lex.iter())
            .filter(|c| want(&c.target))
            .cloned()
            .collect();
        let base = self.base;
        let score = |c: &Cand| -> f32 {
            let t = schema::target_table(self.m, self.lx, &c.target);
            let near = match (base, t) {
                (Some(b), Some(t)) if b == t => 0.15,
                (Some(b), Some(t)) if self.sc.reaches(b, t) => 0.1,
                // A table pointing straight at the base is nearer than one
                // that reaches it through others ("catalogs with catalog
                // level number above 5": `catalog_structure`, beside
                // `catalogs`, before `catalog_contents`, beyond it).
                (Some(b), Some(t)) if schema::foreign_key(self.m, t, b).is_some() => 0.08,
                (Some(b), Some(t)) if self.sc.related(b, t) => 0.05,
                (None, _) => 0.0,
                _ => -0.3,
            };
            c.confidence + near
        };
        let mut best: Option<(f32, Cand)> = None;
        let mut runner: Vec<(f32, Cand)> = Vec::new();
        for c in cands {
            let s = score(&c);
            match &best {
                Some((bs, _)) if s <= *bs => runner.push((s, c)),
                _ => {
                    if let Some(b) = best.take() {
                        runner.push(b);
                    }
                    best = Some((s, c));
                }
            }
        }
        let (bs, b) = best?;
        let key = self.thing_key(&b.target);
        let class = |t: &Target| match t {
            Target::Metric(_) => 0,
            Target::Value(..) => 1,
            Target::Segment(_) => 2,
            Target::Table(_) => 3,
            _ => 4,
        };
        let alts: Vec<String> = runner
            .iter()
            .filter(|(s, c)| {
                *s >= bs - 0.05
                    && class(&c.target) == class(&b.target)
                    && self.thing_key(&c.target) != key
            })
            .map(|(_, c)| self.describe(&c.target))
            .collect();
        if !alts.is_empty() {
            let mut dedup: Vec<String> = Vec::new();
            for a in alts {
                if !dedup.contains(&a) {
                    dedup.push(a);
                }
            }
            let chosen = self.describe(&b.target);
            if !self
                .ambiguities
                .iter()
                .any(|a| a.words == self.p[i].words && a.chosen == chosen)
            {
                self.ambiguities.push(Ambiguity {
                    words: self.p[i].words.clone(),
                    chosen,
                    alternatives: dedup,
                });
            }
        }
        Some(b)
    }

    /// A key that is equal for targets naming the same thing.
    fn thing_key(&self, t: &Target) -> String {
        match t {
            Target::Dimension(_) | Target::Column(..) | Target::Unit(..) => {
                self.field_of(t).map(|f| f.name).unwrap_or_default()
            }
            Target::Value(f, v) => format!("{:?}={v}", self.field_info(*f).map(|x| x.name)),
            other => self.describe(other),
        }
    }

    /// What a target is called in matches and ambiguities.
    pub(super) fn describe(&self, t: &Target) -> String {
        match t {
            Target::Metric(i) => self
                .m
                .metrics
                .get(*i)
                .map(|x| x.name.clone())
                .unwrap_or_default(),
            Target::Dimension(i) => self
                .m
                .dimensions
                .get(*i)
                .map(|x| x.name.clone())
                .unwrap_or_default(),
            Target::Segment(i) => self
                .m
                .segments
                .get(*i)
                .map(|x| x.name.clone())
                .unwrap_or_default(),
            Target::Column(t, c) | Target::Unit(t, c) => schema::qualified(self.m, *t, *c),
            Target::Table(t) => self.table_name(*t),
            Target::Value(f, v) => format!(
                "{} = {v}",
                self.field_info(*f).map(|x| x.name).unwrap_or_default()
            ),
        }
    }

    pub(super) fn field_info(&self, f: Field) -> Option<FieldInfo> {
        schema::field_info(self.m, f)
    }

    /// The field a dimension, column or unit target names.
    pub(super) fn field_of(&self, t: &Target) -> Option<FieldInfo> {
        match t {
            Target::Dimension(i) => self.field_info(Field::Dim(*i)),
            Target::Column(t, c) | Target::Unit(t, c) => self.field_info(Field::Col(*t, *c)),
            Target::Value(f, _) => self.field_info(*f),
            _ => None,
        }
    }

    /// The field that stands for a table's rows when grouping or listing by
    /// it, seen from the base table: its label, else its key.
    pub(super) fn table_field(&self, t: usize) -> Option<FieldInfo> {
        if let Some(b) = self.base {
            if b != t && !self.sc.reaches(b, t) {
                if let Some(fk) = schema::foreign_key(self.m, b, t) {
                    return self.field_info(Field::Col(b, fk));
                }
            }
        }
        // "the id of the product ordered most often": the rows' key, named
        // an id; read on the rows counted when they carry it under its own
        // name (`invoices.product_id`, not a bare `id`), with no join.
        if let Some(c) = self.asks_id_of(t).then(|| super::head_word::head_column(self.m, t, super::head_word::Head::Id)).flatten() {
            let key = &self.m.tables[t].columns[c].name;
            let own = self.base.filter(|&b| b != t && crate::words::identifier_words(key).len() > 1).and_then(|b| {
                self.m.tables[b].columns.iter().position(|x| x.name.eq_ignore_ascii_case(key)).map(|k| (b, k))
            });
            let (tt, cc) = own.unwrap_or((t, c));
            return self.field_info(Field::Col(tt, cc));
        }
        let c = schema::row_name(self.m, t)?;
        self.field_info(Field::Col(t, c))
    }

    pub(super) fn refuse(&self, reason: String) -> Refusal {
        Refusal {
            reason,
            recognised: self.matches.clone(),
            unplaced: None,
            unjoined: Vec::new(),
        }
    }

    /// Refuses because piece `i`, a word, names nothing in the dataset.
    pub(super) fn refuse_unplaced(&self, i: usize, reason: String) -> Refusal {
        Refusal {
            unplaced: Some(self.p[i].norm.clone()),
            ..self.refuse(reason)
        }
    }

    pub(super) fn is_numeric_target(&self, t: &Target) -> bool {
        match t {
            Target::Metric(_) => true,
            Target::Unit(..) => true,
            Target::Column(..) | Target::Dimension(_) => {
                self.field_of(t).is_some_and(|f| f.numeric && !f.temporal)
            }
            _ => false,
        }
    }

    // ----- base table and subject ------------------------------------------

    // ----- assembling --------------------------------------------------------

    /// The pieces that wrote the text values of `filters`, in question order.
    fn value_pieces(&self, filters: &[&Filter]) -> Vec<usize> {
        let texts: Vec<&str> = filters
            .iter()
            .flat_map(|f| match &f.value {
                Some(Operand::Value(serde_json::Value::Array(a))) => a.iter().filter_map(|v| v.as_str()).collect(),
                Some(Operand::Value(serde_json::Value::String(v))) => vec![v.as_str()],
                _ => Vec::new(),
            })
            .collect();
        // A value may span pieces the value index joined ("East" "Julianaside").
        let written = |k: usize, n: usize| {
            let words: Vec<&str> = self.p[k..(k + n).min(self.p.len())].iter().map(|x| x.words.as_str()).collect();
            words.join(" ").trim_matches(|ch| matches!(ch, '"' | '\'')).to_string()
        };
        (0..self.p.len())
            .filter(|&k| texts.iter().any(|t| (1..=4).any(|n| t.eq_ignore_ascii_case(&written(k, n)))))
            .collect()
    }

    /// Values of one column (the `filters` about to merge) that the
    /// question puts after both "from" and "to" ("routes from the United States to Canada"): a source and a
    /// destination, not either value.
    fn from_and_to(&self, filters: &[&Filter]) -> bool {
        let before = |k: usize| {
            (0..k)
                .rev()
                .find(|&j| !matches!(self.p[j].norm.as_str(), "the" | "a" | "an"))
                .map(|j| self.p[j].norm.as_str())
        };
        let marks: Vec<&str> = self.value_pieces(filters).into_iter().filter_map(before).collect();
        marks.contains(&"from") && (marks.contains(&"to") || marks.contains(&"into"))
    }

    /// Two lists of values on two columns written as pairs ("in East
    /// Julianaside, Texas or in Gleasonmouth, Arizona"): one list per column
    /// would also take East Julianaside, Arizona. The plan has no "this
    /// pair or that pair".
    fn paired_lists(&self, filters: &[Filter]) -> Option<String> {
        let lists: Vec<(&str, Vec<usize>)> = filters
            .iter()
            .filter(|f| f.op == Op::In)
            .map(|f| (f.field.as_str(), self.value_pieces(&[f])))
            .filter(|(_, at)| at.len() == 2)
            .collect();
        for (i, (a, x)) in lists.iter().enumerate() {
            for (b, y) in &lists[i + 1..] {
                if (x[0] < y[0] && y[0] < x[1] && x[1] < y[1]) || (y[0] < x[0] && x[0] < y[1] && y[1] < x[1]) {
                    return Some(format!(
                        "The values of {a} and {b} come in pairs, and I can't say \"this pair or that pair\": \
                         one list per column would also match the values mixed."
                    ));
                }
            }
        }
        None
    }

    /// Two equalities on one column ("directed by 'Ben Jones' or 'Brandon
    /// Vietti'", "from France and Germany") mean either value: one IN list.
    /// A range that cannot hold ("after 2013 or before 2008") is refused: the
    /// plan has no OR.
    fn merge_filters(&mut self) -> Result<(), Refusal> {
        let mut out: Vec<Filter> = Vec::new();
        for f in std::mem::take(&mut self.filters) {
            if matches!(f.value, Some(Operand::Rows { .. })) {
                out.push(f);
                continue;
            }
            let list_op = match f.op {
                Op::Eq | Op::In => Op::In,
                Op::Ne | Op::NotIn => Op::NotIn,
                _ => {
                    out.push(f);
                    continue;
                }
            };
            let same = out.iter_mut().find(|g| {
                g.field == f.field
                    && matches!(
                        (g.op, list_op),
                        (Op::Eq | Op::In, Op::In) | (Op::Ne | Op::NotIn, Op::NotIn)
                    )
            });
            let Some(g) = same else {
                out.push(f);
                continue;
            };
            if self.from_and_to(&[&*g, &f]) {
                return Err(self.refuse(format!(
                    "The question gives two values of {} different roles (\"from\" one, \"to\" the other), \
                     but I found only one column for both; I won't read them as either value.",
                    f.field
                )));
            }
            let values = |x: &Filter| match &x.value {
                Some(Operand::Value(serde_json::Value::Array(a))) => a.clone(),
                Some(Operand::Value(v)) => vec![v.clone()],
                _ => Vec::new(),
            };
            let mut all = values(g);
            for v in values(&f) {
                if !all.contains(&v) {
                    all.push(v);
                }
            }
            g.op = list_op;
            g.value = Some(Operand::Value(serde_json::Value::Array(all)));
        }
        // A lower bound at or above an upper bound on the same field: the
        // question meant "or", which a plan cannot say.
        let bound = |x: &Filter| match &x.value {
            Some(Operand::Value(serde_json::Value::Number(n))) => {
                n.as_f64().map(|v| (Some(v), None))
            }
            Some(Operand::Value(serde_json::Value::String(s))) => Some((None, Some(s.clone()))),
            _ => None,
        };
        for hi in out.iter().filter(|f| matches!(f.op, Op::Lt | Op::Le)) {
            for lo in out
                .iter()
                .filter(|g| g.field == hi.field && matches!(g.op, Op::Gt | Op::Ge))
            {
                let empty = match (bound(lo), bound(hi)) {
                    (Some((Some(a), _)), Some((Some(b), _))) => a >= b,
                    (Some((_, Some(a))), Some((_, Some(b)))) => a >= b,
                    _ => false,
                };
                if empty {
                    let (l, h) = (explain::filter_words(lo), explain::filter_words(hi));
                    return Err(self.refuse(format!(
                        "'{l}' and '{h}' cannot both hold, and I can't combine conditions with 'or'."
                    )));
                }
            }
        }
        if let Some(reason) = self.paired_lists(&out) {
            return Err(self.refuse(reason));
        }
        self.filters = out;
        Ok(())
    }

    /// "instructors who didn't teach in the Spring": a condition on the
    /// table an exists / not-exists filter reads belongs inside it (the
    /// rows that must, or must not, exist), not on the listed rows.
    fn conditions_into_exists(&mut self) {
        let other_table = |f: &Filter| match (&f.op, &f.value) {
            (Op::Exists | Op::NotExists, Some(Operand::Column { column })) => {
                super::account::resolve(self.m, column).map(|(t, _)| t)
            }
            _ => None,
        };
        let mut targets: Vec<usize> = self.filters.iter().filter_map(other_table).collect();
        targets.dedup();
        for t in targets {
            if Some(t) == self.base {
                continue;
            }
            let (inner, rest): (Vec<Filter>, Vec<Filter>) = std::mem::take(&mut self.filters)
                .into_iter()
                .partition(|f| {
                    other_table(f).is_none()
                        && super::account::resolve(self.m, &f.field).is_some_and(|(ft, _)| ft == t)
                });
            self.filters = rest;
            if inner.is_empty() {
                continue;
            }
            let negated = self.filters.iter().any(|f| other_table(f) == Some(t) && f.op == Op::NotExists);
            let (held, inner) = if negated { self.held_before_negation(inner) } else { (Vec::new(), inner) };
            let Some(ex) = self.filters.iter_mut().find(|f| other_table(f) == Some(t)) else { continue };
            let key = ex.field.clone();
            if let Some(Operand::Column { column }) = ex.value.take() {
                ex.value = Some(Operand::Rows { column: column.clone(), filters: inner });
                if !held.is_empty() {
                    self.filters.push(Filter { field: key, op: Op::Exists, value: Some(Operand::Rows { column, filters: held }) });
                }
            }
        }
    }

    /// "staff who held the title Sales Person, and never Clerical Staff":
    /// two values of one column, which no row holds together, on the
    /// table a not-exists filter reads. The value said before the negation
    /// is of a row that must exist, the one after it of a row that must
    /// not; both inside the not-exists would exclude nothing. Returns the
    /// conditions held (before the negation) and the rest.
    fn held_before_negation(&self, inner: Vec<Filter>) -> (Vec<Filter>, Vec<Filter>) {
        let Some(neg) = self.negation_at() else { return (Vec::new(), inner) };
        let at = |f: &Filter| self.value_at(f);
        let clash = inner.iter().any(|a| {
            a.op == Op::Eq && inner.iter().any(|b| b.op == Op::Eq && b.field == a.field && b.value != a.value)
        });
        if !clash || inner.iter().any(|f| at(f).is_none()) {
            return (Vec::new(), inner);
        }
        let (held, rest): (Vec<Filter>, Vec<Filter>) = inner.into_iter().partition(|f| at(f).is_some_and(|k| k < neg));
        if held.is_empty() || rest.is_empty() {
            return (Vec::new(), held.into_iter().chain(rest).collect());
        }
        (held, rest)
    }

    /// Where the question's first negation is.
    pub(super) fn negation_at(&self) -> Option<usize> {
        self.p.iter().position(|x| x.cue() == Some(Cue::Not) || matches!(x.norm.as_str(), "no" | "without"))
    }

    /// Where the question spells the text value a filter compares with.
    fn value_at(&self, f: &Filter) -> Option<usize> {
        let Some(Operand::Value(v @ serde_json::Value::String(_))) = &f.value else { return None };
        super::both::spelled(&self.p, v)
    }

    /// "the average and minimum ages across artists", "the maximum home
    /// games each stadium held": grouping a table's own columns by the
    /// table's key or name gives each row back as its own aggregate, which
    /// no one asks for; the question means the whole table. Counts are left
    /// alone (names may repeat).
    fn drop_row_grouping(&mut self) {
        if self.groups.is_empty() || self.measures.is_empty() {
            return;
        }
        // "the number of clubs the student named Eric Tai is in": a group
        // on a column a condition fixes to one value is one group, and with
        // no matching rows no answer at all; the question asks one figure.
        let filters = &self.filters;
        let fixed = |name: &str| filters.iter().any(|f| f.op == Op::Eq && f.field.eq_ignore_ascii_case(name));
        if self.order.is_empty() && self.having.is_empty() && self.groups.iter().all(|g| g.grain.is_none() && fixed(&g.name)) {
            self.groups.clear();
            return;
        }
        let mut table: Option<usize> = None;
        for d in &self.measures {
            // A metric that is one aggregate of one column ("max_home_games")
            // counts as that aggregate when several aggregates are listed
            // and nothing is ranked ("the maximum, minimum and average home
            // games each stadium held"); one total "for each manufacturer"
            // is asked per row.
            let several = self.measures.len() > 1 && self.order.is_empty();
            let (agg, f) = match &d.kind {
                MKind::Agg(agg, f) => (*agg, *f),
                MKind::Metric(mi) if several => match self.lx.metric_aggs.get(*mi).copied().flatten() {
                    Some(super::lexicon::SimpleAgg { agg, column: Some((t, c)) }) => (agg, Field::Col(t, c)),
                    _ => return,
                },
                MKind::Metric(_) | MKind::Count(_) => return,
            };
            if matches!(agg, Agg::Count | Agg::CountDistinct) || !d.filters.is_empty() || d.share {
                return;
            }
            let Some(fi) = self.field_info(f) else { return };
            if table.is_some_and(|t| t != fi.table) {
                return;
            }
            table = Some(fi.table);
        }
        let Some(t) = table else { return };
        let per_row = self.groups.iter().all(|g| {
            g.grain.is_none()
                && super::account::resolve(self.m, &g.name).is_some_and(|(gt, gc)| {
                    gt == t && schema::names_row(self.m, t, gc)
                })
        });
        if !per_row || !self.having.is_empty() {
            return;
        }
        let names: Vec<String> = std::mem::take(&mut self.groups).into_iter().map(|g| g.name).collect();
        for mt in self.matches.iter_mut() {
            if mt.kind == MatchKind::Dimension && names.contains(&mt.target) {
                mt.kind = MatchKind::Table;
                mt.target = self.m.tables[t].name.clone();
            }
        }
        self.order.retain(|o| !names.contains(&o.by));
    }

    /// A column (by plan name) that is a categorical dimension of its table
    /// and neither the rows' key nor their name.
    pub(super) fn categorical_attribute(&self, name: &str) -> bool {
        let Some((t, c)) = super::account::resolve(self.m, name) else { return false };
        let qualified = schema::qualified(self.m, t, c);
        let categorical = self.m.dimensions.iter().any(|d| {
            d.kind == crate::semantic::DimensionKind::Categorical
                && (d.column.eq_ignore_ascii_case(&qualified) || d.name.eq_ignore_ascii_case(name))
        });
        // Free text ("description", "details", "notes") is not a category
        // even when a small table repeats it.
        let free_text = crate::planner::tokenize::split_identifier(&self.m.tables[t].columns[c].name)
            .iter()
            .any(|w| matches!(w.as_str(), "description" | "descriptions" | "detail" | "details" | "note" | "notes" | "comment" | "comments" | "text"));
        categorical
            && !free_text
            && schema::row_key(self.m, t) != Some(c)
            && schema::row_name(self.m, t) != Some(c)
            && self.m.tables[t].primary_key.as_deref().is_none_or(|k| !k.eq_ignore_ascii_case(&self.m.tables[t].columns[c].name))
    }

    /// "the nominees nominated for both a Tony Award and a Drama Desk
    /// Award", "locations that have tracks with more than 90000 seats and
    /// tracks with fewer than 70000": two conditions on one column that no
    /// single row can meet together, asked of the things listed, mean that
    /// each condition holds for some row of theirs (an intersection of two
    /// filtered sets). The listing then shows each thing once. One value
    /// and another's negation on one column ("in Statistics but not
    /// Psychology") are a difference of the two sets the same way. Other
    /// conditions on the same table ("who have been nominated") hold in
    /// both sets.
    fn intersect_sets(&mut self) {
        let both = self.p.iter().position(|x| x.norm == "both");
        // "for both 'Tony Award' and 'Drama Desk Award'" was read as one list.
        let mut fs = self.filters.clone();
        let lists: Vec<usize> = (0..fs.len()).filter(|&k| fs[k].op == Op::In).collect();
        if let (Some(_), [k]) = (both, lists.as_slice()) {
            if let Some(Operand::Value(serde_json::Value::Array(vs))) = fs[*k].value.clone() {
                if vs.len() == 2 {
                    let field = fs[*k].field.clone();
                    fs.remove(*k);
                    fs.extend(vs.into_iter().map(|v| Filter { field: field.clone(), op: Op::Eq, value: Some(Operand::Value(v)) }));
                }
            }
        }
        if !self.measures.is_empty() || self.latest.is_some() || self.outliers.is_some() || fs.len() < 2 {
            return;
        }
        // The two conditions on one column first; any others ("have been
        // nominated": `result`) hold in both sets.
        let pair: Vec<usize> = (0..fs.len()).filter(|&i| fs.iter().enumerate().any(|(j, f)| j != i && f.field == fs[i].field)).collect();
        let [i, j] = pair.as_slice() else { return };
        let (i, j) = (*i, *j);
        let common: Vec<Filter> = (0..fs.len()).filter(|&k| k != i && k != j).map(|k| fs[k].clone()).collect();
        let plain = |f: &Filter| matches!(f.value, None | Some(Operand::Value(_))) && !matches!(f.op, Op::Exists | Op::NotExists);
        let pair_table = super::account::resolve(self.m, &fs[i].field).map(|(t, _)| t);
        if !common.iter().all(|f| plain(f) && super::account::resolve(self.m, &f.field).map(|(t, _)| t) == pair_table) {
            return;
        }
        let pf = [fs[i].clone(), fs[j].clone()];
        let mut listed: Vec<String> = if self.fields.is_empty() { self.groups.iter().map(|g| g.name.clone()).collect() } else { self.fields.clone() };
        listed.retain(|f| *f != pf[0].field && !common.iter().any(|c| c.field == *f));
        let Some(first) = listed.first() else { return };
        let Some((lt, lc)) = super::account::resolve(self.m, first) else { return };
        if listed.iter().any(|f| super::account::resolve(self.m, f).is_none_or(|(t, _)| t != lt)) {
            return;
        }
        let (a, b) = (&pf[0], &pf[1]);
        let Some((ft, fc)) = super::account::resolve(self.m, &a.field) else { return };
        let number = |f: &Filter| match &f.value {
            Some(Operand::Value(v)) => v.as_f64(),
            _ => None,
        };
        let disjoint = match (a.op, b.op) {
            (Op::Eq, Op::Eq) => a.value != b.value && both.is_some(),
            // "courses in Statistics but not Psychology": a row in one is
            // never in the other, so the "not" is about the listed values.
            // The value kept is said before the negation, the one
            // excluded after it.
            (Op::Eq, Op::Ne) | (Op::Ne, Op::Eq) => {
                let (keep, drop) = if a.op == Op::Eq { (a, b) } else { (b, a) };
                let neg = self.negation_at();
                a.value != b.value
                    && self.value_at(keep).zip(neg).is_some_and(|(k, n)| k < n)
                    && self.value_at(drop).zip(neg).is_some_and(|(d, n)| d > n)
            }
            (Op::Gt | Op::Ge, Op::Lt | Op::Le) => number(a).zip(number(b)).is_some_and(|(lo, hi)| lo >= hi),
            (Op::Lt | Op::Le, Op::Gt | Op::Ge) => number(b).zip(number(a)).is_some_and(|(lo, hi)| lo >= hi),
            _ => false,
        };
        if !disjoint {
            return;
        }
        // The listed rows' own column, or their key matched by the other
        // table's rows that point at them.
        // Or, through one table of links pointing at both ("faculty who
        // participate in both Canoeing and Kayaking": `faculty_participates_in`
        // between `faculty` and `activity`), the links whose other end meets
        // the condition.
        let mut through: Option<(String, String)> = None;
        let (field, column) = if ft == lt {
            (first.clone(), first.clone())
        } else {
            match schema::reverse_key(self.m, lt, ft) {
                Some((key, fk)) => (schema::qualified(self.m, lt, key), schema::qualified(self.m, ft, fk)),
                None => {
                    // "residences that have both a player of gender M and
                    // F": a column the listed rows have too (`player.gender`
                    // beside `coach.gender`) may be theirs; not guessed,
                    // unless it is what names the other rows (a name, a key).
                    let cname = &self.m.tables[ft].columns[fc].name;
                    let names_rows = schema::row_name(self.m, ft) == Some(fc) || schema::row_key(self.m, ft) == Some(fc);
                    if !names_rows && self.m.tables[lt].columns.iter().any(|c| c.name.eq_ignore_ascii_case(cname)) {
                        return;
                    }
                    // (link table, listed key, its column to it, condition key, its column to it)
                    let links: Vec<(usize, usize, usize, usize, usize)> = (0..self.m.tables.len())
                        .filter(|&b| b != lt && b != ft)
                        .filter_map(|b| {
                            let (key, to_listed) = schema::reverse_key(self.m, lt, b)?;
                            let (fkey, to_cond) = schema::reverse_key(self.m, ft, b)?;
                            Some((b, key, to_listed, fkey, to_cond))
                        })
                        .collect();
                    let [(b, key, to_listed, fkey, to_cond)] = links.as_slice() else { return };
                    through = Some((schema::qualified(self.m, *b, *to_cond), schema::qualified(self.m, ft, *fkey)));
                    (schema::qualified(self.m, lt, *key), schema::qualified(self.m, *b, *to_listed))
                }
            }
        };
        let _ = lc;
        // The condition's own column is not shown: it differs between the sets.
        let cond_field = a.field.clone();
        self.filters.clear();
        self.fields.retain(|f| *f != cond_field);
        self.groups.retain(|g| g.name != cond_field);
        for c in pf {
            let (op, c) = match c.op {
                Op::Ne => (Op::NotIn, Filter { op: Op::Eq, ..c }),
                _ => (Op::In, c),
            };
            let mut within = common.clone();
            within.push(c);
            if let Some((link, key)) = &through {
                within = vec![Filter { field: link.clone(), op: Op::In, value: Some(Operand::Rows { column: key.clone(), filters: within }) }];
            }
            self.filters.push(Filter { field: field.clone(), op, value: Some(Operand::Rows { column: column.clone(), filters: within }) });
        }
        if let Some(k) = both {
            self.mark(k);
        }
        if !self.fields.is_empty() {
            self.groups = std::mem::take(&mut self.fields).into_iter().map(|name| DimensionRef { name, grain: None }).collect();
        }
    }

    /// "List all church names in descending order of opening date": values
    /// listed with no measure but ordered by another column of their rows
    /// are the rows themselves (each church, in date order), not the
    /// distinct values, unless the question says "distinct" or "different".
    fn rows_in_order(&mut self) {
        if !self.measures.is_empty()
            || self.groups.is_empty()
            || self.set_listing
            || self.latest.is_some()
            || self.outliers.is_some()
            || self.groups.iter().any(|g| g.grain.is_some())
            || self.p.iter().any(|x| matches!(x.norm.as_str(), "different" | "distinct" | "unique"))
            || !self.fields.is_empty()
        {
            return;
        }
        let tables: Vec<Option<usize>> = self
            .groups
            .iter()
            .map(|g| super::account::resolve(self.m, &g.name).map(|(t, _)| t))
            .collect();
        let Some(Some(t)) = tables.first().copied() else { return };
        if tables.iter().any(|x| *x != Some(t)) {
            return;
        }
        let other_key = self.order.iter().any(|o| {
            !o.by.is_empty()
                && o.by != TEXT_KEY
                && !o.by.starts_with("#m")
                && !self.groups.iter().any(|g| g.name == o.by)
                && super::account::resolve(self.m, &o.by).is_some_and(|(ot, _)| ot == t)
        });
        if other_key {
            self.fields = std::mem::take(&mut self.groups).into_iter().map(|g| g.name).collect();
        }
    }

    /// "How many films did each director direct" read as the number of
    /// distinct directors per director is 1 on every row: counting the
    /// grouped column itself means counting the rows of its table.
    fn count_rows_not_groups(&mut self) {
        for i in 0..self.measures.len() {
            let MKind::Agg(Agg::CountDistinct, f) = self.measures[i].kind else { continue };
            let Some(fi) = self.field_info(f) else { continue };
            if self.groups.iter().any(|g| g.grain.is_none() && g.name == fi.name) {
                self.measures[i].kind = MKind::Count(Some(fi.table));
            }
        }
    }

    /// A sum of years or dates means nothing ("how many faculty in total
    /// in 2002" is not the sum of the year column): such a reading put
    /// "total" on the wrong column, so it is refused.
    fn sum_of_years(&self) -> Result<(), Refusal> {
        for d in &self.measures {
            let (agg, f) = match &d.kind {
                MKind::Agg(agg, f) => (*agg, *f),
                MKind::Metric(mi) => match self.lx.metric_aggs.get(*mi).copied().flatten() {
                    Some(super::lexicon::SimpleAgg { agg, column: Some((t, c)) }) => (agg, Field::Col(t, c)),
                    _ => continue,
                },
                MKind::Count(_) => continue,
            };
            if agg != Agg::Sum {
                continue;
            }
            let Some(fi) = self.field_info(f) else { continue };
            let Some(c) = fi.column else { continue };
            let words = crate::planner::tokenize::split_identifier(&self.m.tables[fi.table].columns[c].name);
            if fi.temporal || words.iter().any(|w| matches!(w.as_str(), "year" | "yr" | "years")) && words.len() == 1 {
                return Err(self.refuse(format!(
                    "I read '{}' as a sum of {}, which is a year or a date; I couldn't tell what the total is of.",
                    d.words, fi.name
                )));
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Understanding, Refusal> {
        self.sum_of_years()?;
        self.rows_in_order();
        self.count_rows_not_groups();
        self.drop_row_grouping();
        self.drop_counted_noun_group();
        self.intersect_sets();
        self.conditions_into_exists();
        self.merge_filters()?;
        self.semi_join_listing();
        self.key_from_conditioned_side();
        let base = self.base;
        let mut measures: Vec<Measure> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for d in &self.measures {
            let mut me = Measure {
                metric: None,
                agg: None,
                column: None,
                filters: d.filters.clone(),
                share: d.share,
                alias: d.alias.clone(),
            };
            let name = match &d.kind {
                MKind::Metric(mi) => {
                    let n = self.m.metrics[*mi].name.clone();
                    me.metric = Some(n.clone());
                    n
                }
                MKind::Agg(agg, f) => {
                    let fi = self
                        .field_info(*f)
                        .ok_or_else(|| self.refuse("internal: unknown column".into()))?;
                    let col = fi
                        .column
                        .map(|c| self.m.tables[fi.table].columns[c].name.clone())
                        .unwrap_or_default();
                    me.agg = Some(*agg);
                    me.column = Some(fi.name.clone());
                    let alias = format!("{}_{}", agg.word(), col.to_lowercase());
                    me.alias = Some(me.alias.clone().unwrap_or(alias.clone()));
                    me.alias.clone().unwrap_or(alias)
                }
                MKind::Count(t) => {
                    let t = t
                        .or(base)
                        .ok_or_else(|| self.refuse("I couldn't tell what to count.".into()))?;
                    match self.count_kind(t) {
                        MKind::Metric(mi) => {
                            let n = self.m.metrics[mi].name.clone();
                            me.metric = Some(n.clone());
                            n
                        }
                        _ => {
                            // `count` over a table name counts its rows.
                            me.agg = Some(Agg::Count);
                            me.column = Some(self.m.tables[t].name.clone());
                            let alias = format!("{}_count", self.m.tables[t].name.to_lowercase());
                            me.alias = Some(me.alias.clone().unwrap_or(alias.clone()));
                            me.alias.clone().unwrap_or(alias)
                        }
                    }
                }
            };
            let name = if d.share || !d.filters.is_empty() {
                let a = d.alias.clone().unwrap_or_else(|| {
                    if d.share {
                        format!("{name}_share")
                    } else {
                        name.clone()
                    }
                });
                me.alias = Some(a.clone());
                a
            } else {
                name
            };
            if let Some(k) = measures.iter().position(|x| *x == me) {
                let existing = names[k].clone();
                names.push(existing);
                continue;
            }
            names.push(name);
            measures.push(me);
        }
        // Orders whose key was left for later take the first measure.
        let mut order: Vec<OrderBy> = Vec::new();
        for o in &self.order {
            let by = if o.by == NAME_KEY {
                let named = |f: &&String| {
                    super::account::resolve(self.m, f).is_some_and(|(t, c)| {
                        let col = &self.m.tables[t].columns[c];
                        col.ty.eq_ignore_ascii_case("VARCHAR")
                            && crate::planner::tokenize::split_identifier(&col.name).last().is_some_and(|w| matches!(w.as_str(), "name" | "title"))
                    })
                };
                // Else the column naming the rows (`video_games.gname`).
                let labels = |f: &&String| super::account::resolve(self.m, f).is_some_and(|(t, c)| schema::label_column(self.m, t) == Some(c));
                let all: Vec<&String> = self.fields.iter().chain(self.groups.iter().map(|g| &g.name)).collect();
                let mut shown: Vec<&String> = all.iter().copied().filter(named).collect();
                if shown.is_empty() {
                    shown = all.into_iter().filter(labels).collect();
                }
                match shown.as_slice() {
                    [one] => Some((*one).clone()),
                    _ => return Err(self.refuse("I couldn't tell which name to put the answer in order of.".into())),
                }
            } else if o.by == TEXT_KEY {
                let found = self
                    .fields
                    .iter()
                    .chain(self.groups.iter().map(|g| &g.name))
                    .find(|f| {
                        super::account::resolve(self.m, f).is_some_and(|(t, c)| {
                            self.m.tables[t].columns[c].ty.eq_ignore_ascii_case("VARCHAR")
                        })
                    })
                    .cloned();
                if found.is_none() {
                    return Err(self.refuse("I couldn't tell which column to put in alphabetical order.".into()));
                }
                found
            } else if o.by.is_empty() {
                // "the top 3 mountains" with nothing to rank them by: the
                // names shown are no ranking.
                let top = self.matches.iter().find(|x| x.kind == MatchKind::Order && matches!(x.target.as_str(), "top" | "bottom"));
                let says_order = self.p.iter().any(|x| x.words.split_whitespace().any(|w| w.eq_ignore_ascii_case("order")));
                if let Some(top) = top.filter(|_| !says_order && names.is_empty()) {
                    return Err(self.refuse(format!("I couldn't tell what '{}' ranks by; name it, e.g. 'top 3 by price'.", top.words)));
                }
                // "the names of enzymes in descending order": what is shown.
                names
                    .first()
                    .cloned()
                    .or_else(|| self.fields.first().cloned())
                    .or_else(|| self.groups.first().map(|g| g.name.clone()))
            } else if let Some(ix) =
                o.by.strip_prefix("#m")
                    .and_then(|x| x.parse::<usize>().ok())
            {
                names.get(ix).cloned()
            } else {
                Some(o.by.clone())
            };
            if let Some(by) = by {
                if !order.iter().any(|x| x.by == by) {
                    order.push(OrderBy { by, desc: o.desc });
                }
            }
        }
        // A time series reads oldest first.
        if order.is_empty() {
            if let Some(g) = self.groups.iter().find(|g| g.grain.is_some()) {
                order.push(OrderBy {
                    by: g.name.clone(),
                    desc: false,
                });
            }
        }
        // "the different membership levels", "distinct majors": a listing of
        // distinct values, which the plan says by listing them as dimensions.
        let distinct = names.is_empty()
            && self.groups.is_empty()
            && self.latest.is_none()
            && self.outliers.is_none()
            && self.p.iter().any(|x| x.kind == PieceKind::Stop && matches!(x.norm.as_str(), "different" | "distinct" | "unique"));
        // "Show all card type codes", "What are all the payment methods?":
        // one categorical attribute of the rows (a dimension whose values
        // repeat, not their name or key), unfiltered: its values, once each.
        let one_attribute = names.is_empty()
            && self.groups.is_empty()
            && self.latest.is_none()
            && self.outliers.is_none()
            && self.filters.is_empty()
            && self.order.is_empty()
            && self.limit.is_none()
            && self.fields.len() == 1
            && self.fields.first().is_some_and(|f| self.categorical_attribute(f));
        let distinct = distinct || one_attribute;
        let (dimensions, fields) = if distinct {
            (self.fields.iter().map(|f| DimensionRef { name: f.clone(), grain: None }).collect(), Vec::new())
        } else if names.is_empty() {
            (self.groups.clone(), self.fields.clone())
        } else {
            (self.groups.clone(), Vec::new())
        };
        // "the first name of each student" where the student's label is
        // the first name: one column, said twice.
        // Listed rows keep the field (each student's, not the distinct
        // names); a total per group keeps the group.
        let (mut dimensions, mut fields) = (dimensions, fields);
        let mut seen = std::collections::HashSet::new();
        let mut twice: Vec<String> = Vec::new();
        dimensions.retain(|d| seen.insert((d.name.clone(), d.grain)) || {
            twice.push(d.name.clone());
            false
        });
        // "the order ids and the number of invoices for each order": the
        // invoice's order id and the order's key are one value, joined.
        let mut kept: Vec<String> = Vec::new();
        dimensions.retain(|d| {
            if d.grain.is_some() {
                return true;
            }
            let joined = kept.iter().any(|k| schema::joined_columns(self.m, k, &d.name));
            kept.push(d.name.clone());
            if joined {
                twice.push(d.name.clone());
            }
            !joined
        });
        // Said twice with no total ("the first name of each student" where
        // that is the student's label): each row's, not the distinct values.
        if measures.is_empty() && fields.is_empty() && !twice.is_empty() && dimensions.iter().all(|d| d.grain.is_none()) {
            fields = dimensions.drain(..).map(|d| d.name).collect();
        }
        let mut seen = std::collections::HashSet::new();
        fields.retain(|f| seen.insert(f.clone()));
        if measures.is_empty() && !fields.is_empty() && dimensions.iter().any(|d| d.grain.is_none() && fields.contains(&d.name)) {
            dimensions.retain(|d| d.grain.is_some() || !fields.contains(&d.name));
        } else if !measures.is_empty() {
            fields.retain(|f| !dimensions.iter().any(|d| d.grain.is_none() && d.name == *f));
        }
        // "the names of poker players in descending order of earnings":
        // distinct names cannot be put in the order of another table's
        // column; each row's name is listed, in that order.
        let table_of = |name: &str| super::account::resolve(self.m, name).map(|(t, _)| t);
        let other_table = |by: &str| table_of(by).is_some_and(|t| dimensions.iter().all(|d| table_of(&d.name).is_some_and(|u| u != t)));
        if measures.is_empty() && fields.is_empty() && dimensions.iter().all(|d| d.grain.is_none()) && order.iter().any(|o| other_table(&o.by)) {
            fields = dimensions.drain(..).map(|d| d.name).collect();
        }
        // "What percentage of cities have a white share above 50?": the
        // row conditions say which part of the whole the share takes.
        if measures.len() == 1 && measures[0].share && measures[0].filters.is_empty() && self.any_of.is_empty() && dimensions.is_empty() {
            measures[0].filters = std::mem::take(&mut self.filters);
        }
        // "reviewers who rates Gone with the Wind": "rates" read as a share
        // with nothing saying which part of the whole to take is no share.
        if measures.iter().any(|x| x.share && x.filters.is_empty()) {
            let words = self.measures.iter().find(|d| d.share).map(|d| d.words.clone()).unwrap_or_default();
            return Err(self.refuse(format!("I read '{words}' as a share, but found nothing saying which part of the whole to take.")));
        }
        self.with_last_names(&mut fields, &mut dimensions);
        let plan = Plan {
            version: PLAN_VERSION,
            measures,
            dimensions,
            fields,
            filters: self.filters.clone(),
            any_of: self.any_of.clone(),
            having: self.having.clone(),
            latest_per: self.latest.clone(),
            extreme_per: self.extreme.clone(),
            outliers: self.outliers.clone(),
            order,
            rows_of: self.rows_of.map(|t| self.table_name(t)),
            via: Vec::new(),
            union: Vec::new(),
            limit: self.limit,
            sql: None,
        };
        let summary = explain::summarize(&plan, &self.time_labels);
        self.matches.sort_by_key(|mt| {
            self.p
                .iter()
                .position(|x| x.words == mt.words)
                .unwrap_or(usize::MAX)
        });
        let confidence = explain::confidence(&self.matches, &self.ambiguities);
        Ok(Understanding {
            plan,
            matches: self.matches,
            ambiguities: self.ambiguities,
            summary,
            confidence,
            uncertain: confidence < crate::planner::UNCERTAIN_BELOW,
        })
    }
}
