//! `sandpiper eval`: answers questions (or runs SQL) and compares the result
//! with gold SQL by execution.
//!
//! Comparison rules: rows form a multiset (a sequence when the case is
//! `ordered`); numbers are equal within 1e-6 relative; column order and
//! names are free; every gold column must match a distinct answer column,
//! and the answer may carry extra columns. Dates equal midnight timestamps.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// One case of an eval file (a JSON line).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Case {
    #[serde(default)]
    pub id: Option<Value>,
    pub dataset: String,
    #[serde(default)]
    pub question: Option<String>,
    #[serde(default)]
    pub sql: Option<String>,
    /// The intended SQL; `null` means no sound fix exists and the case
    /// passes when the run ends without an answer and says why.
    pub gold_sql: Option<String>,
    #[serde(default)]
    pub ordered: bool,
    /// What the gold query uses (joins, group_by, nested, ...), for
    /// reports: a list of names, or a map whose true / non-zero /
    /// non-empty entries count.
    #[serde(default, deserialize_with = "features")]
    pub features: Vec<String>,
}

fn features<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let v = Value::deserialize(d)?;
    Ok(match v {
        Value::Array(items) => items.iter().filter_map(|i| i.as_str().map(str::to_string)).collect(),
        Value::Object(map) => map
            .into_iter()
            .filter(|(_, v)| match v {
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64().is_some_and(|x| x != 0.0),
                Value::Array(a) => !a.is_empty(),
                Value::String(s) => !s.is_empty(),
                _ => false,
            })
            .map(|(k, _)| k)
            .collect(),
        _ => Vec::new(),
    })
}

/// The verdict on one case.
#[derive(Debug, Clone, Serialize)]
pub struct CaseResult {
    pub n: usize,
    pub dataset: String,
    pub question: String,
    pub passed: bool,
    /// Why it failed (empty when it passed).
    pub reason: String,
    pub status: String,
    pub sql: Option<String>,
    pub features: Vec<String>,
    /// Executions the run took (1 when the first SQL answered).
    #[serde(default)]
    pub attempts: usize,
    /// Time spent asking repairers for fixes, in ms.
    #[serde(default)]
    pub repair_ms: f64,
    /// Model usage of the case's run, when a model was called.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<crate::llm::calls::RunUsage>,
    /// Whether the planner marked its reading uncertain (low confidence).
    #[serde(default)]
    pub uncertain: bool,
}

/// How a case ended, for counting wrong answers apart from refusals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The answer matched the gold result (or, with no gold, the run said why not).
    Correct,
    /// An answer came back and it was not the gold result: the worst outcome.
    Wrong,
    /// The planner said it did not understand (an honest "no").
    Refused,
    /// The SQL failed, was rejected, or the gold SQL itself failed.
    Error,
}

impl CaseResult {
    /// Which of the four outcomes this case had.
    pub fn verdict(&self) -> Verdict {
        if self.passed {
            Verdict::Correct
        } else if self.status == "ok" {
            Verdict::Wrong
        } else if self.status == "not_understood" {
            Verdict::Refused
        } else {
            Verdict::Error
        }
    }
}

/// Counts of each outcome.
#[derive(Debug, Clone, Copy, Serialize, Default, PartialEq, Eq)]
pub struct Tally {
    pub total: usize,
    pub correct: usize,
    pub wrong: usize,
    pub refused: usize,
    pub error: usize,
    /// Answers marked uncertain, and those among them that were wrong.
    pub uncertain: usize,
    pub uncertain_wrong: usize,
}

impl Tally {
    fn add(&mut self, r: &CaseResult) {
        self.total += 1;
        match r.verdict() {
            Verdict::Correct => self.correct += 1,
            Verdict::Wrong => self.wrong += 1,
            Verdict::Refused => self.refused += 1,
            Verdict::Error => self.error += 1,
        }
        if r.uncertain {
            self.uncertain += 1;
            self.uncertain_wrong += usize::from(r.verdict() == Verdict::Wrong);
        }
    }

    /// A percentage of the total.
    pub fn pct(&self, n: usize) -> f64 {
        100.0 * n as f64 / self.total.max(1) as f64
    }
}

