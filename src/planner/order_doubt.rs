//! Top rows picked by a column whose order the question cannot have meant.
//!
//! - A key: "the location with the largest number of documents" read as
//!   the row with the largest `document_id`, "the body builder with the
//!   greatest body weight" as the largest `body_builder_id`. An identifier
//!   is no amount; unless the question says "id", the superlative was
//!   about something else (a count, another column).
//! - A rank: "the pilot of the highest rank" read as the largest `rank`.
//!   Rank 1 is the highest, so "highest" and "top" run against the
//!   numbers; the question doesn't say which end is meant.
//!
//! - Two superlatives on two columns ("the highest support rate, lowest
//!   consider rate") read as one row ordered by both: each asks for its
//!   own column's extreme.
//!
//! Invariants: reads only the pieces' words, the final plan and the
//! manifest; never changes the plan; the reason names the column.

use crate::plan::Plan;
use crate::planner::account::resolve;
use crate::planner::english::Cue;
use crate::planner::intent::Piece;
use crate::planner::tokenize::split_identifier;
use crate::semantic::Manifest;

/// A column that identifies rows: its table's primary key, a column a join
/// goes through, or one called an id.
fn is_key(m: &Manifest, t: usize, c: usize) -> bool {
    let col = &m.tables[t].columns[c];
    let q = format!("{}.{}", m.tables[t].name, col.name);
    m.tables[t].primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&col.name))
        || m.joins.iter().any(|j| j.from.eq_ignore_ascii_case(&q) || j.to.eq_ignore_ascii_case(&q))
        || split_identifier(&col.name).iter().any(|w| w == "id")
}

/// A column of positions, where 1 is the top.
fn is_rank(m: &Manifest, t: usize, c: usize) -> bool {
    split_identifier(&m.tables[t].columns[c].name).iter().any(|w| matches!(w.as_str(), "rank" | "ranking" | "position"))
}

/// A reason to refuse the plan, if it picks its top rows by a key or a rank.
pub(super) fn check(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    if plan.limit.is_none() {
        return Ok(());
    }
    // "the highest support rate, lowest consider rate": two superlatives
    // on two columns are each one's extreme, not one row first by both.
    let superlatives = p.iter().filter(|x| matches!(x.cue(), Some(Cue::Most | Cue::Least))).count();
    if let [a, b, ..] = plan.order.as_slice() {
        if plan.limit == Some(1) && superlatives >= 2 && plan.measures.is_empty() && plan.dimensions.is_empty() && a.by != b.by {
            let extreme = |desc: bool| if desc { "maximum" } else { "minimum" };
            return Err(format!(
                "I read two superlatives as one row first by {} and then by {}; one row need not hold both extremes. Ask for each, e.g. 'the {} {} and the {} {}'.",
                a.by, b.by, extreme(a.desc), a.by, extreme(b.desc), b.by
            ));
        }
    }
    // "the department with the most credits": "most" of an amount held
    // by other rows (each course's credits) asks for their total, not the
    // one row with the largest.
    // ("most recently" is a date's order, no amount.)
    let quantity = p.iter().enumerate().any(|(i, x)| {
        matches!(x.cue(), Some(Cue::Most | Cue::Least))
            && x.words.split_whitespace().last().is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "most" | "fewest" | "least"))
            && p.get(i + 1).is_none_or(|n| n.norm != "recently")
    });
    if quantity && plan.measures.is_empty() && plan.dimensions.is_empty() {
        for o in &plan.order {
            let Some((t, _)) = resolve(m, &o.by) else { continue };
            let owner = plan.fields.iter().filter_map(|f| resolve(m, f)).find(|&(f, _)| f != t && crate::planner::schema::foreign_key(m, t, f).is_some());
            if let Some((f, _)) = owner {
                return Err(format!(
                    "I read 'most' as the one {} row with the largest {}, but each {} has several {} rows; the question may ask for their total, which I couldn't tell.",
                    m.tables[t].name, o.by, m.tables[f].name, m.tables[t].name
                ));
            }
        }
    }
    // "the student who most recently registered course 301" read as the
    // student with the most courses: "most recently" orders by a date,
    // never by a count.
    let recently = p.windows(2).any(|w| matches!(w[0].cue(), Some(Cue::Most | Cue::Least)) && w[1].norm == "recently");
    if recently && !plan.measures.is_empty() && plan.order.iter().any(|o| plan.measures.iter().any(|x| [x.alias.as_deref(), x.metric.as_deref()].contains(&Some(o.by.as_str())))) {
        return Err("I read 'most recently' as the most of a count; it asks for the latest by a date, which I couldn't place.".into());
    }
    let says_id = p.iter().any(|x| matches!(x.norm.as_str(), "id" | "ids" | "identifier"));
    for o in &plan.order {
        let Some((t, c)) = resolve(m, &o.by) else { continue };
        if is_key(m, t, c) && !says_id {
            return Err(format!(
                "I read the top rows as those with the largest or smallest {}, which identifies rows and measures nothing; I couldn't tell what the question ranks by.",
                o.by
            ));
        }
        if is_rank(m, t, c) {
            return Err(format!(
                "I read the top rows by {}, a rank where 1 comes first; the question doesn't say whether it means the first rank or the largest number.",
                o.by
            ));
        }
    }
    Ok(())
}
