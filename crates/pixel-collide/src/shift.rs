//! The plain translation's word loops: one mask's texel (x, y) on the other's (x + dx, y + dy).
//!
//! Two masks at most 64 texels wide (the sprites games are made of) hold one word per row, so their
//! shared rows are two contiguous runs of words and a row costs two loads, a shift and an AND: the
//! shape of pygame's strip loop, with no setup beyond the overlap's rows. A yes-or-no answer ORs
//! eight rows before it looks, so the loop branches once per eight rows and stays in wide registers.
//! Wider masks are read a word column at a time while both fit the first-level cache (pygame's strip
//! order: a yes-or-no answer by strip pairs, a count by each column of one mask against both its
//! partners in the other in one pass), and row by row through [`Shift`], whose words the compiler can
//! vectorise, past it.
//!
//! Counting and long scans are compiled a second time for CPUs with hardware popcount and AVX2 or
//! AVX-512 and chosen at run time ([`multiversion`]); short yes-or-no scans stay on the portable code,
//! where the dispatch would cost more than it saves. [`Portable`] forces the portable code, so tests
//! cover both.

use multiversion::multiversion;

use super::aligned::Shift;
use super::mask::Mask;

/// Rows folded between two looks at the answer in a yes-or-no loop.
const BLOCK: usize = 8;

/// Words below which a yes-or-no scan stays on the portable code.
const DISPATCH_WORDS: usize = 512;

/// Which code runs the loops: the best the CPU offers, or the portable code alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Code {
    /// Chosen at run time from the CPU's features.
    Best,
    /// The portable code only (what a CPU without the extensions runs).
    #[cfg_attr(not(test), allow(dead_code))]
    Portable,
}

impl Mask {
    /// Whether `other`, its top-left texel placed on this mask's texel `offset`, shares a solid
    /// texel with this mask: pygame's `Mask.overlap` as a yes or no, on whole texels.
    ///
    /// The same answer as [`crate::overlaps`] for two unrotated, unscaled sprites that far apart,
    /// without their transforms: the cheapest question the crate answers.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
    /// assert!(square.overlaps_at(&square, (3, -3)));
    /// assert!(!square.overlaps_at(&square, (4, 0)), "edge to edge");
    /// ```
    #[inline]
    pub fn overlaps_at(&self, other: &Mask, offset: (i32, i32)) -> bool {
        shifted_overlaps(
            self,
            other,
            i64::from(offset.0),
            i64::from(offset.1),
            Code::Best,
        )
    }

    /// How many solid texels this mask shares with `other` placed at `offset` (as in
    /// [`Mask::overlaps_at`]): pygame's `Mask.overlap_area`.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
    /// assert_eq!(square.overlap_area_at(&square, (2, 3)), 2);
    /// ```
    #[inline]
    pub fn overlap_area_at(&self, other: &Mask, offset: (i32, i32)) -> u64 {
        shifted_count(
            self,
            other,
            i64::from(offset.0),
            i64::from(offset.1),
            Code::Best,
        )
    }
}

/// A mask's rows of words, all the loops read.
#[derive(Clone, Copy)]
struct Rows<'a> {
    width: i64,
    height: i64,
    /// Words per row.
    stride: usize,
    words: &'a [u64],
}

impl<'a> Rows<'a> {
    #[inline(always)]
    fn of(mask: &'a Mask) -> Self {
        let bits = mask.bits();
        Rows {
            width: i64::from(bits.width),
            height: i64::from(bits.height),
            stride: bits.words_per_row,
            words: bits.words,
        }
    }
}

/// Whether `b` at (`dx`, `dy`) shares a solid texel with `a`.
#[inline]
pub(crate) fn shifted_overlaps(a: &Mask, b: &Mask, dx: i64, dy: i64, code: Code) -> bool {
    let (a, b) = (Rows::of(a), Rows::of(b));
    let Some(span) = Span::of(a, b, dx, dy) else {
        return false;
    };
    if a.stride == 1 && b.stride == 1 {
        let (ra, rb) = span.single(a, b);
        if code == Code::Best && ra.len() >= DISPATCH_WORDS {
            return single_any_fast(ra, rb, dx);
        }
        return single_any(ra, rb, dx);
    }
    wide_overlaps(a, b, span, dx, code)
}

