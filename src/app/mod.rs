//! The window side of Spinfall: screens, the fixed-step loop, drawing, sound, keyboard and gamepads.
//!
//! This is the only part of the program that touches macroquad or gilrs. Data flows one way: devices
//! become an [`Actions`] value, its movement becomes the sim's [`Input`], [`World::step`] runs at a fixed
//! 60 Hz fed by an accumulator, and the [`Event`]s it returns drive sound, sparks, flashes and rumble.
//! Drawing only reads the world.

mod audio;
mod debug;
mod gamepad;
mod input;
mod legend;
mod pace;
mod particles;
mod prompt;
mod records;
mod render;
mod replay;
mod signals;
mod view;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use image::RgbaImage;
use macroquad::miniquad::conf::Icon;
use macroquad::prelude::*;

use spinfall::assets::{decode_png, AssetId, Assets};
use spinfall::cli::{Options, Pilot};
use spinfall::sim::{
    Bot, Casual, Event, Input, Mode, PowerUpKind, Shapes, World, STEPS_PER_SECOND, STEP_SECONDS,
};
use spinfall::store::{self, HighScores, ModeKey, Problem, ScoreEntry, Settings, Store};

use audio::{Cue, Sfx};
use debug::DebugView;
use input::{Actions, Controls};
use legend::FirstCatches;
use particles::{Burst, Particles};
use records::Driver;
use replay::Replays;

/// How long a first Esc on the title waits for the second that quits, in seconds.
const QUIT_CONFIRM_SECONDS: f32 = 2.0;

/// The notice shown after the first Esc on the title.
const QUIT_PROMPT: &str = "Press Esc again to quit";

/// The start of the notice shown when "reduce flashing" is switched, so a second switch replaces it.
const FLASHING_TOAST: &str = "Reduce flashing: ";

/// How long after a full-screen toggle focus changes are ignored, in seconds.
const FULLSCREEN_SETTLE: f32 = 1.0;

/// The window's initial size in logical pixels: the playfield at 1.2x, which fits most laptop screens.
const WINDOW_SIZE: (i32, i32) = (960, 720);

/// The longest frame the loop will account for; a longer stall (a dragged window, a breakpoint) is
/// treated as this long instead of fast-forwarding the game.
const MAX_FRAME_SECONDS: f32 = 0.25;

/// The most simulation steps run in one frame, so a slow machine drops time instead of spiralling.
const MAX_STEPS_PER_FRAME: u32 = 5;

/// How long the arcade hit flash takes to fade, in seconds.
const FLASH_SECONDS: f32 = 0.3;

/// How long the line explaining a first-caught power-up stays on screen, in seconds.
const CAPTION_SECONDS: f32 = 4.0;

/// How long the screen shakes after an arcade hit, in seconds.
const SHAKE_SECONDS: f32 = 0.25;

/// How long the game-over screen ignores confirm presses, so a player still hammering keys does not
/// skip it unseen.
const GAME_OVER_INPUT_DELAY: f32 = 0.8;

/// How long the attract mode's bot plays one game before the title starts a fresh one, in steps.
const ATTRACT_STEPS: u64 = 75 * STEPS_PER_SECOND as u64;

/// How long after the window opens the sounds are loaded, in seconds.
///
/// macroquad opens the audio device on its own thread as the window opens. When there is no device,
/// that thread dies and every sound handed to it afterwards prints a line to stdout; waiting a moment
/// lets the panic hook notice the dead device first, so a machine without sound stays quiet.
const SOUND_DELAY: f32 = 0.4;

/// The textures, decoded on the CPU before the window opens so a bad file is a clear error line.
struct Images {
    background: RgbaImage,
    figure: RgbaImage,
    block: RgbaImage,
    powerups: Vec<(PowerUpKind, RgbaImage)>,
}

/// Why the game could not start its window.
#[derive(Debug)]
pub struct AppError(String);

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AppError {}

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

/// Set once the window is open: before that, a panic inside miniquad means no window could be opened.
static WINDOW_OPEN: AtomicBool = AtomicBool::new(false);

/// What to try instead when no window can be opened.
const NO_WINDOW_HINT: &str = "`spinfall --headless` runs without one";

/// Fails early, with one line, where a window cannot possibly open: on Linux and the BSDs the game
/// talks to an X server, found through `DISPLAY`.
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

/// For a panic inside the windowing library before the window opened (an X server that refuses the
/// connection, a missing libX11), prints one line and exits with code 1 instead of a backtrace;
/// returns for every other panic.
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

