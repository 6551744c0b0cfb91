//! The workbench's state and what input does to it. `App::handle` takes an
//! event (a key, pasted text, a reply from the session thread) and returns
//! the actions the loop must perform (submit a job, cancel one, quit); it
//! does no work itself, so it is tested without a terminal or a jail.
//!
//! Invariants: only `handle` changes the state; at most one run is shown as
//! running; replies for jobs that are not the current one only update the
//! turn they belong to.

use super::approval::{Answer, Waiting};
use super::audit_view::AuditView;
use super::input_box::InputBox;
use super::highlight::Names;
use super::history::RunsView;
use super::picker::Picker;
use super::routing::reply_job;
use super::schema_view::SchemaView;
use super::screen::Screen;
use super::stepper::Stepper;
use super::worker::{Loaded, Task};
use crate::agent::Request;
use crate::driver::Verdict;
use crate::progress::{AttemptOutcome, Progress};
use crate::report::{RunReport, Status};
use crate::session::engine::{Job, JobId, Reply};
use crate::session::RunOverrides;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use super::grid::export::{Exported, FileFormat};
use super::grid::{Grid, Outcome as GridOutcome, FULL_RESULT_ROWS};
use std::path::PathBuf;

/// JSON rows a turn keeps once its result is in the grid (as Arrow).
const PREVIEW_ROWS: usize = 50;

/// Everything that reaches the loop.
#[derive(Debug)]
pub enum AppEvent {
    Key(KeyEvent),
    Paste(String),
    Resize,
    Engine(Reply),
    /// A view's background work is done.
    Loaded(Loaded),
    /// SIGTERM or SIGHUP (an SSH disconnect): quit and restore.
    Terminate,
    /// An `/export` finished (on a thread of its own).
    Exported(Result<Exported, String>),
    /// `$EDITOR` closed: the edited input, or why it could not be edited.
    Edited(Result<String, String>),
    /// SIGTSTP from outside (`kill -TSTP`): suspend as Ctrl-Z does.
    Suspend,
    /// SIGCONT: the terminal may have been used meanwhile; draw it all.
    Redraw,
}

/// What the loop must do after an event.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Submit(JobKind),
    Cancel(JobId),
    Quit,
    /// Put this on the clipboard (OSC 52; [`super::copy`]).
    Copy(super::copy::Clip),
    /// Write the last copied text to a file (`/copy PATH`: for a terminal
    /// that ignores OSC 52, or a copy too large for it).
    SaveCopy { text: String, path: PathBuf },
    /// Write the grid's result to a file, off the UI thread.
    Export { format: FileFormat, path: PathBuf },
    /// Background work for a view (read or verify the audit log, ...).
    Work(Task),
    /// Approval mode: tell the waiting run what the user decided.
    Approve(Answer),
    /// Open `$EDITOR` on this text (the terminal is handed over).
    Editor(String),
    /// Ctrl-Z: restore the terminal and stop until the shell continues us.
    Suspend,
    /// Clear the terminal and draw everything again.
    Redraw,
}

/// A job the app wants the session to run (mapped to an engine job by
/// the loop, which returns its id through [`App::submitted`]).
#[derive(Debug, Clone, PartialEq)]
pub enum JobKind {
    Ask(String),
    Sql(String),
    Dataset(String),
    /// Re-run this SQL with the row cap at [`FULL_RESULT_ROWS`].
    FullResult(String),
    /// Re-run a recorded run's SQL as a replay of it.
    Replay { run_id: String, sql: String },
    /// The user's repair of a run (an attempt edited or re-run in the
    /// stepper): the run's attempts and the user's SQL as the next one.
    Repair { of_run: String, question: Option<String>, prior: Vec<crate::report::Attempt>, from: u32, sql: String },
}

impl JobKind {
    pub fn into_job(self) -> Job {
        // The grid shows the answer as the runner's Arrow batches.
        let overrides = RunOverrides { keep_arrow: true, ..RunOverrides::default() };
        match self {
            JobKind::FullResult(s) => Job::Run { request: Request::Sql { sql: s, validate: true }, overrides: RunOverrides { row_cap: Some(FULL_RESULT_ROWS), ..overrides } },
            JobKind::Ask(q) => Job::Run { request: Request::Ask { question: q }, overrides },
            JobKind::Sql(s) => Job::Run { request: Request::Sql { sql: s, validate: true }, overrides },
            JobKind::Dataset(name) => Job::UseDataset { name },
            JobKind::Repair { of_run, question, prior, from, sql } => Job::Run { request: Request::Repair { of_run, question, prior, from, sql }, overrides },
            JobKind::Replay { run_id, sql } => Job::Run {
                request: Request::Sql { sql, validate: true },
                overrides: RunOverrides { provider: Some("replay".into()), replay_of: Some(run_id), ..RunOverrides::default() },
            },
        }
    }
}

/// One question (or SQL, or command) and what came of it.
#[derive(Debug, Clone, Default)]
pub struct Turn {
    pub job: Option<JobId>,
    /// What the user typed.
    pub input: String,
    /// Steps as they happened ("planned", "attempt 1 ok in 3 ms", ...).
    pub steps: Vec<String>,
    pub report: Option<Box<RunReport>>,
    /// A message instead of a report (dataset switched, failure).
    pub note: Option<String>,
    pub done: bool,
    /// The answer's first rows as the chat shows them, fitted once per width.
    pub preview: super::chat_preview::PreviewCache,
}

/// The right-hand (or tabbed) panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    Plan,
    Sql,
}

/// Which view fills the screen when the window is narrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Chat,
    Detail,
    Results,
}

