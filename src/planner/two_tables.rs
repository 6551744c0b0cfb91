//! Readings that spread one thing over two tables, which only a misreading
//! produces on a schema where two tables share a kind of column.
//!
//! - A distinct listing of columns of two tables where the rows of one
//!   point at the rows of the other ("the distinct last names of students
//!   who have president votes" listing `student.lname` and
//!   `voting_record.president_vote`): each student has many votes, so the
//!   pairs are distinct where the question asked for distinct names. The
//!   many side's column came from a condition ("who have ...") that was
//!   read as a column to show.
//! - A condition on a column of a joined table while the table the answer
//!   lists has a column of the same name and type ("customers from Utah"
//!   read as `bank.state = 'Utah'` while `customer.state` exists): nothing
//!   in the question says the value belongs to the far table rather than
//!   to the rows answered. Names and titles are exempt (every table's
//!   `name` names a different thing), and so are keys, which joins equate.
//!
//! Invariants: reads only the final plan and the manifest; never changes
//! the plan; the reason names both columns.

use crate::plan::{Op, Plan};
use crate::planner::account::resolve;
use crate::planner::schema;
use crate::planner::tokenize::split_identifier;
use crate::semantic::Manifest;

/// True when some join makes rows of table `from` point at rows of table `to`.
fn points_at(m: &Manifest, from: usize, to: usize) -> bool {
    m.joins.iter().any(|j| schema::table_of(m, &j.from) == Some(from) && schema::table_of(m, &j.to) == Some(to))
}

/// A column a join goes through, or its table's primary key.
fn is_key(m: &Manifest, t: usize, c: usize) -> bool {
    let q = schema::qualified(m, t, c);
    let col = &m.tables[t].columns[c];
    m.tables[t].primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&col.name))
        || m.joins.iter().any(|j| j.from.eq_ignore_ascii_case(&q) || j.to.eq_ignore_ascii_case(&q))
}

/// A column that names or titles its rows: what it holds differs from table to table.
fn is_name(m: &Manifest, t: usize, c: usize) -> bool {
    let words = split_identifier(&m.tables[t].columns[c].name);
    words.iter().any(|w| matches!(w.as_str(), "name" | "names" | "title" | "fname" | "lname"))
        || schema::row_name(m, t) == Some(c)
}

/// A distinct listing whose columns come from a table and a table whose
/// rows point at it: the distinct pairs are not the distinct values asked.
fn distinct_over_many(m: &Manifest, plan: &Plan) -> Option<String> {
    if !plan.measures.is_empty() || !plan.fields.is_empty() || plan.dimensions.len() < 2 {
        return None;
    }
    let cols: Vec<(usize, usize, &str)> =
        plan.dimensions.iter().filter_map(|d| resolve(m, &d.name).map(|(t, c)| (t, c, d.name.as_str()))).collect();
    for &(a, _, an) in &cols {
        for &(b, _, bn) in &cols {
            if a != b && points_at(m, b, a) {
                return Some(format!(
                    "I read the different values of {an} together with {bn}, whose rows are many to each of {an}'s; the pairs would repeat {an}, so part of the question is not a column to show."
                ));
            }
        }
    }
    None
}

/// A condition on a joined table's column while a table the answer lists
/// has a column of the same name and type.
fn condition_on_twin(m: &Manifest, plan: &Plan) -> Option<String> {
    let answered: Vec<usize> =
        plan.fields.iter().chain(plan.dimensions.iter().map(|d| &d.name)).filter_map(|n| resolve(m, n).map(|(t, _)| t)).collect();
    if answered.is_empty() {
        return None;
    }
    for f in plan.filters.iter().filter(|f| matches!(f.op, Op::Eq | Op::In | Op::Ne | Op::NotIn)) {
        let Some((t, c)) = resolve(m, &f.field) else { continue };
        if answered.contains(&t) || is_key(m, t, c) || is_name(m, t, c) {
            continue;
        }
        let col = &m.tables[t].columns[c];
        for &u in &answered {
            let twin = m.tables[u].columns.iter().position(|x| x.name.eq_ignore_ascii_case(&col.name) && x.ty.eq_ignore_ascii_case(&col.ty));
            if let Some(k) = twin.filter(|&k| !is_key(m, u, k)) {
                return Some(format!(
                    "I put a condition on {}, yet {} has a column of the same name; the question doesn't say which is meant.",
                    schema::qualified(m, t, c),
                    schema::qualified(m, u, k)
                ));
            }
        }
    }
    None
}

/// A reason to refuse the plan, if it spreads one thing over two tables.
pub(super) fn check(m: &Manifest, plan: &Plan) -> Result<(), String> {
    match distinct_over_many(m, plan).or_else(|| condition_on_twin(m, plan)) {
        Some(reason) => Err(reason),
        None => Ok(()),
    }
}
