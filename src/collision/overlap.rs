//! The transformed per-pixel overlap test.
//!
//! Each sprite is a [`Mask`] whose texel `(x, y)` covers `[x, x + 1) x [y, y + 1)` of its local space,
//! placed in the world by an affine transform. Two sprites touch where some world point lies inside a
//! solid texel of both; texels that only share an edge or a corner do not touch. The test is exact (no
//! sampling): every solid texel is a parallelogram in the world, so thin features are never stepped over,
//! whatever the scales. The one allowance is for rounding: an overlap thinner than about 1e-12 of a
//! mask's width (across columns) or height (across rows) counts as touching only, so edges that meet on
//! a common grid never collide.
//!
//! How: each mask covers its solid texels with disjoint rectangles and keeps a bounding-box tree over
//! them. The test maps the second sprite into the first one's local space (in `f64`, so world
//! coordinates of +/- 1e7 keep sub-texel precision) and walks both trees together, separating boxes from
//! parallelograms with the separating-axis test. The root pair is the bounding-rectangle prefilter; only
//! pairs that overlap are refined, so the work follows the boundary where the two shapes come close, not
//! the area they cover.
//!
//! Degenerate input has a defined answer: a transform with a zero determinant (a scale of 0) or holding
//! a NaN or an infinity covers no area and touches nothing; a mask with no solid texel touches nothing.
//! The work is bounded by the number of node pairs of the two trees.

use std::cmp::Ordering;

use glam::{Affine2, DAffine2, DVec2, Vec2};

use super::mask::{Mask, Node, PixelRect};
use super::rect::Rect;

/// A mask placed in the world by an affine transform from its local texel space.
#[derive(Clone, Copy, Debug)]
pub struct Sprite<'a> {
    /// Which texels are solid.
    pub mask: &'a Mask,
    /// Maps the mask's local space (texel units, y down) to the world.
    pub transform: Affine2,
}

impl<'a> Sprite<'a> {
    /// Places `mask` in the world by `transform`.
    pub fn new(mask: &'a Mask, transform: Affine2) -> Self {
        Self { mask, transform }
    }

    /// The world-space axis-aligned bounds of the whole image (the cheap prefilter a game runs first).
    pub fn bounds(&self) -> Rect {
        let size = Vec2::new(self.mask.width() as f32, self.mask.height() as f32);
        Rect::transformed(&self.transform, size)
    }
}

/// Where two sprites touch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// A world point inside a solid texel of both sprites: a point of the shared part of the first
    /// overlapping pair of solid rectangles the test finds (not a centroid of the whole overlap).
    pub point: Vec2,
}

/// Builds the transform the tutorials use for a sprite: move `origin` (in texels) to the local origin,
/// scale (negative components flip), rotate by `rotation` radians (clockwise on a y-down screen), then
/// move to `position`.
///
/// A rotation within rounding of a quarter turn is made exact: `FRAC_PI_2` as an `f32` has a cosine
/// of -4.4e-8, not 0, which would tilt the sprite by that much and let neighbours on a common grid
/// overlap by a sliver.
pub fn sprite_transform(position: Vec2, rotation: f32, scale: Vec2, origin: Vec2) -> Affine2 {
    let (sin, cos) = snapped_sin_cos(rotation);
    let linear = glam::Mat2::from_cols(
        Vec2::new(cos, sin) * scale.x,
        Vec2::new(-sin, cos) * scale.y,
    );
    Affine2::from_mat2_translation(linear, position) * Affine2::from_translation(-origin)
}

/// The sine and cosine of `angle`, with either set to exactly 0 (and the other to +/- 1) when it is
/// no larger than the angle's own rounding, one unit in the last place.
fn snapped_sin_cos(angle: f32) -> (f32, f32) {
    let (sin, cos) = angle.sin_cos();
    let ulp = f32::EPSILON * angle.abs().max(1.0);
    if cos.abs() <= ulp {
        (sin.signum(), 0.0)
    } else if sin.abs() <= ulp {
        (0.0, cos.signum())
    } else {
        (sin, cos)
    }
}

