//! The exact shared area and shared texels of two turned masks, row by row: each run of solid texels
//! of one mask, mapped into the other one's texels, is a parallelogram; the other mask's cells it
//! covers whole are counted a word at a time, and only the cells its edges cross are integrated (for
//! the area) or tested (for the shared texels).
//!
//! The pair walk reaches the same area through both trees, which is the fast way for masks made of a
//! few large rectangles; for masks walked as bits (noise, dithering, fine detail) it refines both
//! masks' squares down to single texels before it clips, and this scan, which goes straight to the
//! cells a run covers, does the same sum in a fraction of the time. Its work is one step per row of
//! the first mask that meets the second, one per run of solid texels in it, and one short integral
//! per cell of the second mask that a run's edges cross: about one per pair of overlapping texels for
//! noise, and a word per 64 covered cells inside large shapes. It holds one row's runs and a few
//! polygons.
//! The shared texels take one separating-axis test per solid texel and candidate cell of the other
//! mask, the pair walk's own test on its smallest boxes, so both ways mark the same texels.

use glam::{DAffine2, DMat2, DVec2};

use super::frame::Pair;
use crate::geom::{Polygon, clip_axis};
use crate::mask::{Bits, Mask, Node, with_runs};

/// The area the two masks of `pair` share, in the first mask's local units (square texels).
pub(crate) fn shared_area(pair: &Pair<'_>) -> f64 {
    let (a, b) = (pair.a, pair.b);
    let (bw, bh) = (f64::from(b.width()), f64::from(b.height()));
    // The second mask's outline in the first one's texels, which bounds the rows and columns scanned.
    let map_b = |x: f64, y: f64| pair.t + pair.c0 * x + pair.c1 * y;
    let outline = [
        map_b(0.0, 0.0),
        map_b(bw, 0.0),
        map_b(bw, bh),
        map_b(0.0, bh),
    ];
    // And the first mask's texels in the second one's: x and y steps, and the origin.
    let inverse = DMat2::from_cols(pair.c0, pair.c1).inverse();
    let (u0, u1, origin) = (inverse.x_axis, inverse.y_axis, inverse * -pair.t);
    if !(u0.is_finite() && u1.is_finite() && origin.is_finite()) {
        return 0.0;
    }
    let cells = Cells::new(pair);
    let mut sum = 0.0f64;
    runs_under(a, &outline, |y, x0, x1| {
        let corner = origin + u0 * f64::from(x0) + u1 * f64::from(y);
        let along = u0 * f64::from(x1 - x0);
        sum += cells.covered([corner, corner + along, corner + along + u1, corner + u1]);
    });
    // The sum is in the second mask's texels; one of them is |det| of the first one's.
    sum * pair.det_abs
}

