//! Loading a CSV whose column types DuckDB's sniffer guesses wrong past its
//! sample (Spider's formula_1 `results.csv`: `fastestlapspeed` looks like
//! DOUBLE for 20,000 rows, then line 23,766 holds `01:42.6`).
//!
//! The file is first read as the sniffer sees it. When that fails, it is read
//! again with every column as text, each column the sniffer typed is checked
//! against its type in one query, and the columns holding a value that does
//! not convert stay text; the others are cast to the sniffed type. Each
//! widened column gets a note naming the line and value that did not fit.
//!
//! Invariants: a file that loads as sniffed is loaded exactly as before; a
//! widened load never loses a value (text holds every value).

use crate::compile::sqltext::{ident, string};
use duckdb::Connection;
use std::path::Path;

/// Load CSV `path` into a new table `table`; returns notes on columns that
/// had to be widened to text. `Err` carries DuckDB's message when even the
/// all-text read fails.
pub fn load_csv(conn: &Connection, table: &str, path: &Path) -> Result<Vec<String>, String> {
    let src = string(&path.to_string_lossy());
    let tq = ident(table);
    let first = conn.execute_batch(&format!("CREATE TABLE {tq} AS SELECT * FROM read_csv({src}, header = true)"));
    let Err(sniffed_error) = first else { return Ok(Vec::new()) };
    // The types the sniffer chose (binding reads only its sample).
    let sniffed = columns_of(conn, &format!("DESCRIBE SELECT * FROM read_csv({src}, header = true)"))
        .map_err(|_| sniffed_error.to_string())?;
    let raw = format!("__raw_{table}");
    let rq = ident(&raw);
    conn.execute_batch(&format!("CREATE TEMP TABLE {rq} AS SELECT * FROM read_csv({src}, header = true, all_varchar = true)"))
        .map_err(|e| e.to_string())?;
    let typed: Vec<&(String, String)> = sniffed.iter().filter(|(_, ty)| !ty.eq_ignore_ascii_case("VARCHAR")).collect();
    let mut bad = vec![0i64; typed.len()];
    if !typed.is_empty() {
        let checks: Vec<String> = typed
            .iter()
            .map(|(c, ty)| format!("COUNT({0}) - COUNT(TRY_CAST({0} AS {ty}))", ident(c)))
            .collect();
        bad = conn
            .query_row(&format!("SELECT {} FROM {rq}", checks.join(", ")), [], |r| {
                (0..typed.len()).map(|i| r.get::<_, i64>(i)).collect::<Result<Vec<i64>, _>>()
            })
            .map_err(|e| e.to_string())?;
    }
    let mut notes = Vec::new();
    let mut select = Vec::new();
    for (c, ty) in &sniffed {
        let cq = ident(c);
        let k = typed.iter().position(|(n, _)| n == c);
        match k {
            Some(k) if bad[k] > 0 => {
                let (line, value) = first_misfit(conn, &rq, &cq, ty).unwrap_or((0, String::new()));
                notes.push(format!(
                    "column `{c}` read as text: the type detection took it for {ty}, but line {line} holds {value:?} ({} value{} not {ty})",
                    bad[k],
                    if bad[k] == 1 { " is" } else { "s are" }
                ));
                select.push(cq);
            }
            Some(_) => select.push(format!("CAST({cq} AS {ty}) AS {cq}")),
            None => select.push(cq),
        }
    }
    if notes.is_empty() {
        // Every value converts, so the failure was not about types.
        return Err(sniffed_error.to_string());
    }
    conn.execute_batch(&format!("CREATE TABLE {tq} AS SELECT {} FROM {rq}; DROP TABLE {rq};", select.join(", ")))
        .map_err(|e| e.to_string())?;
    Ok(notes)
}

/// The file line (header = line 1) and text of the first value of `cq` that
/// does not convert to `ty`.
fn first_misfit(conn: &Connection, rq: &str, cq: &str, ty: &str) -> Option<(i64, String)> {
    conn.query_row(
        &format!(
            "SELECT n + 1, v FROM (SELECT row_number() OVER () AS n, {cq} AS v FROM {rq}) \
             WHERE v IS NOT NULL AND TRY_CAST(v AS {ty}) IS NULL ORDER BY n LIMIT 1"
        ),
        [],
        |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)),
    )
    .ok()
}

fn columns_of(conn: &Connection, sql: &str) -> Result<Vec<(String, String)>, duckdb::Error> {
    let mut stmt = conn.prepare(sql)?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
    rows.collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    /// A column numeric for longer than the sniffer's sample, then a lap time.
    fn late_text(dir: &Path) -> std::path::PathBuf {
        let mut text = String::from("id,speed,driver\n");
        for i in 0..25_000 {
            let _ = writeln!(text, "{i},{}.5,d{}", 200 + i % 17, i % 7);
        }
        text.push_str("25000,01:42.6,d1\n25001,,d2\n");
        let p = dir.join("results.csv");
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn a_column_that_breaks_the_sniffed_type_is_widened_to_text_with_a_note() {
        let dir = tempfile::tempdir().unwrap();
        let p = late_text(dir.path());
        let conn = Connection::open_in_memory().unwrap();
        let notes = load_csv(&conn, "results", &p).unwrap();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("`speed`") && notes[0].contains("line 25002") && notes[0].contains("01:42.6"), "{}", notes[0]);
        let cols = columns_of(&conn, "DESCRIBE results").unwrap();
        let ty = |n: &str| cols.iter().find(|c| c.0 == n).map(|c| c.1.clone()).unwrap();
        assert_eq!(ty("speed"), "VARCHAR");
        assert_eq!(ty("id"), "BIGINT", "columns that fit keep their type");
        let n: i64 = conn.query_row("SELECT COUNT(*) FROM results", [], |r| r.get(0)).unwrap();
        assert_eq!(n, 25_002);
        let v: String = conn.query_row("SELECT speed FROM results WHERE id = 25000", [], |r| r.get(0)).unwrap();
        assert_eq!(v, "01:42.6");
    }

    #[test]
    fn a_file_that_reads_as_sniffed_has_no_notes() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("ok.csv");
        std::fs::write(&p, "a,b\n1,x\n2,y\n").unwrap();
        let conn = Connection::open_in_memory().unwrap();
        assert!(load_csv(&conn, "ok", &p).unwrap().is_empty());
    }
}
