//! A backend that knows where its cursor is without asking the terminal.
//!
//! ratatui's inline viewport asks for the cursor position (`ESC [ 6 n`)
//! whenever it clears or resizes the viewport, and after every
//! `insert_before`. The answer arrives on standard input, which the input
//! thread is blocked reading (holding crossterm's event reader), so a real
//! query from the loop would wait two seconds and fail. The terminal is
//! asked once, before the input thread starts; after that every move the
//! loop makes goes through this wrapper, which keeps the position itself.
//!
//! Lines written into the scrollback ([`Tracked::trimming`]) are sent
//! without their trailing blanks (the row is cleared whole first), so they
//! copy without padding and rewrap cleanly when the window narrows.
//!
//! Invariants: the tracked position is inside the last known size; every
//! cursor movement ratatui makes (set, draw, line feeds) updates it, also
//! while [`Tracked::muted`] keeps it all from the terminal.

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// `B`, with the cursor position kept here.
#[derive(Debug)]
pub struct Tracked<B: Backend> {
    inner: B,
    pos: Position,
    /// Drawing whole rows for the scrollback: trim their trailing blanks.
    pub trimming: bool,
    /// Send nothing to the terminal, only follow the position (while
    /// ratatui's own narrowing resize runs; see [`super::Inline`]).
    pub muted: bool,
}

impl<B: Backend> Tracked<B> {
    /// Wrap `inner` whose cursor is at `pos` now.
    pub fn new(inner: B, pos: Position) -> Tracked<B> {
        Tracked { inner, pos, trimming: false, muted: false }
    }

    /// The terminal says the cursor is at `pos` (after a resize).
    pub fn moved_to(&mut self, pos: Position) {
        self.pos = pos;
    }

    /// Draw whole rows without their trailing blanks, erasing the rest of
    /// each row instead.
    fn draw_trimmed<'a>(&mut self, content: impl Iterator<Item = (u16, u16, &'a Cell)>) -> Result<(), B::Error> {
        let cells: Vec<(u16, u16, &Cell)> = content.collect();
        for row in cells.chunk_by(|a, b| a.1 == b.1) {
            let y = row[0].1;
            let used = row.iter().rposition(|(_, _, c)| !blank(c)).map_or(0, |i| i + 1);
            // A whole row is cleared whole first: tmux then holds it as a
            // new line only as long as its text (erasing after the text
            // leaves the old length, so a narrower window would rewrap the
            // row into an extra blank one).
            let whole = row[0].0 == 0;
            if whole {
                self.set_cursor_position(Position::new(0, y))?;
                self.inner.clear_region(ClearType::CurrentLine)?;
            }
            self.inner.draw(row[..used].iter().copied())?;
            let x = row[..used].last().map_or(0, |(x, _, c)| x.saturating_add(u16::try_from(ratatui::text::Span::raw(c.symbol()).width().max(1)).unwrap_or(1)));
            self.set_cursor_position(Position::new(x, y))?;
            // A full row has nothing to erase (and the cursor, held at the
            // last column, would erase its last character).
            if !whole && x < self.inner.size().map_or(u16::MAX, |s| s.width) {
                self.inner.clear_region(ClearType::UntilNewLine)?;
            }
        }
        Ok(())
    }

    /// Keep the position inside a screen of `size` (after a resize the
    /// terminal moves the cursor onto the screen).
    pub fn clamp_to(&mut self, size: Size) {
        self.pos.x = self.pos.x.min(size.width.saturating_sub(1));
        self.pos.y = self.pos.y.min(size.height.saturating_sub(1));
    }

    fn height(&self) -> u16 {
        self.inner.size().map_or(u16::MAX, |s| s.height)
    }
}

