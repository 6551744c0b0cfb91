//! The workbench: `sandpiper` with no arguments on a terminal. One event
//! enum ([`AppEvent`]) into one loop: keys and pasted text from an input
//! thread, replies from the session thread ([`crate::session::engine`]),
//! SIGTERM/SIGHUP from a signal thread. The loop only updates the state
//! ([`App::handle`]), performs the returned actions (submit, cancel, quit)
//! and draws; all work runs on the session thread. [`Hooks`] add a scripted
//! event source (`sandpiper demo`, the screenshots: [`script`]) and a resize
//! callback (the recorder's `"r"` events) without changing that loop; a
//! [`Front`] shows the state: the full-screen terminal, or [`inline`] mode.
//!
//! Invariants: a frame is drawn only after something happened (the loop
//! blocks on its channel, so an idle workbench uses no CPU); the terminal
//! is restored on quit, on SIGTERM/SIGHUP and on panic (ratatui's hook).

pub mod app;
pub mod approval;
pub mod cast;
pub mod chat_preview;
pub mod chat_scroll;
pub mod copy;
pub mod osc52;
pub mod grid;
pub mod audit_view;
pub mod handoff;
pub mod help;
pub mod highlight;
pub mod inline;
pub mod input;
pub mod input_box;
pub mod keymap;
pub mod history;
pub mod picker;
pub mod demo;
pub mod script;
pub mod screenshots;
pub mod scroll;
pub mod svg;
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
use ratatui::buffer::Buffer;
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
/// alternate screen ([`inline`]); `approve` (or `approve = true`) makes
/// each plan, SQL and repair wait for the user ([`approval`]).
pub fn run(
    dataset: Option<&str>,
    jail: Option<JailMode>,
    theme: Option<&str>,
    model: Option<crate::planner::model::ModelSetup>,
    record: Option<&std::path::Path>,
    inline: bool,
    approve: bool,
) -> anyhow::Result<i32> {
    run_scripted(Start { dataset, jail, theme, model, home: None, inline, approve }, record, None)
}

/// What a workbench opens on.
pub struct Start<'a> {
    pub dataset: Option<&'a str>,
    pub jail: Option<JailMode>,
    pub theme: Option<&'a str>,
    pub model: Option<crate::planner::model::ModelSetup>,
    /// A home other than the environment's (screenshots use a fresh one).
    pub home: Option<crate::home::Home>,
    /// Inline mode asked for by the flag (the settings may ask too).
    pub inline: bool,
    /// Approval mode asked for by the flag (the settings may ask too).
    pub approve: bool,
}

/// A workbench ready for its loop: the state and what the loop drives.
pub struct Opened {
    pub app: App,
    wiring: Wiring,
    /// Run inline (the flag or the settings asked for it).
    inline: bool,
}

/// What the loop reads and drives: its events, the session thread and
/// the background worker; answers to approval mode's questions, and the
/// gate that stops the input thread reading while the terminal belongs to
/// an editor or the shell.
pub(crate) struct Wiring {
    rx: Receiver<AppEvent>,
    tx: Sender<AppEvent>,
    engine: Engine,
    worker: worker::Worker,
    answers: Sender<approval::Answer>,
    gate: handoff::InputGate,
}

