//! The query walker of the SQL validator: visits every part of a query that can hold
//! a table reference, a function call or a nested query, and applies the table and
//! function policies to each.
//!
//! Invariants:
//! - **Fail closed.** Every AST variant is matched explicitly (no `_` arms in the
//!   expression and table-factor matches, so a sqlparser upgrade that adds one fails
//!   to compile here); clauses of other dialects that DuckDB does not need are refused
//!   rather than walked half-way.
//! - **Scopes follow SQL.** A CTE name is visible in later CTEs of its WITH and in the
//!   query body, in every nested subquery, and nowhere else. A non-recursive CTE does
//!   not see itself; a recursive one sees itself only in the recursive term (the
//!   right side of its top-level UNION). Scoping too widely would let a CTE name
//!   stand for a real table the policy refuses.
//! - **Bounded stack.** Long left-deep chains that the parser builds in a loop (`a OR
//!   b OR ...`, `UNION ALL` of thousands of SELECTs) are walked iteratively; any other
//!   nesting deeper than [`MAX_DEPTH`] is refused. The parser bounds the rest (its
//!   recursion limit).
//!
//! FROM clauses are walked in `from.rs`, expressions in `exprs.rs`: further `impl`
//! blocks of the same walker.

use sqlparser::ast::{
    Cte, Distinct, GroupByExpr, GroupByWithModifier, Ident, LimitClause, ObjectName, OrderBy,
    OrderByKind, Query, Select, SelectItem, SelectItemQualifiedWildcardKind, SelectModifiers,
    SetExpr, SetOperator, TopQuantity, With,
};

use super::refusal::{Refusal, RefusalKind};

/// How deep the walker follows nesting that the parser did not bound.
pub(crate) const MAX_DEPTH: usize = 1_000;

/// The result of every walker step.
pub(crate) type Walk = Result<(), Refusal>;

/// Walks one query, collecting the dataset tables it references.
pub(crate) struct Walker<'p> {
    /// The dataset's tables, as spelled in the policy.
    pub(crate) dataset: &'p [String],
    /// Dataset tables referenced so far, in order of first reference.
    pub(crate) tables: Vec<String>,
    /// CTE names in scope, innermost last.
    pub(crate) ctes: Vec<String>,
    /// Current nesting depth.
    pub(crate) depth: usize,
}

impl<'p> Walker<'p> {
    /// A walker for a dataset with these tables.
    pub(crate) fn new(dataset: &'p [String]) -> Self {
        Walker {
            dataset,
            tables: Vec::new(),
            ctes: Vec::new(),
            depth: 0,
        }
    }

    /// Runs `step` one nesting level deeper, refusing past [`MAX_DEPTH`].
    pub(crate) fn nested(&mut self, step: impl FnOnce(&mut Self) -> Walk) -> Walk {
        if self.depth >= MAX_DEPTH {
            return Err(Refusal::new(
                RefusalKind::TooComplex,
                "nesting",
                format!(
                    "the query nests more than {MAX_DEPTH} levels deep; simplify it, e.g. \
                     with CTEs"
                ),
            ));
        }
        self.depth += 1;
        let result = step(self);
        self.depth -= 1;
        result
    }

    /// A whole query: its CTEs (scoped to it), body and trailing clauses.
    pub(crate) fn query(&mut self, query: &Query) -> Walk {
        self.nested(|w| {
            let scope = w.ctes.len();
            if let Some(with) = &query.with {
                w.with(with)?;
            }
            w.set_expr(&query.body)?;
            w.query_tail(query)?;
            w.ctes.truncate(scope);
            Ok(())
        })
    }

