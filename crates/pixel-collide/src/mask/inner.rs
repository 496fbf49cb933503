//! A mask's interior: a disc inside its solid texels, as large as a distance transform finds it, a
//! few texels deep inside it, and the outermost texel of each sixteenth of a turn. A broad phase
//! that sees two sprites' discs overlap, or finds one sprite's deep or outermost texel centre inside
//! a solid texel of the other, knows they touch without walking their trees: most touching pairs of
//! a crowded scene are found so.
//!
//! The transform is Felzenszwalb and Huttenlocher's exact Euclidean one (squared distances, one pass
//! along the columns and one along the rows, linear in the texels), from each texel's centre to the
//! nearest centre of an air texel, with a ring of air around the mask. A disc about a solid centre
//! whose radius falls short of that distance by half a texel's diagonal meets no air texel and stays
//! inside the mask, so it is solid throughout.

use super::support::Support;

/// The most texels a disc is looked for in: a 256 x 256 mask, a millisecond once per mask, and
/// 8 bytes of scratch a texel (half a megabyte at most) while it runs.
const INNER_TEXELS: u64 = 1 << 16;

/// Half a texel's diagonal: how far a point of an air texel can be nearer than its centre.
const HALF_DIAGONAL: f64 = std::f64::consts::SQRT_2 / 2.0;

/// How many cells across and down the grid over the mask has whose deepest texels are kept.
const CELLS: u32 = 5;

/// The most deep texels kept: the deepest of each cell.
pub(crate) const PROBES: usize = (CELLS * CELLS) as usize;

/// How many turns of the mask, as seen from the middle of its solid texels, keep their outermost
/// solid texel: the one a sprite coming from that side meets first.
pub(crate) const RIM: usize = 16;

/// A mask's interior, in texels.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Interior {
    /// `[x, y, radius]`: a disc whose every point lies inside a solid texel, about the solid texel
    /// centre farthest from air; `None` when no texel is that far from air.
    pub(crate) disc: Option<[f64; 3]>,
    /// Solid texels, the deepest first: in each cell of a 5 x 5 grid over the mask, the one
    /// farthest from air. Kept inline (sides are at most 2^16 here), in the tree.
    probes: [[u16; 2]; PROBES],
    /// How many of `probes` there are.
    count: u8,
    /// The middle of the solid texels' bounding rectangle, which `rim` is seen from.
    pub(crate) middle: [f64; 2],
    /// For each sixteenth of a turn about `middle` (from +x towards +y), its solid texel whose
    /// centre lies farthest from `middle`, and whether it has one (bit `k` of `rim_found`).
    rim: [[u16; 2]; RIM],
    rim_found: u16,
    /// How far the solid texels reach from `middle` in each of a few directions (see
    /// `mask::support`).
    pub(crate) support: Support,
}

impl Interior {
    /// No disc and no deep texels: a mask too large to look in, or an edited one.
    pub(crate) const EMPTY: Interior = Interior {
        disc: None,
        probes: [[0; 2]; PROBES],
        count: 0,
        middle: [0.0; 2],
        rim: [[0; 2]; RIM],
        rim_found: 0,
        support: Support::UNKNOWN,
    };

    /// The rim texels, with the sixteenth of a turn each stands for.
    pub(crate) fn rim(&self) -> impl Iterator<Item = [u32; 2]> + '_ {
        (0..RIM)
            .filter(|&k| self.rim_found >> k & 1 != 0)
            .map(|k| [u32::from(self.rim[k][0]), u32::from(self.rim[k][1])])
    }

    /// The deep texels, the deepest first.
    pub(crate) fn probes(&self) -> impl Iterator<Item = [u32; 2]> + '_ {
        self.probes[..self.count as usize]
            .iter()
            .map(|&[x, y]| [u32::from(x), u32::from(y)])
    }
}

