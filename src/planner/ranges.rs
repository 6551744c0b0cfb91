//! "aged 20 to 25", "seat from 50 to 100 students": two numbers joined by
//! "to" are a range, read as "between 20 and 25" (both ends included, as
//! "between" is), and shown so.
//!
//! Invariants: only two plain numbers, the first below the second, joined
//! by "to" alone; a "from" before them becomes the "between", else one is
//! put in, and after a "between" already written ("between 50 to 100")
//! the "to" is read as its "and". "up to 25", "from 2 to" followed by no number, or "5 to 3" are
//! left as written.

use crate::planner::tokenize::{TokKind, Token};

/// The tokens with each "N to M" range written as "between N and M".
pub fn as_between(toks: Vec<Token>) -> Vec<Token> {
    let number = |t: &Token| match t.kind {
        TokKind::Number(n) => Some(n),
        _ => None,
    };
    let mut out: Vec<Token> = Vec::with_capacity(toks.len() + 1);
    let mut i = 0;
    while i < toks.len() {
        let range = match (number(&toks[i]), toks.get(i + 1), toks.get(i + 2).and_then(number)) {
            (Some(a), Some(to), Some(b)) => to.norm == "to" && a < b,
            _ => false,
        };
        // "between 50 to 100": the "to" stands for the "and".
        if range && out.last().is_some_and(|p| p.norm == "between") {
            out.push(toks[i].clone());
            out.push(Token::read_as(toks[i + 1].raw.clone(), "and"));
            out.push(toks[i + 2].clone());
            i += 3;
            continue;
        }
        if !range {
            out.push(toks[i].clone());
            i += 1;
            continue;
        }
        match out.last_mut() {
            Some(p) if p.norm == "from" => *p = Token::read_as("between".into(), "between"),
            _ => out.push(Token::read_as("between".into(), "between")),
        }
        out.push(toks[i].clone());
        out.push(Token::read_as("and".into(), "and"));
        out.push(toks[i + 2].clone());
        i += 3;
    }
    out
}
