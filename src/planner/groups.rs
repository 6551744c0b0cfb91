//! Groupings: "by status and priority", "per site", "for each country",
//! "each X" with a measure, "top 10 products", and "which channel ..." when
//! the question measures something.
//!
//! Invariants: an unknown word right after "by"/"per"/"each" refuses the
//! question (it would silently drop a grouping); a measure after "by" in a
//! ranking question ("top 10 products by units sold") is the ranking key,
//! not a grouping.

use crate::plan::{DimensionRef, OrderBy};
use crate::planner::build::{Ctx, Refusal};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::{self, FieldInfo};
use crate::planner::MatchKind;

impl Ctx<'_> {
    /// Adds a group-by for piece `j`; returns false if it names no groupable thing.
    pub(super) fn group_by(&mut self, j: usize) -> bool {
        let Some(c) = self.pick(j, &|t| {
            matches!(
                t,
                Target::Dimension(_) | Target::Column(..) | Target::Table(_)
            )
        }) else {
            return false;
        };
        // "the customer ids and the number of accounts for each customer":
        // the rows' key the question lists is what tells them apart.
        let listed_key = match &c.target {
            Target::Table(t) => self.listed_key_of(*t, j),
            _ => None,
        };
        let f = match (&c.target, listed_key) {
            (_, Some((k, f))) => {
                self.take(k, MatchKind::Dimension, f.name.clone(), 0.9);
                Some(f)
            }
            (Target::Table(t), None) => self.table_field(*t),
            (other, None) => self.field_of(other),
        };
        let Some(f) = f else { return false };
        if f.temporal {
            return false;
        }
        if !self.groups.iter().any(|g| g.name == f.name) {
            self.groups.push(DimensionRef {
                name: f.name.clone(),
                grain: None,
            });
        }
        self.take(j, MatchKind::Dimension, f.name, c.confidence);
        true
    }

    /// Key `key` of table `t` as listed beside a count: the base rows'
    /// own pointer holds the same values, with no join that would drop
    /// rows pointing at no row of `t` ("the department id and the number
    /// of employees of each department").
    fn key_as_listed(&self, t: usize, key: usize) -> Field {
        match self.base {
            Some(b) if b != t => match schema::reverse_key(self.m, t, b) {
                Some((k, fk)) if k == key => Field::Col(b, fk),
                _ => Field::Col(t, key),
            },
            _ => Field::Col(t, key),
        }
    }

    /// An unused piece other than `j` naming the key of table `t`'s rows:
    /// `t`'s primary key, or the base table's column pointing at `t`
    /// ("customer id" as `accounts.customer_id`).
    fn listed_key_of(&self, t: usize, j: usize) -> Option<(usize, FieldInfo)> {
        let found: Vec<(usize, FieldInfo)> = (0..self.p.len())
            .filter(|&k| k != j && !self.used[k])
            .filter_map(|k| match self.p[k].top()? {
                Target::Column(ct, cc) => {
                    let own_key = *ct == t && schema::row_key(self.m, t) == Some(*cc);
                    let pointer = Some(*ct) == self.base && schema::foreign_key(self.m, *ct, t) == Some(*cc);
                    if !(own_key || pointer) {
                        return None;
                    }
                    // The key listed as is (see `key_as_listed`).
                    let field = if own_key { self.key_as_listed(t, *cc) } else { Field::Col(*ct, *cc) };
                    self.field_info(field).map(|f| (k, f))
                }
                _ => None,
            })
            .collect();
        // "customer ids": the table's noun, then "id(s)" not read yet.
        let said: Vec<(usize, FieldInfo)> = (0..self.p.len().saturating_sub(1))
            .filter(|&k| k != j && self.p[k].top() == Some(&Target::Table(t)) && !self.used[k + 1] && matches!(self.p[k + 1].norm.as_str(), "id" | "ids"))
            .filter_map(|k| {
                let key = schema::row_key(self.m, t)?;
                self.field_info(Field::Col(t, key)).map(|f| (k + 1, f))
            })
            .collect();
        // "the ids of the two department store chains with ...", "the ids
        // for all the faculty members who ...": "id(s)" before the noun;
        // a number between is how many (read already as the limit).
        let of_noun = |k: usize| {
            let between = &self.p[k + 1..j];
            let filler = |x: &crate::planner::intent::Piece| {
                matches!(x.norm.as_str(), "of" | "for" | "all" | "the" | "each" | "every" | "those" | "these")
                    || matches!(x.kind, PieceKind::Number(_))
            };
            between.iter().any(|x| matches!(x.norm.as_str(), "of" | "for")) && between.iter().all(filler)
        };
        let before: Vec<(usize, FieldInfo)> = (0..j)
            .filter(|&k| !self.used[k] && matches!(self.p[k].norm.as_str(), "id" | "ids") && self.p[j].top() == Some(&Target::Table(t)) && of_noun(k))
            // Only where the rows are the base's, or the base points at
            // them: a column of the base named like the key but pointing
            // nowhere known (`invoices.product_id`) may be what is meant.
            .filter(|_| self.base.is_some_and(|b| b == t || schema::reverse_key(self.m, t, b).is_some()))
            .filter_map(|k| {
                let key = schema::row_key(self.m, t)?;
                self.field_info(self.key_as_listed(t, key)).map(|f| (k, f))
            })
            .collect();
        let said = if said.is_empty() { before } else { said };
        match (found.as_slice(), said.as_slice()) {
            ([one], _) | ([], [one]) => Some(one.clone()),
            _ => None,
        }
    }

    pub(super) fn groups_pass(&mut self) -> Result<(), Refusal> {
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            match self.p[i].cue() {
                // "the locations offered by each station": with nothing
                // measured, the doer is no grouping.
                Some(Cue::Group) if self.measures.is_empty() && self.after_participle(i) => self.mark(i),
                Some(Cue::Group) => {
                    let before = self.groups.len();
                    self.group_list(i)?;
                    self.agent_groups_near(i, before)?;
                }
                Some(Cue::Each) if !self.measures.is_empty() => {
                    if let Some(j) = self.next_sig(i) {
                        if !self.used[j] && self.group_by(j) {
                            self.mark(i);
                        }
                    }
                }
                Some(Cue::Top) | Some(Cue::Bottom) => self.top_n(i),
                _ => {}
            }
        }
        // "by month and channel": the grain took "by"; the list goes on.
        for i in 0..self.p.len() {
            if matches!(
                self.p[i].kind,
                PieceKind::Time(crate::planner::time::TimeKind::Grain(_))
            ) {
                if let Some(n) = self.next_sig(i).filter(|&n| self.is_and(n)) {
                    if self
                        .next_sig(n)
                        .is_some_and(|m| !self.used[m] && self.p[m].lex().is_some())
                    {
                        self.group_list(n)?;
                    }
                }
            }
        }
        // "which channel ...", "what category ..." with a measure: group by it.
        self.group_by_subject();
        for i in 0..self.p.len() {
            if !self.used[i] && matches!(self.p[i].cue(), Some(Cue::Group | Cue::Each)) && !self.measures.is_empty() {
                self.group_by_kind_word(i);
            }
        }
        Ok(())
    }

    /// "How many documents are there of each type?": "type" or "kind"
    /// right after "each" / "for each", a word no column is called alone,
    /// groups the counted rows by their one column whose name says "type"
    /// (`document_type_code`). True when read so.
    fn group_by_kind_word(&mut self, i: usize) -> bool {
        let k = i + 1;
        let Some(x) = self.p.get(k) else { return false };
        if self.used[k] || x.kind != PieceKind::Stop || !matches!(x.norm.as_str(), "type" | "types" | "kind" | "kinds") {
            return false;
        }
        // The word ends the phrase: "each type of school" names its rows.
        if self.p.get(k + 1).is_some_and(|n| !matches!(n.kind, PieceKind::Punct(_)) && !matches!(n.norm.as_str(), "are" | "is" | "there")) {
            return false;
        }
        let Some(b) = self.base else { return false };
        let typed: Vec<usize> = self.m.tables[b]
            .columns
            .iter()
            .enumerate()
            .filter(|(c, col)| schema::row_key(self.m, b) != Some(*c) && crate::planner::tokenize::split_identifier(&col.name).iter().any(|w| w == "type"))
            .map(|(c, _)| c)
            .collect();
        let [c] = typed[..] else { return false };
        let name = schema::qualified(self.m, b, c);
        // "card type codes and the number of cards in each type": grouped
        // already; by something else, "each type" would add a grouping.
        let grouped = self.groups.iter().any(|g| super::account::resolve(self.m, &g.name) == Some((b, c)));
        if !self.groups.is_empty() && !grouped {
            return false;
        }
        self.take(k, MatchKind::Column, name.clone(), 0.8);
        self.mark(i);
        if !grouped {
            self.groups.push(DimensionRef { name, grain: None });
        }
        true
    }

    /// "medicines offered by each trade name": "by each" after a participle
    /// groups by the doer, which must be the rows' own column or a table
    /// they point at (or that points at them); a doer further away relates
    /// to them in a way the verb names and no join says.
    fn agent_groups_near(&self, i: usize, before: usize) -> Result<(), Refusal> {
        let Some(base) = self.base.filter(|_| self.after_participle(i)) else { return Ok(()) };
        for g in &self.groups[before.min(self.groups.len())..] {
            let Some(t) = schema::table_of_name(self.m, &g.name) else { continue };
            if t != base && schema::foreign_key(self.m, base, t).is_none() && schema::foreign_key(self.m, t, base).is_none() {
                return Err(self.refuse(format!(
                    "I read '{}' as grouping by {}, which relates to {} only through other tables; say how they relate.",
                    self.p[i].words,
                    g.name,
                    self.m.tables[base].name
                )));
            }
        }
        Ok(())
    }

    /// "by each" right after a participle no word of the dataset names.
    fn after_participle(&self, i: usize) -> bool {
        self.p[i].words.contains(' ') && self.prev_sig(i).is_some_and(|k| crate::planner::intent::unknown_participle(&self.p[k]))
    }

    /// "by status and priority", "per site", "by revenue" (a ranking key).
    pub(super) fn group_list(&mut self, i: usize) -> Result<(), Refusal> {
        // "in alphabetical order by last name": the order's key, not a group.
        if self.p[i].norm == "by" && matches!(self.cue_at(self.prev_sig(i)), Some(Cue::Asc | Cue::Desc)) {
            return Ok(());
        }
        // "across all poker players", "for all singers": the whole, not groups.
        if self
            .p
            .get(i + 1)
            .is_some_and(|x| matches!(x.norm.as_str(), "all" | "every"))
            && self.p[i].cue() == Some(Cue::Group)
        {
            self.mark(i);
            // "across all schools" with `university.school` a column of the
            // measured rows: all of them, whatever they are called.
            if let Some(j) = self.next_sig(i + 1).filter(|&j| !self.used[j] && self.p[j].plural) {
                let of_base = self.p[j].top().and_then(|t| match t {
                    Target::Column(..) | Target::Dimension(_) => self.field_of(t),
                    _ => None,
                });
                if let Some(f) = of_base.filter(|f| Some(f.table) == self.base && !f.numeric) {
                    let name = self.table_name(f.table);
                    self.take(j, MatchKind::Table, name, 0.9);
                }
            }
            return Ok(());
        }
        // "the total number of customers across banks", where the customers
        // are a column of the banks: one group per measured row would make
        // the total each row's own value. The whole, as with "all".
        if self.p[i].norm == "across" {
            if let Some(j) = self.next_sig(i) {
                match self.p[j].top() {
                    Some(Target::Table(t)) if !self.used[j] && self.p[j].plural && Some(*t) == self.base => {
                        let name = self.table_name(*t);
                        self.mark(i);
                        self.take(j, MatchKind::Table, name, 1.0);
                        return Ok(());
                    }
                    _ => {}
                }
            }
        }
        let mut k = i;
        let mut any = false;
        while let Some(j) = self.next_sig(k) {
            match &self.p[j].kind {
                PieceKind::Cue(Cue::Each) | PieceKind::Cue(Cue::Group) if !any => {
                    self.mark(j);
                    k = j;
                    continue;
                }
                // "a lesson taught by Janessa Sawayn": after a participle,
                // "by" names who did it; the name is a value, read by
                // `bare_names`.
                PieceKind::Unknown if self.p[j].capital && self.p[i].norm == "by" && i > 0 && super::agent::participle(self.p, i - 1) => {
                    return Ok(());
                }
                PieceKind::Unknown => {
                    return Err(self.refuse_unplaced(j, format!(
                        "I don't know what '{}' is in this dataset, so I can't group by it.",
                        self.p[j].words
                    )));
                }
                PieceKind::Lex(_) if !self.used[j] => {
                    let top = self.p[j].top().cloned();
                    if let Some(Target::Metric(_)) | Some(Target::Column(..)) = top {
                        if matches!(top, Some(Target::Metric(_)))
                            || (self.is_numeric_target(top.as_ref().unwrap_or(&Target::Table(0)))
                                && self.has_rank_cue())
                        {
                            self.rank_by(j, true);
                            self.mark(i);
                            return Ok(());
                        }
                    }
                    if !self.group_by(j) {
                        break;
                    }
                    any = true;
                }
                PieceKind::Cue(Cue::Agg(_)) if !any => {
                    // "top 5 by average price": the ranking key is a measure.
                    self.rank_by(j, true);
                    self.mark(i);
                    return Ok(());
                }
                _ => break,
            }
            k = j;
            match self.next_sig(k) {
                Some(n)
                    if self.is_and(n)
                        && self.next_sig(n).is_some_and(|m| {
                            self.p[m].lex().is_some()
                                && !matches!(
                                    self.p[m].top(),
                                    Some(Target::Value(..) | Target::Segment(_))
                                )
                        }) =>
                {
                    self.mark(n);
                    k = n;
                }
                _ => break,
            }
        }
        if any {
            self.mark(i);
        }
        Ok(())
    }

    fn has_rank_cue(&self) -> bool {
        self.p.iter().any(|x| {
            matches!(
                x.cue(),
                Some(Cue::Top | Cue::Bottom | Cue::Most | Cue::Least)
            )
        })
    }

    /// "top 10 products", "bottom 3 sites".
    fn top_n(&mut self, i: usize) {
        let desc = self.p[i].cue() == Some(Cue::Top);
        let mut j = self.next_sig(i);
        let mut n = None;
        if let Some(k) = j {
            if let PieceKind::Number(x) = self.p[k].kind {
                n = Some(x.max(1.0) as u64);
                self.take(k, MatchKind::Limit, format!("{}", x as u64), 1.0);
                j = self.next_sig(k);
            }
        }
        let plural = j.is_some_and(|k| self.p[k].plural);
        self.limit = Some(n.unwrap_or(if plural { 10 } else { 1 }));
        self.take(
            i,
            MatchKind::Order,
            if desc { "top".into() } else { "bottom".into() },
            1.0,
        );
        // "the top 5 white percentages", "the top 3 salaries": a number
        // column right after is the order itself, not the rows listed.
        let key = j.filter(|&k| !self.used[k] && self.measures.is_empty()).and_then(|k| {
            let f = match self.p[k].top() {
                Some(t @ (Target::Column(..) | Target::Dimension(_))) => self.field_of(t)?,
                _ => return None,
            };
            // In the plural, or before a plural word that names nothing ("white percentages").
            let plural = self.p[k].plural || self.p.get(k + 1).is_some_and(|x| x.plural && x.lex().is_none());
            // "the mountains with the top 3 prominence": after "with" the
            // words are something the rows have, not the rows themselves.
            let had = (0..i)
                .rev()
                .find(|&b| !matches!(self.p[b].norm.as_str(), "the" | "a" | "their" | "its"))
                .is_some_and(|b| matches!(self.p[b].norm.as_str(), "with" | "having"));
            (f.numeric && !f.temporal && !self.is_key(&f) && (plural || had)).then_some((k, f))
        });
        if let Some((k, f)) = key {
            self.take(k, MatchKind::Column, f.name.clone(), 0.9);
            self.involved.push(f.name.clone());
            self.order.push(OrderBy { by: f.name, desc });
            return;
        }
        if let Some(k) = j {
            if self.p[k].lex().is_some() && self.subject.is_none() {
                self.subject = Some(k);
            }
            if !self.measures.is_empty() && !self.used[k] {
                self.group_by(k);
            }
        }
        self.order.push(OrderBy {
            by: String::new(),
            desc,
        });
    }
}
