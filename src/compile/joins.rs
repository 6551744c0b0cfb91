//! The join graph a manifest implies, and the joins that connect a base
//! table to the other tables a query needs.
//!
//! Joins are declared many-to-one. Walking an edge from its one side to its
//! many side multiplies rows ("fan-out"); the compiler needs to know that to
//! keep averages and sums over the base table correct.

use super::sqltext::{ident, qualified};
use super::CompileError;
use crate::semantic::Manifest;
use std::collections::VecDeque;

/// One join to add, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct JoinStep {
    /// The table already joined that this step starts from.
    pub from: String,
    /// The table joined in.
    pub table: String,
    /// `ON` condition.
    pub on: String,
    /// True when this step goes from a one side to a many side.
    pub fans_out: bool,
}

/// An edge as (many_table, many_col, one_table, one_col).
fn edges(m: &Manifest) -> Vec<(String, String, String, String)> {
    m.joins
        .iter()
        .filter_map(|j| {
            let (ft, fc) = j.from.split_once('.')?;
            let (tt, tc) = j.to.split_once('.')?;
            let ft = m.table(ft)?.name.clone();
            let tt = m.table(tt)?.name.clone();
            Some((ft, fc.to_string(), tt, tc.to_string()))
        })
        .collect()
}

/// The joins from `base` to every table in `needed`, shortest paths, each
/// table joined once. Among shortest paths of equal length, the one through
/// the most tables of `via` (the plan's choice of link) is taken.
pub fn plan_joins(m: &Manifest, base: &str, needed: &[String], via: &[String]) -> Result<Vec<JoinStep>, CompileError> {
    let edges = edges(m);
    let mut steps: Vec<JoinStep> = Vec::new();
    let mut joined: Vec<String> = vec![base.to_ascii_lowercase()];
    for target in needed {
        if joined.contains(&target.to_ascii_lowercase()) {
            continue;
        }
        let path = shortest_path(&edges, base, target, via).ok_or_else(|| CompileError::NoJoinPath {
            from: base.to_string(),
            to: target.clone(),
        })?;
        for step in path {
            if !joined.contains(&step.table.to_ascii_lowercase()) {
                joined.push(step.table.to_ascii_lowercase());
                steps.push(step);
            }
        }
    }
    Ok(steps)
}

/// BFS over the undirected join graph; among the shortest paths, the first
/// (in edge order) through the most tables of `via`.
fn shortest_path(
    edges: &[(String, String, String, String)],
    from: &str,
    to: &str,
    via: &[String],
) -> Option<Vec<JoinStep>> {
    let mut queue = VecDeque::from([(from.to_string(), Vec::<JoinStep>::new())]);
    let mut seen = vec![from.to_ascii_lowercase()];
    let mut best: Option<(usize, Vec<JoinStep>)> = None;
    let through = |p: &[JoinStep]| p.iter().filter(|s| via.iter().any(|v| v.eq_ignore_ascii_case(&s.table))).count();
    while let Some((at, path)) = queue.pop_front() {
        if best.as_ref().is_some_and(|(_, b)| path.len() > b.len()) {
            break;
        }
        if at.eq_ignore_ascii_case(to) {
            let score = through(&path);
            if via.is_empty() {
                return Some(path);
            }
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, path));
            }
            continue;
        }
        for (mt, mc, ot, oc) in edges {
            let next = if mt.eq_ignore_ascii_case(&at) {
                Some((ot, false))
            } else if ot.eq_ignore_ascii_case(&at) {
                Some((mt, true))
            } else {
                None
            };
            if let Some((next, fans_out)) = next {
                let key = next.to_ascii_lowercase();
                // With a choice to make, a table is reached again by other
                // paths of the same length; without one, once is enough.
                let on_path = path.iter().any(|s| s.table.eq_ignore_ascii_case(next)) || key == from.to_ascii_lowercase();
                if on_path || (seen.contains(&key) && (via.is_empty() || !key.eq_ignore_ascii_case(to) && !via.iter().any(|v| v.eq_ignore_ascii_case(next)))) {
                    continue;
                }
                seen.push(key);
                let mut p = path.clone();
                p.push(JoinStep {
                    from: at.clone(),
                    table: next.clone(),
                    on: format!("{} = {}", qualified(mt, mc), qualified(ot, oc)),
                    fans_out,
                });
                queue.push_back((next.clone(), p));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// The tables among `steps` whose rows repeat a base row more than once:
/// those joined by a fan-out step or reached through one. Everything reached
/// only along many-to-one steps matches each base row at most once.
pub fn multiplied(steps: &[JoinStep]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // Steps come in join order, so a step's `from` is settled before it.
    for s in steps {
        if s.fans_out || out.iter().any(|t| t.eq_ignore_ascii_case(&s.from)) {
            out.push(s.table.clone());
        }
    }
    out
}

/// The first fan-out step on the way from the base to `table`, if any.
pub fn first_fan_out<'s>(steps: &'s [JoinStep], table: &str) -> Option<&'s JoinStep> {
    let mut at = table;
    let mut first = None;
    // Walk back towards the base; the last fan-out seen is the first taken.
    // Each step starts from a table joined before it, so the walk ends
    // within `steps.len()` moves; the bound only guards a malformed list.
    for _ in 0..steps.len() {
        let Some(s) = steps.iter().find(|s| s.table.eq_ignore_ascii_case(at)) else { break };
        if s.fans_out {
            first = Some(s);
        }
        at = s.from.as_str();
    }
    first
}

/// `FROM base JOIN ... ON ...` for a list of steps, with `base_sql` standing
/// for the base table (a name, or a subquery aliased to the base name).
pub fn from_clause(base: &str, base_sql: Option<&str>, steps: &[JoinStep]) -> String {
    let mut out = match base_sql {
        Some(sub) => format!("FROM {sub} AS {}", ident(base)),
        None => format!("FROM {}", ident(base)),
    };
    for s in steps {
        out.push_str(&format!("\nJOIN {} ON {}", ident(&s.table), s.on));
    }
    out
}

/// The table among `tables` from which all others are reached without
/// fan-out (the most detailed one), if any; else the first.
pub fn finest(m: &Manifest, tables: &[String]) -> Option<String> {
    let edges = edges(m);
    tables
        .iter()
        .find(|t| {
            tables.iter().all(|o| {
                o.eq_ignore_ascii_case(t)
                    || shortest_path(&edges, t, o, &[]).is_some_and(|p| p.iter().all(|s| !s.fans_out))
            })
        })
        .or_else(|| tables.first())
        .cloned()
}
