//! The moments of a mask's solid texels: their count and the sums of their coordinates, squares and
//! products, exact, from which the centroid, the orientation and the area, centre of mass and angular
//! inertia under any placement follow (what a physics engine's mass properties need).

use glam::{Affine2, DVec2, Vec2};

use crate::mask::Mask;

/// The count of a mask's solid texels and the exact sums of their coordinates (x, y), squares and
/// products, in its texel space (texel indices, not centres): all that its centroid, its orientation
/// and its mass properties under any affine placement need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TexelMoments {
    /// How many texels are solid.
    pub count: u64,
    /// Σx and Σy over the solid texels.
    pub sum: (u128, u128),
    /// Σx², Σxy and Σy² over the solid texels.
    pub sum_products: [u128; 3],
}

/// A mask's area, centre of mass and angular inertia under a placement, at a density of one.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MassProperties {
    /// The area of the solid texels, in world units squared.
    pub area: f32,
    /// The centre of mass, where the placement puts it.
    pub center: Vec2,
    /// The angular inertia about the centre of mass per unit of mass.
    pub unit_angular_inertia: f32,
}

impl Mask {
    /// The moments of the solid texels, summed exactly in integers a word at a time (popcounts of
    /// bit-position masks, never a loop over texels); every sum fits for the largest masks.
    ///
    /// ```
    /// let m = pixel_collide::Mask::from_fn(4, 2, |x, _| x >= 2).unwrap();
    /// let t = m.moments();
    /// assert_eq!((t.count, t.sum, t.sum_products), (4, (10, 2), [26, 5, 2]));
    /// assert_eq!(t.mean(), Some((3.0, 1.0)));
    /// assert_eq!(t.covariance(), [0.25, 0.0, 0.25]);
    /// ```
    pub fn moments(&self) -> TexelMoments {
        // BIT_OF[j] holds the bit positions whose index has bit j set, so that the sum of the set
        // positions of a word is the sum over j of 2^j times a popcount.
        const BIT_OF: [u64; 6] = [
            0xAAAA_AAAA_AAAA_AAAA,
            0xCCCC_CCCC_CCCC_CCCC,
            0xF0F0_F0F0_F0F0_F0F0,
            0xFF00_FF00_FF00_FF00,
            0xFFFF_0000_FFFF_0000,
            0xFFFF_FFFF_0000_0000,
        ];
        let (mut n, mut sx_all, mut sy, mut sxx, mut sxy, mut syy) =
            (0u128, 0u128, 0u128, 0u128, 0u128, 0u128);
        for (k, y, w) in self.words_at() {
            let y = u128::from(y);
            if w == 0 {
                continue;
            }
            let count = u128::from(w.count_ones());
            let (mut s1, mut s2) = (0u128, 0u128);
            for (j, &bits_j) in BIT_OF.iter().enumerate() {
                let wj = w & bits_j;
                s1 += u128::from(wj.count_ones()) << j;
                s2 += u128::from(wj.count_ones()) << (2 * j);
                for (l, &bits_l) in BIT_OF.iter().enumerate().skip(j + 1) {
                    s2 += u128::from((wj & bits_l).count_ones()) << (j + l + 1);
                }
            }
            let base = 64 * k as u128;
            let sx = count * base + s1;
            n += count;
            sx_all += sx;
            sxx += count * base * base + 2 * base * s1 + s2;
            sy += count * y;
            syy += count * y * y;
            sxy += sx * y;
        }
        TexelMoments {
            count: n as u64,
            sum: (sx_all, sy),
            sum_products: [sxx, sxy, syy],
        }
    }
}

impl TexelMoments {
    /// The mean of the solid texels' centres (x, y), in texels; `None` when none is solid.
    pub fn mean(&self) -> Option<(f64, f64)> {
        let n = self.count as f64;
        (self.count > 0).then(|| (self.sum.0 as f64 / n + 0.5, self.sum.1 as f64 / n + 0.5))
    }

    /// The mean of dx², dx·dy and dy² over the solid texels, dx and dy measured from their mean; zero
    /// when none is solid. n Σab - Σa Σb is exact in integers (under 2^110 for the largest masks):
    /// only the final division rounds.
    pub fn covariance(&self) -> [f64; 3] {
        if self.count == 0 {
            return [0.0; 3];
        }
        let n = u128::from(self.count);
        let nn = (n as f64) * (n as f64);
        let (sx, sy) = self.sum;
        let [sxx, sxy, syy] = self.sum_products;
        let central = |sab: u128, sa: u128, sb: u128| {
            let (p, q) = (n * sab, sa * sb);
            if p >= q {
                (p - q) as f64 / nn
            } else {
                -((q - p) as f64 / nn)
            }
        };
        [
            central(sxx, sx, sx),
            central(sxy, sx, sy),
            central(syy, sy, sy),
        ]
    }

    /// The area, centre of mass and angular inertia with the texels placed by `transform`: each texel
    /// a parallelogram of edges u and v has its own (|u|² + |v|²) / 12 per unit mass, and the spread of
    /// the centres adds the covariance mapped through the placement.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// let m = pixel_collide::Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let p = m.moments().placed(Affine2::from_scale(Vec2::splat(3.0)));
    /// // A 6 x 6 square: area 36, centre (3, 3), (6² + 6²) / 12 = 6 per unit mass.
    /// assert_eq!((p.area, p.center, p.unit_angular_inertia), (36.0, Vec2::splat(3.0), 6.0));
    /// ```
    pub fn placed(&self, transform: Affine2) -> MassProperties {
        let Some((mx, my)) = self.mean() else {
            return MassProperties::default();
        };
        let (u, v) = (
            transform.matrix2.x_axis.as_dvec2(),
            transform.matrix2.y_axis.as_dvec2(),
        );
        let area = self.count as f64 * (u.x * v.y - u.y * v.x).abs();
        let center =
            transform.matrix2.as_dmat2() * DVec2::new(mx, my) + transform.translation.as_dvec2();
        let [cxx, cxy, cyy] = self.covariance();
        // E|u dx + v dy|² = |u|² E dx² + 2 u·v E dx dy + |v|² E dy².
        let spread = u.length_squared() * cxx + 2.0 * u.dot(v) * cxy + v.length_squared() * cyy;
        let own = (u.length_squared() + v.length_squared()) / 12.0;
        MassProperties {
            area: area as f32,
            center: center.as_vec2(),
            unit_angular_inertia: (spread + own) as f32,
        }
    }
}
