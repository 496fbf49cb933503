//! The area clipping: the polygon two boxes share (a box of the first mask and a mapped box of the
//! second), its area and its centroid.

use glam::DVec2;

use super::node::Node;
use super::pair::Pair;

/// A convex polygon of at most eight vertices (a parallelogram clipped by a box never has more), with
/// room for the scratch writes of [`clip_axis`].
pub(crate) struct Polygon {
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
    pub(crate) fn points(&self) -> &[DVec2] {
        &self.points[..self.len]
    }
}

/// One Sutherland-Hodgman pass: keeps the part of `src` where `sign * (p[axis] - bound) >= 0`.
///
/// Every candidate vertex is written and kept or dropped by advancing the length, not by branching:
/// which side a vertex falls on is unpredictable, and mispredicted branches cost more than the stores.
#[inline(always)]
pub(crate) fn clip_axis(src: &[DVec2], dst: &mut Polygon, axis: usize, bound: f64, sign: f64) {
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

impl Pair<'_> {
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
}

/// Twice the signed area of a polygon, by the shoelace formula taken relative to its first vertex, so
/// that a tiny polygon far from the origin keeps its digits.
fn doubled_signed_area(poly: &[DVec2]) -> f64 {
    let Some((&origin, rest)) = poly.split_first() else {
        return 0.0;
    };
    rest.windows(2)
        .map(|w| (w[0] - origin).perp_dot(w[1] - origin))
        .sum()
}

/// The area of a simple polygon.
pub(crate) fn polygon_area(poly: &[DVec2]) -> f64 {
    doubled_signed_area(poly).abs() * 0.5
}

/// The centroid of a convex polygon, falling back to the vertex mean for slivers rounding left flat;
/// `None` for no vertices at all.
pub(crate) fn centroid(poly: &[DVec2]) -> Option<DVec2> {
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
