//! Preparing a dataset for querying: a read-only DuckDB file built once per
//! dataset version from the CSVs with the manifest's declared types, cached
//! under `$SANDPIPER_HOME/prepared/<name>-<hash>.duckdb`.
//!
//! Invariants: the file name carries the dataset hash, so changed data never
//! reuses a stale file; a file is built under a temporary name and renamed,
//! so a crash never leaves a half-built file under the real name; a cached
//! file that cannot be opened or lacks a table is rebuilt.

use super::{Dataset, DatasetError};
use crate::compile::sqltext::{ident, string};
use crate::home::Home;
use duckdb::{AccessMode, Config, Connection};
use std::path::{Path, PathBuf};

/// The prepared file for a dataset version, building it if needed.
/// Returns the path and whether it was (re)built now.
pub fn prepare(ds: &Dataset, home: &Home) -> Result<(PathBuf, bool), DatasetError> {
    let dir = home.dir("prepared")?;
    let path = dir.join(format!("{}-{}{}.duckdb", ds.name(), &ds.hash[..16], layout_tag(ds)));
    if path.is_file() && looks_complete(&path, ds) {
        return Ok((path, false));
    }
    remove_stale_builds(&dir);
    let tmp = dir.join(format!(".{}-{}.{}.tmp", ds.name(), &ds.hash[..16], std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    let _ = std::fs::remove_file(wal(&tmp));
    let built = build(ds, &tmp);
    if let Err(e) = built {
        let _ = std::fs::remove_file(&tmp);
        let _ = std::fs::remove_file(wal(&tmp));
        return Err(e);
    }
    std::fs::rename(&tmp, &path).map_err(|e| DatasetError::io(&path, e))?;
    Ok((path, true))
}

/// Remove half-built files left by processes that died while preparing
/// (their pid, the part before `.tmp`, no longer runs).
fn remove_stale_builds(dir: &Path) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".tmp").or_else(|| name.strip_suffix(".tmp.wal")) else { continue };
        let Some(pid) = stem.rsplit('.').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if name.starts_with('.') && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

fn wal(p: &Path) -> PathBuf {
    let mut s = p.as_os_str().to_owned();
    s.push(".wal");
    PathBuf::from(s)
}

/// True when `path` opens read-only and has every table of the manifest.
fn looks_complete(path: &Path, ds: &Dataset) -> bool {
    let Ok(cfg) = Config::default().access_mode(AccessMode::ReadOnly) else {
        return false;
    };
    let Ok(conn) = Connection::open_with_flags(path, cfg) else {
        return false;
    };
    let Ok(mut stmt) = conn.prepare("SELECT table_name FROM duckdb_tables()") else {
        return false;
    };
    let Ok(names) = stmt.query_map([], |r| r.get::<_, String>(0)) else {
        return false;
    };
    let names: Vec<String> = names.filter_map(Result::ok).collect();
    ds.manifest
        .tables
        .iter()
        .all(|t| names.iter().any(|n| n.eq_ignore_ascii_case(&t.name)))
}

/// Build the DuckDB file at `path` from the dataset's CSVs.
fn build(ds: &Dataset, path: &Path) -> Result<(), DatasetError> {
    let load = |e: duckdb::Error, what: &str| DatasetError::Load(format!("preparing {}: {what}: {e}", ds.name()));
    let conn = Connection::open(path).map_err(|e| load(e, "cannot create the prepared file"))?;
    conn.execute_batch("SET threads = 2; SET preserve_insertion_order = true;")
        .map_err(|e| load(e, "settings"))?;
    for t in &ds.manifest.tables {
        let cols: Vec<String> = t.columns.iter().map(|c| format!("{} {}", ident(&c.name), c.ty)).collect();
        // A column stored as text in a format is read as text and converted.
        let types: Vec<String> = t
            .columns
            .iter()
            .map(|c| format!("{}: {}", string(&c.name), string(if c.text_format.is_some() { "VARCHAR" } else { &c.ty })))
            .collect();
        let select: Vec<String> = t.columns.iter().map(|c| read_expr(&c.name, &c.ty, c.text_format.as_deref())).collect();
        let file = ds.file(t);
        let sql = format!(
            "CREATE TABLE {name} ({cols});\n\
             INSERT INTO {name} SELECT {select} FROM read_csv({file}, header = true, auto_detect = false, \
             columns = {{{types}}}, nullstr = '', quote = '\"', escape = '\"', delim = ',');",
            name = ident(&t.name),
            cols = cols.join(", "),
            select = select.join(", "),
            file = string(&file.to_string_lossy()),
            types = types.join(", "),
        );
        conn.execute_batch(&sql)
            .map_err(|e| load(e, &format!("table {} from {}", t.name, file.display())))?;
    }
    conn.execute_batch("CHECKPOINT;").map_err(|e| load(e, "checkpoint"))?;
    drop(conn);
    let _ = std::fs::remove_file(wal(path));
    Ok(())
}

/// The SQL that reads column `name` of type `ty` from the file: the column
/// itself, or for text in a format (`text_format`) the typed value.
fn read_expr(name: &str, ty: &str, format: Option<&str>) -> String {
    let c = ident(name);
    match format {
        None => c,
        Some(f) if f == super::derive::GROUPED => format!("{} AS {c}", super::profile::number_from_text(&c)),
        Some(f) => format!("CAST(strptime({c}, {}) AS {ty}) AS {c}", string(f)),
    }
}

/// A tag for the prepared file that changes when a column's declared type or
/// text format is edited in `dataset.toml` (the data hash does not), so an
/// edit is never served from a file built under the old types. Empty for a
/// manifest without text formats, so existing prepared files stay valid.
fn layout_tag(ds: &Dataset) -> String {
    let formats: Vec<String> = ds
        .manifest
        .tables
        .iter()
        .flat_map(|t| t.columns.iter().filter_map(move |c| c.text_format.as_ref().map(|f| format!("{}.{}:{}:{f}", t.name, c.name, c.ty))))
        .collect();
    if formats.is_empty() {
        return String::new();
    }
    let mut lines = ds.manifest.schema_lines();
    lines.extend(formats);
    format!("-{}", &super::hash::bytes_sha256(lines.join("\n").as_bytes())[..8])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_builds_of_dead_processes_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let dead = dir.path().join(".iot-0123456789abcdef.4000000000.tmp");
        let alive = dir.path().join(format!(".iot-0123456789abcdef.{}.tmp", std::process::id()));
        let prepared = dir.path().join("iot-0123456789abcdef.duckdb");
        for p in [&dead, &alive, &prepared] {
            std::fs::write(p, b"x").unwrap();
        }
        remove_stale_builds(dir.path());
        assert!(!dead.exists());
        assert!(alive.exists());
        assert!(prepared.exists());
    }
}
