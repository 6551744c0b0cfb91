//! Styles by meaning, not colour: views ask for `error`, `keyword`,
//! `muted`; this maps them to colours, or with NO_COLOR set to emphasis
//! alone (bold, reverse, dim), as that convention asks.

use ratatui::style::{Color, Modifier, Style};

/// The styles the views use.
#[derive(Debug, Clone, Copy)]
pub struct Theme {
    pub normal: Style,
    pub muted: Style,
    pub strong: Style,
    pub accent: Style,
    pub keyword: Style,
    pub ok: Style,
    pub warn: Style,
    pub error: Style,
    pub title: Style,
    pub border: Style,
    pub selected: Style,
    pub status: Style,
}

impl Theme {
    /// Colours, unless NO_COLOR is set (to anything non-empty).
    pub fn from_env() -> Theme {
        if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            Theme::monochrome()
        } else {
            Theme::dark()
        }
    }

    pub fn dark() -> Theme {
        let s = Style::default();
        Theme {
            normal: s,
            muted: s.fg(Color::DarkGray),
            strong: s.add_modifier(Modifier::BOLD),
            accent: s.fg(Color::Cyan),
            keyword: s.fg(Color::Magenta).add_modifier(Modifier::BOLD),
            ok: s.fg(Color::Green),
            warn: s.fg(Color::Yellow),
            error: s.fg(Color::Red).add_modifier(Modifier::BOLD),
            title: s.fg(Color::Cyan).add_modifier(Modifier::BOLD),
            border: s.fg(Color::DarkGray),
            selected: s.add_modifier(Modifier::REVERSED),
            status: s.fg(Color::Black).bg(Color::Cyan),
        }
    }

    pub fn monochrome() -> Theme {
        let s = Style::default();
        Theme {
            normal: s,
            muted: s.add_modifier(Modifier::DIM),
            strong: s.add_modifier(Modifier::BOLD),
            accent: s.add_modifier(Modifier::BOLD),
            keyword: s.add_modifier(Modifier::BOLD),
            ok: s,
            warn: s.add_modifier(Modifier::BOLD),
            error: s.add_modifier(Modifier::BOLD | Modifier::REVERSED),
            title: s.add_modifier(Modifier::BOLD),
            border: s,
            selected: s.add_modifier(Modifier::REVERSED),
            status: s.add_modifier(Modifier::REVERSED),
        }
    }
}
