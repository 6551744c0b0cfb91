//! Rows out of the grid: copied rows as CSV, TSV, JSON or Markdown text,
//! and `/export csv|json|parquet PATH` files of the whole result in the
//! grid's order. Values are those of the JSON contract (numbers without
//! separators, dates as text); CSV is written by hand with RFC 4180
//! quoting (arrow's csv and json writers are not compiled in); Parquet is
//! written by DuckDB (in memory, in this process, on our own fixed COPY
//! statement, never user SQL) from a CSV it reads back with the column types.
//!
//! Invariants: a file appears whole or not at all (written beside, then
//! renamed); NULL is an empty unquoted CSV field and an empty string a
//! quoted one, so the two survive a round trip.

use super::data::Data;
use crate::runner::convert::{append_rows, duckdb_type};
use arrow::compute::interleave_record_batch;
use arrow::record_batch::RecordBatch;
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Rows converted per step (bounded memory for a million rows).
const CHUNK: usize = 4096;

/// Text formats for copying rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyFormat {
    Csv,
    Tsv,
    Json,
    Markdown,
}

impl CopyFormat {
    pub fn word(self) -> &'static str {
        match self {
            CopyFormat::Csv => "CSV",
            CopyFormat::Tsv => "TSV",
            CopyFormat::Json => "JSON",
            CopyFormat::Markdown => "Markdown",
        }
    }
}

/// File formats of `/export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFormat {
    Csv,
    Json,
    Parquet,
}

impl FileFormat {
    pub fn parse(word: &str) -> Option<FileFormat> {
        match word.to_ascii_lowercase().as_str() {
            "csv" => Some(FileFormat::Csv),
            "json" => Some(FileFormat::Json),
            "parquet" => Some(FileFormat::Parquet),
            _ => None,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            FileFormat::Csv => "csv",
            FileFormat::Json => "json",
            FileFormat::Parquet => "parquet",
        }
    }
}

/// Why an export failed, in words for the chat.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("cannot read the result's rows: {0}")]
    Arrow(#[from] arrow::error::ArrowError),
    #[error("DuckDB could not write the Parquet file {path}: {message}")]
    Parquet { path: PathBuf, message: String },
    #[error("usage: /export csv|json|parquet PATH")]
    Usage,
}

/// Parse the arguments of `/export` (`csv out.csv`).
pub fn parse_args(args: &str) -> Result<(FileFormat, PathBuf), ExportError> {
    let mut parts = args.trim().splitn(2, char::is_whitespace);
    let fmt = parts.next().and_then(FileFormat::parse).ok_or(ExportError::Usage)?;
    let path = parts.next().map(str::trim).filter(|p| !p.is_empty()).ok_or(ExportError::Usage)?;
    let path = match path.strip_prefix("~/") {
        Some(rest) => std::env::var_os("HOME").map_or_else(|| PathBuf::from(path), |h| PathBuf::from(h).join(rest)),
        None => PathBuf::from(path),
    };
    Ok((fmt, path))
}

/// Call `f` with the JSON values of `rows` (row numbers), a chunk at a time.
fn for_chunks(data: &Data, rows: &[usize], mut f: impl FnMut(&[Vec<Value>]) -> Result<(), ExportError>) -> Result<(), ExportError> {
    let batches: Vec<&RecordBatch> = data.set.batches.iter().collect();
    let mut values = Vec::with_capacity(CHUNK.min(rows.len()));
    for chunk in rows.chunks(CHUNK) {
        let at: Vec<(usize, usize)> = chunk.iter().map(|&r| data.locate(r)).collect();
        let batch = interleave_record_batch(&batches, &at)?;
        values.clear();
        append_rows(&batch, batch.num_rows(), &mut values);
        f(&values)?;
    }
    Ok(())
}

