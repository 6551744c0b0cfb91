//! Row listings and the final check. With no measure, a question lists rows:
//! the columns it names, or the subject's key, name and date plus the columns
//! its conditions are about; "distinct"/"different" lists unique values, and
//! a word naming a table's label entity ("sensors" in a table of readings)
//! lists those entities. Columns asked of one table that owns them all are
//! listed from it, a lookup table before the table that copies its codes
//! (`owned_listing`). Then every word the plan does not use is checked:
//! unknown words where a filter or grouping would go refuse the question.
//!
//! Invariants: a listing never drops a column the question named; the
//! leftover check runs last and is the only place that turns unused words
//! into refusals.

use crate::planner::build::{Ctx, MKind, Refusal};
use crate::planner::english::{self, Cue};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema;
use crate::planner::MatchKind;
use crate::semantic::is_temporal;

/// A listing's owner table, the pieces that name it, and each asked piece's column of it.
type Owned = (usize, Vec<usize>, Vec<(usize, Field)>);

impl Ctx<'_> {
    /// With no measure: list rows (the subject's name and key, the columns
    /// asked for, and the columns the conditions are about).
    pub(super) fn listing(&mut self) -> Result<(), Refusal> {
        if !self.measures.is_empty() || self.set_listing {
            return Ok(());
        }
        let subject_target = self
            .subject
            .and_then(|s| {
                self.pick(s, &|t| {
                    matches!(
                        t,
                        Target::Table(_) | Target::Dimension(_) | Target::Column(..)
                    )
                })
            })
            .map(|c| c.target)
            .map(|t| self.referenced_table(t));
        let table = if self.latest.is_some() || self.outliers.is_some() {
            self.base
        } else {
            subject_target
                .as_ref()
                .and_then(|t| schema::target_table(self.m, self.lx, t))
                .or(self.base)
        };
        let Some(t) = table else { return Ok(()) };
        let all = self.p.iter().position(|x| x.cue() == Some(Cue::All)).or_else(|| self.all_of_table_data(t));
        let subject_is_table = matches!(subject_target, Some(Target::Table(_)));
        if all.is_none() && self.latest.is_none() && self.outliers.is_none() && !subject_is_table {
            if let Some(owned) = self.owned_listing() {
                return self.list_owned(owned);
            }
        }
        let mut fields: Vec<String> = Vec::new();
        if let Some(a) = all {
            self.take(
                a,
                MatchKind::Column,
                format!("{}.*", self.table_name(t)),
                1.0,
            );
            for c in 0..self.m.tables[t].columns.len() {
                fields.push(schema::qualified(self.m, t, c));
            }
        }
        // A subject naming a table's key or label ("which products", "which
        // sensors") lists that table's rows, not distinct values.
        let subject_field = subject_target.as_ref().and_then(|t| match t {
            Target::Table(tt) => {
                schema::row_name(self.m, *tt).and_then(|c| self.field_info(Field::Col(*tt, c)))
            }
            other => self.field_of(other),
        });
        let is_key_or_label = subject_field.as_ref().is_some_and(|f| {
            f.column.is_some()
                && (schema::row_key(self.m, f.table) == f.column
                    || schema::row_name(self.m, f.table) == f.column)
        });
        let names_rows = is_key_or_label
            && self
                .subject
                .zip(subject_field.as_ref())
                .is_some_and(|(s, f)| self.names_rows_of(f.table, s));
        // "the names of all products": the label column asked by its own
        // name, of a table the question names, is listed per row.
        let asks_label_of_named_table = subject_field.as_ref().is_some_and(|f| {
            let own_name = self.subject.is_some_and(|s| {
                f.column.is_some_and(|c| {
                    let asked = crate::planner::tokenize::stems(&self.p[s].words);
                    let col = crate::planner::tokenize::stems(&self.m.tables[f.table].columns[c].name);
                    // `project_title` of `projects` asked as "titles".
                    let table = crate::planner::tokenize::stems(&self.m.tables[f.table].name);
                    // `display_title` of `flying_display`: the table's head noun.
                    let prefix = || &col[..col.len() - asked.len()];
                    asked == col || col.len() > asked.len() && col.ends_with(&asked) && (prefix() == &table[..] || table.ends_with(prefix()))
                })
            });
            let table_named = (0..self.p.len()).any(|k| {
                Some(k) != self.subject
                    && self.p[k].lex().unwrap_or_default().iter().chain(self.p[k].alt_lex.iter()).any(|c| !c.fuzzy && c.target == Target::Table(f.table))
            });
            own_name && table_named
        });
        // "sensors with low battery" in a table of readings: the distinct sensors.
        if is_key_or_label && !names_rows && !asks_label_of_named_table && self.latest.is_none() && self.outliers.is_none() {
            if let (Some(s), Some(f)) = (self.subject, subject_field.clone()) {
                let explicit = (0..self.p.len()).any(|k| {
                    k != s
                        && !self.used[k]
                        && matches!(
                            self.p[k].top(),
                            Some(Target::Column(..) | Target::Dimension(_))
                        )
                });
                if !explicit {
                    self.take(s, MatchKind::Dimension, f.name.clone(), 0.9);
                    self.groups.push(crate::plan::DimensionRef {
                        name: f.name,
                        grain: None,
                    });
                    return Ok(());
                }
            }
        }
        if names_rows && self.latest.is_none() && self.outliers.is_none() {
            if let Some(s) = self.subject {
                if let Some(f) = subject_target.as_ref().and_then(|t| self.field_of(t)) {
                    // "show name, country, age": the subject is itself a column asked for.
                    let asked = matches!(
                        subject_target,
                        Some(Target::Column(..) | Target::Dimension(_))
                    ) && self.p[s]
                        .lex()
                        .is_some_and(|c| !c.iter().any(|c| matches!(c.target, Target::Table(_))))
                        && (!self.names_key_of(f.table, s) || self.says_id(s));
                    if asked {
                        self.take(s, MatchKind::Column, f.name.clone(), 0.9);
                        fields.push(f.name);
                    } else {
                        self.take(s, MatchKind::Table, self.table_name(f.table), 0.9);
                    }
                }
            }
        }
        // Columns the question asks for; in a listing of distinct values,
        // only those named before the clause that says whose they are.
        let distinct_words = self.p.iter().any(|x| matches!(x.norm.as_str(), "distinct" | "different" | "unique"));
        let boundary = if distinct_words { self.distinct_boundary() } else { None };
        for k in 0..self.p.len() {
            if self.used[k] || boundary.is_some_and(|b| k > b && !fields.is_empty()) {
                continue;
            }
            if self.take_pointed_name(k, t, &mut fields)? || self.take_full_name(k, t, &mut fields) || self.take_head_word(k, t, &mut fields) {
                continue;
            }
            if self.relation_verb(k) {
                // "the heaviest harvest ever recorded": said of every row.
                if k > 0 && self.p[k - 1].norm == "ever" {
                    self.mark(k - 1);
                    self.mark(k);
                }
                continue;
            }
            let Some(Target::Column(..) | Target::Dimension(_) | Target::Unit(..)) =
                self.p[k].top()
            else {
                continue;
            };
            let Some(c) = self.pick(k, &|t| {
                matches!(t, Target::Column(..) | Target::Dimension(_))
            }) else {
                continue;
            };
            let Some(f) = self.field_of(&c.target) else {
                continue;
            };
            self.take(k, MatchKind::Column, f.name.clone(), c.confidence);
            if !fields.contains(&f.name) {
                fields.push(f.name);
            }
        }
        // "the ids of ...": the table's key.
        // Not "with id 10", "an id of 12": an id right before its number
        // is a condition's word ("the ids of the three products" is not).
        let number_at = |n: usize| self.p.get(n).is_some_and(|x| matches!(x.kind, PieceKind::Number(_)));
        let before_number = |k: usize| number_at(k + 1) || (self.p.get(k + 1).is_some_and(|x| x.norm == "of") && number_at(k + 2));
        if let Some(k) = (0..self.p.len())
            .find(|&k| !self.used[k] && matches!(self.p[k].norm.as_str(), "id" | "ids") && !before_number(k))
        {
            if let Some(key) = schema::row_key(self.m, t) {
                let name = self
                    .field_info(Field::Col(t, key))
                    .map(|f| f.name)
                    .unwrap_or_else(|| schema::qualified(self.m, t, key));
                self.take(k, MatchKind::Column, name.clone(), 0.8);
                if !fields.contains(&name) {
                    fields.insert(0, name);
                }
            }
        }
        // "Where is the club 'X' located?": the place the rows are at.
        if fields.is_empty() && self.p.first().is_some_and(|x| x.norm == "where") {
            let places: Vec<usize> = (0..self.m.tables[t].columns.len())
                .filter(|&c| {
                    let name = self.m.tables[t].columns[c].name.to_lowercase();
                    ["location", "address", "place"].iter().any(|w| name.contains(w)) && !name.ends_with("id") && !name.ends_with("code")
                })
                .collect();
            if let [c] = places.as_slice() {
                if let Some(f) = self.field_info(Field::Col(t, *c)) {
                    self.mark(0);
                    fields.push(f.name);
                }
            }
        }
        // "distinct countries", "the different template codes": unique values only.
        let distinct = self
            .p
            .iter()
            .any(|x| matches!(x.norm.as_str(), "distinct" | "different" | "unique"));
        if distinct
            && !fields.is_empty()
            && self.latest.is_none()
            && self.outliers.is_none()
            && self.order.is_empty()
        {
            for f in fields {
                self.groups.push(crate::plan::DimensionRef {
                    name: f,
                    grain: None,
                });
            }
            return Ok(());
        }
        let subject_is_field = matches!(
            subject_target,
            Some(Target::Dimension(_) | Target::Column(..))
        ) && !names_rows;

        if fields.is_empty() || (subject_is_field && self.subject.is_some_and(|s| !self.used[s])) {
            if let Some(s) = self.subject {
                if subject_is_field && !self.used[s] {
                    // "which countries ...", "the different template codes": distinct values.
                    if let Some(st) = &subject_target {
                        if let Some(f) = self.field_of(st) {
                            self.take(s, MatchKind::Dimension, f.name.clone(), 0.9);
                            if fields.is_empty() && self.outliers.is_none() && self.latest.is_none()
                            {
                                self.groups.push(crate::plan::DimensionRef {
                                    name: f.name.clone(),
                                    grain: None,
                                });
                                return Ok(());
                            }
                            fields.insert(0, f.name);
                        }
                    }
                }
            }
        }
        // "the details of employees named ...": every column (`details`).
        if fields.is_empty() && self.latest.is_none() && self.outliers.is_none() {
            if let Some(dt) = self.details_of_rows() {
                fields = (0..self.m.tables[dt].columns.len()).map(|c| schema::qualified(self.m, dt, c)).collect();
            }
        }
        // "the top 3 highest prices": the column ranked is what is shown.
        if fields.is_empty() && self.subject.is_none() && self.latest.is_none() && self.outliers.is_none() && !self.involved.is_empty() {
            fields = self.involved.clone();
        }
        if fields.is_empty()
            && self.subject.is_none()
            && self.latest.is_none()
            && self.outliers.is_none()
        {
            return Err(
                self.refuse("I couldn't find anything to measure or list in the question.".into())
            );
        }
        if fields.is_empty() && self.latest.is_none() {
            // The rows themselves: key, name and date, then what the conditions are about.
            // Distinct rows by their key are every row: "the distinct
            // products" are their names.
            // A row named only by its number key is described by the text
            // column named for its table (`addresses.address_details`).
            let key = schema::row_key(self.m, t);
            let name = schema::row_name(self.m, t).filter(|n| Some(*n) != key).or_else(|| schema::described(&self.m.tables[t])).or(key);
            let mut cols: Vec<usize> = Vec::new();
            if distinct_words {
                cols.extend(name);
            } else {
                cols.extend(key);
                cols.extend(name);
                // People named by a first name are named by both names.
                let first_and_last = super::full_name::first_and_last(&self.m.tables[t].columns);
                cols.extend(first_and_last.filter(|&(first, _)| name == Some(first)).map(|(_, last)| last));
                cols.extend(self.m.tables[t].columns.iter().position(|c| is_temporal(&c.ty)));
            }
            for c in cols {
                let name = self
                    .field_info(Field::Col(t, c))
                    .map(|f| f.name)
                    .unwrap_or_else(|| schema::qualified(self.m, t, c));
                if !fields.contains(&name) {
                    fields.push(name);
                }
            }
            if let Some(s) = self.subject {
                if !self.used[s] {
                    self.take(s, MatchKind::Table, self.table_name(t), 0.9);
                }
            }
        }
        // A condition's column shown beside distinct values would make
        // each value once per condition value; an order key must be shown.
        for f in self.involved.clone() {
            if !fields.contains(&f) && (!distinct_words || self.order.iter().any(|o| o.by == f)) {
                fields.push(f);
            }
        }
        if fields.is_empty() {
            return Err(self.refuse("I couldn't tell what to show.".into()));
        }
        self.fields = fields;
        Ok(())
    }

    /// "researchers who recorded a measurement", "beers Marta brewed":
    /// a verb that a column pointing at the doers is named for
    /// (`recorded_by`, `brewed_by`) says how rows relate, not a column to
    /// show; left for the relation readings, else refused as unplaced.
    fn relation_verb(&self, k: usize) -> bool {
        let w = self.p[k].words.to_lowercase();
        if w.contains(' ') || !w.ends_with("ed") {
            return false;
        }
        let by = format!("{w}_by");
        self.p[k].lex().unwrap_or_default().iter().chain(self.p[k].alt_lex.iter()).any(|c| match c.target {
            Target::Column(t, col) => self.m.tables.get(t).and_then(|x| x.columns.get(col)).is_some_and(|x| {
                let name = x.name.to_lowercase();
                name == by || name.starts_with(&format!("{by}_"))
            }),
            _ => false,
        })
    }

    /// "the name of rooms" where `reservations.room` points at `rooms`: a
    /// word naming both a table and another table's column that refers to
    /// it names the table (whose rows the column only points at).
    fn referenced_table(&self, t: Target) -> Target {
        let Some(s) = self.subject else { return t };
        let Some(f) = self.field_of(&t) else { return t };
        let Some(col) = f.column else { return t };
        let Some(to) = schema::points_at(self.m, f.table, col) else {
            return t;
        };
        let names_table = self.p[s]
            .lex()
            .unwrap_or_default()
            .iter()
            .chain(self.p[s].alt_lex.iter())
            .any(|c| !c.fuzzy && c.target == Target::Table(to))
            || crate::planner::tokenize::stems(&self.p[s].words) == crate::planner::tokenize::stems(&self.m.tables[to].name);
        if names_table && to != f.table {
            Target::Table(to)
        } else {
            t
        }
    }

    /// Where the columns a distinct listing asks for end: the first
    /// relative or prepositional word after the first column named ("the
    /// distinct ages *of* the heads who ...", "distinct buildings *that*
    /// have faculty rooms", "distinct publishers *for* books").
    fn distinct_boundary(&self) -> Option<usize> {
        let first = (0..self.p.len()).find(|&k| {
            !self.used[k] && matches!(self.p[k].top(), Some(Target::Column(..) | Target::Dimension(_) | Target::Unit(..)))
        })?;
        (first + 1..self.p.len()).find(|&k| {
            self.p[k].kind == PieceKind::Stop
                && matches!(
                    self.p[k].norm.as_str(),
                    "of" | "for" | "who" | "that" | "which" | "whose" | "with" | "where" | "in" | "from" | "by" | "have" | "has" | "had"
                )
        })
    }

    /// The columns a listing asks for, read from the one table that owns
    /// them all, when the pieces' best readings are spread over tables but
    /// one table has a reading of every piece ("budget type codes and
    /// descriptions": the codes' lookup table has both; the codes copied
    /// into another table do not). A bare noun ("descriptions") reads as the
    /// owner's column whose last word it is. Between tables that cover the
    /// same pieces, the one a join points at (the lookup, where the values
    /// are unique) wins over the table that refers to it, so no join
    /// multiplies its rows; then the better readings.
    fn owned_listing(&self) -> Option<Owned> {
        let distinct = self.p.iter().any(|x| matches!(x.norm.as_str(), "distinct" | "different" | "unique"));
        let boundary = if distinct { self.distinct_boundary() } else { None };
        let asked: Vec<usize> = (0..self.p.len())
            .filter(|&k| {
                !self.used[k]
                    && boundary.is_none_or(|b| k < b)
                    && matches!(self.p[k].top(), Some(Target::Column(..) | Target::Dimension(_) | Target::Unit(..)))
            })
            .collect();
        if asked.len() < 2 || self.subject.is_some_and(|s| matches!(self.p[s].top(), Some(Target::Table(_)))) {
            return None;
        }
        // Other names left unused must name the owner ("names and locations
        // of festivals"); anything else ("workshop groups in which services
        // are performed") is for the ordinary listing to place.
        let mut named: Vec<(usize, Vec<usize>)> = Vec::new();
        for k in (0..self.p.len()).filter(|&k| !self.used[k] && !asked.contains(&k)) {
            let Some(cands) = self.p[k].lex() else { continue };
            let tables: Vec<usize> = cands
                .iter()
                .filter_map(|c| match c.target {
                    Target::Table(t) => Some(t),
                    _ => None,
                })
                .collect();
            if tables.is_empty() {
                return None;
            }
            named.push((k, tables));
        }
        // Every reading of each piece, as (table, field, confidence).
        let readings: Vec<Vec<(usize, Field, f32)>> = asked
            .iter()
            .map(|&k| {
                let cands: Vec<&crate::planner::lexicon::Cand> = self.p[k]
                    .lex()
                    .unwrap_or_default()
                    .iter()
                    .chain(self.p[k].alt_lex.iter())
                    .filter(|c| !c.fuzzy && matches!(c.target, Target::Column(..) | Target::Dimension(_)))
                    .collect();
                let best = cands.iter().map(|c| c.confidence).fold(0.0f32, f32::max);
                let mut out: Vec<(usize, Field, f32)> = Vec::new();
                for c in cands.iter().filter(|c| c.confidence >= best - 0.1) {
                    let Some(f) = self.field_of(&c.target) else { continue };
                    let Some(col) = f.column else { continue };
                    if !out.iter().any(|o| o.0 == f.table) {
                        out.push((f.table, Field::Col(f.table, col), c.confidence));
                    }
                }
                // A bare noun: the column of a table whose last word it is.
                let words: Vec<&str> = self.p[k].words.split_whitespace().collect();
                if let [w] = words.as_slice() {
                    let stem = crate::planner::tokenize::stem(&w.to_lowercase());
                    for (ti, table) in self.m.tables.iter().enumerate() {
                        if out.iter().any(|o| o.0 == ti) {
                            continue;
                        }
                        let heads: Vec<usize> = (0..table.columns.len())
                            .filter(|&c| crate::planner::tokenize::stems(&table.columns[c].name).last() == Some(&stem))
                            .collect();
                        if let [c] = heads.as_slice() {
                            out.push((ti, Field::Col(ti, *c), best.min(0.8) - 0.1));
                        }
                    }
                }
                out
            })
            .collect();
        let tops: Vec<Option<usize>> =
            asked.iter().map(|&k| self.p[k].top().and_then(|t| schema::target_table(self.m, self.lx, t))).collect();
        let covering: Vec<usize> = (0..self.m.tables.len())
            .filter(|&t| readings.iter().all(|r| r.iter().any(|x| x.0 == t)) && named.iter().all(|n| n.1.contains(&t)))
            .collect();
        if covering.is_empty() || covering.iter().any(|&t| tops.iter().all(|x| *x == Some(t))) {
            return None;
        }
        let field = |t: usize, i: usize| readings[i].iter().find(|x| x.0 == t).map(|x| (x.1, x.2));
        // `a` refers to `b` for some piece: a's column is a foreign key to b's.
        let refers = |a: usize, b: usize| {
            (0..asked.len()).any(|i| match (field(a, i), field(b, i)) {
                (Some((Field::Col(_, ac), _)), Some((Field::Col(_, bc), _))) => self.m.joins.iter().any(|j| {
                    schema::column_of(self.m, &j.from) == Some((a, ac)) && schema::column_of(self.m, &j.to) == Some((b, bc))
                }),
                _ => false,
            })
        };
        let score = |t: usize| (0..asked.len()).filter_map(|i| field(t, i)).map(|x| x.1).sum::<f32>();
        let best = covering.iter().copied().find(|&t| {
            covering.iter().all(|&o| o == t || refers(o, t) || (!refers(t, o) && score(t) > score(o) + 1e-6))
        })?;
        let fields = asked.iter().enumerate().filter_map(|(i, &k)| field(best, i).map(|f| (k, f.0))).collect();
        Some((best, named.into_iter().map(|n| n.0).collect(), fields))
    }

    /// Lists the owned columns (piece, field) of table `t`, in question
    /// order; `named` are the pieces that name the table.
    fn list_owned(&mut self, (t, named, owned): Owned) -> Result<(), Refusal> {
        for k in named {
            self.take(k, MatchKind::Table, self.table_name(t), 0.9);
        }
        let mut fields: Vec<String> = Vec::new();
        let table_words = crate::planner::tokenize::stems(&self.table_name(t));
        let several = owned.len() > 1;
        for (k, f) in owned {
            // "names and locations of festivals": the word naming the table
            // read as its key says whose columns these are; it is no column.
            let words = crate::planner::tokenize::stems(&self.p[k].words);
            let names_table = !words.is_empty() && words.iter().all(|w| table_words.contains(w));
            if several && names_table && f == Field::Col(t, schema::row_key(self.m, t).unwrap_or(usize::MAX)) {
                self.take(k, MatchKind::Table, self.table_name(t), 0.9);
                continue;
            }
            let Some(info) = self.field_info(f) else { continue };
            self.take(k, MatchKind::Column, info.name.clone(), 0.8);
            if !fields.contains(&info.name) {
                fields.push(info.name);
            }
        }
        // "the ids, date opened, name, and other details for all accounts":
        // a bare "name" among them is the table's own.
        for k in 0..self.p.len() {
            self.take_head_word(k, t, &mut fields);
        }
        let distinct = self.p.iter().any(|x| matches!(x.norm.as_str(), "distinct" | "different" | "unique"));
        if distinct && self.order.is_empty() {
            for f in fields {
                self.groups.push(crate::plan::DimensionRef { name: f, grain: None });
            }
            return Ok(());
        }
        for f in self.involved.clone() {
            if !fields.contains(&f) {
                fields.push(f);
            }
        }
        self.fields = fields;
        Ok(())
    }

    /// The word at `i` closes a negated question ("never ... before",
    /// "did not ... in the past", then only punctuation). Not "Which
    /// vessels sailed before?", which asks for those that did.
    fn closing_past(&self, i: usize) -> bool {
        let closes = self.p[i + 1..].iter().all(|x| matches!(x.kind, PieceKind::Punct(_)));
        let w = self.p[i].norm.as_str();
        let in_the_past = w == "past" && i >= 2 && self.p[i - 1].norm == "the" && self.p[i - 2].norm == "in";
        let negated = self.negation_at().is_some_and(|k| k < i);
        closes && negated && (w == "before" || in_the_past)
    }

    /// Refuses when words we could not place sit where they would change the
    /// question; other leftovers are reported, not silently dropped.
    pub(super) fn check_leftovers(&mut self) -> Result<(), Refusal> {
        for i in 0..self.p.len() {
            if self.used[i] {
                continue;
            }
            let x = &self.p[i];
            match &x.kind {
                // "the greatest number of times": the rows a count already
                // counts. Not "people", who may be a population to add up.
                PieceKind::Unknown
                    if super::counted::ROW_NOUNS.contains(&x.norm.as_str())
                        && !matches!(x.norm.as_str(), "people" | "persons")
                        && self.prev_sig(i).is_some_and(|k| self.used[k] && self.p[k].cue() == Some(Cue::Count))
                        && self.measures.iter().any(|m| matches!(m.kind, MKind::Count(_))) =>
                {
                    self.mark(i);
                }
                // "the names of the oldest and youngest": an adjective of an
                // order the reading could not honour.
                PieceKind::Unknown if english::implied_order(&x.norm).is_some() => {
                    return Err(self.refuse(format!("I couldn't work out what '{}' applies to in this question.", x.words)));
                }
                // "who have never filed a complaint before", "jobs held in
                // the past": a closing adverb of time with no date says
                // nothing more.
                PieceKind::Unknown if self.closing_past(i) => {
                    self.mark(i);
                }
                // "the rooms in this inn" (`inn_1`): the dataset itself,
                // noted by `account`.
                PieceKind::Unknown if self.dataset_word(i) => {}
                PieceKind::Unknown => {
                    let prev = (0..i).rev().find(|&k| !matches!(self.p[k].norm.as_str(), "the" | "a" | "an" | "their" | "its" | "his" | "her" | "our" | "my"));
                    let after_slot = prev.is_some_and(|k| {
                        let pk = &self.p[k];
                        (matches!(pk.kind, PieceKind::Stop) && english::is_slot(&pk.norm))
                            || matches!(pk.cue(), Some(Cue::Group | Cue::Each | Cue::Null | Cue::Not | Cue::Named | Cue::Cmp(_)))
                    });
                    // "jobs that are still unfinished", "unpaid invoices":
                    // a participle negated by "un-" is a state the rows are
                    // in, a condition, not a verb linking them.
                    let negated_state = x.norm.len() > 5
                        && x.norm.starts_with("un")
                        && x.norm.ends_with("ed")
                        && crate::words::is_english_word(&x.norm[2..]);
                    let verb_like = !negated_state && x.norm.ends_with("ed")
                        || x.norm.ends_with("ing")
                        || crate::planner::verbs::is_irregular_past(&x.norm)
                        || crate::thesaurus::only_a_verb(&x.norm);
                    // "premium customers": an adjective before a noun; a
                    // participle before "by" ("provided by the department")
                    // is a verb, not one.
                    let preposition = self.p.get(i + 1).is_some_and(|n| n.norm == "by");
                    // "singers who performed in a concert", "banks that have
                    // provided loans", "authors who teach the course": right
                    // after a relative pronoun, a word that can be a verb,
                    // or after "have" a participle, is the clause's verb,
                    // which links its subject to the rows that follow; only
                    // once its WordNet relatives were tried and named
                    // nothing ("published" is a `publication`).
                    let before = i.checked_sub(1).map(|k| self.p[k].norm.as_str());
                    let after_relative = matches!(before, Some("who" | "that" | "which"));
                    let after_have = matches!(before, Some("have" | "has" | "had"));
                    // "channels that supports high definition TV": a verb
                    // whose object is a column says something of its value.
                    let object_column = self.next_sig(i).is_some_and(|n| matches!(self.p[n].top(), Some(Target::Column(..) | Target::Dimension(_))));
                    let clause_verb = x.related
                        && !object_column
                        && ((verb_like && (after_relative || after_have)) || (after_relative && crate::thesaurus::can_be_a_verb(&x.norm)));
                    let before_noun = !(verb_like && preposition) && !clause_verb && self.next_sig(i).is_some_and(|n| matches!(self.p[n].top(), Some(Target::Table(_) | Target::Dimension(_) | Target::Column(..))) && self.p[n].lex().is_some_and(|c| c.iter().all(|c| !c.fuzzy)));
                    // Anything else we cannot place is refused too, unless it reads
                    // as a verb ("ordered", "happening"): unknown nouns and
                    // adjectives ("republics", "premium") are conditions we'd drop.
                    if after_slot || x.capital || before_noun || !(verb_like || clause_verb) {
                        let what = if after_slot && prev.is_some_and(|k| matches!(self.p[k].cue(), Some(Cue::Group | Cue::Each))) {
                            format!("I don't know what '{}' is in this dataset, so I can't group by it.", x.words)
                        } else {
                            format!("I don't know what '{}' means in this dataset; answering without it would answer a different question.", x.words)
                        };
                        return Err(self.refuse_unplaced(i, what));
                    }
                    // A verb that adds no condition: noted by `account`.
                }
                PieceKind::Number(_) => {
                    return Err(self.refuse(format!("I couldn't tell what the number '{}' refers to.", x.words)));
                }
                PieceKind::Cue(Cue::Not | Cue::Null | Cue::Cmp(_) | Cue::Between | Cue::Most | Cue::Least) => {
                    return Err(self.refuse(format!("I couldn't work out what '{}' applies to in this question.", x.words)));
                }
                PieceKind::Quoted(..) => {
                    return Err(self.refuse(format!("I couldn't tell where to look for '{}'.", x.words)));
                }
                // A value left over; or "customers in Lyon" with "Lyon" read
                // as a column's name (`LName`) and left over: a name written
                // capitalised mid-sentence is most likely a value the
                // reading lost.
                PieceKind::Lex(c)
                    if c.iter().any(|c| matches!(c.target, Target::Value(..) | Target::Segment(_))) && c.first().is_some_and(|c| !c.fuzzy)
                        || x.capital && !c.iter().any(|c| matches!(c.target, Target::Table(_))) =>
                {
                    return Err(self.refuse(format!("I recognised '{}' but couldn't work out how it fits the question.", x.words)));
                }
                // A dimension named but not used would be dropped from the question.
                PieceKind::Lex(c)
                    if !self.measures.is_empty()
                        && !c.iter().any(|c| matches!(c.target, Target::Table(_)))
                        && c.first().is_some_and(|c| !c.fuzzy && c.confidence >= 0.9 && matches!(c.target, Target::Dimension(d) if self.m.dimensions[d].kind == crate::semantic::DimensionKind::Categorical))
                        // "all book categories and the number of books in
                        // each category": the group, named twice.
                        && !c.first().is_some_and(|c| matches!(c.target, Target::Dimension(d) if self.groups.iter().any(|g| g.name == self.m.dimensions[d].name || g.name == self.m.dimensions[d].column))) =>
                {
                    return Err(self.refuse(format!("I recognised '{}' but couldn't work out how it fits the question.", x.words)));
                }
                // Other names left over are checked against the plan by `account`.
                _ => {}
            }
        }
        self.at_least_one_as_existence();
        if !self.having.is_empty() && self.groups.is_empty() {
            return Err(self.refuse("A condition on a total (like 'more than 5') needs something to group by, e.g. 'by site'.".into()));
        }
        if self.measures.is_empty() && self.fields.is_empty() && self.groups.is_empty() {
            return Err(
                self.refuse("I couldn't find anything to measure or list in the question.".into())
            );
        }
        Ok(())
    }
}

