//! Every whole-texel offset at which one mask overlaps another (pygame's `convolve`), and the
//! orientation of a mask's texels from their second moments (pygame's `angle`), both a word at a time.

use crate::mask::Mask;

impl Mask {
    /// Every whole-texel placement of `other` that shares a solid texel with this mask, as a mask of
    /// `(width + other.width - 1) x (height + other.height - 1)` texels: texel `(i, j)` is solid when
    /// `other` with its top-left corner at `(i + 1 - other.width, j + 1 - other.height)` overlaps this
    /// mask (pygame's `convolve`). `None` when that would be larger than [`Mask::MAX_SIDE`] on a side
    /// or than [`Mask::MAX_TEXELS`].
    ///
    /// It is the shape a game's pathfinder or spawner wants: a body of shape `other` can stand at an
    /// offset exactly when the result is clear there. The work is whole rows of this mask shifted and
    /// OR-ed once per row run of the other (or the other way round, whichever has fewer), each run's
    /// width in a logarithmic number of shifts.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let block = Mask::from_fn(3, 2, |_, _| true).unwrap();
    /// let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    /// // A dot touches the block wherever it is on it: the result is the block itself.
    /// assert_eq!(block.convolve(&dot).unwrap(), block);
    /// // A 2 x 2 square touches it at 4 x 3 offsets, from (-1, -1) to (2, 1).
    /// let square = Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let offsets = block.convolve(&square).unwrap();
    /// assert_eq!((offsets.width(), offsets.height(), offsets.solid_count()), (4, 3, 12));
    /// ```
    pub fn convolve(&self, other: &Mask) -> Option<Mask> {
        let width = self.width().checked_add(other.width() - 1)?;
        let height = self.height().checked_add(other.height() - 1)?;
        // An answer past the caps is refused before its words are allocated.
        Mask::check_size(width, height).ok()?;
        // Texel (i, j) of `a.convolve(b)` is texel (W-1-i, H-1-j) of `b.convolve(a)`: stamp with the
        // mask that has fewer runs over the rows of the other, and turn the result if needed.
        let work = |stamp: &Mask, rows: &Mask| stamp.run_count() * u64::from(rows.height());
        let words = if work(other, self) <= work(self, other) {
            stamp_rows(self, other, width, height)
        } else {
            turn_half(&stamp_rows(other, self, width, height), width)
        };
        Mask::from_row_words(width, height, words).ok()
    }

    /// The angle of the axis along which the solid texels spread most, in radians in (-pi/2, pi/2],
    /// turning from +x towards +y as [`sprite_transform`](crate::sprite_transform)'s rotation does;
    /// `None` when the texels spread alike every way (none, one, a square, a plus) and no axis leads.
    ///
    /// It is the principal axis of the texels' second moments (pygame's `angle`, which gives degrees
    /// the other way round). A bar drawn turned by an angle gives back about that angle.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let diagonal = Mask::from_fn(8, 8, |x, y| x == y).unwrap();
    /// assert!((diagonal.orientation().unwrap() - std::f32::consts::FRAC_PI_4).abs() < 1e-6);
    /// let bar = Mask::from_fn(8, 2, |_, _| true).unwrap();
    /// assert_eq!(bar.orientation(), Some(0.0));
    /// assert_eq!(Mask::from_fn(4, 4, |_, _| true).unwrap().orientation(), None);
    /// ```
    pub fn orientation(&self) -> Option<f32> {
        let m = self.moments();
        if m.count == 0 {
            return None;
        }
        // n^2 times the central moments, exactly while they fit (any mask whose texels a machine
        // can hold), in f64 beyond.
        let n = i128::from(m.count);
        let (sx, sy) = (m.sum.0 as i128, m.sum.1 as i128);
        let [sxx, sxy, syy] = m.sum_products;
        let exact = (|| {
            let a = n
                .checked_mul(sxx as i128)?
                .checked_sub(sx.checked_mul(sx)?)?;
            let b = n
                .checked_mul(syy as i128)?
                .checked_sub(sy.checked_mul(sy)?)?;
            let c = n
                .checked_mul(sxy as i128)?
                .checked_sub(sx.checked_mul(sy)?)?;
            Some((a, b, c))
        })();
        let (a, b, c) = match exact {
            Some((a, b, c)) if a == b && c == 0 => return None,
            Some((a, b, c)) => (a as f64, b as f64, c as f64),
            None => {
                let nf = m.count as f64;
                let (mx, my) = (m.sum.0 as f64 / nf, m.sum.1 as f64 / nf);
                (
                    sxx as f64 / nf - mx * mx,
                    syy as f64 / nf - my * my,
                    sxy as f64 / nf - mx * my,
                )
            }
        };
        let angle = 0.5 * libm::atan2(2.0 * c, a - b);
        // atan2 gives (-pi, pi]; half of -pi is the same axis as pi/2.
        Some(if angle <= -std::f64::consts::FRAC_PI_2 {
            std::f64::consts::FRAC_PI_2
        } else {
            angle
        } as f32)
    }

