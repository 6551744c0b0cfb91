//! Fewer bytes per keypress while the results grid scrolls: its rows move
//! with the terminal's own scroll region instead of being sent again.
//!
//! ratatui sends the cells that differ from its last frame; when the grid
//! moves down a row, every visible row differs, so a keypress costs about
//! as much as the rows on screen (1.4 KB at 120x40). A terminal can move
//! rows itself: a scroll region (DECSTBM, `ESC [ top ; bottom r`) and a
//! line feed at its bottom (or a reverse index, `ESC M`, at its top) shift
//! the rows inside it, VT100 escapes every terminal and multiplexer knows.
//! [`Shadowed`] keeps a copy of what the terminal shows (the shadow): a
//! [`Shift`] moves the rows on the terminal and in the shadow alike, and
//! each frame is sent as its difference from the shadow, so the rows that
//! only moved are not sent again. The grid says where its rows are and how
//! far they move ([`super::grid::Grid::shift`]); [`FullScreen`] asks it
//! before each frame.
//!
//! Invariants: what is sent is always the difference between the frame and
//! what the terminal shows, so a wrong or stale shift costs bytes, never a
//! wrong screen; ratatui's own buffers are left blank after every frame
//! ([`draw`]), so it hands over every visible cell and cells it does not
//! hand over are blank.

use super::app::App;
use super::Front;
use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::{Position, Rect, Size};
use ratatui::Terminal;
use std::io::Write;

/// Screen rows `top..bottom` whose content moves `by` rows: up (the grid
/// scrolled forward) when positive, down when negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shift {
    pub top: u16,
    pub bottom: u16,
    pub by: i16,
}

/// A backend that knows what its terminal shows and sends only what
/// differs from it; [`Shadowed::shift`] moves rows on the terminal.
#[derive(Debug)]
pub struct Shadowed<B: Backend + Write> {
    inner: B,
    shadow: Buffer,
    /// The screen's size when the inner backend cannot ask (a counter).
    fixed: Option<Size>,
}

impl<B: Backend + Write> Shadowed<B> {
    /// Wrap `inner`, whose screen is blank (just cleared) at its size.
    pub fn new(inner: B) -> Shadowed<B> {
        let size = inner.size().unwrap_or_default();
        Shadowed { inner, shadow: Buffer::empty(Rect::from((Position::ORIGIN, size))), fixed: None }
    }

    /// Wrap `inner`, a blank screen of `size` (no terminal to ask).
    pub fn with_size(inner: B, size: Size) -> Shadowed<B> {
        Shadowed { inner, shadow: Buffer::empty(Rect::from((Position::ORIGIN, size))), fixed: Some(size) }
    }

    pub fn inner_mut(&mut self) -> &mut B {
        &mut self.inner
    }

    fn area(&self) -> Rect {
        let size = self.fixed.or_else(|| self.inner.size().ok()).unwrap_or(self.shadow.area.as_size());
        Rect::from((Position::ORIGIN, size))
    }

    /// The terminal shows something unknown: the next frame is sent whole.
    fn forget(&mut self) {
        let area = self.area();
        self.shadow = Buffer::filled(area, Cell::new("\u{fffd}"));
    }

    /// Move rows `s.top..s.bottom` by `s.by` on the terminal (a scroll
    /// region and line feeds or reverse indexes) and in the shadow. A
    /// shift outside the screen, or by as many rows as there are, does
    /// nothing (sending the rows is as cheap).
    pub fn shift(&mut self, s: Shift) -> std::io::Result<()> {
        let area = self.shadow.area;
        let n = s.by.unsigned_abs();
        if s.by == 0 || s.top >= s.bottom || s.bottom > area.bottom() || n >= s.bottom - s.top {
            return Ok(());
        }
        // Attributes reset first: the rows that come in are blank.
        let mut seq = format!("\x1b[0m\x1b[{};{}r", s.top + 1, s.bottom);
        if s.by > 0 {
            seq.push_str(&format!("\x1b[{};1H", s.bottom));
            seq.push_str(&"\n".repeat(usize::from(n)));
        } else {
            seq.push_str(&format!("\x1b[{};1H", s.top + 1));
            seq.push_str(&"\x1bM".repeat(usize::from(n)));
        }
        seq.push_str("\x1b[r");
        self.inner.write_all(seq.as_bytes())?;
        let rows: Vec<Vec<Cell>> = (s.top..s.bottom).map(|y| (area.left()..area.right()).map(|x| self.shadow[(x, y)].clone()).collect()).collect();
        for (i, y) in (s.top..s.bottom).enumerate() {
            let from = i as isize + isize::from(s.by);
            for (j, x) in (area.left()..area.right()).enumerate() {
                let cell = usize::try_from(from).ok().and_then(|f| rows.get(f)).map_or_else(Cell::default, |r| r[j].clone());
                self.shadow[(x, y)] = cell;
            }
        }
        Ok(())
    }
}

