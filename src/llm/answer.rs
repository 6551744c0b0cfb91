//! Reading a plan or SQL out of whatever shape a model answered in: a tool
//! call (`submit_plan`, `submit_sql`, `answer`), a bare JSON object, a
//! fenced ```json block, a fenced ```sql block inside prose, or SQL alone;
//! streamed answers are first put back together by [`StreamCollector`].
//!
//! Invariants: extraction never guesses beyond these shapes (prose with no
//! plan and no SQL is [`AnswerError::Missing`]); a plan is parsed with the
//! plan's own serde rules (unknown fields refused, as its JSON Schema
//! says) and then checked against the dataset by compiling it
//! ([`validate_plan`]); a JSON plan holding only `sql` is an SQL answer.

use schemars::schema_for;
use serde_json::Value;

use super::{ChatResponse, StopReason, StreamEvent, ToolCall, ToolSpec, Usage};
use crate::plan::Plan;
use crate::semantic::Manifest;

/// The tool a model submits a plan with.
pub const SUBMIT_PLAN: &str = "submit_plan";
/// The tool a model submits SQL with.
pub const SUBMIT_SQL: &str = "submit_sql";
/// The agent's final-answer tool: `{"plan": ...}` or `{"sql": ...}`.
pub const ANSWER: &str = "answer";

/// What the model answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Plan(Box<Plan>),
    /// SQL, with the model's one-line rationale when it gave one.
    Sql { sql: String, rationale: Option<String> },
}

/// Why no usable answer was found.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AnswerError {
    #[error("the model's answer holds neither a plan nor SQL")]
    Missing,
    #[error("the model's plan is not valid: {}", .0.join("; "))]
    InvalidPlan(Vec<String>),
}

/// The `submit_plan` tool: its input schema is the plan's JSON Schema.
pub fn plan_tool() -> ToolSpec {
    let mut schema = serde_json::to_value(schema_for!(Plan)).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut schema {
        // Tool input schemas are plain objects; the meta-schema URI and
        // title are noise to the APIs.
        m.remove("$schema");
        m.remove("title");
    }
    ToolSpec {
        name: SUBMIT_PLAN.into(),
        description: "Submit the query plan that answers the question (preferred).".into(),
        input_schema: schema,
    }
}

/// The `submit_sql` tool, for questions the plan cannot express.
pub fn sql_tool() -> ToolSpec {
    ToolSpec {
        name: SUBMIT_SQL.into(),
        description: "Submit one DuckDB SELECT statement when the plan cannot express the question.".into(),
        input_schema: serde_json::json!({
            "type": "object",
            "properties": {
                "sql": { "type": "string", "description": "One read-only DuckDB SELECT (or WITH ... SELECT) statement." },
                "rationale": { "type": "string", "description": "One line: why this SQL answers the question." }
            },
            "required": ["sql"],
            "additionalProperties": false
        }),
    }
}

/// Extract the answer of a whole response: tool calls first, then text.
pub fn extract(resp: &ChatResponse) -> Result<Answer, AnswerError> {
    let mut invalid = None;
    for call in &resp.tool_calls {
        match from_tool(call) {
            Some(Ok(a)) => return Ok(a),
            Some(Err(e)) => invalid = invalid.or(Some(e)),
            None => {}
        }
    }
    if let Some(e) = invalid {
        return Err(e);
    }
    extract_text(&resp.text)
}

/// The answer carried by one tool call; `None` for a tool that submits nothing.
pub fn from_tool(call: &ToolCall) -> Option<Result<Answer, AnswerError>> {
    match call.name.as_str() {
        SUBMIT_PLAN => Some(from_json(unwrap_plan(&call.input))),
        SUBMIT_SQL | ANSWER => Some(from_json(unwrap_plan(&call.input))),
        _ => None,
    }
}

/// `{"plan": {...}}` wraps a plan; anything else is the object itself.
fn unwrap_plan(v: &Value) -> &Value {
    match v.get("plan") {
        Some(inner) if inner.is_object() => inner,
        _ => v,
    }
}