    /// The number of row runs of solid texels.
    fn run_count(&self) -> u64 {
        // A run starts at each solid texel whose left neighbour is air; the neighbour of a word's
        // first texel is the last texel of the same row's word in the strip to the left.
        let bits = self.bits();
        (0..bits.strips)
            .map(|k| {
                let strip = bits.strip(k);
                let left = |y: usize| {
                    if k == 0 {
                        0
                    } else {
                        bits.strip(k - 1)[y] >> 63
                    }
                };
                strip
                    .iter()
                    .enumerate()
                    .map(|(y, &w)| u64::from((w & !((w << 1) | left(y))).count_ones()))
                    .sum::<u64>()
            })
            .sum()
    }
}

/// The row words of `base.convolve(stamp)`, `width` x `height`: for each row run of `stamp`, every
/// row of `base` dilated by the run's width and OR-ed in where the run's reflection puts it.
fn stamp_rows(base: &Mask, stamp: &Mask, width: u32, height: u32) -> Vec<u64> {
    let wpr = width.div_ceil(64) as usize;
    let mut out = vec![0u64; wpr * height as usize];
    let bits = base.bits();
    // The base row by row: a copy of its bits, smaller than the answer.
    let mut by_rows = vec![0u64; bits.words.len()];
    for (y, row) in by_rows.chunks_exact_mut(bits.strips).enumerate() {
        bits.row(y as u32, row);
    }
    let rows: Vec<(usize, &[u64])> = by_rows
        .chunks_exact(bits.strips)
        .enumerate()
        .filter(|(_, row)| row.iter().any(|&w| w != 0))
        .collect();
    // The base's non-empty rows dilated by each run length met up to 64, made once each: a run then
    // costs one shifted OR per row, as one texel does in stamping. Their memory stays within the
    // output's own size (plus 512 KiB for small outputs); longer runs, and runs met once that budget
    // is spent, are smeared in a scratch row instead.
    let stride = bits.strips + 1;
    let mut budget = out.len() + (1 << 16);
    let mut dilated: Vec<Vec<u64>> = vec![Vec::new(); CACHED_RUN as usize + 1];
    let mut scratch = vec![0u64; wpr];
    let (sw, sh) = (stamp.width(), stamp.height());
    let mut runs = Vec::new();
    for by in 0..sh {
        stamp.bits().runs(by, 0, sw, &mut runs);
        // Stamp row `by` lands base row `ay` on output row `ay + sh - 1 - by`.
        let dy = (sh - 1 - by) as usize;
        for &(start, end) in &runs {
            // The run [start, end) of the stamp, reflected, shifts base rows by sw - end up to
            // sw - 1 - start texels.
            let (shift, len) = (sw - end, end - start);
            if len == 1 {
                for &(ay, row) in &rows {
                    or_shifted(&mut out[(ay + dy) * wpr..][..wpr], row, shift);
                }
            } else if len <= CACHED_RUN
                && (!dilated[len as usize].is_empty() || stride * rows.len() <= budget)
            {
                let cache = &mut dilated[len as usize];
                if cache.is_empty() {
                    budget -= stride * rows.len();
                    *cache = vec![0u64; stride * rows.len()];
                    for (i, &(_, row)) in rows.iter().enumerate() {
                        let d = &mut cache[i * stride..][..stride];
                        d[..row.len()].copy_from_slice(row);
                        smear(d, len);
                    }
                }
                for (i, &(ay, _)) in rows.iter().enumerate() {
                    let target = &mut out[(ay + dy) * wpr..][..wpr];
                    or_shifted(target, &cache[i * stride..][..stride], shift);
                }
            } else {
                for &(ay, row) in &rows {
                    scratch.fill(0);
                    or_shifted(&mut scratch, row, shift);
                    smear(&mut scratch, len);
                    let target = &mut out[(ay + dy) * wpr..][..wpr];
                    for (t, d) in target.iter_mut().zip(&scratch) {
                        *t |= d;
                    }
                }
            }
        }
    }
    out
}

