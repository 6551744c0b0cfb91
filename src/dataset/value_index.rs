//! The value index: for each text column of an added dataset, its distinct
//! values, so the planner can tell which column holds a value a question
//! names ("students from 'Smith Hall'", "flights to Aberdeen") instead of
//! guessing, and can say so when no column holds it.
//!
//! Written by `datasets add` as `values.idx` beside `dataset.toml`, read once
//! per session. A datasets added before the index existed has no file: the
//! planner then falls back to guessing by column names (it does not build the
//! index on first use, which would need the data engine while planning).
//!
//! Invariants: a column's list is *complete* only when every distinct
//! non-null value of at most [`MAX_VALUE_CHARS`] characters is in it (longer
//! ones are prose, never kept, and a longer text is never denied); a capped
//! column (too many values) can confirm a value but never deny it. Values are stored with their spelling in the data (the SQL compares
//! with `=`); matching folds case and runs of white space ([`fold`]).

use std::collections::HashMap;
use std::path::Path;

use crate::compile::sqltext::ident;
use crate::semantic::Manifest;

/// The index's file name inside a dataset folder.
pub const FILE: &str = "values.idx";
/// First line of the file: the format and its version.
const HEADER: &str = "sandpiper-values 1";
/// Most distinct values kept for one column.
pub const CAP_PER_COLUMN: usize = 20_000;
/// Most values kept for one dataset; columns past it are recorded, capped, with none.
pub const CAP_PER_DATASET: usize = 300_000;
/// A longer value is prose, not a value a question names; its column is marked capped.
pub const MAX_VALUE_CHARS: usize = 120;

/// The key a value is matched by: trimmed, lower-cased, inner white space
/// runs made one space.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for w in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(w.chars().flat_map(char::to_lowercase));
    }
    out
}

/// One indexed column.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexedColumn {
    pub table: String,
    pub column: String,
    /// Distinct non-null values of at most [`MAX_VALUE_CHARS`] characters in the data.
    pub distinct: usize,
    /// Values kept (all short ones when `complete`).
    pub values: Vec<String>,
    /// True when `values` holds every distinct value of at most [`MAX_VALUE_CHARS`] characters.
    pub complete: bool,
}

/// Why the index could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum ValueIndexError {
    #[error("{path}: {source}")]
    Io { path: std::path::PathBuf, source: std::io::Error },
    #[error("{path}: not a value index (expected the first line `{HEADER}`; re-add the dataset to rebuild it)")]
    Format { path: std::path::PathBuf },
    #[error("reading the values of {table}.{column}: {message}")]
    Query { table: String, column: String, message: String },
}

/// The distinct values of every text column, as stored in a dataset folder.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ValueIndex {
    pub columns: Vec<IndexedColumn>,
}

impl ValueIndex {
    /// Reads the distinct values of the manifest's text (VARCHAR) columns
    /// from tables loaded in `conn` under the manifest's table names.
    pub fn build(m: &Manifest, conn: &duckdb::Connection) -> Result<ValueIndex, ValueIndexError> {
        ValueIndex::build_capped(m, conn, CAP_PER_COLUMN, CAP_PER_DATASET)
    }

    /// [`ValueIndex::build`] with the caps given.
    fn build_capped(m: &Manifest, conn: &duckdb::Connection, per_column: usize, per_dataset: usize) -> Result<ValueIndex, ValueIndexError> {
        let mut columns = Vec::new();
        let mut budget = per_dataset;
        for t in &m.tables {
            for c in t.columns.iter().filter(|c| c.ty.eq_ignore_ascii_case("VARCHAR")) {
                let q = |message: String| ValueIndexError::Query { table: t.name.clone(), column: c.name.clone(), message };
                let (col, tab) = (ident(&c.name), ident(&t.name));
                let short = format!("{col} IS NOT NULL AND length({col}) <= {MAX_VALUE_CHARS}");
                // One more than kept tells a capped column; only those are counted.
                let keep = per_column.min(budget);
                let sql = format!("SELECT DISTINCT {col} FROM {tab} WHERE {short} ORDER BY 1 LIMIT {}", keep + 1);
                let mut stmt = conn.prepare(&sql).map_err(|e| q(e.to_string()))?;
                let mut values: Vec<String> = stmt
                    .query_map([], |r| r.get::<_, String>(0))
                    .map_err(|e| q(e.to_string()))?
                    .filter_map(Result::ok)
                    .collect();
                let complete = values.len() <= keep;
                values.truncate(keep);
                budget -= values.len();
                let distinct = if complete {
                    values.len()
                } else {
                    let sql = format!("SELECT count(DISTINCT {col}) FROM {tab} WHERE {short}");
                    let all: i64 = conn.query_row(&sql, [], |r| r.get(0)).map_err(|e| q(e.to_string()))?;
                    usize::try_from(all).unwrap_or(0)
                };
                columns.push(IndexedColumn { table: t.name.clone(), column: c.name.clone(), distinct, values, complete });
            }
        }
        Ok(ValueIndex { columns })
    }

