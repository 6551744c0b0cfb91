//! `sandpiper bench llm`, per question: what the model layer costs around
//! one question outside the model's own time, and what curating a large
//! dataset's context costs.
//!
//! - Curation: a generated dataset of 200 tables x 13 columns, four
//!   questions in turn. The baseline (building the items, their words and
//!   IDF for every question, as curation did before the per-dataset index)
//!   and the indexed path (the index built once per dataset and session,
//!   as the planner now does) are timed interleaved in the same run.
//! - Per question: the hybrid planner in `model` mode with the real
//!   Anthropic provider against a loopback server that answers at once
//!   with SQL streamed as a tool call; on a 3-table and on the 200-table
//!   dataset. `outside_ms` is the question's wall time minus the time
//!   inside the provider call (HTTP, stream decoding): curation, prompt
//!   building, the bridge, extraction, accounting.

use crate::llm::config::{resolve, LlmFlags, LlmSettings, ProviderChoice};
use crate::llm::connect;
use crate::llm::context::{curate, ContextIndex, DEFAULT_BUDGET};
use crate::measure::{ms_since, Samples};
use crate::planner::model::{HybridPlanner, ModelBudgets, ModelSetup, PlannerMode};
use crate::planner::{Outcome, Planner};
use crate::runner::CancelToken;
use crate::semantic::{Column, Manifest, Table};
use anyhow::Context;
use serde_json::{json, Value};
use std::time::Instant;

const WARMUP: usize = 20;

const QUESTIONS: &[&str] = &[
    "average delay hours by carrier for shipments",
    "revenue per customer in 2024",
    "count of orders by status",
    "which ports had the most delayed shipments last month",
];

/// A generated dataset: `tables` tables of an id and 12 attributes, one of
/// them about shipment delays.
fn dataset(tables: usize) -> Manifest {
    let column = |name: String| Column { name, ty: "VARCHAR".into(), description: String::new(), nullable: true, synonyms: vec![], unit: None, text_format: None };
    let table = |name: String, cols: Vec<String>| Table {
        description: format!("records of {}", name.replace('_', " ")),
        file: format!("{name}.csv"),
        sha256: String::new(),
        primary_key: Some("id".into()),
        label: None,
        notes: vec![],
        columns: std::iter::once("id".to_string()).chain(cols).map(column).collect(),
        name,
    };
    let mut ts: Vec<Table> = (0..tables).map(|i| table(format!("entity_{i:03}"), (0..12).map(|c| format!("attr_{i}_{c}")).collect())).collect();
    if let Some(t) = ts.get_mut(tables / 2) {
        *t = table("shipment_delays".into(), ["carrier", "delay_hours", "port", "shipped_on"].map(String::from).to_vec());
    }
    Manifest::of_tables(&format!("bench{tables}"), ts)
}

/// Curation of the 200-table dataset: per-question rebuild vs. the index.
fn curation(iterations: usize) -> Value {
    let m = dataset(200);
    let t = Instant::now();
    let index = ContextIndex::new(&m);
    let build_ms = ms_since(t);
    let (mut base, mut indexed) = (Vec::new(), Vec::new());
    for i in 0..WARMUP + iterations {
        let q = QUESTIONS[i % QUESTIONS.len()];
        let t = Instant::now();
        std::hint::black_box(curate(&m, q, &[], DEFAULT_BUDGET));
        let b = ms_since(t);
        let t = Instant::now();
        std::hint::black_box(index.curate(q, &[], DEFAULT_BUDGET));
        let x = ms_since(t);
        if i >= WARMUP {
            base.push(b);
            indexed.push(x);
        }
    }
    let (base, indexed) = (Samples::of(&base), Samples::of(&indexed));
    json!({
        "dataset": "200 tables x 13 columns (2,800 items)",
        "baseline_rebuild_per_question_ms": base,
        "indexed_ms": indexed,
        "index_build_once_ms": build_ms,
        "speedup_median": base.median / indexed.median.max(1e-9),
        "target": "< 5 ms median",
    })
}

/// One question through the hybrid planner against the loopback server.
fn questions(url: &str, tables: usize, iterations: usize) -> anyhow::Result<Value> {
    let env = |k: &str| match k {
        "ANTHROPIC_API_KEY" => Some("bench-key".to_string()),
        "ANTHROPIC_BASE_URL" => Some(url.to_string()),
        _ => None,
    };
    let flags = LlmFlags { provider: Some(ProviderChoice::Anthropic), ..LlmFlags::default() };
    let cfg = resolve(&flags, &env, &LlmSettings::default(), None)?;
    let provider = connect(&cfg)?.context("no provider")?;
    let m = dataset(tables);
    let setup = ModelSetup::new(provider, PlannerMode::Model, ModelBudgets::default());
    let mut planner = HybridPlanner::new(&m, Some(&setup));
    let cancel = CancelToken::new();
    let (mut total, mut inside, mut outside) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..WARMUP + iterations {
        setup.meter.reset();
        let t = Instant::now();
        let o = planner.plan_question(QUESTIONS[i % QUESTIONS.len()], &cancel)?;
        let whole = ms_since(t);
        if !matches!(&o, Outcome::Planned(u) if u.plan.sql.is_some()) {
            anyhow::bail!("the canned answer was not read as SQL: {o:?}");
        }
        let call: f64 = planner.take_calls().iter().map(|c| c.duration_ms).sum();
        if i >= WARMUP {
            total.push(whole);
            inside.push(call);
            outside.push(whole - call);
        }
    }
    Ok(json!({
        "tables": tables,
        "question_ms": Samples::of(&total),
        "in_provider_call_ms": Samples::of(&inside),
        "outside_ms": Samples::of(&outside),
    }))
}

pub fn run(iterations: usize) -> anyhow::Result<Value> {
    let iterations = iterations.max(1);
    let answer = super::bench_llm::anthropic_tool_body("submit_sql", r#"{"sql":"SELECT count(*) AS n FROM entity_000","rationale":"bench"}"#);
    let resp = super::bench_llm::http_response(&answer);
    let url = super::bench_llm::start_server(resp.clone(), resp)?;
    Ok(json!({
        "curation": curation(iterations),
        "small_dataset": questions(&url, 3, iterations)?,
        "wide_dataset": questions(&url, 200, iterations)?,
        "target": "outside the model < 5 ms per question",
    }))
}
