//! Questions about one placed sprite: does a point, a rectangle, a circle or a line segment touch its
//! solid texels (GameMaker's `collision_point`, `collision_rectangle`, `collision_circle` and
//! `collision_line`, pygame's `get_at`).
//!
//! Each is exact under the same texel semantics as [`collide`](crate::collide): texel (x, y) covers
//! `[x, x + 1) x [y, y + 1)` of the mask's local space, and a shape touches a texel when they share
//! interior (a point: when it lies in the half-open square). The shapes walk the mask's tree with a
//! separating test of their own, so their cost follows the part of the sprite they come near.

use glam::{DAffine2, DVec2, Vec2};

use crate::mask::Mask;
use crate::overlap::{to_f64, Sprite};
use crate::rect::Rect;
use crate::tree::{Bits, Kind, Node};

impl Sprite<'_> {
    /// Whether world point `p` lies in a solid texel.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let dot = Mask::from_fn(2, 2, |x, y| x == 1 && y == 1).unwrap();
    /// let s = Sprite::new(&dot, Affine2::from_scale(Vec2::splat(10.0)));
    /// assert!(s.contains_point(Vec2::new(15.0, 15.0)));
    /// assert!(!s.contains_point(Vec2::new(5.0, 15.0)));
    /// ```
    pub fn contains_point(&self, p: Vec2) -> bool {
        let Some(local) = self.world_to_local() else {
            return false;
        };
        let q = local.transform_point2(p.as_dvec2()).floor();
        q.is_finite() && self.mask.is_opaque(q.x as i64, q.y as i64)
    }

    /// Whether the world rectangle `r` shares area with a solid texel; a rectangle of no area touches
    /// nothing.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Rect, Sprite};
    /// let bar = Mask::from_fn(4, 1, |_, _| true).unwrap();
    /// let s = Sprite::new(&bar, Affine2::IDENTITY);
    /// assert!(s.touches_rect(Rect::from_xywh(3.5, -1.0, 2.0, 1.5)));
    /// assert!(!s.touches_rect(Rect::from_xywh(4.0, 0.0, 2.0, 1.0)), "edge to edge");
    /// ```
    pub fn touches_rect(&self, r: Rect) -> bool {
        if r.is_empty() {
            return false;
        }
        let Some(world) = self.placed() else {
            return false;
        };
        // Decided with the rectangle's own corners: its centre and half size in f64 are exact, where
        // rebuilding it from `min` and an f32 `max - min` would round its far edge.
        let (min, max) = (r.min.as_dvec2(), r.max.as_dvec2());
        let (c, h) = ((min + max) * 0.5, (max - min) * 0.5);
        if !(c.is_finite() && h.is_finite()) {
            return false;
        }
        any_solid(self.mask, |n| {
            let (p, u, v) = world_box(&world, n);
            rect_separated(c - p, h, u, v)
        })
    }

    /// Whether some solid texel comes strictly closer than `radius` to world point `center`.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
    /// let s = Sprite::new(&square, Affine2::IDENTITY);
    /// assert!(s.touches_circle(Vec2::new(6.0, 2.0), 2.5));
    /// assert!(!s.touches_circle(Vec2::new(6.0, 2.0), 2.0), "touching is not overlapping");
    /// ```
    pub fn touches_circle(&self, center: Vec2, radius: f32) -> bool {
        let Some(world) = self.placed() else {
            return false;
        };
        if !(radius > 0.0 && radius.is_finite() && center.is_finite()) {
            return false;
        }
        let (c, r) = (center.as_dvec2(), f64::from(radius));
        any_solid(self.mask, |n| {
            let (p, u, v) = world_box(&world, n);
            distance_to_parallelogram(c - p, u, v) >= r
        })
    }

    /// Whether the segment from world point `a` to `b` passes through the interior of a solid texel.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let dot = Mask::from_fn(3, 3, |x, y| x == 1 && y == 1).unwrap();
    /// let s = Sprite::new(&dot, Affine2::IDENTITY);
    /// assert!(s.touches_segment(Vec2::new(0.0, 0.0), Vec2::new(3.0, 3.0)));
    /// assert!(!s.touches_segment(Vec2::new(0.0, 1.0), Vec2::new(3.0, 1.0)), "along an edge");
    /// ```
    pub fn touches_segment(&self, a: Vec2, b: Vec2) -> bool {
        let Some(local) = self.world_to_local() else {
            return false;
        };
        // Interiors meet in local space exactly when they meet in the world: the map is affine.
        let (p, q) = (
            local.transform_point2(a.as_dvec2()),
            local.transform_point2(b.as_dvec2()),
        );
        if !(p.is_finite() && q.is_finite()) {
            return false;
        }
        any_solid(self.mask, |n| !segment_crosses_box(p, q, n))
    }

    /// The first solid texel a ray from world point `origin` along `direction` enters, within
    /// `max_distance` (world units along the ray): where, how far, and the outward normal of the face
    /// it enters through. A ray that starts inside a solid texel hits at distance 0, its normal
    /// facing back along the ray; a ray that only grazes an edge or a corner enters nothing.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let wall = Mask::from_fn(2, 8, |_, _| true).unwrap();
    /// let s = Sprite::new(&wall, Affine2::from_translation(Vec2::new(10.0, 0.0)));
    /// let hit = s.raycast(Vec2::new(0.0, 4.0), Vec2::X, 100.0).unwrap();
    /// assert_eq!((hit.distance, hit.normal), (10.0, Vec2::NEG_X));
    /// assert!(s.raycast(Vec2::new(0.0, 4.0), Vec2::X, 9.0).is_none());
    /// ```
    pub fn raycast(&self, origin: Vec2, direction: Vec2, max_distance: f32) -> Option<RayHit> {
        let world = self.placed()?;
        let local = self.world_to_local()?;
        let length = direction.as_dvec2().length();
        let usable =
            length > 0.0 && length.is_finite() && origin.is_finite() && max_distance >= 0.0;
        if !usable {
            return None;
        }
        // In local space the ray is p + s d with the same parameter s, and s * length is the world
        // distance, since the map is affine.
        let (p, d) = (
            local.transform_point2(origin.as_dvec2()),
            local.transform_vector2(direction.as_dvec2()),
        );
        let mut best = (f64::from(max_distance) / length, None);
        let (tree, bits) = (self.mask.nodes(), self.mask.bits());
        let mut stack: Vec<Node> = self.mask.nodes().first().copied().into_iter().collect();
        while let Some(n) = stack.pop() {
            if n.is_nothing() {
                continue;
            }
            let Some((enter, axis)) = ray_enters_box(p, d, &n) else {
                continue;
            };
            if enter > best.0 || (enter == best.0 && best.1.is_some()) {
                continue;
            }
            if n.is_solid() {
                best = (enter, Some(axis));
            } else {
                push_children(&n, tree, bits, &mut stack);
            }
        }
        let (s, axis) = (best.0, best.1?);
        // The entered face's normal in local space is -sign(d) along its axis (none when starting
        // inside); normals map by the inverse transpose.
        let normal = match axis {
            Some(k) => {
                let mut n = DVec2::ZERO;
                n[k] = -d[k].signum();
                (local.matrix2.transpose() * n).normalize()
            }
            None => -direction.as_dvec2() / length,
        };
        Some(RayHit {
            point: world.transform_point2(p + d * s).as_vec2(),
            distance: (s * length) as f32,
            normal: normal.as_vec2(),
        })
    }

    /// The transform from world to the mask's local space, or `None` when the sprite covers no area.
    fn world_to_local(&self) -> Option<DAffine2> {
        let world = self.placed()?;
        let inverse = world.inverse();
        inverse.is_finite().then_some(inverse)
    }

    /// The sprite's transform in `f64`, or `None` when it covers no area.
    fn placed(&self) -> Option<DAffine2> {
        let world = to_f64(&self.transform);
        let det = world.matrix2.determinant();
        (det != 0.0 && det.is_finite() && world.translation.is_finite()).then_some(world)
    }
}

