//! The game's rules, engine-free: a [`World`] stepped at a fixed 60 Hz by [`World::step`].
//!
//! Nothing here reads a clock, a window or a device: the app turns its devices into an [`Input`] value,
//! calls `step` once per fixed tick, reads the returned [`Event`]s (for sound, particles, flashes) and
//! draws the world from its public read accessors. The world owns a seeded PCG generator, so one seed
//! and one input sequence always replay to the same events, which is what the headless runs and the
//! tests rely on.
//!
//! Coordinates are playfield pixels of a fixed [`FIELD_WIDTH`] x [`FIELD_HEIGHT`] field, x right, y
//! down; rotations are radians, clockwise on that y-down field; speeds are per step.

mod block;
pub mod bot;
pub mod casual;
mod check;
mod player;
mod powerup;
mod shapes;
mod speed;
mod tuning;
mod world;

pub use block::Block;
pub use bot::Bot;
pub use casual::{Casual, CasualLimits};
pub use check::{CheckOutcome, StepStats};
pub use player::Player;
pub use powerup::{Effects, PowerUp};
pub use shapes::Shapes;
pub use speed::{GameSpeed, Pacer};
pub use tuning::{Difficulty, Tuning};
pub use world::World;

use glam::Vec2;

use crate::collision::Rect;

/// Fixed simulation steps per second of game time.
pub const STEPS_PER_SECOND: u32 = 60;

/// The duration of one step, in seconds.
pub const STEP_SECONDS: f32 = 1.0 / STEPS_PER_SECOND as f32;

/// Width of the virtual playfield, in playfield pixels.
pub const FIELD_WIDTH: f32 = 800.0;

/// Height of the virtual playfield, in playfield pixels.
pub const FIELD_HEIGHT: f32 = 600.0;

/// The fraction of the field's width and height kept clear on each side, as in the tutorials.
pub const SAFE_MARGIN: f32 = 0.05;

/// The figure art's expected size in texels (width, height).
pub const FIGURE_SIZE: (u32, u32) = (32, 48);

/// The spinner block art's expected size in texels (width, height).
pub const BLOCK_SIZE: (u32, u32) = (64, 64);

/// The power-up art's expected size in texels (width, height).
pub const POWERUP_SIZE: (u32, u32) = (32, 32);

/// Lives at the start of an arcade game.
pub const ARCADE_LIVES: u32 = 3;

/// Steps of the blinking grace period after an arcade hit, during which touches do not count (2 s).
pub const GRACE_STEPS: u32 = 2 * STEPS_PER_SECOND;

/// The figure's scale while shrunk: half size, small enough to pass between arms it could not before.
pub const SHRINK_SCALE: f32 = 0.5;

/// The figure's scale while grown.
pub const GROW_SCALE: f32 = 1.5;

/// How much a slow-down slows blocks (their fall, spin and spawning) and falling power-ups.
pub const SLOW_FACTOR: f32 = 0.5;

/// Steps a change of the figure's scale takes (0.25 s): long enough to read as a change, short enough
/// that the power-up still feels immediate.
pub const SCALE_CHANGE_STEPS: u32 = 15;

/// Steps after a shrink runs out during which touches do not count (0.75 s: the regrowth plus half a
/// second), so that regrowing into a block the small figure was safely next to is not a hit.
pub const REGROW_GRACE_STEPS: u32 = 45;

/// The area the player is kept inside: the field minus [`SAFE_MARGIN`] on each side.
pub fn safe_area() -> Rect {
    let margin = Vec2::new(FIELD_WIDTH, FIELD_HEIGHT) * SAFE_MARGIN;
    Rect::new(margin, Vec2::new(FIELD_WIDTH, FIELD_HEIGHT) - margin)
}

/// The number of whole steps in `seconds` of game time (negative or NaN counts as 0).
pub fn steps_for(seconds: f64) -> u64 {
    let steps = (seconds * f64::from(STEPS_PER_SECOND)).round();
    if steps.is_nan() || steps <= 0.0 {
        0
    } else {
        // `as` saturates; the command line caps the duration long before that matters.
        steps as u64
    }
}

/// Converts a number of steps to seconds of game time.
pub fn steps_to_seconds(steps: u64) -> f64 {
    steps as f64 / f64::from(STEPS_PER_SECOND)
}

/// Which game is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The tutorial's game: endless, every hit is counted and the screen stays red while touching.
    Classic,
    /// Three lives, a grace period after each hit, power-ups, a score and a game over.
    #[default]
    Arcade,
}

impl Mode {
    /// The mode's lower-case name, as the command line and the headless report spell it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::Arcade => "arcade",
        }
    }
}

/// One step's worth of player intent, already mapped from keys, D-pad or stick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Input {
    /// Horizontal movement in -1 (full left) ..= 1 (full right); a stick gives values in between.
    pub move_x: f32,
}

impl Input {
    /// An input that does not move.
    pub const IDLE: Input = Input { move_x: 0.0 };

    /// Builds an input from an axis value, clamping it to -1..=1 and treating NaN as no movement.
    pub fn new(move_x: f32) -> Input {
        Input {
            move_x: sanitize_axis(move_x),
        }
    }

