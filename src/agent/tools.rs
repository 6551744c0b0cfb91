//! The tools a model may call while planning (the tool-use loop):
//! `list_tables`, `describe_table`, `sample_values`, `run_sql`, and the
//! final `answer` (plus `submit_plan` / `submit_sql`, read by
//! `llm::answer`). Tool specs and the schema tools are pure over the
//! manifest; the two that read data build or take SQL, pass it through
//! the validator with the dataset's policy, and run it through the
//! driver's runner (the jail) with a row cap.
//!
//! Invariants: no SQL reaches the runner without passing the validator;
//! every result is capped at [`ROW_CAP`] rows; a tool never panics on
//! what the model sends (unknown tools, missing or wrong arguments are
//! error results the model can read); results are data and are fenced
//! by the caller before they go back to the model.

use std::time::Duration;

use serde_json::{json, Value};

use crate::llm::{answer, ToolCall, ToolSpec};
use crate::runner::{CancelToken, QueryRequest, Runner};
use crate::semantic::Manifest;
use crate::sql::{validate, Policy};

pub const LIST_TABLES: &str = "list_tables";
pub const DESCRIBE_TABLE: &str = "describe_table";
pub const SAMPLE_VALUES: &str = "sample_values";
pub const RUN_SQL: &str = "run_sql";
/// Rows a tool returns at most.
pub const ROW_CAP: u64 = 20;

/// What a tool returned.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    /// JSON text for the model.
    pub content: String,
    pub is_error: bool,
    /// One line for progress and the audit log.
    pub summary: String,
}

impl ToolOutput {
    fn ok(v: Value, summary: String) -> ToolOutput {
        ToolOutput { content: v.to_string(), is_error: false, summary }
    }
    fn err(msg: impl Into<String>) -> ToolOutput {
        let msg = msg.into();
        ToolOutput { content: json!({ "error": msg }).to_string(), is_error: true, summary: msg }
    }
}

/// The exploration tools and the final `answer` tool.
pub fn specs(with_sql: bool) -> Vec<ToolSpec> {
    let obj = |props: Value, required: &[&str]| json!({ "type": "object", "properties": props, "required": required, "additionalProperties": false });
    let mut v = vec![
        ToolSpec { name: LIST_TABLES.into(), description: "List the dataset's tables with their row descriptions.".into(), input_schema: obj(json!({}), &[]) },
        ToolSpec {
            name: DESCRIBE_TABLE.into(),
            description: "Columns, types and descriptions of one table.".into(),
            input_schema: obj(json!({ "table": { "type": "string" } }), &["table"]),
        },
    ];
    if with_sql {
        v.push(ToolSpec {
            name: SAMPLE_VALUES.into(),
            description: format!("Up to {ROW_CAP} distinct values of one column."),
            input_schema: obj(json!({ "table": { "type": "string" }, "column": { "type": "string" } }), &["table", "column"]),
        });
        v.push(ToolSpec {
            name: RUN_SQL.into(),
            description: format!("Run one read-only DuckDB SELECT to explore the data; at most {ROW_CAP} rows come back."),
            input_schema: obj(json!({ "sql": { "type": "string" } }), &["sql"]),
        });
    }
    v.push(ToolSpec {
        name: answer::ANSWER.into(),
        description: "Give the final answer: {\"plan\": <query plan>} or {\"sql\": \"SELECT ...\", \"rationale\": \"...\"}.".into(),
        input_schema: json!({ "type": "object", "properties": { "plan": { "type": "object" }, "sql": { "type": "string" }, "rationale": { "type": "string" } } }),
    });
    v
}

/// Whether `name` is an exploration tool run here (as opposed to an answer).
pub fn is_exploration(name: &str) -> bool {
    matches!(name, LIST_TABLES | DESCRIBE_TABLE | SAMPLE_VALUES | RUN_SQL)
}

