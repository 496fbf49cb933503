//! Move and slide: a kinematic body moved through pixel shapes, standing on floors, stopped by walls
//! and ceilings, climbing steps and following slopes, as GameMaker's `move_and_collide` and Godot's
//! `move_and_slide` do for boxes and polygons.
//!
//! Every move is a sweep ([`time_of_impact`](crate::time_of_impact)) from a place checked free to a
//! place checked free, so the body never ends a step inside anything and never passes through a
//! shape however fast it goes. Where a sweep meets something, [`push_out_along`] backs the body out
//! along its own path to the exact first place of contact, and the contact's normal decides what it
//! was: a floor, a wall or a ceiling by the angle to `up`.

use glam::Vec2;

use super::body::Body;
use super::leg::{Hit, Probe, Sweep, sweep};
use crate::broad::Obstacles;
use crate::motion::{push_out, push_out_along};
use crate::pair::{collide, overlaps};

/// What a contact was to the body.
///
/// ```
/// assert_ne!(pixel_collide::ContactKind::Floor, pixel_collide::ContactKind::Step);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactKind {
    /// Something to stand on: a normal within [`Mover::max_floor_angle`] of `up`.
    Floor,
    /// A riser no taller than [`Mover::step_height`] that a walking body was lifted onto; its normal
    /// is the floor's it landed on.
    Step,
    /// A side, or something only the body's upper part came down on and was shoved off.
    Wall,
    /// Something overhead: a normal within [`Mover::max_floor_angle`] of `-up`.
    Ceiling,
}

/// One contact met during a move; `Id` names the obstacle (its index in the world by default, a
/// host's own id after [`Moved::map_obstacles`]).
///
/// ```
/// use glam::Vec2;
/// use pixel_collide::{ContactKind, MoveContact};
/// let c = MoveContact { obstacle: 0, point: Vec2::ZERO, normal: -Vec2::Y, kind: ContactKind::Floor };
/// assert_eq!(c.kind, ContactKind::Floor);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveContact<Id = usize> {
    /// The obstacle's index, as [`Obstacles::each_near`] gave it.
    pub obstacle: Id,
    /// A world point inside solid texels of both, a hair before the body was backed out.
    pub point: Vec2,
    /// A unit normal pointing from the obstacle towards the body.
    pub normal: Vec2,
    /// What the contact was.
    pub kind: ContactKind,
}

/// Where a move ended and what it met; `Id` names the obstacles, as in [`MoveContact`].
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{Body, Mask, Mover, Pose, Sprite};
/// let floor = Mask::from_fn(64, 4, |_, _| true).unwrap();
/// let me = Mask::from_fn(8, 8, |_, _| true).unwrap();
/// let body = Body::new(&me, Pose::at(Vec2::new(32.0, -1.0)), Vec2::new(4.0, 8.0));
/// let moved = Mover::default().move_and_slide(body, &[Sprite::new(&floor, Affine2::IDENTITY)], Vec2::new(0.0, 5.0), false);
/// assert_eq!(moved.position, Vec2::new(32.0, 0.0));
/// assert!(moved.on_floor && moved.floor_normal == Some(-Vec2::Y));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Moved<Id = usize> {
    /// Where the body's pivot ends: its pose's position plus `offset`.
    pub position: Vec2,
    /// The translation applied to the body.
    pub offset: Vec2,
    /// The contacts met, in order.
    pub contacts: Vec<MoveContact<Id>>,
    /// Whether a floor (or step) contact was met: the body stands.
    pub on_floor: bool,
    /// Whether a wall contact was met.
    pub on_wall: bool,
    /// Whether a ceiling contact was met.
    pub on_ceiling: bool,
    /// The normal of the last floor or step contact.
    pub floor_normal: Option<Vec2>,
    /// True when the body started inside something the pushes could not free it from; it was left
    /// where it started, and nothing else was done.
    pub stuck: bool,
    up: Vec2,
}