/// The texels of the first argument sprite's mask (`pair.b` when the pair is swapped) that share area
/// with solid texels of the other, as row-major words (`out`, of that mask's width in words a row).
pub(crate) fn shared_texels(pair: &Pair<'_>, out: &mut [u64]) {
    let (mine, other) = if pair.swapped {
        (pair.b, pair.a)
    } else {
        (pair.a, pair.b)
    };
    // Points of my texels in the other mask's, and back: forward when I am the pair's second mask.
    let forward = DAffine2::from_mat2_translation(DMat2::from_cols(pair.c0, pair.c1), pair.t);
    let backward = forward.inverse();
    let (to_other, to_mine) = if pair.swapped {
        (forward, backward)
    } else {
        (backward, forward)
    };
    if !(to_other.is_finite() && to_mine.is_finite()) {
        return;
    }
    let (ow, oh) = (f64::from(other.width()), f64::from(other.height()));
    let outline = [
        to_mine.transform_point2(DVec2::ZERO),
        to_mine.transform_point2(DVec2::new(ow, 0.0)),
        to_mine.transform_point2(DVec2::new(ow, oh)),
        to_mine.transform_point2(DVec2::new(0.0, oh)),
    ];
    let (mine_inset, other_inset) = (mine.bits().inset, other.bits().inset);
    let other_bits = other.bits();
    let words_per_row = mine.width().div_ceil(64) as usize;
    let (u0, u1) = (to_other.matrix2.x_axis, to_other.matrix2.y_axis);
    // A texel's reach from its first corner in the other mask's texels, per axis.
    let reach_lo = u0.min(DVec2::ZERO) + u1.min(DVec2::ZERO);
    let reach_hi = u0.max(DVec2::ZERO) + u1.max(DVec2::ZERO);
    runs_under(mine, &outline, |y, x0, x1| {
        for x in x0..x1 {
            let corner = to_other.transform_point2(DVec2::new(f64::from(x), f64::from(y)));
            let (lo, hi) = (corner + reach_lo, corner + reach_hi);
            let (cx0, cx1) = (floor0(lo.x) as u32, ceil_to(hi.x, ow) as u32);
            let (cy0, cy1) = (floor0(lo.y) as u32, ceil_to(hi.y, oh) as u32);
            let texel = Node::texel(x, y, mine_inset);
            let shared = (cy0..cy1).any(|cy| {
                (cx0..cx1).any(|cx| {
                    solid(&other_bits, cx, cy) && {
                        let cell = Node::texel(cx, cy, other_inset);
                        let apart = if pair.swapped {
                            pair.separated(&cell, &texel)
                        } else {
                            pair.separated(&texel, &cell)
                        };
                        !apart
                    }
                })
            });
            if shared {
                out[y as usize * words_per_row + x as usize / 64] |= 1 << (x % 64);
            }
        }
    });
}

/// Calls `each(y, start, end)` for every run of solid texels of `mask` in the rows `outline` (a convex
/// quadrilateral in the mask's texels) meets, each row's columns bounded by where it meets that row.
fn runs_under(mask: &Mask, outline: &[DVec2; 4], mut each: impl FnMut(u32, u32, u32)) {
    let (width, height) = (f64::from(mask.width()), f64::from(mask.height()));
    let bits = mask.bits();
    let (lo_y, hi_y) = extent(outline, 1);
    let mut band = Polygon::default();
    with_runs(|runs| {
        let mut row = floor0(lo_y);
        while row < ceil_to(hi_y, height) {
            band_of(outline, row, &mut band);
            let (lo_x, hi_x) = extent(band.points(), 0);
            let (from, to) = (floor0(lo_x), ceil_to(hi_x, width));
            if from < to {
                bits.runs(row as u32, from as u32, to as u32, runs);
                for &(start, end) in runs.iter() {
                    each(row as u32, start, end);
                }
            }
            row += 1.0;
        }
    });
}

/// Whether texel (`x`, `y`), inside the mask, is solid.
#[inline(always)]
fn solid(bits: &Bits<'_>, x: u32, y: u32) -> bool {
    bits.word(y, (x / 64) as usize) >> (x % 64) & 1 == 1
}

/// `x.floor().max(0.0)`, inline: without SSE4.1 `floor` is a library call, and every bound the scan
/// takes is clamped at 0 anyway.
#[inline(always)]
fn floor0(x: f64) -> f64 {
    x.max(0.0) as u64 as f64
}

/// `x.ceil()` clamped to `0..=limit` (a whole number), inline for the same reason.
#[inline(always)]
fn ceil_to(x: f64, limit: f64) -> f64 {
    let t = x.max(0.0).min(limit);
    let c = t as u64 as f64;
    if c < t { c + 1.0 } else { c }
}

/// The smallest and largest coordinate `axis` of the points.
fn extent(points: &[DVec2], axis: usize) -> (f64, f64) {
    points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p[axis]), hi.max(p[axis]))
        })
}

/// The part of convex polygon `poly` between the lines `y = row` and `y = row + 1`, into `out`.
fn band_of(poly: &[DVec2], row: f64, out: &mut Polygon) {
    let mut tmp = Polygon::default();
    clip_axis(poly, &mut tmp, 1, row, 1.0);
    clip_axis(tmp.points(), out, 1, row + 1.0, -1.0);
}

