//! The contact manifolds of an exact circle or capsule and a sprite: a wheel or a character's
//! capsule on pixel ground, with no texels of their own to knock on the ground's steps.

use glam::{Affine2, Vec2};

use super::patch::{nearest_solid, single_texel};
use super::points::{Manifold, ManifoldPoint};
use crate::geom::Circle;
use crate::pair::distance_within;
use crate::sprite::Sprite;

/// The contact manifold of `circle` (in world space; first) and sprite
/// `s` (second), when they overlap or lie within `max_distance` of each other; `None` when they lie
/// further apart, `s` has no solid texel or a transform is not finite, and also when the centre
/// itself lies inside a solid texel (a circle sunk that deep has no nearest surface point; a caller
/// falls back to a mask of the circle).
///
/// Exact up to rounding: the normal joins the centre to the nearest point of `s`'s solid texels
/// (found as [`distance`](crate::distance) finds it), the depth is the radius less that distance
/// (negative when apart), and the one point lies midway between the circle's surface and that
/// nearest point, named by the texel of `s` it lies on (`texel_a` is `[0, 0]`: the circle is one
/// feature). A circle rolling over a staircase of texels touches only the stairs' corners and faces,
/// as a smooth wheel does.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{circle_manifold, Circle, Mask, Sprite};
/// let ground = Mask::from_fn(32, 4, |_, _| true).unwrap();
/// let g = Sprite::new(&ground, Affine2::IDENTITY);
/// // y down: a circle of radius 3 whose lowest point sinks 0.5 into the ground's top at y = 0.
/// let m = circle_manifold(Circle::new(Vec2::new(10.0, -2.5), 3.0), g, 1.0).unwrap();
/// assert!(m.normal.distance(Vec2::new(0.0, 1.0)) < 1e-5 && (m.depth - 0.5).abs() < 1e-5);
/// assert!(m.points()[0].point.distance(Vec2::new(10.0, 0.25)) < 1e-5);
/// assert_eq!(m.points()[0].texel_b, (10, 0));
/// ```
pub fn circle_manifold(circle: Circle, s: Sprite<'_>, max_distance: f32) -> Option<Manifold> {
    let Circle { center, radius } = circle;
    let reach = reach_of(max_distance);
    if !(center.is_finite() && radius.is_finite() && radius >= 0.0 && s.transform.is_finite()) {
        return None;
    }
    if s.contains_point(center) {
        return None;
    }
    // The centre as a sprite of one texel too small to matter: a millionth of the largest
    // coordinate around, under the rounding of the coordinates themselves.
    let size = 1e-6 * center.abs().max_element().max(radius).max(1.0);
    let dot = Sprite::new(
        single_texel(),
        Affine2::from_scale_angle_translation(Vec2::splat(size), 0.0, center - size * 0.5),
    );
    let d = distance_within(dot, s, f64::from(radius + reach + size))?;
    let normal = (d.on_b - center).try_normalize()?;
    let depth = radius - d.distance;
    if !(depth.is_finite() && -depth <= reach) {
        return None;
    }
    Some(one_point(&s, d.on_b, normal, depth, size))
}

