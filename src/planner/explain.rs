//! Saying what the planner did: the plan in words ("metric: revenue",
//! "by: category", "filter: status = cancelled", "time: March 2025"), and,
//! when it refuses, a plain reason with the dataset's suggested questions
//! ranked by how many words they share with the question.
//!
//! Invariants: summaries are derived from the final plan only (plus the time
//! labels the question used), so they never describe something the plan does
//! not do; suggestion order is deterministic (ties keep manifest order).

use std::collections::BTreeSet;

use crate::plan::{Filter, Op, Operand, Plan};
use crate::planner::build::Refusal;
use crate::planner::tokenize::{stem, tokenize};
use crate::planner::{Ambiguity, Match, NotUnderstood};
use crate::semantic::Manifest;

/// The plan in words, one line per part.
pub fn summarize(plan: &Plan, time_labels: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for m in &plan.measures {
        let what = match (&m.metric, m.agg, &m.column) {
            (Some(metric), _, _) => format!("metric: {metric}"),
            (None, Some(agg), Some(col)) => format!("measure: {} of {col}", agg.word()),
            (None, Some(agg), None) => format!("measure: {} of rows", agg.word()),
            _ => "measure: ?".to_string(),
        };
        let mut line = what;
        if m.share {
            line.push_str(" (percentage of the total)");
        }
        if !m.filters.is_empty() {
            let conds: Vec<String> = m.filters.iter().map(filter_words).collect();
            line.push_str(&format!(" where {}", conds.join(" and ")));
        }
        if let Some(a) = &m.alias {
            line.push_str(&format!(" as {a}"));
        }
        out.push(line);
    }
    if !plan.fields.is_empty() {
        out.push(format!("list: {}", plan.fields.join(", ")));
    }
    if let Some(t) = &plan.rows_of {
        out.push(format!("one row per {t} row"));
    }
    for d in &plan.dimensions {
        match d.grain {
            Some(g) => out.push(format!("by: {} per {}", d.name, g.word())),
            None => out.push(format!("by: {}", d.name)),
        }
    }
    let mut time_said = false;
    for f in &plan.filters {
        let is_time = matches!(f.op, Op::Last)
            || matches!((&f.op, &f.value), (Op::Ge | Op::Lt, Some(Operand::Value(serde_json::Value::String(s)))) if s.len() == 10 && s.as_bytes().get(4) == Some(&b'-'));
        if is_time && !time_labels.is_empty() {
            if !time_said {
                out.push(format!("time: {}", time_labels.join(", ")));
                time_said = true;
            }
            continue;
        }
        out.push(format!("filter: {}", filter_words(f)));
    }
    if !plan.any_of.is_empty() {
        let groups: Vec<String> = plan
            .any_of
            .iter()
            .map(|g| g.iter().map(filter_words).collect::<Vec<_>>().join(" and "))
            .collect();
        out.push(format!("filter: {}", groups.join(" or ")));
    }
    for h in &plan.having {
        out.push(format!("only groups where: {}", filter_words(h)));
    }
    if let Some(l) = &plan.latest_per {
        out.push(format!("latest row per {} by {}", l.entity, l.time));
    }
    if let Some(x) = &plan.extreme_per {
        let which = if x.desc { "highest" } else { "lowest" };
        out.push(format!("row(s) with the {which} {} per {}", x.by, x.partition));
    }
    if let Some(o) = &plan.outliers {
        match &o.partition {
            Some(p) => out.push(format!(
                "outliers: {} more than {} standard deviations from the mean of its {p}",
                o.column, o.sigmas
            )),
            None => out.push(format!(
                "outliers: {} more than {} standard deviations from the mean",
                o.column, o.sigmas
            )),
        }
    }
    for o in &plan.order {
        out.push(format!(
            "order: {} {}",
            o.by,
            if o.desc { "desc" } else { "asc" }
        ));
    }
    // "the phone numbers of customers and suppliers": each other listing
    // added, in the same words, under "and".
    for part in &plan.union {
        out.extend(summarize(part, time_labels).into_iter().map(|line| format!("and {line}")));
    }
    if let Some(l) = plan.limit {
        out.push(format!("limit: {l}"));
    }
    out
}