/// Where a ray first enters a sprite's solid texels.
///
/// ```
/// use glam::{Affine2, Vec2};
/// let m = pixel_collide::Mask::from_fn(1, 1, |_, _| true).unwrap();
/// let hit = pixel_collide::Sprite::new(&m, Affine2::IDENTITY).raycast(Vec2::new(0.5, -2.0), Vec2::Y, 9.0).unwrap();
/// assert_eq!((hit.distance, hit.normal), (2.0, Vec2::NEG_Y));
/// assert!((hit.point - Vec2::new(0.5, 0.0)).length() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// The world point of entry.
    pub point: Vec2,
    /// The world distance from the ray's origin.
    pub distance: f32,
    /// The unit outward normal of the face entered, in the world.
    pub normal: Vec2,
}

/// Where the ray `p + s d`, s >= 0, enters the open box of node `n`: the parameter and the axis of the
/// face it crosses (`None` when it starts inside); `None` when it misses or only grazes it.
fn ray_enters_box(p: DVec2, d: DVec2, n: &Node) -> Option<(f64, Option<usize>)> {
    let (lo, hi) = (
        DVec2::from(n.center) - DVec2::from(n.half),
        DVec2::from(n.center) + DVec2::from(n.half),
    );
    let (mut t0, mut t1, mut axis) = (0.0f64, f64::INFINITY, None);
    for k in 0..2 {
        if d[k] == 0.0 {
            if !(lo[k] < p[k] && p[k] < hi[k]) {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo[k] - p[k]) / d[k], (hi[k] - p[k]) / d[k]);
        let (near, far) = (a.min(b), a.max(b));
        if near > t0 {
            (t0, axis) = (near, Some(k));
        }
        t1 = t1.min(far);
    }
    (t0 < t1).then_some((t0, axis))
}

