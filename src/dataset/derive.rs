//! A semantic layer derived from the data, for datasets added without a
//! manifest: row counts and sum/avg/min/max metrics for numeric columns,
//! categorical dimensions (with their values) for text columns with few
//! distinct values, time dimensions for dates, keys and joins inferred from
//! `id` / `<table>_id` columns, and column synonyms from split names.

use crate::compile::sqltext::ident;
use crate::plan::Grain;
use crate::semantic::{
    is_numeric, is_temporal, Column, Dimension, DimensionKind, Join, Manifest, Metric, Table,
};
use duckdb::Connection;

/// Text columns with at most this many distinct values become categorical.
const MAX_CATEGORIES: i64 = 40;

/// What the deriver knows about one loaded table.
#[derive(Debug, Clone)]
pub struct LoadedTable {
    pub name: String,
    pub file: String,
    pub sha256: String,
    pub columns: Vec<(String, String)>,
}

/// Split `camelCase`, `snake_case`, `kebab-case` and spaces into lowercase words.
pub fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let boundary = c.is_uppercase()
            && i > 0
            && (chars[i - 1].is_lowercase()
                || (chars[i - 1].is_uppercase() && chars.get(i + 1).is_some_and(|n| n.is_lowercase())));
        if boundary && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn singular(w: &str) -> String {
    if let Some(s) = w.strip_suffix("ies") {
        format!("{s}y")
    } else if w.ends_with("ss") {
        w.to_string()
    } else if let Some(s) = w.strip_suffix('s') {
        s.to_string()
    } else {
        w.to_string()
    }
}

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap_or(-1)
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
    let col_count = |c: &str| tables.iter().filter(|t| t.columns.iter().any(|x| x.0.eq_ignore_ascii_case(c))).count();
    for t in tables {
        let tq = ident(&t.name);
        let rows = count(conn, &format!("SELECT COUNT(*) FROM {tq}"));
        let single = singular(&t.name.to_ascii_lowercase());
        let mut pk = None;
        let mut label = None;
        let mut columns = Vec::new();
        for (c, ty) in &t.columns {
            let cq = ident(c);
            let lc = c.to_ascii_lowercase();
            let distinct = count(conn, &format!("SELECT COUNT(DISTINCT {cq}) FROM {tq}"));
            let nulls = count(conn, &format!("SELECT COUNT(*) FROM {tq} WHERE {cq} IS NULL"));
            let keyish = ["id".to_string(), format!("{single}_id"), format!("{single}id"), "code".into(), format!("{single}_code")]
                .contains(&lc);
            let first = columns.is_empty() && ["id", "code", "key", "_no", "number"].iter().any(|e| lc.ends_with(e));
            // The key: a conventionally named column, or failing that the
            // first column, when its values are unique and never NULL.
            if pk.is_none() && (keyish || first) && distinct == rows && nulls == 0 && rows > 0 {
                pk = Some(c.clone());
            }
            let is_text = ty.eq_ignore_ascii_case("VARCHAR");
            if label.is_none() && is_text && (lc.contains("name") || lc.contains("title")) {
                label = Some(c.clone());
            }
            let qualified = format!("{}.{}", t.name, c);
            let dim_name = if col_count(c) > 1 { format!("{}_{}", t.name, c) } else { c.clone() };
            let w = words(c);
            let id_like = lc == "id" || lc.ends_with("_id") || lc.ends_with("id") && w.last().is_some_and(|x| x == "id");
            if is_text && distinct > 0 && distinct <= MAX_CATEGORIES && distinct < rows.max(2) {
                let values = distinct_values(conn, &tq, &cq);
                m.dimensions.push(Dimension {
                    name: dim_name.clone(),
                    column: qualified.clone(),
                    kind: DimensionKind::Categorical,
                    synonyms: vec![w.join(" ")],
                    description: format!("{} of {}", w.join(" "), t.name),
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
                    synonyms: vec![w.join(" ")],
                    description: format!("{} of {}", w.join(" "), t.name),
                    grains,
                    values: Vec::new(),
                });
            } else if is_numeric(ty) && !id_like {
                for (agg, word, syn) in [("SUM", "sum", "total"), ("AVG", "avg", "average"), ("MIN", "min", "minimum"), ("MAX", "max", "maximum")] {
                    m.metrics.push(Metric {
                        name: format!("{word}_{}", dim_name),
                        expr: format!("{agg}({tq}.{cq})"),
                        table: t.name.clone(),
                        synonyms: vec![format!("{syn} {}", w.join(" "))],
                        description: format!("{syn} of {} over {}", w.join(" "), t.name),
                        additive: agg == "SUM",
                        unit: None,
                    });
                }
            }
            columns.push(Column {
                name: c.clone(),
                ty: ty.clone(),
                description: String::new(),
                nullable: nulls > 0,
                synonyms: vec![w.join(" ")],
                unit: None,
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
            primary_key: pk,
            label,
            columns,
        });
    }
    m.joins = infer_joins(&m.tables);
    m.suggested_prompts = prompts(&m);
    m
}

fn distinct_values(conn: &Connection, tq: &str, cq: &str) -> Vec<String> {
    let sql = format!("SELECT DISTINCT CAST({cq} AS VARCHAR) FROM {tq} WHERE {cq} IS NOT NULL ORDER BY 1");
    let Ok(mut stmt) = conn.prepare(&sql) else { return Vec::new() };
    stmt.query_map([], |r| r.get::<_, String>(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// A column in one table that is another table's key (same name, or
/// `<table>_id` against `id`) is a many-to-one join.
pub fn infer_joins(tables: &[Table]) -> Vec<Join> {
    let mut joins = Vec::new();
    for a in tables {
        for c in &a.columns {
            let lc = c.name.to_ascii_lowercase();
            for b in tables {
                if a.name == b.name {
                    continue;
                }
                let Some(pk) = &b.primary_key else { continue };
                let bsing = singular(&b.name.to_ascii_lowercase());
                let same = lc == pk.to_ascii_lowercase() && a.primary_key.as_deref().is_none_or(|p| !p.eq_ignore_ascii_case(&c.name));
                // `<table>_<key>` or `<table><key>` names b's key (country_id -> country.id,
                // countrycode -> country.code).
                let pkl = pk.to_ascii_lowercase();
                let named = lc == format!("{bsing}_{pkl}") || lc == format!("{bsing}{pkl}");
                if same || named {
                    joins.push(Join { from: format!("{}.{}", a.name, c.name), to: format!("{}.{}", b.name, pk) });
                }
            }
        }
    }
    joins
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

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("order_date", &["order", "date"])]
    #[case("customerId", &["customer", "id"])]
    #[case("HTTPStatus", &["http", "status"])]
    #[case("Singer_ID", &["singer", "id"])]
    #[case("unit price", &["unit", "price"])]
    fn splits_names(#[case] name: &str, #[case] want: &[&str]) {
        assert_eq!(words(name), want);
    }
}
