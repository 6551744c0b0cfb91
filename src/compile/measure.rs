//! Measures: a metric's expression or an aggregate over a column, optionally
//! restricted to some rows (`FILTER (WHERE ...)` on every aggregate inside
//! the expression) and optionally turned into a share of the total.

use super::resolve::{Field, Resolver};
use super::CompileError;
use crate::plan::{Agg, Measure};
use sqlparser::ast::{visit_expressions, DuplicateTreatment, Expr, Function, FunctionArguments, VisitMut, VisitorMut};
use sqlparser::dialect::DuckDbDialect;
use sqlparser::parser::Parser;
use std::ops::ControlFlow;

/// A measure ready for SQL.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// Aggregate SQL (already filtered / turned into a share).
    pub sql: String,
    /// Output column name.
    pub alias: String,
    /// The table whose rows the aggregate runs over.
    pub table: String,
    /// Every table the measure reads, its filters included.
    pub tables: Vec<String>,
    /// The tables its aggregate expression reads, filters aside.
    pub expr_tables: Vec<String>,
    /// Metric name when the measure is a named metric.
    pub metric: Option<String>,
    /// The measure's own row condition and the tables it reads, kept apart
    /// from `sql` because across a fan-out the condition must be decided
    /// where its tables are joined, and applied to the measure elsewhere.
    pub restriction: Option<Restriction>,
}

/// A measure's own filters (`FILTER (WHERE ...)`), before they are applied.
#[derive(Debug, Clone)]
pub struct Restriction {
    /// The aggregate before filtering.
    pub base: String,
    /// The condition, one SQL boolean.
    pub cond: String,
    /// Tables the condition reads.
    pub tables: Vec<String>,
    /// True when the measure is the filtered part's share of the whole.
    pub share: bool,
}

impl Restriction {
    /// The measure restricted to rows where `cond` holds (the resolved
    /// condition, or a stand-in such as a flag column).
    pub fn apply(&self, cond: &str) -> Result<String, CompileError> {
        let filtered = filter_aggregates(&self.base, cond)?;
        Ok(match self.share {
            true => format!("100.0 * ({filtered}) / NULLIF({}, 0)", self.base),
            false => filtered,
        })
    }
}

const AGGREGATES: &[&str] = &[
    "count", "sum", "avg", "mean", "min", "max", "median", "mode", "stddev", "stddev_samp",
    "stddev_pop", "variance", "var_samp", "var_pop", "quantile", "quantile_cont", "quantile_disc",
    "count_if", "countif", "bool_and", "bool_or", "arg_max", "arg_min", "first", "last",
    "any_value", "string_agg", "list", "approx_count_distinct", "sumkahan", "fsum", "product",
];

/// Adds `FILTER (WHERE cond)` to every aggregate call.
struct AddFilter {
    cond: Expr,
}

impl VisitorMut for AddFilter {
    type Break = ();
    fn post_visit_expr(&mut self, expr: &mut Expr) -> ControlFlow<()> {
        if let Expr::Function(Function { name, filter, over: None, .. }) = expr {
            let n = name.to_string().to_ascii_lowercase();
            if AGGREGATES.contains(&n.as_str()) {
                *filter = Some(Box::new(match filter.take() {
                    Some(existing) => Expr::BinaryOp {
                        left: existing,
                        op: sqlparser::ast::BinaryOperator::And,
                        right: Box::new(self.cond.clone()),
                    },
                    None => self.cond.clone(),
                }));
            }
        }
        ControlFlow::Continue(())
    }
}

/// `expr` with every aggregate restricted to rows where `cond` holds.
pub fn filter_aggregates(expr: &str, cond: &str) -> Result<String, CompileError> {
    let dialect = DuckDbDialect {};
    let bad = |e: sqlparser::parser::ParserError| {
        CompileError::Invalid(format!("cannot restrict `{expr}` to `{cond}`: {e}"))
    };
    let mut parsed = Parser::new(&dialect)
        .try_with_sql(expr)
        .and_then(|mut p| p.parse_expr())
        .map_err(bad)?;
    let cond = Parser::new(&dialect)
        .try_with_sql(cond)
        .and_then(|mut p| p.parse_expr())
        .map_err(bad)?;
    let _ = parsed.visit(&mut AddFilter { cond });
    Ok(parsed.to_string())
}

/// Aggregates whose answer is the same however often each row repeats.
const SAME_OVER_REPEATS: &[&str] = &[
    "min", "max", "bool_and", "bool_or", "any_value", "arg_min", "arg_max", "approx_count_distinct",
];

/// True when every aggregate in `sql` ignores repeated rows (MIN, MAX, a
/// DISTINCT aggregate...): a join that repeats rows cannot change it, so it
/// needs no key to be right across a fan-out. Anything unparsable is
/// assumed to count repeats.
pub fn ignores_repeats(sql: &str) -> bool {
    let dialect = DuckDbDialect {};
    let Ok(expr) = Parser::new(&dialect).try_with_sql(sql).and_then(|mut p| p.parse_expr()) else {
        return false;
    };
    let (mut aggregates, mut all) = (0, true);
    let _ = visit_expressions(&expr, |e| {
        if let Expr::Function(f) = e {
            let n = f.name.to_string().to_ascii_lowercase();
            if AGGREGATES.contains(&n.as_str()) {
                aggregates += 1;
                let distinct = matches!(&f.args, FunctionArguments::List(l)
                    if l.duplicate_treatment == Some(DuplicateTreatment::Distinct));
                all &= distinct || SAME_OVER_REPEATS.contains(&n.as_str());
            }
        }
        ControlFlow::<()>::Continue(())
    });
    aggregates > 0 && all
}

