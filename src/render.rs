//! Plain-text rendering of results for the terminal (the `sql` and `ask`
//! commands without `--json`): an aligned table, numbers right-aligned and
//! rounded for reading, long cells cut with an ellipsis. The workbench's
//! text tables (chat previews, inline turns) group thousands as its grid
//! does ([`Numbers::Grouped`]); the command line prints plain digits, which
//! other tools read back.

use crate::runner::ColumnInfo;
use serde_json::Value;

/// Widest a cell may be before it is cut.
const MAX_CELL: usize = 40;

/// A cell as display text.
pub fn cell(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            (None, Some(f)) => float(f),
            _ => n.to_string(),
        },
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A float rounded for reading: two decimals, or four significant digits
/// for small magnitudes.
pub fn float(f: f64) -> String {
    if f == f.trunc() && f.abs() < 1e15 {
        return format!("{f:.1}");
    }
    if f.abs() >= 1.0 {
        format!("{f:.2}")
    } else {
        let s = format!("{f:.4}");
        if s.trim_start_matches('-').trim_start_matches("0.").trim_start_matches('0').is_empty() {
            format!("{f:.3e}")
        } else {
            s
        }
    }
}

fn cut(s: &str) -> String {
    let one_line = s.replace(['\n', '\r', '\t'], " ");
    if one_line.chars().count() <= MAX_CELL {
        one_line
    } else {
        let mut t: String = one_line.chars().take(MAX_CELL - 1).collect();
        t.push('…');
        t
    }
}

/// Decimals needed to show `f` as [`float`] would (None: scientific).
fn decimals(f: f64) -> Option<usize> {
    if f == f.trunc() && f.abs() < 1e15 {
        Some(1)
    } else if f.abs() >= 1.0 {
        Some(2)
    } else if f.abs() >= 1e-4 {
        Some(4)
    } else {
        None
    }
}

/// One number of decimals for a whole column: the most any of its
/// fractional values needs, so `3.50` and `5.00` line up (None when the
/// column holds no fractional numbers).
fn column_decimals<'a>(values: impl Iterator<Item = &'a Value>) -> Option<usize> {
    values
        .filter_map(|v| match v {
            Value::Number(n) if n.as_i64().is_none() && n.as_u64().is_none() => n.as_f64(),
            _ => None,
        })
        .filter_map(decimals)
        .max()
}

/// A cell of a column shown with `places` decimals (numbers only).
fn cell_with(v: &Value, places: Option<usize>) -> String {
    match (v, places) {
        (Value::Number(n), Some(p)) => match n.as_f64() {
            Some(f) if decimals(f).is_some() || f == 0.0 => format!("{f:.p$}"),
            _ => cell(v),
        },
        _ => cell(v),
    }
}

/// How a table writes its numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbers {
    /// `1234567.5`: what `sql` and `ask` print.
    Plain,
    /// `1,234,567.5`, except in columns of codes, ids and years
    /// ([`is_code_name`]): what the workbench shows.
    Grouped,
}

/// Whether an integer column named `name` holds identifiers, years or
/// codes, written without thousands separators ("2,025" reads wrong).
pub fn is_code_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    n == "id" || n.ends_with("_id") || n.ends_with(" id") || ["year", "code", "zip", "phone"].iter().any(|w| n.contains(w))
}

