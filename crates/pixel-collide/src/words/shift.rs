//! The plain translation's word loops: one mask's texel (x, y) on the other's (x + dx, y + dy).
//!
//! A mask is stored in strips 64 texels wide, a word per row, so the shared rows of a strip of one
//! mask and of the two strips of the other under it are contiguous runs of words: a row costs three
//! loads, two shifts and an AND, the shape of pygame's strip loop. A yes-or-no answer reads them in
//! pygame's order: the strips of the mask that lies to the right, left to right, each against both
//! strips of the other under it, top to bottom. The first eight rows of the first strip are looked
//! at one by one, in line in the one call a translation makes, so that two masks that overlap
//! deeply meet in the first row and a texel shared just below it is found at pygame's cost; the rest
//! is out of line and folds eight rows before each look, so that its loops branch once per eight
//! rows and stay in wide registers. Read another way (each strip of the left mask with both its
//! partners, or the top rows of two strips first), a texel in the first strip waited for words that
//! pygame's order never reads, up to a second strip's worth. Counting reads every word whatever the
//! order.
//!
//! Counting and long scans are compiled a second time for CPUs with hardware popcount and AVX2 or
//! AVX-512 and chosen at run time ([`multiversion`](mod@multiversion)); short yes-or-no scans, and
//! the first rows of a long one, stay on the portable code, where the dispatch would cost more than
//! it saves. [`Code::Portable`] forces the portable code, so tests cover both.

use multiversion::multiversion;

use crate::mask::Mask;

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
        shifted_overlaps_best(self, other, i64::from(offset.0), i64::from(offset.1))
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
        shifted_count_best(self, other, i64::from(offset.0), i64::from(offset.1))
    }

    /// A solid texel this mask shares with `other` placed at `offset` (as in
    /// [`Mask::overlaps_at`]), in this mask's texels, or `None`: pygame's `Mask.overlap`.
    ///
    /// The texel is the first shared one in row order: the topmost shared row, and its leftmost
    /// shared texel. pygame returns the first it meets in its own scan of 64-texel strips (the
    /// leftmost strip first, top to bottom), which for masks wider than 64 texels can be another
    /// one; both are solid in both masks. A miss costs what [`overlaps_at`](Self::overlaps_at)
    /// costs; a hit adds a scan of the shared rows down to the one found.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
    /// let corner = Mask::from_fn(2, 2, |x, y| x == 1 && y == 1).unwrap();
    /// assert_eq!(square.overlap_at(&corner, (2, 1)), Some((3, 2)));
    /// assert_eq!(square.overlap_at(&corner, (3, 3)), None, "its one texel lands outside");
    /// ```
    pub fn overlap_at(&self, other: &Mask, offset: (i32, i32)) -> Option<(u32, u32)> {
        let (dx, dy) = (i64::from(offset.0), i64::from(offset.1));
        if !shifted_overlaps_best(self, other, dx, dy) {
            return None;
        }
        first_shared(self, other, dx, dy)
    }
}

/// A mask's strips of words, all the loops read.
#[derive(Clone, Copy)]
struct Strips<'a> {
    width: i64,
    height: i64,
    /// How many strips.
    count: usize,
    words: &'a [u64],
}

impl<'a> Strips<'a> {
    #[inline(always)]
    fn of(mask: &'a Mask) -> Self {
        let bits = mask.bits();
        Strips {
            width: i64::from(bits.width),
            height: i64::from(bits.height),
            count: bits.strips,
            words: bits.words,
        }
    }

    /// Rows `y0..y0 + rows` of strip `k`.
    #[inline(always)]
    fn rows(&self, k: usize, y0: usize, rows: usize) -> &'a [u64] {
        &self.words[k * self.height as usize + y0..][..rows]
    }

    /// Rows `y0..y0 + rows` of strip `k`, or `None` past the mask's strips.
    #[inline(always)]
    fn strip_rows(&self, k: usize, y0: usize, rows: usize) -> Option<&'a [u64]> {
        (k < self.count).then(|| self.rows(k, y0, rows))
    }

    /// Where row `y` of strip `k` would start: outside the words (below them, or past their end)
    /// for a strip outside the mask, so the readers below turn such a strip into nothing with the
    /// bounds check alone, no test of the strip number.
    #[inline(always)]
    fn index(&self, k: i64, y: usize) -> usize {
        k.wrapping_mul(self.height).wrapping_add(y as i64) as usize
    }

    /// Row `y`'s word of strip `k`, or nothing for a strip outside the mask.
    #[inline(always)]
    fn word_at(&self, k: i64, y: usize) -> u64 {
        self.words.get(self.index(k, y)).copied().unwrap_or(0)
    }
}

