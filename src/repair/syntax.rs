//! Syntax repairs on tokens (the SQL does not parse): clause keyword typos
//! (`SELCT`, `FORM`), `GROUP`/`ORDER` without `BY`, a trailing comma
//! before `FROM`, unbalanced parentheses and an unterminated quote.

use super::rules::Ctx;
use super::text;
use super::Fix;
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::Token;

fn fix(name: &str, sql: String, rationale: String) -> Option<Fix> {
    Some(Fix { sql, repairer: format!("rules:{name}"), rationale })
}

/// Keywords long enough that a one- or two-letter slip is recognisable.
const KEYWORDS: &[&str] = &["SELECT", "FROM", "WHERE", "GROUP", "ORDER", "HAVING", "LIMIT", "JOIN", "INNER", "LEFT", "RIGHT", "OUTER", "DISTINCT", "UNION", "BETWEEN", "OFFSET"];

/// The keyword `w` is a typo of, when exactly one is near and `w` is not a
/// name the query may mean (a table, column or alias of the dataset).
fn keyword_for(w: &str) -> Option<&'static str> {
    let up = w.to_ascii_uppercase();
    if up.len() < 4 || KEYWORDS.contains(&up.as_str()) {
        return None;
    }
    let near: Vec<&str> = KEYWORDS
        .iter()
        .copied()
        .filter(|k| {
            let d = strsim::damerau_levenshtein(&up, k);
            d == 1 || (d == 2 && k.len() >= 6)
        })
        .collect();
    (near.len() == 1).then(|| near[0])
}

/// Clause keywords misspelt.
pub fn keyword_typos(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let names: Vec<String> = cx
        .manifest
        .tables
        .iter()
        .flat_map(|tb| std::iter::once(tb.name.to_ascii_lowercase()).chain(tb.columns.iter().map(|c| c.name.to_ascii_lowercase())))
        .collect();
    let mut said = Vec::new();
    for i in 0..t.len() {
        let Token::Word(w) = &t[i] else { continue };
        // A real keyword (`GROUPS`, `DELETE`) is not a typo of another.
        if w.quote_style.is_some() || w.keyword != Keyword::NoKeyword {
            continue;
        }
        let lw = w.value.to_ascii_lowercase();
        if names.contains(&lw) {
            continue;
        }
        // `x AS selct` names a column; `f(` is a function.
        let after_as = text::prev(&t, i).and_then(|p| text::bare(&t[p])).is_some_and(|p| p == "as");
        let call = text::next(&t, i).is_some_and(|n| t[n] == Token::LParen);
        if after_as || call {
            continue;
        }
        if let Some(k) = keyword_for(&w.value) {
            said.push(format!("{} -> {k}", w.value));
            t[i] = Token::make_keyword(k);
        }
    }
    if said.is_empty() {
        return None;
    }
    fix("keyword", text::render(&t), format!("misspelt keyword ({})", said.join(", ")))
}

/// `GROUP status` / `ORDER total` -> `GROUP BY status` / `ORDER BY total`.
pub fn missing_by(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let mut at = Vec::new();
    for i in 0..t.len() {
        if matches!(text::bare(&t[i]).as_deref(), Some("group" | "order")) {
            let n = text::next(&t, i)?;
            if text::bare(&t[n]).as_deref() != Some("by") {
                at.push(i);
            }
        }
    }
    if at.is_empty() {
        return None;
    }
    for i in at.iter().rev() {
        t.splice(i + 1..i + 1, [text::space(), Token::make_keyword("BY")]);
    }
    fix("missing_by", text::render(&t), "GROUP and ORDER need BY; added it".into())
}

/// A comma right before FROM (or a closing parenthesis).
pub fn trailing_comma(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let mut at = Vec::new();
    for i in 0..t.len() {
        if t[i] != Token::Comma {
            continue;
        }
        let n = text::next(&t, i);
        let before_from = n.is_some_and(|n| t[n] == Token::RParen || matches!(text::bare(&t[n]).as_deref(), Some("from" | "where" | "group" | "order")));
        if before_from || n.is_none() {
            at.push(i);
        }
    }
    if at.is_empty() {
        return None;
    }
    for i in at.iter().rev() {
        t.remove(*i);
    }
    fix("trailing_comma", text::render(&t), "removed a comma with nothing after it".into())
}

/// Tokens that end an unclosed parenthesis's contents.
fn ends_group(t: &Token) -> bool {
    matches!(text::bare(t).as_deref(), Some("from" | "where" | "group" | "order" | "having" | "limit" | "as" | "union"))
}

/// Unbalanced parentheses: a missing `)` goes before the clause keyword,
/// alias or comma that follows the unclosed group; an extra `)` that
/// closes nothing is dropped.
pub fn parens(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let mut stack: Vec<usize> = Vec::new();
    let mut extra = None;
    for (i, x) in t.iter().enumerate() {
        match x {
            Token::LParen => stack.push(i),
            Token::RParen if stack.pop().is_none() => {
                extra = Some(i);
                break;
            }
            _ => {}
        }
    }
    if let Some(i) = extra {
        t.remove(i);
        return fix("parens", text::render(&t), "removed a `)` that closed nothing".into());
    }
    // Only one unclosed group: with more, where each closes is a guess.
    let [open] = stack.as_slice() else { return None };
    let mut depth = 0usize;
    let mut at = None;
    for (j, x) in t.iter().enumerate().skip(open + 1) {
        match x {
            Token::LParen => depth += 1,
            Token::RParen => depth = depth.saturating_sub(1),
            Token::Comma if depth == 0 => {
                // A comma inside a call's argument list is not an end.
                let in_call = *open > 0 && text::prev(&t, *open).is_some_and(|p| matches!(t[p], Token::Word(_)));
                if !in_call {
                    at = Some(j);
                    break;
                }
            }
            x if depth == 0 && ends_group(x) => {
                at = Some(j);
                break;
            }
            _ => {}
        }
    }
    let at = at.unwrap_or(t.len());
    // Before the whitespace that precedes the end.
    let mut k = at;
    while k > open + 1 && text::is_space(&t[k - 1]) {
        k -= 1;
    }
    t.insert(k, Token::RParen);
    fix("parens", text::render(&t), "closed a parenthesis that was left open".into())
}

/// An unterminated `'string'`: closed at the end of its word, or opened
/// at the start of the word before a lone closing quote.
pub fn quotes(cx: &Ctx<'_>) -> Option<Fix> {
    if text::tokens(cx.sql).is_some() {
        return None;
    }
    let sql = cx.sql;
    let mut open: Option<usize> = None;
    for (i, c) in sql.char_indices() {
        if c == '\'' {
            open = if open.is_some() { None } else { Some(i) };
        }
    }
    let p = open?;
    let after = sql[p + 1..].chars().next();
    let before = sql[..p].chars().next_back();
    let word_char = |c: char| c.is_alphanumeric() || c == '_' || c == '-' || c == ':' || c == '.';
    let fixed = if after.is_some_and(word_char) {
        let end = p + 1 + sql[p + 1..].find(|c: char| !word_char(c)).unwrap_or(sql.len() - p - 1);
        format!("{}'{}", &sql[..end], &sql[end..])
    } else if before.is_some_and(word_char) {
        let start = sql[..p].rfind(|c: char| !word_char(c)).map_or(0, |s| s + 1);
        format!("{}'{}", &sql[..start], &sql[start..])
    } else {
        return None;
    };
    text::tokens(&fixed)?;
    fix("quotes", fixed, "closed a string literal that was left open".into())
}
