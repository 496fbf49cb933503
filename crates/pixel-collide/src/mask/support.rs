//! A mask's support function in a few directions: how far its solid texels reach along each, from
//! the middle of the interior. Bounded between the directions by the function's sublinearity, it
//! tells a broad phase, along the line joining two sprites, that their convex hulls lie apart.

use glam::DVec2;

/// How many directions, a full turn in equal steps, keep their reach.
pub(crate) const SUPPORT: usize = 32;

/// The reach of a mask's solid texels along each of [`SUPPORT`] directions, from a middle point, in
/// texels: at direction `k` (a turn of `k / SUPPORT` from +x towards +y), the largest
/// `(corner - middle) . u_k` over the corners of its solid texels, rounded up to an `f32`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Support([f32; SUPPORT]);

impl Support {
    /// No reach known: every bound is infinite, so nothing is ever told apart.
    pub(crate) const UNKNOWN: Support = Support([f32::INFINITY; SUPPORT]);

    /// The reach of the texels `outline` gives (enough that every solid texel with air on a side is
    /// among them: the farthest corner along any direction belongs to one), from `middle`.
    pub(crate) fn of(outline: impl Iterator<Item = [u32; 2]>, middle: [f64; 2]) -> Support {
        let mut reach = [f64::NEG_INFINITY; SUPPORT];
        let units: [DVec2; SUPPORT] = std::array::from_fn(unit);
        for [x, y] in outline {
            let centre = DVec2::new(
                f64::from(x) + 0.5 - middle[0],
                f64::from(y) + 0.5 - middle[1],
            );
            for (r, u) in reach.iter_mut().zip(&units) {
                // The texel's farthest corner along u.
                *r = r.max(centre.dot(*u) + 0.5 * (u.x.abs() + u.y.abs()));
            }
        }
        if reach[0] == f64::NEG_INFINITY {
            // No solid texel: nothing to reach, and nothing to tell apart.
            return Support::UNKNOWN;
        }
        Support(reach.map(|r| {
            // Rounded up, with a margin for the rounding of the units themselves.
            let v = (r + 1e-9 * (1.0 + r.abs())) as f32;
            if f64::from(v) < r { v.next_up() } else { v }
        }))
    }

    /// An upper bound of the reach along vector `v` (of any length, scaling the reach with it):
    /// `v` is a sum `alpha u_k + beta u_(k+1)` of the two directions around it with `alpha`,
    /// `beta` at least 0, and a support function is sublinear, so its reach is at most `alpha h_k +
    /// beta h_(k+1)`. Infinite for [`UNKNOWN`](Self::UNKNOWN).
    pub(crate) fn along(&self, v: DVec2) -> f64 {
        if self.0[0] == f32::INFINITY {
            return f64::INFINITY;
        }
        let step = std::f64::consts::TAU / SUPPORT as f64;
        let turn = v.y.atan2(v.x).rem_euclid(std::f64::consts::TAU);
        let k = ((turn / step) as usize).min(SUPPORT - 1);
        let (u, w) = (unit(k), unit((k + 1) % SUPPORT));
        let sin = u.perp_dot(w);
        // Rounding near the ends of the sector may leave a coefficient a hair below 0: clamped.
        let alpha = (v.perp_dot(w) / sin).max(0.0);
        let beta = (u.perp_dot(v) / sin).max(0.0);
        alpha * f64::from(self.0[k]) + beta * f64::from(self.0[(k + 1) % SUPPORT])
    }
}

/// Direction `k`: a turn of `k / SUPPORT` from +x towards +y.
fn unit(k: usize) -> DVec2 {
    DVec2::from_angle(k as f64 * std::f64::consts::TAU / SUPPORT as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_along_any_direction_holds_every_corner_and_is_tight_for_a_square() {
        // A ring of texels around a 9 x 6 rectangle, seen from a point off its middle.
        let outline: Vec<[u32; 2]> = (0..9u32)
            .flat_map(|x| (0..6u32).map(move |y| [x, y]))
            .filter(|&[x, y]| x == 0 || y == 0 || x == 8 || y == 5)
            .collect();
        let middle = [3.25, 2.5];
        let s = Support::of(outline.iter().copied(), middle);
        for i in 0..720 {
            let v = DVec2::from_angle(i as f64 * 0.5f64.to_radians()) * (0.3 + (i % 7) as f64);
            let far = [[0.0, 0.0], [9.0, 0.0], [0.0, 6.0], [9.0, 6.0]]
                .iter()
                .map(|c| (DVec2::new(c[0] - middle[0], c[1] - middle[1])).dot(v))
                .fold(f64::NEG_INFINITY, f64::max);
            let bound = s.along(v);
            assert!(bound >= far, "direction {i}: {bound} below {far}");
            // Between sample directions the bound is loose by at most the sector's spread.
            assert!(
                bound <= far + 0.2 * v.length() * 5.0,
                "direction {i}: {bound} far above {far}"
            );
        }
        assert_eq!(Support::UNKNOWN.along(DVec2::X), f64::INFINITY);
    }
}