/// Open the session and build the app's state (no terminal yet).
pub fn open(start: Start<'_>) -> anyhow::Result<Opened> {
    let provider = start.model.as_ref().map_or_else(|| "offline".to_string(), |m| format!("{} ({})", m.provider.label(), planner_word(m.mode)));
    let mut session = Session::open(SessionOptions { record: true, jail: start.jail, model: start.model, home: start.home, ..SessionOptions::default() })?;
    let inline = start.inline || session.settings().inline;
    // Approval mode: the session thread asks the app before each attempt.
    let approve = start.approve || session.settings().approve;
    let (answers, answers_rx) = channel::<approval::Answer>();
    if approve {
        session.set_approver(Some(Box::new(approval::ChannelApprover::new(answers_rx))));
    }
    let (keymap, theme, depth) = looks(session.settings(), start.theme)?;
    let ds = session.use_dataset(start.dataset)?;
    let (name, hash, manifest) = (ds.name().to_string(), ds.hash.clone(), ds.manifest.clone());
    let jail_word = session.runner_mode().map_or("strict", JailMode::word);
    let mut app = App::new(&name, &hash, jail_word);
    (app.provider, app.approve) = (provider, approve);
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
    Ok(Opened { app, wiring: Wiring { rx, tx, engine, worker, answers, gate: handoff::InputGate::default() }, inline })
}

impl Opened {
    /// Run the loop on `terminal` until the app quits (or `script` ends),
    /// with no input or signal threads (the script is the only typist).
    pub fn run_loop<B: ratatui::backend::Backend>(&mut self, terminal: &mut ratatui::Terminal<B>, hooks: &mut Hooks<'_>) -> anyhow::Result<()>
    where
        B::Error: Send + Sync + 'static,
    {
        event_loop(terminal, &mut self.app, &self.wiring, hooks)
    }
}

/// What a caller adds to the loop: a scripted event source (the demo,
/// the screenshots) and what to do on a resize (the recorder's event).
#[derive(Default)]
pub struct Hooks<'a> {
    pub script: Option<&'a mut script::Player>,
    pub on_resize: Option<Box<dyn FnMut() + 'a>>,
}

/// The workbench on this terminal, with `script` typing into it when given.
pub fn run_scripted(start: Start<'_>, record: Option<&std::path::Path>, script: Option<&mut script::Player>) -> anyhow::Result<i32> {
    if let Some(why) = unsuitable_terminal() {
        eprintln!("sandpiper: {why}; use `sandpiper ask QUESTION` or `sandpiper sql SQL` instead (see `sandpiper --help`)");
        return Ok(2);
    }
    let mut opened = open(start)?;
    if script.is_some() {
        // Scripts press the default keys, whatever the settings bind.
        opened.app.keymap = keymap::Keymap::default();
    }
    let Opened { mut app, wiring, inline } = opened;
    let result = if inline && script.is_none() {
        inline::run(&mut app, &wiring, record)
    } else {
        full_screen(&mut app, &wiring, record, script)
    };
    drop(wiring);
    result.map(|()| 0)
}

/// How the loop shows the app: the full-screen workbench, or inline mode's
/// live area with finished turns written into the scrollback.
pub(crate) trait Front {
    /// Show the state after a batch of events, handing what was drawn to
    /// `seen` (a script waits on the screen). `Some(d)`: show it again
    /// after `d` even if nothing happens (a clock is on screen); `None`:
    /// only when something happens.
    fn show(&mut self, app: &mut App, seen: &mut dyn FnMut(&App, &Buffer)) -> anyhow::Result<Option<std::time::Duration>>;

    /// Where the input thread puts the cursor position it asks the
    /// terminal for after each resize (inline mode places its live area
    /// by it; only the thread reading input can ask).
    fn cursor_probe(&self) -> Option<CursorProbe> {
        None
    }

    /// True when this front draws on the alternate screen (left and
    /// entered again around a hand-over); inline mode does not.
    fn alternate(&self) -> bool {
        true
    }

    /// Give the terminal back (to an editor, to the shell on Ctrl-Z).
    fn leave(&mut self) {
        handoff::leave_terminal(self.alternate());
    }

    /// Take the terminal back after [`Front::leave`] and show everything anew.
    fn enter(&mut self) {
        let _ = handoff::enter_terminal(self.alternate());
        self.redraw();
    }

    /// Make the next [`Front::show`] draw every cell (after SIGCONT).
    fn redraw(&mut self);

    /// The window was resized (the size may be the one last drawn again:
    /// narrowed and widened back between two frames, which the terminal
    /// may have cut rows or columns of). Nothing by default.
    fn resized(&mut self) {}
}