impl Ctx<'_> {
    /// "the description of role code ED", "the age of the doctor named
    /// Zach": rows of one table listed under a condition on the column by
    /// which another table's rows point at them (employees by role code,
    /// friendships by name) would come once per pointing row; the
    /// condition says which rows are meant (a semi-join: `role_code IN
    /// (SELECT employees.role_code FROM employees WHERE ...)`), each listed
    /// once. A condition's column shown only because of the condition is
    /// not shown.
    pub(super) fn semi_join_listing(&mut self) {
        if !self.measures.is_empty() || !self.groups.is_empty() || self.fields.is_empty() || self.latest.is_some() || self.outliers.is_some() {
            return;
        }
        let table_of = |m: &crate::semantic::Manifest, f: &str| crate::planner::account::resolve(m, f).map(|(t, _)| t);
        let shown: Vec<Option<usize>> = self
            .fields
            .iter()
            .filter(|f| !self.involved.contains(f))
            .map(|f| table_of(self.m, f))
            .collect();
        let Some(Some(a)) = shown.first().copied() else { return };
        if shown.iter().any(|t| *t != Some(a)) {
            return;
        }
        let mut others: Vec<usize> = Vec::new();
        for f in &self.filters {
            if matches!(f.value, Some(crate::plan::Operand::Rows { .. } | crate::plan::Operand::Column { .. })) {
                continue;
            }
            match table_of(self.m, &f.field) {
                Some(b) if b != a && !others.contains(&b) => others.push(b),
                _ => {}
            }
        }
        // Order keys on the other table need its rows.
        for b in others {
            if !self.sc.reaches(b, a) || self.sc.reaches(a, b) {
                continue;
            }
            if self.order.iter().any(|o| table_of(self.m, &o.by) == Some(b)) {
                continue;
            }
            if self.fields.iter().any(|f| table_of(self.m, f) == Some(b) && !self.involved.contains(f)) {
                continue;
            }
            let Some((key, fk)) = schema::reverse_key(self.m, a, b) else { continue };
            // Only conditions on the pointing column itself ("the doctor
            // named Zach" where friendships point at people by name): a
            // condition on another column of the other table ("students
            // who are on scholarship") is read, as Spider's gold reads it,
            // as a join that shows a row per match.
            let fk_name = schema::qualified(self.m, b, fk);
            let on_fk_only = self
                .filters
                .iter()
                .filter(|f| table_of(self.m, &f.field) == Some(b))
                .all(|f| f.field.eq_ignore_ascii_case(&fk_name) || self.field_info(Field::Col(b, fk)).is_some_and(|i| i.name == f.field));
            if !on_fk_only {
                continue;
            }
            let (inner, rest): (Vec<crate::plan::Filter>, Vec<crate::plan::Filter>) = std::mem::take(&mut self.filters)
                .into_iter()
                .partition(|f| table_of(self.m, &f.field) == Some(b) && !matches!(f.value, Some(crate::plan::Operand::Rows { .. } | crate::plan::Operand::Column { .. })));
            self.filters = rest;
            self.filters.push(crate::plan::Filter {
                field: schema::qualified(self.m, a, key),
                op: crate::plan::Op::In,
                value: Some(crate::plan::Operand::Rows { column: schema::qualified(self.m, b, fk), filters: inner }),
            });
            let m = self.m;
            self.fields.retain(|f| table_of(m, f) != Some(b));
        }
    }
}

