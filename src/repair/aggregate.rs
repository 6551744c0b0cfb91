//! Aggregation repairs on the AST: columns selected next to aggregates
//! but missing from GROUP BY are added to it (GROUP BY ALL when there is
//! no GROUP BY), and conditions on aggregates moved from WHERE to HAVING.

use super::rules::Ctx;
use super::scope;
use super::Fix;
use sqlparser::ast::{BinaryOperator, Expr, GroupByExpr, Select, SelectItem, SetExpr, Statement, Visit, Visitor};
use std::ops::ControlFlow;

const AGGREGATES: &[&str] = &[
    "count", "sum", "avg", "min", "max", "median", "mode", "any_value", "string_agg", "list", "array_agg", "stddev", "stddev_pop",
    "stddev_samp", "variance", "var_pop", "var_samp", "quantile", "quantile_cont", "quantile_disc", "approx_count_distinct",
    "count_star", "first", "last", "arg_max", "arg_min", "bool_and", "bool_or", "product", "group_concat", "mean", "corr",
];

/// Does `e` call an aggregate (outside a window)?
fn has_aggregate(e: &Expr) -> bool {
    struct V;
    impl Visitor for V {
        type Break = ();
        fn pre_visit_expr(&mut self, e: &Expr) -> ControlFlow<()> {
            if let Expr::Function(f) = e {
                let name = f.name.0.last().and_then(|p| p.as_ident()).map(|i| i.value.to_ascii_lowercase()).unwrap_or_default();
                if f.over.is_none() && AGGREGATES.contains(&name.as_str()) {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        }
    }
    e.visit(&mut V).is_break()
}

/// The outermost SELECT of a plain query.
fn top_select(stmt: &mut Statement) -> Option<&mut Select> {
    match stmt {
        Statement::Query(q) => match q.body.as_mut() {
            SetExpr::Select(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// The conjuncts of `a AND b AND ...`.
fn conjuncts(e: Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::BinaryOp { left, op: BinaryOperator::And, right } => {
            conjuncts(*left, out);
            conjuncts(*right, out);
        }
        Expr::Nested(inner) if matches!(inner.as_ref(), Expr::BinaryOp { op: BinaryOperator::And, .. }) => conjuncts(*inner, out),
        other => out.push(other),
    }
}

fn and_all(v: Vec<Expr>) -> Option<Expr> {
    v.into_iter().reduce(|a, b| Expr::BinaryOp { left: Box::new(a), op: BinaryOperator::And, right: Box::new(b) })
}

/// Conditions on aggregates moved from WHERE to HAVING.
pub fn where_to_having(cx: &Ctx<'_>) -> Option<Fix> {
    let mut stmt = scope::parse(cx.sql)?;
    let s = top_select(&mut stmt)?;
    let mut parts = Vec::new();
    conjuncts(s.selection.take()?, &mut parts);
    let (agg, plain): (Vec<Expr>, Vec<Expr>) = parts.into_iter().partition(has_aggregate);
    if agg.is_empty() {
        return None;
    }
    let moved: Vec<String> = agg.iter().map(ToString::to_string).collect();
    s.selection = and_all(plain);
    let mut having = Vec::new();
    if let Some(h) = s.having.take() {
        having.push(h);
    }
    having.extend(agg);
    s.having = and_all(having);
    Some(Fix {
        sql: stmt.to_string(),
        repairer: "rules:having".into(),
        rationale: format!("WHERE filters rows before grouping, so an aggregate cannot be there; moved {} to HAVING", moved.join(" AND ")),
    })
}

/// Columns selected beside aggregates added to GROUP BY.
pub fn group_by(cx: &Ctx<'_>) -> Option<Fix> {
    let mut stmt = scope::parse(cx.sql)?;
    let s = top_select(&mut stmt)?;
    let items: Vec<(Expr, Option<String>)> = s
        .projection
        .iter()
        .filter_map(|i| match i {
            SelectItem::UnnamedExpr(e) => Some((e.clone(), None)),
            SelectItem::ExprWithAlias { expr, alias } => Some((expr.clone(), Some(alias.value.to_ascii_lowercase()))),
            _ => None,
        })
        .collect();
    if !items.iter().any(|(e, _)| has_aggregate(e)) {
        return None;
    }
    let GroupByExpr::Expressions(list, mods) = &mut s.group_by else { return None };
    if list.is_empty() {
        if !mods.is_empty() {
            return None;
        }
        s.group_by = GroupByExpr::All(Vec::new());
        return Some(Fix {
            sql: stmt.to_string(),
            repairer: "rules:group_by_all".into(),
            rationale: "columns were selected beside aggregates without a GROUP BY; grouped by all of them (GROUP BY ALL)".into(),
        });
    }
    let key = |e: &Expr| e.to_string().to_ascii_lowercase();
    let grouped: Vec<String> = list.iter().map(key).collect();
    // Grouping by something not selected says the grain is another one;
    // which, is the user's call.
    let selected: Vec<String> = items.iter().map(|(e, _)| key(e)).collect();
    let aliases: Vec<String> = items.iter().filter_map(|(_, a)| a.clone()).collect();
    let positions: Vec<String> = (1..=items.len()).map(|p| p.to_string()).collect();
    if !grouped.iter().all(|g| selected.contains(g) || aliases.contains(g) || positions.contains(g)) {
        return None;
    }
    let mut added = Vec::new();
    for (pos, (e, alias)) in items.iter().enumerate() {
        if has_aggregate(e) || matches!(e, Expr::Value(_)) {
            continue;
        }
        let k = key(e);
        let by_alias = alias.as_ref().is_some_and(|a| grouped.contains(a));
        let by_position = grouped.contains(&(pos + 1).to_string());
        if grouped.contains(&k) || by_alias || by_position {
            continue;
        }
        list.push(e.clone());
        added.push(e.to_string());
    }
    if added.is_empty() {
        // DuckDB's column is elsewhere (ORDER BY, HAVING): grouping by it
        // would change what a row means, which is the user's call.
        return None;
    }
    Some(Fix {
        sql: stmt.to_string(),
        repairer: "rules:group_by".into(),
        rationale: format!("{} selected without an aggregate; added to GROUP BY", added.join(", ")),
    })
}
