//! Shared harness for tests of the real binary in a pseudo-terminal: start
//! it in a fresh home with a TERM, send keys as a person would, read the raw
//! bytes it wrote and the screen as a terminal shows it (a vt100 parser),
//! resize the window, and wait for content with a timeout, never a fixed
//! sleep. The child gets the terminal as its controlling tty, so a resize
//! reaches it as SIGWINCH like in a real terminal. The parser keeps
//! scrollback when asked ([`Pty::spawn`]) and answers the app's
//! cursor-position queries as a terminal would (inline mode asks).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const ALT_SCREEN_ON: &str = "\x1b[?1049h";
pub const ALT_SCREEN_OFF: &str = "\x1b[?1049l";
pub const F3: &str = "\x1bOR";
pub const F4: &str = "\x1bOS";
pub const F7: &str = "\x1b[18~";
pub const LEFT: &str = "\x1b[D";
pub const UP: &str = "\x1b[A";
pub const DOWN: &str = "\x1b[B";
pub const RIGHT: &str = "\x1b[C";

pub struct Pty {
    pub child: Child,
    pub master: std::fs::File,
    pub screen: Arc<Mutex<Vec<u8>>>,
    pub vt: Arc<Mutex<vt100::Parser>>,
    /// Set when the reader has read the last byte (every writer closed).
    eof: Arc<std::sync::atomic::AtomicBool>,
    pub home: tempfile::TempDir,
    _config: tempfile::TempDir,
}

impl Pty {
    pub fn start(cols: u16, rows: u16) -> Pty {
        Pty::start_with(cols, rows, &[])
    }

    pub fn start_with(cols: u16, rows: u16, args: &[&str]) -> Pty {
        Pty::start_term(cols, rows, args, "xterm-256color")
    }

    /// Start the binary with `args` in a `cols` x `rows` terminal of type `term`.
    pub fn start_term(cols: u16, rows: u16, args: &[&str], term: &str) -> Pty {
        Pty::spawn(cols, rows, args, term, 0)
    }

    /// The binary with `args` on a `cols` x `rows` terminal of type `term`
    /// that keeps `scrollback` lines above the screen.
    pub fn spawn(cols: u16, rows: u16, args: &[&str], term: &str, scrollback: usize) -> Pty {
        Pty::spawn_env(cols, rows, args, term, scrollback, &[])
    }

    /// Start the binary with `args` and extra environment `envs`.
    pub fn start_env(cols: u16, rows: u16, args: &[&str], envs: &[(&str, &str)]) -> Pty {
        Pty::spawn_env(cols, rows, args, "xterm-256color", 0, envs)
    }

