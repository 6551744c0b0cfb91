//! A word of the dataset's own name, standing for the place all its rows
//! live in: "the rooms available in this inn" (`inn_1`), "all accounts in
//! the bank" (`small_bank_1`), "the average fee on a CSU campus" (`csu_1`),
//! "how many gas companies" (`gas_company`). Every question is about the
//! dataset, so such a word adds no condition; it is read as the dataset and
//! shown as such.
//!
//! Invariants: only a word nothing in the dataset names (an unknown piece)
//! whose singular is a word of the dataset's name, and only in one of four
//! places: after "this", "these" or "our"; in the singular after "the",
//! ending its clause or before "have", "operate", "in" ("does the club
//! have", "joined the club in 2023"); after a place preposition and a
//! determiner ("in the bank"); or right before a word naming a table or a
//! column ("a CSU campus"). Anywhere else ("the names of companies and of
//! employees" in `company_employee`) it may name rows the dataset calls
//! otherwise, and is refused as any unknown word is.

use crate::planner::build::Ctx;
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::Target;
use crate::semantic::Manifest;
use crate::words::singular;

/// Prepositions that place the rows in something: "in the bank", "across
/// the network".
const PLACE: &[&str] = &["in", "on", "at", "across", "within", "throughout", "inside"];

/// Determiners that may stand between such a preposition and the word.
const DETERMINERS: &[&str] = &["the", "this", "these", "our", "a", "an", "all"];

/// The word (lowercase) is a word of the dataset's name, or its plural.
pub(super) fn names_dataset(m: &Manifest, norm: &str) -> bool {
    let w = singular(norm);
    w.len() > 1 && m.name.split(|c: char| !c.is_ascii_alphabetic()).any(|part| !part.is_empty() && (part == w || singular(part) == w))
}

impl Ctx<'_> {
    /// Piece `i` is an unknown word of the dataset's name in a place where
    /// it names the dataset itself.
    pub(super) fn dataset_word(&self, i: usize) -> bool {
        let x = &self.p[i];
        if x.kind != PieceKind::Unknown || x.words.contains(' ') || !names_dataset(self.m, &x.norm) {
            return false;
        }
        let norm = |k: usize| self.p[k].norm.as_str();
        let before = i.checked_sub(1);
        // "this inn", "our bank"; "the society" in the singular ("How many
        // plots does the society have?", "members who joined the club").
        if before.is_some_and(|k| matches!(norm(k), "this" | "these" | "our")) {
            return true;
        }
        let ends_clause = self.p.get(i + 1).is_none_or(|n| {
            matches!(n.kind, PieceKind::Punct(_))
                || matches!(n.norm.as_str(), "have" | "has" | "had" | "operate" | "operates" | "make" | "makes" | "run" | "runs" | "own" | "owns" | "employ" | "employs" | "in" | "since" | "during")
        });
        // "the oldest member of the society": "of" only after the rows'
        // noun; "the average fee of the inn" asks a thing's own fee.
        let of_rows = |k: usize| {
            k.checked_sub(1).is_none_or(|o| norm(o) != "of" || o.checked_sub(1).is_some_and(|r| matches!(self.p[r].top(), Some(Target::Table(_)))))
        };
        if before.is_some_and(|k| norm(k) == "the" && of_rows(k)) && singular(&x.norm) == x.norm && ends_clause {
            return true;
        }
        // "in the bank".
        if let Some(d) = before.filter(|&k| DETERMINERS.contains(&norm(k))) {
            if d.checked_sub(1).is_some_and(|k| PLACE.contains(&norm(k))) {
                return true;
            }
        }
        // "a CSU campus", "gas companies".
        self.p.get(i + 1).is_some_and(names_rows_or_column)
    }
}

/// The piece names a table or a column, spelled as the dataset spells it.
fn names_rows_or_column(x: &Piece) -> bool {
    x.lex().is_some_and(|c| c.first().is_some_and(|c| !c.fuzzy && matches!(c.target, Target::Table(_) | Target::Column(..) | Target::Dimension(_))))
}
