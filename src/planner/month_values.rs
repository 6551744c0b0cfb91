//! A month name the data holds as text: "happy hours in May" where a
//! `month` column stores 'May', "the customer with first name April and
//! last name Burns". Without a year such a word would be refused as a date
//! that needs one; when the dataset's value index holds it and the question
//! or the schema says it is not a date, it is a name for the value passes
//! to place instead.
//!
//! Invariants: only a single capitalised word read as a month with no year;
//! only when some text column holds it, and either a column that holds it
//! is named for months and its table is named in the question, the dataset has no date or time column to apply it
//! to, or the words around it make it a person's name ("name April",
//! "April Burns"). Otherwise the date reading and its request for a year
//! stand.

use crate::dataset::value_index::ValueLookup;
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::Target;
use crate::planner::split_identifier;
use crate::planner::time::TimeKind;
use crate::semantic::{is_temporal, Manifest};

/// Words before a name that say what follows is one.
const NAMING: &[&str] = &["name", "named", "called", "surname"];

/// Turns month pieces that are values of the data into names.
pub(super) fn as_values(pieces: &mut [Piece], m: &Manifest, vx: Option<&ValueLookup>) {
    let Some(vx) = vx else { return };
    for k in 0..pieces.len() {
        let x = &pieces[k];
        if x.kind != PieceKind::Time(TimeKind::NeedsYear) || x.words.contains(' ') || !x.words.starts_with(char::is_uppercase) {
            continue;
        }
        let holders = vx.holders(&x.words);
        if holders.is_empty() {
            continue;
        }
        // A month column of a table the question names ("happy hours in May").
        let month_column = holders.iter().any(|h| {
            let is_month = m
                .tables
                .get(h.table)
                .and_then(|t| t.columns.get(h.column))
                .is_some_and(|c| split_identifier(&c.name).iter().any(|w| w == "month"));
            is_month && names_table(pieces, h.table)
        });
        let before = k.checked_sub(1).and_then(|p| pieces.get(p));
        let last_word = |p: &Piece| p.words.split_whitespace().last().map(str::to_lowercase).unwrap_or_default();
        let named = before.is_some_and(|p| NAMING.contains(&last_word(p).as_str()))
            || pieces.get(k + 1).is_some_and(|n| n.kind == PieceKind::Unknown && n.capital);
        let no_dates = || !m.tables.iter().any(|t| t.columns.iter().any(|c| is_temporal(&c.ty)));
        if month_column || named || no_dates() {
            pieces[k].kind = PieceKind::Unknown;
            pieces[k].capital = true;
        }
    }
}

/// Some piece of the question is read first as table `t` or one of its
/// columns.
fn names_table(pieces: &[Piece], t: usize) -> bool {
    pieces.iter().filter_map(Piece::top).any(|target| match target {
        Target::Table(x) | Target::Column(x, _) => *x == t,
        _ => false,
    })
}
