//! Values placed by the data: a quoted or capitalised value the question
//! names goes on the text column that holds it, looked up in the dataset's
//! value index ([`crate::dataset::value_index`]), not on the column its
//! neighbouring words suggest when that column never holds it.
//!
//! Invariants: the column the words chose is kept whenever it holds the
//! value, or when its list is capped (it might); the value is written as
//! stored in the data (`=` is exact); a value held by no column is refused
//! by name only when the chosen column's list is complete (a zero-row
//! answer otherwise), and a value held by several columns that the
//! question's words do not tell apart is refused naming them, never
//! guessed. Without an index (datasets added before it) nothing changes.

use crate::plan::{Filter, Op, Operand};
use crate::planner::build::Ctx;
use crate::planner::MatchKind;
use crate::planner::lexicon::{Field, Target};
use crate::dataset::value_index::ValueLookup;
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::Lexicon;
use crate::planner::schema::{self, FieldInfo, Schema};
use crate::semantic::Manifest;

/// Where the data puts a value.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Placement {
    /// No index, or it cannot tell: keep the column the words chose.
    Keep,
    /// This column holds it, spelled so: (field, stored value, confidence).
    Column(FieldInfo, String, f32),
    /// A name split over two columns of one table, as stored there
    /// ("Janessa Sawayn": first name Janessa, last name Sawayn).
    Split([(FieldInfo, String); 2], f32),
    /// Not a whole value of the chosen column but words inside some of its
    /// values ("6862 Kaitlyn Knolls" of "6862 Kaitlyn Knolls Suite 9"): a
    /// match of the text anywhere in it.
    Inside(FieldInfo, f32),
    /// The data says the question cannot be answered as read: why.
    Refuse(String),
}

/// Looks like a number or a date: it may be held by a column that is not
/// text, which the index does not list.
fn not_text(s: &str) -> bool {
    let t = s.trim();
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '/' | ':' | ',' | '+' | ' '))
}

fn capital_value(x: &Piece) -> bool {
    x.capital && x.lex().is_some_and(|c| !c.is_empty() && c.iter().all(|c| !c.fuzzy && matches!(c.target, Target::Value(..))))
}

fn capital_unknown(x: &Piece) -> bool {
    x.capital && x.kind == PieceKind::Unknown
}

/// "How many activities does Mark Giuliano participate in?": capitalised
/// words side by side, one of them a listed value of some column ("Mark",
/// a student's first name) and another unknown, are one person's name when
/// the data splits the whole over two columns of one table (a faculty
/// member's first and last name) and no column holds it whole. The known
/// word is then left unread, so that [`Ctx::bare_names`] reads the whole
/// as that name, not the known word alone as a value of another table.
pub(super) fn names_over_values(m: &Manifest, lx: &Lexicon, sc: &Schema, vx: Option<&ValueLookup>, pieces: &mut [Piece]) {
    let adjacent = pieces.windows(2).any(|w| {
        capital_value(&w[0]) && capital_unknown(&w[1]) || capital_unknown(&w[0]) && capital_value(&w[1])
    });
    if vx.is_none() || !adjacent {
        return;
    }
    let runs = {
        let mut ctx = Ctx::new(m, lx, sc, pieces);
        ctx.values = vx;
        ctx.names_over_values()
    };
    for j in runs.into_iter().flatten() {
        pieces[j].kind = PieceKind::Unknown;
    }
}

