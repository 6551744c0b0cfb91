//! `sandpiper ask` and `sandpiper sql`: one run in a session of its own;
//! Ctrl-C cancels it (exit code 130).

use super::out::{out, outln};
use super::RunOpts;
use crate::agent::Request;
use crate::progress::{NoProgress, ProgressSink};
use crate::records::Records;
use crate::report::{RunReport, Status, Understood};
use crate::planner::model::ModelSetup;
use crate::runner::CancelToken;
use crate::session::{RunOverrides, Session};
use std::io::Read;

/// A recording session on the dataset the options name, with Ctrl-C wired
/// to `cancel`.
pub fn open_session(opts: &RunOpts, cancel: &CancelToken, model: Option<ModelSetup>) -> anyhow::Result<Session> {
    super::interrupt::cancel_on_signals(cancel.clone())?;
    let mut session = Session::open(crate::session::SessionOptions {
        jail: opts.jail.map(super::engine::jail_mode),
        timeout: opts.timeout.map(|t| std::time::Duration::from_secs(t.max(1))),
        record: true,
        model,
        ..Default::default()
    })?;
    session.use_dataset(opts.dataset.as_deref())?;
    for n in session.take_notices() {
        eprintln!("sandpiper: {n}");
    }
    Ok(session)
}

/// Approval mode's refusal without a terminal (exit code 2), before any
/// session opens; `None` when the run may go ahead.
fn refuse_without_terminal(opts: &RunOpts) -> Option<i32> {
    let e = super::approve::require_terminal().err().filter(|_| opts.approve)?;
    eprintln!("sandpiper: {e}");
    Some(2)
}

/// With `--approve`, each attempt waits for the terminal's answer and the
/// plan is printed as soon as it is known.
fn approval(opts: &RunOpts, session: &mut Session) -> Box<dyn ProgressSink> {
    if !opts.approve {
        return Box::new(NoProgress);
    }
    session.set_approver(Some(Box::new(super::approve::TerminalApprover)));
    Box::new(super::approve::PlanPrinter)
}

pub fn ask(opts: &RunOpts, question: &str, model: Option<ModelSetup>) -> anyhow::Result<i32> {
    if let Some(code) = refuse_without_terminal(opts) {
        return Ok(code);
    }
    let cancel = CancelToken::new();
    let mut session = open_session(opts, &cancel, model)?;
    let progress = approval(opts, &mut session);
    let over = RunOverrides { max_attempts: opts.max_attempts, ..RunOverrides::default() };
    let report = session.run(Request::Ask { question: question.to_string() }, &over, progress.as_ref(), &cancel)?;
    let code = emit(&report, opts.json)?;
    if !opts.json {
        if let Some(rec) = session.records_mut() {
            similar(rec, question);
        }
    }
    Ok(code)
}

/// "Similar past analyses" from recipe memory, on stderr.
fn similar(rec: &mut Records, question: &str) {
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

pub fn sql(opts: &RunOpts, sql: &str, validate: bool, model: Option<ModelSetup>) -> anyhow::Result<i32> {
    if let Some(code) = refuse_without_terminal(opts) {
        return Ok(code);
    }
    let text = if sql == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        s
    } else {
        sql.to_string()
    };
    if !validate {
        eprintln!("sandpiper: warning: the SQL validator is off (--no-validate); only the jail protects this run");
    }
    let cancel = CancelToken::new();
    let mut session = open_session(opts, &cancel, model)?;
    let progress = approval(opts, &mut session);
    let over = RunOverrides { max_attempts: opts.max_attempts, ..RunOverrides::default() };
    let report = session.run(Request::Sql { sql: text, validate }, &over, progress.as_ref(), &cancel)?;
    emit(&report, opts.json)
}

