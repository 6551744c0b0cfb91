//! One copy path for everything the workbench copies: selected rows and a
//! single cell of the results grid, the SQL of the last run (the plan/SQL
//! panel; inline mode too), and the audit log's head (seq and hash, what a
//! user pastes to prove the chain). Each becomes a [`Clip`]; the app keeps
//! it for `/copy PATH` and asks the loop to send it with OSC 52
//! ([`super::osc52`]: bounded size, wrapped for tmux and screen), which
//! answers with one note: copied, or why not, and the file fallback.
//!
//! Invariants: every copy sets the last copy (so `/copy PATH` writes
//! exactly what was sent, or what was too large to send); the note always
//! names `/copy PATH`, since no terminal says whether it took the text.

use super::app::{Action, App, Tab};
use super::grid::export::CopyFormat;
use super::osc52;
use super::screen::Screen;

/// Text to put on the clipboard, and what it is in words ("the SQL").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clip {
    pub what: String,
    pub text: String,
}

impl Clip {
    pub fn new(what: impl Into<String>, text: impl Into<String>) -> Clip {
        Clip { what: what.into(), text: text.into() }
    }

    /// Rows of the results grid in a text format.
    pub fn rows(text: String, rows: usize, format: CopyFormat) -> Clip {
        Clip::new(format!("{rows} row{} as {}", if rows == 1 { "" } else { "s" }, format.word()), text)
    }

    /// The audit log's head: the newest entry's seq and hash, as one line
    /// that `sandpiper audit verify --expect-head HASH` checks later.
    pub fn audit_head(seq: u64, hash: &str) -> Clip {
        Clip::new(format!("the audit head, seq {seq},"), format!("audit head seq {seq} hash {hash}"))
    }
}

/// The escape that sends `clip` for `mux`, and the note saying what was
/// done: copied, or why not (too large, empty), always with the file
/// fallback.
pub fn prepare(clip: &Clip, mux: osc52::Mux) -> (Option<String>, String) {
    match osc52::sequence(&clip.text, mux) {
        Ok(seq) => {
            let note = format!("copied {} ({} bytes) with OSC 52; if your terminal does not support it, /copy PATH writes it to a file", clip.what, clip.text.len());
            (Some(seq), note)
        }
        Err(e) => (None, format!("{} not copied: {e}; /copy PATH writes it to a file", clip.what)),
    }
}

/// Send `clip` to the terminal's clipboard (OSC 52 on standard output,
/// wrapped for the multiplexer the environment names); the note.
pub fn send(clip: &Clip) -> String {
    use std::io::Write;
    let (seq, note) = prepare(clip, osc52::Mux::detect());
    if let Some(seq) = seq {
        let mut out = std::io::stdout();
        let _ = out.write_all(seq.as_bytes());
        let _ = out.flush();
    }
    note
}

impl App {
    /// Copy `clip`: kept for `/copy PATH`, sent by the loop.
    pub(super) fn copy(&mut self, clip: Clip) -> Vec<Action> {
        self.last_copy = Some(clip.text.clone());
        vec![Action::Copy(clip)]
    }

    /// The SQL waiting for approval, else the SQL of the last run.
    pub(super) fn copy_sql(&mut self) -> Vec<Action> {
        let waiting = self.waiting.as_ref().map(|w| Clip::new(format!("the {} SQL waiting for approval", w.stage.word()), w.sql.clone()));
        let last = || self.current_report().and_then(|r| r.sql.clone()).map(|sql| Clip::new("the SQL of the last run", sql));
        match waiting.or_else(last) {
            Some(clip) => self.copy(clip),
            None => {
                self.copied("nothing to copy: no run has SQL yet".into());
                Vec::new()
            }
        }
    }

    /// The loop sent (or could not send) a copy: say so in the chat and
    /// in the view the copy came from.
    pub fn copied(&mut self, note: String) {
        match self.screen {
            Screen::Audit => self.audit.notice = Some(note.clone()),
            Screen::Stepper => self.stepper.notice = Some(note.clone()),
            Screen::Main if self.tab == Tab::Results => self.grid.notice = Some(note.clone()),
            _ => {}
        }
        self.turns.push(super::app::Turn { input: "(copy)".into(), note: Some(note), done: true, ..super::app::Turn::default() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clip_is_sent_or_refused_with_the_file_fallback_named() {
        let (seq, note) = prepare(&Clip::new("the SQL of the last run", "SELECT 1"), osc52::Mux::None);
        assert_eq!(seq.as_deref(), Some("\x1b]52;c;U0VMRUNUIDE=\x07"));
        assert!(note.starts_with("copied the SQL of the last run (8 bytes)") && note.contains("/copy PATH"), "{note}");
        let big = Clip::new("the cell of notes", "x".repeat(osc52::MAX_BYTES + 1));
        let (seq, note) = prepare(&big, osc52::Mux::Tmux);
        assert!(seq.is_none());
        assert!(note.starts_with("the cell of notes not copied:") && note.contains("more than a terminal accepts") && note.contains("/copy PATH"), "{note}");
        assert_eq!(Clip::rows(String::new(), 1, CopyFormat::Tsv).what, "1 row as TSV");
        assert_eq!(Clip::audit_head(42, "ab12").text, "audit head seq 42 hash ab12");
    }

    #[test]
    fn every_copy_is_kept_for_slash_copy_and_the_note_reaches_its_view() {
        let mut app = App::new("ecommerce", "", "strict");
        assert!(app.copy_sql().is_empty(), "no run yet: nothing to copy");
        assert!(app.turns.last().and_then(|t| t.note.as_deref()).is_some_and(|n| n.contains("nothing to copy")));
        let mut r = super::super::tests::report(1);
        r.sql = Some("SELECT 2".into());
        app.turns.push(super::super::app::Turn { input: "q".into(), report: Some(Box::new(r)), done: true, ..Default::default() });
        assert_eq!(app.copy_sql(), [Action::Copy(Clip::new("the SQL of the last run", "SELECT 2"))]);
        assert_eq!(app.last_copy.as_deref(), Some("SELECT 2"));
        app.screen = Screen::Audit;
        app.copied("copied it".into());
        assert_eq!(app.audit.notice.as_deref(), Some("copied it"));
        app.screen = Screen::Stepper;
        app.copied("copied attempt 1".into());
        assert_eq!(app.stepper.notice.as_deref(), Some("copied attempt 1"));
    }
}
