//! A sum or an average of an id: "the total amount of all transactions"
//! read as `SUM(transaction_id)` because "amount" named no column and the
//! total fell on the table's key. Adding ids up answers nothing anyone
//! asks, so the planner refuses and asks for the column to add up.
//!
//! Invariants: reads the measures only; refuses when a sum or an average
//! is over a key column (the table's primary key, or a column whose name
//! ends in "id"); never changes the plan.

use crate::plan::Agg;
use crate::planner::build::{Ctx, MKind, Refusal};

impl Ctx<'_> {
    pub(super) fn key_sums(&self) -> Result<(), Refusal> {
        for d in &self.measures {
            let MKind::Agg(agg @ (Agg::Sum | Agg::Avg), field) = &d.kind else { continue };
            let Some(f) = self.field_info(*field) else { continue };
            if self.is_key(&f) {
                let what = if *agg == Agg::Sum { "a total" } else { "an average" };
                return Err(self.refuse(format!(
                    "I read '{}' as {what} of {}, which is an id; adding ids up means nothing. Name the column to add up.",
                    d.words, f.name
                )));
            }
        }
        Ok(())
    }
}