impl<Id> Moved<Id> {
    /// A move that did not happen: the body left at `position`, meeting nothing, `up` the
    /// mover's (for [`slide_velocity`](Self::slide_velocity)); what a host answers when it has no
    /// body to move.
    ///
    /// ```
    /// use glam::Vec2;
    /// let still = pixel_collide::Moved::<u32>::unmoved(Vec2::X, -Vec2::Y);
    /// assert!(still.contacts.is_empty() && !still.on_floor && still.offset == Vec2::ZERO);
    /// ```
    pub fn unmoved(position: Vec2, up: Vec2) -> Moved<Id> {
        Moved {
            position,
            offset: Vec2::ZERO,
            contacts: Vec::new(),
            on_floor: false,
            on_wall: false,
            on_ceiling: false,
            floor_normal: None,
            stuck: false,
            up,
        }
    }

    /// The same move with each obstacle named by `id` of its index: how a host hands back the
    /// crate's own result with its entities or handles in it.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Body, Mask, Mover, Pose, Sprite};
    /// let floor = Mask::from_fn(64, 4, |_, _| true).unwrap();
    /// let me = Mask::from_fn(8, 8, |_, _| true).unwrap();
    /// let body = Body::new(&me, Pose::at(Vec2::new(32.0, -1.0)), Vec2::new(4.0, 8.0));
    /// let world = [Sprite::new(&floor, Affine2::IDENTITY)];
    /// let moved = Mover::default().move_and_slide(body, &world, Vec2::new(0.0, 5.0), false);
    /// let named = moved.map_obstacles(|i| ["floor"][i]);
    /// assert_eq!(named.contacts[0].obstacle, "floor");
    /// ```
    pub fn map_obstacles<T>(self, mut id: impl FnMut(Id) -> T) -> Moved<T> {
        Moved {
            position: self.position,
            offset: self.offset,
            contacts: self
                .contacts
                .into_iter()
                .map(|c| MoveContact {
                    obstacle: id(c.obstacle),
                    point: c.point,
                    normal: c.normal,
                    kind: c.kind,
                })
                .collect(),
            on_floor: self.on_floor,
            on_wall: self.on_wall,
            on_ceiling: self.on_ceiling,
            floor_normal: self.floor_normal,
            stuck: self.stuck,
            up: self.up,
        }
    }

    /// `velocity` with what the contacts stopped taken out: its part along `-up` when the body stands,
    /// along `up` when it met a ceiling, and its part across `up` that points into a wall it met.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Body, Mask, Mover, Pose, Sprite};
    /// let floor = Mask::from_fn(64, 4, |_, _| true).unwrap();
    /// let me = Mask::from_fn(8, 8, |_, _| true).unwrap();
    /// let body = Body::new(&me, Pose::at(Vec2::new(32.0, 0.0)), Vec2::new(4.0, 8.0));
    /// let moved = Mover::default().move_and_slide(body, &floor_sprite(&floor), Vec2::new(1.0, 2.0), true);
    /// assert_eq!(moved.slide_velocity(Vec2::new(60.0, 120.0)), Vec2::new(60.0, 0.0));
    /// # fn floor_sprite(m: &Mask) -> [Sprite<'_>; 1] { [Sprite::new(m, Affine2::IDENTITY)] }
    /// ```
    pub fn slide_velocity(&self, velocity: Vec2) -> Vec2 {
        let up = self.up;
        let mut v = velocity;
        if self.on_floor {
            v -= up * v.dot(up).min(0.0);
        }
        if self.on_ceiling {
            v -= up * v.dot(up).max(0.0);
        }
        let side = up.perp();
        for c in self.contacts.iter().filter(|c| c.kind == ContactKind::Wall) {
            let across = c.normal.dot(side);
            if across * v.dot(side) < 0.0 {
                v -= side * v.dot(side);
            }
        }
        v
    }
}