/// Turns plan filters into one SQL condition and the tables it reads.
pub type Predicates<'a> = dyn Fn(&[crate::plan::Filter]) -> Result<(String, Vec<String>), CompileError> + 'a;

/// An aggregate's SQL, default alias, grain table, tables read, metric name.
type Parts = (String, String, String, Vec<String>, Option<String>);

/// Resolve one measure; `preds` turns plan filters into SQL.
pub fn resolve(
    r: &Resolver<'_>,
    m: &Measure,
    default_table: Option<&str>,
    preds: &Predicates<'_>,
) -> Result<Resolved, CompileError> {
    let (base_sql, alias, table, mut tables, metric) = match (&m.metric, m.agg) {
        (Some(name), _) => {
            let met = r.m.metric(name).ok_or_else(|| CompileError::Unknown {
                kind: "metric",
                name: name.clone(),
                suggestions: super::resolve::closest(
                    name,
                    &r.m.metrics.iter().map(|x| x.name.clone()).collect::<Vec<_>>(),
                ),
            })?;
            let tables = r.tables_in(&met.expr, &met.table);
            (met.expr.clone(), met.name.clone(), met.table.clone(), tables, Some(met.name.clone()))
        }
        (None, Some(agg)) => aggregate(r, agg, m.column.as_deref(), default_table)?,
        (None, None) => {
            return Err(CompileError::Invalid(
                "a measure needs a `metric` or an `agg`".into(),
            ))
        }
    };
    let mut sql = base_sql.clone();
    let mut alias = m.alias.clone().unwrap_or(alias);
    let mut restriction = None;
    let expr_tables = tables.clone();
    if !m.filters.is_empty() {
        let (cond, more) = preds(&m.filters)?;
        tables.extend(more.iter().cloned());
        let r = Restriction { base: base_sql, cond, tables: more, share: m.share };
        sql = r.apply(&r.cond)?;
        if m.share && m.alias.is_none() {
            alias = format!("{alias}_share_pct");
        }
        restriction = Some(r);
    } else if m.share {
        return Err(CompileError::Invalid(format!(
            "a share of `{alias}` needs filters saying which part to take"
        )));
    }
    Ok(Resolved { sql, alias, table, tables, expr_tables, metric, restriction })
}

/// An aggregate over a column (or rows of a table for `count`).
/// The DuckDB call applying `agg` to the SQL expression `expr`.
pub(super) fn call(agg: Agg, expr: &str) -> String {
    match agg {
        Agg::Count => format!("COUNT({expr})"),
        Agg::CountDistinct => format!("COUNT(DISTINCT {expr})"),
        Agg::Sum => format!("SUM({expr})"),
        Agg::Avg => format!("AVG({expr})"),
        Agg::Median => format!("MEDIAN({expr})"),
        Agg::Min => format!("MIN({expr})"),
        Agg::Max => format!("MAX({expr})"),
        Agg::Stddev => format!("STDDEV_SAMP({expr})"),
    }
}

fn aggregate(
    r: &Resolver<'_>,
    agg: Agg,
    column: Option<&str>,
    default_table: Option<&str>,
) -> Result<Parts, CompileError> {
    // `count` over a table name, or with no column, counts rows.
    let table_only = match column {
        None => default_table.map(str::to_string),
        Some(c) if !c.contains('.') && r.m.dimension(c).is_none() => r.table(c),
        _ => None,
    };
    if let (Agg::Count, Some(t)) = (agg, &table_only) {
        return Ok(("COUNT(*)".into(), format!("{t}_count"), t.clone(), vec![t.clone()], None));
    }
    let col = column.ok_or_else(|| {
        CompileError::Invalid(format!("`{}` needs a column", agg.word()))
    })?;
    let f: Field = r.field(col)?;
    let table = f.tables.first().cloned().unwrap_or_default();
    let call = call(agg, &f.sql);
    let alias = format!("{}_{}", agg.word(), f.name);
    Ok((call, alias, table, f.tables.clone(), None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("COUNT(DISTINCT orders.order_id)", "orders.status = 'x'",
           "COUNT(DISTINCT orders.order_id) FILTER (WHERE orders.status = 'x')")]
    #[case("SUM(a.x) / SUM(a.y)", "a.k > 1",
           "SUM(a.x) FILTER (WHERE a.k > 1) / SUM(a.y) FILTER (WHERE a.k > 1)")]
    #[case("AVG(date_diff('minute', t.a, t.b) / 60.0)", "t.p = 'high'",
           "AVG(date_diff('minute', t.a, t.b) / 60.0) FILTER (WHERE t.p = 'high')")]
    fn filters_every_aggregate(#[case] expr: &str, #[case] cond: &str, #[case] want: &str) {
        assert_eq!(filter_aggregates(expr, cond).unwrap(), want);
    }

    #[rstest]
    #[case("MAX(p.amount)", true)]
    #[case("COUNT(DISTINCT p.order_id) FILTER (WHERE p.x > 1)", true)]
    #[case("100.0 * (COUNT(DISTINCT o.id) FILTER (WHERE o.s = 'x')) / NULLIF(COUNT(DISTINCT o.id), 0)", true)]
    #[case("MAX(p.amount) - MIN(p.amount)", true)]
    #[case("SUM(p.amount)", false)]
    #[case("COUNT(*)", false)]
    #[case("MAX(p.amount) / SUM(p.amount)", false)]
    #[case("AVG(DISTINCT p.amount) + AVG(p.amount)", false)]
    #[case("p.amount", false)]
    #[case("SUM(", false)]
    fn knows_which_aggregates_ignore_repeats(#[case] sql: &str, #[case] want: bool) {
        assert_eq!(ignores_repeats(sql), want);
    }
}