    /// Builds an input from two digital directions (keys or D-pad); both or neither means stand still.
    pub fn from_buttons(left: bool, right: bool) -> Input {
        Input::new(f32::from(u8::from(right)) - f32::from(u8::from(left)))
    }
}

/// Clamps an axis value to -1..=1, mapping NaN to 0.
fn sanitize_axis(v: f32) -> f32 {
    if v.is_nan() {
        0.0
    } else {
        v.clamp(-1.0, 1.0)
    }
}

/// The kinds of collectable power-up (arcade only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PowerUpKind {
    /// Shrinks the player to half size ([`SHRINK_SCALE`]) for a while: a smaller target.
    Shrink,
    /// Grows the player to [`GROW_SCALE`] for a while: a bigger target (a hazard), but dodges score double.
    Grow,
    /// Absorbs the next hit (or runs out after a while).
    Shield,
    /// Halves the blocks' fall and spin speed for a while.
    Slow,
}

impl PowerUpKind {
    /// Every kind, in a fixed order.
    pub const ALL: [PowerUpKind; 4] = [
        PowerUpKind::Shrink,
        PowerUpKind::Grow,
        PowerUpKind::Shield,
        PowerUpKind::Slow,
    ];

    /// How many steps the effect lasts once caught (a shield ends sooner when it absorbs a hit).
    pub fn duration(self) -> u32 {
        match self {
            PowerUpKind::Shrink | PowerUpKind::Grow => 10 * STEPS_PER_SECOND,
            PowerUpKind::Shield => 10 * STEPS_PER_SECOND,
            PowerUpKind::Slow => 6 * STEPS_PER_SECOND,
        }
    }

    /// The kind's position in [`PowerUpKind::ALL`], for per-kind tables.
    pub fn index(self) -> usize {
        match self {
            PowerUpKind::Shrink => 0,
            PowerUpKind::Grow => 1,
            PowerUpKind::Shield => 2,
            PowerUpKind::Slow => 3,
        }
    }

    /// Whether catching it makes the game harder (grow), so players and the bot should avoid it.
    pub fn is_hazard(self) -> bool {
        self == PowerUpKind::Grow
    }

    /// The kind's lower-case name (also the stem of its art file, `powerup_<name>.png`).
    pub fn name(self) -> &'static str {
        match self {
            PowerUpKind::Shrink => "shrink",
            PowerUpKind::Grow => "grow",
            PowerUpKind::Shield => "shield",
            PowerUpKind::Slow => "slow",
        }
    }
}

/// Something that happened during one step, in the order it happened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// A block appeared above the top edge.
    Spawned {
        /// The block's id.
        id: u64,
        /// Its centre.
        position: Vec2,
        /// Its scale.
        scale: f32,
    },
    /// A block touched the player and the hit counts (classic: every block's first touch; arcade: a
    /// touch outside the grace period and not absorbed by a shield; in both, no touch counts during
    /// the short grace after a shrink runs out, see [`REGROW_GRACE_STEPS`]).
    Hit {
        /// The block's id.
        id: u64,
        /// A playfield point where the two touch.
        point: Vec2,
    },
    /// A shield absorbed what would have been a hit; a grace period follows as after a hit.
    Shielded {
        /// The block's id.
        id: u64,
        /// A playfield point where the two touch.
        point: Vec2,
    },
    /// A block passed below the player's feet without touching them.
    Dodged {
        /// The block's id.
        id: u64,
    },
    /// An arcade hit cost a life.
    LifeLost {
        /// Lives left after this one.
        lives: u32,
    },
    /// The last life was lost; the world stops advancing.
    GameOver {
        /// The final score.
        score: u64,
    },
    /// A power-up appeared above the top edge.
    PowerUpSpawned {
        /// The power-up's id (its own sequence, separate from blocks).
        id: u64,
        /// What it does.
        kind: PowerUpKind,
        /// Its centre.
        position: Vec2,
    },
    /// The player caught a power-up; its effect starts now.
    Collected {
        /// The power-up's id.
        id: u64,
        /// What it does.
        kind: PowerUpKind,
        /// Where it was caught (its centre).
        point: Vec2,
    },
    /// A timed effect ran out.
    EffectEnded {
        /// Which one.
        kind: PowerUpKind,
    },
}

/// The counters the HUD, the debug view and the headless report show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Steps taken so far.
    pub steps: u64,
    /// Blocks spawned so far.
    pub spawned: u64,
    /// Bounding-rectangle prefilter tests run between blocks and the player.
    pub rect_tests: u64,
    /// Per-pixel tests run (the ones the prefilter let through): each the time of first contact over
    /// a step.
    pub pixel_tests: u64,
    /// Hits that counted (see [`Event::Hit`]).
    pub hits: u64,
    /// Blocks that passed the player without touching them.
    pub dodged: u64,
    /// The score: 10 per second survived plus 5 per block dodged (10 while grown).
    pub score: u64,
    /// Lives left (arcade); always 0 in classic, which has none.
    pub lives: u32,
    /// Power-ups caught.
    pub collected: u64,
}

impl Stats {
    /// Game time elapsed, in seconds.
    pub fn elapsed_seconds(&self) -> f64 {
        steps_to_seconds(self.steps)
    }
}
