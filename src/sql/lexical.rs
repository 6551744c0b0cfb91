//! Token-level checks of the SQL validator, run before parsing.
//!
//! The validator parses with sqlparser's DuckDB dialect, but DuckDB runs the text
//! through its own lexer. Wherever the two lexers disagree about where a string or a
//! comment ends, a statement the validator saw as one harmless SELECT can be two
//! statements to DuckDB. Known disagreements are refused here, so that what was
//! validated is what runs:
//!
//! - nested block comments (`/* /* */ ... */`): DuckDB nests them, sqlparser does not;
//! - a carriage return inside a `--` comment: DuckDB ends the comment there,
//!   sqlparser only at a newline;
//! - escape strings (`E'\''`): DuckDB reads backslash escapes, sqlparser sees the
//!   identifier `E` followed by a plain string;
//! - dollar-quoted strings (`$tag$...$tag$`): the two lexers disagree on tags;
//! - backtick-quoted names: DuckDB before 2.0 lexed the backtick as an operator, 2.0
//!   quotes with it; refused so the answer does not depend on the version;
//! - non-ASCII whitespace: sqlparser skips it, DuckDB reads it as part of a name;
//! - a NUL character: DuckDB's C interface ends the text there.
//!
//! Last, DuckDB's own statement splitter (`split.rs`) must find as many statements
//! as the parser's tokens hold: a disagreement nobody listed above is refused too.
//!
//! Invariants: the tokens returned are exactly what the parser is then given; the
//! text has exactly one non-empty statement; `statement_sql` is that statement as
//! written, without leading or trailing whitespace, comments and semicolons, so it can
//! be wrapped in a larger query without a trailing `--` comment swallowing the rest.

use sqlparser::dialect::DuckDbDialect;
use sqlparser::tokenizer::{Location, Token, TokenWithSpan, Tokenizer, Whitespace};

use super::refusal::{Refusal, RefusalKind};
use super::split;

/// The tokens of a single-statement SQL text and the statement's own text.
pub(crate) struct Lexed {
    /// Every token of the input, in order, with locations (for the parser).
    pub tokens: Vec<TokenWithSpan>,
    /// The statement as written, trimmed of whitespace, comments and semicolons.
    pub statement_sql: String,
    /// The statement's first word if it is an unquoted keyword, uppercased
    /// (`SELECT`, `EXPORT`), to name statements the parser cannot parse.
    pub first_keyword: Option<String>,
}

/// Tokenizes `sql`, refuses lexically ambiguous text, empty input and more than one
/// statement, and cuts out the statement's text.
pub(crate) fn lex(sql: &str) -> Result<Lexed, Refusal> {
    if sql.contains('\0') {
        return Err(ambiguous(
            "NUL character",
            "DuckDB's C interface ends the SQL text at a NUL character, so it would run \
             something other than what was validated; remove it",
        ));
    }
    let dialect = DuckDbDialect {};
    let tokens = Tokenizer::new(&dialect, sql)
        .tokenize_with_location()
        .map_err(|e| Refusal::new(RefusalKind::Parse, "syntax", e.to_string()))?;
    let offsets = token_offsets(sql, &tokens).ok_or_else(|| {
        Refusal::new(
            RefusalKind::Internal,
            "token location",
            "the validator could not map a token back to the SQL text; this is a bug",
        )
    })?;
    check_ambiguities(sql, &offsets, &tokens)?;

    let statements = count_statements(&tokens);
    let duckdb_statements = split::statement_count(sql)
        .map_err(|e| Refusal::new(RefusalKind::AmbiguousSyntax, "NUL character", e.to_string()))?;
    if duckdb_statements != statements {
        return Err(ambiguous(
            "statement boundaries",
            &format!(
                "DuckDB's lexer reads {duckdb_statements} statement(s) here but the validator's \
                 parser reads {statements}, so they disagree about where a string or comment \
                 ends; write plain 'single-quoted' strings and -- or /* */ comments"
            ),
        ));
    }
    if statements == 0 {
        return Err(Refusal::new(
            RefusalKind::Empty,
            "empty statement",
            "there is no SQL to run (only whitespace, comments or semicolons)",
        ));
    }
    if statements > 1 {
        return Err(Refusal::new(
            RefusalKind::MultipleStatements,
            "multiple statements",
            format!(
                "found {statements} statements separated by semicolons; send exactly one \
                 query (semicolons inside strings and comments do not count)"
            ),
        ));
    }

    let statement_sql = statement_text(sql, &offsets, &tokens)?;
    let first_keyword = tokens
        .iter()
        .find(|t| !is_trivia(&t.token) && t.token != Token::SemiColon)
        .and_then(|t| match &t.token {
            Token::Word(w) if w.quote_style.is_none() => Some(w.value.to_ascii_uppercase()),
            _ => None,
        });
    Ok(Lexed {
        tokens,
        statement_sql,
        first_keyword,
    })
}

/// Whitespace, comments and the end marker: tokens that are not part of a statement.
fn is_trivia(token: &Token) -> bool {
    matches!(token, Token::Whitespace(_) | Token::EOF)
}

/// Number of non-empty statements, split at top-level semicolons. Strings and
/// comments are single tokens, so semicolons inside them do not split.
fn count_statements(tokens: &[TokenWithSpan]) -> usize {
    let mut count = 0;
    let mut in_statement = false;
    for t in tokens {
        match &t.token {
            Token::SemiColon => in_statement = false,
            token if is_trivia(token) => {}
            _ => {
                if !in_statement {
                    count += 1;
                    in_statement = true;
                }
            }
        }
    }
    count
}

