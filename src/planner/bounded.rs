//! A superlative answers with the thing at the top, not a sorted list.
//!
//! "Which countries have the most airlines", "the cities in the county
//! with the most police officers", "the songs of the youngest singer":
//! read as an ordering with no limit, the plan lists every row sorted,
//! which answers "rank them", not the question. When a superlative word
//! ("most", "fewest", "highest", "youngest", "top", "most often") was read
//! as the plan's order and nothing limits the rows (no limit, no
//! per-group extreme or latest row), the superlative picks out something
//! the plan cannot express (often a thing other than the rows listed), so
//! the question is refused. Sorting words ("ordered by", "in descending
//! order", "from high to low") are not superlatives and are left alone,
//! and so is a ranking of groups by a measure ("which agents have the
//! highest average satisfaction": every agent, best first).
//!
//! Invariants: reads only the matches and the final plan; never changes
//! the plan; the reason names the words as written.

use crate::plan::Plan;
use crate::planner::{Match, MatchKind};

/// Words of a superlative that are not made with "-est".
const SUPERLATIVES: &[&str] = &[
    "most", "least", "fewest", "top", "best", "worst", "often", "frequently", "frequent", "commonly",
];

/// Words ending in "-est" that are no superlatives.
const NOT_EST: &[&str] = &["interest", "request", "contest", "forest", "guest", "west", "quest", "test", "nest", "rest", "chest", "harvest", "protest", "suggest"];

/// True when `words` hold a superlative ("the most", "highest", "youngest").
fn superlative(words: &str) -> bool {
    words.to_lowercase().split_whitespace().any(|w| {
        SUPERLATIVES.contains(&w) || (w.len() > 4 && w.ends_with("est") && !NOT_EST.contains(&w))
    })
}

/// A reason to refuse the plan when a superlative was read as an order
/// that nothing limits.
pub(super) fn check(matches: &[Match], plan: &Plan) -> Result<(), String> {
    if plan.order.is_empty()
        || !plan.measures.is_empty()
        || plan.limit.is_some()
        || plan.extreme_per.is_some()
        || plan.latest_per.is_some()
    {
        return Ok(());
    }
    match matches.iter().find(|x| x.kind == MatchKind::Order && superlative(&x.words)) {
        Some(x) => Err(format!(
            "I read '{}' as sorting the whole list, but it picks out the top of something I couldn't place; answering with every row would answer a different question.",
            x.words
        )),
        None => Ok(()),
    }
}
