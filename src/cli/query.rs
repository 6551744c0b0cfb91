//! `sandpiper ask` and `sandpiper sql`.

use super::engine::Env;
use super::RunOpts;
use crate::agent::Request;
use crate::driver::{run, RunContext};
use crate::planner::Planner;
use crate::report::{RunReport, Status};
use std::io::Read;

pub fn ask(opts: &RunOpts, question: &str) -> anyhow::Result<i32> {
    let env = Env::load()?;
    let ds = env.dataset(opts.dataset.as_deref())?;
    let planner = Planner::new(&ds.manifest);
    let mut runner = env.runner(&ds, opts.jail)?;
    let mut rec = env.records()?.for_dataset(&ds.manifest);
    let mut ctx = RunContext {
        dataset: &ds,
        runner: runner.as_mut(),
        planner: Some(&planner),
        recorder: &mut rec,
        timeout: env.timeout(opts),
        provider: "offline".into(),
        replay_of: None,
        row_cap: None,
    };
    let report = run(Request::Ask { question: question.to_string() }, &mut ctx);
    let code = emit(&report, opts.json)?;
    if !opts.json {
        similar(&mut rec, question);
    }
    Ok(code)
}

/// "Similar past analyses" from recipe memory, on stderr.
fn similar(rec: &mut crate::records::Records, question: &str) {
    let Some(fp) = rec.fingerprint.clone() else { return };
    let Ok(hits) = rec.recipes.similar(&rec.store, &fp, question, 4) else { return };
    let others: Vec<_> = hits
        .into_iter()
        .filter(|(r, score)| *score >= 0.3 && !r.question.eq_ignore_ascii_case(question.trim()))
        .take(3)
        .collect();
    if !others.is_empty() {
        eprintln!("Similar past analyses:");
        for (r, score) in others {
            eprintln!("  {:.2}  {} (asked {}x)", score, r.question, r.use_count);
        }
    }
}

pub fn sql(opts: &RunOpts, sql: &str, validate: bool) -> anyhow::Result<i32> {
    let text = if sql == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        s
    } else {
        sql.to_string()
    };
    let env = Env::load()?;
    let ds = env.dataset(opts.dataset.as_deref())?;
    if !validate {
        eprintln!("sandpiper: warning: the SQL validator is off (--no-validate); only the jail protects this run");
    }
    let mut runner = env.runner(&ds, opts.jail)?;
    let mut rec = env.records()?.for_dataset(&ds.manifest);
    let mut ctx = RunContext {
        dataset: &ds,
        runner: runner.as_mut(),
        planner: None,
        recorder: &mut rec,
        timeout: env.timeout(opts),
        provider: "user".into(),
        replay_of: None,
        row_cap: None,
    };
    let report = run(Request::Sql { sql: text, validate }, &mut ctx);
    emit(&report, opts.json)
}

/// Print a report: JSON on stdout, or narration on stderr and the table on stdout.
pub fn emit(report: &RunReport, json: bool) -> anyhow::Result<i32> {
    for n in &report.notices {
        eprintln!("sandpiper: note: {n}");
    }
    if json {
        println!("{}", report.to_json_text()?);
        return Ok(report.status.exit_code());
    }
    narrate(report);
    if report.status == Status::Ok {
        print!("{}", crate::render::table(&report.columns, &report.rows));
        let rows = report.row_count;
        if report.truncated {
            eprintln!("({rows} rows shown; the result has more: truncated at the limit. Add a LIMIT or use --json for every row up to the limit)");
        } else {
            eprintln!("({rows} row{})", if rows == 1 { "" } else { "s" });
        }
    }
    Ok(report.status.exit_code())
}

fn narrate(report: &RunReport) {
    let u = report.understanding.as_ref();
    if let Some(summary) = u.and_then(|u| u.get("summary")).and_then(|s| s.as_array()) {
        eprintln!("Understood:");
        for line in summary.iter().filter_map(|l| l.as_str()) {
            eprintln!("  {line}");
        }
    }
    if report.status != Status::NotUnderstood {
        if let Some(ms) = u.and_then(|u| u.get("matches")).and_then(|s| s.as_array()) {
            let parts: Vec<String> = ms
                .iter()
                .map(|m| {
                    let conf = m.get("confidence").and_then(serde_json::Value::as_f64).unwrap_or(1.0);
                    format!(
                        "\"{}\" -> {}{}",
                        m.get("words").and_then(|x| x.as_str()).unwrap_or(""),
                        m.get("target").and_then(|x| x.as_str()).unwrap_or(""),
                        if conf < 1.0 { format!(" ({conf:.2})") } else { String::new() }
                    )
                })
                .collect();
            if !parts.is_empty() {
                eprintln!("  matched: {}", parts.join(", "));
            }
        }
    }
    if let Some(amb) = u.and_then(|u| u.get("ambiguities")).and_then(|s| s.as_array()) {
        for a in amb {
            let alts: Vec<&str> = a.get("alternatives").and_then(|x| x.as_array()).map(|v| v.iter().filter_map(|s| s.as_str()).collect()).unwrap_or_default();
            eprintln!(
                "  note: \"{}\" could also mean {} (chose {})",
                a.get("words").and_then(|x| x.as_str()).unwrap_or(""),
                alts.join(" or "),
                a.get("chosen").and_then(|x| x.as_str()).unwrap_or("")
            );
        }
    }
    if report.question.is_some() {
        if let Some(plan) = &report.plan {
            eprintln!("Plan:\n  {}", serde_json::to_string(plan).unwrap_or_default());
        }
    }
    if let Some(sql) = &report.sql {
        eprintln!("SQL:\n{}", indent(sql));
    }
    for a in report.attempts.iter().filter(|a| a.n > 1) {
        eprintln!("Repair attempt {}: {}", a.n, a.repair.as_deref().unwrap_or(""));
    }
    match report.status {
        Status::Ok => {}
        Status::NotUnderstood => {
            eprintln!("Not understood: {}", report.error.as_ref().map_or("", |e| e.message.as_str()));
            if let Some(rec) = u.and_then(|u| u.get("recognised")).and_then(|s| s.as_array()) {
                if !rec.is_empty() {
                    eprintln!("Recognised:");
                    for m in rec {
                        eprintln!(
                            "  \"{}\" -> {}",
                            m.get("words").and_then(|x| x.as_str()).unwrap_or(""),
                            m.get("target").and_then(|x| x.as_str()).unwrap_or("")
                        );
                    }
                }
            }
            if let Some(s) = u.and_then(|u| u.get("suggestions")).and_then(|s| s.as_array()) {
                eprintln!("Try one of:");
                for q in s.iter().filter_map(|q| q.as_str()).take(5) {
                    eprintln!("  {q}");
                }
            }
        }
        _ => {
            if let Some(e) = &report.error {
                eprintln!("{} ({}): {}", report.status.word(), e.category, e.message);
            }
        }
    }
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
}
