//! The word-parallel path: two masks that meet axis-aligned on the texel grid.
//!
//! When the second mask's texels land exactly on the first one's (identity, flips or quarter turns at
//! scale 1 with an integral offset), the overlap of a row is the AND of its words: 64 texel pairs per
//! operation, with an early exit for a yes-or-no answer and a popcount for the area. Flipped rows are
//! read bit-reversed, and quarter turns are transposed 64 x 64 texels at a time, so every placement in
//! this class costs about as much as a plain translation.

use glam::{DVec2, IVec2};

use crate::mask::{Bits, Mask};

/// How texel (X, Y) of the first mask finds its partner (x, y) in the second: without `transpose`,
/// `x = sx * X + ox` and `y = sy * Y + oy`; with it, `x = sx * Y + ox` and `y = sy * X + oy`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aligned<'a> {
    a: Bits<'a>,
    b: Bits<'a>,
    transpose: bool,
    sx: i64,
    sy: i64,
    ox: i64,
    oy: i64,
}

/// What a scan over the shared rows looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// The first shared texel in row-major order of the first mask.
    First,
    /// How many texels are shared.
    Count,
    /// Which texels of the first mask are shared, as its row words.
    Collect,
}

/// What a scan found.
enum Found {
    First(IVec2),
    Count(u64),
    Words(Vec<u64>),
    Nothing,
}

/// Offsets farther than this are far outside any mask and not worth an exact integer test.
const FAR: f64 = (1u64 << 40) as f64;

impl<'a> Aligned<'a> {
    /// Recognises the placement of the second mask in the first one's space (`p = t + c0 x + c1 y`):
    /// `Some` when it maps texels onto texels exactly.
    #[inline]
    pub(crate) fn recognise(
        a: &'a Mask,
        b: &'a Mask,
        c0: DVec2,
        c1: DVec2,
        t: DVec2,
    ) -> Option<Self> {
        let unit = |v: DVec2| v.x.abs() + v.y.abs() == 1.0 && v.x * v.y == 0.0;
        if !(unit(c0) && unit(c1) && c0.dot(c1) == 0.0) {
            return None;
        }
        // Integral and near: compared through a cast, since `fract` may be a library call.
        let whole = |v: f64| v.abs() < FAR && v == (v as i64) as f64;
        if !(whole(t.x) && whole(t.y)) {
            return None;
        }
        // Texel centres map onto texel centres: (X + 1/2, Y + 1/2) = t + c0 (x + 1/2) + c1 (y + 1/2).
        // Solving each axis for the second mask's coordinate gives the signs and offsets below.
        let solve = |e: f64, t: f64| (e as i64, (e * (0.5 - t) - 0.5) as i64);
        let (transpose, (sx, ox), (sy, oy)) = if c0.y == 0.0 {
            (false, solve(c0.x, t.x), solve(c1.y, t.y))
        } else {
            (true, solve(c0.y, t.y), solve(c1.x, t.x))
        };
        Some(Aligned {
            a: a.bits(),
            b: b.bits(),
            transpose,
            sx,
            sy,
            ox,
            oy,
        })
    }

    /// The first shared texel of the first mask, in row-major order, or `None`.
    pub(crate) fn first(&self) -> Option<IVec2> {
        match self.scan(Goal::First) {
            Found::First(p) => Some(p),
            _ => None,
        }
    }

    /// How many texels the two masks share.
    pub(crate) fn count(&self) -> u64 {
        match self.scan(Goal::Count) {
            Found::Count(n) => n,
            _ => 0,
        }
    }

    /// The first mask's words, row after row (the layout [`Mask::from_row_words`] takes), with only the
    /// texels it shares with the second left set.
    pub(crate) fn shared_words(&self) -> Vec<u64> {
        match self.scan(Goal::Collect) {
            Found::Words(words) => words,
            _ => vec![0; self.a.words.len()],
        }
    }

    /// The range of the first mask's coordinate `X` for which `s * X + o` lies in `lo..hi`.
    fn preimage(lo: i64, hi: i64, s: i64, o: i64) -> (i64, i64) {
        if s > 0 {
            (lo - o, hi - o)
        } else {
            (o - hi + 1, o - lo + 1)
        }
    }

