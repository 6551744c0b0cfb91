//! Literal repairs: a value written as a name (`status = "delivered"`,
//! `status = delivered`) made a string when it is a known value of the
//! column it is compared with, and an impossible calendar date
//! (`2024-04-31`) moved to the last day of its month.

use super::rules::Ctx;
use super::scope;
use super::text;
use super::Fix;
use crate::semantic::Manifest;
use sqlparser::tokenizer::Token;

/// A missing "column" that is really a value of the column it is
/// compared with, quoted as a string.
pub fn quoted_value(cx: &Ctx<'_>) -> Option<Fix> {
    let wrong = cx.failure.identifier.as_deref()?;
    let mut t = text::tokens(cx.sql)?;
    let in_scope = scope::tables(cx.sql, cx.manifest);
    let mut hit = None;
    for i in 0..t.len() {
        let Token::Word(w) = &t[i] else { continue };
        // The reported word, and any other double-quoted word (DuckDB
        // reports one at a time; `IN ("a", "b")` has them all).
        let reported = w.value.eq_ignore_ascii_case(wrong) && w.quote_style.is_none();
        if !(reported || w.quote_style == Some('"')) {
            continue;
        }
        let is_column = in_scope.iter().any(|s| s.table.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&w.value)));
        if is_column && !reported {
            continue;
        }
        let Some(col) = compared_column(&t, i) else { continue };
        let known = known_values(cx.manifest, &col);
        // A double-quoted word compared with a text column is a string
        // in every other SQL; a bare word only when it is a known value.
        let text_col = in_scope.iter().any(|s| s.table.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&col) && c.ty.eq_ignore_ascii_case("VARCHAR")));
        let value = known.iter().find(|v| v.eq_ignore_ascii_case(&w.value)).cloned();
        let value = match (value, w.quote_style) {
            (Some(v), _) => v,
            (None, Some('"')) if text_col => w.value.clone(),
            _ => continue,
        };
        t[i] = Token::SingleQuotedString(value.replace('\'', "''"));
        hit = Some((col, value));
    }
    let (col, value) = hit?;
    Some(Fix {
        sql: text::render(&t),
        repairer: "rules:string_literal".into(),
        rationale: format!("`{wrong}` is a value of `{col}`, not a column; wrote it as the string '{value}'"),
    })
}

/// The column on the other side of `=`, `<>`, `!=`, `LIKE` or the column
/// an `IN (...)` list belongs to, for the word at `i`.
fn compared_column(t: &[Token], i: usize) -> Option<String> {
    let p = text::prev(t, i)?;
    let is_cmp = |tok: &Token| matches!(tok, Token::Eq | Token::Neq | Token::DoubleEq) || text::bare(tok).is_some_and(|w| w == "like" || w == "ilike");
    if is_cmp(&t[p]) {
        return text::prev(t, p).and_then(|c| text::word(&t[c]));
    }
    if let Some(n) = text::next(t, i) {
        if is_cmp(&t[n]) {
            return text::next(t, n).and_then(|c| text::word(&t[c]));
        }
    }
    // Inside `col IN (a, b, ...)`: walk back to the open paren.
    let mut j = i;
    while let Some(k) = text::prev(t, j) {
        match &t[k] {
            Token::Comma => j = k,
            Token::Word(_) | Token::SingleQuotedString(_) if k != i => j = k,
            Token::LParen => {
                let inw = text::prev(t, k)?;
                if text::bare(&t[inw]).as_deref() != Some("in") {
                    return None;
                }
                let mut c = text::prev(t, inw)?;
                if text::bare(&t[c]).as_deref() == Some("not") {
                    c = text::prev(t, c)?;
                }
                return text::word(&t[c]);
            }
            _ => return None,
        }
    }
    None
}

/// A string compared with a dimension's column (`=`, `<>`, `IN`) that is
/// not one of its stored values but is listed in the semantic layer as a
/// synonym of exactly one of them (`country = 'Germany'` where the data
/// writes `DE`): the stored value. Asked for only when a query ran and
/// matched no rows, so a literal that does occur in the data is never
/// touched; and never a guess by spelling, only what the manifest says.
pub fn value_synonym(m: &Manifest, sql: &str) -> Option<Fix> {
    let mut t = text::tokens(sql)?;
    let mut changed = Vec::new();
    for i in 0..t.len() {
        let Token::SingleQuotedString(lit) = &t[i] else { continue };
        let Some(col) = compared_column(&t, i) else { continue };
        let stored = known_values(m, &col).iter().any(|v| v == lit) || m.values.iter().any(|v| v.value == *lit);
        if stored {
            continue;
        }
        let mut hits: Vec<&str> = m
            .values
            .iter()
            .filter(|v| dimension_column(m, &v.dimension).is_some_and(|c| c.eq_ignore_ascii_case(&col)))
            .filter(|v| v.synonyms.iter().any(|s| s.eq_ignore_ascii_case(lit)) || v.value.eq_ignore_ascii_case(lit))
            .map(|v| v.value.as_str())
            .collect();
        hits.sort_unstable();
        hits.dedup();
        if let [value] = hits[..] {
            changed.push(format!("'{lit}' -> '{value}' in `{col}`"));
            t[i] = Token::SingleQuotedString(value.to_string());
        }
    }
    if changed.is_empty() {
        return None;
    }
    Some(Fix {
        sql: text::render(&t),
        repairer: "rules:value_synonym".into(),
        rationale: format!(
            "no rows matched; the data stores these values under another name, per the semantic layer: {}",
            changed.join(", ")
        ),
    })
}