/// The stretch of the line `y = level` inside convex polygon `poly` (its corners in order), or `None`
/// when the line misses it.
fn crossing(poly: &[DVec2; 4], level: f64) -> Option<(f64, f64)> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for i in 0..4 {
        let (p, q) = (poly[i], poly[(i + 1) % 4]);
        if p.y == level {
            (lo, hi) = (lo.min(p.x), hi.max(p.x));
        }
        if (p.y < level && level < q.y) || (q.y < level && level < p.y) {
            let x = p.x + (level - p.y) * (q.x - p.x) / (q.y - p.y);
            (lo, hi) = (lo.min(x), hi.max(x));
        }
    }
    (lo <= hi).then_some((lo, hi))
}

/// The second mask's cells, for summing how much of a parallelogram they cover.
struct Cells<'a> {
    bits: Bits<'a>,
    width: f64,
    height: f64,
}

impl<'a> Cells<'a> {
    fn new(pair: &Pair<'a>) -> Self {
        Cells {
            bits: pair.b.bits(),
            width: f64::from(pair.b.width()),
            height: f64::from(pair.b.height()),
        }
    }

    /// The area of parallelogram `quad` (the second mask's texels) that solid cells cover.
    fn covered(&self, quad: [DVec2; 4]) -> f64 {
        let chains = Chains::new(&quad);
        let (lo_y, hi_y) = extent(&quad, 1);
        let (lo_x, hi_x) = extent(&quad, 0);
        let (first, last) = (floor0(lo_y), ceil_to(hi_y, self.height));
        let (left, right) = (floor0(lo_x), ceil_to(hi_x, self.width));
        // A short run's parallelogram spans a few cells: every cell of its bounds is integrated (an
        // empty one gives 0). A long one's rows are bounded by where it meets them, and the cells it
        // covers whole are counted a word at a time.
        let long = right - left > 8.0;
        let mut sum = 0.0;
        let mut row = first;
        while row < last {
            let y = row as u32;
            let (mut from, mut to, mut whole_from, mut whole_to) = (left, right, right, right);
            if long {
                let (bottom, top) = (crossing(&quad, row), crossing(&quad, row + 1.0));
                let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
                for (l, h) in bottom.into_iter().chain(top) {
                    (lo, hi) = (lo.min(l), hi.max(h));
                }
                for v in quad.iter().filter(|v| row <= v.y && v.y <= row + 1.0) {
                    (lo, hi) = (lo.min(v.x), hi.max(v.x));
                }
                (from, to) = (floor0(lo).max(left), ceil_to(hi, right));
                // Cells whose whole height lies inside the parallelogram at both of their side edges
                // are inside it whole (it is convex).
                if let (Some((l0, h0)), Some((l1, h1))) = (bottom, top) {
                    let (l, h) = (
                        ceil_to(l0.max(l1), to).max(from),
                        floor0(h0.min(h1)).min(to),
                    );
                    if l < h {
                        (whole_from, whole_to) = (l, h);
                        sum += self.count(y, l as u32, h as u32) as f64;
                    }
                }
                (whole_from, whole_to) = (whole_from.min(to), whole_to.min(to));
                if whole_from >= whole_to {
                    (whole_from, whole_to) = (to, to);
                }
            }
            let mut x = from;
            while x < to {
                if x == whole_from {
                    x = whole_to;
                    continue;
                }
                if solid(&self.bits, x as u32, y) {
                    sum += chains.cell_area(x, row);
                }
                x += 1.0;
            }
            row += 1.0;
        }
        sum
    }

    /// How many of row `y`'s texels `from..to` are solid.
    fn count(&self, y: u32, from: u32, to: u32) -> u64 {
        let mut n = 0u64;
        let mut x = from;
        while x < to {
            let k = x / 64;
            let end = to.min((k + 1) * 64);
            let (lo, hi) = (x % 64, end - k * 64);
            let keep = if hi == 64 { !0u64 } else { (1u64 << hi) - 1 } & !((1u64 << lo) - 1);
            n += u64::from((self.bits.word(y, k as usize) & keep).count_ones());
            x = end;
        }
        n
    }
}