    fn scan(&self, goal: Goal) -> Found {
        let (a, b) = (&self.a, &self.b);
        // Rows and columns of the first mask that the second can reach at all.
        let (bx, by) = ((0, i64::from(b.width)), (0, i64::from(b.height)));
        let (cols, rows) = if self.transpose {
            (
                Self::preimage(by.0, by.1, self.sy, self.oy),
                Self::preimage(bx.0, bx.1, self.sx, self.ox),
            )
        } else {
            (
                Self::preimage(bx.0, bx.1, self.sx, self.ox),
                Self::preimage(by.0, by.1, self.sy, self.oy),
            )
        };
        let x0 = cols.0.max(0);
        let x1 = cols.1.min(i64::from(a.width));
        let y0 = rows.0.max(0);
        let y1 = rows.1.min(i64::from(a.height));
        if x0 >= x1 || y0 >= y1 {
            return Found::Nothing;
        }
        let (k0, k1) = ((x0 / 64) as usize, ((x1 - 1) / 64 + 1) as usize);
        if self.transpose {
            self.scan_transposed(goal, k0, k1, y0, y1)
        } else {
            self.scan_rows(goal, k0, k1, y0, y1)
        }
    }

    /// Rows of the first mask against rows of the second (identity and flips).
    fn scan_rows(&self, goal: Goal, k0: usize, k1: usize, y0: i64, y1: i64) -> Found {
        let (a, b) = (&self.a, &self.b);
        let start = 64 * k0 as i64 + self.ox;
        let shift = Shift::new(start, k1 - k0, b.strips);
        let mut count = 0u64;
        let mut out = collector(goal, a.words.len());
        // The rows at hand, read out of both masks' strips.
        let (mut whole_a, mut row_b) = (Row::new(a.strips), Row::new(b.strips));
        for y in y0..y1 {
            let row_a = &whole_a.read(a, y as u32)[k0..k1];
            let yb = self.sy * y + self.oy;
            let row_b = row_b.read(b, yb as u32);
            let shared = |i: usize, w: u64| -> u64 {
                if self.sx > 0 {
                    w & bits_at(row_b, start + 64 * i as i64)
                } else {
                    w & bits_at(row_b, self.ox - 64 * (k0 + i) as i64 - 63).reverse_bits()
                }
            };
            let fold = |init: u64, f: fn(u64, u64) -> u64| -> u64 {
                if self.sx > 0 {
                    shift.fold(row_a, row_b, init, f)
                } else {
                    (0..row_a.len()).fold(init, |acc, i| f(acc, shared(i, row_a[i])))
                }
            };
            match goal {
                Goal::First => {
                    if fold(0, |acc, s| acc | s) != 0 {
                        return first_in_row(row_a, shared, k0, y);
                    }
                }
                Goal::Count => count += fold(0, |acc, s| acc + u64::from(s.count_ones())),
                Goal::Collect => {
                    let row = &mut out[y as usize * a.strips + k0..][..row_a.len()];
                    for (i, w) in row.iter_mut().enumerate() {
                        *w = shared(i, row_a[i]);
                    }
                }
            }
        }
        finish(goal, count, out)
    }

