//! Repairing a failed attempt: the [`Repairer`] interface the driver calls
//! when the agent asks for a fix (the agent's `Repair` effect), and its
//! implementations: the offline [`rules`] now; a model repairer and the
//! user's own edit in the TUI later.
//!
//! Layout: `classify.rs` (error -> typed [`Failure`]), `rules.rs` (which
//! rules run for which failure), the rules by kind (`names.rs`,
//! `aggregate.rs`, `dialect.rs`, `literals.rs`, `syntax.rs`), `scope.rs`
//! and `text.rs` (what they share), `explain.rs` (why no fix was found).
//!
//! Invariants: a repairer proposes SQL, it never runs it (the fix goes back
//! through the validator and the jail like any attempt); it says who it is
//! and why it changed what it changed; resource failures and refusals are
//! not the repairer's to fix (the agent does not ask).

mod aggregate;
pub mod classify;
pub mod chain;
mod dialect;
mod explain;
mod literals;
pub mod model;
mod names;
pub mod rules;
mod scope;
mod syntax;
pub mod text;
#[cfg(test)]
mod testdb;

use crate::report::Attempt;
use crate::runner::{CancelToken, ExecError};
use crate::semantic::Manifest;

pub use classify::{classify, Failure};
pub use explain::explain;
pub use literals::{unknown_values, value_synonym};
pub use rules::Rules;

/// A proposed fix.
#[derive(Debug, Clone, PartialEq)]
pub struct Fix {
    pub sql: String,
    /// Who proposed it: `rules:<rule>`, `model:<provider>`, `user`.
    pub repairer: String,
    /// What changed and why, shown in the repair stepper.
    pub rationale: String,
}

/// Everything a repairer may look at.
#[derive(Debug, Clone, Copy)]
pub struct RepairRequest<'a> {
    pub manifest: &'a Manifest,
    /// The SQL of the attempt that failed.
    pub failed_sql: &'a str,
    pub error: &'a ExecError,
    /// Every attempt so far, the failed one last.
    pub attempts: &'a [Attempt],
}

/// Why a repairer could not answer (as opposed to "no fix").
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RepairError {
    #[error("repair was cancelled")]
    Cancelled,
    #[error("the repairer failed: {0}")]
    Failed(String),
}

/// Proposes a fix for a failed attempt, or `None` when no sound fix exists.
pub trait Repairer: Send {
    /// `rules`, `model:<provider>`, `user`.
    fn name(&self) -> String;
    fn repair(&mut self, req: &RepairRequest<'_>, cancel: &CancelToken) -> Result<Option<Fix>, RepairError>;
    /// Repair with an observer of model calls as they happen. By default
    /// the same as [`Repairer::repair`].
    fn repair_in(
        &mut self,
        req: &RepairRequest<'_>,
        cancel: &CancelToken,
        observe: &(dyn Fn(crate::progress::Progress) + Sync),
    ) -> Result<Option<Fix>, RepairError> {
        let _ = observe;
        self.repair(req, cancel)
    }
    /// The model calls made since the last call of this method.
    fn take_calls(&mut self) -> Vec<crate::llm::calls::LlmCall> {
        Vec::new()
    }
}
