//! Themes as data: `themes/*.toml` at the repository's top level (dark,
//! light, high-contrast, monochrome), embedded in the binary so it works
//! anywhere. Each file maps the views' roles (normal, muted, keyword, ...)
//! to a style. The colours are then fitted to the terminal: truecolor
//! as written, 256 colours by the nearest xterm index, 16 colours by the
//! nearest ANSI colour; NO_COLOR gives monochrome whatever was asked.
//!
//! Invariants: every role must be present in a theme file (a missing or
//! unknown role is an error naming the theme); the chosen theme never
//! carries a colour the terminal was not detected (or told) to support.

use super::theme::Theme;
use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The built-in themes, by name.
pub const BUILTIN: [(&str, &str); 4] = [
    ("dark", include_str!("../../themes/dark.toml")),
    ("light", include_str!("../../themes/light.toml")),
    ("high-contrast", include_str!("../../themes/high-contrast.toml")),
    ("monochrome", include_str!("../../themes/monochrome.toml")),
];

/// The roles every theme defines.
pub const ROLES: [&str; 12] = ["normal", "muted", "strong", "accent", "keyword", "ok", "warn", "error", "title", "border", "selected", "status"];

/// Why a theme cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThemeError {
    #[error("unknown theme `{0}`; the themes are: dark, light, high-contrast, monochrome")]
    Unknown(String),
    #[error("theme `{theme}`: {message}")]
    Bad { theme: String, message: String },
}

/// Colours the terminal shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    TrueColor,
    Ansi256,
    Ansi16,
    /// NO_COLOR: emphasis only.
    None,
}

impl Depth {
    /// From the environment: NO_COLOR (non-empty) wins, then COLORTERM
    /// (truecolor/24bit), then TERM (*256color*), else 16 colours.
    pub fn detect(no_color: Option<&str>, colorterm: Option<&str>, term: Option<&str>) -> Depth {
        if no_color.is_some_and(|v| !v.is_empty()) {
            Depth::None
        } else if colorterm.is_some_and(|c| c == "truecolor" || c == "24bit") {
            Depth::TrueColor
        } else if term.is_some_and(|t| t.contains("256color") || t.contains("direct")) {
            Depth::Ansi256
        } else {
            Depth::Ansi16
        }
    }

    pub fn from_env() -> Depth {
        let var = |k: &str| std::env::var(k).ok();
        Depth::detect(var("NO_COLOR").as_deref(), var("COLORTERM").as_deref(), var("TERM").as_deref())
    }

    /// A forced depth by name (`truecolor`, `256`, `16`, `none`).
    pub fn from_name(s: &str) -> Option<Depth> {
        match s {
            "truecolor" | "24bit" => Some(Depth::TrueColor),
            "256" => Some(Depth::Ansi256),
            "16" => Some(Depth::Ansi16),
            "none" | "monochrome" => Some(Depth::None),
            _ => None,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    roles: BTreeMap<String, RoleSpec>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleSpec {
    fg: Option<String>,
    bg: Option<String>,
    #[serde(default)]
    modifiers: Vec<String>,
}

/// Names of the built-in themes.
pub fn names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(n, _)| *n).collect()
}

/// The theme `name` fitted to `depth` (NO_COLOR: monochrome, whatever the name).
pub fn load(name: &str, depth: Depth) -> Result<Theme, ThemeError> {
    let name = if depth == Depth::None { "monochrome" } else { name };
    let text = BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t).ok_or_else(|| ThemeError::Unknown(name.to_string()))?;
    let theme = parse(name, text)?;
    Ok(fit(theme, depth))
}