/// A JSON object as an answer: `{"sql": ..., "rationale"?}` is SQL,
/// anything else must be a plan.
fn from_json(v: &Value) -> Result<Answer, AnswerError> {
    let Value::Object(m) = v else {
        return Err(AnswerError::InvalidPlan(vec![format!("expected a JSON object, got {}", kind_of(v))]));
    };
    if let Some(Value::String(sql)) = m.get("sql") {
        let only_sql = m.keys().all(|k| matches!(k.as_str(), "sql" | "rationale" | "version" | "limit"));
        if only_sql && m.get("limit").is_none_or(Value::is_null) {
            let rationale = m.get("rationale").and_then(Value::as_str).map(str::to_string);
            return Ok(Answer::Sql { sql: sql.trim().to_string(), rationale });
        }
    }
    serde_json::from_value::<Plan>(v.clone())
        .map(|p| Answer::Plan(Box::new(p)))
        .map_err(|e| AnswerError::InvalidPlan(vec![e.to_string()]))
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Extract the answer from text: a ```json block, a ```sql block, a bare
/// JSON object, or SQL alone, in that order.
pub fn extract_text(text: &str) -> Result<Answer, AnswerError> {
    let blocks = fenced_blocks(text);
    for (lang, body) in &blocks {
        if lang == "json" {
            if let Ok(v) = serde_json::from_str::<Value>(body) {
                return from_json(unwrap_plan(&v));
            }
        }
    }
    for (lang, body) in &blocks {
        if lang == "sql" || (lang.is_empty() && looks_like_sql(body)) {
            return Ok(Answer::Sql { sql: body.trim().to_string(), rationale: prose_line(text) });
        }
    }
    if let Some(v) = first_json_object(text) {
        return from_json(unwrap_plan(&v));
    }
    let t = text.trim();
    if looks_like_sql(t) {
        return Ok(Answer::Sql { sql: t.to_string(), rationale: None });
    }
    Err(AnswerError::Missing)
}

fn looks_like_sql(s: &str) -> bool {
    let head: String = s.trim_start().chars().take(7).collect::<String>().to_ascii_uppercase();
    head.starts_with("SELECT") || head.starts_with("WITH ") || head.starts_with("FROM ")
}

/// The first line of prose outside code blocks, as a rationale.
fn prose_line(text: &str) -> Option<String> {
    let mut inside = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            inside = !inside;
            continue;
        }
        if !inside && !t.is_empty() {
            return Some(t.chars().take(200).collect());
        }
    }
    None
}

/// Blocks fenced by three backticks, as (language, body); the language
/// lowercased.
fn fenced_blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix("```") else { continue };
        let lang = rest.trim().to_ascii_lowercase();
        let mut body = Vec::new();
        for inner in lines.by_ref() {
            if inner.trim_start().starts_with("```") {
                break;
            }
            body.push(inner);
        }
        out.push((lang, body.join("\n")));
    }
    out
}

/// The first balanced `{...}` in `text` that parses as a JSON object.
fn first_json_object(text: &str) -> Option<Value> {
    let bytes = text.as_bytes();
    let mut start = 0;
    while let Some(off) = text.get(start..)?.find('{') {
        let open = start + off;
        let mut depth = 0usize;
        let mut in_str = false;
        let mut escaped = false;
        for (i, &b) in bytes.iter().enumerate().skip(open) {
            if in_str {
                match (escaped, b) {
                    (true, _) => escaped = false,
                    (false, b'\\') => escaped = true,
                    (false, b'"') => in_str = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => in_str = true,
                b'{' => depth += 1,
                b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        if let Ok(v @ Value::Object(_)) = serde_json::from_str::<Value>(text.get(open..=i)?) {
                            return Some(v);
                        }
                        break;
                    }
                }
                _ => {}
            }
        }
        start = open + 1;
    }
    None
}

/// What is wrong with a plan for this dataset (empty when it compiles).
pub fn validate_plan(plan: &Plan, manifest: &Manifest) -> Vec<String> {
    match crate::compile::compile(plan, manifest) {
        Ok(_) => Vec::new(),
        Err(e) => vec![e.to_string()],
    }
}