/// Walks a mask's tree, pruning every node `separated` says the shape cannot reach; true when it
/// reaches a solid box.
fn any_solid(mask: &Mask, mut separated: impl FnMut(&Node) -> bool) -> bool {
    let Some(&root) = mask.nodes().first() else {
        return false;
    };
    let (tree, bits) = (mask.nodes(), mask.bits());
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.is_nothing() || separated(&n) {
            continue;
        }
        if n.is_solid() {
            return true;
        }
        push_children(&n, tree, bits, &mut stack);
    }
    false
}

/// Pushes the children of a node that is not solid, last first so that they pop in order: an inner
/// node's two, or the non-empty quarters of a square of a bit block.
fn push_children(n: &Node, tree: &[Node], bits: Bits<'_>, stack: &mut Vec<Node>) {
    match n.kind() {
        Kind::Inner(first) => {
            stack.push(tree[first as usize + 1]);
            stack.push(tree[first as usize]);
        }
        Kind::Square(log) => {
            let [x0, y0, ..] = n.texels();
            let side = 1u32 << log;
            let (sx, sy) = (x0 & !(side - 1), y0 & !(side - 1));
            let half = side >> 1;
            for (dx, dy) in [(half, half), (0, half), (half, 0), (0, 0)] {
                stack.extend(bits.square(sx + dx, sy + dy, log - 1));
            }
        }
        Kind::Solid => {}
    }
}

/// A node's box in the world: its centre and its two half-axes.
fn world_box(world: &DAffine2, n: &Node) -> (DVec2, DVec2, DVec2) {
    let c = world.transform_point2(DVec2::from(n.center));
    (
        c,
        world.matrix2.x_axis * n.half[0],
        world.matrix2.y_axis * n.half[1],
    )
}

/// Whether the axis-aligned box of half size `h` centred at `d` (relative to the parallelogram's
/// centre) and the parallelogram `s u + t v`, |s|, |t| <= 1, share no interior: the separating-axis
/// test on the box's two axes and the parallelogram's two edge normals, touching counting as apart.
fn rect_separated(d: DVec2, h: DVec2, u: DVec2, v: DVec2) -> bool {
    let (n1, n2) = (u.perp(), v.perp());
    d.x.abs() >= h.x + u.x.abs() + v.x.abs()
        || d.y.abs() >= h.y + u.y.abs() + v.y.abs()
        || d.dot(n1).abs() >= h.x * n1.x.abs() + h.y * n1.y.abs() + v.dot(n1).abs()
        || d.dot(n2).abs() >= h.x * n2.x.abs() + h.y * n2.y.abs() + u.dot(n2).abs()
}

/// The distance from point `d` (relative to the centre) to the parallelogram `s u + t v`, |s|, |t| <= 1.
fn distance_to_parallelogram(d: DVec2, u: DVec2, v: DVec2) -> f64 {
    let det = u.perp_dot(v);
    let (s, t) = (d.perp_dot(v) / det, u.perp_dot(d) / det);
    if s.abs() <= 1.0 && t.abs() <= 1.0 {
        return 0.0;
    }
    let corners = [u + v, u - v, -u - v, -u + v];
    (0..4)
        .map(|i| distance_to_segment(d, corners[i], corners[(i + 1) % 4]))
        .fold(f64::INFINITY, f64::min)
}

/// The distance from `p` to the segment `a`-`b`.
fn distance_to_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let k = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * k)
}

/// Whether the segment `p`-`q` (local space) passes through the open box of node `n`.
fn segment_crosses_box(p: DVec2, q: DVec2, n: &Node) -> bool {
    let (lo, hi) = (
        DVec2::from(n.center) - DVec2::from(n.half),
        DVec2::from(n.center) + DVec2::from(n.half),
    );
    let d = q - p;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for k in 0..2 {
        if d[k] == 0.0 {
            if !(lo[k] < p[k] && p[k] < hi[k]) {
                return false;
            }
            continue;
        }
        let (a, b) = ((lo[k] - p[k]) / d[k], (hi[k] - p[k]) / d[k]);
        t0 = t0.max(a.min(b));
        t1 = t1.min(a.max(b));
    }
    // A stretch of positive length inside (a segment of no length strictly inside passed above).
    t0 < t1
}
