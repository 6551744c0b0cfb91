//! Dialect slips: SQL Server, MySQL and Oracle spellings rewritten to
//! DuckDB's on tokens (they often do not parse as DuckDB): `TOP n`,
//! `LIMIT a, b`, backtick names, `DATEDIFF(hour, a, b)` and other bare date
//! parts, `GETDATE()`, `NVL`, `ISNULL`, `IIF`, `LEN`, `AVERAGE`, and `+`
//! between strings.

use super::rules::Ctx;
use super::text::{self, Call};
use super::Fix;
use sqlparser::tokenizer::{Token, Word};

fn fix(name: &str, tokens: &[Token], rationale: String) -> Option<Fix> {
    Some(Fix { sql: text::render(tokens), repairer: format!("rules:{name}"), rationale })
}

/// `SELECT TOP n ...` -> `SELECT ... LIMIT n`.
pub fn top(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let i = t.iter().position(|x| text::bare(x).as_deref() == Some("top"))?;
    let p = text::prev(&t, i)?;
    if !matches!(text::bare(&t[p]).as_deref(), Some("select" | "distinct")) {
        return None;
    }
    let n = text::next(&t, i)?;
    let Token::Number(count, _) = t[n].clone() else { return None };
    if t.iter().any(|x| text::bare(x).as_deref() == Some("limit")) {
        return None;
    }
    let end = text::next(&t, n).unwrap_or(t.len());
    t.drain(i..end);
    while matches!(t.last(), Some(Token::SemiColon) | Some(Token::Whitespace(_))) {
        t.pop();
    }
    t.extend([text::space(), Token::make_keyword("LIMIT"), text::space(), Token::Number(count.clone(), false)]);
    fix("top", &t, format!("DuckDB has no TOP; wrote LIMIT {count} at the end"))
}

/// MySQL's `LIMIT offset, count` -> `LIMIT count OFFSET offset`.
pub fn limit_comma(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let i = t.iter().rposition(|x| text::bare(x).as_deref() == Some("limit"))?;
    let a = text::next(&t, i)?;
    let c = text::next(&t, a)?;
    let b = text::next(&t, c)?;
    let (Token::Number(offset, _), Token::Comma, Token::Number(count, _)) = (t[a].clone(), &t[c], t[b].clone()) else { return None };
    t.splice(a..=b, [Token::Number(count.clone(), false), text::space(), Token::make_keyword("OFFSET"), text::space(), Token::Number(offset.clone(), false)]);
    fix("limit_offset", &t, format!("LIMIT {offset}, {count} is MySQL's order; wrote LIMIT {count} OFFSET {offset}"))
}

/// Backtick-quoted names -> double-quoted ones.
pub fn backticks(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let mut hit = false;
    for x in &mut t {
        if let Token::Word(w) = x {
            if w.quote_style == Some('`') {
                w.quote_style = Some('"');
                hit = true;
            }
        }
    }
    hit.then_some(())?;
    fix("backticks", &t, "DuckDB quotes names with double quotes, not backticks".into())
}

/// Date parts, with the SQL Server abbreviations people also type.
fn date_part(w: &str) -> Option<&'static str> {
    Some(match w {
        "year" | "yy" | "yyyy" | "years" => "year",
        "quarter" | "qq" | "q" | "quarters" => "quarter",
        "month" | "mm" | "m" | "months" => "month",
        "week" | "wk" | "ww" | "weeks" => "week",
        "day" | "dd" | "d" | "days" => "day",
        "hour" | "hh" | "hours" => "hour",
        "minute" | "mi" | "n" | "minutes" => "minute",
        "second" | "ss" | "s" | "seconds" => "second",
        "dayofweek" | "dow" | "weekday" | "dw" => "dow",
        "dayofyear" | "doy" | "dy" => "doy",
        "epoch" => "epoch",
        _ => return None,
    })
}

/// Functions whose first argument is a date part as a string.
const PART_FIRST: &[(&str, &str)] = &[
    ("datediff", "date_diff"),
    ("date_diff", "date_diff"),
    ("datesub", "date_sub"),
    ("date_sub", "date_sub"),
    ("datepart", "date_part"),
    ("date_part", "date_part"),
    ("datetrunc", "date_trunc"),
    ("date_trunc", "date_trunc"),
];

