//! Expression walking of the SQL validator: every expression variant, function
//! call, window and argument, applying the function allow-list and descending into
//! subqueries wherever an expression can hold one.
//!
//! Invariants: see `walk.rs`. The `Expr` match has no `_` arm, so a new variant in a
//! sqlparser upgrade must be decided on here before the crate compiles again.

use sqlparser::ast::{
    AccessExpr, Expr, Function, FunctionArg, FunctionArgExpr, FunctionArgumentClause,
    FunctionArguments, JsonPathElem, ListAggOnOverflow, NamedWindowExpr, OrderByExpr, Subscript,
    WildcardAdditionalOptions, WindowFrameBound, WindowSpec, WindowType,
};

use super::functions::{self, Place};
use super::names;
use super::refusal::{Refusal, RefusalKind};
use super::walk::{Walk, Walker};

impl Walker<'_> {
    /// Each expression of a list.
    pub(crate) fn exprs(&mut self, exprs: &[Expr]) -> Walk {
        exprs.iter().try_for_each(|e| self.expr(e))
    }

    fn opt_expr(&mut self, expr: Option<&Expr>) -> Walk {
        expr.map_or(Ok(()), |e| self.expr(e))
    }

    /// One expression. Left-deep chains of binary operators (`a OR b OR ...`) are
    /// walked iteratively: the parser builds them in a loop, so they can be long.
    pub(crate) fn expr(&mut self, expr: &Expr) -> Walk {
        let mut current = expr;
        while let Expr::BinaryOp { left, right, .. } = current {
            self.expr(right)?;
            current = left;
        }
        self.nested(|w| w.expr_inner(current))
    }

    fn expr_inner(&mut self, expr: &Expr) -> Walk {
        match expr {
            Expr::Identifier(_)
            | Expr::CompoundIdentifier(_)
            | Expr::Value(_)
            | Expr::TypedString(_)
            | Expr::Wildcard(_)
            | Expr::QualifiedWildcard(_, _) => Ok(()),

            Expr::IsFalse(e)
            | Expr::IsNotFalse(e)
            | Expr::IsTrue(e)
            | Expr::IsNotTrue(e)
            | Expr::IsNull(e)
            | Expr::IsNotNull(e)
            | Expr::IsUnknown(e)
            | Expr::IsNotUnknown(e)
            | Expr::Nested(e)
            | Expr::OuterJoin(e)
            | Expr::Prior(e)
            | Expr::UnaryOp { expr: e, .. }
            | Expr::Cast { expr: e, .. }
            | Expr::Extract { expr: e, .. }
            | Expr::Ceil { expr: e, .. }
            | Expr::Floor { expr: e, .. }
            | Expr::Collate { expr: e, .. }
            | Expr::Named { expr: e, .. }
            | Expr::Prefixed { value: e, .. }
            | Expr::IsJson { expr: e, .. }
            | Expr::IsNormalized { expr: e, .. } => self.expr(e),

            Expr::IsDistinctFrom(a, b)
            | Expr::IsNotDistinctFrom(a, b)
            | Expr::BinaryOp {
                left: a, right: b, ..
            }
            | Expr::AnyOp {
                left: a, right: b, ..
            }
            | Expr::AllOp {
                left: a, right: b, ..
            }
            | Expr::AtTimeZone {
                timestamp: a,
                time_zone: b,
            }
            | Expr::Position { expr: a, r#in: b }
            | Expr::InUnnest {
                expr: a,
                array_expr: b,
                ..
            }
            | Expr::RLike {
                expr: a,
                pattern: b,
                ..
            } => {
                self.expr(a)?;
                self.expr(b)
            }

            Expr::Like {
                expr,
                pattern,
                escape_char,
                ..
            }
            | Expr::ILike {
                expr,
                pattern,
                escape_char,
                ..
            }
            | Expr::SimilarTo {
                expr,
                pattern,
                escape_char,
                ..
            } => {
                self.expr(expr)?;
                self.expr(pattern)?;
                self.opt_expr(escape_char.as_deref())
            }

            Expr::CompoundFieldAccess { root, access_chain } => {
                self.expr(root)?;
                for access in access_chain {
                    match access {
                        // `x.f()` is DuckDB's method syntax for `f(x)`: a function call.
                        AccessExpr::Dot(e) => self.expr(e)?,
                        AccessExpr::Subscript(s) => self.subscript(s)?,
                    }
                }
                Ok(())
            }
            Expr::JsonAccess { value, path } => {
                self.expr(value)?;
                for element in &path.path {
                    match element {
                        JsonPathElem::Dot { .. } => {}
                        JsonPathElem::Bracket { key } | JsonPathElem::ColonBracket { key } => {
                            self.expr(key)?;
                        }
                    }
                }
                Ok(())
            }
            Expr::InList { expr, list, .. } => {
                self.expr(expr)?;
                self.exprs(list)
            }
            Expr::InSubquery { expr, subquery, .. } => {
                self.expr(expr)?;
                self.query(subquery)
            }
            Expr::Between {
                expr, low, high, ..
            } => {
                self.expr(expr)?;
                self.expr(low)?;
                self.expr(high)
            }
            Expr::Convert { expr, styles, .. } => {
                self.expr(expr)?;
                self.exprs(styles)
            }
            Expr::Substring {
                expr,
                substring_from,
                substring_for,
                ..
            } => {
                self.expr(expr)?;
                self.opt_expr(substring_from.as_deref())?;
                self.opt_expr(substring_for.as_deref())
            }
            Expr::Trim {
                expr,
                trim_what,
                trim_characters,
                ..
            } => {
                self.expr(expr)?;
                self.opt_expr(trim_what.as_deref())?;
                self.exprs(trim_characters.as_deref().unwrap_or_default())
            }
            Expr::Overlay {
                expr,
                overlay_what,
                overlay_from,
                overlay_for,
            } => {
                self.expr(expr)?;
                self.expr(overlay_what)?;
                self.expr(overlay_from)?;
                self.opt_expr(overlay_for.as_deref())
            }
            Expr::Function(function) => self.function(function),
            Expr::Case {
                operand,
                conditions,
                else_result,
                ..
            } => {
                self.opt_expr(operand.as_deref())?;
                for when in conditions {
                    self.expr(&when.condition)?;
                    self.expr(&when.result)?;
                }
                self.opt_expr(else_result.as_deref())
            }
            Expr::Exists { subquery, .. } | Expr::Subquery(subquery) => self.query(subquery),
            Expr::GroupingSets(sets) | Expr::Cube(sets) | Expr::Rollup(sets) => {
                sets.iter().try_for_each(|set| self.exprs(set))
            }
            Expr::Tuple(exprs) | Expr::Struct { values: exprs, .. } => self.exprs(exprs),
            Expr::Dictionary(fields) => fields.iter().try_for_each(|f| self.expr(&f.value)),
            Expr::Map(map) => map.entries.iter().try_for_each(|entry| {
                self.expr(&entry.key)?;
                self.expr(&entry.value)
            }),
            Expr::Array(array) => self.exprs(&array.elem),
            Expr::Interval(interval) => self.expr(&interval.value),
            Expr::Lambda(lambda) => self.expr(&lambda.body),
            Expr::MemberOf(member) => {
                self.expr(&member.value)?;
                self.expr(&member.array)
            }
            Expr::MatchAgainst { .. } => Err(Refusal::unsupported("MATCH ... AGAINST")),
        }
    }

    fn subscript(&mut self, subscript: &Subscript) -> Walk {
        match subscript {
            Subscript::Index { index } => self.expr(index),
            Subscript::Slice {
                lower_bound,
                upper_bound,
                stride,
            } => {
                self.opt_expr(lower_bound.as_ref())?;
                self.opt_expr(upper_bound.as_ref())?;
                self.opt_expr(stride.as_ref())
            }
        }
    }

    /// A function call anywhere in an expression: the allow-list, then every
    /// argument, filter and window.
    fn function(&mut self, function: &Function) -> Walk {
        let parts = names::idents(&function.name)?;
        let name = parts
            .last()
            .map(|i| i.value.to_ascii_lowercase())
            .unwrap_or_default();
        if let Err(refused) = functions::check(&name, Place::Expression) {
            return Err(Refusal::new(
                RefusalKind::ForbiddenFunction,
                format!("function {name}"),
                refused.reason(),
            ));
        }
        self.function_arguments(&function.parameters)?;
        self.function_arguments(&function.args)?;
        for o in &function.within_group {
            self.order_by_expr(o)?;
        }
        self.opt_expr(function.filter.as_deref())?;
        match &function.over {
            None | Some(WindowType::NamedWindow(_)) => Ok(()),
            Some(WindowType::WindowSpec(spec)) => self.window_spec(spec),
        }
    }

    fn function_arguments(&mut self, arguments: &FunctionArguments) -> Walk {
        match arguments {
            FunctionArguments::None => Ok(()),
            FunctionArguments::Subquery(query) => self.query(query),
            FunctionArguments::List(list) => {
                self.function_args(&list.args)?;
                for clause in &list.clauses {
                    match clause {
                        FunctionArgumentClause::IgnoreOrRespectNulls(_)
                        | FunctionArgumentClause::Separator(_)
                        | FunctionArgumentClause::JsonNullClause(_)
                        | FunctionArgumentClause::JsonReturningClause(_) => {}
                        FunctionArgumentClause::Where(e) | FunctionArgumentClause::Limit(e) => {
                            self.expr(e)?;
                        }
                        FunctionArgumentClause::OrderBy(order) => {
                            order.iter().try_for_each(|o| self.order_by_expr(o))?;
                        }
                        FunctionArgumentClause::Having(bound) => self.expr(&bound.1)?,
                        FunctionArgumentClause::OnOverflow(overflow) => match overflow {
                            ListAggOnOverflow::Error => {}
                            ListAggOnOverflow::Truncate { filler, .. } => {
                                self.opt_expr(filler.as_deref())?;
                            }
                        },
                    }
                }
                Ok(())
            }
        }
    }

    /// Arguments of a function call, in an expression or in FROM.
    pub(crate) fn function_args(&mut self, args: &[FunctionArg]) -> Walk {
        for arg in args {
            let value = match arg {
                FunctionArg::Named { arg, .. } | FunctionArg::Unnamed(arg) => arg,
                FunctionArg::ExprNamed { name, arg, .. } => {
                    self.expr(name)?;
                    arg
                }
            };
            match value {
                FunctionArgExpr::Expr(e) => self.expr(e)?,
                FunctionArgExpr::QualifiedWildcard(_) | FunctionArgExpr::Wildcard => {}
                FunctionArgExpr::WildcardWithOptions(options) => self.wildcard_options(options)?,
            }
        }
        Ok(())
    }

    /// `* REPLACE (expr AS col)` and friends: only REPLACE holds expressions.
    pub(crate) fn wildcard_options(&mut self, options: &WildcardAdditionalOptions) -> Walk {
        if let Some(replace) = &options.opt_replace {
            for element in &replace.items {
                self.expr(&element.expr)?;
            }
        }
        Ok(())
    }

    pub(crate) fn order_by_expr(&mut self, order: &OrderByExpr) -> Walk {
        if order.with_fill.is_some() {
            return Err(Refusal::unsupported("WITH FILL"));
        }
        self.expr(&order.expr)
    }

    pub(crate) fn named_window(&mut self, window: &NamedWindowExpr) -> Walk {
        match window {
            NamedWindowExpr::NamedWindow(_) => Ok(()),
            NamedWindowExpr::WindowSpec(spec) => self.window_spec(spec),
        }
    }

    fn window_spec(&mut self, spec: &WindowSpec) -> Walk {
        self.exprs(&spec.partition_by)?;
        for o in &spec.order_by {
            self.order_by_expr(o)?;
        }
        if let Some(frame) = &spec.window_frame {
            for bound in std::iter::once(&frame.start_bound).chain(frame.end_bound.as_ref()) {
                match bound {
                    WindowFrameBound::CurrentRow => {}
                    WindowFrameBound::Preceding(e) | WindowFrameBound::Following(e) => {
                        self.opt_expr(e.as_deref())?;
                    }
                }
            }
        }
        Ok(())
    }
}
