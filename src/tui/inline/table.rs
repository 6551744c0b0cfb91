//! A result table at the terminal's width, for the scrollback: the same
//! aligned text as `sandpiper ask` prints ([`crate::render::table`]), its
//! numbers grouped in thousands as the workbench's grid shows them, with
//! as many whole columns, from the left, as fit; the columns left out are
//! named so nothing disappears silently.
//!
//! Invariants: no line is wider than `width` display columns; the first
//! column is always shown (cut with `…` when even it does not fit); a
//! column is either whole or left out and named in `hidden`.

use crate::render::Numbers;
use crate::runner::ColumnInfo;
use serde_json::Value;

/// Space between columns in [`crate::render::table`].
const GAP: usize = 2;

/// A table fitted to a width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitted {
    /// Header, rule and one line per row.
    pub lines: Vec<String>,
    /// Names of the columns that did not fit, left to right.
    pub hidden: Vec<String>,
}

/// `rows` under `columns`, at most `width` columns wide.
pub fn fit(columns: &[ColumnInfo], rows: &[Vec<Value>], width: usize) -> Fitted {
    let full = crate::render::table_with(columns, rows, Numbers::Grouped);
    // The rule line (second) holds each column's width as a run of `─`.
    let widths: Vec<usize> = full.lines().nth(1).map(|rule| rule.split("  ").map(|r| r.chars().count()).collect()).unwrap_or_default();
    let mut shown = 0;
    let mut used = 0;
    for w in &widths {
        let next = used + w + if shown == 0 { 0 } else { GAP };
        if shown > 0 && next > width {
            break;
        }
        used = next;
        shown += 1;
    }
    let shown = shown.clamp(1.min(columns.len()), columns.len());
    let text = if shown == columns.len() {
        full
    } else {
        let cut: Vec<Vec<Value>> = rows.iter().map(|r| r.iter().take(shown).cloned().collect()).collect();
        crate::render::table_with(&columns[..shown], &cut, Numbers::Grouped)
    };
    Fitted {
        lines: text.lines().map(|l| clip(l, width)).collect(),
        hidden: columns[shown..].iter().map(|c| c.name.clone()).collect(),
    }
}

/// `line` cut to `width` characters, ending in `…` when cut.
pub fn clip(line: &str, width: usize) -> String {
    if line.chars().count() <= width {
        return line.to_string();
    }
    let mut s: String = line.chars().take(width.saturating_sub(1)).collect();
    s.push('…');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cols(names: &[&str]) -> Vec<ColumnInfo> {
        names.iter().map(|n| ColumnInfo { name: (*n).into(), ty: "VARCHAR".into() }).collect()
    }

    #[test]
    fn whole_columns_from_the_left_and_the_rest_named() {
        let c = cols(&["alpha", "beta", "gamma"]);
        let rows = vec![vec![json!("aaaaaaaaaa"), json!("bbbbbbbbbb"), json!("cccccccccc")]];
        // Widths 10 + 2 + 10 + 2 + 10 = 34.
        let cases: &[(usize, usize, &[&str])] = &[(34, 3, &[]), (33, 2, &["gamma"]), (22, 2, &["gamma"]), (21, 1, &["beta", "gamma"]), (5, 1, &["beta", "gamma"])];
        for (width, shown, hidden) in cases {
            let f = fit(&c, &rows, *width);
            assert_eq!(f.hidden, *hidden, "width {width}");
            assert!(f.lines.iter().all(|l| l.chars().count() <= *width), "width {width}: {:?}", f.lines);
            let header_names = f.lines[0].split_whitespace().count();
            assert_eq!(header_names, *shown, "width {width}: {:?}", f.lines);
        }
        // Too narrow even for the first column: it is cut, visibly.
        assert_eq!(fit(&c, &rows, 5).lines[2], "aaaa…");
    }

    #[test]
    fn no_columns_is_no_table_and_no_panic() {
        let f = fit(&[], &[], 80);
        assert!(f.hidden.is_empty());
        assert!(f.lines.iter().all(|l| l.trim().is_empty()));
    }
}
