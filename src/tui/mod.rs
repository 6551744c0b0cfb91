//! The workbench: `sandpiper` with no arguments on a terminal. One event
//! enum ([`AppEvent`]) into one loop: keys and pasted text from an input
//! thread, replies from the session thread ([`crate::session::engine`]),
//! SIGTERM/SIGHUP from a signal thread. The loop only updates the state
//! ([`App::handle`]), performs the returned actions (submit, cancel, quit)
//! and draws; all work runs on the session thread.
//!
//! Invariants: a frame is drawn only after something happened (the loop
//! blocks on its channel, so an idle workbench uses no CPU); the terminal
//! is restored on quit, on SIGTERM/SIGHUP and on panic (ratatui's hook).

pub mod app;
pub mod cast;
pub mod osc52;
pub mod grid;
pub mod audit_view;
pub mod help;
pub mod inline;
pub mod highlight;
pub mod input;
pub mod keymap;
pub mod history;
pub mod picker;
mod routing;
pub mod schema_view;
pub mod screen;
pub mod stepper;
pub mod theme;
pub mod themes;
pub mod view;
pub mod worker;

use crate::runner::JailMode;
use crate::session::engine::{Engine, Reply};
use crate::session::{Session, SessionOptions};
pub use app::{Action, App, AppEvent};
use ratatui::crossterm::event::{self, DisableBracketedPaste, EnableBracketedPaste, Event};
use ratatui::crossterm::execute;
use std::io::IsTerminal;
use std::sync::mpsc::{channel, Receiver, Sender};

/// Why the workbench cannot start here, in words for the user.
pub fn unsuitable_terminal() -> Option<&'static str> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Some("standard input and output are not a terminal");
    }
    if std::env::var("TERM").is_ok_and(|t| t == "dumb") {
        return Some("TERM=dumb cannot draw the workbench");
    }
    None
}

/// Open the workbench on `dataset` (the settings' default otherwise);
/// `inline` (or `inline = true` in the settings) runs it without the
/// alternate screen ([`inline`]).
pub fn run(
    dataset: Option<&str>,
    jail: Option<JailMode>,
    theme: Option<&str>,
    model: Option<crate::planner::model::ModelSetup>,
    record: Option<&std::path::Path>,
    inline: bool,
) -> anyhow::Result<i32> {
    if let Some(why) = unsuitable_terminal() {
        eprintln!("sandpiper: {why}; use `sandpiper ask QUESTION` or `sandpiper sql SQL` instead (see `sandpiper --help`)");
        return Ok(2);
    }
    let mut session = Session::open(SessionOptions { record: true, jail, model, ..SessionOptions::default() })?;
    let inline = inline || session.settings().inline;
    let (keymap, theme, depth) = looks(session.settings(), theme)?;
    let ds = session.use_dataset(dataset)?;
    let (name, hash, manifest) = (ds.name().to_string(), ds.hash.clone(), ds.manifest.clone());
    let jail_word = session.runner_mode().map_or("strict", JailMode::word);
    let mut app = App::new(&name, &hash, jail_word);
    app.set_manifest(manifest);
    (app.keymap, app.theme, app.depth) = (keymap, theme, depth);
    let home = session.home().clone();
    app.history = input::History::load(&home.root.join(worker::HISTORY_FILE));
    app.datasets = session.registry().names();
    let notices = session.take_notices();
    if !notices.is_empty() {
        app.turns.push(app::Turn { input: "(start)".into(), note: Some(notices.join("; ")), done: true, ..app::Turn::default() });
    }

    let (tx, rx) = channel::<AppEvent>();
    let engine = Engine::start(session, forward_replies(tx.clone())?)?;
    let worker = worker::Worker::new(home, tx.clone());
    let wiring = Wiring { rx, tx, engine, worker };
    let result = if inline { inline::run(&mut app, &wiring, record) } else { full_screen(&mut app, &wiring, record) };
    drop(wiring);
    result.map(|()| 0)
}

/// What the loop reads and drives: its events, the session thread and
/// the background worker.
pub(crate) struct Wiring {
    rx: Receiver<AppEvent>,
    tx: Sender<AppEvent>,
    engine: Engine,
    worker: worker::Worker,
}

/// How the loop shows the app: the full-screen workbench, or inline mode's
/// live area with finished turns written into the scrollback.
pub(crate) trait Front {
    /// Show the state after a batch of events. `Some(d)`: show it again
    /// after `d` even if nothing happens (a clock is on screen); `None`:
    /// only when something happens.
    fn show(&mut self, app: &mut App) -> anyhow::Result<Option<std::time::Duration>>;

