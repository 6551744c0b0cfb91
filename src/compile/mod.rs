//! The plan compiler: a [`Plan`] plus a manifest's semantic layer in, one
//! DuckDB SELECT out, with the joins the semantic layer implies.
//!
//! Invariants: a plan's explicit limit (capped at
//! [`HARD_LIMIT`](crate::plan::HARD_LIMIT)) is written into the SQL; without
//! one the SQL has no LIMIT and the runner stops at [`Compiled::limit`] rows
//! and reports truncation, so a default cap is never mistaken for the
//! whole answer; every name in the plan is
//! resolved or reported with the closest valid names; measures over
//! different tables are aggregated separately and joined on the dimensions,
//! and a measure whose table would be multiplied by a join (fan-out) counts
//! each of its table's rows once per group, or is refused (see `fanout`).

mod fanout;
mod joins;
pub mod measure;
pub mod resolve;
pub mod sqltext;

use crate::plan::{Agg, Filter, Op, Operand, Plan, PLAN_VERSION};
use crate::semantic::{is_numeric, is_temporal, Manifest};
use resolve::{Field, Resolver};
use sqltext::{ident, literal, qualified};
use joins::JoinStep;

/// Compiled SQL and what it returns.
#[derive(Debug, Clone, PartialEq)]
pub struct Compiled {
    pub sql: String,
    /// Rows the runner returns at most (more means truncated).
    pub limit: u64,
}

/// Why a plan cannot be compiled.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CompileError {
    #[error("unknown {kind} `{name}`{}", did_you_mean(suggestions))]
    Unknown {
        kind: &'static str,
        name: String,
        suggestions: Vec<String>,
    },
    #[error("`{value}` is not a known value of {field}{}", did_you_mean(suggestions))]
    UnknownValue {
        field: String,
        value: String,
        suggestions: Vec<String>,
    },
    #[error("`{name}` is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous { name: String, candidates: Vec<String> },
    #[error("no join path from table `{from}` to table `{to}` in the semantic layer")]
    NoJoinPath { from: String, to: String },
    #[error(
        "table `{table}` has no key, so {measure} cannot be computed by `{dimension}` across the join to \
         `{across}` without double counting: the join repeats `{table}` rows, and without a key a repeated \
         row cannot be told from an identical one; declare the column that identifies a `{table}` row as \
         `primary_key` of `{table}` in dataset.toml"
    )]
    NoKey { table: String, measure: String, dimension: String, across: String },
    #[error("plan version {0} is not supported (this build reads version {PLAN_VERSION})")]
    Version(u32),
    #[error("invalid plan: {0}")]
    Invalid(String),
}

