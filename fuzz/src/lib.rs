//! What the fuzz targets share: small masks and any placement drawn from the fuzzer's bytes, and the
//! brute-force oracles the queries are checked against (the property tests' own, by path).

use arbitrary::Unstructured;
use pixel_collide::glam::{Affine2, DVec2, Mat2, Vec2};
use pixel_collide::Mask;

#[path = "../../crates/pixel-collide/tests/support/geometry.rs"]
#[allow(dead_code)]
pub mod geometry;
pub use geometry::solid_quads;

/// The widest and tallest mask a differential target draws: every texel pair is checked by brute
/// force, so a case stays cheap.
pub const SIDE: u32 = 9;

/// A mask of 1 to `SIDE` texels a side, its texels from the input.
pub fn small_mask(u: &mut Unstructured<'_>) -> arbitrary::Result<Mask> {
    let w = u.int_in_range(1..=SIDE)?;
    let h = u.int_in_range(1..=SIDE)?;
    let density: u8 = u.arbitrary()?;
    let mut bits = vec![false; (w * h) as usize];
    for b in bits.iter_mut() {
        *b = u.arbitrary::<u8>()? <= density;
    }
    Ok(Mask::from_fn(w, h, |x, y| bits[(y * w + x) as usize]).expect("a small mask"))
}

/// A number as a fuzzer should try it: ordinary values most often, then the edges (zero, tiny, huge,
/// infinite, NaN) that a host may pass.
pub fn number(u: &mut Unstructured<'_>, ordinary: f32) -> arbitrary::Result<f32> {
    Ok(match u.int_in_range(0u8..=15)? {
        0 => 0.0,
        1 => f32::NAN,
        2 => f32::INFINITY,
        3 => f32::NEG_INFINITY,
        4 => 1e-30 * sign(u)?,
        5 => 1e20 * sign(u)?,
        6 => f32::from_bits(u.arbitrary()?),
        7 => u.int_in_range(-20i32..=20)? as f32 * 0.5,
        _ => (u.arbitrary::<i16>()? as f32 / i16::MAX as f32) * ordinary,
    })
}

fn sign(u: &mut Unstructured<'_>) -> arbitrary::Result<f32> {
    Ok(if u.arbitrary()? { 1.0 } else { -1.0 })
}

/// Any affine placement: turned, scaled, sheared, flipped, degenerate, huge or not finite.
pub fn placement(u: &mut Unstructured<'_>) -> arbitrary::Result<Affine2> {
    Ok(match u.int_in_range(0u8..=7)? {
        // A whole-texel or fractional shift alone, the aligned paths.
        0 => Affine2::from_translation(Vec2::new(number(u, 12.0)?, number(u, 12.0)?)),
        // Turned and scaled about the origin, then moved: a sprite as games place it.
        1..=4 => {
            let angle = number(u, 7.0)?;
            let scale = Vec2::new(number(u, 3.0)?, number(u, 3.0)?);
            Affine2::from_scale_angle_translation(
                scale,
                angle,
                Vec2::new(number(u, 12.0)?, number(u, 12.0)?),
            )
        }
        // Any matrix at all.
        _ => Affine2::from_mat2_translation(
            Mat2::from_cols_array(&[
                number(u, 3.0)?,
                number(u, 3.0)?,
                number(u, 3.0)?,
                number(u, 3.0)?,
            ]),
            Vec2::new(number(u, 12.0)?, number(u, 12.0)?),
        ),
    })
}

/// Whether a placement is one the oracles can judge: finite, of sizes a texel's corners keep in
/// `f32`, and far from singular. Others are only asked not to panic, hang or disagree with
/// themselves.
pub fn judged(t: Affine2) -> bool {
    let det = t.matrix2.determinant();
    t.is_finite()
        && det.abs() > 1e-3
        && t.matrix2.x_axis.length() < 50.0
        && t.matrix2.y_axis.length() < 50.0
        && t.translation.abs().max_element() < 1e4
}

/// The brute-force answer to "do the two overlap": `Some(true)` when some pair of solid texels
/// overlaps by more than `margin`, `Some(false)` when every pair is at least `margin` apart, `None`
/// in between, where rounding may decide either way.
pub fn overlap_oracle(a: &[[DVec2; 4]], b: &[[DVec2; 4]], margin: f64) -> Option<bool> {
    let mut near = false;
    for p in a {
        for q in b {
            let gap = geometry::sat_gap(p, q);
            if gap < -margin {
                return Some(true);
            }
            near |= gap < margin;
        }
    }
    if near {
        None
    } else {
        Some(false)
    }
}

/// Whether world point `p` lies within `margin` of some solid texel of `mask` placed by `t`.
pub fn near_solid(mask: &Mask, t: Affine2, p: Vec2, margin: f64) -> bool {
    solid_quads(mask, t)
        .iter()
        .any(|q| geometry::distance_to_polygon(p.as_dvec2(), q) <= margin)
}

/// Whether an error message keeps to one line, as every message of the project does.
pub fn one_line(message: &str) -> bool {
    !message.is_empty() && !message.contains(['\n', '\r'])
}
