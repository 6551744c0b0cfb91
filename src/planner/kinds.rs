//! "Types of forms", "video game types", "different kinds of beds": the word
//! "type" (or "kind") beside a noun names the noun's type column
//! (`form_type_code`, `gtype`, `bedtype`), not the noun's rows. "type" is a
//! stopword for the lexicon ("what type of ..." is common filler), so this
//! pass reads it before planning: when the noun's table has one column
//! whose name holds the word "type" (a word of it, or the end of a name
//! written without separators), the piece becomes a reading of that column;
//! a noun that was itself a column of the same table ("types of beds" with
//! `beds` and `bedtype`) is part of the phrase. A later bare "each type"
//! names the same column.
//!
//! Invariants: only stopword pieces "type(s)"/"kind(s)" change; a word is
//! read as a column only when exactly one column fits, else it stays a
//! stopword (and the reading is what it was before).

use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::{Cand, Target};
use crate::planner::tokenize::{split_identifier, stems};
use crate::semantic::Manifest;

/// How sure a column read from "type" beside its table's noun is.
const CONFIDENCE: f32 = 0.85;

fn is_type_word(x: &Piece) -> bool {
    x.kind == PieceKind::Stop && matches!(x.norm.as_str(), "type" | "types" | "kind" | "kinds")
}

/// Columns of table `t` whose name holds the word "type".
fn type_columns(m: &Manifest, t: usize) -> Vec<usize> {
    m.tables[t]
        .columns
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let words = split_identifier(&c.name);
            words.iter().any(|w| w == "type" || w == "types")
                || (words.len() == 1 && words[0].len() > 4 && words[0].ends_with("type"))
        })
        .map(|(k, _)| k)
        .collect()
}

/// The column of table `t` that "type" beside the noun `noun` names: the
/// only type column, or the only one whose other words share a word with
/// the noun (`bedtype` for "beds").
fn pick(m: &Manifest, t: usize, noun: &str) -> Option<usize> {
    let cols = type_columns(m, t);
    if let [c] = cols.as_slice() {
        return Some(*c);
    }
    let noun_stems = stems(noun);
    let shares = |c: usize| {
        let name = m.tables[t].columns[c].name.to_lowercase();
        noun_stems.iter().any(|s| s.len() > 2 && name.contains(s.as_str()))
    };
    let fit: Vec<usize> = cols.into_iter().filter(|&c| shares(c)).collect();
    match fit.as_slice() {
        [c] => Some(*c),
        _ => None,
    }
}

/// The table a noun piece names, and whether it named one of that table's
/// columns rather than the table.
fn noun_table(x: &Piece) -> Option<(usize, bool)> {
    match x.top()? {
        Target::Table(t) => Some((*t, false)),
        Target::Column(t, _) => Some((*t, true)),
        _ => None,
    }
}

/// Reads "type" words beside a noun as the noun's type column.
pub(super) fn resolve(m: &Manifest, pieces: &mut [Piece]) {
    let mut last: Option<(usize, usize)> = None;
    for i in 0..pieces.len() {
        if !is_type_word(&pieces[i]) {
            continue;
        }
        // "game types": the noun just before; "types of forms": the noun after "of".
        let before = i.checked_sub(1).filter(|&k| noun_table(&pieces[k]).is_some());
        let after = (i + 1..pieces.len())
            .find(|&k| !matches!(pieces[k].norm.as_str(), "of" | "the" | "a" | "an" | "all"))
            .filter(|&k| pieces[i + 1..k].iter().any(|x| x.norm == "of") && noun_table(&pieces[k]).is_some());
        let found = before.or(after).and_then(|k| {
            let (t, is_column) = noun_table(&pieces[k])?;
            pick(m, t, &pieces[k].words).map(|c| (k, t, c, is_column))
        });
        let (t, c) = match found {
            Some((k, t, c, is_column)) => {
                // "types of beds" where `beds` is a column beside `bedtype`,
                // "video game types": one phrase naming the type column.
                if (is_column || k < i) && pieces[k].top() != Some(&Target::Column(t, c)) {
                    pieces[k].kind = PieceKind::Stop;
                }
                (t, c)
            }
            // "in each type": the type column already named.
            None => match last {
                Some(tc) => tc,
                None => continue,
            },
        };
        last = Some((t, c));
        pieces[i].kind = PieceKind::Lex(vec![Cand { target: Target::Column(t, c), confidence: CONFIDENCE, fuzzy: false }]);
    }
}