/// Whether `b` at (`dx`, `dy`) shares a solid texel with `a`.
#[inline(always)]
pub(crate) fn shifted_overlaps(am: &Mask, bm: &Mask, dx: i64, dy: i64, code: Code) -> bool {
    let (a, b) = (Strips::of(am), Strips::of(bm));
    let Some(span) = Span::of(a, b, dx, dy) else {
        return false;
    };
    // Two sprites that overlap deeply usually share a texel in the first shared row: a look at that
    // row answers two narrow masks before any loop, which is out of line so that this stays a
    // handful of instructions. Wide masks look at their first rows in line too (`wide_overlaps`).
    if a.count == 1 && b.count == 1 {
        let (ra, rb) = span.single(a, b);
        return ra[0] & moved(rb[0], dx) != 0 || narrow_overlaps(ra, rb, dx, code);
    }
    wide_overlaps(am, bm, dx, dy, code)
}

/// The span's first strip of `a`, `k0`, and where `b` lies under it: `b`'s texel 0 lands on bit
/// `-(64 q + r)` of strip `k0`, so `b`'s strips `q`, `q + 1` and `q + 2` (some of them outside `b`)
/// hold what lies under strips `k0` and `k0 + 1`, each moved by `r`.
#[inline(always)]
fn first_partners(span: &Span, dx: i64) -> (i64, i64, u32) {
    let k0 = span.k0 as i64;
    let start = 64 * k0 - dx;
    (k0, start >> 6, (start & 63) as u32)
}

/// `b`'s texels under a word of `a`, from the words `lo` and `hi` of the two strips of `b` under it
/// and the bit `r` of `lo` that lands on bit 0. A shift by 64 - r is split in two, so that r = 0
/// shifts `hi` out instead of overflowing.
#[inline(always)]
fn under(lo: u64, hi: u64, r: u32) -> u64 {
    lo >> r | (hi << 1) << (63 - r)
}

/// The first texel in row order that `a` shares with `b` at (`dx`, `dy`): each shared row's
/// strips left to right, rows top to bottom.
#[inline(never)]
fn first_shared(am: &Mask, bm: &Mask, dx: i64, dy: i64) -> Option<(u32, u32)> {
    let (a, b) = (Strips::of(am), Strips::of(bm));
    let span = Span::of(a, b, dx, dy)?;
    for i in 0..span.rows {
        let (y, by) = (span.y0 + i, span.by0 + i);
        for k in span.k0..span.k1 {
            let (k, q, r) = first_partners(&Span { k0: k, ..span }, dx);
            let shared = a.word_at(k, y) & under(b.word_at(q, by), b.word_at(q + 1, by), r);
            if shared != 0 {
                return Some(((64 * k) as u32 + shared.trailing_zeros(), y as u32));
            }
        }
    }
    None
}

/// [`shifted_overlaps`] for two masks of one strip each: their shared rows' words.
#[inline(never)]
fn narrow_overlaps(ra: &[u64], rb: &[u64], dx: i64, code: Code) -> bool {
    if code == Code::Best && ra.len() >= DISPATCH_WORDS {
        return single_any_fast(ra, rb, dx);
    }
    single_any(ra, rb, dx)
}

/// [`shifted_overlaps`] on the best code, compiled once for `overlaps_at` and the sprite functions:
/// inlined into a large caller, its loops' iterators would be left out of line, and how fast an
/// instant answer comes would depend on the caller.
#[inline(never)]
pub(crate) fn shifted_overlaps_best(a: &Mask, b: &Mask, dx: i64, dy: i64) -> bool {
    shifted_overlaps(a, b, dx, dy, Code::Best)
}

