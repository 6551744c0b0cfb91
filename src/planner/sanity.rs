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
//! - "Students who don't play football" read as `sportname != 'Football'`
//!   on the sports rows joined to each student: a student with any other
//!   sport is kept, so the plan answers "has some sport that is not
//!   football". A negated condition on a table whose rows point at the
//!   rows answered (many to one) is a "has none", which a row filter
//!   cannot say.
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

/// The aggregate a measure applies and the `(table, column)` it applies it
/// to: its own `agg` and `column`, or its metric's simple aggregate
/// (`SUM(t.c)`); none for a count of rows or a compound expression.
pub(super) fn column_aggregate(m: &Manifest, x: &crate::plan::Measure) -> Option<(crate::plan::Agg, (usize, usize))> {
    match (&x.metric, x.agg, &x.column) {
        (None, Some(agg), Some(c)) => Some((agg, super::account::resolve(m, c)?)),
        (Some(name), None, _) => {
            let metric = m.metrics.iter().find(|k| k.name == *name)?;
            let simple = super::lexicon::parse_simple_agg(m, &metric.expr)?;
            Some((simple.agg, simple.column?))
        }
        _ => None,
    }
}

/// "the total enrollment for each enrollment type" read as the sum of
/// `enrollment` grouped by `enrollment`: a sum, average, minimum or
/// maximum of the very column the rows are grouped by (a count per value
/// is fine). Returns the column.
fn aggregate_of_its_group(m: &Manifest, plan: &Plan) -> Option<String> {
    use crate::plan::Agg;
    let resolve = |n: &str| super::account::resolve(m, n);
    let groups: Vec<(usize, usize)> = plan.dimensions.iter().filter(|d| d.grain.is_none()).filter_map(|d| resolve(&d.name)).collect();
    plan.measures.iter().find_map(|x| {
        let (agg, col) = column_aggregate(m, x)?;
        let extent = matches!(agg, Agg::Sum | Agg::Avg | Agg::Min | Agg::Max);
        (extent && x.filters.is_empty() && groups.contains(&col)).then(|| format!("{}.{}", m.tables[col.0].name, m.tables[col.0].columns[col.1].name))
    })
}

/// The table of a plan name (`table.column` or a dimension's name).
fn table_of_name(m: &Manifest, n: &str) -> Option<String> {
    let col = m.dimensions.iter().find(|d| d.name.eq_ignore_ascii_case(n)).map_or(n, |d| d.column.as_str());
    table_of(col).map(str::to_ascii_lowercase)
}

/// The tables whose rows the plan answers: its listed and grouped
/// columns', else its measures'.
fn answered_tables(m: &Manifest, plan: &Plan) -> Vec<String> {
    let mut out: Vec<String> = plan
        .fields
        .iter()
        .chain(plan.dimensions.iter().map(|d| &d.name))
        .filter_map(|n| table_of_name(m, n))
        .collect();
    if out.is_empty() {
        for x in &plan.measures {
            out.extend(x.column.as_deref().and_then(|c| table_of_name(m, c)));
            let metric = x.metric.as_deref().and_then(|n| m.metrics.iter().find(|k| k.name == n));
            out.extend(metric.map(|k| k.table.to_ascii_lowercase()));
        }
    }
    out
}

/// A negated condition on a table whose rows point at the answered
/// table's rows: a "has none" read as a row filter through the join.
fn negation_through_many(m: &Manifest, plan: &Plan) -> Option<String> {
    let answered = answered_tables(m, plan);
    let points_at = |from: &str, to: &str| {
        m.joins.iter().any(|j| {
            table_of(&j.from).is_some_and(|t| t.eq_ignore_ascii_case(from)) && table_of(&j.to).is_some_and(|t| t.eq_ignore_ascii_case(to))
        })
    };
    plan.filters.iter().filter(|f| matches!(f.op, Op::Ne | Op::NotIn)).find_map(|f| {
        let t = table_of_name(m, &f.field)?;
        let many = !answered.contains(&t) && answered.iter().any(|a| points_at(&t, a));
        many.then(|| f.field.clone())
    })
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
    let rows_of = plan.rows_of.iter().map(|t| t.to_ascii_lowercase());
    names
        .into_iter()
        .filter_map(|n| {
            // A dimension's name stands for its column.
            let col = m.dimensions.iter().find(|d| d.name.eq_ignore_ascii_case(n)).map_or(n, |d| d.column.as_str());
            table_of(col).map(str::to_ascii_lowercase)
        })
        .chain(rows_of)
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
    if let Some(field) = aggregate_of_its_group(m, plan) {
        return Err(format!(
            "I read a total, average or extreme of {field} for each value of {field} itself, which gives each value back; a word meant for the groups probably names another column."
        ));
    }
    if let Some(field) = negation_through_many(m, plan) {
        return Err(format!(
            "I read a 'not' as a condition on {field}, whose rows each point at a row of the answer; that keeps every row with some other value, where the question meant rows with none, which I couldn't work out."
        ));
    }
    super::two_tables::check(m, plan)?;
    super::counted_column::check(m, plan)?;
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
