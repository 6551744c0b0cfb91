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
//! - A measure's own filter (`FILTER (WHERE ...)`, shares) that reads a
//!   fanned-out table is decided in that distinct set, as a flag that holds
//!   when any of the joined rows passes, and applied to the measure outside,
//!   so the restricted part counts each row once too.
//! - Without a key and with a dimension on the far side of a fan-out, the
//!   group a row belongs to comes from rows it is multiplied into; unless
//!   every measure ignores repeated rows (MIN, MAX, DISTINCT aggregates),
//!   that is refused with [`CompileError::NoKey`] rather than guessed.

use super::joins::{self, JoinStep};
use super::measure::{ignores_repeats, Resolved, Restriction};
use super::sqltext::{ident, qualified};
use super::{dedup, CompileError, Ctx, Dim};
use crate::semantic::Manifest;

/// The parts of one group query that every shape shares.
struct Parts<'a> {
    table: &'a str,
    pre_sql: Option<&'a str>,
    steps: &'a [JoinStep],
    /// Steps that do not multiply the table's rows, in join order.
    one_side: Vec<JoinStep>,
    where_clause: String,
    group: &'static str,
    measures: &'a [&'a Resolved],
    /// Per measure, its own filter when that reads a multiplied table: it
    /// is then decided per row across the joins, as flag `__f<i>`.
    flags: Vec<Option<&'a Restriction>>,
}

impl Parts<'_> {
    /// Flag columns for the measures' own filters, aggregated per row so a
    /// row passes when any of the rows it joins to does.
    fn flag_columns(&self) -> Vec<String> {
        self.flags
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.map(|f| format!("bool_or({}) AS __f{i}", f.cond)))
            .collect()
    }

    /// The measures' SQL, flagged filters read from the joined set `set`.
    fn measures_sql(&self, set: &str) -> Result<Vec<String>, CompileError> {
        self.measures
            .iter()
            .zip(&self.flags)
            .enumerate()
            .map(|(i, (m, f))| {
                let sql = match f {
                    Some(f) => f.apply(&format!("{set}.__f{i}"))?,
                    None => m.sql.clone(),
                };
                Ok(format!("{sql} AS {}", ident(&m.alias)))
            })
            .collect()
    }
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
        let steps = joins::plan_joins(self.r.m, table, &needed, self.via)?;
        let multiplied = joins::multiplied(&steps);
        let is_multiplied = |t: &String| multiplied.iter().any(|x| x.eq_ignore_ascii_case(t));
        let p = Parts {
            table,
            pre_sql: pre.filter(|p| p.0.eq_ignore_ascii_case(table)).map(|p| p.1.as_str()),
            steps: &steps,
            one_side: steps.iter().filter(|s| !is_multiplied(&s.table)).cloned().collect(),
            where_clause: if where_sql.is_empty() { String::new() } else { format!("\nWHERE {where_sql}") },
            group: if dims.is_empty() { "" } else { "\nGROUP BY ALL" },
            measures: ms,
            flags: ms
                .iter()
                .map(|m| m.restriction.as_ref().filter(|r| r.tables.iter().any(is_multiplied)))
                .collect(),
        };
        // A measure whose aggregate itself reads a multiplied table (say
        // `COUNT(DISTINCT order_items.order_id)` over orders) is defined
        // over the joined rows, so it runs over them as written.
        let reads_multiplied = ms.iter().flat_map(|m| &m.expr_tables).any(is_multiplied);
        if multiplied.is_empty() || reads_multiplied {
            return Ok(plain(&p, dims));
        }
        let t = self.r.m.table(table).ok_or_else(|| CompileError::Unknown {
            kind: "table",
            name: table.to_string(),
            suggestions: Vec::new(),
        })?;
        if counts_links(self.r.m, &p, dims, &is_multiplied) {
            return Ok(plain(&p, dims));
        }
        if let Some(key) = &t.primary_key {
            return by_key(&p, &qualified(&t.name, key), dims);
        }
        let far_dim = dims.iter().find(|d| d.tables.iter().any(is_multiplied));
        // Without a key, measures that ignore repeated rows (MIN, MAX,
        // DISTINCT aggregates) are still exact over the plain join.
        if far_dim.is_some() && ms.iter().all(|m| ignores_repeats(&m.sql)) {
            return Ok(plain(&p, dims));
        }
        if let Some(d) = far_dim {
            let far = d.tables.iter().find(|t| is_multiplied(t)).map(String::as_str).unwrap_or_default();
            let across = joins::first_fan_out(&steps, far).map(|s| s.table.clone()).unwrap_or_else(|| far.to_string());
            return Err(CompileError::NoKey {
                table: t.name.clone(),
                measure: ms
                    .iter()
                    .filter(|m| !ignores_repeats(&m.sql))
                    .map(|m| format!("`{}`", m.alias))
                    .collect::<Vec<_>>()
                    .join(", "),
                dimension: d.alias.clone(),
                across,
            });
        }
        let cols: Vec<String> = t.columns.iter().map(|c| qualified(&t.name, &c.name)).collect();
        keyless(&p, &cols, dims)
    }
}