/// Whether the two sprites touch on solid texels and, if so, where.
///
/// Symmetric: `collide(a, b)` and `collide(b, a)` give the same answer, the same contact point included.
pub fn collide(a: Sprite<'_>, b: Sprite<'_>) -> Option<Contact> {
    let pair = Pair::new(a, b)?;
    let mut contact = None;
    pair.walk(|ra, rb| {
        contact = Some(pair.contact(ra, rb));
        true
    });
    contact
}

/// Whether the two sprites touch on solid texels (the same answer as [`collide`], without the point).
pub fn overlaps(a: Sprite<'_>, b: Sprite<'_>) -> bool {
    let Some(pair) = Pair::new(a, b) else {
        return false;
    };
    let mut hit = false;
    pair.walk(|_, _| {
        hit = true;
        true
    });
    hit
}

/// The world-space area (in square world units) shared by the solid texels of both sprites.
///
/// Exact up to rounding, symmetric, and 0 when [`collide`] finds no contact. It visits every overlapping
/// texel pair, so it costs more than `collide`, which stops at the first.
pub fn overlap_area(a: Sprite<'_>, b: Sprite<'_>) -> f32 {
    let Some(pair) = Pair::new(a, b) else {
        return 0.0;
    };
    let mut area = 0.0f64;
    pair.walk(|ra, rb| {
        let mut poly = Polygon::default();
        pair.clip(ra, rb, &mut poly);
        area += polygon_area(poly.points());
        false
    });
    (area * pair.world.matrix2.determinant().abs()) as f32
}

/// One box pair the overlap test examined, for visualising its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TracedPair {
    /// The box of the first argument's mask, in its local texel space.
    pub a: PixelRect,
    /// The box of the second argument's mask, in its local texel space.
    pub b: PixelRect,
    /// Whether the separating-axis test pulled the two boxes apart (their subtrees were skipped).
    pub separated: bool,
}

/// [`collide`], also calling `on_pair` for every box pair examined, in order: the walk a debug view or
/// a lab draws to show where the test spent its work.
pub fn collide_traced(
    a: Sprite<'_>,
    b: Sprite<'_>,
    mut on_pair: impl FnMut(TracedPair),
) -> Option<Contact> {
    let swapped = canonical_order(&a, &b) == Ordering::Greater;
    let pair = Pair::new(a, b)?;
    let mut contact = None;
    pair.walk_observed(
        |ra, rb| {
            contact = Some(pair.contact(ra, rb));
            true
        },
        |na, nb, separated| {
            let (first, second) = (node_rect(na), node_rect(nb));
            let (a, b) = if swapped {
                (second, first)
            } else {
                (first, second)
            };
            on_pair(TracedPair { a, b, separated });
        },
    );
    contact
}

/// The texel rectangle a tree node spans (rounded, undoing a leaf's inset).
fn node_rect(n: &Node) -> PixelRect {
    let x0 = (n.center[0] - n.half[0]).round();
    let y0 = (n.center[1] - n.half[1]).round();
    PixelRect::new(
        x0 as u32,
        y0 as u32,
        (2.0 * n.half[0]).round() as u32,
        (2.0 * n.half[1]).round() as u32,
    )
}

/// Two sprites in canonical order, the second mapped into the first one's local space.
struct Pair<'a> {
    a: &'a Mask,
    b: &'a Mask,
    /// The first sprite's local-to-world transform.
    world: DAffine2,
    /// Columns and translation of the second sprite's local-to-first-local transform.
    c0: DVec2,
    c1: DVec2,
    t: DVec2,
    /// Normals of the mapped parallelogram's edges (unnormalised).
    n1: DVec2,
    n2: DVec2,
    det_abs: f64,
}

