//! The help overlay (F1, `?` in a tool view, `/help`): every key of the
//! view on screen, then the keys that work everywhere.

use super::keymap::{Act, Keymap};
use super::screen::Screen;
use super::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// One line of help: an action (its keys come from the keymap) or a
/// typed command.
#[derive(Debug, Clone, Copy)]
pub enum Entry {
    Key(Act, &'static str),
    Typed(&'static str, &'static str),
}

use Entry::{Key, Typed};

/// Keys that work in every view.
pub const GLOBAL: &[Entry] = &[
    Key(Act::Help, "this help (Esc closes)"),
    Key(Act::Stepper, "repair stepper (/repairs)"),
    Key(Act::Audit, "audit log (/audit)"),
    Key(Act::Schema, "schema browser (/schema)"),
    Key(Act::Datasets, "dataset picker (/dataset)"),
    Key(Act::Runs, "run history (/runs)"),
    Key(Act::Quit, "quit (or /quit)"),
];

/// The keys of `screen`.
pub fn entries(screen: Screen) -> &'static [Entry] {
    match screen {
        Screen::Main => &[
            Key(Act::Select, "ask the question (or run /command)"),
            Typed("/sql SELECT ...", "run SQL through the validator and jail"),
            Typed("/dataset NAME", "switch dataset (no name: the picker)"),
            Typed("/theme NAME", "dark, light, high-contrast, monochrome"),
            Key(Act::Cancel, "cancel the running query"),
            Key(Act::Up, "previous input (Down: next)"),
            Typed("Tab after /", "complete a command, dataset or theme"),
            Key(Act::PageDown, "scroll the results (and PgUp)"),
            Key(Act::NextTab, "next view (narrow windows)"),
            Key(Act::TogglePlan, "plan or SQL in the panel"),
        ],
        Screen::Stepper => &[
            Key(Act::Left, "previous attempt (also up)"),
            Key(Act::Right, "next attempt (also down)"),
            Key(Act::First, "first attempt"),
            Key(Act::Last, "last attempt"),
            Key(Act::PageDown, "scroll the attempt's detail (and page up)"),
            Key(Act::Rerun, "re-run this attempt's SQL (a new run; also select)"),
            Key(Act::Edit, "edit this attempt's SQL in the input"),
            Key(Act::Close, "back to the workbench"),
        ],
        Screen::Audit => &[
            Key(Act::Down, "next entry (and up, page up/down)"),
            Key(Act::First, "first entry"),
            Key(Act::Last, "last entry, and follow"),
            Key(Act::Verify, "verify the hash chain"),
            Key(Act::Filter, "filter by run-id prefix or kind"),
            Key(Act::Follow, "follow new entries on/off"),
            Key(Act::Reload, "reload the log"),
            Key(Act::Close, "back to the workbench"),
        ],
        Screen::Schema => &[
            Key(Act::Down, "next table or column (and up)"),
            Key(Act::SwitchPane, "tables or columns (also left/right)"),
            Key(Act::Profile, "profile the column in the jail (also select)"),
            Key(Act::Close, "back to the workbench"),
        ],
        Screen::Picker => &[
            Key(Act::Down, "next dataset or prompt (and up)"),
            Key(Act::SwitchPane, "datasets or suggested prompts"),
            Key(Act::Select, "switch dataset, or ask the prompt"),
            Key(Act::Close, "back to the workbench"),
        ],
        Screen::Runs => &[
            Key(Act::Down, "next run (and up, page up/down)"),
            Key(Act::Filter, "search (all words must match)"),
            Key(Act::Select, "replay the run's SQL"),
            Key(Act::Reload, "reload"),
            Key(Act::Close, "back to the workbench"),
        ],
    }
}

/// The help of `screen` as (keys, what they do) lines.
pub fn lines(screen: Screen, km: &Keymap) -> Vec<(String, String)> {
    let text = |e: &Entry| match e {
        Key(act, doc) => (km.describe(*act), (*doc).to_string()),
        Typed(k, doc) => ((*k).to_string(), (*doc).to_string()),
    };
    // On the workbench, the results grid's own keys (when it has focus),
    // last: a short window cuts these before the keys that work everywhere.
    let grid: &[(&str, &str)] = if screen == Screen::Main { super::grid::KEYS } else { &[] };
    let head = if grid.is_empty() { Vec::new() } else { vec![("Results grid".to_string(), "(Tab until it has focus)".to_string())] };
    let grid = head.into_iter().chain(grid.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())));
    let gap = || [(String::new(), String::new())];
    entries(screen)
        .iter()
        .map(text)
        .chain(gap())
        .chain(GLOBAL.iter().map(text))
        .chain(if screen == Screen::Main { gap().to_vec() } else { Vec::new() })
        .chain(grid)
        .collect()
}

pub fn render(f: &mut Frame<'_>, screen: Screen, km: &Keymap, theme: &Theme) {
    let area = f.area();
    let rows = lines(screen, km);
    let w = 84.min(area.width);
    let h = u16::try_from(rows.len() + 3).unwrap_or(u16::MAX).min(area.height);
    let r = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
    let mut text: Vec<Line<'_>> = vec![Line::styled(format!("{}  (Everywhere: below the gap)", screen.title()), theme.title)];
    text.extend(rows.into_iter().map(|(k, v)| Line::from(vec![Span::styled(format!("{k:<20} "), theme.keyword), Span::styled(v, theme.normal)])));
    f.render_widget(Clear, r);
    let block = Block::bordered().title(Span::styled(" Keys (Esc closes) ", theme.title)).border_style(theme.border);
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }).block(block), r);
}