impl Ctx<'_> {
    /// The column `text` belongs to by the data, given `guess`, the column
    /// the question's words chose (None: they chose none).
    /// "Sonoma County": a value of one column as written, and also a value
    /// of another column ("Sonoma") followed by that column's own name
    /// (`county`). Either reading is plausible, so neither is taken.
    pub(super) fn value_or_column_and_value(
        &self,
        vx: &crate::dataset::value_index::ValueLookup,
        text: &str,
        holders: &[crate::dataset::value_index::Holder],
    ) -> Option<String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (last, rest) = words.split_last()?;
        if holders.is_empty() || rest.is_empty() {
            return None;
        }
        let rest = rest.join(" ");
        vx.holders(&rest).into_iter().find_map(|h| {
            let named = crate::words::identifier_words(&self.m.tables[h.table].columns[h.column].name)
                .last()
                .is_some_and(|w| schema::same_word(w, last));
            let same = holders.iter().any(|x| (x.table, x.column) == (h.table, h.column));
            (named && !same).then(|| {
                format!(
                    "'{text}' is a value of {}, and '{rest}' is a {} ({}): say which you mean.",
                    schema::qualified(self.m, holders[0].table, holders[0].column),
                    last.to_lowercase(),
                    schema::qualified(self.m, h.table, h.column)
                )
            })
        })
    }

    pub(super) fn place_value(&self, text: &str, guess: Option<&FieldInfo>) -> Placement {
        let Some(vx) = self.values else { return Placement::Keep };
        let holders = vx.holders(text);
        if let Some(reason) = self.value_or_column_and_value(vx, text, &holders) {
            return Placement::Refuse(reason);
        }
        let guess_col = guess.and_then(|g| g.column.map(|c| (g.table, c)));
        if let Some((t, c)) = guess_col {
            if let Some(h) = holders.iter().find(|h| (h.table, h.column) == (t, c)) {
                if let Some(g) = guess {
                    // "trains that go to Chennai", held by both `origin` and
                    // `destination`: the words chose neither, so the
                    // preposition before the value decides, else nothing.
                    let rivals: Vec<_> = holders.iter().filter(|r| r.table == t && r.column != c).collect();
                    if !rivals.is_empty() && !self.names_column_anywhere(t, c) {
                        let all: Vec<_> = std::iter::once(h).chain(rivals.iter().copied()).collect();
                        let at = self.p.iter().position(|x| x.words.trim_matches(|ch| matches!(ch, '"' | '\'')).eq_ignore_ascii_case(text));
                        let by_role: Vec<_> = all.iter().filter(|x| at.is_some_and(|v| self.role_fits(v, x.table, x.column))).collect();
                        return match by_role.as_slice() {
                            [one] => match self.field_info(Field::Col(one.table, one.column)) {
                                Some(f) => Placement::Column(f, one.stored.clone(), 0.8),
                                None => Placement::Keep,
                            },
                            _ => Placement::Refuse(format!(
                                "'{text}' is a value of several columns ({}): say which one you mean.",
                                all.iter().map(|x| schema::qualified(self.m, x.table, x.column)).collect::<Vec<_>>().join(", ")
                            )),
                        };
                    }
                    return Placement::Column(g.clone(), h.stored.clone(), 0.9);
                }
            }
            // A capped list may still hold it: keep the words' choice.
            if !vx.is_complete(t, c) {
                return Placement::Keep;
            }
        }
        let field = |h: &crate::dataset::value_index::Holder| self.field_info(Field::Col(h.table, h.column));
        if holders.is_empty() {
            if let Some(p) = self.split_name(text) {
                return p;
            }
            if let (Some(g), Some((t, c))) = (guess, guess_col) {
                let words = text.split_whitespace().count();
                let n = vx.inside(t, c, text);
                if n > 0 && (words > 1 || n == 1) {
                    return Placement::Inside(g.clone(), 0.6);
                }
            }
        }
        match holders.len() {
            0 => match guess {
                Some(g) if !not_text(text) => Placement::Refuse(self.not_found(text, g)),
                _ => Placement::Keep,
            },
            1 => match field(&holders[0]) {
                Some(f) => Placement::Column(f, holders[0].stored.clone(), 0.85),
                None => Placement::Keep,
            },
            _ => {
                // Told apart by the question: a column it names, then the
                // rows it is about, then a table it names.
                let tests: [&dyn Fn(usize, usize) -> bool; 3] = [
                    &|t, c| self.names_column(t, c),
                    &|t, _| self.base == Some(t),
                    &|t, _| self.names_table(t),
                ];
                for test in tests {
                    let kept: Vec<_> = holders.iter().filter(|h| test(h.table, h.column)).collect();
                    if let [h] = kept.as_slice() {
                        if let Some(f) = field(h) {
                            return Placement::Column(f, h.stored.clone(), 0.8);
                        }
                    }
                }
                let names: Vec<String> = holders.iter().map(|h| schema::qualified(self.m, h.table, h.column)).collect();
                // Copies of one key (`course.dept_name` -> `department.dept_name`):
                // the key itself, whose table the copies' rows join to.
                let joined = |from: &str, to: &str| {
                    self.m.joins.iter().any(|j| j.from.eq_ignore_ascii_case(from) && j.to.eq_ignore_ascii_case(to))
                };
                let keys: Vec<usize> = (0..names.len())
                    .filter(|&k| names.iter().enumerate().all(|(o, n)| o == k || joined(n, &names[k])))
                    .collect();
                if let [k] = keys.as_slice() {
                    if let Some(f) = field(&holders[*k]) {
                        return Placement::Column(f, holders[*k].stored.clone(), 0.8);
                    }
                }
                // Columns of one table, one of them the name of its rows
                // (`country.name` and `country.localname` both "Angola"):
                // the rows' name.
                if holders.iter().all(|h| h.table == holders[0].table) {
                    let named: Vec<_> = holders.iter().filter(|h| schema::row_name(self.m, h.table) == Some(h.column)).collect();
                    if let [h] = named.as_slice() {
                        if let Some(f) = field(h) {
                            return Placement::Column(f, h.stored.clone(), 0.8);
                        }
                    }
                }
                Placement::Refuse(format!(
                    "'{text}' is a value of several columns ({}): say which one you mean, e.g. by naming its table.",
                    names.join(", ")
                ))
            }
        }
    }

    /// The runs of pieces to read as one name (see [`names_over_values`]).
    pub(super) fn names_over_values(&self) -> Vec<std::ops::Range<usize>> {
        let Some(vx) = self.values else { return Vec::new() };
        let mut runs = Vec::new();
        let mut i = 0;
        while i < self.p.len() {
            let mut end = i;
            while end < self.p.len() && (capital_value(&self.p[end]) || capital_unknown(&self.p[end])) {
                end += 1;
            }
            let run = i..end.max(i + 1);
            let unknown = run.clone().filter(|&j| capital_unknown(&self.p[j])).count();
            if end > i + 1 && unknown > 0 && unknown < run.len() {
                let text = run.clone().map(|j| self.p[j].words.clone()).collect::<Vec<_>>().join(" ");
                if vx.holders(&text).is_empty() && matches!(self.split_name(&text), Some(Placement::Split(..))) {
                    runs.push(run.clone());
                }
            }
            i = run.end;
        }
        runs
    }

    /// A name of two or more words no column holds whole, whose first
    /// words one text column of a table holds and the rest another of the
    /// same table; only when one table (or the rows' own) fits.
    fn split_name(&self, text: &str) -> Option<Placement> {
        let vx = self.values?;
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut found: Vec<[crate::dataset::value_index::Holder; 2]> = Vec::new();
        for s in 1..words.len() {
            let (left, right) = (vx.holders(&words[..s].join(" ")), vx.holders(&words[s..].join(" ")));
            for a in &left {
                for b in right.iter().filter(|b| b.table == a.table && b.column != a.column) {
                    found.push([a.clone(), b.clone()]);
                }
            }
        }
        let pick = match found.as_slice() {
            [one] => one,
            [] => return None,
            many => {
                let own: Vec<_> = many.iter().filter(|p| Some(p[0].table) == self.base).collect();
                match own.as_slice() {
                    [one] => *one,
                    _ => return None,
                }
            }
        };
        let f = |h: &crate::dataset::value_index::Holder| {
            self.field_info(Field::Col(h.table, h.column)).map(|f| (f, h.stored.clone()))
        };
        Some(Placement::Split([f(&pick[0])?, f(&pick[1])?], 0.75))
    }

    /// The refusal for a value no column holds.
    fn not_found(&self, text: &str, guess: &FieldInfo) -> String {
        let Some(vx) = self.values else { return String::new() };
        let mut s = format!("no column holds the value '{text}' (its words point to {}, whose values do not include it", guess.name);
        let near: Vec<String> =
            vx.containing(text).into_iter().take(4).map(|(t, c)| schema::qualified(self.m, t, c)).collect();
        if !near.is_empty() {
            s.push_str(&format!("; values containing it are in {}", near.join(", ")));
        }
        if !vx.all_complete() {
            s.push_str("; some long text columns were not fully indexed");
        }
        s.push_str("). Check the spelling, or ask for values containing it.");
        s
    }

    /// True when a word of the question not read as anything else names
    /// the column (not by a forgiven misspelling): "friends" counted in
    /// "how many friends does Dan have" is not where Dan is.
    fn names_column(&self, t: usize, c: usize) -> bool {
        let free = self.p.iter().zip(&self.used).filter(|(_, used)| !**used).map(|(x, _)| x);
        free.filter_map(|x| x.lex()).flatten().any(|cand| {
            !cand.fuzzy
                && matches!(cand.target, Target::Column(..) | Target::Dimension(_))
                && self.field_of(&cand.target).is_some_and(|f| f.table == t && f.column == Some(c))
        })
    }

    /// Value piece `k`, read as `v` of field `f`, is as much a value of
    /// another column of the same table ("Chennai" as a train's origin and
    /// destination): the question must tell which, by naming the column or
    /// by the preposition before it ("to Chennai"); otherwise None (not
    /// read, never guessed).
    pub(super) fn value_role(&self, k: usize, f: Field, v: &str, conf: f32) -> Option<Field> {
        let Field::Col(t, c) = self.field_target(f)? else { return Some(f) };
        let rivals: Vec<(usize, usize)> = self.p[k]
            .lex()
            .into_iter()
            .flatten()
            .chain(self.p[k].alt_lex.iter())
            .filter(|x| x.confidence >= conf - 1e-6)
            .filter_map(|x| match &x.target {
                Target::Value(g, w) if w == v => match self.field_target(*g) {
                    Some(Field::Col(t2, c2)) if t2 == t && c2 != c => Some((t2, c2)),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        if rivals.is_empty() || self.names_column_anywhere(t, c) {
            return Some(f);
        }
        match rivals.iter().filter(|&&(t2, c2)| self.names_column_anywhere(t2, c2)).collect::<Vec<_>>().as_slice() {
            [] => {}
            [one] => return Some(Field::Col(one.0, one.1)),
            _ => return None,
        }
        let all: Vec<(usize, usize)> = std::iter::once((t, c)).chain(rivals).collect();
        match all.iter().filter(|&&(t, c)| self.role_fits(k, t, c)).collect::<Vec<_>>().as_slice() {
            [one] => Some(Field::Col(one.0, one.1)),
            _ => None,
        }
    }

    /// The table and column a field (a column or a dimension) reads.
    fn field_target(&self, f: Field) -> Option<Field> {
        let fi = self.field_info(f)?;
        Some(Field::Col(fi.table, fi.column?))
    }

    /// True when any word of the question, read or not, names the column
    /// (not by a forgiven misspelling).
    fn names_column_anywhere(&self, t: usize, c: usize) -> bool {
        self.p.iter().filter_map(|x| x.lex()).flatten().any(|cand| {
            !cand.fuzzy
                && matches!(cand.target, Target::Column(..) | Target::Dimension(_))
                && self.field_of(&cand.target).is_some_and(|f| f.table == t && f.column == Some(c))
        })
    }

    /// The preposition before the value `text` says the column's role:
    /// "to", "into", "towards" a destination, target or arrival column;
    /// "from" an origin, source or departure column.
    fn role_fits(&self, v: usize, t: usize, c: usize) -> bool {
        const TO: &[&str] = &["destination", "dest", "dst", "to", "target", "arrival", "arrive", "arriving"];
        const FROM: &[&str] = &["origin", "source", "src", "from", "departure", "depart", "departing", "start"];
        let Some(before) = (0..v).rev().find(|&k| !matches!(self.p[k].norm.as_str(), "the" | "a" | "an")) else { return false };
        let words = match self.m.tables.get(t).and_then(|x| x.columns.get(c)) {
            Some(col) => crate::planner::tokenize::split_identifier(&col.name),
            None => return false,
        };
        let role: &[&str] = match self.p[before].norm.as_str() {
            "to" | "into" | "towards" => TO,
            "from" => FROM,
            _ => return false,
        };
        words.iter().any(|w| role.contains(&w.as_str()))
    }

    /// True when a word of the question names the table.
    fn names_table(&self, t: usize) -> bool {
        self.p.iter().filter_map(|x| x.lex()).flatten().any(|cand| {
            !cand.fuzzy && matches!(cand.target, Target::Table(x) if x == t)
        })
    }

    /// The one column of the base table whose values contain `text`, for
    /// a "containing" question that names no column, when `guess` (the
    /// rows' name) holds no such value by its complete list; None when none
    /// or several do.
    pub(super) fn column_containing(&self, text: &str, guess: Option<&FieldInfo>) -> Option<FieldInfo> {
        let vx = self.values?;
        // Of the rows the question is about: "instructors whose name
        // includes 'dar'" is not about students even when only their names do.
        let cols: Vec<(usize, usize)> = vx.containing(text).into_iter().filter(|&(t, _)| Some(t) == self.base).collect();
        if let Some((t, c)) = guess.and_then(|g| g.column.map(|c| (g.table, c))) {
            if cols.contains(&(t, c)) || !vx.is_complete(t, c) {
                return None;
            }
        }
        match cols.as_slice() {
            [(t, c)] => self.field_info(Field::Col(*t, *c)),
            _ => None,
        }
    }

    /// The two equalities of a name split over two columns, taken from the
    /// name's pieces `span`.
    pub(super) fn split_filters(&mut self, span: std::ops::Range<usize>, parts: [(FieldInfo, String); 2], conf: f32) {
        let said: Vec<String> = parts.iter().map(|(f, v)| format!("{} = {v}", f.name)).collect();
        for k in span {
            self.take(k, MatchKind::Value, said.join(" and "), conf);
        }
        for (f, v) in parts {
            self.filters.push(Filter { field: f.name, op: Op::Eq, value: Some(Operand::Value(serde_json::json!(v))) });
        }
    }
}
