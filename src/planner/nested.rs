//! Comparisons with an aggregate of a set: "salary above the average",
//! "budget more than the average budget", "younger than average", "less
//! than the largest salary", "higher than the salary of all instructors in
//! Biology", "older than every engineer", "departments whose average salary
//! is above the average salary" (a measure against the aggregate, HAVING).
//! The plan gets an `Operand::Aggregate`; the compiler writes the subquery.
//!
//! Invariants: the form is read only when a comparison cue is followed by
//! an aggregate word ("average", "maximum", "largest", ...) or by "all" /
//! "every" and a noun; the compared column is the one named before the cue,
//! else the one the cue's own adjective implies ("older" -> an `age`
//! column), else the one after the aggregate word, and a question naming
//! none of them is refused. A set restricted after the aggregate ("of all
//! X in Y", "across X", "for a Z") must consist only of the aggregated
//! table's noun and values of that table; anything else there makes the
//! planner refuse rather than move the condition to the outer rows.
//! "any" ("higher than any engineer") is left alone: English reads it both
//! as "than every" and "than some".

use crate::plan::{Agg, Filter, Op, Operand};
use crate::planner::build::{Ctx, MDraft, MKind, Refusal};
use crate::planner::english::{implied_order, Cue};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::FieldInfo;
use crate::planner::tokenize::split_identifier;
use crate::planner::MatchKind;

/// Words that introduce the set an aggregate is taken over.
const SET_WORDS: &[&str] = &["of", "for", "among", "across", "amongst"];

/// What the aggregate side of the comparison was read as.
struct Rhs {
    agg: Agg,
    /// The aggregate word's piece ("average", "largest"), if any.
    word: Option<usize>,
    /// The aggregated column, when named, and its piece.
    column: Option<(usize, FieldInfo)>,
    /// Where a restriction of the set may start.
    rest: Option<usize>,
    /// "all" / "every": the set is named by a noun right away.
    universal: bool,
}