/// [`shifted_count`] on the best code, compiled once for `overlap_area_at` and `overlap_area`, as
/// [`shifted_overlaps_best`] is: inlined into `overlap_area`, whose other placements need a large
/// frame, it paid for that frame and its spills on every translation.
#[inline(never)]
pub(crate) fn shifted_count_best(a: &Mask, b: &Mask, dx: i64, dy: i64) -> u64 {
    shifted_count(a, b, dx, dy, Code::Best)
}

/// [`shifted_overlaps`] for masks wider than one strip: pygame's scan, in pygame's order. The mask
/// that lies to the right is read strip by strip, left to right, each strip's shared rows top to
/// bottom against the two strips of the other mask under it. So a texel shared near the top of the
/// first strip is found after a few rows, one in a later strip after the strips before it, and no
/// word is read that pygame's scan would not have read first but for the rest of a block of eight
/// rows.
#[inline(always)]
fn wide_overlaps(am: &Mask, bm: &Mask, dx: i64, dy: i64, code: Code) -> bool {
    // One copy of the scan, its masks and offset chosen without a branch: a copy for each side
    // doubled the code and grew the stack frame from 56 bytes to 264, all of it set up on every call.
    let left = dx >= 0;
    let (am, bm) = if left { (am, bm) } else { (bm, am) };
    let (dx, dy) = if left { (dx, dy) } else { (-dx, -dy) };
    rightward(am, bm, dx, dy, code)
}

/// [`wide_overlaps`] with `b` at a column `dx` of `a` that is not negative: strip `j` of `b` lies on
/// `a`'s strips `k0 + j` (its texels moved right by `s`, `dx = 64 k0 + s`) and `k0 + j + 1`. The
/// first rows of `b`'s first strip are looked at one by one here, the rest out of line.
#[inline(always)]
fn rightward(am: &Mask, bm: &Mask, dx: i64, dy: i64, code: Code) -> bool {
    let (a, b) = (Strips::of(am), Strips::of(bm));
    let Some(span) = Span::of(a, b, dx, dy) else {
        return false;
    };
    let (k0, s) = ((dx >> 6) as usize, (dx & 63) as u32);
    let rows = span.rows;
    let first = b.rows(0, span.by0, rows);
    let lo = a.rows(k0, span.y0, rows);
    // Past `a`'s last strip `b`'s texels land on nothing: `lo` again, masked to nothing.
    let (hi, keep) = match a.strip_rows(k0 + 1, span.y0, rows) {
        Some(hi) => (hi, !0),
        None => (lo, 0),
    };
    let head = rows.min(BLOCK);
    if (0..head).any(|i| first[i] & under(lo[i], hi[i] & keep, s) != 0) {
        return true;
    }
    rightward_rest(am, bm, dx, dy, code)
}

/// [`rightward`] past the first rows, out of line. It takes the masks and the offset, not the
/// strips and the span worked out before the call: structures passed by value go through memory,
/// and reading them back costs more than working them out again.
#[inline(never)]
fn rightward_rest(am: &Mask, bm: &Mask, dx: i64, dy: i64, code: Code) -> bool {
    let (a, b) = (Strips::of(am), Strips::of(bm));
    let Some(span) = Span::of(a, b, dx, dy) else {
        return false;
    };
    let (k0, s) = ((dx >> 6) as usize, (dx & 63) as u32);
    let r = Rows { a, b, span, k0, s };
    let head = span.rows.min(BLOCK);
    // The rest of the first strip on the portable code: a hit near its top is found before the
    // dispatch would have paid for itself.
    if r.pass(0, head) {
        return true;
    }
    if code == Code::Best && span.rows * b.count.min(a.count - k0) >= DISPATCH_WORDS {
        rightward_fast(&r)
    } else {
        rightward_from(&r)
    }
}

/// What [`rightward`] scans: both masks' strips, their shared rows, and where `b` lies on `a`.
struct Rows<'a> {
    a: Strips<'a>,
    b: Strips<'a>,
    span: Span,
    k0: usize,
    s: u32,
}