/// Why a query that ran matched no rows, when its filters say: each
/// string compared with a column whose values the semantic layer lists
/// and that is not one of them (`'Atlantis' is not a value of country
/// (US, UK, DE, ...)`).
pub fn unknown_values(m: &Manifest, sql: &str) -> Vec<String> {
    let Some(t) = text::tokens(sql) else { return Vec::new() };
    let mut out = Vec::new();
    for i in 0..t.len() {
        let Token::SingleQuotedString(lit) = &t[i] else { continue };
        let Some(col) = compared_column(&t, i) else { continue };
        let known = known_values(m, &col);
        let pattern = lit.contains('%') || lit.contains('_');
        if known.is_empty() || pattern || known.iter().any(|v| v == lit) {
            continue;
        }
        let shown: Vec<&str> = known.iter().take(8).map(String::as_str).collect();
        let more = if known.len() > shown.len() { ", ..." } else { "" };
        out.push(format!("'{lit}' is not a value of {col} ({}{more})", shown.join(", ")));
    }
    out
}

/// The column (unqualified) of dimension `name`.
fn dimension_column<'m>(m: &'m Manifest, name: &str) -> Option<&'m str> {
    m.dimensions.iter().find(|d| d.name == name).and_then(|d| d.column.rsplit('.').next())
}

/// Known values of the dimension over column `col` (any table).
fn known_values(m: &Manifest, col: &str) -> Vec<String> {
    m.dimensions
        .iter()
        .filter(|d| d.column.rsplit('.').next().is_some_and(|c| c.eq_ignore_ascii_case(col)))
        .flat_map(|d| d.values.iter().cloned())
        .collect()
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        4 | 6 | 9 | 11 => 30,
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

/// `YYYY-MM-DD...` with a day past the month's end (but at most 31): the
/// same text with the month's last day.
fn clamp_date(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let y: i64 = s.get(0..4)?.parse().ok()?;
    let m: i64 = s.get(5..7)?.parse().ok()?;
    let d: i64 = s.get(8..10)?.parse().ok()?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let last = days_in_month(y, m);
    (d > last).then(|| format!("{}{last:02}{}", &s[..8], &s[10..]))
}

/// An impossible calendar date moved to the last day of its month (a
/// month past 12 or a day past 31 is not a slip this can read).
pub fn impossible_date(cx: &Ctx<'_>) -> Option<Fix> {
    let mut t = text::tokens(cx.sql)?;
    let mut changed = Vec::new();
    for tok in &mut t {
        if let Token::SingleQuotedString(s) = tok {
            if let Some(fixed) = clamp_date(s) {
                changed.push(format!("{s} -> {fixed}"));
                *s = fixed;
            }
        }
    }
    if changed.is_empty() {
        return None;
    }
    Some(Fix {
        sql: text::render(&t),
        repairer: "rules:impossible_date".into(),
        rationale: format!("no such calendar day; used the last day of the month ({})", changed.join(", ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ecommerce() -> Manifest {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/ecommerce/dataset.toml");
        let text = std::fs::read_to_string(path).unwrap_or_default();
        toml::from_str(&text).unwrap_or_else(|e| panic!("ecommerce manifest: {e}"))
    }

    #[test]
    fn synonyms_of_stored_values_become_the_stored_value() {
        let m = ecommerce();
        let cases: &[(&str, Option<&str>)] = &[
            ("SELECT * FROM orders WHERE country = 'Germany'", Some("SELECT * FROM orders WHERE country = 'DE'")),
            ("SELECT * FROM orders WHERE country IN ('germany', 'France')", Some("SELECT * FROM orders WHERE country IN ('DE', 'FR')")),
            ("SELECT * FROM orders WHERE country <> 'Britain'", Some("SELECT * FROM orders WHERE country <> 'UK'")),
            // A stored value, an unknown word, a LIKE pattern, a column without listed values: untouched.
            ("SELECT * FROM orders WHERE country = 'DE'", None),
            ("SELECT * FROM orders WHERE country = 'Atlantis'", None),
            ("SELECT * FROM orders WHERE country LIKE 'Germany%'", None),
            ("SELECT * FROM orders WHERE order_id = 'Germany'", None),
        ];
        for (sql, want) in cases {
            let got = value_synonym(&m, sql).map(|f| f.sql);
            assert_eq!(got.as_deref(), *want, "{sql}");
        }
    }

    #[test]
    fn dates_clamp_to_the_month_end() {
        assert_eq!(clamp_date("2024-04-31").as_deref(), Some("2024-04-30"));
        assert_eq!(clamp_date("2023-02-29 10:00:00").as_deref(), Some("2023-02-28 10:00:00"));
        assert_eq!(clamp_date("2024-02-29"), None);
        assert_eq!(clamp_date("2024-13-01"), None);
        assert_eq!(clamp_date("2024-04-32"), None);
    }
}