    pub fn spawn_env(cols: u16, rows: u16, args: &[&str], term: &str, scrollback: usize, envs: &[(&str, &str)]) -> Pty {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: openpty fills two fds we then own.
        let rc = unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(rc, 0, "openpty failed");
        // Close-on-exec, as every fd Rust opens: without it the app of a
        // test running at the same time inherits this terminal and holds it
        // open after this test's app has exited.
        for fd in [master, slave] {
            // SAFETY: F_SETFD on an fd we own.
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
        // SAFETY: fresh fds from openpty, owned from here on.
        let slave = unsafe { OwnedFd::from_raw_fd(slave) };
        let master = unsafe { std::fs::File::from_raw_fd(master) };
        let home = tempfile::tempdir().unwrap();
        let config = tempfile::tempdir().unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sandpiper"));
        cmd.args(args)
            .env("SANDPIPER_HOME", home.path())
            .env("XDG_CONFIG_HOME", config.path())
            .env("TERM", term)
            .env_remove("NO_COLOR")
            .env_remove("COLORTERM")
            .env_remove("TMUX")
            .env_remove("VISUAL")
            .env_remove("EDITOR")
            .envs(envs.iter().copied())
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: only async-signal-safe calls between fork and exec: a new
        // session whose controlling terminal is the pty (stdin), so window
        // size changes arrive as SIGWINCH.
        unsafe {
            cmd.pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY as _, 0);
                Ok(())
            });
        }
        let child = cmd.spawn().unwrap();
        let screen = Arc::new(Mutex::new(Vec::new()));
        let vt = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, scrollback)));
        let eof = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (sink, vt_sink, mut reader, mut answer) = (Arc::clone(&screen), Arc::clone(&vt), master.try_clone().unwrap(), master.try_clone().unwrap());
        let done = Arc::clone(&eof);
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                // The screen first: bytes a wait_for has seen are on the
                // screen a wait_shown or shown() then reads.
                let mut vt = vt_sink.lock().unwrap();
                vt.process(&buf[..n]);
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
                // A cursor-position query (inline mode asks once at start).
                if buf[..n].windows(4).any(|w| w == b"\x1b[6n") {
                    let (row, col) = vt.screen().cursor_position();
                    let _ = answer.write_all(format!("\x1b[{};{}R", row + 1, col + 1).as_bytes());
                }
            }
            done.store(true, std::sync::atomic::Ordering::SeqCst);
        });
        Pty { child, master, screen, vt, eof, home, _config: config }
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap()).into_owned()
    }

    /// Bytes the app has written so far.
    pub fn written(&self) -> usize {
        self.screen.lock().unwrap().len()
    }

    /// Wait until the app has written `what` (after `from` bytes).
    pub fn wait_for(&self, what: &str, from: usize, secs: u64) -> usize {
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

    /// The screen as a terminal shows it now.
    pub fn shown(&self) -> String {
        self.vt.lock().unwrap().screen().contents()
    }

    /// Wait until every one of `what` is on screen at once.
    pub fn wait_shown(&self, what: &[&str], secs: u64) -> String {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let s = self.shown();
            if what.iter().all(|w| s.contains(w)) {
                return s;
            }
            assert!(Instant::now() < until, "{what:?} never all shown; screen:\n{s}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Wait until the screen satisfies `pred`.
    pub fn wait_until(&self, what: &str, pred: impl Fn(&str) -> bool, secs: u64) -> String {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let s = self.shown();
            if pred(&s) {
                return s;
            }
            assert!(Instant::now() < until, "waited in vain for {what}; screen:\n{s}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Wait until the terminal (its screen, cursor and modes) satisfies
    /// `pred`; the screen's text then.
    pub fn wait_screen(&self, what: &str, pred: impl Fn(&vt100::Screen) -> bool, secs: u64) -> String {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            {
                let vt = self.vt.lock().unwrap();
                if pred(vt.screen()) {
                    return vt.screen().contents();
                }
            }
            assert!(Instant::now() < until, "waited in vain for {what}; screen:\n{}", self.shown());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Wait until the app has written nothing for `quiet` (a frame is done).
    pub fn settle(&self, quiet: Duration, secs: u64) {
        let until = Instant::now() + Duration::from_secs(secs);
        let mut last = (self.written(), Instant::now());
        loop {
            std::thread::sleep(Duration::from_millis(10));
            let n = self.written();
            if n != last.0 {
                last = (n, Instant::now());
            } else if last.1.elapsed() >= quiet {
                return;
            }
            assert!(Instant::now() < until, "the app never went quiet");
        }
    }

    /// A key whose escape sequence must arrive in one read (F-keys, arrows).
    pub fn key(&mut self, seq: &str) {
        self.master.write_all(seq.as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(30));
    }

    pub fn send(&mut self, keys: &str) {
        for b in keys.bytes() {
            self.master.write_all(&[b]).unwrap();
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Resize the window (the app gets SIGWINCH) and the screen parser.
    pub fn resize(&mut self, cols: u16, rows: u16) {
        let size = libc::winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 };
        // The screen parser takes the new size before the app can hear of
        // it: the lock is held across the ioctl, so no byte the app writes
        // for the new size is parsed at the old one (which cut or wrapped
        // its first frame, and the test then waited in vain).
        let mut vt = self.vt.lock().unwrap();
        vt.screen_mut().set_size(rows, cols);
        // SAFETY: TIOCSWINSZ on our own pty master with a valid winsize.
        let rc = unsafe { libc::ioctl(self.master.as_raw_fd(), libc::TIOCSWINSZ, &size) };
        drop(vt);
        assert_eq!(rc, 0, "TIOCSWINSZ failed");
    }

    /// Wait until the app exits and everything it wrote has been read and
    /// parsed (the last bytes, which restore the terminal, can still be in
    /// the pty when the process is gone).
    pub fn exit_code(&mut self, secs: u64) -> Option<i32> {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                // The reader sees the end once every process holding the
                // terminal (the app's own children too) has closed it.
                // (Best effort: a grandchild that outlives the app would hold it.)
                let closed = Instant::now() + Duration::from_secs(5);
                while !self.eof.load(std::sync::atomic::Ordering::SeqCst) && Instant::now() < closed {
                    std::thread::sleep(Duration::from_millis(10));
                }
                return st.code();
            }
            assert!(Instant::now() < until, "the app did not exit; screen:\n{}", self.shown());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Every line the terminal holds, scrollback first, then the screen
    /// (needs a scrollback given to [`Pty::spawn`]).
    pub fn history(&self) -> Vec<String> {
        let mut vt = self.vt.lock().unwrap();
        let (rows, cols) = vt.screen().size();
        vt.screen_mut().set_scrollback(usize::MAX);
        let back = vt.screen().scrollback();
        let mut lines: Vec<String> = Vec::new();
        let mut offset = back;
        loop {
            vt.screen_mut().set_scrollback(offset);
            // The window at `offset` shows lines back - offset .. + rows.
            for (i, row) in vt.screen().rows(0, cols).enumerate() {
                if back - offset + i == lines.len() {
                    lines.push(row);
                }
            }
            if offset == 0 {
                break;
            }
            offset = offset.saturating_sub(usize::from(rows));
        }
        vt.screen_mut().set_scrollback(0);
        lines
    }
}

/// The payload of the last OSC 52 sequence in `raw`, decoded.
pub fn osc52_payload(raw: &str) -> Option<String> {
    let start = raw.rfind("\x1b]52;c;")? + "\x1b]52;c;".len();
    let end = start + raw[start..].find('\x07')?;
    let mut bits = Vec::new();
    for c in raw[start..end].bytes().filter(|&c| c != b'=') {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        bits.push(v);
    }
    let mut out = Vec::new();
    for chunk in bits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &v)| n | (u32::from(v) << (18 - 6 * i)));
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    String::from_utf8(out).ok()
}


/// The pty's line discipline has raw mode off (canonical input and echo),
/// as a shell or an editor expects.
pub fn cooked(p: &Pty) -> bool {
    // SAFETY: tcgetattr on our own pty master into a zeroed termios.
    let mut t: libc::termios = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::tcgetattr(p.master.as_raw_fd(), &mut t) };
    assert_eq!(rc, 0, "tcgetattr failed");
    t.c_lflag & (libc::ICANON | libc::ECHO) == (libc::ICANON | libc::ECHO)
}

/// The process state letter of `pid` (`T` when stopped).
pub fn proc_state(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default().rsplit(')').next().unwrap_or("").split_whitespace().next().unwrap_or("").to_string()
}

/// The text of the row the cursor is on.
pub fn cursor_line(screen: &vt100::Screen) -> String {
    let (row, _) = screen.cursor_position();
    let (_, cols) = screen.size();
    screen.rows(0, cols).nth(usize::from(row)).unwrap_or_default()
}
