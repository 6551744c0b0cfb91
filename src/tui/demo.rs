//! `sandpiper demo`: a scripted session in the real workbench (same app,
//! loop, session engine and jail) on the built-in `ecommerce` data, typed
//! as a person would: pick the dataset and a suggested question in the
//! picker, ask two more of the dataset's suggested questions, look at the
//! plan and the SQL, open the chart of a result, run a broken SQL and step
//! through its repair with the diff, open the audit log and verify the
//! chain, quit. No model and no network: the offline planner and the
//! repair rules answer.
//!
//! The script is data ([`script`]); the questions come from the dataset's
//! manifest, so the demo asks what the planner really plans.
//!
//! It runs in a temporary home ([`crate::scratch`]), removed at the end,
//! so its runs, audit entries and input history stay out of the user's
//! `SANDPIPER_HOME`; `--use-home` runs it there instead. Either way the
//! last line it prints says which.

use super::script::{Pace, Player, Step, Until};
use super::screen::Screen;
use crate::semantic::Manifest;
use ratatui::crossterm::event::KeyCode;

/// The dataset the demo runs on.
pub const DATASET: &str = "ecommerce";

/// A SQL with a misspelled column (`total_amont`), which the repair rules
/// fix by the nearest column name.
pub const BROKEN_SQL: &str = "SELECT country, SUM(total_amont) AS revenue FROM orders GROUP BY country ORDER BY revenue DESC";

/// The three questions: the first suggested prompt (asked from the
/// picker), then two more typed into the chat.
pub fn questions(m: &Manifest) -> Vec<String> {
    let p = &m.suggested_prompts;
    [0, 2, 4].iter().filter_map(|&i| p.get(i).or_else(|| p.last())).cloned().collect()
}

/// The demo's script over `m` (the dataset's manifest).
pub fn script(m: &Manifest) -> Vec<Step> {
    let qs = questions(m);
    let mut s = vec![
        Step::Pause(2),
        // The picker: look at the other datasets, come back, choose a prompt.
        Step::key(KeyCode::F(6)),
        Step::Until(Until::PickerLoaded),
        Step::Pause(2),
        Step::key(KeyCode::Down),
        Step::Pause(2),
        Step::key(KeyCode::Up),
        Step::Pause(1),
        Step::key(KeyCode::Tab),
        Step::Pause(2),
    ];
    if !qs.is_empty() {
        // Enter on the highlighted (first) suggested prompt asks it.
        s.extend([Step::key(KeyCode::Enter), Step::Until(Until::Idle), Step::Pause(3)]);
    } else {
        s.extend([Step::key(KeyCode::Esc)]);
    }
    // The plan, then back to the SQL.
    s.extend([Step::key(KeyCode::F(2)), Step::Pause(3), Step::key(KeyCode::F(2)), Step::Pause(2)]);
    // The result's chart: focus the results, `v` toggles table and chart.
    s.extend([
        Step::key(KeyCode::Tab),
        Step::key(KeyCode::Tab),
        Step::Pause(1),
        Step::key(KeyCode::Down),
        Step::key(KeyCode::Down),
        Step::Pause(1),
        Step::Type("v".into()),
        Step::Pause(4),
        Step::Type("v".into()),
        Step::Pause(1),
        Step::key(KeyCode::Tab),
    ]);
    for q in qs.iter().skip(1) {
        s.extend(Step::line(q));
        s.extend([Step::Until(Until::Idle), Step::Pause(3)]);
    }
    // A broken SQL and its repair, step by step.
    s.extend(Step::line(&format!("/sql {BROKEN_SQL}")));
    s.extend([
        Step::Until(Until::Idle),
        Step::Pause(2),
        Step::key(KeyCode::F(3)),
        Step::Until(Until::Screen(Screen::Stepper)),
        Step::Pause(2),
        Step::key(KeyCode::Left),
        Step::Pause(4),
        Step::key(KeyCode::Right),
        Step::Pause(3),
        // Down to the diff (a small window shows it only scrolled).
        Step::key(KeyCode::PageDown),
        Step::Pause(3),
        Step::key(KeyCode::PageUp),
        Step::Pause(1),
        Step::key(KeyCode::Esc),
        Step::Pause(1),
    ]);
    // The audit log, verified.
    s.extend([
        Step::key(KeyCode::F(4)),
        Step::Until(Until::AuditLoaded),
        Step::Pause(2),
        Step::Type("v".into()),
        Step::Until(Until::AuditVerified),
        Step::Pause(5),
        Step::ctrl('c'),
    ]);
    s
}

/// Run the demo on this terminal, in a temporary home unless `use_home`
/// (then in `SANDPIPER_HOME`); the exit code.
pub fn run(pace: Pace, record: Option<&std::path::Path>, use_home: bool) -> anyhow::Result<i32> {
    let manifest = crate::dataset::Registry::builtin_manifest(DATASET)
        .ok_or_else(|| anyhow::anyhow!("the built-in dataset {DATASET} is missing from this build"))??;
    let temp = if use_home { None } else { Some(crate::scratch::ScratchDir::new("demo")?) };
    let mut player = Player::new(script(&manifest), pace);
    let home = temp.as_ref().map(|t| crate::home::Home::at(t.path()));
    let start = super::Start { dataset: Some(DATASET), jail: None, theme: None, model: None, home, inline: false, approve: false };
    let code = super::run_scripted(start, record, Some(&mut player))?;
    // Removed before the last line says so.
    drop(temp);
    let whose = if use_home {
        "in SANDPIPER_HOME (its runs, audit log and history keep the demo's)"
    } else {
        "in a temporary home, now removed (--use-home runs it in SANDPIPER_HOME)"
    };
    if code != 0 {
        return Ok(code);
    }
    match &player.verdict {
        Some(v) if v.intact => {
            println!("sandpiper demo: {} questions asked, a broken SQL repaired, audit chain intact ({} entries verified); ran {whose}", questions(&manifest).len(), v.entries);
            Ok(0)
        }
        Some(v) => {
            println!("sandpiper demo: the audit chain is BROKEN: {}; ran {whose}", v.reason.as_deref().unwrap_or("?"));
            Ok(1)
        }
        None if player.remaining() > 0 => {
            println!("sandpiper demo: stopped before the end (quit by hand); ran {whose}");
            Ok(0)
        }
        None => Ok(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_asks_the_datasets_own_questions_and_ends_verified() {
        let m = crate::dataset::Registry::builtin_manifest(DATASET).unwrap().unwrap();
        let qs = questions(&m);
        assert_eq!(qs.len(), 3);
        assert!(qs.iter().all(|q| m.suggested_prompts.contains(q)));
        let steps = script(&m);
        let typed: String = steps.iter().filter_map(|s| if let Step::Type(t) = s { Some(t.as_str()) } else { None }).collect();
        assert!(typed.contains(&qs[1]) && typed.contains(&qs[2]) && typed.contains("total_amont"));
        assert!(!typed.contains(&qs[0]), "the first question is chosen in the picker, not typed");
        let n = steps.len();
        assert_eq!(steps[n - 3..n - 1], [Step::Until(Until::AuditVerified), Step::Pause(5)]);
        assert!(matches!(steps[n - 1], Step::Key(k) if k.code == KeyCode::Char('c')));
    }
}