    /// Rows of the first mask against columns of the second (quarter turns), 64 rows at a time.
    fn scan_transposed(&self, goal: Goal, k0: usize, k1: usize, y0: i64, y1: i64) -> Found {
        let (a, b) = (&self.a, &self.b);
        let mut count = 0u64;
        let mut out = collector(goal, a.words.len());
        let mut band = vec![[0u64; 64]; k1 - k0];
        let mut whole_a = Row::new(a.strips);
        let mut top = y0;
        while top < y1 {
            // The second mask's bits for first-mask rows top..top + 64: for each column X of word k, the
            // second mask's row sy * X + oy read along its columns sx * Y + ox, then transposed.
            for (k, block) in (k0..k1).zip(band.iter_mut()) {
                for (i, word) in block.iter_mut().enumerate() {
                    let yb = self.sy * (64 * k as i64 + i as i64) + self.oy;
                    *word = if (0..i64::from(b.height)).contains(&yb) {
                        let row = |k: usize| b.word(yb as u32, k);
                        if self.sx > 0 {
                            bits_in(row, b.strips, top + self.ox)
                        } else {
                            bits_in(row, b.strips, self.ox - top - 63).reverse_bits()
                        }
                    } else {
                        0
                    };
                }
                transpose64(block);
            }
            for y in top..(top + 64).min(y1) {
                let r = (y - top) as usize;
                let row_a = &whole_a.read(a, y as u32)[k0..k1];
                let shared = |i: usize, w: u64| w & band[i][r];
                match goal {
                    Goal::First => {
                        let any = (0..row_a.len()).fold(0, |acc, i| acc | shared(i, row_a[i]));
                        if any != 0 {
                            return first_in_row(row_a, shared, k0, y);
                        }
                    }
                    Goal::Count => {
                        count += (0..row_a.len())
                            .map(|i| u64::from(shared(i, row_a[i]).count_ones()))
                            .sum::<u64>();
                    }
                    Goal::Collect => {
                        let row = &mut out[y as usize * a.strips + k0..][..row_a.len()];
                        for (i, w) in row.iter_mut().enumerate() {
                            *w = shared(i, row_a[i]);
                        }
                    }
                }
            }
            top += 64;
        }
        finish(goal, count, out)
    }
}

/// Room for one row's words read out of a mask's strips: on the stack for masks up to 1024 texels
/// wide, so that a scan of small sprites allocates nothing.
enum Row {
    Stack([u64; 16], usize),
    Heap(Vec<u64>),
}

impl Row {
    fn new(words: usize) -> Self {
        if words <= 16 {
            Row::Stack([0; 16], words)
        } else {
            Row::Heap(vec![0; words])
        }
    }

    /// Row `y` of `bits`, read into this room.
    #[inline]
    fn read(&mut self, bits: &Bits<'_>, y: u32) -> &[u64] {
        let words = match self {
            Row::Stack(words, n) => &mut words[..*n],
            Row::Heap(words) => &mut words[..],
        };
        bits.row(y, words);
        words
    }
}

/// The buffer a collecting scan fills: the first mask's words, all clear; nothing for other goals.
fn collector(goal: Goal, words: usize) -> Vec<u64> {
    if goal == Goal::Collect {
        vec![0; words]
    } else {
        Vec::new()
    }
}

fn finish(goal: Goal, count: u64, out: Vec<u64>) -> Found {
    match goal {
        Goal::Count => Found::Count(count),
        Goal::Collect => Found::Words(out),
        Goal::First => Found::Nothing,
    }
}

/// The first shared texel of a row known to hold one.
fn first_in_row(row_a: &[u64], shared: impl Fn(usize, u64) -> u64, k0: usize, y: i64) -> Found {
    for (i, &w) in row_a.iter().enumerate() {
        let s = shared(i, w);
        if s != 0 {
            let x = 64 * (k0 + i) as u32 + s.trailing_zeros();
            return Found::First(IVec2::new(x as i32, y as i32));
        }
    }
    Found::Nothing
}

/// Bits `start..start + 64` of a row as one word (bit 0 is column `start`); columns outside the row
/// read as air.
#[inline(always)]
fn bits_at(row: &[u64], start: i64) -> u64 {
    bits_in(|k| row[k], row.len(), start)
}

/// [`bits_at`] for a row of `len` words read by `row`.
#[inline(always)]
fn bits_in(row: impl Fn(usize) -> u64, len: usize, start: i64) -> u64 {
    let q = start.div_euclid(64);
    let r = start.rem_euclid(64) as u32;
    let word = |i: i64| -> u64 {
        if (0..len as i64).contains(&i) {
            row(i as usize)
        } else {
            0
        }
    };
    // Written so that r = 0 needs no branch: (w << 1) << 63 is 0.
    (word(q) >> r) | ((word(q + 1) << 1) << (63 - r))
}

