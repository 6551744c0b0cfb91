//! Profiling a loaded table: row count, and for each column its non-null
//! and distinct counts and, for text columns, whether every value reads as a
//! date, a timestamp or a number written with separators or a currency sign
//! (a date or number stored as text), and for floating-point columns whether
//! every value is whole (ids written `1.0`).
//!
//! Invariants: one full scan per table whatever its width (every aggregate in
//! one SELECT); formats are tried on a sample and only the format the sample
//! suggests is confirmed on every row; a failed query profiles nothing (or
//! no format) rather than guessing.

use crate::compile::sqltext::{ident, string};
use duckdb::Connection;

/// Date and timestamp formats tried on text columns, most common first; the
/// first that reads every value wins (so `%m/%d/%Y` is preferred over
/// `%d/%m/%Y` when both read all values).
pub const DATE_FORMATS: &[&str] = &[
    "%Y-%m-%d",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%d %H:%M:%S",
    "%Y/%m/%d",
    "%m/%d/%Y",
    "%m/%d/%Y %H:%M",
    "%m/%d/%Y %H:%M:%S",
    "%d/%m/%Y",
    "%d-%b-%Y",
    "%d %B %Y",
    "%B %d, %Y",
    "%b %d, %Y",
    "%d.%m.%Y",
];

/// A number written with thousands separators or a currency sign.
const GROUPED_NUMBER: &str = r"[-+]?[$€£]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?";

/// The SQL that reads a grouped number (`$1,234.50`) stored as text.
pub fn number_from_text(col_sql: &str) -> String {
    format!("CAST(regexp_replace({col_sql}, '[$€£,]', '', 'g') AS DOUBLE)")
}

/// What one column holds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ColumnProfile {
    pub non_null: i64,
    pub distinct: i64,
    /// For a text column whose every value reads with one date format: that format.
    pub date_format: Option<String>,
    /// For a text column whose every value is a number with separators or a
    /// currency sign (and at least one has them).
    pub grouped_number: bool,
    /// For a floating-point column with values: every value is a whole
    /// number (`1.0`, `2.0`: ids written with a decimal point).
    pub whole_numbers: bool,
}

/// True for the floating-point types a CSV loads decimals as.
pub fn is_float(ty: &str) -> bool {
    ["DOUBLE", "FLOAT", "REAL"].iter().any(|t| ty.eq_ignore_ascii_case(t))
}

/// What one table holds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableProfile {
    pub rows: i64,
    pub columns: Vec<ColumnProfile>,
}

/// Rows of the sample the text-format checks run on before the chosen
/// format is confirmed on the whole column.
const SAMPLE_ROWS: usize = 2048;

/// Profile table `table` with columns `(name, type)`: one query for the
/// counts, one over a sample for the formats of text columns, and one to
/// confirm on every row the formats the sample suggests (none when no text
/// column looks like dates or numbers).
pub fn profile(conn: &Connection, table: &str, columns: &[(String, String)]) -> TableProfile {
    let tq = ident(table);
    let mut select = vec!["COUNT(*)".to_string()];
    for (c, ty) in columns {
        let cq = ident(c);
        select.push(format!("COUNT({cq})"));
        select.push(format!("COUNT(DISTINCT {cq})"));
        // Values with a fraction, for floating-point columns only.
        select.push(if is_float(ty) { format!("COUNT(*) FILTER (WHERE {cq} <> ROUND({cq}))") } else { "CAST(0 AS BIGINT)".to_string() });
    }
    let Some(values) = ints(conn, &format!("SELECT {} FROM {tq}", select.join(", ")), select.len()) else {
        return TableProfile::default();
    };
    let mut p = TableProfile {
        rows: values[0],
        columns: (0..columns.len())
            .map(|i| ColumnProfile {
                non_null: values[1 + 3 * i],
                distinct: values[2 + 3 * i],
                whole_numbers: is_float(&columns[i].1) && values[1 + 3 * i] > 0 && values[3 + 3 * i] == 0,
                ..ColumnProfile::default()
            })
            .collect(),
    };
    let text: Vec<usize> = (0..columns.len())
        .filter(|&i| columns[i].1.eq_ignore_ascii_case("VARCHAR") && p.columns[i].non_null > 0)
        .collect();
    if text.is_empty() {
        return p;
    }
    // A first look at a few values, so that only columns that could hold
    // dates or numbers are tried with every format.
    let text = plausible(conn, &tq, columns, &text);
    if text.is_empty() {
        return p;
    }
    // Which formats read every value of the sample.
    let per = DATE_FORMATS.len() + 3;
    let mut sample = Vec::new();
    for &i in &text {
        let cq = ident(&columns[i].0);
        sample.push(format!("COUNT({cq})"));
        for f in DATE_FORMATS {
            sample.push(format!("COUNT(try_strptime({cq}, {}))", string(f)));
        }
        sample.push(format!("COUNT(*) FILTER (WHERE regexp_full_match({cq}, {}))", string(GROUPED_NUMBER)));
        sample.push(format!("COUNT(*) FILTER (WHERE regexp_matches({cq}, '[,$€£]'))"));
    }
    let sql = format!("SELECT {} FROM (SELECT * FROM {tq} LIMIT {SAMPLE_ROWS})", sample.join(", "));
    let Some(sv) = ints(conn, &sql, sample.len()) else { return p };
    let mut guesses: Vec<(usize, Option<&str>)> = Vec::new();
    for (k, &i) in text.iter().enumerate() {
        let base = k * per;
        let n = sv[base];
        if n == 0 {
            continue;
        }
        if let Some(f) = (0..DATE_FORMATS.len()).find(|&j| sv[base + 1 + j] == n) {
            guesses.push((i, Some(DATE_FORMATS[f])));
        } else if sv[base + 1 + DATE_FORMATS.len()] == n && sv[base + 2 + DATE_FORMATS.len()] > 0 {
            guesses.push((i, None));
        }
    }
    if guesses.is_empty() {
        return p;
    }
    // Confirm each guess on every row.
    let checks: Vec<String> = guesses
        .iter()
        .map(|&(i, f)| {
            let cq = ident(&columns[i].0);
            match f {
                Some(f) => format!("COUNT(try_strptime({cq}, {}))", string(f)),
                None => format!("COUNT(*) FILTER (WHERE regexp_full_match({cq}, {}))", string(GROUPED_NUMBER)),
            }
        })
        .collect();
    let Some(cv) = ints(conn, &format!("SELECT {} FROM {tq}", checks.join(", ")), checks.len()) else { return p };
    for (&(i, f), &ok) in guesses.iter().zip(&cv) {
        if ok != p.columns[i].non_null {
            continue;
        }
        match f {
            Some(f) => p.columns[i].date_format = Some(f.to_string()),
            None => p.columns[i].grouped_number = true,
        }
    }
    p
}

