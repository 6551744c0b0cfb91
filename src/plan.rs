//! The query plan: a small, versioned JSON language between the planners
//! (offline or a model) and the SQL compiler.
//!
//! A plan names things from the semantic layer (metrics, dimensions,
//! segments) or fully qualified columns (`table.column`); the compiler turns
//! it into DuckDB SQL and adds the joins. A plan may instead carry raw SQL in
//! `sql` (the escape hatch), which then goes straight to the validator.
//! The JSON Schema comes from these types (`sandpiper plan-schema`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The plan format version this build writes and reads.
pub const PLAN_VERSION: u32 = 1;
/// Rows shown when a plan sets no limit.
pub const DEFAULT_LIMIT: u64 = 1_000;
/// No plan may ask for more rows than this.
pub const HARD_LIMIT: u64 = 200_000;

/// A query plan.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// Format version; must be 1.
    #[serde(default = "plan_version")]
    pub version: u32,
    /// Aggregates to compute (empty for a row listing).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub measures: Vec<Measure>,
    /// Group-by dimensions (time dimensions with a grain).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dimensions: Vec<DimensionRef>,
    /// Columns to list when there are no measures (dimension names or `table.column`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    /// Row filters, all of which must hold (applied before aggregation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub filters: Vec<Filter>,
    /// Row conditions joined by "or", applied with `filters`: at least one
    /// group must hold, every filter of a group (`[[a], [b, c]]` is
    /// `a OR (b AND c)`): "longer than 3300 or higher than 100".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub any_of: Vec<Vec<Filter>>,
    /// Filters on measures, applied after aggregation (by measure alias).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub having: Vec<Filter>,
    /// Keep only each entity's latest row before anything else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latest_per: Option<LatestPer>,
    /// Keep only the row(s) with the largest (or smallest) value of a column
    /// within each group before anything else ("for each department, the
    /// employee with the highest salary"); tied rows are all kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extreme_per: Option<ExtremePer>,
    /// Keep only rows whose value is far from its group's mean.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outliers: Option<Outliers>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<OrderBy>,
    /// The table whose rows the answer is about when it shows only columns
    /// of a table they point at: `"body_builder"` with `fields:
    /// ["people.name"]` lists each body builder's name, one row per
    /// `body_builder` row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows_of: Option<String>,
    /// Tables the joins pass through where the plan's tables are linked in
    /// more than one way: `["student_course_attendance"]` for students and
    /// courses linked by attendance as well as by registration.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<String>,
    /// Other listings whose rows are added to this one's, each row once
    /// (SQL `UNION`): "the phone numbers of all customers and all
    /// suppliers" is the customers' listing with `union` holding the
    /// suppliers'. Each is a plain listing (fields and filters) with as
    /// many fields as this one, which is then a plain listing too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub union: Vec<Plan>,
    /// Rows to return; defaults to 1,000 and may not exceed 200,000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// Escape hatch: a plan written as SQL. When set, every other field but
    /// `limit` must be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sql: Option<String>,
}

fn plan_version() -> u32 {
    PLAN_VERSION
}

impl Default for Plan {
    /// An empty plan of the current version.
    fn default() -> Plan {
        Plan {
            version: PLAN_VERSION,
            measures: Vec::new(),
            dimensions: Vec::new(),
            fields: Vec::new(),
            filters: Vec::new(),
            any_of: Vec::new(),
            having: Vec::new(),
            latest_per: None,
            extreme_per: None,
            outliers: None,
            order: Vec::new(),
            rows_of: None,
            via: Vec::new(),
            union: Vec::new(),
            limit: None,
            sql: None,
        }
    }
}

/// One aggregate: a named metric or an aggregate over a column.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Measure {
    /// A metric from the semantic layer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
    /// An aggregate over `column` (when `metric` is not set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agg: Option<Agg>,
    /// `table.column` or a dimension name; `agg: count` may omit it (rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
    /// Count/sum only the rows where these hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub filters: Vec<Filter>,
    /// Report `100 * measure(filtered) / measure(all rows)` (a percentage).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub share: bool,
    /// Output column name; derived from the metric or aggregate when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alias: Option<String>,
}

/// Aggregate functions a plan may apply to a column.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Agg {
    Count,
    CountDistinct,
    Sum,
    Avg,
    Median,
    Min,
    Max,
    Stddev,
}

impl Agg {
    /// The word used in output column names and explanations.
    pub fn word(self) -> &'static str {
        match self {
            Agg::Count => "count",
            Agg::CountDistinct => "distinct_count",
            Agg::Sum => "total",
            Agg::Avg => "avg",
            Agg::Median => "median",
            Agg::Min => "min",
            Agg::Max => "max",
            Agg::Stddev => "stddev",
        }
    }
}

/// Time buckets for time dimensions.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Grain {
    Hour,
    Day,
    Week,
    Month,
    Quarter,
    Year,
}

