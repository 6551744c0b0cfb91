//! The semantic layer: what a dataset's tables, joins, metrics, dimensions and
//! values *mean*, as written in its `dataset.toml` manifest.
//!
//! Invariants: every SQL expression in a manifest names its columns fully
//! qualified (`table.column`) so the compiler can tell which tables a metric,
//! dimension or segment needs; joins are declared many-to-one (`from` is the
//! many side, `to` the one side). Nothing here touches the disk: loading and
//! hashing live in `dataset`.

use serde::{Deserialize, Serialize};

/// A dataset manifest: the contents of `datasets/<name>/dataset.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Dataset name (lowercase, `[a-z0-9_]`).
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// True when the semantic layer was derived automatically from the data.
    #[serde(default)]
    pub derived: bool,
    pub tables: Vec<Table>,
    #[serde(default)]
    pub joins: Vec<Join>,
    #[serde(default)]
    pub metrics: Vec<Metric>,
    #[serde(default)]
    pub dimensions: Vec<Dimension>,
    /// Named boolean conditions ("breached SLA", "below reorder level").
    #[serde(default)]
    pub segments: Vec<Segment>,
    /// Words that stand for a dimension value ("Germany" means country 'DE').
    #[serde(default)]
    pub values: Vec<ValueSynonym>,
    #[serde(default)]
    pub suggested_prompts: Vec<String>,
    /// Questions with known answers, used by `sandpiper eval`.
    #[serde(default)]
    pub golden: Vec<Golden>,
}

/// One table, stored as one CSV file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub name: String,
    /// File name relative to the dataset directory.
    pub file: String,
    /// SHA-256 (lowercase hex) of the file's bytes.
    #[serde(default)]
    pub sha256: String,
    #[serde(default)]
    pub description: String,
    /// Column that identifies a row, when there is one.
    #[serde(default)]
    pub primary_key: Option<String>,
    /// Column that names a row for people (product_name, agent, sensor_id).
    #[serde(default)]
    pub label: Option<String>,
    pub columns: Vec<Column>,
    /// What `datasets add` had to do to read the file, or noticed about it
    /// (a column widened to text because the type detection was wrong
    /// past its sample, a date stored as text read with its format).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A column and its DuckDB type.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Column {
    pub name: String,
    /// DuckDB type: INTEGER, BIGINT, DOUBLE, DECIMAL(12,2), VARCHAR, DATE, TIMESTAMP, BOOLEAN.
    #[serde(rename = "type")]
    pub ty: String,
    #[serde(default)]
    pub description: String,
    #[serde(default = "yes")]
    pub nullable: bool,
    /// Other words people use for this column.
    #[serde(default)]
    pub synonyms: Vec<String>,
    /// Unit shown to users and matched in questions ("hours", "ppm", "V").
    #[serde(default)]
    pub unit: Option<String>,
    /// When the file holds this column as text that `type` is read from:
    /// a `strptime` format for DATE and TIMESTAMP (`%m/%d/%Y %H:%M`), or
    /// `grouped` for a number written with thousands separators or a
    /// currency sign (`$1,234.50`). The file keeps the text; the prepared
    /// table holds the typed value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_format: Option<String>,
}

fn yes() -> bool {
    true
}

/// A many-to-one join: each `from` row matches at most one `to` row.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// `table.column` on the many side.
    pub from: String,
    /// `table.column` on the one side.
    pub to: String,
    /// Why `datasets add` inferred this join; absent for a join written by
    /// hand (`datasets show` prints it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<JoinEvidence>,
}

/// The evidence for an inferred join.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct JoinEvidence {
    /// Share of the `from` column's distinct values found in the `to` column.
    pub inclusion: f64,
    /// How many distinct values the `from` column has.
    pub distinct: i64,
    /// What the names say (`name refers to the table or its key`, ...).
    pub names: String,
}

/// A named measure with an aggregate SQL expression.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Metric {
    pub name: String,
    /// Aggregate expression over fully qualified columns, e.g.
    /// `SUM(order_items.quantity * order_items.unit_price)`.
    pub expr: String,
    /// The table whose rows the aggregate runs over (its grain).
    pub table: String,
    #[serde(default)]
    pub synonyms: Vec<String>,
    #[serde(default)]
    pub description: String,
    /// True when the metric can be split into a filtered part and a total
    /// (sums and counts), so "share of" questions may use it.
    #[serde(default)]
    pub additive: bool,
    #[serde(default)]
    pub unit: Option<String>,
}

