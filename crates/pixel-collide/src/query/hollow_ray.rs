//! A ray cast that treats a sprite as hollow: from outside it enters as [`Sprite::raycast`]'s ray
//! does, and from inside it reports where it leaves the solid texels (what a physics engine's ray
//! cast with `solid = false` answers).

use glam::{DVec2, Vec2};

use super::shapes::RayHit;
use crate::sprite::Sprite;

impl Sprite<'_> {
    /// The first place a ray from world point `origin` along `direction` crosses the edge of the
    /// solid texels within `max_distance`: where it enters them ([`raycast`](Self::raycast)) when
    /// it starts outside, where it leaves them when it starts inside (by the seam rule, a seam
    /// between two solid texels is inside). Leaving, the normal is the outward normal of the face it
    /// leaves through (pointing along the ray, out of the solid texels), and a ray that only passes
    /// through a corner between solid texels stays inside.
    ///
    /// From inside, the ray steps from texel to texel: at most the mask's width plus its height.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let block = Mask::from_fn(10, 4, |_, _| true).unwrap();
    /// let s = Sprite::new(&block, Affine2::IDENTITY);
    /// let out = s.raycast_hollow(Vec2::new(2.5, 2.0), Vec2::X, 100.0).unwrap();
    /// assert_eq!((out.point, out.distance, out.normal), (Vec2::new(10.0, 2.0), 7.5, Vec2::X));
    /// assert!(s.raycast_hollow(Vec2::new(2.5, 2.0), Vec2::X, 7.0).is_none());
    /// assert_eq!(s.raycast_hollow(Vec2::new(-5.0, 2.0), Vec2::X, 100.0), s.raycast(Vec2::new(-5.0, 2.0), Vec2::X, 100.0));
    /// ```
    pub fn raycast_hollow(
        &self,
        origin: Vec2,
        direction: Vec2,
        max_distance: f32,
    ) -> Option<RayHit> {
        if !self.contains_point(origin) {
            return self.raycast(origin, direction, max_distance);
        }
        let local = self.world_to_local()?;
        let length = direction.as_dvec2().length();
        if !(length > 0.0 && length.is_finite() && max_distance >= 0.0) {
            return None;
        }
        let (p, d) = (
            local.point(origin.as_dvec2()),
            local.inverse.transform_vector2(direction.as_dvec2()),
        );
        let limit = f64::from(max_distance) / length;
        let (s, axis) = self.exit(p, d, limit)?;
        let mut n = DVec2::ZERO;
        n[axis] = d[axis].signum();
        let normal = (local.inverse.matrix2.transpose() * n).normalize();
        Some(RayHit {
            point: local.world.transform_point2(p + d * s).as_vec2(),
            distance: (s * length) as f32,
            normal: normal.as_vec2(),
        })
    }

    /// Where the ray `p + s d` (local, starting inside) first leaves the solid texels, no later than
    /// `limit`: the parameter and the axis of the grid line it crosses there.
    fn exit(&self, p: DVec2, d: DVec2, limit: f64) -> Option<(f64, usize)> {
        let mask = self.mask;
        // The columns (and rows) the ray runs in: two along a grid line it runs on, where both
        // sides must be solid for it to be inside.
        let lanes = |k: usize| -> (i64, bool) {
            let f = p[k].floor();
            if d[k] == 0.0 {
                (f as i64, p[k] == f)
            } else if p[k] == f && d[k] < 0.0 {
                (f as i64 - 1, false)
            } else {
                (f as i64, false)
            }
        };
        let ((mut x, seam_x), (mut y, seam_y)) = (lanes(0), lanes(1));
        let solid = |x: i64, y: i64| {
            let xs: &[i64] = if seam_x { &[x - 1, x] } else { &[x] };
            let ys: &[i64] = if seam_y { &[y - 1, y] } else { &[y] };
            ys.iter().all(|&y| xs.iter().all(|&x| mask.is_solid(x, y)))
        };
        let step = |k: usize| if d[k] > 0.0 { 1 } else { -1 };
        let next = |k: usize, cell: i64| {
            if d[k] == 0.0 {
                f64::INFINITY
            } else {
                let edge = if d[k] > 0.0 { cell + 1 } else { cell } as f64;
                (edge - p[k]) / d[k]
            }
        };
        let steps = u64::from(mask.width()) + u64::from(mask.height()) + 4;
        for _ in 0..steps {
            let (tx, ty) = (next(0, x), next(1, y));
            let s = tx.min(ty);
            if s.is_nan() || s > limit {
                return None;
            }
            // Through a corner: the texel diagonally beyond decides, and the face reported is the
            // one whose neighbour is air, if either is.
            let axis = if tx < ty {
                x += step(0);
                0
            } else if ty < tx {
                y += step(1);
                1
            } else {
                let side_x_air = !solid(x + step(0), y);
                x += step(0);
                y += step(1);
                if side_x_air { 0 } else { 1 }
            };
            if !solid(x, y) {
                return Some((s, axis));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use glam::Affine2;
    use proptest::prelude::*;

    use crate::Mask;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// From inside, the ray is inside just before the reported exit and outside just after it
        /// (sampled), and never outside before it.
        #[test]
        fn a_ray_from_inside_leaves_where_the_samples_say(
            w in 1u32..20, h in 1u32..20, seed in any::<u64>(),
            angle in -3.2f32..3.2, sx in 0.5f32..3.0, sy in 0.5f32..3.0,
            dir in -3.2f32..3.2, fx in 0.05f32..0.95, fy in 0.05f32..0.95, pick in any::<prop::sample::Index>(),
        ) {
            let mut state = seed | 1;
            let m = Mask::from_fn(w, h, |_, _| {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17;
                !state.is_multiple_of(4)
            }).unwrap();
            let solid: Vec<(u32, u32)> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| m.is_solid(x, y)).collect();
            prop_assume!(!solid.is_empty());
            let (x, y) = solid[pick.index(solid.len())];
            let t = Affine2::from_angle(angle) * Affine2::from_scale(Vec2::new(sx, sy));
            let s = Sprite::new(&m, t);
            let origin = t.transform_point2(Vec2::new(x as f32 + fx, y as f32 + fy));
            let direction = Vec2::from_angle(dir);
            let hit = s.raycast_hollow(origin, direction, 1e4).expect("every ray leaves a mask");
            let at = |distance: f32| origin + direction * distance;
            let eps = 1e-3;
            // Just after the exit, in `f64` and past the `f32` rounding of the distance (a few ulps):
            // a ray that leaves near a corner may cross the air texel there in far less than `eps`
            // (a ten thousandth of a texel, say) before the next solid one.
            let past = f64::from(hit.distance) * (1.0 + 1e-6) + 1e-6;
            let local = t
                .as_daffine2()
                .inverse()
                .transform_point2(origin.as_dvec2() + direction.as_dvec2() * past);
            prop_assert!(
                !m.is_solid(local.x.floor() as i64, local.y.floor() as i64),
                "outside just after the exit"
            );
            prop_assert!(hit.distance < eps || s.contains_point(at(hit.distance - eps)), "inside just before");
            for k in 0..200 {
                let d = hit.distance * k as f32 / 200.0;
                prop_assert!(d > hit.distance - eps || s.contains_point(at(d)), "left before the exit at {d}");
            }
            prop_assert!((hit.point - at(hit.distance)).length() < 1e-3);
            prop_assert!((hit.normal.length() - 1.0).abs() < 1e-4 && hit.normal.dot(direction) > 0.0);
        }
    }
}
