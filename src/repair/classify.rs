//! Classifying a failed attempt: from an [`ExecError`] (DuckDB's message
//! text, or a validator refusal the agent routed to repair) and the SQL, a
//! typed [`Failure`] the repair rules and [`super::explain`] act on, so no
//! rule parses message text of its own.
//!
//! The message patterns are DuckDB 2.0's; the tests run each broken
//! statement against an in-memory DuckDB, so an upgrade that rewords a
//! message fails a test instead of silently turning repairs off.

use crate::report::ErrorCategory;
use crate::runner::ExecError;

/// A classified failure.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub category: ErrorCategory,
    /// What the failure is about: the missing table, column or function,
    /// the ambiguous or ungrouped column, the bad literal, the token the
    /// parser stopped at.
    pub identifier: Option<String>,
    /// What DuckDB (or the validator) offered instead, in its order.
    pub candidates: Vec<String>,
    /// 1-based (line, column) in the SQL where the failure is, when known.
    pub position: Option<(usize, usize)>,
    /// Type names the message mentions (type mismatches).
    pub types: Vec<String>,
    /// The message as reported.
    pub message: String,
}

impl Failure {
    fn new(category: ErrorCategory, message: &str) -> Failure {
        Failure {
            category,
            identifier: None,
            candidates: Vec::new(),
            position: None,
            types: Vec::new(),
            message: message.to_string(),
        }
    }

    /// May a rewrite of the SQL fix this? Never for resource limits,
    /// refusals, crashes or cancels: a rewrite cannot make those safe, and
    /// retrying them only spends the user's time.
    pub fn repairable(&self) -> bool {
        !matches!(
            self.category,
            ErrorCategory::Timeout
                | ErrorCategory::MemoryLimit
                | ErrorCategory::CpuLimit
                | ErrorCategory::OutputLimit
                | ErrorCategory::Crashed
                | ErrorCategory::JailSetupFailed
                | ErrorCategory::Refused
                | ErrorCategory::Cancelled
                | ErrorCategory::Records
                | ErrorCategory::EmptyResult
        )
    }
}

/// Classify `error`, raised by running (or validating) `sql`.
pub fn classify(error: &ExecError, sql: &str) -> Failure {
    match error {
        ExecError::SqlError(m) => classify_message(m, sql),
        other => Failure::new(ErrorCategory::of(other), &other.to_string()),
    }
}

/// A query that ran and returned no rows (not an error, but a result the
/// user may want explained).
pub fn empty_result() -> Failure {
    Failure::new(ErrorCategory::EmptyResult, "the query returned no rows")
}

/// The text between the first pair of double quotes after `key`.
fn quoted_after(msg: &str, key: &str) -> Option<String> {
    let rest = &msg[msg.find(key)? + key.len()..];
    let start = rest.find('"')? + 1;
    let end = start + rest[start..].find('"')?;
    Some(rest[start..end].to_string())
}

/// Every double-quoted item on the line that starts with `key`.
fn quoted_list(msg: &str, key: &str) -> Vec<String> {
    let Some(i) = msg.find(key) else { return Vec::new() };
    let line = msg[i + key.len()..].lines().next().unwrap_or("");
    // Most lists double-quote their items; the ambiguity hint single-quotes them.
    let q = if line.contains('"') { '"' } else { '\'' };
    line.split(q).skip(1).step_by(2).filter(|s| !s.is_empty() && !s.trim().is_empty()).map(str::to_string).collect()
}

/// The bare word after `key` (`Table with name ordrs does not exist`).
fn word_after(msg: &str, key: &str) -> Option<String> {
    let rest = &msg[msg.find(key)? + key.len()..];
    rest.split_whitespace().next().map(|w| w.trim_matches('"').to_string())
}