/// The longest run whose dilated base rows are kept for reuse.
const CACHED_RUN: u32 = 64;

/// `dst |= src << shift` over multi-word rows (bits past `dst`'s end are dropped).
fn or_shifted(dst: &mut [u64], src: &[u64], shift: u32) {
    let (q, r) = ((shift / 64) as usize, shift % 64);
    let Some(dst) = dst.get_mut(q..) else {
        return;
    };
    let n = src.len().min(dst.len());
    if r == 0 {
        for (d, &w) in dst.iter_mut().zip(&src[..n]) {
            *d |= w;
        }
        return;
    }
    let mut carry = 0;
    for (d, &w) in dst.iter_mut().zip(&src[..n]) {
        *d |= (w << r) | carry;
        carry = w >> (64 - r);
    }
    if let Some(d) = dst.get_mut(n) {
        *d |= carry;
    }
}

/// Sets every bit within `len - 1` places above a set bit (ORs the row with itself shifted by
/// 0 to `len - 1`), doubling the reach each pass.
fn smear(row: &mut [u64], len: u32) {
    let mut reach = 1;
    while reach < len {
        let by = reach.min(len - reach);
        // High words first, so that each reads the lower words before they change.
        let (words, bits) = ((by / 64) as usize, by % 64);
        for i in (0..row.len()).rev() {
            let lo = i.checked_sub(words).map_or(0, |j| row[j]);
            let below = i.checked_sub(words + 1).map_or(0, |j| row[j]);
            let shifted = if bits == 0 {
                lo
            } else {
                (lo << bits) | (below >> (64 - bits))
            };
            row[i] |= shifted;
        }
        reach += by;
    }
}

/// The rows of a `width`-wide bit grid turned half a turn: last row first, each row reversed.
fn turn_half(words: &[u64], width: u32) -> Vec<u64> {
    let wpr = width.div_ceil(64) as usize;
    let pad = (wpr * 64) as u32 - width;
    let mut out = Vec::with_capacity(words.len());
    for row in words.chunks_exact(wpr).rev() {
        // Reversing the words and their bits puts texel x at wpr * 64 - 1 - x; the padding comes
        // first and is shifted away.
        let reversed: Vec<u64> = row.iter().rev().map(|w| w.reverse_bits()).collect();
        for i in 0..wpr {
            let lo = reversed[i] >> pad;
            let hi = match (pad, reversed.get(i + 1)) {
                (0, _) | (_, None) => 0,
                (_, Some(&next)) => next << (64 - pad),
            };
            out.push(lo | hi);
        }
    }
    out
}
