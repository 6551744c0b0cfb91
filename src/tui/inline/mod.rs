//! Inline mode (`sandpiper --inline`, or `inline = true` in the settings):
//! the workbench without the alternate screen, for tmux, zellij and SSH.
//! A small live area at the bottom ([`live`]) is redrawn in place, and
//! each finished turn is written above it ([`turn`]) with
//! `Terminal::insert_before`, into the terminal's own scrollback, where it
//! stays after sandpiper exits, to scroll, search and copy.
//!
//! This is a second front end over the same [`App`], session thread and
//! loop as the full-screen workbench ([`super::drive`]): keys, slash
//! commands, cancel and quit mean the same. Tool views that need the whole
//! screen are answered with lines instead (`/runs` prints the runs, `/help`
//! the commands) or with a note saying where to find them.
//!
//! Invariants: turns are written in order, each once, when done (a turn
//! still running at quit is written with its steps and a note); the live
//! area never grows past [`live::HEIGHT`] rows; on quit, SIGTERM, SIGHUP
//! and panic raw mode is left and the cursor shown, with the live area
//! cleared so the shell's prompt follows the last turn.

pub mod backend;
pub mod live;
pub mod reflow;
pub mod table;
pub mod turn;

use super::app::{App, Tab};
use super::screen::Screen;
use super::{CursorProbe, Front, Wiring};
use backend::Tracked;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::layout::{Position, Size};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::time::{Duration, Instant};

/// How often the live area's clock is redrawn while a job runs.
const TICK: Duration = Duration::from_millis(100);

/// Frames put off after a resize until the cursor position arrives.
const RESIZE_WAITS: u8 = 8;

/// Runs `/runs` prints, newest first.
const RUNS_PRINTED: usize = 20;

/// Run the inline workbench until quit; the terminal is restored after.
pub(super) fn run(app: &mut App, wiring: &Wiring, record: Option<&std::path::Path>) -> anyhow::Result<()> {
    ratatui::crossterm::terminal::enable_raw_mode()?;
    restore_on_panic();
    let result = match record.map(|p| super::recorder(p, false).map(|(backend, _)| backend)).transpose() {
        Ok(None) => session(CrosstermBackend::new(std::io::stdout()), app, wiring),
        Ok(Some(backend)) => session(backend, app, wiring),
        Err(e) => Err(e),
    };
    restore();
    result
}

fn session<B: Backend>(backend: B, app: &mut App, wiring: &Wiring) -> anyhow::Result<()>
where
    B::Error: Send + Sync + 'static,
{
    // Asked once, before the input thread owns standard input (see
    // [`backend`]); a terminal that does not answer gets the live area at
    // its bottom.
    let start = match ratatui::crossterm::cursor::position() {
        Ok((x, y)) => Position::new(x, y),
        Err(_) => Position::new(0, backend.size().map_or(0, |s| s.height.saturating_sub(1))),
    };
    let terminal = Terminal::with_options(Tracked::new(backend, start), TerminalOptions { viewport: Viewport::Inline(live::HEIGHT) })?;
    let mut front = Inline::new(terminal);
    let looped = super::drive(&mut front, app, wiring, &mut super::Hooks::default());
    let finished = front.finish(app);
    looped.and(finished)
}

/// Leave raw mode and show the cursor (no alternate screen to leave).
fn restore() {
    super::handoff::leave_terminal(false);
}

fn restore_on_panic() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        println!();
        previous(info);
    }));
}

/// The inline front end: the terminal and what has been written above.
pub struct Inline<B: Backend> {
    terminal: Terminal<Tracked<B>>,
    /// Turns already written into the scrollback.
    printed: usize,
    /// The running job, when it started, and its step count and time.
    job: Option<(u64, Instant, usize, Instant)>,
    /// `/runs` asked for the list; print it when it is loaded.
    runs_wanted: bool,
    size: Size,
    /// The cursor position the input thread read after a resize.
    probe: CursorProbe,
    /// Frames put off while waiting for that position.
    waited: u8,
    /// The live area as last drawn (where its rows end, after a resize).
    live: ratatui::buffer::Buffer,
}

