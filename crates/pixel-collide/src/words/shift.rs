//! The plain translation's word loops: one mask's texel (x, y) on the other's (x + dx, y + dy).
//!
//! A mask is stored in strips 64 texels wide, a word per row, so the shared rows of a strip of one
//! mask and of the strips of the other under it are contiguous runs of words: a row costs two or
//! three loads, a shift or two and an AND, the shape of pygame's strip loop, and each strip of the
//! first mask meets both its partners in one pass where pygame takes a pass per pair. A yes-or-no
//! answer first tries the first shared row (of `b`'s first strip in the overlap, for a wide mask,
//! against the two words of `a` under it: pygame's first look): two sprites that overlap deeply
//! meet there, and with every loop out of line that look costs a handful of instructions. A wide
//! mask's next look is the top eight rows of `a`'s first two strips in the overlap: 128 columns,
//! where pygame's order (`b`'s first strip against both strips of `a` under it) reads 64 first. The
//! loops OR eight rows before they look, so they branch once per eight rows and stay in wide
//! registers.
//!
//! Counting and long scans are compiled a second time for CPUs with hardware popcount and AVX2 or
//! AVX-512 and chosen at run time ([`multiversion`](mod@multiversion)); short yes-or-no scans, and
//! the first strip of a long one, stay on the portable code, where the dispatch would cost more than
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

    /// Rows `y..y + BLOCK` of strip `k` (which the mask has), or nothing for a strip outside it.
    #[inline(always)]
    fn block_at(&self, k: i64, y: usize) -> &'a [u64; BLOCK] {
        static NONE: [u64; BLOCK] = [0; BLOCK];
        let i = self.index(k, y);
        self.words
            .get(i..i.wrapping_add(BLOCK))
            .and_then(|s| s.try_into().ok())
            .unwrap_or(&NONE)
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
    // row (of `b`'s first strip in the overlap, for wide masks) answers them before any loop. The
    // loops are out of line, so that this stays a handful of instructions (the next look reads row
    // 0 again, wider, which costs less than a second entry).
    if a.count == 1 && b.count == 1 {
        let (ra, rb) = span.single(a, b);
        return ra[0] & moved(rb[0], dx) != 0 || narrow_overlaps(ra, rb, dx, code);
    }
    first_of_b(a, b, &span, dx) || wide_overlaps(am, bm, dx, dy, code)
}

/// Whether the first shared row of `b`'s first strip in the span holds a shared texel: its word
/// against the two words of `a` under it, pygame's first look, three loads and one branch.
#[inline(always)]
fn first_of_b(a: Strips<'_>, b: Strips<'_>, span: &Span, dx: i64) -> bool {
    // `b`'s first strip that meets `a` holds `b`'s column max(-dx, 0), and its texel 0 lands on
    // `a`'s column 64 j + dx, bit r of strip k (strip -1 when it starts left of `a`).
    let j = (-dx).max(0) >> 6;
    let s = 64 * j + dx;
    let (k, r) = (s >> 6, (s & 63) as u32);
    b.word_at(j, span.by0) & under(a.word_at(k, span.y0), a.word_at(k + 1, span.y0), r) != 0
}

