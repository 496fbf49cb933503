//! A circle: the one type every circle the crate and its hosts give comes in.

use glam::Vec2;

/// A circle, in the space of whatever gave it (a mask's texels for [`Mask::fitted_circle`], a
/// shape's local space for the Bevy plugin's).
///
/// [`Mask::fitted_circle`]: crate::Mask::fitted_circle
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// The centre.
    pub center: Vec2,
    /// The radius, never negative.
    pub radius: f32,
}

impl Circle {
    /// The circle about `center` of `radius`.
    pub const fn new(center: Vec2, radius: f32) -> Circle {
        Circle { center, radius }
    }

    /// Whether `p` lies inside or on the circle.
    pub fn contains(&self, p: Vec2) -> bool {
        p.distance_squared(self.center) <= self.radius * self.radius
    }
}
