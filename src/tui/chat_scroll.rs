//! How far the chat is scrolled back from its newest line (PgUp/PgDn
//! while the chat has the focus), so earlier turns can be read again in a
//! long session or a small window.
//!
//! Invariants: the offset counts wrapped rows up from the bottom; it holds
//! for the number of turns it was set at, so a new turn brings the chat
//! back to its newest line; it never goes past the top the last frame
//! found (the view records that bound as it draws).

use std::cell::Cell;

/// Rows one PgUp/PgDn moves the chat.
pub const PAGE: usize = 10;

/// The chat's scroll offset.
#[derive(Debug, Clone, Default)]
pub struct ChatScroll {
    rows: usize,
    turns: usize,
    /// The largest offset the last frame could show (`None`: not drawn
    /// yet, or more turns lie above what it laid out).
    top: Cell<Option<usize>>,
}

impl ChatScroll {
    /// The offset in effect with `turns` turns (0 after a new turn).
    pub fn rows(&self, turns: usize) -> usize {
        if turns == self.turns {
            self.rows
        } else {
            0
        }
    }

    /// Scroll back `by` rows (not past the top last drawn).
    pub fn up(&mut self, by: usize, turns: usize) {
        let want = self.rows(turns).saturating_add(by);
        self.rows = self.top.get().map_or(want, |top| want.min(top));
        self.turns = turns;
    }

    /// Scroll forward `by` rows, towards the newest line.
    pub fn down(&mut self, by: usize, turns: usize) {
        self.rows = self.rows(turns).saturating_sub(by);
        self.turns = turns;
    }

    /// The view's record of how far back it could scroll.
    pub fn set_top(&self, top: Option<usize>) {
        self.top.set(top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrolls_back_within_the_top_and_a_new_turn_returns_to_the_bottom() {
        let mut s = ChatScroll::default();
        assert_eq!(s.rows(3), 0);
        s.up(PAGE, 3);
        assert_eq!(s.rows(3), PAGE, "unbounded before a frame says where the top is");
        s.set_top(Some(14));
        s.up(PAGE, 3);
        assert_eq!(s.rows(3), 14, "stops at the top");
        s.down(PAGE, 3);
        assert_eq!(s.rows(3), 4);
        s.down(PAGE, 3);
        assert_eq!(s.rows(3), 0, "stops at the newest line");
        s.up(PAGE, 3);
        assert_eq!(s.rows(4), 0, "a new turn shows the newest line");
        s.set_top(None);
        s.up(PAGE, 4);
        s.up(PAGE, 4);
        assert_eq!(s.rows(4), 2 * PAGE, "more turns above: no bound");
    }

    #[test]
    fn page_up_in_the_chat_shows_earlier_turns_and_a_new_turn_comes_back() {
        use crate::tui::app::{App, AppEvent, Turn};
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let key = |c| AppEvent::Key(KeyEvent::new(c, KeyModifiers::NONE));
        let mut app = App::new("ecommerce", "4426003c24b2da06", "strict");
        for i in 0..30 {
            app.turns.push(Turn { input: format!("question number {i}"), note: Some(format!("answer {i}")), done: true, ..Turn::default() });
        }
        let screen = |app: &App| crate::tui::tests::screen(app, 80, 24);
        let newest = screen(&app);
        assert!(newest.contains("question number 29") && !newest.contains("question number 20"), "{newest}");
        for _ in 0..2 {
            app.handle(key(KeyCode::PageUp));
        }
        let back = screen(&app);
        assert!(back.contains("question number 15") && !back.contains("question number 29"), "{back}");
        assert!(back.contains("Chat · 20 lines back (PgDn returns)"), "{back}");
        // Far past the top: it stops there, and one PgDn moves at once.
        for _ in 0..20 {
            app.handle(key(KeyCode::PageUp));
            screen(&app);
        }
        let top = screen(&app);
        assert!(top.contains("question number 0\n") || top.contains("question number 0 "), "{top}");
        app.handle(key(KeyCode::PageDown));
        assert!(!screen(&app).contains("question number 0 "), "PgDn leaves the top at once");
        app.turns.push(Turn { input: "a new question".into(), done: true, ..Turn::default() });
        let again = screen(&app);
        assert!(again.contains("a new question") && !again.contains("lines back"), "{again}");
    }
}
