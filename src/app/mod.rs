//! The window side of Spinfall: screens, the fixed-step loop, drawing, sound, keyboard and gamepads.
//!
//! This is the only part of the program that touches macroquad or gilrs. Data flows one way: devices
//! become an [`Actions`](input::Actions) value, its movement becomes the sim's
//! [`Input`](spinfall::sim::Input), [`World::step`] runs at a fixed 60 Hz fed by an accumulator, and
//! the [`Event`]s it returns drive sound, sparks, flashes and rumble. Drawing only reads the world.
//!
//! This file holds the [`App`] itself, the [`Screen`] it is on, and the loop, which hands each frame's
//! update and drawing to the screen in `screen/`.

mod art;
mod audio;
mod debug;
mod error;
mod field;
mod game;
mod gamepad;
mod hit;
mod hud;
mod input;
mod keys;
mod legend;
mod overlay;
mod pace;
#[cfg(target_arch = "wasm32")]
pub mod page;
mod particles;
mod platform;
mod pointer;
mod presses;
mod prompt;
mod records;
mod render;
mod replay;
mod saving;
mod screen;
mod seeds;
mod signals;
mod toasts;
mod touch;
mod view;
mod window;

use macroquad::prelude::*;

use spinfall::assets::Assets;
use spinfall::cli::{Options, Pilot};
use spinfall::sim::{
    Bot, Casual, Event, GameSpeed, Mode, Pacer, PowerUpKind, Shapes, World, FIELD_HEIGHT,
    FIELD_WIDTH, STEP_SECONDS,
};
use spinfall::store::{HighScores, ModeKey, Settings};

use art::{Images, Textures};
use audio::{Cue, Sfx};
use debug::DebugView;
use game::{Floater, Steer};
use hit::HitFeedback;
use input::Devices;
use legend::FirstCatches;
use particles::Particles;
use platform::Store;
use pointer::Pointer;
use replay::Replays;
use saving::{mode_key, SaveWarned, Saved};
use screen::{ControlsMenu, GameResult};
use seeds::Seeds;
use spinfall::controls::TouchScheme;
use touch::layout::Layout;
use touch::TouchFrame;
use view::{framebuffer_size, Text};
use window::{WindowState, WINDOW_SIZE};

#[cfg(not(target_arch = "wasm32"))]
pub use window::check_display;
pub use window::run;

/// The longest frame the loop will account for; a longer stall (a dragged window, a breakpoint) is
/// treated as this long instead of fast-forwarding the game.
const MAX_FRAME_SECONDS: f32 = 0.25;

/// How long after the window opens the sounds are loaded, in seconds.
///
/// macroquad opens the audio device on its own thread as the window opens. When there is no device,
/// that thread dies and every sound handed to it afterwards prints a line to stdout; waiting a moment
/// lets the panic hook notice the dead device first, so a machine without sound stays quiet.
const SOUND_DELAY: f32 = 0.4;

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
    /// The keys the player chose, over the attract game.
    Controls,
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
    /// The keyboard, mouse, touch and gamepads the frame reads.
    devices: Devices,
    particles: Particles,
    /// Frame time not yet consumed by whole steps, at the speed the game is shown at.
    pacer: Pacer,
    /// The slowest game speed the current game has been played at: what its score and replay say.
    slowest_speed: GameSpeed,
    /// Seconds since the app started, for animations that must not depend on the world.
    clock: f32,
    /// The last arcade hit's flash and shake.
    hit: HitFeedback,
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
    /// Full screen or windowed, and the size to return to.
    window: WindowState,
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
    /// The Controls screen's selection and prompt.
    controls_menu: ControlsMenu,
    /// The mouse as last polled, for drawing what it hovers over.
    pointer: Pointer,
    /// Touch as last polled: whether this is a touch screen, and the fingers down.
    touch: TouchFrame,
    /// The first problem with the saved settings or scores, shown on the title in a browser, where
    /// nobody reads a console.
    storage_notice: Option<String>,
}

