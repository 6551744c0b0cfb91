//! Plain-text rendering of results for the terminal (the `sql` and `ask`
//! commands without `--json`): an aligned table, numbers right-aligned and
//! rounded for reading, long cells cut with an ellipsis.

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

/// Render a result table.
pub fn table(columns: &[ColumnInfo], rows: &[Vec<Value>]) -> String {
    let places: Vec<Option<usize>> = (0..columns.len()).map(|i| column_decimals(rows.iter().filter_map(|r| r.get(i)))).collect();
    let texts: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().enumerate().map(|(i, v)| cut(&cell_with(v, places.get(i).copied().flatten()))).collect())
        .collect();
    let numeric: Vec<bool> = columns
        .iter()
        .map(|c| crate::semantic::is_numeric(&c.ty))
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