/// Decodes every PNG the app draws.
fn decode_images(assets: &Assets) -> Result<Images, AppError> {
    let decode = |id: AssetId| -> Result<RgbaImage, AppError> {
        decode_png(assets.get(id))
            .map(|img| img.to_rgba8())
            .map_err(|e| AppError(format!("{}: {e}", id.file_name())))
    };
    Ok(Images {
        background: decode(AssetId::Background)?,
        figure: decode(AssetId::Figure)?,
        block: decode(AssetId::Block)?,
        powerups: PowerUpKind::ALL
            .iter()
            .map(|&kind| Ok((kind, decode(AssetId::powerup(kind))?)))
            .collect::<Result<_, AppError>>()?,
    })
}

/// The window icon: the spinner block at the three sizes window managers ask for.
fn window_icon(block: &RgbaImage) -> Option<Icon> {
    fn sized<const N: usize>(block: &RgbaImage, side: u32) -> Option<[u8; N]> {
        let img = image::imageops::resize(block, side, side, image::imageops::FilterType::Triangle);
        img.into_raw().try_into().ok()
    }
    Some(Icon {
        small: sized(block, 16)?,
        medium: sized(block, 32)?,
        big: sized(block, 64)?,
    })
}

/// Which screen the player is looking at.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Screen {
    /// The title, with the bot playing in the background.
    Title,
    /// A game in progress.
    Playing,
    /// A game on hold.
    Paused {
        /// Who asked for the pause.
        why: PauseReason,
    },
    /// An arcade game ended.
    GameOver,
    /// The title's score table, over the attract game.
    Scores,
    /// A replay being watched.
    Replay,
}

/// Why a game is paused, so the pause screen can say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PauseReason {
    /// The player pressed pause.
    Player,
    /// The window lost focus.
    Focus,
    /// The gamepad was unplugged.
    Gamepad,
}

/// One row of the title screen's menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// Classic or Arcade.
    Mode,
    /// The photosensitivity setting.
    Flashing,
    /// Master volume.
    #[cfg_attr(not(feature = "sound"), allow(dead_code))]
    Volume,
    /// Gamepad rumble.
    #[cfg_attr(not(feature = "gamepad"), allow(dead_code))]
    Rumble,
    /// Opens the score table, where replays are watched.
    Scores,
}

/// The rows this build offers (no volume without sound, no rumble without gamepads).
fn menu_rows() -> Vec<Row> {
    let mut rows = vec![Row::Mode, Row::Flashing];
    if cfg!(feature = "sound") {
        rows.push(Row::Volume);
    }
    if cfg!(feature = "gamepad") {
        rows.push(Row::Rumble);
    }
    rows.push(Row::Scores);
    rows
}

/// What the game-over screen shows about the game that just ended.
#[derive(Clone, Copy, Debug, Default)]
struct GameResult {
    score: u64,
    /// The best score before this game, to show what was beaten.
    previous_best: Option<u64>,
    /// The game's place in the top five, if it made it.
    rank: Option<usize>,
    new_best: bool,
}

/// A short line of text rising from a point in the playfield (power-up names).
#[derive(Clone, Debug)]
struct Floater {
    text: String,
    pos: Vec2,
    age: f32,
    color: Color,
}

/// Textures on the GPU.
struct Textures {
    background: Texture2D,
    figure: Texture2D,
    block: Texture2D,
    powerups: Vec<(PowerUpKind, Texture2D)>,
}

impl Textures {
    fn upload(images: &Images) -> Textures {
        let upload = |img: &RgbaImage, filter: FilterMode| {
            // decode_png refuses any side above MAX_IMAGE_SIDE, so both fit; the window library
            // asserts that the pixels match the size given, so a size that did not fit must not be
            // passed with these pixels.
            let tex = match (u16::try_from(img.width()), u16::try_from(img.height())) {
                (Ok(w), Ok(h)) => Texture2D::from_rgba8(w, h, img.as_raw()),
                _ => Texture2D::from_rgba8(1, 1, &[0; 4]),
            };
            tex.set_filter(filter);
            tex
        };
        Textures {
            // The background is a soft painting: smooth scaling suits it. The sprites are pixel art.
            background: upload(&images.background, FilterMode::Linear),
            figure: upload(&images.figure, FilterMode::Nearest),
            block: upload(&images.block, FilterMode::Nearest),
            powerups: images
                .powerups
                .iter()
                .map(|(kind, img)| (*kind, upload(img, FilterMode::Nearest)))
                .collect(),
        }
    }

