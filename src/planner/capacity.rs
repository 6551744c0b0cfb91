//! How many something can hold: "dorms that can accommodate more than 300
//! students", "classrooms which can seat 50 to 100 students", "rooms that
//! can sleep 4 people". English says a capacity with a verb of holding and
//! the number of what is held; a table stores it as a number column named
//! for the capacity (`capacity`, `student_capacity`, `max_occupancy`,
//! `seating`). The verb is read as that column and the noun counted after
//! the number as its unit, so "more than 300 students" compares the
//! capacity, not a count of the rows of a `student` table.
//!
//! The same noun after a number compared on a measure column named with it
//! ("a capacity of more than 300 students" for `student_capacity`) is the
//! measure's unit too.
//!
//! Invariants: a piece pass before planning; it acts only when one number
//! column of the rows the question names (or, if they name none, of the
//! whole dataset) is named as a capacity, and a number follows the verb
//! with nothing but comparison words between; "hold", "fit", "take",
//! "carry", "house" and "sit" say a capacity only after "can", "could" or
//! "able to".

use super::english::Cue;
use super::intent::{Piece, PieceKind};
use super::lexicon::{Cand, Target};
use super::tokenize::stem;
use crate::semantic::{is_numeric, Manifest};

/// Verbs that say how many something holds whatever stands before them.
const HOLDING: &[&str] = &["accommodate", "seat", "sleep"];
/// Verbs that say it only after a modal ("can hold 40 people").
const HOLDING_AFTER_MODAL: &[&str] = &["hold", "fit", "take", "carry", "house", "sit", "host", "welcome"];
/// Words a column's name says a capacity with.
const CAPACITY_WORDS: &[&str] = &["capacity", "occupancy", "seat", "seating", "berth", "accommodation"];

