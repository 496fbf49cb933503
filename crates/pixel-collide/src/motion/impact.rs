//! Sprites in motion: when two sprites first touch over a step.
//!
//! A [`Motion`] moves a mask from one [`Pose`] to another over a step, interpolating position,
//! rotation and scale linearly, as a game interpolates them between frames. [`time_of_impact`] finds
//! the first time in the step at which two motions touch on solid texels.
//!
//! How: the step is bisected, earliest half first. Over an interval, every point of a moving sprite
//! stays on its pivot's straight path plus a known distance (its turn and change of scale times its
//! farthest solid point from the pivot, over half the interval). At the interval's middle the tree walk
//! sweeps the second sprite's boxes along the two pivots' relative path and grows them by the two
//! distances; when the separating-axis test still parts every pair, no touch happens anywhere in the
//! interval and it is dropped whole. Intervals that cannot be dropped are halved down to
//! [`IMPACT_RESOLUTION`] of the step, and there the exact test ([`collide`]) is run at the interval's
//! end. A step far from a touch ends after one walk, and so does a slide along an edge without a
//! turn; a step with a touch costs a few walks per halving.

use std::f32::consts::{PI, TAU};

use glam::{Affine2, Vec2};

use crate::mask::Mask;
use crate::pair::{Pair, collide};
use crate::sprite::{Pose, Sprite};

/// A mask moving over one step from the pose `from` (at time 0) to the pose `to` (at time 1), about
/// the pivot `origin` in its texels.
///
/// ```
/// use glam::Vec2;
/// use pixel_collide::{Mask, Motion, Pose};
/// let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let fall = Motion::new(&m, Pose::at(Vec2::ZERO), Pose::at(Vec2::new(0.0, 10.0)), Vec2::splat(2.0));
/// assert_eq!(fall.pose_at(0.5).position, Vec2::new(0.0, 5.0));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Motion<'a> {
    /// Which texels are solid.
    pub mask: &'a Mask,
    /// The pivot the sprite turns and scales about, in texels.
    pub origin: Vec2,
    /// The pose at the start of the step.
    pub from: Pose,
    /// The pose at the end of the step.
    pub to: Pose,
}

impl<'a> Motion<'a> {
    /// A mask moving from `from` to `to` about `origin`.
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::{Mask, Motion, Pose};
    /// let m = Mask::from_fn(1, 1, |_, _| true).unwrap();
    /// let spin = Motion::new(&m, Pose::at(Vec2::ZERO), Pose::new(Vec2::ZERO, 3.0, Vec2::ONE), Vec2::splat(0.5));
    /// assert_eq!(spin.pose_at(1.0).rotation, 3.0);
    /// ```
    pub fn new(mask: &'a Mask, from: Pose, to: Pose, origin: Vec2) -> Motion<'a> {
        Motion {
            mask,
            origin,
            from,
            to,
        }
    }

    /// A mask moving from the placement `from` to the placement `to` (sprite transforms, as
    /// [`Sprite::new`] takes), turning and scaling about `pivot` (in texels) and turning the short
    /// way round, less than half a turn: how a host that places sprites by matrices moves them.
    /// `None` when either placement shears or is not finite; a placement shrunk to nothing on an
    /// axis is a scale of 0 there, which the sprite grows from or shrinks to.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Motion};
    /// let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    /// // From just short of a half turn one way to just short of it the other: a small turn.
    /// let from = Affine2::from_angle_translation(3.0, Vec2::ZERO);
    /// let to = Affine2::from_angle_translation(-3.0, Vec2::new(10.0, 0.0));
    /// let spin = Motion::between(&m, &from, &to, Vec2::splat(2.0)).unwrap();
    /// assert!((spin.to.rotation - spin.from.rotation - (std::f32::consts::TAU - 6.0)).abs() < 1e-5);
    /// assert!(spin.sprite_at(1.0).transform.abs_diff_eq(to, 1e-5));
    /// let shear = Affine2::from_cols_array(&[1.0, 0.0, 0.5, 1.0, 0.0, 0.0]);
    /// assert!(Motion::between(&m, &from, &shear, Vec2::ZERO).is_none());
    /// ```
    pub fn between(
        mask: &'a Mask,
        from: &Affine2,
        to: &Affine2,
        pivot: Vec2,
    ) -> Option<Motion<'a>> {
        let start = Pose::placing(from, pivot)?;
        let mut end = Pose::placing(to, pivot)?;
        // atan2 wraps at a half turn, where a spin would otherwise jump back the long way round.
        let turn = (end.rotation - start.rotation + PI).rem_euclid(TAU) - PI;
        end.rotation = start.rotation + turn;
        Some(Motion::new(mask, start, end, pivot))
    }