/// A bare date part as the first argument (`DATEDIFF(hour, a, b)`,
/// `date_part(year, x)`), which DuckDB reads as a column, quoted.
pub fn date_part_unit(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let mut edits: Vec<(Call, &str, &str)> = Vec::new();
    for (name, duck) in PART_FIRST {
        for c in text::calls(&t, name) {
            let Some(&(a, b)) = c.args.first() else { continue };
            if b != a + 1 {
                continue;
            }
            let Some(part) = text::bare(&t[a]).as_deref().and_then(date_part) else { continue };
            edits.push((c, part, duck));
        }
    }
    if edits.is_empty() {
        return None;
    }
    let mut said = Vec::new();
    for (c, part, duck) in &edits {
        let (a, _) = c.args[0];
        said.push(format!("{} -> '{part}'", t[a]));
        t[a] = Token::SingleQuotedString((*part).to_string());
        t[c.name] = Token::make_word(duck, None);
    }
    fix("date_part", &t, format!("DuckDB takes the date part as a string ({})", said.join(", ")))
}

/// Other dialects' functions DuckDB lacks, rewritten when DuckDB said the
/// function does not exist.
pub fn functions(cx: &Ctx<'_>) -> Option<Fix> {
    let wrong = cx.failure.identifier.as_deref()?.to_ascii_lowercase();
    let mut t = text::tokens(cx.sql)?;
    let c = text::calls(&t, &wrong).into_iter().next()?;
    let arg = |i: usize| c.args.get(i).map(|&r| text::text(&t, r));
    let n = c.args.len();
    let (replacement, why) = match (wrong.as_str(), n) {
        // A TIMESTAMP without time zone, like GETDATE()
        // (now() has one, which does not subtract from the data's timestamps).
        ("getdate" | "sysdate" | "sysdatetime", 0) => ("CAST(now() AS TIMESTAMP)".to_string(), "the current time is now() in DuckDB"),
        ("nvl" | "isnull", 2) => (format!("coalesce({}, {})", arg(0)?, arg(1)?), "the first non-NULL value is coalesce() in DuckDB"),
        ("isnull", 1) => (format!("({} IS NULL)", arg(0)?), "a NULL test is `x IS NULL` in DuckDB"),
        ("iif", 3) => (format!("CASE WHEN {} THEN {} ELSE {} END", arg(0)?, arg(1)?, arg(2)?), "IIF is CASE WHEN ... THEN ... ELSE ... END in DuckDB"),
        ("len" | "char_length" | "character_length", 1) => (format!("length({})", arg(0)?), "string length is length() in DuckDB"),
        ("average" | "mean", 1) => (format!("avg({})", arg(0)?), "the mean is avg() in DuckDB"),
        ("ucase", 1) => (format!("upper({})", arg(0)?), "upper() in DuckDB"),
        ("lcase", 1) => (format!("lower({})", arg(0)?), "lower() in DuckDB"),
        ("charindex", 2) => (format!("strpos({}, {})", arg(1)?, arg(0)?), "CHARINDEX(needle, haystack) is strpos(haystack, needle) in DuckDB"),
        _ => return None,
    };
    let new = text::tokens(&replacement)?;
    let before = text::text(&t, (c.name, c.close + 1));
    t.splice(c.name..=c.close, new);
    let sql = text::render(&t);
    Some(Fix { sql, repairer: "rules:function".into(), rationale: format!("{why}: {before} -> {replacement}") })
}

/// `+` between strings (SQL Server's concatenation) -> `||`.
pub fn string_plus(cx: &Ctx<'_>) -> Option<Fix> {
    let f = cx.failure;
    if f.identifier.as_deref() != Some("+") || !f.types.iter().any(|t| t == "VARCHAR" || t == "STRING_LITERAL") {
        return None;
    }
    let text_cols: Vec<String> = super::scope::tables(cx.sql, cx.manifest)
        .iter()
        .flat_map(|s| s.table.columns.iter().filter(|c| c.ty.eq_ignore_ascii_case("VARCHAR")).map(|c| c.name.to_ascii_lowercase()))
        .collect();
    let is_text = |x: &Token| match x {
        Token::SingleQuotedString(_) => true,
        Token::Word(Word { value, .. }) => text_cols.contains(&value.to_ascii_lowercase()),
        _ => false,
    };
    let mut t = text::tokens(cx.sql)?;
    let mut hit = 0;
    for i in 0..t.len() {
        if t[i] != Token::Plus {
            continue;
        }
        let left = text::prev(&t, i).is_some_and(|p| is_text(&t[p]));
        let right = text::next(&t, i).is_some_and(|n| is_text(&t[n]));
        if left || right {
            t[i] = Token::StringConcat;
            hit += 1;
        }
    }
    (hit > 0).then_some(())?;
    fix("concat", &t, "`+` does not join strings in DuckDB; used `||`".into())
}