fn did_you_mean(s: &[String]) -> String {
    match s {
        [] => String::new(),
        [one] => format!(" (did you mean `{one}`?)"),
        many => format!(
            " (did you mean {}?)",
            many.iter().map(|x| format!("`{x}`")).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// Compile a plan against a manifest.
pub fn compile(plan: &Plan, m: &Manifest) -> Result<Compiled, CompileError> {
    if plan.version != PLAN_VERSION {
        return Err(CompileError::Version(plan.version));
    }
    let limit = plan.effective_limit();
    if let Some(sql) = &plan.sql {
        let structured = !plan.measures.is_empty()
            || !plan.dimensions.is_empty()
            || !plan.fields.is_empty()
            || !plan.filters.is_empty()
            || !plan.any_of.is_empty()
            || !plan.having.is_empty()
            || !plan.order.is_empty()
            || plan.latest_per.is_some()
            || plan.extreme_per.is_some()
            || plan.outliers.is_some()
            || plan.rows_of.is_some()
            || !plan.via.is_empty()
            || !plan.union.is_empty();
        if structured {
            return Err(CompileError::Invalid(
                "a plan with `sql` may not also have measures, dimensions, fields, filters or order".into(),
            ));
        }
        let body = sql.trim().trim_end_matches(';').trim_end();
        let sql = match plan.limit {
            Some(_) => format!("SELECT * FROM (\n{body}\n) AS q\nLIMIT {limit}"),
            None => body.to_string(),
        };
        return Ok(Compiled { sql, limit });
    }
    let r = Resolver::new(m);
    for t in &plan.via {
        if m.table(t).is_none() {
            return Err(CompileError::Invalid(format!("`via` names `{t}`, which is not a table of this dataset")));
        }
    }
    if let Some(t) = &plan.rows_of {
        if m.table(t).is_none() {
            return Err(CompileError::Invalid(format!("`rows_of` names `{t}`, which is not a table of this dataset")));
        }
    }
    if !plan.union.is_empty() {
        return Ok(Compiled { sql: union(&r, plan, plan.limit.map(|_| limit))?, limit });
    }
    let c = Ctx { r: &r, via: &plan.via };
    let sql = c.structured(plan, plan.limit.map(|_| limit))?;
    Ok(Compiled { sql, limit })
}

/// A plan and the listings of its `union`, each row once: every part a
/// plain listing (fields and filters) of as many fields as the first.
fn union(r: &Resolver, plan: &Plan, limit: Option<u64>) -> Result<String, CompileError> {
    let parts: Vec<&Plan> = std::iter::once(plan).chain(&plan.union).collect();
    let mut bodies = Vec::with_capacity(parts.len());
    for (i, p) in parts.iter().enumerate() {
        let plain = p.lists_rows() && p.order.is_empty() && (i == 0 || p.union.is_empty() && p.limit.is_none());
        if !plain {
            return Err(CompileError::Invalid(
                "a plan with `union` and each plan in it must be a plain listing: fields and filters, no measures, dimensions, order or sql".into(),
            ));
        }
        if p.fields.len() != plan.fields.len() {
            return Err(CompileError::Invalid(format!(
                "each plan in `union` must list as many fields as the plan it joins ({}), not {}",
                plan.fields.len(),
                p.fields.len()
            )));
        }
        for t in &p.via {
            if r.m.table(t).is_none() {
                return Err(CompileError::Invalid(format!("`via` names `{t}`, which is not a table of this dataset")));
            }
        }
        let c = Ctx { r, via: &p.via };
        let body = c.structured(&Plan { union: Vec::new(), limit: None, ..(*p).clone() }, None)?;
        bodies.push(format!("SELECT * FROM (\n{body}\n) AS part{i}"));
    }
    let all = bodies.join("\nUNION\n");
    Ok(match limit {
        Some(n) => format!("SELECT * FROM (\n{all}\n) AS q\nLIMIT {n}"),
        None => all,
    })
}

struct Ctx<'a, 'm> {
    r: &'a Resolver<'m>,
    /// Tables the joins should pass through (`Plan::via`).
    via: &'a [String],
}

/// A group-by column: SQL, output name.
struct Dim {
    /// The name the plan gives it (`table.column` or a dimension's name).
    name: String,
    sql: String,
    alias: String,
    tables: Vec<String>,
    temporal: bool,
}

impl Ctx<'_, '_> {
    fn structured(&self, plan: &Plan, limit: Option<u64>) -> Result<String, CompileError> {
        if plan.measures.is_empty() && plan.fields.is_empty() && plan.dimensions.is_empty() {
            return Err(CompileError::Invalid(
                "the plan asks for nothing: add measures, dimensions or fields".into(),
            ));
        }
        let dims = plan
            .dimensions
            .iter()
            .map(|d| {
                let f = self.r.field(&d.name)?;
                let (sql, alias) = self.r.with_grain(&f, d.grain)?;
                Ok(Dim { name: d.name.clone(), sql, alias, tables: f.tables.clone(), temporal: is_temporal(&f.ty) })
            })
            .collect::<Result<Vec<_>, CompileError>>()?;
        let (where_sql, filter_tables) = self.predicates(&plan.filters)?;
        let (where_sql, mut filter_tables) = self.with_any_of(where_sql, filter_tables, &plan.any_of)?;
        // The rows the answer is about are read even when none of their
        // columns is shown: one answer row per row of that table.
        if let Some(t) = plan.rows_of.as_ref().and_then(|t| self.r.m.table(t)) {
            if !filter_tables.iter().any(|x| x.eq_ignore_ascii_case(&t.name)) {
                filter_tables.push(t.name.clone());
            }
        }
        let default_table = dims
            .first()
            .and_then(|d| d.tables.first().cloned())
            .or_else(|| filter_tables.first().cloned())
            .or_else(|| plan.fields.first().and_then(|f| self.r.field(f).ok()).and_then(|f| f.tables.first().cloned()))
            .or_else(|| (self.r.m.tables.len() == 1).then(|| self.r.m.tables[0].name.clone()));
        let preds = |fs: &[Filter]| self.predicates(fs);
        let measures = plan
            .measures
            .iter()
            .map(|m| measure::resolve(self.r, m, default_table.as_deref(), &preds))
            .collect::<Result<Vec<_>, CompileError>>()?;
        let mut seen = std::collections::HashSet::new();
        for a in measures.iter().map(|m| &m.alias).chain(dims.iter().map(|d| &d.alias)) {
            if !seen.insert(a.to_ascii_lowercase()) {
                return Err(CompileError::Invalid(format!(
                    "two output columns are both called `{a}`; give one an alias"
                )));
            }
        }
        let pre = self.prefilter(plan)?;
        let body = if measures.is_empty() {
            self.listing(plan, &dims, &where_sql, &filter_tables, pre.as_ref())?
        } else {
            self.aggregate(plan, &dims, &measures, &where_sql, &filter_tables, pre.as_ref())?
        };
        let order = self.order(plan, &dims, &measures)?;
        let limit = limit.map(|n| format!("\nLIMIT {n}")).unwrap_or_default();
        Ok(format!("{body}{order}{limit}"))
    }

    /// `latest_per`, `extreme_per` and `outliers` as a subquery standing in
    /// for their table.
    fn prefilter(&self, plan: &Plan) -> Result<Option<(String, String)>, CompileError> {
        let mut table: Option<String> = None;
        let mut sql: Option<String> = None;
        if plan.latest_per.is_some() && plan.extreme_per.is_some() {
            return Err(CompileError::Invalid(
                "a plan may keep each entity's latest row (latest_per) or its extreme row (extreme_per), not both".into(),
            ));
        }
        if let Some(xp) = &plan.extreme_per {
            let (tab, extreme) = self.extreme_per(xp)?;
            sql = Some(extreme);
            table = Some(tab);
        }
        if let Some(lp) = &plan.latest_per {
            let e = self.r.field(&lp.entity)?;
            let t = self.r.field(&lp.time)?;
            let tab = t.tables.first().cloned().unwrap_or_default();
            if !e.tables.contains(&tab) {
                return Err(CompileError::Invalid(format!(
                    "latest_per: `{}` and `{}` must be columns of the same table",
                    lp.entity, lp.time
                )));
            }
            sql = Some(format!(
                "(SELECT * FROM {t0} QUALIFY row_number() OVER (PARTITION BY {e} ORDER BY {ts} DESC) = 1)",
                t0 = ident(&tab),
                e = e.sql,
                ts = t.sql
            ));
            table = Some(tab);
        }
        if let Some(o) = &plan.outliers {
            let c = self.r.field(&o.column)?;
            let tab = c.tables.first().cloned().unwrap_or_default();
            if table.as_ref().is_some_and(|t| t != &tab) {
                return Err(CompileError::Invalid("latest_per and outliers must be on the same table".into()));
            }
            if !(o.sigmas.is_finite() && o.sigmas > 0.0) {
                return Err(CompileError::Invalid(format!("outliers: sigmas must be positive, not {}", o.sigmas)));
            }
            let part = match &o.partition {
                Some(p) => format!("PARTITION BY {}", self.r.field(p)?.sql),
                None => String::new(),
            };
            let src = sql.take().map(|s| format!("{s} AS {}", ident(&tab))).unwrap_or_else(|| ident(&tab));
            sql = Some(format!(
                "(SELECT * FROM (SELECT *, AVG({c}) OVER ({part}) AS __mean, STDDEV_SAMP({c}) OVER ({part}) AS __sd FROM {src}) AS {t} WHERE abs({c} - __mean) > {k} * __sd)",
                c = c.sql,
                t = ident(&tab),
                k = o.sigmas
            ));
            table = Some(tab);
        }
        Ok(table.zip(sql))
    }

    /// `extreme_per`: the rows whose `by` equals the extreme of their
    /// partition, ties included (`rank() = 1`, not `row_number()`, so which
    /// of two tied rows is shown never depends on the scan order), NULL
    /// `by` excluded (a NULL is no one's maximum). Returns (table, SQL).
    fn extreme_per(&self, xp: &crate::plan::ExtremePer) -> Result<(String, String), CompileError> {
        let part = self.r.field(&xp.partition)?;
        let by = self.r.field(&xp.by)?;
        let [tab] = by.tables.as_slice() else {
            return Err(CompileError::Invalid(format!("extreme_per: `{}` must be a column of one table", xp.by)));
        };
        if !part.tables.iter().all(|t| t.eq_ignore_ascii_case(tab)) {
            return Err(CompileError::Invalid(format!(
                "extreme_per: `{}` and `{}` must be columns of the same table (the rows ranked are `{tab}` rows)",
                xp.partition, xp.by
            )));
        }
        if by.is_segment || part.is_segment {
            return Err(CompileError::Invalid("extreme_per: partition and by must be columns, not segments".into()));
        }
        let dir = if xp.desc { "DESC" } else { "ASC" };
        let sql = format!(
            "(SELECT * FROM {t} WHERE {b} IS NOT NULL QUALIFY rank() OVER (PARTITION BY {p} ORDER BY {b} {dir}) = 1)",
            t = ident(tab),
            b = by.sql,
            p = part.sql
        );
        Ok((tab.clone(), sql))
    }

    /// Rows (no aggregation): the requested fields, and dims as fields.
    fn listing(
        &self,
        plan: &Plan,
        dims: &[Dim],
        where_sql: &str,
        filter_tables: &[String],
        pre: Option<&(String, String)>,
    ) -> Result<String, CompileError> {
        let mut cols: Vec<(String, String, Vec<String>)> = Vec::new();
        for f in &plan.fields {
            let fld: Field = self.r.field(f)?;
            cols.push((fld.sql, fld.name, fld.tables));
        }
        if !plan.dimensions.is_empty() {
            // Distinct values of the dimensions.
            for d in dims {
                cols.push((d.sql.clone(), d.alias.clone(), d.tables.clone()));
            }
        }
        let mut tables: Vec<String> = cols.iter().flat_map(|c| c.2.clone()).collect();
        tables.extend(filter_tables.iter().cloned());
        // "names of people in order of their earnings": the rows are read
        // with the table the order's column is in.
        for o in &plan.order {
            if let Ok(f) = self.r.field(&o.by) {
                tables.extend(f.tables);
            }
        }
        if let Some((t, _)) = pre {
            tables.insert(0, t.clone());
        }
        dedup(&mut tables);
        let base = match pre {
            Some((t, _)) => t.clone(),
            None => joins::finest(self.r.m, &tables).unwrap_or_default(),
        };
        let steps = joins::plan_joins(self.r.m, &base, &tables, self.via)?;
        let select: Vec<String> = cols.iter().map(|(s, a, _)| format!("{s} AS {}", ident(a))).collect();
        if pre.is_none() && plan.rows_of.is_none() && plan.dimensions.is_empty() && !where_sql.is_empty() {
            let shown: Vec<String> = cols.iter().flat_map(|c| c.2.clone()).collect();
            if let Some(sql) = self.semi_join_listing(plan, &select, shown, &base, &steps, where_sql)? {
                return Ok(sql);
            }
        }
        let distinct = if plan.fields.is_empty() { "DISTINCT " } else { "" };
        let mut sql = format!(
            "SELECT {distinct}{}\n{}",
            select.join(", "),
            joins::from_clause(&base, pre.map(|p| p.1.as_str()), &steps)
        );
        if !where_sql.is_empty() {
            sql.push_str(&format!("\nWHERE {where_sql}"));
        }
        Ok(sql)
    }

    /// A listing of rows of `shown` tables that only a filter on rows
    /// joined to them picks ("customers who have orders with status
    /// Packing"): each shown row once, kept when any of its joined rows
    /// passes, as `WHERE key IN (SELECT key ... WHERE filters)`, not once
    /// per joined row. Only when the shown tables are one row (one table
    /// reached from the others many-to-one) with a key, and the order (if
    /// any) reads only them; None otherwise, or when the joins repeat no
    /// shown row.
    fn semi_join_listing(
        &self,
        plan: &Plan,
        select: &[String],
        mut shown: Vec<String>,
        base: &str,
        steps: &[JoinStep],
        where_sql: &str,
    ) -> Result<Option<String>, CompileError> {
        dedup(&mut shown);
        let m = self.r.m;
        for o in &plan.order {
            let Ok(f) = self.r.field(&o.by) else { return Ok(None) };
            if !f.tables.iter().all(|t| shown.iter().any(|s| s.eq_ignore_ascii_case(t))) {
                return Ok(None);
            }
        }
        let Some(row) = joins::finest(m, &shown) else { return Ok(None) };
        let Some(key) = m.table(&row).and_then(|t| t.primary_key.clone()) else { return Ok(None) };
        let own = joins::plan_joins(m, &row, &shown, self.via)?;
        if own.iter().any(|s| s.fans_out) {
            return Ok(None);
        }
        // The joins repeat a shown row when they start from a table that
        // reaches it many-to-one, or fan out from it.
        if base.eq_ignore_ascii_case(&row) && !steps.iter().any(|s| s.fans_out) {
            return Ok(None);
        }
        let k = qualified(&row, &key);
        let inner = format!("SELECT {k}\n{}\nWHERE {where_sql}", joins::from_clause(base, None, steps));
        Ok(Some(format!(
            "SELECT {}\n{}\nWHERE {k} IN (\n  {}\n)",
            select.join(", "),
            joins::from_clause(&row, None, &own),
            inner.replace('\n', "\n  ")
        )))
    }

    /// Aggregation, one subquery per measure table when there are several.
    fn aggregate(
        &self,
        plan: &Plan,
        dims: &[Dim],
        measures: &[measure::Resolved],
        where_sql: &str,
        filter_tables: &[String],
        pre: Option<&(String, String)>,
    ) -> Result<String, CompileError> {
        let mut groups: Vec<(String, Vec<&measure::Resolved>)> = Vec::new();
        for m in measures {
            match groups.iter_mut().find(|g| g.0.eq_ignore_ascii_case(&m.table)) {
                Some(g) => g.1.push(m),
                None => groups.push((m.table.clone(), vec![m])),
            }
        }
        let having = self.having(plan, measures)?;
        if groups.len() == 1 {
            let (table, ms) = &groups[0];
            let mut sql = self.group_query(table, ms, dims, where_sql, filter_tables, pre)?;
            if !having.is_empty() {
                sql.push_str(&format!("\nHAVING {having}"));
            }
            return Ok(sql);
        }
        let mut ctes = Vec::new();
        for (i, (table, ms)) in groups.iter().enumerate() {
            ctes.push(format!(
                "g{i} AS (\n{}\n)",
                self.group_query(table, ms, dims, where_sql, filter_tables, pre)?
            ));
        }
        let mut select: Vec<String> = dims
            .iter()
            .map(|d| {
                let parts: Vec<String> = (0..groups.len()).map(|i| format!("g{i}.{}", ident(&d.alias))).collect();
                format!("COALESCE({}) AS {}", parts.join(", "), ident(&d.alias))
            })
            .collect();
        for m in measures {
            let gi = groups.iter().position(|g| g.0.eq_ignore_ascii_case(&m.table)).unwrap_or(0);
            select.push(format!("g{gi}.{} AS {}", ident(&m.alias), ident(&m.alias)));
        }
        let mut from = "FROM g0".to_string();
        for i in 1..groups.len() {
            if dims.is_empty() {
                from.push_str(&format!("\nCROSS JOIN g{i}"));
            } else {
                let on: Vec<String> = dims
                    .iter()
                    .map(|d| format!("g0.{a} IS NOT DISTINCT FROM g{i}.{a}", a = ident(&d.alias)))
                    .collect();
                from.push_str(&format!("\nFULL JOIN g{i} ON {}", on.join(" AND ")));
            }
        }
        let mut sql = format!("WITH {}\nSELECT {}\n{from}", ctes.join(",\n"), select.join(", "));
        if !having.is_empty() {
            sql = format!("SELECT * FROM (\n{sql}\n) AS q\nWHERE {}", self.having_on_aliases(plan, measures)?);
        }
        Ok(sql)
    }

    /// Row filters as one SQL condition, and the tables they read.
    fn predicates(&self, filters: &[Filter]) -> Result<(String, Vec<String>), CompileError> {
        let mut parts = Vec::new();
        let mut tables = Vec::new();
        for f in filters {
            let (sql, ts) = self.predicate(f)?;
            parts.push(sql);
            tables.extend(ts);
        }
        dedup(&mut tables);
        Ok((parts.join(" AND "), tables))
    }

    /// `where_sql` and the disjunction `any_of`: `... AND ((a) OR (b AND c))`.
    fn with_any_of(
        &self,
        where_sql: String,
        mut tables: Vec<String>,
        any_of: &[Vec<Filter>],
    ) -> Result<(String, Vec<String>), CompileError> {
        if any_of.is_empty() {
            return Ok((where_sql, tables));
        }
        let mut parts = Vec::new();
        for group in any_of {
            if group.is_empty() {
                return Err(CompileError::Invalid("each group of `any_of` needs at least one filter".into()));
            }
            let (sql, ts) = self.predicates(group)?;
            parts.push(format!("({sql})"));
            tables.extend(ts);
        }
        dedup(&mut tables);
        let either = format!("({})", parts.join(" OR "));
        let sql = if where_sql.is_empty() { either } else { format!("{where_sql} AND {either}") };
        Ok((sql, tables))
    }

    fn predicate(&self, f: &Filter) -> Result<(String, Vec<String>), CompileError> {
        let fld = self.r.field(&f.field)?;
        let mut tables = fld.tables.clone();
        let need_value = || {
            f.value.clone().ok_or_else(|| {
                CompileError::Invalid(format!("filter on `{}` with `{:?}` needs a value", f.field, f.op))
            })
        };
        let sql = match f.op {
            Op::IsNull => format!("{} IS NULL", fld.sql),
            Op::IsNotNull => format!("{} IS NOT NULL", fld.sql),
            Op::IsTrue | Op::IsFalse => {
                if !fld.is_segment && !fld.ty.eq_ignore_ascii_case("BOOLEAN") {
                    return Err(CompileError::Invalid(format!("`{}` is not a condition (segment) or boolean", f.field)));
                }
                let neg = if f.op == Op::IsTrue { "" } else { " NOT" };
                format!("{} IS{neg} TRUE", fld.sql)
            }
            Op::Last => match need_value()? {
                Operand::Span { n, unit } => {
                    if !is_temporal(&fld.ty) {
                        return Err(CompileError::Invalid(format!("`{}` is not a date or time", f.field)));
                    }
                    let t = ident(tables.first().map(String::as_str).unwrap_or_default());
                    format!(
                        "{c} > (SELECT MAX({c}) FROM {t}) - INTERVAL {n} {u}",
                        c = fld.sql,
                        u = unit.word().to_ascii_uppercase()
                    )
                }
                _ => return Err(CompileError::Invalid("`last` needs {\"n\": N, \"unit\": \"day\"}".into())),
            },
            Op::Exists | Op::NotExists if matches!(f.value, Some(Operand::Aggregate { .. })) => {
                return Err(CompileError::Invalid(format!(
                    "`{:?}` needs rows ({{\"column\": ..., \"filters\": [...]}}), not an aggregate; compare with an aggregate using eq, ne, lt, le, gt or ge",
                    f.op
                )))
            }
            Op::Exists | Op::NotExists => match need_value()? {
                Operand::Column { column } => self.exists(f, &fld, &tables, &column, &[])?,
                Operand::Rows { column, filters } => self.exists(f, &fld, &tables, &column, &filters)?,
                _ => return Err(CompileError::Invalid(format!("`{:?}` needs {{\"column\": \"table.column\"}} of another table", f.op))),
            },
            op => match need_value()? {
                Operand::Rows { column, filters } if matches!(op, Op::In | Op::NotIn) => self.in_rows(&fld, op, &column, &filters)?,
                Operand::Rows { .. } => {
                    return Err(CompileError::Invalid(format!(
                        "`{}` compares with a value or a column; rows with conditions go with in / not_in / exists / not_exists",
                        op.symbol()
                    )))
                }
                Operand::Column { column } => {
                    let other = self.r.field(&column)?;
                    tables.extend(other.tables.clone());
                    if matches!(op, Op::In | Op::NotIn | Op::Between | Op::Like) {
                        return Err(CompileError::Invalid(format!("`{}` cannot compare with a column", op.symbol())));
                    }
                    format!("{} {} {}", fld.sql, op.symbol(), other.sql)
                }
                Operand::Span { .. } => {
                    return Err(CompileError::Invalid(format!("a time span goes with `last`, not `{}`", op.symbol())))
                }
                Operand::Aggregate { agg, column, filters } => {
                    format!("{} {} {}", fld.sql, self.cmp_symbol(op)?, self.scalar(&fld, agg, &column, &filters)?)
                }
                Operand::Value(v) => self.compare(&fld, op, &v)?,
            },
        };
        Ok((sql, tables))
    }

    /// The SQL symbol of a comparison with one number (an aggregate).
    fn cmp_symbol(&self, op: Op) -> Result<&'static str, CompileError> {
        match op {
            Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => Ok(op.symbol()),
            _ => Err(CompileError::Invalid(format!(
                "`{}` cannot compare with an aggregate; use eq, ne, lt, le, gt or ge",
                op.symbol()
            ))),
        }
    }

    /// An aggregate operand as an uncorrelated scalar subquery:
    /// `(SELECT AGG(column) FROM its table WHERE filters)`. The column must
    /// be of one table, numeric for sum/avg/median/stddev, and comparable
    /// with `fld` (a number with a number, a date with a date); the filters
    /// must be on the same table. For HAVING `fld` stands for the measure
    /// (no type: a measure is a number).
    fn scalar(&self, fld: &Field, agg: Agg, column: &str, within: &[Filter]) -> Result<String, CompileError> {
        let c = self.r.field(column)?;
        let [t] = c.tables.as_slice() else {
            return Err(CompileError::Invalid(format!("the aggregate's column `{column}` must be a column of one table")));
        };
        if c.is_segment {
            return Err(CompileError::Invalid(format!("`{column}` is a condition (segment); aggregate a column")));
        }
        let numeric_agg = matches!(agg, Agg::Sum | Agg::Avg | Agg::Median | Agg::Stddev);
        if numeric_agg && !is_numeric(&c.ty) {
            return Err(CompileError::Invalid(format!(
                "`{}` of `{column}` needs a numeric column, and `{column}` is {}; use min or max, or a numeric column",
                agg.word(),
                c.ty
            )));
        }
        let yields_number = numeric_agg || matches!(agg, Agg::Count | Agg::CountDistinct) || is_numeric(&c.ty);
        let field_number = is_numeric(&fld.ty) || fld.ty.is_empty();
        if yields_number != field_number && !(is_temporal(&fld.ty) && is_temporal(&c.ty)) {
            return Err(CompileError::Invalid(format!(
                "`{}` ({}) cannot be compared with the {} of `{column}` ({}); compare a column with an aggregate of the same kind of values",
                fld.name,
                if fld.ty.is_empty() { "a measure" } else { fld.ty.as_str() },
                agg.word(),
                c.ty
            )));
        }
        let func = measure::call(agg, &c.sql);
        let mut sql = format!("(SELECT {func} FROM {}", ident(t));
        if !within.is_empty() {
            let (cond, ts) = self.predicates(within)?;
            if let Some(bad) = ts.iter().find(|x| !x.eq_ignore_ascii_case(t)) {
                return Err(CompileError::Invalid(format!(
                    "the conditions of the {} of `{column}` must be on `{t}`, not `{bad}`",
                    agg.word()
                )));
            }
            sql.push_str(&format!(" WHERE {cond}"));
        }
        sql.push(')');
        Ok(sql)
    }

    /// `[NOT] EXISTS (SELECT 1 FROM other WHERE other.col = field AND ...)`:
    /// the other table is read in its own subquery, not joined, and the
    /// conditions must be on that table alone.
    fn exists(&self, f: &Filter, fld: &Field, tables: &[String], column: &str, within: &[Filter]) -> Result<String, CompileError> {
        let other = self.r.field(column)?;
        let t = other.tables.first().cloned().unwrap_or_default();
        if tables.contains(&t) {
            return Err(CompileError::Invalid(format!(
                "`{}` and `{column}` are in the same table; exists compares two tables",
                f.field
            )));
        }
        let mut cond = format!("{} = {}", other.sql, fld.sql);
        if !within.is_empty() {
            let (sql, ts) = self.predicates(within)?;
            if let Some(bad) = ts.iter().find(|x| !x.eq_ignore_ascii_case(&t)) {
                return Err(CompileError::Invalid(format!(
                    "the conditions of `{:?}` must be on `{t}`, not `{bad}`",
                    f.op
                )));
            }
            cond.push_str(&format!(" AND {sql}"));
        }
        let neg = if f.op == Op::NotExists { "NOT " } else { "" };
        Ok(format!("{neg}EXISTS (SELECT 1 FROM {} WHERE {cond})", ident(&t)))
    }

    /// `field [NOT] IN (SELECT column FROM its table WHERE ...)`: the values
    /// `column` takes among the rows where the conditions hold, which may be
    /// rows of the field's own table ("headquarters without a company in
    /// banking": headquarters not among the banking companies'). The
    /// subquery is uncorrelated, so its table's name refers to its own rows;
    /// NULLs are left out of it so NOT IN keeps its plain meaning.
    fn in_rows(&self, fld: &Field, op: Op, column: &str, within: &[Filter]) -> Result<String, CompileError> {
        let other = self.r.field(column)?;
        let t = other.tables.first().cloned().unwrap_or_default();
        if other.tables.len() != 1 {
            return Err(CompileError::Invalid(format!("`{column}` must be a column of one table")));
        }
        let mut conds = vec![format!("{} IS NOT NULL", other.sql)];
        if !within.is_empty() {
            let (sql, ts) = self.predicates(within)?;
            if let Some(bad) = ts.iter().find(|x| !x.eq_ignore_ascii_case(&t)) {
                return Err(CompileError::Invalid(format!("the conditions of `{}` must be on `{t}`, not `{bad}`", op.symbol())));
            }
            conds.push(sql);
        }
        Ok(format!("{} {} (SELECT {} FROM {} WHERE {})", fld.sql, op.symbol(), other.sql, ident(&t), conds.join(" AND ")))
    }

    fn compare(&self, fld: &Field, op: Op, v: &serde_json::Value) -> Result<String, CompileError> {
        let list = |v: &serde_json::Value| -> Result<Vec<String>, CompileError> {
            match v {
                serde_json::Value::Array(items) if !items.is_empty() => {
                    items.iter().map(|i| self.r.check_value(fld, i)).collect()
                }
                _ => Err(CompileError::Invalid(format!("`{}` on `{}` needs a non-empty list", op.symbol(), fld.name))),
            }
        };
        Ok(match op {
            Op::In | Op::NotIn => format!("{} {} ({})", fld.sql, op.symbol(), list(v)?.join(", ")),
            Op::Between => match v.as_array().map(Vec::as_slice) {
                Some([lo, hi]) => format!("{} BETWEEN {} AND {}", fld.sql, literal(lo, &fld.ty), literal(hi, &fld.ty)),
                _ => return Err(CompileError::Invalid(format!("BETWEEN on `{}` needs [low, high]", fld.name))),
            },
            Op::Like => format!("{} ILIKE {}", fld.sql, literal(v, "VARCHAR")),
            Op::Eq | Op::Ne if v.is_array() => {
                let neg = if op == Op::Eq { "IN" } else { "NOT IN" };
                format!("{} {neg} ({})", fld.sql, list(v)?.join(", "))
            }
            Op::Eq | Op::Ne => format!("{} {} {}", fld.sql, op.symbol(), self.r.check_value(fld, v)?),
            _ => format!("{} {} {}", fld.sql, op.symbol(), literal(v, &fld.ty)),
        })
    }

    /// HAVING for a single-group query: measure aliases or other metrics.
    fn having(&self, plan: &Plan, measures: &[measure::Resolved]) -> Result<String, CompileError> {
        let mut parts = Vec::new();
        for h in &plan.having {
            let expr = match measures.iter().find(|m| m.alias.eq_ignore_ascii_case(&h.field)) {
                Some(m) => m.sql.clone(),
                None => match self.r.m.metric(&h.field) {
                    Some(met) => met.expr.clone(),
                    None => {
                        return Err(CompileError::Unknown {
                            kind: "measure in having",
                            name: h.field.clone(),
                            suggestions: resolve::closest(&h.field, &measures.iter().map(|m| m.alias.clone()).collect::<Vec<_>>()),
                        })
                    }
                },
            };
            parts.push(self.having_cond(&expr, h)?);
        }
        Ok(parts.join(" AND "))
    }

    /// HAVING over the joined groups: only measures in the output.
    fn having_on_aliases(&self, plan: &Plan, measures: &[measure::Resolved]) -> Result<String, CompileError> {
        let mut parts = Vec::new();
        for h in &plan.having {
            let m = measures.iter().find(|m| m.alias.eq_ignore_ascii_case(&h.field)).ok_or_else(|| {
                CompileError::Invalid(format!("`{}` must be one of the measures to filter on it here", h.field))
            })?;
            parts.push(self.having_cond(&ident(&m.alias), h)?);
        }
        Ok(parts.join(" AND "))
    }

    /// ORDER BY: requested keys, then time dimensions, then dims for stable output.
    fn order(&self, plan: &Plan, dims: &[Dim], measures: &[measure::Resolved]) -> Result<String, CompileError> {
        let mut keys: Vec<String> = Vec::new();
        for o in &plan.order {
            let name = measures
                .iter()
                .find(|m| m.alias.eq_ignore_ascii_case(&o.by) || m.metric.as_deref().is_some_and(|x| x.eq_ignore_ascii_case(&o.by)))
                .map(|m| ident(&m.alias))
                .or_else(|| {
                    dims.iter()
                        .find(|d| d.alias.eq_ignore_ascii_case(&o.by) || d.name.eq_ignore_ascii_case(&o.by) || d.alias.starts_with(&format!("{}_", o.by)))
                        .map(|d| ident(&d.alias))
                })
                .or_else(|| {
                    plan.fields.iter().find(|f| f.eq_ignore_ascii_case(&o.by)).and_then(|f| self.r.field(f).ok()).map(|f| ident(&f.name))
                })
                .map(Ok)
                .unwrap_or_else(|| {
                    if measures.is_empty() {
                        self.r.field(&o.by).map(|f| f.sql)
                    } else {
                        Err(CompileError::Unknown {
                            kind: "order key",
                            name: o.by.clone(),
                            suggestions: resolve::closest(&o.by, &measures.iter().map(|m| m.alias.clone()).chain(dims.iter().map(|d| d.alias.clone())).collect::<Vec<_>>()),
                        })
                    }
                })?;
            keys.push(format!("{name} {}", if o.desc { "DESC NULLS LAST" } else { "ASC NULLS LAST" }));
        }
        let mut rest: Vec<&Dim> = dims.iter().filter(|d| d.temporal).collect();
        rest.extend(dims.iter().filter(|d| !d.temporal));
        for d in rest {
            let k = ident(&d.alias);
            if !keys.iter().any(|x| x.starts_with(&format!("{k} "))) {
                keys.push(format!("{k} ASC NULLS LAST"));
            }
        }
        if keys.is_empty() {
            return Ok(String::new());
        }
        Ok(format!("\nORDER BY {}", keys.join(", ")))
    }
}

impl Ctx<'_, '_> {
    /// One HAVING condition: a measure against a number, a range, or an
    /// aggregate over rows ("departments whose average salary is above the
    /// average salary of all employees").
    fn having_cond(&self, expr: &str, h: &Filter) -> Result<String, CompileError> {
        match (&h.op, &h.value) {
            (Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge, Some(Operand::Value(v))) if v.is_number() => {
                Ok(format!("{expr} {} {v}", h.op.symbol()))
            }
            (Op::Between, Some(Operand::Value(serde_json::Value::Array(a)))) if a.len() == 2 => {
                Ok(format!("{expr} BETWEEN {} AND {}", a[0], a[1]))
            }
            (op, Some(Operand::Aggregate { agg, column, filters })) => {
                let measure = Field {
                    sql: expr.to_string(),
                    tables: Vec::new(),
                    ty: String::new(),
                    name: h.field.clone(),
                    is_segment: false,
                    values: Vec::new(),
                };
                Ok(format!("{expr} {} {}", self.cmp_symbol(*op)?, self.scalar(&measure, *agg, column, filters)?))
            }
            _ => Err(CompileError::Invalid(format!(
                "having on `{}` needs a numeric comparison (a number, [low, high], or {{\"agg\": ..., \"column\": ...}})",
                h.field
            ))),
        }
    }
}

fn dedup(v: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    v.retain(|x| seen.insert(x.to_ascii_lowercase()));
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod nested_tests;
#[cfg(test)]
mod any_of_tests;
#[cfg(test)]
mod union_tests;