/// The cursor position (column, row) the terminal reported after a resize.
pub(crate) type CursorProbe = std::sync::Arc<std::sync::Mutex<Option<(u16, u16)>>>;

impl<B: ratatui::backend::Backend> Front for ratatui::Terminal<B>
where
    B::Error: Send + Sync + 'static,
{
    fn show(&mut self, app: &mut App, seen: &mut dyn FnMut(&App, &Buffer)) -> anyhow::Result<Option<std::time::Duration>> {
        let frame = self.draw(|f| view::draw(f, app, &app.theme))?;
        seen(app, frame.buffer);
        Ok(None)
    }

    fn redraw(&mut self) {
        full_redraw(self);
    }
}

fn planner_word(mode: crate::planner::model::PlannerMode) -> &'static str {
    use crate::planner::model::PlannerMode;
    match mode {
        PlannerMode::Offline => "offline planner",
        PlannerMode::Model => "model planner",
        PlannerMode::Auto => "auto",
    }
}

/// Hand the terminal over while `work` runs (the input thread paused, the
/// front's terminal modes left), then take it back and draw everything
/// again.
fn handed_over<T>(front: &mut impl Front, gate: &handoff::InputGate, tx: &Sender<AppEvent>, work: impl FnOnce() -> T) -> T {
    gate.pause();
    front.leave();
    let out = work();
    read_cooked_keys(tx);
    front.enter();
    gate.resume();
    out
}

/// Keys typed while the terminal was handed over (cooked: a line
/// discipline with ICRNL), read before raw mode comes back. The line
/// discipline turned Enter's `\r` into `\n` as it arrived, which read in
/// raw mode is Ctrl-J (a new line in the input); read now, with raw mode
/// off, it is Enter again. So an Enter typed while a non-interactive
/// $EDITOR ran sends the edited input. Only whole lines are readable in
/// cooked mode; the rest is read in raw mode as before.
fn read_cooked_keys(tx: &Sender<AppEvent>) {
    while let Ok(true) = event::poll(std::time::Duration::ZERO) {
        let ev = match event::read() {
            Ok(Event::Key(k)) => AppEvent::Key(k),
            Ok(Event::Paste(p)) => AppEvent::Paste(p),
            Ok(Event::Resize(..)) => AppEvent::Resize,
            Ok(_) => continue,
            Err(_) => break,
        };
        if tx.send(ev).is_err() {
            break;
        }
    }
}

/// Clear the screen and make the next frame draw every cell. (Not
/// `Terminal::clear`: it asks the terminal for the cursor position first,
/// which not every terminal answers, and then does nothing.)
fn full_redraw<B: ratatui::backend::Backend>(terminal: &mut ratatui::Terminal<B>) {
    let _ = terminal.backend_mut().clear_region(ratatui::backend::ClearType::All);
    // Two swaps leave both buffers blank: the next frame is diffed against
    // nothing, so all of it is written.
    terminal.swap_buffers();
    terminal.swap_buffers();
}

/// The full-screen workbench: raw mode, the alternate screen and the panic
/// hook that restores them (ratatui's), until quit.
fn full_screen(app: &mut App, wiring: &Wiring, record: Option<&std::path::Path>, script: Option<&mut script::Player>) -> anyhow::Result<()> {
    // Raw mode, the alternate screen and the panic hook; drawn through a
    // backend that moves the grid's rows with a scroll region ([`scroll`]).
    ratatui::try_init()?;
    // The same terminal drawn through the recorder, made before the input
    // thread starts reading standard input.
    let result = match record.map(|p| recorder(p, true)) {
        None => ratatui::Terminal::new(scroll::Shadowed::new(ratatui::backend::CrosstermBackend::new(std::io::stdout())))
            .map_err(anyhow::Error::from)
            .and_then(|terminal| drive(&mut scroll::FullScreen { terminal }, app, wiring, &mut Hooks { script, on_resize: None })),
        Some(Ok((backend, resizes))) => {
            // A resize becomes the recording's `"r"` event, placed before
            // the first frame drawn at the new size.
            let on_resize = move || {
                if let Ok((w, h)) = ratatui::crossterm::terminal::size() {
                    resizes.resized(w, h);
                }
            };
            let mut hooks = Hooks { script, on_resize: Some(Box::new(on_resize)) };
            ratatui::Terminal::new(scroll::Shadowed::new(backend)).map_err(anyhow::Error::from).and_then(|terminal| drive(&mut scroll::FullScreen { terminal }, app, wiring, &mut hooks))
        }
        Some(Err(e)) => Err(e),
    };
    ratatui::restore();
    result
}