impl Rows<'_> {
    /// Whether `b`'s strip `j`, from its shared row `from` down, meets the two strips of `a` under
    /// it, eight rows folded before a look.
    #[inline(always)]
    fn pass(&self, j: usize, from: usize) -> bool {
        let (a, b, span) = (self.a, self.b, self.span);
        let rb = &b.rows(j, span.by0, span.rows)[from..];
        let lo = &a.rows(self.k0 + j, span.y0, span.rows)[from..];
        match a.strip_rows(self.k0 + j + 1, span.y0, span.rows) {
            Some(hi) if self.s != 0 => pass_any(rb, lo, &hi[from..], self.s),
            _ => single_any(rb, lo, -i64::from(self.s)),
        }
    }
}

/// [`rightward`]'s scan of `b`'s strips after the first.
#[inline(always)]
fn rightward_from(r: &Rows<'_>) -> bool {
    (1..r.b.count.min(r.a.count - r.k0)).any(|j| r.pass(j, 0))
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+avx2+popcnt",
    "x86_64+avx2+popcnt",
))]
fn rightward_fast(r: &Rows<'_>) -> bool {
    rightward_from(r)
}

/// Whether `b`'s rows meet `a`'s two strips under them (`lo` holding `b`'s texel 0 at bit `s`),
/// eight rows a look.
#[inline(always)]
fn pass_any(rb: &[u64], lo: &[u64], hi: &[u64], s: u32) -> bool {
    let (cb, cl, ch) = (
        rb.chunks_exact(BLOCK),
        lo.chunks_exact(BLOCK),
        hi.chunks_exact(BLOCK),
    );
    let (tb, tl, th) = (cb.remainder(), cl.remainder(), ch.remainder());
    for (xb, (xl, xh)) in cb.zip(cl.zip(ch)) {
        let block = xb
            .iter()
            .zip(xl.iter().zip(xh))
            .fold(0, |acc, (&w, (&l, &h))| acc | (w & under(l, h, s)));
        if block != 0 {
            return true;
        }
    }
    tb.iter()
        .zip(tl.iter().zip(th))
        .any(|(&w, (&l, &h))| w & under(l, h, s) != 0)
}

/// How many solid texels `a` and `b` at (`dx`, `dy`) share.
#[inline]
pub(crate) fn shifted_count(a: &Mask, b: &Mask, dx: i64, dy: i64, code: Code) -> u64 {
    let (a, b) = (Strips::of(a), Strips::of(b));
    let Some(span) = Span::of(a, b, dx, dy) else {
        return 0;
    };
    if a.count == 1 && b.count == 1 {
        let (ra, rb) = span.single(a, b);
        return match code {
            Code::Best => single_count_fast(ra, rb, dx),
            Code::Portable => single_count(ra, rb, dx),
        };
    }
    match code {
        Code::Best => strips_count_fast(a, b, span, dx),
        Code::Portable => strips_count(a, b, span, dx),
    }
}

/// The rows and strips two translated masks share.
#[derive(Clone, Copy)]
struct Span {
    /// The first shared row, in `a`'s rows and in `b`'s, and how many there are.
    y0: usize,
    by0: usize,
    rows: usize,
    /// `a`'s strips that meet `b`.
    k0: usize,
    k1: usize,
}

impl Span {
    #[inline(always)]
    fn of(a: Strips<'_>, b: Strips<'_>, dx: i64, dy: i64) -> Option<Self> {
        let x0 = dx.max(0);
        let x1 = (dx + b.width).min(a.width);
        let y0 = dy.max(0);
        let y1 = (dy + b.height).min(a.height);
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        Some(Span {
            y0: y0 as usize,
            by0: (y0 - dy) as usize,
            rows: (y1 - y0) as usize,
            k0: (x0 / 64) as usize,
            k1: ((x1 - 1) / 64 + 1) as usize,
        })
    }