impl App {
    fn new(opts: &Options, assets: Assets, images: Images, shapes: Shapes) -> App {
        let Saved {
            store,
            mut settings,
            scores,
            save_warned,
            notice,
        } = Saved::load();
        // `--speed` is this run's choice; it is kept only if the player then changes a setting.
        if let Some(speed) = opts.speed {
            settings.game_speed = speed.percent();
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
        let devices = Devices::new(opts.touch);
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
            devices,
            particles: Particles::new(attract_seed),
            pacer: Pacer::default(),
            slowest_speed: GameSpeed::FULL,
            clock: 0.0,
            hit: HitFeedback::default(),
            screen_time: 0.0,
            facing_left: false,
            best_streak: 0,
            life_pulse: 0.0,
            last_result: GameResult::default(),
            floaters: Vec::new(),
            first_catches: FirstCatches::default(),
            caption: None,
            toasts: Vec::new(),
            window: WindowState::new(opts.fullscreen),
            events: Vec::with_capacity(16),
            pilot: opts.pilot,
            quit_after: opts.seconds.map(|s| s as f32),
            quit_armed_at: f32::NEG_INFINITY,
            debug: None,
            replays: Replays::default(),
            storage_notice: notice,
            controls_menu: ControlsMenu::default(),
            pointer: Pointer::default(),
            touch: TouchFrame::default(),
        };
        for name in app.devices.pad_names() {
            app.toast(format!("Gamepad ready: {name}"));
        }
        // X11 opens the window at the configured size in physical pixels, which is tiny on a high-DPI
        // screen; asking again in logical pixels gives the intended size there.
        if cfg!(target_os = "linux") && !opts.fullscreen && screen_dpi_scale() > 1.01 {
            request_new_screen_size(WINDOW_SIZE.0 as f32, WINDOW_SIZE.1 as f32);
        }
        platform::screen_shown(&app.screen);
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
            platform::frame_drawn();
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
        if let Some(ready) = self.sfx.poll_decoding() {
            platform::sounds_ready(ready);
        }
        let mut actions = self.devices.poll(&self.settings.controls);
        // Taken to the panels' coordinates through the overlay this screen was drawn with.
        let overlay = self.overlay(&actions.touch.layout);
        actions.pointer.at = actions.pointer.at.map(|p| overlay.to_design(p));
        self.pointer = actions.pointer;
        self.touch = actions.touch.clone();
        // While the Controls screen waits for a key, every key is its own: F pressed to bind it must
        // not also switch "reduce flashing", nor F11 the window.
        let keys_taken = self.screen == Screen::Controls && self.controls_menu.is_prompting();

        if actions.fullscreen && !keys_taken {
            self.window.toggle(self.clock);
        }
        for notice in &actions.pad_notices {
            self.toast(notice.clone());
        }
        // Photosensitive players need this most in play, so it works on every screen.
        if actions.toggle_flashing && !keys_taken {
            self.toggle_flashing();
        }
        if actions.debug && !keys_taken {
            self.toggle_debug();
        }

        // Leaving full screen on X11 unmaps and remaps the window, which reads as a focus change.
        let toggling = self.window.settling(self.clock);
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
                if !self.update_title(&actions, dt) {
                    return false;
                }
            }
            Screen::Playing => self.update_playing(&actions, dt),
            Screen::Paused { .. } => self.update_paused(&actions),
            Screen::Scores => {
                self.table_input(&actions);
                if self.screen == Screen::Scores {
                    self.advance(dt, Steer::Bot, true);
                }
            }
            Screen::Controls => {
                self.controls_input(&actions);
                if self.screen == Screen::Controls {
                    self.advance(dt, Steer::Bot, true);
                }
            }
            Screen::Replay => self.replay_update(&actions, dt),
            Screen::GameOver => self.update_game_over(&actions),
        }

        if !matches!(self.screen, Screen::Paused { .. }) {
            self.fade_effects(dt);
        }
        self.fade_toasts(dt);
        true
    }

    /// Switches the collision debug view on or off.
    fn toggle_debug(&mut self) {
        self.debug = match self.debug {
            Some(_) => None,
            None => Some(DebugView::new()),
        };
    }

    fn set_screen(&mut self, screen: Screen) {
        if self.screen != screen {
            self.screen = screen;
            self.screen_time = 0.0;
            platform::screen_shown(&screen);
        }
    }

    /// Draws one frame: the playfield, then the screen on top of it.
    fn draw(&self) {
        let (fb_w, fb_h) = framebuffer_size();
        let layout = Layout::new(fb_w, fb_h, screen_dpi_scale(), self.touch.active);
        let letterbox = layout.field;
        set_default_camera();
        clear_background(BLACK);
        let min_text = self.touch.active.then_some(touch::layout::TEXT_MIN_CSS);
        let text = Text::new(&letterbox, min_text);

        // Only the playfield shakes; the HUD and the menus hold still so that they stay readable.
        set_camera(&letterbox.camera(fb_h, FIELD_WIDTH, FIELD_HEIGHT, self.shake_offset()));
        self.draw_playfield();
        if let Some(debug) = &self.debug {
            debug::draw_bounds(&self.world, self.step_alpha());
            debug.draw_contact();
        }
        let field_camera = letterbox.camera(fb_h, FIELD_WIDTH, FIELD_HEIGHT, Vec2::ZERO);
        set_camera(&field_camera);
        if matches!(
            self.screen,
            Screen::Playing | Screen::Paused { .. } | Screen::GameOver | Screen::Replay
        ) {
            self.draw_hud(&text);
        }
        // The screen's panels, through the overlay that enlarges them on a phone.
        let overlay = self.overlay(&layout);
        set_camera(&overlay.camera(&layout, fb_h));
        let panel_text = overlay.text(&layout, min_text);
        match self.screen {
            Screen::Title => self.draw_title(&panel_text),
            Screen::Playing => {}
            Screen::Paused { why } => self.draw_pause(&panel_text, why),
            Screen::GameOver => self.draw_game_over(&panel_text),
            Screen::Scores => self.draw_table(&panel_text),
            Screen::Controls => self.draw_controls(&panel_text),
            Screen::Replay => self.draw_replay(&panel_text),
        }
        set_camera(&field_camera);
        // Menus are read, not measured: the panel would only cover them.
        if let Some(debug) = self
            .debug
            .as_ref()
            .filter(|_| self.screen == Screen::Playing)
        {
            debug.draw_panel(&text);
        }
        self.draw_toasts(&text);
        // In play the areas move the figure (drawn for the buttons scheme); in a replay they are its
        // slower and faster, and the pause button pauses it.
        let replay_paused = self.replays.is_paused();
        let areas = match self.screen {
            Screen::Playing => self.settings.touch == TouchScheme::Buttons,
            Screen::Replay => true,
            _ => false,
        };
        let pause = match self.screen {
            Screen::Playing => Some(false),
            Screen::Paused { .. } => Some(true),
            Screen::Replay => Some(replay_paused),
            _ => None,
        };
        touch::draw::draw_pads(&layout, (fb_w, fb_h), areas, pause);
        set_default_camera();
    }
}
