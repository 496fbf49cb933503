//! The platformer's rules: a figure that walks, jumps and lands on turned and scaled pixel masks,
//! every contact resolved by the collision library's push-out. Free of macroquad, so that the tests
//! run it without a window.

use glam::{Affine2, Vec2};
use image::RgbaImage;
use spinfall::collision::{
    collide, overlaps, push_out, push_out_along, sprite_transform, Mask, MaskRule, PushOut, Sprite,
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
/// The fastest fall, in pixels per second.
///
/// Tunnelling is prevented by this cap rather than by a swept test: one step falls at most
/// `MAX_FALL * STEP` = 7.5 px, under half the thinnest platform's 16 px, so the feet can never get
/// past a platform's middle between two tests and the shortest push always points back out of the top.
pub const MAX_FALL: f32 = 900.0;
/// The thinnest platform of the level, in pixels (a plank 4 texels thick drawn at scale 4).
pub const THINNEST_PLATFORM: f32 = PLANK_THICK as f32 * PLANK_SCALE;
const _: () = assert!(MAX_FALL * STEP < THINNEST_PLATFORM / 2.0);
/// A riser a walking figure climbs without jumping: the bumpy hill is a staircase of 4 px risers
/// (one texel at its scale), now and then two texels where it is steepest.
pub const STEP_UP: f32 = 9.0;
/// How far a figure that was standing is pulled down to stay on a slope that falls away under it:
/// walking down a 45-degree slope drops about 2 px a step, which gravity alone would not follow.
pub const SNAP_DOWN: f32 = 4.0;
/// A push whose normal points up by more than this (the cosine of 60 degrees) is ground, down by
/// more than this a ceiling, anything else a wall.
const GROUND_NORMAL: f32 = 0.5;
/// Grace periods that make jumping forgiving: just after walking off an edge, and just before landing.
const COYOTE_TIME: f32 = 0.08;
const JUMP_BUFFER: f32 = 0.1;
/// The height of the figure's hips, legs and shoes, below the torso that overhangs the shoes by two
/// pixels a side: only a fall stopped there is a landing whatever the push's normal says, so that a
/// torso grazing a ledge's corner is pushed clear instead of hanging on by its belly.
const FEET_HEIGHT: u32 = 17;
/// The longest sideways shove off something only the torso came down on: its overhang is two pixels.
const OVERHANG_SHOVE: f32 = 4.0;
/// A push applied to the figure's position may round to less than the push at a large coordinate;
/// when it leaves the figure still overlapping, it is lengthened by this much (invisible on screen).
const SKIN: f32 = 1.0 / 1024.0;
/// How much longer than the fall a landing's lift may be: room for the rounding of a lift measured
/// against a turned platform.
const LANDING_SLACK: f32 = 0.25;
/// Passes of contact resolution per move; more than one only when a push lands in a second platform.
const RESOLVE_PASSES: usize = 4;

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

/// What a vertical move did just before an overlap was found.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fall {
    /// No fall: a sideways move or a rise.
    None,
    /// The figure fell this many pixels and its feet are in the platform.
    OntoFeet(f32),
    /// The figure fell and only its body above the feet is in the platform.
    OntoBody,
}

/// How a push met the figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    /// Something to stand on.
    Ground,
    /// A riser low enough to walk up.
    Step,
    /// A side.
    Wall,
    /// Something overhead.
    Ceiling,
}

/// One resolved contact, kept for the debug view and the tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Which platform was pushed against.
    pub platform: usize,
    /// A world point the two shared before the push.
    pub point: Vec2,
    /// The translation that was applied to the figure.
    pub offset: Vec2,
    /// The library's contact normal for the push that decided the kind of contact.
    pub normal: Vec2,
    /// What kind of contact it was.
    pub touch: Touch,
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
    /// The figure's texels below its torso: the part a fall lands on.
    feet_mask: Mask,
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
    /// The last contact resolved, in any step.
    pub last_contact: Option<Contact>,
    /// The contacts resolved in the last step.
    pub contacts: Vec<Contact>,
    placements: Vec<Affine2>,
}