fn classify_message(msg: &str, sql: &str) -> Failure {
    if let Some(rest) = msg.strip_prefix("refused: ") {
        return classify_refusal(rest, msg, sql);
    }
    let lower = msg.to_ascii_lowercase();
    let has = |s: &str| lower.contains(&s.to_ascii_lowercase());
    let mut f = Failure::new(ErrorCategory::SqlError, msg);
    if has("Table with name ") && has("does not exist") {
        f.category = ErrorCategory::TableMissing;
        f.identifier = word_after(msg, "Table with name ");
        f.candidates = quoted_list(msg, "Did you mean ");
    } else if has("Function with name ") && has("does not exist") {
        f.category = ErrorCategory::FunctionMissing;
        f.identifier = word_after(msg, "Function with name ");
        f.candidates = quoted_list(msg, "Did you mean ");
    } else if has("Referenced column ") {
        f.category = ErrorCategory::ColumnMissing;
        f.identifier = quoted_after(msg, "Referenced column ");
        f.candidates = quoted_list(msg, "Candidate bindings: ");
    } else if has("does not have a column named ") {
        f.category = ErrorCategory::ColumnMissing;
        f.identifier = quoted_after(msg, "does not have a column named ");
        f.candidates = quoted_list(msg, "Candidate bindings: ");
    } else if has("Referenced table ") && has("not found") {
        // An alias or table qualifier that no FROM item has.
        f.category = ErrorCategory::TableMissing;
        f.identifier = quoted_after(msg, "Referenced table ");
        f.candidates = quoted_list(msg, "Candidate tables: ");
    } else if has("Ambiguous reference to column name ") {
        f.category = ErrorCategory::AmbiguousColumn;
        f.identifier = quoted_after(msg, "Ambiguous reference to column name ");
        f.candidates = quoted_list(msg, "(use: ");
    } else if has("must appear in the GROUP BY clause") {
        f.category = ErrorCategory::GroupByMissing;
        f.identifier = quoted_after(msg, "column ");
    } else if has("WHERE clause cannot contain aggregates") || has("aggregate function calls cannot be nested") {
        f.category = ErrorCategory::GroupByMissing;
    } else if has("division by zero") {
        f.category = ErrorCategory::DivisionByZero;
    } else if has("field value out of range") || has("to DATE") || has("to TIMESTAMP") || has("invalid date") || has("invalid timestamp") {
        f.category = ErrorCategory::BadDateLiteral;
        f.identifier = quoted_after(msg, "out of range: ").or_else(|| single_quoted(msg));
    } else if has("Cannot compare values of type") || has("No function matches the given name and argument types") || has("Could not convert") || has("Conversion Error") || has("Cannot mix values of type") || has("explicit cast is required") || has("type mismatch") {
        f.category = ErrorCategory::TypeMismatch;
        f.types = types_in(msg);
        if let Some(i) = msg.find("argument types '") {
            // `'+(VARCHAR, STRING_LITERAL)'`: the operator or function.
            let rest = &msg[i + "argument types '".len()..];
            f.identifier = rest.split('(').next().map(str::to_string);
        }
    } else if has("Parser Error") || has("syntax error") {
        f.category = ErrorCategory::SyntaxError;
        f.identifier = quoted_after(msg, "at or near ");
    } else if has("Permission Error") || has("read-only mode") || has("disabled by configuration") || has("disabled through configuration") {
        f.category = ErrorCategory::Refused;
    } else if has("out of memory") || has("memory limit") {
        f.category = ErrorCategory::MemoryLimit;
    }
    f.position = f.identifier.as_deref().and_then(|w| position_of(sql, w)).or_else(|| caret_position(msg));
    f
}

/// How the validator words a function that is on neither reviewed list.
pub const UNLISTED: &str = "not on the list of reviewed functions";

