//! What differs when the lab runs in a browser page: no command line, the page's clock, and a status
//! line on the page beside the canvas.

/// Seconds since an arbitrary start, for the live timings: `Instant` on the desktop; in a browser,
/// where `Instant` panics, the page's `performance.now()` (macroquad's own clock there counts whole
/// milliseconds, too coarse for a check that takes nanoseconds).
pub fn seconds() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64()
    }
    #[cfg(target_arch = "wasm32")]
    {
        spinfall::web::monotonic_seconds()
    }
}

/// Whether the lab runs in a browser page, which it cannot close, and has no command line.
pub const IN_BROWSER: bool = cfg!(target_arch = "wasm32");

/// Puts the lab's status (the answer, selection and prefilter) on the page, where people and the
/// browser tests read it; on the desktop it is drawn on the canvas only.
pub fn show_status(_line: &str) {
    #[cfg(target_arch = "wasm32")]
    spinfall::web::lab_status(_line);
}

/// Tells the page a frame is drawn; the first marks the time to first frame.
pub fn frame_drawn() {
    #[cfg(target_arch = "wasm32")]
    spinfall::web::frame_drawn();
}

/// In a browser, makes a panic show its message on the page instead of freezing the canvas.
pub fn show_panics() {
    #[cfg(target_arch = "wasm32")]
    spinfall::web::show_panics();
}
