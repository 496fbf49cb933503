//! The points of a placed sprite nearest to a world point: of its solid texels (where a point
//! outside them lands when projected onto them), and of their edge (where a point inside them
//! must go to leave them).
//!
//! Both measure in the world, so a sprite scaled unevenly or sheared projects where it is drawn,
//! not where its texel grid would put it. Each texel is its closed square here: a point on an edge
//! with air beside it is on the solid texels, and a point on a seam between two solid texels is
//! inside them.

use glam::{DVec2, Vec2};

use super::shapes::{Local, push_children};
use crate::geom::stretches;
use crate::mask::Node;
use crate::sprite::Sprite;

impl Sprite<'_> {
    /// The world point of the solid texels nearest to world point `p`: `p` itself when it lies in
    /// or on one; `None` when the sprite covers no area or has no solid texel.
    ///
    /// The walk descends the mask's tree nearer box first and skips every box farther than the
    /// best point found, so its cost follows the part of the sprite near `p`; at most every node
    /// of the tree.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let block = Mask::from_fn(4, 4, |_, _| true).unwrap();
    /// let s = Sprite::new(&block, Affine2::from_scale(Vec2::splat(10.0)));
    /// assert_eq!(s.nearest_point(Vec2::new(60.0, 15.0)), Some(Vec2::new(40.0, 15.0)));
    /// assert_eq!(s.nearest_point(Vec2::new(5.0, 5.0)), Some(Vec2::new(5.0, 5.0)));
    /// ```
    pub fn nearest_point(&self, p: Vec2) -> Option<Vec2> {
        let local = self.world_to_local()?;
        if self.mask.is_empty() || !p.is_finite() {
            return None;
        }
        let p = p.as_dvec2();
        let (tree, bits) = (self.mask.tree(), self.mask.bits());
        let mut best = (f64::INFINITY, p);
        let mut stack: Vec<Node> = tree.root().into_iter().collect();
        let mut children = Vec::new();
        while let Some(n) = stack.pop() {
            if n.is_nothing() {
                continue;
            }
            let (d, at) = to_box(&local, p, n.texels());
            if d >= best.0 {
                continue;
            }
            if n.is_solid() {
                best = (d, at);
                if d == 0.0 {
                    break;
                }
                continue;
            }
            children.clear();
            push_children(&n, tree, bits, &mut children);
            // Farther first on the stack, so that the nearer is walked first and prunes more.
            let mut ranked: Vec<(f64, Node)> = children
                .iter()
                .map(|c| (to_box(&local, p, c.texels()).0, *c))
                .collect();
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
            stack.extend(ranked.into_iter().map(|(_, c)| c));
        }
        best.0.is_finite().then(|| best.1.as_vec2())
    }

    /// The world point of the edge of the solid texels nearest to world point `p`: for a point
    /// inside them, the nearest point of the air around it (air texels and the world outside the
    /// mask); for any other point, [`nearest_point`](Self::nearest_point). `None` when the sprite
    /// covers no area or has no solid texel.
    ///
    /// From inside, the texels are searched in rings about `p`'s texel until no nearer air can be
    /// left: the cost grows with the square of how deep `p` lies, at most every texel of the mask
    /// and the ring around it.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let block = Mask::from_fn(8, 4, |_, _| true).unwrap();
    /// let s = Sprite::new(&block, Affine2::IDENTITY);
    /// assert_eq!(s.nearest_edge_point(Vec2::new(2.0, 1.5)), Some(Vec2::new(2.0, 0.0)));
    /// assert_eq!(s.nearest_edge_point(Vec2::new(10.0, 1.0)), Some(Vec2::new(8.0, 1.0)));
    /// ```
    pub fn nearest_edge_point(&self, p: Vec2) -> Option<Vec2> {
        if !self.contains_point(p) {
            return self.nearest_point(p);
        }
        let local = self.world_to_local()?;
        let (pd, q) = (p.as_dvec2(), local.point(p.as_dvec2()));
        let (w, h) = (i64::from(self.mask.width()), i64::from(self.mask.height()));
        let (cx, cy) = (q.x.floor() as i64, q.y.floor() as i64);
        // Any point of a texel k rings out lies at least k - 1 texels away across the grid, which
        // the transform shrinks by at most its smallest stretch.
        let shortest = stretches(local.world.matrix2).1;
        let air = |x: i64, y: i64| !self.mask.is_solid(x, y);
        let mut best = (f64::INFINITY, pd);
        let rings = (cx + 1).max(w - cx).max(cy + 1).max(h - cy) + 1;
        for k in 0..=rings {
            if ((k - 1).max(0) as f64) * shortest >= best.0 {
                break;
            }
            for (x, y) in ring(cx, cy, k) {
                // The ring beyond the mask's edge holds all the outside air that can be nearest.
                if x < -1 || y < -1 || x > w || y > h || !air(x, y) {
                    continue;
                }
                let cell = [x, y, x + 1, y + 1].map(|v| v as f64);
                let (d, at) = to_box_f64(&local, pd, cell);
                if d < best.0 {
                    best = (d, at);
                }
            }
        }
        best.0.is_finite().then(|| best.1.as_vec2())
    }
}

