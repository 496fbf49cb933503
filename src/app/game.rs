//! The world in motion: fixed steps fed by frame time, and the feedback its events give (sound,
//! sparks, flashes, rumble, floating words).

use macroquad::prelude::*;

use spinfall::clock::Stopwatch;
use spinfall::mq_math::ToMq;
use spinfall::sim::{Bot, Event, GameSpeed, Input, Mode, PowerUpKind, World};

use super::audio::Cue;
use super::hit::HitFeedback;
use super::particles::Burst;
use super::platform;
use super::{App, Screen};

/// The most simulation steps run in one frame, so a slow machine drops time instead of spiralling.
const MAX_STEPS_PER_FRAME: u32 = 5;

/// How long the line explaining a first-caught power-up stays on screen, in seconds.
const CAPTION_SECONDS: f32 = 4.0;

/// How long a hit vibrates a touch device, in milliseconds: a tap on the hand, not a rattle.
const HIT_VIBRATION_MS: u32 = 40;

/// A short line of text rising from a point in the playfield (power-up names).
#[derive(Clone, Debug)]
pub(super) struct Floater {
    pub(super) text: String,
    pub(super) pos: Vec2,
    pub(super) age: f32,
    pub(super) color: Color,
}

/// Who steers the player during a step.
#[derive(Clone, Copy, Debug)]
pub(super) enum Steer {
    /// This input, from the player's devices or an idle pilot.
    Fixed(Input),
    /// The built-in bot.
    Bot,
    /// The casual pilot (the bot with a person's limits).
    Casual,
    /// The replay being watched.
    Replay,
}

impl App {
    /// Runs as many fixed steps as the accumulated frame time allows.
    ///
    /// `attract` marks the title's background game: it makes no sound, rumble or flash and records nothing.
    pub(super) fn advance(&mut self, dt: f32, steer: Steer, attract: bool) {
        // The title's background game is a demo at full speed; a replay plays at the speed it was
        // played at; a game at the speed chosen now, which its result remembers if it is slower.
        let speed = match steer {
            _ if attract => GameSpeed::FULL,
            Steer::Replay => self.replays.game_speed(),
            _ => {
                let speed = self.settings.speed();
                self.slowest_speed = self.slowest_speed.min(speed);
                speed
            }
        };
        self.pacer.add(dt, speed);
        let mut steps = 0;
        // A replay at 4x needs four steps a frame at 60 Hz, and more on a slower display.
        let max_steps = MAX_STEPS_PER_FRAME * self.replays.speed();
        while steps < max_steps && self.pacer.take_step() {
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
            let started = self.debug.is_some().then(Stopwatch::start);
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
            self.pacer.drop_backlog();
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
                let point = point.mq();
                self.particles.burst(point, Burst::HIT);
                if attract {
                    return;
                }
                sound(self, Cue::Hit);
                if self.settings.rumble && self.screen == Screen::Playing {
                    self.devices.rumble();
                }
                // A buzz in the hand is part of the hit's jolt: off, with the shake, for "reduce flashing".
                if self.touch.active
                    && !self.settings.reduce_flashing
                    && self.screen == Screen::Playing
                {
                    platform::vibrate(HIT_VIBRATION_MS);
                }
                if self.world.mode() == Mode::Arcade {
                    self.hit.hit(self.settings.reduce_flashing);
                }
            }
            Event::Shielded { point, .. } => {
                let point = point.mq();
                self.particles.burst(point, Burst::SHIELD);
                if !attract {
                    sound(self, Cue::Hit);
                    self.float("Blocked!", point, Color::new(0.6, 0.9, 1.0, 1.0));
                }
            }
            Event::Dodged { .. } => sound(self, Cue::Dodge),
            Event::LifeLost { .. } => self.life_pulse = 0.6,
            Event::Collected { kind, point, .. } => {
                let point = point.mq();
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

    pub(super) fn new_attract_world(&mut self) {
        let seed = self.seeds.next_attract();
        self.world = World::new(self.mode, seed, self.shapes.clone());
        self.bot = Bot::new();
        self.particles.reset(seed);
        self.reset_effects();
    }

    pub(super) fn reset_effects(&mut self) {
        self.pacer.reset();
        self.hit = HitFeedback::default();
        self.life_pulse = 0.0;
        self.floaters.clear();
        self.caption = None;
        self.facing_left = false;
    }

    /// Ages the frame's effects (sparks, flash, shake, floating words, the caption) by `dt`.
    pub(super) fn fade_effects(&mut self, dt: f32) {
        self.particles.update(dt);
        self.hit.age(dt);
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
}

fn powerup_label(kind: PowerUpKind) -> &'static str {
    match kind {
        PowerUpKind::Shrink => "Shrink!",
        PowerUpKind::Grow => "Grow! x2 dodges",
        PowerUpKind::Shield => "Shield!",
        PowerUpKind::Slow => "Slow-mo!",
    }
}