/// A validator refusal: `<construct>: <reason>`.
fn classify_refusal(rest: &str, msg: &str, sql: &str) -> Failure {
    let (construct, reason) = rest.split_once(": ").unwrap_or((rest, ""));
    let mut f = Failure::new(ErrorCategory::Refused, msg);
    if construct == "syntax" || construct == "nesting" {
        f.category = ErrorCategory::SyntaxError;
        // sqlparser: "... Expected: X, found: Y at Line: 1, Column: 8"
        f.identifier = reason.split("found: ").nth(1).and_then(|s| s.split(" at Line").next()).map(str::to_string);
        f.position = line_column(reason);
    } else if let Some(name) = construct.strip_prefix("backtick-quoted name ") {
        f.category = ErrorCategory::SyntaxError;
        f.identifier = Some(name.trim_matches('`').to_string());
    } else if let Some(name) = construct.strip_prefix("table ") {
        if reason.starts_with("is not a table of the active dataset") {
            f.category = ErrorCategory::TableMissing;
            f.identifier = Some(name.rsplit('.').next().unwrap_or(name).to_string());
            if let Some(list) = reason.split("tables: ").nth(1) {
                f.candidates = list.trim_end_matches(')').split(", ").map(str::to_string).collect();
            }
        }
    } else if let (Some(name), true) = (construct.strip_prefix("function "), reason.starts_with(UNLISTED)) {
        // Every function of the linked DuckDB is on the reviewed lists (a
        // test checks it), so an unlisted name is one DuckDB does not have:
        // another dialect's function or a typo, not a policy matter.
        f.category = ErrorCategory::FunctionMissing;
        f.identifier = Some(name.to_string());
    } else if construct.starts_with("TOP") || construct.starts_with("LIMIT") {
        f.category = ErrorCategory::SyntaxError;
    }
    if f.position.is_none() {
        f.position = f.identifier.as_deref().and_then(|w| position_of(sql, w));
    }
    f
}

fn single_quoted(msg: &str) -> Option<String> {
    let start = msg.find('\'')? + 1;
    let end = start + msg[start..].find('\'')?;
    Some(msg[start..end].to_string())
}

/// Upper-case type names a message mentions, in order, without repeats.
fn types_in(msg: &str) -> Vec<String> {
    const TYPES: &[&str] = &[
        "VARCHAR", "STRING_LITERAL", "INTEGER_LITERAL", "INTEGER", "BIGINT", "DOUBLE", "DECIMAL", "DATE", "TIMESTAMP", "BOOLEAN", "INTERVAL", "INT32", "INT64", "FLOAT", "HUGEINT", "TIME",
    ];
    let mut out: Vec<String> = Vec::new();
    for w in msg.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if TYPES.contains(&w) && !out.iter().any(|o| o == w) {
            out.push(w.to_string());
        }
    }
    out
}

/// sqlparser's `Line: 1, Column: 8`.
fn line_column(s: &str) -> Option<(usize, usize)> {
    let rest = &s[s.find("Line: ")? + 6..];
    let (line, rest) = rest.split_once(", Column: ")?;
    let col: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((line.trim().parse().ok()?, col.parse().ok()?))
}

/// DuckDB's `LINE 1: <excerpt>` with a caret under the spot. The excerpt
/// may be cut (`...`), so this is only used when the name is not found.
fn caret_position(msg: &str) -> Option<(usize, usize)> {
    let mut lines = msg.lines();
    while let Some(l) = lines.next() {
        if let Some(rest) = l.strip_prefix("LINE ") {
            let (n, excerpt) = rest.split_once(": ")?;
            let caret = lines.next()?.find('^')?;
            let prefix = l.len() - excerpt.len();
            if excerpt.starts_with("...") {
                return None;
            }
            return Some((n.trim().parse().ok()?, caret.checked_sub(prefix)? + 1));
        }
    }
    None
}

/// 1-based (line, column) of the first whole-word, case-insensitive
/// occurrence of `word` in `sql` outside single-quoted strings.
pub fn position_of(sql: &str, word: &str) -> Option<(usize, usize)> {
    let at = crate::repair::text::find_word(sql, word)?;
    let before = &sql[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, col))
}

#[cfg(test)]
#[path = "classify_tests.rs"]
mod tests;
