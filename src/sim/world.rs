//! The world: player, blocks, power-ups, and the fixed step that moves them.

use std::f32::consts::TAU;

use glam::{Affine2, Vec2};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::{
    safe_area, Difficulty, Event, Input, Mode, PowerUpKind, Stats, Tuning, ARCADE_LIVES,
    FIELD_HEIGHT, FIELD_WIDTH, GRACE_STEPS, GROW_SCALE, POWERUP_SIZE, REGROW_GRACE_STEPS,
    SCALE_CHANGE_STEPS, SHRINK_SCALE, SLOW_FACTOR, STEPS_PER_SECOND,
};
use crate::collision::{sprite_transform, time_of_impact, Impact, Mask, Motion, Pose, Rect};

/// Score for each second survived.
const SCORE_PER_SECOND: u64 = 10;
/// Score for each block dodged (doubled while grown).
const SCORE_PER_DODGE: u64 = 5;
/// How far a falling power-up tilts either way, in radians: a gentle wobble, so it never reads as a
/// spinning block.
const WOBBLE_AMPLITUDE: f32 = 0.2;
/// The wobble's phase advance per step of block time (one full sway every 1.5 s).
const WOBBLE_RATE: f32 = TAU / 90.0;

/// The collision masks the rules need: the player's figure, the spinner block and the power-up tokens.
#[derive(Clone, Debug)]
pub struct Shapes {
    /// The figure's mask; the player stands on its bottom edge, centred.
    pub figure: Mask,
    /// The block's mask; blocks spin about its centre.
    pub block: Mask,
    /// The power-up tokens' masks, in [`PowerUpKind::ALL`] order; tokens wobble about their centre.
    pub powerups: [Mask; 4],
}

impl Shapes {
    /// Pairs a figure mask and a block mask, with round stand-in tokens for the power-ups.
    pub fn new(figure: Mask, block: Mask) -> Shapes {
        Shapes {
            figure,
            block,
            powerups: std::array::from_fn(|_| token_placeholder()),
        }
    }

    /// Replaces the power-up masks (in [`PowerUpKind::ALL`] order), usually with ones built from the art.
    pub fn with_powerups(self, powerups: [Mask; 4]) -> Shapes {
        Shapes { powerups, ..self }
    }

    /// The mask of one power-up kind's token.
    pub fn powerup(&self, kind: PowerUpKind) -> &Mask {
        &self.powerups[kind.index()]
    }

    /// Stand-in shapes of the expected sizes (a rounded figure and a plus sign with 22-texel arms), for
    /// tests and tools that run without the art.
    pub fn placeholder() -> Shapes {
        let (fw, fh) = super::FIGURE_SIZE;
        let (bw, bh) = super::BLOCK_SIZE;
        let figure = Mask::from_fn(fw, fh, |x, y| {
            let head = (x as f32 - 15.5).powi(2) + (y as f32 - 7.5).powi(2) <= 49.0;
            head || ((6..26).contains(&x) && y >= 15)
        });
        let block = Mask::from_fn(bw, bh, |x, y| {
            (21..43).contains(&x) || (21..43).contains(&y)
        });
        match (figure, block) {
            (Ok(figure), Ok(block)) => Shapes::new(figure, block),
            // Both sizes are non-zero constants, the only thing `from_fn` rejects.
            _ => unreachable!("placeholder masks have non-zero sizes"),
        }
    }
}

/// A round token filling the power-up size, for shapes built without the token art.
fn token_placeholder() -> Mask {
    let (w, h) = POWERUP_SIZE;
    let centre = Vec2::new(w as f32, h as f32) * 0.5;
    let r2 = (w.min(h) as f32 * 0.5).powi(2);
    match Mask::from_fn(w, h, |x, y| {
        (Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - centre).length_squared() <= r2
    }) {
        Ok(mask) => mask,
        // The size is a non-zero constant, the only thing `from_fn` rejects.
        Err(_) => unreachable!("the token placeholder has a non-zero size"),
    }
}

/// What the collision pipeline concluded about one body (a block or a power-up) in the last step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CheckOutcome {
    /// The bounding-rectangle prefilter ruled out contact, so no per-pixel test ran (also the state of
    /// a body put in by hand and not yet stepped).
    #[default]
    Rejected,
    /// The per-pixel test ran and found no solid texels touching at any time in the step.
    Missed,
    /// The per-pixel test found contact in the step (whether or not it counted as a hit under the
    /// rules).
    Hit,
}

