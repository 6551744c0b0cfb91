//! The offline repair rules: classify the failure, then try the rules
//! that fit its category, most specific first, and return the first fix.
//! Pure; [`Rules`] offers them to the driver as a [`Repairer`].
//!
//! A rule only fires when the fix is unambiguous (it returns None when two
//! readings are equally good), and no rule runs for resource limits,
//! refusals or crashes, which a rewrite cannot make safe.

use super::classify::{classify, Failure};
use super::{aggregate, dialect, literals, names, syntax};
use super::{Fix, RepairError, RepairRequest, Repairer};
use crate::report::ErrorCategory;
use crate::runner::{CancelToken, ExecError};
use crate::semantic::Manifest;

/// The offline rules as a [`Repairer`].
#[derive(Debug, Clone, Default)]
pub struct Rules;

impl Repairer for Rules {
    fn name(&self) -> String {
        "rules".into()
    }
    fn repair(&mut self, req: &RepairRequest<'_>, cancel: &CancelToken) -> Result<Option<Fix>, RepairError> {
        if cancel.is_cancelled() {
            return Err(RepairError::Cancelled);
        }
        Ok(propose(req.manifest, req.failed_sql, req.error))
    }
}

/// What a rule sees.
pub struct Ctx<'a> {
    pub manifest: &'a Manifest,
    pub sql: &'a str,
    pub failure: &'a Failure,
}

type Rule = fn(&Ctx<'_>) -> Option<Fix>;

/// The rules for a category, in the order they are tried: rewrites that
/// read the SQL's intent exactly (a dialect spelling, a quoted value)
/// before guesses at a name.
fn rules_for(category: ErrorCategory) -> &'static [Rule] {
    match category {
        ErrorCategory::SyntaxError => &[
            syntax::quotes,
            dialect::backticks,
            dialect::top,
            dialect::limit_comma,
            syntax::keyword_typos,
            syntax::missing_by,
            syntax::trailing_comma,
            syntax::parens,
        ],
        ErrorCategory::FunctionMissing => &[dialect::functions, names::did_you_mean],
        ErrorCategory::ColumnMissing => &[dialect::date_part_unit, literals::quoted_value, names::column, names::column_by_join, names::did_you_mean],
        ErrorCategory::TableMissing => &[names::table, names::did_you_mean],
        ErrorCategory::AmbiguousColumn => &[names::ambiguous],
        ErrorCategory::GroupByMissing => &[aggregate::where_to_having, aggregate::group_by],
        ErrorCategory::TypeMismatch => &[dialect::string_plus],
        ErrorCategory::BadDateLiteral => &[literals::impossible_date],
        _ => &[],
    }
}

/// Propose a fix for `sql` that failed with `error`, or None.
pub fn propose(m: &Manifest, sql: &str, error: &ExecError) -> Option<Fix> {
    let failure = classify(error, sql);
    propose_for(m, sql, &failure)
}

/// Propose a fix for an already classified failure.
pub fn propose_for(m: &Manifest, sql: &str, failure: &Failure) -> Option<Fix> {
    if !failure.repairable() {
        return None;
    }
    let cx = Ctx { manifest: m, sql, failure };
    rules_for(failure.category).iter().filter_map(|rule| rule(&cx)).find(|f| f.sql.trim() != sql.trim())
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
