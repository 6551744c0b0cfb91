//! `sandpiper audit ...` and `sandpiper runs ...`: reading and checking the
//! records every run leaves, and replaying a run.

use super::out::outln;
use super::engine::Env;
use super::{AuditCommand, RunsCommand};
use crate::agent::Request;
use crate::progress::NoProgress;
use crate::runner::CancelToken;
use crate::session::{RunOverrides, Session, SessionOptions};
use crate::report::Status;
use crate::store::{RunStatus, Store};
use anyhow::Context;
use std::path::PathBuf;

pub fn audit(cmd: AuditCommand) -> anyhow::Result<i32> {
    let default_log = || -> anyhow::Result<PathBuf> { Ok(Env::locate_home()?.audit()) };
    match cmd {
        AuditCommand::Verify { log, expect_head, json } => {
            let path = match log {
                Some(p) => p,
                None => default_log()?,
            };
            let report = crate::audit::verify(&path, expect_head.as_deref());
            if json {
                outln!("{}", serde_json::to_string_pretty(&serde_json::json!({
                    "intact": report.is_intact(),
                    "entries": report.entries,
                    "head": report.head,
                    "problem": report.problem.as_ref().map(|p| serde_json::json!({
                        "file": p.file, "line": p.line, "why": p.to_string()
                    })),
                }))?);
            } else if report.is_intact() {
                outln!("intact: {} entries, head {}", report.entries, report.head);
            } else {
                eprintln!("{report}");
            }
            Ok(if report.is_intact() { 0 } else { 1 })
        }
        AuditCommand::Head { log } => {
            let path = match log {
                Some(p) => p,
                None => default_log()?,
            };
            outln!("{}", crate::audit::head(&path)?);
            Ok(0)
        }
        AuditCommand::Show { log, run } => {
            let path = match log {
                Some(p) => p,
                None => default_log()?,
            };
            let env_run = match &run {
                Some(prefix) => Some(resolve_run(prefix)?),
                None => None,
            };
            let mut bad = 0;
            for e in crate::audit::show(&path, env_run.as_deref())? {
                match e {
                    Ok(entry) => outln!("{}", serde_json::to_string(&entry)?),
                    Err(err) => {
                        bad += 1;
                        eprintln!("sandpiper: {err}");
                    }
                }
            }
            Ok(if bad > 0 { 1 } else { 0 })
        }
    }
}

fn resolve_run(prefix: &str) -> anyhow::Result<String> {
    let home = Env::locate_home()?;
    let store = Store::open(home.runs_db())?;
    Ok(store.resolve_run_id(prefix)?)
}

pub fn runs(cmd: RunsCommand) -> anyhow::Result<i32> {
    match cmd {
        RunsCommand::List { limit, json } => {
            let home = Env::locate_home()?;
            let store = Store::open(home.runs_db())?;
            let list = store.list_runs(limit)?;
            if json {
                outln!("{}", serde_json::to_string_pretty(&list)?);
            } else {
                for r in list {
                    let what = r.question.clone().unwrap_or_else(|| "(sql)".into());
                    outln!(
                        "{}  {:<14} {:<10} {:<9} {:>6}  {}",
                        r.run_id,
                        r.status.as_str(),
                        r.dataset,
                        r.provider,
                        r.row_count.map(|n| n.to_string()).unwrap_or_default(),
                        what
                    );
                }
            }
            Ok(0)
        }
        RunsCommand::Show { id, json } => {
            let home = Env::locate_home()?;
            let store = Store::open(home.runs_db())?;
            let cap = store.get_run(&id)?.with_context(|| format!("no run `{id}`"))?;
            let (planner, usage) = store.run_model(&cap.run_id)?;
            let calls = store.llm_calls(&cap.run_id)?;
            if json {
                let mut v = serde_json::to_value(&cap)?;
                if let serde_json::Value::Object(m) = &mut v {
                    if let Some(p) = &planner {
                        m.insert("planner".into(), serde_json::json!(p));
                    }
                    if let Some(u) = &usage {
                        m.insert("usage".into(), serde_json::to_value(u)?);
                    }
                    if !calls.is_empty() {
                        m.insert("llm_calls".into(), serde_json::to_value(&calls)?);
                    }
                }
                outln!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                show_capsule(&cap);
                show_model(planner.as_deref(), usage.as_ref(), &calls);
            }
            Ok(0)
        }
        RunsCommand::Replay { id, json } => replay(&id, json),
    }
}

