//! A walk's first try for masks walked as bits: the point halfway through the lens where the circles
//! around both masks' solid texels overlap, looked up in each.

use glam::{DMat2, DVec2};

use super::frame::Pair;
use crate::geom::stretches;
use crate::mask::{Mask, Node};

impl Pair<'_> {
    /// The solid texel of each mask holding the middle of the lens where the circles around their
    /// solid texels overlap, when both are solid there and their boxes overlap as a walk tests them:
    /// two round sprites that overlap by much of their size meet there, found in two lookups instead
    /// of a walk down to the edges of their bit blocks. Symmetric, as the pair is ordered. Kept out
    /// of line: the walk of solid covers, which never asks, stays as small as it was.
    #[inline(never)]
    pub(crate) fn lens_hit(&self) -> Option<(Node, Node)> {
        let (ta, tb) = (self.a.tree(), self.b.tree());
        let ([ax, ay, ra], [bx, by, rb]) = (ta.reach, tb.reach);
        // Both circles in the first mask's texels: the second's radius grown by the largest stretch
        // of its mapping, so that it still holds every solid texel.
        let det = self.c0.perp_dot(self.c1);
        let stretch = stretches(DMat2::from_cols(self.c0, self.c1)).0;
        if det == 0.0 {
            return None;
        }
        let middle = lens_middle(
            DVec2::new(ax, ay),
            ra,
            self.t + self.c0 * bx + self.c1 * by,
            rb * stretch,
        )?;
        let in_a = solid_texel(self.a, middle)?;
        // The middle in the second mask's texels: `c0 u + c1 v = middle - t`, by Cramer's rule.
        let d = middle - self.t;
        let in_b = solid_texel(
            self.b,
            DVec2::new(d.perp_dot(self.c1), self.c0.perp_dot(d)) / det,
        )?;
        let (na, nb) = (
            Node::texel(in_a[0], in_a[1], ta.inset()),
            Node::texel(in_b[0], in_b[1], tb.inset()),
        );
        (!self.separated(&na, &nb)).then_some((na, nb))
    }
}

/// Halfway through the lens where the circle of radius `ra` about `a` and the one of radius `rb`
/// about `b` overlap, along the line of centres: between where `b`'s circle starts and `a`'s ends.
/// `None` when the centres coincide (no line) or are not numbers.
pub(crate) fn lens_middle(a: DVec2, ra: f64, b: DVec2, rb: f64) -> Option<DVec2> {
    let apart = b - a;
    let length = apart.length();
    (length > 0.0).then(|| a + apart * ((length - rb + ra) / (2.0 * length)))
}

/// The solid texel of `mask` holding point `q` (in its texels), if any.
#[inline]
fn solid_texel(mask: &Mask, q: DVec2) -> Option<[u32; 2]> {
    let inside =
        q.x >= 0.0 && q.y >= 0.0 && q.x < f64::from(mask.width()) && q.y < f64::from(mask.height());
    // Non-negative: truncation is the floor.
    let (x, y) = (q.x as u32, q.y as u32);
    (inside && mask.is_solid(x, y)).then_some([x, y])
}

#[cfg(test)]
mod tests {
    use glam::{Affine2, Vec2};

    use super::*;
    use crate::Sprite;

    /// Round masks with holes, walked as bits, as a crowd of turned sprites has them.
    fn holed_disc(side: u32, seed: u32) -> Mask {
        let r = side as f32 / 2.0;
        let holes: Vec<(f32, f32)> = (0..5)
            .map(|k| {
                let h = (seed * 7 + k * 13) % side;
                (h as f32, ((seed + k) * 11 % side) as f32)
            })
            .collect();
        Mask::from_fn(side, side, |x, y| {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            (px - r).hypot(py - r) < r - 0.5
                && holes.iter().all(|&(hx, hy)| (px - hx).hypot(py - hy) > 2.5)
        })
        .unwrap()
    }

    #[test]
    fn a_hit_at_the_lens_is_a_pair_of_solid_texels_the_walk_also_finds() {
        let masks: Vec<Mask> = (0..4).map(|k| holed_disc(16 + 16 * k, k)).collect();
        assert!(masks.iter().any(|m| m.tree().has_blocks));
        let (mut found, mut tried) = (0, 0);
        for k in 0..2000u32 {
            let f = |i: u32| {
                (k.wrapping_mul(2654435761).wrapping_add(i * 40503) % 10007) as f32 / 10007.0
            };
            let place = |i: u32| {
                Affine2::from_scale_angle_translation(
                    Vec2::new(
                        0.5 + 2.0 * f(i),
                        if f(i + 1) < 0.2 { -1.0 } else { 1.0 } * (0.5 + 2.0 * f(i + 2)),
                    ),
                    f(i + 3) * 6.3,
                    Vec2::new(f(i + 4) * 60.0, f(i + 5) * 60.0),
                )
            };
            let (ma, mb) = (&masks[k as usize % 4], &masks[(k as usize / 4) % 4]);
            let (a, b) = (Sprite::new(ma, place(10)), Sprite::new(mb, place(20)));
            let Some(pair) = Pair::new(a, b) else {
                continue;
            };
            tried += 1;
            let Some((na, nb)) = pair.lens_hit() else {
                continue;
            };
            found += 1;
            let ([xa, ya, ..], [xb, yb, ..]) = (na.texels(), nb.texels());
            assert!(
                pair.a.is_solid(xa, ya) && pair.b.is_solid(xb, yb),
                "case {k}"
            );
            let mut walked = false;
            pair.walk(|_, _| {
                walked = true;
                true
            });
            assert!(walked, "case {k}: the lens found a hit the walk does not");
            let other = Pair::new(b, a).unwrap().lens_hit();
            assert_eq!(other, Some((na, nb)), "case {k}: the other order");
        }
        assert!(found > tried / 10, "{found} lens hits of {tried} pairs");
    }
}
