//! Test support: the made-up manifests the planner's table-driven tests
//! plan on (`tests/fixtures/planner/<name>/dataset.toml`, or a manifest
//! written inline in a test). One loader, so every test file reads its
//! fixture the same way and a broken fixture names its file; and the
//! one-line rendering of a plan's filters the comparison tests compare.

use crate::plan::{Filter, Operand, Plan};
use crate::semantic::Manifest;

/// The fixture manifest `tests/fixtures/planner/<name>/dataset.toml`.
pub(super) fn fixture(name: &str) -> Manifest {
    let path = format!("{}/tests/fixtures/planner/{name}/dataset.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The compiled SQL of a question on the fixture `name`, or the refusal.
pub(super) fn sql_on(name: &str, question: &str) -> Result<String, String> {
    sql_with_values(name, None, question)
}

/// The compiled SQL of a question on the fixture `name` with the value
/// index `values` (the data's text values), or the refusal.
pub(super) fn sql_with_values(name: &str, values: Option<&crate::dataset::value_index::ValueIndex>, question: &str) -> Result<String, String> {
    planned_sql(&super::OfflinePlanner::new(&fixture(name)).with_values(values), question)
}

/// The SQL `planner` writes for `question`, or its refusal.
pub(super) fn planned_sql(planner: &super::OfflinePlanner, question: &str) -> Result<String, String> {
    match planner.plan(question) {
        super::Outcome::Planned(u) => Ok(crate::compile::compile(&u.plan, planner.manifest()).map(|c| c.sql).unwrap_or_else(|e| panic!("{question}: {e}"))),
        super::Outcome::NotUnderstood(n) => Err(n.reason),
    }
}

/// `planner` plans `question` to SQL holding `Ok(text)`, or refuses it
/// with a reason holding `Err(text)`.
pub(super) fn planner_answers(planner: &super::OfflinePlanner, question: &str, want: Result<&str, &str>) {
    match (planned_sql(planner, question), want) {
        (Ok(sql), Ok(has)) => assert!(sql.contains(has), "{question}: {sql}"),
        (Err(reason), Err(has)) => assert!(reason.contains(has), "{question}: {reason}"),
        (got, _) => panic!("{question}: {got:?}"),
    }
}

/// The question on fixture `name` is planned to SQL holding `Ok(text)`
/// and not `lacks` (when not empty), or refused with a reason holding
/// `Err(text)`.
pub(super) fn answers(name: &str, question: &str, want: Result<&str, &str>, lacks: &str) {
    answers_with_values(name, None, question, want, lacks);
}

/// As [`answers`], with the value index `values`.
pub(super) fn answers_with_values(
    name: &str,
    values: Option<&crate::dataset::value_index::ValueIndex>,
    question: &str,
    want: Result<&str, &str>,
    lacks: &str,
) {
    match (sql_with_values(name, values, question), want) {
        (Ok(sql), Ok(has)) => assert!(sql.contains(has) && (lacks.is_empty() || !sql.contains(lacks)), "{question}: {sql}"),
        (Err(reason), Err(has)) => assert!(reason.contains(has), "{question}: {reason}"),
        (got, _) => panic!("{question}: {got:?}"),
    }
}

/// One column of a made-up value index, complete.
pub(super) fn indexed(table: &str, column: &str, values: &[&str]) -> crate::dataset::value_index::IndexedColumn {
    crate::dataset::value_index::IndexedColumn {
        table: table.into(),
        column: column.into(),
        distinct: values.len(),
        values: values.iter().map(|v| v.to_string()).collect(),
        complete: true,
    }
}

/// A manifest written inline in a test.
pub(super) fn from_toml(text: &str) -> Manifest {
    toml::from_str(text).unwrap_or_else(|e| panic!("inline manifest: {e}"))
}

/// One row filter as `field op value`.
fn filter(x: &Filter) -> String {
    let op = serde_json::to_string(&x.op).unwrap_or_default().replace('"', "");
    let v = match &x.value {
        None => String::new(),
        Some(Operand::Value(v)) => format!(" {}", v.to_string().replace('"', "")),
        Some(other) => format!(" {other:?}"),
    };
    format!("{} {op}{v}", x.field)
}

/// The plan's row filters, one line; a disjunction as `a | b`.
pub(super) fn filters(p: &Plan) -> String {
    let mut out: Vec<String> = p.filters.iter().map(filter).collect();
    if !p.any_of.is_empty() {
        let groups: Vec<String> = p.any_of.iter().map(|g| g.iter().map(filter).collect::<Vec<_>>().join(" & ")).collect();
        out.push(format!("({})", groups.join(" | ")));
    }
    out.join(" & ")
}

/// The plan `planner` makes of `question`, or its reason for refusing.
pub(super) fn plan_or_reason(planner: &super::OfflinePlanner, question: &str) -> Result<Plan, String> {
    match planner.plan(question) {
        super::Outcome::Planned(u) => Ok(u.plan),
        super::Outcome::NotUnderstood(n) => Err(n.reason),
    }
}

/// The plan's groups (each dimension's field), in order.
pub(super) fn groups(p: &Plan) -> Vec<String> {
    p.dimensions.iter().map(|d| d.name.clone()).collect()
}

/// The plan for `question` with what the test wants of it, when `want` is
/// `Ok`; when it is `Err(reason)`, asserts the planner refused with a reason
/// containing `reason` and returns None. The other outcome panics, naming
/// the question.
pub(super) fn planned_or_refused<T>(planner: &super::OfflinePlanner, question: &str, want: Result<T, &str>) -> Option<(Plan, T)> {
    match (plan_or_reason(planner, question), want) {
        (Ok(p), Ok(w)) => Some((p, w)),
        (Ok(p), Err(_)) => panic!("{question}: planned {p:?}"),
        (Err(r), Ok(_)) => panic!("{question}: not understood: {r}"),
        (Err(r), Err(reason)) => {
            assert!(r.contains(reason), "{question}: {r}");
            None
        }
    }
}

/// The plan as one line: shown fields and groups, row filters, order
/// (`desc` after a descending key) and limit.
pub(super) fn outline(p: &Plan) -> String {
    let shown: Vec<String> = p.fields.iter().chain(p.dimensions.iter().map(|d| &d.name)).cloned().collect();
    let order: Vec<String> = p.order.iter().map(|o| format!("{}{}", o.by, if o.desc { " desc" } else { "" })).collect();
    format!("shown: {} | where: {} | order: {} | limit: {:?}", shown.join(","), filters(p), order.join(","), p.limit)
}

/// Asserts the plan of `question` starts as `want` says, or that it was
/// refused with a reason containing the `Err` text.
pub(super) fn outline_starts(planner: &super::OfflinePlanner, question: &str, want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(planner, question, want) {
        assert!(outline(&p).starts_with(want), "{question}: {}", outline(&p));
    }
}

/// Asserts the plan of `question` contains `want` in its outline, or that
/// it was refused with a reason containing the `Err` text.
pub(super) fn outline_contains(planner: &super::OfflinePlanner, question: &str, want: Result<&str, &str>) {
    if let Some((p, want)) = planned_or_refused(planner, question, want) {
        assert!(outline(&p).contains(want), "{question}: {}", outline(&p));
    }
}
