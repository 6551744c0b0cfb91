//! Where inline mode's live area is after the window narrows.
//!
//! A narrower window makes the terminal rewrap its lines: tmux, kitty,
//! alacritty, iTerm2, VTE and others split each row longer than the new
//! width into several, the live area's rows too, so the cursor (which the
//! terminal reports) is no longer the same number of rows below the live
//! area's top. ratatui's answer to a narrower inline viewport is to clear
//! the whole screen and start again at its top, which wipes the visible
//! answers; instead the live area is redrawn from the row where its old
//! top is now, and nothing above it is touched.
//!
//! Invariants: the result never lies below the reported cursor row; a
//! terminal that cuts rows instead of rewrapping them (xterm, the Linux
//! console) ends up with the live area at most the extra rows higher,
//! whose first is the blank line every turn ends with.

/// The row of the live area's top after narrowing to `width`: `above` are
/// the widths used by the live area's rows above the cursor's row (as last
/// drawn), `cursor_x` the cursor's column before, `cursor_y` the row the
/// terminal reports now.
pub fn top_after_narrowing(above: &[u16], cursor_x: u16, cursor_y: u16, width: u16) -> u16 {
    let width = width.max(1);
    // A row of `w` cells takes ceil(w / width) rows (an empty one, one).
    let rows: u16 = above.iter().map(|&w| w.div_ceil(width).max(1)).fold(0, u16::saturating_add);
    // The cursor's own row split before it too.
    cursor_y.saturating_sub(rows).saturating_sub(cursor_x / width)
}

/// The width a drawn row uses: up to its last cell that shows something
/// (a character, a background or a mark), as the terminal keeps it.
pub fn used_width(buf: &ratatui::buffer::Buffer, y: u16) -> u16 {
    let area = buf.area;
    (area.left()..area.right())
        .rev()
        .find(|&x| buf.cell((x, y)).is_some_and(|c| c.symbol() != " " || c.bg != ratatui::style::Color::Reset || !c.modifier.is_empty()))
        .map_or(0, |x| x - area.left() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_top_moves_up_by_the_rows_the_rewrap_added() {
        // (rows above the cursor, cursor column before, cursor row now, width, top)
        let cases: &[(&[u16], u16, u16, u16, u16)] = &[
            // 120 -> 80: the full-width rule now takes two rows.
            (&[120], 2, 30, 80, 28),
            // Nothing wider than the window: the row above the cursor.
            (&[60], 2, 30, 80, 29),
            // 200 -> 64: the rule takes four rows; an empty row takes one.
            (&[200, 0], 2, 30, 64, 25),
            // A long input put the cursor on the second row of its line.
            (&[120], 90, 31, 80, 28),
            // The cursor on the live area's top row.
            (&[], 5, 10, 80, 10),
            // Never above the screen.
            (&[120, 120], 0, 1, 40, 0),
        ];
        for &(above, x, y, width, top) in cases {
            assert_eq!(top_after_narrowing(above, x, y, width), top, "{above:?} x {x} y {y} width {width}");
        }
    }

    #[test]
    fn a_rows_width_ends_at_its_last_visible_cell() {
        use ratatui::buffer::Buffer;
        use ratatui::layout::Rect;
        use ratatui::style::{Color, Style};
        let mut buf = Buffer::empty(Rect::new(0, 5, 10, 3));
        buf.set_string(0, 5, "› ab", Style::default());
        buf.set_style(Rect::new(0, 6, 10, 1), Style::default().bg(Color::Blue));
        assert_eq!((used_width(&buf, 5), used_width(&buf, 6), used_width(&buf, 7)), (4, 10, 0));
    }
}