/// The texels `k` rings about texel `(cx, cy)` (the texel itself for 0), each once.
fn ring(cx: i64, cy: i64, k: i64) -> impl Iterator<Item = (i64, i64)> {
    let side = (-k..=k).map(move |i| (cx + i, cy - k));
    let bottom = (-k..=k)
        .map(move |i| (cx + i, cy + k))
        .filter(move |_| k > 0);
    let left = (1 - k..k).map(move |j| (cx - k, cy + j));
    let right = (1 - k..k)
        .map(move |j| (cx + k, cy + j))
        .filter(move |_| k > 0);
    side.chain(bottom).chain(left).chain(right)
}

/// [`to_box_f64`] for a box of whole texels.
fn to_box(local: &Local, p: DVec2, [x0, y0, x1, y1]: [u32; 4]) -> (f64, DVec2) {
    to_box_f64(local, p, [x0, y0, x1, y1].map(f64::from))
}

/// The world distance from `p` to the closed box `[x0, x1] x [y0, y1]` of local space placed in the
/// world, and the nearest point of it.
fn to_box_f64(local: &Local, p: DVec2, [x0, y0, x1, y1]: [f64; 4]) -> (f64, DVec2) {
    let q = local.point(p);
    if q.x >= x0 && q.x <= x1 && q.y >= y0 && q.y <= y1 {
        return (0.0, p);
    }
    let w = &local.world;
    let corners = [
        DVec2::new(x0, y0),
        DVec2::new(x1, y0),
        DVec2::new(x1, y1),
        DVec2::new(x0, y1),
    ]
    .map(|c| w.transform_point2(c));
    let mut best = (f64::INFINITY, p);
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        let ab = b - a;
        let len2 = ab.length_squared();
        let t = if len2 > 0.0 {
            ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let at = a + ab * t;
        let d = at.distance(p);
        if d < best.0 {
            best = (d, at);
        }
    }
    best
}