    /// A mask that stays in `pose` for the whole step.
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::{Mask, Motion, Pose};
    /// let m = Mask::from_fn(1, 1, |_, _| true).unwrap();
    /// let wall = Motion::still(&m, Pose::at(Vec2::X), Vec2::ZERO);
    /// assert_eq!(wall.pose_at(0.3), wall.pose_at(0.9));
    /// ```
    pub fn still(mask: &'a Mask, pose: Pose, origin: Vec2) -> Motion<'a> {
        Motion::new(mask, pose, pose, origin)
    }

    /// The pose at time `t` of the step (0 at its start, 1 at its end).
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::{Mask, Motion, Pose};
    /// let m = Mask::from_fn(1, 1, |_, _| true).unwrap();
    /// let grow = Motion::new(&m, Pose::at(Vec2::ZERO), Pose::new(Vec2::ZERO, 0.0, Vec2::splat(3.0)), Vec2::ZERO);
    /// assert_eq!(grow.pose_at(0.5).scale, Vec2::splat(2.0));
    /// ```
    pub fn pose_at(&self, t: f32) -> Pose {
        self.from.lerp(&self.to, t)
    }

    /// The sprite at time `t` of the step: the placement [`time_of_impact`] tests there.
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::{Mask, Motion, Pose};
    /// let m = Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let slide = Motion::new(&m, Pose::at(Vec2::ZERO), Pose::at(Vec2::new(8.0, 0.0)), Vec2::ZERO);
    /// assert_eq!(slide.sprite_at(0.25).bounds().min, Vec2::new(2.0, 0.0));
    /// ```
    pub fn sprite_at(&self, t: f32) -> Sprite<'a> {
        Sprite::new(self.mask, self.pose_at(t).transform(self.origin))
    }

    /// How far the pivot moves over the step (world units), how far any solid point can stray from
    /// the pivot's path per unit of step time by turning and scaling, and how far rounding in building
    /// a transform can put it from where the smooth motion has it; `None` for a mask with no solid
    /// texel or a pose that is not finite.
    fn reach(&self) -> Option<Reach> {
        if !(self.from.is_finite() && self.to.is_finite() && self.origin.is_finite()) {
            return None;
        }
        // A scale that is 0 on one axis at both ends stays 0: the sprite covers nothing all step.
        let (f, t) = (self.from.scale, self.to.scale);
        if (f.x == 0.0 && t.x == 0.0) || (f.y == 0.0 && t.y == 0.0) {
            return None;
        }
        let b = self.mask.solid_bounds()?;
        let o = self.origin.as_dvec2();
        let (x0, y0) = (f64::from(b.x), f64::from(b.y));
        let (x1, y1) = (x0 + f64::from(b.w), y0 + f64::from(b.h));
        // The farthest solid point from the pivot is no farther than a corner of the solid bounds.
        let r = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
            .into_iter()
            .map(|(x, y)| (glam::DVec2::new(x, y) - o).length())
            .fold(0.0, f64::max);
        let (f, t) = (&self.from, &self.to);
        let s_max = f.scale.abs().max_element().max(t.scale.abs().max_element()) as f64;
        let ds = (t.scale - f.scale).abs().max_element() as f64;
        let turn = (f64::from(t.rotation) - f64::from(f.rotation)).abs();
        // A point q from the pivot sits at p(t) + R(a(t)) S(t) q: off the pivot's path, its velocity
        // is the turn rate times |S q| plus |S' q|, each bounded by the extremes over the step.
        let stray = (turn * s_max + ds) * r;
        // Transforms are built in f32: each part carries rounding of a few units in the last place
        // of the largest coordinate it touches, and the angle's own rounding turns every point. With
        // the turn and scale fixed, only the coordinates of the pivot that change are rounded
        // differently along the step.
        let eps = f64::from(f32::EPSILON);
        let far = f.position.abs().max(t.position.abs()).as_dvec2();
        let slack = if f.rotation == t.rotation && f.scale == t.scale {
            let lever = glam::DVec2::splat(s_max * o.length());
            let moving = f.position.cmpne(t.position);
            glam::DVec2::select(
                glam::BVec2::new(moving.x, moving.y),
                (far + lever) * (8.0 * eps),
                glam::DVec2::ZERO,
            )
        } else {
            let angle = f.rotation.abs().max(t.rotation.abs()) as f64;
            glam::DVec2::splat(
                16.0 * eps
                    * (far.max_element() + s_max * (2.0 * o.length() + r) + angle * s_max * r),
            )
        };
        let travel = t.position.as_dvec2() - f.position.as_dvec2();
        (travel.is_finite() && stray.is_finite() && slack.is_finite()).then_some(Reach {
            travel,
            stray,
            slack,
        })
    }
}

