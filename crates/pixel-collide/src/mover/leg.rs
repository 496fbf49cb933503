//! The mover's sweeps: one leg of a move, from a free place along a straight line, to its end or to
//! the exact first place of contact, never through anything.

use glam::Vec2;

use crate::broad::Obstacles;
use crate::geom::Rect;
use crate::mask::Mask;
use crate::motion::{IMPACT_RESOLUTION, Motion, push_out_along, time_of_impact};
use crate::pair::{collide, overlaps};
use crate::sprite::{Pose, Sprite};

use super::body::Body;

/// What a sweep needs of a move in progress: the body and the world it moves through.
pub(crate) struct Probe<'m, 'b, W: ?Sized> {
    pub(crate) body: Body<'b>,
    pub(crate) world: &'m W,
}

/// How many times a push is lengthened when rounding the body's position leaves it overlapping.
const SKIN_TRIES: u32 = 8;

/// The longest gap between the samples that sweep a sheared obstacle, in world units.
const SHEARED_SAMPLE: f32 = 0.25;

/// The most samples one sweep of a sheared obstacle takes (a leg of 16,384 world units at the
/// finest spacing; longer legs are sampled more sparsely).
const MAX_SAMPLES: u32 = 1 << 16;

/// How one leg ended.
pub(crate) enum Sweep<'a> {
    /// Nothing in the way: the body is at the leg's end.
    Clear(Vec2),
    /// It met something.
    Hit(Hit<'a>),
}

/// Where a leg met something first.
pub(crate) struct Hit<'a> {
    /// The place of contact, checked free: the body touches the obstacle there without overlapping.
    pub(crate) at: Vec2,
    /// A place a hair further on where the two overlap, from which the backing out was measured.
    pub(crate) sunk: Vec2,
    /// How much of the leg was travelled, 0 to 1.
    pub(crate) fraction: f32,
    /// The obstacle's index, and the obstacle.
    pub(crate) obstacle: usize,
    pub(crate) sprite: Sprite<'a>,
    /// A world point inside both at `sunk`.
    pub(crate) point: Vec2,
    /// The contact normal, from the obstacle towards the body.
    pub(crate) normal: Vec2,
}

/// When the moving body first meets a still obstacle: (a time no later than the first touch, a time
/// at which they touch, a point of contact there).
fn impact(path: &Motion<'_>, it: Sprite<'_>) -> Option<(f32, f32, Vec2)> {
    let Some(pose) = Pose::from_transform(&it.transform) else {
        // A pose cannot place a shear, and time of impact takes poses.
        return sampled(path, it, 0.0);
    };
    let still = Motion::still(it.mask, pose, Vec2::ZERO);
    let mut from = 0.0;
    for _ in 0..RETRIES {
        let rest = Motion::new(path.mask, path.pose_at(from), path.to, path.origin);
        let hit = time_of_impact(&rest, &still)?;
        let (free, touch) = (
            from + (1.0 - from) * hit.time,
            from + (1.0 - from) * hit.contact_time,
        );
        // The pose rebuilt from a turned transform rounds differently from the caller's: the
        // caller's sprite decides, a few resolutions on at most.
        for k in 0..=NUDGES {
            let t = (touch + k as f32 * IMPACT_RESOLUTION).min(1.0);
            if let Some(c) = collide(path.sprite_at(t), it) {
                return Some((free.min(t), t, c.point));
            }
        }
        from = (touch + NUDGES as f32 * IMPACT_RESOLUTION).min(1.0);
        if from >= 1.0 {
            return None;
        }
    }
    // Still grazing the rebuilt pose only (sliding along its face): the rest of the leg by samples.
    sampled(path, it, from)
}

/// Times of impact retried past a touch of the rebuilt pose that the caller's sprite does not share.
const RETRIES: usize = 4;
/// Resolutions of time of impact a touch of the rebuilt pose is checked on for the caller's.
const NUDGES: u32 = 16;

/// The first touch of the leg from time `from` on, by samples at most [`SHEARED_SAMPLE`] apart.
fn sampled(path: &Motion<'_>, it: Sprite<'_>, from: f32) -> Option<(f32, f32, Vec2)> {
    let length = (path.to.position - path.from.position).length() * (1.0 - from);
    let n = ((length / SHEARED_SAMPLE).ceil() as u32).clamp(1, MAX_SAMPLES);
    let at = |k: u32| from + (1.0 - from) * (k as f32 / n as f32);
    (1..=n).find_map(|k| collide(path.sprite_at(at(k)), it).map(|c| (at(k - 1), at(k), c.point)))
}