/// The solid texels of `mask`, for the tests' brute force.
#[cfg(test)]
fn solid_texels(mask: &crate::mask::Mask) -> Vec<(u32, u32)> {
    (0..mask.height())
        .flat_map(|y| (0..mask.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| mask.is_solid(x, y))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mask::Mask;
    use glam::Affine2;
    use proptest::prelude::*;

    /// The nearest point of any of `cells` (closed unit squares of local space), by brute force.
    fn brute(s: &Sprite<'_>, p: Vec2, cells: &[(i64, i64)]) -> f64 {
        let local = s.world_to_local().unwrap();
        cells
            .iter()
            .map(|&(x, y)| {
                to_box_f64(&local, p.as_dvec2(), [x, y, x + 1, y + 1].map(|v| v as f64)).0
            })
            .fold(f64::INFINITY, f64::min)
    }

    fn transform() -> impl Strategy<Value = Affine2> {
        (
            -3.2f32..3.2,
            0.4f32..3.0,
            0.4f32..3.0,
            -0.8f32..0.8,
            prop::bool::ANY,
            -20.0f32..20.0,
            -20.0f32..20.0,
        )
            .prop_map(|(angle, sx, sy, shear, flip, tx, ty)| {
                let flip = if flip { -1.0 } else { 1.0 };
                Affine2::from_translation(Vec2::new(tx, ty))
                    * Affine2::from_angle(angle)
                    * Affine2::from_cols_array(&[sx * flip, 0.0, shear * sy, sy, 0.0, 0.0])
            })
    }

    fn mask() -> impl Strategy<Value = Mask> {
        (1u32..24, 1u32..24, any::<u64>(), 0.2f64..0.95).prop_filter_map(
            "some texel solid",
            |(w, h, seed, density)| {
                let mut state = seed | 1;
                Mask::from_fn(w, h, |_, _| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % 1000) as f64 / 1000.0 < density
                })
                .ok()
                .filter(|m| !m.is_empty())
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn nearest_point_is_the_nearest_solid_point_by_brute_force(
            m in mask(), t in transform(), px in -40.0f32..40.0, py in -40.0f32..40.0,
        ) {
            let s = Sprite::new(&m, t);
            let p = Vec2::new(px, py);
            let at = s.nearest_point(p).unwrap();
            let cells: Vec<(i64, i64)> =
                solid_texels(&m).into_iter().map(|(x, y)| (x as i64, y as i64)).collect();
            let want = brute(&s, p, &cells);
            prop_assert!((f64::from(at.distance(p)) - want).abs() <= 1e-3 * want.max(1.0));
            // The point found lies on a solid texel: its own distance to them is nothing.
            prop_assert!(brute(&s, at, &cells) <= 1e-3);
        }

        #[test]
        fn nearest_edge_point_is_the_nearest_air_from_inside_by_brute_force(
            m in mask(), t in transform(), fx in 0.0f32..1.0, fy in 0.0f32..1.0, pick in any::<prop::sample::Index>(),
        ) {
            let s = Sprite::new(&m, t);
            let solid = solid_texels(&m);
            let (x, y) = solid[pick.index(solid.len())];
            let p = t.transform_point2(Vec2::new(x as f32 + fx, y as f32 + fy));
            let at = s.nearest_edge_point(p).unwrap();
            if s.contains_point(p) {
                let (w, h) = (m.width() as i64, m.height() as i64);
                let air: Vec<(i64, i64)> = (-1..=h)
                    .flat_map(|y| (-1..=w).map(move |x| (x, y)))
                    .filter(|&(x, y)| !m.is_solid(x, y))
                    .collect();
                let want = brute(&s, p, &air);
                prop_assert!((f64::from(at.distance(p)) - want).abs() <= 1e-3 * want.max(1.0));
                prop_assert!(brute(&s, at, &air) <= 1e-3, "the edge point borders air");
            } else {
                prop_assert_eq!(Some(at), s.nearest_point(p));
            }
        }
    }

    #[test]
    fn degenerate_sprites_and_points_have_no_nearest_point() {
        let m = Mask::from_fn(3, 3, |_, _| true).unwrap();
        let flat = Sprite::new(&m, Affine2::from_scale(Vec2::new(1.0, 0.0)));
        assert_eq!(flat.nearest_point(Vec2::ZERO), None);
        assert_eq!(flat.nearest_edge_point(Vec2::ZERO), None);
        let s = Sprite::new(&m, Affine2::IDENTITY);
        assert_eq!(s.nearest_point(Vec2::NAN), None);
        assert_eq!(s.nearest_edge_point(Vec2::NAN), None);
    }
}