/// The whole state of the workbench.
#[derive(Debug)]
pub struct App {
    pub dataset: String,
    pub dataset_hash: String,
    pub jail: String,
    /// Who plans: `offline`, or the model's `kind:model` and planner mode.
    pub provider: String,
    pub input: InputBox,
    /// Approval mode: each attempt waits for the user before it runs.
    pub approve: bool,
    /// The attempt waiting for approval, if one does.
    pub waiting: Option<Waiting>,
    /// What the input held before an approval edit replaced it.
    pub(super) draft: Option<String>,
    /// The text of the last copy, for `/copy PATH`.
    pub(super) last_copy: Option<String>,
    /// The input holds an attempt's SQL from the stepper: Enter runs it as
    /// the user's repair of that run (run id, attempt).
    pub repair_target: Option<(String, u32)>,
    /// Model tokens (in + out) used by this workbench's runs.
    pub tokens: u64,
    /// First line of the help overlay shown.
    pub help_scroll: u16,
    pub turns: Vec<Turn>,
    /// How far the chat is scrolled back (PgUp/PgDn with the chat focused).
    pub chat_scroll: super::chat_scroll::ChatScroll,
    /// The job whose turn is running, if any.
    pub running: Option<JobId>,
    pub panel: Panel,
    pub tab: Tab,
    /// The results grid (its own state: cursor, sort, selection, ...).
    pub grid: Grid,
    pub last_latency_ms: Option<f64>,
    pub help: bool,
    /// The view filling the screen (the main one or a tool view).
    pub screen: Screen,
    pub stepper: Stepper,
    pub audit: AuditView,
    pub schema: SchemaView,
    pub picker: Picker,
    pub runs: RunsView,
    /// The active dataset's tables and columns, for SQL highlighting.
    pub names: Names,
    /// A view's own query (a column profile) waits for its id.
    pub(super) side_pending: bool,
    /// The job running for a view rather than for a chat turn.
    pub(super) side_job: Option<JobId>,
    /// A prompt chosen in the picker, asked once its dataset is active.
    pub(super) ask_after_switch: Option<String>,
    /// Styles of the views, and the colours the terminal shows.
    pub theme: super::theme::Theme,
    pub depth: super::themes::Depth,
    pub keymap: super::keymap::Keymap,
    /// Entered lines (Up/Down) and dataset names (Tab after /dataset).
    pub history: super::input::History,
    pub datasets: Vec<String>,
}

impl App {
    pub fn new(dataset: &str, hash: &str, jail: &str) -> App {
        App {
            dataset: dataset.to_string(),
            dataset_hash: hash.to_string(),
            jail: jail.to_string(),
            provider: "offline".into(),
            input: InputBox::default(),
            approve: false,
            waiting: None,
            draft: None,
            last_copy: None,
            repair_target: None,
            tokens: 0,
            help_scroll: 0,
            turns: Vec::new(),
            running: None,
            panel: Panel::Sql,
            tab: Tab::Chat,
            grid: Grid::default(),
            last_latency_ms: None,
            help: false,
            screen: Screen::Main,
            stepper: Stepper::default(),
            audit: AuditView::default(),
            schema: SchemaView::default(),
            picker: Picker::default(),
            runs: RunsView::default(),
            names: Names::default(),
            side_pending: false,
            side_job: None,
            ask_after_switch: None,
            theme: super::theme::Theme::dark(),
            depth: super::themes::Depth::TrueColor,
            keymap: super::keymap::Keymap::default(),
            history: super::input::History::default(),
            datasets: Vec::new(),
            chat_scroll: Default::default(),
        }
    }

    /// The turn whose result the panels show: the newest with a report.
    pub fn current_report(&self) -> Option<&RunReport> {
        self.turns.iter().rev().find_map(|t| t.report.as_deref())
    }

    /// The loop submitted the newest turn's job as `id`.
    pub fn submitted(&mut self, id: JobId) {
        if std::mem::take(&mut self.side_pending) {
            self.side_job = Some(id);
        } else if let Some(t) = self.turns.last_mut() {
            t.job = Some(id);
        }
        self.running = Some(id);
    }

    pub fn handle(&mut self, ev: AppEvent) -> Vec<Action> {
        match ev {
            AppEvent::Key(k) if k.kind != KeyEventKind::Release => self.key(k),
            AppEvent::Key(_) | AppEvent::Resize => Vec::new(),
            AppEvent::Paste(text) => {
                // Newlines are kept: Enter submits the whole text.
                if self.waiting.as_ref().is_none_or(|w| w.editing) {
                    self.input.paste(&text);
                }
                Vec::new()
            }
            AppEvent::Edited(Ok(text)) => {
                self.input.set_text(&text);
                Vec::new()
            }
            AppEvent::Edited(Err(e)) => {
                self.turns.push(Turn { input: "(editor)".into(), note: Some(e), done: true, ..Turn::default() });
                Vec::new()
            }
            AppEvent::Suspend => vec![Action::Suspend],
            AppEvent::Redraw => vec![Action::Redraw],
            AppEvent::Engine(reply) => self.reply(reply),
            AppEvent::Loaded(l) => self.loaded(l),
            AppEvent::Terminate => vec![Action::Quit],
            AppEvent::Exported(result) => {
                let note = match result {
                    Ok(e) => format!("wrote {} row{} to {} ({})", super::grid::format::format_int(e.rows as i128), if e.rows == 1 { "" } else { "s" }, e.path.display(), e.format.word()),
                    Err(e) => format!("export failed: {e}"),
                };
                // The turn that started the export says how it ended.
                match self.turns.iter_mut().rev().find(|t| t.input.starts_with("/export") && t.note.as_deref().is_some_and(|n| n.starts_with("writing"))) {
                    Some(t) => t.note = Some(note),
                    None => self.turns.push(Turn { input: "/export".into(), note: Some(note), done: true, ..Turn::default() }),
                }
                Vec::new()
            }
        }
    }

