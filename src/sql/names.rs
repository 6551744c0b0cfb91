//! Table-name policy of the SQL validator: what a name in FROM may refer to.
//!
//! A table reference is allowed when it names
//! - a CTE in scope (bare name only: `main.x` never means a CTE), or
//! - a table of the active dataset, bare (`orders`) or as `main.orders`.
//!
//! Everything else is refused, with a reason for the usual cases: other schemas and
//! catalogs, DuckDB's catalog views (`information_schema`, `pg_catalog`,
//! `duckdb_tables`, `sqlite_master`), and quoted names that DuckDB would read as a
//! file (`FROM 'x.csv'`, `FROM "/etc/passwd"`: replacement scans).
//!
//! Names compare ASCII-case-insensitively, as DuckDB compares identifiers (quoted or
//! not). Anything looser could call a name ours that DuckDB resolves elsewhere.

use sqlparser::ast::{Ident, ObjectName, ObjectNamePart};

use super::refusal::{Refusal, RefusalKind};

/// What an allowed table reference refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TableRef {
    /// A CTE defined in scope.
    Cte,
    /// A dataset table, spelled as in the policy.
    Dataset(String),
}

/// The schema under which DuckDB keeps the dataset's tables.
const DATASET_SCHEMA: &str = "main";

/// The parts of an object name, refusing computed parts such as `IDENTIFIER('x')`.
pub(crate) fn idents(name: &ObjectName) -> Result<Vec<&Ident>, Refusal> {
    name.0
        .iter()
        .map(|part| match part {
            ObjectNamePart::Identifier(ident) => Ok(ident),
            ObjectNamePart::Function(_) => {
                Err(Refusal::unsupported(format!("computed name {name}")))
            }
        })
        .collect()
}

/// Resolves a table name in FROM against the CTEs in scope and the dataset's tables.
pub(crate) fn resolve_table(
    name: &ObjectName,
    ctes: &[String],
    dataset: &[String],
) -> Result<TableRef, Refusal> {
    let parts = idents(name)?;
    let shown = parts
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(".");
    let construct = format!("table {shown}");
    let forbidden =
        |reason: String| Refusal::new(RefusalKind::ForbiddenTable, construct.clone(), reason);

    if parts.iter().any(|i| i.quote_style == Some('\'')) {
        return Err(forbidden(
            "a quoted string in FROM makes DuckDB read it as a file; query the dataset's tables by name"
                .to_owned(),
        ));
    }
    let find = |table: &Ident| {
        dataset
            .iter()
            .find(|t| t.eq_ignore_ascii_case(&table.value))
            .cloned()
    };
    match parts.as_slice() {
        [table] => {
            if ctes.iter().any(|c| c.eq_ignore_ascii_case(&table.value)) {
                return Ok(TableRef::Cte);
            }
            find(table)
                .map(TableRef::Dataset)
                .ok_or_else(|| forbidden(unknown_table_reason(&table.value, dataset)))
        }
        [schema, table] if schema.value.eq_ignore_ascii_case(DATASET_SCHEMA) => find(table)
            .map(TableRef::Dataset)
            .ok_or_else(|| forbidden(unknown_table_reason(&table.value, dataset))),
        [schema, _] => Err(forbidden(outside_schema_reason(&schema.value, dataset))),
        _ => Err(forbidden(format!(
            "names qualified with a database are not allowed; use the bare table name ({})",
            listing(dataset)
        ))),
    }
}

fn is_catalog_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [
        "information_schema",
        "pg_catalog",
        "pg_",
        "duckdb_",
        "sqlite_",
        "temp",
        "system",
    ]
    .iter()
    .any(|p| lower.starts_with(p))
}

fn unknown_table_reason(name: &str, dataset: &[String]) -> String {
    if name.contains(['/', '\\', '.', ':', '*', '~']) {
        format!(
            "looks like a file path or URL, which DuckDB would read from disk; only the \
             dataset's tables can be queried ({})",
            listing(dataset)
        )
    } else if is_catalog_name(name) {
        format!(
            "is a DuckDB catalog view; only the dataset's tables can be queried ({})",
            listing(dataset)
        )
    } else {
        format!(
            "is not a table of the active dataset ({})",
            listing(dataset)
        )
    }
}

fn outside_schema_reason(schema: &str, dataset: &[String]) -> String {
    let what = if is_catalog_name(schema) {
        "is DuckDB's system catalog"
    } else {
        "is outside the dataset"
    };
    format!(
        "schema {schema} {what}; use the bare table name or main.<table> ({})",
        listing(dataset)
    )
}

/// "tables: a, b, c" for refusal reasons, shortened for large datasets.
fn listing(dataset: &[String]) -> String {
    const SHOWN: usize = 12;
    if dataset.is_empty() {
        return "the dataset has no tables".to_owned();
    }
    let mut names = dataset
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if dataset.len() > SHOWN {
        names = format!("{names}, and {} more", dataset.len() - SHOWN);
    }
    format!("tables: {names}")
}
