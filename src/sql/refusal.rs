//! Why the validator refused a statement.
//!
//! A refusal carries a [`RefusalKind`] for code to branch on (the repair loop, the
//! audit log) and a `construct` + `reason` pair for the person reading it:
//! `refused: function read_csv: reads files or remote storage; ...`. The construct
//! names the exact thing in the SQL that was refused, the reason says why and,
//! where there is one, what to do instead.

/// The class of a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefusalKind {
    /// Nothing to run: empty, whitespace, comments or semicolons only.
    Empty,
    /// Longer than the policy's `max_len`; refused before parsing.
    TooLong,
    /// Text that DuckDB's lexer would read differently from the validator's parser
    /// (nested comments, `E'...'` strings, ...), so the validation would not be about
    /// what actually runs.
    AmbiguousSyntax,
    /// The parser rejected the SQL (including its recursion limit).
    Parse,
    /// More than one statement.
    MultipleStatements,
    /// A statement other than a query (writes, DDL, settings, files, extensions,
    /// catalog commands), or a clause of a query that writes or locks.
    NotReadOnly,
    /// A table outside the active dataset (another schema, the catalog, a file path).
    ForbiddenTable,
    /// A function outside the function policy.
    ForbiddenFunction,
    /// Syntax the validator does not support (other SQL dialects' clauses).
    Unsupported,
    /// Nested more deeply than the validator walks.
    TooComplex,
    /// The validator itself failed; the statement was not checked.
    Internal,
}

impl RefusalKind {
    /// A stable `snake_case` label for logs and audit records.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            RefusalKind::Empty => "empty",
            RefusalKind::TooLong => "too_long",
            RefusalKind::AmbiguousSyntax => "ambiguous_syntax",
            RefusalKind::Parse => "parse",
            RefusalKind::MultipleStatements => "multiple_statements",
            RefusalKind::NotReadOnly => "not_read_only",
            RefusalKind::ForbiddenTable => "forbidden_table",
            RefusalKind::ForbiddenFunction => "forbidden_function",
            RefusalKind::Unsupported => "unsupported",
            RefusalKind::TooComplex => "too_complex",
            RefusalKind::Internal => "internal",
        }
    }
}

/// A statement the validator will not let run, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("refused: {construct}: {reason}")]
pub struct Refusal {
    /// The class of the refusal.
    pub kind: RefusalKind,
    /// The refused thing as it reads in SQL: `COPY`, `function read_csv`,
    /// `table passwd`, `multiple statements`.
    pub construct: String,
    /// Why it is refused, phrased so the user (or the model) can act on it.
    pub reason: String,
}

impl Refusal {
    /// A refusal of `kind` for `construct`, because of `reason`.
    pub fn new(kind: RefusalKind, construct: impl Into<String>, reason: impl Into<String>) -> Self {
        Refusal {
            kind,
            construct: construct.into(),
            reason: reason.into(),
        }
    }

    /// A statement or clause that is not read-only.
    pub(crate) fn not_read_only(construct: impl Into<String>, reason: impl Into<String>) -> Self {
        Refusal::new(RefusalKind::NotReadOnly, construct, reason)
    }

    /// A clause from another SQL dialect that DuckDB does not need.
    pub(crate) fn unsupported(construct: impl Into<String>) -> Self {
        Refusal::new(
            RefusalKind::Unsupported,
            construct,
            "not supported by the validator; write the query with plain SELECT, WITH, JOIN, \
             GROUP BY, window functions and subqueries",
        )
    }
}
