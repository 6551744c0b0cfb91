//! Which view fills the workbench, and what a view's key handler asks the
//! app to do. Views (stepper, audit, schema, picker, history) own their
//! state and turn keys into an [`Outcome`]; the app performs it.

use super::app::JobKind;
use super::worker::Task;

/// The view on screen (the main one is chat + plan/SQL + results).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Screen {
    #[default]
    Main,
    Stepper,
    Audit,
    Schema,
    Picker,
    Runs,
}

impl Screen {
    pub fn title(self) -> &'static str {
        match self {
            Screen::Main => "Workbench",
            Screen::Stepper => "Repair stepper",
            Screen::Audit => "Audit log",
            Screen::Schema => "Schema",
            Screen::Picker => "Datasets",
            Screen::Runs => "Run history",
        }
    }
}

/// What a view's key asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Nothing beyond the view's own state.
    Stay,
    /// Back to the main view.
    Close,
    /// Run a query (a turn of the chat), then back to the main view.
    Submit(JobKind),
    /// Run SQL for the view itself (a profile), staying in the view.
    Query(JobKind),
    /// Background work (read, verify, list).
    Work(Task),
    /// Put text in the input to edit, and go back to the main view.
    Edit(String),
    /// Put attempt `attempt` of run `run_id` in the input: Enter runs the
    /// edit as the user's repair of that run.
    EditAttempt { run_id: String, attempt: u32, sql: String },
    /// Put this on the clipboard ([`super::copy`]).
    Copy(super::copy::Clip),
}