impl<B: Backend> Inline<B>
where
    B::Error: Send + Sync + 'static,
{
    pub fn new(terminal: Terminal<Tracked<B>>) -> Inline<B> {
        let size = terminal.size().unwrap_or_default();
        Inline { terminal, printed: 0, job: None, runs_wanted: false, size, probe: CursorProbe::default(), waited: 0, live: ratatui::buffer::Buffer::default() }
    }

    /// Write `lines` above the live area.
    fn print(&mut self, lines: Vec<Line<'static>>) -> anyhow::Result<()> {
        if lines.is_empty() {
            return Ok(());
        }
        let height = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        self.terminal.backend_mut().trimming = true;
        let written = self.terminal.insert_before(height, |buf| Paragraph::new(lines).render(buf.area, buf));
        self.terminal.backend_mut().trimming = false;
        Ok(written?)
    }

    /// Write the turns that are done (all of them when `all`), in order.
    fn print_turns(&mut self, app: &App, all: bool) -> anyhow::Result<()> {
        let width = self.size.width;
        while let Some(t) = app.turns.get(self.printed).filter(|t| all || t.done) {
            let lines = turn::lines(t, &app.names, width, &app.theme);
            self.printed += 1;
            self.print(lines)?;
        }
        Ok(())
    }

    /// Tool views that need the whole screen: answered here with lines.
    fn answer_views(&mut self, app: &mut App) -> anyhow::Result<()> {
        let lines = match app.screen {
            Screen::Main => Vec::new(),
            Screen::Runs => {
                self.runs_wanted = true;
                Vec::new()
            }
            Screen::Picker => notes::datasets(app),
            Screen::Audit => notes::elsewhere("The audit log viewer", "sandpiper audit verify, sandpiper audit show", &app.theme),
            Screen::Schema => notes::elsewhere("The schema browser", "sandpiper datasets show NAME", &app.theme),
            Screen::Stepper => notes::elsewhere("The repair stepper", "each repaired turn above lists its attempts and diffs;", &app.theme),
        };
        app.screen = Screen::Main;
        app.tab = Tab::Chat;
        self.print(lines)?;
        if std::mem::take(&mut app.help) {
            self.print(notes::help(&app.keymap, &app.theme))?;
        }
        if self.runs_wanted && !app.runs.loading {
            self.runs_wanted = false;
            self.print(notes::runs(&app.runs, RUNS_PRINTED, self.size.width, &app.theme))?;
        }
        Ok(())
    }

    /// The running job's clock, started when it appears.
    fn clock(&mut self, app: &App) -> Option<live::Clock> {
        let id = app.running?;
        let steps = app.turns.iter().rev().find(|t| t.job == Some(id)).map_or(0, |t| t.steps.len());
        let now = Instant::now();
        let (_, started, _, step_at) = match self.job {
            Some(j) if j.0 == id && j.2 == steps => j,
            Some(j) if j.0 == id => (id, j.1, steps, now),
            _ => (id, now, steps, now),
        };
        self.job = Some((id, started, steps, step_at));
        Some(live::Clock { elapsed: now - started, in_step: now - step_at })
    }

    /// The window narrowed to `size`, the cursor now at `at` (None: the
    /// terminal did not say). ratatui would clear the screen and start
    /// the live area at its top; instead its resize runs muted, and the
    /// live area is placed where its old top is now ([`reflow`]) and
    /// cleared and drawn from there, leaving every row above it alone.
    fn narrowed(&mut self, size: Size, at: Option<Position>) -> anyhow::Result<()> {
        let before = self.terminal.backend_mut().get_cursor_position()?;
        let at = at.unwrap_or(Position::new(before.x.min(size.width.saturating_sub(1)), before.y.min(size.height.saturating_sub(1))));
        let area = self.live.area;
        let above: Vec<u16> = (area.top()..before.y.min(area.bottom())).map(|y| reflow::used_width(&self.live, y)).collect();
        let x = before.x.min(self.size.width.saturating_sub(1));
        let top = reflow::top_after_narrowing(&above, x, at.y, size.width).min(size.height.saturating_sub(1));
        self.terminal.backend_mut().muted = true;
        let muted = self.terminal.autoresize().and_then(|()| self.terminal.set_cursor_position(Position::ORIGIN));
        self.terminal.backend_mut().muted = false;
        muted?;
        // From the top: the live area is laid out again below it (the
        // screen scrolls if it must) and cleared from there down.
        self.terminal.backend_mut().set_cursor_position(Position::new(0, top))?;
        self.terminal.resize(ratatui::layout::Rect::new(0, 0, size.width, size.height))?;
        Ok(())
    }

    /// After quit: write what is left and clear the live area, leaving the
    /// cursor where the shell's prompt should go.
    fn finish(&mut self, app: &App) -> anyhow::Result<()> {
        self.print_turns(app, true)?;
        self.terminal.clear()?;
        let top = self.terminal.get_frame().area().as_position();
        self.terminal.set_cursor_position(top)?;
        self.terminal.show_cursor()?;
        Ok(())
    }
}

impl<B: Backend> Front for Inline<B>
where
    B::Error: Send + Sync + 'static,
{
    fn show(&mut self, app: &mut App, seen: &mut dyn FnMut(&App, &ratatui::buffer::Buffer)) -> anyhow::Result<Option<Duration>> {
        let size = self.terminal.size()?;
        if size != self.size {
            // The terminal moved the cursor (and may have pulled lines back
            // from its scrollback): the live area goes where the cursor is
            // now, as the input thread reads it. Wait a little for it.
            let reported = self.probe.lock().ok().and_then(|mut p| p.take());
            let at = match reported {
                Some((x, y)) => Some(Position::new(x, y)),
                None if self.waited < RESIZE_WAITS => {
                    self.waited += 1;
                    return Ok(Some(TICK / 4));
                }
                None => None,
            };
            self.waited = 0;
            if size.width < self.size.width {
                self.narrowed(size, at)?;
            } else {
                match at {
                    Some(p) => self.terminal.backend_mut().moved_to(p),
                    None => self.terminal.backend_mut().clamp_to(size),
                }
            }
            self.size = size;
        }
        self.answer_views(app)?;
        self.print_turns(app, false)?;
        let clock = self.clock(app);
        let frame = self.terminal.draw(|f| live::draw(f, app, clock, &app.theme))?;
        seen(app, frame.buffer);
        self.live.clone_from(frame.buffer);
        Ok(app.running.map(|_| TICK))
    }

    fn cursor_probe(&self) -> Option<CursorProbe> {
        Some(self.probe.clone())
    }

    // No alternate screen to leave or enter around a hand-over.
    fn alternate(&self) -> bool {
        false
    }

    fn redraw(&mut self) {
        let _ = self.terminal.clear();
    }
}

mod notes;

#[cfg(test)]
mod tests;