impl<'a> Pair<'a> {
    /// Orders the sprites canonically (so the answer cannot depend on argument order) and maps the second
    /// into the first; `None` when either covers no area.
    fn new(a: Sprite<'a>, b: Sprite<'a>) -> Option<Self> {
        let (a, b) = if canonical_order(&a, &b) == Ordering::Greater {
            (b, a)
        } else {
            (a, b)
        };
        if a.mask.nodes().is_empty() || b.mask.nodes().is_empty() {
            return None;
        }
        let world = to_f64(&a.transform);
        let other = to_f64(&b.transform);
        // inverse(world) * other, written out: one division, and one finiteness check at the end
        // catches NaN and infinite input, a singular first transform (1 / 0) and overflow alike.
        let (m, n) = (world.matrix2, other.matrix2);
        let det_a = m.determinant();
        let inv = 1.0 / det_a;
        let solve = |v: DVec2| DVec2::new(v.perp_dot(m.y_axis), m.x_axis.perp_dot(v)) * inv;
        let (c0, c1) = (solve(n.x_axis), solve(n.y_axis));
        let t = solve(other.translation - world.translation);
        let det = c0.perp_dot(c1);
        if !(c0.is_finite() && c1.is_finite() && t.is_finite() && det.is_finite()) || det == 0.0 {
            return None;
        }
        let (n1, n2) = (c0.perp(), c1.perp());
        Some(Pair {
            a: a.mask,
            b: b.mask,
            world,
            c0,
            c1,
            t,
            n1,
            n2,
            det_abs: det.abs(),
        })
    }

    /// True when box `na` (first local space) and box `nb` (second local space, mapped) share no area.
    ///
    /// Leaf boxes are stored a hair smaller than their texels (see `mask::LEAF_INSET`), so leaf pairs that
    /// only touch, or overlap by no more than rounding, come out separated at no extra cost.
    #[inline(always)]
    fn separated(&self, na: &Node, nb: &Node) -> bool {
        let ha = na.half;
        let hb = nb.half;
        let cb = self.t + self.c0 * nb.center[0] + self.c1 * nb.center[1];
        let d = cb - DVec2::from(na.center);
        let u = self.c0 * hb[0];
        let v = self.c1 * hb[1];
        d.x.abs() >= ha[0] + u.x.abs() + v.x.abs()
            || d.y.abs() >= ha[1] + u.y.abs() + v.y.abs()
            || d.dot(self.n1).abs()
                >= ha[0] * self.n1.x.abs() + ha[1] * self.n1.y.abs() + hb[1] * self.det_abs
            || d.dot(self.n2).abs()
                >= ha[0] * self.n2.x.abs() + ha[1] * self.n2.y.abs() + hb[0] * self.det_abs
    }

    /// Walks both trees together and calls `found` with the cover indices of every overlapping leaf
    /// pair, until it returns true.
    fn walk(&self, found: impl FnMut(u32, u32) -> bool) {
        self.walk_observed(found, |_, _, _| {});
    }

    /// [`walk`](Self::walk), also telling `observe` about every node pair tested and whether the pair
    /// was separated.
    #[inline(always)]
    fn walk_observed(
        &self,
        found: impl FnMut(u32, u32) -> bool,
        observe: impl FnMut(&Node, &Node, bool),
    ) {
        // Each step pops one pair and pushes at most two, and a pair's depth only grows, so the stack
        // never holds more than the two trees' depths together plus one. Small masks get a small
        // array (zeroing a large one costs as much as a few box tests).
        let needed = (self.a.depth() + self.b.depth() + 1) as usize;
        if needed <= 24 {
            self.walk_with(&mut [(0u32, 0u32); 24], found, observe);
        } else {
            self.walk_with(&mut vec![(0u32, 0u32); needed], found, observe);
        }
    }

