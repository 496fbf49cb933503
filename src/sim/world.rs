//! The world: the whole game state and the fixed step that advances it.
//!
//! The step's stages live in child modules, so they reach the world's private state without widening
//! it: `spawn` (new blocks and power-ups), `collide` (blocks against the player and what a touch
//! means) and `effects` (catching power-ups and timing their effects).

mod collide;
mod effects;
mod spawn;

use std::f32::consts::TAU;

use glam::Vec2;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::block::Block;
use super::player::{ramp, Player};
use super::powerup::{Effects, PowerUp, WOBBLE_RATE};
use super::shapes::{mask_centre, solid_radius};
use super::{
    safe_area, Difficulty, Event, Input, Mode, PowerUpKind, Shapes, Stats, StepStats, Tuning,
    ARCADE_LIVES, FIELD_HEIGHT, FIELD_WIDTH, SCALE_CHANGE_STEPS, SLOW_FACTOR, STEPS_PER_SECOND,
};
use crate::collision::Mask;

/// Score for each second survived.
const SCORE_PER_SECOND: u64 = 10;
/// Score for each block dodged (doubled while grown).
const SCORE_PER_DODGE: u64 = 5;

/// The whole game state, advanced only by [`World::step`].
#[derive(Clone, Debug)]
pub struct World {
    mode: Mode,
    seed: u64,
    tuning: Tuning,
    rng: Pcg64Mcg,
    figure: Mask,
    block: Mask,
    block_origin: Vec2,
    block_radius: f32,
    powerup_masks: [Mask; 4],
    powerup_radius: [f32; 4],
    player: Player,
    blocks: Vec<Block>,
    powerups: Vec<PowerUp>,
    events: Vec<Event>,
    stats: Stats,
    next_block: u64,
    next_powerup: u64,
    effects: Effects,
    dodge_points: u64,
    last_hit: Option<u64>,
    grace_end: u64,
    regrow_end: Option<u64>,
    touching: bool,
    contact: Option<Vec2>,
    last_step: StepStats,
    over: bool,
}

impl World {
    /// Starts a game of `mode` from `seed` with the mode's standard tuning.
    pub fn new(mode: Mode, seed: u64, shapes: Shapes) -> World {
        World::with_tuning(mode, seed, shapes, Tuning::for_mode(mode))
    }

    /// Starts a game with custom tuning (for tests, tools and experiments).
    pub fn with_tuning(mode: Mode, seed: u64, shapes: Shapes, tuning: Tuning) -> World {
        let Shapes {
            figure,
            block,
            powerups,
        } = shapes;
        let block_origin = mask_centre(&block);
        let block_radius = solid_radius(&block, block_origin);
        let powerup_radius =
            std::array::from_fn(|i| solid_radius(&powerups[i], mask_centre(&powerups[i])));
        let safe = safe_area();
        let player = Player {
            x: FIELD_WIDTH * 0.5,
            prev_x: FIELD_WIDTH * 0.5,
            feet: safe.max.y,
            scale: 1.0,
            prev_scale: 1.0,
            ramp_from: 1.0,
            ramp_to: 1.0,
            ramp_step: SCALE_CHANGE_STEPS,
            texels: Vec2::new(figure.width() as f32, figure.height() as f32),
            last_move: 0.0,
        };
        let stats = Stats {
            lives: if mode == Mode::Arcade {
                ARCADE_LIVES
            } else {
                0
            },
            ..Stats::default()
        };
        World {
            mode,
            seed,
            tuning,
            rng: Pcg64Mcg::seed_from_u64(seed),
            figure,
            block,
            block_origin,
            block_radius,
            powerup_masks: powerups,
            powerup_radius,
            player,
            blocks: Vec::with_capacity(64),
            powerups: Vec::with_capacity(8),
            events: Vec::with_capacity(16),
            stats,
            next_block: 0,
            next_powerup: 0,
            effects: Effects::default(),
            dodge_points: 0,
            last_hit: None,
            grace_end: 0,
            regrow_end: None,
            touching: false,
            contact: None,
            last_step: StepStats::default(),
            over: false,
        }
    }

