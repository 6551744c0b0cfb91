//! A scripted event source for the workbench's loop: steps of keys, typed
//! text, pauses and waits on the app's state, played at a pace. The demo
//! (`sandpiper demo`) and the screenshots drive the real app with it: the
//! loop asks [`Player::next`] after each frame and handles the key it gets
//! exactly as one from the keyboard.
//!
//! Invariants: at most one key per frame, so typing is drawn keystroke by
//! keystroke; a wait ([`Until`]) checks the app's state, never a clock
//! alone, and gives up after [`Player::limit`] with what it waited for;
//! nothing here changes the app.

use super::app::App;
use super::app::AppEvent;
use super::screen::Screen;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// One step of a script.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A key (F-keys, arrows, Enter, Ctrl-C, ...).
    Key(KeyEvent),
    /// Text typed character by character, at the pace.
    Type(String),
    /// Time to read, in beats of the pace.
    Pause(u32),
    /// Wait until the app is in this state.
    Until(Until),
    /// Keep the frame on screen now under this name (screenshots).
    Shot(String),
}

impl Step {
    pub fn key(code: KeyCode) -> Step {
        Step::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    pub fn ctrl(c: char) -> Step {
        Step::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    /// Type `text` and press Enter.
    pub fn line(text: &str) -> [Step; 2] {
        [Step::Type(text.to_string()), Step::key(KeyCode::Enter)]
    }
}

/// A state of the app a script waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// No job runs (the question's run is finished, recorded or not).
    Idle,
    /// This view fills the screen.
    Screen(Screen),
    /// The dataset picker has read the datasets.
    PickerLoaded,
    /// The audit view has read the log.
    AuditLoaded,
    /// The audit view has a verdict on the chain.
    AuditVerified,
}

impl Until {
    pub fn holds(self, app: &App) -> bool {
        match self {
            Until::Idle => app.running.is_none() && app.side_job.is_none() && !app.side_pending && app.turns.last().is_none_or(|t| t.done),
            Until::Screen(s) => app.screen == s,
            Until::PickerLoaded => !app.picker.loading && !app.picker.datasets.is_empty(),
            Until::AuditLoaded => !app.audit.loading,
            Until::AuditVerified => !app.audit.verifying && app.audit.verdict.is_some(),
        }
    }

    fn describe(self) -> String {
        match self {
            Until::Idle => "the run to finish".into(),
            Until::Screen(s) => format!("the {} view", s.title()),
            Until::PickerLoaded => "the dataset list".into(),
            Until::AuditLoaded => "the audit log to load".into(),
            Until::AuditVerified => "the audit chain check".into(),
        }
    }
}

/// How fast a script plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Pace {
    /// For watching closely (and for recordings meant to be read).
    Slow,
    #[default]
    Normal,
    /// As fast as the app answers (tests, screenshots).
    Fast,
}

impl Pace {
    /// Time between two typed characters.
    pub fn keystroke(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Slow => 90,
            Pace::Normal => 45,
            Pace::Fast => 0,
        })
    }

    /// One beat of a pause (time to read).
    pub fn beat(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Slow => 1400,
            Pace::Normal => 800,
            Pace::Fast => 15,
        })
    }
}

/// What the loop does next.
#[derive(Debug)]
pub enum Next {
    /// Handle this event now.
    Event(AppEvent),
    /// Ask again at this time (or sooner, when an event arrives).
    At(Instant),
    /// The script is over.
    Done,
    /// A wait gave up: why.
    Stuck(String),
}

/// Plays a script into the loop.
#[derive(Debug)]
pub struct Player {
    steps: VecDeque<Step>,
    pace: Pace,
    not_before: Instant,
    /// When the current wait began.
    waiting_since: Option<Instant>,
    /// The longest a wait may take.
    pub limit: Duration,
    /// Frames kept by [`Step::Shot`], in order.
    pub shots: Vec<(String, Buffer)>,
    /// Keys sent so far.
    pub keys: usize,
    /// The audit chain's verdict, kept when a script waited for it.
    pub verdict: Option<super::audit_view::Verdict>,
}

/// How often a wait looks at the app again when nothing else wakes the loop.
const RECHECK: Duration = Duration::from_millis(25);

impl Player {
    pub fn new(steps: Vec<Step>, pace: Pace) -> Player {
        Player { steps: steps.into(), pace, not_before: Instant::now(), waiting_since: None, limit: Duration::from_secs(120), shots: Vec::new(), keys: 0, verdict: None }
    }

    /// Steps not played yet.
    pub fn remaining(&self) -> usize {
        self.steps.len()
    }

