//! What "not" applies to when no condition follows it directly: a value
//! after a verb ("channels not owned by CCTV", "members not living in
//! Hartford" -> `!=`), a number after a column ("whose age is not 20"), and
//! the rows of another table that must not exist ("students who never
//! attend courses": no row of the table linking students and courses, an
//! anti-join); and, once every condition is read, a negated value of a
//! table whose rows point at the listed rows ("students who don't play
//! football": no sports row with football, not a sports row other than
//! football).
//!
//! Invariants: the words skipped between "not" and what it applies to are
//! function words, verbs the lexicon knows as adding no condition, at most
//! two unknown lowercase words (verbs: "owned by", "grow up in"), and the
//! value's own column; anything else leaves "not" unread (and the question
//! refused). A negated value is compared with `!=` only on the listed rows'
//! own table or a table they point at; on a table pointing at them it
//! becomes "no such row" (NOT EXISTS); on any other table the question is
//! refused. An anti-join followed by a condition that cannot be put inside
//! it ("no exhibition in 2004" where 2004 is not the exhibitions' value) is
//! left unread.

use crate::plan::{Filter, Op, Operand};
use crate::planner::build::{Ctx, Refusal};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::tokenize::split_identifier;
use crate::planner::verbs::stem_begins;
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// "whose age is not 20": a numeric column, "not", a number -> `!=`.
    pub(super) fn negated_number(&mut self, i: usize) -> bool {
        let (Some(c), Some(n)) = (self.prev_sig(i), self.next_sig(i)) else { return false };
        let PieceKind::Number(x) = self.p[n].kind else { return false };
        if self.used[c] || self.used[n] || self.p[c].lex().is_none() {
            return false;
        }
        // "not 20 years old", "not 3 stars": a unit or noun follows; left alone.
        if self.next_sig(n).is_some_and(|k| matches!(self.p[k].kind, PieceKind::Lex(_) | PieceKind::Unknown)) {
            return false;
        }
        let Some(f) = self.number_column_at(c) else {
            return false;
        };
        self.take_lex(c);
        self.row_filter(i, n, f, Op::Ne, x);
        true
    }

    /// "not owned by CCTV", "not living in Hartford", "not from the country
    /// of Switzerland": "not", verbs and function words, then a value or
    /// quoted text, which is negated.
    pub(super) fn negated_value_after_words(&mut self, i: usize) -> bool {
        let mut between: Vec<usize> = Vec::new();
        let mut unknown = 0;
        let mut k = i + 1;
        // A verb read between "not" and here ("not made by", "not reviewed by").
        let after_verb = |c: &Ctx, between: &[usize]| between.iter().any(|&b| matches!(c.p[b].kind, PieceKind::Unknown | PieceKind::Soft));
        let v = loop {
            let Some(x) = self.p.get(k) else { return false };
            if self.used[k] {
                return false;
            }
            match &x.kind {
                PieceKind::Stop | PieceKind::Soft => between.push(k),
                // "not reviewed by Chris Jackson": the agent of a verb.
                PieceKind::Cue(Cue::Group) if x.norm == "by" && after_verb(self, &between) => between.push(k),
                PieceKind::Unknown if !x.capital && unknown < 2 => {
                    unknown += 1;
                    between.push(k);
                }
                PieceKind::Quoted(..) => break k,
                // "not made by Sony": a name after a verb, which the value
                // index places later (`bare_names`), negated.
                PieceKind::Unknown if x.capital && after_verb(self, &between) => break k,
                PieceKind::Lex(_) if matches!(x.top(), Some(Target::Value(..))) => break k,
                // The value's own column: "the country of Switzerland".
                PieceKind::Lex(_) if matches!(x.top(), Some(Target::Column(..) | Target::Dimension(_))) => {}
                _ => return false,
            }
            k += 1;
        };
        // A column between must be the value's own; quoted text no value
        // names is looked for in the column named before it.
        let field = match &self.p[v].kind {
            PieceKind::Quoted(_, targets) => match targets.first() {
                Some(Target::Value(f, _)) => self.field_info(*f).map(|f| (f.table, f.column)),
                _ => None,
            },
            _ => self.p[v].lex().and_then(|c| c.first()).and_then(|c| match &c.target {
                Target::Value(f, _) => self.field_info(*f).map(|f| (f.table, f.column)),
                _ => None,
            }),
        };
        let free_text = matches!(&self.p[v].kind, PieceKind::Quoted(_, targets) if targets.is_empty());
        for c in (i + 1..v).filter(|_| !free_text) {
            if self.p[c].lex().is_none() {
                continue;
            }
            let same = self
                .pick(c, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
                .and_then(|cand| self.field_of(&cand.target))
                .is_some_and(|f| Some((f.table, f.column)) == field);
            if !same {
                return false;
            }
        }
        self.negated[v] = true;
        self.mark(i);
        for b in between {
            self.mark(b);
        }
        true
    }

    /// "books that are not published", "regions that were never affected":
    /// "not", fillers, then a past participle whose stem begins the name
    /// of another table ("published" -> `publication`, "affected" ->
    /// `affected_region`): no row of that table points at the row. Only
    /// when every table so named leads to the same anti-join.
    pub(super) fn negated_participle(&mut self, i: usize) -> bool {
        let Some(b) = self.base else { return false };
        // A participle the lexicon knows as adding no condition
        // ("assigned") still names a table when one is named for it.
        let Some(w) = (i + 1..self.p.len()).find(|&k| self.p[k].kind != PieceKind::Stop) else { return false };
        if self.used[w] || !matches!(self.p[w].kind, PieceKind::Unknown | PieceKind::Lex(_) | PieceKind::Soft) || self.p[w].words.contains(' ') {
            return false;
        }
        let Some(stem) = participle_stem(&self.p[w].norm) else { return false };
        let mut found: Vec<(usize, usize, usize)> = Vec::new();
        for (t, table) in self.m.tables.iter().enumerate() {
            if t == b || !split_identifier(&table.name).iter().any(|x| stem_begins(&stem, x)) {
                continue;
            }
            match self.anti_join_key(b, t) {
                Some(k) if !found.contains(&k) => found.push(k),
                Some(_) => {}
                None => return false,
            }
        }
        let [(l, key, fk)] = found.as_slice() else { return false };
        let (l, key, fk) = (*l, *key, *fk);
        if self.condition_outside(w, l) {
            return false;
        }
        let (key, fk) = (schema::qualified(self.m, b, key), schema::qualified(self.m, l, fk));
        self.take(w, MatchKind::Table, self.table_name(l), 0.8);
        self.take(i, MatchKind::Comparison, format!("no {fk} matches {key}"), 0.9);
        self.filters.push(Filter { field: key, op: Op::NotExists, value: Some(Operand::Column { column: fk }) });
        true
    }

    /// The rows of another table that must not point at a row of `b` for
    /// "no `t`": (the table read, `b`'s key, its column pointing at `b`).
    /// `t` itself when it points at `b` once, else the one table linking
    /// `b` and `t` ("students who never attend courses": no attendance
    /// row of the student).
    pub(super) fn anti_join_key(&self, b: usize, t: usize) -> Option<(usize, usize, usize)> {
        if b == t {
            return None;
        }
        // Of several columns pointing at `b` (`film.language_id`,
        // `film.original_language_id`), the one named as `b`'s key is the
        // plain relation; the others name a role.
        let keyed = |col: &str| usize::from(self.m.tables[b].primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(col)));
        if let Some((key, fk)) = schema::reverse_key_named(self.m, b, t, &keyed) {
            return Some((t, key, fk));
        }
        let links: Vec<(usize, usize, usize)> = (0..self.m.tables.len())
            .filter(|&l| l != b && l != t && schema::foreign_key(self.m, l, t).is_some())
            .filter_map(|l| schema::reverse_key_named(self.m, b, l, &keyed).map(|(key, fk)| (l, key, fk)))
            .collect();
        match links.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// After the noun `j` of an anti-join on table `l`: a condition
    /// attached to it ("an exhibition in 2004", "any station located in
    /// London") that is not a value of `l` (which goes inside the
    /// anti-join) makes the reading doubtful. Read over function words and
    /// verbs, up to the next name, cue or punctuation.
    pub(super) fn condition_outside(&self, j: usize, l: usize) -> bool {
        for k in j + 1..self.p.len() {
            let x = &self.p[k];
            match &x.kind {
                // Read already: a comparison on `l` goes inside the
                // anti-join; one on any other table ("no train station with
                // at least 15 platforms" read on the stations listed) does not
                // belong to the rows listed.
                PieceKind::Number(_) | PieceKind::Cue(Cue::Cmp(_) | Cue::Between) if self.used[k] => {
                    let on_other = self.filters.iter().any(|f| {
                        matches!(f.op, Op::Gt | Op::Ge | Op::Lt | Op::Le | Op::Between)
                            && super::account::resolve(self.m, &f.field).is_some_and(|(t, _)| t != l)
                    });
                    if on_other {
                        return true;
                    }
                }
                _ if self.used[k] => {}
                PieceKind::Stop | PieceKind::Soft => {}
                PieceKind::Unknown if !x.capital => {}
                // A name the value index may place later ("China").
                PieceKind::Unknown => {
                    let holders = self.values.map(|v| v.holders(&x.words)).unwrap_or_default();
                    if holders.is_empty() || holders.iter().any(|h| h.table != l) {
                        return true;
                    }
                }
                // Quoted text naming a value of `l` ("in the class 'GT'").
                PieceKind::Quoted(_, targets) => {
                    let of_l = |t: &Target| matches!(t, Target::Value(f, _) if self.field_info(*f).is_some_and(|f| f.table == l));
                    if !targets.iter().all(of_l) {
                        return true;
                    }
                }
                PieceKind::Number(_) | PieceKind::Time(_) => return true,
                PieceKind::Cue(Cue::Cmp(_) | Cue::Between) => return true,
                // "books by Ada Byron": "by" as a preposition here.
                PieceKind::Cue(Cue::Group) => {}
                // A column or noun of the clause ("has capacity over 800"): read on.
                PieceKind::Lex(c) => {
                    let value_elsewhere = c.iter().any(|c| matches!(c.target, Target::Value(f, _) if self.field_info(f).is_none_or(|f| f.table != l)));
                    let value_of_l = c.iter().any(|c| matches!(c.target, Target::Value(f, _) if self.field_info(f).is_some_and(|f| f.table == l)));
                    if value_elsewhere && !value_of_l {
                        return true;
                    }
                }
                _ => return false,
            }
        }
        false
    }

    /// A negated value (`!=`, NOT IN) on a table whose rows point at the
    /// listed rows means "no such row": the condition goes inside an
    /// anti-join. On a table neither the listed rows' own, nor one they
    /// point at, nor one pointing at them, the question is refused.
    pub(super) fn negations_through_rows(&mut self) -> Result<(), Refusal> {
        let Some(b) = self.base else { return Ok(()) };
        // The listed rows' table, when the question names them.
        // An attribute listed ("countries"), not the rows' key or name.
        let subject = self.subject.and_then(|s| self.p[s].top()).and_then(|t| self.field_of(t)).filter(|f| {
            f.column.is_some() && schema::row_key(self.m, f.table) != f.column && schema::row_name(self.m, f.table) != f.column
        });
        let subject = subject.map(|f| (f.table, f));
        for idx in 0..self.filters.len() {
            let f = &self.filters[idx];
            if !matches!(f.op, Op::Ne | Op::NotIn) || !matches!(f.value, Some(Operand::Value(_))) {
                continue;
            }
            let Some((t, _)) = super::account::resolve(self.m, &f.field) else { continue };
            if t == b || self.sc.reaches(b, t) {
                // "countries not playing cartoons by X", listing a table that
                // the value's rows point at: a set difference, not `!=`.
                if let Some((st, _)) = subject.as_ref().filter(|(st, _)| *st != t && !self.sc.reaches(*st, t)) {
                    return Err(self.refuse(format!(
                        "I couldn't tell what 'not' excludes: {} is reached from {} through other rows.",
                        f.field,
                        self.table_name(*st)
                    )));
                }
                continue;
            }
            let anti = schema::reverse_key(self.m, b, t);
            if anti.is_none() && self.no_row_through_link(idx, b, t) {
                continue;
            }
            let Some((key, fk)) = anti else {
                return Err(self.refuse(format!(
                    "I couldn't tell what 'not' excludes: {} is reached from {} through other tables.",
                    self.filters[idx].field,
                    self.table_name(b)
                )));
            };
            let (key, fk) = (schema::qualified(self.m, b, key), schema::qualified(self.m, t, fk));
            let f = &mut self.filters[idx];
            f.op = if f.op == Op::Ne { Op::Eq } else { Op::In };
            let exists = self
                .filters
                .iter()
                .any(|x| x.op == Op::NotExists && x.field == key && matches!(&x.value, Some(Operand::Column { column }) if *column == fk));
            if !exists {
                self.filters.push(Filter { field: key, op: Op::NotExists, value: Some(Operand::Column { column: fk }) });
            }
        }
        self.conditions_beside_anti_join(b)
    }

    /// "movies not reviewed by Chris Jackson": a negated value of a table
    /// the listed rows reach only through one table linking them (ratings
    /// point at movies and at reviewers) means no linking row whose other
    /// end has the value: NOT EXISTS (ratings of the movie whose reviewer
    /// is among the reviewers named so). False, changing nothing, when no
    /// single link table does that.
    fn no_row_through_link(&mut self, idx: usize, b: usize, t: usize) -> bool {
        // The one table linking them, as for "no t" (`anti_join_key`).
        let Some((l, key, to_b)) = self.anti_join_key(b, t).filter(|&(l, ..)| l != t) else { return false };
        let Some(to_t) = schema::foreign_key(self.m, l, t) else { return false };
        let Some(t_key) = self.m.joins.iter().find_map(|j| (schema::column_of(self.m, &j.from) == Some((l, to_t))).then(|| j.to.clone())) else {
            return false;
        };
        let mut cond = self.filters[idx].clone();
        cond.op = if cond.op == Op::Ne { Op::Eq } else { Op::In };
        let within = Filter {
            field: schema::qualified(self.m, l, to_t),
            op: Op::In,
            value: Some(Operand::Rows { column: t_key, filters: vec![cond] }),
        };
        self.filters[idx] = Filter {
            field: schema::qualified(self.m, b, key),
            op: Op::NotExists,
            value: Some(Operand::Rows { column: schema::qualified(self.m, l, to_b), filters: vec![within] }),
        };
        // "the names of employees not certified on a Boeing": names that
        // no such row has, each once (a set difference, as for an
        // attribute without rows).
        let key = schema::row_key(self.m, b);
        let named = !self.fields.is_empty()
            && self.fields.iter().all(|f| super::account::resolve(self.m, f).is_some_and(|(ft, fc)| ft == b && Some(fc) != key));
        if self.measures.is_empty() && self.groups.is_empty() && named {
            self.groups = std::mem::take(&mut self.fields).into_iter().map(|name| crate::plan::DimensionRef { name, grain: None }).collect();
            self.set_listing = true;
        }
        true
    }

    /// "states which have no employee", "template type codes not used by
    /// any document": when only an attribute of the rows is listed (not
    /// their key or name), the question asks for the attribute's values
    /// that no row with such rows has (a set difference), each once, not
    /// every row without them. Only a plain listing with the anti-join as
    /// its one condition is read so.
    pub(super) fn attribute_without_rows(&mut self) {
        let Some(b) = self.base else { return };
        if !self.measures.is_empty() || self.filters.len() != 1 || !self.any_of.is_empty() {
            return;
        }
        let f = &self.filters[0];
        let Some(Operand::Column { column: fk }) = (f.op == Op::NotExists).then_some(f.value.as_ref()).flatten() else { return };
        let (Some((kt, _)), Some((lt, _))) = (super::account::resolve(self.m, &f.field), super::account::resolve(self.m, fk)) else {
            return;
        };
        if kt != b || lt == b {
            return;
        }
        let shown: Vec<&String> = self.fields.iter().chain(self.groups.iter().map(|g| &g.name)).collect();
        let [a] = shown.as_slice() else { return };
        let Some((at, ac)) = super::account::resolve(self.m, a) else { return };
        if at != b || schema::names_row(self.m, b, ac) {
            return;
        }
        let a = (*a).clone();
        let exists = Filter { op: Op::Exists, ..self.filters[0].clone() };
        self.filters = vec![Filter { field: a.clone(), op: Op::NotIn, value: Some(Operand::Rows { column: a.clone(), filters: vec![exists] }) }];
        self.fields.clear();
        self.groups = vec![crate::plan::DimensionRef { name: a, grain: None }];
        self.set_listing = true;
    }

    /// With an anti-join on table `l`, a condition on a table that is not
    /// `l`, nor the listed rows' own, nor one they point at, would join the
    /// listed rows to rows the question excludes ("members who never
    /// borrowed books by Ada Byron" as members with no loans who borrowed
    /// an Ada Byron book): refused.
    fn conditions_beside_anti_join(&self, b: usize) -> Result<(), Refusal> {
        let anti: Vec<usize> = self
            .filters
            .iter()
            .filter(|f| f.op == Op::NotExists)
            .filter_map(|f| match &f.value {
                Some(Operand::Column { column }) => super::account::resolve(self.m, column).map(|(t, _)| t),
                _ => None,
            })
            .collect();
        if anti.is_empty() {
            return Ok(());
        }
        for f in self.filters.iter().filter(|f| !matches!(f.op, Op::Exists | Op::NotExists)) {
            let Some((t, _)) = super::account::resolve(self.m, &f.field) else { continue };
            if t == b || self.sc.reaches(b, t) || anti.contains(&t) {
                continue;
            }
            return Err(self.refuse(format!(
                "I couldn't tell whether the condition on {} belongs to the rows that 'not' excludes or to the rows listed.",
                f.field
            )));
        }
        Ok(())
    }
}

/// "published" -> "publish", "affected" -> "affect", "used" -> "use":
/// the stem of a past participle, None for other words.
fn participle_stem(word: &str) -> Option<String> {
    let stem = word.strip_suffix("ed")?;
    (stem.len() >= 4).then(|| stem.to_string())
}
