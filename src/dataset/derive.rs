//! A semantic layer derived from the data, for datasets added without a
//! manifest: row counts and sum/avg/min/max metrics for numeric columns,
//! categorical dimensions (with their values) for text columns whose values
//! repeat, time dimensions for dates (also dates stored as text, read with
//! their format), primary keys and joins found in the data (`keys`), and
//! column labels and synonyms from split names with abbreviations spelled
//! out (`names`).
//!
//! Cost: one profiling query per table, one query for every join candidate
//! at once, and one per categorical column for its values.

use crate::compile::sqltext::ident;
use crate::plan::Grain;
use super::keys::{infer_joins, primary_key, KeyInput};
use super::names::{self, words};
use super::profile::{profile, TableProfile};
use crate::semantic::{is_numeric, is_temporal, Column, Dimension, DimensionKind, Manifest, Metric, Table};
use duckdb::Connection;

/// Text columns with at most this many distinct values become categorical.
const MAX_CATEGORIES: i64 = 40;
/// Larger tables: text columns with at most this many distinct values, each
/// repeated five times on average, are categorical too.
const MAX_CATEGORIES_BY_RATIO: i64 = 500;

/// What the deriver knows about one loaded table.
#[derive(Debug, Clone)]
pub struct LoadedTable {
    pub name: String,
    pub file: String,
    pub sha256: String,
    pub columns: Vec<(String, String)>,
    /// What loading the file took (columns widened to text).
    pub notes: Vec<String>,
}

/// Derive a manifest for tables already loaded into `conn` (same names).
pub fn derive(name: &str, tables: &[LoadedTable], conn: &Connection) -> Manifest {
    let mut m = Manifest {
        name: name.to_string(),
        description: format!("Added by the user; semantic layer derived from {} file(s).", tables.len()),
        derived: true,
        tables: Vec::new(),
        joins: Vec::new(),
        metrics: Vec::new(),
        dimensions: Vec::new(),
        segments: Vec::new(),
        values: Vec::new(),
        suggested_prompts: Vec::new(),
        golden: Vec::new(),
    };
    let profiles: Vec<TableProfile> = tables.iter().map(|t| profile(conn, &t.name, &t.columns)).collect();
    // Types as the prepared tables will hold them: dates and numbers stored
    // as text are read with their format.
    let typed: Vec<Vec<(String, String)>> = tables
        .iter()
        .zip(&profiles)
        .map(|(t, p)| {
            t.columns
                .iter()
                .enumerate()
                .map(|(i, (c, ty))| (c.clone(), text_format(p, i).map_or_else(|| ty.clone(), |(ty, _)| ty)))
                .collect()
        })
        .collect();
    let inputs: Vec<KeyInput> = tables
        .iter()
        .zip(&profiles)
        .zip(&typed)
        .map(|((t, p), cols)| KeyInput { name: &t.name, columns: cols, profile: p })
        .collect();
    let pks: Vec<Option<String>> = inputs.iter().map(primary_key).collect();
    let col_count = |c: &str| tables.iter().filter(|t| t.columns.iter().any(|x| x.0.eq_ignore_ascii_case(c))).count();
    for (ti, t) in tables.iter().enumerate() {
        let tq = ident(&t.name);
        let prof = &profiles[ti];
        let rows = prof.rows;
        let mut label = None;
        let mut eponym: Option<String> = None;
        let singular_words = |n: &str| words(n).iter().map(|w| crate::words::singular(w)).collect::<Vec<_>>();
        let table_words = singular_words(&t.name);
        let mut columns = Vec::new();
        let mut notes = t.notes.clone();
        for (ci, (c, ty)) in typed[ti].iter().enumerate() {
            let cq = ident(c);
            let lc = c.to_ascii_lowercase();
            let cp = prof.columns.get(ci).cloned().unwrap_or_default();
            let distinct = cp.distinct;
            let nulls = rows - cp.non_null;
            let format = text_format(prof, ci).map(|(_, f)| f);
            if let Some(f) = &format {
                notes.push(format!("column `{c}` holds {} as text; read as {ty} with format `{f}`", if f == GROUPED { "numbers" } else { "dates" }));
            }
            let is_text = ty.eq_ignore_ascii_case("VARCHAR");
            // A name or title column (`estate_nm`, `show_title`) labels
            // the rows, the first one unless a later one's other words are
            // the table's own (`estate.estate_nm` after `estate.mgr_nm`).
            if is_text && label.as_ref().is_none_or(|(own, _)| !own) {
                let ws = words(c);
                let head = |w: &String| w.contains("name") || w.contains("title") || names::contracts("name", w) || names::contracts("title", w);
                if ws.iter().any(head) {
                    let mut rest = ws.iter().filter(|w| !head(w)).peekable();
                    let own = rest.peek().is_some() && rest.all(|w| table_words.contains(&crate::words::singular(w)));
                    if label.is_none() || own {
                        label = Some((own, c.clone()));
                    }
                }
            }
            // `artist.artist`: a text column named as its table, a
            // different value in every row, names the rows (before a
            // `famous_title`).
            if eponym.is_none() && is_text && cp.non_null > 0 && distinct == cp.non_null && singular_words(c) == table_words {
                eponym = Some(c.clone());
            }
            let qualified = format!("{}.{}", t.name, c);
            let dim_name = if col_count(c) > 1 { format!("{}_{}", t.name, c) } else { c.clone() };
            let w = words(c);
            let said = w.join(" ");
            let spelled = names::label(c);
            let mut synonyms = vec![said.clone()];
            if spelled != said {
                synonyms.push(spelled.clone());
            }
            let id_like = lc == "id" || lc.ends_with("_id") || lc.ends_with("id") && w.last().is_some_and(|x| x == "id");
            if is_text && categorical(distinct, cp.non_null, rows) {
                let values = distinct_values(conn, &tq, &cq);
                m.dimensions.push(Dimension {
                    name: dim_name.clone(),
                    column: qualified.clone(),
                    kind: DimensionKind::Categorical,
                    synonyms: synonyms.clone(),
                    description: format!("{spelled} of {}", t.name),
                    grains: Vec::new(),
                    values,
                });
            } else if is_temporal(ty) {
                let mut grains = vec![Grain::Day, Grain::Week, Grain::Month, Grain::Quarter, Grain::Year];
                if !ty.eq_ignore_ascii_case("DATE") {
                    grains.insert(0, Grain::Hour);
                }
                m.dimensions.push(Dimension {
                    name: dim_name.clone(),
                    column: qualified.clone(),
                    kind: DimensionKind::Time,
                    synonyms: synonyms.clone(),
                    description: format!("{spelled} of {}", t.name),
                    grains,
                    values: Vec::new(),
                });
            } else if is_numeric(ty) && !id_like {
                for (agg, word, syn) in [("SUM", "sum", "total"), ("AVG", "avg", "average"), ("MIN", "min", "minimum"), ("MAX", "max", "maximum")] {
                    m.metrics.push(Metric {
                        name: format!("{word}_{}", dim_name),
                        expr: format!("{agg}({tq}.{cq})"),
                        table: t.name.clone(),
                        synonyms: vec![format!("{syn} {spelled}")],
                        description: format!("{syn} of {spelled} over {}", t.name),
                        additive: agg == "SUM",
                        unit: None,
                    });
                }
                // `user_login` holding only 0 and 1: a yes/no flag
                // ("users that are logged in"), its two values listed as
                // a categorical column's are; it stays a number.
                if distinct == 2 {
                    let values = distinct_values(conn, &tq, &cq);
                    if values == ["0", "1"] {
                        m.dimensions.push(Dimension {
                            name: dim_name.clone(),
                            column: qualified.clone(),
                            kind: DimensionKind::Numeric,
                            synonyms: synonyms.clone(),
                            description: format!("{spelled} of {} (yes 1, no 0)", t.name),
                            grains: Vec::new(),
                            values,
                        });
                    }
                }
            }
            columns.push(Column {
                name: c.clone(),
                ty: ty.clone(),
                description: if spelled != said { spelled.clone() } else { String::new() },
                nullable: nulls > 0,
                synonyms,
                unit: None,
                text_format: format,
            });
        }
        m.metrics.insert(
            0,
            Metric {
                name: format!("{}_count", t.name),
                expr: "COUNT(*)".to_string(),
                table: t.name.clone(),
                synonyms: vec![format!("number of {}", words(&t.name).join(" "))],
                description: format!("number of rows in {}", t.name),
                additive: true,
                unit: None,
            },
        );
        m.tables.push(Table {
            name: t.name.clone(),
            file: t.file.clone(),
            sha256: t.sha256.clone(),
            description: format!("{rows} rows"),
            primary_key: pks[ti].clone(),
            label: eponym.or(label.map(|(_, c)| c)),
            columns,
            notes,
        });
    }
    let (joins, notes) = infer_joins(conn, &inputs, &pks);
    m.joins = joins;
    for n in notes {
        if let Some(t) = m.tables.get_mut(n.table) {
            t.notes.push(n.text);
        }
    }
    m.suggested_prompts = prompts(&m);
    m
}