    /// Advances the world by one fixed step (1/60 s) and returns what happened, in order.
    ///
    /// After the game is over this does nothing and returns no events. The returned buffer is reused,
    /// so a step allocates nothing once the world has warmed up.
    pub fn step(&mut self, input: Input) -> &[Event] {
        self.events.clear();
        if self.over {
            return &self.events;
        }
        self.stats.steps += 1;
        // Read before the countdown, so an effect caught with N steps left covers the next N steps.
        let time = self.block_time_scale();
        self.tick_effects();
        let difficulty = self.difficulty();
        self.move_player(input);
        self.move_blocks(time);
        self.spawn(&difficulty, time);
        self.collide_blocks();
        self.collect_powerups();
        self.pass_and_remove();
        self.stats.score =
            self.stats.steps / u64::from(STEPS_PER_SECOND) * SCORE_PER_SECOND + self.dodge_points;
        if self.mode == Mode::Arcade && self.stats.lives == 0 {
            self.over = true;
            self.events.push(Event::GameOver {
                score: self.stats.score,
            });
        }
        &self.events
    }

    /// The game mode being played.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The seed the world's generator started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The tuning in force.
    pub fn tuning(&self) -> &Tuning {
        &self.tuning
    }

    /// The counters: steps, spawned, tests run, hits, dodges, score, lives.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The current score (see [`Stats::score`]).
    pub fn score(&self) -> u64 {
        self.stats.score
    }

    /// Lives left in arcade mode; 0 in classic.
    pub fn lives(&self) -> u32 {
        self.stats.lives
    }

    /// Game time elapsed, in seconds.
    pub fn elapsed_seconds(&self) -> f64 {
        self.stats.elapsed_seconds()
    }

    /// How hard the game is right now (what the next spawned block gets).
    pub fn difficulty(&self) -> Difficulty {
        self.tuning.difficulty_at(self.stats.steps)
    }

    /// The player.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The live blocks, in spawn order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The power-ups still falling, in spawn order.
    pub fn powerups(&self) -> &[PowerUp] {
        &self.powerups
    }

    /// The timed effects in force.
    pub fn effects(&self) -> &Effects {
        &self.effects
    }

    /// The events of the last step.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Whether the game has ended (arcade, no lives left).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether some block touched the player during the last step (classic keeps the screen red then).
    pub fn is_touching(&self) -> bool {
        self.touching
    }

    /// A point where a block touched the player during the last step, if one did.
    pub fn contact_point(&self) -> Option<Vec2> {
        self.contact
    }

    /// Steps left of the grace period after the last hit, during which touches do not count (arcade).
    pub fn grace_remaining(&self) -> u32 {
        match self.last_hit {
            Some(_) => self.grace_end.saturating_sub(self.stats.steps) as u32,
            None => 0,
        }
    }

    /// Steps left of the grace after a shrink ran out, during which touches do not count, so regrowing
    /// into a block is never a hit.
    pub fn regrow_grace_remaining(&self) -> u32 {
        match self.regrow_end {
            Some(end) => end.saturating_sub(self.stats.steps) as u32,
            None => 0,
        }
    }

    /// What the collision pipeline did in the last step (tests run and each block's outcome in totals).
    pub fn last_step_stats(&self) -> &StepStats {
        &self.last_step
    }

    /// The figure's scale `steps` steps from now if no other power-up is caught meanwhile (for
    /// planning: it follows the running change and the end of shrink or grow exactly).
    pub fn scale_after(&self, steps: u32) -> f32 {
        let p = &self.player;
        let left = self.effects.shrink.max(self.effects.grow);
        if left == 0 || steps < left {
            return ramp(p.ramp_from, p.ramp_to, p.ramp_step.saturating_add(steps));
        }
        // The step the effect ends in starts a change back to 1 from where the scale had got to.
        let at_end = ramp(p.ramp_from, p.ramp_to, p.ramp_step.saturating_add(left - 1));
        ramp(at_end, 1.0, steps - left + 1)
    }

