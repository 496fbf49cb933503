//! A plain bit-packed mask, kept the way pygame's bitmask and most engines keep one: rows of 64-bit
//! words, a shifted AND per word with an early exit, a popcount for the area. Translation only. It is
//! the bar for the collision module's word-parallel path, and a second oracle for its answers.

/// Rows of `width` bits, each padded to whole words.
pub struct Bitpacked {
    /// Width in texels.
    pub width: i64,
    /// Height in texels.
    pub height: i64,
    words_per_row: usize,
    words: Vec<u64>,
}

impl Bitpacked {
    /// Packs `solid(x, y)` for every texel.
    pub fn from_fn(width: u32, height: u32, solid: impl Fn(u32, u32) -> bool) -> Self {
        let words_per_row = (width as usize).div_ceil(64);
        let mut words = vec![0u64; words_per_row * height as usize];
        for y in 0..height {
            for x in 0..width {
                if solid(x, y) {
                    words[y as usize * words_per_row + x as usize / 64] |= 1 << (x % 64);
                }
            }
        }
        Self {
            width: width.into(),
            height: height.into(),
            words_per_row,
            words,
        }
    }

    /// Word `i` of row `y`, or 0 outside the mask.
    fn word(&self, y: i64, i: i64) -> u64 {
        if i < 0 || i >= self.words_per_row as i64 {
            return 0;
        }
        self.words[y as usize * self.words_per_row + i as usize]
    }

    /// Calls `f` with every shared word of `self` and `other` placed at (`dx`, `dy`), until it returns
    /// true.
    fn each_shared(&self, other: &Bitpacked, dx: i64, dy: i64, mut f: impl FnMut(u64) -> bool) {
        let (y0, y1) = (dy.max(0), (dy + other.height).min(self.height));
        let (x0, x1) = (dx.max(0), (dx + other.width).min(self.width));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let (q, r) = (dx.div_euclid(64), dx.rem_euclid(64) as u32);
        for y in y0..y1 {
            for k in x0 / 64..=(x1 - 1) / 64 {
                // Bits 64k.. of self meet bits 64k - dx.. of other: word k - q shifted up by r, with
                // the top of word k - q - 1 carried in.
                let mut b = other.word(y - dy, k - q) << r;
                if r != 0 {
                    b |= other.word(y - dy, k - q - 1) >> (64 - r);
                }
                if f(self.word(y, k) & b) {
                    return;
                }
            }
        }
    }

    /// Every placement of `other` that shares a set bit with `self`, as row words of
    /// `(width + other.width - 1) x (height + other.height - 1)` bits, the way pygame's
    /// `bitmask_convolve` finds them: `self`'s rows shifted and OR-ed in once per set bit of `other`.
    pub fn convolve(&self, other: &Bitpacked) -> Vec<u64> {
        let (w, h) = (self.width + other.width - 1, self.height + other.height - 1);
        let wpr = (w as usize).div_ceil(64);
        let mut out = vec![0u64; wpr * h as usize];
        for by in 0..other.height {
            for bx in 0..other.width {
                if other.word(by, bx / 64) >> (bx % 64) & 1 == 0 {
                    continue;
                }
                let (dx, dy) = (other.width - 1 - bx, other.height - 1 - by);
                let (q, r) = ((dx / 64) as usize, (dx % 64) as u32);
                for y in 0..self.height {
                    let row = &mut out[(y + dy) as usize * wpr..][..wpr];
                    for k in 0..self.words_per_row {
                        let word = self.word(y, k as i64);
                        row[k + q] |= word << r;
                        if r != 0 && k + q + 1 < wpr {
                            row[k + q + 1] |= word >> (64 - r);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether `other` placed at (`dx`, `dy`) shares a set bit with `self`.
    pub fn overlaps(&self, other: &Bitpacked, dx: i64, dy: i64) -> bool {
        let mut hit = false;
        self.each_shared(other, dx, dy, |w| {
            hit = w != 0;
            hit
        });
        hit
    }

    /// How many set bits `other` placed at (`dx`, `dy`) shares with `self`.
    pub fn overlap_count(&self, other: &Bitpacked, dx: i64, dy: i64) -> u64 {
        let mut n = 0;
        self.each_shared(other, dx, dy, |w| {
            n += u64::from(w.count_ones());
            false
        });
        n
    }
}
