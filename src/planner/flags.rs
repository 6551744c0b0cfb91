//! Yes/no columns said as a predicate: "medicines that are FDA approved",
//! "students who are on scholarship", "the heads who are acting". A column
//! whose only values are a yes and a no (`Y`/`N`, `Yes`/`No`, `T`/`F`,
//! `true`/`false`, `1`/`0`), named after "is/are/was/were" or "who/that"
//! with no negation, is a condition that the row says yes, not a column to
//! list (listing it would show every row, the yes and the no).
//!
//! A negated predicate ("medicines not approved by the FDA", "models that
//! do not have wifi") is a condition that the row says no.
//!
//! A column whose two values are a "No" (or "None") and something else
//! ("802.11b" for `wifi`) says what a row has, or that it has none.
//!
//! Invariants: only BOOLEAN columns and columns with a known pair of
//! yes/no values (a dimension's value list) are read so.

use crate::plan::{Filter, Op, Operand};
use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema::FieldInfo;
use crate::planner::MatchKind;

/// Pairs of values that mean yes and no, yes first.
const PAIRS: &[(&str, &str)] = &[("y", "n"), ("yes", "no"), ("t", "f"), ("true", "false"), ("1", "0")];

/// Words after which a column word is said of the rows ("who are ...").
const PREDICATE: &[&str] = &["is", "are", "was", "were", "been", "be", "who", "that", "which", "have", "has", "had", "do", "does", "did"];

/// Words that negate a predicate.
const NEGATION: &[&str] = &["not", "no", "never", "non", "without", "n't", "nt"];

/// The values meaning yes and no, when a dimension's values are exactly
/// those two.
pub(super) fn yes_and_no(values: &[String]) -> Option<(String, String)> {
    if values.len() != 2 {
        return None;
    }
    let low: Vec<String> = values.iter().map(|v| v.trim().to_lowercase()).collect();
    PAIRS
        .iter()
        .find_map(|(y, n)| {
            let yes = low.iter().position(|v| v == y)?;
            let no = low.iter().position(|v| v == n)?;
            Some((values[yes].clone(), values[no].clone()))
        })
        .or_else(|| {
            // `wifi` holding "802.11b" or "No": what a row has, or a no.
            let no = low.iter().position(|v| matches!(v.as_str(), "no" | "none"))?;
            let yes = 1 - no;
            (!matches!(low[yes].as_str(), "" | "yes" | "y" | "no" | "n" | "none")).then(|| (values[yes].clone(), values[no].clone()))
        })
}