    fn powerup(&self, kind: PowerUpKind) -> &Texture2D {
        self.powerups
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, t)| t)
            .unwrap_or(&self.block)
    }
}

/// Hands out seeds: the command line's seed for the first game, then a reproducible sequence derived
/// from it, so a whole session started with `--seed N` replays game by game.
struct Seeds {
    next: Option<u64>,
    state: u64,
    /// A separate stream for attract games, so how long the title was shown does not change the games.
    attract: u64,
    games: u32,
}

impl Seeds {
    fn new(first: u64) -> Seeds {
        Seeds {
            next: Some(first),
            state: first,
            attract: !first,
            games: 0,
        }
    }

    /// The next game's seed.
    fn next_game(&mut self) -> u64 {
        self.games += 1;
        match self.next.take() {
            Some(seed) => seed,
            None => splitmix64(&mut self.state),
        }
    }

    /// A seed for the next attract game.
    fn next_attract(&mut self) -> u64 {
        splitmix64(&mut self.attract)
    }
}

/// One step of the splitmix64 generator: a well-mixed 64-bit value from a counter.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Who steers the player during a step.
#[derive(Clone, Copy, Debug)]
enum Steer {
    /// This input, from the player's devices or an idle pilot.
    Fixed(Input),
    /// The built-in bot.
    Bot,
    /// The casual pilot (the bot with a person's limits).
    Casual,
    /// The replay being watched.
    Replay,
}

/// The whole app: screens, the world being shown, devices and saved data.
struct App {
    screen: Screen,
    world: World,
    shapes: Shapes,
    bot: Bot,
    casual: Casual,
    seeds: Seeds,
    /// The mode highlighted on the title and played next.
    mode: Mode,
    menu_row: usize,
    settings: Settings,
    scores: HighScores,
    store: Store,
    save_warned: SaveWarned,
    textures: Textures,
    sfx: Sfx,
    /// The sound files, until they are loaded a moment after the window opens (see [`SOUND_DELAY`]).
    unloaded_sounds: Option<Assets>,
    controls: Controls,
    particles: Particles,
    /// Left-over frame time not yet consumed by whole steps.
    accumulator: f32,
    /// Seconds since the app started, for animations that must not depend on the world.
    clock: f32,
    flash: f32,
    shake: f32,
    /// Seconds spent on the current screen.
    screen_time: f32,
    facing_left: bool,
    /// Classic: the longest stretch without a hit in this game, in steps.
    best_streak: u64,
    /// Seconds left of the pulse on the HUD's figure for the life just lost.
    life_pulse: f32,
    last_result: GameResult,
    floaters: Vec<Floater>,
    /// The power-up kinds caught so far this game, each explained on its first catch.
    first_catches: FirstCatches,
    /// The line explaining the power-up just caught, with its kind and seconds left on screen.
    caption: Option<(PowerUpKind, String, f32)>,
    toasts: Vec<(String, f32)>,
    fullscreen: bool,
    /// When full screen was last toggled (app clock), to ignore the focus blips that causes.
    fullscreen_at: f32,
    /// The window's logical size before going full screen, to return to.
    windowed_size: Vec2,
    events: Vec<Event>,
    /// `--pilot`: a pilot plays instead of the player, straight into a game (demos and smoke tests).
    pilot: Option<Pilot>,
    /// `--seconds`: close the window after this many seconds.
    quit_after: Option<f32>,
    /// When Esc was first pressed on the title (app clock); a second press soon after quits.
    quit_armed_at: f32,
    /// The collision debug view, while F3 has it on; `None` costs nothing.
    debug: Option<DebugView>,
    /// The game being recorded, the replay being watched, the score table.
    replays: Replays,
}

