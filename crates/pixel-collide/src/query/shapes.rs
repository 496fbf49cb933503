//! Questions about one placed sprite: does a point, a rectangle, a circle or a line segment touch its
//! solid texels (GameMaker's `collision_point`, `collision_rectangle`, `collision_circle` and
//! `collision_line`, pygame's `get_at`).
//!
//! Each follows the seam rule of `docs/seams.md`: a shape touches a sprite when it meets the interior
//! of the union of its solid texels (texel (x, y) covering `[x, x + 1) x [y, y + 1)` of the mask's
//! local space). For shapes with area that is sharing area with a solid texel; for points, segments
//! and rays it also decides the edge lines: a seam between two solid texels is inside, an edge with
//! air on one side is not, whatever rectangles or bit blocks the mask is covered with. The shapes walk
//! the mask's tree with a separating test of their own, so their cost follows the part of the sprite
//! they come near; a segment or ray running exactly along an edge line scans the two rows (or columns)
//! beside it instead.

use glam::{DAffine2, DVec2, Vec2};

use crate::geom::{Circle, Rect};
use crate::mask::{Bits, BoxTree, Kind, Mask, Node, with_node_stack};
use crate::sprite::{Sprite, to_f64};

impl Sprite<'_> {
    /// Whether world point `p` lies inside the union of the solid texels: in a solid texel's open
    /// square, on an edge between two solid texels or on a corner of four (the seam rule of
    /// `docs/seams.md`; a point on an edge with air beside it is outside).
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
        self.world_to_local()
            .is_some_and(|local| in_solid_interior(self.mask, local.point(p.as_dvec2())))
    }

    /// Whether world point `p` lies in the half-open square `[x, x + 1) x [y, y + 1)` of a solid texel:
    /// the sampling rule of stamping, where every point belongs to exactly one texel.
    pub(crate) fn samples_solid(&self, p: Vec2) -> bool {
        let Some(local) = self.world_to_local() else {
            return false;
        };
        let q = local.point(p.as_dvec2()).floor();
        q.is_finite() && self.mask.is_solid(q.x as i64, q.y as i64)
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
        // Decided with the rectangle's own corners, never its centre and half size: a rectangle a
        // million million times larger than a texel would absorb the texel's offset from its centre
        // in rounding and part two boxes that overlap.
        let (min, max) = (r.min.as_dvec2(), r.max.as_dvec2());
        if !(min.is_finite() && max.is_finite()) {
            return false;
        }
        any_solid(self.mask, |n| {
            let (p, u, v) = world_box(&world, n);
            rect_separated(min, max, p, u, v)
        })
    }

    /// Whether some solid texel comes strictly closer than `radius` to world point `center`; any
    /// positive radius counts, an infinite one reaching every solid texel.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Circle, Mask, Sprite};
    /// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
    /// let s = Sprite::new(&square, Affine2::IDENTITY);
    /// assert!(s.touches_circle(Circle::new(Vec2::new(6.0, 2.0), 2.5)));
    /// assert!(!s.touches_circle(Circle::new(Vec2::new(6.0, 2.0), 2.0)), "touching is not overlapping");
    /// ```
    pub fn touches_circle(&self, circle: Circle) -> bool {
        let Some(world) = self.placed() else {
            return false;
        };
        let Circle { center, radius } = circle;
        if !(radius > 0.0 && center.is_finite()) {
            return false;
        }
        // Any radius counts, however large, as for `Mask::fill_circle`: an infinite one reaches
        // every solid texel.
        if radius == f32::INFINITY {
            return self.mask.solid_count() > 0;
        }
        let (c, r) = (center.as_dvec2(), f64::from(radius));
        any_solid(self.mask, |n| {
            let (p, u, v) = world_box(&world, n);
            distance_to_parallelogram(c - p, u, v) >= r
        })
    }

    /// Whether the segment from world point `a` to `b` meets the interior of the union of the solid
    /// texels: it passes through a solid texel, or runs along a seam between two (the seam rule of
    /// `docs/seams.md`); running along an edge with air beside it is not touching.
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
        let (p, q) = (local.point(a.as_dvec2()), local.point(b.as_dvec2()));
        if !(p.is_finite() && q.is_finite()) {
            return false;
        }
        if p == q {
            return in_solid_interior(self.mask, p);
        }
        // A segment along a texel edge line lies in no open texel: only the seams between two solid
        // texels are inside the union there.
        if let Some(seam) = Seam::of(p, q - p) {
            return seam.first_solid(self.mask, 0.0, 1.0).is_some();
        }
        any_solid(self.mask, |n| !segment_crosses_box(p, q, n))
    }

    /// The first solid texel a ray from world point `origin` along `direction` enters, within
    /// `max_distance` (world units along the ray): where, how far, and the outward normal of the face
    /// it enters through. A ray that starts inside the union of solid texels hits at distance 0, its
    /// normal facing back along the ray; one that starts on a solid texel's face and points into it
    /// enters at distance 0 through that face; a ray that only grazes an edge with air beside it, or
    /// a corner, enters nothing, and one running along a seam between two solid texels enters there
    /// (the seam rule of `docs/seams.md`).
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
            local.point(origin.as_dvec2()),
            local.inverse.transform_vector2(direction.as_dvec2()),
        );
        let mut best = (f64::from(max_distance) / length, None);
        if let Some(seam) = Seam::of(p, d) {
            // Along a texel edge line the ray enters the union's interior only at a seam.
            if let Some((s, face)) = seam.first_solid(self.mask, 0.0, best.0) {
                best = (s, Some(face));
            }
            return best
                .1
                .map(|axis| self.ray_hit(world, local, p, d, best.0, axis, direction));
        }
        let (tree, bits) = (self.mask.tree(), self.mask.bits());
        with_node_stack(|stack| {
            stack.extend(tree.root());
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
                    push_children(&n, tree, bits, stack);
                }
            }
        });
        let (s, axis) = (best.0, best.1?);
        Some(self.ray_hit(world, local, p, d, s, axis, direction))
    }

    /// The hit of a ray `p + s d` (local) entering through a face on `axis` (`None`: it started inside).
    // The ray's parts stay loose: `raycast` has each at hand in the form this needs, in both spaces.
    #[allow(clippy::too_many_arguments)]
    fn ray_hit(
        &self,
        world: DAffine2,
        local: Local,
        p: DVec2,
        d: DVec2,
        s: f64,
        axis: Option<usize>,
        direction: Vec2,
    ) -> RayHit {
        let length = direction.as_dvec2().length();
        // The entered face's normal in local space is -sign(d) along its axis (none when starting
        // inside); normals map by the inverse transpose.
        let normal = match axis {
            Some(k) => {
                let mut n = DVec2::ZERO;
                n[k] = -d[k].signum();
                (local.inverse.matrix2.transpose() * n).normalize()
            }
            None => -direction.as_dvec2() / length,
        };
        RayHit {
            point: world.transform_point2(p + d * s).as_vec2(),
            distance: (s * length) as f32,
            normal: normal.as_vec2(),
        }
    }

    /// The map from world to the mask's local space, or `None` when the sprite covers no area.
    pub(crate) fn world_to_local(&self) -> Option<Local> {
        let world = self.placed()?;
        let inverse = world.inverse();
        inverse.is_finite().then_some(Local { world, inverse })
    }

    /// The sprite's transform in `f64`, or `None` when it covers no area.
    pub(crate) fn placed(&self) -> Option<DAffine2> {
        let world = to_f64(&self.transform);
        let det = world.matrix2.determinant();
        (det != 0.0 && det.is_finite() && world.translation.is_finite()).then_some(world)
    }
}

