//! The solid rectangles of two sprites that come within a distance of each other: what a physics
//! engine builds one box contact per pair from, each pair's normal the face of one of its two boxes.

use crate::mask::PixelRect;
use crate::pair::Pair;
use crate::sprite::Sprite;

use super::near::{Near, near_pairs, reach};

/// The pairs of solid rectangles of `a`'s and `b`'s masks (each in its own mask's texels) that come
/// within `max_distance` world units of each other (`f32::INFINITY`: at any distance; negative or
/// NaN: 0), into `out`, which is
/// cleared first: the boxes of each mask's tree, or single texels and squares of texels where a mask
/// is walked as bits. Every pair within `max_distance` is there, and some further: each pair is
/// tested with its reach grown on the separating-axis test's axes, a superset of the disc of that
/// radius, so turned, evenly scaled sprites get pairs up to twice `max_distance` apart, and sprites
/// scaled unevenly or sheared into slivers pairs further still.
///
/// Says with [`NearRects`] whether the list is complete; `out` is left empty when either transform
/// is not finite or covers no area, or when the walk's budget of 4,096 pairs runs out (large ragged
/// masks deep in each other): ask [`contact_manifold`](crate::contact_manifold) then. The pairs come in one fixed order of the two
/// sprites' walk, so that `near_rects(b, a, ..)` gives the same pairs, each reversed, in the same
/// order. Cost: one walk of both trees (see [`contact_manifold`](crate::contact_manifold)); a mask
/// built with [`Mask::build_tree_for_contacts`](crate::Mask::build_tree_for_contacts) keeps up to
/// [`CONTACT_COVER_RECTS`](crate::CONTACT_COVER_RECTS) rectangles, so a body's contacts come as a few
/// boxes rather than texels.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{near_rects, Mask, NearRects, PixelRect, Sprite};
/// let floor = Mask::from_fn(32, 4, |_, _| true).unwrap();
/// let l_shape = Mask::from_fn(8, 8, |x, y| x < 2 || y >= 6).unwrap();
/// let f = Sprite::new(&floor, Affine2::IDENTITY);
/// // The L stands 0.5 above the floor: its foot is within reach, its upright is not.
/// let l = Sprite::new(&l_shape, Affine2::from_translation(Vec2::new(4.0, -8.5)));
/// let mut pairs = Vec::new();
/// assert!(near_rects(l, f, 1.0, &mut pairs).is_complete());
/// assert_eq!(pairs, vec![(PixelRect::new(0, 6, 8, 2), PixelRect::new(0, 0, 32, 4))]);
/// // Placed with a transform that covers no area, nothing is listed.
/// let flat = Sprite::new(&l_shape, Affine2::from_scale(Vec2::new(1.0, 0.0)));
/// assert_eq!(near_rects(flat, f, 1.0, &mut pairs), NearRects::NotPlaced);
/// assert!(pairs.is_empty());
/// ```
pub fn near_rects(
    a: Sprite<'_>,
    b: Sprite<'_>,
    max_distance: f32,
    out: &mut Vec<(PixelRect, PixelRect)>,
) -> NearRects {
    out.clear();
    if !(a.transform.is_finite() && b.transform.is_finite()) {
        return NearRects::NotPlaced;
    }
    let Some(pair) = Pair::new(a, b) else {
        // An empty mask has no rectangles to list; otherwise a transform covers no area.
        return if a.mask.is_empty() || b.mask.is_empty() {
            NearRects::Complete
        } else {
            NearRects::NotPlaced
        };
    };
    let reach = reach(&a, &b, max_distance);
    let rect = |n: &crate::mask::Node| {
        let [x0, y0, x1, y1] = n.texels();
        PixelRect::new(x0, y0, x1 - x0, y1 - y0)
    };
    NEAR.with_borrow_mut(|near| match near_pairs(&pair, reach, near) {
        Near::Apart => NearRects::Complete,
        Near::Many => NearRects::BudgetRanOut,
        Near::Pairs => {
            out.extend(near.iter().map(|(na, nb)| {
                let (ra, rb) = (rect(na), rect(nb));
                if pair.swapped { (rb, ra) } else { (ra, rb) }
            }));
            NearRects::Complete
        }
    })
}

/// How a [`near_rects`] listing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub enum NearRects {
    /// Every pair of solid rectangles within reach is in the buffer (none, when the sprites lie
    /// further apart).
    Complete,
    /// A transform is not finite or covers no area: the buffer is empty.
    NotPlaced,
    /// More than 4,096 pairs came within reach: the buffer is empty, and
    /// [`contact_manifold`](crate::contact_manifold) answers for the pair instead.
    BudgetRanOut,
}

impl NearRects {
    /// Whether the buffer holds every pair within reach.
    pub fn is_complete(self) -> bool {
        self == NearRects::Complete
    }
}

thread_local! {
    /// The walk's pairs, kept from one call to the next: a physics step asks for thousands.
    static NEAR: std::cell::RefCell<Vec<(crate::mask::Node, crate::mask::Node)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}
