//! Why the window could not start: the error the start-up checks return, and the one line a window
//! that fails to open prints instead of a backtrace.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why the game could not start its window.
#[derive(Debug)]
pub struct AppError(pub(super) String);

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AppError {}

/// Set once the window is open: before that, a panic inside miniquad means no window could be opened.
pub(super) static WINDOW_OPEN: AtomicBool = AtomicBool::new(false);

/// What to try instead when no window can be opened.
#[cfg(not(target_arch = "wasm32"))]
pub(super) const NO_WINDOW_HINT: &str = "`spinfall --headless` runs without one";

/// For a panic inside the windowing library before the window opened (an X server that refuses the
/// connection, a missing libX11), prints one line and exits with code 1 instead of a backtrace;
/// returns for every other panic.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn exit_if_window_failed(info: &std::panic::PanicHookInfo<'_>) {
    let in_miniquad = info
        .location()
        .is_some_and(|l| l.file().contains("miniquad"));
    if !in_miniquad || WINDOW_OPEN.load(Ordering::SeqCst) {
        return;
    }
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("unknown failure");
    spinfall::errln!(
        "spinfall: error: cannot open a window ({}); {NO_WINDOW_HINT}",
        message.lines().next().unwrap_or_default()
    );
    std::process::exit(1);
}
