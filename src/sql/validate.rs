//! The SQL validator's entry point: one read-only query over the dataset's tables,
//! or a [`Refusal`] naming what was refused and why.
//!
//! Order of checks, cheapest and most general first:
//! 1. length, before any parsing (`Policy::max_len`, clamped to [`HARD_MAX_LEN`]);
//! 2. tokens: lexical ambiguities between sqlparser and DuckDB, empty input, more than
//!    one statement (`lexical.rs`);
//! 3. parse with sqlparser's DuckDB dialect (its recursion limit, 50, bounds nesting);
//!    every token must be consumed; a statement it cannot parse is still named by its
//!    first keyword when that says it is not a query (`EXPORT`, `CHECKPOINT`);
//! 4. the statement must be a query (`statement.rs`);
//! 5. every table and function in the query, at any depth (`walk.rs`, `exprs.rs`).
//!
//! Invariant: steps 2-5 run on a thread of their own with a [`VALIDATOR_STACK_BYTES`]
//! stack. The parser builds left-deep trees for long chains (`1+1+...`, `UNION ALL`
//! of thousands of SELECTs) without recursion, but dropping such a tree recurses once
//! per level; the big stack makes that safe for every input up to [`HARD_MAX_LEN`]
//! (proved by tests at that size). Outside input cannot overflow the caller's stack.

use sqlparser::dialect::DuckDbDialect;
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::Token;

use super::lexical;
use super::refusal::{Refusal, RefusalKind};
use super::statement;
use super::walk::Walker;

/// Default longest SQL text, in bytes, that the validator parses.
pub const DEFAULT_MAX_LEN: usize = 100_000;

/// Upper bound on [`Policy::max_len`]: the size for which the validator's stack is
/// proven sufficient. Larger settings are clamped to it.
pub const HARD_MAX_LEN: usize = 1 << 20;

/// Stack of the validation thread; see the module invariant.
const VALIDATOR_STACK_BYTES: usize = 64 << 20;

/// What a statement may touch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// The active dataset's tables. Compared ASCII-case-insensitively; reported in
    /// [`Validated::tables`] as spelled here.
    pub allowed_tables: Vec<String>,
    /// Longest SQL text accepted, in bytes (clamped to [`HARD_MAX_LEN`]).
    pub max_len: usize,
}

impl Policy {
    /// A policy allowing these tables, with the default length limit.
    pub fn new<I, S>(allowed_tables: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Policy {
            allowed_tables: allowed_tables.into_iter().map(Into::into).collect(),
            max_len: DEFAULT_MAX_LEN,
        }
    }
}

impl Default for Policy {
    /// No tables, default length limit.
    fn default() -> Self {
        Policy::new(Vec::<String>::new())
    }
}

/// A statement that passed validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validated {
    /// The single statement as written, without surrounding whitespace, comments and
    /// the trailing semicolon; safe to wrap in a larger query.
    pub statement_sql: String,
    /// The dataset tables the statement references (CTE names excluded), as spelled
    /// in the policy, in order of first reference.
    pub tables: Vec<String>,
}

/// Checks that `sql` is exactly one read-only query over `policy`'s tables, calling
/// only allowed functions.
///
/// # Errors
///
/// A [`Refusal`] naming the first construct found that breaks the policy and why;
/// [`RefusalKind::Internal`] if the validator could not run (the SQL must not run
/// either).
pub fn validate(sql: &str, policy: &Policy) -> Result<Validated, Refusal> {
    let max_len = policy.max_len.min(HARD_MAX_LEN);
    if sql.len() > max_len {
        return Err(Refusal::new(
            RefusalKind::TooLong,
            "statement length",
            format!(
                "the SQL is {} bytes, over the limit of {max_len}; shorten the query",
                sql.len()
            ),
        ));
    }
    on_validator_stack(|| validate_text(sql, policy))
}

/// Runs `check` on a thread with a [`VALIDATOR_STACK_BYTES`] stack.
fn on_validator_stack<T: Send>(
    check: impl FnOnce() -> Result<T, Refusal> + Send,
) -> Result<T, Refusal> {
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("sql-validator".to_owned())
            .stack_size(VALIDATOR_STACK_BYTES)
            .spawn_scoped(scope, check);
        match spawned {
            Ok(handle) => handle.join().unwrap_or_else(|_| {
                Err(internal(
                    "the validator stopped unexpectedly; the statement was not run",
                ))
            }),
            Err(e) => Err(internal(&format!(
                "could not start the validator thread: {e}"
            ))),
        }
    })
}

fn internal(reason: &str) -> Refusal {
    Refusal::new(RefusalKind::Internal, "validator", reason)
}

/// Steps 2-5 of the module doc.
fn validate_text(sql: &str, policy: &Policy) -> Result<Validated, Refusal> {
    let lexed = lexical::lex(sql)?;
    let dialect = DuckDbDialect {};
    let mut parser = Parser::new(&dialect).with_tokens_with_locations(lexed.tokens);
    let statements = parser.parse_statements().map_err(|error| {
        lexed
            .first_keyword
            .as_deref()
            .and_then(statement::refuse_by_keyword)
            .unwrap_or_else(|| parse_refusal(error))
    })?;
    // sqlparser stops early at a stray END after a statement; DuckDB would not.
    let rest = &parser.peek_token_ref().token;
    if *rest != Token::EOF {
        return Err(Refusal::new(
            RefusalKind::Parse,
            "syntax",
            format!("unexpected {rest} after the end of the statement"),
        ));
    }
    let statement = match statements.as_slice() {
        [statement] => statement,
        [] => {
            return Err(Refusal::new(
                RefusalKind::Empty,
                "empty statement",
                "there is no SQL to run",
            ))
        }
        more => {
            return Err(Refusal::new(
                RefusalKind::MultipleStatements,
                "multiple statements",
                format!("found {} statements; send exactly one query", more.len()),
            ))
        }
    };
    let query = statement::as_query(statement)?;
    let mut walker = Walker::new(&policy.allowed_tables);
    walker.query(query)?;
    Ok(Validated {
        statement_sql: lexed.statement_sql,
        tables: walker.tables,
    })
}

fn parse_refusal(error: ParserError) -> Refusal {
    match error {
        ParserError::RecursionLimitExceeded => Refusal::new(
            RefusalKind::Parse,
            "nesting",
            "recursion limit exceeded: parentheses, subqueries or expressions nest more \
             deeply than the parser allows; flatten the query, e.g. with CTEs",
        ),
        ParserError::ParserError(message) | ParserError::TokenizerError(message) => {
            Refusal::new(RefusalKind::Parse, "syntax", message)
        }
    }
}