/// A JSON value as the text of a CSV/TSV field (None for NULL).
fn plain(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// One CSV field: quoted when it holds a comma, quote or line break, is
/// empty, or has spaces at its ends; NULL is an empty unquoted field.
pub fn csv_field(v: Option<&str>) -> String {
    match v {
        None => String::new(),
        Some(s) if s.is_empty() || s.contains([',', '"', '\n', '\r']) || s.starts_with(' ') || s.ends_with(' ') => format!("\"{}\"", s.replace('"', "\"\"")),
        Some(s) => s.to_string(),
    }
}

/// One TSV field with backslash escapes for tabs and line breaks.
pub fn tsv_field(v: Option<&str>) -> String {
    v.map_or_else(String::new, |s| s.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r"))
}

fn md_field(v: Option<&str>) -> String {
    v.map_or_else(|| "NULL".to_string(), |s| s.replace('|', "\\|").replace('\r', "").replace('\n', "<br>"))
}

fn object(names: &[String], row: &[Value]) -> Value {
    Value::Object(names.iter().cloned().zip(row.iter().cloned()).collect())
}

/// `rows` (row numbers, in order) as text in `fmt`, with a header.
pub fn copy_text(data: &Data, rows: &[usize], fmt: CopyFormat) -> Result<String, ExportError> {
    let names: Vec<String> = data.columns.iter().map(|c| c.name.clone()).collect();
    let mut out = String::new();
    match fmt {
        CopyFormat::Csv => out.push_str(&names.iter().map(|n| csv_field(Some(n))).collect::<Vec<_>>().join(",")),
        CopyFormat::Tsv => out.push_str(&names.iter().map(|n| tsv_field(Some(n))).collect::<Vec<_>>().join("\t")),
        CopyFormat::Json => out.push('['),
        CopyFormat::Markdown => {
            out.push_str(&format!("| {} |\n", names.iter().map(|n| md_field(Some(n))).collect::<Vec<_>>().join(" | ")));
            let rule: Vec<&str> = data.columns.iter().map(|c| if c.kind.is_numeric() { "---:" } else { "---" }).collect();
            out.push_str(&format!("| {} |", rule.join(" | ")));
        }
    }
    let mut first = true;
    for_chunks(data, rows, |chunk| {
        for row in chunk {
            let cells = row.iter().map(plain);
            match fmt {
                CopyFormat::Csv => out.push_str(&format!("\n{}", cells.map(|c| csv_field(c.as_deref())).collect::<Vec<_>>().join(","))),
                CopyFormat::Tsv => out.push_str(&format!("\n{}", cells.map(|c| tsv_field(c.as_deref())).collect::<Vec<_>>().join("\t"))),
                CopyFormat::Markdown => out.push_str(&format!("\n| {} |", cells.map(|c| md_field(c.as_deref())).collect::<Vec<_>>().join(" | "))),
                CopyFormat::Json => {
                    out.push_str(if first { "\n  " } else { ",\n  " });
                    out.push_str(&object(&names, row).to_string());
                }
            }
            first = false;
        }
        Ok(())
    })?;
    if fmt == CopyFormat::Json {
        out.push_str(if first { "]" } else { "\n]" });
    }
    out.push('\n');
    Ok(out)
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    pub path: PathBuf,
    pub rows: usize,
    pub format: FileFormat,
}

/// Write every row of `data`, in its current order, to `path`.
pub fn export(data: &Data, fmt: FileFormat, path: &Path) -> Result<Exported, ExportError> {
    let rows: Vec<usize> = (0..data.rows()).map(|p| data.row_at(p)).collect();
    let io = |source| ExportError::Io { path: path.to_path_buf(), source };
    let partial = sibling(path, "partial");
    match fmt {
        FileFormat::Csv => write_csv(data, &rows, &partial)?,
        FileFormat::Json => write_json(data, &rows, &partial)?,
        FileFormat::Parquet => {
            let csv = sibling(path, "csv");
            let result = write_csv(data, &rows, &csv).and_then(|()| parquet_from_csv(data, &csv, &partial));
            let _ = std::fs::remove_file(&csv);
            result?;
        }
    }
    std::fs::rename(&partial, path).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        io(e)
    })?;
    Ok(Exported { path: path.to_path_buf(), rows: rows.len(), format: fmt })
}

/// `.NAME.sandpiper-SUFFIX` beside `path`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let name = path.file_name().map_or_else(|| "export".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.sandpiper-{suffix}"))
}

fn create(path: &Path) -> Result<std::io::BufWriter<std::fs::File>, ExportError> {
    let f = std::fs::File::create(path).map_err(|source| ExportError::Io { path: path.to_path_buf(), source })?;
    Ok(std::io::BufWriter::with_capacity(1 << 16, f))
}