/// One filter in words: "status = cancelled", "first_response_at is empty".
pub fn filter_words(f: &Filter) -> String {
    let value = match &f.value {
        None => String::new(),
        Some(Operand::Column { column }) => column.clone(),
        Some(Operand::Rows { column, filters }) if filters.is_empty() => column.clone(),
        Some(Operand::Rows { column, filters }) => {
            let inner: Vec<String> = filters.iter().map(filter_words).collect();
            format!("{column} where {}", inner.join(" and "))
        }
        Some(Operand::Aggregate { agg, column, filters }) => {
            let inner: Vec<String> = filters.iter().map(filter_words).collect();
            let of = if inner.is_empty() { String::new() } else { format!(" where {}", inner.join(" and ")) };
            format!("the {} {column}{of}", agg.word())
        }
        Some(Operand::Span { n, unit }) => format!("{n} {}s", unit.word()),
        Some(Operand::Value(serde_json::Value::String(s))) => s.clone(),
        Some(Operand::Value(serde_json::Value::Array(a))) => {
            let items: Vec<String> = a
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_string)
                        .unwrap_or_else(|| v.to_string())
                })
                .collect();
            if f.op == Op::Between {
                items.join(" and ")
            } else {
                format!("({})", items.join(", "))
            }
        }
        Some(Operand::Value(v)) => v.to_string(),
    };
    match f.op {
        Op::IsNull => format!("{} is empty", f.field),
        Op::IsNotNull => format!("{} is not empty", f.field),
        Op::IsTrue => f.field.clone(),
        Op::IsFalse => format!("not {}", f.field),
        op => format!("{} {} {value}", f.field, op.symbol()),
    }
}

/// A refusal, with the dataset's suggested questions most like this one first.
pub fn not_understood(m: &Manifest, question: &str, refusal: Refusal) -> NotUnderstood {
    let words = content_stems(question);
    let mut ranked: Vec<(usize, usize, &String)> = m
        .suggested_prompts
        .iter()
        .enumerate()
        .map(|(i, s)| (content_stems(s).intersection(&words).count(), i, s))
        .collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    NotUnderstood {
        reason: refusal.reason,
        recognised: refusal.recognised,
        suggestions: ranked
            .into_iter()
            .take(5)
            .map(|(_, _, s)| s.clone())
            .collect(),
    }
}

fn content_stems(text: &str) -> BTreeSet<String> {
    tokenize(text)
        .into_iter()
        .filter(|t| t.is_word() && !crate::planner::english::is_stopword(&t.norm))
        .map(|t| stem(&t.norm))
        .collect()
}

/// The only four-digit year (1900-2100) a text mentions, if exactly one.
pub fn single_year(text: &str) -> Option<i32> {
    let mut years = BTreeSet::new();
    for t in tokenize(text) {
        if let crate::planner::tokenize::TokKind::Date(d) = &t.kind {
            if let Some(y) = d.get(..4).and_then(|y| y.parse::<i32>().ok()) {
                years.insert(y);
            }
        }
        if let Some(n) = t.number() {
            if t.raw.len() == 4 && (1900.0..=2100.0).contains(&n) {
                years.insert(n as i32);
            }
        }
    }
    (years.len() == 1)
        .then(|| years.into_iter().next())
        .flatten()
}

/// How sure a reading is: the weakest match (a typo or a partial name
/// lowers it), times 0.85 for each phrase that could have meant something
/// else as well. No matches at all (nothing was named) is not sure either.
pub fn confidence(matches: &[Match], ambiguities: &[Ambiguity]) -> f32 {
    let weakest = matches.iter().map(|m| m.confidence).fold(1.0_f32, f32::min);
    let named = if matches.is_empty() { 0.5 } else { 1.0 };
    let doubt = 0.85_f32.powi(ambiguities.len().min(8) as i32);
    (weakest * named * doubt).clamp(0.0, 1.0)
}