impl<B: Backend + Write> Backend for Shadowed<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let area = self.area();
        if self.shadow.area != area {
            // Resized without a clear: nothing on screen can be trusted.
            self.forget();
        }
        // Every visible cell was handed over (ratatui diffs against a blank
        // frame); the rest of the frame is blank.
        let mut frame = Buffer::empty(area);
        for (x, y, c) in content {
            if area.contains(Position::new(x, y)) {
                frame[(x, y)] = c.clone();
            }
        }
        let updates = self.shadow.diff(&frame);
        self.inner.draw(updates.into_iter())?;
        self.shadow = frame;
        Ok(())
    }

    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        self.forget();
        self.inner.append_lines(n)
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        self.inner.clear()?;
        self.shadow = Buffer::empty(self.area());
        Ok(())
    }

    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.inner.clear_region(clear_type)?;
        match clear_type {
            ClearType::All => self.shadow = Buffer::empty(self.area()),
            _ => self.forget(),
        }
        Ok(())
    }

    fn size(&self) -> Result<Size, Self::Error> {
        match self.fixed {
            Some(s) => Ok(s),
            None => self.inner.size(),
        }
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        Backend::flush(&mut self.inner)
    }
}

/// Draw `app` on `terminal`, moving the grid's rows with a scroll region
/// first when they only moved; `seen` gets the frame drawn.
pub fn draw<B: Backend + Write>(terminal: &mut Terminal<Shadowed<B>>, app: &App, seen: &mut dyn FnMut(&App, &Buffer)) -> Result<(), B::Error> {
    if let Some(s) = app.grid.shift() {
        // Failing to move rows only costs bytes: the frame sends them.
        let _ = terminal.backend_mut().shift(s);
    }
    app.grid.forget_drawn();
    let frame = terminal.draw(|f| super::view::draw(f, app, &app.theme))?;
    seen(app, frame.buffer);
    // Both of ratatui's buffers blank: the next frame hands over every
    // visible cell, and the shadow decides what is sent.
    terminal.swap_buffers();
    terminal.swap_buffers();
    Ok(())
}

/// The full-screen workbench on a [`Shadowed`] terminal.
pub struct FullScreen<B: Backend + Write> {
    pub terminal: Terminal<Shadowed<B>>,
}