/// A theme from its TOML text.
pub fn parse(name: &str, text: &str) -> Result<Theme, ThemeError> {
    let bad = |message: String| ThemeError::Bad { theme: name.to_string(), message };
    let file: File = toml::from_str(text).map_err(|e| bad(e.to_string().trim().to_string()))?;
    if let Some(unknown) = file.roles.keys().find(|k| !ROLES.contains(&k.as_str())) {
        return Err(bad(format!("unknown role `{unknown}` (roles: {})", ROLES.join(", "))));
    }
    let mut styles = BTreeMap::new();
    for role in ROLES {
        let spec = file.roles.get(role).ok_or_else(|| bad(format!("role `{role}` is missing")))?;
        styles.insert(role, style_of(spec).map_err(|m| bad(format!("role `{role}`: {m}")))?);
    }
    let s = |r: &str| styles.get(r).copied().unwrap_or_default();
    Ok(Theme {
        normal: s("normal"),
        muted: s("muted"),
        strong: s("strong"),
        accent: s("accent"),
        keyword: s("keyword"),
        ok: s("ok"),
        warn: s("warn"),
        error: s("error"),
        title: s("title"),
        border: s("border"),
        selected: s("selected"),
        status: s("status"),
    })
}

fn style_of(spec: &RoleSpec) -> Result<Style, String> {
    let color = |c: &Option<String>| -> Result<Option<Color>, String> {
        c.as_deref().map(|s| s.parse::<Color>().map_err(|_| format!("`{s}` is not a colour (a name, 0-255 or #rrggbb)"))).transpose()
    };
    let mut style = Style::default();
    if let Some(fg) = color(&spec.fg)? {
        style = style.fg(fg);
    }
    if let Some(bg) = color(&spec.bg)? {
        style = style.bg(bg);
    }
    for m in &spec.modifiers {
        style = style.add_modifier(match m.as_str() {
            "bold" => Modifier::BOLD,
            "dim" => Modifier::DIM,
            "italic" => Modifier::ITALIC,
            "underlined" => Modifier::UNDERLINED,
            "reversed" => Modifier::REVERSED,
            other => return Err(format!("unknown modifier `{other}` (bold, dim, italic, underlined, reversed)")),
        });
    }
    Ok(style)
}

/// Every colour of `t` as the terminal can show it.
pub fn fit(t: Theme, depth: Depth) -> Theme {
    let f = |s: Style| Style { fg: s.fg.map(|c| fit_color(c, depth)), bg: s.bg.map(|c| fit_color(c, depth)), ..s };
    Theme {
        normal: f(t.normal),
        muted: f(t.muted),
        strong: f(t.strong),
        accent: f(t.accent),
        keyword: f(t.keyword),
        ok: f(t.ok),
        warn: f(t.warn),
        error: f(t.error),
        title: f(t.title),
        border: f(t.border),
        selected: f(t.selected),
        status: f(t.status),
    }
}

/// The 16 ANSI colours with xterm's default RGB values.
const ANSI16: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (205, 0, 0)),
    (Color::Green, (0, 205, 0)),
    (Color::Yellow, (205, 205, 0)),
    (Color::Blue, (0, 0, 238)),
    (Color::Magenta, (205, 0, 205)),
    (Color::Cyan, (0, 205, 205)),
    (Color::Gray, (229, 229, 229)),
    (Color::DarkGray, (127, 127, 127)),
    (Color::LightRed, (255, 0, 0)),
    (Color::LightGreen, (0, 255, 0)),
    (Color::LightYellow, (255, 255, 0)),
    (Color::LightBlue, (92, 92, 255)),
    (Color::LightMagenta, (255, 0, 255)),
    (Color::LightCyan, (0, 255, 255)),
    (Color::White, (255, 255, 255)),
];

/// RGB of an xterm 256-colour index.
fn rgb_of_index(i: u8) -> (u8, u8, u8) {
    match i {
        0..=15 => ANSI16[usize::from(i)].1,
        16..=231 => {
            let i = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            (level(i / 36), level((i / 6) % 6), level(i % 6))
        }
        _ => {
            let g = 8 + (i - 232) * 10;
            (g, g, g)
        }
    }
}

fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).unsigned_abs();
    d(a.0, b.0).pow(2) + d(a.1, b.1).pow(2) + d(a.2, b.2).pow(2)
}