/// What the collision pipeline did in the last step, for a debug view; the app times the step itself.
///
/// The block counters add up over steps to [`Stats::rect_tests`] and [`Stats::pixel_tests`];
/// power-up checks are counted apart so those totals keep meaning blocks only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepStats {
    /// Swept bounding-rectangle tests between blocks and the player (one per block).
    pub rect_tests: u64,
    /// Per-pixel tests between blocks and the player: the time of first contact over the step, one
    /// per block the rectangle test let through.
    pub pixel_tests: u64,
    /// Blocks whose check ended [`CheckOutcome::Rejected`].
    pub rejected: u64,
    /// Blocks whose check ended [`CheckOutcome::Missed`].
    pub missed: u64,
    /// Blocks whose check ended [`CheckOutcome::Hit`].
    pub hits: u64,
    /// Bounding-rectangle tests between power-ups and the player.
    pub powerup_rect_tests: u64,
    /// Per-pixel tests between power-ups and the player.
    pub powerup_pixel_tests: u64,
}

/// The player: a figure standing on the bottom edge of the safe area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    x: f32,
    prev_x: f32,
    feet: f32,
    scale: f32,
    prev_scale: f32,
    ramp_from: f32,
    ramp_to: f32,
    ramp_step: u32,
    texels: Vec2,
    last_move: f32,
}

impl Player {
    /// The horizontal centre of the figure, in playfield px.
    pub fn x(&self) -> f32 {
        self.x
    }

    /// The point the figure stands on: its bottom edge's centre.
    pub fn position(&self) -> Vec2 {
        Vec2::new(self.x, self.feet)
    }

    /// The figure's drawn scale (1 normally; smaller or larger under shrink or grow, changing smoothly
    /// over [`SCALE_CHANGE_STEPS`](super::SCALE_CHANGE_STEPS) when an effect starts or ends).
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The scale one step earlier, for drawing between steps.
    pub fn prev_scale(&self) -> f32 {
        self.prev_scale
    }

    /// The scale a fraction `alpha` (0..=1) of the way from the previous step to this one.
    pub fn scale_at(&self, alpha: f32) -> f32 {
        self.prev_scale + (self.scale - self.prev_scale) * alpha
    }

    /// The scale the figure is heading for (equal to [`scale`](Self::scale) once a change is over).
    pub fn target_scale(&self) -> f32 {
        self.ramp_to
    }

    /// The figure's drawn size in playfield px (texture size times scale).
    pub fn size(&self) -> Vec2 {
        self.texels * self.scale
    }

    /// The rectangle the figure is drawn in (its texture's bounds), in playfield px.
    pub fn rect(&self) -> Rect {
        self.rect_at(self.x, self.scale)
    }

    /// The transform from the figure's texels to the playfield (origin at its bottom-centre texel edge).
    pub fn transform(&self) -> Affine2 {
        self.transform_at(self.x, self.scale)
    }

    /// The horizontal centre one step earlier, for drawing between steps.
    pub fn prev_x(&self) -> f32 {
        self.prev_x
    }

    /// The horizontal centre a fraction `alpha` (0..=1) of the way from the previous step to this one.
    pub fn x_at(&self, alpha: f32) -> f32 {
        self.prev_x + (self.x - self.prev_x) * alpha
    }

    /// The movement axis applied in the last step (-1..=1), for facing and walk animation.
    pub fn last_move(&self) -> f32 {
        self.last_move
    }

    fn origin(&self) -> Vec2 {
        Vec2::new(self.texels.x * 0.5, self.texels.y)
    }

    fn rect_at(&self, x: f32, scale: f32) -> Rect {
        let size = self.texels * scale;
        Rect::from_xywh(x - size.x * 0.5, self.feet - size.y, size.x, size.y)
    }

    fn transform_at(&self, x: f32, scale: f32) -> Affine2 {
        sprite_transform(
            Vec2::new(x, self.feet),
            0.0,
            Vec2::splat(scale),
            self.origin(),
        )
    }

    /// Starts a smooth change towards `to` from wherever the scale is now (even mid-change), so a new
    /// effect never makes the figure jump.
    fn aim_scale(&mut self, to: f32) {
        if to != self.ramp_to {
            self.ramp_from = self.scale;
            self.ramp_to = to;
            self.ramp_step = 0;
        }
    }

