//! A count of rows of a table whose rows each hold a number of the thing
//! counted.
//!
//! "How many degrees were conferred between 1998 and 2002?" read as
//! `COUNT(*)` over `degrees` while `degrees.degrees` holds how many degrees
//! each row stands for (a campus in a year): the table is a tally, its rows
//! are not the things, and the question may mean the rows or the sum of the
//! column. A table with a number column named after its own rows
//! (`degrees.degrees`, `faculty.faculty`, `no_of_faculty`; not
//! `train_number`, which identifies a train) makes "how many" ambiguous.
//!
//! Invariants: reads only the final plan and the manifest; never changes
//! the plan; the reason names the column.

use crate::plan::{Agg, Plan};
use crate::planner::schema;
use crate::planner::tokenize::{split_identifier, stem};
use crate::semantic::Manifest;

/// The number column of table `t` named after its rows, if any.
fn tally_column(m: &Manifest, t: usize) -> Option<usize> {
    let rows: Vec<String> = split_identifier(&m.tables[t].name).iter().map(|w| stem(w)).collect();
    m.tables[t].columns.iter().position(|col| {
        let ty = col.ty.to_ascii_uppercase();
        let numeric = ["INT", "BIGINT", "DOUBLE", "DECIMAL", "FLOAT", "HUGEINT", "SMALLINT"].iter().any(|k| ty.starts_with(k));
        // `degrees`, or `no_of_degrees`; `train_number` identifies a train.
        let words = split_identifier(&col.name);
        let tally: Vec<String> = match words.as_slice() {
            [n, of, rest @ ..] if matches!(n.as_str(), "no" | "num" | "number") && of == "of" => rest,
            all => all,
        }
        .iter()
        .map(|w| stem(w))
        .collect();
        numeric && !tally.is_empty() && tally == rows
    })
}

/// The tables whose rows the plan counts with `COUNT(*)`.
fn counted_tables(m: &Manifest, plan: &Plan) -> Vec<usize> {
    plan.measures
        .iter()
        .filter_map(|x| {
            let metric = x.metric.as_deref().and_then(|n| m.metrics.iter().find(|k| k.name == n))?;
            let rows = metric.expr.replace(' ', "").eq_ignore_ascii_case("COUNT(*)") && x.agg.is_none_or(|a| a == Agg::Count);
            if !rows {
                return None;
            }
            m.tables.iter().position(|t| t.name.eq_ignore_ascii_case(&metric.table))
        })
        .collect()
}

/// A grouping of a table's own rows by the column naming each of them,
/// beside another grouping: "the studios of each film and the number of
/// films" read as films counted per (title, studio) gives 1 per film; the
/// word for the rows counted was also taken as a group. Alone, a name may
/// repeat ("how many times each nominee appears") and is left alone; a key
/// never repeats.
fn grouped_by_own_rows(m: &Manifest, plan: &Plan, t: usize) -> Option<usize> {
    let groups: Vec<(usize, usize)> =
        plan.dimensions.iter().filter(|d| d.grain.is_none()).filter_map(|d| super::account::resolve(m, &d.name)).collect();
    let key = m.tables[t].primary_key.as_deref();
    groups.iter().filter(|g| g.0 == t).map(|g| g.1).find(|&c| {
        let is_key = key.is_some_and(|k| m.tables[t].columns[c].name.eq_ignore_ascii_case(k));
        is_key || (groups.len() > 1 && schema::row_name(m, t) == Some(c))
    })
}

/// A reason to refuse the plan, if it counts the rows of a tally, or
/// counts a table's rows per row.
pub(super) fn check(m: &Manifest, plan: &Plan) -> Result<(), String> {
    for t in counted_tables(m, plan) {
        if let Some(c) = grouped_by_own_rows(m, plan, t) {
            return Err(format!(
                "I counted the rows of {} for each value of {}, which names each row, so every count would be 1; a word for the rows counted was probably also read as a group.",
                m.tables[t].name,
                schema::qualified(m, t, c)
            ));
        }
        // "the marketing region with the most drama workshop groups" where
        // the groups carry `marketing_region_code` themselves, unjoined:
        // grouping through other tables' joins may not be what the rows say.
        for d in plan.dimensions.iter().filter(|d| d.grain.is_none()) {
            let Some((g, c)) = super::account::resolve(m, &d.name) else { continue };
            let name = &m.tables[g].columns[c].name;
            // A code or id, not a generic `name` every table may have.
            let own = g != t && crate::dataset::names::is_keyish(name) && m.tables[t].columns.iter().any(|x| x.name.eq_ignore_ascii_case(name));
            let joined = m.joins.iter().any(|j| {
                let ends = [super::account::resolve(m, &j.from), super::account::resolve(m, &j.to)];
                ends.contains(&Some((g, c))) && ends.iter().flatten().any(|&(u, _)| u == t)
            });
            if own && !joined {
                return Err(format!(
                    "I grouped the {} rows by {} through other tables, but they have a column {} of their own that isn't joined to it; which one is meant is unclear.",
                    m.tables[t].name,
                    d.name,
                    name
                ));
            }
        }
        if let Some(c) = tally_column(m, t) {
            return Err(format!(
                "I counted the rows of {}, but each row holds a number of them in {}; the question may mean the rows or the sum of that column.",
                m.tables[t].name,
                schema::qualified(m, t, c)
            ));
        }
    }
    Ok(())
}
