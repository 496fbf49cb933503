//! Exact geometry for brute-force oracles: placed quads and their separating-axis gap, in f64.

use glam::{Affine2, DVec2};
use pixel_collide::Mask;

/// The world corners of the rectangle `x0..x1` by `y0..y1` of a sprite's local space placed by `t`.
pub fn quad(t: Affine2, x0: f64, y0: f64, x1: f64, y1: f64) -> [DVec2; 4] {
    let (c0, c1, o) = (
        t.matrix2.x_axis.as_dvec2(),
        t.matrix2.y_axis.as_dvec2(),
        t.translation.as_dvec2(),
    );
    let p = |u: f64, v: f64| o + c0 * u + c1 * v;
    [p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)]
}

/// The world quads of a mask's solid texels placed by `t`.
pub fn solid_quads(mask: &Mask, t: Affine2) -> Vec<[DVec2; 4]> {
    let mut out = Vec::new();
    for y in 0..mask.height() {
        for x in 0..mask.width() {
            if mask.is_solid(x, y) {
                let (x, y) = (f64::from(x), f64::from(y));
                out.push(quad(t, x, y, x + 1.0, y + 1.0));
            }
        }
    }
    out
}

/// Separating-axis measure of two convex polygons (a segment is a polygon of two points): positive is
/// a gap that far wide along some edge normal, negative is the least overlap over all edge normals (a
/// penetration depth).
pub fn sat_gap(a: &[DVec2], b: &[DVec2]) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for poly in [a, b] {
        for i in 0..poly.len() {
            let edge = poly[(i + 1) % poly.len()] - poly[i];
            if edge == DVec2::ZERO {
                continue;
            }
            let n = edge.perp().normalize();
            let span = |q: &[DVec2]| {
                q.iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                        (lo.min(p.dot(n)), hi.max(p.dot(n)))
                    })
            };
            let ((alo, ahi), (blo, bhi)) = (span(a), span(b));
            best = best.max((blo - ahi).max(alo - bhi));
        }
    }
    best
}

/// The distance from `p` to a convex polygon (0 inside), by brute force over its edges.
pub fn distance_to_polygon(p: DVec2, poly: &[DVec2]) -> f64 {
    let n = poly.len();
    let side = |i: usize| (poly[(i + 1) % n] - poly[i]).perp_dot(p - poly[i]);
    let inside = (0..n).all(|i| side(i) >= 0.0) || (0..n).all(|i| side(i) <= 0.0);
    if inside {
        return 0.0;
    }
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            let k = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            p.distance(a + (b - a) * k)
        })
        .fold(f64::INFINITY, f64::min)
}

/// The distance between two convex quadrilaterals: 0 when they meet, else the nearest corner of
/// one to the other.
pub fn quads_apart(p: &[DVec2; 4], q: &[DVec2; 4]) -> f64 {
    if sat_gap(p, q) <= 0.0 {
        return 0.0;
    }
    let one_way = |p: &[DVec2; 4], q: &[DVec2; 4]| {
        p.iter()
            .map(|&v| distance_to_polygon(v, q))
            .fold(f64::INFINITY, f64::min)
    };
    one_way(p, q).min(one_way(q, p))
}

/// The names of groups in order of first appearance.
pub fn groups<'a>(names: impl IntoIterator<Item = &'a String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in names {
        if !out.contains(name) {
            out.push(name.clone());
        }
    }
    out
}
