//! A comparative adjective before the thing compared: "candidates who have
//! a lower support rate than oppose rate", "customers with a higher
//! checking balance than savings balance". English may put the adjective
//! before the noun ("a higher salary than") or after it ("salary higher
//! than"); the comparison readers take the second order, so the first is
//! rewritten to it.
//!
//! Invariants: only the comparatives the comparison cues read before
//! "than" are moved; the words between them and "than" must be one to four
//! plain words that the lexicon reads, from the first, as one name of the
//! dataset covering them all (a column, not "a higher number of students");
//! "the higher ..." is left alone. Tokens keep their spelling, so the
//! account still shows the words as written.

use crate::planner::lexicon::Lexicon;
use crate::planner::tokenize::Token;

/// Comparatives that, before "than", compare two amounts.
const COMPARATIVES: &[&str] = &["higher", "lower", "greater", "larger", "smaller", "bigger", "longer", "shorter"];

/// The tokens with each "COMPARATIVE noun than" read as "noun COMPARATIVE
/// than".
pub fn after_noun(mut toks: Vec<Token>, lx: &Lexicon) -> Vec<Token> {
    let mut i = 0;
    while i < toks.len() {
        if let Some(n) = noun_before_than(&toks, i, lx) {
            // [.., COMP, w1..wn, than, ..] -> [.., w1..wn, COMP, than, ..]
            toks[i..=i + n].rotate_left(1);
            i += n + 2;
        } else {
            i += 1;
        }
    }
    toks
}

/// The number of words between the comparative at `i` and "than", when
/// they are one name of the dataset.
fn noun_before_than(toks: &[Token], i: usize, lx: &Lexicon) -> Option<usize> {
    let t = &toks[i];
    if !t.is_word() || !COMPARATIVES.contains(&t.norm.as_str()) {
        return None;
    }
    if i > 0 && toks[i - 1].norm == "the" {
        return None;
    }
    let n = (1..=4).find(|&n| toks.get(i + 1 + n).is_some_and(|x| x.is_word() && x.norm == "than"))?;
    if !toks[i + 1..=i + n].iter().all(|x| x.is_word() && !x.capital) {
        return None;
    }
    let m = lx.longest_at(toks, i + 1, &|_| false)?;
    (m.len == n && m.cands.iter().any(|c| !c.fuzzy)).then_some(n)
}
