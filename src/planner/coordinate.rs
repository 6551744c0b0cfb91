//! Shared heads: "the first and last name" is "the first name and the last
//! name", "home and away team" is "home team and away team". English lets
//! modifiers joined by "and"/"or" share the noun after the last one; the
//! lexicon only knows whole phrases, so the shared noun is written out
//! after each modifier before the question is read.
//!
//! Invariants: a modifier is given the head only when the last modifier
//! and the head form one indexed phrase naming a column, a dimension or a
//! metric, and the modifier with the same head forms another phrase of the
//! same length naming a different one of those; nothing is rewritten
//! otherwise, so a question without such a pair reads exactly as before.
//! The copied head keeps its written form (a plural stays plural).

use crate::planner::lexicon::{Lexicon, Target};
use crate::planner::tokenize::Token;

/// The tokens with each shared head written out after its modifiers.
pub fn distribute(toks: Vec<Token>, lx: &Lexicon) -> Vec<Token> {
    let mut out = toks;
    let mut i = 0;
    while i < out.len() {
        if let Some((mods, last, len)) = shared_head(&out, i, lx) {
            let head: Vec<Token> = out[last + 1..last + len].to_vec();
            // Insert after the modifiers from the right, so earlier
            // positions stay valid.
            for &m in mods.iter().rev() {
                for (k, t) in head.iter().enumerate() {
                    out.insert(m + 1 + k, t.clone());
                }
            }
            i = last + len + head.len() * mods.len();
            continue;
        }
        i += 1;
    }
    out
}

/// At `i`, modifiers `m1 (, m2)* and|or mk` followed by a head with which
/// `mk` forms a phrase of `len` tokens: the modifiers' positions (all but
/// the last), the last modifier's position and `len`.
fn shared_head(toks: &[Token], i: usize, lx: &Lexicon) -> Option<(Vec<usize>, usize, usize)> {
    let word = |k: usize| toks.get(k).filter(|t| t.is_word());
    word(i)?;
    // The list of single-word modifiers: "first and", "home, away or".
    let mut mods = vec![i];
    let mut k = i + 1;
    loop {
        let t = toks.get(k)?;
        if t.is_punct(',') && word(k + 1).is_some() && !joins(toks.get(k + 1)?) {
            mods.push(k + 1);
            k += 2;
            continue;
        }
        if t.is_word() && joins(t) {
            break;
        }
        // "first, middle, and last name".
        if t.is_punct(',') && mods.len() > 1 && toks.get(k + 1).is_some_and(|n| n.is_word() && joins(n)) {
            k += 1;
            break;
        }
        return None;
    }
    let last = k + 1;
    word(last)?;
    let whole = lx.longest_at(toks, last, &|_| false)?;
    if whole.len < 2 || !whole.cands.first().is_some_and(|c| names_field(&c.target)) {
        return None;
    }
    let head = &toks[last + 1..last + whole.len];
    // Each modifier must make its own phrase with the head, and a modifier
    // already beginning a phrase of its own ("name and last name") has its
    // noun written.
    for &m in &mods {
        // A modifier that reads alone as a table ("institutions and total
        // enrollment") is a noun of its own, not a modifier.
        let own = lx.longest_at(toks, m, &|_| false);
        if own.as_ref().is_some_and(|x| x.len > 1 || x.cands.iter().any(|c| matches!(c.target, Target::Table(_)))) {
            return None;
        }
        let mut trial = vec![toks[m].clone()];
        trial.extend(head.iter().cloned());
        let alone = lx.longest_at(&trial, 0, &|_| false)?;
        let same = alone.cands.first().map(|c| &c.target) == whole.cands.first().map(|c| &c.target);
        if alone.len != trial.len() || same || !alone.cands.first().is_some_and(|c| names_field(&c.target)) {
            return None;
        }
    }
    Some((mods, last, whole.len))
}

fn joins(t: &Token) -> bool {
    matches!(t.norm.as_str(), "and" | "or")
}

fn names_field(t: &Target) -> bool {
    matches!(t, Target::Column(..) | Target::Dimension(_) | Target::Metric(_))
}
