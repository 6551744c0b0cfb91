//! Values written out without quotes across small words, numbers and
//! punctuation: "reviewers who rated Gone with the Wind", "the decor of
//! room Recluse and defiance", "employees certified to fly Boeing
//! 737-800", "wines from St. Helena", "the address 660 Shea Crescent".
//! A run of capitalised words alone is read as a name elsewhere; a run
//! that goes through lowercase words, numbers or a full stop is cut into
//! pieces there and no piece is a stored value. Here the longest span
//! starting at a capitalised word or a number that spells a value the
//! dataset's value index holds becomes one quoted token.
//!
//! Invariants: only spans of two to six tokens holding at least one token
//! that is not a capitalised word, or one capitalised word that is itself
//! a stored value ("International Finance" where "Finance" is a
//! department; not "Sonoma County" where `county` holds "Sonoma"), ending
//! on a word or number; the value
//! must be stored as written (case and spacing folded); with no value
//! index nothing changes.

use crate::dataset::value_index::ValueLookup;
use crate::planner::tokenize::{stem, stems, TokKind, Token};
use crate::semantic::Manifest;

/// The longest span at each start that spells a stored value, as one
/// quoted token.
pub fn quote_stored(toks: Vec<Token>, vx: Option<&ValueLookup>, m: &Manifest) -> Vec<Token> {
    let Some(vx) = vx else { return toks };
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let starts = toks[i].capital && toks[i].is_word() || toks[i].number().is_some() && toks.get(i + 1).is_some_and(|t| t.capital);
        let found = starts
            .then(|| (2..=6).rev().filter(|n| i + n <= toks.len()).find_map(|n| stored_at(&toks[i..i + n], vx).map(|v| (n, v))))
            .flatten()
            .filter(|&(n, _)| !kind_after_value(&toks[i..i + n], vx) && !named_kind_after_value(&toks[i..i + n], vx, m));
        match found {
            Some((n, value)) => {
                out.push(Token::quoted(value));
                i += n;
            }
            None => {
                out.push(toks[i].clone());
                i += 1;
            }
        }
    }
    out
}

/// "wines from Sonoma county": the span ends in lowercase words after a
/// shorter span that is itself a stored value; those words name the
/// value's kind ("Sonoma County" stored elsewhere is another thing).
fn kind_after_value(span: &[Token], vx: &ValueLookup) -> bool {
    let Some(end) = span.iter().rposition(|t| !(t.is_word() && !t.capital)) else { return false };
    end + 1 < span.len() && (end == 0 && !vx.holders(&span[0].raw).is_empty() || end > 0 && stored_at(&span[..=end], vx).is_some())
}

/// "appellations in Sonoma County" where `county` holds "Sonoma": a run
/// of capitalised words whose last word names the column holding the
/// words before it is that value and its kind, even when the whole run
/// is stored elsewhere (an appellation called "Sonoma County").
fn named_kind_after_value(span: &[Token], vx: &ValueLookup, m: &Manifest) -> bool {
    let [head @ .., last] = span else { return false };
    if head.is_empty() || !span.iter().all(|t| t.capital && t.is_word()) {
        return false;
    }
    // A single word is stored too when the value index holds it.
    let Some(value) = stored_at(head, vx) else { return false };
    let kind = stem(&last.raw.to_lowercase());
    vx.holders(&value).iter().any(|h| {
        m.tables.get(h.table).and_then(|t| t.columns.get(h.column)).is_some_and(|c| stems(&c.name).contains(&kind))
    })
}

/// The stored spelling of the value `span` writes out, if any.
fn stored_at(span: &[Token], vx: &ValueLookup) -> Option<String> {
    let last = span.last()?;
    // A run of capitalised words is read as a name elsewhere, unless a
    // word of it is itself a stored value ("International Finance" where
    // "Finance" is a department): then the whole run is the value.
    let all_capital = span.iter().all(|t| t.capital && t.is_word());
    if !(last.is_word() || last.number().is_some()) || all_capital && span.iter().all(|t| vx.holders(&t.raw).is_empty()) {
        return None;
    }
    if span.iter().any(|t| !matches!(t.kind, TokKind::Word | TokKind::Number(_) | TokKind::Punct(','))) {
        return None;
    }
    // A full stop is tokenised as a comma: "St. Helena"; a comma in the
    // middle of a name ("Paris, France") is written so too.
    for variant in spellings(span) {
        if let Some(h) = vx.holders(&variant).into_iter().next() {
            return Some(h.stored);
        }
    }
    None
}

/// The ways `span` may have been written: a hyphen or a space between a
/// word or number and the number after it ("737-800", "A340-300"), a full
/// stop or a comma where the tokeniser left a comma.
fn spellings(span: &[Token]) -> Vec<String> {
    let mut out = vec![String::new()];
    for (k, t) in span.iter().enumerate() {
        let seps: &[&str] = match (k.checked_sub(1).map(|p| &span[p]), &t.kind) {
            (None, _) => &[""],
            (Some(_), TokKind::Punct(_)) => &[""],
            (Some(p), TokKind::Number(_)) if p.number().is_some() || p.raw.chars().any(|c| c.is_ascii_digit()) => &["-", " "],
            _ => &[" "],
        };
        let pieces: &[&str] = match t.kind {
            TokKind::Punct(_) => &[".", ","],
            _ => &[""],
        };
        let mut next = Vec::new();
        for s in &out {
            for sep in seps {
                for p in pieces {
                    let word = if p.is_empty() { t.raw.as_str() } else { p };
                    next.push(format!("{s}{sep}{word}"));
                }
            }
        }
        out = next;
        if out.len() > 16 {
            out.truncate(16);
        }
    }
    out
}