    fn key(&mut self, k: KeyEvent) -> Vec<Action> {
        use super::keymap::Act;
        const GLOBAL: &[Act] = &[Act::Quit, Act::Suspend, Act::Help, Act::Stepper, Act::Audit, Act::Schema, Act::Datasets, Act::Runs];
        const MAIN: &[Act] = &[Act::Cancel, Act::Newline, Act::Editor, Act::NextTab, Act::TogglePlan, Act::Up, Act::Down, Act::PageUp, Act::PageDown, Act::Select, Act::CopySql];
        let km = &self.keymap;
        if self.help {
            return self.help_key(k);
        }
        let typing = self.screen == Screen::Main || self.view_is_typing();
        let global = if typing { km.action_while_typing(&k, GLOBAL) } else { km.action(&k, GLOBAL) };
        if let Some(act) = global {
            let screen = match act {
                Act::Quit => return vec![Action::Quit],
                Act::Suspend => return vec![Action::Suspend],
                Act::Help => {
                    self.help = true;
                    self.help_scroll = 0;
                    return Vec::new();
                }
                Act::Stepper => Screen::Stepper,
                Act::Audit => Screen::Audit,
                Act::Schema => Screen::Schema,
                Act::Datasets => Screen::Picker,
                _ => Screen::Runs,
            };
            if self.screen == screen {
                self.screen = Screen::Main;
                return Vec::new();
            }
            return self.open(screen);
        }
        if self.screen != Screen::Main {
            let o = self.view_key(k);
            return self.apply(o);
        }
        if let Some(acts) = self.approval_key(&k) {
            return acts;
        }
        if self.tab == Tab::Results {
            let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
            match self.grid.handle_key(k) {
                GridOutcome::Handled => return Vec::new(),
                GridOutcome::Copy { text, rows, format } => return self.copy(super::copy::Clip::rows(text, rows, format)),
                GridOutcome::CopyCell { text, column } => return self.copy(super::copy::Clip::new(format!("the cell of {column}"), text)),
                GridOutcome::FetchFull => return self.fetch_full(),
                GridOutcome::Sort(job) => return vec![Action::Work(Task::Sort(job))],
                // Typing goes to the input: focus follows.
                GridOutcome::Ignored if matches!(k.code, KeyCode::Char(_)) && !ctrl => self.tab = Tab::Chat,
                GridOutcome::Ignored => {}
            }
        }
        let km = &self.keymap;
        match km.action_while_typing(&k, MAIN) {
            Some(Act::Cancel) if self.running.is_none() && self.repair_target.is_some() => {
                // Leave the stepper's edit: the input is an ordinary one again.
                self.repair_target = None;
                self.input.clear();
            }
            Some(Act::Cancel) => return self.running.map(Action::Cancel).into_iter().collect(),
            Some(Act::Newline) => self.input.newline(),
            Some(Act::Editor) => return vec![Action::Editor(self.input.text())],
            Some(Act::NextTab) if self.input.starts_with("/sql") => {
                let before = self.input.before_cursor();
                if let Some(done) = super::input::complete_word(&before, &self.sql_candidates()) {
                    self.input.replace_before_cursor(&done);
                }
            }
            Some(Act::NextTab) if self.input.starts_with("/") && self.input.on_first_line() => {
                let before = self.input.before_cursor();
                if let Some(done) = super::input::complete(&before, &self.datasets, &super::themes::names()) {
                    self.input.replace_before_cursor(&done);
                }
            }
            Some(Act::NextTab) => {
                self.tab = match self.tab {
                    Tab::Chat => Tab::Detail,
                    Tab::Detail => Tab::Results,
                    Tab::Results => Tab::Chat,
                };
            }
            Some(Act::TogglePlan) => self.panel = if self.panel == Panel::Sql { Panel::Plan } else { Panel::Sql },
            // History only at the edges: inside a multi-line text the
            // arrows move the cursor.
            Some(Act::Up) if self.input.on_first_line() => {
                if let Some(line) = self.history.older(&self.input.text()) {
                    self.input.set_text(&line);
                }
            }
            Some(Act::Down) if self.input.on_last_line() => {
                if let Some(line) = self.history.newer() {
                    self.input.set_text(&line);
                }
            }
            // The focused pane scrolls: the chat, else the results.
            Some(Act::PageUp) if self.tab == Tab::Chat => self.chat_scroll.up(super::chat_scroll::PAGE, self.turns.len()),
            Some(Act::PageDown) if self.tab == Tab::Chat => self.chat_scroll.down(super::chat_scroll::PAGE, self.turns.len()),
            Some(Act::PageUp) => self.grid.scroll(-20),
            Some(Act::PageDown) => self.grid.scroll(20),
            Some(Act::Select) => return self.enter(),
            Some(Act::CopySql) => return self.copy_sql(),
            _ => {
                self.input.edit(k);
            }
        }
        Vec::new()
    }

    /// Keys of the help overlay: scroll it, close it, quit.
    fn help_key(&mut self, k: KeyEvent) -> Vec<Action> {
        use super::keymap::Act;
        match self.keymap.action(&k, &[Act::Quit, Act::Up, Act::Down, Act::PageUp, Act::PageDown, Act::First, Act::Last]) {
            Some(Act::Quit) => return vec![Action::Quit],
            Some(Act::Up) => self.help_scroll = self.help_scroll.saturating_sub(1),
            Some(Act::Down) => self.help_scroll = self.help_scroll.saturating_add(1),
            Some(Act::PageUp) => self.help_scroll = self.help_scroll.saturating_sub(10),
            Some(Act::PageDown) => self.help_scroll = self.help_scroll.saturating_add(10),
            Some(Act::First) => self.help_scroll = 0,
            Some(Act::Last) => self.help_scroll = u16::MAX,
            _ if k.code == KeyCode::Esc || self.keymap.action(&k, &[Act::Help, Act::Close]).is_some() => self.help = false,
            _ => {}
        }
        Vec::new()
    }