/// The map from world to a mask's local space.
#[derive(Clone, Copy)]
pub(crate) struct Local {
    pub(crate) world: DAffine2,
    pub(crate) inverse: DAffine2,
}

impl Local {
    /// World point `p` in local texel space. A placement without rotation or shear (a diagonal linear
    /// part) divides by its scales rather than multiplying by their rounded reciprocals, so that a
    /// world point on a texel edge lands on it exactly.
    pub(crate) fn point(self, p: DVec2) -> DVec2 {
        let m = self.world.matrix2;
        if m.x_axis.y == 0.0 && m.y_axis.x == 0.0 {
            (p - self.world.translation) / DVec2::new(m.x_axis.x, m.y_axis.y)
        } else {
            self.inverse.transform_point2(p)
        }
    }
}

/// Whether local point `q` lies in the interior of the union of the mask's solid texels: inside a
/// solid texel's open square, on an edge between two solid texels, or on a corner of four.
fn in_solid_interior(mask: &Mask, q: DVec2) -> bool {
    if !q.is_finite() {
        return false;
    }
    let f = q.floor();
    // Past `i64` the casts saturate, and every texel there is outside the mask: the neighbour below
    // saturates too rather than overflow.
    let (x, y) = (f.x as i64, f.y as i64);
    let xs: &[i64] = if q.x == f.x {
        &[x.saturating_sub(1), x]
    } else {
        &[x]
    };
    let ys: &[i64] = if q.y == f.y {
        &[y.saturating_sub(1), y]
    } else {
        &[y]
    };
    ys.iter().all(|&y| xs.iter().all(|&x| mask.is_solid(x, y)))
}

