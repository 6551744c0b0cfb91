//! Offline repair rules: turn a classified failure into a corrected SQL
//! statement when DuckDB's own message says what was meant ("Did you mean
//! ...", "Candidate bindings: ..."). Pure; [`Rules`] offers them to the
//! driver as a [`Repairer`].
//!
//! A rule only fires when the fix is unambiguous, and never for resource
//! failures (timeout, memory, output), which a rewrite cannot make safe.

use super::{Fix, RepairError, RepairRequest, Repairer};
use crate::runner::{CancelToken, ExecError};
use crate::semantic::Manifest;

/// The offline rules as a [`Repairer`].
#[derive(Debug, Clone, Default)]
pub struct Rules;

impl Repairer for Rules {
    fn name(&self) -> String {
        "rules".into()
    }
    fn repair(&mut self, req: &RepairRequest<'_>, cancel: &CancelToken) -> Result<Option<Fix>, RepairError> {
        if cancel.is_cancelled() {
            return Err(RepairError::Cancelled);
        }
        Ok(propose(req.manifest, req.failed_sql, req.error))
    }
}

/// Propose a fix for `sql` that failed with `error`, or None.
pub fn propose(_m: &Manifest, sql: &str, error: &ExecError) -> Option<Fix> {
    let ExecError::SqlError(msg) = error else { return None };
    let (wrong, right) = suggestion(msg)?;
    if wrong.eq_ignore_ascii_case(&right) || !close_enough(&wrong, &right) {
        // DuckDB's candidates are guesses; a distant one would answer a
        // different question, so only near-misses (typos) are repaired.
        return None;
    }
    let fixed = replace_word(sql, &wrong, &right)?;
    Some(Fix {
        sql: fixed,
        repairer: "rules:did_you_mean".into(),
        rationale: format!("DuckDB did not know `{wrong}` and suggested `{right}`; replaced it"),
    })
}

/// A typo-sized difference: at most 2 edits, and at most a third of the name.
fn close_enough(wrong: &str, right: &str) -> bool {
    let (w, r) = (wrong.to_ascii_lowercase(), right.to_ascii_lowercase());
    let w = w.rsplit('.').next().unwrap_or(&w).to_string();
    let r = r.rsplit('.').next().unwrap_or(&r).to_string();
    let d = strsim::damerau_levenshtein(&w, &r);
    d <= 2 && d * 3 <= w.chars().count().max(r.chars().count())
}

/// (unknown name, suggested name) from a DuckDB error message.
fn suggestion(msg: &str) -> Option<(String, String)> {
    let quoted = |s: &str| -> Option<String> {
        let start = s.find('"')? + 1;
        let end = start + s[start..].find('"')?;
        Some(s[start..end].to_string())
    };
    let wrong = if let Some(i) = msg.find("Referenced column ") {
        quoted(&msg[i..])?
    } else if let Some(i) = msg.find(" with name ") {
        let rest = &msg[i + " with name ".len()..];
        rest.split_whitespace().next()?.trim_matches('"').to_string()
    } else {
        return None;
    };
    let right = if let Some(i) = msg.find("Did you mean ") {
        quoted(&msg[i..])?
    } else if let Some(i) = msg.find("Candidate bindings: ") {
        let cand = quoted(&msg[i..])?;
        // "table.column" -> keep only the column when the original was bare.
        if wrong.contains('.') { cand } else { cand.rsplit('.').next()?.to_string() }
    } else {
        return None;
    };
    Some((wrong, right))
}

/// Replace whole-word, case-insensitive occurrences of `wrong` outside
/// string literals. None when nothing was replaced.
fn replace_word(sql: &str, wrong: &str, right: &str) -> Option<String> {
    let mut out = String::with_capacity(sql.len());
    let mut hit = false;
    let bytes = sql.as_bytes();
    let lw = wrong.to_ascii_lowercase();
    let mut i = 0;
    let mut in_str = false;
    while i < sql.len() {
        let c = bytes[i];
        if c == b'\'' {
            in_str = !in_str;
        }
        let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !in_str && word_start && sql.len() - i >= lw.len() && sql.is_char_boundary(i + lw.len()) && sql[i..i + lw.len()].eq_ignore_ascii_case(&lw) {
            let end = i + lw.len();
            let word_end = end == sql.len() || !(bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_');
            if word_end {
                out.push_str(right);
                i = end;
                hit = true;
                continue;
            }
        }
        let ch = sql[i..].chars().next()?;
        out.push(ch);
        i += ch.len_utf8();
    }
    hit.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn m() -> Manifest {
        toml::from_str("name = \"t\"\ntables = []").unwrap()
    }

    #[rstest]
    #[case("SELECT revenu FROM orders",
           "Binder Error: Referenced column \"revenu\" not found in FROM clause!\nCandidate bindings: \"orders.revenue\"",
           Some("SELECT revenue FROM orders"))]
    #[case("SELECT * FROM ordrs",
           "Catalog Error: Table with name ordrs does not exist!\nDid you mean \"orders\"?",
           Some("SELECT * FROM orders"))]
    #[case("SELECT lenght('ordrs') FROM t",
           "Catalog Error: Scalar Function with name lenght does not exist!\nDid you mean \"length\"?",
           Some("SELECT length('ordrs') FROM t"))]
    #[case("SELECT x FROM t", "Binder Error: something else", None)]
    #[case("SELECT no_such_column FROM orders",
           "Binder Error: Referenced column \"no_such_column\" not found in FROM clause!\nCandidate bindings: \"total_amount\"",
           None)]
    #[case("SELECT 'ordrs' FROM t",
           "Catalog Error: Table with name ordrs does not exist!\nDid you mean \"orders\"?", None)]
    fn rules(#[case] sql: &str, #[case] msg: &str, #[case] want: Option<&str>) {
        let got = propose(&m(), sql, &ExecError::SqlError(msg.into())).map(|f| f.sql);
        assert_eq!(got.as_deref(), want);
    }

    #[test]
    fn resource_failures_are_not_repaired() {
        assert_eq!(propose(&m(), "SELECT 1", &ExecError::Timeout(30)), None);
    }
}