/// A parallelogram as its two chains of edges from its leftmost corner to its rightmost, each a
/// linear function of x on its pieces: its height over a column is the difference of the two, so the
/// area it shares with a cell is the difference of their integrals clamped to the cell's row, with
/// no clipping.
struct Chains {
    /// Each chain's pieces: x span, y at its left end, slope; vertical edges have no width and none.
    pieces: [[(f64, f64, f64, f64); 3]; 2],
    len: [usize; 2],
}

impl Chains {
    fn new(quad: &[DVec2; 4]) -> Self {
        let by_x = |i: &usize, j: &usize| quad[*i].x.total_cmp(&quad[*j].x);
        let left = (0..4).min_by(by_x).unwrap_or(0);
        let right = (0..4).max_by(by_x).unwrap_or(0);
        let mut chains = Chains {
            pieces: [[(0.0, 0.0, 0.0, 0.0); 3]; 2],
            len: [0; 2],
        };
        for (chain, (from, to)) in [(left, right), (right, left)].into_iter().enumerate() {
            let mut i = from;
            while i != to {
                let (p, q) = (quad[i], quad[(i + 1) % 4]);
                if p.x != q.x {
                    let (l, r) = if p.x < q.x { (p, q) } else { (q, p) };
                    chains.pieces[chain][chains.len[chain]] =
                        (l.x, r.x, l.y, (r.y - l.y) / (r.x - l.x));
                    chains.len[chain] += 1;
                }
                i = (i + 1) % 4;
            }
        }
        chains
    }

    /// The area the parallelogram shares with the unit cell at (`x`, `y`).
    #[inline]
    fn cell_area(&self, x: f64, y: f64) -> f64 {
        let side = |chain: usize| -> f64 {
            self.pieces[chain][..self.len[chain]]
                .iter()
                .map(|&(x0, x1, y0, slope)| {
                    let (a, b) = (x.max(x0), (x + 1.0).min(x1));
                    if a >= b {
                        return 0.0;
                    }
                    let (w0, w1) = (y0 + (a - x0) * slope - y, y0 + (b - x0) * slope - y);
                    (b - a) * mean_in_unit(w0, w1)
                })
                .sum()
        };
        (side(0) - side(1)).abs()
    }
}