impl Grain {
    pub fn word(self) -> &'static str {
        match self {
            Grain::Hour => "hour",
            Grain::Day => "day",
            Grain::Week => "week",
            Grain::Month => "month",
            Grain::Quarter => "quarter",
            Grain::Year => "year",
        }
    }
    pub const ALL: [Grain; 6] = [
        Grain::Hour,
        Grain::Day,
        Grain::Week,
        Grain::Month,
        Grain::Quarter,
        Grain::Year,
    ];
}

/// A group-by dimension: a dimension name or `table.column`, and a grain for time.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DimensionRef {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grain: Option<Grain>,
}

/// Comparison operators.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    NotIn,
    /// Inclusive range `[low, high]`; for dates, a half-open day range is
    /// better written as `ge` + `lt`.
    Between,
    Like,
    IsNull,
    IsNotNull,
    /// A segment (named condition) holds; `field` names the segment.
    IsTrue,
    /// A segment does not hold.
    IsFalse,
    /// Relative range: the last `n` `unit`s up to the latest value in the data.
    Last,
    /// Some row of another table has this value in `{"column": ...}` (a semi-join:
    /// "customers who have an order").
    Exists,
    /// No row of another table has this value in `{"column": ...}` (an
    /// anti-join: "documents that have no sections"; NULL-safe, unlike NOT IN).
    NotExists,
}

impl Op {
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::In => "IN",
            Op::NotIn => "NOT IN",
            Op::Between => "BETWEEN",
            Op::Like => "LIKE",
            Op::IsNull => "IS NULL",
            Op::IsNotNull => "IS NOT NULL",
            Op::IsTrue => "is",
            Op::IsFalse => "is not",
            Op::Last => "in the last",
            Op::Exists => "appears in",
            Op::NotExists => "does not appear in",
        }
    }
}

/// A filter: `field op value`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Dimension, segment, `table.column`, or (in `having`) a measure alias.
    pub field: String,
    pub op: Op,
    /// Scalar for comparisons, list for IN/NOT IN/BETWEEN, `{"column": ...}`
    /// to compare with another column, `{"n": 30, "unit": "day"}` for `last`;
    /// absent for IS NULL / segments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Operand>,
}

/// The right-hand side of a filter.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(untagged)]
pub enum Operand {
    /// One number computed over rows of a table: `agg` of `column` over the
    /// rows where `filters` hold (all rows when empty; the filters name
    /// columns of `column`'s table). Compared with `eq` ... `ge`, in
    /// `filters` or `having`: "salary above the average salary"
    /// (`{"agg": "avg", "column": "employee.salary"}`), "older than every
    /// student in department X" (`{"agg": "max", "column": "student.age",
    /// "filters": [...]}`). Listed first: it is told apart by `agg`.
    Aggregate {
        agg: Agg,
        column: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        filters: Vec<Filter>,
    },
    /// Rows of one table where `filters` hold (the filters name columns of
    /// that table). With `exists` / `not_exists`: some / no such row has
    /// `column` equal to the field ("instructors who did not teach in the
    /// Spring"). With `in` / `not_in`: the field is / is not among the
    /// values `column` takes in those rows, which may be rows of the
    /// field's own table ("headquarters without a company in banking").
    Rows { column: String, filters: Vec<Filter> },
    /// Another column (`table.column` or dimension name).
    Column { column: String },
    /// A relative time span.
    Span { n: u32, unit: Grain },
    /// A literal: string, number, boolean, or a list of them.
    Value(serde_json::Value),
}

/// Keep each entity's latest row, by a time column.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LatestPer {
    /// The entity (dimension or `table.column`), e.g. `sensor_id`.
    pub entity: String,
    /// The time column deciding which row is latest.
    pub time: String,
}

/// Keep, within each group of rows with the same `partition` value, the
/// row(s) whose `by` is the largest (`desc`, the default) or smallest; all
/// rows tied on the extreme are kept, rows whose `by` is NULL never are.
/// `partition` and `by` are columns of one table (or dimensions on it).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtremePer {
    /// The group, e.g. `employee.department_id`.
    pub partition: String,
    /// The column whose extreme picks the row(s), e.g. `employee.salary`.
    pub by: String,
    /// True (default): the largest `by`; false: the smallest.
    #[serde(default = "yes")]
    pub desc: bool,
}

fn yes() -> bool {
    true
}

/// Rows whose `column` is more than `sigmas` standard deviations from the
/// mean of its group (`partition`, or the whole table).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Outliers {
    pub column: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition: Option<String>,
    pub sigmas: f64,
}

/// Sort key: a measure alias, dimension or field name.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderBy {
    pub by: String,
    #[serde(default)]
    pub desc: bool,
}

impl Plan {
    /// A plan that is just SQL.
    pub fn from_sql(sql: impl Into<String>) -> Plan {
        Plan {
            version: PLAN_VERSION,
            sql: Some(sql.into()),
            ..Plan::default()
        }
    }

