//! The multi-line input: a `ratatui-textarea` buffer (cursor, word moves,
//! undo, kill and yank) that the app edits and the view draws with its own
//! highlighting. What a key does at the edges (Enter submits, Up on the
//! first line recalls history, Tab completes) is the app's decision; this
//! type only holds the text and the cursor.
//!
//! Invariants: there is always at least one line; pasted text keeps its
//! newlines (CR LF and lone CR become LF); the cursor is always inside the
//! text.

use ratatui::crossterm::event::KeyEvent;
use ratatui_textarea::{CursorMove, TextArea};

/// Lines the input grows to before it scrolls.
pub const MAX_VISIBLE_LINES: usize = 6;

/// See the module documentation.
#[derive(Debug, Clone, Default)]
pub struct InputBox {
    area: TextArea<'static>,
}

impl InputBox {
    /// The whole text, lines joined by `\n`.
    pub fn text(&self) -> String {
        self.area.lines().join("\n")
    }

    pub fn lines(&self) -> &[String] {
        self.area.lines()
    }

    /// Replace the text; the cursor goes to its end.
    pub fn set_text(&mut self, text: &str) {
        self.area = TextArea::new(split_lines(text));
        self.area.move_cursor(CursorMove::Bottom);
        self.area.move_cursor(CursorMove::End);
    }

    pub fn clear(&mut self) {
        self.set_text("");
    }

    /// True when there is nothing but whitespace.
    pub fn is_blank(&self) -> bool {
        self.area.lines().iter().all(|l| l.trim().is_empty())
    }

    pub fn starts_with(&self, prefix: &str) -> bool {
        self.area.lines().first().is_some_and(|l| l.starts_with(prefix))
    }

    /// (line, column in characters) of the cursor.
    pub fn cursor(&self) -> (usize, usize) {
        let c = self.area.cursor();
        (c.0, c.1)
    }

    pub fn on_first_line(&self) -> bool {
        self.cursor().0 == 0
    }

    pub fn on_last_line(&self) -> bool {
        self.cursor().0 + 1 >= self.area.lines().len()
    }

    pub fn newline(&mut self) {
        self.area.insert_newline();
    }

    /// Insert pasted text at the cursor, newlines kept.
    pub fn paste(&mut self, text: &str) {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        self.area.insert_str(text);
    }

    /// An editing key (characters, Backspace, arrows, Home/End, word and
    /// kill keys); true when the text or cursor changed.
    pub fn edit(&mut self, k: KeyEvent) -> bool {
        self.area.input(k)
    }

    /// The text before the cursor (what completion looks at).
    pub fn before_cursor(&self) -> String {
        let (row, col) = self.cursor();
        let lines = self.area.lines();
        let mut out: Vec<String> = lines.iter().take(row).cloned().collect();
        out.push(lines.get(row).map(|l| l.chars().take(col).collect()).unwrap_or_default());
        out.join("\n")
    }

    /// Replace the text before the cursor with `new`, keeping what follows;
    /// the cursor ends after `new`.
    pub fn replace_before_cursor(&mut self, new: &str) {
        let (row, col) = self.cursor();
        let lines = self.area.lines();
        let rest_of_line: String = lines.get(row).map(|l| l.chars().skip(col).collect()).unwrap_or_default();
        let after: Vec<String> = lines.iter().skip(row + 1).cloned().collect();
        let mut all = split_lines(new);
        let (crow, ccol) = (all.len() - 1, all.last().map_or(0, |l| l.chars().count()));
        if let Some(last) = all.last_mut() {
            last.push_str(&rest_of_line);
        }
        all.extend(after);
        self.area = TextArea::new(all);
        let to = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        self.area.move_cursor(CursorMove::Jump(to(crow), to(ccol)));
    }
}

/// `text` as lines, at least one.
fn split_lines(text: &str) -> Vec<String> {
    let lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    if lines.is_empty() { vec![String::new()] } else { lines }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn paste_keeps_newlines_and_the_cursor_follows() {
        let mut b = InputBox::default();
        b.paste("SELECT 1\r\nFROM t\rWHERE x");
        assert_eq!(b.text(), "SELECT 1\nFROM t\nWHERE x");
        assert_eq!(b.cursor(), (2, 7));
        assert!(b.on_last_line() && !b.on_first_line());
        b.edit(key(KeyCode::Up));
        b.edit(key(KeyCode::Up));
        assert!(b.on_first_line());
    }

    #[test]
    fn text_before_the_cursor_is_replaced_and_the_rest_kept() {
        let mut b = InputBox::default();
        b.set_text("SELECT su\nFROM t");
        b.edit(key(KeyCode::Up));
        b.edit(key(KeyCode::End));
        assert_eq!(b.before_cursor(), "SELECT su");
        b.replace_before_cursor("SELECT sum(");
        assert_eq!(b.text(), "SELECT sum(\nFROM t");
        assert_eq!(b.cursor(), (0, 11));
        b.edit(key(KeyCode::Char('x')));
        assert_eq!(b.text(), "SELECT sum(x\nFROM t");
    }

    #[test]
    fn set_text_puts_the_cursor_at_the_end_and_clear_leaves_one_line() {
        let mut b = InputBox::default();
        b.set_text("a\nbc");
        assert_eq!(b.cursor(), (1, 2));
        b.clear();
        assert_eq!(b.lines(), [String::new()]);
        assert!(b.is_blank());
    }
}
