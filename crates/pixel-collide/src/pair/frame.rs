//! Two sprites as a pair: in an order fixed by the two alone (the better-conditioned frame first,
//! then a canonical order, so the answer cannot depend on argument order), the second mapped into
//! the first one's local space, with the separating-axis test between their boxes and the contact
//! point of an overlapping pair.

use std::cmp::Ordering;

use glam::{DAffine2, DMat2, DVec2, IVec2, Vec2};

use super::contact::Contact;
use crate::geom::{Polygon, centroid, clip_axis};
use crate::mask::{Mask, Node, solid_leaf_at};
use crate::sprite::{Sprite, to_f64};
use crate::words::Aligned;

/// Sine squared of the angle between a transform's columns below which it counts as covering no area:
/// (2^-23)^2, the relative precision of an `f32` squared. Scale does not change it, so a sprite a
/// million times larger is fine; a sprite whose columns are parallel to within `f32` precision is not.
const DEGENERATE_SIN2: f64 = 1.0 / (1u64 << 46) as f64;

/// Two sprites in canonical order, the second mapped into the first one's local space.
#[derive(Clone)]
pub(crate) struct Pair<'a> {
    pub(crate) a: &'a Mask,
    pub(crate) b: &'a Mask,
    /// Whether the arguments came in the other order.
    pub(crate) swapped: bool,
    /// The first sprite's local-to-world transform.
    pub(crate) world: DAffine2,
    /// Columns and translation of the second sprite's local-to-first-local transform.
    pub(crate) c0: DVec2,
    pub(crate) c1: DVec2,
    pub(crate) t: DVec2,
    /// Normals of the mapped parallelogram's edges (unnormalised).
    pub(crate) n1: DVec2,
    pub(crate) n2: DVec2,
    pub(crate) det_abs: f64,
    /// `c0`, `c1`, `n1` and `n2` with their components made positive, which every separating-axis
    /// test multiplies by (non-negative) half sizes: the same products as taking the absolute value
    /// after, bit for bit, once per pair instead of once per test.
    abs: [DVec2; 4],
}

impl<'a> Pair<'a> {
    /// Orders the sprites by a fixed order on transforms and masks (so the answer cannot depend on
    /// argument order) and maps the second into the first; `None` when either covers no area.
    #[inline(always)]
    pub(crate) fn new(a: Sprite<'a>, b: Sprite<'a>) -> Option<Self> {
        if a.mask.is_empty() || b.mask.is_empty() {
            return None;
        }
        let (wa, wb) = (to_f64(&a.transform), to_f64(&b.transform));
        let swapped = match frame_order(&wa, &wb) {
            Ordering::Equal => canonical_order(&a, &b) == Ordering::Greater,
            order => order == Ordering::Greater,
        };
        let (a, b, world, other) = if swapped {
            (b.mask, a.mask, &wb, &wa)
        } else {
            (a.mask, b.mask, &wa, &wb)
        };
        let (c0, c1, t, det) = relative(world, other)?;
        let (n1, n2) = (c0.perp(), c1.perp());
        Some(Pair {
            abs: [c0.abs(), c1.abs(), n1.abs(), n2.abs()],
            a,
            b,
            n1,
            n2,
            swapped,
            world: *world,
            c0,
            c1,
            t,
            det_abs: det.abs(),
        })
    }