/// Start the input and signal threads and run the loop through `front`
/// until quit (the caller restores the terminal).
pub(crate) fn drive(front: &mut impl Front, app: &mut App, wiring: &Wiring, hooks: &mut Hooks<'_>) -> anyhow::Result<()> {
    // Crossterm starts watching for SIGWINCH when its event source is
    // first polled. Polled here, before the first frame, a resize right
    // after that frame is an event; left to the input thread's first poll,
    // a resize in between was lost and the screen stayed at the old size
    // (seen as a flaky resize test under load). A resize before this poll
    // is caught by the first frame, which reads the terminal's size.
    let _ = event::poll(std::time::Duration::ZERO);
    spawn_input(wiring.tx.clone(), front.cursor_probe(), wiring.gate.clone())?;
    spawn_signals(wiring.tx.clone())?;
    let _ = execute!(std::io::stdout(), EnableBracketedPaste);
    let result = event_loop(front, app, wiring, hooks);
    let _ = execute!(std::io::stdout(), DisableBracketedPaste);
    result
}

/// A backend that draws on stdout and records it to `path` as asciicast
/// v2, with the handle that writes its resize events. Frames are buffered
/// so each lands in the cast as one event (the backend flushes once per
/// frame). `clear`: start from a cleared screen (the full-screen
/// workbench; inline mode draws below what is there).
type Recorder = ratatui::backend::CrosstermBackend<std::io::BufWriter<cast::CastWriter<std::io::Stdout, std::io::BufWriter<std::fs::File>>>>;

fn recorder(path: &std::path::Path, clear: bool) -> anyhow::Result<(Recorder, cast::Resizes)> {
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
    let resizes = writer.resizes();
    Ok((ratatui::backend::CrosstermBackend::new(std::io::BufWriter::with_capacity(1 << 16, writer)), resizes))
}