fn ambiguous(construct: &str, reason: &str) -> Refusal {
    Refusal::new(RefusalKind::AmbiguousSyntax, construct, reason)
}

/// Refuses tokens that DuckDB's lexer would read differently (see the module doc).
fn check_ambiguities(
    sql: &str,
    offsets: &[(usize, usize)],
    tokens: &[TokenWithSpan],
) -> Result<(), Refusal> {
    for (i, (t, &(from, to))) in tokens.iter().zip(offsets).enumerate() {
        match &t.token {
            Token::Whitespace(Whitespace::MultiLineComment(body)) if body.contains("/*") => {
                return Err(ambiguous(
                    "nested /* comment",
                    "DuckDB nests block comments but the validator's parser does not, so they \
                     would disagree about where the comment ends; remove the inner /*",
                ));
            }
            Token::Whitespace(Whitespace::SingleLineComment { comment, .. })
                if has_lone_carriage_return(comment) =>
            {
                return Err(ambiguous(
                    "carriage return in -- comment",
                    "DuckDB ends a -- comment at a carriage return but the validator's parser \
                     does not; use plain newlines",
                ));
            }
            Token::Whitespace(Whitespace::Space) => {
                let text = sql.get(from..to).unwrap_or(" ");
                if let Some(c) = text.chars().find(|c| !c.is_ascii()) {
                    return Err(ambiguous(
                        &format!("non-ASCII whitespace U+{:04X}", u32::from(c)),
                        "DuckDB reads it as part of a name, not as a space; use plain spaces",
                    ));
                }
            }
            Token::Word(w) if w.quote_style == Some('`') => {
                return Err(ambiguous(
                    &format!("backtick-quoted name `{}`", w.value),
                    "DuckDB versions disagree about backtick-quoted names; use double quotes",
                ));
            }
            Token::Word(w)
                if w.quote_style.is_none()
                    && w.value.eq_ignore_ascii_case("e")
                    && matches!(
                        tokens.get(i + 1).map(|n| &n.token),
                        Some(Token::SingleQuotedString(_))
                    ) =>
            {
                return Err(escape_string_refusal());
            }
            Token::EscapedStringLiteral(_) => return Err(escape_string_refusal()),
            Token::DollarQuotedString(_) => {
                return Err(ambiguous(
                    "dollar-quoted string",
                    "DuckDB and the validator's parser disagree on dollar-quote tags; use a \
                     standard 'single-quoted' string (double an inner quote: 'it''s')",
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

fn escape_string_refusal() -> Refusal {
    ambiguous(
        "escape string E'...'",
        "DuckDB reads backslash escapes in E'...' strings but the validator's parser does not, \
         so they would disagree about where the string ends; use a standard 'single-quoted' \
         string (double an inner quote: 'it''s')",
    )
}

/// A carriage return followed by more comment text. One at the very end is the `\r`
/// of a `\r\n` line ending: sqlparser ends the comment just before the `\n`.
fn has_lone_carriage_return(comment: &str) -> bool {
    let mut chars = comment.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek().is_some_and(|next| *next != '\n') {
            return true;
        }
    }
    false
}

/// The text from the first to the last token of the statement, leaving out
/// whitespace, comments and semicolons around it.
fn statement_text(
    sql: &str,
    offsets: &[(usize, usize)],
    tokens: &[TokenWithSpan],
) -> Result<String, Refusal> {
    let is_part = |t: &TokenWithSpan| !is_trivia(&t.token) && t.token != Token::SemiColon;
    let first = tokens.iter().position(is_part);
    let last = tokens.iter().rposition(is_part);
    let range = first
        .zip(last)
        .and_then(|(first, last)| Some((offsets.get(first)?.0, offsets.get(last)?.1)));
    let Some((from, to)) = range else {
        return Err(Refusal::new(
            RefusalKind::Empty,
            "empty statement",
            "there is no SQL to run",
        ));
    };
    sql.get(from..to).map(str::to_owned).ok_or_else(|| {
        Refusal::new(
            RefusalKind::Internal,
            "token location",
            "the validator could not map a token back to the SQL text; this is a bug",
        )
    })
}

/// The byte range of every token, from the tokenizer's 1-based line/column
/// locations (columns count characters; only `\n` starts a line). Tokens come in
/// order, so one forward pass over the text serves them all: linear in its length.
/// `None` if a location does not fall on the text, which would be a tokenizer bug.
fn token_offsets(sql: &str, tokens: &[TokenWithSpan]) -> Option<Vec<(usize, usize)>> {
    let mut cursor = Cursor {
        chars: sql.char_indices(),
        line: 1,
        column: 1,
        byte: 0,
        len: sql.len(),
    };
    tokens
        .iter()
        .map(|t| {
            Some((
                cursor.advance_to(t.span.start)?,
                cursor.advance_to(t.span.end)?,
            ))
        })
        .collect()
}

/// A position in the text that only moves forward.
struct Cursor<'s> {
    chars: std::str::CharIndices<'s>,
    line: u64,
    column: u64,
    byte: usize,
    len: usize,
}

impl Cursor<'_> {
    /// Moves to `target` and returns its byte offset; `None` if it lies behind the
    /// cursor or past the end of the text.
    fn advance_to(&mut self, target: Location) -> Option<usize> {
        while (self.line, self.column) < (target.line, target.column) {
            let (_, c) = self.chars.next()?;
            self.byte += c.len_utf8();
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        ((self.line, self.column) == (target.line, target.column) && self.byte <= self.len)
            .then_some(self.byte)
    }
}