    /// Approval mode: the keys that answer the waiting attempt (None when
    /// nothing waits). Everything else but the panels' keys is held back
    /// while an attempt waits, so no keystroke approves by accident.
    fn approval_key(&mut self, k: &KeyEvent) -> Option<Vec<Action>> {
        use super::keymap::Act;
        let w = self.waiting.as_mut()?;
        if w.editing {
            return match self.keymap.action_while_typing(k, &[Act::Select, Act::Reject]) {
                Some(Act::Select) => {
                    let sql = self.input.text();
                    let answer = w.answer(if sql.trim().is_empty() { Verdict::Reject } else { Verdict::Edit(sql) });
                    self.waiting = None;
                    self.restore_draft();
                    Some(vec![Action::Approve(answer)])
                }
                Some(_) => {
                    w.editing = false;
                    self.restore_draft();
                    Some(Vec::new())
                }
                None => None,
            };
        }
        match self.keymap.action(k, &[Act::Approve, Act::Reject, Act::Edit]) {
            Some(Act::Approve) => {
                let answer = w.answer(Verdict::Run);
                self.waiting = None;
                Some(vec![Action::Approve(answer)])
            }
            Some(Act::Reject) => {
                let answer = w.answer(Verdict::Reject);
                self.waiting = None;
                Some(vec![Action::Approve(answer)])
            }
            Some(_) => {
                w.editing = true;
                let sql = w.sql.clone();
                self.draft = Some(self.input.text());
                self.input.set_text(&sql);
                Some(Vec::new())
            }
            // Panels and scrolling still work; typing waits.
            None if matches!(k.code, KeyCode::Char(_)) && !k.modifiers.contains(KeyModifiers::CONTROL) => Some(Vec::new()),
            None => None,
        }
    }

    fn restore_draft(&mut self) {
        let text = self.draft.take().unwrap_or_default();
        self.input.set_text(&text);
    }

    /// What Tab completes in SQL: keywords, functions, then the active
    /// dataset's tables and columns.
    fn sql_candidates(&self) -> Vec<&str> {
        let mut cands: Vec<&str> = super::input::SQL_WORDS.to_vec();
        for f in super::input::sql_functions() {
            cands.push(f);
        }
        cands.extend(self.names.tables.iter().map(String::as_str));
        cands.extend(self.names.columns.iter().map(String::as_str));
        cands
    }

    /// Re-run the shown result's SQL with the row cap at 1,000,000.
    fn fetch_full(&mut self) -> Vec<Action> {
        let Some(sql) = self.current_report().and_then(|r| r.sql.clone()) else {
            return Vec::new();
        };
        if self.running.is_some() {
            self.grid.notice = Some("a query is running; fetch the full result when it is done".into());
            return Vec::new();
        }
        let input = format!("(full result, up to {} rows)", super::grid::format::format_int(FULL_RESULT_ROWS.into()));
        self.turns.push(Turn { input, ..Turn::default() });
        vec![Action::Submit(JobKind::FullResult(sql))]
    }

    fn enter(&mut self) -> Vec<Action> {
        let text = self.input.text().trim().to_string();
        if text.is_empty() {
            return Vec::new();
        }
        if self.running.is_some() {
            // One run at a time: the input stays for after this one.
            return Vec::new();
        }
        self.input.clear();
        let save = self.history.push(&text).then(|| Action::Work(Task::AppendHistory(text.clone())));
        let target = self.repair_target.take();
        let mut actions = match (target, text.strip_prefix("/sql").filter(|r| r.starts_with(char::is_whitespace))) {
            (Some((run_id, from)), Some(sql)) => self.user_repair(&run_id, from, sql.trim()),
            _ => self.enter_line(text),
        };
        actions.extend(save);
        actions
    }

    /// The stepper's edit of attempt `from` of run `run_id`, run as the
    /// user's repair of that run (a fresh SQL run if the run is gone).
    fn user_repair(&mut self, run_id: &str, from: u32, sql: &str) -> Vec<Action> {
        let report = self.turns.iter().rev().find_map(|t| t.report.as_deref().filter(|r| r.run_id == run_id));
        let kind = match report {
            Some(r) => JobKind::Repair { of_run: r.run_id.clone(), question: r.question.clone(), prior: r.attempts.clone(), from, sql: sql.to_string() },
            None => JobKind::Sql(sql.to_string()),
        };
        self.start_turn(kind)
    }

    fn enter_line(&mut self, text: String) -> Vec<Action> {
        let kind = match parse_command(&text) {
            Command::Quit => return vec![Action::Quit],
            Command::Open(screen) => return self.open(screen),
            Command::Theme(name) => {
                let note = match super::themes::load(&name, self.depth) {
                    Ok(t) if self.depth == super::themes::Depth::None => {
                        self.theme = t;
                        "NO_COLOR is set: staying monochrome".to_string()
                    }
                    Ok(t) => {
                        self.theme = t;
                        format!("theme {name}")
                    }
                    Err(e) => e.to_string(),
                };
                self.turns.push(Turn { input: text, note: Some(note), done: true, ..Turn::default() });
                return Vec::new();
            }
            Command::Help => {
                self.help = true;
                return Vec::new();
            }
            Command::Unknown(msg) => {
                self.turns.push(Turn { input: text, note: Some(msg), done: true, ..Turn::default() });
                return Vec::new();
            }
            Command::SaveCopy(path) => {
                let Some(copied) = self.last_copy.clone() else {
                    self.turns.push(Turn { input: text, note: Some(format!("nothing copied yet: y in the results (rows, a cell), {} for the SQL, y in the audit log for its head", self.keymap.describe(super::keymap::Act::CopySql))), done: true, ..Turn::default() });
                    return Vec::new();
                };
                self.turns.push(Turn { input: text, done: true, ..Turn::default() });
                return vec![Action::SaveCopy { text: copied, path: PathBuf::from(path) }];
            }
            Command::Export(args) => {
                let note = match (super::grid::export::parse_args(&args), self.grid.data()) {
                    (Err(e), _) => e.to_string(),
                    (Ok(_), None) => "nothing to export yet: ask a question first".into(),
                    (Ok((format, path)), Some(_)) => {
                        let rows = super::grid::format::format_int(self.grid.rows() as i128);
                        self.turns.push(Turn { input: text, note: Some(format!("writing {rows} rows to {} …", path.display())), done: true, ..Turn::default() });
                        return vec![Action::Export { format, path }];
                    }
                };
                self.turns.push(Turn { input: text, note: Some(note), done: true, ..Turn::default() });
                return Vec::new();
            }
            Command::Job(k) => k,
        };
        self.turns.push(Turn { input: text, ..Turn::default() });
        vec![Action::Submit(kind)]
    }

