//! The app's tool views (stepper, audit, schema, picker, history): opening
//! them, passing them keys, and doing what they ask ([`Outcome`]), plus
//! the replies meant for them (background work, a view's own query).
//!
//! Invariants: a view's own query (row counts, a column profile) runs only
//! when no other job runs, so it never replaces a user's waiting question;
//! its reply goes to the view, never to a chat turn.

use super::app::{Action, App, JobKind, Turn};
use super::picker::Pick;
use super::screen::{Outcome, Screen};
use super::worker::Loaded;
use crate::session::engine::{JobId, Reply};
use crate::semantic::Manifest;
use ratatui::crossterm::event::KeyEvent;

impl App {
    /// Show `screen`, asking for what it needs.
    pub fn open(&mut self, screen: Screen) -> Vec<Action> {
        self.screen = screen;
        self.help = false;
        let o = match screen {
            Screen::Main => Outcome::Stay,
            Screen::Stepper => {
                self.stepper.open(self.current_report().map_or(0, |r| r.attempts.len()));
                Outcome::Stay
            }
            Screen::Audit => self.audit.open(),
            Screen::Schema => self.schema.open(),
            Screen::Picker => {
                let active = self.dataset.clone();
                self.picker.open(&active)
            }
            Screen::Runs => self.runs.open(),
        };
        self.apply(o)
    }

    /// True while a view takes typed text (a filter or a search), so `?`
    /// is a character there, not help.
    pub fn view_is_typing(&self) -> bool {
        match self.screen {
            Screen::Audit => self.audit.editing_filter,
            Screen::Runs => self.runs.searching,
            _ => false,
        }
    }

    pub(super) fn view_key(&mut self, k: KeyEvent) -> Outcome {
        match self.screen {
            Screen::Main => Outcome::Stay,
            Screen::Stepper => {
                let report = self.turns.iter().rev().find_map(|t| t.report.as_deref());
                self.stepper.handle_key(k, &self.keymap, report)
            }
            Screen::Audit => self.audit.handle_key(k, &self.keymap),
            Screen::Schema => self.schema.handle_key(k, &self.keymap),
            Screen::Runs => self.runs.handle_key(k, &self.keymap),
            Screen::Picker => match self.picker.handle_key(k, &self.keymap) {
                (_, Some(Pick::Switch(name))) => Outcome::Submit(JobKind::Dataset(name)),
                (_, Some(Pick::Ask { dataset, prompt })) if dataset == self.dataset => Outcome::Submit(JobKind::Ask(prompt)),
                (_, Some(Pick::Ask { dataset, prompt })) => {
                    self.ask_after_switch = Some(prompt);
                    Outcome::Submit(JobKind::Dataset(dataset))
                }
                (o, None) => o,
            },
        }
    }

    /// Do what a view asked.
    pub(super) fn apply(&mut self, o: Outcome) -> Vec<Action> {
        match o {
            Outcome::Stay => Vec::new(),
            Outcome::Close => {
                self.screen = Screen::Main;
                Vec::new()
            }
            Outcome::Edit(text) => {
                self.input.set_text(&text);
                self.repair_target = None;
                self.screen = Screen::Main;
                Vec::new()
            }
            Outcome::EditAttempt { run_id, attempt, sql } => {
                self.input.set_text(&format!("/sql {sql}"));
                self.repair_target = Some((run_id, attempt));
                self.screen = Screen::Main;
                self.tab = super::app::Tab::Chat;
                Vec::new()
            }
            Outcome::Work(t) => vec![Action::Work(t)],
            Outcome::Copy(clip) => self.copy(clip),
            Outcome::Submit(kind) => {
                self.screen = Screen::Main;
                self.start_turn(kind)
            }
            Outcome::Query(kind) => {
                if self.running.is_some() {
                    // Answer the view now; it may ask again when idle.
                    self.schema.answered(None, Some("busy with another query: try again when it is done".into()));
                    return Vec::new();
                }
                self.side_pending = true;
                vec![Action::Submit(kind)]
            }
        }
    }