/// [`shifted_overlaps`] for masks wider than one word, out of line so the narrow path stays small.
#[inline(never)]
fn wide_overlaps(a: Rows<'_>, b: Rows<'_>, span: Span, dx: i64, code: Code) -> bool {
    // Two sprites that overlap deeply usually share a texel in the first shared row: one pass over
    // that row's words answers them before any column setup, and costs a scan that finds nothing
    // a row's worth of words.
    let (ra, rb) = (span.y0 * a.stride, span.by0 * b.stride);
    let first = &b.words[rb..rb + b.stride];
    for k in span.k0..span.k1 {
        if a.words[ra + k] & Partners::new(k, dx, b.stride).moved(first, 0) != 0 {
            return true;
        }
    }
    if code == Code::Best && span.words() >= DISPATCH_WORDS {
        rows_any_fast(a, b, span, dx)
    } else {
        rows_any(a, b, span, dx)
    }
}

/// How many solid texels `a` and `b` at (`dx`, `dy`) share.
#[inline]
pub(crate) fn shifted_count(a: &Mask, b: &Mask, dx: i64, dy: i64, code: Code) -> u64 {
    let (a, b) = (Rows::of(a), Rows::of(b));
    let Some(span) = Span::of(a, b, dx, dy) else {
        return 0;
    };
    if a.stride == 1 && b.stride == 1 {
        let (ra, rb) = span.single(a, b);
        return match code {
            Code::Best => single_count_fast(ra, rb, dx),
            Code::Portable => single_count(ra, rb, dx),
        };
    }
    match code {
        Code::Best => rows_count_fast(a, b, span, dx),
        Code::Portable => rows_count(a, b, span, dx),
    }
}

/// The rows and word columns two translated masks share.
#[derive(Clone, Copy)]
struct Span {
    /// Shared rows, in `a`'s rows.
    y0: usize,
    y1: usize,
    /// `b`'s row at `a`'s row `y0`.
    by0: usize,
    /// `a`'s word columns that meet `b`.
    k0: usize,
    k1: usize,
}

impl Span {
    #[inline(always)]
    fn of(a: Rows<'_>, b: Rows<'_>, dx: i64, dy: i64) -> Option<Self> {
        let x0 = dx.max(0);
        let x1 = (dx + b.width).min(a.width);
        let y0 = dy.max(0);
        let y1 = (dy + b.height).min(a.height);
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        Some(Span {
            y0: y0 as usize,
            y1: y1 as usize,
            by0: (y0 - dy) as usize,
            k0: (x0 / 64) as usize,
            k1: ((x1 - 1) / 64 + 1) as usize,
        })
    }