/// What kind of values a dimension holds.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DimensionKind {
    Categorical,
    Time,
    Numeric,
    Identifier,
}

/// A column people group or filter by.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Dimension {
    pub name: String,
    /// `table.column`.
    pub column: String,
    pub kind: DimensionKind,
    #[serde(default)]
    pub synonyms: Vec<String>,
    #[serde(default)]
    pub description: String,
    /// Allowed grains for time dimensions (day, week, month, quarter, year, hour).
    #[serde(default)]
    pub grains: Vec<crate::plan::Grain>,
    /// Known values of a categorical dimension.
    #[serde(default)]
    pub values: Vec<String>,
}

/// A named boolean condition over fully qualified columns.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Segment {
    pub name: String,
    /// SQL boolean expression, e.g. `inventory.stock_on_hand < inventory.reorder_level`.
    pub expr: String,
    /// The table the condition is about.
    pub table: String,
    #[serde(default)]
    pub synonyms: Vec<String>,
    #[serde(default)]
    pub description: String,
}

/// Words that stand for one value of a dimension.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ValueSynonym {
    pub dimension: String,
    pub value: String,
    pub synonyms: Vec<String>,
}

/// A question with gold SQL whose result is the right answer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Golden {
    pub question: String,
    pub gold_sql: String,
    /// Whether row order is part of the answer.
    #[serde(default)]
    pub ordered: bool,
}

impl Manifest {
    /// A derived manifest of `tables` alone: no joins, no semantic layer.
    pub fn of_tables(name: &str, tables: Vec<Table>) -> Manifest {
        Manifest {
            name: name.to_string(),
            description: String::new(),
            derived: true,
            tables,
            joins: vec![],
            metrics: vec![],
            dimensions: vec![],
            segments: vec![],
            values: vec![],
            suggested_prompts: vec![],
            golden: vec![],
        }
    }

    /// The table with this name (case-insensitive).
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The column `table.column` (case-insensitive), with its table.
    pub fn column(&self, qualified: &str) -> Option<(&Table, &Column)> {
        let (t, c) = qualified.split_once('.')?;
        let table = self.table(t)?;
        let col = table.columns.iter().find(|x| x.name.eq_ignore_ascii_case(c))?;
        Some((table, col))
    }

    pub fn metric(&self, name: &str) -> Option<&Metric> {
        self.metrics.iter().find(|m| m.name.eq_ignore_ascii_case(name))
    }

    pub fn dimension(&self, name: &str) -> Option<&Dimension> {
        self.dimensions.iter().find(|d| d.name.eq_ignore_ascii_case(name))
    }

    pub fn segment(&self, name: &str) -> Option<&Segment> {
        self.segments.iter().find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// Every `table.column:type` line, sorted: the input of the schema fingerprint.
    pub fn schema_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .tables
            .iter()
            .flat_map(|t| {
                t.columns
                    .iter()
                    .map(move |c| format!("{}.{}:{}", t.name, c.name, c.ty))
            })
            .collect();
        lines.sort();
        lines
    }
}

/// True when a DuckDB type name is a date or timestamp type.
pub fn is_temporal(ty: &str) -> bool {
    let t = ty.to_ascii_uppercase();
    t == "DATE" || t.starts_with("TIMESTAMP")
}

/// True when a DuckDB type name is a whole-number type, signed or
/// unsigned (`BIGINT`, `INTEGER`, `INT`, `UBIGINT`, ...; not `DOUBLE` or
/// `DECIMAL`).
pub fn is_integer(ty: &str) -> bool {
    let t = ty.to_ascii_uppercase();
    ["TINYINT", "SMALLINT", "INTEGER", "INT", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT"].contains(&t.as_str())
}

/// True when a DuckDB type name is numeric.
pub fn is_numeric(ty: &str) -> bool {
    let t = ty.to_ascii_uppercase();
    [
        "TINYINT", "SMALLINT", "INTEGER", "INT", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT",
        "UINTEGER", "UBIGINT", "FLOAT", "REAL", "DOUBLE", "DECIMAL", "NUMERIC",
    ]
    .iter()
    .any(|p| t.starts_with(p))
}
