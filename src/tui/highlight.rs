//! SQL as styled lines, from sqlparser's tokenizer (DuckDB dialect):
//! keywords, the active dataset's tables and columns, strings, numbers and
//! comments each in their theme role. SQL the tokenizer rejects (an
//! unclosed quote while typing) is shown plain, never dropped.

use super::theme::Theme;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use sqlparser::dialect::DuckDbDialect;
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, Tokenizer, Whitespace};

/// Names of the active dataset to pick out in SQL.
#[derive(Debug, Clone, Default)]
pub struct Names {
    pub tables: Vec<String>,
    pub columns: Vec<String>,
}

impl Names {
    fn role(&self, word: &str, theme: &Theme) -> Option<Style> {
        if self.tables.iter().any(|t| t.eq_ignore_ascii_case(word)) {
            Some(theme.accent)
        } else if self.columns.iter().any(|c| c.eq_ignore_ascii_case(word)) {
            Some(theme.strong)
        } else {
            None
        }
    }
}

/// Byte offset of a 1-based (line, column-in-chars) location.
fn offset(line_starts: &[usize], sql: &str, line: u64, column: u64) -> usize {
    let Some(start) = usize::try_from(line).ok().and_then(|l| l.checked_sub(1)).and_then(|l| line_starts.get(l)) else { return sql.len() };
    let col = usize::try_from(column.saturating_sub(1)).unwrap_or(usize::MAX);
    sql[*start..].char_indices().nth(col).map_or(sql.len(), |(i, _)| start + i)
}

/// `sql` as lines of styled spans; the text is the source itself, sliced
/// at token boundaries, so nothing is re-spelled.
pub fn highlight_sql(sql: &str, names: &Names, theme: &Theme) -> Vec<Line<'static>> {
    let dialect = DuckDbDialect {};
    let Ok(tokens) = Tokenizer::new(&dialect, sql).tokenize_with_location() else {
        return sql.lines().map(|l| Line::styled(l.to_string(), theme.normal)).collect();
    };
    let mut line_starts = vec![0];
    line_starts.extend(sql.match_indices('\n').map(|(i, _)| i + 1));
    let starts: Vec<usize> = tokens.iter().map(|t| offset(&line_starts, sql, t.span.start.line, t.span.start.column)).collect();
    let mut lines = vec![Line::default()];
    for (i, tok) in tokens.iter().enumerate() {
        let style = match &tok.token {
            Token::Word(w) if w.quote_style.is_none() && w.keyword != Keyword::NoKeyword => {
                names.role(&w.value, theme).unwrap_or(theme.keyword)
            }
            Token::Word(w) => names.role(&w.value, theme).unwrap_or(theme.normal),
            Token::SingleQuotedString(_) | Token::NationalStringLiteral(_) | Token::EscapedStringLiteral(_) => theme.ok,
            Token::Number(..) => theme.warn,
            Token::Whitespace(Whitespace::SingleLineComment { .. } | Whitespace::MultiLineComment(_)) => theme.muted,
            _ => theme.normal,
        };
        let (from, to) = (starts[i], starts.get(i + 1).copied().unwrap_or(sql.len()));
        let text = sql.get(from..to.max(from)).unwrap_or("");
        let mut parts = text.split('\n');
        if let Some(first) = parts.next() {
            push(&mut lines, first, style);
        }
        for part in parts {
            lines.push(Line::default());
            push(&mut lines, part, style);
        }
    }
    lines
}

/// `sql` on one line (for the one-line input): newlines become spaces and
/// `--` comments, which would swallow the rest of the line, are dropped.
pub fn one_line(sql: &str) -> String {
    let dialect = DuckDbDialect {};
    let Ok(tokens) = Tokenizer::new(&dialect, sql).tokenize_with_location() else {
        return sql.split_whitespace().collect::<Vec<_>>().join(" ");
    };
    let mut line_starts = vec![0];
    line_starts.extend(sql.match_indices('\n').map(|(i, _)| i + 1));
    let starts: Vec<usize> = tokens.iter().map(|t| offset(&line_starts, sql, t.span.start.line, t.span.start.column)).collect();
    let mut out = String::new();
    for (i, tok) in tokens.iter().enumerate() {
        match &tok.token {
            Token::Whitespace(Whitespace::Newline | Whitespace::SingleLineComment { .. }) => out.push(' '),
            _ => {
                let (from, to) = (starts[i], starts.get(i + 1).copied().unwrap_or(sql.len()));
                out.push_str(&sql.get(from..to.max(from)).unwrap_or("").replace('\n', " "));
            }
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn push(lines: &mut Vec<Line<'static>>, text: &str, style: Style) {
    if text.is_empty() {
        return;
    }
    if let Some(l) = lines.last_mut() {
        l.spans.push(Span::styled(text.to_string(), style));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn styled(sql: &str) -> Vec<(String, Style)> {
        let names = Names { tables: vec!["orders".into()], columns: vec!["channel".into()] };
        let t = Theme::dark();
        highlight_sql(sql, &names, &t).into_iter().flat_map(|l| l.spans.into_iter().map(|s| (s.content.into_owned(), s.style))).collect()
    }

    #[test]
    fn keywords_names_strings_and_numbers_take_their_roles() {
        let t = Theme::dark();
        let spans = styled("SELECT channel, 'x', 42 FROM orders -- note");
        let style_of = |w: &str| spans.iter().find(|(s, _)| s == w).map(|(_, st)| *st);
        assert_eq!(style_of("SELECT"), Some(t.keyword));
        assert_eq!(style_of("channel"), Some(t.strong));
        assert_eq!(style_of("orders"), Some(t.accent));
        assert_eq!(style_of("'x'"), Some(t.ok));
        assert_eq!(style_of("42"), Some(t.warn));
        assert!(spans.iter().any(|(s, st)| s.contains("note") && *st == t.muted));
    }

    #[test]
    fn lines_are_kept_and_text_round_trips() {
        let sql = "SELECT 1\nFROM orders\nWHERE x = 'it''s'";
        let lines = highlight_sql(sql, &Names::default(), &Theme::dark());
        assert_eq!(lines.len(), 3);
        let back: Vec<String> = lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect();
        assert_eq!(back.join("\n"), sql);
    }

    #[test]
    fn one_line_sql_keeps_strings_and_drops_line_comments() {
        assert_eq!(one_line("SELECT a, -- the key\n  'x\ny' AS b\nFROM t"), "SELECT a, 'x y' AS b FROM t");
        assert_eq!(one_line("SELECT 1"), "SELECT 1");
    }

    #[test]
    fn unclosed_quotes_show_plain() {
        let lines = highlight_sql("SELECT 'oops", &Names::default(), &Theme::dark());
        assert_eq!(lines.len(), 1);
    }
}