    /// The word-parallel view of the pair when the second mask's texels land exactly on the first's.
    #[inline]
    pub(crate) fn aligned(&self) -> Option<Aligned<'a>> {
        Aligned::recognise(self.a, self.b, self.c0, self.c1, self.t)
    }

    /// True when box `na` (first local space) and box `nb` (second local space, mapped) share no area.
    ///
    /// Solid leaves are tested a hair smaller than their texels (see `mask::LEAF_INSET`), so solid
    /// pairs that only touch, or overlap by no more than rounding, come out separated at no extra cost.
    #[inline(always)]
    pub(crate) fn separated(&self, na: &Node, nb: &Node) -> bool {
        self.separated_by::<false>(na, nb, &[0.0; 4])
    }

    /// The separating-axis test, with the second box's reach on each axis grown by `extra` when
    /// `GROWN` (compiled away when not).
    #[inline(always)]
    pub(crate) fn separated_by<const GROWN: bool>(
        &self,
        na: &Node,
        nb: &Node,
        extra: &[f64; 4],
    ) -> bool {
        let grow = |r: f64, i: usize| if GROWN { r + extra[i] } else { r };
        let (ca, ha, hb) = (na.center, na.half, nb.half);
        debug_assert!(
            hb[0] >= 0.0 && hb[1] >= 0.0,
            "emptied nodes are skipped, not tested"
        );
        let [a0, a1, a_n1, a_n2] = self.abs;
        let cb = self.t + self.c0 * nb.center[0] + self.c1 * nb.center[1];
        let d = cb - DVec2::from(ca);
        let x = || d.x.abs() >= grow(ha[0] + a0.x * hb[0] + a1.x * hb[1], 0);
        let y = || d.y.abs() >= grow(ha[1] + a0.y * hb[0] + a1.y * hb[1], 1);
        let n1 = || {
            d.dot(self.n1).abs() >= grow(ha[0] * a_n1.x + ha[1] * a_n1.y + hb[1] * self.det_abs, 2)
        };
        let n2 = || {
            d.dot(self.n2).abs() >= grow(ha[0] * a_n2.x + ha[1] * a_n2.y + hb[0] * self.det_abs, 3)
        };
        if GROWN {
            // A push or a sweep tests the same pairs over and over, so its branches are predicted
            // and skipping the axes after the first that parts the boxes pays.
            x() || y() || n1() || n2()
        } else {
            // All four axes, then one branch: which axis parts a pair in an overlap test is
            // unpredictable, and a mispredicted branch costs more than the axes it would skip.
            x() | y() | n1() | n2()
        }
    }

    /// The contact point of an overlapping pair of solid boxes: the middle of the stretch of the second
    /// one's centre line (along either of its axes) that runs inside the first, or, when neither centre
    /// line crosses it, the centroid of their shared part.
    ///
    /// A point strictly inside a centre line's stretch lies in the open interior of both boxes, and
    /// finding it takes two slab clips instead of clipping a polygon four times.
    pub(crate) fn contact(&self, ra: &Node, rb: &Node) -> Contact {
        let (normal, depth) = self.box_normal(ra, rb);
        Contact {
            point: self.contact_point(ra, rb),
            normal,
            depth,
        }
    }

    /// The world point of [`contact`](Self::contact), without the normal and the depth.
    pub(crate) fn contact_point(&self, ra: &Node, rb: &Node) -> Vec2 {
        let at = |local: DVec2| self.world.transform_point2(local).as_vec2();
        let [x0, y0, x1, y1] = rb.texels().map(f64::from);
        let h = [(x1 - x0) * 0.5, (y1 - y0) * 0.5];
        let cb = self.t + self.c0 * (x0 + h[0]) + self.c1 * (y0 + h[1]);
        let [ax0, ay0, ax1, ay1] = ra.texels().map(f64::from);
        let (lo, hi) = (DVec2::new(ax0, ay0), DVec2::new(ax1, ay1));
        for axis in [self.c0 * h[0], self.c1 * h[1]] {
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
                return at(cb + axis * ((s0 + s1) * 0.5));
            }
        }
        let mut poly = Polygon::default();
        self.clip(ra, rb, &mut poly);
        match centroid(poly.points()) {
            Some(c) => at(c),
            // Rounding left nothing of a pair the tolerance let through: the nearest point of the
            // first box to the second one's centre is within rounding of the shared part.
            None => at(cb.clamp(lo, hi)),
        }
    }

    /// The polygon shared by box `ra` of the first mask and the image of box `rb` of the second, in the
    /// first one's local space.
    pub(crate) fn clip(&self, ra: &Node, rb: &Node, out: &mut Polygon) {
        let [x0, y0, x1, y1] = rb.texels().map(f64::from);
        let map = |x: f64, y: f64| self.t + self.c0 * x + self.c1 * y;
        let quad = [map(x0, y0), map(x1, y0), map(x1, y1), map(x0, y1)];
        let [ax0, ay0, ax1, ay1] = ra.texels().map(f64::from);
        let mut tmp = Polygon::default();
        clip_axis(&quad, &mut tmp, 0, ax0, 1.0);
        clip_axis(tmp.points(), out, 0, ax1, -1.0);
        clip_axis(out.points(), &mut tmp, 1, ay0, 1.0);
        clip_axis(tmp.points(), out, 1, ay1, -1.0);
    }

    /// The contact at the centre of texel `texel` of the first mask, solid in both (an aligned
    /// placement's first shared texel), with the normal and depth of the solid leaves holding it.
    pub(crate) fn texel_contact(&self, texel: IVec2) -> Contact {
        let centre = texel.as_dvec2() + DVec2::splat(0.5);
        let point = self.texel_point(texel);
        let inverse = DMat2::from_cols(self.c0, self.c1).inverse();
        let there = (inverse * (centre - self.t)).floor();
        let leaf = |m: &Mask, p: DVec2| {
            let unit = Node::texel(p.x as u32, p.y as u32, [0.0; 2]);
            solid_leaf_at(m.tree(), m.bits(), p.x as u32, p.y as u32).unwrap_or(unit)
        };
        let (ra, rb) = (leaf(self.a, centre.floor()), leaf(self.b, there));
        let (normal, depth) = self.box_normal(&ra, &rb);
        Contact {
            point,
            normal,
            depth,
        }
    }

    /// The world point at the centre of texel `texel` of the first mask (see
    /// [`texel_contact`](Self::texel_contact)).
    pub(crate) fn texel_point(&self, texel: IVec2) -> Vec2 {
        let centre = texel.as_dvec2() + DVec2::splat(0.5);
        self.world.transform_point2(centre).as_vec2()
    }

    /// The contact normal and depth of an overlapping pair of solid boxes (see [`Contact::normal`]),
    /// for the first argument sprite.
    ///
    /// Decided once for the pair in its canonical order, ties included, and negated for the other
    /// order, so `collide(b, a)` gives exactly the reversed normal and the same depth, bit for bit.
    fn box_normal(&self, ra: &Node, rb: &Node) -> (Vec2, f32) {
        let m = self.world.matrix2;
        let first = (
            self.world.transform_point2(DVec2::from(ra.center)),
            [m.x_axis * ra.half[0], m.y_axis * ra.half[1]],
        );
        let local_b = self.t + self.c0 * rb.center[0] + self.c1 * rb.center[1];
        let second = (
            self.world.transform_point2(local_b),
            [m * (self.c0 * rb.half[0]), m * (self.c1 * rb.half[1])],
        );
        let (normal, depth) = least_overlap(first, second);
        // `least_overlap` points towards the first box; the crate's normals point away from it.
        (if self.swapped { normal } else { -normal }, depth)
    }
}

