//! The casual pilot: the bot's planner with a person's limits, for tuning the difficulty curve
//! (`--pilot casual`). It is not an opponent or a helper in the game.
//!
//! Three limits make it play like someone who is paying attention but is no machine:
//!
//! - **Reaction time.** It acts on what it saw [`CasualLimits::reaction_steps`] ago (250 ms by
//!   default): a block that was not yet on screen then is not seen at all. Like a person, it makes up
//!   for part of that delay by expecting a moving block to have moved on
//!   ([`CasualLimits::anticipation_steps`], 83 ms by default, about as far as the eye runs ahead
//!   of a moving object), but not for all of it, so it takes every block to be where it was 167 ms
//!   ago: the faster a block falls, the closer it is than the pilot thinks.
//! - **Lookahead.** It plans [`CasualLimits::horizon`] steps ahead instead of the bot's 1.5 s, so it
//!   can walk into a corner that only a longer look would have avoided.
//! - **Imprecision.** Each block's x and fall speed are misjudged by a fixed amount drawn for that
//!   block, up to [`CasualLimits::x_error`] px and [`CasualLimits::fall_error`] of its speed. Like
//!   a person who knows this, it keeps [`CasualLimits::caution`] px farther from every block.
//!
//! With the default limits its median arcade game lasted 2:01 (seeds 1-20) and 1:53 (seeds 21-40)
//! under the curve the game had before it was retuned with this pilot, within the 1:40-2:20 a
//! human-like dodger lasted then; the limits were chosen to match that.
//!
//! Misjudgements come from a hash of the pilot's seed and the block's id, so a run is a pure function
//! of the seed, like every other headless run, and the pilot keeps no random state of its own.
//! Power-up tokens fall slowly enough that a quarter of a second changes little; they are read as
//! they are.

use super::bot::{Bot, Seen};
use super::{GameSpeed, Input, World};

/// How far a person falls short of the bot; see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CasualLimits {
    /// Steps between a block being somewhere and the pilot acting on it.
    pub reaction_steps: u32,
    /// Steps of that delay the pilot makes up for by expecting blocks to have fallen on.
    pub anticipation_steps: u32,
    /// Steps the pilot looks ahead when choosing a move.
    pub horizon: usize,
    /// The largest error in a block's perceived x, in px either way.
    pub x_error: f32,
    /// The largest error in a block's perceived fall speed, as a fraction of it either way.
    pub fall_error: f32,
    /// Extra room the pilot keeps from every block, in px, knowing that it misjudges them.
    pub caution: f32,
}

impl Default for CasualLimits {
    /// A reaction of 250 ms of which 83 ms are anticipated, 0.75 s of lookahead, up to 10 px and 15%
    /// of misjudgement, and 10 px of caution.
    fn default() -> Self {
        CasualLimits {
            reaction_steps: 15,
            anticipation_steps: 5,
            horizon: 45,
            x_error: 10.0,
            fall_error: 0.15,
            caution: 10.0,
        }
    }
}

impl CasualLimits {
    /// The default limits for a game shown at `speed` (see [`CasualLimits::shown_at`]).
    pub fn at_speed(speed: GameSpeed) -> CasualLimits {
        CasualLimits::default().shown_at(speed)
    }

    /// These limits in a game shown at `speed`: a person's reaction and anticipation are times in
    /// real seconds, so at a slower speed they span fewer game steps. The lookahead, the
    /// misjudgements and the caution are about the play field, and stay.
    pub fn shown_at(self, speed: GameSpeed) -> CasualLimits {
        let scaled = |steps: u32| (f64::from(steps) * speed.fraction()).round() as u32;
        CasualLimits {
            reaction_steps: scaled(self.reaction_steps),
            anticipation_steps: scaled(self.anticipation_steps),
            ..self
        }
    }
}

/// A pilot that plays like a person (see the module documentation); keep one per game.
#[derive(Clone, Debug)]
pub struct Casual {
    bot: Bot,
    seed: u64,
    limits: CasualLimits,
    seen: Vec<Seen>,
}

impl Casual {
    /// A casual pilot whose misjudgements follow from `seed` (use the world's seed).
    pub fn new(seed: u64) -> Casual {
        Casual::with_limits(seed, CasualLimits::default())
    }

    /// A casual pilot with other limits, for experiments with the pilot itself.
    pub fn with_limits(seed: u64, limits: CasualLimits) -> Casual {
        Casual {
            bot: Bot::new(),
            seed,
            limits,
            seen: Vec::new(),
        }
    }

    /// The input the pilot chooses for the next step of `world`.
    pub fn input(&mut self, world: &World) -> Input {
        let limits = self.limits;
        // Blocks move at the current block time; a slow-down that began within the reaction time
        // is taken to have lasted all of it, which only errs on the side of seeing blocks lower.
        let time = world.block_time_scale();
        let seen_at = limits.reaction_steps as f32 * time;
        let lag = limits
            .reaction_steps
            .saturating_sub(limits.anticipation_steps) as f32
            * time;
        self.seen.clear();
        for b in world.blocks().iter().filter(|b| !b.has_touched()) {
            if b.position().y - b.fall_speed() * seen_at + b.radius() <= 0.0 {
                continue;
            }
            let y = b.position().y - b.fall_speed() * lag;
            let (ex, ef) = misjudgement(self.seed, b.id());
            self.seen.push(Seen {
                x: b.position().x + ex * limits.x_error,
                y,
                fall: b.fall_speed() * (1.0 + ef * limits.fall_error),
                radius: b.radius() + limits.caution,
            });
        }
        self.bot.plan(world, &self.seen, limits.horizon)
    }
}

/// Two fixed values in -1..1 for block `id` under pilot seed `seed`: the x and fall-speed errors.
fn misjudgement(seed: u64, id: u64) -> (f32, f32) {
    let h = mix(seed ^ mix(id.wrapping_add(0x5EED)));
    let unit = |bits: u64| (bits >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0;
    (unit(h), unit(h << 24))
}

/// The splitmix64 finaliser: a well-mixed 64-bit value from any input.
fn mix(v: u64) -> u64 {
    let mut z = v.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misjudgements_are_fixed_per_block_and_spread_both_ways() {
        assert_eq!(misjudgement(3, 17), misjudgement(3, 17));
        assert_ne!(misjudgement(3, 17), misjudgement(4, 17));
        let draws: Vec<(f32, f32)> = (0..2000).map(|id| misjudgement(9, id)).collect();
        for pick in [|d: &(f32, f32)| d.0, |d: &(f32, f32)| d.1] {
            let values: Vec<f32> = draws.iter().map(pick).collect();
            assert!(values.iter().all(|v| (-1.0..1.0).contains(v)));
            let mean = values.iter().sum::<f32>() / values.len() as f32;
            assert!(mean.abs() < 0.05, "mean {mean}");
            assert!(values.iter().any(|&v| v < -0.9) && values.iter().any(|&v| v > 0.9));
        }
    }
}
