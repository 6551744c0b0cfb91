//! Named actions and the keys bound to them: embedded defaults, a
//! `vim` preset laid over them (hjkl, g/G), then the `[keys]` table of
//! `sandpiper.toml` (`action = "key"` or `action = "key1, key2"`), which
//! replaces that action's keys. An unknown action or key is an error
//! naming the settings file and line.
//!
//! Invariants: on the main screen a binding to a plain printable key is
//! not an action (typing wins), so binding `q` to close never stops
//! anyone typing a `q` into a question; tool views ask only for the
//! actions they know, in order, so one key may serve different actions in
//! different views (`r`: re-run in the stepper, reload in the audit log).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::collections::BTreeMap;
use std::path::Path;

macro_rules! acts {
    ($($v:ident = $name:literal: $doc:literal,)*) => {
        /// Everything a key can do, by name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Act { $($v,)* }
        impl Act {
            pub const ALL: &'static [Act] = &[$(Act::$v,)*];
            pub fn name(self) -> &'static str { match self { $(Act::$v => $name,)* } }
            pub fn doc(self) -> &'static str { match self { $(Act::$v => $doc,)* } }
        }
    };
}

acts! {
    Quit = "quit": "quit the workbench",
    Cancel = "cancel": "cancel the running query",
    Help = "help": "the keys of this view",
    TogglePlan = "toggle_plan": "plan or SQL in the panel",
    NextTab = "next_tab": "next panel (narrow windows)",
    Stepper = "stepper": "repair stepper",
    Audit = "audit": "audit log viewer",
    Schema = "schema": "schema browser",
    Datasets = "datasets": "dataset picker",
    Runs = "runs": "run history",
    Up = "up": "move up",
    Down = "down": "move down",
    Left = "left": "move left / previous",
    Right = "right": "move right / next",
    PageUp = "page_up": "a page up",
    PageDown = "page_down": "a page down",
    First = "first": "to the first",
    Last = "last": "to the last",
    Select = "select": "choose / run",
    Close = "close": "back to the workbench",
    SwitchPane = "switch_pane": "other pane of a view",
    Verify = "verify": "verify the audit chain",
    Filter = "filter": "filter or search",
    Follow = "follow": "follow new audit entries",
    Reload = "reload": "read again",
    Rerun = "rerun": "re-run the attempt's SQL",
    Edit = "edit": "edit the SQL in the input",
    Profile = "profile": "profile the column",
    Newline = "newline": "a new line in the input",
    Editor = "editor": "edit the input in $EDITOR",
    Suspend = "suspend": "suspend to the shell (fg resumes)",
    Approve = "approve": "run the attempt waiting for approval",
    Reject = "reject": "reject the attempt waiting for approval",
    CopySql = "copy_sql": "copy the SQL of the last run (OSC 52)",
    CopyHead = "copy_head": "copy the audit log's head seq and hash (OSC 52)",
}

/// The embedded defaults.
const DEFAULTS: &[(Act, &str)] = &[
    (Act::Quit, "ctrl-c, ctrl-q"),
    (Act::Cancel, "esc"),
    (Act::Help, "f1, ?"),
    (Act::TogglePlan, "f2"),
    (Act::NextTab, "tab"),
    (Act::Stepper, "f3"),
    (Act::Audit, "f4"),
    (Act::Schema, "f5"),
    (Act::Datasets, "f6"),
    (Act::Runs, "f7"),
    (Act::Up, "up"),
    (Act::Down, "down"),
    (Act::Left, "left"),
    (Act::Right, "right"),
    (Act::PageUp, "pgup"),
    (Act::PageDown, "pgdn"),
    (Act::First, "home"),
    (Act::Last, "end"),
    (Act::Select, "enter"),
    (Act::Close, "esc, q"),
    (Act::SwitchPane, "tab"),
    (Act::Verify, "v"),
    (Act::Filter, "/"),
    (Act::Follow, "f"),
    (Act::Reload, "r"),
    (Act::Rerun, "r"),
    (Act::Edit, "e"),
    (Act::Profile, "p"),
    (Act::Newline, "alt-enter, shift-enter, ctrl-j"),
    (Act::Editor, "ctrl-e"),
    (Act::Suspend, "ctrl-z"),
    (Act::Approve, "enter"),
    (Act::Reject, "esc"),
    (Act::CopySql, "ctrl-y"),
    (Act::CopyHead, "y"),
];

