//! `sandpiper eval`: run cases, compare by execution, print a row per case
//! and the closing `N passed, M failed` line.

use super::engine::Env;
use crate::agent::Request;
use crate::dataset::Dataset;
use crate::driver::{run as run_request, NoRecords, RunContext};
use crate::eval::{compare, parse_cases, Case, CaseResult, Summary};
use crate::planner::Planner;
use crate::report::Status;
use crate::runner::{QueryRequest, Runner};
use anyhow::Context;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

struct Loaded {
    ds: Dataset,
    runner: Box<dyn Runner>,
    planner: Planner,
}

pub fn run(file: Option<&Path>, only: Option<&str>, gold_only: bool, json: bool) -> anyhow::Result<i32> {
    let env = Env::load()?;
    let cases: Vec<Case> = match file {
        Some(f) => {
            let text = std::fs::read_to_string(f).with_context(|| format!("reading {}", f.display()))?;
            parse_cases(&text, &f.display().to_string()).map_err(anyhow::Error::msg)?
        }
        None => {
            let mut v = Vec::new();
            for name in crate::dataset::generate::BUILTIN {
                if only.is_some_and(|o| o != name) {
                    continue;
                }
                let (m, _) = env.registry.manifest(name)?;
                for g in m.golden {
                    v.push(Case {
                        id: None,
                        dataset: name.to_string(),
                        question: if gold_only { None } else { Some(g.question.clone()) },
                        sql: if gold_only { Some(g.gold_sql.clone()) } else { None },
                        gold_sql: g.gold_sql,
                        ordered: g.ordered,
                        features: Vec::new(),
                    });
                }
            }
            v
        }
    };
    let cases: Vec<Case> = cases.into_iter().filter(|c| only.is_none_or(|o| o == c.dataset)).collect();
    let mut loaded: BTreeMap<String, Loaded> = BTreeMap::new();
    let mut results = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        if !loaded.contains_key(&case.dataset) {
            let ds = env.dataset(Some(&case.dataset))?;
            let runner = env.runner(&ds, None)?;
            let planner = Planner::new(&ds.manifest);
            loaded.insert(case.dataset.clone(), Loaded { ds, runner, planner });
        }
        let Some(l) = loaded.get_mut(&case.dataset) else { continue };
        let r = one(i + 1, case, l);
        if !json {
            let mark = if r.passed { "PASS" } else { "FAIL" };
            let why = if r.passed { String::new() } else { format!("  [{}: {}]", r.status, r.reason) };
            let q: String = r.question.split_whitespace().collect::<Vec<_>>().join(" ");
            println!("{mark}  {:<10} {q}{why}", r.dataset);
        }
        results.push(r);
    }
    let summary = Summary::from_results(&results);
    if json {
        println!("{}", serde_json::to_string_pretty(&serde_json::json!({ "cases": results, "summary": summary }))?);
    } else {
        if summary.by_feature.len() > 1 {
            println!("\nby kind of question:");
            for (k, (p, t)) in &summary.by_feature {
                println!("  {k:<14} {p:>4}/{t:<4} {:>5.1}%", 100.0 * *p as f64 / (*t).max(1) as f64);
            }
        }
        println!("{} passed, {} failed", summary.passed, summary.failed);
    }
    Ok(if summary.failed > 0 { 1 } else { 0 })
}

fn one(n: usize, case: &Case, l: &mut Loaded) -> CaseResult {
    let label = case.question.clone().or_else(|| case.sql.clone()).unwrap_or_default();
    let mut res = CaseResult {
        n,
        dataset: case.dataset.clone(),
        question: label,
        passed: false,
        reason: String::new(),
        status: String::new(),
        sql: None,
        features: case.features.clone(),
    };
    let mut gold_req = QueryRequest::new(case.gold_sql.clone(), crate::plan::HARD_LIMIT);
    gold_req.timeout = Duration::from_secs(60);
    let gold = match l.runner.run(&gold_req) {
        Ok(g) => g,
        Err(e) => {
            res.status = "gold_error".into();
            res.reason = format!("gold SQL failed: {e}");
            return res;
        }
    };
    let request = match (&case.question, &case.sql) {
        (Some(q), _) => Request::Ask { question: q.clone() },
        (None, Some(s)) => Request::Sql { sql: s.clone(), validate: true },
        (None, None) => {
            res.reason = "case has neither question nor sql".into();
            return res;
        }
    };
    let mut rec = NoRecords;
    let mut ctx = RunContext {
        dataset: &l.ds,
        runner: l.runner.as_mut(),
        planner: Some(&l.planner),
        recorder: &mut rec,
        timeout: Duration::from_secs(60),
        provider: "offline".into(),
        replay_of: None,
        row_cap: Some(crate::plan::HARD_LIMIT),
    };
    let report = run_request(request, &mut ctx);
    res.status = report.status.word().to_string();
    res.sql = report.sql.clone();
    if report.status != Status::Ok {
        res.reason = report.error.map(|e| e.message).unwrap_or_default();
        return res;
    }
    if report.truncated {
        res.reason = "answer was truncated at its limit".into();
        return res;
    }
    match compare(&gold.rows, gold.columns.len(), &report.rows, report.columns.len(), case.ordered) {
        Ok(()) => res.passed = true,
        Err(why) => res.reason = why,
    }
    res
}