    /// Steps since the last counted hit or shielded touch, or `None` if there was none yet.
    pub fn since_last_hit(&self) -> Option<u64> {
        self.last_hit.map(|at| self.stats.steps - at)
    }

    /// How fast blocks move in the next step relative to normal ([`SLOW_FACTOR`]
    /// while a slow-down lasts, else 1).
    pub fn block_time_scale(&self) -> f32 {
        if self.effects.slow > 0 {
            SLOW_FACTOR
        } else {
            1.0
        }
    }

    /// The figure's collision mask.
    pub fn figure_mask(&self) -> &Mask {
        &self.figure
    }

    /// The block's collision mask.
    pub fn block_mask(&self) -> &Mask {
        &self.block
    }

    /// The farthest distance of a solid block texel from the block's centre, at scale 1.
    pub fn block_radius(&self) -> f32 {
        self.block_radius
    }

    /// The collision mask of one power-up kind's token.
    pub fn powerup_mask(&self, kind: PowerUpKind) -> &Mask {
        &self.powerup_masks[kind.index()]
    }

    fn move_player(&mut self, input: Input) {
        let axis = Input::new(input.move_x).move_x;
        let p = &mut self.player;
        p.prev_x = p.x;
        p.last_move = axis;
        let half = p.size().x * 0.5;
        let safe = safe_area();
        let (lo, hi) = (safe.min.x + half, safe.max.x - half);
        p.x = (p.x + axis * self.tuning.player_speed).clamp(lo, hi.max(lo));
        // A scale change can push the figure against an edge; that is a jump, not a move to sample.
        p.prev_x = p.prev_x.clamp(lo, hi.max(lo));
    }

    /// Moves blocks and power-ups by one step of block time (`time` is 1, or less in a slow-down).
    fn move_blocks(&mut self, time: f32) {
        for b in &mut self.blocks {
            b.prev_position = b.position;
            b.prev_rotation = b.rotation;
            b.position.y += b.fall * time;
            b.rotation += b.spin * time;
        }
        for p in &mut self.powerups {
            p.prev_position = p.position;
            p.prev_phase = p.phase;
            p.position.y += self.tuning.powerup_fall * time;
            // Kept within one turn so the phase never grows large enough to lose precision.
            p.phase = (p.phase + WOBBLE_RATE * time).rem_euclid(TAU);
            if p.phase < p.prev_phase {
                p.prev_phase -= TAU;
            }
        }
    }

    /// Counts blocks that fell past the player's feet untouched, and drops whatever left the field.
    fn pass_and_remove(&mut self) {
        let feet = self.player.feet;
        let dodge_score = if self.effects.grow > 0 {
            2 * SCORE_PER_DODGE
        } else {
            SCORE_PER_DODGE
        };
        let origin_len = self.block_origin.length();
        for b in &mut self.blocks {
            if !b.passed && b.position.y - b.radius > feet {
                b.passed = true;
                if !b.touched {
                    self.stats.dodged += 1;
                    self.dodge_points += dodge_score;
                    self.events.push(Event::Dodged { id: b.id });
                }
            }
        }
        // Only once the pivot is below the bottom edge by more than the origin's (scaled) length can no
        // corner still show; a non-finite position (from absurd tuning) is dropped too.
        self.blocks.retain(|b| {
            b.position.is_finite() && b.position.y <= FIELD_HEIGHT + origin_len * b.scale
        });
        self.powerups.retain(|p| {
            p.position.is_finite() && p.position.y <= FIELD_HEIGHT + p.texels.length() * 0.5
        });
    }
}