/// Puts a streamed answer back together from its events.
#[derive(Debug, Default)]
pub struct StreamCollector {
    text: String,
    /// (id, name, arguments so far), in the order the calls began.
    calls: Vec<(String, String, String)>,
    usage: Usage,
}

impl StreamCollector {
    pub fn new() -> StreamCollector {
        StreamCollector::default()
    }

    pub fn push(&mut self, ev: &StreamEvent) {
        match ev {
            StreamEvent::Text(t) => self.text.push_str(t),
            StreamEvent::ToolCallStart { id, name } => self.calls.push((id.clone(), name.clone(), String::new())),
            StreamEvent::ToolCallDelta { id, json } => {
                if let Some(c) = self.calls.iter_mut().rev().find(|c| &c.0 == id) {
                    c.2.push_str(json);
                }
            }
            StreamEvent::Usage(u) => self.usage = *u,
            StreamEvent::Retrying { .. } => {
                // A retry starts the answer over.
                *self = StreamCollector::default();
            }
        }
    }

    /// The response the events describe; a call whose arguments are not
    /// JSON is an error naming the tool.
    pub fn finish(self, model: &str) -> Result<ChatResponse, String> {
        let mut tool_calls = Vec::new();
        for (id, name, json) in self.calls {
            let input = if json.trim().is_empty() {
                Value::Object(Default::default())
            } else {
                serde_json::from_str(&json).map_err(|e| format!("the arguments of tool call {name} are not JSON: {e}"))?
            };
            tool_calls.push(ToolCall { id, name, input });
        }
        let stop = if tool_calls.is_empty() { StopReason::EndTurn } else { StopReason::ToolUse };
        Ok(ChatResponse { text: self.text, tool_calls, stop, usage: self.usage, model: model.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::scripted::{stream_events, Step};
    use serde_json::json;

    fn plan_of(a: Result<Answer, AnswerError>) -> Plan {
        match a {
            Ok(Answer::Plan(p)) => *p,
            other => panic!("expected a plan, got {other:?}"),
        }
    }

    const PLAN: &str = r#"{"measures":[{"metric":"revenue"}],"dimensions":[{"name":"category"}],"limit":5}"#;

    #[test]
    fn every_shape_gives_the_same_answer() {
        let expect_plan: Plan = serde_json::from_str(PLAN).unwrap();
        let plan_v: Value = serde_json::from_str(PLAN).unwrap();
        // (case, response, expected: Some(plan) or the SQL)
        // Ok(plan) or Err(the SQL expected).
        type Case = (&'static str, ChatResponse, Result<Plan, &'static str>);
        let cases: Vec<Case> = vec![
            ("tool submit_plan", Step::tool(SUBMIT_PLAN, plan_v.clone()).result.unwrap(), Ok(expect_plan.clone())),
            ("tool submit_plan wrapped", Step::tool(SUBMIT_PLAN, json!({ "plan": plan_v })).result.unwrap(), Ok(expect_plan.clone())),
            ("tool answer with plan", Step::tool(ANSWER, json!({ "plan": plan_v })).result.unwrap(), Ok(expect_plan.clone())),
            ("bare json", Step::text(PLAN).result.unwrap(), Ok(expect_plan.clone())),
            ("json in prose", Step::text(format!("Here is the plan: {PLAN} -- hope it helps")).result.unwrap(), Ok(expect_plan.clone())),
            ("json fence", Step::text(format!("Plan:\n```json\n{PLAN}\n```\n")).result.unwrap(), Ok(expect_plan.clone())),
            ("tool submit_sql", Step::tool(SUBMIT_SQL, json!({"sql": "SELECT 1", "rationale": "one"})).result.unwrap(), Err("SELECT 1")),
            ("tool answer with sql", Step::tool(ANSWER, json!({"sql": "SELECT 2"})).result.unwrap(), Err("SELECT 2")),
            ("sql fence in prose", Step::text("The DSL cannot nest, so:\n```sql\nSELECT a FROM t\nWHERE b IN (SELECT b FROM u)\n```\nDone.").result.unwrap(), Err("SELECT a FROM t\nWHERE b IN (SELECT b FROM u)")),
            ("unlabelled fence", Step::text("```\nWITH x AS (SELECT 1) SELECT * FROM x\n```").result.unwrap(), Err("WITH x AS (SELECT 1) SELECT * FROM x")),
            ("bare sql", Step::text("  select count(*) from t  ").result.unwrap(), Err("select count(*) from t")),
            ("json sql object", Step::text(r#"{"sql": "SELECT 3"}"#).result.unwrap(), Err("SELECT 3")),
        ];
        for (name, resp, expected) in cases {
            for streamed in [false, true] {
                let resp = if streamed {
                    let mut c = StreamCollector::new();
                    for ev in stream_events(&resp, 3) {
                        c.push(&ev);
                    }
                    c.finish("m").unwrap()
                } else {
                    resp.clone()
                };
                let got = extract(&resp);
                match &expected {
                    Ok(p) => assert_eq!(&plan_of(got), p, "{name} (streamed {streamed})"),
                    Err(sql) => match got {
                        Ok(Answer::Sql { sql: s, .. }) => assert_eq!(&s, sql, "{name} (streamed {streamed})"),
                        other => panic!("{name}: expected SQL, got {other:?}"),
                    },
                }
            }
        }
    }

    #[test]
    fn prose_without_an_answer_and_bad_plans_are_errors() {
        type Check = fn(&AnswerError) -> bool;
        let cases: Vec<(&str, ChatResponse, Check)> = vec![
            ("prose", Step::text("I am not sure what you mean.").result.unwrap(), |e| *e == AnswerError::Missing),
            ("empty", Step::text("").result.unwrap(), |e| *e == AnswerError::Missing),
            ("unknown field", Step::tool(SUBMIT_PLAN, json!({"measures": [], "colour": "red"})).result.unwrap(), |e| {
                matches!(e, AnswerError::InvalidPlan(v) if v[0].contains("colour"))
            }),
            ("not an object", Step::tool(SUBMIT_PLAN, json!([1, 2])).result.unwrap(), |e| matches!(e, AnswerError::InvalidPlan(_))),
            ("bad op", Step::text(r#"{"filters":[{"field":"x","op":"approximately"}]}"#).result.unwrap(), |e| {
                matches!(e, AnswerError::InvalidPlan(_))
            }),
        ];
        for (name, resp, ok) in cases {
            let e = extract(&resp).expect_err(name);
            assert!(ok(&e), "{name}: {e:?}");
        }
    }

    #[test]
    fn an_unrelated_tool_call_falls_through_to_the_text() {
        let mut r = Step::tool("list_tables", json!({})).result.unwrap();
        r.text = "```sql\nSELECT 9\n```".into();
        assert!(matches!(extract(&r), Ok(Answer::Sql { sql, .. }) if sql == "SELECT 9"));
    }

    #[test]
    fn the_plan_tool_schema_is_the_plans() {
        let t = plan_tool();
        assert_eq!(t.input_schema["type"], "object");
        assert!(t.input_schema["properties"]["measures"].is_object());
        assert!(t.input_schema.get("$schema").is_none());
    }

    #[test]
    fn a_stream_with_broken_tool_json_is_an_error_and_a_retry_starts_over() {
        let mut c = StreamCollector::new();
        c.push(&StreamEvent::Text("partial".into()));
        c.push(&StreamEvent::Retrying { attempt: 1, wait_ms: 10, reason: "429".into() });
        c.push(&StreamEvent::ToolCallStart { id: "a".into(), name: SUBMIT_SQL.into() });
        c.push(&StreamEvent::ToolCallDelta { id: "a".into(), json: "{\"sql\": \"SEL".into() });
        let e = c.finish("m").unwrap_err();
        assert!(e.contains("submit_sql"), "{e}");
    }
}
