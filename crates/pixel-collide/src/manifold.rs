//! The contact manifold of two sprites, as a physics engine's contact solver wants it: one normal,
//! the push-out depth, and one or two points spread along the contact, each named by the texels it
//! lies on so that a solver can match it with the last step's point.

use std::cell::Cell;
use std::cmp::Ordering;

use glam::{Affine2, Vec2};

use crate::geom::Rect;
use crate::mask::Node;
use crate::motion::{contact_push, push_out, MAX_KEPT_PAIRS};
use crate::pair::{closest_pair, distance_within, thin_overlap_mask, Distance, Pair, Under};
use crate::sprite::Sprite;

/// One contact point of a [`Manifold`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldPoint {
    /// The world point midway between the two surfaces at this point of the contact.
    pub point: Vec2,
    /// How deep the two overlap here along the manifold's normal, in world units; negative when they
    /// are apart by that much.
    pub depth: f32,
    /// The texel (x, y) of the first sprite's mask this point lies on.
    pub texel_a: [u32; 2],
    /// The texel (x, y) of the second sprite's mask this point lies against.
    pub texel_b: [u32; 2],
}

/// Where two sprites touch or nearly touch: a normal, the depth, and one or two points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// The unit contact normal, pointing from the first sprite towards the second. Swapping the
    /// sprites negates it exactly.
    pub normal: Vec2,
    /// The depth of the overlap: the length of the shortest push out of it (see
    /// [`contact_manifold`]) when the sprites overlap, minus the distance between them when they are
    /// apart, 0 when they only share edges.
    pub depth: f32,
    points: [ManifoldPoint; 2],
    len: usize,
}

impl Manifold {
    /// The contact points: two at the ends of the contact along the surface, or one where the
    /// contact is a single texel wide.
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..self.len]
    }

    /// The same contact seen from the other sprite: the normal negated, the texels swapped.
    pub fn reversed(mut self) -> Manifold {
        self.normal = -self.normal;
        for p in &mut self.points {
            std::mem::swap(&mut p.texel_a, &mut p.texel_b);
        }
        self
    }
}

/// The contact manifold of two sprites that overlap, touch or lie within `max_distance` (world units)
/// of each other; `None` when they lie further apart, either has no solid texel, or a transform is not
/// finite or covers no area.
///
/// The depth of an overlap is the length of the shortest push out of it along the texels' face
/// normals and the world axes (the way out of an overlap of two sets of squares lies along one of
/// them unless it sits in a concave corner of both), or, when those are all deeper than a texel, of
/// [`push_out`]'s search over 32 directions as well; the normal is its direction (reversed, so that
/// it points from `a` towards `b`). So the depth is never longer than a push along a face normal or
/// a world axis, and it is the exact first free distance, not settled in `f32`. Apart, the normal
/// joins the closest points, as [`distance`](crate::distance) finds them. The points are the two
/// ends, along the surface, of the contact patch: the solid texels of the sprite with fewer texels
/// that lie within a quarter texel (past the separation) of the other sprite's solid texels. Each point lies on that texel's surface
/// and is moved half its depth towards the other sprite; its depth is the manifold's depth less how
/// far its texel stands back from the deepest texel of the patch, so a box resting flat gets two
/// points of equal depth at its two bottom corners and one standing on a corner gets the corner.
///
/// The pair is computed in one fixed order of the two sprites, so `contact_manifold(b, a, d)` is
/// `contact_manifold(a, b, d)` [reversed](Manifold::reversed), bit for bit.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{contact_manifold, Mask, Sprite};
/// let ground = Mask::from_fn(32, 4, |_, _| true).unwrap();
/// let crate_ = Mask::from_fn(8, 8, |_, _| true).unwrap();
/// // y up: the crate sits 0.5 deep in the ground's top face at y = 4.
/// let g = Sprite::new(&ground, Affine2::IDENTITY);
/// let c = Sprite::new(&crate_, Affine2::from_translation(Vec2::new(10.0, 3.5)));
/// let m = contact_manifold(c, g, 1.0).unwrap();
/// assert_eq!((m.normal, m.depth), (Vec2::new(0.0, -1.0), 0.5));
/// assert_eq!(m.points().len(), 2);
/// assert!(m.points().iter().all(|p| p.depth == 0.5 && p.point.y == 3.75));
/// ```
pub fn contact_manifold(a: Sprite<'_>, b: Sprite<'_>, max_distance: f32) -> Option<Manifold> {
    // A physics step asks for thousands of manifolds: their buffers are kept per thread.
    let mut scratch = SCRATCH.take();
    let m = if canonical_order(&a, &b) == Ordering::Greater {
        oriented(b, a, max_distance, &mut scratch).map(Manifold::reversed)
    } else {
        oriented(a, b, max_distance, &mut scratch)
    };
    SCRATCH.set(scratch);
    m
}

