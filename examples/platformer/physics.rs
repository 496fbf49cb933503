//! The platformer's rules: a figure that walks, jumps and lands on turned and scaled pixel masks.
//! The game decides the motion (walking, jumping with coyote time and a buffer, gravity); the
//! collision library's mover carries it out, standing, sliding and climbing on the pixel shapes.
//! Free of macroquad, so that the tests run it without a window.

use glam::{Affine2, Vec2};
use image::RgbaImage;
use spinfall::collision::{
    overlaps, sprite_transform, Body, Mask, MaskRule, MoveContact, Mover, Pose, Sprite,
};

/// The length of one fixed step of the simulation, in seconds.
pub const STEP: f32 = 1.0 / 120.0;
/// Downward acceleration, in pixels per second squared (y grows downwards).
pub const GRAVITY: f32 = 1800.0;
/// Top walking speed, in pixels per second.
pub const WALK_SPEED: f32 = 230.0;
/// How fast the walking speed follows the stick on the ground and in the air (pixels per second squared).
const GROUND_ACCEL: f32 = 2600.0;
const AIR_ACCEL: f32 = 1500.0;
/// The upward speed a jump starts with: about 110 px of height, a little over two figures.
pub const JUMP_SPEED: f32 = 630.0;
/// Letting go of jump while still rising keeps this share of the speed, so a tap makes a short hop.
const JUMP_CUT: f32 = 0.45;
/// The fastest fall, in pixels per second. The mover sweeps every move, so this is a feel, not a
/// guard against falling through thin platforms.
pub const MAX_FALL: f32 = 900.0;
/// A riser a walking figure climbs without jumping: the bumpy hill is a staircase of 4 px risers
/// (one texel at its scale), now and then two texels where it is steepest.
pub const STEP_UP: f32 = 9.0;
/// How far a figure that was standing is pulled down to stay on a slope that falls away under it:
/// walking down a 45-degree slope drops about 2 px a step, which gravity alone would not follow.
pub const SNAP_DOWN: f32 = 4.0;
/// Grace periods that make jumping forgiving: just after walking off an edge, and just before landing.
const COYOTE_TIME: f32 = 0.08;
const JUMP_BUFFER: f32 = 0.1;
/// The height of the figure's hips, legs and shoes, below the torso that overhangs the shoes by two
/// pixels a side: only a fall stopped there is a landing, so that a torso grazing a ledge's corner
/// is shoved clear (by at most `OVERHANG_SHOVE`) instead of hanging on by its belly.
const FEET_HEIGHT: f32 = 17.0;
const OVERHANG_SHOVE: f32 = 4.0;

/// How the figure moves through the level: up the screen, floors up to 60 degrees.
pub const MOVER: Mover = Mover {
    up: Vec2::NEG_Y,
    max_floor_angle: std::f32::consts::FRAC_PI_3,
    step_height: STEP_UP,
    snap_distance: SNAP_DOWN,
    feet_height: FEET_HEIGHT,
    ledge_slip: OVERHANG_SHOVE,
    max_slides: 4,
};

const PLANK_THICK: u32 = 4;
const PLANK_SCALE: f32 = 4.0;

/// What the player asks for during one step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Input {
    /// Walking direction and strength, -1 (left) to 1 (right).
    pub move_x: f32,
    /// Whether a jump button is held; pressing it jumps.
    pub jump: bool,
}

/// How a platform is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Earth with a grass top.
    Earth,
    /// A wooden plank.
    Wood,
    /// A gold block.
    Gold,
}

/// A mask placed in the world by a pose, optionally rocking back and forth about its pivot.
pub struct Platform {
    /// The solid texels.
    pub mask: Mask,
    /// How it is painted.
    pub look: Look,
    /// The pivot, in texels: the point that sits at `position` and that it turns about.
    pub origin: Vec2,
    /// Where the pivot is in the world.
    pub position: Vec2,
    /// The turn at rest, in radians (clockwise on screen).
    pub rotation: f32,
    /// The scale along the mask's axes.
    pub scale: Vec2,
    /// Rocking: the largest extra turn (radians) and the period (seconds); zero amplitude keeps it still.
    pub rock: (f32, f32),
}

impl Platform {
    /// A still platform.
    pub fn new(
        mask: Mask,
        look: Look,
        origin: Vec2,
        position: Vec2,
        rotation: f32,
        scale: Vec2,
    ) -> Self {
        Platform {
            mask,
            look,
            origin,
            position,
            rotation,
            scale,
            rock: (0.0, 1.0),
        }
    }

    /// The platform's placement at `time` seconds into the level.
    pub fn transform_at(&self, time: f32) -> Affine2 {
        let (amplitude, period) = self.rock;
        let turn = amplitude * (time * std::f32::consts::TAU / period).sin();
        sprite_transform(self.position, self.rotation + turn, self.scale, self.origin)
    }
}