    fn advance_scale(&mut self) {
        self.prev_scale = self.scale;
        self.ramp_step = (self.ramp_step + 1).min(SCALE_CHANGE_STEPS);
        self.scale = ramp(self.ramp_from, self.ramp_to, self.ramp_step);
    }
}

/// The scale `step` steps into a change from `from` to `to`: a smoothstep, so the change starts and
/// ends gently and never moves a texel far in one step.
fn ramp(from: f32, to: f32, step: u32) -> f32 {
    if step >= SCALE_CHANGE_STEPS {
        return to;
    }
    let t = step as f32 / SCALE_CHANGE_STEPS as f32;
    from + (to - from) * (t * t * (3.0 - 2.0 * t))
}

/// A falling, spinning plus-shaped block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block {
    id: u64,
    position: Vec2,
    prev_position: Vec2,
    rotation: f32,
    prev_rotation: f32,
    scale: f32,
    fall: f32,
    spin: f32,
    origin: Vec2,
    texels: Vec2,
    radius: f32,
    reach: f32,
    touched: bool,
    passed: bool,
    check: CheckOutcome,
    impact: Option<Impact>,
}

impl Block {
    /// The block's id, unique within one world, increasing in spawn order.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The block's centre (its rotation pivot), in playfield px.
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// The block's rotation in radians in 0..2*pi, clockwise on the y-down field.
    pub fn rotation(&self) -> f32 {
        self.rotation.rem_euclid(TAU)
    }

    /// The block's centre one step earlier, for drawing between steps.
    pub fn prev_position(&self) -> Vec2 {
        self.prev_position
    }

    /// The rotation one step earlier, on the same turn as [`rotation`](Self::rotation) (so the two
    /// interpolate directly, even across a full turn).
    pub fn prev_rotation(&self) -> f32 {
        self.rotation() - (self.rotation - self.prev_rotation)
    }

    /// The centre and rotation a fraction `alpha` (0..=1) of the way from the previous step to this one.
    pub fn pose_at(&self, alpha: f32) -> (Vec2, f32) {
        (
            self.prev_position.lerp(self.position, alpha),
            (self.prev_rotation + (self.rotation - self.prev_rotation) * alpha).rem_euclid(TAU),
        )
    }

    /// The block's uniform scale.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The block's fall speed in px per step (before any slow-down).
    pub fn fall_speed(&self) -> f32 {
        self.fall
    }

    /// The block's spin in radians per step, positive clockwise (before any slow-down).
    pub fn spin(&self) -> f32 {
        self.spin
    }

    /// The pivot in texels (the texture's centre), as a draw call's origin wants it.
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// The block's drawn size in playfield px before rotation (texture size times scale).
    pub fn size(&self) -> Vec2 {
        self.texels * self.scale
    }

    /// The distance from the centre to the farthest solid point, in playfield px.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The transform from the block's texels to the playfield.
    pub fn transform(&self) -> Affine2 {
        sprite_transform(
            self.position,
            self.rotation,
            Vec2::splat(self.scale),
            self.origin,
        )
    }

    /// Whether the block has touched the player (each block can hit at most once).
    pub fn has_touched(&self) -> bool {
        self.touched
    }

    /// Whether the block has fallen past the player's feet.
    pub fn has_passed(&self) -> bool {
        self.passed
    }

    /// What the collision pipeline concluded about this block against the player in the last step.
    pub fn last_check(&self) -> CheckOutcome {
        self.check
    }

    /// When in the last step this block first touched the player, and where, if it did.
    pub fn last_impact(&self) -> Option<Impact> {
        self.impact
    }

    /// The radius of a circle around the centre that holds the whole texture at any rotation.
    fn reach(&self) -> f32 {
        self.reach
    }
}

/// A falling power-up waiting to be caught.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PowerUp {
    id: u64,
    kind: PowerUpKind,
    position: Vec2,
    prev_position: Vec2,
    phase: f32,
    prev_phase: f32,
    origin: Vec2,
    texels: Vec2,
    radius: f32,
    check: CheckOutcome,
}

impl PowerUp {
    /// The power-up's id, unique among power-ups within one world.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// What it does when caught.
    pub fn kind(&self) -> PowerUpKind {
        self.kind
    }