/// A segment or ray `p + s d` (local) running along a texel edge line: along row line `line` when
/// `axis` is 0 (horizontal), along column line `line` when it is 1.
struct Seam {
    axis: usize,
    line: i64,
    p: DVec2,
    d: DVec2,
}

impl Seam {
    /// The seam a line runs along, or `None` when it crosses edge lines (or has no direction).
    fn of(p: DVec2, d: DVec2) -> Option<Seam> {
        for (axis, across) in [(0, 1), (1, 0)] {
            if d[across] == 0.0 && d[axis] != 0.0 && p[across] == p[across].floor() {
                let line = p[across] as i64;
                return Some(Seam { axis, line, p, d });
            }
        }
        None
    }

    /// The first parameter in `[from, to]` at which the line enters the interior of the union of
    /// solid texels (a stretch of it between two solid texels), with the axis of the face it enters
    /// through (`None`: it starts inside); `None` when it enters none.
    fn first_solid(&self, mask: &Mask, from: f64, to: f64) -> Option<(f64, Option<usize>)> {
        let (k, dk) = (self.axis, self.d[self.axis]);
        let size = if k == 0 { mask.width() } else { mask.height() };
        let both = |i: i64| {
            // A line past `i64` saturates; the row or column below it lies outside every mask too.
            let (a, b) = (self.line.saturating_sub(1), self.line);
            if k == 0 {
                mask.is_solid(i, a) && mask.is_solid(i, b)
            } else {
                mask.is_solid(a, i) && mask.is_solid(b, i)
            }
        };
        let (start, end) = (self.p[k] + dk * from, self.p[k] + dk * to);
        // The cells whose open span meets the open span of the line from `start` to `end`, in the
        // order the line meets them.
        let (lo, hi) = (start.min(end), start.max(end));
        let first = lo.floor().max(0.0).min(f64::from(size)) as i64;
        let last = (hi.ceil().max(0.0).min(f64::from(size)) as i64) - 1;
        // The first cell, the last and the step between, walked without an iterator object: a ray
        // query allocates nothing.
        let (begin, end, step) = if lo == hi {
            // A line of length zero meets no open span: the cell it points into from its start
            // decides, as it would for a longer line (inside it, or entering it at its near end).
            let i = if dk > 0.0 {
                lo.floor()
            } else {
                lo.ceil() - 1.0
            };
            let i = i.clamp(-1.0, f64::from(size)) as i64;
            (i, i, 1)
        } else if dk > 0.0 {
            (first, last, 1)
        } else {
            (last, first, -1)
        };
        let cells = ((end - begin) * step + 1).max(0);
        for i in (0..cells).map(|n| begin + n * step) {
            let (c0, c1) = (i as f64, i as f64 + 1.0);
            if !((lo == hi || (c1 > lo && c0 < hi)) && both(i)) {
                continue;
            }
            let near = if dk > 0.0 { c0 } else { c1 };
            let s = (near - self.p[k]) / dk;
            // Starting on the cell's near end, the line is already inside when the cell behind is a
            // seam too (a corner of four solid texels).
            let behind = if dk > 0.0 { i - 1 } else { i + 1 };
            return Some(if s > from {
                (s, Some(k))
            } else if s == from && !both(behind) {
                (from, Some(k))
            } else {
                (from, None)
            });
        }
        None
    }
}