impl World {
    /// A world of `platforms` with the game's figure standing still at `spawn`.
    pub fn new(platforms: Vec<Platform>, spawn: Vec2) -> Self {
        let figure_mask = Mask::from_image(&figure_image(), MaskRule::default())
            .expect("the figure has solid texels");
        let (w, h) = (figure_mask.width(), figure_mask.height());
        let feet_mask = Mask::from_fn(w, h, |x, y| {
            y + FEET_HEIGHT >= h && figure_mask.is_opaque(x.into(), y.into())
        })
        .expect("the figure has feet");
        let placements = platforms.iter().map(|p| p.transform_at(0.0)).collect();
        World {
            figure_mask,
            feet_mask,
            platforms,
            spawn,
            walls: (f32::NEG_INFINITY, f32::INFINITY),
            floor_of_world: f32::INFINITY,
            figure: Figure::at(spawn),
            time: 0.0,
            last_contact: None,
            contacts: Vec::new(),
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

    /// The figure's position moved by a push out of platform `i`, lengthened by `SKIN` when rounding
    /// would leave it overlapping.
    fn pushed(&self, position: Vec2, offset: Vec2, i: usize) -> Vec2 {
        let moved = position + offset;
        let me = Sprite::new(&self.figure_mask, self.figure_transform_at(moved));
        if overlaps(me, self.platform_sprite(i)) {
            moved + offset.normalize_or_zero() * SKIN
        } else {
            moved
        }
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
        self.contacts.clear();

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
        f.grounded = false;

        // Across, then down: a sideways move meets walls and slopes, a vertical one floors and
        // ceilings, and each push only has to undo one axis' worth of movement.
        let x = f.position.x + f.velocity.x * STEP;
        f.position.x = x.clamp(self.walls.0, self.walls.1);
        if f.position.x != x {
            f.velocity.x = 0.0;
        }
        self.resolve(standing, 0.0);
        let fall = self.figure.velocity.y * STEP;
        self.figure.position.y += fall;
        self.resolve(false, fall.max(0.0));
        if standing && !self.figure.grounded && self.figure.velocity.y >= 0.0 {
            self.snap_down();
        }

        let f = &mut self.figure;
        f.coyote = if f.grounded {
            COYOTE_TIME
        } else {
            (f.coyote - STEP).max(0.0)
        };
        if f.position.y > self.floor_of_world {
            self.reset();
        }
    }

    /// Pushes the figure out of every platform it overlaps and reacts to each push: lands on ground,
    /// stops at walls and ceilings, and (when `may_climb`, for a figure walking on the ground) walks
    /// up low risers. `fell` is how far the figure has just moved straight down into the overlap.
    fn resolve(&mut self, may_climb: bool, fell: f32) {
        let origin = self.figure_origin();
        for _ in 0..RESOLVE_PASSES {
            let mut pushed = false;
            for i in 0..self.platforms.len() {
                let me = Sprite::new(
                    &self.figure_mask,
                    sprite_transform(self.figure.position, 0.0, Vec2::ONE, origin),
                );
                let it = Sprite::new(&self.platforms[i].mask, self.placements[i]);
                if !me.bounds().intersects(&it.bounds()) {
                    continue;
                }
                let Some(push) = push_out(me, it) else {
                    continue;
                };
                let point = collide(me, it).map_or(me.bounds().center(), |c| c.point);
                let feet = Sprite::new(&self.feet_mask, me.transform);
                let fall = match fell > 0.0 {
                    false => Fall::None,
                    true if overlaps(feet, it) => Fall::OntoFeet(fell),
                    true => Fall::OntoBody,
                };
                let (offset, touch) = respond(&mut self.figure, me, it, push, may_climb, fall);
                self.figure.position = self.pushed(self.figure.position, offset, i);
                let contact = Contact {
                    platform: i,
                    point,
                    offset,
                    normal: push.normal,
                    touch,
                };
                self.contacts.push(contact);
                self.last_contact = Some(contact);
                pushed = true;
            }
            if !pushed {
                break;
            }
        }
    }

    /// Keeps a figure that was standing on the ground when the ground falls away under it by no more
    /// than `SNAP_DOWN`: moves it down that far and lifts it straight back onto whatever it sank into.
    fn snap_down(&mut self) {
        let start = self.figure.position;
        let probe = start + Vec2::new(0.0, SNAP_DOWN);
        if !self.blocked_at(probe) {
            return;
        }
        self.figure.position = probe;
        for _ in 0..RESOLVE_PASSES {
            let mut lifted = false;
            for i in 0..self.platforms.len() {
                let (me, it) = (self.figure_sprite(), self.platform_sprite(i));
                if !me.bounds().intersects(&it.bounds()) {
                    continue;
                }
                if let Some(lift) = push_out_along(me, it, -Vec2::Y) {
                    self.figure.position = self.pushed(self.figure.position, lift.offset, i);
                    lifted = true;
                }
            }
            if !lifted {
                break;
            }
        }
        if self.figure.position.y < start.y || self.blocked_at(self.figure.position) {
            self.figure.position = start;
            return;
        }
        self.figure.velocity.y = 0.0;
        self.figure.grounded = true;
    }
}

/// The translation that frees the figure from one platform given the shortest push, and what kind
/// of contact it is; updates the velocity and the ground flag. `fell` is how far the figure has just
/// moved straight down into the overlap (zero for a sideways move).
fn respond(
    f: &mut Figure,
    me: Sprite<'_>,
    it: Sprite<'_>,
    push: PushOut,
    may_climb: bool,
    fall: Fall,
) -> (Vec2, Touch) {
    if fall == Fall::OntoBody {
        // Only the feet stand: something that only the torso's overhang came down on shoves the
        // figure aside, the shorter way, rather than hanging it up by the belly.
        let aside = [Vec2::X, -Vec2::X]
            .into_iter()
            .filter_map(|d| push_out_along(me, it, d))
            .map(|p| p.offset)
            .filter(|p| p.length() <= OVERHANG_SHOVE)
            .min_by(|a, b| a.length().total_cmp(&b.length()));
        if let Some(aside) = aside {
            return (aside, Touch::Wall);
        }
    }
    let fell = match fall {
        Fall::OntoFeet(fell) => fell,
        _ => 0.0,
    };
    let sloped_ground = push.normal.y < -GROUND_NORMAL;
    // Straight up rather than along the normal: on a slope the shortest push also moves the figure
    // downhill, and a figure pushed along it each step would slide off. A lift much longer than the
    // shortest push means the overlap is not under the figure after all (a thin arm poking into its
    // side), and the shortest push is the better one.
    let mut limit = if sloped_ground {
        push.offset.length() / GROUND_NORMAL + 1.0
    } else {
        0.0
    };
    // A fall that a lift of no more than the fall itself undoes was stopped by something the feet
    // were above a moment ago: that is a landing whatever the normal says. This is the rect rule's
    // axis-separated landing (ties stand on top) on pixels: a toe that catches a ledge's corner
    // stands on the ledge instead of being pushed off its side.
    if fell > 0.0 {
        limit = limit.max(fell + LANDING_SLACK);
    }
    let lift = if limit > 0.0 {
        push_out_along(me, it, -Vec2::Y)
            .map(|lift| lift.offset)
            .filter(|lift| lift.length() <= limit)
    } else {
        None
    };
    if sloped_ground || lift.is_some() {
        f.velocity.y = f.velocity.y.min(0.0);
        f.grounded = true;
        return (lift.unwrap_or(push.offset), Touch::Ground);
    }
    if push.normal.y > GROUND_NORMAL {
        f.velocity.y = f.velocity.y.max(0.0);
        return (push.offset, Touch::Ceiling);
    }
    if may_climb {
        // A wall no taller than a step is a stair: lift the figure onto it and keep walking.
        if let Some(lift) = push_out_along(me, it, -Vec2::Y) {
            if lift.offset.y >= -STEP_UP {
                f.velocity.y = f.velocity.y.min(0.0);
                f.grounded = true;
                return (lift.offset, Touch::Step);
            }
        }
    }
    if push.offset.x * f.velocity.x < 0.0 {
        f.velocity.x = 0.0;
    }
    (push.offset, Touch::Wall)
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
