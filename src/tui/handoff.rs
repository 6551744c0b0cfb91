//! Handing the terminal to someone else and taking it back: `$EDITOR` on
//! the input (Ctrl-E) and job control (Ctrl-Z, SIGTSTP). The input thread
//! is paused first ([`InputGate`]) so it reads none of the keys meant for
//! the editor or the shell, the terminal is restored, the work runs, then
//! raw mode, the alternate screen (full-screen only; inline mode has none)
//! and bracketed paste come back and the whole screen is drawn again.
//!
//! Invariants: the input thread never reads the terminal while the gate is
//! paused; a failing or missing editor leaves the input as it was and says
//! why; the temporary file holding the input is removed afterwards.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How long the input thread waits for a key before it looks at the gate
/// again (the longest a pause waits for it).
pub const INPUT_POLL: Duration = Duration::from_millis(200);

#[derive(Debug, Default)]
struct GateState {
    pause: bool,
    /// The input thread is parked, reading nothing.
    parked: bool,
}

/// Lets the loop stop the input thread reading the terminal.
#[derive(Debug, Clone, Default)]
pub struct InputGate {
    inner: Arc<(Mutex<GateState>, Condvar)>,
}

impl InputGate {
    fn lock(&self) -> std::sync::MutexGuard<'_, GateState> {
        self.inner.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The input thread, before each read: park while paused.
    pub fn checkpoint(&self) {
        let mut s = self.lock();
        while s.pause {
            s.parked = true;
            self.inner.1.notify_all();
            s = self.inner.1.wait(s).unwrap_or_else(|p| p.into_inner());
        }
        s.parked = false;
    }

    /// True when a pause was asked for (the input thread must not read).
    pub fn pausing(&self) -> bool {
        self.lock().pause
    }

    /// Ask the input thread to stop reading and wait until it has (at most
    /// a little over one poll interval; false if it never parked).
    pub fn pause(&self) -> bool {
        let mut s = self.lock();
        s.pause = true;
        self.inner.1.notify_all();
        let deadline = std::time::Instant::now() + INPUT_POLL * 3;
        while !s.parked {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            s = self.inner.1.wait_timeout(s, left).unwrap_or_else(|p| p.into_inner()).0;
        }
        true
    }

    pub fn resume(&self) {
        self.lock().pause = false;
        self.inner.1.notify_all();
    }
}

/// Why the input could not be edited in an editor.
#[derive(Debug, thiserror::Error)]
pub enum EditorError {
    #[error("no editor: set $VISUAL or $EDITOR (for example EDITOR=vi) to edit the input in one")]
    Unset,
    #[error("could not write the input for the editor to {path}: {source}")]
    Write { path: PathBuf, source: std::io::Error },
    #[error("could not start the editor `{cmd}`: {source}")]
    Spawn { cmd: String, source: std::io::Error },
    #[error("the editor `{cmd}` failed ({status}); the input is unchanged")]
    Failed { cmd: String, status: std::process::ExitStatus },
    #[error("could not read back the edited input from {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
}

/// The user's editor: `$VISUAL`, else `$EDITOR` (may carry arguments,
/// `code --wait`).
pub fn editor_command() -> Option<String> {
    ["VISUAL", "EDITOR"].iter().find_map(|v| std::env::var(v).ok().filter(|c| !c.trim().is_empty()))
}

