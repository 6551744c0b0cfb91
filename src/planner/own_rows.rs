//! A count of a table's rows grouped by that table's own primary key:
//! each group is one row, so every count is 1 ("the product ordered most
//! frequently" read as products counted per product id). The question
//! counts the rows of another table that points at these; a plan that
//! reads no such table answers something else. (A label is not enough:
//! names repeat, "the manager with the most gas stations".)
//!
//! Invariants: reads only the final plan and the manifest; never changes
//! the plan; fires only when every column the plan reads is of that one
//! table (a join makes the count per group real).

use crate::plan::{Agg, Plan};
use crate::semantic::Manifest;

/// `table.column` of a plan name (a dimension's name stands for its column).
fn column_of<'a>(m: &'a Manifest, n: &'a str) -> &'a str {
    m.dimensions.iter().find(|d| d.name.eq_ignore_ascii_case(n)).map_or(n, |d| d.column.as_str())
}

fn table_of(field: &str) -> Option<String> {
    field.split_once('.').map(|(t, _)| t.to_ascii_lowercase())
}

/// The reason to refuse, naming the table and the grouping column, when
/// the plan counts one table's rows per row of that same table.
pub(super) fn check(m: &Manifest, plan: &Plan) -> Result<(), String> {
    if plan.dimensions.is_empty() || plan.measures.is_empty() {
        return Ok(());
    }
    let dims: Vec<&str> = plan.dimensions.iter().map(|d| column_of(m, &d.name)).collect();
    // The counted table: that of the measures' metric, else the first dimension's.
    let counted = plan.measures.first().and_then(|x| x.metric.as_ref()).and_then(|name| m.metrics.iter().find(|k| k.name == *name));
    let Some(t) = counted.map(|k| k.table.to_ascii_lowercase()).or_else(|| dims.first().and_then(|d| table_of(d))) else { return Ok(()) };
    // Every measure counts rows of `t`.
    let counts_t = plan.measures.iter().all(|x| match (&x.metric, x.agg) {
        (Some(name), _) => m.metrics.iter().any(|k| {
            k.name == *name && k.table.eq_ignore_ascii_case(&t) && k.expr.trim().eq_ignore_ascii_case("COUNT(*)")
        }),
        (None, Some(Agg::Count)) => x.column.as_deref().map_or(true, |c| table_of(column_of(m, c)).as_deref() == Some(t.as_str())),
        _ => false,
    });
    // Nothing else in the plan brings in another table.
    let mut read: Vec<&str> = dims.clone();
    read.extend(plan.fields.iter().map(|f| column_of(m, f)));
    read.extend(plan.filters.iter().map(|f| column_of(m, &f.field)));
    read.extend(plan.measures.iter().flat_map(|x| x.filters.iter().map(|f| column_of(m, &f.field))));
    let only_t = read.iter().all(|c| table_of(c).as_deref() == Some(t.as_str()))
        && plan.filters.iter().all(|f| f.value.as_ref().map_or(true, |v| matches!(v, crate::plan::Operand::Value(_))))
        && plan.any_of.is_empty();
    if !counts_t {
        return Ok(());
    }
    if !only_t {
        return one_side(m, plan, &t);
    }
    let Some(table) = m.tables.iter().find(|x| x.name.eq_ignore_ascii_case(&t)) else { return Ok(()) };
    let own = |c: &str| {
        let col = c.split_once('.').map_or(c, |(_, c)| c);
        table.primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(col))
    };
    match dims.iter().find(|d| own(d)) {
        Some(d) => Err(format!(
            "I read a count of {} rows for each {d}, but each {d} is one row of {}, so every count would be 1; the question counts something else, which I couldn't work out.",
            table.name, table.name
        )),
        None => Ok(()),
    }
}

/// "employees who have held two or more jobs" read as jobs counted per
/// employee along `employees.job_id`: each employee points at one job, so
/// every count is 0 or 1. The question counts rows of a table that holds
/// several per employee (a history), which the plan does not read.
fn one_side(m: &Manifest, plan: &Plan, counted: &str) -> Result<(), String> {
    let Some(t) = m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(counted)) else { return Ok(()) };
    // One group, by the key of another table's rows.
    let [d] = plan.dimensions.as_slice() else { return Ok(()) };
    let Some((g, c)) = crate::planner::schema::column_of(m, column_of(m, &d.name)) else { return Ok(()) };
    let table = &m.tables[g];
    let key = table.primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&table.columns[c].name));
    if g == t || !key || d.grain.is_some() {
        return Ok(());
    }
    match crate::planner::schema::foreign_key(m, g, t) {
        Some(fk) => Err(format!(
            "I read a count of {} rows for each {}, but each {} row points at one {} row ({}.{}), so every count would be 0 or 1; the question counts something else, which I couldn't work out.",
            m.tables[t].name, d.name, table.name, m.tables[t].name, table.name, table.columns[fk].name
        )),
        None => Ok(()),
    }
}
