//! A ratatui buffer as an SVG image: monospace text on a cell grid, each
//! cell with its foreground and background colour, bold, dim, italic,
//! underline and reverse. The screenshots in `screenshots/` are drawn with
//! it from frames of the real app.
//!
//! Invariants: one `<rect>` per run of equal background in a row and one
//! `<text>` per run of equal style, each placed at its first cell and
//! stretched to its cells (`textLength`), so wide characters (CJK, emoji)
//! and fonts with other advances keep the columns aligned; text is
//! escaped for XML.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::fmt::Write;

/// Cell size in pixels for the font size below: a line as tall as the
/// font's box-drawing glyphs, so borders join.
const CELL_W: f32 = 8.8;
const CELL_H: f32 = 17.0;
const FONT_PX: f32 = 14.6;
const PAD: f32 = 10.0;

/// The terminal's own colours: what `Color::Reset` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub fg: (u8, u8, u8),
    pub bg: (u8, u8, u8),
}

impl Palette {
    /// A terminal suited to the theme `name` (light themes on white).
    pub fn for_theme(name: &str) -> Palette {
        match name {
            "light" => Palette { fg: (0x1c, 0x1c, 0x1c), bg: (0xfd, 0xfd, 0xfa) },
            "high-contrast" => Palette { fg: (0xff, 0xff, 0xff), bg: (0x00, 0x00, 0x00) },
            _ => Palette { fg: (0xd4, 0xd4, 0xd4), bg: (0x1e, 0x1e, 0x24) },
        }
    }
}

/// The 16 ANSI colours as most terminals show them.
const ANSI: [(u8, u8, u8); 16] = [
    (0x00, 0x00, 0x00),
    (0xcd, 0x31, 0x31),
    (0x0d, 0xbc, 0x79),
    (0xe5, 0xe5, 0x10),
    (0x24, 0x72, 0xc8),
    (0xbc, 0x3f, 0xbc),
    (0x11, 0xa8, 0xcd),
    (0xe5, 0xe5, 0xe5),
    (0x76, 0x76, 0x76),
    (0xf1, 0x4c, 0x4c),
    (0x23, 0xd1, 0x8b),
    (0xf5, 0xf5, 0x43),
    (0x3b, 0x8e, 0xea),
    (0xd6, 0x70, 0xd6),
    (0x29, 0xb8, 0xdb),
    (0xff, 0xff, 0xff),
];

/// The RGB of `c`, with `reset` for the terminal's default.
pub fn rgb(c: Color, reset: (u8, u8, u8)) -> (u8, u8, u8) {
    match c {
        Color::Reset => reset,
        Color::Black => ANSI[0],
        Color::Red => ANSI[1],
        Color::Green => ANSI[2],
        Color::Yellow => ANSI[3],
        Color::Blue => ANSI[4],
        Color::Magenta => ANSI[5],
        Color::Cyan => ANSI[6],
        Color::Gray => ANSI[7],
        Color::DarkGray => ANSI[8],
        Color::LightRed => ANSI[9],
        Color::LightGreen => ANSI[10],
        Color::LightYellow => ANSI[11],
        Color::LightBlue => ANSI[12],
        Color::LightMagenta => ANSI[13],
        Color::LightCyan => ANSI[14],
        Color::White => ANSI[15],
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(i) => indexed(i),
    }
}

