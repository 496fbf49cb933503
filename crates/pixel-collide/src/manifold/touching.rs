//! The normal of two sprites that only share edges or corners.

use glam::{Affine2, Vec2};

use crate::motion::push_out;
use crate::sprite::Sprite;

/// The eight unit directions, exactly symmetric.
const DIRECTIONS: [Vec2; 8] = {
    const D: f32 = std::f32::consts::FRAC_1_SQRT_2;
    [
        Vec2::new(1.0, 0.0),
        Vec2::new(D, D),
        Vec2::new(0.0, 1.0),
        Vec2::new(-D, D),
        Vec2::new(-1.0, 0.0),
        Vec2::new(-D, -D),
        Vec2::new(0.0, -1.0),
        Vec2::new(D, -D),
    ]
};

/// The normal at a point where the two sprites only share edges or corners: `s` is nudged a
/// thirty-second of a texel into `l` (along the open directions around the point seen from `s`, less
/// those seen from `l`), and the way out of that overlap that [`push_out`] finds is the normal, so
/// that a corner resting on a face gets the face's normal.
pub(super) fn touching_normal(s: &Sprite<'_>, l: &Sprite<'_>, p: Vec2, texel: f32) -> Vec2 {
    let eps = texel * (1.0 / 32.0);
    let open = |sp: &Sprite<'_>| {
        DIRECTIONS
            .iter()
            .filter(|&&d| !sp.contains_point(p + d * eps))
            .fold(Vec2::ZERO, |sum, &d| sum + d)
    };
    let guess = (open(s) - open(l))
        .try_normalize()
        .or_else(|| (l.bounds().center() - s.bounds().center()).try_normalize())
        .unwrap_or(Vec2::NEG_Y);
    let nudged = Sprite::new(s.mask, Affine2::from_translation(guess * eps) * s.transform);
    match push_out(nudged, *l) {
        Some(push) => (-push.offset).try_normalize().unwrap_or(guess),
        None => guess,
    }
}
