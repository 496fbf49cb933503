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
    let (w, h) = (i64::from(lower.width()), i64::from(lower.height()));
    let low = lower.strip_words();
    out.clear();
    let rows = offset.1.max(0)..(offset.1 + i64::from(upper.height())).min(h);
    let cols = offset.0.max(0)..(offset.0 + i64::from(upper.width())).min(w);
    if rows.is_empty() || cols.is_empty() {
        match op {
            Layer::And => out.resize(low.len(), 0),
            Layer::Or | Layer::AndNot => out.extend_from_slice(low),
        }
        return out;
    }
    let (lh, uh) = (h as usize, upper.height() as usize);
    let (r0, r1) = (rows.start as usize, rows.end as usize);
    let ustrips = i64::from(upper.width().div_ceil(64));
    let up = upper.strip_words();
    // The upper mask's strip `k` (its words for rows `rows`, from the first), when there is one.
    let strip = |k: i64| {
        (0..ustrips).contains(&k).then(|| {
            let start = k as usize * uh + (rows.start - offset.1) as usize;
            &up[start..start + (r1 - r0)]
        })
    };
    // Rows the upper mask does not reach: kept, or cleared by AND.
    let untouched = |out: &mut Vec<u64>, words: &[u64]| match op {
        Layer::And => out.resize(out.len() + words.len(), 0),
        Layer::Or | Layer::AndNot => out.extend_from_slice(words),
    };
    let strips = (w + 63) / 64;
    for k in 0..strips {
        let words = &low[k as usize * lh..][..lh];
        // The upper mask's texels under this strip: from column `x` of its own, which straddles its
        // strips `ku` and `ku + 1` unless `x` is a multiple of 64.
        let x = 64 * k - offset.0;
        let (ku, bit) = (x.div_euclid(64), x.rem_euclid(64) as u32);
        let (lo, hi) = (strip(ku), strip(ku + 1));
        // The last strip's bits past the width stay 0, as the crate requires.
        let keep = match (k + 1 == strips, w % 64) {
            (true, r) if r != 0 => (1u64 << r) - 1,
            _ => u64::MAX,
        };
        untouched(&mut out, &words[..r0]);
        let under = Under { lo, hi, bit, keep };
        let inside = &words[r0..r1];
        match op {
            Layer::Or => under.lay(&mut out, inside, |w, b| w | b),
            Layer::AndNot => under.lay(&mut out, inside, |w, b| w & !b),
            Layer::And => under.lay(&mut out, inside, |w, b| w & b),
        }
        untouched(&mut out, &words[r1..]);
    }
    out
}

/// The upper mask's words under one strip of the lower one: its strips `lo` and `hi` (where they
/// exist), shifted right by `bit`, cut to `keep`.
struct Under<'a> {
    lo: Option<&'a [u64]>,
    hi: Option<&'a [u64]>,
    bit: u32,
    keep: u64,
}

impl Under<'_> {
    /// Appends `f(word, upper's word)` for each of `words` to `out`, one loop per case so that
    /// each compiles to straight-line word operations.
    #[inline(always)]
    fn lay(&self, out: &mut Vec<u64>, words: &[u64], f: impl Fn(u64, u64) -> u64) {
        let (bit, keep) = (self.bit, self.keep);
        match (self.lo, self.hi) {
            (Some(lo), _) if bit == 0 => {
                out.extend(words.iter().zip(lo).map(|(&w, &a)| f(w, a & keep)));
            }
            (Some(lo), Some(hi)) => out.extend(
                words
                    .iter()
                    .zip(lo.iter().zip(hi))
                    .map(|(&w, (&a, &b))| f(w, ((a >> bit) | (b << (64 - bit))) & keep)),
            ),
            (Some(lo), None) => {
                out.extend(words.iter().zip(lo).map(|(&w, &a)| f(w, (a >> bit) & keep)));
            }
            (None, Some(hi)) if bit != 0 => {
                out.extend(
                    words
                        .iter()
                        .zip(hi)
                        .map(|(&w, &b)| f(w, (b << (64 - bit)) & keep)),
                );
            }
            _ => out.extend(words.iter().map(|&w| f(w, 0))),
        }
    }
}