/// Print a report: JSON on stdout, or narration on stderr and the table on stdout.
pub fn emit(report: &RunReport, json: bool) -> anyhow::Result<i32> {
    for n in &report.notices {
        eprintln!("sandpiper: note: {n}");
    }
    if json {
        outln!("{}", report.to_json_text()?);
        return Ok(report.status.exit_code());
    }
    narrate(report);
    if report.status == Status::Ok {
        out!("{}", crate::render::table(&report.columns, &report.rows));
        super::out::flush();
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
    match &report.understanding {
        Some(Understood::Planned(u)) => {
            if u.uncertain {
                eprintln!("Understood (uncertain, confidence {:.2}: check the reading below):", u.confidence);
            } else {
                eprintln!("Understood (confidence {:.2}):", u.confidence);
            }
            for line in &u.summary {
                eprintln!("  {line}");
            }
            let parts: Vec<String> = u
                .matches
                .iter()
                .map(|m| {
                    let conf = if m.confidence < 1.0 { format!(" ({:.2})", m.confidence) } else { String::new() };
                    format!("\"{}\" -> {}{conf}", m.words, m.target)
                })
                .collect();
            if !parts.is_empty() {
                eprintln!("  matched: {}", parts.join(", "));
            }
            for a in &u.ambiguities {
                if a.alternatives.is_empty() {
                    eprintln!("  note: \"{}\" {}", a.words, a.chosen);
                } else {
                    eprintln!("  note: \"{}\" could also mean {} (chose {})", a.words, a.alternatives.join(" or "), a.chosen);
                }
            }
        }
        Some(Understood::NotUnderstood(_)) | None => {}
    }
    if report.question.is_some() {
        if let Some(plan) = &report.plan {
            eprintln!("Plan:\n  {}", serde_json::to_string(plan).unwrap_or_default());
        }
    }
    if let Some(first) = report.attempts.first().filter(|_| report.attempts.len() > 1) {
        eprintln!("SQL (first attempt):\n{}", indent(&first.sql));
    }
    for a in report.attempts.iter().filter(|a| a.n > 1) {
        let prev = a.n.checked_sub(2).and_then(|i| report.attempts.get(i as usize));
        if let Some(e) = prev.and_then(|p| p.error.as_ref()) {
            eprintln!("Attempt {} failed ({}): {}", a.n - 1, e.category, first_line(&e.message));
        }
        eprintln!(
            "Repair attempt {} by {}: {}",
            a.n,
            a.repairer.as_deref().unwrap_or("?"),
            a.rationale.as_deref().unwrap_or("")
        );
        if let Some(d) = &a.diff {
            eprintln!("{}", indent(d.trim_end()));
        }
    }
    if let Some(sql) = &report.sql {
        eprintln!("SQL:\n{}", indent(sql));
    }
    match report.status {
        Status::Ok => {}
        Status::NotUnderstood => {
            eprintln!("Not understood: {}", report.error.as_ref().map_or("", |e| e.message.as_str()));
            if let Some(Understood::NotUnderstood(nu)) = &report.understanding {
                if !nu.recognised.is_empty() {
                    eprintln!("Recognised:");
                    for m in &nu.recognised {
                        eprintln!("  \"{}\" -> {}", m.words, m.target);
                    }
                }
                if !nu.suggestions.is_empty() {
                    eprintln!("Try one of:");
                    for q in nu.suggestions.iter().take(5) {
                        eprintln!("  {q}");
                    }
                }
            }
        }
        Status::Cancelled => match report.error.as_ref().map(|e| e.message.as_str()).filter(|m| m.contains("rejected by the user")) {
            Some(rejected) => eprintln!("rejected: {rejected}; nothing ran and the run is recorded as cancelled"),
            None => eprintln!("cancelled: the query was stopped and its worker killed; the run is recorded as cancelled"),
        },
        Status::Failed | Status::Rejected => {
            if let Some(e) = &report.error {
                eprintln!("{} ({}): {}", report.status.word(), e.category, e.message);
            }
        }
    }
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
}
