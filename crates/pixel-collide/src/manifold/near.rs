//! The pairs of boxes of two sprites that come within reach of each other: one walk of both trees
//! that every later step of a manifold works from.

use std::cell::Cell;

use crate::mask::Node;
use crate::motion::MAX_KEPT_PAIRS;
use crate::pair::Pair;
use crate::sprite::Sprite;

/// The pairs of solid boxes of a pair's two sprites that come within some reach of each other.
pub(super) enum Near {
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
/// every march of a push starts from.
pub(super) fn near_pairs(pair: &Pair<'_>, reach: f32, near: &mut Vec<(Node, Node)>) -> Near {
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

/// The reach a manifold or a listing of pairs asks for `max_distance`: the distance itself when
/// finite (0 when negative), any distance (no two points of the sprites lie further apart than
/// their bounds' span) for `f32::INFINITY`, and 0 for NaN or `-f32::INFINITY`.
pub(super) fn reach(a: &Sprite<'_>, b: &Sprite<'_>, max_distance: f32) -> f32 {
    if max_distance.is_finite() {
        max_distance.max(0.0)
    } else if max_distance > 0.0 {
        let (ba, bb) = (a.bounds(), b.bounds());
        (ba.max.max(bb.max) - ba.min.min(bb.min))
            .length()
            .min(f32::MAX)
    } else {
        0.0
    }
}
