//! `sandpiper eval`: run cases, compare by execution, print a row per case
//! and the closing `N passed, M failed` line.

use super::out::outln;
use crate::agent::Request;
use crate::eval::{compare, parse_cases, Case, CaseResult, Summary};
use crate::progress::NoProgress;
use crate::report::Status;
use crate::runner::{CancelToken, QueryRequest, Runner};
use crate::session::{RunOverrides, Session, SessionOptions};
use anyhow::Context;
use std::path::Path;
use std::time::Duration;

pub fn run(file: Option<&Path>, only: Option<&str>, gold_only: bool, json: bool, model: Option<crate::planner::model::ModelSetup>) -> anyhow::Result<i32> {
    let cancel = CancelToken::new();
    super::interrupt::cancel_on_signals(cancel.clone())?;
    // One session for the whole evaluation: it keeps workers warm for the
    // dataset in use only, so an eval over many datasets holds no more
    // workers than a single question does.
    let mut session = Session::open(SessionOptions { record: false, model, ..Default::default() })?;
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
                let (m, _) = session.registry().manifest(name)?;
                for g in m.golden {
                    v.push(Case {
                        id: None,
                        dataset: name.to_string(),
                        question: if gold_only { None } else { Some(g.question.clone()) },
                        sql: if gold_only { Some(g.gold_sql.clone()) } else { None },
                        gold_sql: Some(g.gold_sql),
                        ordered: g.ordered,
                        features: Vec::new(),
                    });
                }
            }
            v
        }
    };
    let cases: Vec<Case> = cases.into_iter().filter(|c| only.is_none_or(|o| o == c.dataset)).collect();
    let mut results = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        if cancel.is_cancelled() {
            eprintln!("sandpiper: eval cancelled after {i} cases");
            return Ok(130);
        }
        if session.dataset().is_none_or(|d| d.name() != case.dataset) {
            session.use_dataset(Some(&case.dataset))?;
            for n in session.take_notices() {
                eprintln!("sandpiper: {n}");
            }
        }
        let r = one(i + 1, case, &mut session, &cancel)?;
        if !json {
            let mark = if r.passed { "PASS" } else { "FAIL" };
            let why = if r.passed { String::new() } else { format!("  [{}: {}]", r.status, r.reason) };
            let q: String = r.question.split_whitespace().collect::<Vec<_>>().join(" ");
            outln!("{mark}  {:<10} {q}{why}", r.dataset);
        }
        results.push(r);
    }
    let summary = Summary::from_results(&results);
    if json {
        outln!("{}", serde_json::to_string_pretty(&serde_json::json!({ "cases": results, "summary": summary }))?);
    } else {
        if summary.by_feature.len() > 1 {
            outln!("\nby kind of question:       correct        wrong      refused        error");
            outln!("  {}", tally_line("all", &summary.all));
            for (k, t) in &summary.by_feature {
                outln!("  {}", tally_line(k, t));
            }
        }
        if summary.all.uncertain > 0 {
            outln!("marked uncertain: {} answers, {} of them wrong", summary.all.uncertain, summary.all.uncertain_wrong);
        }
        outln!(
            "correct {} ({:.1}%), wrong {} ({:.1}%), refused {} ({:.1}%), error {} ({:.1}%)",
            summary.all.correct,
            summary.all.pct(summary.all.correct),
            summary.all.wrong,
            summary.all.pct(summary.all.wrong),
            summary.all.refused,
            summary.all.pct(summary.all.refused),
            summary.all.error,
            summary.all.pct(summary.all.error)
        );
        let broken = results.iter().filter(|r| r.attempts > 1 || r.status != "ok").count();
        if summary.repaired > 0 {
            outln!(
                "repaired {} of {broken} failing first attempts ({} with the first repair); mean {:.2} attempts and {:.2} ms in repairers per failing case",
                summary.repaired,
                summary.repaired_first,
                summary.mean_attempts_when_failing,
                summary.mean_repair_ms_when_failing
            );
        }
        if let Some(u) = &summary.usage {
            outln!("model usage: {}", u.line());
        }
        outln!("{} passed, {} failed", summary.passed, summary.failed);
    }
    Ok(if summary.failed > 0 { 1 } else { 0 })
}

/// One row of the by-kind table: count and share of each outcome.
fn tally_line(k: &str, t: &crate::eval::Tally) -> String {
    let cell = |n: usize| format!("{n:>5} {:>5.1}%", t.pct(n));
    format!("{k:<14} {:>5}  {}  {}  {}  {}", t.total, cell(t.correct), cell(t.wrong), cell(t.refused), cell(t.error))
}

fn one(n: usize, case: &Case, session: &mut Session, cancel: &CancelToken) -> anyhow::Result<CaseResult> {
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
        attempts: 0,
        repair_ms: 0.0,
        usage: None,
        uncertain: false,
    };
    let gold = match &case.gold_sql {
        Some(gold_sql) => {
            let mut gold_req = QueryRequest::new(gold_sql.clone(), crate::plan::HARD_LIMIT);
            gold_req.timeout = Duration::from_secs(60);
            gold_req.cancel = cancel.clone();
            match session.runner()?.run(&gold_req) {
                Ok(g) => Some(g),
                Err(e) => {
                    res.status = "gold_error".into();
                    res.reason = format!("gold SQL failed: {e}");
                    return Ok(res);
                }
            }
        }
        None => None,
    };
    let request = match (&case.question, &case.sql) {
        (Some(q), _) => Request::Ask { question: q.clone() },
        (None, Some(s)) => Request::Sql { sql: s.clone(), validate: true },
        (None, None) => {
            res.reason = "case has neither question nor sql".into();
            return Ok(res);
        }
    };
    let over = RunOverrides { row_cap: Some(crate::plan::HARD_LIMIT), timeout: Some(Duration::from_secs(60)), ..Default::default() };
    let report = session.run(request, &over, &NoProgress, cancel)?;
    res.status = report.status.word().to_string();
    res.sql = report.sql.clone();
    res.attempts = report.attempts.len();
    res.uncertain = matches!(&report.understanding, Some(crate::report::Understood::Planned(u)) if u.uncertain);
    res.repair_ms = report.timings_ms.repair.unwrap_or(0.0);
    res.usage = report.usage.clone();
    let Some(gold) = gold else {
        // No sound fix exists: the run must end without an answer and say why.
        let why = report.error.map(|e| e.message).unwrap_or_default();
        match report.status {
            Status::Ok => res.reason = "answered, but no answer is right".into(),
            _ if why.trim().is_empty() => res.reason = "ended without a reason".into(),
            _ => {
                res.passed = true;
                res.reason = why;
            }
        }
        return Ok(res);
    };
    if report.status != Status::Ok {
        res.reason = report.error.map(|e| e.message).unwrap_or_default();
        return Ok(res);
    }
    if report.truncated {
        res.reason = "answer was truncated at its limit".into();
        return Ok(res);
    }
    match compare(&gold.rows, gold.columns.len(), &report.rows, report.columns.len(), case.ordered) {
        Ok(()) => res.passed = true,
        Err(why) => res.reason = why,
    }
    Ok(res)
}