    /// Everything of a query after its body: ORDER BY, LIMIT, FETCH and clauses
    /// that are refused.
    fn query_tail(&mut self, query: &Query) -> Walk {
        if let Some(order_by) = &query.order_by {
            self.order_by(order_by)?;
        }
        match &query.limit_clause {
            None => {}
            Some(LimitClause::LimitOffset {
                limit,
                offset,
                limit_by,
            }) => {
                if !limit_by.is_empty() {
                    return Err(Refusal::unsupported("LIMIT BY"));
                }
                if let Some(limit) = limit {
                    self.expr(limit)?;
                }
                if let Some(offset) = offset {
                    self.expr(&offset.value)?;
                }
            }
            Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
                self.expr(offset)?;
                self.expr(limit)?;
            }
        }
        if let Some(fetch) = &query.fetch {
            if let Some(quantity) = &fetch.quantity {
                self.expr(quantity)?;
            }
        }
        if !query.locks.is_empty() {
            return Err(Refusal::not_read_only(
                "FOR UPDATE/FOR SHARE",
                "locks rows for writing; only read-only queries are allowed",
            ));
        }
        if query.for_clause.is_some() {
            return Err(Refusal::unsupported("FOR XML/JSON/BROWSE"));
        }
        if query.settings.is_some() {
            return Err(Refusal::not_read_only(
                "SETTINGS",
                "changes settings for the query; only read-only queries are allowed",
            ));
        }
        if query.format_clause.is_some() {
            return Err(Refusal::unsupported("FORMAT"));
        }
        if !query.pipe_operators.is_empty() {
            return Err(Refusal::unsupported("pipe operator |>"));
        }
        Ok(())
    }

    /// The CTEs of a WITH, each brought into scope after its own definition.
    fn with(&mut self, with: &With) -> Walk {
        for cte in &with.cte_tables {
            if cte.from.is_some() {
                return Err(Refusal::unsupported("CTE ... FROM"));
            }
            let name = cte.alias.name.value.to_ascii_lowercase();
            if with.recursive {
                self.recursive_cte(cte, &name)?;
            } else {
                self.query(&cte.query)?;
            }
            self.ctes.push(name);
        }
        Ok(())
    }

    /// A CTE of `WITH RECURSIVE`: its name is visible in the recursive term only.
    fn recursive_cte(&mut self, cte: &Cte, name: &str) -> Walk {
        let query = &cte.query;
        let SetExpr::SetOperation {
            op: SetOperator::Union,
            left,
            right,
            ..
        } = query.body.as_ref()
        else {
            return self.query(query);
        };
        if query.with.is_some() {
            return self.query(query);
        }
        self.nested(|w| {
            w.set_expr(left)?;
            let scope = w.ctes.len();
            w.ctes.push(name.to_owned());
            w.set_expr(right)?;
            w.ctes.truncate(scope);
            w.query_tail(query)
        })
    }

    /// A query body. Left-deep set-operation chains are walked iteratively.
    pub(crate) fn set_expr(&mut self, body: &SetExpr) -> Walk {
        let mut current = body;
        loop {
            match current {
                SetExpr::SetOperation { left, right, .. } => {
                    self.set_expr(right)?;
                    current = left;
                }
                SetExpr::Select(select) => return self.nested(|w| w.select(select)),
                SetExpr::Query(query) => return self.query(query),
                SetExpr::Values(values) => {
                    return self.nested(|w| {
                        for row in &values.rows {
                            w.exprs(row)?;
                        }
                        Ok(())
                    })
                }
                SetExpr::Table(table) => {
                    if table.table_name.is_none() {
                        return Err(Refusal::unsupported("TABLE without a name"));
                    }
                    let parts = [&table.schema_name, &table.table_name]
                        .into_iter()
                        .flatten()
                        .map(|s| Ident::new(s.as_str()))
                        .collect::<Vec<_>>();
                    return self.table_name(&ObjectName::from(parts));
                }
                SetExpr::Insert(_) => return Err(dml("INSERT")),
                SetExpr::Update(_) => return Err(dml("UPDATE")),
                SetExpr::Delete(_) => return Err(dml("DELETE")),
                SetExpr::Merge(_) => return Err(dml("MERGE")),
            }
        }
    }

    fn select(&mut self, select: &Select) -> Walk {
        if select.into.is_some() {
            return Err(Refusal::not_read_only(
                "SELECT ... INTO",
                "creates a table from the result; only read-only queries are allowed",
            ));
        }
        if !select.optimizer_hints.is_empty() {
            return Err(Refusal::unsupported("optimizer hint /*+ ... */"));
        }
        if select
            .select_modifiers
            .as_ref()
            .is_some_and(SelectModifiers::is_any_set)
        {
            return Err(Refusal::unsupported("MySQL SELECT modifier"));
        }
        if !select.lateral_views.is_empty() {
            return Err(Refusal::unsupported("LATERAL VIEW"));
        }
        if select.prewhere.is_some() {
            return Err(Refusal::unsupported("PREWHERE"));
        }
        if !select.connect_by.is_empty() {
            return Err(Refusal::unsupported("CONNECT BY"));
        }
        if !select.cluster_by.is_empty()
            || !select.distribute_by.is_empty()
            || !select.sort_by.is_empty()
        {
            return Err(Refusal::unsupported("CLUSTER/DISTRIBUTE/SORT BY"));
        }
        if select.value_table_mode.is_some() {
            return Err(Refusal::unsupported("SELECT AS STRUCT/VALUE"));
        }

        // FROM first: nothing in it can see the select list, but walking it first
        // reports the table of a refused query before its expressions.
        for table in &select.from {
            self.table_with_joins(table)?;
        }
        if let Some(Distinct::On(exprs)) = &select.distinct {
            self.exprs(exprs)?;
        }
        if let Some(top) = &select.top {
            if let Some(TopQuantity::Expr(e)) = &top.quantity {
                self.expr(e)?;
            }
        }
        for item in &select.projection {
            self.select_item(item)?;
        }
        if let Some(selection) = &select.selection {
            self.expr(selection)?;
        }
        match &select.group_by {
            GroupByExpr::All(modifiers) => self.group_by_modifiers(modifiers)?,
            GroupByExpr::Expressions(exprs, modifiers) => {
                self.exprs(exprs)?;
                self.group_by_modifiers(modifiers)?;
            }
        }
        if let Some(having) = &select.having {
            self.expr(having)?;
        }
        for window in &select.named_window {
            self.named_window(&window.1)?;
        }
        if let Some(qualify) = &select.qualify {
            self.expr(qualify)?;
        }
        Ok(())
    }

    fn group_by_modifiers(&mut self, modifiers: &[GroupByWithModifier]) -> Walk {
        for modifier in modifiers {
            match modifier {
                GroupByWithModifier::Rollup | GroupByWithModifier::Cube => {}
                GroupByWithModifier::Totals => return Err(Refusal::unsupported("WITH TOTALS")),
                GroupByWithModifier::GroupingSets(e) => self.expr(e)?,
            }
        }
        Ok(())
    }

    pub(crate) fn select_item(&mut self, item: &SelectItem) -> Walk {
        match item {
            SelectItem::UnnamedExpr(e)
            | SelectItem::ExprWithAlias { expr: e, .. }
            | SelectItem::ExprWithAliases { expr: e, .. } => self.expr(e),
            SelectItem::QualifiedWildcard(kind, options) => {
                if let SelectItemQualifiedWildcardKind::Expr(e) = kind {
                    self.expr(e)?;
                }
                self.wildcard_options(options)
            }
            SelectItem::Wildcard(options) => self.wildcard_options(options),
        }
    }

    pub(crate) fn order_by(&mut self, order_by: &OrderBy) -> Walk {
        if order_by.interpolate.is_some() {
            return Err(Refusal::unsupported("INTERPOLATE"));
        }
        match &order_by.kind {
            OrderByKind::All(_) => Ok(()),
            OrderByKind::Expressions(exprs) => exprs.iter().try_for_each(|e| self.order_by_expr(e)),
        }
    }
}

fn dml(keyword: &str) -> Refusal {
    Refusal::not_read_only(
        keyword,
        "changes data; only read-only queries (SELECT, WITH, VALUES) are allowed",
    )
}
