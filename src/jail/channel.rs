//! The framed socketpair between the app and a worker: `u32 little-endian
//! length | u8 tag | payload`, the length counting the tag and the payload.
//!
//! Invariants: the reader learns a frame's length from its header and refuses
//! it (without allocating) when it exceeds the caller's limit, so a lying or
//! compromised worker cannot make the app allocate more than the output cap;
//! on the app side every read and write honours a deadline (the socket is
//! non-blocking and waits go through `poll`), so a wedged worker cannot hang it.

use super::protocol::{Tag, MAX_CONTROL_FRAME};
use serde::{Deserialize, Serialize};
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::time::Instant;

/// One frame as received.
#[derive(Debug)]
pub struct Frame {
    pub tag: Tag,
    pub payload: Vec<u8>,
}

impl Frame {
    /// Decode a JSON control payload.
    pub fn json<T: for<'de> Deserialize<'de>>(&self) -> Result<T, RecvError> {
        serde_json::from_slice(&self.payload)
            .map_err(|e| RecvError::Malformed(format!("bad {:?} frame: {e}", self.tag)))
    }
}

/// Why a frame could not be received.
#[derive(Debug, thiserror::Error)]
pub enum RecvError {
    #[error("the worker closed the channel")]
    Eof,
    #[error("deadline passed")]
    Deadline,
    /// The header announced `len` bytes, over the caller's limit.
    #[error("frame of {0} bytes is over the limit")]
    TooLarge(usize),
    #[error("malformed frame: {0}")]
    Malformed(String),
    #[error("channel error: {0}")]
    Io(#[from] io::Error),
}

/// One end of the socketpair, framed.
pub struct Channel {
    fd: OwnedFd,
    /// Non-blocking with deadlines (app side) or blocking (worker side).
    nonblocking: bool,
    buf: Vec<u8>,
    start: usize,
    end: usize,
}

const READ_BUF: usize = 64 * 1024;

impl Channel {
    /// The app's end: made non-blocking so every wait honours a deadline.
    pub fn app_side(fd: OwnedFd) -> io::Result<Channel> {
        set_nonblocking(fd.as_fd(), true)?;
        Ok(Channel::new(fd, true))
    }

    /// The worker's end: blocking; the worker has nothing else to do.
    pub fn worker_side(fd: OwnedFd) -> Channel {
        Channel::new(fd, false)
    }

    fn new(fd: OwnedFd, nonblocking: bool) -> Channel {
        Channel {
            fd,
            nonblocking,
            buf: vec![0; READ_BUF],
            start: 0,
            end: 0,
        }
    }

    /// The raw fd (for `poll` and posture checks).
    pub fn raw_fd(&self) -> i32 {
        self.fd.as_raw_fd()
    }

