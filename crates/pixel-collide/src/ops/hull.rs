//! The convex hull of a mask's solid texels: the smallest convex polygon holding every solid
//! texel's square, whose corners are texel corners. A placed sprite's tight bounding box under any
//! rotation is its hull's, where the box of its texels' rectangle is up to twice as large.

use glam::Vec2;

use crate::mask::Mask;

impl Mask {
    /// The corners of the convex hull of the solid texels' squares (in texel space, each a texel
    /// corner), in order around it (counterclockwise with x right and y up, so clockwise as a
    /// y-down image shows it), without repeats or points in line; empty when no texel is solid.
    ///
    /// One pass over the mask's words finds each row's first and last solid texel, and the hull of
    /// those rows' four corners follows (Andrew's monotone chain): time linear in the words plus
    /// the rows' log, memory four points a row.
    ///
    /// ```
    /// use glam::Vec2;
    /// let plus = pixel_collide::Mask::from_fn(3, 3, |x, y| x == 1 || y == 1).unwrap();
    /// let hull = plus.convex_hull();
    /// assert_eq!(hull.len(), 8);
    /// assert!(hull.contains(&Vec2::new(1.0, 0.0)) && !hull.contains(&Vec2::new(0.0, 0.0)));
    /// assert!(pixel_collide::Mask::from_fn(2, 2, |_, _| false).unwrap().convex_hull().is_empty());
    /// ```
    pub fn convex_hull(&self) -> Vec<Vec2> {
        let (w, h) = (self.width() as usize, self.height() as usize);
        let words = self.strip_words();
        let strips = w.div_ceil(64);
        let mut points = Vec::new();
        for y in 0..h {
            let word = |k: usize| words[k * h + y];
            let Some(first) = (0..strips).find(|&k| word(k) != 0) else {
                continue;
            };
            let last = (first..strips)
                .rev()
                .find(|&k| word(k) != 0)
                .unwrap_or(first);
            let left = (first * 64) as u32 + word(first).trailing_zeros();
            let right = (last * 64) as u32 + 64 - word(last).leading_zeros();
            let (top, bottom) = (y as f32, y as f32 + 1.0);
            points.extend([
                Vec2::new(left as f32, top),
                Vec2::new(left as f32, bottom),
                Vec2::new(right as f32, top),
                Vec2::new(right as f32, bottom),
            ]);
        }
        monotone_chain(points)
    }
}

/// Andrew's monotone chain over `points`: the hull's corners in order, none in line.
fn monotone_chain(mut points: Vec<Vec2>) -> Vec<Vec2> {
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    // Coordinates are whole numbers below 2^24: the cross products are exact in f64.
    let cross = |o: Vec2, a: Vec2, b: Vec2| {
        let (o, a, b) = (o.as_dvec2(), a.as_dvec2(), b.as_dvec2());
        (a - o).perp_dot(b - o)
    };
    let mut hull: Vec<Vec2> = Vec::with_capacity(points.len() + 1);
    for pass in [
        &points[..],
        &points.iter().rev().copied().collect::<Vec<_>>()[..],
    ] {
        let start = hull.len();
        for &p in pass {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Every solid texel's corners lie in the hull (on it or inside), and every hull corner is
        /// a corner of a solid texel, turning the same way all round.
        #[test]
        fn the_hull_holds_every_solid_texel_and_is_made_of_their_corners(
            w in 1u32..150, h in 1u32..12, seed in any::<u64>(), density in 0.0f64..1.0,
        ) {
            let mut state = seed | 1;
            let m = Mask::from_fn(w, h, |_, _| {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17;
                (state % 1000) as f64 / 1000.0 < density
            }).unwrap();
            let hull = m.convex_hull();
            let solid: Vec<(u32, u32)> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| m.is_solid(x, y)).collect();
            if solid.is_empty() {
                prop_assert!(hull.is_empty());
                return Ok(());
            }
            let n = hull.len();
            let edge = |i: usize, p: Vec2| (hull[(i + 1) % n] - hull[i]).perp_dot(p - hull[i]);
            for &(x, y) in &solid {
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = Vec2::new((x + dx) as f32, (y + dy) as f32);
                    for i in 0..n {
                        prop_assert!(n < 3 || edge(i, p) >= 0.0, "corner {p} outside edge {i} of {hull:?}");
                    }
                }
            }
            for (i, c) in hull.iter().enumerate() {
                let is_corner = solid.iter().any(|&(x, y)| {
                    (c.x == x as f32 || c.x == x as f32 + 1.0) && (c.y == y as f32 || c.y == y as f32 + 1.0)
                });
                prop_assert!(is_corner, "{c} is no solid texel's corner");
                if n >= 3 {
                    prop_assert!(edge(i, hull[(i + 2) % n]) > 0.0, "a turn the other way, or points in line, at {i}");
                }
            }
        }
    }
}
