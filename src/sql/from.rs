//! FROM-clause walking of the SQL validator: table references, joins, derived
//! tables, table functions, PIVOT/UNPIVOT and samples. Table names go through the
//! name policy (`names.rs`), function calls in FROM through the table-function
//! allow-list (`functions.rs`).
//!
//! Invariants: see `walk.rs`. The `TableFactor` match has no `_` arm: a new kind of
//! FROM item in a sqlparser upgrade must be decided on here before the crate compiles.

use sqlparser::ast::{
    FunctionArg, Join, JoinConstraint, JoinOperator, ObjectName, PivotValueSource, TableFactor,
    TableSampleKind, TableWithJoins,
};

use super::functions::{self, Place, Refused};
use super::names::{self, TableRef};
use super::refusal::{Refusal, RefusalKind};
use super::walk::{Walk, Walker};

impl Walker<'_> {
    pub(crate) fn table_with_joins(&mut self, table: &TableWithJoins) -> Walk {
        self.table_factor(&table.relation)?;
        for join in &table.joins {
            self.join(join)?;
        }
        Ok(())
    }

    fn join(&mut self, join: &Join) -> Walk {
        self.table_factor(&join.relation)?;
        let constraint = match &join.join_operator {
            JoinOperator::Join(c)
            | JoinOperator::Inner(c)
            | JoinOperator::Left(c)
            | JoinOperator::LeftOuter(c)
            | JoinOperator::Right(c)
            | JoinOperator::RightOuter(c)
            | JoinOperator::FullOuter(c)
            | JoinOperator::CrossJoin(c)
            | JoinOperator::Semi(c)
            | JoinOperator::LeftSemi(c)
            | JoinOperator::RightSemi(c)
            | JoinOperator::Anti(c)
            | JoinOperator::LeftAnti(c)
            | JoinOperator::RightAnti(c)
            | JoinOperator::StraightJoin(c) => c,
            JoinOperator::AsOf {
                match_condition,
                constraint,
            } => {
                self.expr(match_condition)?;
                constraint
            }
            JoinOperator::CrossApply | JoinOperator::OuterApply => return Ok(()),
            JoinOperator::ArrayJoin
            | JoinOperator::LeftArrayJoin
            | JoinOperator::InnerArrayJoin => return Err(Refusal::unsupported("ARRAY JOIN")),
        };
        match constraint {
            JoinConstraint::On(e) => self.expr(e),
            JoinConstraint::Using(_) | JoinConstraint::Natural | JoinConstraint::None => Ok(()),
        }
    }

    fn table_factor(&mut self, factor: &TableFactor) -> Walk {
        self.nested(|w| w.table_factor_inner(factor))
    }

    fn table_factor_inner(&mut self, factor: &TableFactor) -> Walk {
        match factor {
            TableFactor::Table {
                name,
                args,
                with_hints,
                version,
                partitions,
                json_path,
                sample,
                index_hints,
                alias: _,
                with_ordinality: _,
            } => {
                if !with_hints.is_empty() || !index_hints.is_empty() {
                    return Err(Refusal::unsupported("table hints"));
                }
                if version.is_some() {
                    return Err(Refusal::unsupported("time travel (AT/AS OF)"));
                }
                if !partitions.is_empty() {
                    return Err(Refusal::unsupported("PARTITION selection"));
                }
                if json_path.is_some() {
                    return Err(Refusal::unsupported("JSON path on a table"));
                }
                match args {
                    Some(args) => {
                        if args.settings.is_some() {
                            return Err(Refusal::unsupported("SETTINGS in a table function"));
                        }
                        self.table_function(name, &args.args)?;
                    }
                    None => self.table_name(name)?,
                }
                self.sample(sample.as_ref())
            }
            TableFactor::Derived {
                subquery,
                sample,
                lateral: _,
                alias: _,
            } => {
                self.query(subquery)?;
                self.sample(sample.as_ref())
            }
            TableFactor::Function { name, args, .. } => self.table_function(name, args),
            TableFactor::UNNEST { array_exprs, .. } => self.exprs(array_exprs),
            TableFactor::NestedJoin {
                table_with_joins,
                alias: _,
            } => self.table_with_joins(table_with_joins),
            TableFactor::Pivot {
                table,
                aggregate_functions,
                value_column,
                value_source,
                default_on_null,
                alias: _,
            } => {
                self.table_factor(table)?;
                for f in aggregate_functions {
                    self.expr(&f.expr)?;
                }
                self.exprs(value_column)?;
                match value_source {
                    PivotValueSource::List(items) => {
                        for item in items {
                            self.expr(&item.expr)?;
                        }
                    }
                    PivotValueSource::Any(order) => {
                        for o in order {
                            self.order_by_expr(o)?;
                        }
                    }
                    PivotValueSource::Subquery(q) => self.query(q)?,
                }
                if let Some(e) = default_on_null {
                    self.expr(e)?;
                }
                Ok(())
            }
            TableFactor::Unpivot {
                table,
                value,
                columns,
                name: _,
                null_inclusion: _,
                alias: _,
            } => {
                self.table_factor(table)?;
                self.expr(value)?;
                for c in columns {
                    self.expr(&c.expr)?;
                }
                Ok(())
            }
            TableFactor::TableFunction { .. } => Err(Refusal::unsupported("TABLE(...) in FROM")),
            TableFactor::JsonTable { .. } => Err(Refusal::unsupported("JSON_TABLE")),
            TableFactor::OpenJsonTable { .. } => Err(Refusal::unsupported("OPENJSON")),
            TableFactor::UnpivotExpr { .. } => Err(Refusal::unsupported("UNPIVOT expression")),
            TableFactor::MatchRecognize { .. } => Err(Refusal::unsupported("MATCH_RECOGNIZE")),
            TableFactor::XmlTable { .. } => Err(Refusal::unsupported("XMLTABLE")),
            TableFactor::SemanticView { .. } => Err(Refusal::unsupported("SEMANTIC_VIEW")),
        }
    }

    /// `USING SAMPLE` / `TABLESAMPLE`: only its expressions need walking.
    fn sample(&mut self, sample: Option<&TableSampleKind>) -> Walk {
        let Some(TableSampleKind::BeforeTableAlias(s) | TableSampleKind::AfterTableAlias(s)) =
            sample
        else {
            return Ok(());
        };
        if let Some(quantity) = &s.quantity {
            self.expr(&quantity.value)?;
        }
        if let Some(offset) = &s.offset {
            self.expr(offset)?;
        }
        if let Some(bucket) = &s.bucket {
            if let Some(on) = &bucket.on {
                self.expr(on)?;
            }
        }
        Ok(())
    }

    /// A table name in FROM: a CTE in scope or a dataset table.
    pub(crate) fn table_name(&mut self, name: &ObjectName) -> Walk {
        match names::resolve_table(name, &self.ctes, self.dataset)? {
            TableRef::Cte => {}
            TableRef::Dataset(table) => {
                if !self.tables.contains(&table) {
                    self.tables.push(table);
                }
            }
        }
        Ok(())
    }

    /// A function called in FROM: refused unless an allow-listed generator.
    fn table_function(&mut self, name: &ObjectName, args: &[FunctionArg]) -> Walk {
        let parts = names::idents(name)?;
        let function = parts
            .last()
            .map(|i| i.value.to_ascii_lowercase())
            .unwrap_or_default();
        let refused = match functions::check(&function, Place::From) {
            Ok(()) if parts.len() == 1 => None,
            // `main.range` is not what DuckDB calls for `range`: only bare names.
            Ok(()) => Some(Refused::NotATableFunction),
            Err(refused) => Some(refused),
        };
        if let Some(refused) = refused {
            let construct = match refused {
                Refused::Listed(_) => format!("function {function}"),
                Refused::Unlisted | Refused::NotATableFunction => format!("function {name}"),
            };
            return Err(Refusal::new(
                RefusalKind::ForbiddenFunction,
                construct,
                refused.reason(),
            ));
        }
        self.function_args(args)
    }
}