fn write_csv(data: &Data, rows: &[usize], path: &Path) -> Result<(), ExportError> {
    let io = |source| ExportError::Io { path: path.to_path_buf(), source };
    let mut w = create(path)?;
    let header: Vec<String> = data.columns.iter().map(|c| csv_field(Some(&c.name))).collect();
    writeln!(w, "{}", header.join(",")).map_err(io)?;
    for_chunks(data, rows, |chunk| {
        for row in chunk {
            let line: Vec<String> = row.iter().map(|v| csv_field(plain(v).as_deref())).collect();
            writeln!(w, "{}", line.join(",")).map_err(io)?;
        }
        Ok(())
    })?;
    w.flush().map_err(io)
}

fn write_json(data: &Data, rows: &[usize], path: &Path) -> Result<(), ExportError> {
    let io = |source| ExportError::Io { path: path.to_path_buf(), source };
    let names: Vec<String> = data.columns.iter().map(|c| c.name.clone()).collect();
    let mut w = create(path)?;
    w.write_all(b"[").map_err(io)?;
    let mut first = true;
    for_chunks(data, rows, |chunk| {
        for row in chunk {
            w.write_all(if first { b"\n  " } else { b",\n  " }).map_err(io)?;
            serde_json::to_writer(&mut w, &object(&names, row)).map_err(|e| io(std::io::Error::other(e)))?;
            first = false;
        }
        Ok(())
    })?;
    w.write_all(if first { b"]\n" } else { b"\n]\n" }).map_err(io)?;
    w.flush().map_err(io)
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// DuckDB reads the CSV back with the result's column types and writes Parquet.
fn parquet_from_csv(data: &Data, csv: &Path, out: &Path) -> Result<(), ExportError> {
    let err = |e: duckdb::Error| ExportError::Parquet { path: out.to_path_buf(), message: e.to_string() };
    let types: Vec<String> = data
        .set
        .schema
        .fields()
        .iter()
        .map(|f| {
            let ty = duckdb_type(f);
            // Nested values, blobs and intervals travel as their text.
            let plain = !(ty.ends_with("[]") || ty == "STRUCT" || ty == "MAP" || ty == "BLOB" || ty == "INTERVAL" || ty == "NULL");
            format!("{}: {}", quote(f.name()), quote(if plain { &ty } else { "VARCHAR" }))
        })
        .collect();
    let sql = format!(
        "COPY (SELECT * FROM read_csv({}, header = true, auto_detect = false, allow_quoted_nulls = false, columns = {{{}}})) TO {} (FORMAT parquet)",
        quote(&csv.to_string_lossy()),
        types.join(", "),
        quote(&out.to_string_lossy())
    );
    let conn = duckdb::Connection::open_in_memory().map_err(err)?;
    conn.execute_batch(&sql).map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::ResultSet;
    use arrow::array::{Date32Array, Float64Array, Int64Array, StringArray};
    use arrow::datatypes::{DataType, Field, Schema};
    use std::sync::Arc;

    fn data() -> Data {
        let schema = Arc::new(Schema::new(vec![
            Field::new("id", DataType::Int64, false),
            Field::new("name", DataType::Utf8, true),
            Field::new("amount", DataType::Float64, true),
            Field::new("day", DataType::Date32, true),
        ]));
        let batch = RecordBatch::try_new(
            schema.clone(),
            vec![
                Arc::new(Int64Array::from(vec![1, 2, 3, 4])),
                Arc::new(StringArray::from(vec![Some("plain"), Some("a, \"quoted\"\nline"), None, Some("")])),
                Arc::new(Float64Array::from(vec![Some(1234.5), None, Some(-2.0), Some(0.25)])),
                Arc::new(Date32Array::from(vec![Some(19_723), Some(19_724), None, Some(19_725)])),
            ],
        )
        .unwrap();
        Data::new(Arc::new(ResultSet::new(schema, vec![batch.slice(0, 2), batch.slice(2, 2)], false)))
    }

    #[test]
    fn csv_quoting() {
        let cases = [(None, ""), (Some(""), "\"\""), (Some("x"), "x"), (Some("a,b"), "\"a,b\""), (Some("say \"hi\""), "\"say \"\"hi\"\"\""), (Some("two\nlines"), "\"two\nlines\""), (Some(" pad"), "\" pad\"")];
        for (v, want) in cases {
            assert_eq!(csv_field(v), want, "{v:?}");
        }
        assert_eq!(tsv_field(Some("a\tb\nc\\")), "a\\tb\\nc\\\\");
    }

    #[test]
    fn copied_rows_in_each_format() {
        let d = data();
        let csv = copy_text(&d, &[0, 3], CopyFormat::Csv).unwrap();
        assert_eq!(csv, "id,name,amount,day\n1,plain,1234.5,2024-01-01\n4,\"\",0.25,2024-01-03\n");
        let tsv = copy_text(&d, &[1], CopyFormat::Tsv).unwrap();
        assert_eq!(tsv, "id\tname\tamount\tday\n2\ta, \"quoted\"\\nline\t\t2024-01-02\n");
        let md = copy_text(&d, &[2], CopyFormat::Markdown).unwrap();
        assert_eq!(md, "| id | name | amount | day |\n| ---: | --- | ---: | --- |\n| 3 | NULL | -2.0 | NULL |\n");
        let json: Value = serde_json::from_str(&copy_text(&d, &[2, 0], CopyFormat::Json).unwrap()).unwrap();
        assert_eq!(json, serde_json::json!([{"id": 3, "name": null, "amount": -2.0, "day": null}, {"id": 1, "name": "plain", "amount": 1234.5, "day": "2024-01-01"}]));
        assert_eq!(copy_text(&d, &[], CopyFormat::Json).unwrap(), "[]\n");
    }

    #[test]
    fn csv_and_json_files_round_trip_in_grid_order() {
        let dir = tempfile::tempdir().unwrap();
        let mut d = data();
        d.order = Some(Arc::new(vec![3, 2, 1, 0]));
        let p = dir.path().join("out.csv");
        let got = export(&d, FileFormat::Csv, &p).unwrap();
        assert_eq!((got.rows, got.format), (4, FileFormat::Csv));
        let mut r = csv::ReaderBuilder::new().from_path(&p).unwrap();
        let recs: Vec<Vec<String>> = r.records().map(|r| r.unwrap().iter().map(String::from).collect()).collect();
        assert_eq!(recs[0], ["4", "", "0.25", "2024-01-03"]);
        assert_eq!(recs[2], ["2", "a, \"quoted\"\nline", "", "2024-01-02"]);
        assert_eq!(recs.len(), 4);
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.contains("\n3,,-2.0,\n"), "NULL is an empty unquoted field: {text}");
        assert!(text.contains("\n4,\"\","), "an empty string is quoted: {text}");

        let p = dir.path().join("out.json");
        export(&d, FileFormat::Json, &p).unwrap();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        assert_eq!(v.as_array().map(Vec::len), Some(4));
        assert_eq!(v[1], serde_json::json!({"id": 3, "name": null, "amount": -2.0, "day": null}));
        assert_eq!(v[2]["name"], "a, \"quoted\"\nline");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(leftovers.len(), 2, "no partial files left: {leftovers:?}");
    }

    #[test]
    fn parquet_file_reads_back_with_types() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.parquet");
        let got = export(&data(), FileFormat::Parquet, &p).unwrap();
        assert_eq!(got.rows, 4);
        let conn = duckdb::Connection::open_in_memory().unwrap();
        let q = format!("SELECT count(*), count(name), sum(amount), min(day)::VARCHAR, typeof(min(day)), max(CASE WHEN name = '' THEN 1 ELSE 0 END) FROM read_parquet('{}')", p.display());
        let row: (i64, i64, f64, String, String, i32) = conn.query_row(&q, [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))).unwrap();
        assert_eq!(row, (4, 3, 1232.75, "2024-01-01".into(), "DATE".into(), 1));
    }

    #[test]
    fn export_arguments() {
        let (f, p) = parse_args("parquet /tmp/x.parquet").unwrap();
        assert_eq!((f, p), (FileFormat::Parquet, PathBuf::from("/tmp/x.parquet")));
        assert!(matches!(parse_args("xlsx a"), Err(ExportError::Usage)));
        assert!(matches!(parse_args("csv"), Err(ExportError::Usage)));
    }
}
