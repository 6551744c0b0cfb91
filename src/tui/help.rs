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
    Key(Act::Suspend, "suspend to the shell (fg resumes)"),
];

/// The keys of `screen`.
pub fn entries(screen: Screen) -> &'static [Entry] {
    match screen {
        Screen::Main => &[
            Key(Act::Select, "ask the question (or run /command)"),
            Key(Act::Newline, "a new line in the input"),
            Key(Act::Editor, "edit the input in $EDITOR"),
            Typed("/sql SELECT ...", "run SQL through the validator and jail"),
            Typed("/dataset NAME", "switch dataset (no name: the picker)"),
            Typed("/theme NAME", "dark, light, high-contrast, monochrome"),
            Key(Act::CopySql, "copy the SQL of the last run (OSC 52)"),
            Typed("/copy PATH", "the last copy into a file (no OSC 52)"),
            Key(Act::Cancel, "cancel the running query"),
            Key(Act::Up, "previous input on the first line (Down: next)"),
            Typed("Tab after /", "complete a command, dataset or theme"),
            Typed("Tab in /sql", "complete keywords, functions, tables, columns"),
            Key(Act::Approve, "approval mode: run the waiting attempt"),
            Typed("e", "approval mode: edit the waiting SQL"),
            Key(Act::Reject, "approval mode: reject the waiting attempt"),
            Key(Act::PageDown, "scroll the focused chat or results (and PgUp)"),
            Key(Act::NextTab, "next view (narrow windows)"),
            Key(Act::TogglePlan, "plan or SQL in the panel"),
        ],
        Screen::Stepper => &[
            Key(Act::Left, "previous attempt (also up)"),
            Key(Act::Right, "next attempt (also down)"),
            Key(Act::First, "first attempt"),
            Key(Act::Last, "last attempt"),
            Key(Act::PageDown, "scroll the attempt's detail (and page up)"),
            Key(Act::Rerun, "re-run this attempt (your repair of the run; also select)"),
            Key(Act::Edit, "edit this attempt's SQL; Enter runs it as your repair"),
            Key(Act::CopySql, "copy this attempt's SQL (OSC 52)"),
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
            Key(Act::CopyHead, "copy the head: seq and hash (OSC 52)"),
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

/// The overlay, centred, at most the window; scrolled to `scroll`
/// (clamped) when the keys do not all fit, with a line saying so.
pub fn render(f: &mut Frame<'_>, screen: Screen, km: &Keymap, theme: &Theme, scroll: u16) {
    let area = f.area();
    let rows = lines(screen, km);
    let w = 84.min(area.width);
    let key_w = if w >= 70 { 20 } else { 16 };
    let long = rows.iter().filter(|(k, _)| k.chars().count() >= key_w).count();
    let h = u16::try_from(rows.len() + long + 3).unwrap_or(u16::MAX).min(area.height);
    let r = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
    let mut text: Vec<Line<'_>> = vec![Line::styled(format!("{}  (Everywhere: below the gap)", screen.title()), theme.title)];
    for (k, v) in rows {
        if k.chars().count() >= key_w {
            // A long key list gets a line of its own, the text under it.
            text.push(Line::styled(k, theme.keyword));
            text.push(Line::from(vec![Span::raw(" ".repeat(key_w + 1)), Span::styled(v, theme.normal)]));
        } else {
            text.push(Line::from(vec![Span::styled(format!("{k:<key_w$} "), theme.keyword), Span::styled(v, theme.normal)]));
        }
    }
    // Lines as drawn (long ones wrap), against the rows inside the border.
    let inner_w = usize::from(w.saturating_sub(2)).max(1);
    let drawn: usize = text.iter().map(|l| l.width().max(1).div_ceil(inner_w)).sum();
    let inner_h = usize::from(h.saturating_sub(2));
    let max_scroll = drawn.saturating_sub(inner_h);
    let scroll = usize::from(scroll).min(max_scroll);
    let title = if max_scroll == 0 {
        " Keys (Esc closes) ".to_string()
    } else {
        format!(" Keys: ↑↓ PgUp PgDn scroll ({}/{}) · Esc closes ", scroll + inner_h.min(drawn), drawn)
    };
    f.render_widget(Clear, r);
    let block = Block::bordered().title(Span::styled(title, theme.title)).border_style(theme.border);
    let p = Paragraph::new(text).wrap(Wrap { trim: false }).scroll((u16::try_from(scroll).unwrap_or(0), 0)).block(block);
    f.render_widget(p, r);
}
