//! The body a mover moves: a mask, its pose and its pivot.

use glam::Vec2;

use crate::mask::Mask;
use crate::sprite::{Pose, Sprite};

/// The body a [`Mover`](crate::Mover) moves: a mask turned and scaled about `origin` (texels) and placed by
/// `pose`; only the pose's position changes.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{Body, Mask, Pose};
/// let m = Mask::from_fn(8, 16, |_, _| true).unwrap();
/// let body = Body::new(&m, Pose::at(Vec2::new(50.0, 100.0)), Vec2::new(4.0, 16.0));
/// assert_eq!(body.sprite().bounds().max, Vec2::new(54.0, 100.0));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Body<'a> {
    /// Which texels are solid.
    pub mask: &'a Mask,
    /// The pivot, in texels: the point that sits at the pose's position.
    pub origin: Vec2,
    /// Where the body is now.
    pub pose: Pose,
}

impl<'a> Body<'a> {
    /// A body from its mask, pose and pivot, in [`Sprite::posed`](crate::Sprite::posed)'s order.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// let m = pixel_collide::Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let b = pixel_collide::Body::new(&m, pixel_collide::Pose::at(Vec2::X), Vec2::ZERO);
    /// assert_eq!(b.pose.position, Vec2::X);
    /// ```
    pub fn new(mask: &'a Mask, pose: Pose, origin: Vec2) -> Self {
        Body { mask, origin, pose }
    }

    /// The body as a sprite where it is now.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// let m = pixel_collide::Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let b = pixel_collide::Body::new(&m, pixel_collide::Pose::at(Vec2::X), Vec2::ZERO);
    /// assert!(b.sprite().contains_point(Vec2::new(1.5, 0.5)));
    /// ```
    pub fn sprite(&self) -> Sprite<'a> {
        self.sprite_at(self.pose.position)
    }

    /// The body a sprite is, its pivot at the mask's texel origin: `None` for a transform that
    /// shears (a `Pose` turns and scales along the mask's axes only) or covers no area.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Body, Mask, Sprite};
    /// let m = Mask::from_fn(4, 2, |_, _| true).unwrap();
    /// let s = Sprite::new(&m, Affine2::from_scale_angle_translation(Vec2::new(2.0, -3.0), 0.5, Vec2::X));
    /// let b = Body::from_sprite(s).unwrap();
    /// assert!(b.sprite().transform.abs_diff_eq(s.transform, 1e-5));
    /// assert!(Body::from_sprite(Sprite::new(&m, Affine2::from_cols_array(&[1.0, 0.0, 0.5, 1.0, 0.0, 0.0]))).is_none());
    /// ```
    pub fn from_sprite(sprite: Sprite<'a>) -> Option<Self> {
        Some(Body::new(
            sprite.mask,
            Pose::from_transform(&sprite.transform)?,
            Vec2::ZERO,
        ))
    }

    /// The body as a sprite with its pivot at `position`: the placement the mover tests.
    pub(crate) fn sprite_at(&self, position: Vec2) -> Sprite<'a> {
        Sprite::posed(
            self.mask,
            Pose {
                position,
                ..self.pose
            },
            self.origin,
        )
    }
}
