//! Read access to a mask's words: the tight bounds of its squares and the runs and rectangle cover
//! of its rows, which the tree's build and the walks' bit blocks both scan.

use super::node::{Node, TAG_SOLID, TAG_SQUARE};

/// The side of a bit block, in texels: one word of a row.
pub(crate) const BLOCK: u32 = 64;

/// How many bits of `words` are set: compiled again for hardware popcount (and AVX-512's vector
/// popcount), chosen at run time, so that counting a mask built from words costs a few cycles a
/// word rather than the dozen of a portable bit count.
#[multiversion::multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+avx2+popcnt",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
))]
pub(crate) fn count_ones(words: &[u64]) -> u64 {
    words.iter().map(|w| u64::from(w.count_ones())).sum()
}

/// Read access to a mask's words, which the build and the walk's squares both scan.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits<'a> {
    /// How much smaller than their texels solid leaves are tested, per axis.
    pub(crate) inset: [f64; 2],
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// Strips of 64 columns.
    pub(crate) strips: usize,
    /// Strip after strip, a word per row: texel (x, y) is bit `x % 64` of word
    /// `x / 64 * height + y`.
    pub(crate) words: &'a [u64],
}

impl Bits<'_> {
    /// Word `k` of row `y`: texels `64 k..64 k + 64` of that row.
    #[inline(always)]
    pub(crate) fn word(&self, y: u32, k: usize) -> u64 {
        self.words[k * self.height as usize + y as usize]
    }

    /// Strip `k`: its word of every row, top to bottom.
    #[inline(always)]
    pub(crate) fn strip(&self, k: usize) -> &[u64] {
        let h = self.height as usize;
        &self.words[k * h..][..h]
    }

    /// Row `y`'s words, one per strip, into `out`, which holds [`strips`](Self::strips) words.
    #[inline]
    pub(crate) fn row(&self, y: u32, out: &mut [u64]) {
        for (k, w) in out.iter_mut().enumerate() {
            *w = self.word(y, k);
        }
    }

    /// Tight bounds of the solid texels in the `1 << log` square at (`sx`, `sy`) (aligned to its side),
    /// and whether all of them are solid; `None` when it holds none.
    ///
    /// One pass over its rows for a square of up to 64 texels, which never straddles two words of a
    /// row; a wider one (the blocks of a mask of one to three rows) is the union of its quarters and
    /// counts as partly solid.
    #[inline]
    pub(crate) fn square(&self, sx: u32, sy: u32, log: u32) -> Option<Node> {
        if sx >= self.width || sy >= self.height {
            return None;
        }
        if log > BLOCK.trailing_zeros() {
            return self.wide_square(sx, sy, log);
        }
        let size = 1u32 << log;
        let keep = if log >= 6 { !0u64 } else { (1u64 << size) - 1 };
        let (word, shift) = ((sx / 64) as usize, sx % 64);
        let end = (sy + size).min(self.height);
        let rows = &self.strip(word)[sy as usize..end as usize];
        let texels = |w: &u64| (*w >> shift) & keep;
        // Branch-free passes (OR for the bounds, AND for fullness) that the compiler vectorises;
        // only the first and last solid rows are found with a search, from each end.
        let any = rows.iter().map(texels).fold(0, |a, v| a | v);
        if any == 0 {
            return None;
        }
        let first = rows.iter().position(|w| texels(w) != 0).unwrap_or(0);
        let last = rows.iter().rposition(|w| texels(w) != 0).unwrap_or(0);
        let all = rows[first..=last].iter().map(texels).fold(!0, |a, v| a & v);
        let b = [
            sx + any.trailing_zeros(),
            sy + first as u32,
            sx + 64 - any.leading_zeros(),
            sy + last as u32 + 1,
        ];
        // Full when every row from the first solid one to the last holds the same unbroken run (an
        // empty row between them leaves nothing in `all`).
        let run = any >> any.trailing_zeros();
        // A run of all 64 bits is contiguous too: wrapping, not overflowing, when it adds one.
        let full = all == any && run & run.wrapping_add(1) == 0;
        let tag = if full { TAG_SOLID } else { TAG_SQUARE };
        Some(Node::new(b, tag, log, self.inset))
    }

    /// [`square`](Self::square) for a square wider than a word: its quarters' union, partly solid.
    #[cold]
    fn wide_square(&self, sx: u32, sy: u32, log: u32) -> Option<Node> {
        let half = 1u32 << (log - 1);
        let b = [(0, 0), (half, 0), (0, half), (half, half)]
            .into_iter()
            .filter_map(|(dx, dy)| self.square(sx + dx, sy + dy, log - 1))
            .map(|q| q.texels())
            .reduce(|a, q| {
                [
                    a[0].min(q[0]),
                    a[1].min(q[1]),
                    a[2].max(q[2]),
                    a[3].max(q[3]),
                ]
            })?;
        Some(Node::new(b, TAG_SQUARE, log, self.inset))
    }

    /// Tight bounds (x0, y0, x1, y1) of the solid texels, or `None` when none is: one pass over the
    /// words, the rows of a strip found only in strips that hold a solid texel.
    pub(crate) fn bounds(&self) -> Option<[u32; 4]> {
        let mut b: Option<[u32; 4]> = None;
        for k in 0..self.strips {
            let strip = self.strip(k);
            let any = strip.iter().fold(0, |acc, &w| acc | w);
            if any == 0 {
                continue;
            }
            let first = strip.iter().position(|&w| w != 0).unwrap_or(0) as u32;
            let last = strip.iter().rposition(|&w| w != 0).unwrap_or(0) as u32;
            let x = 64 * k as u32;
            let here = [
                x + any.trailing_zeros(),
                first,
                x + 64 - any.leading_zeros(),
                last + 1,
            ];
            b = Some(b.map_or(here, |o| {
                [
                    o[0].min(here[0]),
                    o[1].min(here[1]),
                    o[2].max(here[2]),
                    o[3].max(here[3]),
                ]
            }));
        }
        b
    }

    /// The solid runs `[start, end)` of row `y` within columns `from..to`.
    pub(crate) fn runs(&self, y: u32, from: u32, to: u32, out: &mut Vec<(u32, u32)>) {
        out.clear();
        let row = |k: usize| self.word(y, k);
        let mut x = from;
        while x < to {
            let Some(start) = next_bit(row, self.strips, x, to, true) else {
                break;
            };
            let end = next_bit(row, self.strips, start, to, false).unwrap_or(to);
            out.push((start, end));
            x = end;
        }
    }

    /// Disjoint rectangles covering the solid texels of `x0..x1` by `y0..y1`: each row's runs, merged
    /// with the rectangle above when they span exactly the same columns. `None` as soon as more than
    /// `limit` are needed, so the cost of trying is bounded by the limit, not by the content.
    pub(crate) fn cover(&self, b: [u32; 4], limit: usize) -> Option<Vec<[u32; 4]>> {
        let [x0, y0, x1, y1] = b;
        let mut cover: Vec<[u32; 4]> = Vec::new();
        // (start, end, index into cover) of the rectangles still growing downwards.
        let mut open: Vec<(u32, u32, usize)> = Vec::new();
        let mut next_open = Vec::new();
        let mut runs = Vec::new();
        for y in y0..y1 {
            self.runs(y, x0, x1, &mut runs);
            next_open.clear();
            let mut j = 0;
            for &(start, end) in &runs {
                while j < open.len() && open[j].0 < start {
                    j += 1;
                }
                if j < open.len() && open[j].0 == start && open[j].1 == end {
                    cover[open[j].2][3] += 1;
                    next_open.push(open[j]);
                    j += 1;
                } else {
                    if cover.len() == limit {
                        return None;
                    }
                    cover.push([start, y, end, y + 1]);
                    next_open.push((start, end, cover.len() - 1));
                }
            }
            std::mem::swap(&mut open, &mut next_open);
        }
        Some(cover)
    }
}

