//! The world: player, blocks, power-ups, and the fixed step that moves them.

use std::f32::consts::TAU;

use glam::{Affine2, Vec2};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::{
    safe_area, sample_spacing, Difficulty, Event, Input, Mode, PowerUpKind, Stats, Tuning,
    ARCADE_LIVES, FIELD_HEIGHT, FIELD_WIDTH, GRACE_STEPS, POWERUP_SIZE, STEPS_PER_SECOND,
};
use crate::collision::{collide, sprite_transform, Mask, Rect, Sprite};

/// The player's scale while shrunk.
const SHRINK_SCALE: f32 = 0.6;
/// The player's scale while grown.
const GROW_SCALE: f32 = 1.4;
/// How much a slow-down slows blocks.
const SLOW_FACTOR: f32 = 0.5;
/// Score for each second survived.
const SCORE_PER_SECOND: u64 = 10;
/// Score for each block dodged (doubled while grown).
const SCORE_PER_DODGE: u64 = 5;
/// A bound on collision samples per block and step, so a corrupt speed cannot stall a step.
const MAX_SAMPLES: u32 = 1024;

/// The collision masks the rules need: the player's figure and the spinner block.
#[derive(Clone, Debug)]
pub struct Shapes {
    /// The figure's mask; the player stands on its bottom edge, centred.
    pub figure: Mask,
    /// The block's mask; blocks spin about its centre.
    pub block: Mask,
}

impl Shapes {
    /// Pairs a figure mask and a block mask.
    pub fn new(figure: Mask, block: Mask) -> Shapes {
        Shapes { figure, block }
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
            (Ok(figure), Ok(block)) => Shapes { figure, block },
            // Both sizes are non-zero constants, the only thing `from_fn` rejects.
            _ => unreachable!("placeholder masks have non-zero sizes"),
        }
    }
}

/// The player: a figure standing on the bottom edge of the safe area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    x: f32,
    prev_x: f32,
    feet: f32,
    scale: f32,
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

    /// The figure's drawn scale (1 normally; smaller or larger under shrink or grow).
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The figure's drawn size in playfield px (texture size times scale).
    pub fn size(&self) -> Vec2 {
        self.texels * self.scale
    }

    /// The rectangle the figure is drawn in (its texture's bounds), in playfield px.
    pub fn rect(&self) -> Rect {
        self.rect_at(self.x)
    }

    /// The transform from the figure's texels to the playfield (origin at its bottom-centre texel edge).
    pub fn transform(&self) -> Affine2 {
        self.transform_at(self.x)
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

    fn rect_at(&self, x: f32) -> Rect {
        let size = self.size();
        Rect::from_xywh(x - size.x * 0.5, self.feet - size.y, size.x, size.y)
    }

    fn transform_at(&self, x: f32) -> Affine2 {
        sprite_transform(
            Vec2::new(x, self.feet),
            0.0,
            Vec2::splat(self.scale),
            self.origin(),
        )
    }
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
    touched: bool,
    passed: bool,
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

    /// The radius of a circle around the centre that holds the whole texture at any rotation.
    fn reach(&self) -> f32 {
        self.texels.length() * 0.5 * self.scale
    }
}

/// A falling power-up waiting to be caught.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PowerUp {
    id: u64,
    kind: PowerUpKind,
    position: Vec2,
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

    /// The rectangle it is drawn in and caught by, in playfield px.
    pub fn rect(&self) -> Rect {
        let size = Vec2::new(POWERUP_SIZE.0 as f32, POWERUP_SIZE.1 as f32);
        Rect::new(self.position - size * 0.5, self.position + size * 0.5)
    }
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
    touching: bool,
    contact: Option<Vec2>,
    over: bool,
}

impl World {
    /// Starts a game of `mode` from `seed` with the mode's standard tuning.
    pub fn new(mode: Mode, seed: u64, shapes: Shapes) -> World {
        World::with_tuning(mode, seed, shapes, Tuning::for_mode(mode))
    }