    /// The next event for the loop, given the app as it is and the frame
    /// just drawn.
    pub fn next(&mut self, app: &App, frame: &Buffer, now: Instant) -> Next {
        loop {
            if now < self.not_before {
                return Next::At(self.not_before);
            }
            let Some(step) = self.steps.front_mut() else { return Next::Done };
            match step {
                Step::Type(text) => {
                    let Some(c) = text.chars().next() else {
                        self.steps.pop_front();
                        continue;
                    };
                    text.drain(..c.len_utf8());
                    return self.send(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE), now, self.pace.keystroke());
                }
                Step::Key(k) => {
                    let k = *k;
                    self.steps.pop_front();
                    // A named key is pressed a little slower than a letter.
                    return self.send(k, now, self.pace.keystroke() * 4);
                }
                Step::Pause(beats) => {
                    self.not_before = now + self.pace.beat() * *beats;
                    self.steps.pop_front();
                }
                Step::Until(until) => {
                    let until = *until;
                    if until.holds(app) {
                        if until == Until::AuditVerified {
                            self.verdict = app.audit.verdict.clone();
                        }
                        self.waiting_since = None;
                        self.steps.pop_front();
                        continue;
                    }
                    let since = *self.waiting_since.get_or_insert(now);
                    if now.duration_since(since) > self.limit {
                        return Next::Stuck(format!("the script waited {} s in vain for {}", self.limit.as_secs(), until.describe()));
                    }
                    return Next::At(now + RECHECK);
                }
                Step::Shot(name) => {
                    let name = std::mem::take(name);
                    self.steps.pop_front();
                    self.shots.push((name, frame.clone()));
                }
            }
        }
    }

    fn send(&mut self, k: KeyEvent, now: Instant, after: Duration) -> Next {
        self.keys += 1;
        self.not_before = now + after;
        Next::Event(AppEvent::Key(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    fn play(p: &mut Player, app: &mut App) -> Vec<KeyEvent> {
        let frame = Buffer::empty(Rect::new(0, 0, 4, 1));
        let mut keys = Vec::new();
        for _ in 0..100 {
            match p.next(app, &frame, Instant::now() + Duration::from_secs(3600)) {
                Next::Event(AppEvent::Key(k)) => keys.push(k),
                Next::Event(_) | Next::At(_) | Next::Stuck(_) => break,
                Next::Done => break,
            }
        }
        keys
    }

    #[test]
    fn types_one_key_per_call_and_waits_on_the_app() {
        let mut app = App::new("ecommerce", "", "strict");
        let mut steps = Vec::from(Step::line("hi"));
        steps.extend([Step::Until(Until::Idle), Step::Shot("after".into()), Step::ctrl('c')]);
        let mut p = Player::new(steps, Pace::Fast);
        app.running = Some(3);
        let keys = play(&mut p, &mut app);
        let codes: Vec<KeyCode> = keys.iter().map(|k| k.code).collect();
        assert_eq!(codes, [KeyCode::Char('h'), KeyCode::Char('i'), KeyCode::Enter], "stops at the wait while a job runs");
        assert!(p.shots.is_empty());
        app.running = None;
        let keys = play(&mut p, &mut app);
        assert_eq!(keys, [KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)]);
        assert_eq!(p.shots.len(), 1);
        assert_eq!(p.remaining(), 0);
    }

    #[test]
    fn a_wait_that_never_ends_gives_up_with_its_reason() {
        let app = App::new("ecommerce", "", "strict");
        let mut p = Player::new(vec![Step::Until(Until::AuditVerified)], Pace::Fast);
        p.limit = Duration::from_millis(10);
        let frame = Buffer::empty(Rect::new(0, 0, 1, 1));
        let t0 = Instant::now();
        assert!(matches!(p.next(&app, &frame, t0), Next::At(_)));
        match p.next(&app, &frame, t0 + Duration::from_secs(1)) {
            Next::Stuck(why) => assert!(why.contains("audit chain check"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn pauses_hold_the_next_key_back() {
        let app = App::new("ecommerce", "", "strict");
        let mut p = Player::new(vec![Step::Pause(2), Step::key(KeyCode::F(4))], Pace::Normal);
        let frame = Buffer::empty(Rect::new(0, 0, 1, 1));
        let t0 = Instant::now();
        match p.next(&app, &frame, t0) {
            Next::At(t) => assert!(t >= t0 + Pace::Normal.beat() * 2),
            other => panic!("{other:?}"),
        }
        assert!(matches!(p.next(&app, &frame, t0 + Duration::from_secs(10)), Next::Event(_)));
    }
}
