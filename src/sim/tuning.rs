//! The numbers that shape the game, and how difficulty grows with time.

use super::Mode;

/// The game's tunable constants, all per step at 60 steps per second.
///
/// The arcade curve was chosen with `cargo run --release --example difficulty`, which plays 20 seeds
/// with the idle, casual and bot pilots; `tests/suite/difficulty.rs` keeps it within the ranges it was
/// tuned for (the first 30 s ask for movement, no block outruns the figure before minute 5, a casual
/// player lasts 2.5-5 minutes, the bot passes 10 minutes).
///
/// Difficulty multiplies fall speed, spawn chance and spin by `1 + ramp * minutes`, each up to its cap;
/// fall speeds are further held at the figure's walking speed for the first [`calm_minutes`], after
/// which that limit rises by [`late_fall_ramp`] per minute up to [`fall_cap`].
///
/// [`calm_minutes`]: Tuning::calm_minutes
/// [`late_fall_ramp`]: Tuning::late_fall_ramp
/// [`fall_cap`]: Tuning::fall_cap
#[derive(Clone, Debug, PartialEq)]
pub struct Tuning {
    /// The player's speed at full stick or key, in px per step.
    pub player_speed: f32,
    /// The slowest fall speed a new block can get at the start, in px per step.
    pub fall_min: f32,
    /// The fastest fall speed a new block can get at the start, in px per step.
    pub fall_max: f32,
    /// How much fall speeds grow per minute of play (a fraction of the starting speed).
    pub fall_ramp: f32,
    /// The highest fall speed ever given to a block, in px per step.
    pub fall_cap: f32,
    /// Minutes of play during which no block falls faster than the figure walks (`player_speed`), so
    /// that a block can always be outrun while the player is still learning the game.
    pub calm_minutes: f32,
    /// How fast the fall-speed limit rises above the figure's speed after the calm minutes, in px per
    /// step per minute (up to `fall_cap`).
    pub late_fall_ramp: f32,
    /// The chance per step that a block spawns, at the start.
    pub spawn_chance: f32,
    /// How much the spawn chance grows per minute of play (a fraction of the starting chance).
    pub spawn_ramp: f32,
    /// The highest spawn chance per step.
    pub spawn_cap: f32,
    /// The spin speed of new blocks at the start, in radians per step (each block turns either way).
    pub spin: f32,
    /// How much spin grows per minute of play (a fraction of the starting spin).
    pub spin_ramp: f32,
    /// The highest spin speed, in radians per step.
    pub spin_cap: f32,
    /// The chance that a new block is aimed at the player's current x (within `aim_spread`), so that
    /// standing still is never safe for long.
    pub aim_chance: f32,
    /// How far from the player's x an aimed block may start, in px either way.
    pub aim_spread: f32,
    /// The smallest block scale.
    pub scale_min: f32,
    /// The largest block scale.
    pub scale_max: f32,
    /// Whether power-ups spawn.
    pub powerups: bool,
    /// The chance per step that a power-up spawns (when they are on).
    pub powerup_chance: f32,
    /// How fast power-ups fall, in px per step.
    pub powerup_fall: f32,
}

impl Tuning {
    /// The tuning each mode plays with: classic is the tutorial's game without power-ups.
    pub fn for_mode(mode: Mode) -> Tuning {
        Tuning {
            player_speed: 5.0,
            fall_min: 1.2,
            fall_max: 2.2,
            fall_ramp: 0.15,
            fall_cap: 7.0,
            calm_minutes: 5.0,
            late_fall_ramp: 0.5,
            spawn_chance: 0.018,
            spawn_ramp: 0.25,
            spawn_cap: 0.2,
            spin: 0.005,
            spin_ramp: 0.75,
            spin_cap: 0.03,
            aim_chance: 0.3,
            aim_spread: 24.0,
            scale_min: 0.5,
            scale_max: 1.5,
            powerups: mode == Mode::Arcade,
            powerup_chance: 1.0 / (12.0 * 60.0),
            powerup_fall: 1.5,
        }
    }

    /// The difficulty after `steps` steps of play.
    pub fn difficulty_at(&self, steps: u64) -> Difficulty {
        let minutes = steps as f32 / (60.0 * 60.0);
        let grow = |base: f32, ramp: f32, cap: f32| (base * (1.0 + ramp * minutes)).min(cap);
        let fall_limit = self.fall_limit(minutes);
        Difficulty {
            minutes,
            fall_min: grow(self.fall_min, self.fall_ramp, fall_limit),
            fall_max: grow(self.fall_max, self.fall_ramp, fall_limit),
            spawn_chance: grow(self.spawn_chance, self.spawn_ramp, self.spawn_cap),
            spin: grow(self.spin, self.spin_ramp, self.spin_cap),
        }
    }

    /// The fastest a block spawned `minutes` into the game may fall, in px per step: the figure's speed
    /// during the calm minutes, then rising to the cap.
    pub fn fall_limit(&self, minutes: f32) -> f32 {
        let late = (minutes - self.calm_minutes).max(0.0) * self.late_fall_ramp;
        (self.player_speed + late).min(self.fall_cap)
    }

    /// The fastest any block ever falls under this tuning, in px per step.
    pub fn top_fall_speed(&self) -> f32 {
        self.fall_max.max(self.fall_cap)
    }

    /// The fastest any block ever spins under this tuning, in radians per step.
    pub fn top_spin(&self) -> f32 {
        self.spin.max(self.spin_cap)
    }
}

impl Default for Tuning {
    /// The arcade tuning.
    fn default() -> Self {
        Tuning::for_mode(Mode::Arcade)
    }
}

/// How hard the game is at one moment: what newly spawned blocks get.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difficulty {
    /// Minutes of play so far, the variable everything ramps with.
    pub minutes: f32,
    /// The slowest fall speed a new block gets, in px per step.
    pub fall_min: f32,
    /// The fastest fall speed a new block gets, in px per step.
    pub fall_max: f32,
    /// The chance per step that a block spawns.
    pub spawn_chance: f32,
    /// The spin speed of new blocks, in radians per step.
    pub spin: f32,
}

impl Difficulty {
    /// A 0..=1 summary for a HUD gauge: how far the spawn chance and the fastest fall speed have come
    /// from their starts to their caps, averaged.
    ///
    /// Each part is shown as its square root, so that the first minutes, where most games are decided
    /// and the values are still far from their caps, visibly move the gauge.
    pub fn gauge(&self, tuning: &Tuning) -> f32 {
        let part = |now: f32, start: f32, cap: f32| {
            let span = cap - start;
            if span > 0.0 {
                ((now - start) / span).clamp(0.0, 1.0).sqrt()
            } else {
                1.0
            }
        };
        let spawn = part(self.spawn_chance, tuning.spawn_chance, tuning.spawn_cap);
        let fall = part(self.fall_max, tuning.fall_max, tuning.top_fall_speed());
        let gauge = 0.5 * (spawn + fall);
        // NaN from absurd tuning reads as an empty gauge rather than poisoning the drawing.
        if gauge.is_nan() {
            0.0
        } else {
            gauge
        }
    }
}