/// Totals, overall and by feature.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    /// Every case by outcome.
    pub all: Tally,
    /// feature -> outcomes of the cases whose gold query uses it.
    pub by_feature: BTreeMap<String, Tally>,
    /// Cases whose first SQL failed and that passed after repairs, and
    /// those among them that needed only one repair.
    pub repaired: usize,
    pub repaired_first: usize,
    /// Over the cases whose first attempt failed: mean executions and mean
    /// time spent in repairers (ms).
    pub mean_attempts_when_failing: f64,
    pub mean_repair_ms_when_failing: f64,
    /// Model usage over every case, when a model was called.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<crate::llm::calls::RunUsage>,
}

impl Summary {
    pub fn from_results(results: &[CaseResult]) -> Summary {
        let mut s = Summary::default();
        for r in results {
            if let Some(u) = &r.usage {
                s.usage.get_or_insert_with(Default::default).add(u);
            }
            if r.passed {
                s.passed += 1;
                if r.attempts > 1 {
                    s.repaired += 1;
                    s.repaired_first += usize::from(r.attempts == 2);
                }
            } else {
                s.failed += 1;
            }
            s.all.add(r);
            let mut keys = r.features.clone();
            if !r.features.is_empty() {
                keys.push(if r.features.iter().any(|f| f == "joins") { "multi_table" } else { "single_table" }.into());
            }
            for k in keys {
                s.by_feature.entry(k).or_default().add(r);
            }
        }
        let failing: Vec<&CaseResult> = results.iter().filter(|r| r.attempts > 1 || (r.status != "ok" && r.attempts > 0)).collect();
        if !failing.is_empty() {
            let n = failing.len() as f64;
            s.mean_attempts_when_failing = failing.iter().map(|r| r.attempts as f64).sum::<f64>() / n;
            s.mean_repair_ms_when_failing = failing.iter().map(|r| r.repair_ms).sum::<f64>() / n;
        }
        s
    }
}

/// Parse a JSONL eval file, naming the line of any bad case.
pub fn parse_cases(text: &str, path: &str) -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| format!("{path}, line {}: {e}", i + 1))?;
        // `gold_sql` must be given, even as null: a missing one is a typo.
        if v.get("gold_sql").is_none() {
            return Err(format!("{path}, line {}: a case needs \"gold_sql\" (null when no answer is right)", i + 1));
        }
        let c: Case = serde_json::from_value(v).map_err(|e| format!("{path}, line {}: {e}", i + 1))?;
        if c.question.is_none() && c.sql.is_none() {
            return Err(format!("{path}, line {}: a case needs \"question\" or \"sql\"", i + 1));
        }
        out.push(c);
    }
    Ok(out)
}

/// A cell normalized for comparison.
#[derive(Debug, Clone, PartialEq)]
enum Norm {
    Null,
    Num(f64),
    Text(String),
}

fn norm(v: &Value) -> Norm {
    match v {
        Value::Null => Norm::Null,
        Value::Number(n) => n.as_f64().map_or(Norm::Null, Norm::Num),
        Value::Bool(b) => Norm::Num(if *b { 1.0 } else { 0.0 }),
        Value::String(s) => {
            let t = s.strip_suffix(" 00:00:00").unwrap_or(s);
            Norm::Text(t.to_string())
        }
        other => Norm::Text(other.to_string()),
    }
}

fn close(a: &Norm, b: &Norm) -> bool {
    match (a, b) {
        (Norm::Num(x), Norm::Num(y)) => {
            x == y || (x - y).abs() <= 1e-6 * x.abs().max(y.abs())
        }
        _ => a == b,
    }
}

/// A sort key that keeps nearly equal numbers together.
fn key(n: &Norm) -> String {
    match n {
        Norm::Null => "0".into(),
        Norm::Num(x) => format!("1{:+.5e}", x),
        Norm::Text(s) => format!("2{s}"),
    }
}

