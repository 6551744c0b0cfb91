//! A country or American state the question names otherwise than the
//! data stores it: "ships from the US or the UK" where `nationality`
//! holds "United States" and "United Kingdom", "French singers" where
//! `citizenship` holds "France", "companies in the United States" where
//! `headquarters` holds "USA". The other names come from WordNet
//! ([`crate::places`]); the one a column stores becomes a quoted value.
//!
//! Invariants: only a whole run of capitalised words (or the run after
//! the question's first word), so "American Airlines" is no place; a run
//! the data stores as written is left alone; the other names must lead to
//! exactly one stored value; with no value index nothing changes.

use crate::dataset::value_index::ValueLookup;
use crate::planner::tokenize::Token;

/// The question's place names the data stores under another name, as
/// quoted tokens of the stored name, and each name as written with the
/// stored name it was read as (to show).
pub fn quote_places(toks: Vec<Token>, vx: Option<&ValueLookup>) -> (Vec<Token>, Vec<(String, String)>) {
    let Some(vx) = vx else { return (toks, Vec::new()) };
    let mut renamed = Vec::new();
    let capitalised = |t: &Token| t.is_word() && (t.capital || t.raw.chars().all(|c| c.is_ascii_uppercase()));
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let run = toks[i..].iter().take_while(|t| capitalised(t)).count();
        if run == 0 {
            out.push(toks[i].clone());
            i += 1;
            continue;
        }
        // "Which US companies ...": the first word of the question is
        // capitalised anyway.
        let skip = usize::from(i == 0 && run > 1);
        out.extend(toks[i..i + skip].iter().cloned());
        let span = &toks[i + skip..i + run];
        match stored_name(span, vx) {
            Some(value) => {
                renamed.push((written(span), value.clone()));
                out.push(Token::quoted(value));
            }
            None => out.extend(span.iter().cloned()),
        }
        i += run;
    }
    (out, renamed)
}

/// The words of `span` as the question writes them.
fn written(span: &[Token]) -> String {
    span.iter().map(|t| t.raw.as_str()).collect::<Vec<_>>().join(" ")
}

/// The one stored value among the other names of the place `span` names.
fn stored_name(span: &[Token], vx: &ValueLookup) -> Option<String> {
    if span.len() > 6 {
        return None;
    }
    let written = written(span);
    let others = crate::places::other_names(&written);
    if others.is_empty() || !vx.holders(&written).is_empty() {
        return None;
    }
    let mut stored: Vec<String> = Vec::new();
    for name in others {
        for h in vx.holders(name) {
            if !stored.contains(&h.stored) {
                stored.push(h.stored);
            }
        }
    }
    match <[String; 1]>::try_from(stored) {
        Ok([value]) => Some(value),
        Err(_) => None,
    }
}