    /// For two masks of one strip each: their shared rows' words. The overlap is not empty, so
    /// both are at most 64 wide and |dx| < 64.
    #[inline(always)]
    fn single<'s>(&self, a: Strips<'s>, b: Strips<'s>) -> (&'s [u64], &'s [u64]) {
        (
            &a.words[self.y0..self.y0 + self.rows],
            &b.words[self.by0..self.by0 + self.rows],
        )
    }

    /// Calls `scan` on each of `a`'s strips in the span, with the shared rows of it and of its two
    /// partner strips in `b` (see [`Partners`]), until it returns true.
    #[inline(always)]
    fn strips<'s>(
        &self,
        a: Strips<'s>,
        b: Strips<'s>,
        dx: i64,
        mut scan: impl FnMut(&'s [u64], Partners, &'s [u64], &'s [u64]) -> bool,
    ) -> bool {
        for k in self.k0..self.k1 {
            let (p, ra, lo, hi) = self.strip(a, b, dx, k);
            if scan(ra, p, lo, hi) {
                return true;
            }
        }
        false
    }

    /// Strip `k` of `a`'s shared rows, with its partners and their rows.
    #[inline(always)]
    fn strip<'s>(
        &self,
        a: Strips<'s>,
        b: Strips<'s>,
        dx: i64,
        k: usize,
    ) -> (Partners, &'s [u64], &'s [u64], &'s [u64]) {
        let p = Partners::new(k, dx, b.count);
        (
            p,
            a.rows(k, self.y0, self.rows),
            b.rows(p.lo, self.by0, self.rows),
            b.rows(p.hi, self.by0, self.rows),
        )
    }
}

/// Where `b`'s texels fall on `a`'s strip `k`: the upper bits of `b`'s strip `lo` and the lower bits
/// of its strip `hi`, row for row. A partner outside `b` is read clamped and masked to nothing, which
/// keeps the loops free of branches.
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
    fn new(k: usize, dx: i64, strips_b: usize) -> Self {
        let start = 64 * k as i64 - dx;
        let (q, r) = (start >> 6, (start & 63) as u32);
        let n = strips_b as i64;
        let inside = |j: i64| (0..n).contains(&j);
        let clamp = |j: i64| j.clamp(0, n - 1) as usize;
        Partners {
            lo: clamp(q),
            hi: clamp(q + 1),
            keep_lo: if inside(q) { !0 } else { 0 },
            // With r = 0 the upper partner adds nothing: its bits are shifted out below.
            keep_hi: if inside(q + 1) && r != 0 { !0 } else { 0 },
            r,
        }
    }

    /// `b`'s texels under `a`'s word, from the words of the two partner strips in one row.
    #[inline(always)]
    fn moved(&self, lo: u64, hi: u64) -> u64 {
        under(lo & self.keep_lo, hi & self.keep_hi, self.r)
    }
}