    /// Starts a game with custom tuning (for tests, tools and experiments).
    pub fn with_tuning(mode: Mode, seed: u64, shapes: Shapes, tuning: Tuning) -> World {
        let Shapes { figure, block } = shapes;
        let block_origin = Vec2::new(block.width() as f32, block.height() as f32) * 0.5;
        let block_radius = solid_radius(&block, block_origin);
        let safe = safe_area();
        let player = Player {
            x: FIELD_WIDTH * 0.5,
            prev_x: FIELD_WIDTH * 0.5,
            feet: safe.max.y,
            scale: 1.0,
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
            touching: false,
            contact: None,
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
        self.tick_effects();
        let difficulty = self.difficulty();
        self.move_player(input);
        self.move_blocks();
        self.spawn(&difficulty);
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
            touched: false,
            passed: false,
        });
        id
    }

    /// Puts a power-up into the world directly, bypassing the spawner (for tests, tools and demos).
    ///
    /// Returns the new power-up's id; it falls like spawned ones, even in classic mode.
    pub fn spawn_powerup(&mut self, kind: PowerUpKind, position: Vec2) -> u64 {
        let id = self.next_powerup;
        self.next_powerup += 1;
        self.powerups.push(PowerUp { id, kind, position });
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

    /// Steps since the last counted hit or shielded touch, or `None` if there was none yet.
    pub fn since_last_hit(&self) -> Option<u64> {
        self.last_hit.map(|at| self.stats.steps - at)
    }

    /// How fast blocks move relative to normal (0.5 during a slow-down, else 1).
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

    /// Counts down timed effects, announcing the ones that end, and sets the player's scale.
    fn tick_effects(&mut self) {
        for kind in PowerUpKind::ALL {
            let left = self.effects.slot(kind);
            if *left > 0 {
                *left -= 1;
                if *left == 0 {
                    self.events.push(Event::EffectEnded { kind });
                }
            }
        }
        self.update_player_scale();
    }

    fn update_player_scale(&mut self) {
        self.player.scale = if self.effects.shrink > 0 {
            SHRINK_SCALE
        } else if self.effects.grow > 0 {
            GROW_SCALE
        } else {
            1.0
        };
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

    fn move_blocks(&mut self) {
        let time = self.block_time_scale();
        for b in &mut self.blocks {
            b.prev_position = b.position;
            b.prev_rotation = b.rotation;
            b.position.y += b.fall * time;
            b.rotation += b.spin * time;
        }
        for p in &mut self.powerups {
            p.position.y += self.tuning.powerup_fall * time;
        }
    }

    fn spawn(&mut self, difficulty: &Difficulty) {
        if self.rng.gen::<f32>() < difficulty.spawn_chance {
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
            let half = POWERUP_SIZE.0 as f32 * 0.5;
            let x = uniform(&mut self.rng, safe.min.x + half, safe.max.x - half);
            let position = Vec2::new(x, -(POWERUP_SIZE.1 as f32));
            let id = self.spawn_powerup(kind, position);
            self.events
                .push(Event::PowerUpSpawned { id, kind, position });
        }
    }

    /// Tests every block against the player: a swept rectangle prefilter for the whole step, then
    /// samples along the step spaced by [`sample_spacing`](super::sample_spacing), each a rectangle test and, when that
    /// passes, the per-pixel test.
    fn collide_blocks(&mut self) {
        let player = self.player;
        let player_travel = (player.x - player.prev_x).abs();
        let player_sweep = player
            .rect_at(player.prev_x)
            .union(&player.rect_at(player.x));
        let (mut rect_tests, mut pixel_tests) = (0u64, 0u64);
        self.touching = false;
        self.contact = None;
        for i in 0..self.blocks.len() {
            let b = self.blocks[i];
            rect_tests += 1;
            let reach = Vec2::splat(b.reach());
            let sweep = Rect::new(
                b.prev_position.min(b.position) - reach,
                b.prev_position.max(b.position) + reach,
            );
            if !sweep.intersects(&player_sweep) {
                continue;
            }
            let travel = b.position.distance(b.prev_position)
                + (b.rotation - b.prev_rotation).abs() * b.radius
                + player_travel;
            let spacing = sample_spacing(b.scale, player.scale);
            let samples = ((travel / spacing).ceil() as u32).clamp(1, MAX_SAMPLES);
            let mut hit = None;
            for k in 1..=samples {
                let t = k as f32 / samples as f32;
                let block = Sprite::new(
                    &self.block,
                    sprite_transform(
                        b.prev_position.lerp(b.position, t),
                        b.prev_rotation + (b.rotation - b.prev_rotation) * t,
                        Vec2::splat(b.scale),
                        b.origin,
                    ),
                );
                let figure = Sprite::new(
                    &self.figure,
                    player.transform_at(player.prev_x + (player.x - player.prev_x) * t),
                );
                rect_tests += 1;
                if !block.bounds().intersects(&figure.bounds()) {
                    continue;
                }
                pixel_tests += 1;
                if let Some(contact) = collide(block, figure) {
                    hit = Some(contact.point);
                    break;
                }
            }
            if let Some(point) = hit {
                self.touching = true;
                self.contact.get_or_insert(point);
                if !b.touched {
                    self.blocks[i].touched = true;
                    self.register_touch(b.id, point);
                }
            }
        }
        self.stats.rect_tests += rect_tests;
        self.stats.pixel_tests += pixel_tests;
    }

    /// Decides what a block's first touch means under the mode's rules.
    fn register_touch(&mut self, id: u64, point: Vec2) {
        let steps = self.stats.steps;
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

    fn collect_powerups(&mut self) {
        let rect = self.player.rect();
        let mut i = 0;
        while i < self.powerups.len() {
            let p = self.powerups[i];
            if !p.rect().intersects(&rect) {
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
        self.update_player_scale();
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
        let bottom = FIELD_HEIGHT + POWERUP_SIZE.1 as f32;
        self.powerups
            .retain(|p| p.position.is_finite() && p.position.y <= bottom);
    }
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
