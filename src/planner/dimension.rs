//! Comparisons whose column is named by a word of measure rather than by the
//! column itself: "older than 30" (age), "roller coasters longer than 3300"
//! (length), "employees earning less than 6000" (salary), "rooms that cost
//! between 120 and 150" (price), "pilots aged 25 or older", "at least 25
//! years old".
//!
//! Invariants: the words are general English (a dimension adjective or verb
//! and the words a column measuring it is called by), never names from a
//! dataset; a word is read as a column only when exactly one numeric,
//! non-key column of the tables the question names fits it, otherwise the
//! question is refused naming the choices, or left to the caller's refusal.

use crate::planner::build::{Ctx, Refusal};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Field, Target};
use crate::planner::schema::FieldInfo;
use crate::planner::tokenize::{split_identifier, stem};

/// Words of measure and the words a column measuring that is called by.
const DIMENSIONS: &[(&[&str], &[&str])] = &[
    (
        &["old", "older", "young", "younger", "aged", "age"],
        &["age"],
    ),
    (&["long", "longer", "short", "shorter"], &["length"]),
    (&["tall", "taller", "high", "higher"], &["height"]),
    (&["heavy", "heavier", "light", "lighter"], &["weight"]),
    (&["wide", "wider", "narrow", "narrower"], &["width"]),
    (&["deep", "deeper", "shallow", "shallower"], &["depth"]),
    (&["fast", "faster", "slow", "slower"], &["speed"]),
    (
        &["expensive", "cheap", "cheaper", "cost", "costs", "costing", "priced"],
        &["price", "cost"],
    ),
    (
        &["earn", "earns", "earning", "earned", "paid", "pay", "paying"],
        &["salary", "pay", "wage", "income", "earnings"],
    ),
];

/// Adjectives that also say "more"/"less" of any quantity ("higher than 300
/// points"): read as their dimension only when nothing else is named just
/// before them.
const LOOSE: &[&str] = &["high", "higher", "short", "shorter", "light", "lighter", "slow", "slower"];

/// The column words a word of measure stands for.
pub(super) fn dimension_words(word: &str) -> Option<&'static [&'static str]> {
    let w = word.to_lowercase();
    DIMENSIONS
        .iter()
        .find(|(words, _)| words.contains(&w.as_str()))
        .map(|(_, cols)| *cols)
}

