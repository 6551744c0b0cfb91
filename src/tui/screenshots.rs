//! `sandpiper screenshots DIR` (hidden): the README's images, drawn from
//! real runs. The real app (same state, loop, session engine and jail)
//! is driven by a script like the demo's, on a fresh home with the
//! built-in `ecommerce` data, into an off-screen terminal (ratatui's
//! TestBackend); at each shot the frame is written as an SVG ([`super::svg`])
//! in the theme's colours.
//!
//! Invariants: every image comes from a frame the app drew while running
//! its real queries; the default keys and the dark theme at full colour
//! are used whatever the user's settings say, so reruns look alike (times
//! and ids differ).

use super::script::{Pace, Player, Step, Until};
use super::screen::Screen;
use super::svg::{self, Palette};
use super::themes::Depth;
use crate::semantic::Manifest;
use anyhow::Context;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use std::path::Path;

/// The images written, in order: file stem, the theme it is drawn in,
/// and what it shows.
pub const SHOTS: &[(&str, &str, &str)] = &[
    ("picker", "dark", "Dataset picker with suggested prompts"),
    ("chat", "dark", "Chat with an answer, its SQL and the results (120x40)"),
    ("plan", "dark", "The plan panel (F2)"),
    ("results", "dark", "Results grid, focused"),
    ("chart", "dark", "Chart of a result (v in the results)"),
    ("stepper", "dark", "Repair stepper: a misspelled column, repaired, with the diff"),
    ("audit", "dark", "Audit log viewer with the chain verified"),
    ("schema", "dark", "Schema browser"),
    ("light", "light", "Light theme"),
    ("high-contrast", "high-contrast", "High-contrast theme"),
    ("80x24-chat", "dark", "80x24: chat tab"),
    ("80x24-results", "dark", "80x24: results tab"),
];

fn shot(name: &str) -> Step {
    Step::Shot(name.to_string())
}

fn prompt(m: &Manifest, i: usize) -> String {
    m.suggested_prompts.get(i).or_else(|| m.suggested_prompts.first()).cloned().unwrap_or_else(|| "revenue by month".into())
}

/// The script at 120x40: every main view.
pub fn wide_script(m: &Manifest) -> Vec<Step> {
    let mut s = vec![
        Step::key(KeyCode::F(6)),
        Step::Until(Until::PickerLoaded),
        Step::key(KeyCode::Tab),
        shot("picker"),
        Step::key(KeyCode::Enter),
        Step::Until(Until::Idle),
        shot("chat"),
        Step::key(KeyCode::F(2)),
        shot("plan"),
        Step::key(KeyCode::F(2)),
    ];
    s.extend(Step::line(&prompt(m, 2)));
    s.extend([
        Step::Until(Until::Idle),
        Step::key(KeyCode::Tab),
        Step::key(KeyCode::Tab),
        Step::key(KeyCode::Down),
        Step::key(KeyCode::Down),
        shot("results"),
        Step::Type("v".into()),
        shot("chart"),
        Step::Type("v".into()),
        Step::key(KeyCode::Tab),
    ]);
    s.extend(Step::line(&format!("/sql {}", super::demo::BROKEN_SQL)));
    s.extend([
        Step::Until(Until::Idle),
        Step::key(KeyCode::F(3)),
        Step::Until(Until::Screen(Screen::Stepper)),
        shot("stepper"),
        Step::key(KeyCode::Esc),
        Step::key(KeyCode::F(4)),
        Step::Until(Until::AuditLoaded),
        Step::Type("v".into()),
        Step::Until(Until::AuditVerified),
        shot("audit"),
        Step::key(KeyCode::Esc),
        Step::key(KeyCode::F(5)),
        Step::Until(Until::Idle),
        shot("schema"),
        Step::key(KeyCode::Esc),
    ]);
    s.extend(Step::line(&prompt(m, 4)));
    s.push(Step::Until(Until::Idle));
    s.extend(Step::line("/theme light"));
    s.push(shot("light"));
    s.extend(Step::line("/theme high-contrast"));
    s.extend([shot("high-contrast"), Step::ctrl('c')]);
    s
}

/// The script at 80x24: the tabbed layout.
pub fn narrow_script(m: &Manifest) -> Vec<Step> {
    let mut s = Vec::from(Step::line(&prompt(m, 1)));
    s.extend([
        Step::Until(Until::Idle),
        shot("80x24-chat"),
        Step::key(KeyCode::Tab),
        Step::key(KeyCode::Tab),
        shot("80x24-results"),
        Step::ctrl('c'),
    ]);
    s
}

/// Play `steps` in the real app on a `w` x `h` off-screen terminal.
fn session(home: &Path, w: u16, h: u16, steps: Vec<Step>) -> anyhow::Result<Vec<(String, Buffer)>> {
    let start = super::Start { dataset: Some(super::demo::DATASET), jail: None, theme: None, model: None, home: Some(crate::home::Home::at(home)), inline: false, approve: false };
    let mut opened = super::open(start)?;
    opened.app.keymap = super::keymap::Keymap::default();
    opened.app.depth = Depth::TrueColor;
    opened.app.theme = super::themes::load("dark", Depth::TrueColor)?;
    let mut terminal = ratatui::Terminal::new(TestBackend::new(w, h))?;
    let mut player = Player::new(steps, Pace::Fast);
    opened.run_loop(&mut terminal, &mut super::Hooks { script: Some(&mut player), on_resize: None })?;
    Ok(player.shots)
}

/// Write every image of [`SHOTS`] into `dir`; the exit code.
pub fn run(dir: &Path) -> anyhow::Result<i32> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let home = crate::scratch::ScratchDir::new("screenshots")?;
    let manifest = crate::dataset::Registry::builtin_manifest(super::demo::DATASET)
        .ok_or_else(|| anyhow::anyhow!("the built-in dataset {} is missing from this build", super::demo::DATASET))??;
    let mut frames = session(home.path(), 120, 40, wide_script(&manifest))?;
    frames.extend(session(home.path(), 80, 24, narrow_script(&manifest))?);
    for (name, theme, caption) in SHOTS {
        let Some((_, buf)) = frames.iter().find(|(n, _)| n == name) else {
            anyhow::bail!("the script took no shot named {name}");
        };
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, svg::render(buf, Palette::for_theme(theme), &format!("sandpiper: {caption}")))
            .with_context(|| format!("writing {}", path.display()))?;
        println!("{}", path.display());
    }
    Ok(0)
}
