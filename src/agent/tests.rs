//! The agent cycle without a jail, a planner or a clock: events in, effects out.

use super::*;
use crate::planner::NotUnderstood;
use crate::runner::ColumnInfo;

fn manifest() -> Manifest {
    toml::from_str(
        r#"
name = "t"
[[tables]]
name = "orders"
file = "orders.csv"
columns = [{ name = "id", type = "INTEGER" }, { name = "status", type = "VARCHAR" }]
[[metrics]]
name = "order_count"
expr = "COUNT(*)"
table = "orders"
[[dimensions]]
name = "status"
column = "orders.status"
kind = "categorical"
values = ["shipped", "cancelled"]
[[values]]
dimension = "status"
value = "cancelled"
synonyms = ["canceled", "void"]
"#,
    )
    .unwrap()
}

fn kinds(fx: &[Effect]) -> Vec<String> {
    fx.iter()
        .map(|e| match e {
            Effect::Plan { .. } => "plan".to_string(),
            Effect::Execute { attempt, .. } => format!("execute#{attempt}"),
            Effect::Record { kind, .. } => format!("record:{}", kind.as_str()),
            Effect::Repair { attempt, .. } => format!("repair#{attempt}"),
            Effect::Progress(p) => format!("progress:{}", serde_json::to_value(p).unwrap()["step"].as_str().unwrap()),
            Effect::Finish(f) => format!("finish:{}", f.status.word()),
        })
        .collect()
}

fn finished(fx: &[Effect]) -> &Finished {
    fx.iter()
        .find_map(|e| match e {
            Effect::Finish(f) => Some(f.as_ref()),
            _ => None,
        })
        .expect("a Finish effect")
}

fn ok_output() -> QueryOutput {
    QueryOutput {
        columns: vec![ColumnInfo { name: "n".into(), ty: "BIGINT".into() }],
        rows: vec![vec![serde_json::json!(1)]],
        truncated: false,
        elapsed_ms: 1.0,
        arrow: None,
    }
}

#[test]
fn sql_runs_once_validated_and_finishes_ok() {
    let mut a = Agent::new(manifest());
    let fx = a.handle(Event::Start(Request::Sql { sql: "SELECT count(*) FROM orders".into(), validate: true }));
    assert_eq!(kinds(&fx), ["record:sql", "progress:compiled", "record:validation", "progress:validated", "execute#1"]);
    let fx = a.handle(Event::Executed { attempt: 1, result: Ok(ok_output()) });
    assert_eq!(kinds(&fx), ["record:execution", "record:answer", "finish:ok"]);
    let f = finished(&fx);
    assert_eq!(f.answer_attempt, Some(1));
    assert_eq!(f.attempts.len(), 1);
    assert_eq!(f.attempts[0].status, Status::Ok);
}

#[test]
fn refused_sql_never_executes() {
    let mut a = Agent::new(manifest());
    let fx = a.handle(Event::Start(Request::Sql { sql: "DROP TABLE orders".into(), validate: true }));
    assert!(!kinds(&fx).iter().any(|k| k.starts_with("execute")), "{:?}", kinds(&fx));
    let f = finished(&fx);
    assert_eq!(f.status, Status::Rejected);
    assert_eq!(f.error.as_ref().unwrap().category, ErrorCategory::Validation);
}

#[test]
fn validator_off_still_runs_and_says_so() {
    let mut a = Agent::new(manifest());
    let fx = a.handle(Event::Start(Request::Sql { sql: "SELECT * FROM read_text('/etc/passwd')".into(), validate: false }));
    assert!(kinds(&fx).contains(&"execute#1".to_string()));
    let skipped = fx.iter().any(|e| matches!(e, Effect::Record { kind: RecordKind::Validation, payload } if payload.get("skipped").is_some()));
    assert!(skipped);
}

fn binder(w: &str) -> ExecError {
    ExecError::SqlError(format!(
        "Binder Error: Referenced column \"{w}\" not found in FROM clause!\nCandidate bindings: \"orders.status\""
    ))
}

fn fix(sql: &str) -> Fix {
    Fix { sql: sql.into(), repairer: "rules:test".into(), rationale: format!("try {sql}") }
}