fn event_loop(front: &mut impl Front, app: &mut App, wiring: &Wiring, hooks: &mut Hooks<'_>) -> anyhow::Result<()> {
    let Wiring { rx, tx, engine, worker, answers, gate } = wiring;
    loop {
        // Show the state; a script looks at what was drawn for its next
        // key, or says when to ask it again.
        let mut next = None;
        let script = &mut hooks.script;
        let tick = front.show(app, &mut |app, buffer| {
            if let Some(s) = script.as_deref_mut() {
                next = Some(s.next(app, buffer, std::time::Instant::now()));
            }
        })?;
        let now = std::time::Instant::now();
        let (mut batch, mut wake) = match next {
            None => (Vec::new(), None),
            Some(script::Next::Event(ev)) => (vec![ev], None),
            Some(script::Next::At(t)) => (Vec::new(), Some(t)),
            Some(script::Next::Done) => return Ok(()),
            Some(script::Next::Stuck(why)) => anyhow::bail!(why),
        };
        if let Some(d) = tick {
            wake = Some(wake.map_or(now + d, |t: std::time::Instant| t.min(now + d)));
        }
        // Block for the next event (or the next tick), then take whatever
        // else is already waiting, so a burst (paste, progress) costs one
        // frame.
        if batch.is_empty() {
            let first = match wake {
                None => match rx.recv() {
                    Ok(ev) => ev,
                    Err(_) => return Ok(()),
                },
                Some(t) => match rx.recv_timeout(t.saturating_duration_since(now)) {
                    Ok(ev) => ev,
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
                },
            };
            batch.push(first);
        }
        batch.extend(rx.try_iter());
        let mut queue = std::collections::VecDeque::from(batch);
        while let Some(ev) = queue.pop_front() {
            if matches!(ev, AppEvent::Resize) {
                // The recording's resize event first: it goes before every
                // byte written for the new size, the clear included.
                if let Some(f) = hooks.on_resize.as_mut() {
                    f();
                }
                front.resized();
            }
            for action in app.handle(ev) {
                match action {
                    Action::Quit => return Ok(()),
                    Action::Cancel(id) => engine.cancel(id),
                    Action::Work(task) => worker.start(task),
                    Action::Approve(answer) => {
                        let _ = answers.send(answer);
                    }
                    Action::Redraw => front.redraw(),
                    Action::Suspend => {
                        if let Err(e) = handed_over(front, gate, tx, handoff::stop_self) {
                            app.turns.push(app::Turn { input: "(suspend)".into(), note: Some(format!("could not suspend: {e}")), done: true, ..app::Turn::default() });
                        }
                    }
                    Action::Editor(text) => {
                        let edited = match handoff::editor_command() {
                            None => Err(handoff::EditorError::Unset),
                            Some(cmd) => handed_over(front, gate, tx, || handoff::edit_in(&cmd, &text, &std::env::temp_dir())),
                        };
                        // The edited text comes back before any key that
                        // was typed after Ctrl-E: an Enter already read
                        // sends what the editor wrote, not the old input.
                        queue.push_front(AppEvent::Edited(edited.map_err(|e| e.to_string())));
                    }
                    Action::Submit(kind) => {
                        let id = engine.submit(kind.into_job());
                        app.submitted(id);
                    }
                    Action::Copy(clip) => app.copied(copy::send(&clip)),
                    Action::SaveCopy { text, path } => {
                        let note = match std::fs::write(&path, text.as_bytes()) {
                            Ok(()) => format!("wrote the copied text ({} bytes) to {}", text.len(), path.display()),
                            Err(e) => format!("could not write {}: {e}", path.display()),
                        };
                        if let Some(turn) = app.turns.last_mut() {
                            turn.note = Some(note);
                        }
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
/// position after a resize, when `probe` asks for it). The thread looks at
/// `gate` between reads (at least every [`handoff::INPUT_POLL`]) and reads
/// nothing while it is paused.
fn spawn_input(tx: Sender<AppEvent>, probe: Option<CursorProbe>, gate: handoff::InputGate) -> std::io::Result<()> {
    std::thread::Builder::new().name("sandpiper-input".into()).spawn(move || loop {
        gate.checkpoint();
        match event::poll(handoff::INPUT_POLL) {
            Ok(false) => continue,
            Ok(true) if gate.pausing() => continue,
            Ok(true) => {}
            Err(_) => {
                let _ = tx.send(AppEvent::Terminate);
                break;
            }
        }
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

/// SIGTERM and SIGHUP (an SSH disconnect) quit cleanly; SIGTSTP from
/// outside suspends as Ctrl-Z does (the terminal restored first); SIGCONT
/// redraws the whole screen.
fn spawn_signals(tx: Sender<AppEvent>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGTERM, SIGTSTP};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGTSTP, SIGCONT])?;
    std::thread::Builder::new().name("sandpiper-tui-signals".into()).spawn(move || {
        for sig in signals.forever() {
            let ev = match sig {
                SIGTSTP => AppEvent::Suspend,
                SIGCONT => AppEvent::Redraw,
                _ => AppEvent::Terminate,
            };
            if tx.send(ev).is_err() {
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