impl Ctx<'_> {
    /// Reads the comparison cue at `i` as a comparison with an aggregate of
    /// a set when what follows it says so. Ok(false): not this form (the
    /// plain comparison passes try it).
    pub(super) fn nested_comparison(&mut self, i: usize, op: Op) -> Result<bool, Refusal> {
        let Some(rhs) = self.aggregate_side(i, op) else {
            return Ok(false);
        };
        // "departments whose average salary is above ...": a metric before the cue.
        // Several words ("average salary"): a column's own name is no metric here.
        if let Some(k) = self.prev_sig(i).filter(|&k| !self.used[k] && self.p[k].words.split_whitespace().count() > 1) {
            if let Some(Target::Metric(mi)) = self.p[k].top().cloned() {
                return self.metric_against(i, op, k, mi, rhs).map(|()| true);
            }
        }
        let wanted = |f: &FieldInfo, agg: Agg| match agg {
            Agg::Avg | Agg::Median | Agg::Sum => f.numeric && !f.temporal,
            _ => f.numeric || f.temporal,
        };
        let left = self
            .nearest_before(i, false)
            .filter(|(_, f)| wanted(f, rhs.agg) && !self.is_key(f))
            .or_else(|| self.implied_by_cue(i).map(|f| (i, f)));
        let (left_at, left) = match (left, &rhs.column) {
            (Some(l), _) => (Some(l.0).filter(|&k| k != i), l.1),
            (None, Some((_, c))) => (None, c.clone()),
            (None, None) => {
                return Err(self.refuse(format!(
                    "I couldn't tell which column '{}' compares with the {}; name it, e.g. 'price {} the {} price'.",
                    self.p[i].words,
                    agg_word(rhs.agg),
                    self.p[i].words,
                    agg_word(rhs.agg)
                )))
            }
        };
        let column = rhs.column.as_ref().map(|c| c.1.clone()).unwrap_or_else(|| left.clone());
        if !wanted(&left, rhs.agg) || !wanted(&column, rhs.agg) || left.temporal != column.temporal {
            return Err(self.refuse(format!(
                "'{}' compares {} with the {} of {}, which are not the same kind of values.",
                self.p[i].words,
                left.label,
                agg_word(rhs.agg),
                column.label
            )));
        }
        let filters = match rhs.rest {
            Some(r) => self.set_conditions(r, &column, rhs.universal, i)?,
            None => Vec::new(),
        };
        // The measure form: "whose average salary is above ...".
        let measure_agg = left_at.and_then(|k| self.prev_sig(k)).and_then(|k| match self.p[k].cue() {
            Some(Cue::Agg(a)) if !self.used[k] && matches!(a, Agg::Avg | Agg::Sum | Agg::Max | Agg::Min | Agg::Median) => {
                Some((k, a))
            }
            _ => None,
        });
        let value = Some(Operand::Aggregate { agg: rhs.agg, column: column.name.clone(), filters });
        if let Some(k) = left_at {
            self.take(k, MatchKind::Column, left.name.clone(), self.confidence_of(k));
        }
        if let Some((k, _)) = &rhs.column {
            self.take(*k, MatchKind::Column, column.name.clone(), self.confidence_of(*k));
        }
        if let Some(w) = rhs.word {
            self.take(w, MatchKind::Aggregate, rhs.agg.word().into(), 1.0);
        }
        let target = format!("{} {} {} of {}", left.name, op.symbol(), rhs.agg.word(), column.name);
        self.take(i, MatchKind::Comparison, target, 0.9);
        match (measure_agg, left_at) {
            (Some((k, a)), Some(at)) => {
                let f = match left.dim {
                    Some(d) => Field::Dim(d),
                    None => Field::Col(left.table, left.column.unwrap_or_default()),
                };
                let col = left
                    .column
                    .and_then(|c| self.m.tables.get(left.table)?.columns.get(c))
                    .map(|c| c.name.to_lowercase())
                    .unwrap_or_default();
                let alias = format!("{}_{col}", a.word());
                self.take(k, MatchKind::Aggregate, a.word().into(), 1.0);
                self.measures.push(MDraft {
                    kind: MKind::Agg(a, f),
                    filters: Vec::new(),
                    share: false,
                    alias: Some(alias.clone()),
                    at,
                    words: format!("{} {}", self.p[k].words, self.p[at].words),
                });
                self.having.push(Filter { field: alias, op, value });
            }
            _ => {
                self.involved.push(left.name.clone());
                self.filters.push(Filter { field: left.name, op, value });
            }
        }
        Ok(true)
    }

    /// A metric (piece `k`) compared with the aggregate: a HAVING on it.
    /// The aggregate's column must be named ("above the average salary").
    fn metric_against(&mut self, i: usize, op: Op, k: usize, mi: usize, rhs: Rhs) -> Result<(), Refusal> {
        // "average salary greater than the overall average": the metric's own column.
        let own = self
            .lx
            .metric_aggs
            .get(mi)
            .and_then(|a| a.as_ref()?.column)
            .and_then(|(t, c)| self.field_info(Field::Col(t, c)));
        let Some((ck, column)) = rhs.column.clone().map(|(ck, c)| (Some(ck), c)).or_else(|| own.map(|c| (None, c))) else {
            return Err(self.refuse(format!(
                "I couldn't tell which column's {} '{}' compares {} with.",
                agg_word(rhs.agg),
                self.p[i].words,
                self.p[k].words
            )));
        };
        if !column.numeric || column.temporal {
            return Err(self.refuse(format!("'{}' compares {} with {}, which is not a number.", self.p[i].words, self.p[k].words, column.label)));
        }
        let filters = match rhs.rest {
            Some(r) => self.set_conditions(r, &column, rhs.universal, i)?,
            None => Vec::new(),
        };
        let name = self.m.metrics[mi].name.clone();
        self.take(k, MatchKind::Metric, name.clone(), self.confidence_of(k));
        self.add_measure(MKind::Metric(mi), k, self.p[k].words.clone());
        if let Some(ck) = ck {
            self.take(ck, MatchKind::Column, column.name.clone(), self.confidence_of(ck));
        }
        if let Some(w) = rhs.word {
            self.take(w, MatchKind::Aggregate, rhs.agg.word().into(), 1.0);
        }
        let target = format!("{name} {} {} of {}", op.symbol(), rhs.agg.word(), column.name);
        self.take(i, MatchKind::Comparison, target, 0.9);
        self.having.push(Filter {
            field: name,
            op,
            value: Some(Operand::Aggregate { agg: rhs.agg, column: column.name, filters }),
        });
        Ok(())
    }

    /// What follows the cue at `i`, read as an aggregate of a set.
    fn aggregate_side(&mut self, i: usize, op: Op) -> Option<Rhs> {
        let mut j = self.next_sig(i)?;
        // "the overall average": "overall" only says "of all rows".
        if self.p[j].norm == "overall" && matches!(self.cue_at(self.next_sig(j)), Some(Cue::Agg(_))) {
            self.mark(j);
            j = self.next_sig(j)?;
        }
        let every = |op: Op| match op {
            Op::Gt | Op::Ge => Some(Agg::Max),
            Op::Lt | Op::Le => Some(Agg::Min),
            _ => None,
        };
        let all_between = |s: &Self, a: usize, b: usize| (a + 1..b).any(|k| s.p[k].norm == "all");
        // "the average budget" read as a metric that is a simple aggregate of a column.
        if let Some((agg, f)) = self.aggregate_metric_at(j) {
            let rhs = Rhs { agg, word: None, rest: Some(j + 1), column: Some((j, f)), universal: false };
            return Some(rhs);
        }
        match self.p[j].cue() {
            Some(Cue::Agg(agg @ (Agg::Avg | Agg::Median | Agg::Max | Agg::Min))) if !self.used[j] => {
                // The aggregated column is named right after the word ("the average price").
                let column = (j + 1 < self.p.len()).then_some(j + 1).and_then(|k| self.numeric_column_at(k).map(|f| (k, f)));
                let end = column.as_ref().map_or(j, |c| c.0);
                Some(Rhs { agg, word: Some(j), rest: Some(end + 1), column, universal: false })
            }
            Some(c @ (Cue::Most | Cue::Least)) if !self.used[j] => {
                let agg = if c == Cue::Most { Agg::Max } else { Agg::Min };
                let k = j + 1;
                let column = self.numeric_column_at(k)?;
                Some(Rhs { agg, word: Some(j), rest: Some(k + 1), column: Some((k, column)), universal: false })
            }
            // "older than every engineer".
            Some(Cue::Each) if !self.used[j] => {
                let agg = every(op)?;
                let k = self.next_sig(j)?;
                if !self.names_set(k) {
                    return None;
                }
                self.mark(j);
                Some(Rhs { agg, word: None, rest: Some(k), column: None, universal: true })
            }
            _ => {
                let agg = every(op)?;
                // "greater than all engineers".
                if all_between(self, i, j) && self.names_set(j) {
                    return Some(Rhs { agg, word: None, rest: Some(j), column: None, universal: true });
                }
                // "higher than the salary of all instructors in Biology".
                let column = self.numeric_column_at(j)?;
                let k = self.next_sig(j)?;
                let every_word = self.p[k].cue() == Some(Cue::Each);
                if !(all_between(self, j, k) || every_word) || self.p[j + 1].norm != "of" {
                    return None;
                }
                let k = if every_word {
                    self.mark(k);
                    self.next_sig(k)?
                } else {
                    k
                };
                self.table_at(k).filter(|&t| t == column.table)?;
                Some(Rhs { agg, word: None, rest: Some(k), column: Some((j, column)), universal: true })
            }
        }
    }

    /// The numeric (or date) column piece `k` names, unused, not a key.
    fn numeric_column_at(&mut self, k: usize) -> Option<FieldInfo> {
        if k >= self.p.len() || self.used[k] || !matches!(self.p[k].kind, PieceKind::Lex(_)) {
            return None;
        }
        self.pick(k, &|t| matches!(t, Target::Column(..) | Target::Dimension(_) | Target::Unit(..)))
            .and_then(|c| self.field_of(&c.target))
            .filter(|f| (f.numeric || f.temporal) && !self.is_key(f))
    }

    /// Piece `k` names a metric that is avg/median/max/min of one column:
    /// (the aggregate, the column).
    fn aggregate_metric_at(&self, k: usize) -> Option<(Agg, FieldInfo)> {
        if k >= self.p.len() || self.used[k] {
            return None;
        }
        let Some(Target::Metric(mi)) = self.p[k].top() else {
            return None;
        };
        let simple = self.lx.metric_aggs.get(*mi)?.as_ref()?;
        let (t, c) = simple.column?;
        if !matches!(simple.agg, Agg::Avg | Agg::Median | Agg::Max | Agg::Min) {
            return None;
        }
        Some((simple.agg, self.field_info(Field::Col(t, c))?))
    }

    /// Piece `k` names a set of rows: a table ("engineers" as a table) or
    /// a value ("engineers" as an occupation).
    fn names_set(&self, k: usize) -> bool {
        self.table_at(k).is_some()
            || !self.used[k] && self.p[k].lex().is_some_and(|c| c.iter().any(|c| matches!(c.target, Target::Value(..))))
    }

    /// The table piece `k` names (unused, not a typo's guess).
    pub(super) fn table_at(&self, k: usize) -> Option<usize> {
        if self.used[k] {
            return None;
        }
        self.exact_table(k)
    }

    /// The table piece `k` names, used or not (not a typo's guess).
    pub(super) fn exact_table(&self, k: usize) -> Option<usize> {
        self.p[k].lex()?.iter().find_map(|c| match c.target {
            Target::Table(t) if !c.fuzzy => Some(t),
            _ => None,
        })
    }

    fn confidence_of(&self, k: usize) -> f32 {
        self.p[k].lex().and_then(|c| c.first()).map_or(1.0, |c| c.confidence)
    }

    /// "older than" -> the `age` column of the subject's table, through the
    /// superlative the cue's adjective forms ("older" -> "oldest").
    fn implied_by_cue(&self, i: usize) -> Option<FieldInfo> {
        let first = self.p[i].words.split_whitespace().next()?.to_lowercase();
        let stem = first.strip_suffix("er")?;
        let superlative = format!("{stem}est");
        let (word, _) = implied_order(&superlative)?;
        let t = self
            .subject
            .and_then(|s| self.p[s].top().and_then(|t| crate::planner::schema::target_table(self.m, self.lx, t)))
            .or(self.base)?;
        let c = self.m.tables[t].columns.iter().position(|c| split_identifier(&c.name).iter().any(|w| w == word))?;
        self.field_info(Field::Col(t, c))
    }

    /// The conditions restricting the aggregated set, from piece `from`:
    /// "of all instructors in the Biology department", "across customers",
    /// "for a friend". Empty when no set is named there. `universal`: the
    /// set's noun comes first, with no introducing word.
    fn set_conditions(&mut self, from: usize, column: &FieldInfo, universal: bool, cue: usize) -> Result<Vec<Filter>, Refusal> {
        let table = column.table;
        if from >= self.p.len() {
            return Ok(Vec::new());
        }
        if !universal && !SET_WORDS.contains(&self.p[from].norm.as_str()) {
            // "salary above the average in Biology": the Biology average, or
            // Biology's instructors above the overall one? Refuse.
            let place = ["in", "from", "at", "within"].contains(&self.p[from].norm.as_str());
            if let Some(v) = self.next_sig(from).filter(|&v| place && !self.used[v]) {
                if self.p[v].lex().is_some_and(|c| c.iter().any(|c| matches!(c.target, Target::Value(..)))) {
                    return Err(self.refuse(format!(
                        "I couldn't tell whether '{}' restricts the set that '{}' compares with or the rows listed; \
                         say e.g. 'the average of those in {}'.",
                        self.p[v].words, self.p[cue].words, self.p[v].words
                    )));
                }
            }
            return Ok(Vec::new());
        }
        let mut filters: Vec<Filter> = Vec::new();
        let mut noun = false;
        let mut last_field: Option<FieldInfo> = None;
        let mut k = from;
        while k < self.p.len() {
            if self.used[k] {
                break;
            }
            let kind = self.p[k].kind.clone();
            match &kind {
                PieceKind::Stop | PieceKind::Soft => {}
                PieceKind::Cue(Cue::Each) => self.mark(k),
                PieceKind::Cue(Cue::Group) if k == from && self.p[k].norm == "across" => self.mark(k),
                PieceKind::Lex(_) => {
                    if self.table_at(k) == Some(table) && !noun {
                        noun = true;
                        let name = self.table_name(table);
                        self.take(k, MatchKind::Table, name, self.confidence_of(k));
                    } else if let Some((f, fi)) = self.set_value(k, table) {
                        last_field = Some(fi);
                        filters.push(f);
                    } else if let Some(f) = self.column_naming(k, last_field.as_ref()) {
                        // "the Biology department": the column the value is of.
                        self.take(k, MatchKind::Column, f, self.confidence_of(k));
                    } else if self.column_naming(k, Some(column)).is_some() {
                        // "the average of all revenues": the aggregated column itself.
                        self.take(k, MatchKind::Column, column.name.clone(), self.confidence_of(k));
                    } else {
                        return Err(self.refuse(format!(
                            "I couldn't tell whether '{}' restricts the set that '{}' compares with or the rows listed.",
                            self.p[k].words, self.p[cue].words
                        )));
                    }
                }
                PieceKind::Unknown | PieceKind::Number(_) | PieceKind::Quoted(..) | PieceKind::Time(_) => {
                    if !noun && filters.is_empty() {
                        break;
                    }
                    return Err(self.refuse(format!(
                        "I couldn't tell whether '{}' restricts the set that '{}' compares with or the rows listed.",
                        self.p[k].words, self.p[cue].words
                    )));
                }
                _ => break,
            }
            k += 1;
        }
        if !noun && filters.is_empty() {
            return Ok(Vec::new());
        }
        if let Some(s) = (from..k).find(|&s| SET_WORDS.contains(&self.p[s].norm.as_str())) {
            self.mark(s);
        }
        Ok(filters)
    }

    /// A value of a column of `table` at piece `k`, as a condition.
    fn set_value(&mut self, k: usize, table: usize) -> Option<(Filter, FieldInfo)> {
        let c = self.pick(k, &|t| matches!(t, Target::Value(..)))?;
        let Target::Value(f, _) = &c.target else {
            return None;
        };
        let fi = self.field_info(*f)?;
        if fi.table != table {
            return None;
        }
        let filter = self.condition_of(k)?;
        self.take(k, MatchKind::Value, self.describe(&c.target), c.confidence);
        Some((filter, fi))
    }

    /// Piece `k` names the field `field`: the field itself, or the table
    /// the field refers to ("the Biology department" when the value is of
    /// a column referencing `department`).
    fn column_naming(&mut self, k: usize, field: Option<&FieldInfo>) -> Option<String> {
        let field = field?;
        let refers = |s: &Self, t: usize| {
            field.column.is_some() && crate::planner::schema::foreign_key(s.m, field.table, t) == field.column
        };
        let own = self
            .pick(k, &|t| matches!(t, Target::Column(..) | Target::Dimension(_)))
            .and_then(|c| self.field_of(&c.target))
            .is_some_and(|f| f.name == field.name);
        let referenced = self.p[k].lex().is_some_and(|c| {
            c.iter().any(|c| matches!(c.target, Target::Table(t) if !c.fuzzy && t != field.table && refers(self, t)))
        });
        (own || referenced).then(|| field.name.clone())
    }
}

fn agg_word(agg: Agg) -> &'static str {
    match agg {
        Agg::Avg => "average",
        Agg::Max => "maximum",
        Agg::Min => "minimum",
        Agg::Median => "median",
        _ => agg.word(),
    }
}