/// Write `text` to a new file in `dir`, run `cmd FILE` through `sh` with
/// the terminal, and return the file's text (one trailing newline, which
/// editors add, removed).
pub fn edit_in(cmd: &str, text: &str, dir: &Path) -> Result<String, EditorError> {
    use std::io::Write;
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let path = dir.join(format!("sandpiper-input-{}-{nanos}.sql", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create_new(true);
        std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
        let mut f = opts.open(&path)?;
        f.write_all(text.as_bytes())?;
        if !text.is_empty() && !text.ends_with('\n') {
            f.write_all(b"\n")?;
        }
        Ok(())
    };
    write().map_err(|source| EditorError::Write { path: path.clone(), source })?;
    let result = run_editor(cmd, &path);
    let _ = std::fs::remove_file(&path);
    result
}

fn run_editor(cmd: &str, path: &Path) -> Result<String, EditorError> {
    // `sh -c 'cmd "$1"' sandpiper FILE`: the command's own words are
    // split by the shell, the file name never is.
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{cmd} \"$1\""))
        .arg("sandpiper-editor")
        .arg(path)
        .status()
        .map_err(|source| EditorError::Spawn { cmd: cmd.to_string(), source })?;
    if !status.success() {
        return Err(EditorError::Failed { cmd: cmd.to_string(), status });
    }
    let text = std::fs::read_to_string(path).map_err(|source| EditorError::Read { path: path.to_path_buf(), source })?;
    Ok(text.strip_suffix('\n').unwrap_or(&text).to_string())
}

/// Give the terminal back to the shell: restore it (the caller paused
/// the input), then stop this process as Ctrl-Z would. Returns when the
/// shell continues it (`fg`).
pub fn stop_self() -> std::io::Result<()> {
    // SIGTSTP is handled by the workbench (to get here); SIGSTOP cannot be
    // caught, and the shell sees the job stopped just the same.
    nix::sys::signal::kill(nix::unistd::Pid::this(), nix::sys::signal::Signal::SIGSTOP).map_err(std::io::Error::from)
}

/// Give the terminal back as it was before the workbench: bracketed paste
/// off, the alternate screen left (when `alternate`: the full-screen
/// workbench; inline mode draws on the main screen), raw mode off, the
/// cursor shown.
pub fn leave_terminal(alternate: bool) {
    use ratatui::crossterm::{cursor::Show, event::DisableBracketedPaste, execute, terminal};
    let mut out = std::io::stdout();
    let _ = execute!(out, DisableBracketedPaste);
    // Raw mode first: leaving it has more effects than leaving the screen.
    let _ = terminal::disable_raw_mode();
    if alternate {
        let _ = execute!(out, terminal::LeaveAlternateScreen);
    }
    let _ = execute!(out, Show);
}

/// Take the terminal back after [`leave_terminal`]: raw mode, the
/// alternate screen (when `alternate`) and bracketed paste again.
pub fn enter_terminal(alternate: bool) -> std::io::Result<()> {
    use ratatui::crossterm::{event::EnableBracketedPaste, execute, terminal};
    terminal::enable_raw_mode()?;
    if alternate {
        execute!(std::io::stdout(), terminal::EnterAlternateScreen)?;
    }
    execute!(std::io::stdout(), EnableBracketedPaste)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_edits_the_text_and_the_file_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let out = edit_in("sed -i s/1/2/", "SELECT 1\nFROM t", dir.path()).unwrap();
        assert_eq!(out, "SELECT 2\nFROM t");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file left behind");
    }

    #[test]
    fn a_failing_editor_is_an_error_naming_it_and_its_status() {
        let dir = tempfile::tempdir().unwrap();
        let e = edit_in("exit 3; true", "x", dir.path()).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("the editor `exit 3; true` failed") && msg.contains('3') && msg.contains("unchanged"), "{msg}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        let e = edit_in("x", "x", Path::new("/nonexistent-dir")).unwrap_err();
        assert!(matches!(e, EditorError::Write { .. }), "{e}");
    }

    #[test]
    fn a_pause_waits_for_the_input_thread_to_park() {
        let gate = InputGate::default();
        let g = gate.clone();
        let reads = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let r = Arc::clone(&reads);
        let t = std::thread::spawn(move || {
            for _ in 0..200 {
                g.checkpoint();
                if !g.pausing() {
                    r.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        });
        std::thread::sleep(Duration::from_millis(20));
        assert!(gate.pause(), "the thread parks");
        let at_pause = reads.load(std::sync::atomic::Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(reads.load(std::sync::atomic::Ordering::SeqCst), at_pause, "nothing read while paused");
        gate.resume();
        t.join().unwrap();
        assert!(reads.load(std::sync::atomic::Ordering::SeqCst) > at_pause);
    }
}