fn nearest16(rgb: (u8, u8, u8)) -> Color {
    ANSI16.iter().min_by_key(|(_, c)| distance(*c, rgb)).map_or(Color::Reset, |(c, _)| *c)
}

fn nearest256(rgb: (u8, u8, u8)) -> Color {
    // Only the cube and the greys: indices 0-15 vary between terminals.
    (16..=255u8).min_by_key(|i| distance(rgb_of_index(*i), rgb)).map_or(Color::Reset, Color::Indexed)
}

fn fit_color(c: Color, depth: Depth) -> Color {
    match (c, depth) {
        (_, Depth::None) => Color::Reset,
        (Color::Rgb(r, g, b), Depth::Ansi256) => nearest256((r, g, b)),
        (Color::Rgb(r, g, b), Depth::Ansi16) => nearest16((r, g, b)),
        (Color::Indexed(i), Depth::Ansi16) if i > 15 => nearest16(rgb_of_index(i)),
        (c, _) => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_theme_parses_at_every_depth() {
        for name in names() {
            for depth in [Depth::TrueColor, Depth::Ansi256, Depth::Ansi16, Depth::None] {
                assert!(load(name, depth).is_ok(), "{name} at {depth:?}");
            }
        }
        assert_eq!(load("solarized", Depth::TrueColor).err(), Some(ThemeError::Unknown("solarized".into())));
    }

    #[test]
    fn the_dark_file_is_the_dark_theme_in_code() {
        let t = load("dark", Depth::TrueColor).unwrap();
        assert_eq!(format!("{t:?}"), format!("{:?}", Theme::dark()));
    }

    #[test]
    fn no_color_means_no_colour_at_all() {
        for name in names() {
            let t = load(name, Depth::None).unwrap();
            for s in [t.normal, t.muted, t.strong, t.accent, t.keyword, t.ok, t.warn, t.error, t.title, t.border, t.selected, t.status] {
                assert!(s.fg.is_none_or(|c| c == Color::Reset) && s.bg.is_none_or(|c| c == Color::Reset), "{name}: {s:?}");
            }
            // Still readable: selection and errors are emphasised.
            assert!(t.selected.add_modifier.contains(Modifier::REVERSED));
        }
    }

    #[test]
    fn colours_fall_back_to_what_the_terminal_shows() {
        let t = load("light", Depth::Ansi16).unwrap();
        for s in [t.muted, t.accent, t.error, t.selected, t.status] {
            for c in [s.fg, s.bg].into_iter().flatten() {
                assert!(!matches!(c, Color::Rgb(..) | Color::Indexed(..)), "{c:?} in 16 colours");
            }
        }
        let t = load("light", Depth::Ansi256).unwrap();
        assert!(matches!(t.accent.fg, Some(Color::Indexed(24))), "#005f87 is xterm 24: {:?}", t.accent.fg);
        assert_eq!(nearest16((250, 10, 10)), Color::LightRed);
        assert_eq!(fit_color(Color::Indexed(196), Depth::Ansi16), Color::LightRed);
    }

    #[test]
    fn bad_theme_files_name_the_role() {
        let cases = [
            ("[roles]\nnormal = {}", "role `muted` is missing"),
            ("[roles]\nshiny = {}", "unknown role `shiny`"),
            ("[roles]\nnormal = { fg = \"blurple\" }", "`blurple` is not a colour"),
            ("[roles]\nnormal = { modifiers = [\"blink\"] }", "unknown modifier `blink`"),
        ];
        for (text, want) in cases {
            let e = parse("t", text).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn depth_is_detected_from_the_environment() {
        assert_eq!(Depth::detect(Some("1"), Some("truecolor"), None), Depth::None);
        assert_eq!(Depth::detect(Some(""), Some("truecolor"), None), Depth::TrueColor);
        assert_eq!(Depth::detect(None, None, Some("xterm-256color")), Depth::Ansi256);
        assert_eq!(Depth::detect(None, None, Some("linux")), Depth::Ansi16);
    }
}