impl Ctx<'_> {
    /// The column that the words of measure around comparison cue `i` (with
    /// its number at `n`) name: the cue's own adjective ("older than"), a
    /// verb or adjective just before ("earning less than", "aged 25 or
    /// older"), or "years old" after the number. Returns the pieces to mark
    /// used and the field; `Ok(None)` when there are no such words.
    pub(super) fn dimension_field(
        &mut self,
        i: usize,
        n: usize,
    ) -> Result<Option<(Vec<usize>, FieldInfo)>, Refusal> {
        let first = i.min(n);
        let mut extra = Vec::new();
        let mut words: Option<&[&str]> = None;
        // A verb or adjective just before, among words that add nothing else.
        let mut k = first;
        for _ in 0..3 {
            if k == 0 {
                break;
            }
            k -= 1;
            if self.used[k] {
                break;
            }
            match self.p[k].kind {
                PieceKind::Stop | PieceKind::Soft | PieceKind::Unknown => {
                    if let Some(w) = dimension_words(&self.p[k].norm) {
                        words = Some(w);
                        extra.push(k);
                        break;
                    }
                    if self.p[k].kind == PieceKind::Unknown {
                        break;
                    }
                }
                _ => break,
            }
        }
        // "25 years old".
        if words.is_none() {
            if let Some((y, o)) = self.years_old_after(n.max(i)) {
                words = dimension_words("old");
                extra.extend([y, o]);
            }
        }
        // The cue's own adjective: "older than", "or younger".
        if words.is_none() {
            let loose_ok = self.nothing_named_before(first);
            words = self.p[i]
                .words
                .split_whitespace()
                .filter(|w| loose_ok || !LOOSE.contains(&w.to_lowercase().as_str()))
                .find_map(dimension_words);
        }
        // "people under 40": a bare number under or over, said of the
        // rows themselves, is an age.
        if words.is_none()
            && matches!(self.p[i].norm.as_str(), "under" | "over")
            && n > i
            && self.nothing_named_before(first)
            && self.next_sig(n).is_none_or(|k| {
                matches!(self.p[k].kind, PieceKind::Punct(_) | PieceKind::Cue(_))
            })
        {
            words = dimension_words("age");
        }
        let Some(words) = words else {
            return Ok(None);
        };
        let fits = self.columns_measuring(words);
        match fits.as_slice() {
            [] => Ok(None),
            [f] => Ok(Some((extra, f.clone()))),
            many => Err(self.refuse(format!(
                "I couldn't tell which column '{}' is about: {}.",
                self.p[i].words,
                many.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(" or ")
            ))),
        }
    }

    /// True when comparison cue `i` says a word of measure that names one
    /// dimension only ("older", "longer"; not "higher").
    pub(super) fn strict_measure(&self, i: usize) -> bool {
        self.p[i].words.split_whitespace().any(|w| {
            dimension_words(w).is_some() && !LOOSE.contains(&w.to_lowercase().as_str())
        })
    }

    /// True when the piece before `i` is a table, a used piece, punctuation,
    /// a cue or nothing: the comparison speaks of the rows themselves.
    fn nothing_named_before(&self, i: usize) -> bool {
        let Some(k) = self.prev_sig(i) else {
            return true;
        };
        self.used[k]
            || matches!(self.p[k].kind, PieceKind::Punct(_) | PieceKind::Cue(_))
            || matches!(self.p[k].top(), Some(Target::Table(_)))
    }

    /// "years old" after the number at `n`, both words unused: their pieces.
    pub(super) fn years_old_after(&self, n: usize) -> Option<(usize, usize)> {
        let y = self.next_sig(n).filter(|&y| !self.used[y] && stem(&self.p[y].norm) == "year")?;
        let o = self.next_sig(y).or_else(|| (y + 1 < self.p.len()).then_some(y + 1)).filter(|&o| !self.used[o] && self.p[o].norm == "old")?;
        Some((y, o))
    }

    /// Numeric, non-key columns whose name has one of `words`: first among
    /// the tables the question names (and the base table), then among the
    /// tables the base table reaches.
    pub(super) fn columns_measuring(&self, words: &[&str]) -> Vec<FieldInfo> {
        let want: Vec<String> = words.iter().map(|w| stem(w)).collect();
        let mut named: Vec<usize> = self.base.into_iter().collect();
        for (k, p) in self.p.iter().enumerate() {
            if let Some(cands) = p.lex() {
                for c in cands {
                    if let Target::Table(t) = c.target {
                        if !named.contains(&t) && (self.used[k] || !c.fuzzy) {
                            named.push(t);
                        }
                    }
                }
            }
        }
        let on = |tables: &[usize]| -> Vec<FieldInfo> {
            let mut out: Vec<FieldInfo> = Vec::new();
            for &t in tables {
                let Some(table) = self.m.tables.get(t) else {
                    continue;
                };
                for (c, col) in table.columns.iter().enumerate() {
                    let fits = split_identifier(&col.name)
                        .iter()
                        .any(|w| want.contains(&stem(w)));
                    if !fits {
                        continue;
                    }
                    if let Some(f) = self.field_info(Field::Col(t, c)) {
                        if f.numeric && !f.temporal && !self.is_key(&f) && !out.iter().any(|o| o.name == f.name) {
                            out.push(f);
                        }
                    }
                }
            }
            out
        };
        let found = on(&named);
        if !found.is_empty() {
            return found;
        }
        let Some(b) = self.base else {
            return Vec::new();
        };
        let reached: Vec<usize> = (0..self.m.tables.len())
            .filter(|&t| t != b && self.sc.reaches(b, t))
            .collect();
        on(&reached)
    }
}