/// The interior of a `width` x `height` mask whose solid texels `solid` gives; empty for masks past
/// [`INNER_TEXELS`].
pub(crate) fn interior(width: u32, height: u32, solid: impl Fn(u32, u32) -> bool) -> Interior {
    if u64::from(width) * u64::from(height) > INNER_TEXELS {
        return Interior::EMPTY;
    }
    let depth = Depths::of(width, height, solid);
    let Deepest {
        deepest,
        probes,
        count,
    } = deepest(&depth);
    let middle = if count > 0 {
        depth.solid_middle()
    } else {
        [0.0; 2]
    };
    let (rim, rim_found) = outermost(&depth, middle);
    let disc = deepest.0.sqrt() - HALF_DIAGONAL;
    // Solid texels with air on a side (nearest air centre 1 away), which hold every extreme corner.
    let outline = depth.texels().filter(|&[x, y]| depth.at(x, y) == 1.0);
    Interior {
        support: Support::of(outline, middle),
        count: count as u8,
        middle,
        rim,
        rim_found,
        disc: (disc > 0.0).then(|| {
            let [x, y] = deepest.1;
            [f64::from(x) + 0.5, f64::from(y) + 0.5, disc]
        }),
        probes,
    }
}

/// Each texel's squared distance from its centre to the nearest air texel's centre (0 for air),
/// the mask held with a ring of air around it.
struct Depths {
    width: u32,
    height: u32,
    d: Vec<f64>,
}

impl Depths {
    /// The exact squared distances of a mask, along each column and then along each row.
    fn of(width: u32, height: u32, solid: impl Fn(u32, u32) -> bool) -> Depths {
        let (w, h) = (width as usize + 2, height as usize + 2);
        let mut d = vec![0.0f64; w * h];
        for y in 0..height {
            for x in 0..width {
                if solid(x, y) {
                    d[(y as usize + 1) * w + x as usize + 1] = f64::INFINITY;
                }
            }
        }
        let mut scratch = Scratch::new(w.max(h));
        let mut line = vec![0.0f64; h];
        for x in 0..w {
            for (y, v) in line.iter_mut().enumerate() {
                *v = d[y * w + x];
            }
            scratch.transform(&mut line);
            for (y, v) in line.iter().enumerate() {
                d[y * w + x] = *v;
            }
        }
        for row in d.chunks_exact_mut(w) {
            scratch.transform(row);
        }
        Depths { width, height, d }
    }

    /// Texel (x, y)'s squared depth.
    fn at(&self, x: u32, y: u32) -> f64 {
        self.d[(y as usize + 1) * (self.width as usize + 2) + x as usize + 1]
    }

    /// Every texel of the mask, row by row.
    fn texels(&self) -> impl Iterator<Item = [u32; 2]> + '_ {
        (0..self.height).flat_map(|y| (0..self.width).map(move |x| [x, y]))
    }

    /// The middle of the solid texels' bounds.
    fn solid_middle(&self) -> [f64; 2] {
        let (mut lo, mut hi) = ([u32::MAX; 2], [0u32; 2]);
        for [x, y] in self.texels().filter(|&[x, y]| self.at(x, y) > 0.0) {
            lo = [lo[0].min(x), lo[1].min(y)];
            hi = [hi[0].max(x + 1), hi[1].max(y + 1)];
        }
        [
            f64::from(lo[0] + hi[0]) / 2.0,
            f64::from(lo[1] + hi[1]) / 2.0,
        ]
    }
}

/// The deepest texel of a mask and the probes: the deepest solid texel of each of the `PROBES`
/// cells, deepest first.
struct Deepest {
    /// The deepest texel's squared depth (0 for a mask without solid texels) and the texel.
    deepest: (f64, [u32; 2]),
    probes: [[u16; 2]; PROBES],
    count: usize,
}

/// The deepest texel of each of the `PROBES` cells, deepest first.
fn deepest(depth: &Depths) -> Deepest {
    let (width, height) = (depth.width, depth.height);
    let mut cells = [(0.0f64, [0u32; 2]); PROBES];
    for [x, y] in depth.texels() {
        let d = depth.at(x, y);
        let cell = (CELLS * y / height * CELLS + CELLS * x / width) as usize;
        if d > cells[cell].0 {
            cells[cell] = (d, [x, y]);
        }
    }
    cells.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut probes = [[0u16; 2]; PROBES];
    let mut count = 0;
    for (_, [x, y]) in cells.iter().filter(|c| c.0 > 0.0) {
        // Masks past 2^16 texels a side hold more than INNER_TEXELS and never get here.
        probes[count] = [*x as u16, *y as u16];
        count += 1;
    }
    Deepest {
        deepest: cells[0],
        probes,
        count,
    }
}