/// Whether the first shared row of the span's first two strips holds a shared texel: three words
/// of `b` moved under two of `a`, one branch.
#[inline(always)]
fn first_two(a: Strips<'_>, b: Strips<'_>, span: &Span, dx: i64) -> bool {
    let (k0, q, r) = first_partners(span, dx);
    let w = |j: i64| b.word_at(q + j, span.by0);
    let (w0, w1, w2) = (w(0), w(1), w(2));
    // Past the span's strips `b` has no texel, so `a`'s next strip may be read whatever it holds.
    a.word_at(k0, span.y0) & under(w0, w1, r) | a.word_at(k0 + 1, span.y0) & under(w1, w2, r) != 0
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

/// Whether the top [`BLOCK`] shared rows of the span's first two strips (the span has that many)
/// hold a shared texel: [`first_two`] carried down the rows, pygame's order (all of `b`'s first
/// strip, both strips of `a` under it, at once) for as long as an early hit is likely. One branch.
#[inline(always)]
fn top_two(a: Strips<'_>, b: Strips<'_>, span: &Span, dx: i64) -> bool {
    let (k0, q, r) = first_partners(span, dx);
    let w = |j: i64| b.block_at(q + j, span.by0);
    let (b0, b1, b2) = (w(0), w(1), w(2));
    // As in `first_two`, `a`'s next strip may be read whatever `b` covers.
    let (a0, a1) = (a.block_at(k0, span.y0), a.block_at(k0 + 1, span.y0));
    let rows = |i0: usize| {
        let mut any = 0;
        for i in i0..i0 + BLOCK / 2 {
            any |= a0[i] & under(b0[i], b1[i], r) | a1[i] & under(b1[i], b2[i], r);
        }
        any
    };
    rows(0) != 0 || rows(BLOCK / 2) != 0
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

/// [`shifted_overlaps`] for masks wider than one strip past the first look, out of line so the look
/// stays small. It takes the masks and the offset, not the span worked out before the call:
/// structures passed by value go through memory, and reading them back costs more than working
/// them out again.
///
/// Next come the top [`BLOCK`] rows of the first two strips together, the way pygame reads `b`'s
/// first strip: a hit just below the first row, in either strip, is found there rather than after
/// a scan of the first strip to the bottom; the rest is out of line again, so this stays small.
#[inline(never)]
fn wide_overlaps(am: &Mask, bm: &Mask, dx: i64, dy: i64, code: Code) -> bool {
    let (a, b) = (Strips::of(am), Strips::of(bm));
    let Some(span) = Span::of(a, b, dx, dy) else {
        return false;
    };
    (span.rows >= BLOCK && top_two(a, b, &span, dx)) || wide_rest(am, bm, dx, dy, code)
}

/// [`wide_overlaps`] past the top rows of the first two strips: the first row of the next two, then
/// the first strip below the top rows, then the other strips. It too takes the masks and the
/// offset: handed the strips and the span, its caller stored them on the stack on every call, a hit
/// in the top rows included, where that cost a sixth of the call.
#[inline(never)]
fn wide_rest(am: &Mask, bm: &Mask, dx: i64, dy: i64, code: Code) -> bool {
    let (a, b) = (Strips::of(am), Strips::of(bm));
    let Some(span) = Span::of(a, b, dx, dy) else {
        return false;
    };
    // The first row of the next two strips before the scan's setup.
    let next = Span {
        k0: span.k0 + 2,
        ..span
    };
    if next.k0 < next.k1 && first_two(a, b, &next, dx) {
        return true;
    }
    // The first strip below the rows `top_two` looked at, on the portable code: a hit near the top
    // is found before the dispatch would have paid for itself.
    let skip = if span.rows >= BLOCK { BLOCK } else { 0 };
    let (p, ra, lo, hi) = span.strip(a, b, dx, span.k0);
    if strip_any(&ra[skip..], p, &lo[skip..], &hi[skip..]) {
        return true;
    }
    let rest = Span {
        k0: span.k0 + 1,
        ..span
    };
    if code == Code::Best && span.words() >= DISPATCH_WORDS {
        strips_any_fast(a, b, rest, dx)
    } else {
        strips_any(a, b, rest, dx)
    }
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

    /// How many words of `a` a scan of every shared row reads.
    fn words(&self) -> usize {
        self.rows * (self.k1 - self.k0)
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

/// Whether a strip of `a` meets its partners: three runs of words in step, eight rows a look.
#[inline(always)]
fn strip_any(ra: &[u64], p: Partners, lo: &[u64], hi: &[u64]) -> bool {
    let (ca, cl, ch) = (
        ra.chunks_exact(BLOCK),
        lo.chunks_exact(BLOCK),
        hi.chunks_exact(BLOCK),
    );
    let (ta, tl, th) = (ca.remainder(), cl.remainder(), ch.remainder());
    for (xa, (xl, xh)) in ca.zip(cl.zip(ch)) {
        let block = xa
            .iter()
            .zip(xl.iter().zip(xh))
            .fold(0, |acc, (&w, (&l, &h))| acc | (w & p.moved(l, h)));
        if block != 0 {
            return true;
        }
    }
    ta.iter()
        .zip(tl.iter().zip(th))
        .any(|(&w, (&l, &h))| w & p.moved(l, h) != 0)
}

#[inline(always)]
fn strips_any(a: Strips<'_>, b: Strips<'_>, span: Span, dx: i64) -> bool {
    span.strips(a, b, dx, strip_any)
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+avx2+popcnt",
    "x86_64+avx2+popcnt",
))]
fn strips_any_fast<'s>(a: Strips<'s>, b: Strips<'s>, span: Span, dx: i64) -> bool {
    strips_any(a, b, span, dx)
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
        // A yes-or-no scan of wide masks reads the top rows of the first two strips together, then
        // the first strip below them, then the rest: a texel missed at a seam between those parts
        // would go unseen. `a` is solid, so every texel of `b` over it is shared.
        // A `b` narrower than a strip also checks that `a`'s strip past the overlap, which the first
        // looks read whatever it holds, adds nothing.
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