    /// Writes the index into a dataset folder.
    pub fn write(&self, dir: &Path) -> Result<(), ValueIndexError> {
        let path = dir.join(FILE);
        std::fs::write(&path, self.to_text()).map_err(|source| ValueIndexError::Io { path, source })
    }

    /// The index of the dataset in `dir`; None when it has none (added
    /// before the index existed).
    pub fn load(dir: &Path) -> Result<Option<ValueIndex>, ValueIndexError> {
        let path = dir.join(FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(ValueIndexError::Io { path, source }),
        };
        ValueIndex::parse(&text).map(Some).ok_or(ValueIndexError::Format { path })
    }

    /// The file's text: the header, then per column a line
    /// `column\t<table>\t<column>\t<distinct>\t<complete|capped>` followed
    /// by its values one a line (`\`, tab and line breaks escaped).
    pub fn to_text(&self) -> String {
        let mut s = String::from(HEADER);
        s.push('\n');
        for c in &self.columns {
            let state = if c.complete { "complete" } else { "capped" };
            s.push_str(&format!("column\t{}\t{}\t{}\t{state}\n", escape(&c.table), escape(&c.column), c.distinct));
            for v in &c.values {
                s.push(' ');
                s.push_str(&escape(v));
                s.push('\n');
            }
        }
        s
    }

    /// Parses [`ValueIndex::to_text`]'s output; None when it is not one.
    pub fn parse(text: &str) -> Option<ValueIndex> {
        let mut lines = text.lines();
        if lines.next()? != HEADER {
            return None;
        }
        let mut columns: Vec<IndexedColumn> = Vec::new();
        for line in lines {
            if let Some(v) = line.strip_prefix(' ') {
                columns.last_mut()?.values.push(unescape(v));
                continue;
            }
            let mut f = line.split('\t');
            if f.next()? != "column" {
                return None;
            }
            let (table, column, distinct, state) = (f.next()?, f.next()?, f.next()?, f.next()?);
            columns.push(IndexedColumn {
                table: unescape(table),
                column: unescape(column),
                distinct: distinct.parse().ok()?,
                values: Vec::new(),
                complete: state == "complete",
            });
        }
        Some(ValueIndex { columns })
    }

    /// Values kept over all columns.
    pub fn value_count(&self) -> usize {
        self.columns.iter().map(|c| c.values.len()).sum()
    }
}

impl super::Registry {
    /// The value index of a dataset: None for built-in datasets and for
    /// those added before the index existed.
    pub fn value_index(&self, name: &str) -> Result<Option<ValueIndex>, ValueIndexError> {
        if super::Registry::builtin_manifest(name).is_some() || !super::valid_name(name) {
            return Ok(None);
        }
        ValueIndex::load(&self.home.datasets().join(name))
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(ch) = it.next() {
        if ch != '\\' {
            out.push(ch);
            continue;
        }
        match it.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(c) => out.push(c),
            None => out.push('\\'),
        }
    }
    out
}

/// The distinct values named in text columns, ready to look up: fold key
/// -> (table, column, stored spelling), with the tables and columns
/// resolved against the manifest the planner was built for.
#[derive(Debug, Clone, Default)]
pub struct ValueLookup {
    by_key: HashMap<String, Vec<(usize, usize, u32)>>,
    /// Stored spellings, indexed by the third field of `by_key`'s entries.
    spellings: Vec<String>,
    /// (table, column) of every text column whose list is complete.
    complete: Vec<(usize, usize)>,
    /// (table, column) of every indexed column.
    indexed: Vec<(usize, usize)>,
}

