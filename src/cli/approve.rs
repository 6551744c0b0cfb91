//! `sandpiper ask --approve` and `sandpiper sql --approve`: approval mode
//! on the command line. Before each attempt runs (the planner's SQL, the
//! user's SQL, each repair) the plan and the SQL are printed on stderr and
//! the terminal is asked: Enter runs it, `e` opens `$VISUAL`/`$EDITOR` on
//! the SQL and runs the edit (the driver records it as a `user` repair),
//! `n` or Esc rejects (the run ends `cancelled`, exit code 130).
//!
//! Invariants: nothing runs unanswered. Without a terminal on standard
//! input the command is refused before a session opens ([`require_terminal`]),
//! never run silently; the terminal is in raw mode only while one key is
//! read, and is restored before anything else is printed.

use crate::driver::{Approval, Approver, Stage, Verdict};
use crate::progress::{Progress, ProgressSink};
use crate::runner::CancelToken;
use crate::tui::handoff::{edit_in, editor_command};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::crossterm::terminal;
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// Why an approval run cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ApproveError {
    #[error(
        "--approve asks on the terminal before each query runs, but standard input is not a terminal \
         (a pipe, a file or /dev/null); run it from a terminal, or without --approve"
    )]
    NoTerminal,
}

/// Refuses approval mode when standard input is not a terminal.
pub fn require_terminal() -> Result<(), ApproveError> {
    if std::io::stdin().is_terminal() {
        Ok(())
    } else {
        Err(ApproveError::NoTerminal)
    }
}

/// What one key press at the prompt means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Run,
    Edit,
    Reject,
    /// Ctrl-C: reject and cancel the run.
    Interrupt,
}

fn choice(k: &KeyEvent) -> Option<Choice> {
    if k.kind != KeyEventKind::Press {
        return None;
    }
    match k.code {
        KeyCode::Char('c' | 'd') if k.modifiers.contains(KeyModifiers::CONTROL) => Some(Choice::Interrupt),
        KeyCode::Enter | KeyCode::Char('y' | 'Y') => Some(Choice::Run),
        KeyCode::Char('e' | 'E') => Some(Choice::Edit),
        KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Choice::Reject),
        _ => None,
    }
}

/// Asks on the terminal (prompts on stderr, keys from stdin).
#[derive(Debug, Default)]
pub struct TerminalApprover;

impl TerminalApprover {
    fn show(ask: &Approval) {
        let what = match ask.stage {
            Stage::Plan => "the SQL of the plan",
            Stage::Sql => "your SQL",
            Stage::Repair => "a repair",
        };
        eprintln!("Approve {what} (attempt {}) before it runs:", ask.attempt);
        if let Some(why) = &ask.why {
            eprintln!("  why: {why}");
        }
        for l in ask.sql.lines() {
            eprintln!("  {l}");
        }
    }

    /// One key from the terminal; `None` once `cancel` is set.
    fn read_key(cancel: &CancelToken) -> std::io::Result<Option<Choice>> {
        terminal::enable_raw_mode()?;
        let got: std::io::Result<Option<Choice>> = (|| loop {
            if cancel.is_cancelled() {
                return Ok(None);
            }
            if event::poll(Duration::from_millis(100))? {
                if let Event::Key(k) = event::read()? {
                    if let Some(c) = choice(&k) {
                        return Ok(Some(c));
                    }
                }
            }
        })();
        let restored = terminal::disable_raw_mode();
        let got = got?;
        restored?;
        Ok(got)
    }

    /// The user's edit of `sql`, or why there is none.
    fn edit(sql: &str) -> Result<String, String> {
        let cmd = editor_command().ok_or_else(|| "no editor: set $VISUAL or $EDITOR (for example EDITOR=vi) to edit the SQL".to_string())?;
        let text = edit_in(&cmd, sql, &std::env::temp_dir()).map_err(|e| e.to_string())?;
        if text.trim().is_empty() {
            return Err("the edited SQL is empty: nothing to run".into());
        }
        Ok(text)
    }
}

impl Approver for TerminalApprover {
    fn approve(&mut self, ask: &Approval, cancel: &CancelToken) -> Verdict {
        Self::show(ask);
        loop {
            eprint!("Enter runs it · e edits it in $EDITOR · n or Esc rejects it: ");
            let _ = std::io::stderr().flush();
            let key = match Self::read_key(cancel) {
                Ok(k) => k,
                Err(e) => {
                    eprintln!("\nsandpiper: could not read the answer from the terminal ({e}): rejected");
                    return Verdict::Reject;
                }
            };
            match key {
                Some(Choice::Run) => {
                    eprintln!("run");
                    return Verdict::Run;
                }
                Some(Choice::Edit) => {
                    eprintln!("edit");
                    match Self::edit(&ask.sql) {
                        Ok(sql) => return Verdict::Edit(sql),
                        Err(why) => eprintln!("sandpiper: {why}"),
                    }
                }
                Some(Choice::Reject) => {
                    eprintln!("rejected");
                    return Verdict::Reject;
                }
                Some(Choice::Interrupt) => {
                    eprintln!("^C");
                    cancel.cancel();
                    return Verdict::Reject;
                }
                None => {
                    eprintln!();
                    return Verdict::Reject;
                }
            }
        }
    }
}

/// Prints the planner's reading (the plan in words) as soon as it is
/// known, so the approval of its SQL shows both.
#[derive(Debug, Default)]
pub struct PlanPrinter;

impl ProgressSink for PlanPrinter {
    fn publish(&self, _run_id: &str, step: &Progress) {
        if let Progress::Planned { understanding, .. } = step {
            eprintln!("Plan (confidence {:.2}{}):", understanding.confidence, if understanding.uncertain { ", uncertain" } else { "" });
            for l in &understanding.summary {
                eprintln!("  {l}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_at_the_prompt() {
        let k = |code, m| KeyEvent::new(code, m);
        let none = KeyModifiers::NONE;
        for (key, want) in [
            (k(KeyCode::Enter, none), Some(Choice::Run)),
            (k(KeyCode::Char('y'), none), Some(Choice::Run)),
            (k(KeyCode::Char('e'), none), Some(Choice::Edit)),
            (k(KeyCode::Char('n'), none), Some(Choice::Reject)),
            (k(KeyCode::Esc, none), Some(Choice::Reject)),
            (k(KeyCode::Char('c'), KeyModifiers::CONTROL), Some(Choice::Interrupt)),
            (k(KeyCode::Char('c'), none), None),
            (k(KeyCode::Char('x'), none), None),
        ] {
            assert_eq!(choice(&key), want, "{key:?}");
        }
    }
}
