//! A game in progress: starting one, steering it, pausing, and keeping a classic game's best streak
//! when it is left.
//!
//! Its drawing is the playfield (`field.rs`) and the HUD (`hud.rs`), which other screens draw too.

use spinfall::cli::Pilot;
use spinfall::sim::{Bot, Casual, CasualLimits, Input, Mode, World};
use spinfall::store::{self, ModeKey, ScoreEntry};

use crate::app::audio::Cue;
use crate::app::game::Steer;
use crate::app::input::Actions;
use crate::app::legend::FirstCatches;
use crate::app::records::{self, Driver};
use crate::app::saving::mode_key;
use crate::app::{App, PauseReason, Screen};

impl App {
    /// One frame of play: pause on request, otherwise step the world under the player or the pilot.
    pub(in crate::app) fn update_playing(&mut self, actions: &Actions, dt: f32) {
        if actions.pause || actions.escape || actions.touch.pause_tapped {
            self.set_screen(Screen::Paused {
                why: PauseReason::Player,
            });
        } else {
            let steer = match self.pilot {
                None => Steer::Fixed(self.player_input(actions)),
                Some(Pilot::Idle) => Steer::Fixed(Input::IDLE),
                Some(Pilot::Bot) => Steer::Bot,
                Some(Pilot::Casual) => Steer::Casual,
            };
            self.advance(dt, steer, false);
        }
    }

    /// The player's input this frame: the keys, the pad, or else the fingers under the chosen touch
    /// scheme, which give the same -1, 0 or 1 a keyboard does.
    fn player_input(&self, actions: &Actions) -> Input {
        let input = actions.sim_input();
        if input.move_x != 0.0 || !actions.touch.active {
            return input;
        }
        let step = self.world.tuning().player_speed;
        let figure_x = self.world.player().x();
        Input::new(actions.touch.movement(self.settings.touch, figure_x, step))
    }

    /// Who plays the games of this run; only the player's results and choices are kept.
    pub(super) fn driver(&self) -> Driver {
        Driver::of(self.pilot)
    }

    /// Starts a game of the chosen mode with the next seed.
    pub(in crate::app) fn start_game(&mut self) {
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
        self.casual = Casual::with_limits(seed, CasualLimits::at_speed(self.settings.speed()));
        self.slowest_speed = self.settings.speed();
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

    /// Records a classic game's best streak when the player leaves it (classic has no game over).
    pub(in crate::app) fn leave_game(&mut self) {
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
                speed: ScoreEntry::speed_field(self.slowest_speed),
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
}