    /// The walk itself, on a stack with room for the trees' depths.
    #[inline(always)]
    fn walk_with(
        &self,
        stack: &mut [(u32, u32)],
        mut found: impl FnMut(u32, u32) -> bool,
        mut observe: impl FnMut(&Node, &Node, bool),
    ) {
        let (na, nb) = (self.a.nodes(), self.b.nodes());
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let (ia, ib) = stack[len];
            let (a, b) = (&na[ia as usize], &nb[ib as usize]);
            let separated = self.separated(a, b);
            observe(a, b, separated);
            if separated {
                continue;
            }
            let split_b = match (a.leaf, b.leaf) {
                (true, true) => {
                    if found(a.link, b.link) {
                        return;
                    }
                    continue;
                }
                (true, false) => true,
                (false, true) => false,
                (false, false) => b.half[0] * b.half[1] * self.det_abs > a.half[0] * a.half[1],
            };
            if split_b {
                stack[len] = (ia, b.link);
                stack[len + 1] = (ia, ib + 1);
            } else {
                stack[len] = (a.link, ib);
                stack[len + 1] = (ia + 1, ib);
            }
            len += 2;
        }
    }

    /// The contact point of an overlapping pair of cover rectangles: the middle of the stretch of the
    /// second one's centre line (along either of its axes) that runs inside the first, or, when neither
    /// centre line crosses it, the centroid of their shared part.
    ///
    /// A point strictly inside a centre line's stretch lies in the open interior of both rectangles, and
    /// finding it takes two slab clips instead of clipping a polygon four times.
    fn contact(&self, ra: u32, rb: u32) -> Contact {
        let r = self.b.cover()[rb as usize];
        let (hw, hh) = (f64::from(r.w) * 0.5, f64::from(r.h) * 0.5);
        let cb = self.t + self.c0 * (f64::from(r.x) + hw) + self.c1 * (f64::from(r.y) + hh);
        let r = self.a.cover()[ra as usize];
        let lo = DVec2::new(f64::from(r.x), f64::from(r.y));
        let hi = lo + DVec2::new(f64::from(r.w), f64::from(r.h));
        for axis in [self.c0 * hw, self.c1 * hh] {
            let (mut s0, mut s1) = (-1.0f64, 1.0f64);
            for k in 0..2 {
                if axis[k] == 0.0 {
                    if !(lo[k] < cb[k] && cb[k] < hi[k]) {
                        s1 = s0;
                    }
                    continue;
                }
                let (ta, tb) = ((lo[k] - cb[k]) / axis[k], (hi[k] - cb[k]) / axis[k]);
                s0 = s0.max(ta.min(tb));
                s1 = s1.min(ta.max(tb));
            }
            if s0 < s1 {
                return self.contact_at(cb + axis * ((s0 + s1) * 0.5));
            }
        }
        let mut poly = Polygon::default();
        self.clip(ra, rb, &mut poly);
        match centroid(poly.points()) {
            Some(c) => self.contact_at(c),
            // Rounding left nothing of a pair the tolerance let through: the nearest point of the
            // first rectangle to the second one's centre is within rounding of the shared part.
            None => self.contact_at(cb.clamp(lo, hi)),
        }
    }

    /// A contact at a point of the first sprite's local space.
    fn contact_at(&self, local: DVec2) -> Contact {
        Contact {
            point: self.world.transform_point2(local).as_vec2(),
        }
    }

    /// The polygon shared by cover rectangle `ra` of the first mask and the image of cover rectangle
    /// `rb` of the second, in the first one's local space.
    fn clip(&self, ra: u32, rb: u32, out: &mut Polygon) {
        let r = self.b.cover()[rb as usize];
        let (x0, y0) = (f64::from(r.x), f64::from(r.y));
        let (x1, y1) = (x0 + f64::from(r.w), y0 + f64::from(r.h));
        let map = |x: f64, y: f64| self.t + self.c0 * x + self.c1 * y;
        let quad = [map(x0, y0), map(x1, y0), map(x1, y1), map(x0, y1)];
        let r = self.a.cover()[ra as usize];
        let (ax0, ay0) = (f64::from(r.x), f64::from(r.y));
        let (ax1, ay1) = (ax0 + f64::from(r.w), ay0 + f64::from(r.h));
        let mut tmp = Polygon::default();
        clip_axis(&quad, &mut tmp, 0, ax0, 1.0);
        clip_axis(tmp.points(), out, 0, ax1, -1.0);
        clip_axis(out.points(), &mut tmp, 1, ay0, 1.0);
        clip_axis(tmp.points(), out, 1, ay1, -1.0);
    }
}

/// A convex polygon of at most eight vertices (a parallelogram clipped by a box never has more), with
/// room for the scratch writes of [`clip_axis`].
struct Polygon {
    points: [DVec2; 12],
    len: usize,
}

impl Default for Polygon {
    fn default() -> Self {
        Polygon {
            points: [DVec2::ZERO; 12],
            len: 0,
        }
    }
}

impl Polygon {
    fn points(&self) -> &[DVec2] {
        &self.points[..self.len]
    }
}