/// How a motion's solid points can move over the step (see [`Motion::reach`]).
#[derive(Clone, Copy)]
struct Reach {
    travel: glam::DVec2,
    stray: f64,
    slack: glam::DVec2,
}

/// When and where two motions first touch.
///
/// ```
/// use glam::Vec2;
/// use pixel_collide::{time_of_impact, Mask, Motion, Pose, IMPACT_RESOLUTION};
/// let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let wall = Motion::still(&m, Pose::at(Vec2::new(10.0, 0.0)), Vec2::ZERO);
/// let shot = Motion::new(&m, Pose::at(Vec2::ZERO), Pose::at(Vec2::new(20.0, 0.0)), Vec2::ZERO);
/// let hit = time_of_impact(&shot, &wall).unwrap();
/// // The shot's right edge reaches the wall's left edge after 6 of its 20 units.
/// assert!(hit.time <= 0.3 && 0.3 < hit.contact_time && hit.contact_time <= hit.time + IMPACT_RESOLUTION);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Impact {
    /// A time no later than the first touch: the sprites do not touch at any time before it, except
    /// for a graze that starts and ends between two consecutive multiples of [`IMPACT_RESOLUTION`].
    /// Moving both to this time leaves them apart (or touching, when it is 0).
    pub time: f32,
    /// A time at which the sprites are found touching, at most [`IMPACT_RESOLUTION`] after `time`.
    pub contact_time: f32,
    /// A world point inside solid texels of both at `contact_time` (as [`collide`] gives it).
    pub point: Vec2,
}

/// Halvings of the step down to the finest interval.
const LEVELS: u32 = 14;

/// The finest interval [`time_of_impact`] tells apart, as a fraction of the step: 2^-14, about 6.1e-5.
pub const IMPACT_RESOLUTION: f32 = 1.0 / (1u32 << LEVELS) as f32;

