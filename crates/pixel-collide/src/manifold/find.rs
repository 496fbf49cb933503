//! Finding the contact manifold of two sprites, in one fixed order of the pair.

use std::cell::Cell;
use std::cmp::Ordering;

use glam::Vec2;

use super::near::{Near, near_pairs, reach};
use super::patch::{Extreme, Patch, SLACK};
use super::points::Manifold;
use super::touching::touching_normal;
use crate::geom::Rect;
use crate::mask::Node;
use crate::motion::{contact_push, push_out};
use crate::pair::{Pair, closest_pair, distance_within};
use crate::sprite::Sprite;

/// The contact manifold of two sprites that overlap, touch or lie within `max_distance` (world units)
/// of each other (`f32::INFINITY`: at any distance; negative or NaN: 0); `None` when they lie further
/// apart, either has no solid texel, or a transform is not finite or covers no area.
///
/// The depth of an overlap is the length of the shortest push out of it along the texels' face
/// normals and the world axes (the way out of an overlap of two sets of squares lies along one of
/// them unless it sits in a concave corner of both), or, when those are all deeper than a texel, of
/// [`push_out`]'s search over 32 directions as well; the normal is its direction (reversed, so that
/// it points from `a` towards `b`). So the depth is never longer than a push along a face normal or
/// a world axis, and it is the exact first free distance, not settled in `f32`. Apart, the normal
/// joins the closest points, as [`distance`](crate::distance) finds them. The points are the two
/// ends, along the surface, of the contact patch: the solid texels of the sprite with fewer texels
/// that lie within a quarter texel (past the separation) of the other sprite's solid texels. Each
/// point lies on that texel's surface and is moved half its depth towards the other sprite; its
/// depth is the manifold's depth less how far its texel stands back from the deepest texel of the
/// patch, so a box resting flat gets two points of equal depth at its two bottom corners and one
/// standing on a corner gets the corner. Where texels within `max_distance` of the other sprite (and
/// at most two texels past the deepest) run further along the surface on one side than the deepest
/// part does, the farthest of them takes that side's point, its depth (negative: a gap) measured
/// along the normal: a tipped box gets its corner and the far end of its lower face, which it meets
/// as it turns down onto it, as a physics engine's speculative contacts want.
///
/// Cost: one walk of both trees, which finds every pair of boxes within reach; a pair out of reach
/// ends there, and the push (a dozen marches, most ending at their first jump), the distance of a
/// pair apart and the patch are worked out from the pairs it found. Masks built with
/// [`Mask::build_tree_for_contacts`](crate::Mask::build_tree_for_contacts) walk faster still.
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
/// ones among them, and the contact patch's texels (at most a few thousand of each).
#[derive(Default)]
struct Scratch {
    near: Vec<(Node, Node)>,
    start: Vec<(Node, Node)>,
    patch: Vec<Extreme>,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::new(Scratch::default());
}

/// The order the pair is computed in: the smaller mask first (its texels are scanned for the
/// patch), then by size, placement and, where those tie, the texels themselves, so that either
/// argument order picks the same one unless the two sprites are the same shape in the same place.
fn canonical_order(a: &Sprite<'_>, b: &Sprite<'_>) -> Ordering {
    let key = |s: &Sprite<'_>| {
        let (w, h) = (s.mask.width(), s.mask.height());
        let cols = s.transform.to_cols_array().map(f32::to_bits);
        (u64::from(w) * u64::from(h), w, h, cols)
    };
    key(a)
        .cmp(&key(b))
        .then_with(|| a.mask.words().cmp(b.mask.words()))
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
    let reach = reach(&s, &l, max_distance);
    let texel = s.texel_side().min(l.texel_side());
    if texel.is_nan() || texel <= 0.0 {
        return None;
    }
    // Past the reach by the patch's slack, so that the pairs near hold the patch too, and a hair,
    // so that sprites sharing only an edge are not rejected.
    let margin = reach + texel * (SLACK + 1.0 / 64.0);
    let sb = s.bounds();
    let grown = Rect::new(sb.min - Vec2::splat(margin), sb.max + Vec2::splat(margin));
    // The bounds test and the grown walk reject, in a walk of both trees, a body over open air that
    // the broad phase pairs with a whole level's terrain. Closed, since far out an `f32` rectangle
    // collapses to a point, which shares no open part with anything.
    let lb = l.bounds();
    if !(grown.min.cmple(lb.max).all() && lb.min.cmple(grown.max).all()) {
        return None;
    }
    let pair = Pair::new(s, l)?;
    let near = match near_pairs(&pair, margin, &mut scratch.near) {
        Near::Apart => return None,
        Near::Pairs => Some(&scratch.near[..]),
        Near::Many => None,
    };
    let push = contact_push(s, l, &pair, near, f64::from(margin), &mut scratch.start);
    let (normal, depth) = match push {
        Some(offset) => {
            let len = offset.length();
            if len > 0.0 && (offset / len).is_finite() {
                (-offset / len, len)
            } else {
                (push_out(s, l)?.normal.try_normalize()?, 0.0)
            }
        }
        None => gap_normal(s, l, &pair, near, reach, texel)?,
    };
    if !(normal.is_finite() && normal.length_squared() > 0.5) {
        return None;
    }
    let on = Patch {
        s,
        l,
        pair: &pair,
        near,
        margin,
        normal,
    };
    on.manifold(reach, depth, texel, &mut scratch.patch)
}

/// The normal and the depth (the gap, negated) of two sprites that do not overlap, from their
/// closest points; `None` when they lie further apart than `reach`.
fn gap_normal(
    s: Sprite<'_>,
    l: Sprite<'_>,
    pair: &Pair<'_>,
    near: Option<&[(Node, Node)]>,
    reach: f32,
    texel: f32,
) -> Option<(Vec2, f32)> {
    let d = match near {
        // The pairs near hold every pair of boxes within the reach.
        Some(near) => {
            let (first, second) = if pair.swapped { (l, s) } else { (s, l) };
            let d = closest_pair(first, second, near, f64::from(reach))?;
            if pair.swapped { d.swapped() } else { d }
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
        Some((gap / len, -d.distance))
    } else {
        Some((touching_normal(&s, &l, d.on_a, texel), 0.0))
    }
}
