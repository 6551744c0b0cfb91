//! Two values joined by "and" on one column of a row: "the document with
//! paragraph text 'Brazil' and 'Ireland'", "nations that use English and
//! Dutch", "publishers with a book in 1989 and a book in 1990". No single
//! row holds both, so the question asks for the things that have both (a
//! set of rows per thing), which one row filter cannot say; read as
//! `IN (a, b)` it answers "either". The plan is refused unless it adds
//! the rows up ("the total surface area of Asia and Europe", "the sum of
//! the budgets of the Marketing and Finance departments"), where "and"
//! gathers the rows of both, or groups by the column itself ("ticket
//! count for chat and email by channel": one answer row for each).
//!
//! Invariants: reads only the pieces and the final plan; never changes
//! the plan; values the question does not spell as written (fuzzy or
//! translated ones) are left alone; the reason names the values.

use crate::plan::{Agg, Op, Operand, Plan};
use crate::planner::english::Cue;
use crate::planner::intent::{Piece, PieceKind};
use crate::semantic::Manifest;

/// The piece that spells `value` as written, if any.
pub(super) fn spelled(p: &[Piece], value: &serde_json::Value) -> Option<usize> {
    let text = match value {
        serde_json::Value::String(s) => s.to_lowercase(),
        other => other.to_string(),
    };
    p.iter().position(|x| x.words.trim_matches(|c| matches!(c, '"' | '\'' | '“' | '”')).to_lowercase() == text)
}

/// True when every measure adds rows up (a sum or an average), so "a and
/// b" gathers the rows of both.
fn adds_up(m: &Manifest, plan: &Plan) -> bool {
    !plan.measures.is_empty()
        && plan.measures.iter().all(|x| match (&x.metric, x.agg) {
            (_, Some(Agg::Sum | Agg::Avg)) => true,
            (Some(n), None) => m.metrics.iter().any(|k| {
                let e = k.expr.to_ascii_uppercase();
                k.name == *n && (e.starts_with("SUM(") || e.starts_with("AVG("))
            }),
            _ => false,
        })
}

/// A reason to refuse the plan when "a and b" on one column was read as
/// "a or b".
pub(super) fn check(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    if adds_up(m, plan) {
        return Ok(());
    }
    two_rows_named_alike(m, p, plan)?;
    let grouped = |field: &str| plan.dimensions.iter().any(|d| d.name.eq_ignore_ascii_case(field));
    for f in plan.filters.iter().filter(|f| f.op == Op::In && !grouped(&f.field)) {
        let Some(Operand::Value(serde_json::Value::Array(items))) = &f.value else { continue };
        let at: Option<Vec<usize>> = items.iter().map(|v| spelled(p, v)).collect();
        let Some(at) = at.filter(|a| a.len() >= 2) else { continue };
        let (Some(&lo), Some(&hi)) = (at.iter().min(), at.iter().max()) else { continue };
        let between = &p[lo + 1..hi];
        let or = between.iter().any(|x| matches!(x.norm.as_str(), "or" | "either" | "nor") || x.cue() == Some(Cue::Or));
        let and = between.iter().any(|x| x.norm == "and" || x.kind == PieceKind::Cue(Cue::And));
        if and && !or {
            return Err(format!(
                "I read {} joined by 'and' on {}; no single row has both, so the question asks for things that have both, which I couldn't work out.",
                items.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" and "),
                f.field
            ));
        }
    }
    Ok(())
}

/// "the states where both the secretary of 'Treasury' and the secretary of
/// 'Homeland Security' were born": a noun named twice after "both" is two
/// rows, one for each condition; read as two conditions on the same row
/// (two `IN` filters on one key) it asks for one secretary of both.
fn two_rows_named_alike(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    let Some(both) = p.iter().position(|x| x.norm == "both") else { return Ok(()) };
    // The conditions are on each row itself (its key), not on a group of
    // rows ("locations that have both tracks with ... and tracks with ...").
    let own_key = |field: &str| {
        crate::planner::account::resolve(m, field).is_some_and(|(t, c)| crate::planner::schema::row_key(m, t) == Some(c))
    };
    let on_rows: Vec<&str> = plan
        .filters
        .iter()
        .filter(|f| f.op == Op::In && matches!(f.value, Some(Operand::Rows { .. })) && own_key(&f.field))
        .map(|f| f.field.as_str())
        .collect();
    let Some(key) = on_rows.iter().enumerate().find(|(k, a)| on_rows[k + 1..].contains(a)).map(|(_, a)| *a) else { return Ok(()) };
    let Some((rows, _)) = crate::planner::account::resolve(m, key) else { return Ok(()) };
    // The noun named twice is those rows themselves, not the rows the
    // conditions reach ("customers who have both an order ... and an order ...").
    let nouns: Vec<&Piece> = p[both + 1..].iter().filter(|x| x.top() == Some(&crate::planner::lexicon::Target::Table(rows))).collect();
    if let Some(x) = nouns.iter().enumerate().find(|(k, x)| nouns[k + 1..].iter().any(|y| y.words.eq_ignore_ascii_case(&x.words) && y.top() == x.top())).map(|(_, x)| x) {
        return Err(format!(
            "'{}' is named twice after 'both': two of them, one for each condition, which I couldn't work out.",
            x.words
        ));
    }
    Ok(())
}
