//! Convex polygons: one clipped to an axis-aligned box a side at a time, its area and its centroid.

use glam::DVec2;

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
