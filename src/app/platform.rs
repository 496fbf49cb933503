//! What the window's code must know about where it runs: a desktop window or a browser page.
//!
//! A page cannot close itself, keeps no files (so no replays beside the scores) and keeps settings in
//! the browser's storage; the screens read these to leave out what cannot work there.

/// Whether the game runs in a browser page.
pub(super) const IN_BROWSER: bool = cfg!(target_arch = "wasm32");

/// Where settings and scores are kept: the config directory's files on the desktop.
#[cfg(not(target_arch = "wasm32"))]
pub(super) use spinfall::store::Store;

/// Where settings and scores are kept: the page's `localStorage` in a browser.
#[cfg(target_arch = "wasm32")]
pub(super) use spinfall::store::PageStore as Store;

/// Tells the page which screen is showing (as `window.spinfall.screen`), for its tests and for anyone
/// looking at a page that misbehaves.
pub(super) fn screen_shown(_screen: &super::Screen) {
    #[cfg(target_arch = "wasm32")]
    spinfall::web::set_state("screen", &format!("{_screen:?}"));
}

/// Tells the page how many sounds are decoded and ready (as `window.spinfall.sounds`).
pub(super) fn sounds_ready(_count: usize) {
    #[cfg(target_arch = "wasm32")]
    spinfall::web::set_state("sounds", &_count.to_string());
}

/// Tells the page that a frame is on the canvas; the first marks the time to first frame.
pub(super) fn frame_drawn() {
    #[cfg(target_arch = "wasm32")]
    spinfall::web::frame_drawn();
}