/// How a body moves: which way is up, what it stands on, what it climbs and how it keeps to the
/// ground. [`Default`] is the tuning of the repository's platformer for its 48 px figure;
/// [`Mover::for_height`] scales it to another body.
///
/// ```
/// use glam::Vec2;
/// use pixel_collide::Mover;
/// let side_on = Mover { up: Vec2::X, step_height: 4.0, ..Mover::default() };
/// assert_eq!(side_on.snap_distance, 4.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mover {
    /// The unit direction the body stands up along (`-Vec2::Y` on a y-down screen); normalised
    /// when used, and taken as `-Vec2::Y` when it is zero or not finite.
    pub up: Vec2,
    /// The steepest floor, in radians from level: a contact whose normal is within this angle of
    /// `up` is a floor, within it of `-up` a ceiling, anything else a wall.
    pub max_floor_angle: f32,
    /// The tallest riser a body standing on a floor walks up without jumping, in world units.
    pub step_height: f32,
    /// How far a body that stood and is not rising is pulled down onto a floor that falls away
    /// under it (a slope walked down), in world units.
    pub snap_distance: f32,
    /// The height above the body's lowest point (along `up`) of the part that stands: a fall
    /// stopped only by the body above it is not a landing, and the body is shoved aside.
    /// `f32::INFINITY` lets the whole body stand.
    pub feet_height: f32,
    /// The longest sideways shove off something only the body above its feet came down on.
    pub ledge_slip: f32,
    /// How many contacts one part of a move (across, along `up`) reacts to before it stops (at
    /// least 1); the climbs of a standing body over risers and slopes do not count (a staircase is
    /// climbed as far as the move reaches, at most 1,024 climbs a move).
    pub max_slides: u32,
}

impl Default for Mover {
    fn default() -> Self {
        Mover {
            up: -Vec2::Y,
            max_floor_angle: std::f32::consts::FRAC_PI_3,
            step_height: 9.0,
            snap_distance: 4.0,
            feet_height: 17.0,
            ledge_slip: 4.0,
            max_slides: 4,
        }
    }
}

/// The body height the default tuning is for.
const DEFAULT_HEIGHT: f32 = 48.0;

/// How far a slide leans off the surface it slides along, as a share of its length.
const LEAN: f32 = 1.0 / 32.0;

/// The most climbs one move across makes (three sweeps each), which bounds the work of a move of
/// any length: enough for a move of 256 step heights, a step height a climb.
const MAX_CLIMBS: u32 = 1024;

impl Mover {
    /// The default tuning with its lengths scaled from a 48 px figure to a body `height` tall.
    ///
    /// ```
    /// let m = pixel_collide::Mover::for_height(24.0);
    /// assert_eq!((m.step_height, m.snap_distance), (4.5, 2.0));
    /// ```
    pub fn for_height(height: f32) -> Mover {
        let k = height / DEFAULT_HEIGHT;
        let d = Mover::default();
        Mover {
            step_height: d.step_height * k,
            snap_distance: d.snap_distance * k,
            feet_height: d.feet_height * k,
            ledge_slip: d.ledge_slip * k,
            ..d
        }
    }

    /// Moves `body` by `motion` through `world`, across `up` first and then along it, and says where
    /// it ends and what it met; `was_on_floor` is whether it stood after the previous move (and has
    /// not jumped since): only then does it climb steps and snap down.
    ///
    /// It ends where it started or somewhere free, and never passes through a shape (each leg of the
    /// move is swept with [`time_of_impact`](crate::time_of_impact), down to its resolution of 2^-14
    /// of the leg; a sheared obstacle, which a `Pose` cannot place, is swept by samples a quarter of a
    /// world unit apart, so the body may cut across one of its corners by up to that, though it
    /// never ends inside it). A body that starts inside something is first pushed out: straight up when
    /// the shortest way out is a floor's, else the shortest way; one that cannot be freed is left
    /// where it is and the result says [`stuck`](Moved::stuck).
    ///
    /// `on_floor` is true exactly when `contacts` holds a [`ContactKind::Floor`] or
    /// [`ContactKind::Step`]: a fall or a push met a floor, a walk climbed a step or a slope, or the
    /// snap found a floor.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Body, Mask, Mover, Pose, Sprite};
    /// // A 1-texel-thin floor and a body falling 400 px in one step: it lands on it.
    /// let thin = Mask::from_fn(100, 1, |_, _| true).unwrap();
    /// let me = Mask::from_fn(8, 8, |_, _| true).unwrap();
    /// let body = Body::new(&me, Pose::at(Vec2::new(50.0, -100.0)), Vec2::new(4.0, 8.0));
    /// let world = [Sprite::new(&thin, Affine2::IDENTITY)];
    /// let moved = Mover::default().move_and_slide(body, &world, Vec2::new(0.0, 400.0), false);
    /// assert_eq!(moved.position, Vec2::new(50.0, 0.0));
    /// assert!(moved.on_floor);
    /// ```
    pub fn move_and_slide<'a, W: Obstacles<'a> + ?Sized>(
        &self,
        body: Body<'_>,
        world: &W,
        motion: Vec2,
        was_on_floor: bool,
    ) -> Moved {
        let up = self.up.normalize_or_zero();
        let up = if up.is_finite() && up != Vec2::ZERO {
            up
        } else {
            -Vec2::Y
        };
        let mut run = Run {
            mover: self,
            probe: Probe { body, world },
            up,
            cos: self.max_floor_angle.cos(),
            pos: body.pose.position,
            moved: Moved::unmoved(body.pose.position, up),
        };
        if !run.free_up() {
            run.moved.stuck = true;
            return run.moved;
        }
        let motion = if motion.is_finite() {
            motion
        } else {
            Vec2::ZERO
        };
        let along = up * motion.dot(up);
        run.across(motion - along, was_on_floor);
        run.vertical(along);
        if was_on_floor && !run.moved.on_floor && motion.dot(up) <= 0.0 {
            run.snap();
        }
        run.moved.position = run.pos;
        run.moved.offset = run.pos - body.pose.position;
        run.moved
    }
}

