//! The per-run token budget (`[llm] token_budget`): one [`TokenMeter`]
//! shared by everything that calls a model in a session (the planner of
//! each dataset, the model repairer), reset when a run starts, charged
//! with what each call reported (input + output tokens) and asked before
//! every call.
//!
//! Invariants: once the tokens charged in a run reach the limit, no
//! further model call starts in that run ([`TokenMeter::check`] fails with
//! [`LlmError::Budget`], a fatal error, so the planner falls back to the
//! offline planner with a notice and the repairer stops); a call that
//! started under the limit may end over it (a call's size is known only
//! once it is done). With no limit the meter only counts.

use std::sync::atomic::{AtomicU64, Ordering};

use super::{LlmError, Usage};

/// See the module documentation.
#[derive(Debug, Default)]
pub struct TokenMeter {
    limit: Option<u64>,
    spent: AtomicU64,
}

impl TokenMeter {
    /// A meter allowing `limit` tokens per run (None: no limit).
    pub fn new(limit: Option<u64>) -> TokenMeter {
        TokenMeter { limit, spent: AtomicU64::new(0) }
    }

    pub fn limit(&self) -> Option<u64> {
        self.limit
    }

    /// Tokens charged since the last reset.
    pub fn spent(&self) -> u64 {
        self.spent.load(Ordering::Relaxed)
    }

    /// A new run starts with nothing spent.
    pub fn reset(&self) {
        self.spent.store(0, Ordering::Relaxed);
    }

    /// Counts what a finished call used.
    pub fn charge(&self, usage: &Usage) {
        self.spent.fetch_add(usage.input_tokens.saturating_add(usage.output_tokens), Ordering::Relaxed);
    }

    /// Whether another call may start in this run.
    pub fn check(&self) -> Result<(), LlmError> {
        match self.limit {
            Some(limit) if self.spent() >= limit => Err(LlmError::Budget(format!(
                "{} of the run's {limit} tokens are used (llm.token_budget in sandpiper.toml); no further model call was made",
                self.spent()
            ))),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_meter_refuses_once_the_limit_is_reached_and_a_reset_starts_over() {
        let use_ = |i, o| Usage { input_tokens: i, output_tokens: o, ..Usage::default() };
        // (limit, charges, may another call start)
        let cases: Vec<(Option<u64>, Vec<Usage>, bool)> = vec![
            (None, vec![use_(1_000_000, 1_000_000)], true),
            (Some(1000), vec![], true),
            (Some(1000), vec![use_(900, 99)], true),
            (Some(1000), vec![use_(900, 100)], false),
            (Some(1000), vec![use_(600, 10), use_(600, 10)], false),
            (Some(0), vec![], false),
        ];
        for (limit, charges, ok) in cases {
            let m = TokenMeter::new(limit);
            charges.iter().for_each(|u| m.charge(u));
            let r = m.check();
            assert_eq!(r.is_ok(), ok, "{limit:?} {charges:?}: {r:?}");
            if let Err(e) = r {
                assert!(e.is_fatal());
                assert!(e.to_string().contains("llm.token_budget"), "{e}");
            }
            m.reset();
            assert_eq!(m.spent(), 0);
            assert_eq!(m.check().is_ok(), limit != Some(0));
        }
    }
}
