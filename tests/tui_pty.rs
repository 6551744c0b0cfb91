//! The real binary in a pseudo-terminal, used as a person would: open the
//! workbench, ask a question, read the answer and its SQL on screen, quit
//! with Ctrl-C; and an SSH disconnect (SIGHUP) that must leave the terminal
//! restored. The screen is read as the raw bytes the app wrote (text of one
//! style is written contiguously, so words can be found in it).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Pty {
    child: Child,
    master: std::fs::File,
    screen: Arc<Mutex<Vec<u8>>>,
    _home: tempfile::TempDir,
    _config: tempfile::TempDir,
}

impl Pty {
    fn start(cols: u16, rows: u16) -> Pty {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: openpty fills two fds we then own.
        let rc = unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(rc, 0, "openpty failed");
        // SAFETY: fresh fds from openpty, owned from here on.
        let slave = unsafe { OwnedFd::from_raw_fd(slave) };
        let master = unsafe { std::fs::File::from_raw_fd(master) };
        let home = tempfile::tempdir().unwrap();
        let config = tempfile::tempdir().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_sandpiper"))
            .env("SANDPIPER_HOME", home.path())
            .env("XDG_CONFIG_HOME", config.path())
            .env("TERM", "xterm-256color")
            .env_remove("NO_COLOR")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave))
            .spawn()
            .unwrap();
        let screen = Arc::new(Mutex::new(Vec::new()));
        let (sink, mut reader) = (Arc::clone(&screen), master.try_clone().unwrap());
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Pty { child, master, screen, _home: home, _config: config }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap()).into_owned()
    }

    /// Wait until the app has written `what` (after `from` bytes).
    fn wait_for(&self, what: &str, from: usize, secs: u64) -> usize {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let t = self.text();
            if let Some(i) = t.get(from..).and_then(|s| s.find(what)) {
                return from + i;
            }
            assert!(Instant::now() < until, "{what:?} never appeared; screen bytes:\n{}", t.escape_debug());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, keys: &str) {
        for b in keys.bytes() {
            self.master.write_all(&[b]).unwrap();
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn exit_code(&mut self, secs: u64) -> Option<i32> {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                return st.code();
            }
            assert!(Instant::now() < until, "the app did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

const ALT_SCREEN_ON: &str = "\x1b[?1049h";
const ALT_SCREEN_OFF: &str = "\x1b[?1049l";

#[test]
fn ask_a_question_read_the_answer_and_quit_with_ctrl_c() {
    let mut p = Pty::start(120, 40);
    let drawn = p.wait_for("Ask (Enter)", 0, 60);
    assert!(p.text().contains(ALT_SCREEN_ON));
    p.send("What is the total revenue by product category?\r");
    p.wait_for(" rows", drawn, 60);
    p.wait_for("SELECT", drawn, 10);
    // The rows themselves are on screen: categories of the dataset.
    p.wait_for("Electronics", drawn, 10);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
    assert!(p.text().contains(ALT_SCREEN_OFF), "the terminal was restored");
}

#[test]
fn an_unanswerable_question_shows_the_explanation() {
    let mut p = Pty::start(80, 24);
    let drawn = p.wait_for("Ask (Enter)", 0, 60);
    p.send("revenue by planet\r");
    p.wait_for("planet", drawn + 1, 30);
    p.wait_for("try:", drawn, 30);
    p.send("\x03");
    assert_eq!(p.exit_code(10), Some(0));
}

#[test]
fn sighup_restores_the_terminal() {
    let mut p = Pty::start(80, 24);
    p.wait_for("Ask (Enter)", 0, 60);
    // SAFETY: signalling our own child.
    unsafe { libc::kill(p.child.id() as i32, libc::SIGHUP) };
    assert_eq!(p.exit_code(10), Some(0));
    assert!(p.text().contains(ALT_SCREEN_OFF), "the terminal was restored");
}
