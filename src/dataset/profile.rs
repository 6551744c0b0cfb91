//! Profiling a loaded table in one DuckDB query: row count, and for each
//! column its non-null and distinct counts and, for text columns, whether
//! every value reads as a date, a timestamp or a number written with
//! separators or a currency sign (a date or number stored as text).
//!
//! Invariants: one scan per table whatever its width (every aggregate in one
//! SELECT); a failed query profiles nothing rather than guessing.

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
}

/// What one table holds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableProfile {
    pub rows: i64,
    pub columns: Vec<ColumnProfile>,
}

/// Profile table `table` with columns `(name, type)` in one query.
pub fn profile(conn: &Connection, table: &str, columns: &[(String, String)]) -> TableProfile {
    let mut select = vec!["COUNT(*)".to_string()];
    // Per column: where its aggregates start in the row, and how many formats it tries.
    let mut layout = Vec::new();
    for (c, ty) in columns {
        let cq = ident(c);
        let start = select.len();
        select.push(format!("COUNT({cq})"));
        select.push(format!("COUNT(DISTINCT {cq})"));
        let text = ty.eq_ignore_ascii_case("VARCHAR");
        if text {
            for f in DATE_FORMATS {
                select.push(format!("COUNT(try_strptime({cq}, {}))", string(f)));
            }
            select.push(format!("COUNT(*) FILTER (WHERE regexp_full_match({cq}, {}))", string(GROUPED_NUMBER)));
            select.push(format!("COUNT(*) FILTER (WHERE regexp_matches({cq}, '[,$€£]'))"));
        }
        layout.push((start, text));
    }
    let sql = format!("SELECT {} FROM {}", select.join(", "), ident(table));
    let Ok(values) = conn.query_row(&sql, [], |r| {
        (0..select.len()).map(|i| r.get::<_, i64>(i)).collect::<Result<Vec<i64>, _>>()
    }) else {
        return TableProfile::default();
    };
    let at = |i: usize| values.get(i).copied().unwrap_or(0);
    let columns = layout
        .iter()
        .map(|&(start, text)| {
            let non_null = at(start);
            let distinct = at(start + 1);
            let mut p = ColumnProfile { non_null, distinct, ..ColumnProfile::default() };
            if text && non_null > 0 {
                p.date_format = DATE_FORMATS
                    .iter()
                    .enumerate()
                    .find(|(k, _)| at(start + 2 + k) == non_null)
                    .map(|(_, f)| f.to_string());
                let n = start + 2 + DATE_FORMATS.len();
                p.grouped_number = p.date_format.is_none() && at(n) == non_null && at(n + 1) > 0;
            }
            p
        })
        .collect();
    TableProfile { rows: at(0), columns }
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