/// One move in progress.
struct Run<'m, 'b, W: ?Sized> {
    mover: &'m Mover,
    probe: Probe<'m, 'b, W>,
    up: Vec2,
    cos: f32,
    /// Where the pivot is: always a place checked free.
    pos: Vec2,
    moved: Moved,
}

impl<'a, W: Obstacles<'a> + ?Sized> Run<'_, '_, W> {
    fn kind(&self, normal: Vec2) -> ContactKind {
        let rise = normal.dot(self.up);
        if rise >= self.cos {
            ContactKind::Floor
        } else if -rise >= self.cos {
            ContactKind::Ceiling
        } else {
            ContactKind::Wall
        }
    }

    fn record(&mut self, obstacle: usize, point: Vec2, normal: Vec2, kind: ContactKind) {
        match kind {
            ContactKind::Floor | ContactKind::Step => {
                self.moved.on_floor = true;
                self.moved.floor_normal = Some(normal);
            }
            ContactKind::Wall => self.moved.on_wall = true,
            ContactKind::Ceiling => self.moved.on_ceiling = true,
        }
        self.moved.contacts.push(MoveContact {
            obstacle,
            point,
            normal,
            kind,
        });
    }

    /// Frees a body that starts inside something; false when it cannot be freed.
    fn free_up(&mut self) -> bool {
        for _ in 0..self.mover.max_slides.max(1) {
            let inside = self.probe.overlapping(self.pos);
            let Some(&(i, it)) = inside.first() else {
                return true;
            };
            let me = self.probe.body.sprite_at(self.pos);
            let Some(push) = push_out(me, it) else {
                continue;
            };
            let point = collide(me, it).map_or(me.bounds().center(), |c| c.point);
            // The surface's normal, out of the obstacle towards the body.
            let normal = -push.normal;
            let mut kind = self.kind(normal);
            let mut offset = push.offset;
            // Straight up rather than along the normal: pushed along it a body on a slope would
            // slide downhill a little every step.
            if kind == ContactKind::Floor {
                let limit = push.offset.length() / self.cos.max(0.1) + 1.0;
                match push_out_along(me, it, self.up) {
                    Some(lift) if lift.offset.length() <= limit => offset = lift.offset,
                    _ => kind = ContactKind::Wall,
                }
            }
            let Some(to) = self.probe.settle(self.pos, offset, it) else {
                return false;
            };
            self.pos = to;
            self.record(i, point, normal, kind);
        }
        self.probe.overlapping(self.pos).is_empty()
    }

