//! A shape cast: a body swept along a straight line through a world of sprites to the first place
//! it touches something, as a ray cast is for a point.

use glam::Vec2;

use super::body::Body;
use super::leg::{Probe, Sweep, sweep};
use crate::broad::Obstacles;
use crate::motion::push_out;
use crate::pair::collide;

/// Where a cast body first touches something; `Id` names the obstacle, as in
/// [`MoveContact`](crate::MoveContact).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastHit<Id = usize> {
    /// The obstacle's index, as [`Obstacles::each_near`] gave it.
    pub obstacle: Id,
    /// How much of the motion the body travels before the contact, 0 to 1 (0 when it starts
    /// overlapping the obstacle): a fraction of the move, as [`Impact::time`](crate::Impact::time)
    /// is of a step.
    pub time: f32,
    /// Where the body's pivot is at the contact: placed there it touches the obstacle without
    /// overlapping it (or, when it started overlapping, where it started).
    pub position: Vec2,
    /// A world point inside solid texels of both, a hair further along the motion.
    pub point: Vec2,
    /// A unit normal pointing from the obstacle towards the body, never along the motion (a graze
    /// past a corner gives one across it).
    pub normal: Vec2,
}

/// Sweeps `body` from its pose by `motion` through `world` and says where it first touches
/// something, or `None` when it gets to the end without touching anything.
///
/// The sweep is [`Mover`](crate::Mover)'s leg: each obstacle is met with
/// [`time_of_impact`](crate::time_of_impact) (down to its resolution of 2^-14 of the motion) and the
/// body is backed out along its own path to the exact first place of contact, so a cast never
/// passes through a shape, however long the motion or thin the shape (a sheared obstacle, which
/// time of impact cannot place, is swept by samples a quarter of a world unit apart: the body may
/// cut across one of its corners by up to that). A body that starts
/// overlapping something hits it at time 0, with the normal of the shortest way out; a motion
/// of zero length, or not finite, hits only that.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{cast, Body, Mask, Pose, Sprite};
/// // A 1-texel-thin wall 100 px away and a 4 x 4 box cast 400 px towards it: it stops at the wall.
/// let wall = Mask::from_fn(1, 50, |_, _| true).unwrap();
/// let boxy = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let world = [Sprite::new(&wall, Affine2::from_translation(Vec2::new(104.0, -20.0)))];
/// let body = Body::new(&boxy, Pose::at(Vec2::ZERO), Vec2::ZERO);
/// let hit = cast(body, &world, Vec2::new(400.0, 0.0)).unwrap();
/// assert_eq!((hit.obstacle, hit.position, hit.normal), (0, Vec2::new(100.0, 0.0), Vec2::NEG_X));
/// assert_eq!(hit.time, 0.25);
/// assert!(cast(body, &world, Vec2::new(0.0, 400.0)).is_none());
/// ```
pub fn cast<'a, W: Obstacles<'a> + ?Sized>(
    body: Body<'_>,
    world: &W,
    motion: Vec2,
) -> Option<CastHit> {
    let probe = Probe { body, world };
    let start = body.pose.position;
    if let Some(&(obstacle, it)) = probe.overlapping(start).first() {
        let me = body.sprite();
        return Some(CastHit {
            obstacle,
            time: 0.0,
            position: start,
            point: collide(me, it).map_or(start, |c| c.point),
            normal: push_out(me, it).map_or(-motion.normalize_or_zero(), |p| -p.normal),
        });
    }
    if !motion.is_finite() {
        return None;
    }
    match sweep(&probe, start, motion) {
        Sweep::Clear(_) => None,
        Sweep::Hit(hit) => {
            // The sweep's normal is the shortest way out of where the body sank in, which for a
            // graze past a corner may lean along the motion; a cast's faces the body, so such a
            // normal keeps only its part across the motion.
            let along = motion.normalize_or_zero();
            let lean = hit.normal.dot(along);
            let normal = if lean > 0.0 {
                (hit.normal - along * lean)
                    .try_normalize()
                    .unwrap_or(-along)
            } else {
                hit.normal
            };
            Some(CastHit {
                obstacle: hit.obstacle,
                time: hit.fraction,
                position: hit.at,
                point: hit.point,
                normal,
            })
        }
    }
}