/// Buffers a manifold reuses from one call to the next: the pairs of boxes near, the overlapping
/// ones among them, and the contact patch's texels.
#[derive(Default)]
struct Scratch {
    near: Vec<(Node, Node)>,
    start: Vec<(Node, Node)>,
    texels: Vec<[u32; 2]>,
    patch: Vec<Extreme>,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::new(Scratch::default());
}

/// The order the pair is computed in: the mask with fewer texels first (its texels are scanned for
/// the patch), then by size and placement, so that either argument order picks the same one.
fn canonical_order(a: &Sprite<'_>, b: &Sprite<'_>) -> Ordering {
    let key = |s: &Sprite<'_>| {
        let (w, h) = (s.mask.width(), s.mask.height());
        let cols = s.transform.to_cols_array().map(f32::to_bits);
        (u64::from(w) * u64::from(h), w, h, cols)
    };
    key(a).cmp(&key(b))
}

/// The side of the smallest texel of a sprite, in world units.
fn texel_size(s: &Sprite<'_>) -> f32 {
    s.transform
        .matrix2
        .x_axis
        .length()
        .min(s.transform.matrix2.y_axis.length())
}

/// The manifold with `s` as the first sprite, `s` having no more texels than `l`.
fn oriented(
    s: Sprite<'_>,
    l: Sprite<'_>,
    max_distance: f32,
    scratch: &mut Scratch,
) -> Option<Manifold> {
    if !(s.transform.is_finite() && l.transform.is_finite()) {
        return None;
    }
    let reach = if max_distance.is_finite() {
        max_distance.max(0.0)
    } else {
        0.0
    };
    let texel = texel_size(&s).min(texel_size(&l));
    if texel.is_nan() || texel <= 0.0 {
        return None;
    }
    let sb = s.bounds();
    // A hair past the reach, so that sprites sharing only an edge are not rejected.
    // Past the reach by the patch's slack, so that the pairs near hold the patch too, and a hair,
    // so that sprites sharing only an edge are not rejected.
    let margin = reach + texel * (SLACK + 1.0 / 64.0);
    let grown = Rect::new(sb.min - Vec2::splat(margin), sb.max + Vec2::splat(margin));
    // The bounds test and the grown walk reject, in a walk of both trees, a body over open air that
    // the broad phase pairs with a whole level's terrain.
    if !grown.intersects(&l.bounds()) {
        return None;
    }
    let pair = Pair::new(s, l)?;
    let near = match near_pairs(&pair, margin, &mut scratch.near) {
        Near::Apart => return None,
        Near::Pairs => Some(&scratch.near[..]),
        Near::Many => None,
    };
    let push = contact_push(s, l, &pair, near, f64::from(margin), &mut scratch.start);
    let (normal, depth) = if let Some(offset) = push {
        let len = offset.length();
        if len > 0.0 && (offset / len).is_finite() {
            (-offset / len, len)
        } else {
            (-push_out(s, l)?.normal.try_normalize()?, 0.0)
        }
    } else {
        let d = match near {
            // The pairs near hold every pair of boxes within the reach.
            Some(near) => {
                let (first, second) = if pair.swapped { (l, s) } else { (s, l) };
                let d = closest_pair(first, second, near, f64::from(reach))?;
                if pair.swapped {
                    Distance {
                        on_a: d.on_b,
                        on_b: d.on_a,
                        ..d
                    }
                } else {
                    d
                }
            }
            None => distance_within(s, l, f64::from(reach))?,
        };
        if d.distance.is_nan() || d.distance > reach {
            return None;
        }
        // Tiny gaps between far-out points lose their direction to rounding: those count as touching.
        let gap = d.on_b - d.on_a;
        let len = gap.length();
        if d.distance > 0.0 && len > 0.0 && (gap / len).is_finite() {
            (gap / len, -d.distance)
        } else {
            (touching_normal(&s, &l, d.on_a, texel), 0.0)
        }
    };
    if !(normal.is_finite() && normal.length_squared() > 0.5) {
        return None;
    }
    let buffers = (&mut scratch.texels, &mut scratch.patch);
    patch(s, l, &pair, near, margin, normal, depth, texel, buffers)
}

/// The pairs of solid boxes of a pair's two sprites that come within some reach of each other.
enum Near {
    /// None: the sprites lie further apart.
    Apart,
    /// Those given, at most [`MAX_KEPT_PAIRS`] of them.
    Pairs,
    /// More than [`MAX_KEPT_PAIRS`].
    Many,
}