#[test]
fn a_failure_asks_for_a_repair_and_runs_the_fix() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT * FROM orders WHERE stauts = 'x'".into(), validate: false }));
    let fx = a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    assert_eq!(kinds(&fx), ["record:execution", "repair#1"]);
    // A result for a stale attempt is ignored while repairing.
    assert!(a.handle(Event::Executed { attempt: 1, result: Ok(ok_output()) }).is_empty());
    let fx = a.handle(Event::Repaired { attempt: 1, result: Ok(Some(fix("SELECT * FROM orders WHERE status = 'x'"))) });
    assert_eq!(
        kinds(&fx),
        ["record:repair_attempt", "progress:repair_proposed", "record:validation", "progress:validated", "execute#2"]
    );
    match fx.last() {
        Some(Effect::Execute { sql, .. }) => assert_eq!(sql, "SELECT * FROM orders WHERE status = 'x'"),
        other => panic!("{other:?}"),
    }
    let fx = a.handle(Event::Executed { attempt: 2, result: Ok(ok_output()) });
    let f = finished(&fx);
    assert_eq!(f.status, Status::Ok);
    assert_eq!(f.answer_attempt, Some(2));
    assert_eq!(f.attempts[1].repairer.as_deref(), Some("rules:test"));
    // The plan in the report is the SQL that ran, not the original text.
    assert_eq!(f.plan.as_ref().and_then(|p| p.sql.as_deref()), Some("SELECT * FROM orders WHERE status = 'x'"));
}

/// Drive the agent with a repairer that always has a new fix and a runner
/// that always fails: it must stop at exactly `max` executions.
fn executions_until_done(max: u32) -> (usize, Finished) {
    let mut a = Agent::new(manifest()).with_max_attempts(max);
    let mut queue: std::collections::VecDeque<Effect> =
        a.handle(Event::Start(Request::Sql { sql: "SELECT 1 AS v0".into(), validate: true })).into();
    let mut executions = 0;
    let mut k = 0;
    while let Some(e) = queue.pop_front() {
        match e {
            Effect::Execute { attempt, .. } => {
                executions += 1;
                queue.extend(a.handle(Event::Executed { attempt, result: Err(binder("v")) }));
            }
            Effect::Repair { attempt, .. } => {
                k += 1;
                queue.extend(a.handle(Event::Repaired { attempt, result: Ok(Some(fix(&format!("SELECT {k} AS v{k}")))) }));
            }
            Effect::Finish(f) => return (executions, *f),
            _ => {}
        }
    }
    panic!("the agent never finished");
}

#[test]
fn the_attempt_cap_is_reached_and_never_passed() {
    for max in [1, 2, 3, 5] {
        let (n, f) = executions_until_done(max);
        assert_eq!(n, max as usize, "max_attempts {max}");
        assert_eq!(f.attempts.len(), max as usize);
        assert_eq!(f.status, Status::Failed);
        assert!(f.attempts.iter().all(|a| a.status == Status::Failed));
    }
    assert_eq!(executions_until_done(MAX_ATTEMPTS).0, 3, "the default is three");
}

#[test]
fn a_fix_identical_to_an_earlier_attempt_is_not_run() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false }));
    a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    let fx = a.handle(Event::Repaired { attempt: 1, result: Ok(Some(fix("SELECT stauts FROM orders"))) });
    assert!(!kinds(&fx).iter().any(|k| k.starts_with("execute")), "{:?}", kinds(&fx));
    assert_eq!(finished(&fx).status, Status::Failed);
}

#[test]
fn no_fix_ends_the_run_failed_with_the_error() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false }));
    a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    let fx = a.handle(Event::Repaired { attempt: 1, result: Ok(None) });
    let f = finished(&fx);
    assert_eq!(f.status, Status::Failed);
    assert_eq!(f.error.as_ref().unwrap().category, ErrorCategory::ColumnMissing);
}

#[test]
fn cancel_ends_the_run_at_any_step() {
    // While planning.
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Ask { question: "orders".into() }));
    assert_eq!(finished(&a.handle(Event::Cancelled)).status, Status::Cancelled);
    // While running: the runner reports the cancel.
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT 1".into(), validate: true }));
    let f = a.handle(Event::Executed { attempt: 1, result: Err(ExecError::Cancelled) });
    let f = finished(&f);
    assert_eq!(f.status, Status::Cancelled);
    assert_eq!(f.attempts[0].status, Status::Cancelled);
    // While repairing.
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false }));
    a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    let fx = a.handle(Event::Repaired { attempt: 1, result: Err(RepairError::Cancelled) });
    assert_eq!(finished(&fx).status, Status::Cancelled);
    // Nothing after the end.
    assert!(a.handle(Event::Cancelled).is_empty());
}

