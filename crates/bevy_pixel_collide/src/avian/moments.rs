//! The moments of a mask's solid texels, from which its mass properties under any placement follow.

use bevy::math::{Affine2, Vec2};
use pixel_collide::Mask;

/// The texel count, the mean texel centre and the covariance of the texel centres of a mask, in
/// texel space: all that the mass properties under any affine placement need.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Moments {
    count: u64,
    mean: [f64; 2],
    /// Σ dx², Σ dx·dy, Σ dy² over the texel centres, about the mean, divided by the count.
    cov: [f64; 3],
}

impl Moments {
    /// The moments of `mask`'s solid texels, in two passes over them.
    pub(crate) fn of(mask: &Mask) -> Self {
        let Some(r) = mask.solid_bounds() else {
            return Self::default();
        };
        let (mut n, mut sx, mut sy) = (0u64, 0f64, 0f64);
        let solid = |f: &mut dyn FnMut(f64, f64)| {
            for y in r.y..r.y + r.h {
                for x in r.x..r.x + r.w {
                    if mask.is_solid(x, y) {
                        f(f64::from(x) + 0.5, f64::from(y) + 0.5);
                    }
                }
            }
        };
        solid(&mut |x, y| {
            n += 1;
            sx += x;
            sy += y;
        });
        let mean = [sx / n as f64, sy / n as f64];
        let mut cov = [0f64; 3];
        solid(&mut |x, y| {
            let (dx, dy) = (x - mean[0], y - mean[1]);
            cov[0] += dx * dx;
            cov[1] += dx * dy;
            cov[2] += dy * dy;
        });
        Self {
            count: n,
            mean,
            cov: cov.map(|c| c / n as f64),
        }
    }

    /// The number of solid texels.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// The area, centre of mass and angular inertia per unit mass about that centre, with the
    /// texels placed by `to_local`: each texel a parallelogram of edges u and v has its own
    /// (|u|² + |v|²) / 12, and the spread of the centres adds the covariance mapped through it.
    pub(crate) fn placed(&self, to_local: Affine2) -> (f32, Vec2, f32) {
        if self.count == 0 {
            return (0.0, Vec2::ZERO, 0.0);
        }
        let (u, v) = (
            to_local.matrix2.x_axis.as_dvec2(),
            to_local.matrix2.y_axis.as_dvec2(),
        );
        let area = self.count as f64 * (u.x * v.y - u.y * v.x).abs();
        let centre = to_local.transform_point2(Vec2::new(self.mean[0] as f32, self.mean[1] as f32));
        // E|u dx + v dy|² = |u|² E dx² + 2 u·v E dx dy + |v|² E dy².
        let spread = u.length_squared() * self.cov[0]
            + 2.0 * u.dot(v) * self.cov[1]
            + v.length_squared() * self.cov[2];
        let own = (u.length_squared() + v.length_squared()) / 12.0;
        (area as f32, centre, (spread + own) as f32)
    }
}
