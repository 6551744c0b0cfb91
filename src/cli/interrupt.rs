//! Ctrl-C (SIGINT) and SIGTERM in the one-shot commands: the first one
//! cancels the running query through its [`CancelToken`] (the jailed
//! worker is killed at once and the run is recorded as `cancelled`); a
//! second one ends the process straight away, for when something else is
//! stuck.

use crate::runner::CancelToken;
use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Route SIGINT and SIGTERM to `token` for the rest of the process.
pub fn cancel_on_signals(token: CancelToken) -> std::io::Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new().name("sandpiper-signals".into()).spawn(move || {
        let mut seen = 0;
        for _ in signals.forever() {
            seen += 1;
            if seen == 1 {
                eprintln!("\nsandpiper: cancelling (press Ctrl-C again to quit at once)");
                token.cancel();
            } else {
                std::process::exit(130);
            }
        }
    })?;
    Ok(())
}