#[test]
fn timeouts_are_not_repaired() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT 1".into(), validate: true }));
    let fx = a.handle(Event::Executed { attempt: 1, result: Err(ExecError::Timeout(30)) });
    let f = finished(&fx);
    assert_eq!(f.status, Status::Failed);
    assert_eq!(f.error.as_ref().unwrap().category, ErrorCategory::Timeout);
}

#[test]
fn questions_go_through_the_planner_and_may_be_not_understood() {
    let mut a = Agent::new(manifest());
    let fx = a.handle(Event::Start(Request::Ask { question: "what is the weather".into() }));
    assert_eq!(kinds(&fx), ["record:question", "plan"]);
    let fx = a.handle(Event::Planned(Box::new(crate::planner::Outcome::NotUnderstood(NotUnderstood {
        reason: "no measure recognised".into(),
        recognised: Vec::new(),
        suggestions: vec!["How many orders?".into()],
    }))));
    let f = finished(&fx);
    assert_eq!(f.status, Status::NotUnderstood);
    assert!(f.sql.is_none());
}

#[test]
fn compile_errors_are_rejections_with_the_reason() {
    let mut a = Agent::new(manifest());
    let plan: Plan = serde_json::from_value(serde_json::json!({"measures": [{"metric": "order_cnt"}]})).unwrap();
    let fx = a.handle(Event::Start(Request::Plan { plan: Box::new(plan) }));
    let f = finished(&fx);
    assert_eq!(f.status, Status::Rejected);
    assert!(f.error.as_ref().unwrap().message.contains("did you mean `order_count`"));
}

#[test]
fn sql_that_does_not_parse_is_offered_for_repair_and_the_fix_validated() {
    let mut a = Agent::new(manifest());
    let fx = a.handle(Event::Start(Request::Sql { sql: "SELCT status FROM orders".into(), validate: true }));
    assert_eq!(kinds(&fx).last().map(String::as_str), Some("repair#1"), "{:?}", kinds(&fx));
    let fx = a.handle(Event::Repaired { attempt: 1, result: Ok(Some(fix("SELECT status FROM orders"))) });
    assert_eq!(kinds(&fx).last().map(String::as_str), Some("execute#2"), "{:?}", kinds(&fx));
}

#[test]
fn a_refusal_without_a_fix_stays_rejected_and_says_what_is_missing() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT * FROM customers".into(), validate: true }));
    let fx = a.handle(Event::Repaired { attempt: 1, result: Ok(None) });
    let f = finished(&fx);
    assert_eq!(f.status, Status::Rejected);
    let e = f.error.as_ref().unwrap();
    assert_eq!(e.category, ErrorCategory::Validation);
    assert!(e.message.starts_with("no table customers; the tables of "), "{}", e.message);
}

#[test]
fn policy_refusals_are_never_offered_for_repair() {
    let mut a = Agent::new(manifest());
    let fx = a.handle(Event::Start(Request::Sql { sql: "SELECT * FROM read_csv('/etc/passwd')".into(), validate: true }));
    assert!(!kinds(&fx).iter().any(|k| k.starts_with("repair")), "{:?}", kinds(&fx));
    assert_eq!(finished(&fx).status, Status::Rejected);
}

#[test]
fn a_fix_that_only_changes_layout_is_not_run_and_a_real_fix_carries_its_diff() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false }));
    a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    let fx = a.handle(Event::Repaired { attempt: 1, result: Ok(Some(fix("select stauts\n  from orders"))) });
    assert!(!kinds(&fx).iter().any(|k| k.starts_with("execute")), "{:?}", kinds(&fx));

    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false }));
    a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    a.handle(Event::Repaired { attempt: 1, result: Ok(Some(fix("SELECT status FROM orders"))) });
    let diff = a.attempts()[1].diff.as_deref().unwrap();
    assert!(diff.contains("-SELECT stauts\n+SELECT status\n"), "{diff}");
    assert_eq!(a.attempts()[0].diff, None);
}

fn no_rows() -> QueryOutput {
    QueryOutput { rows: vec![], ..ok_output() }
}