impl App {
    fn new(opts: &Options, assets: Assets, images: Images, shapes: Shapes) -> App {
        let mut store = Store::from_env();
        store.tidy_temporary_files();
        let settings_loaded = store.load_settings();
        let scores_loaded = store.load_scores();
        let settings_missing = settings_loaded
            .problem
            .as_ref()
            .is_some_and(Problem::is_missing);
        let scores_missing = scores_loaded
            .problem
            .as_ref()
            .is_some_and(Problem::is_missing);
        // Saves fail without a directory; the load warning already said nothing will be kept.
        let nowhere = [&settings_loaded.problem, &scores_loaded.problem]
            .iter()
            .any(|p| p.as_ref().is_some_and(Problem::keeps_nothing));
        report_load_problems(&store, settings_loaded.problem, scores_loaded.problem);
        let settings = settings_loaded.value;
        let scores = scores_loaded.value;
        // Writing a missing file now makes its absence a first-run event, not a warning on every start
        // until a game ends; it also finds an unwritable directory before the player's first score.
        // Only missing files are written: any other file is either fine or must be left as it is.
        let mut save_warned = SaveWarned {
            settings: nowhere,
            scores: nowhere,
        };
        if settings_missing {
            match store.save_settings(&settings) {
                // On a first run both files fail alike: one line for the directory is enough.
                Err(e) if scores_missing => {
                    spinfall::errln!(
                        "spinfall: warning: {e}; settings and scores will not be kept"
                    );
                    save_warned = SaveWarned {
                        settings: true,
                        scores: true,
                    };
                }
                result => report_save(&mut save_warned.settings, result, "settings"),
            }
        }
        if scores_missing && !save_warned.scores {
            let result = store.save_scores(&scores);
            report_save(&mut save_warned.scores, result, "scores");
        }

        let mode = opts.mode.unwrap_or(match settings.last_mode {
            ModeKey::Classic => Mode::Classic,
            ModeKey::Arcade => Mode::Arcade,
        });
        // main resolves and prints the seed before the window opens; the fallback only serves callers
        // that skip that.
        let mut seeds = Seeds::new(opts.seed.unwrap_or_else(spinfall::cli::random_seed));
        let attract_seed = seeds.next_attract();
        let textures = Textures::upload(&images);
        let controls = Controls::new();
        let mut app = App {
            screen: Screen::Title,
            world: World::new(mode, attract_seed, shapes.clone()),
            shapes,
            bot: Bot::new(),
            casual: Casual::new(attract_seed),
            seeds,
            mode,
            menu_row: 0,
            sfx: Sfx::load(&[], settings.volume),
            unloaded_sounds: Some(assets),
            settings,
            scores,
            store,
            save_warned,
            textures,
            controls,
            particles: Particles::new(attract_seed),
            accumulator: 0.0,
            clock: 0.0,
            flash: 0.0,
            shake: 0.0,
            screen_time: 0.0,
            facing_left: false,
            best_streak: 0,
            life_pulse: 0.0,
            last_result: GameResult::default(),
            floaters: Vec::new(),
            first_catches: FirstCatches::default(),
            caption: None,
            toasts: Vec::new(),
            fullscreen: opts.fullscreen,
            fullscreen_at: f32::NEG_INFINITY,
            windowed_size: vec2(WINDOW_SIZE.0 as f32, WINDOW_SIZE.1 as f32),
            events: Vec::with_capacity(16),
            pilot: opts.pilot,
            quit_after: opts.seconds.map(|s| s as f32),
            quit_armed_at: f32::NEG_INFINITY,
            debug: None,
            replays: Replays::default(),
        };
        for name in app.controls.pad_names() {
            app.toast(format!("Gamepad ready: {name}"));
        }
        // X11 opens the window at the configured size in physical pixels, which is tiny on a high-DPI
        // screen; asking again in logical pixels gives the intended size there.
        if cfg!(target_os = "linux") && !opts.fullscreen && screen_dpi_scale() > 1.01 {
            request_new_screen_size(WINDOW_SIZE.0 as f32, WINDOW_SIZE.1 as f32);
        }
        if app.pilot.is_some() {
            app.start_game();
        }
        app
    }

    async fn main_loop(&mut self) {
        // The close button (and a termination signal, see `signals`) is caught so a classic game's best
        // streak is saved before the window goes.
        prevent_quit();
        loop {
            let frame_time = get_frame_time();
            let mut dt = frame_time.clamp(0.0, MAX_FRAME_SECONDS);
            // A vsync'd 60 Hz frame measures a hair above or below one step; snapping it keeps exactly one
            // step per frame instead of an occasional skipped or doubled step that reads as a stutter.
            if (dt - STEP_SECONDS).abs() < STEP_SECONDS * 0.03 {
                dt = STEP_SECONDS;
            }
            if !self.update(dt) {
                break;
            }
            if let Some(debug) = self.debug.as_mut() {
                debug.end_frame(frame_time);
            }
            self.draw();
            next_frame().await;
        }
    }