/// Sweeps the body from `from` (free) by `by`: to its end when nothing is in the way, else to the
/// exact place where it first touches, backed out along its own path.
pub(crate) fn sweep<'a, W: Obstacles<'a> + ?Sized>(
    probe: &Probe<'_, '_, W>,
    from: Vec2,
    by: Vec2,
) -> Sweep<'a> {
    let to = from + by;
    if by == Vec2::ZERO || !to.is_finite() {
        return Sweep::Clear(from);
    }
    let body = probe.body;
    let path = Motion::new(
        body.mask,
        Pose {
            position: from,
            ..body.pose
        },
        Pose {
            position: to,
            ..body.pose
        },
        body.origin,
    );
    let Some(first) = first_contact(probe, &path, from, to) else {
        return Sweep::Clear(to);
    };
    let sunk = path.pose_at(first.contact).position;
    let back = -by.normalize_or_zero();
    let (at, normal) = back_out(probe, sunk, back, first.obstacle);
    let progress = |p: Vec2| (p - from).dot(-back);
    let at = at
        .filter(|&p| progress(p) >= 0.0 && progress(p) <= by.length() && probe.is_free(p))
        .or_else(|| Some(path.pose_at(first.time).position).filter(|&p| probe.is_free(p)))
        .unwrap_or(from);
    let at = rounded(at, back, |p| progress(p) >= 0.0 && probe.is_free(p));
    Sweep::Hit(Hit {
        at,
        sunk,
        fraction: (progress(at) / by.length()).clamp(0.0, 1.0),
        obstacle: first.obstacle,
        sprite: first.sprite,
        point: first.point,
        normal: normal.unwrap_or(back),
    })
}

/// The obstacle a leg meets first, and when.
#[derive(Clone, Copy)]
struct First<'a> {
    /// A time no later than the first touch, and a time at which they touch (fractions of the leg).
    time: f32,
    contact: f32,
    /// A point of contact at `contact`.
    point: Vec2,
    obstacle: usize,
    sprite: Sprite<'a>,
}

/// The first obstacle the leg `path` from `from` to `to` touches, by time of impact with each
/// obstacle near it; `None` when the body reaches `to` free.
fn first_contact<'a, W: Obstacles<'a> + ?Sized>(
    probe: &Probe<'_, '_, W>,
    path: &Motion<'_>,
    from: Vec2,
    to: Vec2,
) -> Option<First<'a>> {
    let body = probe.body;
    let area = body
        .sprite_at(from)
        .bounds()
        .union(&body.sprite_at(to).bounds());
    let area = Rect::new(area.min - Vec2::ONE, area.max + Vec2::ONE);
    let mut first: Option<First<'a>> = None;
    probe.world.each_near(area, &mut |obstacle, sprite| {
        if let Some((time, contact, point)) = impact(path, sprite) {
            if first.is_none_or(|f| contact < f.contact) {
                first = Some(First {
                    time,
                    contact,
                    point,
                    obstacle,
                    sprite,
                });
            }
        }
    });
    if first.is_some() || probe.is_free(to) {
        return first;
    }
    // A graze finer than the resolution of time of impact: the end itself is the contact.
    let &(obstacle, sprite) = probe.overlapping(to).first()?;
    Some(First {
        time: 1.0 - IMPACT_RESOLUTION,
        contact: 1.0,
        point: collide(body.sprite_at(to), sprite).map_or(to, |c| c.point),
        obstacle,
        sprite,
    })
}

/// Backs the body out of everything it sank into at `sunk`, the farthest first, along `back` (its
/// own path reversed): the place it gets to (`None` when a push cannot settle), and the normal of
/// `obstacle`, the one it met first, towards the body.
fn back_out<'a, W: Obstacles<'a> + ?Sized>(
    probe: &Probe<'_, '_, W>,
    sunk: Vec2,
    back: Vec2,
    obstacle: usize,
) -> (Option<Vec2>, Option<Vec2>) {
    let mut normal = None;
    let mut at = Some(sunk);
    for _ in 0..4 {
        let Some(here) = at else { break };
        let me = probe.body.sprite_at(here);
        let pushes: Vec<_> = probe
            .overlapping(here)
            .into_iter()
            .filter_map(|(i, s)| push_out_along(me, s, back).map(|p| (i, s, p)))
            .collect();
        if normal.is_none() {
            normal = pushes.iter().find(|p| p.0 == obstacle).map(|p| -p.2.normal);
        }
        let Some(&(_, s, p)) = pushes
            .iter()
            .max_by(|a, b| a.2.offset.length().total_cmp(&b.2.offset.length()))
        else {
            break;
        };
        at = probe.settle(here, p.offset, s);
    }
    (at, normal)
}