impl<B: Backend> Backend for Tracked<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        if self.trimming && !self.muted {
            return self.draw_trimmed(content);
        }
        let mut last = None;
        let cells = content.inspect(|(x, y, c)| last = Some((*x, *y, ratatui::text::Span::raw(c.symbol()).width().max(1))));
        if self.muted {
            let _ = cells.count();
        } else {
            self.inner.draw(cells)?;
        }
        if let Some((x, y, w)) = last {
            self.pos = Position::new(x.saturating_add(u16::try_from(w).unwrap_or(1)), y);
        }
        Ok(())
    }

    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        if !self.muted {
            self.inner.append_lines(n)?;
        }
        // Line feeds move down until the last row, then scroll.
        self.pos.y = self.pos.y.saturating_add(n).min(self.height().saturating_sub(1));
        Ok(())
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        if self.muted { Ok(()) } else { self.inner.hide_cursor() }
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        if self.muted { Ok(()) } else { self.inner.show_cursor() }
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        Ok(self.pos)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        let p = position.into();
        if !self.muted {
            self.inner.set_cursor_position(p)?;
        }
        self.pos = p;
        Ok(())
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        if self.muted { Ok(()) } else { self.inner.clear() }
    }

    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        if self.muted { Ok(()) } else { self.inner.clear_region(clear_type) }
    }

    fn size(&self) -> Result<Size, Self::Error> {
        self.inner.size()
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        if self.muted { Ok(()) } else { self.inner.flush() }
    }
}

/// A cell that looks like nothing: a space with no background or marks.
fn blank(c: &Cell) -> bool {
    c.symbol() == " " && c.bg == ratatui::style::Color::Reset && c.modifier.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;

    #[test]
    fn the_position_follows_every_move_without_asking() {
        let mut b = Tracked::new(TestBackend::new(20, 5), Position::new(3, 1));
        assert_eq!(b.get_cursor_position().ok(), Some(Position::new(3, 1)));
        b.set_cursor_position(Position::new(0, 2)).ok();
        let cell = Cell::new("x");
        b.draw([(4u16, 2u16, &cell)].into_iter()).ok();
        assert_eq!(b.get_cursor_position().ok(), Some(Position::new(5, 2)), "after the last drawn cell");
        b.append_lines(10).ok();
        assert_eq!(b.get_cursor_position().ok().map(|p| p.y), Some(4), "line feeds stop at the last row");
        b.clamp_to(Size::new(3, 2));
        assert_eq!(b.get_cursor_position().ok(), Some(Position::new(2, 1)));
    }

    #[test]
    fn muted_it_sends_nothing_and_still_follows_the_cursor() {
        let mut b = Tracked::new(TestBackend::new(6, 3), Position::new(0, 0));
        b.muted = true;
        let cell = Cell::new("x");
        b.draw([(1u16, 1u16, &cell)].into_iter()).ok();
        assert_eq!(b.get_cursor_position().ok(), Some(Position::new(2, 1)));
        b.clear_region(ClearType::All).ok();
        b.append_lines(1).ok();
        b.set_cursor_position(Position::new(4, 0)).ok();
        b.inner.assert_buffer_lines(["      ", "      ", "      "]);
        assert_eq!(b.get_cursor_position().ok(), Some(Position::new(4, 0)));
        b.muted = false;
        b.draw([(0u16, 0u16, &cell)].into_iter()).ok();
        b.inner.assert_buffer_lines(["x     ", "      ", "      "]);
    }

    #[test]
    fn scrollback_rows_are_sent_without_trailing_blanks() {
        let mut b = Tracked::new(TestBackend::new(6, 2), Position::new(0, 0));
        let mut old = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 6, 2));
        old.set_string(0, 0, "zzzzzz", ratatui::style::Style::default());
        b.draw(old.content.iter().enumerate().map(|(i, c)| ((i % 6) as u16, (i / 6) as u16, c))).ok();
        b.trimming = true;
        let mut new = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 6, 2));
        new.set_string(0, 0, "ab", ratatui::style::Style::default());
        b.draw(new.content.iter().enumerate().map(|(i, c)| ((i % 6) as u16, (i / 6) as u16, c))).ok();
        // The old text after "ab" was erased, not overwritten with spaces.
        b.inner.assert_buffer_lines(["ab    ", "      "]);
        assert_eq!(b.get_cursor_position().ok(), Some(Position::new(0, 1)), "at the end of the last row's text");
        // A row that fills the width keeps its last character.
        let mut full = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 6, 1));
        full.set_string(0, 0, "abcde…", ratatui::style::Style::default());
        b.draw(full.content.iter().enumerate().map(|(i, c)| ((i % 6) as u16, 0, c))).ok();
        b.inner.assert_buffer_lines(["abcde…", "      "]);
    }
}
