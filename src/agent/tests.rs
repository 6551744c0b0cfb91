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
    }
}

#[test]
fn sql_runs_once_validated_and_finishes_ok() {
    let mut a = Agent::new(manifest());
    let fx = a.handle(Event::Start(Request::Sql { sql: "SELECT count(*) FROM orders".into(), validate: true }));
    assert_eq!(kinds(&fx), ["record:sql", "record:validation", "execute#1"]);
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
    assert_eq!(f.error.as_ref().unwrap().category, "validation");
}

#[test]
fn validator_off_still_runs_and_says_so() {
    let mut a = Agent::new(manifest());
    let fx = a.handle(Event::Start(Request::Sql { sql: "SELECT * FROM read_text('/etc/passwd')".into(), validate: false }));
    assert!(kinds(&fx).contains(&"execute#1".to_string()));
    let skipped = fx.iter().any(|e| matches!(e, Effect::Record { kind: RecordKind::Validation, payload } if payload.get("skipped").is_some()));
    assert!(skipped);
}

#[test]
fn repairable_errors_retry_up_to_three_attempts() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT * FROM orders WHERE stauts = 'x'".into(), validate: false }));
    let binder = |w: &str| {
        ExecError::SqlError(format!(
            "Binder Error: Referenced column \"{w}\" not found in FROM clause!\nCandidate bindings: \"orders.status\""
        ))
    };
    let fx = a.handle(Event::Executed { attempt: 1, result: Err(binder("stauts")) });
    assert_eq!(kinds(&fx), ["record:execution", "record:repair_attempt", "record:validation", "execute#2"]);
    match fx.last() {
        Some(Effect::Execute { sql, .. }) => assert_eq!(sql, "SELECT * FROM orders WHERE status = 'x'"),
        other => panic!("{other:?}"),
    }
    // A result for a stale attempt is ignored.
    assert!(a.handle(Event::Executed { attempt: 1, result: Ok(ok_output()) }).is_empty());
    let fx = a.handle(Event::Executed { attempt: 2, result: Err(binder("status")) });
    // "status" -> "status" is no change: no repair, the run fails.
    let f = finished(&fx);
    assert_eq!(f.status, Status::Failed);
    assert_eq!(f.attempts.len(), 2);
    assert_eq!(f.attempts[1].repair.as_deref().map(|r| r.contains("stauts")), Some(true));
    assert!(a.attempts().len() <= MAX_ATTEMPTS as usize);
}

#[test]
fn timeouts_are_not_repaired() {
    let mut a = Agent::new(manifest());
    a.handle(Event::Start(Request::Sql { sql: "SELECT 1".into(), validate: true }));
    let fx = a.handle(Event::Executed { attempt: 1, result: Err(ExecError::Timeout(30)) });
    let f = finished(&fx);
    assert_eq!(f.status, Status::Failed);
    assert_eq!(f.error.as_ref().unwrap().category, "timeout");
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
