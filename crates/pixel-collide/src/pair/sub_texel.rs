//! Two unturned, unscaled sprites a fraction of a texel off the grid: the overlap as at most four
//! whole-texel shifts, each a word-parallel scan.

use glam::Mat2;

use crate::sprite::Sprite;
use crate::words::shifted_overlaps_best;

/// Offsets farther than this are far outside any mask; the pair walk answers them.
const FAR: f64 = (1u64 << 40) as f64;

/// Whether two sprites placed by translation alone overlap, when their offset's fractional parts
/// are 0 or clear of the texel grid's lines: `None` otherwise (turned, scaled, not finite, far, or a
/// fraction so near a line that the pair walk's allowance for rounding decides).
///
/// Texel `(x, y)` of `a` and `(u, v)` of `b`, `b` offset by `d`, share area exactly when
/// `|x - u - d.x| < 1` and `|y - v - d.y| < 1`: along an axis whose fraction is 0 only the shift
/// `floor(d)` does, along one with a fraction in (0, 1) both `floor(d)` and `floor(d) + 1`, by at
/// least that fraction's distance from the grid. So the pair overlaps exactly when one of those
/// whole shifts does. Unturned sprites at fractional positions (any game that moves them by
/// velocities) are the commonest placement there is, and a scan of words at each shift takes fewer
/// steps than walking two masks' fine detail square by square.
pub(crate) fn sub_texel_overlaps(a: &Sprite<'_>, b: &Sprite<'_>) -> Option<bool> {
    if a.transform.matrix2 != Mat2::IDENTITY || b.transform.matrix2 != Mat2::IDENTITY {
        return None;
    }
    // Exact in f64: both translations are f32.
    let d = b.translation_f64() - a.translation_f64();
    if !(d.x.abs() < FAR && d.y.abs() < FAR) {
        return None;
    }
    // The pair walk counts an overlap thinner than about 1e-12 of a mask's side as touching only;
    // a fraction within a thousand times that of a line is left to it.
    let side = [
        a.mask.width(),
        a.mask.height(),
        b.mask.width(),
        b.mask.height(),
    ]
    .into_iter()
    .max()
    .map_or(1.0, f64::from);
    let clear = 1e-9 * side;
    // The first whole shift along an axis, and whether the next one shares area too.
    let axis = |v: f64| {
        let low = v.floor();
        let fraction = v - low;
        if fraction == 0.0 {
            Some((low as i64, 0))
        } else if fraction > clear && fraction < 1.0 - clear {
            Some((low as i64, 1))
        } else {
            None
        }
    };
    let ((x, more_x), (y, more_y)) = (axis(d.x)?, axis(d.y)?);
    Some(
        (0..=more_y)
            .any(|sy| (0..=more_x).any(|sx| shifted_overlaps_best(a.mask, b.mask, x + sx, y + sy))),
    )
}
