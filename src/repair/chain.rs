//! Repairers in a chain: the offline rules first, then (when a model is
//! configured) the model repairer for failures the rules have no fix for.
//! With no model the chain is exactly the rules.

use super::model::ModelRepairer;
use super::{Fix, RepairError, RepairRequest, Repairer, Rules};
use crate::llm::calls::LlmCall;
use crate::progress::Progress;
use crate::runner::CancelToken;

/// See the module documentation.
pub struct Chain {
    rules: Rules,
    model: Option<ModelRepairer>,
}

impl Chain {
    pub fn new(model: Option<ModelRepairer>) -> Chain {
        Chain { rules: Rules, model }
    }
}

impl Repairer for Chain {
    fn name(&self) -> String {
        match &self.model {
            None => self.rules.name(),
            Some(m) => format!("{}, then {}", self.rules.name(), m.name()),
        }
    }

    fn repair(&mut self, req: &RepairRequest<'_>, cancel: &CancelToken) -> Result<Option<Fix>, RepairError> {
        self.repair_in(req, cancel, &|_| {})
    }

    fn repair_in(&mut self, req: &RepairRequest<'_>, cancel: &CancelToken, observe: &(dyn Fn(Progress) + Sync)) -> Result<Option<Fix>, RepairError> {
        if let Some(fix) = self.rules.repair(req, cancel)? {
            return Ok(Some(fix));
        }
        match self.model.as_mut() {
            Some(m) => m.repair_in(req, cancel, observe),
            None => Ok(None),
        }
    }

    fn take_calls(&mut self) -> Vec<LlmCall> {
        self.model.as_mut().map(Repairer::take_calls).unwrap_or_default()
    }
}