    /// For two masks of one word per row: their shared rows' words. The overlap is not empty, so
    /// both are at most 64 wide and |dx| < 64.
    #[inline(always)]
    fn single<'a>(&self, a: Rows<'a>, b: Rows<'a>) -> (&'a [u64], &'a [u64]) {
        let rows = self.y1 - self.y0;
        (
            &a.words[self.y0..self.y1],
            &b.words[self.by0..self.by0 + rows],
        )
    }

    /// How many word pairs a scan of every shared row reads.
    fn words(&self) -> usize {
        (self.y1 - self.y0) * (self.k1 - self.k0)
    }

    /// Whether the shared rows of both masks fit in a core's first-level cache, where reading them a
    /// word column at a time costs nothing extra; larger spans are read row by row.
    fn fits_cache(&self, a: Rows<'_>, b: Rows<'_>) -> bool {
        const L1_WORDS: usize = 4096;
        (self.y1 - self.y0) * (a.stride + b.stride) <= L1_WORDS
    }

    /// Folds `f` over every shared word, row by row, `done` asked every [`BLOCK`] rows: the order
    /// for spans larger than the cache.
    #[inline(always)]
    fn fold_rows(
        &self,
        a: Rows<'_>,
        b: Rows<'_>,
        dx: i64,
        f: impl Fn(u64, u64) -> u64,
        done: impl Fn(u64) -> bool,
    ) -> u64 {
        let (wa, wb, n) = (a.stride, b.stride, self.k1 - self.k0);
        let shift = Shift::new(64 * self.k0 as i64 - dx, n, wb);
        let mut ia = self.y0 * wa + self.k0;
        let mut ib = self.by0 * wb;
        let mut acc = 0;
        let mut left = self.y1 - self.y0;
        // Rows between looks double from one to a block: a wide row is many words, so an answer in
        // the first rows is seen at once, and a long scan still looks only once per block.
        let mut block = 1;
        while left > 0 {
            for _ in 0..left.min(block) {
                acc = shift.fold(&a.words[ia..ia + n], &b.words[ib..ib + wb], acc, &f);
                ia += wa;
                ib += wb;
            }
            left = left.saturating_sub(block);
            block = (2 * block).min(BLOCK);
            if done(acc) {
                break;
            }
        }
        acc
    }

    /// Runs `pass` over every pair of a word column of `a` and a word column of `b` whose bits fall
    /// under it (pygame's strip pairs), with the shared rows of both and how `b`'s word moves onto
    /// `a`'s, until it returns true. The two partners of a column hold disjoint bits, so their
    /// passes add up to the column's.
    #[inline(always)]
    fn pairs(
        &self,
        a: Rows<'_>,
        b: Rows<'_>,
        dx: i64,
        mut pass: impl FnMut(Strips<'_>, i64) -> bool,
    ) -> bool {
        let rows = self.y1 - self.y0;
        let (wa, wb) = (a.stride, b.stride);
        let ra = &a.words[self.y0 * wa..self.y1 * wa];
        let rb = &b.words[self.by0 * wb..(self.by0 + rows) * wb];
        let r = (-dx).rem_euclid(64);
        for k in self.k0..self.k1 {
            // b's texel column under a's word k starts at 64 k - dx: in b's word q, at bit r.
            let q = (64 * k as i64 - dx).div_euclid(64);
            for (j, moved) in [(q, -r), (q + 1, 64 - r)] {
                if (0..wb as i64).contains(&j) && moved != 64 {
                    let strips = Strips {
                        a: ra,
                        wa,
                        k,
                        b: rb,
                        wb,
                        j: j as usize,
                    };
                    if pass(strips, moved) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Where `b`'s texels fall on `a`'s word column `k`: the upper bits of `b`'s word `lo` and the
/// lower bits of its word `hi` of the same row. Both partners are read in one pass (one shift
/// each), so a column costs one loop where pygame's strip pairs take two; a partner outside `b`'s
/// row is read clamped and masked to nothing, which keeps the loop free of branches.
#[derive(Clone, Copy)]
struct Partners {
    lo: usize,
    hi: usize,
    keep_lo: u64,
    keep_hi: u64,
    r: u32,
}

impl Partners {
    #[inline(always)]
    fn new(k: usize, dx: i64, wb: usize) -> Self {
        let start = 64 * k as i64 - dx;
        let (q, r) = (start >> 6, (start & 63) as u32);
        let wb = wb as i64;
        let inside = |j: i64| (0..wb).contains(&j);
        let clamp = |j: i64| j.clamp(0, wb - 1) as usize;
        Partners {
            lo: clamp(q),
            hi: clamp(q + 1),
            keep_lo: if inside(q) { !0 } else { 0 },
            // With r = 0 the upper partner adds nothing: its bits are shifted out below.
            keep_hi: if inside(q + 1) && r != 0 { !0 } else { 0 },
            r,
        }
    }

    /// `b`'s texels under the column, from the row of `b` starting at word `row`.
    #[inline(always)]
    fn moved(&self, b: &[u64], row: usize) -> u64 {
        let (p, n) = (
            b[row + self.lo] & self.keep_lo,
            b[row + self.hi] & self.keep_hi,
        );
        (p >> self.r) | ((n << 1) << (63 - self.r))
    }
}

/// How many solid texels the word columns of `a` in the span share with `b`, column after column.
#[inline(always)]
fn columns_count(a: Rows<'_>, b: Rows<'_>, span: &Span, dx: i64) -> u64 {
    let rows = span.y1 - span.y0;
    let (wa, wb) = (a.stride, b.stride);
    let aw = &a.words[span.y0 * wa..span.y1 * wa];
    let bw = &b.words[span.by0 * wb..(span.by0 + rows) * wb];
    let mut total = 0;
    for k in span.k0..span.k1 {
        let at = Partners::new(k, dx, wb);
        let (mut ia, mut ib) = (k, 0);
        for _ in 0..rows {
            total += u64::from((aw[ia] & at.moved(bw, ib)).count_ones());
            ia += wa;
            ib += wb;
        }
    }
    total
}

/// One word column of `a` and one of `b` over the rows they share.
#[derive(Clone, Copy)]
struct Strips<'a> {
    a: &'a [u64],
    wa: usize,
    k: usize,
    b: &'a [u64],
    wb: usize,
    j: usize,
}

impl Strips<'_> {
    /// The words of both columns, row by row.
    #[inline(always)]
    fn words(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let (k, j) = (self.k, self.j);
        self.a
            .chunks_exact(self.wa)
            .zip(self.b.chunks_exact(self.wb))
            .map(move |(ra, rb)| (ra[k], rb[j]))
    }

    #[inline(always)]
    fn any(&self, shift: i64) -> bool {
        if shift >= 0 {
            self.any_by(|w| w << shift)
        } else {
            self.any_by(|w| w >> -shift)
        }
    }

    #[inline(always)]
    fn any_by(&self, moved: impl Fn(u64) -> u64) -> bool {
        let mut words = self.words();
        loop {
            let (mut block, mut seen) = (0, 0);
            for (p, q) in words.by_ref().take(BLOCK) {
                block |= p & moved(q);
                seen += 1;
            }
            if block != 0 {
                return true;
            }
            if seen < BLOCK {
                return false;
            }
        }
    }
}

/// `b`'s word moved onto `a`'s by `shift` (see [`Span::single`]).
#[inline(always)]
fn moved(w: u64, shift: i64) -> u64 {
    if shift >= 0 {
        w << shift
    } else {
        w >> -shift
    }
}

#[inline(always)]
fn single_any(ra: &[u64], rb: &[u64], shift: i64) -> bool {
    // Split once on the shift's sign, so each loop holds one constant shift.
    if shift >= 0 {
        any_blocks(ra, rb, |w| w << shift)
    } else {
        any_blocks(ra, rb, |w| w >> -shift)
    }
}

#[inline(always)]
fn any_blocks(ra: &[u64], rb: &[u64], moved: impl Fn(u64) -> u64) -> bool {
    let (ca, cb) = (ra.chunks_exact(BLOCK), rb.chunks_exact(BLOCK));
    let (ta, tb) = (ca.remainder(), cb.remainder());
    for (xa, xb) in ca.zip(cb) {
        let block = xa
            .iter()
            .zip(xb)
            .fold(0, |acc, (&p, &q)| acc | (p & moved(q)));
        if block != 0 {
            return true;
        }
    }
    ta.iter().zip(tb).any(|(&p, &q)| p & moved(q) != 0)
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+avx2+popcnt",
    "x86_64+avx2+popcnt",
))]
fn single_any_fast(ra: &[u64], rb: &[u64], shift: i64) -> bool {
    single_any(ra, rb, shift)
}

#[inline(always)]
fn single_count(ra: &[u64], rb: &[u64], shift: i64) -> u64 {
    ra.iter()
        .zip(rb)
        .map(|(&p, &q)| u64::from((p & moved(q, shift)).count_ones()))
        .sum()
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+avx2+popcnt",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
))]
fn single_count_fast(ra: &[u64], rb: &[u64], shift: i64) -> u64 {
    single_count(ra, rb, shift)
}

