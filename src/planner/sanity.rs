//! Plans that contradict or repeat themselves, which only a misreading
//! produces: the question asked something else.
//!
//! - Two conditions on one column that cannot both hold (`= 'a'` and
//!   `= 'b'`, empty and `= 'a'`), or where one makes the other idle
//!   (`= 'b'` and `!= 'a'`): two phrases were put on one column where the
//!   question meant two.
//! - A list that names one value twice ("Northridge, Los Angeles or San
//!   Francisco, San Francisco" read as counties): one mention belongs to
//!   another column.
//! - "No row of T matches" while the plan also reads T's rows through a
//!   join: the join keeps only the rows the anti-join removes, so the
//!   answer is empty whatever the data ("items that received no review",
//!   listed with their reviewers).
//! - An order on a plan that answers one row (aggregates with no grouping
//!   and nothing listed): "the total scores in ascending order" wanted the
//!   rows' own `total` column, not their sum; ordering one row says the
//!   question asked for many.
//!
//! Invariants: reads only the final plan and the manifest; never changes
//! the plan; the reason names the column or table concerned.

use crate::plan::{Filter, Op, Operand, Plan};
use crate::semantic::Manifest;

/// The table part of `table.column`.
fn table_of(field: &str) -> Option<&str> {
    field.split_once('.').map(|(t, _)| t)
}

fn scalar(f: &Filter) -> Option<&serde_json::Value> {
    match &f.value {
        Some(Operand::Value(v)) if !v.is_array() => Some(v),
        _ => None,
    }
}

/// Two conditions on one column that cannot both hold, or one idle beside the other.
fn clash(a: &Filter, b: &Filter) -> bool {
    match (a.op, b.op) {
        (Op::Eq, Op::Eq) => scalar(a).zip(scalar(b)).is_some_and(|(x, y)| x != y),
        (Op::Eq, Op::Ne) | (Op::Ne, Op::Eq) => scalar(a).zip(scalar(b)).is_some_and(|(x, y)| x != y),
        (Op::IsNull, Op::Eq | Op::In | Op::Like | Op::Ne) | (Op::Eq | Op::In | Op::Like | Op::Ne, Op::IsNull) => true,
        _ => false,
    }
}

/// Every table the plan reads outside its anti-joins.
fn read_tables(m: &Manifest, plan: &Plan) -> Vec<String> {
    let mut names: Vec<&str> = Vec::new();
    names.extend(plan.fields.iter().map(String::as_str));
    names.extend(plan.dimensions.iter().map(|d| d.name.as_str()));
    for x in &plan.measures {
        names.extend(x.column.as_deref());
        names.extend(x.filters.iter().map(|f| f.field.as_str()));
    }
    names.extend(plan.filters.iter().filter(|f| f.op != Op::NotExists).map(|f| f.field.as_str()));
    names.extend(plan.order.iter().map(|o| o.by.as_str()));
    names
        .into_iter()
        .filter_map(|n| {
            // A dimension's name stands for its column.
            let col = m.dimensions.iter().find(|d| d.name.eq_ignore_ascii_case(n)).map_or(n, |d| d.column.as_str());
            table_of(col).map(str::to_ascii_lowercase)
        })
        .collect()
}

/// A reason to refuse the plan, if it contradicts or repeats itself.
pub(super) fn check(m: &Manifest, plan: &Plan) -> Result<(), String> {
    if !plan.measures.is_empty() && plan.dimensions.is_empty() && plan.fields.is_empty() && !plan.order.is_empty() {
        return Err(format!(
            "I read one total, yet the question orders its answer by {}; it asked for a list of rows, which I couldn't work out.",
            plan.order.iter().map(|o| o.by.as_str()).collect::<Vec<_>>().join(", ")
        ));
    }
    for (i, a) in plan.filters.iter().enumerate() {
        for b in plan.filters.iter().skip(i + 1) {
            if a.field.eq_ignore_ascii_case(&b.field) && clash(a, b) {
                return Err(format!(
                    "I put two conditions on {} that cannot both be meant; two parts of the question probably belong to different columns.",
                    a.field
                ));
            }
        }
        if let Some(Operand::Value(serde_json::Value::Array(items))) = &a.value {
            if items.iter().enumerate().any(|(k, v)| items[..k].contains(v)) {
                return Err(format!(
                    "I read the same value twice for {}; one of the mentions probably belongs to another column.",
                    a.field
                ));
            }
        }
    }
    let read = read_tables(m, plan);
    for f in plan.filters.iter().filter(|f| f.op == Op::NotExists) {
        let (Some(Operand::Rows { column, .. }) | Some(Operand::Column { column })) = &f.value else { continue };
        let Some(t) = table_of(column) else { continue };
        if read.iter().any(|r| r.eq_ignore_ascii_case(t)) {
            return Err(format!(
                "I read both that no row of {t} matches and a column of {t} to show or test; together they leave nothing, so I misread part of the question."
            ));
        }
    }
    Ok(())
}
