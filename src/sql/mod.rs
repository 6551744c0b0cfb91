//! The SQL safety validator: decides whether a SQL text may run in the jail.
//!
//! Accepted is exactly one read-only query (SELECT, WITH incl. RECURSIVE, VALUES,
//! set operations, subqueries anywhere) that reads only the active dataset's tables
//! (bare or `main.<table>`) and CTEs, and calls only functions of the reviewed
//! allow-list (`functions/allowed.tsv`): none that reaches files, the network, the
//! environment, settings or the catalog, or runs SQL text of its own. Everything else
//! is a [`Refusal`] naming the construct and the reason.
//!
//! The validator works on sqlparser's AST, not on text patterns. It is one layer of
//! several: the jail's read-only database and sandbox still hold if it is wrong.
//!
//! Layout: `validate.rs` (entry point, policy, result), `lexical.rs` (token checks),
//! `statement.rs` (statement kinds), `walk.rs`, `from.rs` and `exprs.rs` (the AST
//! walk), `names.rs` (table names), `functions.rs` (function policy), `refusal.rs`,
//! `split.rs` (DuckDB's statement splitter, shared with the jail).
//!
//! Pure: no IO, no async; safe to call from any thread.

mod exprs;
mod from;
mod functions;
mod lexical;
mod names;
mod refusal;
mod split;
mod statement;
mod validate;
mod walk;

#[cfg(test)]
mod tests;

pub use functions::{callable_names, ALLOWED_TABLE_FUNCTIONS};
pub use refusal::{Refusal, RefusalKind};
pub use split::{statement_count, SplitError};
pub use validate::{validate, Policy, Validated, DEFAULT_MAX_LEN, HARD_MAX_LEN};
