//! SIGINT, SIGTERM and SIGHUP end a window run the way the close button does.
//!
//! A signal only sets a flag; the frame loop sees it, saves what the close button saves (a classic
//! game's best streak) and closes the window. Only then does the process end by the same signal, so a
//! shell, `timeout` or a session manager still sees which signal stopped the game. A second signal
//! while that happens ends the game at once, in case saving hangs. A signal the game was started with
//! ignored (SIGHUP under `nohup`, SIGINT in a script's background job) stays ignored.

#[cfg(unix)]
mod imp {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, OnceLock};

    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

    /// The last signal caught, or 0.
    static CAUGHT: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

    pub fn install() -> std::io::Result<()> {
        let caught = Arc::clone(CAUGHT.get_or_init(|| Arc::new(AtomicUsize::new(0))));
        let armed = Arc::new(AtomicBool::new(false));
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            if ignored_at_start(signal) {
                continue;
            }
            // The order matters: the default action checks the flag before the first signal sets it.
            signal_hook::flag::register_conditional_default(signal, Arc::clone(&armed))?;
            signal_hook::flag::register(signal, Arc::clone(&armed))?;
            signal_hook::flag::register_usize(signal, Arc::clone(&caught), signal as usize)?;
        }
        Ok(())
    }

    pub fn caught() -> Option<i32> {
        let signal = CAUGHT.get()?.load(Ordering::SeqCst);
        (signal != 0).then_some(signal as i32)
    }

    pub fn end_by_caught_signal() {
        if let Some(signal) = caught() {
            // Ends the process; should that fail, the game simply exits as after the close button.
            let _ = signal_hook::low_level::emulate_default_handler(signal);
        }
    }

    /// Whether `signal` was ignored when the process started, as Linux reports in /proc; elsewhere
    /// that cannot be read without calling into libc directly, and every signal is caught.
    fn ignored_at_start(signal: i32) -> bool {
        let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
            return false;
        };
        status
            .lines()
            .find_map(|line| line.strip_prefix("SigIgn:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1u64 << (signal - 1)) != 0)
    }
}

#[cfg(not(unix))]
mod imp {
    pub fn install() -> std::io::Result<()> {
        Ok(())
    }

    pub fn caught() -> Option<i32> {
        None
    }

    pub fn end_by_caught_signal() {}
}

/// Catches SIGINT, SIGTERM and SIGHUP from now on (those not ignored at start).
pub fn install() -> std::io::Result<()> {
    imp::install()
}

/// The termination signal caught, if one was.
pub fn caught() -> Option<i32> {
    imp::caught()
}

/// Ends the process by the signal caught, as if it had not been caught; returns when none was.
pub fn end_by_caught_signal() {
    imp::end_by_caught_signal()
}