/// The contact manifold of the capsule of `radius` around the segment from `a` to `b` (world
/// points; first) and sprite `s` (second), as [`circle_manifold`] gives a circle's; `None` also when
/// the segment itself crosses a solid texel (a caller falls back to a mask of the capsule).
///
/// The normal joins the segment's nearest point to the nearest point of `s`'s solid texels and the
/// depth is the radius less their distance. Where the capsule lies along a surface (both end
/// circles within reach, their normals within a degree of that normal, nothing between them
/// deeper) the two points are the end circles' own, each with its depth, so a capsule lying on flat
/// ground rests level on two points; else the one point lies midway between the capsule's surface
/// and the sprite's nearest point.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{capsule_manifold, Mask, Sprite};
/// let ground = Mask::from_fn(64, 4, |_, _| true).unwrap();
/// let g = Sprite::new(&ground, Affine2::IDENTITY);
/// // y down: a capsule of radius 2 lying 0.25 deep in the ground's top at y = 0.
/// let (a, b) = (Vec2::new(10.0, -1.75), Vec2::new(30.0, -1.75));
/// let m = capsule_manifold(a, b, 2.0, g, 1.0).unwrap();
/// assert!(m.normal.distance(Vec2::Y) < 1e-5 && (m.depth - 0.25).abs() < 1e-4);
/// assert_eq!(m.points().len(), 2, "one under each end");
/// ```
pub fn capsule_manifold(
    a: Vec2,
    b: Vec2,
    radius: f32,
    s: Sprite<'_>,
    max_distance: f32,
) -> Option<Manifold> {
    let reach = reach_of(max_distance);
    let along = b - a;
    let length = along.length();
    if !(a.is_finite() && b.is_finite() && radius.is_finite() && radius >= 0.0) {
        return None;
    }
    if !(length > 0.0 && s.transform.is_finite()) {
        return circle_manifold(Circle::new(a, radius), s, max_distance);
    }
    // The segment as a sprite of one texel, as long as the segment and too thin to matter.
    let thin = 1e-6 * a.abs().max(b.abs()).max_element().max(radius).max(1.0);
    let across = along.perp() / length * thin;
    let segment = Sprite::new(
        single_texel(),
        Affine2::from_cols(along, across, a - across * 0.5),
    );
    let d = distance_within(segment, s, f64::from(radius + reach + thin))?;
    if d.distance <= thin {
        return None;
    }
    let normal = (d.on_b - d.on_a).try_normalize()?;
    let depth = radius - d.distance;
    if !(depth.is_finite() && -depth <= reach) {
        return None;
    }
    let ends = [a, b].map(|end| circle_manifold(Circle::new(end, radius), s, max_distance));
    if let [Some(ea), Some(eb)] = ends {
        let level = |m: &Manifold| m.normal.dot(normal) > LEVEL_COS;
        let (pa, pb) = (ea.points()[0], eb.points()[0]);
        // Nothing between the ends stands deeper than they do.
        let ends_deepest = depth <= pa.depth.max(pb.depth) + 1e-3 * radius.max(1.0);
        if level(&ea) && level(&eb) && ends_deepest {
            return Some(Manifold {
                normal,
                depth: pa.depth.max(pb.depth),
                points: [pa, pb],
                len: 2,
            });
        }
    }
    Some(one_point(&s, d.on_b, normal, depth, thin))
}

/// The reach a contact is reported within: `max_distance`, or 0 when it is negative or not finite.
fn reach_of(max_distance: f32) -> f32 {
    if max_distance.is_finite() {
        max_distance.max(0.0)
    } else {
        0.0
    }
}

/// A manifold of one point midway between a round shape's surface and `on_s`, the nearest point of
/// sprite `s`, which lies along `normal` from it; `depth` the overlap. `eps` is the size of the
/// sprite standing for the round shape's centre or segment: the point's texel of `s` is looked up a
/// hair inside `s` from `on_s`.
fn one_point(s: &Sprite<'_>, on_s: Vec2, normal: Vec2, depth: f32, eps: f32) -> Manifold {
    let q = s
        .transform
        .inverse()
        .transform_point2(on_s + normal * 1e-3 * eps.max(1e-3));
    let point = ManifoldPoint {
        point: on_s + normal * (0.5 * depth),
        depth,
        texel_a: (0, 0),
        texel_b: nearest_solid(s.mask, q),
    };
    Manifold {
        normal,
        depth,
        points: [point; 2],
        len: 1,
    }
}

/// The cosine of the angle (1 degree) within which a capsule's end circles' normals count as the
/// capsule's own, so that it lies along the surface on both ends.
const LEVEL_COS: f32 = 0.999_847_7;