    /// Sweeps the body by `rem` to where it first touches something, and leaves in `rem` what is left
    /// of the move; `None` when nothing is in the way and the whole move was made.
    fn advance(&mut self, rem: &mut Vec2) -> Option<Hit<'a>> {
        match sweep(&self.probe, self.pos, *rem) {
            Sweep::Clear(to) => {
                self.pos = to;
                None
            }
            Sweep::Hit(hit) => {
                self.pos = hit.at;
                *rem *= 1.0 - hit.fraction;
                Some(hit)
            }
        }
    }

    /// The move across `up`: walls stop it, a body that stands climbs steps and slopes over it, one
    /// in the air follows a floor's slope.
    ///
    /// Climbs do not count against `max_slides`: a staircase of risers is climbed as far as the move
    /// reaches, bounded by [`climb_budget`](Self::climb_budget).
    fn across(&mut self, motion: Vec2, standing: bool) {
        let mut rem = motion;
        let mut slides = self.mover.max_slides.max(1);
        let mut climbs = self.climb_budget(motion);
        while slides > 0 {
            let Some(hit) = self.advance(&mut rem) else {
                return;
            };
            let kind = self.kind(hit.normal);
            if standing && kind != ContactKind::Ceiling && climbs > 0 {
                climbs -= 1;
                if let Some(left) = self.climb(rem, kind, &hit) {
                    rem = left;
                    continue;
                }
            }
            slides -= 1;
            self.record(hit.obstacle, hit.point, hit.normal, kind);
            if kind != ContactKind::Floor {
                return;
            }
            // In the air a floor's slope turns the move along it, keeping its progress across.
            let mut t = hit.normal.perp();
            if t.dot(rem) < 0.0 {
                t = -t;
            }
            let keep = t.dot(rem.normalize_or_zero());
            if keep <= 0.0 {
                return;
            }
            rem = (t + hit.normal * LEAN) * (rem.length() / keep);
        }
    }

    /// How many climbs one move across may make: enough for a climb every quarter of the step height
    /// of it (each climb goes at most the step height across), and never more than [`MAX_CLIMBS`].
    fn climb_budget(&self, motion: Vec2) -> u32 {
        let reach = self.climb_reach();
        let climbs = (motion.length() / (0.25 * reach)).ceil();
        if climbs.is_finite() {
            (climbs as u32)
                .saturating_add(self.mover.max_slides)
                .min(MAX_CLIMBS)
        } else {
            MAX_CLIMBS
        }
    }

    /// How far across one climb goes before it looks down for the floor: the step height, at least
    /// one world unit.
    fn climb_reach(&self) -> f32 {
        let h = self.mover.step_height;
        if h.is_finite() { h.max(1.0) } else { 1.0 }
    }

    /// Up by the step height, a short way across (the step height), and back down onto a floor: the
    /// climb over a riser, a crest or a stretch of slope, taken when it lands on a floor no higher than
    /// the step height. Returns what is left of the move across when it is taken, which the move goes
    /// on with (climbing again at the next riser).
    ///
    /// Only a short way across: swept the whole rest of the move at the raised height, it would look
    /// for the floor only at the move's far end, where past a crest the ground has fallen away (and
    /// over a pit, the far rim would be stood on). It comes down by the snap distance more than it went
    /// up, so that a crest whose far side falls within the short way is still stood on.
    fn climb(&mut self, rem: Vec2, kind: ContactKind, hit: &Hit<'_>) -> Option<Vec2> {
        let start = self.pos;
        let raised = match sweep(&self.probe, start, self.up * self.mover.step_height) {
            Sweep::Clear(to) => to,
            Sweep::Hit(h) => h.at,
        };
        let rise = (raised - start).dot(self.up);
        let length = rem.length();
        if !(rise > 0.0 && length > 0.0) {
            return None;
        }
        let part = rem * (self.climb_reach() / length).min(1.0);
        let (over, left) = match sweep(&self.probe, raised, part) {
            Sweep::Clear(to) => (to, rem - part),
            Sweep::Hit(h) => (h.at, rem - part * h.fraction),
        };
        if (over - raised).dot(rem) <= 0.0 {
            return None;
        }
        let down = rise + self.mover.snap_distance.max(0.0);
        let Sweep::Hit(land) = sweep(&self.probe, over, -self.up * down) else {
            return None;
        };
        let climbed = (land.at - start).dot(self.up);
        if self.kind(land.normal) != ContactKind::Floor || climbed > self.mover.step_height {
            return None;
        }
        self.pos = land.at;
        // A step is a riser the body was lifted onto; a slope walked, or a landing no higher than
        // where it started, is floor.
        let kind = if kind == ContactKind::Floor || climbed <= 0.0 {
            ContactKind::Floor
        } else {
            ContactKind::Step
        };
        // A staircase or a slope climbed a stretch at a time is one contact per obstacle and kind, the
        // last: a fast move would otherwise list up to `MAX_CLIMBS` of them.
        if let Some(last) = self.moved.contacts.last()
            && last.obstacle == hit.obstacle
            && last.kind == kind
        {
            self.moved.contacts.pop();
        }
        self.record(hit.obstacle, hit.point, land.normal, kind);
        Some(left)
    }

    /// The move along `up`: a floor stops a fall, a ceiling a rise, and a wall turns the move along
    /// itself; a fall stopped by the body above its feet shoves it aside when it can.
    fn vertical(&mut self, motion: Vec2) {
        let mut rem = motion;
        let mut wedged = 0.0;
        for _ in 0..self.mover.max_slides.max(1) {
            let Some(hit) = self.advance(&mut rem) else {
                return;
            };
            let falling = rem.dot(self.up) < 0.0;
            if falling && !hit.by_feet(&self.probe, self.up, self.mover.feet_height) {
                if let Some(to) = self.slip(&hit, rem) {
                    self.pos = to;
                    self.record(hit.obstacle, hit.point, hit.normal, ContactKind::Wall);
                    continue;
                }
            }
            let kind = self.kind(hit.normal);
            self.record(hit.obstacle, hit.point, hit.normal, kind);
            let stops = match kind {
                ContactKind::Floor => falling,
                ContactKind::Ceiling => !falling,
                _ => false,
            };
            if stops {
                return;
            }
            let length = rem.length();
            rem -= hit.normal * rem.dot(hit.normal);
            // A slide exactly along the surface grazes it all the way (time of impact's costliest
            // case) and rounding stops it every hair: it leans off the surface by a degree or two.
            // Wedged on a corner, where the estimated surface is met again at once, it leans more
            // each time, as the shortest push would.
            if hit.fraction < 1e-3 {
                wedged += 0.25;
            }
            rem += hit.normal * length * (LEAN + wedged);
            if rem.length_squared() <= f32::EPSILON * f32::EPSILON {
                return;
            }
        }
    }

    /// The shorter sideways shove, no longer than the ledge slip, off something that only the body
    /// above its feet came down on; swept, so it passes through nothing. It clears the whole rest of
    /// the fall `rem` where it can, so that a slanted side is not met again a hair further down.
    fn slip(&self, hit: &Hit<'_>, rem: Vec2) -> Option<Vec2> {
        let side = self.up.perp();
        let deep = self.probe.body.sprite_at(self.pos + rem);
        let me = if overlaps(deep, hit.sprite) {
            deep
        } else {
            self.probe.body.sprite_at(hit.sunk)
        };
        let shove = [side, -side]
            .into_iter()
            .filter_map(|d| push_out_along(me, hit.sprite, d))
            .map(|p| side * p.offset.dot(side))
            .filter(|p| p.length() <= self.mover.ledge_slip)
            .min_by(|a, b| a.length().total_cmp(&b.length()))?;
        match sweep(&self.probe, self.pos, shove) {
            Sweep::Clear(to) => Some(to),
            Sweep::Hit(_) => None,
        }
    }

    /// Keeps a body that stood on a floor falling away under it by no more than the snap distance.
    fn snap(&mut self) {
        if self.mover.snap_distance <= 0.0 {
            return;
        }
        if let Sweep::Hit(hit) = sweep(&self.probe, self.pos, -self.up * self.mover.snap_distance) {
            if self.kind(hit.normal) == ContactKind::Floor
                && hit.by_feet(&self.probe, self.up, self.mover.feet_height)
            {
                self.pos = hit.at;
                self.record(hit.obstacle, hit.point, hit.normal, ContactKind::Floor);
            }
        }
    }
}