    /// Send one frame; `deadline` applies on the app side.
    pub fn send(&mut self, tag: Tag, payload: &[u8], deadline: Option<Instant>) -> io::Result<()> {
        let len = u32::try_from(payload.len() + 1)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "frame too large"))?;
        let mut header = [0u8; 5];
        header[..4].copy_from_slice(&len.to_le_bytes());
        header[4] = tag as u8;
        self.write_all(&header, deadline)?;
        self.write_all(payload, deadline)
    }

    /// Send a JSON control frame.
    pub fn send_json<T: Serialize>(
        &mut self,
        tag: Tag,
        msg: &T,
        deadline: Option<Instant>,
    ) -> io::Result<()> {
        let bytes = serde_json::to_vec(msg).map_err(io::Error::other)?;
        self.send(tag, &bytes, deadline)
    }

    /// Receive one frame. Data frames may be up to `max_data` bytes, control
    /// frames up to [`MAX_CONTROL_FRAME`]; larger ones are refused unread.
    pub fn recv(&mut self, deadline: Option<Instant>, max_data: usize) -> Result<Frame, RecvError> {
        let mut header = [0u8; 5];
        self.read_exact(&mut header, deadline, true)?;
        let len = u32::from_le_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let tag = Tag::from_u8(header[4])
            .ok_or_else(|| RecvError::Malformed(format!("unknown tag {}", header[4])))?;
        if len == 0 {
            return Err(RecvError::Malformed("zero length".into()));
        }
        let body = len - 1;
        let limit = if tag == Tag::Data {
            max_data
        } else {
            MAX_CONTROL_FRAME
        };
        if body > limit {
            return Err(RecvError::TooLarge(body));
        }
        let mut payload = vec![0u8; body];
        self.read_exact(&mut payload, deadline, false)?;
        Ok(Frame { tag, payload })
    }

    /// True when a frame (or EOF) is waiting, checked without blocking.
    pub fn readable_now(&self) -> bool {
        if self.end > self.start {
            return true;
        }
        let mut pfd = libc::pollfd {
            fd: self.fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd, zero timeout.
        let n = unsafe { libc::poll(&mut pfd, 1, 0) };
        n != 0
    }

    fn read_exact(
        &mut self,
        out: &mut [u8],
        deadline: Option<Instant>,
        at_boundary: bool,
    ) -> Result<(), RecvError> {
        let mut filled = 0;
        while filled < out.len() {
            if self.start < self.end {
                let n = (self.end - self.start).min(out.len() - filled);
                out[filled..filled + n].copy_from_slice(&self.buf[self.start..self.start + n]);
                self.start += n;
                filled += n;
                continue;
            }
            // Large payloads are read straight into place; small reads are buffered.
            let direct = out.len() - filled >= READ_BUF;
            let n = if direct {
                self.read_some(RawTarget::Out(&mut out[filled..]), deadline)?
            } else {
                self.start = 0;
                self.end = 0;
                self.read_some(RawTarget::Buf, deadline)?
            };
            if n == 0 {
                return Err(if at_boundary && filled == 0 {
                    RecvError::Eof
                } else {
                    RecvError::Malformed("channel closed mid-frame".into())
                });
            }
            if direct {
                filled += n;
            } else {
                self.end = n;
            }
        }
        Ok(())
    }

    fn read_some(
        &mut self,
        target: RawTarget<'_>,
        deadline: Option<Instant>,
    ) -> Result<usize, RecvError> {
        let (ptr, len) = match target {
            RawTarget::Out(s) => (s.as_mut_ptr(), s.len()),
            RawTarget::Buf => (self.buf.as_mut_ptr(), self.buf.len()),
        };
        loop {
            // SAFETY: ptr/len describe a live, exclusively borrowed buffer.
            let n = unsafe { libc::read(self.fd.as_raw_fd(), ptr.cast(), len) };
            if n >= 0 {
                return Ok(n as usize);
            }
            let err = io::Error::last_os_error();
            match err.kind() {
                io::ErrorKind::Interrupted => continue,
                io::ErrorKind::WouldBlock if self.nonblocking => {
                    wait_fd(self.fd.as_fd(), libc::POLLIN, deadline)?;
                }
                // The peer reset the connection: treat like EOF.
                io::ErrorKind::ConnectionReset => return Ok(0),
                _ => return Err(RecvError::Io(err)),
            }
        }
    }

    fn write_all(&mut self, mut data: &[u8], deadline: Option<Instant>) -> io::Result<()> {
        while !data.is_empty() {
            // SAFETY: data is a valid slice.
            let n = unsafe { libc::write(self.fd.as_raw_fd(), data.as_ptr().cast(), data.len()) };
            if n >= 0 {
                data = &data[n as usize..];
                continue;
            }
            let err = io::Error::last_os_error();
            match err.kind() {
                io::ErrorKind::Interrupted => continue,
                io::ErrorKind::WouldBlock if self.nonblocking => {
                    wait_fd(self.fd.as_fd(), libc::POLLOUT, deadline).map_err(|e| match e {
                        RecvError::Deadline => {
                            io::Error::new(io::ErrorKind::TimedOut, "deadline passed")
                        }
                        RecvError::Io(e) => e,
                        other => io::Error::other(other.to_string()),
                    })?;
                }
                _ => return Err(err),
            }
        }
        Ok(())
    }
}

enum RawTarget<'a> {
    Out(&'a mut [u8]),
    Buf,
}

/// Wait until `fd` is ready for `events` or the deadline passes.
fn wait_fd(fd: BorrowedFd<'_>, events: i16, deadline: Option<Instant>) -> Result<(), RecvError> {
    loop {
        let timeout_ms: i32 = match deadline {
            None => -1,
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(RecvError::Deadline);
                }
                // Round up so we never spin on a sub-millisecond remainder.
                i32::try_from(left.as_millis() + 1).unwrap_or(i32::MAX)
            }
        };
        let mut pfd = libc::pollfd {
            fd: fd.as_raw_fd(),
            events,
            revents: 0,
        };
        // SAFETY: one valid pollfd.
        let n = unsafe { libc::poll(&mut pfd, 1, timeout_ms) };
        if n > 0 {
            return Ok(());
        }
        if n < 0 {
            let err = io::Error::last_os_error();
            if err.kind() != io::ErrorKind::Interrupted {
                return Err(RecvError::Io(err));
            }
        }
    }
}

