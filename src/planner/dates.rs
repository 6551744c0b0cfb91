//! Time in a question, applied to a date column: calendar ranges become
//! `ge`/`lt` on ISO dates, relative spans `Op::Last`, grains a time dimension
//! with that grain. The column is one the question names ("created"), else
//! the base table's first time dimension, else its first date column; a whole
//! year on a table with only a numeric year column compares years. Two
//! ranges joined by "or" ("before 1989 or after 2007") are one disjunction.
//!
//! Invariants: when a table has several dates and the question names none,
//! the choice is reported as an ambiguity; with no date at all the question
//! is refused rather than answered without its time condition.

use serde_json::json;

use crate::plan::{DimensionRef, Filter, Op, Operand};
use crate::planner::build::{Ctx, Refusal};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::FieldInfo;
use crate::planner::time::TimeKind;
use crate::planner::MatchKind;
use crate::semantic::is_temporal;

impl Ctx<'_> {
    /// Time ranges, relative spans and grains, on the question's date column.
    pub(super) fn time(&mut self) -> Result<(), Refusal> {
        let times: Vec<usize> = (0..self.p.len())
            .filter(|&i| matches!(self.p[i].kind, PieceKind::Time(_)) && !self.used[i])
            .collect();
        if times.is_empty() {
            return Ok(());
        }
        let verb = self.verb_date.take().or_else(|| self.verb_dated());
        let field = match &verb {
            Some(f) if f.temporal => Some(f.clone()),
            Some(_) => None,
            None => self.time_field(),
        };
        let year_col = verb.filter(|f| !f.temporal).or_else(|| self.year_column());
        // "created before 1989-09-03 or after 2007-12-25": either range, one
        // disjunction (a plan holds one; with one already, both stay filters).
        let either = times
            .windows(2)
            .find_map(|w| {
                let between: Vec<usize> = (w[0] + 1..w[1]).filter(|&k| !self.p[k].is_filler()).collect();
                matches!(between.as_slice(), [o] if self.p[*o].cue() == Some(Cue::Or) && !self.used[*o]).then(|| (between[0], w[1]))
            })
            .filter(|_| self.any_of.is_empty() && field.is_some());
        let before = self.filters.len();
        let mut split = None;
        for i in times {
            if either.is_some_and(|(_, second)| second == i) {
                split = Some(self.filters.len());
            }
            let PieceKind::Time(kind) = self.p[i].kind.clone() else {
                continue;
            };
            let label = self.p[i].norm.clone();
            let Some(f) = field.clone() else {
                // A whole year on a table with a numeric "year" column.
                if let (TimeKind::Range { start, end }, Some(yc)) = (&kind, year_col.clone()) {
                    let whole_year =
                        |d: &Option<String>| d.as_ref().is_none_or(|d| d.ends_with("-01-01"));
                    if whole_year(start) && whole_year(end) {
                        let year = |d: &Option<String>| {
                            d.as_ref()
                                .and_then(|d| d.get(..4))
                                .and_then(|y| y.parse::<i64>().ok())
                        };
                        match (year(start), year(end)) {
                            (Some(a), Some(b)) if b == a + 1 => self.filters.push(Filter {
                                field: yc.name.clone(),
                                op: Op::Eq,
                                value: Some(Operand::Value(json!(a))),
                            }),
                            (a, b) => {
                                if let Some(a) = a {
                                    self.filters.push(Filter {
                                        field: yc.name.clone(),
                                        op: Op::Ge,
                                        value: Some(Operand::Value(json!(a))),
                                    });
                                }
                                if let Some(b) = b {
                                    self.filters.push(Filter {
                                        field: yc.name.clone(),
                                        op: Op::Lt,
                                        value: Some(Operand::Value(json!(b))),
                                    });
                                }
                            }
                        }
                        self.take(i, MatchKind::Time, format!("{}: {label}", yc.name), 0.8);
                        // "designers born before 1960": a verb right before
                        // naming the year column is the time's own ("in
                        // year 2014" still shows the year it names).
                        if let Some(k) = self.prev_sig(i).filter(|&k| !self.used[k]) {
                            let own_word = yc.column.is_some_and(|c| {
                                crate::planner::tokenize::stems(&self.m.tables[yc.table].columns[c].name).contains(&crate::planner::tokenize::stem(&self.p[k].norm))
                            });
                            if !own_word && self.p[k].top().and_then(|t| self.field_of(t)).is_some_and(|g| g.name == yc.name) {
                                self.take(k, MatchKind::Column, yc.name.clone(), 0.9);
                            }
                        }
                        self.involved.push(yc.name.clone());
                        continue;
                    }
                }
                if self.several_dates {
                    let base = self.base.map(|b| self.m.tables[b].name.clone()).unwrap_or_default();
                    return Err(self.refuse(format!(
                        "{base} has several dates and the question names none; say which one '{}' is about.",
                        self.p[i].words
                    )));
                }
                return Err(self.refuse(format!(
                    "I found no date in this dataset to apply '{}' to.",
                    self.p[i].words
                )));
            };
            match kind {
                TimeKind::Grain(g) => {
                    if !self
                        .groups
                        .iter()
                        .any(|d| d.name == f.name && d.grain == Some(g))
                    {
                        self.groups.insert(
                            0,
                            DimensionRef {
                                name: f.name.clone(),
                                grain: Some(g),
                            },
                        );
                    }
                    self.take(
                        i,
                        MatchKind::Time,
                        format!("{} per {}", f.name, g.word()),
                        1.0,
                    );
                }
                TimeKind::Range { start, end } => self.time_filters(
                    i,
                    &f,
                    &label,
                    [start.map(|s| (Op::Ge, Operand::Value(json!(s)))), end.map(|e| (Op::Lt, Operand::Value(json!(e))))],
                ),
                TimeKind::After(day) => self.time_filters(i, &f, &label, [Some((Op::Gt, Operand::Value(json!(day))))]),
                TimeKind::Last { n, unit } => self.time_filters(i, &f, &label, [Some((Op::Last, Operand::Span { n, unit }))]),
                TimeKind::NeedsYear => {}
            }
        }
        if let (Some((o, _)), Some(mid)) = (either, split) {
            let second = self.filters.split_off(mid);
            let first = self.filters.split_off(before);
            if !first.is_empty() && !second.is_empty() {
                self.any_of = vec![first, second];
                self.take(o, MatchKind::Comparison, "or".into(), 1.0);
            } else {
                self.filters.extend(first);
                self.filters.extend(second);
            }
        }
        Ok(())
    }

    /// The conditions a time at piece `i` puts on the date `f`, labelled
    /// `label` in the reading.
    fn time_filters(&mut self, i: usize, f: &FieldInfo, label: &str, conditions: impl IntoIterator<Item = Option<(Op, Operand)>>) {
        for (op, value) in conditions.into_iter().flatten() {
            self.filters.push(Filter { field: f.name.clone(), op, value: Some(value) });
        }
        self.time_labels.push(label.to_string());
        self.take(i, MatchKind::Time, format!("{}: {label}", f.name), 1.0);
    }

    /// The date column a time expression is about: one the question names,
    /// else the base table's first time dimension, else its first date column.
    fn time_field(&mut self) -> Option<FieldInfo> {
        for k in 0..self.p.len() {
            if self.used[k] || self.p[k].lex().is_none() {
                continue;
            }
            let Some(c) = self.pick(k, &|t| {
                matches!(t, Target::Dimension(_) | Target::Column(..))
            }) else {
                continue;
            };
            if let Some(f) = self.field_of(&c.target).filter(|f| f.temporal) {
                self.take(k, MatchKind::Dimension, f.name.clone(), c.confidence);
                // "the ids and nights of observations made in June": the
                // date named is shown as well as bounded.
                self.involved.push(f.name.clone());
                return Some(f);
            }
        }
        let base = self.base?;
        let dims = self.sc.time_dims.get(base).cloned().unwrap_or_default();
        // A dataset added from files has no author's default date: with
        // several, the first is a guess (`date_from` or `date_to`?).
        let table = &self.m.tables[base];
        let dated: Vec<usize> = (0..table.columns.len()).filter(|&c| is_temporal(&table.columns[c].ty)).collect();
        // The row's own date is the one named by its table's noun
        // (`loans.loanDate`, `orders.order_date`).
        let noun = crate::planner::tokenize::stems(&table.name);
        let own: Vec<usize> = dated
            .iter()
            .copied()
            .filter(|&c| crate::planner::tokenize::stems(&table.columns[c].name).iter().any(|w| noun.last() == Some(w)))
            .collect();
        if let [c] = own.as_slice() {
            if dated.len() > 1 {
                return self.field_info(Field::Col(base, *c));
            }
        }
        if self.m.derived && (dims.len() > 1 || dated.len() > 1) {
            self.several_dates = true;
            return None;
        }
        if let Some(&d) = dims.first() {
            if dims.len() > 1 {
                let alts = dims[1..]
                    .iter()
                    .map(|&x| self.m.dimensions[x].name.clone())
                    .collect();
                self.ambiguities.push(crate::planner::Ambiguity {
                    words: "date".into(),
                    chosen: self.m.dimensions[d].name.clone(),
                    alternatives: alts,
                });
            }
            return self.field_info(Field::Dim(d));
        }
        let t = &self.m.tables[base];
        let c = t.columns.iter().position(|c| is_temporal(&c.ty))?;
        self.field_info(Field::Col(base, c))
    }

    /// "members who registered a branch in 2016", "campuses opened between
    /// 1935 and 1939", "enclosures built before 1990": a past participle
    /// (regular or irregular) before the time whose root names a
    /// date or year column (`register_year`, `open_year`, `shipment_date`)
    /// says which column the time is about, on whichever table holds it.
    /// The base table's column wins over another table's; two candidates
    /// elsewhere are no answer.
    pub(super) fn verb_dated(&mut self) -> Option<FieldInfo> {
        let first_time = (0..self.p.len()).find(|&i| matches!(self.p[i].kind, PieceKind::Time(_)))?;
        let verb = (0..first_time).rev().take(6).find(|&k| {
            !self.used[k]
                && matches!(self.p[k].kind, PieceKind::Unknown | PieceKind::Soft | PieceKind::Lex(_))
                && !self.p[k].words.contains(' ')
                && self.p[k].norm.len() >= 5
                && (self.p[k].norm.ends_with("ed") || crate::planner::verbs::is_irregular_past(&self.p[k].norm))
        })?;
        let root = crate::planner::lexicon::root(&self.p[verb].norm);
        if root.len() < 4 {
            return None;
        }
        let related = |w: &str| {
            let common = w.bytes().zip(root.bytes()).take_while(|(a, b)| a == b).count();
            !matches!(w, "date" | "year" | "time" | "day") && (w.starts_with(root.as_str()) || common >= 5)
        };
        let mut found: Vec<(usize, usize)> = Vec::new();
        for (t, table) in self.m.tables.iter().enumerate() {
            for (c, col) in table.columns.iter().enumerate() {
                let words = crate::planner::tokenize::split_identifier(&col.name);
                let dated = is_temporal(&col.ty) || crate::semantic::is_numeric(&col.ty) && crate::planner::schema::names_a_year(&col.name);
                if dated && words.iter().any(|w| related(w)) {
                    found.push((t, c));
                }
            }
        }
        let own: Vec<(usize, usize)> = found.iter().copied().filter(|&(t, _)| Some(t) == self.base).collect();
        let &(t, c) = match (own.as_slice(), found.as_slice()) {
            ([one], _) | ([], [one]) => one,
            _ => return None,
        };
        let f = self.field_info(Field::Col(t, c))?;
        // Matched as the time's own, not as a column to show.
        self.take(verb, MatchKind::Time, f.name.clone(), 0.8);
        // "registered a branch": the verb's object is the table the dated
        // rows point at (`membership_register_branch.branch_id`).
        let object = (verb + 1..first_time).find(|&k| !self.p[k].is_filler());
        if let Some(k) = object {
            let points_at = |o: usize| crate::planner::schema::foreign_key(self.m, t, o).is_some();
            if let Some(o) = self.p[k].top().and_then(|x| if let Target::Table(o) = x { Some(*o) } else { None }).filter(|&o| points_at(o)) {
                self.take(k, MatchKind::Table, self.m.tables[o].name.clone(), 0.8);
            }
        }
        Some(f)
    }

    fn year_column(&self) -> Option<FieldInfo> {
        let base = self.base?;
        let years = |t: usize| crate::planner::schema::year_columns(self.m, t);
        if let Some(&c) = years(base).first() {
            return self.field_info(Field::Col(base, c));
        }
        // "churches that have a wedding in year 2016": the year of the
        // rows named right before the time, when they have one.
        let time = (0..self.p.len()).find(|&i| matches!(self.p[i].kind, PieceKind::Time(_)))?;
        let noun = (0..time).rev().find(|&k| !self.p[k].is_filler())?;
        // "a wedding in year 2016": the year column named right before it.
        if let Some(&Target::Column(t, c)) = self.p[noun].top() {
            return (years(t).contains(&c) && self.sc.related(base, t)).then(|| self.field_info(Field::Col(t, c))).flatten();
        }
        if let Some(&Target::Table(t)) = self.p[noun].top() {
            return match years(t).as_slice() {
                [c] if self.sc.related(base, t) => self.field_info(Field::Col(t, *c)),
                _ => None,
            };
        }
        // "students who took a course in the Fall of 2003": the year of the
        // rows another condition is on (`takes.semester`), when exactly one
        // table so conditioned has one year column.
        let mut conditioned: Vec<usize> = self
            .filters
            .iter()
            .filter_map(|f| crate::planner::schema::table_of_name(self.m, &f.field))
            .filter(|&t| t != base && self.sc.related(base, t))
            .collect();
        conditioned.sort_unstable();
        conditioned.dedup();
        match conditioned.as_slice() {
            [t] => match years(*t).as_slice() {
                [c] => self.field_info(Field::Col(*t, *c)),
                _ => None,
            },
            _ => None,
        }
    }
}
