//! Where two sprites touch, as [`collide`](crate::collide) answers it.

use glam::Vec2;

/// Where two sprites touch.
///
/// ```
/// use glam::Affine2;
/// use pixel_collide::{collide, Mask, Sprite};
/// let m = Mask::from_fn(1, 1, |_, _| true).unwrap();
/// let c = collide(Sprite::new(&m, Affine2::IDENTITY), Sprite::new(&m, Affine2::IDENTITY)).unwrap();
/// assert_eq!(c.point, glam::Vec2::splat(0.5));
/// // A full overlap stands the first on top (y down): the normal points down, into the second.
/// assert_eq!((c.normal, c.depth), (glam::Vec2::Y, 1.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// A world point inside a solid texel of both sprites: a point of the shared part of the first
    /// overlapping pair of solid rectangles the test finds (not a centroid of the whole overlap).
    pub point: Vec2,
    /// A unit normal pointing from the first sprite towards the second (the crate's one convention
    /// for a pair's normals): of the two solid boxes met at `point`, the axis of the separating-axis
    /// test along which they overlap least (ties: the more vertical, then the first sprite pushed up,
    /// then left, decided for the pair in a fixed order of the two sprites, so that swapping the
    /// arguments exactly reverses it). A cheap local estimate the walk already knows;
    /// [`push_out`](crate::push_out) gives the exact way out of the whole overlap.
    pub normal: Vec2,
    /// How far the two boxes met at `point` overlap along `normal`, in world units.
    pub depth: f32,
}