    /// Where the input thread puts the cursor position it asks the
    /// terminal for after each resize (inline mode places its live area
    /// by it; only the thread reading input can ask).
    fn cursor_probe(&self) -> Option<CursorProbe> {
        None
    }
}

/// The cursor position (column, row) the terminal reported after a resize.
pub(crate) type CursorProbe = std::sync::Arc<std::sync::Mutex<Option<(u16, u16)>>>;

impl<B: ratatui::backend::Backend> Front for ratatui::Terminal<B>
where
    B::Error: Send + Sync + 'static,
{
    fn show(&mut self, app: &mut App) -> anyhow::Result<Option<std::time::Duration>> {
        self.draw(|f| view::draw(f, app, &app.theme))?;
        Ok(None)
    }
}

/// The full-screen workbench: raw mode, the alternate screen and the panic
/// hook that restores them (ratatui's), until quit.
fn full_screen(app: &mut App, wiring: &Wiring, record: Option<&std::path::Path>) -> anyhow::Result<()> {
    let mut terminal = ratatui::try_init()?;
    // The same terminal drawn through the recorder, made before the input
    // thread starts reading standard input.
    let result = match record.map(|p| recorder(p, true)) {
        None => drive(&mut terminal, app, wiring),
        Some(Ok(backend)) => ratatui::Terminal::new(backend).map_err(anyhow::Error::from).and_then(|mut t| drive(&mut t, app, wiring)),
        Some(Err(e)) => Err(e),
    };
    ratatui::restore();
    result
}

/// Start the input and signal threads and run the loop through `front`
/// until quit (the caller restores the terminal).
pub(crate) fn drive(front: &mut impl Front, app: &mut App, wiring: &Wiring) -> anyhow::Result<()> {
    spawn_input(wiring.tx.clone(), front.cursor_probe())?;
    spawn_signals(wiring.tx.clone())?;
    let _ = execute!(std::io::stdout(), EnableBracketedPaste);
    let result = event_loop(front, app, wiring);
    let _ = execute!(std::io::stdout(), DisableBracketedPaste);
    result
}

/// A backend that draws on stdout and records it to `path` as asciicast
/// v2. Frames are buffered so each lands in the cast as one event (the
/// backend flushes once per frame). `clear`: start from a cleared screen
/// (the full-screen workbench; inline mode draws below what is there).
type Recorder = ratatui::backend::CrosstermBackend<std::io::BufWriter<cast::CastWriter<std::io::Stdout, std::io::BufWriter<std::fs::File>>>>;

fn recorder(path: &std::path::Path, clear: bool) -> anyhow::Result<Recorder> {
    use anyhow::Context;
    let file = std::fs::File::create(path).with_context(|| format!("creating the recording {}", path.display()))?;
    let (w, h) = ratatui::crossterm::terminal::size().unwrap_or((80, 24));
    let mut writer = cast::CastWriter::new(std::io::stdout(), std::io::BufWriter::new(file), &cast::Header::now(w, h))
        .with_context(|| format!("writing the recording {}", path.display()))?;
    if clear {
        // A cleared screen to start from (`Terminal::clear` would ask the
        // terminal for its cursor position, which not every terminal answers).
        std::io::Write::write_all(&mut writer, b"\x1b[2J\x1b[H")?;
    }
    Ok(ratatui::backend::CrosstermBackend::new(std::io::BufWriter::with_capacity(1 << 16, writer)))
}

fn event_loop(front: &mut impl Front, app: &mut App, wiring: &Wiring) -> anyhow::Result<()> {
    let Wiring { rx, tx, engine, worker } = wiring;
    loop {
        let wake = front.show(app)?;
        // Block for the next event (or the clock's next tick), then take
        // whatever else is already waiting, so a burst (paste, progress)
        // costs one frame.
        let first = match wake {
            None => rx.recv().ok(),
            Some(after) => match rx.recv_timeout(after) {
                Ok(ev) => Some(ev),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => None,
            },
        };
        let Some(first) = first else { return Ok(()) };
        let mut batch = vec![first];
        batch.extend(rx.try_iter());
        for ev in batch {
            for action in app.handle(ev) {
                match action {
                    Action::Quit => return Ok(()),
                    Action::Cancel(id) => engine.cancel(id),
                    Action::Work(task) => worker.start(task),
                    Action::Submit(kind) => {
                        let id = engine.submit(kind.into_job());
                        app.submitted(id);
                    }
                    Action::Copy(text) => {
                        let note = match copy_to_clipboard(&text) {
                            Ok(()) => format!("copied {} bytes to the clipboard (OSC 52; a terminal without it ignores the copy)", text.len()),
                            Err(e) => format!("not copied: {e}"),
                        };
                        app.turns.push(app::Turn { input: "(copy)".into(), note: Some(note), done: true, ..app::Turn::default() });
                    }
                    Action::Export { format, path } => {
                        if let Some(data) = app.grid.data().cloned() {
                            let tx = tx.clone();
                            std::thread::spawn(move || {
                                let r = grid::export::export(&data, format, &path).map_err(|e| e.to_string());
                                let _ = tx.send(AppEvent::Exported(r));
                            });
                        }
                    }
                }
            }
        }
    }
}