/// Where a ray ([`Sprite::raycast`]) or a cast shape ([`Sprite::cast_shape`]) first meets a
/// sprite's solid texels.
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
    /// The world point of entry (for a shape, a point where it touches the texels).
    pub point: Vec2,
    /// The world distance travelled from the ray's origin (or the shape's start).
    pub distance: f32,
    /// The unit outward normal of the texels where they are met, in the world (pointing towards
    /// the ray's origin side, or the shape).
    pub normal: Vec2,
}

/// Where the ray `p + s d`, s >= 0, enters the open box of node `n`: the parameter and the axis of the
/// face it crosses (`None` when it starts inside); `None` when it misses or only grazes it.
///
/// The box is the node's exact texel box (not shrunk like the pair test's leaves), so that a ray
/// starting on a face enters at 0 through that face.
fn ray_enters_box(p: DVec2, d: DVec2, n: &Node) -> Option<(f64, Option<usize>)> {
    let (lo, hi) = exact_box(n);
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
        if near >= t0 {
            (t0, axis) = (near, Some(k));
        }
        t1 = t1.min(far);
    }
    (t0 < t1).then_some((t0, axis))
}

/// Walks a mask's tree, pruning every node `separated` says the shape cannot reach; true when it
/// reaches a solid box.
fn any_solid(mask: &Mask, mut separated: impl FnMut(&Node) -> bool) -> bool {
    let (tree, bits) = (mask.tree(), mask.bits());
    let Some(root) = tree.root() else {
        return false;
    };
    with_node_stack(|stack| {
        stack.push(root);
        while let Some(n) = stack.pop() {
            if n.is_nothing() || separated(&n) {
                continue;
            }
            if n.is_solid() {
                return true;
            }
            push_children(&n, tree, bits, stack);
        }
        false
    })
}

/// Pushes the children of a node that is not solid, last first so that they pop in order: an inner
/// node's two, or the non-empty quarters of a square of a bit block.
pub(crate) fn push_children(n: &Node, tree: &BoxTree, bits: Bits<'_>, stack: &mut Vec<Node>) {
    match n.kind() {
        Kind::Inner(first) => {
            stack.push(tree.node(first + 1));
            stack.push(tree.node(first));
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

/// Whether the axis-aligned box from `lo` to `hi` and the parallelogram `p + s u + t v`, |s|, |t| <= 1,
/// share no interior: the separating-axis test on the box's two axes and the parallelogram's two edge
/// normals, touching counting as apart. Each axis compares the box's edges (or the projections of its
/// corners) with the parallelogram's extent, so no huge coordinate is subtracted from a small one.
fn rect_separated(lo: DVec2, hi: DVec2, p: DVec2, u: DVec2, v: DVec2) -> bool {
    let e = u.abs() + v.abs();
    if p.x + e.x <= lo.x || p.x - e.x >= hi.x || p.y + e.y <= lo.y || p.y - e.y >= hi.y {
        return true;
    }
    [(u.perp(), v), (v.perp(), u)]
        .into_iter()
        .any(|(n, other)| {
            let (centre, reach) = (p.dot(n), other.dot(n).abs());
            let (x0, x1) = (lo.x * n.x, hi.x * n.x);
            let (y0, y1) = (lo.y * n.y, hi.y * n.y);
            centre + reach <= x0.min(x1) + y0.min(y1) || centre - reach >= x0.max(x1) + y0.max(y1)
        })
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
    let (lo, hi) = exact_box(n);
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

/// A node's texel box, corners exact (a solid leaf's inset undone).
pub(crate) fn exact_box(n: &Node) -> (DVec2, DVec2) {
    let [x0, y0, x1, y1] = n.texels().map(f64::from);
    (DVec2::new(x0, y0), DVec2::new(x1, y1))
}
