//! Resolving the names a plan uses (dimensions, metrics, segments, columns,
//! values) against the semantic layer, with the closest valid names offered
//! when one is unknown.

use super::sqltext::{ident, literal, qualified};
use super::CompileError;
use crate::plan::Grain;
use crate::semantic::{is_temporal, DimensionKind, Manifest};

/// A resolved scalar: SQL text, the tables it reads, and its type.
#[derive(Debug, Clone)]
pub struct Field {
    pub sql: String,
    pub tables: Vec<String>,
    pub ty: String,
    /// Name used for the output column.
    pub name: String,
    /// True for a segment (a named boolean condition).
    pub is_segment: bool,
    /// Known values when the field is a categorical dimension.
    pub values: Vec<String>,
}

/// Looks names up in one manifest.
pub struct Resolver<'m> {
    pub m: &'m Manifest,
}

impl<'m> Resolver<'m> {
    pub fn new(m: &'m Manifest) -> Resolver<'m> {
        Resolver { m }
    }

    /// Every name a field may be given: dimensions, segments, `table.column`.
    fn field_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.m.dimensions.iter().map(|d| d.name.clone()).collect();
        names.extend(self.m.segments.iter().map(|s| s.name.clone()));
        for t in &self.m.tables {
            // A column a dimension already names is offered by that name only.
            names.extend(
                t.columns
                    .iter()
                    .map(|c| format!("{}.{}", t.name, c.name))
                    .filter(|q| !self.m.dimensions.iter().any(|d| d.column.eq_ignore_ascii_case(q))),
            );
        }
        names
    }

    /// A dimension, segment, `table.column` or unambiguous bare column name.
    pub fn field(&self, name: &str) -> Result<Field, CompileError> {
        if let Some(d) = self.m.dimension(name) {
            let mut f = self.column(&d.column)?;
            f.name = d.name.clone();
            f.values = d.values.clone();
            if d.kind == DimensionKind::Categorical && f.values.is_empty() {
                f.values = Vec::new();
            }
            return Ok(f);
        }
        if let Some(s) = self.m.segment(name) {
            return Ok(Field {
                sql: format!("({})", s.expr),
                tables: self.tables_in(&s.expr, &s.table),
                ty: "BOOLEAN".into(),
                name: s.name.clone(),
                is_segment: true,
                values: Vec::new(),
            });
        }
        if name.contains('.') {
            return self.column(name);
        }
        let hits: Vec<String> = self
            .m
            .tables
            .iter()
            .filter(|t| t.columns.iter().any(|c| c.name.eq_ignore_ascii_case(name)))
            .map(|t| format!("{}.{}", t.name, name))
            .collect();
        match hits.as_slice() {
            [one] => self.column(one),
            [] => Err(CompileError::Unknown {
                kind: "field",
                name: name.to_string(),
                suggestions: closest(name, &self.field_names()),
            }),
            many => Err(CompileError::Ambiguous {
                name: name.to_string(),
                candidates: many.to_vec(),
            }),
        }
    }

    /// A fully qualified column `table.column`.
    pub fn column(&self, qualified_name: &str) -> Result<Field, CompileError> {
        match self.m.column(qualified_name) {
            Some((t, c)) => {
                let values = self
                    .m
                    .dimensions
                    .iter()
                    .find(|d| d.column.eq_ignore_ascii_case(qualified_name))
                    .map(|d| d.values.clone())
                    .unwrap_or_default();
                Ok(Field {
                    sql: qualified(&t.name, &c.name),
                    tables: vec![t.name.clone()],
                    ty: c.ty.clone(),
                    name: c.name.clone(),
                    is_segment: false,
                    values,
                })
            }
            None => Err(CompileError::Unknown {
                kind: "column",
                name: qualified_name.to_string(),
                suggestions: closest(qualified_name, &self.field_names()),
            }),
        }
    }

    /// A table name.
    pub fn table(&self, name: &str) -> Option<String> {
        self.m.table(name).map(|t| t.name.clone())
    }

    /// The grain expression of a time field, and the output name.
    pub fn with_grain(&self, f: &Field, grain: Option<Grain>) -> Result<(String, String), CompileError> {
        match grain {
            None => Ok((f.sql.clone(), f.name.clone())),
            Some(g) if is_temporal(&f.ty) => {
                let sql = match g {
                    Grain::Hour => format!("date_trunc('hour', {})", f.sql),
                    _ => format!("CAST(date_trunc('{}', {}) AS DATE)", g.word(), f.sql),
                };
                Ok((sql, format!("{}_{}", f.name, g.word())))
            }
            Some(g) => Err(CompileError::Invalid(format!(
                "`{}` is not a date or time, so it has no {} grain",
                f.name,
                g.word()
            ))),
        }
    }

    /// Tables an expression reads: `home` plus every table named as `table.`.
    pub fn tables_in(&self, expr: &str, home: &str) -> Vec<String> {
        let mut out = vec![home.to_string()];
        let lower = expr.to_ascii_lowercase();
        for t in &self.m.tables {
            let name = t.name.to_ascii_lowercase();
            if out.iter().any(|o| o.eq_ignore_ascii_case(&name)) {
                continue;
            }
            let quoted = format!("{}.", ident(&t.name).to_ascii_lowercase());
            let plain = format!("{name}.");
            let mentions = |pat: &str| {
                lower.match_indices(pat).any(|(i, _)| {
                    i == 0
                        || !lower[..i]
                            .chars()
                            .next_back()
                            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '"')
                })
            };
            if mentions(&plain) || (quoted != plain && lower.contains(&quoted)) {
                out.push(t.name.clone());
            }
        }
        out
    }

    /// Check a literal against a categorical field's known values, returning
    /// the canonical spelling.
    pub fn check_value(&self, f: &Field, v: &serde_json::Value) -> Result<String, CompileError> {
        if let (false, Some(s)) = (f.values.is_empty(), v.as_str()) {
            if let Some(hit) = f.values.iter().find(|x| x.eq_ignore_ascii_case(s)) {
                return Ok(literal(&serde_json::Value::String(hit.clone()), &f.ty));
            }
            if !s.contains('%') {
                return Err(CompileError::UnknownValue {
                    field: f.name.clone(),
                    value: s.to_string(),
                    suggestions: closest(s, &f.values),
                });
            }
        }
        Ok(literal(v, &f.ty))
    }
}

/// Up to three names closest to `name`, best first.
pub fn closest(name: &str, names: &[String]) -> Vec<String> {
    let needle = name.to_ascii_lowercase();
    let mut scored: Vec<(f64, &String)> = names
        .iter()
        .map(|n| {
            let hay = n.to_ascii_lowercase();
            let tail = hay.rsplit('.').next().unwrap_or(&hay).to_string();
            let s = strsim::jaro_winkler(&needle, &hay).max(strsim::jaro_winkler(&needle, &tail));
            let bonus = if hay.contains(&needle) || needle.contains(&tail) { 0.1 } else { 0.0 };
            (s + bonus, n)
        })
        .filter(|(s, _)| *s > 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.into_iter().take(3).map(|(_, n)| n.clone()).collect()
}