/// One Sutherland-Hodgman pass: keeps the part of `src` where `sign * (p[axis] - bound) >= 0`.
///
/// Every candidate vertex is written and kept or dropped by advancing the length, not by branching:
/// which side a vertex falls on is unpredictable, and mispredicted branches cost more than the stores.
#[inline(always)]
fn clip_axis(src: &[DVec2], dst: &mut Polygon, axis: usize, bound: f64, sign: f64) {
    let mut n = 0;
    if let Some(&last) = src.last() {
        let (mut p, mut dp) = (last, sign * (last[axis] - bound));
        for &q in src {
            let dq = sign * (q[axis] - bound);
            // At most 8 kept vertices plus two writes each step: indices stay below 12.
            let m = n.min(9);
            dst.points[m] = p + (q - p) * (dp / (dp - dq));
            n = m + usize::from((dp >= 0.0) != (dq >= 0.0));
            dst.points[n] = q;
            n += usize::from(dq >= 0.0);
            (p, dp) = (q, dq);
        }
    }
    dst.len = n.min(8);
}

/// Widens a transform to `f64`.
fn to_f64(t: &Affine2) -> DAffine2 {
    DAffine2::from_cols(
        t.matrix2.x_axis.as_dvec2(),
        t.matrix2.y_axis.as_dvec2(),
        t.translation.as_dvec2(),
    )
}

/// Orders two sprites by transform, then by mask, so that argument order cannot change the result.
#[inline]
fn canonical_order(a: &Sprite<'_>, b: &Sprite<'_>) -> Ordering {
    let (ka, kb) = (a.transform.to_cols_array(), b.transform.to_cols_array());
    ka.iter()
        .zip(&kb)
        .map(|(x, y)| x.total_cmp(y))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
        .then_with(|| (a.mask.width(), a.mask.height()).cmp(&(b.mask.width(), b.mask.height())))
        .then_with(|| a.mask.cover().cmp(b.mask.cover()))
}

/// Twice the signed area of a polygon, by the shoelace formula.
fn doubled_signed_area(poly: &[DVec2]) -> f64 {
    let Some(&last) = poly.last() else {
        return 0.0;
    };
    let mut prev = last;
    let mut sum = 0.0;
    for &p in poly {
        sum += prev.perp_dot(p);
        prev = p;
    }
    sum
}

/// The area of a simple polygon.
fn polygon_area(poly: &[DVec2]) -> f64 {
    doubled_signed_area(poly).abs() * 0.5
}

/// The centroid of a convex polygon, falling back to the vertex mean for slivers rounding left flat;
/// `None` for no vertices at all.
fn centroid(poly: &[DVec2]) -> Option<DVec2> {
    let &last = poly.last()?;
    let mean = poly.iter().copied().sum::<DVec2>() / poly.len() as f64;
    // Relative to the mean, so that large coordinates do not swamp the cross products.
    let mut prev = last - mean;
    let (mut a2, mut c) = (0.0, DVec2::ZERO);
    for &p in poly {
        let p = p - mean;
        let cross = prev.perp_dot(p);
        a2 += cross;
        c += (prev + p) * cross;
        prev = p;
    }
    if a2.abs() < 1e-12 {
        return Some(mean);
    }
    Some(mean + c / (3.0 * a2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contact_of_a_pair_with_no_shared_part_stays_in_the_first_rectangle() {
        // Should rounding ever let through a pair whose clip comes out empty, the point must still lie
        // in the first sprite's rectangle, not at its origin.
        let a = Mask::from_fn(4, 4, |x, y| x >= 2 && y >= 2).unwrap();
        let b = Mask::from_fn(1, 1, |_, _| true).unwrap();
        let far = Affine2::from_translation(Vec2::new(10.0, 10.0));
        let pair = Pair::new(Sprite::new(&a, Affine2::IDENTITY), Sprite::new(&b, far)).unwrap();
        assert!(std::ptr::eq(pair.a, &a), "the identity sorts first");
        let p = pair.contact(0, 0).point;
        assert!(
            (2.0..=4.0).contains(&p.x) && (2.0..=4.0).contains(&p.y),
            "{p:?}"
        );
    }
}
