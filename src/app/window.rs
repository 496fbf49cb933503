//! Opening the window: the checks made before it opens and its configuration.

use std::sync::atomic::Ordering;

use macroquad::prelude::*;

use spinfall::assets::Assets;
use spinfall::cli::Options;

use super::art::{decode_images, window_icon};
#[cfg(not(target_arch = "wasm32"))]
use super::error::NO_WINDOW_HINT;
use super::error::{AppError, WINDOW_OPEN};
use super::{audio, signals, App};

/// The window's initial size in logical pixels: the playfield at 1.2x, which fits most laptop screens.
pub(super) const WINDOW_SIZE: (i32, i32) = (960, 720);

/// How long after a full-screen toggle focus changes are ignored, in seconds.
const FULLSCREEN_SETTLE: f32 = 1.0;

/// Whether the window is full screen, when that last changed and the windowed size to return to.
pub(super) struct WindowState {
    fullscreen: bool,
    /// When full screen was last toggled (app clock), to ignore the focus blips that causes.
    toggled_at: f32,
    /// The window's logical size before going full screen, to return to.
    windowed_size: Vec2,
}

impl WindowState {
    /// The window as it opens.
    pub(super) fn new(fullscreen: bool) -> Self {
        WindowState {
            fullscreen,
            toggled_at: f32::NEG_INFINITY,
            windowed_size: vec2(WINDOW_SIZE.0 as f32, WINDOW_SIZE.1 as f32),
        }
    }

    /// Into full screen or out of it, at app time `clock`.
    pub(super) fn toggle(&mut self, clock: f32) {
        self.toggled_at = clock;
        if self.fullscreen {
            set_fullscreen(false);
            // Some window managers keep the full-screen size after leaving; ask for the old size.
            request_new_screen_size(self.windowed_size.x, self.windowed_size.y);
        } else {
            self.windowed_size = vec2(screen_width(), screen_height());
            set_fullscreen(true);
        }
        self.fullscreen = !self.fullscreen;
    }

    /// Whether a toggle at most [`FULLSCREEN_SETTLE`] ago may still be sending focus changes.
    pub(super) fn settling(&self, clock: f32) -> bool {
        clock - self.toggled_at < FULLSCREEN_SETTLE
    }
}

/// Opens the window and plays until the player quits.
///
/// Art is decoded and checked before the window opens, so a bad asset is one line on stderr rather than
/// a window that flashes up and dies.
pub fn run(opts: Options, assets: Assets) -> Result<(), AppError> {
    let images = decode_images(&assets)?;
    let shapes = assets.shapes().map_err(|e| AppError(e.to_string()))?;
    // Read before the window opens, so a bad replay file is one line and no window.
    let watch = opts
        .replay
        .as_deref()
        .map(spinfall::replay::Replay::load)
        .transpose()
        .map_err(|e| AppError(e.to_string()))?;
    let conf = Conf {
        window_title: "Spinfall".to_string(),
        window_width: WINDOW_SIZE.0,
        window_height: WINDOW_SIZE.1,
        high_dpi: true,
        fullscreen: opts.fullscreen,
        sample_count: 4,
        window_resizable: true,
        icon: window_icon(&images.block),
        ..Default::default()
    };
    // A page has no audio thread to lose and no terminal; `page` installs the hook it needs there.
    #[cfg(not(target_arch = "wasm32"))]
    audio::install_panic_hook();
    #[cfg(all(feature = "sound", target_os = "linux"))]
    audio::quiet_alsa_without_sound_cards();
    if let Err(e) = signals::install() {
        spinfall::errln!(
            "spinfall: warning: cannot catch termination signals ({e}); a game they end is not saved"
        );
    }
    macroquad::Window::from_config(conf, async move {
        WINDOW_OPEN.store(true, Ordering::SeqCst);
        // Only now, so that a window that fails to open is the one line a player sees.
        if let Some(seed) = opts.seed.filter(|_| watch.is_none()) {
            spinfall::outln!("seed: {seed}");
        }
        audio::report_no_sound_card();
        let mut app = App::new(&opts, assets, images, shapes);
        if let Some(replay) = watch {
            app.watch(replay, false);
        }
        app.main_loop().await;
    });
    signals::end_by_caught_signal();
    Ok(())
}

/// Fails early, with one line, where a window cannot possibly open: on Linux and the BSDs the game
/// talks to an X server, found through `DISPLAY`.
#[cfg(not(target_arch = "wasm32"))]
pub fn check_display() -> Result<(), AppError> {
    let unix_desktop = cfg!(all(
        unix,
        not(any(
            target_os = "macos",
            target_os = "ios",
            target_os = "android"
        ))
    ));
    if unix_desktop && std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        return Err(AppError(format!(
            "no display to open a window on (DISPLAY is not set); {NO_WINDOW_HINT}"
        )));
    }
    Ok(())
}
