//! What inline mode writes for commands whose full-screen answer is a
//! view: the run list (`/runs`), the datasets (`/dataset` with no name),
//! the help (`/help`, F1), and where to find the views that need the
//! whole screen.

use super::table::clip;
use crate::tui::app::App;
use crate::tui::history::RunsView;
use crate::tui::keymap::{Act, Keymap};
use crate::tui::theme::Theme;
use ratatui::text::Line;

/// The datasets, the active one marked.
pub fn datasets(app: &App) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = vec![Line::styled("Datasets (● active; switch with /dataset NAME):", t.strong)];
    for name in &app.datasets {
        let (mark, style) = if *name == app.dataset { ("●", t.accent) } else { (" ", t.normal) };
        out.push(Line::styled(format!("  {mark} {name}"), style));
    }
    out.push(Line::raw(""));
    out
}

/// A view that needs the whole screen, and where its content is instead.
pub fn elsewhere(view: &str, instead: &str, theme: &Theme) -> Vec<Line<'static>> {
    vec![Line::styled(format!("{view} needs the whole screen: {instead} or run sandpiper without --inline."), theme.muted), Line::raw("")]
}

/// The commands and keys that work inline.
pub fn help(keys: &Keymap, theme: &Theme) -> Vec<Line<'static>> {
    let rows: [(String, &str); 12] = [
        (keys.describe(Act::Select), "ask the question (or run the /command)"),
        ("/sql SELECT ...".into(), "run SQL through the validator, the jail and repairs"),
        ("/dataset NAME".into(), "switch dataset (no name: list them)"),
        ("/runs".into(), "list the newest recorded runs"),
        ("/export csv|json|parquet FILE".into(), "write the last result"),
        (keys.describe(Act::CopySql), "copy the SQL of the last answer (OSC 52)"),
        ("/copy FILE".into(), "write the last copy to a file"),
        ("/theme NAME".into(), "dark, light, high-contrast, monochrome"),
        (keys.describe(Act::Cancel), "cancel the running query"),
        (keys.describe(Act::Up), "previous input (and Down)"),
        ("Tab".into(), "complete a command, a dataset, SQL words"),
        (format!("{} or /quit", keys.describe(Act::Quit)), "quit (the answers stay in the scrollback)"),
    ];
    let mut out = vec![Line::styled("Inline mode: each answer is written above; scroll back with your terminal.", theme.strong)];
    out.extend(rows.iter().map(|(k, what)| Line::styled(format!("  {k:<30} {what}"), theme.normal)));
    out.push(Line::raw(""));
    out
}

/// The newest `n` runs, one line each, at most `width` wide.
pub fn runs(view: &RunsView, n: usize, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let width = usize::from(width);
    if let Some(e) = &view.error {
        return vec![Line::styled(e.clone(), theme.warn), Line::raw("")];
    }
    if view.runs.is_empty() {
        return vec![Line::styled("No runs recorded yet.", theme.muted), Line::raw("")];
    }
    let mut out = vec![Line::styled(format!("Runs ({} newest of {}; `sandpiper runs show ID` for one):", n.min(view.runs.len()), view.runs.len()), theme.strong)];
    for r in view.runs.iter().take(n) {
        let time = r.started_at.get(5..16).unwrap_or(&r.started_at).replace('T', " ");
        let rows = r.row_count.map(|n| n.to_string()).unwrap_or_default();
        let what = r.question.clone().unwrap_or_else(|| "(sql)".into());
        let text = format!("  {} {time} {:<14} {:<10} {rows:>6}  {what}", r.run_id.get(..8).unwrap_or(&r.run_id), r.status.as_str(), r.dataset);
        let style = if r.status.as_str() == "ok" { theme.normal } else { theme.warn };
        out.push(Line::styled(clip(&text, width), style));
    }
    out.push(Line::raw(""));
    out
}