/// `text_format` value for a number written with separators or a currency sign.
pub const GROUPED: &str = "grouped";

/// The type and format a text column is read with, when it holds dates or
/// grouped numbers as text.
fn text_format(p: &TableProfile, i: usize) -> Option<(String, String)> {
    let c = p.columns.get(i)?;
    if let Some(f) = &c.date_format {
        let ty = if f.contains("%H") { "TIMESTAMP" } else { "DATE" };
        return Some((ty.to_string(), f.clone()));
    }
    c.grouped_number.then(|| ("DOUBLE".to_string(), GROUPED.to_string()))
}

/// A text column is a categorical dimension when its values repeat: at most
/// [`MAX_CATEGORIES`] distinct values (fewer than the rows), or, for larger
/// tables, at most [`MAX_CATEGORIES_BY_RATIO`] distinct values making up at
/// most a fifth of its non-empty values.
pub fn categorical(distinct: i64, non_null: i64, rows: i64) -> bool {
    distinct > 0
        && ((distinct <= MAX_CATEGORIES && distinct < rows.max(2))
            || (distinct <= MAX_CATEGORIES_BY_RATIO && distinct * 5 <= non_null))
}

fn distinct_values(conn: &Connection, tq: &str, cq: &str) -> Vec<String> {
    let sql = format!("SELECT DISTINCT CAST({cq} AS VARCHAR) FROM {tq} WHERE {cq} IS NOT NULL ORDER BY 1");
    let Ok(mut stmt) = conn.prepare(&sql) else { return Vec::new() };
    stmt.query_map([], |r| r.get::<_, String>(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

fn prompts(m: &Manifest) -> Vec<String> {
    let mut out = Vec::new();
    for t in &m.tables {
        out.push(format!("How many {} are there?", words(&t.name).join(" ")));
    }
    if let (Some(metric), Some(dim)) = (
        m.metrics.iter().find(|x| x.name.starts_with("avg_")),
        m.dimensions.iter().find(|d| d.kind == DimensionKind::Categorical),
    ) {
        out.push(format!("What is the average {} by {}?", words(&metric.name[4..]).join(" "), words(&dim.name).join(" ")));
    }
    out
}