/// The first index in `from..to` whose bit equals `value`, in a row of `len` words read by `row`.
fn next_bit(
    row: impl Fn(usize) -> u64,
    len: usize,
    from: u32,
    to: u32,
    value: bool,
) -> Option<u32> {
    let flip = if value { 0 } else { !0u64 };
    let mut i = from as usize / 64;
    let mut word = (row(i) ^ flip) & (!0u64 << (from % 64));
    loop {
        if word != 0 {
            let x = i as u32 * 64 + word.trailing_zeros();
            return (x < to).then_some(x);
        }
        i += 1;
        if i >= len || i as u32 * 64 >= to {
            return None;
        }
        word = row(i) ^ flip;
    }
}

#[cfg(test)]
mod tests {
    use crate::mask::{Kind, Mask};

    fn mask(width: u32, height: u32, solid: impl FnMut(u32, u32) -> bool) -> Mask {
        Mask::from_fn(width, height, solid).unwrap()
    }

    #[test]
    fn square_bounds_are_tight_and_fullness_is_exact() {
        let m = mask(70, 9, |x, y| (3..7).contains(&x) && (2..5).contains(&y));
        let s = m.bits().square(0, 0, 3).unwrap();
        assert_eq!(s.texels(), [3, 2, 7, 5]);
        assert!(s.is_solid());
        assert_eq!(m.bits().square(8, 0, 3), None);
        let m = mask(8, 8, |x, y| (x == 1 || x == 3) && y < 2);
        let s = m.bits().square(0, 0, 3).unwrap();
        assert_eq!((s.texels(), s.kind()), ([1, 0, 4, 2], Kind::Square(3)));
        let m = mask(4, 4, |_, y| y != 1);
        let s = m.bits().square(0, 0, 2).unwrap();
        assert_eq!(
            s.kind(),
            Kind::Square(2),
            "a gap row makes the square partial"
        );
    }

    #[test]
    fn full_square_of_64_columns_is_solid_without_overflow() {
        let m = mask(130, 70, |x, y| x < 64 || (x + y) % 2 == 0);
        let s = m.bits().square(0, 0, 6).unwrap();
        assert!(s.is_solid());
        assert_eq!(s.texels(), [0, 0, 64, 64]);
    }
}