/// A column that holds a value, and the value as stored there.
#[derive(Debug, Clone, PartialEq)]
pub struct Holder {
    pub table: usize,
    pub column: usize,
    pub stored: String,
}

impl ValueLookup {
    /// Resolves an index against a manifest; columns the manifest no longer
    /// has (an edited `dataset.toml`) are skipped.
    pub fn new(index: &ValueIndex, m: &Manifest) -> ValueLookup {
        let mut l = ValueLookup::default();
        for c in &index.columns {
            let Some(t) = m.tables.iter().position(|t| t.name.eq_ignore_ascii_case(&c.table)) else { continue };
            let Some(k) = m.tables[t].columns.iter().position(|x| x.name.eq_ignore_ascii_case(&c.column)) else { continue };
            l.indexed.push((t, k));
            if c.complete {
                l.complete.push((t, k));
            }
            for v in &c.values {
                let id = u32::try_from(l.spellings.len()).unwrap_or(u32::MAX);
                l.spellings.push(v.clone());
                l.by_key.entry(fold(v)).or_default().push((t, k, id));
            }
        }
        l
    }

    /// The columns holding `text` (case and spacing folded), one entry per
    /// column: the stored spelling equal to `text` if there is one, else the
    /// first.
    pub fn holders(&self, text: &str) -> Vec<Holder> {
        let Some(hits) = self.by_key.get(&fold(text)) else { return Vec::new() };
        let mut out: Vec<Holder> = Vec::new();
        for &(t, c, id) in hits {
            let stored = self.spellings.get(id as usize).cloned().unwrap_or_default();
            match out.iter_mut().find(|h| h.table == t && h.column == c) {
                Some(h) => {
                    if stored == text {
                        h.stored = stored;
                    }
                }
                None => out.push(Holder { table: t, column: c, stored }),
            }
        }
        out
    }

    /// True when the column was indexed and its list holds every value.
    pub fn is_complete(&self, t: usize, c: usize) -> bool {
        self.complete.contains(&(t, c))
    }

    /// True when the column is a text column of the index.
    pub fn is_indexed(&self, t: usize, c: usize) -> bool {
        self.indexed.contains(&(t, c))
    }

    /// True when every indexed column's list is complete, so a value in
    /// none of them is in no text column at all.
    pub fn all_complete(&self) -> bool {
        self.complete.len() == self.indexed.len()
    }

    /// How many values of one column hold `text` (case folded) as whole
    /// words inside them, not as the whole value.
    pub fn inside(&self, t: usize, c: usize, text: &str) -> usize {
        let key = fold(text);
        if key.is_empty() {
            return 0;
        }
        let word_edge = |s: &str, at: usize, len: usize| {
            let before = s[..at].chars().next_back().is_none_or(|ch| !ch.is_alphanumeric());
            let after = s[at + len..].chars().next().is_none_or(|ch| !ch.is_alphanumeric());
            before && after
        };
        self.by_key
            .iter()
            .filter(|(k, _)| k.len() > key.len())
            .filter(|(k, _)| k.match_indices(key.as_str()).any(|(at, _)| word_edge(k, at, key.len())))
            .map(|(_, hits)| hits.iter().filter(|&&(ht, hc, _)| (ht, hc) == (t, c)).count())
            .sum()
    }

