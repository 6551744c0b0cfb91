//! Model accounting in the run store: one `llm_calls` row per model call
//! of a run (tokens, times, cost, outcome, tools called, the context's
//! provenance) and the run's planner and summed usage on its `runs` row.
//!
//! Invariants: calls need an existing run (foreign key) and are numbered
//! from 1 in the order they were made; usage is stored as the JSON the
//! report contract carries, and `tokens_in` / `tokens_out` mirror it.

use rusqlite::params;

use super::error::StoreError;
use super::Store;
use crate::llm::calls::{LlmCall, RunUsage};
use crate::llm::Usage;

fn json_err<'a>(run_id: &'a str, column: &'static str) -> impl Fn(serde_json::Error) -> StoreError + 'a {
    move |source| StoreError::Json { run_id: run_id.to_string(), column, source }
}

fn i64_of(run_id: &str, column: &'static str, n: u64) -> Result<i64, StoreError> {
    i64::try_from(n).map_err(|_| StoreError::OutOfRange { run_id: run_id.to_string(), column })
}

impl Store {
    /// Records call `n` (from 1) of a run.
    pub fn add_llm_call(&self, run_id: &str, n: u32, c: &LlmCall) -> Result<(), StoreError> {
        let tools = serde_json::to_string(&c.tool_calls).map_err(json_err(run_id, "tool_calls_json"))?;
        let context = c.context.as_ref().map(serde_json::to_string).transpose().map_err(json_err(run_id, "context_json"))?;
        let u = &c.usage;
        self.conn.execute(
            "INSERT INTO llm_calls (run_id, n, purpose, provider, model, input_tokens, output_tokens, \
             cache_read_tokens, cache_write_tokens, first_token_ms, total_ms, cost_usd, duration_ms, ok, error, \
             tool_calls_json, context_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
            params![
                run_id,
                n,
                c.purpose,
                c.provider,
                c.model,
                i64_of(run_id, "input_tokens", u.input_tokens)?,
                i64_of(run_id, "output_tokens", u.output_tokens)?,
                i64_of(run_id, "cache_read_tokens", u.cache_read_tokens)?,
                i64_of(run_id, "cache_write_tokens", u.cache_write_tokens)?,
                u.first_token_ms.map(|v| i64_of(run_id, "first_token_ms", v)).transpose()?,
                i64_of(run_id, "total_ms", u.total_ms)?,
                u.cost_usd,
                c.duration_ms,
                c.ok,
                c.error,
                tools,
                context,
            ],
        )?;
        Ok(())
    }

    /// The model calls of a run, in order.
    pub fn llm_calls(&self, run_id: &str) -> Result<Vec<LlmCall>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT purpose, provider, model, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, \
             first_token_ms, total_ms, cost_usd, duration_ms, ok, error, tool_calls_json, context_json \
             FROM llm_calls WHERE run_id = ?1 ORDER BY n",
        )?;
        let rows = stmt.query_map([run_id], |r| {
            let u = |i: usize| -> rusqlite::Result<u64> { Ok(r.get::<_, i64>(i)?.max(0).unsigned_abs()) };
            Ok((
                LlmCall {
                    purpose: r.get(0)?,
                    provider: r.get(1)?,
                    model: r.get(2)?,
                    usage: Usage {
                        input_tokens: u(3)?,
                        output_tokens: u(4)?,
                        cache_read_tokens: u(5)?,
                        cache_write_tokens: u(6)?,
                        first_token_ms: r.get::<_, Option<i64>>(7)?.map(|v| v.max(0).unsigned_abs()),
                        total_ms: u(8)?,
                        cost_usd: r.get(9)?,
                    },
                    duration_ms: r.get(10)?,
                    ok: r.get(11)?,
                    error: r.get(12)?,
                    tool_calls: Vec::new(),
                    context: None,
                },
                r.get::<_, String>(13)?,
                r.get::<_, Option<String>>(14)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (mut call, tools, context) = row?;
            call.tool_calls = serde_json::from_str(&tools).map_err(json_err(run_id, "tool_calls_json"))?;
            call.context = context.map(|c| serde_json::from_str(&c)).transpose().map_err(json_err(run_id, "context_json"))?;
            out.push(call);
        }
        Ok(out)
    }

    /// Stores who answered a run and its summed usage.
    pub fn set_run_model(&self, run_id: &str, provider: &str, planner: Option<&str>, usage: Option<&RunUsage>) -> Result<(), StoreError> {
        let json = usage.map(serde_json::to_string).transpose().map_err(json_err(run_id, "usage_json"))?;
        let tin = usage.map(|u| i64_of(run_id, "tokens in", u.input_tokens)).transpose()?;
        let tout = usage.map(|u| i64_of(run_id, "tokens out", u.output_tokens)).transpose()?;
        let model = provider.split_once(':').map(|(_, m)| m.to_string());
        let changed = self.conn.execute(
            "UPDATE runs SET provider = ?2, model = COALESCE(?3, model), planner = ?4, usage_json = ?5, \
             tokens_in = ?6, tokens_out = ?7 WHERE run_id = ?1",
            params![run_id, provider, model, planner, json, tin, tout],
        )?;
        if changed == 0 {
            return Err(StoreError::UnknownRun { run_id: run_id.to_string() });
        }
        Ok(())
    }

    /// The planner that answered a run and its usage, as stored.
    pub fn run_model(&self, run_id: &str) -> Result<(Option<String>, Option<RunUsage>), StoreError> {
        let (planner, json): (Option<String>, Option<String>) =
            self.conn.query_row("SELECT planner, usage_json FROM runs WHERE run_id = ?1", [run_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        let usage = json.map(|j| serde_json::from_str(&j)).transpose().map_err(json_err(run_id, "usage_json"))?;
        Ok((planner, usage))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{RunStart, Store};

    #[test]
    fn calls_and_usage_round_trip() {
        let s = Store::open_in_memory().unwrap();
        s.begin_run(&RunStart {
            run_id: "r1".into(),
            started_at: "2026-01-01T00:00:00Z".into(),
            dataset: "d".into(),
            dataset_hash: "h".into(),
            question: Some("q".into()),
            provider: "offline+anthropic:m".into(),
            model: None,
            plan: None,
            jail_mode: "strict".into(),
            limits: serde_json::json!({}),
            replay_of: None,
            validator_off: false,
        })
        .unwrap();
        let call = LlmCall {
            purpose: "plan".into(),
            provider: "anthropic:m".into(),
            model: "m-1".into(),
            usage: Usage { input_tokens: 10, output_tokens: 2, first_token_ms: Some(5), total_ms: 9, cost_usd: Some(0.5), ..Usage::default() },
            duration_ms: 9.5,
            ok: true,
            error: None,
            tool_calls: vec!["submit_plan".into()],
            context: Some(crate::llm::context::Provenance { budget: 6000, used: 10, ..Default::default() }),
        };
        s.add_llm_call("r1", 1, &call).unwrap();
        assert_eq!(s.llm_calls("r1").unwrap(), vec![call.clone()]);
        let usage = RunUsage::of(&[call]).unwrap();
        s.set_run_model("r1", "anthropic:m", Some("model"), Some(&usage)).unwrap();
        assert_eq!(s.run_model("r1").unwrap(), (Some("model".into()), Some(usage)));
        assert!(s.add_llm_call("nope", 1, &s.llm_calls("r1").unwrap()[0]).is_err());
        let cap = s.get_run("r1").unwrap().unwrap();
        assert_eq!((cap.provider.as_str(), cap.model.as_deref(), cap.tokens_in), ("anthropic:m", Some("m"), Some(10)));
    }
}