/// xterm's 256-colour table.
fn indexed(i: u8) -> (u8, u8, u8) {
    match i {
        0..=15 => ANSI[i as usize],
        16..=231 => {
            let n = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            (level(n / 36), level((n / 6) % 6), level(n % 6))
        }
        _ => {
            let g = 8 + 10 * (i - 232);
            (g, g, g)
        }
    }
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// How one cell is drawn: colours after reverse, and the text style.
#[derive(Debug, Clone, PartialEq)]
struct Look {
    fg: (u8, u8, u8),
    bg: (u8, u8, u8),
    bold: bool,
    dim: bool,
    italic: bool,
    underline: bool,
}

fn look(cell: &ratatui::buffer::Cell, p: Palette) -> Look {
    let m = cell.modifier;
    let (mut fg, mut bg) = (rgb(cell.fg, p.fg), rgb(cell.bg, p.bg));
    if m.contains(Modifier::REVERSED) {
        std::mem::swap(&mut fg, &mut bg);
    }
    Look {
        fg,
        bg,
        bold: m.contains(Modifier::BOLD),
        dim: m.contains(Modifier::DIM),
        italic: m.contains(Modifier::ITALIC),
        underline: m.contains(Modifier::UNDERLINED),
    }
}

/// `buf` as a standalone SVG document, with `title` for its `<title>`.
pub fn render(buf: &Buffer, p: Palette, title: &str) -> String {
    let area = buf.area;
    let (w, h) = (f32::from(area.width) * CELL_W + 2.0 * PAD, f32::from(area.height) * CELL_H + 2.0 * PAD);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}" font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace" font-size="{FONT_PX}">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(out, r#"<rect width="100%" height="100%" rx="6" fill="{}"/>"#, hex(p.bg));
    for y in 0..area.height {
        // The cells after a wide character are hidden by it (ratatui
        // leaves a blank there): they add no text.
        let mut row: Vec<(String, Look, u16)> = Vec::with_capacity(usize::from(area.width));
        let mut hidden = 0;
        for x in 0..area.width {
            let Some(cell) = buf.cell((area.x + x, area.y + y)) else { continue };
            let sym = if hidden > 0 {
                hidden -= 1;
                String::new()
            } else {
                hidden = ratatui::text::Span::raw(cell.symbol()).width().saturating_sub(1);
                cell.symbol().to_string()
            };
            row.push((sym, look(cell, p), x));
        }
        let top = PAD + f32::from(y) * CELL_H;
        // Backgrounds: runs of one colour other than the terminal's.
        let mut i = 0;
        while i < row.len() {
            let bg = row[i].1.bg;
            let mut j = i + 1;
            while j < row.len() && row[j].1.bg == bg {
                j += 1;
            }
            if bg != p.bg {
                let x = PAD + f32::from(row[i].2) * CELL_W;
                let _ = writeln!(out, r#"<rect x="{x:.1}" y="{top:.1}" width="{:.1}" height="{CELL_H:.1}" fill="{}"/>"#, (j - i) as f32 * CELL_W, hex(bg));
            }
            i = j;
        }
        // Text: runs of one look; a wide character's second cell is empty.
        let base = top + CELL_H * 0.79;
        let mut i = 0;
        while i < row.len() {
            let mut j = i + 1;
            while j < row.len() && row[j].1 == row[i].1 {
                j += 1;
            }
            let text: String = row[i..j].iter().map(|(s, _, _)| s.as_str()).collect();
            if !text.trim().is_empty() {
                let l = &row[i].1;
                let x = PAD + f32::from(row[i].2) * CELL_W;
                let mut attrs = format!(r#" fill="{}""#, hex(l.fg));
                if l.bold {
                    attrs.push_str(r#" font-weight="bold""#);
                }
                if l.dim {
                    attrs.push_str(r#" opacity="0.6""#);
                }
                if l.italic {
                    attrs.push_str(r#" font-style="italic""#);
                }
                if l.underline {
                    attrs.push_str(r#" text-decoration="underline""#);
                }
                let cells = (j - i) as f32 * CELL_W;
                let _ = writeln!(out, r#"<text x="{x:.1}" y="{base:.1}" xml:space="preserve" textLength="{cells:.1}" lengthAdjust="spacingAndGlyphs"{attrs}>{}</text>"#, escape(&text));
            }
            i = j;
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    #[test]
    fn text_colours_and_bold_reach_the_svg() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 20, 2));
        buf.set_string(0, 0, "revenue <by> & month", Style::default().fg(Color::Cyan).bold());
        buf.set_string(0, 1, "ok", Style::default().fg(Color::Black).bg(Color::Rgb(1, 2, 3)));
        let svg = render(&buf, Palette::for_theme("dark"), "a \"test\"");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("revenue &lt;by&gt; &amp; month"), "{svg}");
        assert!(svg.contains(r##"fill="#11a8cd" font-weight="bold""##), "{svg}");
        assert!(svg.contains(r##"fill="#010203""##), "a background rect for the styled cells");
        assert!(svg.contains("<title>a &quot;test&quot;</title>"));
    }

    #[test]
    fn reverse_swaps_colours_and_reset_takes_the_palette() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 1));
        buf.set_string(0, 0, "sel", Style::default().reversed());
        let p = Palette::for_theme("light");
        let svg = render(&buf, p, "t");
        // Reversed: the text is drawn in the background colour on a foreground-coloured rect.
        assert!(svg.contains(&format!(r#"fill="{}"/>"#, hex(p.fg))), "{svg}");
        assert!(svg.contains(&format!(r#"fill="{}">sel</text>"#, hex(p.bg))), "{svg}");
    }

    #[test]
    fn wide_characters_keep_their_cells() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 1));
        buf.set_string(0, 0, "東京ab", Style::default());
        let svg = render(&buf, Palette::for_theme("dark"), "t");
        // One run over all six cells: its text is stretched to 6 cells.
        assert!(svg.contains(&format!(r#"textLength="{:.1}""#, 6.0 * CELL_W)), "{svg}");
        assert!(svg.contains(">東京ab</text>"), "{svg}");
    }

    #[test]
    fn the_256_colour_table() {
        for (i, want) in [(16u8, (0, 0, 0)), (21, (0, 0, 255)), (196, (255, 0, 0)), (232, (8, 8, 8)), (255, (238, 238, 238)), (9, ANSI[9])] {
            assert_eq!(indexed(i), want, "{i}");
        }
    }
}