fn set_nonblocking(fd: BorrowedFd<'_>, on: bool) -> io::Result<()> {
    // SAFETY: fcntl on a valid fd.
    let flags = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_GETFL) };
    if flags < 0 {
        return Err(io::Error::last_os_error());
    }
    let flags = if on {
        flags | libc::O_NONBLOCK
    } else {
        flags & !libc::O_NONBLOCK
    };
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// A connected pair of stream sockets, both close-on-exec: (app end, worker end).
pub fn socketpair() -> io::Result<(OwnedFd, OwnedFd)> {
    use std::os::fd::FromRawFd;
    let mut fds = [0i32; 2];
    // SAFETY: fds is a valid out-array of two ints.
    let rc = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_STREAM | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if rc != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: socketpair returned two fresh fds we now own.
    let (a, b) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // Bigger buffers cut round trips for large results; failure is harmless.
    for fd in [&a, &b] {
        let size: libc::c_int = 1 << 20;
        for opt in [libc::SO_SNDBUF, libc::SO_RCVBUF] {
            // SAFETY: valid fd and option pointer/len.
            unsafe {
                libc::setsockopt(
                    fd.as_raw_fd(),
                    libc::SOL_SOCKET,
                    opt,
                    (&size as *const libc::c_int).cast(),
                    std::mem::size_of::<libc::c_int>() as libc::socklen_t,
                );
            }
        }
    }
    Ok((a, b))
}

/// Send a payload-less frame on a raw fd (the worker's warm-up thread uses
/// this while the main thread is blocked reading the same socket).
pub fn send_bare_frame(fd: i32, tag: Tag) -> io::Result<()> {
    let mut frame = [0u8; 5];
    frame[..4].copy_from_slice(&1u32.to_le_bytes());
    frame[4] = tag as u8;
    let mut data = &frame[..];
    while !data.is_empty() {
        // SAFETY: data is a valid slice; fd is the worker's channel.
        let n = unsafe { libc::write(fd, data.as_ptr().cast(), data.len()) };
        if n < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(err);
        }
        data = &data[n as usize..];
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jail::protocol::DoneMsg;
    use std::time::Duration;

    fn pair() -> (Channel, Channel) {
        let (a, b) = socketpair().unwrap();
        (Channel::app_side(a).unwrap(), Channel::worker_side(b))
    }

    #[test]
    fn frames_round_trip_small_and_large() {
        let (mut app, mut worker) = pair();
        let big = vec![7u8; 3 * READ_BUF + 17];
        let t = std::thread::spawn(move || {
            worker.send(Tag::Data, b"abc", None).unwrap();
            worker.send(Tag::Data, &big, None).unwrap();
            worker
                .send_json(
                    Tag::Done,
                    &DoneMsg {
                        rows: 2,
                        stopped_early: false,
                        engine_ms: 1.0,
                    },
                    None,
                )
                .unwrap();
        });
        let deadline = Some(Instant::now() + Duration::from_secs(5));
        let f = app.recv(deadline, 1 << 20).unwrap();
        assert_eq!((f.tag, f.payload.as_slice()), (Tag::Data, &b"abc"[..]));
        let f = app.recv(deadline, 1 << 20).unwrap();
        assert_eq!(f.payload.len(), 3 * READ_BUF + 17);
        assert!(f.payload.iter().all(|&b| b == 7));
        let done: DoneMsg = app.recv(deadline, 0).unwrap().json().unwrap();
        assert_eq!(done.rows, 2);
        t.join().unwrap();
        assert!(matches!(app.recv(deadline, 0), Err(RecvError::Eof)));
    }

    #[test]
    fn oversized_data_frame_is_refused_before_reading() {
        let (mut app, mut worker) = pair();
        worker.send(Tag::Data, &vec![0u8; 2048], None).unwrap();
        let err = app
            .recv(Some(Instant::now() + Duration::from_secs(1)), 1024)
            .unwrap_err();
        assert!(matches!(err, RecvError::TooLarge(2048)), "{err:?}");
    }

    #[test]
    fn recv_honours_the_deadline() {
        let (mut app, _worker) = pair();
        let started = Instant::now();
        let err = app
            .recv(Some(started + Duration::from_millis(100)), 0)
            .unwrap_err();
        assert!(matches!(err, RecvError::Deadline));
        // It waited for the deadline (not an early give-up), and no longer.
        assert!(started.elapsed() >= Duration::from_millis(100));
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn unknown_tag_and_eof_mid_frame_are_malformed() {
        let (mut app, worker) = pair();
        let raw = worker.fd.as_raw_fd();
        let bytes = [2u8, 0, 0, 0, 99, 0];
        unsafe { libc::write(raw, bytes.as_ptr().cast(), bytes.len()) };
        assert!(matches!(app.recv(None, 0), Err(RecvError::Malformed(_))));
        let (mut app, worker) = pair();
        let bytes = [9u8, 0, 0, 0, Tag::Data as u8, 1, 2];
        unsafe { libc::write(worker.fd.as_raw_fd(), bytes.as_ptr().cast(), bytes.len()) };
        drop(worker);
        assert!(matches!(app.recv(None, 100), Err(RecvError::Malformed(_))));
    }

    #[test]
    fn idle_peer_is_quiet_until_it_hangs_up() {
        let (app, worker) = pair();
        assert!(!app.readable_now());
        drop(worker);
        assert!(app.readable_now());
    }
}
