//! Where DuckDB ends a statement: the one statement splitter of the crate.
//!
//! [`statement_count`] follows DuckDB's own tokenizer (DuckDB 2.0's
//! `src/parser/peg/tokenizer/base_tokenizer.cpp`) as far as it decides where a
//! string, a quoted name or a comment ends, because only outside those does a `;`
//! end a statement:
//!
//! - `'...'` strings with `''` for a quote; `E'...'` strings (only where the `E`
//!   starts a token) also skip the character after a backslash;
//! - `"..."` and `` `...` `` quoted names with the delimiter doubled inside;
//! - `$tag$...$tag$` dollar-quoted strings (`$1` is a parameter, `a$b` a name);
//! - `--` comments up to a newline or a carriage return;
//! - `/* ... */` comments, which nest.
//!
//! The validator checks that its parser finds the same number of statements as
//! this splitter (`lexical.rs`); the jailed runner refuses text this splitter reads as
//! more than one statement, validated or not (`jail/jailed.rs`). Text that ends
//! inside a string or comment is one statement up to its end; DuckDB reports the
//! syntax error itself.
//!
//! Works on bytes: every delimiter is ASCII, and UTF-8 never hides an ASCII byte
//! inside a multi-byte character.

/// Why a SQL text cannot be split into statements.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    /// DuckDB's C interface ends the text at a NUL byte, so the text would not be
    /// what runs.
    #[error(
        "the SQL text holds a NUL character at byte {offset}, where DuckDB would cut it \
         off; remove it"
    )]
    Nul {
        /// Byte offset of the first NUL.
        offset: usize,
    },
}

/// The number of non-empty statements in `sql` as DuckDB splits it at `;`
/// (whitespace, comments and stray semicolons make no statement).
///
/// # Errors
///
/// [`SplitError::Nul`] if the text holds a NUL character.
pub fn statement_count(sql: &str) -> Result<usize, SplitError> {
    if let Some(offset) = sql.bytes().position(|b| b == 0) {
        return Err(SplitError::Nul { offset });
    }
    let mut scanner = Scanner {
        sql: sql.as_bytes(),
        count: 0,
        in_statement: false,
    };
    scanner.run();
    Ok(scanner.count)
}

/// DuckDB's tokenizer states, as far as they matter for statement ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between tokens.
    Standard,
    /// In a name or keyword (letters, digits, `_`, `$`, non-ASCII bytes).
    Word,
    /// In a number; may give back trailing characters (`1e` before `'`).
    Numeric,
    /// In an operator; `--` and `/*` still start comments inside one.
    Operator,
    /// In a string; `escapes` for `E'...'`.
    Str {
        escapes: bool,
    },
    /// In a quoted name delimited by the byte.
    QuotedName(u8),
    /// In a dollar-quoted string; the tag's byte range.
    Dollar {
        tag_from: usize,
        tag_to: usize,
    },
    LineComment,
    BlockComment {
        depth: usize,
    },
}

struct Scanner<'s> {
    sql: &'s [u8],
    count: usize,
    in_statement: bool,
}