impl Ctx<'_> {
    /// Reads yes/no columns said as predicates as filters on their yes value.
    pub(super) fn yes_no_flags(&mut self) {
        for j in 0..self.p.len() {
            if self.used[j] || !matches!(self.p[j].top(), Some(Target::Column(..) | Target::Dimension(_))) {
                continue;
            }
            // "attribute definitions that have attribute value 0": the value is said.
            if self.next_sig(j).is_some_and(|n| matches!(self.p[n].kind, PieceKind::Number(_))) {
                continue;
            }
            // "medicines that are FDA approved": a noun, a predicate, the
            // column; "volunteers with a driving licence"; "rush projects":
            // the column said before its rows' noun.
            let Some(noun) = self.noun_before_predicate(j).or_else(|| self.noun_after_flag(j)).or_else(|| self.flag_names_rows(j)) else { continue };
            // "medicines not approved by the FDA", "models that do not
            // have wifi": the no value, the negation read with it.
            // "kayaks that are out of service": "out of" is a no too.
            let out_of = |k: usize| self.p[k].norm == "out" && self.p.get(k + 1).is_some_and(|x| x.norm == "of");
            let negation = (noun..j).find(|&k| NEGATION.contains(&self.p[k].norm.as_str()) || out_of(k) || matches!(self.p[k].cue(), Some(Cue::Not | Cue::Null)));
            let Some(c) = self.pick(j, &|t| matches!(t, Target::Column(..) | Target::Dimension(_))) else { continue };
            let Some(f) = self.field_of(&c.target) else { continue };
            let Some((yes, no)) = self.yes_and_no(&f) else { continue };
            // "breeds that have no champion dogs", "specialties that have
            // no master artisan": no row of the flag's table is one, which
            // is not a row that is not one.
            if self.noun_after_flag(j).is_some() && (j.saturating_sub(2)..j).any(|k| matches!(self.p[k].cue(), Some(Cue::Null)) || matches!(self.p[k].norm.as_str(), "no" | "without" | "none")) {
                continue;
            }
            let value = if negation.is_some() { no } else { yes };
            if self.filters.iter().any(|x| x.field == f.name) {
                continue;
            }
            if let Some(k) = negation {
                self.mark(k);
            }
            self.take(j, MatchKind::Value, format!("{} = {value}", f.name), c.confidence);
            self.filters.push(Filter { field: f.name, op: Op::Eq, value: Some(Operand::Value(value)) });
        }
    }

    /// The values meaning yes and no of a yes/no field: `true`/`false` for
    /// a BOOLEAN column, else a dimension's two values when they are a yes
    /// and a no.
    pub(super) fn yes_and_no(&self, f: &FieldInfo) -> Option<(serde_json::Value, serde_json::Value)> {
        if f.column.is_some_and(|col| self.m.tables[f.table].columns[col].ty.eq_ignore_ascii_case("BOOLEAN")) {
            return Some((serde_json::Value::Bool(true), serde_json::Value::Bool(false)));
        }
        // `Is_Live`, `has_shop` stored as a number: 1 is yes, 0 no.
        if let Some(col) = f.column.map(|c| &self.m.tables[f.table].columns[c]) {
            let first = crate::planner::tokenize::split_identifier(&col.name).into_iter().next().unwrap_or_default();
            if matches!(first.as_str(), "is" | "has") && crate::semantic::is_integer(&col.ty) {
                return Some((serde_json::json!(1), serde_json::json!(0)));
            }
        }
        let (yes, no) = yes_and_no(&self.m.dimensions[f.dim?].values)?;
        Some((serde_json::Value::String(yes), serde_json::Value::String(no)))
    }

    /// "rush projects", "perishable food items": a yes/no column of a table
    /// said right before that table's noun; the noun's piece.
    /// "official languages" in a table of a country's languages: the noun
    /// is the table's label column, or a text column the table is named
    /// after (`language` of `countrylanguage`).
    fn noun_after_flag(&self, j: usize) -> Option<usize> {
        let n = j + 1;
        let x = self.p.get(n)?;
        let t = match x.top() {
            Some(Target::Table(t)) => *t,
            Some(Target::Column(t, c)) if self.names_its_rows(*t, *c) => *t,
            _ => return None,
        };
        let f = self.pick_field(j)?;
        (f.table == t && self.yes_and_no(&f).is_some()).then_some(n)
    }

    /// "the club members" with an `Is_Club_Member` column, "the Oscar
    /// winners": a yes/no column named in the plural by all its words
    /// (but "is", "has") after an article names the rows that are it; the
    /// piece itself, or the "non" before it.
    fn flag_names_rows(&self, j: usize) -> Option<usize> {
        let x = &self.p[j];
        if !x.plural || x.capital || j == 0 {
            return None;
        }
        let before = j - 1;
        let negated = matches!(self.p[before].norm.as_str(), "non" | "not");
        let article = if negated { before.checked_sub(1)? } else { before };
        if !matches!(self.p[article].norm.as_str(), "the" | "all" | "of" | "are" | "were") {
            return None;
        }
        let f = self.pick_field(j)?;
        let col = &self.m.tables[f.table].columns[f.column?];
        let words: Vec<String> = crate::planner::tokenize::split_identifier(&col.name).into_iter().filter(|w| !matches!(w.as_str(), "is" | "has")).collect();
        let said: Vec<String> = x.words.split_whitespace().map(crate::planner::tokenize::stem).collect();
        let all_said = !words.is_empty() && words.iter().all(|w| said.iter().any(|s| *s == crate::planner::tokenize::stem(w)));
        // What follows may not be a noun it describes ("club member fees").
        let noun_after = self.next_sig(j).is_some_and(|n| matches!(self.p[n].kind, PieceKind::Lex(_)) && self.p[n].norm != "and");
        (all_said && !noun_after && self.yes_and_no(&f).is_some()).then_some(if negated { before } else { j })
    }

    /// True when column `c` of table `t` holds text naming the table's
    /// rows: its label, or a column the table is named after.
    fn names_its_rows(&self, t: usize, c: usize) -> bool {
        let table = &self.m.tables[t];
        let col = &table.columns[c];
        let text = !crate::semantic::is_numeric(&col.ty) && !crate::semantic::is_temporal(&col.ty) && !col.ty.eq_ignore_ascii_case("BOOLEAN");
        let name = col.name.to_lowercase();
        text && (table.label.as_deref() == Some(col.name.as_str()) || name.len() >= 4 && table.name.to_lowercase().contains(&name))
    }

    /// The column or dimension piece `j` reads first, as a field.
    fn pick_field(&self, j: usize) -> Option<FieldInfo> {
        let c = self.p[j].lex()?.iter().find(|c| !c.fuzzy && matches!(c.target, Target::Column(..) | Target::Dimension(_)))?;
        self.field_of(&c.target)
    }

    /// True when piece `k` is a yes/no column ("a shed" before "and a water tap").
    pub(super) fn is_flag(&self, k: usize) -> bool {
        self.pick_field(k).is_some_and(|f| self.yes_and_no(&f).is_some())
    }

    /// The noun piece said to be what column piece `j` says: it comes just
    /// before a predicate ("who are", "that is", "with") leading to `j`,
    /// maybe across other yes/no columns joined by "and" ("plots that have
    /// both a shed and a water tap").
    fn noun_before_predicate(&self, j: usize) -> Option<usize> {
        let mut saw_predicate = false;
        let mut after_and = false;
        let mut participle = false;
        for k in (0..j).rev() {
            let w = self.p[k].norm.as_str();
            if PREDICATE.contains(&w) || matches!(w, "with" | "without") && k + 1 < j {
                saw_predicate = true;
                continue;
            }
            if !saw_predicate && (w == "and" || w == "both") {
                after_and |= w == "and";
                continue;
            }
            if after_and && !saw_predicate && self.is_flag(k) {
                continue;
            }
            // "the ids for those on scholarship": the pronoun is the rows
            // and says the predicate itself.
            if matches!(w, "those" | "ones") {
                return Some(k);
            }
            if matches!(w, "the" | "a" | "an" | "on" | "in" | "currently") || NEGATION.contains(&w) {
                continue;
            }
            // "the rentals for which damage was reported": a preposition
            // before the relative pronoun.
            if saw_predicate && matches!(w, "for" | "of" | "at") && self.p.get(k + 1).is_some_and(|x| matches!(x.norm.as_str(), "which" | "whom")) {
                continue;
            }
            // "the programs that go out live": the clause's own verb and
            // particle between the pronoun and the column. "the shows held
            // indoors": a participle right after the rows' noun says it.
            if !saw_predicate && matches!(self.p[k].kind, PieceKind::Soft | PieceKind::Unknown | PieceKind::Stop) && !self.used[k] && !self.p[k].words.contains(' ') && j - k <= 2 {
                participle |= k + 1 == j && crate::planner::agent::participle(self.p, k);
                continue;
            }
            if participle && !saw_predicate && matches!(self.p[k].top(), Some(Target::Table(_))) {
                return Some(k);
            }
            // "student ids who are on scholarship": the noun comes before
            // the word for what is listed of it.
            if saw_predicate && matches!(w, "id" | "ids" | "name" | "names") {
                continue;
            }
            return (saw_predicate && matches!(self.p[k].top(), Some(Target::Table(_) | Target::Column(..) | Target::Dimension(_))))
                .then_some(k);
        }
        None
    }
}