/// Where the words of a row of the second mask fall against `n` words of a row of the first, read
/// from column `start` of the second: the same for every row, so worked out once.
#[derive(Clone, Copy)]
struct Shift {
    /// Index of the second row's word under the first word, and the bit offset within it.
    q: i64,
    r: u32,
    /// Words `lo..hi` of the first row have both their partner words inside the second row.
    lo: usize,
    hi: usize,
    /// Outside those, at most two words meet any texel of the second row: the one whose upper
    /// partner is the second row's first word, and the one whose lower partner is its last word.
    left: Option<usize>,
    right: Option<usize>,
}

impl Shift {
    #[inline]
    fn new(start: i64, n: usize, words_b: usize) -> Self {
        let q = start.div_euclid(64);
        let lo = (-q).clamp(0, n as i64) as usize;
        let hi = (words_b as i64 - 1 - q).clamp(lo as i64, n as i64) as usize;
        let word = |i: i64| (0..n as i64).contains(&i).then_some(i as usize);
        Shift {
            q,
            r: start.rem_euclid(64) as u32,
            lo,
            hi,
            left: word(-q - 1),
            right: word(words_b as i64 - 1 - q),
        }
    }

    /// Folds `f` over the shared words `row_a[i] & bits_at(row_b, start + 64 i)` (in no particular
    /// order, for an `f` that does not care): the translation-only inner loop, the words whose
    /// partners lie wholly inside `row_b` in one branch-free pass the compiler can vectorise, and at
    /// most two part-words at the ends; every other word meets only air.
    #[inline(always)]
    fn fold(&self, row_a: &[u64], row_b: &[u64], init: u64, f: impl Fn(u64, u64) -> u64) -> u64 {
        let r = self.r;
        let mut acc = init;
        if let Some(i) = self.left {
            // Written so that r = 0 needs no branch: (w << 1) << 63 is 0.
            acc = f(acc, row_a[i] & ((row_b[0] << 1) << (63 - r)));
        }
        if let Some(i) = self.right {
            acc = f(acc, row_a[i] & (row_b[row_b.len() - 1] >> r));
        }
        if self.lo < self.hi {
            let n = self.hi - self.lo;
            let first = (self.q + self.lo as i64) as usize;
            let (b0, b1) = (&row_b[first..][..n], &row_b[first + 1..][..n]);
            acc = row_a[self.lo..self.hi]
                .iter()
                .zip(b0.iter().zip(b1))
                .fold(acc, |acc, (&w, (&p, &n))| {
                    f(acc, w & ((p >> r) | ((n << 1) << (63 - r))))
                });
        }
        acc
    }
}

/// Transposes a 64 x 64 bit matrix in place (row i, bit j becomes row j, bit i) by swapping ever
/// smaller off-diagonal blocks: 6 rounds of 32 word operations instead of 4,096 bit moves.
pub(crate) fn transpose64(m: &mut [u64; 64]) {
    let mut j = 32;
    let mut mask: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((m[k] >> j) ^ m[k + j]) & mask;
            m[k] ^= t << j;
            m[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        mask ^= mask << j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_moves_every_bit_across_the_diagonal() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut m = [0u64; 64];
        for w in m.iter_mut() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            *w = state;
        }
        let original = m;
        transpose64(&mut m);
        for (i, row) in original.iter().enumerate() {
            for (j, column) in m.iter().enumerate() {
                assert_eq!(column >> i & 1, row >> j & 1, "({i}, {j})");
            }
        }
    }

    #[test]
    fn bits_at_reads_across_words_and_outside_the_row() {
        let row = [0x8000_0000_0000_0001u64, 0b101];
        assert_eq!(bits_at(&row, 0), row[0]);
        assert_eq!(bits_at(&row, 63), 0b1011);
        assert_eq!(bits_at(&row, -1), row[0] << 1);
        assert_eq!(bits_at(&row, 64), 0b101);
        assert_eq!(bits_at(&row, 128), 0);
        assert_eq!(bits_at(&row, -64), 0);
        assert_eq!(bits_at(&row, -65), 0);
    }
}
