//! avian's convex colliders as the collision crate's exact convex shapes, placed in the world, so
//! that casting one against pixels sweeps the shape itself rather than a raster of it.
//!
//! A crate [`Convex`] holds up to [`MAX_CONVEX_CORNERS`]; a polygon with more is cut into a fan of
//! pieces that share its first corner, each grown by the same radius. A shape grown by a radius is
//! the union of its pieces grown by it, so the first place the whole shape touches is the nearest
//! of its pieces': exact still.

use avian2d::prelude::{Collider, Rotation};
use bevy::math::Vec2;
use pixel_collide::{Convex, MAX_CONVEX_CORNERS};

/// `collider` (scaled as it is) at `position` turned by `rotation`, grown by `grow`, as the crate's
/// convex shapes whose union it is (one, unless it is a polygon of more than
/// [`MAX_CONVEX_CORNERS`]): a circle, capsule, box, segment, triangle or convex polygon, rounded or
/// not. `None` for any other shape (a compound, a mesh, a height field), and for a segment or a
/// point that nothing grows, which covers no area.
pub(crate) fn convex_pieces(
    collider: &Collider,
    position: Vec2,
    rotation: Rotation,
    grow: f32,
) -> Option<Vec<Convex>> {
    let (corners, radius) = corners_of(collider)?;
    let placed: Vec<Vec2> = corners.iter().map(|c| position + rotation * *c).collect();
    let radius = radius + grow.max(0.0);
    if placed.len() <= MAX_CONVEX_CORNERS {
        return Convex::rounded(&placed, radius).ok().map(|c| vec![c]);
    }
    // Fans of the first corner and the next `MAX_CONVEX_CORNERS - 1` corners, each sharing its
    // last corner with the next one's first.
    let step = MAX_CONVEX_CORNERS - 2;
    (1..placed.len() - 1)
        .step_by(step)
        .map(|k| {
            let end = (k + step).min(placed.len() - 1);
            let mut piece = vec![placed[0]];
            piece.extend_from_slice(&placed[k..=end]);
            Convex::rounded(&piece, radius).ok()
        })
        .collect()
}

/// A convex collider's corners in its own space, in order around it, and the radius it is grown
/// by; `None` for a shape that is not convex.
pub(crate) fn corners_of(collider: &Collider) -> Option<(Vec<Vec2>, f32)> {
    let shape = collider.shape_scaled();
    let v = |x: f32, y: f32| Vec2::new(x, y);
    let boxed = |hx: f32, hy: f32| vec![v(-hx, -hy), v(hx, -hy), v(hx, hy), v(-hx, hy)];
    Some(if let Some(b) = shape.as_ball() {
        (vec![Vec2::ZERO], b.radius)
    } else if let Some(c) = shape.as_cuboid() {
        (boxed(c.half_extents.x, c.half_extents.y), 0.0)
    } else if let Some(c) = shape.as_round_cuboid() {
        let h = c.inner_shape.half_extents;
        (boxed(h.x, h.y), c.border_radius)
    } else if let Some(c) = shape.as_capsule() {
        let (a, b) = (c.segment.a, c.segment.b);
        (vec![v(a.x, a.y), v(b.x, b.y)], c.radius)
    } else if let Some(s) = shape.as_segment() {
        (vec![v(s.a.x, s.a.y), v(s.b.x, s.b.y)], 0.0)
    } else if let Some(t) = shape.as_triangle() {
        (vec![v(t.a.x, t.a.y), v(t.b.x, t.b.y), v(t.c.x, t.c.y)], 0.0)
    } else if let Some(t) = shape.as_round_triangle() {
        let t_ = &t.inner_shape;
        let corners = vec![v(t_.a.x, t_.a.y), v(t_.b.x, t_.b.y), v(t_.c.x, t_.c.y)];
        (corners, t.border_radius)
    } else if let Some(p) = shape.as_convex_polygon() {
        (p.points().iter().map(|p| v(p.x, p.y)).collect(), 0.0)
    } else if let Some(p) = shape.as_round_convex_polygon() {
        let points = p.inner_shape.points().iter().map(|p| v(p.x, p.y)).collect();
        (points, p.border_radius)
    } else {
        return None;
    })
}
