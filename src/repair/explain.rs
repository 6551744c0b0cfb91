//! Why a failure could not be repaired, in one sentence a person can act
//! on: what is missing and the closest real alternatives in the dataset
//! (`no column vat_rate; the closest are tax in invoices and rate in
//! currencies`), or what to change for limits and refusals.

use super::classify::Failure;
use super::scope;
use crate::report::ErrorCategory;
use crate::semantic::Manifest;

/// "a", "a and b", "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The first line of DuckDB's message, without its `X Error: ` prefix.
fn first_line(f: &Failure) -> String {
    let line = f.message.lines().next().unwrap_or("");
    line.split_once("Error: ").map_or(line, |(_, rest)| rest).to_string()
}

/// The table or alias of DuckDB's `Table "c" does not have a column named ...`.
fn qualifier(msg: &str) -> Option<&str> {
    let rest = msg.split("Table \"").nth(1)?;
    let (q, tail) = rest.split_once('"')?;
    tail.trim_start().starts_with("does not have a column named").then_some(q)
}

/// One sentence saying what went wrong and what the dataset has instead.
pub fn explain(f: &Failure, m: &Manifest) -> String {
    let id = f.identifier.clone().unwrap_or_default();
    match f.category {
        ErrorCategory::ColumnMissing => {
            let bare = id.rsplit('.').next().unwrap_or(&id);
            // `c.status` where c lacks it: say where it was looked for, since
            // the closest name may be the same name in another table.
            let missing = match qualifier(&f.message) {
                Some(q) => format!("no column {bare} in {q}"),
                None => format!("no column {bare}"),
            };
            let near: Vec<String> = scope::nearest_columns(bare, m, 3).iter().map(|(t, c)| format!("{} in {}", c.name, t.name)).collect();
            if near.is_empty() {
                format!("{missing} in dataset {}", m.name)
            } else {
                format!("{missing}; the closest are {}", list(&near))
            }
        }
        ErrorCategory::TableMissing => {
            let tables: Vec<String> = m.tables.iter().map(|t| t.name.clone()).collect();
            format!("no table {id}; the tables of {} are {}", m.name, list(&tables))
        }
        ErrorCategory::FunctionMissing => {
            if f.candidates.is_empty() {
                format!("DuckDB has no function {id}")
            } else {
                format!("DuckDB has no function {id}; the closest are {}", list(&f.candidates))
            }
        }
        ErrorCategory::AmbiguousColumn => {
            format!("column {id} is in more than one joined table; name which one ({})", list(&f.candidates))
        }
        ErrorCategory::GroupByMissing => match &f.identifier {
            Some(c) => format!("column {c} is neither grouped nor aggregated; add it to GROUP BY or wrap it in an aggregate"),
            None => "an aggregate is used where rows are filtered (WHERE); filter groups with HAVING".into(),
        },
        ErrorCategory::TypeMismatch => format!("values of different types do not go together ({}): {}", list(&f.types), first_line(f)),
        ErrorCategory::SyntaxError => match f.position {
            Some((l, c)) => format!("the SQL does not parse near line {l}, column {c}: {}", first_line(f)),
            None => format!("the SQL does not parse: {}", first_line(f)),
        },
        ErrorCategory::BadDateLiteral => format!("{id} is not a date DuckDB can read; write dates as 'YYYY-MM-DD'"),
        ErrorCategory::DivisionByZero => "division by zero; guard the divisor with NULLIF(x, 0)".into(),
        ErrorCategory::Timeout => "the query ran out of time; filter earlier, aggregate before joining, or ask for less".into(),
        ErrorCategory::MemoryLimit => "the query ran out of memory; aggregate or filter before joining large tables".into(),
        ErrorCategory::CpuLimit => "the query used up its CPU time; filter earlier or ask for less".into(),
        ErrorCategory::OutputLimit => "the result is larger than the output limit; add a LIMIT or aggregate".into(),
        ErrorCategory::Refused => format!("refused for safety and not rewritten: {}", f.message),
        ErrorCategory::Crashed | ErrorCategory::JailSetupFailed => format!("the query worker failed ({}); this is not the SQL's fault", f.message),
        ErrorCategory::EmptyResult => "the query ran but matched no rows; check the filter values against the data".into(),
        _ => first_line(f),
    }
}