    /// True when the plan is a plain listing of rows: [`Plan::lists_rows`],
    /// with no "or" groups, no rows shown through another table, no limit
    /// and no union.
    pub fn lists_plainly(&self) -> bool {
        self.lists_rows() && self.any_of.is_empty() && self.rows_of.is_none() && self.limit.is_none() && self.union.is_empty()
    }

    /// True when the plan lists rows rather than aggregating or picking
    /// them: no measures, dimensions, having, per-row selections or SQL.
    pub fn lists_rows(&self) -> bool {
        self.measures.is_empty()
            && self.dimensions.is_empty()
            && self.having.is_empty()
            && self.latest_per.is_none()
            && self.extreme_per.is_none()
            && self.outliers.is_none()
            && self.sql.is_none()
    }

    /// The row limit this plan runs with: its own, or the default, capped.
    pub fn effective_limit(&self) -> u64 {
        self.limit.unwrap_or(DEFAULT_LIMIT).min(HARD_LIMIT)
    }
}

/// The JSON Schema of the plan format, pretty-printed.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(Plan);
    serde_json::to_string_pretty(&schema).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_forms_round_trip_and_old_plans_still_read() {
        let text = r#"{"version":1,"fields":["e.name"],
            "filters":[{"field":"e.salary","op":"gt","value":{"agg":"avg","column":"e.salary",
                "filters":[{"field":"e.dept","op":"eq","value":"Sales"}]}},
              {"field":"e.age","op":"lt","value":{"agg":"max","column":"e.age"}},
              {"field":"e.id","op":"in","value":{"column":"x.id","filters":[]}},
              {"field":"e.boss","op":"eq","value":{"column":"e.id"}}],
            "extreme_per":{"partition":"e.dept","by":"e.salary","desc":false}}"#;
        let p: Plan = serde_json::from_str(text).unwrap();
        assert!(matches!(&p.filters[0].value, Some(Operand::Aggregate { agg: Agg::Avg, filters, .. }) if filters.len() == 1));
        assert!(matches!(&p.filters[1].value, Some(Operand::Aggregate { agg: Agg::Max, filters, .. }) if filters.is_empty()));
        assert!(matches!(&p.filters[2].value, Some(Operand::Rows { .. })));
        assert!(matches!(&p.filters[3].value, Some(Operand::Column { .. })));
        assert_eq!(p.extreme_per.as_ref().map(|e| e.desc), Some(false));
        let back: Plan = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
        // A plan stored before `extreme_per` existed still reads, and `desc` defaults to true.
        let old: Plan = serde_json::from_str(r#"{"version":1,"fields":["s.v"],"latest_per":{"entity":"s.id","time":"s.at"}}"#).unwrap();
        assert_eq!(old.latest_per.as_ref().map(|l| l.time.as_str()), Some("s.at"));
        let e: ExtremePer = serde_json::from_str(r#"{"partition":"a.b","by":"a.c"}"#).unwrap();
        assert!(e.desc);
    }

    #[test]
    fn a_union_round_trips_and_old_plans_have_none() {
        let p: Plan = serde_json::from_str(r#"{"version":1,"fields":["c.phone"],"union":[{"version":1,"fields":["s.phone"]}]}"#).unwrap();
        assert_eq!(p.union.len(), 1);
        assert_eq!(p.union[0].fields, vec!["s.phone".to_string()]);
        let back: Plan = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
        let old: Plan = serde_json::from_str(r#"{"version":1,"fields":["s.v"]}"#).unwrap();
        assert!(old.union.is_empty());
        assert!(!serde_json::to_string(&old).unwrap().contains("union"));
    }

    #[test]
    fn any_of_reads_and_old_plans_have_none() {
        let p: Plan = serde_json::from_str(r#"{"version":1,"fields":["r.status"],"any_of":[[{"field":"r.length","op":"gt","value":3300}],[{"field":"r.height","op":"gt","value":100}]]}"#).unwrap();
        assert_eq!(p.any_of.len(), 2);
        assert_eq!(p.any_of[1][0].field, "r.height");
        let old: Plan = serde_json::from_str(r#"{"version":1,"fields":["s.v"]}"#).unwrap();
        assert!(old.any_of.is_empty());
        assert!(!serde_json::to_string(&old).unwrap().contains("any_of"));
    }

    #[test]
    fn json_schema_describes_the_plan() {
        let v: serde_json::Value = serde_json::from_str(&json_schema()).unwrap();
        let props = v["properties"].as_object().unwrap();
        for key in ["version", "measures", "dimensions", "fields", "filters", "any_of", "having", "latest_per", "extreme_per", "outliers", "order", "union", "limit", "sql"] {
            assert!(props.contains_key(key), "schema lacks {key}");
        }
    }
}
