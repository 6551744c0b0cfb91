//! Copy to the user's clipboard with OSC 52, which reaches the local
//! clipboard from a remote server through SSH, and through tmux and GNU
//! screen when wrapped in their passthrough sequences.
//!
//! The escape is `ESC ] 52 ; c ; <base64> BEL`. Inside tmux it is wrapped
//! as `ESC P tmux; <escape with every ESC doubled> ESC \` (tmux forwards
//! it when `allow-passthrough` is on, or handles OSC 52 itself with
//! `set-clipboard on`); inside screen as `ESC P <escape> ESC \`.
//! Terminals cap what they accept (xterm and others around 100 kB of
//! base64), so text past [`MAX_BYTES`] is refused with a message that
//! says so, and the caller offers a file instead.

/// Largest text copied this way, in bytes before encoding.
pub const MAX_BYTES: usize = 74_000;

/// Which multiplexer, if any, sits between the app and the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mux {
    None,
    Tmux,
    Screen,
}

impl Mux {
    /// From the environment: `TMUX` set means tmux; TERM `screen*` without
    /// `TMUX` means GNU screen.
    pub fn detect() -> Mux {
        let tmux = std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
        let term = std::env::var("TERM").unwrap_or_default();
        Mux::from_env(tmux, &term)
    }

    pub fn from_env(tmux: bool, term: &str) -> Mux {
        if tmux {
            Mux::Tmux
        } else if term.starts_with("screen") {
            Mux::Screen
        } else {
            Mux::None
        }
    }
}

/// Why a copy was not sent.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CopyError {
    #[error("{bytes} bytes is more than a terminal accepts over OSC 52 ({max} at most); write it to a file instead")]
    TooLarge { bytes: usize, max: usize },
    #[error("nothing to copy")]
    Empty,
}

/// The escape sequence that copies `text`, wrapped for `mux`.
pub fn sequence(text: &str, mux: Mux) -> Result<String, CopyError> {
    if text.is_empty() {
        return Err(CopyError::Empty);
    }
    if text.len() > MAX_BYTES {
        return Err(CopyError::TooLarge { bytes: text.len(), max: MAX_BYTES });
    }
    let osc = format!("\x1b]52;c;{}\x07", base64(text.as_bytes()));
    Ok(match mux {
        Mux::None => osc,
        Mux::Tmux => format!("\x1bPtmux;{}\x1b\\", osc.replace('\x1b', "\x1b\x1b")),
        Mux::Screen => format!("\x1bP{osc}\x1b\\"),
    })
}

/// Standard base64 with padding (RFC 4648), as OSC 52 expects.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        for (plain, enc) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")] {
            assert_eq!(base64(plain.as_bytes()), enc, "{plain}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn sequences_are_wrapped_for_the_multiplexer() {
        assert_eq!(sequence("hi", Mux::None).unwrap(), "\x1b]52;c;aGk=\x07");
        assert_eq!(sequence("hi", Mux::Tmux).unwrap(), "\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\");
        assert_eq!(sequence("hi", Mux::Screen).unwrap(), "\x1bP\x1b]52;c;aGk=\x07\x1b\\");
    }

    #[test]
    fn the_environment_names_the_multiplexer() {
        assert_eq!(Mux::from_env(true, "screen-256color"), Mux::Tmux);
        assert_eq!(Mux::from_env(false, "screen-256color"), Mux::Screen);
        assert_eq!(Mux::from_env(false, "xterm-256color"), Mux::None);
    }

    #[test]
    fn too_much_or_nothing_is_refused_with_a_reason() {
        let big = "x".repeat(MAX_BYTES + 1);
        let e = sequence(&big, Mux::None).unwrap_err();
        assert!(e.to_string().contains("write it to a file"), "{e}");
        assert_eq!(sequence("", Mux::None), Err(CopyError::Empty));
        assert!(sequence(&"x".repeat(MAX_BYTES), Mux::None).is_ok());
    }
}
