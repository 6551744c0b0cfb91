//! The model repairer: a [`Repairer`] that asks a model for a fix, shown
//! the curated schema, the failed SQL, DuckDB's error with its category
//! and candidate names ([`classify`]) and every earlier attempt. It returns
//! SQL and a one-line rationale. A proposal identical to an earlier attempt
//! (compared in canonical form, as the agent compares attempts) is not run: the model is
//! told so once and asked again; a second duplicate means no fix.
//!
//! Invariants: the repairer proposes, never runs (the fix goes through the
//! validator and the jail like any attempt); a cancel drops the model call
//! at once; every call is kept as an accounting record.

use std::time::Instant;

use super::classify::classify;
use super::{Fix, RepairError, RepairRequest, Repairer};
use crate::llm::answer::{self, Answer};
use crate::llm::bridge::Interrupted;
use crate::llm::calls::{CallError, Caller, LlmCall};
use crate::llm::context::{ContextIndex, Curated};
use crate::llm::prompt::{self, RepairFacts, ShownAttempt};
use crate::llm::{ChatRequest, Content, LlmError, Message, Role, ToolChoice};
use crate::planner::model::{ModelBudgets, ModelSetup};
use crate::semantic::Manifest;
use crate::progress::Progress;
use crate::runner::CancelToken;

/// See the module documentation.
pub struct ModelRepairer {
    caller: Caller,
    budgets: ModelBudgets,
    /// The context index of the dataset last repaired on, rebuilt only
    /// when the manifest changes.
    index: Option<(Manifest, ContextIndex)>,
}

/// SQL compared for duplicates: the agent's own key (the canonical form
/// of the parsed statement, so layout and keyword case do not count),
/// with a trailing semicolon dropped.
pub fn normalized(sql: &str) -> String {
    super::text::canonical_hash(sql.trim().trim_end_matches(';'))
}

impl ModelRepairer {
    pub fn new(setup: &ModelSetup) -> ModelRepairer {
        ModelRepairer { caller: setup.caller(), budgets: setup.budgets.clone(), index: None }
    }

    fn ask(&mut self, req: &ChatRequest, cancel: &CancelToken, deadline: Instant, observe: &(dyn Fn(Progress) + Sync)) -> Result<crate::llm::ChatResponse, RepairError> {
        self.caller.call(req, "repair", cancel, Some(deadline), None, observe).map_err(|e| match e {
            CallError::Llm(LlmError::Cancelled) | CallError::Interrupted(Interrupted::Cancelled) => RepairError::Cancelled,
            other => RepairError::Failed(format!("{}: {other}", self.caller.label())),
        })
    }

    /// The curated context for `words` on `manifest`.
    fn curate(&mut self, manifest: &Manifest, words: &str) -> Curated {
        if !self.index.as_ref().is_some_and(|(m, _)| m == manifest) {
            self.index = Some((manifest.clone(), ContextIndex::new(manifest)));
        }
        match &self.index {
            Some((_, ix)) => ix.curate(words, &[], self.budgets.context_tokens),
            None => ContextIndex::new(manifest).curate(words, &[], self.budgets.context_tokens),
        }
    }
}

impl Repairer for ModelRepairer {
    fn name(&self) -> String {
        format!("model:{}", self.caller.label())
    }

    fn repair(&mut self, req: &RepairRequest<'_>, cancel: &CancelToken) -> Result<Option<Fix>, RepairError> {
        self.repair_in(req, cancel, &|_| {})
    }

    fn repair_in(&mut self, req: &RepairRequest<'_>, cancel: &CancelToken, observe: &(dyn Fn(Progress) + Sync)) -> Result<Option<Fix>, RepairError> {
        if cancel.is_cancelled() {
            return Err(RepairError::Cancelled);
        }
        let failure = classify(req.error, req.failed_sql);
        if !failure.repairable() {
            return Ok(None);
        }
        let words = format!("{} {}", req.failed_sql, failure.message);
        let context = self.curate(req.manifest, &words);
        let shown: Vec<ShownAttempt> = req
            .attempts
            .iter()
            .map(|a| ShownAttempt { n: a.n, sql: a.sql.clone(), error: a.error.as_ref().map(|e| e.message.clone()) })
            .collect();
        let error_text = req.error.to_string();
        let category = failure.category.word();
        let facts = RepairFacts { context: &context, failed_sql: req.failed_sql, error: &error_text, category, candidates: &failure.candidates, attempts: &shown };
        let mut messages = vec![prompt::repair_message(&facts)];
        let earlier: Vec<String> = req.attempts.iter().map(|a| normalized(&a.sql)).chain(std::iter::once(normalized(req.failed_sql))).collect();
        let deadline = Instant::now() + self.budgets.wall_clock;
        for round in 0..2 {
            let chat = ChatRequest {
                system: prompt::repair_system(&req.manifest.name),
                messages: messages.clone(),
                tools: vec![answer::sql_tool()],
                tool_choice: ToolChoice::Tool(answer::SUBMIT_SQL.into()),
                max_tokens: self.budgets.max_tokens,
                temperature: Some(0.0),
            };
            let resp = self.ask(&chat, cancel, deadline, observe)?;
            let (sql, rationale) = match answer::extract(&resp) {
                Ok(Answer::Sql { sql, rationale }) => (sql, rationale),
                // A repair is SQL; a plan or prose is no fix.
                Ok(Answer::Plan(_)) | Err(_) => return Ok(None),
            };
            if !earlier.contains(&normalized(&sql)) {
                let rationale = rationale.unwrap_or_else(|| "rewritten by the model".into());
                let rationale = rationale.lines().next().unwrap_or_default().trim().to_string();
                return Ok(Some(Fix { sql, repairer: self.name(), rationale }));
            }
            if round == 0 {
                let note = "That SQL is the same as an earlier attempt, which failed; it was not run. Propose a different fix.";
                let mut assistant = Vec::new();
                if !resp.text.is_empty() {
                    assistant.push(Content::Text { text: resp.text.clone() });
                }
                assistant.extend(resp.tool_calls.iter().cloned().map(Content::ToolCall));
                messages.push(Message { role: Role::Assistant, content: assistant });
                let reply = if resp.tool_calls.is_empty() {
                    vec![Content::Text { text: note.into() }]
                } else {
                    resp.tool_calls.iter().map(|c| Content::ToolResult { call_id: c.id.clone(), content: note.into(), is_error: true }).collect()
                };
                messages.push(Message { role: Role::User, content: reply });
            }
        }
        Ok(None)
    }

    fn take_calls(&mut self) -> Vec<LlmCall> {
        self.caller.take_calls()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_found_in_canonical_form_but_values_still_count() {
        let same = [("SELECT a FROM t", "select  a\nFROM t;"), ("SELECT count(*) FROM t WHERE x = 1", "SELECT count(*)\n  FROM t\n WHERE x = 1")];
        for (a, b) in same {
            assert_eq!(normalized(a), normalized(b), "{a} / {b}");
        }
        // A literal's case is a real change (a value fix), not a duplicate.
        assert_ne!(normalized("SELECT * FROM t WHERE s = 'Open'"), normalized("SELECT * FROM t WHERE s = 'open'"));
    }
}