    /// Indexed columns whose values contain `text` (case folded), for a
    /// "containing" question; complete lists only give a sure answer.
    pub fn containing(&self, text: &str) -> Vec<(usize, usize)> {
        let key = fold(text);
        let mut out: Vec<(usize, usize)> = Vec::new();
        for (k, hits) in &self.by_key {
            if k.contains(&key) {
                for &(t, c, _) in hits {
                    if !out.contains(&(t, c)) {
                        out.push((t, c));
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_trims_and_lowercases() {
        for (raw, key) in [("  Smith  Hall ", "smith hall"), ("ÉCOLE", "école"), ("a\tb", "a b"), ("", "")] {
            assert_eq!(fold(raw), key, "{raw:?}");
        }
    }

    #[test]
    fn text_round_trips_with_awkward_values() {
        let idx = ValueIndex {
            columns: vec![
                IndexedColumn {
                    table: "dorm".into(),
                    column: "name".into(),
                    distinct: 3,
                    values: vec!["Smith Hall".into(), "a\tb\\c".into(), "two\nlines".into(), " lead".into()],
                    complete: true,
                },
                IndexedColumn { table: "t".into(), column: "notes".into(), distinct: 90_000, values: vec![], complete: false },
            ],
        };
        let back = ValueIndex::parse(&idx.to_text());
        assert_eq!(back.as_ref(), Some(&idx));
    }

    /// `datasets add` on small CSVs writes the index: text columns only,
    /// every value, nulls and prose-long values left out (still complete:
    /// no short value is missing); the planner's lookup folds case and spaces.
    #[test]
    fn add_writes_the_index_of_text_columns() {
        let src = tempfile::tempdir().unwrap();
        let home = tempfile::tempdir().unwrap();
        let long = "x".repeat(MAX_VALUE_CHARS + 5);
        let dorm = src.path().join("dorm.csv");
        std::fs::write(&dorm, format!("id,name,note\n1,Smith Hall,{long}\n2,Jones Hall,short\n3,Smith Hall,\n")).unwrap();
        let reg = crate::dataset::Registry::new(crate::home::Home::at(home.path()));
        let ds = reg.add("dorms", &[dorm]).unwrap();
        let idx = ValueIndex::load(&ds.dir).unwrap().unwrap();
        let shape: Vec<String> = idx
            .columns
            .iter()
            .map(|c| format!("{}.{} {} {:?} {}", c.table, c.column, c.distinct, c.values, c.complete))
            .collect();
        assert_eq!(
            shape,
            [r#"dorm.name 2 ["Jones Hall", "Smith Hall"] true"#, r#"dorm.note 1 ["short"] true"#]
        );
        assert_eq!(reg.value_index("dorms").unwrap(), Some(idx.clone()));
        let look = ValueLookup::new(&idx, &ds.manifest);
        assert_eq!(look.holders("  smith   HALL").iter().map(|h| h.stored.as_str()).collect::<Vec<_>>(), ["Smith Hall"]);
        assert!(look.holders("Smith").is_empty());
        assert_eq!(look.containing("smith").len(), 1);
        assert!(look.all_complete());
        assert!(look.is_complete(0, 2));
    }

    /// Past a cap a column keeps the first values, is marked capped and
    /// counted; past the dataset's cap later columns keep none.
    #[test]
    fn caps_are_recorded() {
        let conn = duckdb::Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t AS SELECT 'v' || (i % 7) AS a, 'w' || i AS b, 'x' AS c FROM range(20) r(i)").unwrap();
        let m: Manifest = toml::from_str(
            r#"name = "t"
[[tables]]
name = "t"
file = "t.csv"
columns = [{ name = "a", type = "VARCHAR" }, { name = "b", type = "VARCHAR" }, { name = "c", type = "VARCHAR" }]
"#,
        )
        .unwrap();
        let idx = ValueIndex::build_capped(&m, &conn, 10, 12).unwrap();
        let shape: Vec<String> =
            idx.columns.iter().map(|c| format!("{} {} {} {}", c.column, c.distinct, c.values.len(), c.complete)).collect();
        assert_eq!(shape, ["a 7 7 true", "b 20 5 false", "c 1 0 false"]);
    }

    #[test]
    fn a_dataset_without_an_index_loads_none() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(ValueIndex::load(dir.path()), Ok(None)));
        std::fs::write(dir.path().join(FILE), "something else\n").unwrap();
        assert!(matches!(ValueIndex::load(dir.path()), Err(ValueIndexError::Format { .. })));
    }

    #[test]
    fn parse_rejects_other_files() {
        for text in ["", "hello\n", "sandpiper-values 1\nrow\tx\n", "sandpiper-values 1\n value before column\n"] {
            assert!(ValueIndex::parse(text).is_none(), "{text:?}");
        }
    }
}