/// A box in the world: its centre and two half axes.
pub(crate) type WorldBox = (DVec2, [DVec2; 2]);

/// The separating-axis test's axis of least overlap between two overlapping boxes, as a unit normal
/// pointing from `other` towards `mine`, and the overlap along it. Ties go to the more vertical axis;
/// boxes centred alike along it get the normal pointing up (then left), as push-out's ties go. Callers
/// pass a pair's boxes in its canonical order, so the tie is the pair's, not the arguments'.
pub(crate) fn least_overlap(mine: WorldBox, other: WorldBox) -> (Vec2, f32) {
    let d = mine.0 - other.0;
    let axes = [mine.1[0], mine.1[1], other.1[0], other.1[1]];
    // Every candidate first, each independent of the others (so their square roots and divisions
    // overlap in the pipeline), then the choice among them.
    let mut candidates = [(DVec2::ZERO, 0.0, 0.0); 4];
    for (c, a) in candidates.iter_mut().zip(axes) {
        let n = a.perp().normalize_or_zero();
        let reach: f64 = axes.iter().map(|h| h.dot(n).abs()).sum();
        *c = (n, reach - d.dot(n).abs(), 1e-9 * reach);
    }
    let mut best: Option<(DVec2, f64)> = None;
    for (n, overlap, tol) in candidates {
        if n == DVec2::ZERO {
            continue;
        }
        let wins = best.is_none_or(|(m, o)| {
            overlap < o - tol || (overlap <= o + tol && n.y.abs() > m.y.abs() + 1e-9)
        });
        if wins {
            best = Some((n, overlap));
        }
    }
    let Some((n, overlap)) = best else {
        return (-Vec2::Y, 0.0);
    };
    let along = d.dot(n);
    let flip = if along != 0.0 {
        along < 0.0
    } else if n.y != 0.0 {
        n.y > 0.0
    } else {
        n.x > 0.0
    };
    let n = if flip { -n } else { n };
    (n.as_vec2(), overlap.max(0.0) as f32)
}