/// The base of a verb form, when it is one of `verbs` (misspelt by at most
/// two letters when the verb is long: "accomdate").
fn verb_base(word: &str, verbs: &[&'static str]) -> Option<&'static str> {
    let w = word.to_lowercase();
    let forms = |v: &str| [v.to_string(), format!("{v}s"), format!("{v}es"), format!("{}s", v.trim_end_matches('e'))];
    verbs.iter().copied().find(|v| {
        forms(v).iter().any(|f| *f == w) || (v.len() >= 9 && strsim::osa_distance(v, &w) <= 2 && w.starts_with(&v[..3]))
    })
}

/// A column name's words stemmed, a word written as several run together
/// split (`maxoccupancy` -> max, occupancy).
fn words_of(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    for w in crate::words::identifier_words(name) {
        match crate::words::compound_words(&w) {
            Some(parts) => out.extend(parts.iter().map(|p| stem(p))),
            None => out.push(stem(&w)),
        }
    }
    out
}

fn is_capacity(m: &Manifest, t: usize, c: usize) -> bool {
    let col = &m.tables[t].columns[c];
    is_numeric(&col.ty) && words_of(&col.name).iter().any(|w| CAPACITY_WORDS.iter().any(|k| stem(k) == *w))
}

/// The index of the noun counted after a number, starting at `from`: the
/// first piece past comparison words and numbers ("more than 300", "between
/// 50 and 100", "at least"), when a number came before it; and whether a
/// number came at all.
fn counted_after(pieces: &[Piece], from: usize) -> (Option<usize>, bool) {
    let mut number = false;
    let mut range = false;
    for (j, p) in pieces.iter().enumerate().skip(from).take(6) {
        match p.kind {
            PieceKind::Number(_) => number = true,
            PieceKind::Cue(Cue::Between) => range = true,
            PieceKind::Cue(Cue::And) if range && number => {}
            PieceKind::Cue(Cue::Cmp(_) | Cue::CmpAfter(_)) | PieceKind::Stop => {}
            _ => return (number.then_some(j), number),
        }
    }
    (None, number)
}

/// The noun's stem, when the piece is one noun naming rows, a column, or
/// nothing in the dataset.
fn noun_stem(p: &Piece) -> Option<String> {
    if !matches!(p.kind, PieceKind::Lex(_) | PieceKind::Unknown) || p.words.split_whitespace().count() != 1 {
        return None;
    }
    Some(stem(&p.words.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()))
}

/// Tables the question names before piece `i`: their rows or their columns.
fn tables_named_before(pieces: &[Piece], i: usize) -> Vec<usize> {
    let mut out: Vec<usize> = pieces[..i]
        .iter()
        .filter_map(|p| match p.top() {
            Some(Target::Table(t) | Target::Column(t, _)) => Some(*t),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The one capacity column the verb stands for: on the tables named before
/// it when they have one, else the dataset's only one; among several, the
/// one named with the noun counted (`student_capacity` for "students").
fn capacity_column(m: &Manifest, tables: &[usize], noun: Option<&str>) -> Option<(usize, usize)> {
    let all: Vec<(usize, usize)> = (0..m.tables.len())
        .flat_map(|t| (0..m.tables[t].columns.len()).map(move |c| (t, c)))
        .filter(|&(t, c)| is_capacity(m, t, c))
        .collect();
    let named: Vec<(usize, usize)> = all.iter().copied().filter(|(t, _)| tables.contains(t)).collect();
    let pool = if named.is_empty() && tables.is_empty() { all } else { named };
    match pool.as_slice() {
        [one] => Some(*one),
        [] => None,
        many => {
            let noun = noun?;
            let with: Vec<_> = many.iter().filter(|(t, c)| words_of(&m.tables[*t].columns[*c].name).iter().any(|w| w == noun)).collect();
            (with.len() == 1).then(|| *with[0])
        }
    }
}

/// Rereads each verb of holding followed by a number as the capacity
/// column it stands for, and the noun counted after the number as a
/// function word; then the noun counted after a number compared on a
/// measure column named with it ("a capacity of more than 300 students").
pub(super) fn holding_verbs(m: &Manifest, pieces: &mut [Piece]) {
    for i in 0..pieces.len() {
        if !matches!(pieces[i].kind, PieceKind::Unknown | PieceKind::Soft) || pieces[i].words.split_whitespace().count() != 1 {
            continue;
        }
        let modal = i >= 1 && matches!(pieces[i - 1].norm.as_str(), "can" | "could" | "to" | "will");
        let word = pieces[i].words.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
        if verb_base(&word, HOLDING).is_none() && !(modal && verb_base(&word, HOLDING_AFTER_MODAL).is_some()) {
            continue;
        }
        let (noun_at, number) = counted_after(pieces, i + 1);
        if !number {
            continue;
        }
        let noun = noun_at.and_then(|j| noun_stem(&pieces[j]));
        let Some((t, c)) = capacity_column(m, &tables_named_before(pieces, i), noun.as_deref()) else { continue };
        pieces[i].kind = PieceKind::Lex(vec![Cand { target: Target::Column(t, c), confidence: 0.9, fuzzy: false }]);
        if let (Some(j), Some(_)) = (noun_at, noun) {
            as_unit(&mut pieces[j]);
        }
    }
    counted_units(m, pieces);
}

/// The noun after a number compared on a measure column is the measure's
/// unit when the column is named with it or is a capacity ("more than 300
/// students" after `student_capacity`).
fn counted_units(m: &Manifest, pieces: &mut [Piece]) {
    for i in 0..pieces.len() {
        let Some(&Target::Column(t, c)) = pieces[i].top() else { continue };
        let col = &m.tables[t].columns[c];
        if !is_numeric(&col.ty) {
            continue;
        }
        let (Some(j), true) = counted_after(pieces, i + 1) else { continue };
        if !pieces[i + 1..j].iter().any(|p| matches!(p.kind, PieceKind::Number(_))) {
            continue;
        }
        let Some(noun) = noun_stem(&pieces[j]) else { continue };
        let named = words_of(&col.name).contains(&noun);
        if named || is_capacity(m, t, c) && matches!(pieces[j].top(), Some(Target::Table(_)) | None) {
            as_unit(&mut pieces[j]);
        }
    }
}

/// A noun read as the unit of the number before it: a function word.
fn as_unit(p: &mut Piece) {
    p.kind = PieceKind::Stop;
    p.norm = "in".into();
}
