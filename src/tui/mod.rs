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
pub mod approval;
pub mod cast;
pub mod handoff;
pub mod input_box;
pub mod osc52;
pub mod grid;
pub mod audit_view;
pub mod help;
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

/// Open the workbench on `dataset` (the settings' default otherwise).
pub fn run(
    dataset: Option<&str>,
    jail: Option<JailMode>,
    theme: Option<&str>,
    model: Option<crate::planner::model::ModelSetup>,
    record: Option<&std::path::Path>,
    approve: bool,
) -> anyhow::Result<i32> {
    if let Some(why) = unsuitable_terminal() {
        eprintln!("sandpiper: {why}; use `sandpiper ask QUESTION` or `sandpiper sql SQL` instead (see `sandpiper --help`)");
        return Ok(2);
    }
    let provider = model.as_ref().map_or_else(|| "offline".to_string(), |m| format!("{} ({})", m.provider.label(), planner_word(m.mode)));
    let mut session = Session::open(SessionOptions { record: true, jail, model, ..SessionOptions::default() })?;
    // Approval mode: the session thread asks the app before each attempt.
    let approve = approve || session.settings().approve;
    let (answers, answers_rx) = channel::<approval::Answer>();
    if approve {
        session.set_approver(Some(Box::new(approval::ChannelApprover::new(answers_rx))));
    }
    let (keymap, theme, depth) = looks(session.settings(), theme)?;
    let ds = session.use_dataset(dataset)?;
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
    // Raw mode, the alternate screen and the panic hook that restores them.
    let mut terminal = ratatui::try_init()?;
    // The same terminal drawn through the recorder, made before the input
    // thread starts reading standard input.
    let recorded = match record.map(recording).transpose() {
        Ok(r) => r,
        Err(e) => {
            ratatui::restore();
            return Err(e);
        }
    };
    let gate = handoff::InputGate::default();
    spawn_input(tx.clone(), gate.clone())?;
    let tx_loop = tx.clone();
    spawn_signals(tx)?;

    let _ = execute!(std::io::stdout(), EnableBracketedPaste);
    let hands = Hands { answers, gate };
    let result = match recorded {
        None => event_loop(&mut terminal, &mut app, &rx, &engine, &worker, &tx_loop, &hands),
        Some(mut recorded) => event_loop(&mut recorded, &mut app, &rx, &engine, &worker, &tx_loop, &hands),
    };
    let _ = execute!(std::io::stdout(), DisableBracketedPaste);
    ratatui::restore();
    drop(engine);
    result.map(|()| 0)
}

/// A terminal that draws on stdout and records it to `path` as asciicast v2.
/// Frames are buffered so each lands in the cast as one event (the backend
/// flushes once per frame).
type Recorded = ratatui::Terminal<ratatui::backend::CrosstermBackend<std::io::BufWriter<cast::CastWriter<std::io::Stdout, std::io::BufWriter<std::fs::File>>>>>;

fn recording(path: &std::path::Path) -> anyhow::Result<Recorded> {
    use anyhow::Context;
    let file = std::fs::File::create(path).with_context(|| format!("creating the recording {}", path.display()))?;
    let (w, h) = ratatui::crossterm::terminal::size().unwrap_or((80, 24));
    let mut writer = cast::CastWriter::new(std::io::stdout(), std::io::BufWriter::new(file), &cast::Header::now(w, h))
        .with_context(|| format!("writing the recording {}", path.display()))?;
    // A cleared screen to start from (`Terminal::clear` would ask the
    // terminal for its cursor position, which not every terminal answers).
    std::io::Write::write_all(&mut writer, b"\x1b[2J\x1b[H")?;
    Ok(ratatui::Terminal::new(ratatui::backend::CrosstermBackend::new(std::io::BufWriter::with_capacity(1 << 16, writer)))?)
}

/// What the loop needs to hand things over: answers to approval mode's
/// questions, and the gate that stops the input thread reading while the
/// terminal belongs to an editor or the shell.
struct Hands {
    answers: Sender<approval::Answer>,
    gate: handoff::InputGate,
}

fn planner_word(mode: crate::planner::model::PlannerMode) -> &'static str {
    use crate::planner::model::PlannerMode;
    match mode {
        PlannerMode::Offline => "offline planner",
        PlannerMode::Model => "model planner",
        PlannerMode::Auto => "auto",
    }
}

/// Hand the terminal over while `work` runs (the input thread paused,
/// raw mode and the alternate screen left), then take it back and draw
/// everything again.
fn handed_over<B: ratatui::backend::Backend, T>(terminal: &mut ratatui::Terminal<B>, gate: &handoff::InputGate, work: impl FnOnce() -> T) -> T {
    gate.pause();
    handoff::leave_terminal();
    let out = work();
    let _ = handoff::enter_terminal();
    full_redraw(terminal);
    gate.resume();
    out
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

fn event_loop<B: ratatui::backend::Backend>(
    terminal: &mut ratatui::Terminal<B>,
    app: &mut App,
    rx: &Receiver<AppEvent>,
    engine: &Engine,
    worker: &worker::Worker,
    tx: &Sender<AppEvent>,
    hands: &Hands,
) -> anyhow::Result<()>
where
    B::Error: Send + Sync + 'static,
{
    loop {
        terminal.draw(|f| view::draw(f, app, &app.theme))?;
        // Block for the next event, then take whatever else is already
        // waiting, so a burst (paste, progress) costs one frame.
        let Ok(first) = rx.recv() else { return Ok(()) };
        let mut batch = vec![first];
        batch.extend(rx.try_iter());
        for ev in batch {
            for action in app.handle(ev) {
                match action {
                    Action::Quit => return Ok(()),
                    Action::Cancel(id) => engine.cancel(id),
                    Action::Work(task) => worker.start(task),
                    Action::Approve(answer) => {
                        let _ = hands.answers.send(answer);
                    }
                    Action::Redraw => full_redraw(terminal),
                    Action::Suspend => {
                        let stopped = handed_over(terminal, &hands.gate, handoff::stop_self);
                        if let Err(e) = stopped {
                            app.turns.push(app::Turn { input: "(suspend)".into(), note: Some(format!("could not suspend: {e}")), done: true, ..app::Turn::default() });
                        }
                    }
                    Action::Editor(text) => {
                        let edited = match handoff::editor_command() {
                            None => Err(handoff::EditorError::Unset),
                            Some(cmd) => handed_over(terminal, &hands.gate, || handoff::edit_in(&cmd, &text, &std::env::temp_dir())),
                        };
                        let _ = tx.send(AppEvent::Edited(edited.map_err(|e| e.to_string())));
                    }
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

/// Keys, pasted text and resizes from the terminal. The thread looks at
/// `gate` between reads (at least every [`handoff::INPUT_POLL`]) and
/// reads nothing while it is paused.
fn spawn_input(tx: Sender<AppEvent>, gate: handoff::InputGate) -> std::io::Result<()> {
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
            Ok(Event::Resize(..)) => AppEvent::Resize,
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
