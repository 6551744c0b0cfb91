//! The help overlay (F1, `?` in a tool view, `/help`): every key of the
//! view on screen, then the keys that work everywhere.

use super::screen::Screen;
use super::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// Keys that work in every view.
pub const GLOBAL: &[(&str, &str)] = &[
    ("F1 / ?", "this help (Esc closes)"),
    ("F3", "repair stepper (/repairs)"),
    ("F4", "audit log (/audit)"),
    ("F5", "schema browser (/schema)"),
    ("F6", "dataset picker (/dataset)"),
    ("F7", "run history (/runs)"),
    ("Ctrl-C, /quit", "quit"),
];

/// The keys of `screen`.
pub fn keys(screen: Screen) -> &'static [(&'static str, &'static str)] {
    match screen {
        Screen::Main => &[
            ("Enter", "ask the question (or run /command)"),
            ("/sql SELECT ...", "run SQL through the validator and jail"),
            ("/dataset [NAME]", "switch dataset (no name: the picker)"),
            ("Esc", "cancel the running query"),
            ("Up/Down PgUp/PgDn", "scroll the results"),
            ("Tab", "next view (narrow windows)"),
            ("F2", "plan or SQL in the panel"),
        ],
        Screen::Stepper => &[
            ("←/→ h/l ↑/↓ j/k", "previous / next attempt"),
            ("Home/End", "first / last attempt"),
            ("PgUp/PgDn", "scroll the attempt's detail"),
            ("Enter, r", "re-run this attempt's SQL (a new run)"),
            ("e", "edit this attempt's SQL in the input"),
            ("Esc, q", "back to the workbench"),
        ],
        Screen::Audit => &[
            ("↑/↓ j/k PgUp/PgDn", "move through the entries"),
            ("Home/End", "first / last entry (End follows)"),
            ("v", "verify the hash chain"),
            ("/", "filter by run-id prefix or kind"),
            ("f", "follow new entries on/off"),
            ("r", "reload the log"),
            ("Esc, q", "back to the workbench"),
        ],
        Screen::Schema => &[
            ("↑/↓ j/k", "move through tables or columns"),
            ("Tab ←/→", "tables or columns"),
            ("p, Enter", "profile the column (in the jail)"),
            ("Esc, q", "back to the workbench"),
        ],
        Screen::Picker => &[
            ("↑/↓ j/k", "move through datasets or prompts"),
            ("Tab ←/→", "datasets or suggested prompts"),
            ("Enter", "switch dataset, or ask the prompt"),
            ("Esc, q", "back to the workbench"),
        ],
        Screen::Runs => &[
            ("↑/↓ j/k PgUp/PgDn", "move through the runs"),
            ("/", "search (all words must match)"),
            ("Enter", "replay the run's SQL"),
            ("r", "reload"),
            ("Esc, q", "back to the workbench"),
        ],
    }
}

pub fn render(f: &mut Frame<'_>, screen: Screen, theme: &Theme) {
    let area = f.area();
    let own = keys(screen);
    let w = 66.min(area.width);
    let h = u16::try_from(own.len() + GLOBAL.len() + 5).unwrap_or(u16::MAX).min(area.height);
    let r = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
    let row = |(k, v): &(&str, &str)| Line::from(vec![Span::styled(format!("{k:<20}"), theme.keyword), Span::styled(v.to_string(), theme.normal)]);
    let mut lines: Vec<Line<'_>> = vec![Line::styled(screen.title().to_string(), theme.title)];
    lines.extend(own.iter().map(row));
    lines.push(Line::styled("Everywhere", theme.title));
    lines.extend(GLOBAL.iter().map(row));
    f.render_widget(Clear, r);
    let block = Block::bordered().title(Span::styled(" Keys (Esc closes) ", theme.title)).border_style(theme.border);
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block), r);
}
