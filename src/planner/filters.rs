//! Conditions named in a question: values ("cancelled or returned" -> IN,
//! "Germany" via a value synonym), segments ("below reorder level"), empty
//! columns ("no first response", "without an agent" -> IS NULL), negations
//! ("not billing", "other than USA"), and quoted text (a value, a name, or a
//! LIKE match after "containing").
//!
//! Invariants: in a share question the conditions after its noun define the
//! part and those before it the whole; a listing shows the columns a segment
//! is about, not those of equality filters (their value is known).

use serde_json::json;

use crate::plan::{Filter, Op, Operand};
use crate::planner::build::{Ctx, Refusal};
use crate::planner::values::Placement;
use crate::planner::exists::Clause;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::{self, FieldInfo};
use crate::planner::tokenize::{split_identifier, stem};
use crate::planner::MatchKind;

pub(super) fn num(n: f64) -> serde_json::Value {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        json!(n as i64)
    } else {
        json!(n)
    }
}

impl Ctx<'_> {
    /// The filter a value or segment piece stands for.
    pub(super) fn condition_of(&mut self, k: usize) -> Option<Filter> {
        let c = self.pick(k, &|t| matches!(t, Target::Value(..) | Target::Segment(_)))?;
        let neg = self.negated[k];
        match c.target {
            Target::Segment(s) => Some(Filter {
                field: self.m.segments[s].name.clone(),
                op: if neg { Op::IsFalse } else { Op::IsTrue },
                value: None,
            }),
            Target::Value(f, v) => {
                // "Sonoma County" may also be a county called Sonoma: left
                // unread, so the question is refused rather than guessed.
                if let Some(vx) = self.values {
                    if self.value_or_column_and_value(vx, &v, &vx.holders(&v)).is_some() {
                        return None;
                    }
                }
                let f = match self.kind_beside(k, &v) {
                    Some(g) => g,
                    None => self.value_role(k, f, &v, c.confidence)?,
                };
                let fi = self.field_info(f)?;
                Some(Filter {
                    field: fi.name,
                    op: if neg { Op::Ne } else { Op::Eq },
                    value: Some(Operand::Value(json!(v))),
                })
            }
            _ => None,
        }
    }

    /// "not in the Central Coast area": a value stored in several columns,
    /// with the word right after it naming one of them, is that column's
    /// (`appellations.area`, not `wine.appelation`); the word is read with
    /// it.
    fn kind_beside(&mut self, k: usize, v: &str) -> Option<Field> {
        let next = k + 1;
        if self.used.get(next).copied().unwrap_or(true) {
            return None;
        }
        let holders: Vec<Field> = self.p[k]
            .lex()
            .into_iter()
            .flatten()
            .chain(self.p[k].alt_lex.iter())
            .filter_map(|x| match &x.target {
                Target::Value(g, w) if w == v => Some(*g),
                _ => None,
            })
            .collect();
        let at = |f: Field| self.field_info(f).map(|x| (x.table, x.column));
        if holders.iter().filter_map(|&g| at(g)).collect::<std::collections::BTreeSet<_>>().len() < 2 {
            return None;
        }
        let named: Vec<Field> = holders
            .into_iter()
            .filter(|&g| {
                self.p[next].lex().into_iter().flatten().any(|c| {
                    !c.fuzzy && matches!(c.target, Target::Column(..) | Target::Dimension(_)) && self.field_of(&c.target).map(|x| (x.table, x.column)) == at(g)
                })
            })
            .collect();
        let [g] = named.as_slice() else { return None };
        self.mark(next);
        Some(*g)
    }

    /// "no first response", "without an agent" -> IS NULL; "not" marks the next condition.
    pub(super) fn nulls_and_negations(&mut self) {
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            match self.p[i].cue() {
                Some(Cue::Null) => {
                    let Some(j) = self.next_sig(i) else { continue };
                    if self.used[j] || self.p[j].lex().is_none() {
                        continue;
                    }
                    if self.values_without(i, j) {
                        continue;
                    }
                    // "do not have the nationality 'USA'": a value follows, so negate it.
                    if let Some(v) = self.next_sig(j) {
                        if matches!(self.p[v].kind, PieceKind::Quoted(..))
                            || matches!(self.p[v].top(), Some(Target::Value(..)))
                        {
                            self.negated[v] = true;
                            self.mark(i);
                            continue;
                        }
                    }
                    let Some(c) = self.pick(j, &|t| {
                        matches!(
                            t,
                            Target::Column(..) | Target::Dimension(_) | Target::Table(_)
                        )
                    }) else {
                        continue;
                    };
                    let f = match &c.target {
                        Target::Table(t) => self
                            .base
                            .and_then(|b| schema::foreign_key(self.m, b, *t))
                            .and_then(|fk| {
                                self.base.and_then(|b| self.field_info(Field::Col(b, fk)))
                            }),
                        other => self.field_of(other),
                    };
                    // "chips that do not have wifi" of a yes/no column:
                    // its no value (`yes_no_flags`), not an empty cell.
                    if f.as_ref().is_some_and(|f| self.yes_and_no(f).is_some()) && !matches!(c.target, Target::Table(_)) {
                        continue;
                    }
                    // "documents that do not have any sections": the other
                    // table points at the rows; none of its rows may (anti-join).
                    // A plural read as a column of such a table ("sections" as
                    // `document_sections.section_id`) means its rows too.
                    let other = match &c.target {
                        Target::Table(t) if f.is_none() => Some(*t),
                        Target::Table(_) => None,
                        t => schema::target_table(self.m, self.lx, t)
                            .filter(|&t| (self.p[j].plural || self.any_of_table(j, t)) && Some(t) != self.base),
                    };
                    if let (Some(t), Some(b)) = (other, self.base) {
                        if let Some((t, key, fk)) = self.anti_join_key(b, t).filter(|&(l, ..)| !self.condition_outside(j, l)) {
                            let t = &t;
                            let (key, fk) = (schema::qualified(self.m, b, key), schema::qualified(self.m, *t, fk));
                            self.take(j, MatchKind::Table, self.table_name(*t), c.confidence);
                            self.take(i, MatchKind::Comparison, format!("no {fk} matches {key}"), 1.0);
                            self.filters.push(Filter {
                                field: key,
                                op: Op::NotExists,
                                value: Some(Operand::Column { column: fk }),
                            });
                            continue;
                        }
                        if matches!(c.target, Target::Table(_)) {
                            continue;
                        }
                    }
                    let Some(f) = f else { continue };
                    // "the customer without any mailshot" read as a column of
                    // another table: reached through an inner join, that
                    // column is never empty, so IS NULL would answer nothing.
                    // A table the rows point at ("lots that have no buyer")
                    // is their own pointer column, which may be empty.
                    let owner = schema::target_table(self.m, self.lx, &c.target);
                    if !matches!(c.target, Target::Table(_)) && self.base.is_some() && owner.is_some() && owner != self.base {
                        continue;
                    }
                    self.take(j, MatchKind::Column, f.name.clone(), c.confidence);
                    self.take(
                        i,
                        MatchKind::Comparison,
                        format!("{} is empty", f.name),
                        1.0,
                    );
                    self.filters.push(Filter {
                        field: f.name,
                        op: Op::IsNull,
                        value: None,
                    });
                }
                Some(Cue::Not) => {
                    if let Some(j) = self.next_sig(i) {
                        if matches!(
                            self.p[j].top(),
                            Some(Target::Value(..) | Target::Segment(_))
                        ) || matches!(self.p[j].kind, PieceKind::Quoted(..))
                        {
                            self.negated[j] = true;
                            self.mark(i);
                            continue;
                        }
                    }
                    if self.negated_number(i) {
                        continue;
                    }
                    if !self.negated_role_column(i) {
                        self.negated_rows(i);
                    }
                    if !self.used[i] && !self.negated_value_after_words(i) {
                        self.negated_participle(i);
                    }
                }
                _ => {}
            }
        }
    }

    /// "without any mailshot", "do not have any amenity": a singular noun
    /// after "any" that is a word of its table's name (`mailshot_campaigns`,
    /// `dorm_amenity`) means that table's rows, as a plural does.
    fn any_of_table(&self, j: usize, t: usize) -> bool {
        let after_any = j > 0 && self.p[j - 1].words.eq_ignore_ascii_case("any");
        let word = stem(&self.p[j].words.to_lowercase());
        after_any
            && self.m.tables.get(t).is_some_and(|table| {
                split_identifier(&table.name).iter().any(|w| stem(w) == word)
            })
    }

    /// "artists who have not released any albums", "instructors who didn't
    /// teach", "editors that are not on any committee": a negation, maybe a
    /// verb, then another table whose rows point at the base table's rows:
    /// none of its rows may point at the row (an anti-join). Words between
    /// are verbs or function words; a value, number or name there stops it.
    fn negated_rows(&mut self, i: usize) {
        let Some(b) = self.base else { return };
        let mut between: Vec<usize> = Vec::new();
        // The words that may name the linking table ("never registered at
        // any branch": `membership_register_branch`, "did not host any
        // party": `party_host`).
        let mut clause = Clause { fillers: Vec::new(), verb: None, soft: Vec::new(), have: false, nobody: false };
        let mut k = i + 1;
        let j = loop {
            let Some(x) = self.p.get(k) else { return };
            match &x.kind {
                PieceKind::Stop | PieceKind::Soft => {
                    if x.kind == PieceKind::Soft {
                        clause.soft.push(k);
                    }
                    between.push(k)
                }
                PieceKind::Unknown if !x.capital && between.iter().filter(|&&b| self.p[b].kind == PieceKind::Unknown).count() < 2 => {
                    if clause.verb.is_none() && !x.words.contains(' ') {
                        clause.verb = Some(k);
                    }
                    between.push(k)
                }
                // A table's noun used as a verb, another table's noun after
                // it: "did not host any party".
                PieceKind::Lex(_)
                    if clause.verb.is_none()
                        && !self.used[k]
                        && !x.plural
                        && matches!(x.top(), Some(Target::Table(_)))
                        && self.table_noun_after(k) =>
                {
                    clause.verb = Some(k);
                }
                // "did not affect any regions": a word the data also names
                // (`affected_region`) used as the verb before the noun.
                PieceKind::Lex(_)
                    if clause.verb.is_none()
                        && !self.used[k]
                        && !x.capital
                        && !x.words.contains(' ')
                        && self.table_noun_after(k)
                        && (0..self.m.tables.len()).any(|l| self.root_names_table(k, l)) =>
                {
                    clause.verb = Some(k);
                }
                // "skiers who never purchased any pass": a verb read only as
                // a date every row has (`purchase_dt`), or as a near
                // spelling of another column, names the event of the rows
                // after it. A date that may be empty is an event of its own
                // ("never returned a loan": `return_date`).
                PieceKind::Lex(cands)
                    if clause.verb.is_none()
                        && !self.used[k]
                        && !x.capital
                        && !x.words.contains(' ')
                        && (x.norm.ends_with("ed") || x.norm.ends_with("ing"))
                        && self.table_noun_after(k)
                        && cands.iter().all(|c| self.field_of(&c.target).is_some_and(|f| if f.temporal { !f.nullable } else { c.fuzzy })) =>
                {
                    clause.verb = Some(k);
                }
                // "counties that do not contain any cities": "contain" says
                // "have" here, no text search.
                PieceKind::Cue(Cue::Contains) if matches!(x.norm.as_str(), "contain" | "contains" | "include" | "includes") => {
                    between.push(k)
                }
                PieceKind::Lex(_) => break k,
                _ => return,
            }
            k += 1;
        };
        if self.used[j] {
            return;
        }
        // "not assigned to any project": after "any", a noun that names a
        // table means its rows, even when a column is named so too.
        let after_any = j > 0 && self.p[j - 1].norm == "any";
        let table = if after_any { self.pick(j, &|t| matches!(t, Target::Table(_))).filter(|c| !c.fuzzy) } else { None };
        let Some(c) = table.or_else(|| self.pick(j, &|t| matches!(t, Target::Table(_) | Target::Column(..) | Target::Dimension(_)))) else {
            return;
        };
        let t = match &c.target {
            Target::Table(t) => *t,
            other if self.p[j].plural || schema::target_table(self.m, self.lx, other).is_some_and(|t| self.any_of_table(j, t)) => match schema::target_table(self.m, self.lx, other) {
                Some(t) => t,
                None => return,
            },
            _ => return,
        };
        if t == b {
            return;
        }
        let Some((l, key, fk)) = self.link_named(&clause, b, t).or_else(|| self.anti_join_key(b, t)) else { return };
        if self.condition_outside(j, l) {
            return;
        }
        let (key, fk) = (schema::qualified(self.m, b, key), schema::qualified(self.m, l, fk));
        for k in between {
            self.mark(k);
        }
        if let Some(v) = clause.verb.filter(|&v| self.p[v].lex().is_some()) {
            self.take(v, MatchKind::Table, self.table_name(l), 0.8);
        }
        self.take(j, MatchKind::Table, self.table_name(t), c.confidence);
        self.take(i, MatchKind::Comparison, format!("no {fk} matches {key}"), 1.0);
        self.filters.push(Filter { field: key, op: Op::NotExists, value: Some(Operand::Column { column: fk }) });
    }

    /// After piece `k`, over articles and "any", comes a noun that may name
    /// a table.
    fn table_noun_after(&self, k: usize) -> bool {
        let Some(n) = (k + 1..self.p.len()).find(|&n| !matches!(self.p[n].norm.as_str(), "a" | "an" | "the" | "any")) else {
            return false;
        };
        self.p[n].lex().is_some_and(|c| c.iter().any(|c| matches!(c.target, Target::Table(_))))
    }

    /// "headquarters without a company in banking", "the ranks that have no
    /// captain in the Third-rate class": an attribute of the table's rows
    /// (not their key or name) listed, then "without"/"no" the table itself
    /// and a condition: the attribute's values that no row meeting the
    /// condition has (a set difference), listed once each. Returns whether
    /// it applied.
    fn values_without(&mut self, i: usize, j: usize) -> bool {
        let (Some(b), Some(s)) = (self.base, self.subject) else { return false };
        if s == j || self.used[s] || s > i {
            return false;
        }
        let Some(v) = self.next_sig(j).filter(|&v| !self.used[v] && matches!(self.p[v].top(), Some(Target::Value(..)))) else {
            return false;
        };
        let the_table = self.pick(j, &|t| matches!(t, Target::Table(_))).is_some_and(|c| matches!(c.target, Target::Table(t) if t == b));
        if !the_table {
            return false;
        }
        let Some(sc) = self.pick(s, &|t| matches!(t, Target::Column(..) | Target::Dimension(_))) else { return false };
        let Some(a) = self.field_of(&sc.target) else { return false };
        let attribute = a.table == b
            && a.column.is_some()
            && !a.numeric
            && !a.temporal
            && schema::row_key(self.m, b) != a.column
            && schema::row_name(self.m, b) != a.column;
        if !attribute {
            return false;
        }
        let Some(cond) = self.condition_of(v) else { return false };
        if super::account::resolve(self.m, &cond.field).is_none_or(|(t, _)| t != b) {
            return false;
        }
        self.take(s, MatchKind::Dimension, a.name.clone(), sc.confidence);
        self.take(j, MatchKind::Table, self.table_name(b), 1.0);
        self.take_lex(v);
        self.take_column_beside(v, v, &cond.field);
        self.take(i, MatchKind::Comparison, format!("{} not among those of rows where {}", a.name, super::explain::filter_words(&cond)), 1.0);
        self.groups.push(crate::plan::DimensionRef { name: a.name.clone(), grain: None });
        self.filters.push(Filter {
            field: a.name.clone(),
            op: Op::NotIn,
            value: Some(Operand::Rows { column: a.name, filters: vec![cond] }),
        });
        self.set_listing = true;
        true
    }

    /// Named values and segments become filters ("cancelled or returned" -> IN).
    pub(super) fn values_and_segments(&mut self) {
        let is_cond = |c: &Ctx, k: usize| {
            !c.used[k] && matches!(c.p[k].top(), Some(Target::Value(..) | Target::Segment(_)))
        };
        let share = self
            .share_at
            .filter(|_| self.measures.iter().any(|m| m.share));
        let after_noun =
            share.is_some_and(|(_, noun)| (noun + 1..self.p.len()).any(|k| is_cond(self, k)));
        let mut i = 0;
        while i < self.p.len() {
            if !is_cond(self, i) {
                i += 1;
                continue;
            }
            let Some(first) = self.condition_of(i) else {
                i += 1;
                continue;
            };
            let mut filter = first;
            let mut members = vec![i];
            // "cancelled or returned", "PP or PPT": more values of the same field.
            let mut k = i;
            while filter.op == Op::Eq || filter.op == Op::In {
                let Some(n) = self.next_sig(k) else { break };
                if !matches!(self.p[n].cue(), Some(Cue::Or | Cue::And)) && !self.p[n].is_punct(',')
                {
                    break;
                }
                let Some(n2) = self.next_sig(n) else { break };
                if !is_cond(self, n2) {
                    break;
                }
                let Some(f2) = self.condition_of(n2) else {
                    break;
                };
                if f2.field != filter.field || f2.op != Op::Eq {
                    break;
                }
                let mut vals = match filter.value.take() {
                    Some(Operand::Value(serde_json::Value::Array(a))) => a,
                    Some(Operand::Value(v)) => vec![v],
                    _ => Vec::new(),
                };
                if let Some(Operand::Value(v)) = f2.value {
                    vals.push(v);
                }
                filter = Filter {
                    field: filter.field.clone(),
                    op: Op::In,
                    value: Some(Operand::Value(json!(vals))),
                };
                self.mark(n);
                members.push(n2);
                k = n2;
            }
            let mut filter = filter;
            if self.negated[i] && filter.op == Op::In {
                filter.op = Op::NotIn;
            }
            for &mi in &members {
                self.take_lex(mi);
            }
            if let (Some(&a), Some(&b)) = (members.first(), members.last()) {
                self.take_column_beside(a, b, &filter.field);
            }
            if let Some(mt) = self
                .matches
                .iter_mut()
                .rev()
                .find(|mt| mt.kind == MatchKind::Value || mt.kind == MatchKind::Segment)
            {
                let _ = mt;
            }
            // Share questions: the part after the noun, the whole before it.
            let to_share = match share {
                Some((cue, noun)) => i > noun || (!after_noun && i < cue),
                None => false,
            };
            if let (true, Some(m)) = (to_share, self.measures.iter_mut().find(|m| m.share)) {
                m.filters.push(filter);
            } else {
                if let Some(seg) = self.m.segments.iter().find(|s| s.name == filter.field) {
                    for (t, c) in schema::columns_in_expr(self.m, &seg.expr) {
                        if let Some(f) = self.field_info(Field::Col(t, c)) {
                            self.involved.push(f.name);
                        }
                    }
                }
                self.filters.push(filter);
                if let (Some(&a), Some(&b)) = (members.first(), members.last()) {
                    self.note_condition(a, b);
                }
            }
            i = k + 1;
        }
    }

    /// "the English language", "continents Asia and Europe", "template type
    /// code CV": the column a value belongs to, named right before or after
    /// it, is part of the condition, not a column of its own.
    pub(super) fn take_column_beside(&mut self, first: usize, last: usize, field: &str) {
        // "whose government form is not Republic": past the negation.
        let before = self.prev_sig(first).and_then(|k| if self.p[k].cue() == Some(Cue::Not) { self.prev_sig(k) } else { Some(k) });
        let around = [before, self.next_sig(last)];
        for k in around.into_iter().flatten() {
            if self.used[k] || self.p[k].lex().is_none() {
                continue;
            }
            let same = self
                .pick(k, &|t| {
                    matches!(t, Target::Column(..) | Target::Dimension(_))
                })
                .and_then(|c| self.field_of(&c.target))
                .is_some_and(|f| f.name == field);
            if same {
                self.take(k, MatchKind::Column, field.to_string(), 0.9);
                return;
            }
        }
    }

    /// True when the column word at `k` follows a possessive, "with" or
    /// "has" ("whose name", "with a location", "their first names").
    fn introduced(&self, k: usize) -> bool {
        let mut j = k;
        while j > 0 && matches!(self.p[j - 1].norm.as_str(), "the" | "a" | "an") {
            j -= 1;
        }
        j.checked_sub(1).is_some_and(|j| {
            matches!(
                self.p[j].norm.as_str(),
                "whose" | "with" | "its" | "their" | "his" | "her" | "has" | "have" | "having" | "where"
            )
        })
    }

    /// Quoted text: a known value, a name ("named 'Robbin CV'"), or a text
    /// match; with a value index, on the column that holds it (`values`).
    pub(super) fn quoted(&mut self) -> Result<(), Refusal> {
        for i in 0..self.p.len() {
            let PieceKind::Quoted(mut text, targets) = self.p[i].kind.clone() else {
                continue;
            };
            if self.used[i] {
                continue;
            }
            // "starts with 'Orbit'", "ending with 'son'": a prefix or suffix match.
            // "ends with the letter 'm'": "with" may start the cue before the
            // text; "starts from '2'" is said too.
            let joins_text = |k: usize| matches!(self.p[k].norm.as_str(), "with" | "from");
            let with = (i.saturating_sub(3)..i)
                .rev()
                .take_while(|&k| self.p[k].is_filler() || self.p[k].cue() == Some(Cue::Contains) || joins_text(k))
                .find(|&k| joins_text(k));
            // Not "routes that start from the 'Hornli Hut'": a place the
            // rows start from (`Start_Hut`), said with an article.
            let place = |k: usize, v: usize| {
                self.p[k].norm == "from" && (k + 1..i).any(|x| matches!(self.p[x].norm.as_str(), "the" | "a" | "an")) && matches!(self.p[v].kind, PieceKind::Lex(_))
            };
            let affix = with.and_then(|k| {
                let v = k.checked_sub(1)?;
                if place(k, v) {
                    return None;
                }
                super::spelled::affix_verb(&self.p[v].norm).map(|start| (v, k, start))
            });
            // "contains 'CV'", "starts with 'S'": searched for even when it
            // is a whole value (of some other column: a size 'S').
            let searched = self.cue_at(self.prev_sig(i)) == Some(Cue::Contains) || affix.is_some();
            if let (Some(Target::Value(f, v)), false) = (targets.first(), searched) {
                if let Some(fi) = self.field_info(*f) {
                    let op = if self.negated[i] { Op::Ne } else { Op::Eq };
                    self.take(i, MatchKind::Value, format!("{} = {v}", fi.name), 1.0);
                    self.take_column_beside(i, i, &fi.name);
                    self.filters.push(Filter {
                        field: fi.name,
                        op,
                        value: Some(Operand::Value(json!(v))),
                    });
                    self.note_condition(i, i);
                    continue;
                }
            }
            let prev = self.prev_sig(i);
            // "containing 'Hey'", "with the word 'Hey' in its title".
            let in_column = self.p.get(i + 1).is_some_and(|x| x.norm == "in")
                && self.next_sig(i).is_some_and(|n| self.p[n].lex().is_some());
            let mut contains = self.cue_at(prev) == Some(Cue::Contains) || in_column;
            // The column: named right before ("description 'Book'") or after ("'Hey' in its name").
            // A quoted number ("major is '600'") may be a number column's
            // value, when it is compared whole.
            let wordy = text.trim().parse::<f64>().is_err();
            let whole_number = !wordy && affix.is_none() && !contains;
            let near = |c: &mut Ctx, k: Option<usize>| -> Option<(usize, FieldInfo)> {
                let k = k?;
                let cand = c.pick(k, &|t| {
                    matches!(t, Target::Column(..) | Target::Dimension(_))
                })?;
                c.field_of(&cand.target)
                    .filter(|f| !f.temporal && (!f.numeric || whole_number && !c.is_key(f)))
                    .map(|f| (k, f))
            };
            // The column is named before the verb: "first name starting with 'D'".
            // Past the cue: "description contains 'Book'", "descriptions include letter 't'".
            let mut before = affix.map_or(prev, |(v, ..)| self.prev_sig(v));
            let mut cues = 0;
            while let Some(p) = before.filter(|&p| self.p[p].cue().is_some() && (cues == 0 || self.p[p].cue() == Some(Cue::Contains))) {
                before = self.prev_sig(p);
                cues += 1;
            }
            let mut found = near(self, before).or_else(|| near(self, self.next_sig(i)));
            // The rows' name, unless it is a number and the text is not
            // ("members of the club 'Bootup Baltimore'" on a link table whose
            // first column is `clubid`): then the data places the text.
            let row_name = || {
                self.base.and_then(|b| {
                    schema::row_name(self.m, b)
                        .and_then(|c| self.field_info(Field::Col(b, c)))
                        .filter(|f| !(f.numeric && wordy))
                })
            };
            let mut field = found.as_ref().map(|(_, f)| f.clone()).or_else(row_name);
            // The data's say: the column holding the value (or containing
            // the text, when no column is named).
            let mut placed = None;
            if !contains && affix.is_none() {
                match self.place_value(&text, field.as_ref()) {
                    Placement::Keep => {}
                    Placement::Column(f, stored, conf) => {
                        if field.as_ref().is_none_or(|g| g.name != f.name) {
                            found = None;
                        }
                        field = Some(f);
                        text = stored;
                        placed = Some(conf);
                    }
                    Placement::Inside(f, conf) => {
                        field = Some(f);
                        contains = true;
                        placed = Some(conf);
                    }
                    Placement::Split(parts, conf) => {
                        self.split_filters(i..i + 1, parts, conf);
                        continue;
                    }
                    Placement::Refuse(reason) => return Err(self.refuse(reason)),
                }
            } else if found.is_none() {
                if let Some(f) = self.column_containing(&text, field.as_ref()) {
                    field = Some(f);
                    placed = Some(0.75);
                }
            }
            let found_named = found.is_some();
            // "Which accelerator name contains 'Opera'?": the column before
            // the verb is also what is asked, unless a possessive or "with"
            // makes it a property of the rows ("whose name contains").
            if let Some((k, _)) = found.filter(|(k, _)| Some(*k) != before || self.introduced(*k)) {
                self.take_lex(k);
            }
            let Some(f) = field else { continue };
            // A column whose every value is known and lacks this one would
            // answer nothing: leave the text unplaced (a refusal), don't guess.
            let known = f.dim.and_then(|d| self.m.dimensions.get(d)).filter(|d| !d.values.is_empty());
            if placed.is_none() && !contains && affix.is_none() && known.is_some_and(|d| !d.values.iter().any(|v| v.eq_ignore_ascii_case(&text))) {
                continue;
            }
            // Found by its column's name, the text is likely there; put on the
            // table's name column for want of one, it is a guess.
            let sure = placed.unwrap_or(if found_named || known.is_some() { 0.8 } else { 0.55 });
            if let Some(p) = prev.filter(|&p| self.p[p].cue().is_some()) {
                self.mark(p);
            }
            // The LIKE pattern of a searched text: a prefix, a suffix, or inside.
            let pattern = |t: &str| match affix {
                Some((.., true)) => format!("{t}%"),
                Some((.., false)) => format!("%{t}"),
                None => format!("%{t}%"),
            };
            let (op, value) = if let Some((v, k, _)) = affix {
                self.mark(v);
                self.mark(k);
                (Op::Like, pattern(&text))
            } else if contains {
                (Op::Like, pattern(&text))
            } else {
                (if self.negated[i] { Op::Ne } else { Op::Eq }, text.clone())
            };
            self.take(
                i,
                MatchKind::Value,
                format!("{} {} {value}", f.name, op.symbol()),
                sure,
            );
            // "'Ben Jones' or 'Brandon Vietti'": one IN list. "contains
            // 'Latte' or 'Americano'": either text matched; with "and", both.
            let mut more = Vec::new();
            let mut either = None;
            let mut k = i;
            while let (Some(c), Some(n)) = (
                self.next_sig(k),
                self.next_sig(k).and_then(|c| self.next_sig(c)),
            ) {
                let PieceKind::Quoted(t2, _) = self.p[n].kind.clone() else {
                    break;
                };
                let or = matches!(self.p[c].cue(), Some(Cue::Or));
                if !or && !self.is_and(c) || !matches!(op, Op::Eq | Op::Ne | Op::Like) {
                    break;
                }
                if op == Op::Like {
                    if either.is_some_and(|e| e != or) || or && !self.any_of.is_empty() {
                        break;
                    }
                    either = Some(or);
                }
                self.mark(c);
                self.take(
                    n,
                    MatchKind::Value,
                    format!("{} {} {t2}", f.name, op.symbol()),
                    0.8,
                );
                // Each on its own column would be two filters, not one list.
                let t2 = match self.place_value(&t2, Some(&f)) {
                    Placement::Column(g, stored, _) if g.name == f.name && op != Op::Like => stored,
                    _ => t2,
                };
                more.push(t2);
                k = n;
            }
            if let (Some(or), false) = (either, more.is_empty()) {
                let like = |v: String| Filter { field: f.name.clone(), op: Op::Like, value: Some(Operand::Value(json!(v))) };
                let all: Vec<Filter> = std::iter::once(like(value)).chain(more.iter().map(|t| like(pattern(t)))).collect();
                if or {
                    self.any_of = all.into_iter().map(|x| vec![x]).collect();
                } else {
                    self.filters.extend(all);
                    self.note_condition(i, k);
                }
                continue;
            }
            if !more.is_empty() {
                let mut all = vec![value];
                all.extend(more);
                let op = if op == Op::Eq { Op::In } else { Op::NotIn };
                self.filters.push(Filter {
                    field: f.name,
                    op,
                    value: Some(Operand::Value(json!(all))),
                });
                continue;
            }
            // "major is '600'" on a number column compares numbers.
            let number = value.trim().parse::<f64>().ok().filter(|_| f.numeric && matches!(op, Op::Eq | Op::Ne));
            self.filters.push(Filter {
                field: f.name,
                op,
                value: Some(Operand::Value(number.map_or_else(|| json!(value), num))),
            });
            self.note_condition(i, i);
        }
        Ok(())
    }

    /// True when piece `k` is an unread "not", "other than", "except (for)",
    /// "excluding" or "apart from" (a piece's `norm` is its first word);
    /// not "never": "students who never visited France" is about other rows.
    fn negates_name(&self, k: usize) -> bool {
        !self.used[k]
            && self.p[k].cue() == Some(Cue::Not)
            && matches!(self.p[k].norm.as_str(), "not" | "other" | "except" | "excluding" | "apart")
    }

    /// Capitalised words we do not know, standing where a value goes: after a
    /// text column ("template type code CV"), after "named"/"called", or
    /// alone when the rows have a free-text name ("Which continent is
    /// Anguilla in?"). Taken as an equality with lower confidence and
    /// reported; never for a column whose values are all known.
    /// With a value index the name goes on the column holding it, which
    /// also places names no words point to ("flights to Aberdeen"). After
    /// "not", "other than" or "except" the name is negated, only on the
    /// listed rows' own column ("regions other than Denmark").
    pub(super) fn bare_names(&mut self) -> Result<(), Refusal> {
        let mut i = 0;
        while i < self.p.len() {
            let x = &self.p[i];
            if self.used[i] || x.kind != PieceKind::Unknown || !x.capital {
                i += 1;
                continue;
            }
            // The whole name: consecutive capitalised unknown words.
            let mut end = i + 1;
            while end < self.p.len()
                && self.p[end].kind == PieceKind::Unknown
                && self.p[end].capital
            {
                end += 1;
            }
            let text: Vec<String> = (i..end).map(|k| self.p[k].words.clone()).collect();
            let text = text.join(" ");
            // "regions other than Denmark", "whose name is not France": the
            // name negated, on the listed rows' own column (`negated_name`).
            let negation = self.prev_sig(i).filter(|&k| self.negates_name(k));
            let prev = match negation {
                Some(k) => self.prev_sig(k),
                None => self.prev_sig(i),
            };
            // After "from", "in", "at" a name is a place or a group, not the
            // value of the column named before ("players from Indonesia").
            let locative = i > 0 && matches!(self.p[i - 1].norm.as_str(), "from" | "in" | "at" | "by" | "of");
            let after_column = prev.filter(|&k| !self.used[k] && !locative).and_then(|k| {
                let c = self.pick(k, &|t| {
                    matches!(t, Target::Column(..) | Target::Dimension(_))
                })?;
                self.field_of(&c.target)
                    .filter(|f| !f.numeric && !f.temporal)
                    .map(|f| (Some(k), f))
            });
            let named = self.cue_at(prev) == Some(Cue::Named);
            // Or the text column named soon after: "Gelderland district",
            // "Spanish is the most spoken language".
            let column_after = (end..self.p.len().min(end + 5))
                .find(|&k| !self.used[k] && self.p[k].lex().is_some())
                .and_then(|k| {
                    let c = self.pick(k, &|t| {
                        matches!(t, Target::Column(..) | Target::Dimension(_))
                    })?;
                    self.field_of(&c.target)
                        .filter(|f| !f.numeric && !f.temporal)
                        .map(|f| (Some(k), f))
                });
            // Or, alone, the rows' own name column ("Which continent is Anguilla in?").
            let row_name = || {
                if locative {
                    return None;
                }
                let b = self.base?;
                let c = schema::row_name(self.m, b)?;
                let words =
                    crate::planner::tokenize::split_identifier(&self.m.tables[b].columns[c].name);
                let name_like = words.last().is_some_and(|w| w == "name" || w == "title");
                self.field_info(Field::Col(b, c))
                    .filter(|f| name_like && !f.numeric && !f.temporal)
                    .map(|f| (None, f))
            };
            // Alone, a name is put on the rows' own name column only when
            // the question names no other table whose rows it could be
            // ("the storms that affected Denmark": a region).
            let other_tables = (0..self.p.len()).any(|k| {
                !(i..end).contains(&k)
                    && self.p[k].lex().is_some_and(|c| {
                        c.iter().any(|c| {
                            !c.fuzzy
                                && matches!(c.target, Target::Table(_))
                                && schema::target_table(self.m, self.lx, &c.target) != self.base
                        })
                    })
            });
            let found = after_column.or(column_after).or_else(|| if other_tables { None } else { row_name() });
            let mut op = Op::Eq;
            let (found, text, placed) = match self.place_value(&text, found.as_ref().map(|(_, f)| f)) {
                Placement::Keep => (found, text, None),
                Placement::Column(f, stored, conf) => {
                    let same = found.as_ref().and_then(|(k, g)| (g.name == f.name).then_some(*k));
                    (Some((same.flatten(), f)), stored, Some(conf))
                }
                Placement::Inside(f, conf) => {
                    op = Op::Like;
                    let same = found.as_ref().and_then(|(k, g)| (g.name == f.name).then_some(*k));
                    (Some((same.flatten(), f)), format!("%{text}%"), Some(conf))
                }
                Placement::Split(parts, conf) => {
                    self.split_filters(i..end, parts, conf);
                    i = end;
                    continue;
                }
                Placement::Refuse(reason) => return Err(self.refuse(reason)),
            };
            let Some((col_piece, f)) = found else {
                i = end;
                continue;
            };
            // A column with a known list of values: an unknown word is not one of them.
            if placed.is_none() && f.dim.is_some_and(|d| !self.m.dimensions[d].values.is_empty()) {
                i = end;
                continue;
            }
            if self.negated[i] {
                // "not made by Sony" (`negated_value_after_words`): on
                // another table's rows it becomes "no such row"
                // (`negations_through_rows`). A name found only inside
                // longer values is not negated: left unplaced.
                if op != Op::Eq {
                    i = end;
                    continue;
                }
                op = Op::Ne;
            } else if let Some(k) = negation {
                // Only an equality on the listed rows' own column: on other
                // rows "not" may mean that no such row exists.
                if op != Op::Eq || Some(f.table) != self.base {
                    i = end;
                    continue;
                }
                op = Op::Ne;
                self.mark(k);
            }
            if let Some(k) = col_piece {
                self.take_lex(k);
            }
            if named {
                if let Some(p) = prev {
                    self.mark(p);
                }
            }
            let conf = placed.unwrap_or(if col_piece.is_some() || named { 0.8 } else { 0.6 });
            for k in i..end {
                self.take(k, MatchKind::Value, format!("{} {} {text}", f.name, op.symbol()), conf);
            }
            if col_piece.is_none() && !named && placed.is_none() {
                self.ambiguities.push(crate::planner::Ambiguity {
                    words: text.clone(),
                    chosen: format!("{} = {text}", f.name),
                    alternatives: Vec::new(),
                });
            }
            self.filters.push(Filter {
                field: f.name,
                op,
                value: Some(Operand::Value(json!(text))),
            });
            self.note_condition(i, end - 1);
            i = end;
        }
        Ok(())
    }
}