    /// Advances everything by one rendered frame; returns false when the player quits.
    fn update(&mut self, dt: f32) -> bool {
        self.clock += dt;
        self.screen_time += dt;
        if self.clock >= SOUND_DELAY {
            if let Some(assets) = self.unloaded_sounds.take() {
                self.sfx = Sfx::load(
                    &[
                        (Cue::Hit, "hit.wav", assets.hit_wav()),
                        (Cue::Dodge, "dodge.wav", assets.dodge_wav()),
                        (Cue::GameOver, "game_over.wav", assets.game_over_wav()),
                        (Cue::Collect, "collect.wav", assets.collect_wav()),
                        (Cue::Start, "start.wav", assets.start_wav()),
                    ],
                    self.settings.volume,
                );
            }
        }
        let actions = self.controls.poll();

        if actions.fullscreen {
            self.fullscreen_at = self.clock;
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
        for notice in &actions.pad_notices {
            self.toast(notice.clone());
        }
        // Photosensitive players need this most in play, so it works on every screen.
        if actions.toggle_flashing {
            self.toggle_flashing();
        }
        if actions.debug {
            self.debug = match self.debug {
                Some(_) => None,
                None => Some(DebugView::new()),
            };
        }

        // Leaving full screen on X11 unmaps and remaps the window, which reads as a focus change.
        let toggling = self.clock - self.fullscreen_at < FULLSCREEN_SETTLE;
        if self.screen == Screen::Playing {
            if actions.focus_lost && !toggling {
                self.set_screen(Screen::Paused {
                    why: PauseReason::Focus,
                });
            } else if actions.pad_unplugged {
                self.set_screen(Screen::Paused {
                    why: PauseReason::Gamepad,
                });
            }
        }

        let time_up = self.quit_after.is_some_and(|limit| self.clock >= limit);
        if is_quit_requested() || time_up || signals::caught().is_some() {
            self.leave_game();
            return false;
        }

        match self.screen {
            Screen::Title => {
                if !self.title_input(&actions) {
                    return false;
                }
                if self.screen == Screen::Title {
                    self.advance(dt, Steer::Bot, true);
                    if self.world.is_over() || self.world.stats().steps > ATTRACT_STEPS {
                        self.new_attract_world();
                    }
                }
            }
            Screen::Playing => {
                if actions.pause || actions.escape {
                    self.set_screen(Screen::Paused {
                        why: PauseReason::Player,
                    });
                } else {
                    let steer = match self.pilot {
                        None => Steer::Fixed(actions.sim_input()),
                        Some(Pilot::Idle) => Steer::Fixed(Input::IDLE),
                        Some(Pilot::Bot) => Steer::Bot,
                        Some(Pilot::Casual) => Steer::Casual,
                    };
                    self.advance(dt, steer, false);
                }
            }
            Screen::Paused { .. } => {
                if actions.back {
                    self.leave_game();
                    self.go_to_title();
                } else if actions.pause || actions.escape || actions.confirm {
                    // Movement held while paused must not count as a burst of time afterwards.
                    self.accumulator = 0.0;
                    self.set_screen(Screen::Playing);
                }
            }
            Screen::Scores => {
                self.table_input(&actions);
                if self.screen == Screen::Scores {
                    self.advance(dt, Steer::Bot, true);
                }
            }
            Screen::Replay => self.replay_update(&actions, dt),
            Screen::GameOver => {
                let ready = self.screen_time >= GAME_OVER_INPUT_DELAY;
                let demo_restart = self.pilot.is_some() && self.screen_time >= 4.0;
                if demo_restart || (ready && (actions.confirm || actions.start)) {
                    self.start_game();
                } else if actions.escape || actions.back {
                    self.go_to_title();
                }
            }
        }

        if !matches!(self.screen, Screen::Paused { .. }) {
            self.particles.update(dt);
            self.flash = (self.flash - dt).max(0.0);
            self.shake = (self.shake - dt).max(0.0);
            self.life_pulse = (self.life_pulse - dt).max(0.0);
            for f in &mut self.floaters {
                f.age += dt;
                f.pos.y -= 40.0 * dt;
            }
            self.floaters.retain(|f| f.age < 1.2);
            if let Some(caption) = self.caption.as_mut() {
                caption.2 -= dt;
            }
            self.caption.take_if(|c| c.2 <= 0.0);
        }
        for t in &mut self.toasts {
            t.1 -= dt;
        }
        self.toasts.retain(|t| t.1 > 0.0);
        true
    }

    /// Handles the title screen's menu; returns false when the player quits.
    fn title_input(&mut self, actions: &Actions) -> bool {
        if actions.escape {
            // A second press confirms, so Esc hammered on the game-over screen does not close the game.
            if self.clock - self.quit_armed_at < QUIT_CONFIRM_SECONDS {
                return false;
            }
            self.quit_armed_at = self.clock;
            self.toasts.retain(|(text, _)| text != QUIT_PROMPT);
            self.toasts
                .push((QUIT_PROMPT.to_string(), QUIT_CONFIRM_SECONDS));
        }
        let rows = menu_rows();
        let on_scores = rows.get(self.menu_row) == Some(&Row::Scores);
        if on_scores && (actions.confirm || actions.start || actions.left || actions.right) {
            self.open_table();
            return true;
        }
        if actions.confirm || actions.start {
            self.start_game();
            return true;
        }
        if actions.up {
            self.menu_row = (self.menu_row + rows.len() - 1) % rows.len();
        }
        if actions.down {
            self.menu_row = (self.menu_row + 1) % rows.len();
        }
        let step = i32::from(actions.right) - i32::from(actions.left);
        if step != 0 {
            match rows.get(self.menu_row).copied().unwrap_or(Row::Mode) {
                Row::Mode => {
                    self.mode = match self.mode {
                        Mode::Classic => Mode::Arcade,
                        Mode::Arcade => Mode::Classic,
                    };
                    self.settings.last_mode = mode_key(self.mode);
                    self.save_settings();
                    self.new_attract_world();
                }
                Row::Flashing => self.toggle_flashing(),
                Row::Volume => {
                    let volume = ((self.settings.volume * 10.0).round() + step as f32)
                        .clamp(0.0, 10.0)
                        / 10.0;
                    self.settings.volume = volume;
                    self.sfx.set_volume(volume);
                    self.sfx.play(Cue::Dodge);
                    self.save_settings();
                }
                Row::Rumble => {
                    self.settings.rumble = !self.settings.rumble;
                    if self.settings.rumble {
                        self.controls.rumble();
                    }
                    self.save_settings();
                }
                Row::Scores => {}
            }
        }
        true
    }

    /// Runs as many fixed steps as the accumulated frame time allows.
    ///
    /// `attract` marks the title's background game: it makes no sound, rumble or flash and records nothing.
    fn advance(&mut self, dt: f32, steer: Steer, attract: bool) {
        self.accumulator += dt;
        let mut steps = 0;
        // A replay at 4x needs four steps a frame at 60 Hz, and more on a slower display.
        let max_steps = MAX_STEPS_PER_FRAME * self.replays.speed();
        while self.accumulator >= STEP_SECONDS && steps < max_steps {
            self.accumulator -= STEP_SECONDS;
            steps += 1;
            let input = match steer {
                Steer::Fixed(input) => input,
                Steer::Bot => self.bot.input(&self.world),
                Steer::Casual => self.casual.input(&self.world),
                // The world must not step past the recording, or it would show another game.
                Steer::Replay => match self.replays.next_input() {
                    Some(input) => input,
                    None => break,
                },
            };
            let input = if attract {
                input
            } else {
                self.replays.record(input)
            };
            let mut events = std::mem::take(&mut self.events);
            events.clear();
            let started = self.debug.is_some().then(Instant::now);
            let stepped = self.world.step(input);
            let step_time = started.map(|t| t.elapsed());
            events.extend_from_slice(stepped);
            if let (Some(debug), Some(step_time)) = (self.debug.as_mut(), step_time) {
                debug.record_step(&self.world, step_time);
            }
            for &event in &events {
                self.on_event(event, attract);
            }
            self.events = events;
            let moved = self.world.player().last_move();
            if moved != 0.0 {
                self.facing_left = moved < 0.0;
            }
            if !attract && self.world.mode() == Mode::Classic {
                let stats = self.world.stats();
                let streak = self.world.since_last_hit().unwrap_or(stats.steps);
                self.best_streak = self.best_streak.max(streak);
            }
            if !matches!(self.screen, Screen::Playing | Screen::Replay) && !attract {
                break;
            }
        }
        if steps == max_steps {
            // The machine cannot keep up: drop the backlog rather than chase it frame after frame.
            self.accumulator = self.accumulator.min(STEP_SECONDS);
        }
    }

    /// Turns one sim event into sound, sparks, flashes and rumble.
    fn on_event(&mut self, event: Event, attract: bool) {
        let sound = |app: &App, cue: Cue| {
            if !attract {
                app.sfx.play(cue);
            }
        };
        match event {
            Event::Hit { point, .. } => {
                self.particles.burst(point, Burst::HIT);
                if attract {
                    return;
                }
                sound(self, Cue::Hit);
                if self.settings.rumble && self.screen == Screen::Playing {
                    self.controls.rumble();
                }
                if self.world.mode() == Mode::Arcade {
                    self.flash = FLASH_SECONDS;
                    if !self.settings.reduce_flashing {
                        self.shake = SHAKE_SECONDS;
                    }
                }
            }
            Event::Shielded { point, .. } => {
                self.particles.burst(point, Burst::SHIELD);
                if !attract {
                    sound(self, Cue::Hit);
                    self.float("Blocked!", point, Color::new(0.6, 0.9, 1.0, 1.0));
                }
            }
            Event::Dodged { .. } => sound(self, Cue::Dodge),
            Event::LifeLost { .. } => self.life_pulse = 0.6,
            Event::Collected { kind, point, .. } => {
                self.particles.burst(point, Burst::COLLECT);
                if !attract {
                    sound(self, Cue::Collect);
                    self.float(powerup_label(kind), point, Color::new(1.0, 0.9, 0.45, 1.0));
                    if let Some(line) = self.first_catches.caught(kind) {
                        self.caption = Some((kind, line, CAPTION_SECONDS));
                    }
                }
            }
            Event::GameOver { score } => {
                if !attract {
                    sound(self, Cue::GameOver);
                }
                // A watched replay's game over is shown, not recorded.
                if !attract && self.screen == Screen::Playing {
                    self.finish_arcade(score);
                }
            }
            Event::Spawned { .. } | Event::PowerUpSpawned { .. } | Event::EffectEnded { .. } => {}
        }
    }

    fn float(&mut self, text: &str, pos: Vec2, color: Color) {
        self.floaters.push(Floater {
            text: text.to_string(),
            pos,
            age: 0.0,
            color,
        });
    }

    fn toast(&mut self, text: String) {
        self.toasts.push((text, 3.0));
    }

    fn set_screen(&mut self, screen: Screen) {
        if self.screen != screen {
            self.screen = screen;
            self.screen_time = 0.0;
        }
    }

    /// Who plays the games of this run; only the player's results and choices are kept.
    fn driver(&self) -> Driver {
        Driver::of(self.pilot)
    }

    fn start_game(&mut self) {
        let seed = self.seeds.next_game();
        if self.seeds.games > 1 {
            // main printed the first game's seed; later games get theirs here, in the same form.
            spinfall::outln!(
                "seed: {seed} ({} game {})",
                self.mode.name(),
                self.seeds.games
            );
        }
        self.world = World::new(self.mode, seed, self.shapes.clone());
        self.bot = Bot::new();
        self.casual = Casual::new(seed);
        self.particles.reset(seed);
        self.reset_effects();
        self.first_catches = FirstCatches::default();
        self.start_recording();
        self.best_streak = 0;
        if self.driver() == Driver::Player && self.settings.last_mode != mode_key(self.mode) {
            self.settings.last_mode = mode_key(self.mode);
            self.save_settings();
        }
        self.sfx.play(Cue::Start);
        self.set_screen(Screen::Playing);
    }

    fn go_to_title(&mut self) {
        self.new_attract_world();
        self.set_screen(Screen::Title);
    }

    fn new_attract_world(&mut self) {
        let seed = self.seeds.next_attract();
        self.world = World::new(self.mode, seed, self.shapes.clone());
        self.bot = Bot::new();
        self.particles.reset(seed);
        self.reset_effects();
    }

    fn reset_effects(&mut self) {
        self.accumulator = 0.0;
        self.flash = 0.0;
        self.shake = 0.0;
        self.life_pulse = 0.0;
        self.floaters.clear();
        self.caption = None;
        self.facing_left = false;
    }

    /// Records an arcade game's score and shows the game-over screen.
    fn finish_arcade(&mut self, score: u64) {
        let driver = self.driver();
        let replay = self.keep_replay();
        let table = self.scores.table(ModeKey::Arcade);
        let previous_best = table.best();
        let new_best = driver == Driver::Player && table.is_new_best(score);
        let entry = ScoreEntry {
            score,
            seed: self.world.seed(),
            unix_time: store::unix_now(),
            replay,
        };
        let rank = records::record(&mut self.scores, driver, ModeKey::Arcade, entry);
        self.last_result = GameResult {
            score,
            previous_best,
            rank,
            new_best,
        };
        if rank.is_some() {
            self.save_scores();
        }
        self.prune_replays(replay);
        self.set_screen(Screen::GameOver);
    }

    /// Records a classic game's best streak when the player leaves it (classic has no game over).
    fn leave_game(&mut self) {
        let in_game = matches!(self.screen, Screen::Playing | Screen::Paused { .. });
        // A classic game ends when it is left; an arcade game left early is not kept.
        let replay = if in_game && self.world.mode() == Mode::Classic {
            self.keep_replay()
        } else {
            None
        };
        self.drop_recording();
        if in_game && self.world.mode() == Mode::Classic && self.best_streak > 0 {
            let entry = ScoreEntry {
                score: self.best_streak,
                seed: self.world.seed(),
                unix_time: store::unix_now(),
                replay,
            };
            let driver = self.driver();
            let rank = records::record(&mut self.scores, driver, ModeKey::Classic, entry);
            if rank.is_some() {
                self.save_scores();
            }
            self.best_streak = 0;
        }
        self.prune_replays(replay);
    }

    fn toggle_flashing(&mut self) {
        self.settings.reduce_flashing = !self.settings.reduce_flashing;
        let state = if self.settings.reduce_flashing {
            "on"
        } else {
            "off"
        };
        self.toasts
            .retain(|(text, _)| !text.starts_with(FLASHING_TOAST));
        self.toast(format!("{FLASHING_TOAST}{state}"));
        self.save_settings();
    }

    fn save_settings(&mut self) {
        let result = self.store.save_settings(&self.settings);
        report_save(&mut self.save_warned.settings, result, "settings");
    }

    fn save_scores(&mut self) {
        let result = self.store.save_scores(&self.scores);
        report_save(&mut self.save_warned.scores, result, "scores");
    }
}

/// Which files a failed save was already reported for.
#[derive(Clone, Copy, Debug, Default)]
struct SaveWarned {
    settings: bool,
    scores: bool,
}

/// Reports the first failed save of one file only: the game plays on, and one line is enough to act on.
fn report_save(warned: &mut bool, result: Result<(), store::SaveError>, what: &str) {
    if let Err(e) = result {
        if !*warned {
            spinfall::errln!("spinfall: warning: {e}; {what} will not be kept");
            *warned = true;
        }
    }
}

/// Prints what went wrong loading the saved files, as few lines as possible.
fn report_load_problems(store: &Store, settings: Option<Problem>, scores: Option<Problem>) {
    let both_missing = [&settings, &scores]
        .iter()
        .all(|p| p.as_ref().is_some_and(Problem::is_missing));
    if both_missing {
        let dir = store
            .dir()
            .map(|d| d.display().to_string())
            .unwrap_or_default();
        spinfall::errln!("spinfall: no saved settings or scores yet; they will be kept in {dir}");
        return;
    }
    // One missing file beside a present one is simply created; the same directory-wide problem
    // (no directory, or a file in its place) is named once.
    let lines: Vec<String> = [settings, scores]
        .into_iter()
        .flatten()
        .filter(|p| !p.is_missing())
        .map(|p| p.to_string())
        .collect();
    for (i, line) in lines.iter().enumerate() {
        if !lines[..i].contains(line) {
            spinfall::errln!("spinfall: warning: {line}");
        }
    }
}

fn mode_key(mode: Mode) -> ModeKey {
    match mode {
        Mode::Classic => ModeKey::Classic,
        Mode::Arcade => ModeKey::Arcade,
    }
}

fn powerup_label(kind: PowerUpKind) -> &'static str {
    match kind {
        PowerUpKind::Shrink => "Shrink!",
        PowerUpKind::Grow => "Grow! x2 dodges",
        PowerUpKind::Shield => "Shield!",
        PowerUpKind::Slow => "Slow-mo!",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_game_uses_the_seed_and_the_sequence_replays() {
        let mut a = Seeds::new(42);
        let mut b = Seeds::new(42);
        assert_eq!(a.next_game(), 42);
        // Attract games in between must not shift the sequence of real games.
        a.next_attract();
        let second = a.next_game();
        b.next_game();
        assert_eq!(b.next_game(), second);
        assert_ne!(second, 42);
        assert_ne!(a.next_game(), second);
    }

    #[test]
    fn menu_always_has_mode_and_flashing_rows() {
        let rows = menu_rows();
        assert_eq!(&rows[..2], &[Row::Mode, Row::Flashing]);
    }

    #[test]
    fn icon_is_built_from_the_block() {
        let block = image::load_from_memory(Assets::embedded().block_png())
            .unwrap()
            .to_rgba8();
        assert!(window_icon(&block).is_some());
    }
}