/// Counting a table's rows per value of a table it reaches through a
/// bridge (`events` per product name through `products_in_events`): the
/// bridge's rows are the links counted, one per (event, product) entry,
/// so each is counted once, including an entry the bridge holds twice
/// and links of two products that share a name. That holds when the only
/// fan-out is the one step from the counted table into the bridge and
/// every far dimension is the bridge or a table it points at directly:
/// the plain join then has exactly one row per qualifying bridge row.
/// The same holds for a grouping by the bridge's own columns ("the
/// location codes and the number of documents in each", codes of
/// `document_locations`), when no table past the bridge is read: each
/// entry of a document at a location counts, as each link does above.
fn counts_links(m: &Manifest, p: &Parts<'_>, dims: &[Dim], is_multiplied: &dyn Fn(&String) -> bool) -> bool {
    let fans: Vec<&JoinStep> = p.steps.iter().filter(|s| s.fans_out).collect();
    let [bridge] = fans.as_slice() else { return false };
    if !bridge.from.eq_ignore_ascii_case(p.table) {
        return false;
    }
    let on_bridge = |t: &String| t.eq_ignore_ascii_case(&bridge.table);
    let beside_bridge = |t: &String| {
        on_bridge(t) || p.steps.iter().any(|s| s.table.eq_ignore_ascii_case(t) && s.from.eq_ignore_ascii_case(&bridge.table))
    };
    let far_dims: Vec<&Dim> = dims.iter().filter(|d| d.tables.iter().any(is_multiplied)).collect();
    let far: Vec<&String> = far_dims.iter().flat_map(|d| &d.tables).filter(|t| is_multiplied(t)).collect();
    let far_names = far_dims.iter().all(|d| names_rows(m, &d.sql))
        && far.iter().all(|t| beside_bridge(t))
        // The bridge points at another table besides the counted one.
        && p.steps.iter().any(|s| s.from.eq_ignore_ascii_case(&bridge.table));
    let bridge_columns = far.iter().all(|t| on_bridge(t)) && p.steps.iter().all(|s| !is_multiplied(&s.table) || on_bridge(&s.table));
    !far.is_empty()
        && (far_names || bridge_columns)
        && p.flags.iter().all(Option::is_none)
        && p.measures.iter().all(|m| m.sql == "COUNT(*)")
}

/// A dimension that is the column naming or keying its table's rows
/// (`products.product_name`): grouping by it is grouping per far row, so
/// counting links per group counts each row's links. A category of the
/// far rows (`inventory.category`) gathers several far rows per group,
/// where the links of one counted row to two of them are one row.
fn names_rows(m: &Manifest, sql: &str) -> bool {
    let Some((t, c)) = sql.split_once('.') else { return false };
    let unquote = |s: &str| s.trim_matches('"').to_string();
    let (t, c) = (unquote(t), unquote(c));
    let Some(ti) = m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(&t)) else { return false };
    let table = &m.tables[ti];
    let Some(ci) = table.columns.iter().position(|x| x.name.eq_ignore_ascii_case(&c)) else { return false };
    table.primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&c)) || crate::planner::row_name(m, ti) == Some(ci)
}