    /// Its centre, in playfield px.
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// The rectangle its art covers before the wobble, in playfield px (catching tests the tilted
    /// mask pixel by pixel).
    pub fn rect(&self) -> Rect {
        Rect::new(
            self.position - self.texels * 0.5,
            self.position + self.texels * 0.5,
        )
    }

    /// Its centre one step earlier, for drawing between steps.
    pub fn prev_position(&self) -> Vec2 {
        self.prev_position
    }

    /// Its tilt in radians, clockwise: a gentle wobble of at most 0.2 either way, never a spin.
    pub fn rotation(&self) -> f32 {
        wobble(self.phase)
    }

    /// The centre and tilt a fraction `alpha` (0..=1) of the way from the previous step to this one.
    pub fn pose_at(&self, alpha: f32) -> (Vec2, f32) {
        (
            self.prev_position.lerp(self.position, alpha),
            wobble(self.prev_phase + (self.phase - self.prev_phase) * alpha),
        )
    }

    /// Its drawn size in playfield px (the token's texture size; tokens are never scaled).
    pub fn size(&self) -> Vec2 {
        self.texels
    }

    /// The pivot in texels (the texture's centre), as a draw call's origin wants it.
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// Whether catching it makes the game harder (see [`PowerUpKind::is_hazard`]).
    pub fn is_hazard(&self) -> bool {
        self.kind.is_hazard()
    }

    /// What the collision pipeline concluded about it against the player in the last step.
    pub fn last_check(&self) -> CheckOutcome {
        self.check
    }
}

/// The tilt of a power-up at wobble phase `phase`.
fn wobble(phase: f32) -> f32 {
    WOBBLE_AMPLITUDE * phase.sin()
}

/// Steps left of each timed effect (0 when inactive).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Steps left of being shrunk.
    pub shrink: u32,
    /// Steps left of being grown.
    pub grow: u32,
    /// Steps left of an unused shield.
    pub shield: u32,
    /// Steps left of the slow-down.
    pub slow: u32,
}

impl Effects {
    /// Seconds left of the effect of `kind` (0 when inactive), for a HUD countdown.
    pub fn remaining_seconds(&self, kind: PowerUpKind) -> f32 {
        self.remaining(kind) as f32 / STEPS_PER_SECOND as f32
    }

    /// Whether the effect of `kind` is in force.
    pub fn is_active(&self, kind: PowerUpKind) -> bool {
        self.remaining(kind) > 0
    }

