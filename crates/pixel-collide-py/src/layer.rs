//! One mask laid on another at a whole-texel offset, a word at a time: pygame's `draw`, `erase` and
//! `overlap_mask`, in time proportional to the words of the mask written to.
//!
//! Both masks keep pygame's layout (strips of 64 columns, a word per row of a strip), so a word of
//! the lower mask takes its bits from at most two words of the upper one's row.

use pixel_collide::Mask;

/// How the upper mask's texels change the lower one's.
#[derive(Clone, Copy, Debug)]
pub enum Layer {
    /// Solid where either is (pygame's `draw`).
    Or,
    /// Solid where the lower is and the upper is not (pygame's `erase`).
    AndNot,
    /// Solid where both are (pygame's `overlap_mask`).
    And,
}

/// `lower`'s strip words with `upper` laid on them, `upper`'s texel (0, 0) on `lower`'s texel
/// `offset`, combined by `op`; the same size as `lower`, written into `out`, whose room for them
/// the caller has reserved (so that a failed allocation is an exception, not an abort).
pub fn layered(
    lower: &Mask,
    upper: &Mask,
    offset: (i64, i64),
    op: Layer,
    mut out: Vec<u64>,
) -> Vec<u64> {
    let (w, h) = (lower.width() as i64, lower.height() as i64);
    out.clear();
    out.extend_from_slice(lower.strip_words());
    let rows = offset.1.max(0)..(offset.1 + i64::from(upper.height())).min(h);
    let cols = offset.0.max(0)..(offset.0 + i64::from(upper.width())).min(w);
    if rows.is_empty() || cols.is_empty() {
        if let Layer::And = op {
            out.fill(0);
        }
        return out;
    }
    let (uh, ustrips) = (
        upper.height() as usize,
        i64::from(upper.width().div_ceil(64)),
    );
    let up = upper.strip_words();
    // The upper mask's 64 texels starting at its column `x` (any integer) in row `y`, as one word.
    let word_at = |x: i64, y: usize| -> u64 {
        let (k, bit) = (x.div_euclid(64), x.rem_euclid(64) as u32);
        let get = |k: i64| {
            if (0..ustrips).contains(&k) {
                up[k as usize * uh + y]
            } else {
                0
            }
        };
        if bit == 0 {
            get(k)
        } else {
            (get(k) >> bit) | (get(k + 1) << (64 - bit))
        }
    };
    let lh = h as usize;
    let strips = (w + 63) / 64;
    for k in 0..strips {
        // The last strip's bits past the width stay 0, as the crate requires.
        let keep = match (k + 1 == strips, w % 64) {
            (true, r) if r != 0 => (1u64 << r) - 1,
            _ => u64::MAX,
        };
        for y in 0..lh {
            let i = k as usize * lh + y;
            let bits = if rows.contains(&(y as i64)) {
                word_at(64 * k - offset.0, (y as i64 - offset.1) as usize) & keep
            } else {
                0
            };
            out[i] = match op {
                Layer::Or => out[i] | bits,
                Layer::AndNot => out[i] & !bits,
                Layer::And => out[i] & bits,
            };
        }
    }
    out
}
