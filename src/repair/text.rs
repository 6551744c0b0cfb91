//! SQL as tokens for the repair rules: tokenize with sqlparser's DuckDB
//! dialect (escapes kept as written, so rendering gives back the same
//! text), find calls and words, and render the edited stream. Used by the
//! rules that must work on SQL that does not parse; rules on SQL that
//! parses use the AST.

use sqlparser::dialect::DuckDbDialect;
use sqlparser::tokenizer::{Token, Tokenizer, Whitespace};

/// The tokens of `sql`, or None when it does not even tokenize
/// (an unterminated string or quoted name).
pub fn tokens(sql: &str) -> Option<Vec<Token>> {
    let dialect = DuckDbDialect {};
    let mut t = Tokenizer::new(&dialect, sql).with_unescape(false).tokenize().ok()?;
    t.retain(|t| *t != Token::EOF);
    Some(t)
}

/// The SQL text of `tokens`.
pub fn render(tokens: &[Token]) -> String {
    let mut out = String::new();
    for t in tokens {
        match t {
            Token::EOF => {}
            // Display adds a newline the comment text already ends with.
            Token::Whitespace(Whitespace::SingleLineComment { prefix, comment }) => {
                out.push_str(prefix);
                out.push_str(comment);
            }
            t => out.push_str(&t.to_string()),
        }
    }
    out
}

pub fn is_space(t: &Token) -> bool {
    matches!(t, Token::Whitespace(_))
}

/// The unquoted or double-quoted word's text, lowercased.
pub fn word(t: &Token) -> Option<String> {
    match t {
        Token::Word(w) if w.quote_style.is_none() || w.quote_style == Some('"') => Some(w.value.to_ascii_lowercase()),
        _ => None,
    }
}

/// The unquoted word's text, lowercased (keywords, function names).
pub fn bare(t: &Token) -> Option<String> {
    match t {
        Token::Word(w) if w.quote_style.is_none() => Some(w.value.to_ascii_lowercase()),
        _ => None,
    }
}

/// Index of the next non-whitespace token after `i`.
pub fn next(tokens: &[Token], i: usize) -> Option<usize> {
    (i + 1..tokens.len()).find(|&j| !is_space(&tokens[j]))
}

/// Index of the previous non-whitespace token before `i`.
pub fn prev(tokens: &[Token], i: usize) -> Option<usize> {
    (0..i).rev().find(|&j| !is_space(&tokens[j]))
}

/// A function call in the token stream: `name ( args )`.
#[derive(Debug, Clone)]
pub struct Call {
    pub name: usize,
    pub open: usize,
    pub close: usize,
    /// Token ranges of the arguments (without the commas), trimmed of
    /// whitespace.
    pub args: Vec<(usize, usize)>,
}

/// Every call of the function `name` (case-insensitive), outermost first.
pub fn calls(tokens: &[Token], name: &str) -> Vec<Call> {
    let mut out = Vec::new();
    for i in 0..tokens.len() {
        if bare(&tokens[i]).as_deref() != Some(name) {
            continue;
        }
        // `x.name(...)` is a method call on x, not this function.
        if prev(tokens, i).is_some_and(|p| tokens[p] == Token::Period) {
            continue;
        }
        let Some(open) = next(tokens, i).filter(|&o| tokens[o] == Token::LParen) else { continue };
        if let Some(c) = call_at(tokens, i, open) {
            out.push(c);
        }
    }
    out
}

fn call_at(tokens: &[Token], name: usize, open: usize) -> Option<Call> {
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut start = open + 1;
    for (j, t) in tokens.iter().enumerate().skip(open) {
        match t {
            Token::LParen | Token::LBracket | Token::LBrace => depth += 1,
            Token::RParen | Token::RBracket | Token::RBrace => {
                depth -= 1;
                if depth == 0 {
                    args.push(trim(tokens, start, j));
                    args.retain(|(a, b)| a < b);
                    return Some(Call { name, open, close: j, args });
                }
            }
            Token::Comma if depth == 1 => {
                args.push(trim(tokens, start, j));
                start = j + 1;
            }
            _ => {}
        }
    }
    None
}

/// `[a, b)` without leading and trailing whitespace tokens.
fn trim(tokens: &[Token], mut a: usize, mut b: usize) -> (usize, usize) {
    while a < b && is_space(&tokens[a]) {
        a += 1;
    }
    while b > a && is_space(&tokens[b - 1]) {
        b -= 1;
    }
    (a, b)
}

/// The text of tokens `[a, b)`.
pub fn text(tokens: &[Token], (a, b): (usize, usize)) -> String {
    render(&tokens[a..b])
}

/// A single space token.
pub fn space() -> Token {
    Token::Whitespace(Whitespace::Space)
}

/// Byte offset of the first whole-word, case-insensitive occurrence of
/// `word` in `sql` outside single-quoted strings.
pub fn find_word(sql: &str, word: &str) -> Option<usize> {
    scan_words(sql, word).into_iter().next()
}

/// Byte offsets of every whole-word, case-insensitive occurrence of
/// `word` outside single-quoted strings.
fn scan_words(sql: &str, word: &str) -> Vec<usize> {
    let bytes = sql.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    let mut in_str = false;
    let n = word.len();
    if n == 0 {
        return out;
    }
    for i in 0..bytes.len() {
        if bytes[i] == b'\'' {
            in_str = !in_str;
            continue;
        }
        if in_str || i + n > bytes.len() || !sql.is_char_boundary(i) || !sql.is_char_boundary(i + n) {
            continue;
        }
        let starts = i == 0 || !is_word(bytes[i - 1]);
        let ends = i + n == bytes.len() || !is_word(bytes[i + n]);
        if starts && ends && sql[i..i + n].eq_ignore_ascii_case(word) {
            out.push(i);
        }
    }
    out
}