/// The pairs of solid boxes that come within `reach` (world units) of each other, into `near`, or nearly: every
/// pair of boxes is tested with its reach grown by `reach` on each axis, a superset of the disc of
/// that radius, so no pair within reach is missed. One walk of both trees rejects a body over open
/// air that the broad phase pairs with a whole level's terrain, and finds the overlapping pairs
/// every slide of a push starts from.
fn near_pairs(pair: &Pair<'_>, reach: f32, near: &mut Vec<(Node, Node)>) -> Near {
    // A world length `reach` is at most `reach / sigma_min` in the first mask's texels, where
    // sigma_min >= |det| / |M|_F.
    let m = pair.world.matrix2;
    let local = f64::from(reach) * (m.x_axis.length_squared() + m.y_axis.length_squared()).sqrt()
        / m.determinant().abs();
    if !local.is_finite() {
        return Near::Many;
    }
    let extra = [
        local,
        local,
        local * pair.n1.length(),
        local * pair.n2.length(),
    ];
    near.clear();
    let mut many = false;
    pair.walk_grown(extra, &Cell::new(u64::MAX), |ra, rb| {
        many = near.len() == MAX_KEPT_PAIRS;
        if !many {
            near.push((*ra, *rb));
        }
        many
    });
    match (many, near.is_empty()) {
        (true, _) => Near::Many,
        (false, true) => Near::Apart,
        (false, false) => Near::Pairs,
    }
}

/// The eight unit directions, exactly symmetric.
const DIRECTIONS: [Vec2; 8] = {
    const D: f32 = std::f32::consts::FRAC_1_SQRT_2;
    [
        Vec2::new(1.0, 0.0),
        Vec2::new(D, D),
        Vec2::new(0.0, 1.0),
        Vec2::new(-D, D),
        Vec2::new(-1.0, 0.0),
        Vec2::new(-D, -D),
        Vec2::new(0.0, -1.0),
        Vec2::new(D, -D),
    ]
};

/// The normal at a point where the two sprites only share edges or corners: `s` is nudged a
/// thirty-second of a texel into `l` (along the open directions around the point seen from `s`, less
/// those seen from `l`), and the way out of that overlap that [`push_out`] finds is the normal, so
/// that a corner resting on a face gets the face's normal.
fn touching_normal(s: &Sprite<'_>, l: &Sprite<'_>, p: Vec2, texel: f32) -> Vec2 {
    let eps = texel * (1.0 / 32.0);
    let open = |sp: &Sprite<'_>| {
        DIRECTIONS
            .iter()
            .filter(|&&d| !sp.contains_point(p + d * eps))
            .fold(Vec2::ZERO, |sum, &d| sum + d)
    };
    let guess = (open(s) - open(l))
        .try_normalize()
        .or_else(|| (l.bounds().center() - s.bounds().center()).try_normalize())
        .unwrap_or(Vec2::NEG_Y);
    let nudged = Sprite::new(s.mask, Affine2::from_translation(guess * eps) * s.transform);
    match push_out(nudged, *l) {
        Some(push) => (-push.offset).try_normalize().unwrap_or(guess),
        None => guess,
    }
}

/// How far past the separation the contact patch reaches, in texels of the smaller texel.
const SLACK: f32 = 0.25;