    pub(super) fn turn_of(&mut self, job: JobId) -> Option<&mut Turn> {
        self.turns.iter_mut().rev().find(|t| t.job == Some(job))
    }

    fn reply(&mut self, reply: Reply) -> Vec<Action> {
        if let Some(job) = reply_job(&reply).filter(|j| self.side_job == Some(*j)) {
            return self.side_reply(job, reply);
        }
        let mut actions = Vec::new();
        match reply {
            Reply::Progress { job, event } => {
                if let Progress::AwaitingApproval { attempt, stage, sql, why } = &event.step {
                    self.waiting = Some(Waiting { job, run_id: event.run_id.clone(), attempt: *attempt, stage: *stage, sql: sql.clone(), why: why.clone(), editing: false });
                    // What waits is shown where the keys answer it.
                    self.screen = Screen::Main;
                }
                if let (Some(line), Some(t)) = (step_line(&event.step), self.turn_of(job)) {
                    t.steps.push(line);
                }
            }
            Reply::Finished { job, mut report, result } => {
                // The run's own time: waiting for the user's approval is not latency.
                self.last_latency_ms = Some(report.timings_ms.total - report.timings_ms.approval.unwrap_or(0.0));
                if let Some(u) = &report.usage {
                    self.tokens += u.input_tokens + u.output_tokens;
                }
                if self.turn_of(job).is_some() {
                    match result {
                        Some(set) => {
                            self.grid.load(set);
                            // The grid holds the rows; the turn keeps a preview.
                            report.rows.truncate(PREVIEW_ROWS);
                            report.rows.shrink_to_fit();
                        }
                        None => self.grid.clear(),
                    }
                }
                if let Some(t) = self.turn_of(job) {
                    t.report = Some(report);
                    t.done = true;
                }
                self.finish(job);
                self.stepper.open(self.current_report().map_or(0, |r| r.attempts.len()));
                if self.screen == Screen::Audit {
                    actions.push(Action::Work(Task::ReadAudit));
                }
            }
            Reply::DatasetChanged { job, name, hash, notices } => {
                let note = if notices.is_empty() { format!("now on dataset {name}") } else { format!("now on dataset {name} ({})", notices.join("; ")) };
                if let Some(t) = self.turn_of(job) {
                    t.note = Some(note);
                    t.done = true;
                }
                actions.push(Action::Work(Task::LoadManifest(name.clone())));
                self.dataset = name;
                self.dataset_hash = hash;
                self.finish(job);
                actions.extend(self.after_switch());
            }
            Reply::Superseded { job } => {
                if let Some(t) = self.turn_of(job) {
                    t.note = Some("replaced by a newer request before it ran".into());
                    t.done = true;
                }
                self.finish(job);
            }
            Reply::Failed { job, error } => {
                if let Some(t) = self.turn_of(job) {
                    t.note = Some(format!("failed: {error}"));
                    t.done = true;
                }
                self.ask_after_switch = None;
                self.finish(job);
            }
        }
        actions
    }

    pub(super) fn finish(&mut self, job: JobId) {
        if self.running == Some(job) {
            self.running = None;
        }
        if self.waiting.as_ref().is_some_and(|w| w.job == job) {
            if self.waiting.as_ref().is_some_and(|w| w.editing) {
                self.restore_draft();
            }
            self.waiting = None;
        }
        if let Some(r) = self.current_report() {
            if !r.dataset_hash.is_empty() && r.dataset == self.dataset {
                self.dataset_hash = r.dataset_hash.clone();
            }
        }
    }
}

/// What a line of input asks for.
#[derive(Debug, Clone, PartialEq)]
enum Command {
    Job(JobKind),
    Quit,
    Help,
    /// `/export FORMAT PATH` (the arguments).
    Export(String),
    /// `/copy PATH`: the last copy into a file.
    SaveCopy(String),
    Open(Screen),
    Theme(String),
    Unknown(String),
}

