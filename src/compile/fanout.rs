//! One GROUP BY query per measure table, kept right when the joins it needs
//! multiply the table's rows (fan-out).
//!
//! A measure's rows must each be aggregated exactly once per group they
//! belong to. A join from the measure's table to a many side repeats its
//! rows, so the compiler must know which joined rows are copies of the same
//! measure row. Only a key says that: two rows with equal values but no key
//! may be two real rows (two payments of 10) or one row repeated by the
//! join, and `SELECT DISTINCT table.*` would treat both as one.
//!
//! - With a key, the joins only decide *which* (key, dimension values)
//!   pairs qualify; the measure is then aggregated over the table itself,
//!   joined to that distinct pair set by the key. Each row counts once per
//!   group it falls in, whatever the join multiplied.
//! - Without a key, when every dimension is a value of the row itself (its
//!   own columns or tables it reaches many-to-one), the table is aggregated
//!   straight to the dimensions' grain; the fanned-out tables only filter
//!   which rows count, through a semi-join, which keeps a row (and every
//!   copy of it) without ever repeating it.
//! - Without a key and with a dimension on the far side of a fan-out, the
//!   group a row belongs to comes from rows it is multiplied into; that is
//!   refused with [`CompileError::NoKey`] rather than guessed.

use super::joins::{self, JoinStep};
use super::measure::Resolved;
use super::sqltext::{ident, qualified};
use super::{dedup, CompileError, Ctx, Dim};

/// The parts of one group query that every shape shares.
struct Parts<'a> {
    table: &'a str,
    pre_sql: Option<&'a str>,
    steps: &'a [JoinStep],
    /// Steps that do not multiply the table's rows, in join order.
    one_side: Vec<JoinStep>,
    where_clause: String,
    group: &'static str,
    measures_sql: Vec<String>,
}

impl Ctx<'_, '_> {
    /// One GROUP BY query over one measure table.
    pub(super) fn group_query(
        &self,
        table: &str,
        ms: &[&Resolved],
        dims: &[Dim],
        where_sql: &str,
        filter_tables: &[String],
        pre: Option<&(String, String)>,
    ) -> Result<String, CompileError> {
        let mut needed: Vec<String> = dims.iter().flat_map(|d| d.tables.clone()).collect();
        needed.extend(ms.iter().flat_map(|m| m.tables.clone()));
        needed.extend(filter_tables.iter().cloned());
        dedup(&mut needed);
        let steps = joins::plan_joins(self.r.m, table, &needed)?;
        let multiplied = joins::multiplied(&steps);
        let is_multiplied = |t: &String| multiplied.iter().any(|x| x.eq_ignore_ascii_case(t));
        let p = Parts {
            table,
            pre_sql: pre.filter(|p| p.0.eq_ignore_ascii_case(table)).map(|p| p.1.as_str()),
            steps: &steps,
            one_side: steps.iter().filter(|s| !is_multiplied(&s.table)).cloned().collect(),
            where_clause: if where_sql.is_empty() { String::new() } else { format!("\nWHERE {where_sql}") },
            group: if dims.is_empty() { "" } else { "\nGROUP BY ALL" },
            measures_sql: ms.iter().map(|m| format!("{} AS {}", m.sql, ident(&m.alias))).collect(),
        };
        // A measure that itself reads a multiplied table (say
        // `COUNT(DISTINCT orders.order_id)` restricted to a category) is
        // defined over the joined rows, so it runs over them as written.
        let reads_multiplied = ms.iter().flat_map(|m| &m.tables).any(is_multiplied);
        if multiplied.is_empty() || reads_multiplied {
            let mut select: Vec<String> = dims.iter().map(|d| format!("{} AS {}", d.sql, ident(&d.alias))).collect();
            select.extend(p.measures_sql);
            return Ok(format!(
                "SELECT {}\n{}{}{}",
                select.join(", "),
                joins::from_clause(table, p.pre_sql, &steps),
                p.where_clause,
                p.group
            ));
        }
        let t = self.r.m.table(table).ok_or_else(|| CompileError::Unknown {
            kind: "table",
            name: table.to_string(),
            suggestions: Vec::new(),
        })?;
        if let Some(key) = &t.primary_key {
            return Ok(by_key(&p, &qualified(&t.name, key), dims));
        }
        if let Some(d) = dims.iter().find(|d| d.tables.iter().any(is_multiplied)) {
            let far = d.tables.iter().find(|t| is_multiplied(t)).map(String::as_str).unwrap_or_default();
            let across = joins::first_fan_out(&steps, far).map(|s| s.table.clone()).unwrap_or_else(|| far.to_string());
            return Err(CompileError::NoKey {
                table: t.name.clone(),
                measure: ms.iter().map(|m| format!("`{}`", m.alias)).collect::<Vec<_>>().join(", "),
                dimension: d.alias.clone(),
                across,
            });
        }
        let cols: Vec<String> = t.columns.iter().map(|c| qualified(&t.name, &c.name)).collect();
        Ok(keyless(&p, &cols, dims))
    }
}

/// The measure over its own table, joined by key to the distinct (key,
/// dimension values) pairs that pass the filters across all the joins.
fn by_key(p: &Parts<'_>, key: &str, dims: &[Dim]) -> String {
    let mut pairs = vec![format!("{key} AS __k")];
    pairs.extend(dims.iter().enumerate().map(|(i, d)| format!("{} AS __d{i}", d.sql)));
    let pairs_sql = format!(
        "SELECT DISTINCT {}\n{}{}",
        pairs.join(", "),
        joins::from_clause(p.table, p.pre_sql, p.steps),
        p.where_clause
    );
    let mut select: Vec<String> =
        dims.iter().enumerate().map(|(i, d)| format!("__keys.__d{i} AS {}", ident(&d.alias))).collect();
    select.extend(p.measures_sql.iter().cloned());
    // The many-to-one tables stay joined because a measure may read them.
    format!(
        "SELECT {}\n{}\nJOIN (\n{pairs_sql}\n) AS __keys ON {key} = __keys.__k{}",
        select.join(", "),
        joins::from_clause(p.table, p.pre_sql, &p.one_side),
        p.group
    )
}

/// The measure over its own table at the dimensions' grain, keeping the
/// rows (duplicates included) that pass the filters across all the joins.
fn keyless(p: &Parts<'_>, cols: &[String], dims: &[Dim]) -> String {
    let rows: Vec<String> = cols.iter().enumerate().map(|(i, c)| format!("{c} AS __c{i}")).collect();
    // Distinct here only builds the set of qualifying row values to test
    // membership in; the aggregate below reads the table, where identical
    // rows remain separate. NULL-safe so a row with NULLs can qualify, and a
    // SEMI JOIN so a row matching several set entries still counts once.
    let rows_sql = format!(
        "SELECT DISTINCT {}\n{}{}",
        rows.join(", "),
        joins::from_clause(p.table, p.pre_sql, p.steps),
        p.where_clause
    );
    let on: Vec<String> =
        cols.iter().enumerate().map(|(i, c)| format!("{c} IS NOT DISTINCT FROM __rows.__c{i}")).collect();
    let mut select: Vec<String> = dims.iter().map(|d| format!("{} AS {}", d.sql, ident(&d.alias))).collect();
    select.extend(p.measures_sql.iter().cloned());
    format!(
        "SELECT {}\n{}\nSEMI JOIN (\n{rows_sql}\n) AS __rows ON {}{}",
        select.join(", "),
        joins::from_clause(p.table, p.pre_sql, &p.one_side),
        on.join(" AND "),
        p.group
    )
}

#[cfg(test)]
#[path = "fanout_tests.rs"]
mod tests;