/// `b`'s word moved onto `a`'s by `shift`, for masks of one strip each (|shift| < 64).
#[inline(always)]
fn moved(w: u64, shift: i64) -> u64 {
    if shift >= 0 { w << shift } else { w >> -shift }
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
fn strips_count(a: Strips<'_>, b: Strips<'_>, span: Span, dx: i64) -> u64 {
    let mut total = 0;
    span.strips(a, b, dx, |ra, p, lo, hi| {
        total += ra
            .iter()
            .zip(lo.iter().zip(hi))
            .map(|(&w, (&l, &h))| u64::from((w & p.moved(l, h)).count_ones()))
            .sum::<u64>();
        false
    });
    total
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+avx2+popcnt",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
))]
fn strips_count_fast<'s>(a: Strips<'s>, b: Strips<'s>, span: Span, dx: i64) -> u64 {
    strips_count(a, b, span, dx)
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
    fn complements_never_meet_and_a_single_shared_texel_is_always_found() {
        // `b` is `a`'s complement wherever they overlap, so every word of the overlap is read and
        // must come out empty, whatever the first looks read and however the strips fall; then one
        // shared texel, anywhere in the overlap (first rows and first strips included), is found.
        let noise = |s: u32, x: u32, y: u32| {
            (x.wrapping_mul(0x9E37_79B9) ^ y.wrapping_mul(0x85EB_CA6B) ^ s)
                .wrapping_mul(0xC2B2_AE35)
                >> 31
                == 0
        };
        let sizes = [
            (130, 20, 150, 25),
            (200, 9, 70, 12),
            (64, 5, 128, 5),
            (300, 4, 300, 6),
            (40, 7, 200, 3),
        ];
        let offsets = [
            (0, 0),
            (1, 0),
            (-1, 2),
            (63, 1),
            (64, 0),
            (65, -1),
            (-64, 0),
            (-65, 2),
            (127, 0),
            (-127, 1),
            (100, -2),
            (-30, 0),
        ];
        for (wa, ha, wb, hb) in sizes {
            let a = Mask::from_fn(wa, ha, |x, y| noise(1, x, y)).unwrap();
            for (dx, dy) in offsets {
                let under_a = |x: u32, y: u32| {
                    let (ax, ay) = (i64::from(x) + dx, i64::from(y) + dy);
                    (ax >= 0 && ay >= 0 && ax < i64::from(wa) && ay < i64::from(ha))
                        .then(|| a.is_solid(ax as u32, ay as u32))
                };
                let apart =
                    |x: u32, y: u32| under_a(x, y).map_or_else(|| noise(2, x, y), |solid| !solid);
                let b = Mask::from_fn(wb, hb, apart).unwrap();
                for code in [Code::Best, Code::Portable] {
                    let at = format!("{wa}x{ha} {wb}x{hb} at {dx},{dy} {code:?}");
                    assert_eq!(shifted_count(&a, &b, dx, dy, code), 0, "{at}");
                    assert!(!shifted_overlaps(&a, &b, dx, dy, code), "{at}");
                }
                // One shared texel at each of a few of `a`'s solid texels in the overlap.
                let shared: Vec<(u32, u32)> = (0..hb)
                    .flat_map(|y| (0..wb).map(move |x| (x, y)))
                    .filter(|&(x, y)| under_a(x, y) == Some(true))
                    .step_by(37)
                    .take(12)
                    .collect();
                for (sx, sy) in shared {
                    let b =
                        Mask::from_fn(wb, hb, |x, y| (x, y) == (sx, sy) || apart(x, y)).unwrap();
                    for code in [Code::Best, Code::Portable] {
                        let at = format!("{wa}x{ha} {wb}x{hb} at {dx},{dy}, texel {sx},{sy}");
                        assert_eq!(shifted_count(&a, &b, dx, dy, code), 1, "{at}");
                        assert!(shifted_overlaps(&a, &b, dx, dy, code), "{at}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_lone_shared_texel_in_the_top_rows_or_just_below_them_is_found_in_every_strip() {
        // A yes-or-no scan of wide masks reads the top rows of the first strip in the call, then the
        // rest of that strip, then the other strips: a texel missed at a seam between those parts
        // would go unseen. `a` is solid, so every texel of `b` over it is shared.
        // A `b` narrower than a strip also checks that `a`'s strip past the overlap, which the first
        // rows' look reads whatever it holds, adds nothing.
        let a = Mask::from_fn(200, 14, |_, _| true).unwrap();
        let offsets = [
            (0, 0),
            (3, 1),
            (61, 0),
            (64, 2),
            (67, -1),
            (-5, 0),
            (-70, 3),
        ];
        for ((dx, dy), wb) in offsets.into_iter().flat_map(|o| [(o, 150u32), (o, 40)]) {
            let hb = 12u32;
            let empty = Mask::from_fn(wb, hb, |_, _| false).unwrap();
            for code in [Code::Best, Code::Portable] {
                assert!(!shifted_overlaps(&a, &empty, dx, dy, code));
            }
            for y in 0..hb {
                for x in 0..wb {
                    let (ax, ay) = (i64::from(x) + dx, i64::from(y) + dy);
                    let over_a = (0..200).contains(&ax) && (0..14).contains(&ay);
                    let b = Mask::from_fn(wb, hb, |u, v| (u, v) == (x, y)).unwrap();
                    for code in [Code::Best, Code::Portable] {
                        let at = format!("texel {x},{y} at {dx},{dy} {code:?}");
                        assert_eq!(shifted_overlaps(&a, &b, dx, dy, code), over_a, "{at}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_lone_shared_texel_is_found_in_every_strip_and_row_of_a_long_scan() {
        // Scans long enough for the dispatched code (rows times strips past `DISPATCH_WORDS`), read
        // in pygame's order from either side: `b` is `a`'s complement where they overlap but for one
        // texel, placed in the first rows (looked at in the call), just below them, deep in the
        // first strip, at the top and bottom of later strips and beside each seam between words.
        let noise = |s: u32, x: u32, y: u32| {
            (x.wrapping_mul(0x9E37_79B9) ^ y.wrapping_mul(0x85EB_CA6B) ^ s)
                .wrapping_mul(0xC2B2_AE35)
                >> 30
                == 0
        };
        let (wa, ha, wb, hb) = (300u32, 120u32, 260u32, 130u32);
        let a = Mask::from_fn(wa, ha, |x, y| noise(3, x, y) || (x + y) % 7 == 0).unwrap();
        for (dx, dy) in [
            (0i64, 0i64),
            (37, 5),
            (64, -3),
            (-50, 9),
            (-128, -4),
            (100, 2),
        ] {
            let under_a = |x: u32, y: u32| {
                let (ax, ay) = (i64::from(x) + dx, i64::from(y) + dy);
                (ax >= 0 && ay >= 0 && ax < i64::from(wa) && ay < i64::from(ha))
                    .then(|| a.is_solid(ax as u32, ay as u32))
            };
            let apart = |x: u32, y: u32| under_a(x, y).map_or_else(|| noise(5, x, y), |s| !s);
            let b = Mask::from_fn(wb, hb, apart).unwrap();
            for code in [Code::Best, Code::Portable] {
                assert!(
                    !shifted_overlaps(&a, &b, dx, dy, code),
                    "{dx},{dy} {code:?}"
                );
                assert!(
                    !shifted_overlaps(&b, &a, -dx, -dy, code),
                    "{dx},{dy} {code:?}"
                );
            }
            let (x0, x1) = (dx.max(0), (dx + i64::from(wb)).min(i64::from(wa)));
            let (y0, y1) = (dy.max(0), (dy + i64::from(hb)).min(i64::from(ha)));
            let rows = [
                y0,
                y0 + 1,
                y0 + 7,
                y0 + 8,
                y0 + 9,
                (y0 + y1) / 2,
                y1 - 2,
                y1 - 1,
            ];
            let columns = (x0..x1).filter(|x| x % 64 == 0 || x % 64 == 63 || x % 64 == 17);
            for (ax, ay) in columns.flat_map(|x| rows.map(|y| (x, y))) {
                if !a.is_solid(ax as u32, ay as u32) {
                    continue;
                }
                let (sx, sy) = ((ax - dx) as u32, (ay - dy) as u32);
                let b = Mask::from_fn(wb, hb, |x, y| (x, y) == (sx, sy) || apart(x, y)).unwrap();
                for code in [Code::Best, Code::Portable] {
                    let at = format!("texel {ax},{ay} of a, b at {dx},{dy} {code:?}");
                    assert!(shifted_overlaps(&a, &b, dx, dy, code), "{at}");
                    assert!(shifted_overlaps(&b, &a, -dx, -dy, code), "{at}, swapped");
                }
            }
        }
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
            // Wider than the strips whose first row a yes-or-no scan tries first.
            (300, 7),
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

        #[test]
        fn overlap_at_gives_the_first_shared_texel_in_row_order(
            a in mask(),
            b in mask(),
            dx in -160i64..160,
            dy in -100i64..100,
        ) {
            let first = (0..i64::from(a.height()))
                .flat_map(|y| (0..i64::from(a.width())).map(move |x| (x, y)))
                .find(|&(x, y)| solid(&a, x, y) && solid(&b, x - dx, y - dy))
                .map(|(x, y)| (x as u32, y as u32));
            prop_assert_eq!(a.overlap_at(&b, (dx as i32, dy as i32)), first);
        }
    }
}