/// Run one exploration tool call.
pub fn call(m: &Manifest, c: &ToolCall, runner: Option<&mut dyn Runner>, cancel: &CancelToken, timeout: Duration) -> ToolOutput {
    let arg = |k: &str| c.input.get(k).and_then(Value::as_str).map(str::to_string);
    match c.name.as_str() {
        LIST_TABLES => list_tables(m),
        DESCRIBE_TABLE => match arg("table") {
            Some(t) => describe_table(m, &t),
            None => ToolOutput::err("describe_table needs {\"table\": name}"),
        },
        SAMPLE_VALUES => match (arg("table"), arg("column"), runner) {
            (Some(t), Some(col), Some(r)) => match sample_sql(m, &t, &col) {
                Ok(sql) => run_sql(m, &sql, r, cancel, timeout),
                Err(e) => ToolOutput::err(e),
            },
            (_, _, None) => ToolOutput::err("no data access in this run"),
            _ => ToolOutput::err("sample_values needs {\"table\": name, \"column\": name}"),
        },
        RUN_SQL => match (arg("sql"), runner) {
            (Some(sql), Some(r)) => run_sql(m, &sql, r, cancel, timeout),
            (None, _) => ToolOutput::err("run_sql needs {\"sql\": \"SELECT ...\"}"),
            (_, None) => ToolOutput::err("no data access in this run"),
        },
        other => ToolOutput::err(format!("there is no tool named {other}")),
    }
}

fn list_tables(m: &Manifest) -> ToolOutput {
    let tables: Vec<Value> = m.tables.iter().map(|t| json!({ "table": t.name, "description": t.description, "columns": t.columns.len() })).collect();
    let n = tables.len();
    ToolOutput::ok(json!({ "tables": tables }), format!("{n} tables"))
}

fn describe_table(m: &Manifest, name: &str) -> ToolOutput {
    let Some(t) = m.table(name) else {
        let names: Vec<&str> = m.tables.iter().map(|t| t.name.as_str()).collect();
        return ToolOutput::err(format!("no table named {name}; tables: {}", names.join(", ")));
    };
    let cols: Vec<Value> = t.columns.iter().map(|c| json!({ "column": c.name, "type": c.ty, "description": c.description })).collect();
    let joins: Vec<Value> = m
        .joins
        .iter()
        .filter(|j| j.from.starts_with(&format!("{}.", t.name)) || j.to.starts_with(&format!("{}.", t.name)))
        .map(|j| json!({ "from": j.from, "to": j.to }))
        .collect();
    ToolOutput::ok(json!({ "table": t.name, "primary_key": t.primary_key, "columns": cols, "joins": joins }), format!("table {}", t.name))
}

fn quote(ident: &str) -> String {
    format!("\"{}\"", ident.replace('"', "\"\""))
}

/// The SQL of `sample_values`, over names the manifest really has.
fn sample_sql(m: &Manifest, table: &str, column: &str) -> Result<String, String> {
    let (t, c) = m.column(&format!("{table}.{column}")).ok_or_else(|| format!("no column {table}.{column}"))?;
    let (tq, cq) = (quote(&t.name), quote(&c.name));
    Ok(format!("SELECT DISTINCT {cq} FROM {tq} WHERE {cq} IS NOT NULL ORDER BY 1 LIMIT {ROW_CAP}"))
}