#[inline(always)]
fn rows_any(a: Rows<'_>, b: Rows<'_>, span: Span, dx: i64) -> bool {
    if span.fits_cache(a, b) {
        span.pairs(a, b, dx, |strips, shift| strips.any(shift))
    } else {
        span.fold_rows(a, b, dx, |acc, s| acc | s, |acc| acc != 0) != 0
    }
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+avx2+popcnt",
    "x86_64+avx2+popcnt",
))]
fn rows_any_fast<'s>(a: Rows<'s>, b: Rows<'s>, span: Span, dx: i64) -> bool {
    rows_any(a, b, span, dx)
}

#[inline(always)]
fn rows_count(a: Rows<'_>, b: Rows<'_>, span: Span, dx: i64) -> u64 {
    if span.fits_cache(a, b) {
        return columns_count(a, b, &span, dx);
    }
    span.fold_rows(
        a,
        b,
        dx,
        |acc, s| acc + u64::from(s.count_ones()),
        |_| false,
    )
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+avx2+popcnt",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
))]
fn rows_count_fast<'s>(a: Rows<'s>, b: Rows<'s>, span: Span, dx: i64) -> u64 {
    rows_count(a, b, span, dx)
}

/// Whether texel (`x`, `y`) of `m` is solid, for any `x` and `y` (outside the mask: no).
#[cfg(test)]
fn solid(m: &Mask, x: i64, y: i64) -> bool {
    match (u32::try_from(x), u32::try_from(y)) {
        (Ok(x), Ok(y)) => m.is_solid(x, y),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counted texel by texel, the way the word loops must agree with.
    fn counted(a: &Mask, b: &Mask, dx: i64, dy: i64) -> u64 {
        let mut n = 0;
        for y in 0..i64::from(a.height()) {
            for x in 0..i64::from(a.width()) {
                n += u64::from(solid(a, x, y) && solid(b, x - dx, y - dy));
            }
        }
        n
    }

    #[test]
    fn the_portable_and_the_dispatched_loops_agree_with_counted_texels() {
        let hash = |s: u32, x: u32, y: u32| {
            let h = (x.wrapping_mul(0x9E37_79B9) ^ y.wrapping_mul(0x85EB_CA6B) ^ s)
                .wrapping_mul(0xC2B2_AE35);
            h >> 29 == 0
        };
        let sizes = [
            (1, 1),
            (7, 3),
            (64, 40),
            (63, 70),
            (65, 9),
            (130, 33),
            (200, 200),
        ];
        for (i, &(wa, ha)) in sizes.iter().enumerate() {
            for (j, &(wb, hb)) in sizes.iter().enumerate() {
                let a = Mask::from_fn(wa, ha, |x, y| hash(i as u32, x, y)).unwrap();
                let b = Mask::from_fn(wb, hb, |x, y| hash(100 + j as u32, x, y)).unwrap();
                for (dx, dy) in [
                    (0, 0),
                    (-3, 2),
                    (5, -1),
                    (63, 0),
                    (-63, 1),
                    (64, 3),
                    (-64, 0),
                    (1, 1),
                ] {
                    let want = counted(&a, &b, dx, dy);
                    for code in [Code::Best, Code::Portable] {
                        let (ba, bb) = (&a, &b);
                        assert_eq!(
                            shifted_count(ba, bb, dx, dy, code),
                            want,
                            "{wa}x{ha} {wb}x{hb} {dx},{dy} {code:?}"
                        );
                        assert_eq!(
                            shifted_overlaps(ba, bb, dx, dy, code),
                            want > 0,
                            "{wa}x{ha} {wb}x{hb} {dx},{dy} {code:?}"
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod props {
    use super::*;
    use proptest::prelude::*;

    fn mask() -> impl Strategy<Value = Mask> {
        (1u32..150, 1u32..90, any::<u64>(), 0u32..4).prop_map(|(w, h, seed, density)| {
            Mask::from_fn(w, h, |x, y| {
                let v = (u64::from(x) << 32 | u64::from(y)) ^ seed;
                let v = v.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
                v % 4 < u64::from(density)
            })
            .unwrap()
        })
    }

    proptest! {
        #[test]
        fn both_codes_match_counted_texels_at_any_offset(
            a in mask(),
            b in mask(),
            dx in -160i64..160,
            dy in -100i64..100,
        ) {
            let mut want = 0;
            for y in 0..i64::from(a.height()) {
                for x in 0..i64::from(a.width()) {
                    want += u64::from(solid(&a, x, y) && solid(&b, x - dx, y - dy));
                }
            }
            for code in [Code::Best, Code::Portable] {
                prop_assert_eq!(shifted_count(&a, &b, dx, dy, code), want);
                prop_assert_eq!(shifted_overlaps(&a, &b, dx, dy, code), want > 0);
            }
            prop_assert_eq!(a.overlap_area_at(&b, (dx as i32, dy as i32)), want);
            prop_assert_eq!(b.overlap_area_at(&a, (-dx as i32, -dy as i32)), want);
        }
    }
}