/// Compare an answer with the gold result; Err says why they differ.
pub fn compare(gold: &[Vec<Value>], gold_cols: usize, answer: &[Vec<Value>], answer_cols: usize, ordered: bool) -> Result<(), String> {
    if gold.len() != answer.len() {
        return Err(format!("{} rows, expected {}", answer.len(), gold.len()));
    }
    if answer_cols < gold_cols {
        return Err(format!("{answer_cols} columns, expected at least {gold_cols}"));
    }
    let g: Vec<Vec<Norm>> = gold.iter().map(|r| r.iter().map(norm).collect()).collect();
    let a: Vec<Vec<Norm>> = answer.iter().map(|r| r.iter().map(norm).collect()).collect();
    // Candidate answer columns for each gold column: same sorted values.
    let column = |rows: &[Vec<Norm>], i: usize| -> Vec<Norm> {
        let mut c: Vec<Norm> = rows.iter().map(|r| r.get(i).cloned().unwrap_or(Norm::Null)).collect();
        c.sort_by_key(key);
        c
    };
    let cands: Vec<Vec<usize>> = (0..gold_cols)
        .map(|gi| {
            let gc = column(&g, gi);
            (0..answer_cols)
                .filter(|&ai| {
                    let ac = column(&a, ai);
                    gc.iter().zip(&ac).all(|(x, y)| close(x, y))
                })
                .collect()
        })
        .collect();
    if let Some(gi) = cands.iter().position(Vec::is_empty) {
        return Err(format!("no answer column has the values of gold column {}", gi + 1));
    }
    let mut chosen = Vec::new();
    let mut tries = 0usize;
    if assign(&cands, &mut chosen, &g, &a, ordered, &mut tries) {
        Ok(())
    } else {
        Err(if ordered { "rows differ or are in another order".into() } else { "rows differ".into() })
    }
}

/// Backtracking over column assignments (bounded).
fn assign(cands: &[Vec<usize>], chosen: &mut Vec<usize>, g: &[Vec<Norm>], a: &[Vec<Norm>], ordered: bool, tries: &mut usize) -> bool {
    if *tries > 10_000 {
        return false;
    }
    if chosen.len() == cands.len() {
        *tries += 1;
        return rows_match(chosen, g, a, ordered);
    }
    for &c in &cands[chosen.len()] {
        if chosen.contains(&c) {
            continue;
        }
        chosen.push(c);
        if assign(cands, chosen, g, a, ordered, tries) {
            return true;
        }
        chosen.pop();
    }
    false
}