/// The outermost solid texel of each of the `RIM` sectors of a turn about `middle`, and a bit per
/// sector that holds one.
fn outermost(depth: &Depths, middle: [f64; 2]) -> ([[u16; 2]; RIM], u16) {
    let mut outer = [(-1.0f64, [0u16; 2]); RIM];
    for [x, y] in depth.texels().filter(|&[x, y]| depth.at(x, y) > 0.0) {
        let (dx, dy) = (
            f64::from(x) + 0.5 - middle[0],
            f64::from(y) + 0.5 - middle[1],
        );
        let turn = dy.atan2(dx).rem_euclid(std::f64::consts::TAU) / std::f64::consts::TAU;
        let k = ((turn * RIM as f64) as usize).min(RIM - 1);
        let far = dx * dx + dy * dy;
        if far > outer[k].0 {
            outer[k] = (far, [x as u16, y as u16]);
        }
    }
    let mut rim = [[0u16; 2]; RIM];
    let mut rim_found = 0u16;
    for (k, (far, at)) in outer.iter().enumerate() {
        if *far >= 0.0 {
            rim[k] = *at;
            rim_found |= 1 << k;
        }
    }
    (rim, rim_found)
}

/// The buffers of the one-dimensional transform.
struct Scratch {
    /// The parabolas of the lower envelope, by the index of their vertex.
    vertex: Vec<usize>,
    /// Where each parabola of the envelope starts to be the lowest.
    start: Vec<f64>,
    /// The input of the line being transformed.
    input: Vec<f64>,
}

impl Scratch {
    fn new(longest: usize) -> Scratch {
        Scratch {
            vertex: vec![0; longest],
            start: vec![0.0; longest + 1],
            input: vec![0.0; longest],
        }
    }

