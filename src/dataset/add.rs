//! `datasets add`: turn a user's CSV, Parquet or JSON-lines files into a
//! dataset with a derived semantic layer.
//!
//! Invariants: every input is checked before anything is written (a CSV's
//! encoding and row widths, naming the file and line); the dataset folder
//! appears whole or not at all (built in a temporary folder, then renamed);
//! all tables are stored as normalized CSV so one loader serves every
//! dataset; a CSV column whose values break the type DuckDB's sniffer chose
//! is kept as text with a note (`widen`), not refused; the distinct values
//! of text columns are written beside the manifest (`value_index`).

use super::derive::{derive, LoadedTable};
use super::{hash, valid_name, value_index, widen, DatasetError, Registry};
use crate::compile::sqltext::{ident, string};
use std::path::{Path, PathBuf};

/// Input formats `datasets add` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Csv,
    Parquet,
    JsonLines,
}

fn format_of(path: &Path) -> Result<Format, DatasetError> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "csv" | "tsv" | "txt" => Ok(Format::Csv),
        "parquet" | "pq" => Ok(Format::Parquet),
        "jsonl" | "ndjson" | "json" => Ok(Format::JsonLines),
        _ => Err(DatasetError::BadFile {
            path: path.to_path_buf(),
            line: 0,
            message: "unknown file type: use .csv, .parquet or .jsonl".into(),
        }),
    }
}

/// A table name from a file name: lowercase, `[a-z0-9_]`.
fn table_name(path: &Path) -> String {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("table");
    let mut n: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .collect();
    if !n.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
        n.insert_str(0, "t_");
    }
    n
}

/// Check a CSV: valid UTF-8 and every row as wide as the header.
fn check_csv(path: &Path) -> Result<(), DatasetError> {
    let delim = if path.extension().is_some_and(|e| e == "tsv") { b'\t' } else { b',' };
    let mut rdr = csv::ReaderBuilder::new()
        .delimiter(delim)
        .has_headers(true)
        .flexible(true)
        .from_path(path)
        .map_err(|e| DatasetError::BadFile { path: path.to_path_buf(), line: 0, message: e.to_string() })?;
    let width = rdr
        .headers()
        .map_err(|e| bad_csv(path, &e))?
        .len();
    if width == 0 {
        return Err(DatasetError::BadFile { path: path.to_path_buf(), line: 1, message: "no header row".into() });
    }
    let mut rec = csv::StringRecord::new();
    loop {
        match rdr.read_record(&mut rec) {
            Ok(false) => break,
            Ok(true) => {
                if rec.len() != width {
                    let line = rec.position().map_or(0, |p| p.line());
                    return Err(DatasetError::BadFile {
                        path: path.to_path_buf(),
                        line,
                        message: format!("{} fields where the header has {width}", rec.len()),
                    });
                }
            }
            Err(e) => return Err(bad_csv(path, &e)),
        }
    }
    Ok(())
}

fn bad_csv(path: &Path, e: &csv::Error) -> DatasetError {
    let line = e.position().map_or(0, |p| p.line());
    let message = match e.kind() {
        csv::ErrorKind::Utf8 { .. } => "not valid UTF-8 text (re-save the file as UTF-8)".to_string(),
        _ => e.to_string(),
    };
    DatasetError::BadFile { path: path.to_path_buf(), line, message }
}

impl Registry {
    /// Add a dataset from files; returns its name and table count.
    pub fn add(&self, name: &str, files: &[PathBuf]) -> Result<super::Dataset, DatasetError> {
        if !valid_name(name) {
            return Err(DatasetError::BadName(name.to_string()));
        }
        if self.manifest(name).is_ok() {
            return Err(DatasetError::Exists(name.to_string()));
        }
        if files.is_empty() {
            return Err(DatasetError::Load("no files given: name at least one .csv, .parquet or .jsonl file".into()));
        }
        let mut seen = Vec::new();
        for f in files {
            if !f.is_file() {
                return Err(DatasetError::io(f, std::io::Error::new(std::io::ErrorKind::NotFound, "no such file")));
            }
            if format_of(f)? == Format::Csv {
                check_csv(f)?;
            }
            let t = table_name(f);
            if seen.contains(&t) {
                return Err(DatasetError::Load(format!("two files would both become table `{t}`; rename one")));
            }
            seen.push(t);
        }
        let root = self.home.dir("datasets")?;
        let tmp = root.join(format!(".tmp-add-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp).map_err(|e| DatasetError::io(&tmp, e))?;
        let result = self.build(name, files, &tmp);
        match result {
            Ok(()) => {
                let dest = root.join(name);
                std::fs::rename(&tmp, &dest).map_err(|e| {
                    let _ = std::fs::remove_dir_all(&tmp);
                    DatasetError::io(&dest, e)
                })?;
                self.open(name)
            }
            Err(e) => {
                let _ = std::fs::remove_dir_all(&tmp);
                Err(e)
            }
        }
    }

    fn build(&self, name: &str, files: &[PathBuf], tmp: &Path) -> Result<(), DatasetError> {
        let conn = duckdb::Connection::open_in_memory().map_err(|e| DatasetError::Load(e.to_string()))?;
        let mut loaded = Vec::new();
        for f in files {
            let t = table_name(f);
            let src = string(&f.to_string_lossy());
            let notes = match format_of(f)? {
                Format::Csv => widen::load_csv(&conn, &t, f)
                    .map_err(|message| DatasetError::BadFile { path: f.clone(), line: 0, message })?,
                other => {
                    let reader = if other == Format::Parquet {
                        format!("read_parquet({src})")
                    } else {
                        format!("read_json_auto({src}, format = 'newline_delimited')")
                    };
                    conn.execute_batch(&format!("CREATE TABLE {} AS SELECT * FROM {reader}", ident(&t)))
                        .map_err(|e| DatasetError::BadFile { path: f.clone(), line: 0, message: e.to_string() })?;
                    Vec::new()
                }
            };
            let mut stmt = conn
                .prepare(&format!("SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = {} ORDER BY column_index", string(&t)))
                .map_err(|e| DatasetError::Load(e.to_string()))?;
            let columns: Vec<(String, String)> = stmt
                .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
                .map_err(|e| DatasetError::Load(e.to_string()))?
                .filter_map(Result::ok)
                .collect();
            if let Some((c, ty)) = columns.iter().find(|(_, ty)| ty.contains('[') || ty.starts_with("STRUCT") || ty.starts_with("MAP")) {
                return Err(DatasetError::BadFile { path: f.clone(), line: 0, message: format!("column `{c}` is nested ({ty}); flatten it first") });
            }
            let file = format!("{t}.csv");
            let out = tmp.join(&file);
            conn.execute_batch(&format!("COPY {} TO {} (HEADER, DELIMITER ',')", ident(&t), string(&out.to_string_lossy())))
                .map_err(|e| DatasetError::Load(format!("writing {}: {e}", out.display())))?;
            let sha256 = hash::file_sha256(&out).map_err(|e| DatasetError::io(&out, e))?;
            loaded.push(LoadedTable { name: t, file, sha256, columns, notes });
        }
        let manifest = derive(name, &loaded, &conn);
        value_index::ValueIndex::build(&manifest, &conn)
            .and_then(|idx| idx.write(tmp))
            .map_err(|e| DatasetError::Load(e.to_string()))?;
        let text = toml::to_string_pretty(&manifest).map_err(|e| DatasetError::Load(e.to_string()))?;
        let path = tmp.join("dataset.toml");
        std::fs::write(&path, text).map_err(|e| DatasetError::io(&path, e))
    }
}