/// The `vim` preset, over the defaults.
const VIM: &[(Act, &str)] = &[
    (Act::Up, "up, k"),
    (Act::Down, "down, j"),
    (Act::Left, "left, h"),
    (Act::Right, "right, l"),
    (Act::PageUp, "pgup, ctrl-b"),
    (Act::PageDown, "pgdn, ctrl-f"),
    (Act::First, "home, g"),
    (Act::Last, "end, G"),
];

/// A key with its modifiers (shift only for non-characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub code: KeyCodeOrd,
    pub ctrl: bool,
    pub alt: bool,
    pub shift: bool,
}

/// KeyCode has no Ord; the codes a binding can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyCodeOrd {
    Char(char),
    F(u8),
    Named(&'static str),
}

const NAMED: &[(&str, KeyCode)] = &[
    ("esc", KeyCode::Esc),
    ("enter", KeyCode::Enter),
    ("tab", KeyCode::Tab),
    ("backtab", KeyCode::BackTab),
    ("backspace", KeyCode::Backspace),
    ("delete", KeyCode::Delete),
    ("insert", KeyCode::Insert),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("pgup", KeyCode::PageUp),
    ("pgdn", KeyCode::PageDown),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("space", KeyCode::Char(' ')),
];

/// Why a key setting is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeymapError {
    #[error("{file} line {line}: unknown action `{action}` in [keys] (actions: {known})")]
    UnknownAction { file: String, line: usize, action: String, known: String },
    #[error("{file} line {line}: `{key}` is not a key (examples: \"ctrl-c\", \"f5\", \"esc\", \"pgdn\", \"k\", \"?\")")]
    BadKey { file: String, line: usize, key: String },
    #[error("{file}: unknown key_preset `{preset}` (default or vim)")]
    UnknownPreset { file: String, preset: String },
}

/// Parse one key: `ctrl-x`, `alt-f5`, `shift-tab`, `f1`, `esc`, `k`, `G`, `?`.
pub fn parse_key(spec: &str) -> Option<Key> {
    let spec = spec.trim();
    let (mut ctrl, mut alt, mut shift) = (false, false, false);
    let mut rest = spec;
    loop {
        let lower = rest.to_ascii_lowercase();
        if let Some(r) = lower.strip_prefix("ctrl-").filter(|r| !r.is_empty()) {
            ctrl = true;
            rest = &rest[rest.len() - r.len()..];
        } else if let Some(r) = lower.strip_prefix("alt-").filter(|r| !r.is_empty()) {
            alt = true;
            rest = &rest[rest.len() - r.len()..];
        } else if let Some(r) = lower.strip_prefix("shift-").filter(|r| !r.is_empty()) {
            shift = true;
            rest = &rest[rest.len() - r.len()..];
        } else {
            break;
        }
    }
    let lower = rest.to_ascii_lowercase();
    let code = if let Some((name, _)) = NAMED.iter().find(|(n, _)| *n == lower) {
        if *name == "space" { KeyCodeOrd::Char(' ') } else { KeyCodeOrd::Named(name) }
    } else if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()).filter(|n| (1..=12).contains(n)) {
        KeyCodeOrd::F(n)
    } else {
        let mut chars = rest.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => KeyCodeOrd::Char(if ctrl { c.to_ascii_lowercase() } else { c }),
            _ => return None,
        }
    };
    // Shift on a character is the character itself (`G`, `?`).
    let shift = shift && !matches!(code, KeyCodeOrd::Char(_));
    Some(Key { code, ctrl, alt, shift })
}

fn key_of_event(k: &KeyEvent) -> Option<Key> {
    let code = match k.code {
        KeyCode::Char(c) => KeyCodeOrd::Char(if k.modifiers.contains(KeyModifiers::CONTROL) { c.to_ascii_lowercase() } else { c }),
        KeyCode::F(n) => KeyCodeOrd::F(n),
        KeyCode::BackTab => KeyCodeOrd::Named("backtab"),
        other => KeyCodeOrd::Named(NAMED.iter().find(|(_, c)| *c == other).map(|(n, _)| *n)?),
    };
    let is_char = matches!(code, KeyCodeOrd::Char(_));
    Some(Key {
        code,
        ctrl: k.modifiers.contains(KeyModifiers::CONTROL),
        alt: k.modifiers.contains(KeyModifiers::ALT),
        shift: !is_char && k.modifiers.contains(KeyModifiers::SHIFT),
    })
}