impl Scanner<'_> {
    fn at(&self, i: usize) -> Option<u8> {
        self.sql.get(i).copied()
    }

    /// A token starts: the current statement is not empty.
    fn token(&mut self) {
        if !self.in_statement {
            self.in_statement = true;
            self.count += 1;
        }
    }

    fn run(&mut self) {
        let mut state = State::Standard;
        let mut token_start = 0;
        let mut i = 0;
        while let Some(c) = self.at(i) {
            let next = self.at(i + 1);
            match state {
                State::Standard => {
                    (state, i) = self.standard(c, i);
                    token_start = i;
                }
                State::Word => {
                    if c != b'$' && !is_word_byte(c) {
                        state = State::Standard;
                        continue;
                    }
                }
                State::Numeric => {
                    if !self.numeric_continues(c, i, token_start) {
                        // DuckDB gives back trailing `e`, `_`, `+`, `-` and reads
                        // them again: `1e'x'` is the number 1 and an E-string.
                        while i > token_start + 1
                            && !self.at(i - 1).is_some_and(is_initial_number_byte)
                        {
                            i -= 1;
                        }
                        state = State::Standard;
                        continue;
                    }
                }
                State::Operator => {
                    let comment =
                        (c == b'-' && next == Some(b'-')) || (c == b'/' && next == Some(b'*'));
                    if comment || !is_operator_byte(c) {
                        state = State::Standard;
                        continue;
                    }
                }
                State::Str { escapes } => {
                    if escapes && c == b'\\' && next.is_some() {
                        i += 1;
                    } else if c == b'\'' {
                        if next == Some(b'\'') {
                            i += 1;
                        } else {
                            state = State::Standard;
                        }
                    }
                }
                State::QuotedName(delimiter) => {
                    if c == delimiter {
                        if next == Some(delimiter) {
                            i += 1;
                        } else {
                            state = State::Standard;
                        }
                    }
                }
                State::Dollar { tag_from, tag_to } => {
                    if c == b'$' && next.is_some() {
                        let from = i + 1;
                        let end = self.sql[from..]
                            .iter()
                            .position(|&b| b == b'$')
                            .map(|p| from + p);
                        if let Some(end) = end {
                            if self.sql.get(from..end) == self.sql.get(tag_from..tag_to) {
                                state = State::Standard;
                                i = end;
                            }
                        }
                    }
                }
                State::LineComment => {
                    if c == b'\n' || c == b'\r' {
                        state = State::Standard;
                    }
                }
                State::BlockComment { depth } => {
                    if c == b'/' && next == Some(b'*') {
                        i += 1;
                        state = State::BlockComment { depth: depth + 1 };
                    } else if c == b'*' && next == Some(b'/') {
                        i += 1;
                        state = if depth <= 1 {
                            State::Standard
                        } else {
                            State::BlockComment { depth: depth - 1 }
                        };
                    }
                }
            }
            i += 1;
        }
    }

    /// The state after byte `c` at `i` between tokens, and the index of the last
    /// byte consumed.
    fn standard(&mut self, c: u8, i: usize) -> (State, usize) {
        let next = self.at(i + 1);
        match c {
            b';' => {
                self.in_statement = false;
                (State::Standard, i)
            }
            b'\'' => {
                self.token();
                (State::Str { escapes: false }, i)
            }
            b'"' | b'`' => {
                self.token();
                (State::QuotedName(c), i)
            }
            b'$' => self.dollar(i),
            b'-' if next == Some(b'-') => (State::LineComment, i + 1),
            b'/' if next == Some(b'*') => (State::BlockComment { depth: 1 }, i + 1),
            c if is_space_byte(c) => (State::Standard, i),
            b'E' | b'e' | b'N' | b'n' | b'X' | b'x' | b'B' | b'b' if next == Some(b'\'') => {
                self.token();
                let escapes = c == b'E' || c == b'e';
                (State::Str { escapes }, i + 1)
            }
            _ => {
                self.token();
                if is_single_byte_operator(c) {
                    (State::Standard, i)
                } else if is_initial_number_byte(c) {
                    (State::Numeric, i)
                } else if c.is_ascii_punctuation() && c != b'_' {
                    (State::Operator, i)
                } else {
                    (State::Word, i)
                }
            }
        }
    }

    /// `$` between tokens: a dollar-quoted string if a tag and a second `$` follow,
    /// else a parameter or an operator.
    fn dollar(&mut self, i: usize) -> (State, usize) {
        self.token();
        let Some(next) = self.at(i + 1) else {
            return (State::Standard, i);
        };
        if next.is_ascii_digit() {
            return (State::Standard, i);
        }
        let from = i + 1;
        let end = self.sql[from..]
            .iter()
            .position(|&b| b == b'$' || !is_dollar_tag_byte(b))
            .map(|p| from + p);
        match end {
            Some(end) if self.at(end) == Some(b'$') => (
                State::Dollar {
                    tag_from: from,
                    tag_to: end,
                },
                end,
            ),
            _ => (State::Standard, i),
        }
    }

    /// Whether byte `c` at `i` continues the number that started at `start`.
    fn numeric_continues(&self, c: u8, i: usize, start: usize) -> bool {
        let previous = self.at(i - 1).unwrap_or(0);
        if is_initial_number_byte(c) {
            return true;
        }
        if c == b'_'
            && previous.is_ascii_digit()
            && self.at(i + 1).is_some_and(|n| n.is_ascii_digit())
        {
            return true;
        }
        let is_e = |b: u8| b == b'e' || b == b'E';
        if is_e(c)
            && !is_e(previous)
            && (self.at(start).is_some_and(|b| b.is_ascii_digit()) || previous.is_ascii_digit())
        {
            return true;
        }
        (c == b'+' || c == b'-') && is_e(previous)
    }
}

/// DuckDB's `IsSingleByteOperator`: pushed as a token of its own.
fn is_single_byte_operator(c: u8) -> bool {
    matches!(
        c,
        b'(' | b')' | b'{' | b'}' | b'[' | b']' | b',' | b':' | b'?' | b'$' | b'#'
    )
}

/// DuckDB's `CharacterIsInitialNumber`.
fn is_initial_number_byte(c: u8) -> bool {
    c.is_ascii_digit() || c == b'.'
}

/// DuckDB's `Tokenizer::CharacterIsOperator`: what continues an operator.
fn is_operator_byte(c: u8) -> bool {
    matches!(
        c,
        b'+' | b'-'
            | b'*'
            | b'/'
            | b'%'
            | b'^'
            | b'<'
            | b'>'
            | b'='
            | b'~'
            | b'!'
            | b'@'
            | b'&'
            | b'|'
    )
}

/// DuckDB's `CharacterIsKeyword`: anything but punctuation (except `_`) and spaces.
fn is_word_byte(c: u8) -> bool {
    c == b'_' || !(c.is_ascii_punctuation() || is_space_byte(c))
}

/// DuckDB's `CharacterIsSpace`.
fn is_space_byte(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// DuckDB's `IsValidDollarTagCharacter`.
fn is_dollar_tag_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}