/// Replace whole-word, case-insensitive occurrences of `wrong` outside
/// string literals by `right`; None when there was none. For SQL that
/// does not tokenize.
pub fn replace_word(sql: &str, wrong: &str, right: &str) -> Option<String> {
    let at = scan_words(sql, wrong);
    if at.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(sql.len() + at.len() * right.len());
    let mut last = 0;
    for i in at {
        out.push_str(&sql[last..i]);
        out.push_str(right);
        last = i + wrong.len();
    }
    out.push_str(&sql[last..]);
    Some(out)
}

/// Replace every word token (unquoted or double-quoted) equal to `wrong`
/// that is not the column part of `x.wrong` when `only_first_part` is set.
/// None when nothing changed.
pub fn replace_name(sql: &str, wrong: &str, right: &str, skip_qualified: bool) -> Option<String> {
    let mut t = tokens(sql)?;
    let lw = wrong.to_ascii_lowercase();
    let mut hit = false;
    for i in 0..t.len() {
        if word(&t[i]).as_deref() != Some(lw.as_str()) {
            continue;
        }
        if skip_qualified && prev(&t, i).is_some_and(|p| t[p] == Token::Period) {
            continue;
        }
        t[i] = Token::make_word(right, None);
        hit = true;
    }
    hit.then(|| render(&t))
}

/// SHA-256 (hex) of the SQL in a canonical form: the formatted AST when
/// it parses (so case, spacing and redundant layout do not count), else
/// the text with whitespace collapsed. Two attempts with the same key run
/// the same statement.
pub fn canonical_hash(sql: &str) -> String {
    use sha2::{Digest, Sha256};
    let canon = match super::scope::parse(sql) {
        Some(stmt) => stmt.to_string(),
        None => sql.split_whitespace().collect::<Vec<_>>().join(" "),
    };
    hex::encode(Sha256::digest(canon.as_bytes()))
}

/// Unified diff of `new` against `old`, line by line; long one-line SQL is
/// split at clause keywords first so the diff shows the clause that changed.
pub fn unified_diff(old: &str, new: &str, old_name: &str, new_name: &str) -> String {
    let (a, b) = (clause_lines(old), clause_lines(new));
    similar::TextDiff::from_lines(&a, &b).unified_diff().context_radius(2).header(old_name, new_name).to_string()
}

/// One line per clause (`FROM`, `WHERE`, `GROUP BY`, ...) outside strings.
fn clause_lines(sql: &str) -> String {
    let Some(t) = tokens(sql) else { return format!("{}\n", sql.trim_end()) };
    let mut out = String::new();
    for (i, tok) in t.iter().enumerate() {
        let starts = matches!(bare(tok).as_deref(), Some("from" | "where" | "group" | "having" | "order" | "limit" | "join" | "union"));
        let after_newline = out.ends_with('\n') || out.is_empty();
        if starts && !after_newline && i > 0 {
            while out.ends_with(' ') {
                out.pop();
            }
            out.push('\n');
        }
        if is_space(tok) && out.ends_with('\n') {
            continue;
        }
        out.push_str(&render(std::slice::from_ref(tok)));
    }
    format!("{}\n", out.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_hashes_ignore_layout_not_meaning() {
        assert_eq!(canonical_hash("select  a from t"), canonical_hash("SELECT a\nFROM t"));
        assert_ne!(canonical_hash("SELECT a FROM t"), canonical_hash("SELECT b FROM t"));
        assert_eq!(canonical_hash("SELCT a  FROM t"), canonical_hash("SELCT a FROM t"));
    }

    #[test]
    fn diffs_show_the_clause_that_changed() {
        let d = unified_diff("SELECT a FROM t WHERE x = 1", "SELECT a FROM t WHERE x = 2", "attempt 1", "attempt 2");
        assert!(d.contains("-WHERE x = 1\n+WHERE x = 2"), "{d}");
        assert!(d.contains(" SELECT a\n"), "{d}");
    }

    #[test]
    fn tokens_render_back_to_the_same_text() {
        for sql in ["SELECT 'it''s', \"Odd Name\" FROM t -- c\nWHERE x >= 1.5e3", "SELECT a||b, x::DATE FROM t"] {
            assert_eq!(render(&tokens(sql).unwrap()), sql);
        }
    }

    #[test]
    fn calls_split_their_arguments_at_the_top_level() {
        let t = tokens("SELECT datediff(day, f(a, b), c) FROM t").unwrap();
        let c = &calls(&t, "datediff")[0];
        let args: Vec<String> = c.args.iter().map(|&r| text(&t, r)).collect();
        assert_eq!(args, ["day", "f(a, b)", "c"]);
    }

    #[test]
    fn words_in_strings_are_left_alone() {
        assert_eq!(replace_word("SELECT ordrs, 'ordrs' FROM ordrs", "ordrs", "orders").unwrap(), "SELECT orders, 'ordrs' FROM orders");
        assert_eq!(find_word("SELECT 'x' , x", "x"), Some(13));
    }
}