/// Rows looked at to choose which text columns to try formats on.
const GLANCE_ROWS: usize = 200;

/// The text columns among `text` whose first non-empty values could all be
/// dates or grouped numbers: at least one digit per value, only digits,
/// letters, spaces and `-/.,:+$€£`, and some value with four digits or a
/// separator typical of numbers (`,$€£`).
fn plausible(conn: &Connection, tq: &str, columns: &[(String, String)], text: &[usize]) -> Vec<usize> {
    let cols: Vec<String> = text.iter().map(|&i| ident(&columns[i].0)).collect();
    let sql = format!("SELECT {} FROM {tq} LIMIT {GLANCE_ROWS}", cols.join(", "));
    let Ok(mut stmt) = conn.prepare(&sql) else { return Vec::new() };
    let Ok(rows) = stmt.query_map([], |r| (0..cols.len()).map(|i| r.get::<_, Option<String>>(i)).collect::<Result<Vec<_>, _>>()) else {
        return Vec::new();
    };
    let rows: Vec<Vec<Option<String>>> = rows.filter_map(Result::ok).collect();
    let fits = |v: &str| v.len() <= 40 && v.chars().any(|c| c.is_ascii_digit()) && v.chars().all(|c| c.is_ascii_alphanumeric() || " -/.,:+$€£".contains(c));
    let telling = |v: &str| v.chars().filter(char::is_ascii_digit).count() >= 4 || v.contains([',', '$', '€', '£']);
    text.iter()
        .enumerate()
        .filter(|&(k, _)| {
            let values: Vec<&str> = rows.iter().filter_map(|r| r.get(k).and_then(Option::as_deref)).collect();
            !values.is_empty() && values.iter().all(|v| fits(v)) && values.iter().any(|v| telling(v))
        })
        .map(|(_, &i)| i)
        .collect()
}

/// One row of `n` integers, or `None` when the query fails.
fn ints(conn: &Connection, sql: &str, n: usize) -> Option<Vec<i64>> {
    conn.query_row(sql, [], |r| (0..n).map(|i| r.get::<_, i64>(i)).collect::<Result<Vec<i64>, _>>()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_query_profiles_counts_dates_and_numbers_in_text() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE t (id INTEGER, d VARCHAR, n VARCHAR, s VARCHAR, mixed VARCHAR);
             INSERT INTO t VALUES (1, '04/12/2005 09:30', '$1,200.50', 'a', '2001-01-01'),
                                  (2, '12/31/2005 23:00', '17', 'a', 'soon'),
                                  (3, NULL, '-3', NULL, NULL);",
        )
        .unwrap();
        let cols: Vec<(String, String)> = [("id", "INTEGER"), ("d", "VARCHAR"), ("n", "VARCHAR"), ("s", "VARCHAR"), ("mixed", "VARCHAR")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let p = profile(&conn, "t", &cols);
        assert_eq!(p.rows, 3);
        assert_eq!((p.columns[0].non_null, p.columns[0].distinct), (3, 3));
        assert_eq!(p.columns[1].date_format.as_deref(), Some("%m/%d/%Y %H:%M"));
        assert!(p.columns[2].grouped_number);
        assert_eq!((p.columns[3].non_null, p.columns[3].distinct), (2, 1));
        assert!(p.columns[3].date_format.is_none() && !p.columns[3].grouped_number);
        assert!(p.columns[4].date_format.is_none(), "one value is not a date");
    }
}
