//! One mask laid on another at a whole-texel offset, a word at a time: pygame's `draw`, `erase` and
//! `overlap_mask`, for painting and destructible terrain on the texel grid.
//!
//! Both masks keep pygame's layout (strips of 64 columns, a word per row of a strip), so a word of
//! the lower mask takes its bits from at most two words of the upper one's row. Each edit rewrites
//! only the words under the upper mask (all of them for an intersection, which clears the rest), and
//! then only the blocks of the tree it touched.

use crate::mask::Mask;

/// How the upper mask's texels change the lower one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    /// Solid where either is (pygame's `draw`).
    Or,
    /// Solid where the lower is and the upper is not (pygame's `erase`).
    AndNot,
    /// Solid where both are (pygame's `overlap_mask`).
    And,
}

impl Mask {
    /// Makes solid every texel of this mask that is solid in `other`, its top-left texel placed
    /// on this mask's texel `offset` (as in [`Mask::overlaps_at`]): pygame's `Mask.draw`, a word of
    /// texels at a time. [`draw`](Self::draw) takes any transform, a texel at a time.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let mut canvas = Mask::filled(100, 8, false).unwrap();
    /// let stamp = Mask::filled(70, 2, true).unwrap();
    /// canvas.draw_at(&stamp, (20, -1));
    /// assert_eq!(canvas.solid_count(), 70);
    /// assert!(canvas.is_solid(89, 0) && !canvas.is_solid(90, 0) && !canvas.is_solid(20, 1));
    /// ```
    pub fn draw_at(&mut self, other: &Mask, offset: (i32, i32)) {
        self.lay(other, offset, Op::Or);
    }

    /// Makes empty every texel of this mask that is solid in `other` placed at `offset` (as in
    /// [`draw_at`](Self::draw_at)): pygame's `Mask.erase`.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let mut wall = Mask::filled(100, 8, true).unwrap();
    /// let hole = Mask::filled(3, 3, true).unwrap();
    /// wall.erase_at(&hole, (62, 6));
    /// assert_eq!(wall.solid_count(), 800 - 6);
    /// assert!(!wall.is_solid(64, 7) && wall.is_solid(65, 7));
    /// ```
    pub fn erase_at(&mut self, other: &Mask, offset: (i32, i32)) {
        self.lay(other, offset, Op::AndNot);
    }

    /// Keeps solid only the texels of this mask that are solid in `other` placed at `offset` (as in
    /// [`draw_at`](Self::draw_at)), clearing every other texel, those outside `other` too: the
    /// in-place form of [`overlap_mask_at`](Self::overlap_mask_at).
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let mut m = Mask::filled(8, 8, true).unwrap();
    /// m.intersect_at(&Mask::filled(4, 4, true).unwrap(), (6, 6));
    /// assert_eq!(m.solid_count(), 4);
    /// ```
    pub fn intersect_at(&mut self, other: &Mask, offset: (i32, i32)) {
        self.lay(other, offset, Op::And);
    }

    /// A mask of this one's size, solid where both this mask and `other` placed at `offset` (as in
    /// [`draw_at`](Self::draw_at)) are: pygame's `Mask.overlap_mask`, a word at a time.
    /// [`overlap_mask`](crate::overlap_mask) answers it for two sprites under any transforms.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let square = Mask::filled(4, 4, true).unwrap();
    /// let shared = square.overlap_mask_at(&square, (2, 3));
    /// assert_eq!((shared.width(), shared.solid_count()), (4, 2));
    /// assert!(shared.is_solid(2, 3) && shared.is_solid(3, 3));
    /// ```
    pub fn overlap_mask_at(&self, other: &Mask, offset: (i32, i32)) -> Mask {
        let mut out = self.clone();
        out.intersect_at(other, offset);
        out
    }