    /// The effects in force with their steps left, in [`PowerUpKind::ALL`] order.
    pub fn active(&self) -> impl Iterator<Item = (PowerUpKind, u32)> + '_ {
        PowerUpKind::ALL
            .into_iter()
            .map(|kind| (kind, self.remaining(kind)))
            .filter(|&(_, left)| left > 0)
    }

    /// Steps left of the effect of `kind`.
    pub fn remaining(&self, kind: PowerUpKind) -> u32 {
        match kind {
            PowerUpKind::Shrink => self.shrink,
            PowerUpKind::Grow => self.grow,
            PowerUpKind::Shield => self.shield,
            PowerUpKind::Slow => self.slow,
        }
    }

    fn slot(&mut self, kind: PowerUpKind) -> &mut u32 {
        match kind {
            PowerUpKind::Shrink => &mut self.shrink,
            PowerUpKind::Grow => &mut self.grow,
            PowerUpKind::Shield => &mut self.shield,
            PowerUpKind::Slow => &mut self.slow,
        }
    }
}

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

    /// Puts a block into the world directly, bypassing the spawner (for tests, tools and demos).
    ///
    /// Returns the new block's id. `fall` is in px per step, `spin` in radians per step.
    pub fn spawn_block(
        &mut self,
        position: Vec2,
        rotation: f32,
        scale: f32,
        fall: f32,
        spin: f32,
    ) -> u64 {
        let id = self.next_block;
        self.next_block += 1;
        self.stats.spawned += 1;
        let texels = Vec2::new(self.block.width() as f32, self.block.height() as f32);
        self.blocks.push(Block {
            id,
            position,
            prev_position: position,
            rotation,
            prev_rotation: rotation,
            scale,
            fall,
            spin,
            origin: self.block_origin,
            texels,
            radius: self.block_radius * scale,
            reach: texels.length() * 0.5 * scale,
            touched: false,
            passed: false,
            check: CheckOutcome::Rejected,
            impact: None,
        });
        id
    }

    /// Puts a power-up into the world directly, bypassing the spawner (for tests, tools and demos).
    ///
    /// Returns the new power-up's id; it falls like spawned ones, even in classic mode.
    pub fn spawn_powerup(&mut self, kind: PowerUpKind, position: Vec2) -> u64 {
        let id = self.next_powerup;
        self.next_powerup += 1;
        let mask = &self.powerup_masks[kind.index()];
        // Tokens start their wobble at different phases so that several never sway in step.
        let phase = (id % 16) as f32 * (TAU / 16.0);
        self.powerups.push(PowerUp {
            id,
            kind,
            position,
            prev_position: position,
            phase,
            prev_phase: phase,
            origin: mask_centre(mask),
            texels: Vec2::new(mask.width() as f32, mask.height() as f32),
            radius: self.powerup_radius[kind.index()],
            check: CheckOutcome::Rejected,
        });
        id
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

    /// How fast blocks move in the next step relative to normal ([`SLOW_FACTOR`](super::SLOW_FACTOR)
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

    /// Counts down timed effects, announcing the ones that end, and moves the player's scale one step
    /// along its change.
    /// The figure's motion over the last step, as the collision pipeline tests it: from the previous
    /// x and scale to the current ones.
    pub fn figure_motion(&self) -> Motion<'_> {
        FigureSweep::new(self.player).motion(&self.figure)
    }

    /// A block's motion over the last step, as the collision pipeline tests it.
    pub fn block_motion(&self, b: &Block) -> Motion<'_> {
        Motion::new(
            &self.block,
            b.origin,
            Pose::new(b.prev_position, b.prev_rotation, Vec2::splat(b.scale)),
            Pose::new(b.position, b.rotation, Vec2::splat(b.scale)),
        )
    }

    /// A power-up's motion over the last step, as the collision pipeline tests it: its wobble is
    /// turned linearly between the two ends of the step.
    pub fn powerup_motion(&self, p: &PowerUp) -> Motion<'_> {
        Motion::new(
            &self.powerup_masks[p.kind.index()],
            p.origin,
            Pose::new(p.prev_position, wobble(p.prev_phase), Vec2::ONE),
            Pose::new(p.position, wobble(p.phase), Vec2::ONE),
        )
    }

    fn tick_effects(&mut self) {
        for kind in PowerUpKind::ALL {
            let left = self.effects.slot(kind);
            if *left > 0 {
                *left -= 1;
                if *left == 0 {
                    self.events.push(Event::EffectEnded { kind });
                    if kind == PowerUpKind::Shrink {
                        self.regrow_end = Some(self.stats.steps + u64::from(REGROW_GRACE_STEPS));
                    }
                }
            }
        }
        self.player.aim_scale(self.target_scale());
        self.player.advance_scale();
    }

    /// The scale the effects in force ask for.
    fn target_scale(&self) -> f32 {
        if self.effects.shrink > 0 {
            SHRINK_SCALE
        } else if self.effects.grow > 0 {
            GROW_SCALE
        } else {
            1.0
        }
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

    fn spawn(&mut self, difficulty: &Difficulty, time: f32) {
        // Slow time slows the arrival of blocks too; otherwise a slow-down would crowd the field.
        if self.rng.gen::<f32>() < difficulty.spawn_chance * time {
            let scale = uniform(&mut self.rng, self.tuning.scale_min, self.tuning.scale_max);
            let aimed = self.rng.gen::<f32>() < self.tuning.aim_chance;
            let x = if aimed {
                let spread = self.tuning.aim_spread;
                self.player.x + uniform(&mut self.rng, -spread, spread)
            } else {
                uniform(&mut self.rng, 0.0, FIELD_WIDTH)
            };
            let rotation = uniform(&mut self.rng, 0.0, TAU);
            let fall = uniform(&mut self.rng, difficulty.fall_min, difficulty.fall_max);
            let spin = if self.rng.gen::<bool>() {
                difficulty.spin
            } else {
                -difficulty.spin
            };
            // Start with the whole texture, at any rotation, above the top edge.
            let reach = Vec2::new(self.block.width() as f32, self.block.height() as f32).length()
                * 0.5
                * scale;
            let position = Vec2::new(x, -reach);
            let id = self.spawn_block(position, rotation, scale, fall, spin);
            self.events.push(Event::Spawned {
                id,
                position,
                scale,
            });
        }
        if self.tuning.powerups && self.rng.gen::<f32>() < self.tuning.powerup_chance {
            let kind = PowerUpKind::ALL[self.rng.gen_range(0..PowerUpKind::ALL.len())];
            let safe = safe_area();
            let mask = &self.powerup_masks[kind.index()];
            let (w, h) = (mask.width() as f32, mask.height() as f32);
            let x = uniform(&mut self.rng, safe.min.x + w * 0.5, safe.max.x - w * 0.5);
            // Its whole texture, at any tilt, starts above the top edge.
            let position = Vec2::new(x, -Vec2::new(w, h).length() * 0.5);
            let id = self.spawn_powerup(kind, position);
            self.events
                .push(Event::PowerUpSpawned { id, kind, position });
        }
    }

    /// Tests every block against the player over the step: a swept rectangle prefilter, then, when
    /// that passes, the time of first contact of the two motions (exact however fast either moves);
    /// each block keeps the outcome and the impact for a debug view.
    fn collide_blocks(&mut self) {
        let figure = FigureSweep::new(self.player);
        // Every block gets the sweep test; the counts of rejected blocks and of these tests are
        // settled per step rather than per block, as most blocks stop right there.
        let checked = self.blocks.len() as u64;
        let mut step = StepStats {
            rect_tests: checked,
            ..StepStats::default()
        };
        self.touching = false;
        self.contact = None;
        for i in 0..self.blocks.len() {
            // Most blocks are far from the player: settle those here, before any copying or calls.
            let b = &self.blocks[i];
            if sweep_misses(b.prev_position, b.position, b.reach(), &figure) {
                self.blocks[i].check = CheckOutcome::Rejected;
                self.blocks[i].impact = None;
                continue;
            }
            let b = self.blocks[i];
            step.pixel_tests += 1;
            let impact = time_of_impact(&self.block_motion(&b), &figure.motion(&self.figure));
            self.blocks[i].impact = impact;
            self.blocks[i].check = if impact.is_some() {
                step.hits += 1;
                CheckOutcome::Hit
            } else {
                step.missed += 1;
                CheckOutcome::Missed
            };
            if let Some(impact) = impact {
                self.touching = true;
                self.contact.get_or_insert(impact.point);
                if !b.touched {
                    self.blocks[i].touched = true;
                    self.register_touch(b.id, impact.point);
                }
            }
        }
        step.rejected = checked - step.missed - step.hits;
        self.stats.rect_tests += step.rect_tests;
        self.stats.pixel_tests += step.pixel_tests;
        self.last_step = step;
    }

    /// Decides what a block's first touch means under the mode's rules.
    fn register_touch(&mut self, id: u64, point: Vec2) {
        let steps = self.stats.steps;
        if self.regrow_end.is_some_and(|end| steps <= end) {
            return;
        }
        match self.mode {
            Mode::Classic => {
                self.stats.hits += 1;
                self.last_hit = Some(steps);
                self.events.push(Event::Hit { id, point });
            }
            Mode::Arcade => {
                if self.last_hit.is_some() && steps <= self.grace_end {
                    return;
                }
                self.last_hit = Some(steps);
                self.grace_end = steps + u64::from(GRACE_STEPS);
                if self.effects.shield > 0 {
                    self.effects.shield = 0;
                    self.events.push(Event::Shielded { id, point });
                    return;
                }
                self.stats.hits += 1;
                self.stats.lives = self.stats.lives.saturating_sub(1);
                self.events.push(Event::Hit { id, point });
                self.events.push(Event::LifeLost {
                    lives: self.stats.lives,
                });
            }
        }
    }

    /// Catches every power-up whose mask touches the figure's, by the same swept prefilter and
    /// per-pixel test as blocks, against the figure at its current (scaled) size.
    fn collect_powerups(&mut self) {
        let figure = FigureSweep::new(self.player);
        let (mut rect_tests, mut pixel_tests) = (0u64, 0u64);
        let mut i = 0;
        while i < self.powerups.len() {
            let p = self.powerups[i];
            rect_tests += 1;
            let outcome = if sweep_misses(
                p.prev_position,
                p.position,
                p.texels.length() * 0.5,
                &figure,
            ) {
                CheckOutcome::Rejected
            } else {
                pixel_tests += 1;
                match time_of_impact(&self.powerup_motion(&p), &figure.motion(&self.figure)) {
                    Some(_) => CheckOutcome::Hit,
                    None => CheckOutcome::Missed,
                }
            };
            self.powerups[i].check = outcome;
            if outcome != CheckOutcome::Hit {
                i += 1;
                continue;
            }
            self.powerups.remove(i);
            self.stats.collected += 1;
            match p.kind {
                PowerUpKind::Shrink => {
                    self.end_effect(PowerUpKind::Grow);
                    self.effects.shrink = p.kind.duration();
                }
                PowerUpKind::Grow => {
                    self.end_effect(PowerUpKind::Shrink);
                    self.effects.grow = p.kind.duration();
                }
                PowerUpKind::Shield | PowerUpKind::Slow => {
                    *self.effects.slot(p.kind) = p.kind.duration();
                }
            }
            self.events.push(Event::Collected {
                id: p.id,
                kind: p.kind,
                point: p.position,
            });
        }
        // The new size is reached smoothly over the following steps, never within this one.
        self.player.aim_scale(self.target_scale());
        self.last_step.powerup_rect_tests = rect_tests;
        self.last_step.powerup_pixel_tests = pixel_tests;
    }

    fn end_effect(&mut self, kind: PowerUpKind) {
        let left = self.effects.slot(kind);
        if *left > 0 {
            *left = 0;
            self.events.push(Event::EffectEnded { kind });
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

/// The figure's movement over the step being checked: from the previous x and scale to the current.
#[derive(Clone, Copy)]
struct FigureSweep {
    from: Pose,
    to: Pose,
    origin: Vec2,
    bounds: Rect,
}

impl FigureSweep {
    fn new(player: Player) -> FigureSweep {
        let p = player;
        let feet = |x: f32| Vec2::new(x, p.feet);
        // Position and scale both move linearly over the step, so the figure stays within the union
        // of its two end rectangles.
        FigureSweep {
            from: Pose::new(feet(p.prev_x), 0.0, Vec2::splat(p.prev_scale)),
            to: Pose::new(feet(p.x), 0.0, Vec2::splat(p.scale)),
            origin: p.origin(),
            bounds: p
                .rect_at(p.prev_x, p.prev_scale)
                .union(&p.rect_at(p.x, p.scale)),
        }
    }

    fn motion<'m>(&self, mask: &'m Mask) -> Motion<'m> {
        Motion::new(mask, self.origin, self.from, self.to)
    }
}

/// The swept prefilter: whether a body whose texture fits in a circle of radius `reach` about a
/// pivot moving from `from` to `to` stays clear of the box the figure sweeps over the step.
#[inline(always)]
fn sweep_misses(from: Vec2, to: Vec2, reach: f32, figure: &FigureSweep) -> bool {
    let reach = Vec2::splat(reach);
    let sweep = Rect::new(from.min(to) - reach, from.max(to) + reach);
    !sweep.intersects(&figure.bounds)
}

/// The centre of a mask's texture, in texels: the pivot blocks spin and tokens wobble about.
fn mask_centre(mask: &Mask) -> Vec2 {
    Vec2::new(mask.width() as f32, mask.height() as f32) * 0.5
}

/// A uniform draw in `lo..=hi`, or `lo` when the range is empty or not finite.
fn uniform(rng: &mut Pcg64Mcg, lo: f32, hi: f32) -> f32 {
    if lo < hi && (hi - lo).is_finite() {
        rng.gen_range(lo..=hi)
    } else {
        lo
    }
}

/// The farthest distance from `origin` of any corner of a solid texel.
fn solid_radius(mask: &Mask, origin: Vec2) -> f32 {
    let mut r2: f32 = 0.0;
    for rect in mask.cover() {
        let (x0, y0) = (rect.x as f32, rect.y as f32);
        let (x1, y1) = (x0 + rect.w as f32, y0 + rect.h as f32);
        for corner in [
            Vec2::new(x0, y0),
            Vec2::new(x1, y0),
            Vec2::new(x0, y1),
            Vec2::new(x1, y1),
        ] {
            r2 = r2.max(corner.distance_squared(origin));
        }
    }
    r2.sqrt()
}