/// Keys by action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    keys: BTreeMap<Act, Vec<Key>>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        let mut km = Keymap { keys: BTreeMap::new() };
        km.lay(DEFAULTS);
        km
    }
}

impl Keymap {
    fn lay(&mut self, table: &[(Act, &str)]) {
        for (act, spec) in table {
            self.keys.insert(*act, spec.split(", ").filter_map(parse_key).collect());
        }
    }

    /// Defaults, the preset, then the user's `[keys]` (`(action, keys,
    /// byte offset)` as read from `file`, whose text gives line numbers).
    pub fn build(preset: &str, user: &[(String, String, usize)], file: &Path, text: &str) -> Result<Keymap, KeymapError> {
        let fname = file.display().to_string();
        let mut km = Keymap::default();
        match preset {
            "" | "default" => {}
            "vim" => km.lay(VIM),
            other => return Err(KeymapError::UnknownPreset { file: fname, preset: other.to_string() }),
        }
        for (action, spec, offset) in user {
            let line = text.get(..*offset).map_or(0, |t| t.matches('\n').count() + 1);
            let act = Act::ALL.iter().find(|a| a.name() == action).ok_or_else(|| KeymapError::UnknownAction {
                file: fname.clone(),
                line,
                action: action.clone(),
                known: Act::ALL.iter().map(|a| a.name()).collect::<Vec<_>>().join(", "),
            })?;
            let mut keys = Vec::new();
            for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                keys.push(parse_key(part).ok_or_else(|| KeymapError::BadKey { file: fname.clone(), line, key: part.to_string() })?);
            }
            km.keys.insert(*act, keys);
        }
        Ok(km)
    }

    /// True when `k` is bound to `act`.
    pub fn is(&self, k: &KeyEvent, act: Act) -> bool {
        key_of_event(k).is_some_and(|key| self.keys.get(&act).is_some_and(|ks| ks.contains(&key)))
    }

    /// The first of `acts` that `k` is bound to.
    pub fn action(&self, k: &KeyEvent, acts: &[Act]) -> Option<Act> {
        acts.iter().copied().find(|a| self.is(k, *a))
    }

    /// Like [`Keymap::action`] where typing goes to the input: plain
    /// printable keys are text, not actions.
    pub fn action_while_typing(&self, k: &KeyEvent, acts: &[Act]) -> Option<Act> {
        let plain_char = matches!(k.code, KeyCode::Char(_)) && !k.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        if plain_char { None } else { self.action(k, acts) }
    }

    /// The keys of `act` as text (`F1, ?`, `Ctrl-C`), for help.
    pub fn describe(&self, act: Act) -> String {
        let name = |k: &Key| {
            let base = match k.code {
                KeyCodeOrd::Char(' ') => "Space".to_string(),
                KeyCodeOrd::Char(c) if k.ctrl || k.alt => c.to_ascii_uppercase().to_string(),
                KeyCodeOrd::Char(c) => c.to_string(),
                KeyCodeOrd::F(n) => format!("F{n}"),
                KeyCodeOrd::Named("pgup") => "PgUp".into(),
                KeyCodeOrd::Named("pgdn") => "PgDn".into(),
                KeyCodeOrd::Named(n) => n[..1].to_uppercase() + &n[1..],
            };
            format!("{}{}{}{base}", if k.ctrl { "Ctrl-" } else { "" }, if k.alt { "Alt-" } else { "" }, if k.shift { "Shift-" } else { "" })
        };
        self.keys.get(&act).map(|ks| ks.iter().map(name).collect::<Vec<_>>().join(", ")).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(code: KeyCode, m: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, m)
    }

    #[test]
    fn keys_parse_with_modifiers_and_reject_nonsense() {
        type Parsed = Option<(KeyCodeOrd, bool, bool)>;
        let cases: &[(&str, Parsed)] = &[
            ("ctrl-c", Some((KeyCodeOrd::Char('c'), true, false))),
            ("Ctrl-C", Some((KeyCodeOrd::Char('c'), true, false))),
            ("f5", Some((KeyCodeOrd::F(5), false, false))),
            ("shift-tab", Some((KeyCodeOrd::Named("tab"), false, true))),
            ("G", Some((KeyCodeOrd::Char('G'), false, false))),
            ("?", Some((KeyCodeOrd::Char('?'), false, false))),
            ("pgdn", Some((KeyCodeOrd::Named("pgdn"), false, false))),
            ("-", Some((KeyCodeOrd::Char('-'), false, false))),
            ("f13", None),
            ("ctrl-", None),
            ("banana", None),
            ("", None),
        ];
        for (spec, want) in cases {
            let got = parse_key(spec).map(|k| (k.code, k.ctrl, k.shift));
            assert_eq!(&got, want, "{spec}");
        }
    }

    #[test]
    fn defaults_vim_preset_and_user_keys_layer() {
        let km = Keymap::default();
        assert!(km.is(&ev(KeyCode::Char('c'), KeyModifiers::CONTROL), Act::Quit));
        assert!(!km.is(&ev(KeyCode::Char('j'), KeyModifiers::NONE), Act::Down));
        let vim = Keymap::build("vim", &[], Path::new("s.toml"), "").unwrap();
        assert!(vim.is(&ev(KeyCode::Char('j'), KeyModifiers::NONE), Act::Down));
        assert!(vim.is(&ev(KeyCode::Char('G'), KeyModifiers::SHIFT), Act::Last));
        let text = "[keys]\nverify = \"ctrl-v, V\"\n";
        let user = vec![("verify".to_string(), "ctrl-v, V".to_string(), text.find("\"ctrl").unwrap())];
        let km = Keymap::build("vim", &user, Path::new("s.toml"), text).unwrap();
        assert!(km.is(&ev(KeyCode::Char('v'), KeyModifiers::CONTROL), Act::Verify));
        assert!(!km.is(&ev(KeyCode::Char('v'), KeyModifiers::NONE), Act::Verify), "user keys replace the action's keys");
        assert_eq!(km.describe(Act::Verify), "Ctrl-V, V");
        assert_eq!(Keymap::default().describe(Act::Quit), "Ctrl-C, Ctrl-Q");
        assert_eq!(Keymap::default().describe(Act::PageDown), "PgDn");
    }

    #[test]
    fn unknown_actions_and_keys_name_the_file_and_line() {
        let text = "theme = \"dark\"\n[keys]\nquit = \"ctrl-c\"\nfrobnicate = \"x\"\n";
        let at = |s: &str| text.find(s).unwrap();
        let user = vec![("quit".into(), "ctrl-c".into(), at("\"ctrl")), ("frobnicate".into(), "x".into(), at("\"x\""))];
        let e = Keymap::build("default", &user, Path::new("/c/sandpiper.toml"), text).unwrap_err().to_string();
        assert!(e.starts_with("/c/sandpiper.toml line 4: unknown action `frobnicate`"), "{e}");
        let user = vec![("quit".into(), "ctrl-c, hyper-x".into(), at("\"ctrl"))];
        let e = Keymap::build("default", &user, Path::new("/c/sandpiper.toml"), text).unwrap_err().to_string();
        assert!(e.starts_with("/c/sandpiper.toml line 3: `hyper-x` is not a key"), "{e}");
        assert!(Keymap::build("emacs", &[], Path::new("f"), "").is_err());
    }

    #[test]
    fn typing_wins_over_plain_character_bindings() {
        let km = Keymap::default();
        let q = ev(KeyCode::Char('q'), KeyModifiers::NONE);
        assert_eq!(km.action(&q, &[Act::Close]), Some(Act::Close));
        assert_eq!(km.action_while_typing(&q, &[Act::Close]), None);
        let f1 = ev(KeyCode::F(1), KeyModifiers::NONE);
        assert_eq!(km.action_while_typing(&f1, &[Act::Help]), Some(Act::Help));
    }

    #[test]
    fn every_action_has_a_default_key_and_a_unique_name() {
        let km = Keymap::default();
        let mut names: Vec<&str> = Act::ALL.iter().map(|a| a.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Act::ALL.len());
        for a in Act::ALL {
            assert!(!km.describe(*a).is_empty(), "{a:?} has no key");
        }
    }
}