/// The grid a place of contact is rounded back onto along a leg parallel to an axis.
const ROUNDING: f32 = 1.0 / 4096.0;

/// `at` with its coordinate along an axis-parallel leg rounded back onto a grid of [`ROUNDING`] when
/// that is still free: near the origin `f32` holds a backing out's last rounding (a landing at
/// 1e-11 rather than 0), and a body resting on a whole-unit floor should rest on the whole unit.
fn rounded(at: Vec2, back: Vec2, ok: impl Fn(Vec2) -> bool) -> Vec2 {
    let k = match (back.x == 0.0, back.y == 0.0) {
        (true, false) => 1,
        (false, true) => 0,
        _ => return at,
    };
    let mut c = at;
    c[k] = if back[k] > 0.0 {
        (at[k] / ROUNDING).ceil()
    } else {
        (at[k] / ROUNDING).floor()
    } * ROUNDING;
    if c != at && (c[k] - at[k]).abs() <= ROUNDING && ok(c) {
        c
    } else {
        at
    }
}

impl Hit<'_> {
    /// Whether the part of the body that stands (within `feet` along `up` of its lowest point) is in
    /// the obstacle where it sank in.
    pub(crate) fn by_feet<'a, W: Obstacles<'a> + ?Sized>(
        &self,
        probe: &Probe<'_, '_, W>,
        up: Vec2,
        feet: f32,
    ) -> bool {
        let me = probe.body.sprite_at(self.sunk);
        let Some((low, high)) = heights(me, up) else {
            return true;
        };
        if feet.is_nan() || high - low <= feet {
            return true;
        }
        let height = |x: u32, y: u32| {
            let centre = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            me.transform.transform_point2(centre).dot(up) - low
        };
        let mask = me.mask;
        // Cheap first: the point of contact lies in a texel of the feet.
        let local = me.transform.inverse().transform_point2(self.point).floor();
        if local.x >= 0.0 && local.y >= 0.0 {
            let (x, y) = (local.x as u32, local.y as u32);
            if mask.is_solid(x, y) && height(x, y) <= feet {
                return true;
            }
        }
        Mask::from_fn(mask.width(), mask.height(), |x, y| {
            mask.is_solid(x, y) && height(x, y) <= feet
        })
        .is_ok_and(|band| overlaps(Sprite::new(&band, me.transform), self.sprite))
    }
}

/// The lowest and highest heights along `up` of the sprite's solid bounds.
fn heights(me: Sprite<'_>, up: Vec2) -> Option<(f32, f32)> {
    let b = me.mask.solid_bounds()?;
    let (x0, y0) = (b.x as f32, b.y as f32);
    let (x1, y1) = (x0 + b.w as f32, y0 + b.h as f32);
    let h = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        .map(|(x, y)| me.transform.transform_point2(Vec2::new(x, y)).dot(up));
    let low = h.iter().copied().fold(f32::INFINITY, f32::min);
    let high = h.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    (low.is_finite() && high.is_finite()).then_some((low, high))
}

impl<'a, W: Obstacles<'a> + ?Sized> Probe<'_, '_, W> {
    /// The obstacles the body overlaps with its pivot at `at`.
    pub(crate) fn overlapping(&self, at: Vec2) -> Vec<(usize, Sprite<'a>)> {
        let me = self.body.sprite_at(at);
        let mut found = Vec::new();
        self.world.each_near(me.bounds(), &mut |i, s| {
            if overlaps(me, s) {
                found.push((i, s));
            }
        });
        found
    }

    pub(crate) fn is_free(&self, at: Vec2) -> bool {
        let me = self.body.sprite_at(at);
        let mut free = true;
        self.world.each_near(me.bounds(), &mut |_, s| {
            free = free && !overlaps(me, s);
        });
        free
    }

    /// `at` moved by `offset`, lengthened a little at a time while rounding of the position leaves
    /// the body overlapping `it`; `None` when it still does.
    pub(crate) fn settle(&self, at: Vec2, offset: Vec2, it: Sprite<'_>) -> Option<Vec2> {
        let dir = offset.normalize_or_zero();
        let mut skin = at.abs().max_element().max(1.0) * f32::EPSILON;
        let mut to = at + offset;
        for _ in 0..SKIN_TRIES {
            if !overlaps(self.body.sprite_at(to), it) {
                return Some(to);
            }
            to = at + offset + dir * skin;
            skin *= 2.0;
        }
        None
    }
}
