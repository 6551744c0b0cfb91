//! "Items reviewed by some users", "courses enrolled in by students",
//! "games played by students under 20": after a verb's participle, "by"
//! names who did it, not a grouping. A plan that groups by the table the
//! noun after such a "by" names answers "for each user", which the
//! question did not ask, so it is refused. "Grouped by", "sorted by" and
//! the like are no agents, nor is "by the most customers": the rows
//! counted to rank the groups.
//!
//! Invariants: reads only the pieces and the final plan; never changes
//! the plan; the reason names the words as written.

use crate::plan::Plan;
use crate::planner::english::Cue;
use crate::planner::intent::Piece;
use crate::planner::lexicon::Target;
use crate::semantic::Manifest;

/// Words between "by" and its noun.
const DETERMINERS: &[&str] = &["some", "the", "all", "any", "their", "its", "various", "different", "many"];

/// Prepositions a participle may take before "by" ("enrolled in by").
pub(super) const PREPOSITIONS: &[&str] = &["in", "on", "to", "for", "at", "into", "with", "from"];

/// Participles after which "by" says how rows are arranged, not who did it.
const ARRANGING: &[&str] = &[
    "grouped", "sorted", "ordered", "broken", "split", "categorized", "categorised", "classified", "arranged",
    "ranked", "listed", "organized", "organised", "separated", "partitioned", "aggregated", "summarized",
    "summarised", "counted", "totaled", "totalled",
];

/// True when piece `k` is, or ends with, a participle that takes an
/// agent ("played", and "games played" read as `gamesplayed`).
pub(super) fn participle(p: &[Piece], k: usize) -> bool {
    let last = p[k].words.rsplit(' ').next().unwrap_or_default().to_lowercase();
    let w = last.as_str();
    ((w.ends_with("ed") || w.ends_with("en")) && w.len() > 3 || crate::planner::verbs::is_irregular_past(w)) && !ARRANGING.contains(&w)
}

/// The tables piece `k` could name.
fn tables_of(m: &Manifest, x: &Piece) -> Vec<usize> {
    x.lex()
        .map(|c| {
            c.iter()
                .filter_map(|c| match c.target {
                    Target::Table(t) | Target::Column(t, _) => Some(t),
                    Target::Dimension(d) => m.dimensions.get(d).and_then(|d| {
                        let t = d.column.split_once('.')?.0;
                        m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(t))
                    }),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A reason to refuse the plan when it groups by the agent of a verb.
pub(super) fn check(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    if plan.dimensions.is_empty() || plan.measures.is_empty() {
        return Ok(());
    }
    let grouped: Vec<usize> = plan
        .dimensions
        .iter()
        .filter_map(|d| super::account::resolve(m, &d.name).map(|(t, _)| t))
        .collect();
    for (k, x) in p.iter().enumerate() {
        // "by some users", and "by the tutor whose name is Julio": one
        // agent named, not a grouping ("sales made by region" is one).
        let the = k > 0 && p[k - 1].norm == "the";
        if !x.plural && !the {
            continue;
        }
        let Some(by) = (0..k).rev().find(|&j| !DETERMINERS.contains(&p[j].norm.as_str())) else { continue };
        if p[by].norm != "by" || by == 0 {
            continue;
        }
        // "chosen by the most customers": the rows counted to rank the
        // groups, not a grouping by them.
        if p[by + 1..k].iter().any(|y| matches!(y.cue(), Some(Cue::Most | Cue::Least))) {
            continue;
        }
        let verb = if PREPOSITIONS.contains(&p[by - 1].norm.as_str()) && by >= 2 { by - 2 } else { by - 1 };
        if !participle(p, verb) {
            continue;
        }
        if tables_of(m, x).iter().any(|t| grouped.contains(t)) {
            return Err(format!(
                "I read '{}' as a grouping, but after '{}' it names who did it; I couldn't work out the question without grouping.",
                x.words,
                p[verb..=by].iter().map(|w| w.words.as_str()).collect::<Vec<_>>().join(" ")
            ));
        }
    }
    Ok(())
}