/// The mean of `clamp(w, 0, 1)` as `w` runs linearly from `w0` to `w1`.
#[inline(always)]
fn mean_in_unit(w0: f64, w1: f64) -> f64 {
    let (u, v) = (w0.min(w1), w0.max(w1));
    if v <= 0.0 {
        0.0
    } else if u >= 1.0 {
        1.0
    } else if u >= 0.0 && v <= 1.0 {
        (u + v) * 0.5
    } else {
        // The stretch crosses 0 or 1 (so v - u is not small): the antiderivative's difference.
        let g = |w: f64| {
            if w <= 0.0 {
                0.0
            } else if w <= 1.0 {
                w * w * 0.5
            } else {
                w - 0.5
            }
        };
        (g(v) - g(u)) / (v - u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Polygon, polygon_area};
    use crate::sprite::Sprite;
    use glam::{Affine2, Vec2};

    /// The pair walk's area: every overlapping pair of solid boxes clipped.
    fn walked(pair: &Pair<'_>) -> f64 {
        let mut area = 0.0;
        pair.walk(|ra, rb| {
            let mut poly = Polygon::default();
            pair.clip(ra, rb, &mut poly);
            area += polygon_area(poly.points());
            false
        });
        area
    }

    fn noise(w: u32, h: u32, seed: u64) -> Mask {
        Mask::from_fn(w, h, |x, y| {
            let mut z = seed ^ (u64::from(x) << 32 | u64::from(y));
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
            (z ^ (z >> 31)) & 3 != 0
        })
        .unwrap()
    }

    #[test]
    fn row_scan_and_pair_walk_agree_on_turned_scaled_sheared_and_flipped_noise() {
        let (a, b) = (noise(37, 23, 1), noise(29, 41, 2));
        let mut checked = 0;
        for k in 0..200 {
            let f = k as f32;
            let ta = Affine2::from_scale_angle_translation(
                Vec2::new(
                    1.0 + (f * 0.37).sin() * 0.6,
                    if k % 3 == 0 { -1.3 } else { 0.8 },
                ),
                f * 0.71,
                Vec2::new((f * 1.3).sin() * 9.0, (f * 0.9).cos() * 7.0),
            );
            let shear = Affine2::from_cols_array(&[1.0, 0.0, (f * 0.2).sin() * 0.4, 1.0, 0.0, 0.0]);
            let tb = Affine2::from_angle_translation(-f * 0.43, Vec2::new(3.0, -2.0)) * shear;
            let Some(pair) = Pair::new(Sprite::new(&a, ta), Sprite::new(&b, tb)) else {
                continue;
            };
            let (rows, walk) = (shared_area(&pair), walked(&pair));
            assert!(
                (rows - walk).abs() <= 1e-9 * walk.max(1.0),
                "case {k}: {rows} against {walk}"
            );
            checked += usize::from(walk > 0.0);
        }
        assert!(checked > 100, "only {checked} cases overlapped");
    }

    #[test]
    fn shared_texels_are_those_the_pair_test_finds_against_some_solid_texel() {
        let (a, b) = (noise(19, 13, 3), noise(11, 17, 4));
        let place = |k: u32| {
            let f = k as f32;
            match k % 3 {
                // Exact grid placements, where texel edges meet and touching must not count.
                0 => Affine2::from_scale_angle_translation(
                    Vec2::new(2.0, if k.is_multiple_of(2) { 0.5 } else { -1.0 }),
                    std::f32::consts::FRAC_PI_2 * (k % 4) as f32,
                    Vec2::new((k % 7) as f32 - 3.0, (k % 5) as f32 * 0.5),
                ),
                _ => Affine2::from_scale_angle_translation(
                    Vec2::new(1.0 + (f * 0.3).sin() * 0.5, 0.9),
                    f * 0.61,
                    Vec2::new((f * 1.1).sin() * 6.0, (f * 0.7).cos() * 6.0),
                ),
            }
        };
        for k in 0..120 {
            let (sa, sb) = (Sprite::new(&a, place(k)), Sprite::new(&b, place(k * 7 + 1)));
            let Some(pair) = Pair::new(sa, sb) else {
                continue;
            };
            let mut out = vec![0u64; a.height() as usize];
            shared_texels(&pair, &mut out);
            let (ia, ib) = (a.bits().inset, b.bits().inset);
            for (y, x) in (0..a.height()).flat_map(|y| (0..a.width()).map(move |x| (y, x))) {
                let mine = Node::texel(x, y, ia);
                let expected = a.is_solid(x, y)
                    && (0..b.height()).any(|by| {
                        (0..b.width()).any(|bx| {
                            let other = Node::texel(bx, by, ib);
                            b.is_solid(bx, by)
                                && !if pair.swapped {
                                    pair.separated(&other, &mine)
                                } else {
                                    pair.separated(&mine, &other)
                                }
                        })
                    });
                assert_eq!(
                    out[y as usize] >> x & 1 == 1,
                    expected,
                    "case {k}, texel ({x}, {y})"
                );
            }
        }
    }

    #[test]
    fn row_scan_counts_cells_covered_whole_by_a_long_run() {
        // A solid 300 x 3 bar over a solid 200 x 200 square, turned a little and scaled down: most
        // cells lie inside the run's parallelogram whole and are counted by popcount.
        let (bar, square) = (
            Mask::from_fn(300, 3, |_, _| true).unwrap(),
            Mask::from_fn(200, 200, |_, _| true).unwrap(),
        );
        let ta =
            Affine2::from_scale_angle_translation(Vec2::splat(2.0), 0.05, Vec2::new(-50.0, 60.0));
        let tb = Affine2::from_scale_angle_translation(Vec2::splat(0.75), -0.02, Vec2::ZERO);
        let pair = Pair::new(Sprite::new(&bar, ta), Sprite::new(&square, tb)).unwrap();
        let (rows, walk) = (shared_area(&pair), walked(&pair));
        assert!(
            walk > 100.0 && (rows - walk).abs() <= 1e-9 * walk,
            "{rows} against {walk}"
        );
    }
}
