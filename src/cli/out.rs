//! Writing to stdout as a well-behaved filter: when the reader goes away
//! (`sandpiper sql ... | head`), end quietly the way `cat` would, by
//! SIGPIPE, instead of panicking in `println!`. The process ignores SIGPIPE
//! otherwise, because writes to a dead jailed worker's socket must fail
//! with an error, not kill the app.

use std::io::Write;

/// Write formatted text to stdout; a closed pipe ends the process quietly.
pub fn write(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            reader_gone();
        }
        eprintln!("sandpiper: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// Flush stdout (at the end of a command), with the same rules.
pub fn flush() {
    if let Err(e) = std::io::stdout().lock().flush() {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            reader_gone();
        }
    }
}

/// The reader closed the pipe: die by SIGPIPE, so the shell sees the usual
/// status (141) and prints nothing.
fn reader_gone() -> ! {
    // SAFETY: restoring the default disposition and raising a signal at
    // ourselves; nothing else runs in between that could observe it.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::raise(libc::SIGPIPE);
    }
    std::process::exit(141)
}

/// `print!` to stdout without a panic on a closed pipe.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::out::write(format_args!($($arg)*)) };
}

/// `println!` to stdout without a panic on a closed pipe.
macro_rules! outln {
    () => { $crate::cli::out::write(format_args!("\n")) };
    ($($arg:tt)*) => {{ $crate::cli::out::write(format_args!($($arg)*)); $crate::cli::out::write(format_args!("\n")) }};
}

pub(crate) use {out, outln};