/// `digits` (an optional '-' then ASCII digits) with a comma every three.
pub fn thousands(digits: &str) -> String {
    let (sign, body) = digits.strip_prefix('-').map_or(("", digits), |b| ("-", b));
    let mut out = String::with_capacity(body.len() + body.len() / 3 + 1);
    out.push_str(sign);
    for (i, ch) in body.chars().enumerate() {
        if i > 0 && (body.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A number's text with its integer part grouped (`-1234.50` ->
/// `-1,234.50`); other text (NULL, scientific notation) as it is.
pub fn grouped(text: String) -> String {
    let (int, frac) = text.split_once('.').map_or((text.as_str(), ""), |(i, f)| (i, f));
    let digits = int.strip_prefix('-').unwrap_or(int);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return text;
    }
    let mut out = thousands(int);
    if text.contains('.') {
        out.push('.');
        out.push_str(frac);
    }
    out
}

/// Render a result table (plain digits).
pub fn table(columns: &[ColumnInfo], rows: &[Vec<Value>]) -> String {
    table_with(columns, rows, Numbers::Plain)
}

/// Render a result table, writing numbers as `numbers` says.
pub fn table_with(columns: &[ColumnInfo], rows: &[Vec<Value>], numbers: Numbers) -> String {
    let places: Vec<Option<usize>> = (0..columns.len()).map(|i| column_decimals(rows.iter().filter_map(|r| r.get(i)))).collect();
    let numeric: Vec<bool> = columns
        .iter()
        .map(|c| crate::semantic::is_numeric(&c.ty))
        .collect();
    let group: Vec<bool> = columns
        .iter()
        .zip(&numeric)
        .map(|(c, &num)| numbers == Numbers::Grouped && num && !is_code_name(&c.name))
        .collect();
    let texts: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            r.iter()
                .enumerate()
                .map(|(i, v)| {
                    let text = cell_with(v, places.get(i).copied().flatten());
                    let text = if group.get(i).copied().unwrap_or(false) && matches!(v, Value::Number(_)) { grouped(text) } else { text };
                    cut(&text)
                })
                .collect()
        })
        .collect();
    let widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            texts
                .iter()
                .map(|r| r.get(i).map_or(0, |s| s.chars().count()))
                .chain(std::iter::once(c.name.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let pad = |s: &str, w: usize, right: bool| {
        let n = w.saturating_sub(s.chars().count());
        if right { format!("{}{s}", " ".repeat(n)) } else { format!("{s}{}", " ".repeat(n)) }
    };
    let mut out = String::new();
    let header: Vec<String> = columns.iter().enumerate().map(|(i, c)| pad(&cut(&c.name), widths[i], numeric[i])).collect();
    out.push_str(header.join("  ").trim_end());
    out.push('\n');
    let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
    out.push_str(&rule.join("  "));
    out.push('\n');
    for r in &texts {
        let line: Vec<String> = r.iter().enumerate().map(|(i, s)| pad(s, widths.get(i).copied().unwrap_or(0), numeric.get(i).copied().unwrap_or(false))).collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn grouped_numbers_except_codes() {
        let cols = vec![
            ColumnInfo { name: "customer_id".into(), ty: "BIGINT".into() },
            ColumnInfo { name: "revenue".into(), ty: "DOUBLE".into() },
            ColumnInfo { name: "orders".into(), ty: "BIGINT".into() },
            ColumnInfo { name: "note".into(), ty: "VARCHAR".into() },
        ];
        let rows = vec![
            vec![json!(123456), json!(257205.97), json!(-1234567), json!("12345")],
            vec![json!(7), json!(12.5), json!(999), json!(null)],
            vec![json!(8), json!(null), json!(1000), json!("x")],
        ];
        let t = table_with(&cols, &rows, Numbers::Grouped);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[2], "     123456  257,205.97  -1,234,567  12345", "{t}");
        assert_eq!(lines[3], "          7       12.50         999  NULL", "{t}");
        assert_eq!(lines[4], "          8        NULL       1,000  x", "{t}");
        assert!(!table(&cols, &rows).contains("257,205"), "the command line prints plain digits");
        for (text, want) in [("1234", "1,234"), ("-1234.5", "-1,234.5"), ("12", "12"), ("1.234e-7", "1.234e-7"), ("NULL", "NULL"), ("-", "-")] {
            assert_eq!(grouped(text.into()), want, "{text}");
        }
    }

    #[test]
    fn aligns_and_rounds() {
        let cols = vec![
            ColumnInfo { name: "site".into(), ty: "VARCHAR".into() },
            ColumnInfo { name: "avg_temp".into(), ty: "DOUBLE".into() },
        ];
        let rows = vec![vec![json!("Oslo"), json!(12.3456)], vec![json!("Singapore"), json!(null)]];
        let t = table(&cols, &rows);
        assert_eq!(
            t,
            "site       avg_temp\n─────────  ────────\nOslo          12.35\nSingapore      NULL\n"
        );
    }

    #[test]
    fn a_column_shows_one_number_of_decimals() {
        let cols = vec![ColumnInfo { name: "x".into(), ty: "DOUBLE".into() }];
        let rows = vec![vec![json!(3.5)], vec![json!(5.0)], vec![json!(12)], vec![json!(null)]];
        assert_eq!(table(&cols, &rows), "    x\n─────\n 3.50\n 5.00\n12.00\n NULL\n");
        let small = vec![vec![json!(0.5)], vec![json!(2.25)]];
        assert_eq!(table(&cols, &small), "     x\n──────\n0.5000\n2.2500\n");
        let ints = vec![ColumnInfo { name: "n".into(), ty: "BIGINT".into() }];
        assert_eq!(table(&ints, &[vec![json!(7)], vec![json!(10)]]), " n\n──\n 7\n10\n");
    }

    #[test]
    fn small_and_whole_floats() {
        assert_eq!(float(0.000012), "1.200e-5");
        assert_eq!(float(0.5), "0.5000");
        assert_eq!(float(3.0), "3.0");
    }
}
