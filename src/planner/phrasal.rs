//! Phrasal verbs spelled as one noun: "users that have logged in" for a
//! `user_login` column, "orders checked out" for `checkout_date`, "members
//! who signed up" for `signup_year`. English makes a noun of a verb and
//! its particle written together (log in -> login); a column named with
//! that noun is what the verb says of the rows.
//!
//! Invariants: the two words are joined only when the verb alone reads
//! nothing in the dataset and the joined word reads something whole (no
//! misspelling forgiven); the joined token keeps the words as written, so
//! the account still shows "logged in".

use crate::planner::lexicon::{root, Lexicon};
use crate::planner::tokenize::{stem, Token};

/// Particles that join a verb into a noun.
const PARTICLES: &[&str] = &["in", "on", "out", "up", "off", "down", "over"];

/// The tokens with each verb and particle the dataset names as one word
/// read as that word.
pub fn join(toks: Vec<Token>, lx: &Lexicon) -> Vec<Token> {
    let mut out = Vec::with_capacity(toks.len());
    let mut it = toks.into_iter().peekable();
    while let Some(t) = it.next() {
        match it.peek().and_then(|p| joined(&t, p, lx)) {
            Some(j) => {
                it.next();
                out.push(j);
            }
            None => out.push(t),
        }
    }
    out
}

fn joined(verb: &Token, particle: &Token, lx: &Lexicon) -> Option<Token> {
    if !verb.is_word() || !particle.is_word() || !PARTICLES.contains(&particle.norm.as_str()) || verb.norm.len() < 3 {
        return None;
    }
    if reads_whole(lx, verb) {
        return None;
    }
    let word = format!("{}{}", root(&stem(&verb.norm)), particle.norm);
    let t = Token::read_as(format!("{} {}", verb.raw, particle.raw), &word);
    reads_whole(lx, &t).then_some(t)
}

/// True when the lexicon reads the token alone with no misspelling forgiven.
fn reads_whole(lx: &Lexicon, t: &Token) -> bool {
    lx.longest_at(std::slice::from_ref(t), 0, &|_| false).is_some_and(|m| m.cands.iter().any(|c| !c.fuzzy))
}