#[test]
fn an_empty_result_from_a_synonym_is_rerun_with_the_stored_value() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT id FROM orders WHERE status = 'void'".into(), validate: true }));
    let fx = a.handle(Event::Executed { attempt: 1, result: Ok(no_rows()) });
    assert_eq!(
        kinds(&fx),
        ["record:execution", "record:repair_attempt", "progress:repair_proposed", "record:validation", "progress:validated", "execute#2"]
    );
    match fx.last() {
        Some(Effect::Execute { sql, .. }) => assert_eq!(sql, "SELECT id FROM orders WHERE status = 'cancelled'"),
        other => panic!("{other:?}"),
    }
    let f = a.handle(Event::Executed { attempt: 2, result: Ok(ok_output()) });
    let f = finished(&f);
    assert_eq!(f.status, Status::Ok);
    assert_eq!(f.attempts[0].error.as_ref().map(|e| e.category), Some(ErrorCategory::EmptyResult));
    assert_eq!(f.attempts[1].repairer.as_deref(), Some("rules:value_synonym"));
    assert!(f.notices.is_empty());
}

#[test]
fn a_zero_count_from_a_synonym_is_rerun_and_a_real_zero_is_left_alone() {
    let zero = || QueryOutput { rows: vec![vec![serde_json::json!(0)]], ..ok_output() };
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT count(*) FROM orders WHERE status = 'canceled'".into(), validate: true }));
    let fx = a.handle(Event::Executed { attempt: 1, result: Ok(zero()) });
    assert_eq!(kinds(&fx).last().map(String::as_str), Some("execute#2"));
    // A zero with nothing to blame it on is an answer, without a notice.
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT count(*) FROM orders WHERE id < 0".into(), validate: true }));
    let fx = a.handle(Event::Executed { attempt: 1, result: Ok(zero()) });
    let f = finished(&fx);
    assert_eq!((f.status, f.answer_attempt, f.notices.len()), (Status::Ok, Some(1), 0));
}

#[test]
fn an_empty_result_without_a_sound_fix_is_reported_not_repaired() {
    let cases = [
        // A value the data does not have: the notice names it and the known ones.
        ("SELECT id FROM orders WHERE status = 'lost'", "'lost' is not a value of status (shipped, cancelled)"),
        // A filter on a column without listed values: the general reason.
        ("SELECT id FROM orders WHERE id > 100", "check the filter values"),
        // A stored value that matched nothing is left alone.
        ("SELECT id FROM orders WHERE status = 'shipped' AND id < 0", "check the filter values"),
    ];
    for (sql, says) in cases {
        let mut a = Agent::new(manifest());
        a.handle(Event::Start(Request::Sql { sql: sql.into(), validate: true }));
        let fx = a.handle(Event::Executed { attempt: 1, result: Ok(no_rows()) });
        assert!(!kinds(&fx).iter().any(|k| k.starts_with("execute") || k.starts_with("repair")), "{sql}: {:?}", kinds(&fx));
        let f = finished(&fx);
        assert_eq!(f.status, Status::Ok, "{sql}");
        assert_eq!(f.answer_attempt, Some(1), "{sql}");
        assert!(f.notices.iter().any(|n| n.starts_with("empty_result") && n.contains(says)), "{sql}: {:?}", f.notices);
    }
}

#[test]
fn duckdb_errors_are_reported_with_the_classifiers_category() {
    let mut a = Agent::new(manifest()).with_max_attempts(1);
    a.handle(Event::Start(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false }));
    let fx = a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    let f = finished(&fx);
    assert_eq!(f.status, Status::Failed);
    assert_eq!(f.error.as_ref().map(|e| e.category), Some(ErrorCategory::ColumnMissing));
    assert_eq!(f.attempts[0].error.as_ref().map(|e| e.category), Some(ErrorCategory::ColumnMissing));
}

#[test]
fn a_repairer_that_gives_up_says_why_in_the_error() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT stauts FROM orders".into(), validate: false }));
    a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    let fx = a.handle(Event::Repaired { attempt: 1, result: Err(RepairError::Failed("the repair time budget (30 s) was spent".into())) });
    let f = finished(&fx);
    assert_eq!(f.status, Status::Failed);
    assert!(f.error.as_ref().is_some_and(|e| e.message.contains("repair time budget")), "{:?}", f.error);
}