impl<B: Backend + Write> Front for FullScreen<B>
where
    B::Error: Send + Sync + 'static,
{
    fn show(&mut self, app: &mut App, seen: &mut dyn FnMut(&App, &Buffer)) -> anyhow::Result<Option<std::time::Duration>> {
        draw(&mut self.terminal, app, seen)?;
        Ok(None)
    }

    fn redraw(&mut self) {
        super::full_redraw(&mut self.terminal);
    }

    /// Every resize draws every cell from a cleared screen. ratatui clears
    /// only when the size differs from the last frame's; a window narrowed
    /// and widened back before the next frame has the same size, but the
    /// terminal cut what the narrow window did not hold, and a frame sent
    /// as its difference from the shadow would leave those cells blank.
    fn resized(&mut self) {
        super::full_redraw(&mut self.terminal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::CrosstermBackend;
    use ratatui::text::Line;
    use ratatui::widgets::Paragraph;
    use ratatui::{TerminalOptions, Viewport};

    const W: u16 = 30;
    const H: u16 = 10;

    /// What the terminal was sent, kept outside the backend.
    #[derive(Clone, Default)]
    struct Sent(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for Sent {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    type T = Terminal<Shadowed<CrosstermBackend<Sent>>>;

    fn terminal() -> (T, Sent) {
        let sent = Sent::default();
        let backend = Shadowed::with_size(CrosstermBackend::new(sent.clone()), Size::new(W, H));
        (Terminal::with_options(backend, TerminalOptions { viewport: Viewport::Fixed(Rect::new(0, 0, W, H)) }).unwrap(), sent)
    }

    fn take(sent: &Sent) -> Vec<u8> {
        std::mem::take(&mut *sent.0.lock().unwrap())
    }

    /// A title, rows `top..` of a list (the one at `cursor` marked) and a
    /// footer: what the grid looks like to the terminal.
    fn frame((t, sent): &mut (T, Sent), top: usize, cursor: usize) -> Vec<u8> {
        t.draw(|f| {
            let mut lines = vec![Line::raw(format!("rows from {top}"))];
            for i in top..top + usize::from(H) - 2 {
                let mark = if i == cursor { ">" } else { " " };
                lines.push(Line::raw(format!("{mark} {}", text(i))));
            }
            lines.push(Line::raw("footer"));
            f.render_widget(Paragraph::new(lines), f.area());
        })
        .unwrap();
        t.swap_buffers();
        t.swap_buffers();
        take(sent)
    }

    /// Row `i`'s text: letters that differ from the next row's everywhere.
    fn text(i: usize) -> String {
        (0..24).map(|k| char::from(b'a' + ((i * 7 + k * 3) % 26) as u8)).collect()
    }

    fn expected(top: usize, cursor: usize) -> String {
        let mut rows = vec![format!("rows from {top}")];
        for i in top..top + usize::from(H) - 2 {
            rows.push(format!("{} {}", if i == cursor { ">" } else { " " }, text(i)));
        }
        rows.push("footer".into());
        rows.join("\n")
    }

    #[test]
    fn shifted_rows_are_moved_by_the_terminal_and_the_screen_stays_right() {
        let mut plain = terminal();
        let mut shifted = terminal();
        let mut vt = vt100::Parser::new(H, W, 0);
        let first = frame(&mut shifted, 0, 7);
        vt.process(&first);
        frame(&mut plain, 0, 7);
        let (mut sent_plain, mut sent_shifted) = (0, 0);
        // Down at the bottom row: the rows move up one; then back up.
        let steps: &[(usize, i16)] = &[(1, 1), (2, 1), (3, 1), (2, -1), (1, -1), (4, 3)];
        for &(top, by) in steps {
            shifted.0.backend_mut().shift(Shift { top: 1, bottom: H - 1, by }).unwrap();
            let bytes = frame(&mut shifted, top, top + 7);
            sent_shifted += bytes.len();
            vt.process(&bytes);
            sent_plain += frame(&mut plain, top, top + 7).len();
            let shown: Vec<String> = vt.screen().rows(0, W).map(|r| r.trim_end().to_string()).collect();
            assert_eq!(shown.join("\n"), expected(top, top + 7), "after top {top}");
        }
        assert!(sent_shifted * 2 < sent_plain, "moving rows sends less: {sent_shifted} vs {sent_plain} bytes");
    }

    #[test]
    fn a_window_narrowed_and_widened_back_is_drawn_whole_again() {
        let shown = |vt: &vt100::Parser| vt.screen().rows(0, W).map(|r| r.trim_end().to_string()).collect::<Vec<_>>().join("\n");
        let mut t = terminal();
        let mut vt = vt100::Parser::new(H, W, 0);
        vt.process(&frame(&mut t, 0, 0));
        assert_eq!(shown(&vt), expected(0, 0));
        // Narrowed and widened back before the next frame: the terminal cut
        // the columns the narrow window did not hold, and the size is the
        // one ratatui last drew at, so it clears nothing. Sent as its
        // difference from the shadow, the same frame leaves them blank...
        let cut = |vt: &mut vt100::Parser| {
            vt.screen_mut().set_size(H, W / 2);
            vt.screen_mut().set_size(H, W);
        };
        cut(&mut vt);
        vt.process(&frame(&mut t, 0, 0));
        assert_ne!(shown(&vt), expected(0, 0), "the cut columns are not sent again");
        // ...unless the resize, as the event loop passes it on, draws it whole.
        cut(&mut vt);
        let mut front = FullScreen { terminal: t.0 };
        front.resized();
        let mut t = (front.terminal, t.1);
        vt.process(&frame(&mut t, 0, 0));
        assert_eq!(shown(&vt), expected(0, 0));
    }

    #[test]
    fn a_wrong_shift_costs_bytes_not_a_wrong_screen() {
        let mut t = terminal();
        let mut vt = vt100::Parser::new(H, W, 0);
        vt.process(&frame(&mut t, 0, 0));
        // Told the rows moved up two while they moved down one.
        t.0.backend_mut().shift(Shift { top: 1, bottom: H - 1, by: 2 }).unwrap();
        vt.process(&frame(&mut t, 5, 5));
        let shown: Vec<String> = vt.screen().rows(0, W).map(|r| r.trim_end().to_string()).collect();
        assert_eq!(shown.join("\n"), expected(5, 5));
        // A shift as large as the region, or outside the screen, does nothing.
        for s in [Shift { top: 1, bottom: 4, by: 3 }, Shift { top: 2, bottom: H + 3, by: 1 }, Shift { top: 1, bottom: 4, by: 0 }] {
            t.0.backend_mut().shift(s).unwrap();
            assert!(take(&t.1).is_empty(), "{s:?}");
        }
    }
}