/// The figure's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure {
    /// The midpoint under its feet.
    pub position: Vec2,
    /// Pixels per second.
    pub velocity: Vec2,
    /// Whether it stood on something at the end of the last step.
    pub grounded: bool,
    coyote: f32,
    buffered_jump: f32,
    jump_held: bool,
}

impl Figure {
    fn at(position: Vec2) -> Self {
        Figure {
            position,
            velocity: Vec2::ZERO,
            grounded: false,
            coyote: 0.0,
            buffered_jump: 0.0,
            jump_held: false,
        }
    }
}

/// The game's figure art, decoded from the assets.
pub fn figure_image() -> RgbaImage {
    image::load_from_memory(include_bytes!("../../assets/figure.png"))
        .expect("the figure asset is a PNG")
        .to_rgba8()
}

/// A level: the platforms, the figure and the clock.
pub struct World {
    /// The figure's solid texels.
    pub figure_mask: Mask,
    /// Everything the figure can stand on.
    pub platforms: Vec<Platform>,
    /// Where the figure starts, and starts again after a reset or a fall out of the world.
    pub spawn: Vec2,
    /// The figure's feet stay between these two x coordinates.
    pub walls: (f32, f32),
    /// Below this the figure has fallen out of the world.
    pub floor_of_world: f32,
    /// The figure.
    pub figure: Figure,
    /// Seconds since the level started.
    pub time: f32,
    /// The last contact met, in any step.
    pub last_contact: Option<MoveContact>,
    /// The contacts met in the last step.
    pub contacts: Vec<MoveContact>,
    /// The figure's move in the last step.
    pub last_offset: Vec2,
    placements: Vec<Affine2>,
}

impl World {
    /// A world of `platforms` with the game's figure standing still at `spawn`.
    pub fn new(platforms: Vec<Platform>, spawn: Vec2) -> Self {
        let figure = figure_image();
        let figure_mask = Mask::from_rgba(
            figure.width(),
            figure.height(),
            figure.as_raw(),
            MaskRule::default(),
        )
        .expect("the figure has solid texels");
        let placements = platforms.iter().map(|p| p.transform_at(0.0)).collect();
        World {
            figure_mask,
            platforms,
            spawn,
            walls: (f32::NEG_INFINITY, f32::INFINITY),
            floor_of_world: f32::INFINITY,
            figure: Figure::at(spawn),
            time: 0.0,
            last_contact: None,
            contacts: Vec::new(),
            last_offset: Vec2::ZERO,
            placements,
        }
    }

    /// The example's level in a 1200 x 720 window: a meadow, a bumpy hill, a tilted plank, a shelf to
    /// bump into, a turned plus and a rocking plank.
    pub fn level() -> Self {
        let ground = Mask::from_fn(300, 24, |_, _| true).expect("solid");
        let hill = Mask::from_fn(64, 20, |x, y| y as f32 >= 20.0 - hill_height(x as f32))
            .expect("the hill has solid texels");
        let plus = Mask::from_fn(16, 16, |x, y| {
            let bar = |v: u32| (5..11).contains(&v);
            bar(x) || bar(y)
        })
        .expect("solid");
        let s = Vec2::splat(PLANK_SCALE);
        let mut rocker = Platform::new(
            plank(46, PLANK_THICK),
            Look::Wood,
            Vec2::new(23.0, 2.0),
            Vec2::new(1030.0, 380.0),
            0.0,
            s,
        );
        rocker.rock = (0.26, 6.0);
        let platforms = vec![
            Platform::new(
                ground,
                Look::Earth,
                Vec2::ZERO,
                Vec2::new(0.0, 640.0),
                0.0,
                s,
            ),
            // Five pixels wide and four high per texel: the hill is stretched, not just enlarged.
            Platform::new(
                hill,
                Look::Earth,
                Vec2::new(32.0, 20.0),
                Vec2::new(215.0, 644.0),
                0.0,
                Vec2::new(5.0, 4.0),
            ),
            Platform::new(
                plank(40, 6),
                Look::Wood,
                Vec2::new(20.0, 3.0),
                Vec2::new(225.0, 432.0),
                0.06,
                Vec2::new(3.5, 3.0),
            ),
            Platform::new(
                plank(52, 5),
                Look::Wood,
                Vec2::new(26.0, 2.5),
                Vec2::new(560.0, 548.0),
                -0.32,
                s,
            ),
            Platform::new(
                plus,
                Look::Gold,
                Vec2::splat(8.0),
                Vec2::new(805.0, 478.0),
                0.45,
                Vec2::new(3.75, 3.25),
            ),
            rocker,
        ];
        let mut world = World::new(platforms, Vec2::new(120.0, 420.0));
        world.walls = (16.0, 1184.0);
        world.floor_of_world = 1000.0;
        world
    }