/// The contact patch of `s` against `l` along `normal` and its two ends. `pair` is
/// `Pair::new(s, l)` and `near` its pairs of solid boxes within `margin` (world units) of each other,
/// which hold the patch's texels when its reach is within the margin.
#[allow(clippy::too_many_arguments)]
fn patch(
    s: Sprite<'_>,
    l: Sprite<'_>,
    pair: &Pair<'_>,
    near: Option<&[(Node, Node)]>,
    margin: f32,
    normal: Vec2,
    depth: f32,
    texel: f32,
    (texels, patch): (&mut Vec<[u32; 2]>, &mut Vec<Extreme>),
) -> Option<Manifold> {
    let tangent = normal.perp();
    let m = s.transform.matrix2;
    // How far a texel of `s` reaches from its centre along the normal.
    let half = 0.5 * (m.x_axis.dot(normal).abs() + m.y_axis.dot(normal).abs());
    let l_inverse = l.transform.inverse();
    let mut slack = SLACK * texel;
    // Rounding in the closest points can leave the patch empty at the first slack; a wider one
    // finds it.
    for _ in 0..3 {
        let gap = (-depth).max(0.0) + slack;
        texels.clear();
        match near {
            Some(near) if gap < margin => patch_texels(pair, near, -normal * gap, texels),
            _ => {
                let moved = Sprite::new(
                    l.mask,
                    Affine2::from_translation(-normal * gap) * l.transform,
                );
                let shared = thin_overlap_mask(s, moved);
                if let Some(r) = shared.solid_bounds() {
                    for y in r.y..r.y + r.h {
                        for x in r.x..r.x + r.w {
                            if shared.is_solid(x, y) {
                                texels.push([x, y]);
                            }
                        }
                    }
                }
            }
        }
        if !texels.is_empty() {
            patch.clear();
            let mut deepest = f32::NEG_INFINITY;
            for &[x, y] in texels.iter() {
                let c = s
                    .transform
                    .transform_point2(Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
                let e = Extreme {
                    texel: [x, y],
                    centre: c,
                    along: c.dot(tangent),
                    into: c.dot(normal),
                };
                deepest = deepest.max(e.into);
                patch.push(e);
            }
            // The points stand for the deepest part of the patch: a box flat on the ground has its
            // whole bottom row there, one tipped onto a corner only that corner.
            let level = deepest - 0.5 * texel;
            let mut ends: Option<[Extreme; 2]> = None;
            for &e in patch.iter().filter(|e| e.into >= level) {
                ends = Some(match ends {
                    None => [e, e],
                    Some([lo, hi]) => [
                        if e.before(&lo) { e } else { lo },
                        if e.after(&hi) { e } else { hi },
                    ],
                });
            }
            let [lo, hi] = ends?;
            let texel_l = 0.25 * texel_size(&l);
            let point = |e: &Extreme| {
                let d = depth - (deepest - e.into);
                let on_surface = e.centre + normal * half;
                let point = on_surface - normal * (0.5 * d);
                let q = l_inverse.transform_point2(point + normal * texel_l);
                ManifoldPoint {
                    point,
                    depth: d,
                    texel_a: e.texel,
                    texel_b: nearest_solid(l.mask, q),
                }
            };
            let first = point(&lo);
            let len = if lo.texel == hi.texel { 1 } else { 2 };
            return Some(Manifold {
                normal,
                depth,
                points: [first, if len == 2 { point(&hi) } else { first }],
                len,
            });
        }
        slack *= 4.0;
    }
    None
}

/// The texels of the pair's first argument sprite that share area with the other moved by world
/// translation `by`, from the pairs of boxes that lie near enough for every such texel to be in one
/// of them (a texel under several boxes comes more than once).
fn patch_texels(pair: &Pair<'_>, near: &[(Node, Node)], by: Vec2, out: &mut Vec<[u32; 2]>) {
    // Moving the second argument by D in the world moves the pair's second mask by M^-1 D in the
    // first one's texels, or the first by that, so the second by minus it, when swapped.
    let local = pair.world.matrix2.inverse() * by.as_dvec2();
    let mut moved = pair.clone();
    moved.t += if pair.swapped { -local } else { local };
    let under = Under::new(&moved);
    for (ra, rb) in near {
        if moved.separated(ra, rb) {
            continue;
        }
        let (mine, other) = under.sides(ra, rb);
        let ([x0, x1], [y0, y1]) = under.footprint(mine, other);
        for y in y0..y1 {
            for x in x0..x1 {
                if under.shares(x, y, other) {
                    out.push([x, y]);
                }
            }
        }
    }
}

/// A texel of the patch with where it lies along the tangent and the normal.
#[derive(Clone, Copy)]
struct Extreme {
    texel: [u32; 2],
    centre: Vec2,
    along: f32,
    into: f32,
}

impl Extreme {
    /// Whether this texel lies before `other` along the tangent (ties: the deeper one first, so
    /// that of a column across the tangent the end in contact is the one taken).
    fn before(&self, other: &Extreme) -> bool {
        self.along < other.along || (self.along == other.along && self.into > other.into)
    }

    /// Whether this texel lies after `other` along the tangent (ties: the deeper one).
    fn after(&self, other: &Extreme) -> bool {
        self.along > other.along || (self.along == other.along && self.into > other.into)
    }
}

/// The solid texel of `mask` nearest to point `q` of its texel space among the texel holding it
/// (clamped into the mask) and the two rings around it; that texel itself when none is solid.
fn nearest_solid(mask: &crate::mask::Mask, q: Vec2) -> [u32; 2] {
    let clamp = |v: f32, n: u32| {
        if v.is_nan() {
            0
        } else {
            (v.floor().max(0.0) as u32).min(n.saturating_sub(1))
        }
    };
    let (w, h) = (mask.width(), mask.height());
    let home = [clamp(q.x, w), clamp(q.y, h)];
    let mut best: Option<([u32; 2], f32)> = None;
    for y in home[1].saturating_sub(2)..(home[1] + 3).min(h) {
        for x in home[0].saturating_sub(2)..(home[0] + 3).min(w) {
            if mask.is_solid(x, y) {
                let d = (Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - q).length_squared();
                if best.is_none_or(|(_, b)| d < b) {
                    best = Some(([x, y], d));
                }
            }
        }
    }
    best.map_or(home, |(t, _)| t)
}