/// A capsule for reading: the run, its SQL and its attempts.
fn show_capsule(cap: &crate::store::RunCapsule) {
    outln!("run       {}", cap.run_id);
    outln!("status    {}", cap.status.as_str());
    outln!("dataset   {} ({})", cap.dataset, cap.dataset_hash);
    outln!("started   {}", cap.started_at);
    outln!("finished  {}", cap.finished_at.as_deref().unwrap_or("-"));
    outln!("provider  {}", cap.provider);
    outln!("jail      {}", cap.jail_mode);
    if let Some(q) = &cap.question {
        outln!("question  {q}");
    }
    if let Some(r) = &cap.replay_of {
        outln!("replays   {r}");
    }
    if let Some(n) = cap.row_count {
        outln!("rows      {n}{}", if cap.truncated { " (truncated)" } else { "" });
    }
    if let Some(h) = &cap.result_hash {
        outln!("result    sha256 {h}");
    }
    if let (Some(c), Some(m)) = (&cap.error_category, &cap.error_message) {
        outln!("error     {c}: {m}");
    }
    if let Some(sql) = &cap.final_sql {
        outln!("sql\n{}", sql.lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n"));
    }
    for a in &cap.attempts {
        outln!("{}", attempt_line(a));
    }
}

/// `attempt N STATUS (by REPAIRER[, added AT])[: ERROR]`: a repair names
/// its repairer; an attempt a user repair appended after the run had
/// finished says when.
fn attempt_line(a: &crate::store::Attempt) -> String {
    let err = a.error_message.as_deref().map(|m| format!(": {m}")).unwrap_or_default();
    let by = match (&a.repairer, &a.added_at) {
        (Some(r), Some(at)) => format!(" (by {r}, added {at})"),
        (Some(r), None) => format!(" (by {r})"),
        (None, Some(at)) => format!(" (added {at})"),
        (None, None) => String::new(),
    };
    format!("attempt {} {}{by}{err}", a.n, a.status)
}

/// Which planner answered, the model usage and each call.
fn show_model(planner: Option<&str>, usage: Option<&crate::llm::calls::RunUsage>, calls: &[crate::llm::calls::LlmCall]) {
    if let Some(p) = planner {
        outln!("planner   {p}");
    }
    if let Some(u) = usage {
        outln!("usage     {}", u.line());
    }
    for (i, c) in calls.iter().enumerate() {
        let outcome = match &c.error {
            Some(e) => format!("failed: {e}"),
            None => format!("{} in / {} out tokens", c.usage.input_tokens, c.usage.output_tokens),
        };
        let ctx = c.context.as_ref().map(|p| format!(", context {}/{} tokens ({} items in, {} left out)", p.used, p.budget, p.included.len(), p.left_out.len())).unwrap_or_default();
        outln!("call {} {} {}: {outcome}, {:.0} ms{ctx}", i + 1, c.purpose, c.provider, c.duration_ms);
    }
}

/// Re-run a run's final SQL on the recorded dataset version; the replay is
/// itself a run, and says whether its result hash matches.
fn replay(id: &str, json: bool) -> anyhow::Result<i32> {
    let env = Env::load()?;
    let cap = {
        let store = Store::open(env.home.runs_db())?;
        store.get_run(id)?.with_context(|| format!("no run `{id}`"))?
    };
    let Some(sql) = cap.final_sql.clone() else {
        anyhow::bail!("run {} has no SQL to replay (status {})", cap.run_id, cap.status.as_str());
    };
    let ds = env.dataset(Some(&cap.dataset))?;
    if ds.hash != cap.dataset_hash {
        eprintln!(
            "sandpiper: refusing to replay {}: dataset {} is now version {}, the run used {}",
            cap.run_id,
            cap.dataset,
            &ds.hash[..12],
            &cap.dataset_hash[..12.min(cap.dataset_hash.len())]
        );
        return Ok(3);
    }
    drop(env);
    let cancel = CancelToken::new();
    super::interrupt::cancel_on_signals(cancel.clone())?;
    let mut session = Session::open(SessionOptions { record: true, ..Default::default() })?;
    session.use_dataset(Some(&cap.dataset))?;
    for n in session.take_notices() {
        eprintln!("sandpiper: {n}");
    }
    let over = RunOverrides { provider: Some("replay".into()), replay_of: Some(cap.run_id.clone()), ..Default::default() };
    let report = session.run(Request::Sql { sql, validate: !cap.validator_off }, &over, &NoProgress, &cancel)?;
    let cols: Vec<(String, String)> = report.columns.iter().map(|c| (c.name.clone(), c.ty.clone())).collect();
    let new_hash = (report.status == Status::Ok).then(|| crate::store::result_hash(&cols, &report.rows));
    let matches = new_hash.is_some() && new_hash == cap.result_hash;
    if json {
        outln!("{}", serde_json::to_string_pretty(&serde_json::json!({
            "replay_of": cap.run_id, "run_id": report.run_id, "status": report.status,
            "result_hash": new_hash, "recorded_hash": cap.result_hash, "matches": matches,
        }))?);
    } else {
        outln!(
            "replay {} of {}: {} ({} rows); result hash {}",
            report.run_id,
            cap.run_id,
            report.status.word(),
            report.row_count,
            if matches { "matches" } else if cap.status != RunStatus::Ok { "n/a (original run did not succeed)" } else { "DIFFERS" }
        );
    }
    Ok(if matches || (cap.status != RunStatus::Ok && report.status != Status::Ok) { 0 } else { 1 })
}
