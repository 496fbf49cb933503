//! The random masks and placements the property tests draw from.

use glam::{Affine2, Mat2, Vec2};
use pixel_collide::Mask;
use proptest::prelude::*;

/// A random mask up to `side` texels a side, about half solid.
pub fn mask(side: u32) -> impl Strategy<Value = Mask> {
    (1u32..=side, 1u32..=side).prop_flat_map(|(w, h)| {
        proptest::collection::vec(any::<bool>(), (w * h) as usize)
            .prop_map(move |bits| Mask::from_fn(w, h, |x, y| bits[(y * w + x) as usize]).unwrap())
    })
}

/// Any rotation, a scale from 1/4 to `max_scale` on each axis with flips, a shear of up to a half,
/// and a translation within `reach` of the origin on each axis.
pub fn placement(max_scale: f32, reach: f32) -> impl Strategy<Value = Affine2> {
    (
        0.0f32..std::f32::consts::TAU,
        (0.25f32..max_scale, 0.25f32..max_scale),
        (any::<bool>(), any::<bool>()),
        -0.5f32..0.5,
        (-reach..reach, -reach..reach),
    )
        .prop_map(|(angle, (sx, sy), (fx, fy), shear, (tx, ty))| {
            let scale = Vec2::new(if fx { -sx } else { sx }, if fy { -sy } else { sy });
            let linear = Mat2::from_angle(angle)
                * Mat2::from_cols(Vec2::X, Vec2::new(shear, 1.0))
                * Mat2::from_diagonal(scale);
            Affine2::from_mat2_translation(linear, Vec2::new(tx, ty))
        })
}