    /// The figure's pivot in its texels: the midpoint under its feet.
    pub fn figure_origin(&self) -> Vec2 {
        Vec2::new(
            self.figure_mask.width() as f32 / 2.0,
            self.figure_mask.height() as f32,
        )
    }

    /// The figure's placement with its feet at `position`.
    pub fn figure_transform_at(&self, position: Vec2) -> Affine2 {
        sprite_transform(position, 0.0, Vec2::ONE, self.figure_origin())
    }

    /// The figure as a sprite where it stands now.
    pub fn figure_sprite(&self) -> Sprite<'_> {
        Sprite::new(
            &self.figure_mask,
            self.figure_transform_at(self.figure.position),
        )
    }

    /// Platform `i` as a sprite where it is now.
    pub fn platform_sprite(&self, i: usize) -> Sprite<'_> {
        Sprite::new(&self.platforms[i].mask, self.placements[i])
    }

    /// Whether the figure with its feet at `position` overlaps any platform.
    pub fn blocked_at(&self, position: Vec2) -> bool {
        let me = Sprite::new(&self.figure_mask, self.figure_transform_at(position));
        (0..self.platforms.len()).any(|i| {
            let p = self.platform_sprite(i);
            me.bounds().intersects(&p.bounds()) && overlaps(me, p)
        })
    }

    /// Puts the figure back at the start, standing still; the platforms keep rocking.
    pub fn reset(&mut self) {
        self.figure = Figure::at(self.spawn);
        self.last_contact = None;
    }

    /// Advances the world by one fixed step of `STEP` seconds.
    pub fn step(&mut self, input: Input) {
        self.time += STEP;
        for (placement, platform) in self.placements.iter_mut().zip(&self.platforms) {
            *placement = platform.transform_at(self.time);
        }
        let f = &mut self.figure;
        if input.jump && !f.jump_held {
            f.buffered_jump = JUMP_BUFFER;
        } else {
            f.buffered_jump = (f.buffered_jump - STEP).max(0.0);
        }
        if !input.jump && f.jump_held && f.velocity.y < 0.0 {
            f.velocity.y *= JUMP_CUT;
        }
        f.jump_held = input.jump;

        let target = input.move_x.clamp(-1.0, 1.0) * WALK_SPEED;
        let accel = if f.grounded { GROUND_ACCEL } else { AIR_ACCEL } * STEP;
        f.velocity.x += (target - f.velocity.x).clamp(-accel, accel);

        let mut standing = f.grounded;
        if f.buffered_jump > 0.0 && f.coyote > 0.0 {
            f.velocity.y = -JUMP_SPEED;
            f.buffered_jump = 0.0;
            f.coyote = 0.0;
            standing = false;
        }
        f.velocity.y = (f.velocity.y + GRAVITY * STEP).min(MAX_FALL);

        // The level's side walls are not platforms: the move across stops at them.
        let x = f.position.x + f.velocity.x * STEP;
        let across = x.clamp(self.walls.0, self.walls.1);
        if across != x {
            f.velocity.x = 0.0;
        }
        let motion = Vec2::new(across - f.position.x, f.velocity.y * STEP);
        let at = Pose::at(f.position);
        let body = Body::new(&self.figure_mask, at, self.figure_origin());
        let platforms: Vec<Sprite<'_>> = (0..self.platforms.len())
            .map(|i| self.platform_sprite(i))
            .collect();
        let moved = MOVER.move_and_slide(body, &platforms, motion, standing);
        let f = &mut self.figure;
        f.position = moved.position;
        f.velocity = moved.slide_velocity(f.velocity);
        f.grounded = moved.on_floor;
        self.last_offset = moved.offset;
        self.last_contact = moved.contacts.last().copied().or(self.last_contact);
        self.contacts = moved.contacts;

        f.coyote = if f.grounded {
            COYOTE_TIME
        } else {
            (f.coyote - STEP).max(0.0)
        };
        if f.position.y > self.floor_of_world {
            self.reset();
        }
    }
}

/// The hill's height in texels over column `x` of its 64: a broad hump and a smaller one.
fn hill_height(x: f32) -> f32 {
    let hump =
        |centre: f32, width: f32, height: f32| height * (-((x - centre) / width).powi(2)).exp();
    3.0 + hump(22.0, 10.0, 13.0) + hump(48.0, 6.0, 6.0)
}

/// A plank `len` x `thick` texels with its four corner texels cut off.
pub fn plank(len: u32, thick: u32) -> Mask {
    Mask::from_fn(len, thick, |x, y| {
        let end = x == 0 || x == len - 1;
        let edge = y == 0 || y == thick - 1;
        !(end && edge)
    })
    .expect("a plank has solid texels")
}