fn rows_match(map: &[usize], g: &[Vec<Norm>], a: &[Vec<Norm>], ordered: bool) -> bool {
    let mut proj: Vec<Vec<Norm>> = a
        .iter()
        .map(|r| map.iter().map(|&i| r.get(i).cloned().unwrap_or(Norm::Null)).collect())
        .collect();
    let mut gold: Vec<Vec<Norm>> = g.to_vec();
    if !ordered {
        let row_key = |r: &Vec<Norm>| r.iter().map(key).collect::<Vec<_>>().join("\u{1f}");
        proj.sort_by_key(row_key);
        gold.sort_by_key(row_key);
    }
    proj.iter().zip(&gold).all(|(x, y)| x.iter().zip(y).all(|(p, q)| close(p, q)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rows(v: Value) -> Vec<Vec<Value>> {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn model_usage_is_totalled_over_cases() {
        let case = |usage: Option<crate::llm::calls::RunUsage>| CaseResult {
            n: 1,
            dataset: "d".into(),
            question: "q".into(),
            passed: true,
            reason: String::new(),
            status: "ok".into(),
            sql: None,
            features: vec![],
            attempts: 1,
            repair_ms: 0.0,
            usage,
            uncertain: false,
        };
        let u = crate::llm::calls::RunUsage { calls: 2, input_tokens: 100, output_tokens: 10, total_ms: 50, ..Default::default() };
        assert_eq!(Summary::from_results(&[case(None)]).usage, None);
        let s = Summary::from_results(&[case(Some(u.clone())), case(None), case(Some(u))]);
        let t = s.usage.unwrap();
        assert_eq!((t.calls, t.input_tokens, t.output_tokens, t.total_ms), (4, 200, 20, 100));
    }

    #[test]
    fn column_order_and_extra_columns_are_free() {
        let gold = rows(json!([["a", 1.0], ["b", 2.0]]));
        let ans = rows(json!([[2, "b", "x"], [1.0000000001, "a", "y"]]));
        assert!(compare(&gold, 2, &ans, 3, false).is_ok());
    }

    #[test]
    fn order_matters_only_when_ordered() {
        let gold = rows(json!([["a", 1], ["b", 2]]));
        let ans = rows(json!([["b", 2], ["a", 1]]));
        assert!(compare(&gold, 2, &ans, 2, false).is_ok());
        assert!(compare(&gold, 2, &ans, 2, true).is_err());
    }

    #[test]
    fn values_must_match() {
        let gold = rows(json!([["a", 1], ["b", 2]]));
        assert!(compare(&gold, 2, &rows(json!([["a", 1], ["b", 3]])), 2, false).is_err());
        assert!(compare(&gold, 2, &rows(json!([["a", 1]])), 2, false).is_err());
        assert!(compare(&gold, 2, &rows(json!([["a", 1], ["b", 2.001]])), 2, false).is_err());
    }

    #[test]
    fn rows_are_a_multiset_not_a_set() {
        let gold = rows(json!([["a"], ["a"], ["b"]]));
        assert!(compare(&gold, 1, &rows(json!([["a"], ["b"], ["b"]])), 1, false).is_err());
    }

    #[test]
    fn columns_must_stay_paired_within_rows() {
        let gold = rows(json!([["a", 1], ["b", 2]]));
        let ans = rows(json!([["a", 2], ["b", 1]]));
        assert!(compare(&gold, 2, &ans, 2, false).is_err());
    }

    #[test]
    fn features_come_as_lists_or_maps() {
        let c: Case = serde_json::from_value(json!({"dataset": "d", "sql": "x", "gold_sql": "x",
            "features": {"joins": 2, "nested": false, "aggregates": ["count"], "where": true, "limit": false}})).unwrap();
        assert_eq!(c.features, ["joins", "aggregates", "where"]);
        let c: Case = serde_json::from_value(json!({"dataset": "d", "sql": "x", "gold_sql": "x", "features": ["like"]})).unwrap();
        assert_eq!(c.features, ["like"]);
    }

    #[test]
    fn gold_sql_may_be_null_but_not_missing() {
        let cases = parse_cases("{\"dataset\": \"d\", \"sql\": \"x\", \"gold_sql\": null}", "f").unwrap();
        assert_eq!(cases[0].gold_sql, None);
        assert!(parse_cases("{\"dataset\": \"d\", \"sql\": \"x\"}", "f").is_err());
    }

    fn result(passed: bool, status: &str, features: &[&str]) -> CaseResult {
        CaseResult {
            n: 1,
            dataset: "d".into(),
            question: "q".into(),
            passed,
            reason: String::new(),
            status: status.into(),
            sql: None,
            features: features.iter().map(|f| f.to_string()).collect(),
            attempts: 1,
            repair_ms: 0.0,
            uncertain: false,
            usage: None,
        }
    }

    #[test]
    fn wrong_answers_are_counted_apart_from_refusals() {
        let rs = [
            result(true, "ok", &["joins"]),
            result(false, "ok", &["joins", "group_by"]),
            result(false, "not_understood", &["group_by"]),
            result(false, "failed", &[]),
        ];
        let s = Summary::from_results(&rs);
        assert_eq!((s.all.correct, s.all.wrong, s.all.refused, s.all.error), (1, 1, 1, 1));
        let j = s.by_feature["multi_table"];
        assert_eq!((j.total, j.correct, j.wrong), (2, 1, 1));
        let g = s.by_feature["group_by"];
        assert_eq!((g.total, g.wrong, g.refused), (2, 1, 1));
        assert_eq!(s.by_feature["single_table"].refused, 1);
    }

    #[test]
    fn dates_equal_midnight_timestamps() {
        let gold = rows(json!([["2025-06-01"]]));
        assert!(compare(&gold, 1, &rows(json!([["2025-06-01 00:00:00"]])), 1, false).is_ok());
    }
}