    /// `other` laid on this mask at `offset`, its texels combined with this one's by `op`.
    fn lay(&mut self, other: &Mask, offset: (i32, i32), op: Op) {
        let (w, h) = (i64::from(self.width()), i64::from(self.height()));
        let (dx, dy) = (i64::from(offset.0), i64::from(offset.1));
        let rows = dy.max(0)..(dy + i64::from(other.height())).min(h);
        let cols = dx.max(0)..(dx + i64::from(other.width())).min(w);
        let apart = rows.is_empty() || cols.is_empty();
        // An intersection clears what `other` does not cover: the whole mask is edited.
        let edited = match (op, apart) {
            (Op::And, _) => [0, 0, self.width(), self.height()],
            (_, true) => return,
            (_, false) => [cols.start, rows.start, cols.end, rows.end].map(|v| v as u32),
        };
        if apart {
            self.change(edited, |words, _| words.fill(0));
            return;
        }
        let (r0, r1) = (rows.start as usize, rows.end as usize);
        let (lh, uh) = (h as usize, other.height() as usize);
        let ustrips = i64::from(other.width().div_ceil(64));
        let up = other.strip_words();
        // `other`'s strip `k`, its words for the rows `rows`, when there is one.
        let strip = |k: i64| {
            (0..ustrips).contains(&k).then(|| {
                let start = k as usize * uh + (rows.start - dy) as usize;
                &up[start..start + (r1 - r0)]
            })
        };
        let strips = if op == Op::And {
            0..(w + 63) / 64
        } else {
            cols.start / 64..(cols.end - 1) / 64 + 1
        };
        self.change(edited, |words, height| {
            debug_assert_eq!(height, lh);
            for k in strips {
                let column = &mut words[k as usize * lh..][..lh];
                // `other`'s texels under this strip start at its column `x`, which straddles its
                // strips `ku` and `ku + 1` unless `x` is a multiple of 64.
                let x = 64 * k - dx;
                let (ku, bit) = (x.div_euclid(64), x.rem_euclid(64) as u32);
                let under = Under {
                    lo: strip(ku),
                    hi: strip(ku + 1),
                    bit,
                };
                let inside = &mut column[r0..r1];
                match op {
                    Op::Or => under.lay(inside, |w, b| w | b),
                    Op::AndNot => under.lay(inside, |w, b| w & !b),
                    Op::And => {
                        under.lay(inside, |w, b| w & b);
                        column[..r0].fill(0);
                        column[r1..].fill(0);
                    }
                }
            }
        });
    }
}

/// The upper mask's words under one strip of the lower one: its strips `lo` and `hi` (where they
/// exist), shifted right by `bit`. Bits past the lower mask's width may come out set; the edit
/// clears them after.
struct Under<'a> {
    lo: Option<&'a [u64]>,
    hi: Option<&'a [u64]>,
    bit: u32,
}

impl Under<'_> {
    /// Sets each of `words` to `f(word, upper's word)`, one loop per case so that each compiles to
    /// straight-line word operations.
    #[inline(always)]
    fn lay(&self, words: &mut [u64], f: impl Fn(u64, u64) -> u64) {
        let bit = self.bit;
        match (self.lo, self.hi) {
            (Some(lo), _) if bit == 0 => {
                for (w, &a) in words.iter_mut().zip(lo) {
                    *w = f(*w, a);
                }
            }
            (Some(lo), Some(hi)) => {
                for (w, (&a, &b)) in words.iter_mut().zip(lo.iter().zip(hi)) {
                    *w = f(*w, (a >> bit) | (b << (64 - bit)));
                }
            }
            (Some(lo), None) => {
                for (w, &a) in words.iter_mut().zip(lo) {
                    *w = f(*w, a >> bit);
                }
            }
            (None, Some(hi)) if bit != 0 => {
                for (w, &b) in words.iter_mut().zip(hi) {
                    *w = f(*w, b << (64 - bit));
                }
            }
            _ => {
                for w in words.iter_mut() {
                    *w = f(*w, 0);
                }
            }
        }
    }
}