/// The second transform in the first one's local space: `inverse(world) * other` as its columns, its
/// translation and its determinant; `None` when that overflows or maps texels to slivers (either
/// transform's columns parallel to within `f32` precision: it covers no area, like a scale of 0).
#[inline(always)]
pub(crate) fn relative(world: &DAffine2, other: &DAffine2) -> Option<(DVec2, DVec2, DVec2, f64)> {
    // Written out: one division, and one finiteness check at the end catches overflow.
    let (m, n) = (world.matrix2, other.matrix2);
    let det_m = m.determinant();
    // A sliver of a first transform maps the second to something large but not thin, so it is judged
    // on its own; the second's thinness survives the map and is judged on the result.
    let thick_m =
        det_m * det_m > DEGENERATE_SIN2 * (m.x_axis.length_squared() * m.y_axis.length_squared());
    if !thick_m {
        return None;
    }
    let inv = 1.0 / det_m;
    let solve = |v: DVec2| DVec2::new(v.perp_dot(m.y_axis), m.x_axis.perp_dot(v)) * inv;
    // The same linear part on both sides (a shared rotation and scale) is exactly the identity,
    // which rounding through the reciprocal could miss.
    let (c0, c1) = if m == n {
        (DVec2::X, DVec2::Y)
    } else {
        (solve(n.x_axis), solve(n.y_axis))
    };
    let t = solve(other.translation - world.translation);
    let det = c0.perp_dot(c1);
    // A finite determinant means finite columns, which also catches NaN, infinity and overflow; the
    // sine of the angle between the columns, compared without dividing, catches slivers.
    let thick = det * det > DEGENERATE_SIN2 * (c0.length_squared() * c1.length_squared());
    (t.is_finite() && det.is_finite() && thick).then_some((c0, c1, t, det))
}

/// Which of two transforms makes the better frame for a pair: `Less` when the first's columns are
/// much nearer square to each other than the second's (the sine of the angle between them more than
/// twice as large), `Greater` the other way round, `Equal` when neither is (then
/// [`canonical_order`] decides).
///
/// A pair is tested in its first sprite's frame, through the inverse of that sprite's matrix, which
/// magnifies rounding by the reciprocal of that sine: mapped into the frame of a sprite sheared
/// nearly flat, a plain square lands some 1e20 across and the sums that part the two cancel past
/// their digits. Symmetric in its arguments, so the answer still cannot depend on argument order;
/// rotations and scales, whose sines are all 1 to within rounding, keep the canonical order.
#[inline(always)]
pub(crate) fn frame_order(a: &DAffine2, b: &DAffine2) -> Ordering {
    // sin^2 = det^2 / (|x|^2 |y|^2), compared without dividing: sin_a^2 > 4 sin_b^2.
    let parts = |m: DMat2| {
        let det = m.determinant();
        (
            det * det,
            m.x_axis.length_squared() * m.y_axis.length_squared(),
        )
    };
    let ((da, la), (db, lb)) = (parts(a.matrix2), parts(b.matrix2));
    if da * lb > 4.0 * db * la {
        Ordering::Less
    } else if db * la > 4.0 * da * lb {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// Orders two sprites by transform, then by mask, so that argument order cannot change the result.
#[inline(always)]
pub(crate) fn canonical_order(a: &Sprite<'_>, b: &Sprite<'_>) -> Ordering {
    let (ka, kb) = (a.transform.to_cols_array(), b.transform.to_cols_array());
    ka.iter()
        .zip(&kb)
        .map(|(x, y)| x.total_cmp(y))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
        .then_with(|| (a.mask.width(), a.mask.height()).cmp(&(b.mask.width(), b.mask.height())))
        .then_with(|| a.mask.words().cmp(b.mask.words()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Affine2, Vec2};

    #[test]
    fn contact_of_a_pair_with_no_shared_part_stays_in_the_first_rectangle() {
        // Should rounding ever let through a pair whose clip comes out empty, the point must still lie
        // in the first sprite's rectangle, not at its origin.
        let a = Mask::from_fn(4, 4, |x, y| x >= 2 && y >= 2).unwrap();
        let b = Mask::from_fn(1, 1, |_, _| true).unwrap();
        let far = Affine2::from_translation(Vec2::new(10.0, 10.0));
        let pair = Pair::new(Sprite::new(&a, Affine2::IDENTITY), Sprite::new(&b, far)).unwrap();
        assert!(std::ptr::eq(pair.a, &a), "the identity sorts first");
        let p = pair
            .contact(&a.tree().root().unwrap(), &b.tree().root().unwrap())
            .point;
        assert!(
            (2.0..=4.0).contains(&p.x) && (2.0..=4.0).contains(&p.y),
            "{p:?}"
        );
    }
}
