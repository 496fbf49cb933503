//! A contact manifold: its normal, depth and points.

use glam::Vec2;

/// One contact point of a [`Manifold`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldPoint {
    /// The world point midway between the two surfaces at this point of the contact.
    pub point: Vec2,
    /// How deep the two overlap here along the manifold's normal, in world units; negative when they
    /// are apart by that much.
    pub depth: f32,
    /// The texel (x, y) of the first sprite's mask this point lies on.
    pub texel_a: (u32, u32),
    /// The texel (x, y) of the second sprite's mask this point lies against.
    pub texel_b: (u32, u32),
}

/// Where two sprites touch or nearly touch: a normal, the depth, and one or two points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// The unit contact normal, pointing from the first sprite towards the second. Swapping the
    /// sprites negates it exactly.
    pub normal: Vec2,
    /// The depth of the overlap: the length of the shortest push out of it (see
    /// [`contact_manifold`](crate::contact_manifold)) when the sprites overlap, minus the distance
    /// between them when they are apart, 0 when they only share edges.
    pub depth: f32,
    pub(super) points: [ManifoldPoint; 2],
    pub(super) len: usize,
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
