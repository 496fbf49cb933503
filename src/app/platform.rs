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

/// Whether the page says it is on a touch screen (never on the desktop, where a touch screen shows
/// itself by its first touch instead).
pub(super) fn touch_screen() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        use std::sync::OnceLock;
        // Asked once: a device does not grow or lose a touch screen while the page is open.
        static TOUCH: OnceLock<bool> = OnceLock::new();
        *TOUCH.get_or_init(spinfall::web::touch_screen)
    }
    #[cfg(not(target_arch = "wasm32"))]
    false
}

/// A short vibration where the browser offers one; nothing on the desktop (gamepads rumble there).
pub(super) fn vibrate(_milliseconds: u32) {
    #[cfg(target_arch = "wasm32")]
    spinfall::web::vibrate(_milliseconds);
}