fn run_sql(m: &Manifest, sql: &str, runner: &mut dyn Runner, cancel: &CancelToken, timeout: Duration) -> ToolOutput {
    let policy = Policy::new(m.tables.iter().map(|t| t.name.clone()));
    if let Err(refusal) = validate(sql, &policy) {
        return ToolOutput::err(format!("refused by the validator: {refusal}"));
    }
    let mut req = QueryRequest::new(sql, ROW_CAP);
    req.timeout = timeout;
    req.cancel = cancel.clone();
    match runner.run(&req) {
        Ok(out) => {
            let cols: Vec<&str> = out.columns.iter().map(|c| c.name.as_str()).collect();
            let n = out.rows.len();
            ToolOutput::ok(json!({ "columns": cols, "rows": out.rows, "truncated": out.truncated }), format!("{n} rows"))
        }
        Err(e) => ToolOutput::err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::{ColumnInfo, ExecError, JailMode, QueryOutput};

    struct Seen(Vec<(String, u64)>);
    impl Runner for Seen {
        fn run(&mut self, req: &QueryRequest) -> Result<QueryOutput, ExecError> {
            self.0.push((req.sql.clone(), req.max_rows));
            Ok(QueryOutput { columns: vec![ColumnInfo { name: "x".into(), ty: "VARCHAR".into() }], rows: vec![vec![json!("a")]], truncated: false, elapsed_ms: 0.0, arrow: None })
        }
        fn mode(&self) -> JailMode {
            JailMode::Strict
        }
    }

    fn m() -> Manifest {
        toml::from_str("name = \"t\"\n[[tables]]\nname = \"orders\"\nfile = \"o.csv\"\ncolumns = [{ name = \"id\", type = \"INTEGER\" }, { name = \"status\", type = \"VARCHAR\" }]\n").unwrap()
    }

    fn tc(name: &str, input: Value) -> ToolCall {
        ToolCall { id: "1".into(), name: name.into(), input }
    }

    #[test]
    fn tools_answer_refuse_and_cap() {
        let m = m();
        let c = CancelToken::new();
        let t = Duration::from_secs(1);
        let mut r = Seen(vec![]);
        // (call, is_error, content contains, queries run after it)
        let cases: Vec<(ToolCall, bool, &str, usize)> = vec![
            (tc(LIST_TABLES, json!({})), false, "\"orders\"", 0),
            (tc(DESCRIBE_TABLE, json!({"table": "ORDERS"})), false, "\"status\"", 0),
            (tc(DESCRIBE_TABLE, json!({"table": "nope"})), true, "tables: orders", 0),
            (tc(DESCRIBE_TABLE, json!({})), true, "needs", 0),
            (tc(SAMPLE_VALUES, json!({"table": "orders", "column": "status"})), false, "\"a\"", 1),
            (tc(SAMPLE_VALUES, json!({"table": "orders", "column": "x\"; DROP"})), true, "no column", 1),
            (tc(RUN_SQL, json!({"sql": "SELECT status FROM orders"})), false, "\"rows\"", 2),
            (tc(RUN_SQL, json!({"sql": "DROP TABLE orders"})), true, "refused by the validator", 2),
            (tc(RUN_SQL, json!({"sql": "SELECT * FROM read_csv('/etc/passwd')"})), true, "refused by the validator", 2),
            (tc("format_disk", json!({})), true, "no tool named", 2),
        ];
        for (call_, is_error, contains, runs) in cases {
            let out = call(&m, &call_, Some(&mut r), &c, t);
            assert_eq!(out.is_error, is_error, "{}: {}", call_.name, out.content);
            assert!(out.content.contains(contains), "{}: {}", call_.name, out.content);
            assert_eq!(r.0.len(), runs, "{}", call_.name);
        }
        assert!(r.0.iter().all(|(_, cap)| *cap == ROW_CAP));
        assert!(r.0[0].0.starts_with("SELECT DISTINCT \"status\" FROM \"orders\""));
        assert!(call(&m, &tc(RUN_SQL, json!({"sql": "SELECT 1"})), None, &c, t).is_error);
    }

    #[test]
    fn specs_name_every_tool_once() {
        let names: Vec<String> = specs(true).into_iter().map(|s| s.name).collect();
        assert_eq!(names, [LIST_TABLES, DESCRIBE_TABLE, SAMPLE_VALUES, RUN_SQL, answer::ANSWER]);
        assert_eq!(specs(false).len(), 3);
    }
}