fn parse_command(text: &str) -> Command {
    let Some(rest) = text.strip_prefix('/') else {
        // A question typed over several lines is one question.
        return Command::Job(JobKind::Ask(text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")));
    };
    let (cmd, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let arg = arg.trim();
    match (cmd, arg.is_empty()) {
        ("quit" | "q", _) => Command::Quit,
        ("help", _) => Command::Help,
        ("export", _) => Command::Export(arg.to_string()),
        ("copy", false) => Command::SaveCopy(arg.to_string()),
        ("copy", true) => Command::Unknown("/copy needs a file: /copy PATH writes the last copied text there".into()),
        ("audit", _) => Command::Open(Screen::Audit),
        ("schema", _) => Command::Open(Screen::Schema),
        ("runs", _) => Command::Open(Screen::Runs),
        ("repairs" | "steps", _) => Command::Open(Screen::Stepper),
        ("dataset" | "datasets", true) => Command::Open(Screen::Picker),
        ("sql", false) => Command::Job(JobKind::Sql(arg.to_string())),
        ("dataset", false) => Command::Job(JobKind::Dataset(arg.to_string())),
        ("theme", false) => Command::Theme(arg.to_string()),
        ("theme", true) => Command::Unknown(format!("/theme needs a name: {}", super::themes::names().join(", "))),
        ("sql", true) => Command::Unknown("/sql needs an argument: /sql SELECT ...".into()),
        _ => Command::Unknown(format!("unknown command /{cmd}; try /help")),
    }
}

/// A progress step as one line of the chat, or None for steps not shown.
fn step_line(step: &Progress) -> Option<String> {
    Some(match step {
        Progress::Started { .. } | Progress::Recorded => return None,
        Progress::Planning { planner } => format!("planning ({planner})"),
        Progress::Planned { understanding, ms } => {
            let conf = understanding.matches.iter().map(|m| m.confidence).fold(1.0_f32, f32::min);
            format!("understood: {} (confidence {conf:.2}, {ms:.1} ms)", understanding.summary.join("; "))
        }
        // The turn's outcome says it, with the suggestions.
        Progress::NotUnderstood { .. } => return None,
        Progress::Compiled { .. } => "compiled to SQL".into(),
        Progress::Validated { attempt, checked } => {
            if *checked { format!("attempt {attempt}: validated") } else { format!("attempt {attempt}: validator OFF") }
        }
        Progress::Refused { attempt, reason } => format!("attempt {attempt}: refused: {reason}"),
        Progress::AwaitingApproval { attempt, stage, .. } => format!("attempt {attempt}: {} waits for your approval", stage.word()),
        Progress::AttemptStarted { attempt, max_attempts, .. } => format!("attempt {attempt} of {max_attempts}: running in the jail"),
        Progress::AttemptFinished { attempt, outcome, ms } => match outcome {
            AttemptOutcome::Ok { rows, truncated } => {
                format!("attempt {attempt}: {} row{}{} in {ms:.1} ms", crate::render::thousands(&rows.to_string()), if *rows == 1 { "" } else { "s" }, if *truncated { " (truncated)" } else { "" })
            }
            AttemptOutcome::Failed { category, message } => {
                format!("attempt {attempt}: {category}: {}", message.lines().next().unwrap_or(""))
            }
        },
        Progress::Repairing { attempt, repairer } => format!("attempt {attempt}: asking {repairer} for a repair"),
        Progress::RepairProposed { attempt, repairer, rationale, .. } => format!("attempt {attempt}: {repairer}: {rationale}"),
        Progress::NoRepair { attempt } => format!("attempt {attempt}: no sound repair"),
        Progress::ModelCall { purpose, provider, ms, tokens_in, tokens_out, ok, error } => match (ok, error) {
            (true, _) => format!("{provider} ({purpose}): {tokens_in} in / {tokens_out} out tokens, {ms:.0} ms"),
            (false, e) => format!("{provider} ({purpose}) failed after {ms:.0} ms: {}", e.as_deref().unwrap_or("")),
        },
        Progress::ToolCall { tool, ms, ok, summary } => {
            format!("tool {tool}{}: {summary} ({ms:.0} ms)", if *ok { "" } else { " failed" })
        }
        Progress::Notice { message } => format!("notice: {message}"),
        Progress::Finished { status, ms } => format!("{} in {ms:.0} ms", status_word(*status)),
    })
}

pub fn status_word(s: Status) -> &'static str {
    match s {
        Status::Ok => "done",
        Status::Failed => "failed",
        Status::Rejected => "refused",
        Status::NotUnderstood => "not understood",
        Status::Cancelled => "cancelled",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> AppEvent {
        AppEvent::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn typed(app: &mut App, text: &str) -> Vec<Action> {
        for c in text.chars() {
            app.handle(key(KeyCode::Char(c)));
        }
        no_history(app.handle(key(KeyCode::Enter)))
    }

    /// Actions without the history write every entered line adds.
    fn no_history(actions: Vec<Action>) -> Vec<Action> {
        actions.into_iter().filter(|a| !matches!(a, Action::Work(Task::AppendHistory(_)))).collect()
    }

    #[test]
    fn entered_lines_are_saved_once_and_come_back_with_up() {
        let mut app = App::new("ecommerce", "", "strict");
        let acts = typed_raw(&mut app, "revenue by month");
        assert!(acts.contains(&Action::Work(Task::AppendHistory("revenue by month".into()))));
        app.handle(AppEvent::Engine(Reply::Failed { job: 0, error: "x".into() }));
        app.running = None;
        app.handle(key(KeyCode::Up));
        assert_eq!(app.input.text(), "revenue by month");
        app.handle(key(KeyCode::Down));
        assert_eq!(app.input.text(), "");
        for c in "/da".chars() {
            app.handle(key(KeyCode::Char(c)));
        }
        app.datasets = vec!["ecommerce".into(), "iot".into()];
        app.handle(key(KeyCode::Tab));
        assert_eq!(app.input.text(), "/dataset ");
        app.handle(key(KeyCode::Char('i')));
        app.handle(key(KeyCode::Tab));
        assert_eq!(app.input.text(), "/dataset iot");
    }

    fn typed_raw(app: &mut App, text: &str) -> Vec<Action> {
        for c in text.chars() {
            app.handle(key(KeyCode::Char(c)));
        }
        app.handle(key(KeyCode::Enter))
    }

    #[test]
    fn enter_submits_questions_sql_and_dataset_switches() {
        let mut app = App::new("ecommerce", "", "strict");
        assert_eq!(typed(&mut app, "revenue by month"), [Action::Submit(JobKind::Ask("revenue by month".into()))]);
        app.submitted(1);
        assert_eq!(app.running, Some(1));
        // A second Enter while running does nothing and keeps the text.
        assert!(typed(&mut app, "/sql SELECT 1").is_empty());
        assert_eq!(app.input.text(), "/sql SELECT 1");
        app.handle(AppEvent::Engine(Reply::Superseded { job: 1 }));
        assert_eq!(app.running, None);
        assert_eq!(no_history(app.handle(key(KeyCode::Enter))), [Action::Submit(JobKind::Sql("SELECT 1".into()))]);
        app.submitted(2);
        app.handle(AppEvent::Engine(Reply::Failed { job: 2, error: "x".into() }));
        assert_eq!(typed(&mut app, "/dataset iot"), [Action::Submit(JobKind::Dataset("iot".into()))]);
    }

    #[test]
    fn esc_cancels_only_a_running_job_and_ctrl_c_quits() {
        let mut app = App::new("ecommerce", "", "strict");
        assert!(app.handle(key(KeyCode::Esc)).is_empty());
        typed(&mut app, "orders by status");
        app.submitted(7);
        assert_eq!(app.handle(key(KeyCode::Esc)), [Action::Cancel(7)]);
        let ctrl_c = AppEvent::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert_eq!(app.handle(ctrl_c), [Action::Quit]);
        assert_eq!(app.handle(AppEvent::Terminate), [Action::Quit]);
    }

    #[test]
    fn unknown_commands_are_answered_in_the_chat_not_run() {
        let mut app = App::new("ecommerce", "", "strict");
        assert!(typed(&mut app, "/frobnicate").is_empty());
        assert!(app.turns[0].note.as_deref().unwrap().contains("unknown command"));
        assert!(typed(&mut app, "/sql").is_empty());
        assert!(app.turns[1].note.as_deref().unwrap().contains("needs an argument"));
        assert_eq!(typed(&mut app, "/quit"), [Action::Quit]);
    }

    #[test]
    fn pasted_lines_keep_their_newlines_and_enter_submits_them_whole() {
        let mut app = App::new("ecommerce", "", "strict");
        app.handle(AppEvent::Paste("/sql SELECT 1\r\nFROM t".into()));
        assert_eq!(app.input.text(), "/sql SELECT 1\nFROM t");
        assert_eq!(no_history(app.handle(key(KeyCode::Enter))), [Action::Submit(JobKind::Sql("SELECT 1\nFROM t".into()))]);
    }

    fn with(code: KeyCode, m: KeyModifiers) -> AppEvent {
        AppEvent::Key(KeyEvent::new(code, m))
    }

    #[test]
    fn newline_keys_add_lines_and_a_multi_line_question_is_one_question() {
        for newline in [with(KeyCode::Char('j'), KeyModifiers::CONTROL), with(KeyCode::Enter, KeyModifiers::ALT), with(KeyCode::Enter, KeyModifiers::SHIFT)] {
            let mut app = App::new("ecommerce", "", "strict");
            for c in "revenue".chars() {
                app.handle(key(KeyCode::Char(c)));
            }
            assert!(app.handle(newline).is_empty(), "a new line submits nothing");
            for c in "by month".chars() {
                app.handle(key(KeyCode::Char(c)));
            }
            assert_eq!(app.input.text(), "revenue\nby month");
            assert_eq!(no_history(app.handle(key(KeyCode::Enter))), [Action::Submit(JobKind::Ask("revenue by month".into()))]);
            assert!(app.input.is_blank());
        }
    }

    #[test]
    fn up_and_down_recall_history_only_at_the_first_and_last_line() {
        let mut app = App::new("ecommerce", "", "strict");
        app.history.push("older question");
        app.handle(AppEvent::Paste("line one\nline two".into()));
        // On the last line, Up moves the cursor to the first line...
        app.handle(key(KeyCode::Up));
        assert_eq!((app.input.text().as_str(), app.input.cursor().0), ("line one\nline two", 0));
        // ...and only there recalls history.
        app.handle(key(KeyCode::Up));
        assert_eq!(app.input.text(), "older question");
        app.handle(key(KeyCode::Down));
        assert_eq!(app.input.text(), "line one\nline two", "Down past the newest gives the draft back");
    }

    #[test]
    fn tab_completes_sql_functions_tables_and_columns_before_the_cursor() {
        let mut app = App::new("ecommerce", "", "strict");
        app.names.tables = vec!["customers".into()];
        app.names.columns = vec!["total_amount".into()];
        app.handle(AppEvent::Paste("/sql SELECT date_tr".into()));
        app.handle(key(KeyCode::Tab));
        assert_eq!(app.input.text(), "/sql SELECT date_trunc ");
        app.handle(with(KeyCode::Char('j'), KeyModifiers::CONTROL));
        app.handle(AppEvent::Paste("FROM cust".into()));
        app.handle(key(KeyCode::Tab));
        assert_eq!(app.input.text(), "/sql SELECT date_trunc \nFROM customers ");
        // The cursor in the middle: only the word before it is completed.
        app.input.set_text("/sql SELECT tot\nFROM customers");
        app.handle(key(KeyCode::Up));
        app.handle(key(KeyCode::End));
        app.handle(key(KeyCode::Tab));
        assert_eq!(app.input.text(), "/sql SELECT total_amount \nFROM customers");
    }

    #[test]
    fn ctrl_e_asks_for_the_editor_and_its_text_or_error_comes_back() {
        let mut app = App::new("ecommerce", "", "strict");
        app.handle(AppEvent::Paste("SELECT 1".into()));
        assert_eq!(app.handle(with(KeyCode::Char('e'), KeyModifiers::CONTROL)), [Action::Editor("SELECT 1".into())]);
        app.handle(AppEvent::Edited(Ok("/sql SELECT 2\nFROM t".into())));
        assert_eq!(app.input.text(), "/sql SELECT 2\nFROM t");
        app.handle(AppEvent::Edited(Err("no editor: set $VISUAL or $EDITOR".into())));
        assert_eq!(app.input.text(), "/sql SELECT 2\nFROM t", "a failed edit keeps the input");
        assert!(app.turns.last().unwrap().note.as_deref().unwrap().contains("$EDITOR"));
        assert_eq!(app.handle(with(KeyCode::Char('z'), KeyModifiers::CONTROL)), [Action::Suspend]);
        assert_eq!(app.handle(AppEvent::Suspend), [Action::Suspend]);
    }

    fn waiting(app: &mut App, job: JobId, attempt: u32) {
        use crate::progress::ProgressEvent;
        let step = Progress::AwaitingApproval { attempt, stage: crate::driver::Stage::Plan, sql: "SELECT 1".into(), why: None };
        app.handle(AppEvent::Engine(Reply::Progress { job, event: ProgressEvent { run_id: "r1".into(), step } }));
    }

    #[test]
    fn approval_keys_answer_the_waiting_attempt_once() {
        let mut app = App::new("ecommerce", "", "strict");
        app.approve = true;
        typed(&mut app, "orders by status");
        app.submitted(3);
        waiting(&mut app, 3, 1);
        assert!(app.waiting.is_some());
        // Typing does nothing while an attempt waits.
        assert!(app.handle(key(KeyCode::Char('x'))).is_empty());
        assert!(app.input.is_blank());
        let run = Answer { run_id: "r1".into(), attempt: 1, verdict: Verdict::Run };
        assert_eq!(app.handle(key(KeyCode::Enter)), [Action::Approve(run)]);
        assert!(app.waiting.is_none());
        assert!(app.handle(key(KeyCode::Enter)).is_empty(), "a second Enter answers nothing");
        // Esc rejects.
        waiting(&mut app, 3, 2);
        assert_eq!(app.handle(key(KeyCode::Esc)), [Action::Approve(Answer { run_id: "r1".into(), attempt: 2, verdict: Verdict::Reject })]);
    }

    #[test]
    fn e_edits_the_waiting_sql_and_enter_sends_the_edit() {
        let mut app = App::new("ecommerce", "", "strict");
        typed(&mut app, "orders by status");
        app.submitted(3);
        app.handle(AppEvent::Paste("draft".into()));
        waiting(&mut app, 3, 1);
        app.handle(key(KeyCode::Char('e')));
        assert_eq!(app.input.text(), "SELECT 1");
        app.handle(AppEvent::Paste(" WHERE true".into()));
        // Esc leaves the edit (the draft comes back); e starts again.
        app.handle(key(KeyCode::Esc));
        assert_eq!(app.input.text(), "draft");
        assert!(app.waiting.as_ref().is_some_and(|w| !w.editing));
        app.handle(key(KeyCode::Char('e')));
        app.handle(key(KeyCode::Char('2')));
        let acts = app.handle(key(KeyCode::Enter));
        assert_eq!(acts, [Action::Approve(Answer { run_id: "r1".into(), attempt: 1, verdict: Verdict::Edit("SELECT 12".into()) })]);
        assert_eq!(app.input.text(), "draft");
        // A run that ends while its attempt waits leaves nothing waiting.
        waiting(&mut app, 3, 2);
        app.handle(AppEvent::Engine(Reply::Failed { job: 3, error: "x".into() }));
        assert!(app.waiting.is_none());
    }

    #[test]
    fn an_attempt_edited_from_the_stepper_runs_as_the_users_repair_of_its_run() {
        let mut app = App::new("ecommerce", "", "strict");
        let mut r = super::super::tests::report(1);
        r.attempts[0].sql = "SELECT 1".into();
        let (run_id, attempts) = (r.run_id.clone(), r.attempts.clone());
        app.turns.push(Turn { job: Some(1), input: "q".into(), report: Some(Box::new(r)), done: true, ..Turn::default() });
        app.open(Screen::Stepper);
        let acts = app.handle(key(KeyCode::Char('e')));
        assert!(acts.is_empty());
        assert_eq!(app.screen, Screen::Main);
        assert_eq!(app.repair_target, Some((run_id.clone(), 1)));
        app.input.set_text("/sql SELECT 2\nFROM t");
        let acts = no_history(app.handle(key(KeyCode::Enter)));
        let want = JobKind::Repair { of_run: run_id, question: Some("orders by channel".into()), prior: attempts, from: 1, sql: "SELECT 2\nFROM t".into() };
        assert_eq!(acts, [Action::Submit(want)]);
        assert!(app.repair_target.is_none());
        // Esc on an edit not yet run drops it: the input is ordinary again.
        app.running = None;
        app.repair_target = Some(("x".into(), 1));
        app.input.set_text("/sql SELECT 3");
        app.handle(key(KeyCode::Esc));
        assert!(app.repair_target.is_none() && app.input.is_blank());
    }

    #[test]
    fn a_dataset_switch_shows_the_new_version_hash() {
        let mut app = App::new("ecommerce", "aaaa", "strict");
        typed(&mut app, "/dataset iot");
        app.submitted(1);
        app.handle(AppEvent::Engine(Reply::DatasetChanged { job: 1, name: "iot".into(), hash: "bbbbccccdddd".into(), notices: vec![] }));
        assert_eq!((app.dataset.as_str(), app.dataset_hash.as_str()), ("iot", "bbbbccccdddd"));
    }

    #[test]
    fn tokens_add_up_from_the_reports_usage() {
        let mut app = App::new("ecommerce", "", "strict");
        for job in [1, 2] {
            typed(&mut app, "orders by status");
            app.submitted(job);
            let mut r = super::super::tests::report(1);
            r.usage = Some(crate::llm::calls::RunUsage { input_tokens: 1000, output_tokens: 234, ..Default::default() });
            app.handle(AppEvent::Engine(Reply::Finished { job, report: Box::new(r), result: None }));
        }
        assert_eq!(app.tokens, 2468);
    }
}