/// Put `text` on the terminal's clipboard with OSC 52, wrapped for tmux
/// or screen when inside one (reaches the local clipboard over SSH).
fn copy_to_clipboard(text: &str) -> Result<(), osc52::CopyError> {
    use std::io::Write;
    let seq = osc52::sequence(text, osc52::Mux::detect())?;
    let mut out = std::io::stdout();
    let _ = out.write_all(seq.as_bytes());
    let _ = out.flush();
    Ok(())
}

/// Keys and theme from the settings (and `--theme`), checked before the
/// terminal is taken over so a mistake prints as a plain error.
fn looks(settings: &crate::home::Settings, theme: Option<&str>) -> anyhow::Result<(keymap::Keymap, theme::Theme, themes::Depth)> {
    let path = crate::home::Settings::path().unwrap_or_default();
    let text = if settings.keys.is_empty() { String::new() } else { std::fs::read_to_string(&path).unwrap_or_default() };
    let user: Vec<(String, String, usize)> = settings.keys.iter().map(|(k, v)| (k.clone(), v.get_ref().clone(), v.span().start)).collect();
    let keymap = keymap::Keymap::build(&settings.key_preset, &user, &path, &text)?;
    let depth = match themes::Depth::from_name(&settings.colors) {
        // NO_COLOR wins over a forced depth.
        Some(d) if themes::Depth::from_env() != themes::Depth::None => d,
        _ => themes::Depth::from_env(),
    };
    let name = theme.unwrap_or(&settings.theme);
    let theme = themes::load(name, depth).map_err(|e| anyhow::anyhow!("{e} (from {})", if theme.is_some() { "--theme".to_string() } else { path.display().to_string() }))?;
    Ok((keymap, theme, depth))
}

/// The session thread's replies, as app events.
fn forward_replies(tx: Sender<AppEvent>) -> std::io::Result<Sender<Reply>> {
    let (rtx, rrx) = channel::<Reply>();
    std::thread::Builder::new().name("sandpiper-replies".into()).spawn(move || {
        for r in rrx {
            if tx.send(AppEvent::Engine(r)).is_err() {
                break;
            }
        }
    })?;
    Ok(rtx)
}

/// Keys, pasted text and resizes from the terminal (with the cursor
/// position after a resize, when `probe` asks for it).
fn spawn_input(tx: Sender<AppEvent>, probe: Option<CursorProbe>) -> std::io::Result<()> {
    std::thread::Builder::new().name("sandpiper-input".into()).spawn(move || loop {
        let ev = match event::read() {
            Ok(Event::Key(k)) => AppEvent::Key(k),
            Ok(Event::Paste(p)) => AppEvent::Paste(p),
            Ok(Event::Resize(..)) => {
                if let Some(probe) = &probe {
                    if let (Ok(pos), Ok(mut slot)) = (ratatui::crossterm::cursor::position(), probe.lock()) {
                        *slot = Some(pos);
                    }
                }
                AppEvent::Resize
            }
            Ok(_) => continue,
            Err(_) => AppEvent::Terminate,
        };
        if tx.send(ev).is_err() {
            break;
        }
    })?;
    Ok(())
}

/// SIGTERM and SIGHUP (an SSH disconnect) quit cleanly.
fn spawn_signals(tx: Sender<AppEvent>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP])?;
    std::thread::Builder::new().name("sandpiper-tui-signals".into()).spawn(move || {
        for _ in signals.forever() {
            if tx.send(AppEvent::Terminate).is_err() {
                break;
            }
        }
    })?;
    Ok(())
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod snapshots_test;