impl Ctx<'_> {
    /// "all the product data", "all customer information": "all", the
    /// listed table's noun, then a word for its contents; the piece of that
    /// word.
    fn all_of_table_data(&self, t: usize) -> Option<usize> {
        (2..self.p.len()).find(|&k| {
            let x = &self.p[k];
            let noun = &self.p[k - 1];
            let before = if self.p[k - 2].norm == "the" && k >= 3 { &self.p[k - 3] } else { &self.p[k - 2] };
            x.lex().is_none()
                && matches!(x.norm.as_str(), "data" | "information" | "info" | "details" | "detail")
                && noun.lex().is_some_and(|c| c.iter().any(|c| !c.fuzzy && c.target == Target::Table(t)))
                && before.norm == "all"
        })
    }

    /// True when piece `k` ends with the word "id" ("payment Id", "customer
    /// event ids"): the key column asked for, not the rows it names.
    pub(super) fn says_id(&self, k: usize) -> bool {
        self.p[k].words.split_whitespace().last().is_some_and(|w| w.eq_ignore_ascii_case("id") || w.eq_ignore_ascii_case("ids")) || self.spells_key(k)
    }

    /// "the batch number" for `batches.batch_num`, "booking codes": the
    /// words spell a table's key column whole, a thing of its own named
    /// and numbered (two words or more, the last a key word), not the rows.
    fn spells_key(&self, k: usize) -> bool {
        let said = crate::planner::tokenize::stems(&self.p[k].words);
        if said.len() < 2 || !said.last().is_some_and(|w| matches!(w.as_str(), "number" | "code")) {
            return false;
        }
        self.p[k].lex().is_some_and(|cs| {
            cs.iter().any(|c| match c.target {
                Target::Column(t, col) => {
                    let table = &self.m.tables[t];
                    table.primary_key.as_deref().is_some_and(|pk| pk.eq_ignore_ascii_case(&table.columns[col].name))
                        && crate::planner::tokenize::stems(&table.columns[col].name) == said
                }
                _ => false,
            })
        })
    }
}