/// The measures over all the joined rows, as written.
fn plain(p: &Parts<'_>, dims: &[Dim]) -> String {
    let mut select: Vec<String> = dims.iter().map(|d| format!("{} AS {}", d.sql, ident(&d.alias))).collect();
    select.extend(p.measures.iter().map(|m| format!("{} AS {}", m.sql, ident(&m.alias))));
    format!(
        "SELECT {}\n{}{}{}",
        select.join(", "),
        joins::from_clause(p.table, p.pre_sql, p.steps),
        p.where_clause,
        p.group
    )
}

/// The measure over its own table, joined by key to the distinct (key,
/// dimension values) pairs that pass the filters across all the joins.
fn by_key(p: &Parts<'_>, key: &str, dims: &[Dim]) -> Result<String, CompileError> {
    let mut pairs = vec![format!("{key} AS __k")];
    pairs.extend(dims.iter().enumerate().map(|(i, d)| format!("{} AS __d{i}", d.sql)));
    let flags = p.flag_columns();
    pairs.extend(flags.iter().cloned());
    // With flags, grouping makes the pairs distinct and lets each carry them.
    let (distinct, group) = match flags.is_empty() {
        true => ("DISTINCT ", ""),
        false => ("", "\nGROUP BY ALL"),
    };
    let pairs_sql = format!(
        "SELECT {distinct}{}\n{}{}{group}",
        pairs.join(", "),
        joins::from_clause(p.table, p.pre_sql, p.steps),
        p.where_clause
    );
    let mut select: Vec<String> =
        dims.iter().enumerate().map(|(i, d)| format!("__keys.__d{i} AS {}", ident(&d.alias))).collect();
    select.extend(p.measures_sql("__keys")?);
    // The many-to-one tables stay joined because a measure may read them.
    Ok(format!(
        "SELECT {}\n{}\nJOIN (\n{pairs_sql}\n) AS __keys ON {key} = __keys.__k{}",
        select.join(", "),
        joins::from_clause(p.table, p.pre_sql, &p.one_side),
        p.group
    ))
}

/// The measure over its own table at the dimensions' grain, keeping the
/// rows (duplicates included) that pass the filters across all the joins.
fn keyless(p: &Parts<'_>, cols: &[String], dims: &[Dim]) -> Result<String, CompileError> {
    let mut rows: Vec<String> = cols.iter().enumerate().map(|(i, c)| format!("{c} AS __c{i}")).collect();
    let flags = p.flag_columns();
    rows.extend(flags.iter().cloned());
    // The set of qualifying row values only tests membership; the aggregate
    // below reads the table, where identical rows remain separate. Matching
    // is NULL-safe so a row with NULLs can qualify. Without flags a SEMI
    // JOIN keeps each row once however many entries it matches; with flags
    // the entries are grouped by every column, so each row matches one.
    let (distinct, group, join) = match flags.is_empty() {
        true => ("DISTINCT ", "", "SEMI JOIN"),
        false => ("", "\nGROUP BY ALL", "JOIN"),
    };
    let rows_sql = format!(
        "SELECT {distinct}{}\n{}{}{group}",
        rows.join(", "),
        joins::from_clause(p.table, p.pre_sql, p.steps),
        p.where_clause
    );
    let on: Vec<String> =
        cols.iter().enumerate().map(|(i, c)| format!("{c} IS NOT DISTINCT FROM __rows.__c{i}")).collect();
    let mut select: Vec<String> = dims.iter().map(|d| format!("{} AS {}", d.sql, ident(&d.alias))).collect();
    select.extend(p.measures_sql("__rows")?);
    Ok(format!(
        "SELECT {}\n{}\n{join} (\n{rows_sql}\n) AS __rows ON {}{}",
        select.join(", "),
        joins::from_clause(p.table, p.pre_sql, &p.one_side),
        on.join(" AND "),
        p.group
    ))
}

#[cfg(test)]
#[path = "fanout_tests.rs"]
mod tests;