/// The first time in the step (0 to 1) at which two motions touch on solid texels, or `None` when
/// they never do.
///
/// Never later than the first touch and never a touch where there is none: the contact is confirmed
/// by [`collide`] at `contact_time`. The one thing it may pass over is a graze that begins and ends
/// between two consecutive multiples of [`IMPACT_RESOLUTION`], which is one shallower than the
/// distance the two move relative to each other in that time. Symmetric in its arguments.
///
/// A step whose sprites stay far apart costs one tree walk; a step with a touch, a few walks per
/// halving of the step. Two sprites that slide along each other's edges, touching without
/// overlapping, cost the most: an exact test at every multiple of the resolution they stay that close
/// for (at most 16,384).
///
/// ```
/// use glam::Vec2;
/// use pixel_collide::{time_of_impact, Mask, Motion, Pose};
/// // A bar 1 texel thin falls 100 px in one step past a 1 px ledge: sampling the two ends misses it.
/// let bar = Mask::from_fn(40, 1, |_, _| true).unwrap();
/// let ledge = Mask::from_fn(1, 1, |_, _| true).unwrap();
/// let fall = Motion::new(&bar, Pose::at(Vec2::ZERO), Pose::at(Vec2::new(0.0, 100.0)), Vec2::ZERO);
/// let still = Motion::still(&ledge, Pose::at(Vec2::new(20.0, 50.0)), Vec2::ZERO);
/// let hit = time_of_impact(&fall, &still).unwrap();
/// assert!((hit.time - 0.49).abs() < 1e-3, "{}", hit.time);
/// ```
pub fn time_of_impact(a: &Motion<'_>, b: &Motion<'_>) -> Option<Impact> {
    let (ra, rb) = (a.reach()?, b.reach()?);
    let touch = |t: f32| collide(a.sprite_at(t), b.sprite_at(t));
    // Most steps clear whole, before the start is even tested.
    if apart_over(a.sprite_at(0.5), b.sprite_at(0.5), &ra, &rb, 0.5) {
        return None;
    }
    if let Some(c) = touch(0.0) {
        return Some(Impact {
            time: 0.0,
            contact_time: 0.0,
            point: c.point,
        });
    }
    // Interval `i` of level `k` is [i, i + 1] / 2^k. Depth first, earlier half on top: the first
    // interval that cannot be cleared and touches at its end holds the first touch.
    let mut stack = [(0u32, 0u32); 2 * LEVELS as usize + 2];
    stack[0] = (1, 1);
    stack[1] = (1, 0);
    let mut len = 2;
    while len > 0 {
        len -= 1;
        let (k, i) = stack[len];
        let width = 1.0 / f64::from(1u32 << k);
        if k == LEVELS {
            let end = ((f64::from(i) + 1.0) * width) as f32;
            if let Some(c) = touch(end) {
                return Some(Impact {
                    time: (f64::from(i) * width) as f32,
                    contact_time: end,
                    point: c.point,
                });
            }
            continue;
        }
        let mid = ((f64::from(i) + 0.5) * width) as f32;
        if apart_over(a.sprite_at(mid), b.sprite_at(mid), &ra, &rb, width * 0.5) {
            continue;
        }
        stack[len] = (k + 1, 2 * i + 1);
        stack[len + 1] = (k + 1, 2 * i);
        len += 2;
    }
    None
}

/// Whether the two sprites, placed as at an interval's middle, stay apart for `half` of the step
/// either side of it, judged by the tree walk with the second sprite's boxes swept along the pivots'
/// relative path and grown by how far turning, scaling and rounding can take a point off it; a
/// placement the walk cannot set up is not judged apart.
fn apart_over(a: Sprite<'_>, b: Sprite<'_>, ra: &Reach, rb: &Reach, half: f64) -> bool {
    let Some(pair) = Pair::new(a, b) else {
        return false;
    };
    let (first, second) = if pair.swapped { (rb, ra) } else { (ra, rb) };
    let sweep = (second.travel - first.travel) * half;
    let stray = (ra.stray + rb.stray) * half;
    let slack = ra.slack + rb.slack;
    // The walk's sums keep a texel's digits only while the motion and the placements stay within
    // about 1e12 of the smaller texel (f64 holds 16 digits); past that (a step of 1e20 units, a
    // pose near f32's limit) a touch can round away, so nothing is cleared and the exact tests at
    // the resolution decide. No game's step comes near it.
    // Squares, so that the test on every interval takes no square root (in f64: a texel's side as
    // short as 1e-20 squares to nothing in f32).
    let far = |s: &Sprite<'_>| f64::from(s.transform.translation.abs().max_element());
    let magnitude = sweep.abs().max_element() + stray + slack.max_element() + far(&a) + far(&b);
    let side2 = |s: &Sprite<'_>| {
        let m = s.transform.matrix2;
        let (x, y) = (m.x_axis.as_dvec2(), m.y_axis.as_dvec2());
        x.length_squared().min(y.length_squared())
    };
    // A NaN compares false: not cleared either.
    let keeps_digits = magnitude * magnitude < 1e24 * side2(&a).min(side2(&b));
    if !keeps_digits {
        return false;
    }
    // A world displacement D moves the second mask by M^-1 D in the first one's texels, which
    // projects on a local axis n as D . (M^-T n): each axis grows by the sweep's, the stray disc's
    // and the rounding box's projections on that world direction.
    let to_world = pair.world.matrix2.inverse().transpose();
    let grow = |n: glam::DVec2| {
        let g = to_world * n;
        sweep.dot(g).abs() + stray * g.length() + slack.x * g.x.abs() + slack.y * g.y.abs()
    };
    let extra = [
        grow(glam::DVec2::X),
        grow(glam::DVec2::Y),
        grow(pair.n1),
        grow(pair.n2),
    ];
    extra.iter().all(|e| e.is_finite()) && !pair.within_grown(extra)
}