    /// Replaces `f` (0 at air, a squared distance or infinity elsewhere) by the squared distance to
    /// the nearest point `q` weighted by `f[q]`: `min over q of (p - q)^2 + f[q]`. The line must hold
    /// a 0 (the ring of air sees to that), so that no parabola is at infinity everywhere.
    fn transform(&mut self, f: &mut [f64]) {
        let n = f.len();
        self.input[..n].copy_from_slice(f);
        let input = &self.input;
        let (vertex, start) = (&mut self.vertex, &mut self.start);
        // Finite parabolas only: an infinite one is never the lowest.
        let mut k: usize = 0;
        let mut first = true;
        for q in 0..n {
            if input[q].is_infinite() {
                continue;
            }
            if first {
                vertex[0] = q;
                start[0] = f64::NEG_INFINITY;
                start[1] = f64::INFINITY;
                first = false;
                continue;
            }
            let meet = |v: usize| {
                ((input[q] + (q * q) as f64) - (input[v] + (v * v) as f64)) / (2.0 * (q - v) as f64)
            };
            let mut s = meet(vertex[k]);
            while s <= start[k] {
                k -= 1;
                s = meet(vertex[k]);
            }
            k += 1;
            vertex[k] = q;
            start[k] = s;
            start[k + 1] = f64::INFINITY;
        }
        let mut k = 0;
        for (p, out) in f.iter_mut().enumerate() {
            while start[k + 1] < p as f64 {
                k += 1;
            }
            let v = vertex[k];
            let dx = p as f64 - v as f64;
            *out = dx * dx + input[v];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disc_is_solid_and_as_large_as_the_farthest_texel_allows() {
        // Random masks of several densities and blobs: every point of the disc lies in a solid
        // texel (checked on a fine grid of points), and its radius is the brute-force distance from
        // its centre to the nearest air centre (or the border ring), less half a diagonal.
        for seed in 0..40u32 {
            let (w, h) = (1 + seed * 7 % 37, 1 + seed * 11 % 29);
            let solid = |x: u32, y: u32| {
                let v = (x.wrapping_mul(0x9E37_79B9) ^ y.wrapping_mul(0x85EB_CA6B) ^ seed)
                    .wrapping_mul(0xC2B2_AE35);
                let (cx, cy) = (x as i32 - w as i32 / 2, y as i32 - h as i32 / 2);
                cx * cx + cy * cy < (w.min(h) as i32 / 2).pow(2) || v >> (28 + seed % 4) != 0
            };
            let air_distance = |px: f64, py: f64| {
                let mut best = f64::INFINITY;
                for y in -1..=h as i32 {
                    for x in -1..=w as i32 {
                        let inside = x >= 0 && y >= 0 && x < w as i32 && y < h as i32;
                        if !inside || !solid(x as u32, y as u32) {
                            best = best.min((x as f64 + 0.5 - px).hypot(y as f64 + 0.5 - py));
                        }
                    }
                }
                best
            };
            let farthest = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| solid(x, y))
                .map(|(x, y)| air_distance(x as f64 + 0.5, y as f64 + 0.5))
                .fold(0.0, f64::max);
            let found = interior(w, h, solid);
            for [x, y] in found.probes() {
                assert!(solid(x, y), "seed {seed}: probe ({x}, {y}) is air");
            }
            assert_rim_is_outermost(seed, (w, h), &solid, &found);
            match found.disc {
                None => assert!(farthest <= HALF_DIAGONAL, "seed {seed}: {farthest}"),
                Some([cx, cy, r]) => {
                    assert!((r - (farthest - HALF_DIAGONAL)).abs() < 1e-9, "seed {seed}");
                    assert_disc_is_solid(seed, [cx, cy, r], &solid);
                }
            }
        }
    }

    /// Each rim texel is solid and no solid texel of its sixteenth of a turn lies farther out.
    fn assert_rim_is_outermost(
        seed: u32,
        (w, h): (u32, u32),
        solid: &impl Fn(u32, u32) -> bool,
        found: &Interior,
    ) {
        let [mx, my] = found.middle;
        let sector = |x: u32, y: u32| {
            let (dx, dy) = (f64::from(x) + 0.5 - mx, f64::from(y) + 0.5 - my);
            let turn = dy.atan2(dx).rem_euclid(std::f64::consts::TAU) / std::f64::consts::TAU;
            (((turn * RIM as f64) as usize).min(RIM - 1), dx.hypot(dy))
        };
        let rim: Vec<[u32; 2]> = found.rim().collect();
        for &[x, y] in &rim {
            assert!(solid(x, y), "seed {seed}: rim ({x}, {y}) is air");
        }
        for y in 0..h {
            for x in 0..w {
                if solid(x, y) && w * h <= 1 << 16 {
                    let (k, far) = sector(x, y);
                    let outer = rim.iter().find(|&&[rx, ry]| sector(rx, ry).0 == k);
                    let outer =
                        outer.unwrap_or_else(|| panic!("seed {seed}: no rim texel for {k}"));
                    assert!(
                        far <= sector(outer[0], outer[1]).1 + 1e-12,
                        "seed {seed}: ({x}, {y})"
                    );
                }
            }
        }
    }

    /// Every point of the disc, on a grid of 41 x 41 over its square, lies in a solid texel.
    fn assert_disc_is_solid(seed: u32, [cx, cy, r]: [f64; 3], solid: &impl Fn(u32, u32) -> bool) {
        for i in 0..=40 {
            for j in 0..=40 {
                let (px, py) = (
                    cx - r + 2.0 * r * i as f64 / 40.0,
                    cy - r + 2.0 * r * j as f64 / 40.0,
                );
                if (px - cx).hypot(py - cy) < r {
                    let (x, y) = (px.floor(), py.floor());
                    assert!(
                        x >= 0.0 && y >= 0.0 && solid(x as u32, y as u32),
                        "seed {seed}: ({px}, {py}) of the disc is air"
                    );
                }
            }
        }
    }

    #[test]
    fn a_round_mask_keeps_nearly_its_whole_disc_a_large_one_none_and_one_texel_a_small_one() {
        let r = 20.0;
        let disc = |x: u32, y: u32| (x as f64 + 0.5 - r).hypot(y as f64 + 0.5 - r) <= r;
        let [_, _, found] = interior(40, 40, disc).disc.unwrap();
        assert!(found > r - 2.0, "{found}");
        assert_eq!(interior(257, 256, |_, _| true), Interior::EMPTY);
        // One solid texel holds the disc about its centre that stops short of its neighbours' corners.
        let one_texel = interior(3, 3, |x, y| x == 1 && y == 1);
        assert_eq!(one_texel.probes().collect::<Vec<_>>(), [[1, 1]]);
        let [x, y, one] = one_texel.disc.unwrap();
        assert_eq!([x, y], [1.5, 1.5]);
        assert!((one - (1.0 - HALF_DIAGONAL)).abs() < 1e-12);
        assert_eq!(interior(3, 3, |_, _| false), Interior::EMPTY);
    }
}