    /// A chat turn for `kind`, unless a job runs (one at a time).
    pub(super) fn start_turn(&mut self, kind: JobKind) -> Vec<Action> {
        let input = match &kind {
            JobKind::Ask(q) => q.clone(),
            JobKind::Sql(s) => format!("/sql {s}"),
            JobKind::Dataset(d) => format!("/dataset {d}"),
            JobKind::Replay { run_id, .. } => format!("replay of run {}", &run_id[..8.min(run_id.len())]),
            JobKind::FullResult(s) => format!("/sql {s} (full result)"),
            JobKind::Repair { of_run, prior, from, sql, .. } => {
                let n = prior.len() + 1;
                format!("/sql {sql}\n(attempt {n} of run {}: your repair of attempt {from})", &of_run[..8.min(of_run.len())])
            }
        };
        if self.running.is_some() {
            self.turns.push(Turn { input, note: Some("not started: another query is running (Esc cancels it)".into()), done: true, ..Turn::default() });
            return Vec::new();
        }
        self.turns.push(Turn { input, ..Turn::default() });
        vec![Action::Submit(kind)]
    }

    /// A view's background work is done.
    pub(super) fn loaded(&mut self, l: Loaded) -> Vec<Action> {
        match l {
            Loaded::Audit(r) => self.audit.loaded(r),
            Loaded::Verified(r) => self.audit.verified(&r),
            Loaded::Runs(r) => self.runs.loaded(r),
            Loaded::Datasets(list) => {
                let active = self.dataset.clone();
                self.picker.loaded(list, &active);
            }
            Loaded::Manifest(Ok(m)) => self.set_manifest(*m),
            Loaded::Manifest(Err(e)) => self.runs.note = Some(e),
            Loaded::Run(Err(e)) => self.runs.note = Some(e),
            Loaded::HistorySaved(Ok(())) => {}
            Loaded::Sorted(done) => self.grid.sorted(done),
            Loaded::HistorySaved(Err(e)) => {
                self.turns.push(Turn { input: "(history)".into(), note: Some(format!("could not save the input history: {e}")), done: true, ..Turn::default() });
            }
            Loaded::Run(Ok(cap)) => {
                let short = &cap.run_id[..8.min(cap.run_id.len())];
                let Some(sql) = cap.final_sql.clone() else {
                    self.runs.note = Some(format!("run {short} has no SQL to replay (status {})", cap.status.as_str()));
                    return Vec::new();
                };
                if cap.dataset != self.dataset {
                    self.runs.note = Some(format!("run {short} was on dataset {}: switch with /dataset {} first", cap.dataset, cap.dataset));
                    return Vec::new();
                }
                if !self.dataset_hash.is_empty() && cap.dataset_hash != self.dataset_hash {
                    self.runs.note = Some(format!("run {short} used another version of {} ({}): not replayed", cap.dataset, &cap.dataset_hash[..12.min(cap.dataset_hash.len())]));
                    return Vec::new();
                }
                self.screen = Screen::Main;
                return self.start_turn(JobKind::Replay { run_id: cap.run_id.clone(), sql });
            }
        }
        Vec::new()
    }

    /// The active dataset's manifest (at start and after a switch).
    pub fn set_manifest(&mut self, m: Manifest) {
        self.names.tables = m.tables.iter().map(|t| t.name.clone()).collect();
        self.names.columns = m.tables.iter().flat_map(|t| t.columns.iter().map(|c| c.name.clone())).collect();
        self.schema.set_manifest(m);
    }

    /// A reply for the view's own query.
    pub(super) fn side_reply(&mut self, job: JobId, reply: Reply) -> Vec<Action> {
        match reply {
            // Approval mode: the view's own query (a column profile the
            // user just asked for) is approved by asking for it.
            Reply::Progress { event, .. } => {
                return match event.step {
                    crate::progress::Progress::AwaitingApproval { attempt, .. } => {
                        vec![Action::Approve(super::approval::Answer { run_id: event.run_id, attempt, verdict: crate::driver::Verdict::Run })]
                    }
                    _ => Vec::new(),
                };
            }
            Reply::Finished { report, .. } => self.schema.answered(Some(&report), None),
            Reply::Failed { error, .. } => self.schema.answered(None, Some(error)),
            Reply::Superseded { .. } | Reply::DatasetChanged { .. } => self.schema.answered(None, Some("replaced by another request".into())),
        }
        self.side_job = None;
        if self.running == Some(job) {
            self.running = None;
        }
        Vec::new()
    }

    /// After a dataset switch from the picker, ask the chosen prompt.
    pub(super) fn after_switch(&mut self) -> Vec<Action> {
        match self.ask_after_switch.take() {
            Some(p) => self.start_turn(JobKind::Ask(p)),
            None => Vec::new(),
        }
    }
}

/// The job a reply belongs to.
pub(super) fn reply_job(r: &Reply) -> Option<JobId> {
    Some(match r {
        Reply::Progress { job, .. } | Reply::Finished { job, .. } | Reply::DatasetChanged { job, .. } | Reply::Superseded { job } | Reply::Failed { job, .. } => *job,
    })
}
