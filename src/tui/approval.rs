//! Approval mode in the workbench (`--approve`, or `approve = true` in
//! the settings): the driver asks [`ChannelApprover`] on the session
//! thread before each attempt runs; the app shows what waits
//! ([`Waiting`]) and the loop sends the user's [`Answer`] back.
//!
//! Invariants: an answer is taken only for the run and attempt it names
//! (a late or doubled answer never approves a later attempt); a cancelled
//! run or a closed workbench rejects what waits, so the session thread is
//! never left blocked.

use crate::driver::{Approval, Approver, Stage, Verdict};
use crate::runner::CancelToken;
use crate::session::engine::JobId;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// The user's answer to one waiting attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub run_id: String,
    pub attempt: u32,
    pub verdict: Verdict,
}

/// What waits for the user, as the app shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Waiting {
    pub job: JobId,
    pub run_id: String,
    pub attempt: u32,
    pub stage: Stage,
    pub sql: String,
    pub why: Option<String>,
    /// The SQL is in the input being edited (Enter runs the edit).
    pub editing: bool,
}

impl Waiting {
    pub fn answer(&self, verdict: Verdict) -> Answer {
        Answer { run_id: self.run_id.clone(), attempt: self.attempt, verdict }
    }

    /// One line saying what waits and which keys answer.
    pub fn prompt(&self) -> String {
        if self.editing {
            format!("Editing {} (attempt {}): Enter runs the edit · Esc back", self.stage.word(), self.attempt)
        } else {
            format!("Approve {} (attempt {})? Enter runs · e edits · Esc rejects", self.stage.word(), self.attempt)
        }
    }
}

/// The session thread's side: blocks until the app answers.
pub struct ChannelApprover {
    answers: Receiver<Answer>,
}

impl ChannelApprover {
    pub fn new(answers: Receiver<Answer>) -> ChannelApprover {
        ChannelApprover { answers }
    }
}

impl Approver for ChannelApprover {
    fn approve(&mut self, ask: &Approval, cancel: &CancelToken) -> Verdict {
        loop {
            if cancel.is_cancelled() {
                return Verdict::Reject;
            }
            match self.answers.recv_timeout(Duration::from_millis(100)) {
                Ok(a) if a.run_id == ask.run_id && a.attempt == ask.attempt => return a.verdict,
                // An answer for another attempt (late, or doubled): dropped.
                Ok(_) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Verdict::Reject,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    fn ask(run: &str, attempt: u32) -> Approval {
        Approval { run_id: run.into(), attempt, stage: Stage::Plan, sql: "SELECT 1".into(), why: None }
    }

    #[test]
    fn only_the_answer_for_this_attempt_counts() {
        let (tx, rx) = channel();
        let mut gate = ChannelApprover::new(rx);
        tx.send(Answer { run_id: "old".into(), attempt: 1, verdict: Verdict::Run }).unwrap();
        tx.send(Answer { run_id: "r".into(), attempt: 2, verdict: Verdict::Run }).unwrap();
        tx.send(Answer { run_id: "r".into(), attempt: 1, verdict: Verdict::Edit("SELECT 2".into()) }).unwrap();
        assert_eq!(gate.approve(&ask("r", 1), &CancelToken::new()), Verdict::Edit("SELECT 2".into()));
    }

    #[test]
    fn a_cancel_or_a_closed_workbench_rejects() {
        let (tx, rx) = channel::<Answer>();
        let mut gate = ChannelApprover::new(rx);
        let token = CancelToken::new();
        let t2 = token.clone();
        let canceller = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            t2.cancel();
        });
        assert_eq!(gate.approve(&ask("r", 1), &token), Verdict::Reject);
        canceller.join().unwrap();
        drop(tx);
        assert_eq!(gate.approve(&ask("r", 1), &CancelToken::new()), Verdict::Reject);
    }
}
