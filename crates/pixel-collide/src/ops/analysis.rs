//! Questions about a mask on its own, in its texel space: centroid, connected components and their
//! bounding rectangles, the traced outline, the inverse and a resampled copy (pygame.mask's analysis
//! methods).

use crate::mask::{Mask, MaskError, PixelRect};

impl Mask {
    /// The mean of the solid texels' centres, or `None` when no texel is solid.
    ///
    /// ```
    /// let m = pixel_collide::Mask::from_fn(4, 2, |x, _| x >= 2).unwrap();
    /// assert_eq!(m.centroid(), Some(glam::Vec2::new(3.0, 1.0)));
    /// ```
    pub fn centroid(&self) -> Option<glam::Vec2> {
        let (x, y) = self.moments().mean()?;
        Some(glam::Vec2::new(x as f32, y as f32))
    }

    /// The mask with solid and air swapped.
    ///
    /// ```
    /// let m = pixel_collide::Mask::from_fn(3, 1, |x, _| x == 1).unwrap();
    /// assert_eq!(m.invert().solid_count(), 2);
    /// ```
    pub fn invert(&self) -> Mask {
        let words = self.bits().words.iter().map(|w| !w).collect();
        Mask::from_strips(self.width(), self.height(), words)
    }

    /// A `width` x `height` copy by nearest neighbour: each texel takes the source texel under its
    /// centre (texel (x, y) samples the source at `((x + 0.5) * self.width() / width, ...)`, rounded
    /// down); an error for a size of zero or past [`Mask::MAX_SIDE`] or [`Mask::MAX_TEXELS`].
    ///
    /// ```
    /// let m = pixel_collide::Mask::from_fn(2, 2, |x, y| x == y).unwrap();
    /// let big = m.resized(4, 4).unwrap();
    /// assert!(big.is_solid(1, 1) && big.is_solid(3, 2) && !big.is_solid(3, 0));
    /// assert!(m.resized(0, 4).is_err() && m.resized(u32::MAX, u32::MAX).is_err());
    /// ```
    pub fn resized(&self, width: u32, height: u32) -> Result<Mask, MaskError> {
        let (sw, sh) = (u64::from(self.width()), u64::from(self.height()));
        Mask::from_fn(width, height, |x, y| {
            // The centre (x + 0.5) * sw / width, in integers: (2x + 1) sw / 2 width, rounded down.
            let sx = (2 * u64::from(x) + 1) * sw / (2 * u64::from(width));
            let sy = (2 * u64::from(y) + 1) * sh / (2 * u64::from(height));
            self.is_solid(sx as i64, sy as i64)
        })
    }

    /// The 8-connected components of the solid texels, largest first (ties in row order of their first
    /// texel), each as its row runs with its bounds; `min_size` drops smaller ones.
    ///
    /// Labelled a row run at a time with a union-find, so the work and the memory follow the runs, not
    /// the mask's area: about 40 bytes per run while labelling, and 12 per run (plus 64 per
    /// component) in the answer. [`Component::to_mask`] crops one to its bounds when a mask is needed.
    ///
    /// ```
    /// use pixel_collide::{Mask, PixelRect};
    /// let m = Mask::from_fn(7, 3, |x, y| x < 2 || (x >= 4 && y == 1)).unwrap();
    /// let parts = m.components(1);
    /// assert_eq!(parts.iter().map(|p| p.solid_count()).collect::<Vec<_>>(), [6, 3]);
    /// assert_eq!(parts[1].bounds(), PixelRect::new(4, 1, 3, 1));
    /// let bar = parts[1].to_mask();
    /// assert_eq!((bar.width(), bar.height(), bar.solid_count()), (3, 1, 3));
    /// ```
    pub fn components(&self, min_size: u64) -> Vec<Component> {
        let labelled = self.label_runs();
        let mut runs_of = labelled.runs_of;
        labelled
            .components
            .iter()
            .filter(|c| c.count >= min_size.max(1))
            .map(|c| Component {
                bounds: PixelRect::new(c.x0, c.y0, c.x1 - c.x0, c.y1 - c.y0),
                count: c.count,
                runs: std::mem::take(&mut runs_of[c.root]),
            })
            .collect()
    }

    /// A mask of this size solid on the given row runs `(y, start, end)`.
    fn mask_of_runs(&self, runs: &[(u32, u32, u32)]) -> Mask {
        let (strips, h) = (self.width().div_ceil(64) as usize, self.height() as usize);
        let mut words = vec![0u64; strips * h];
        for &(y, start, end) in runs {
            for x in start..end {
                words[x as usize / 64 * h + y as usize] |= 1 << (x % 64);
            }
        }
        Mask::from_strips(self.width(), self.height(), words)
    }

    /// The 8-connected component that holds texel `(x, y)`, as a mask of this size; `None` when that
    /// texel is air or outside (pygame's `connected_component` with a position).
    ///
    /// ```
    /// let m = pixel_collide::Mask::from_fn(7, 3, |x, y| x < 2 || (x >= 4 && y == 1)).unwrap();
    /// assert_eq!(m.component_at(5, 1).unwrap().solid_count(), 3);
    /// assert!(m.component_at(3, 1).is_none());
    /// ```
    pub fn component_at(&self, x: u32, y: u32) -> Option<Mask> {
        if !self.is_solid(i64::from(x), i64::from(y)) {
            return None;
        }
        let labelled = self.label_runs();
        let holds = |runs: &[(u32, u32, u32)]| {
            runs.iter()
                .any(|&(ry, start, end)| ry == y && (start..end).contains(&x))
        };
        let component = labelled
            .components
            .iter()
            .find(|c| holds(&labelled.runs_of[c.root]))?;
        Some(self.mask_of_runs(&labelled.runs_of[component.root]))
    }

    /// The bounding rectangle of each 8-connected component, in the order of
    /// [`components`](Self::components) (pygame's `get_bounding_rects`).
    ///
    /// ```
    /// use pixel_collide::{Mask, PixelRect};
    /// let m = Mask::from_fn(7, 3, |x, y| x < 2 || (x >= 4 && y == 1)).unwrap();
    /// assert_eq!(m.bounding_rects(), [PixelRect::new(0, 0, 2, 3), PixelRect::new(4, 1, 3, 1)]);
    /// ```
    pub fn bounding_rects(&self) -> Vec<PixelRect> {
        self.label_runs()
            .components
            .iter()
            .map(|c| PixelRect::new(c.x0, c.y0, c.x1 - c.x0, c.y1 - c.y0))
            .collect()
    }

    /// The outline of the first 8-connected component (in row order), traced clockwise on screen from
    /// its first texel with Moore-neighbour tracing: each point a boundary texel, each next to the one
    /// before (pygame's `outline`). A single texel is one point; an empty mask none.
    ///
    /// ```
    /// let m = pixel_collide::Mask::from_fn(3, 3, |_, _| true).unwrap();
    /// let ring = m.outline();
    /// assert_eq!(ring.len(), 8);
    /// assert_eq!(ring[0], (0, 0));
    /// ```
    pub fn outline(&self) -> Vec<(u32, u32)> {
        // Neighbours clockwise on a y-down screen, starting west.
        const AROUND: [(i64, i64); 8] = [
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
        ];
        let Some(start) = self.first_solid() else {
            return Vec::new();
        };
        let start = (i64::from(start.0), i64::from(start.1));
        let index_of = |from: (i64, i64), to: (i64, i64)| {
            AROUND
                .iter()
                .position(|&(dx, dy)| (from.0 + dx, from.1 + dy) == to)
                .expect("neighbours")
        };
        // From `current`, with `back` the air texel last looked at, the next boundary texel clockwise
        // and the air texel looked at just before it.
        let step = |current: (i64, i64), back: (i64, i64)| {
            let b = index_of(current, back);
            (1..=8).find_map(|i| {
                let (dx, dy) = AROUND[(b + i) % 8];
                let next = (current.0 + dx, current.1 + dy);
                let (px, py) = AROUND[(b + i - 1) % 8];
                self.is_solid(next.0, next.1)
                    .then_some((next, (current.0 + px, current.1 + py)))
            })
        };
        let mut out = vec![(start.0 as u32, start.1 as u32)];
        // The first texel in row order has air to its west.
        let Some(first) = step(start, (start.0 - 1, start.1)) else {
            return out; // A lone texel.
        };
        let (mut current, mut back) = first;
        // Every boundary texel is visited at most once from each of its eight sides.
        for _ in 0..8 * self.solid_count() {
            if current == start && step(current, back) == Some(first) {
                break; // Back at the start about to repeat the first step: the ring is closed.
            }
            out.push((current.0 as u32, current.1 as u32));
            (current, back) = step(current, back).expect("a texel reached from a solid one has it");
        }
        out
    }

    /// The first solid texel in row order.
    fn first_solid(&self) -> Option<(u32, u32)> {
        let bits = self.bits();
        (0..self.height()).find_map(|y| {
            (0..bits.strips).find_map(|k| {
                let w = bits.word(y, k);
                (w != 0).then(|| (64 * k as u32 + w.trailing_zeros(), y))
            })
        })
    }

    /// Every word with its strip and row, strip after strip: for sums, which take them in any order.
    pub(crate) fn words_at(&self) -> impl Iterator<Item = (usize, u32, u64)> + '_ {
        let bits = self.bits();
        (0..bits.strips).flat_map(move |k| {
            let strip = &bits.words[k * bits.height as usize..][..bits.height as usize];
            strip
                .iter()
                .enumerate()
                .map(move |(y, &w)| (k, y as u32, w))
        })
    }

    /// Every row run, grouped into 8-connected components.
    fn label_runs(&self) -> Labelled {
        let (runs, mut parent) = self.joined_runs();
        let mut components: Vec<Tally> = Vec::new();
        let mut slot_of_root = vec![usize::MAX; runs.len()];
        let mut runs_of: Vec<Vec<(u32, u32, u32)>> = Vec::new();
        for (i, &run) in runs.iter().enumerate() {
            let root = find(&mut parent, i);
            if slot_of_root[root] == usize::MAX {
                slot_of_root[root] = components.len();
                components.push(Tally {
                    root: runs_of.len(),
                    count: 0,
                    x0: u32::MAX,
                    y0: u32::MAX,
                    x1: 0,
                    y1: 0,
                });
                runs_of.push(Vec::new());
            }
            let c = &mut components[slot_of_root[root]];
            let (y, s, e) = run;
            c.count += u64::from(e - s);
            (c.x0, c.y0, c.x1, c.y1) = (c.x0.min(s), c.y0.min(y), c.x1.max(e), c.y1.max(y + 1));
            runs_of[c.root].push(run);
        }
        // Largest first; a stable sort keeps row order among equals.
        components.sort_by_key(|c| std::cmp::Reverse(c.count));
        Labelled {
            components,
            runs_of,
        }
    }

    /// The runs of each row as (y, start, end), row after row, and a union-find forest over their
    /// indices in which 8-connected runs share a root.
    fn joined_runs(&self) -> (Vec<(u32, u32, u32)>, Vec<usize>) {
        let mut runs: Vec<(u32, u32, u32)> = Vec::new();
        let mut parent: Vec<usize> = Vec::new();
        let mut previous = 0..0;
        let mut row_runs = Vec::new();
        for y in 0..self.height() {
            self.bits().runs(y, 0, self.width(), &mut row_runs);
            let first = runs.len();
            // Runs of the row above ending before this run starts cannot reach it or any later run:
            // one pass over both rows.
            let mut next_above = previous.start;
            for &(start, end) in &row_runs {
                let me = runs.len();
                runs.push((y, start, end));
                parent.push(me);
                while next_above < previous.end && runs[next_above].2 < start {
                    next_above += 1;
                }
                // 8-connected: runs of the row above that reach one column past either end.
                let reach = runs[next_above..previous.end].iter().enumerate();
                for (k, &(_, s, e)) in reach {
                    let above = next_above + k;
                    if s > end {
                        break;
                    }
                    if start <= e {
                        let (ra, rb) = (find(&mut parent, above), find(&mut parent, me));
                        if ra != rb {
                            parent[ra.max(rb)] = ra.min(rb);
                        }
                    }
                }
            }
            previous = first..runs.len();
        }
        (runs, parent)
    }
}

/// The root of run `i` in a union-find forest, halving the path on the way.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// One 8-connected component while labelling: where its runs are kept, its size and its bounds.
struct Tally {
    root: usize,
    count: u64,
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
}

/// The result of labelling: components, and the runs of each.
struct Labelled {
    components: Vec<Tally>,
    runs_of: Vec<Vec<(u32, u32, u32)>>,
}

/// One 8-connected component of a mask's solid texels, as its row runs: its size follows its texels,
/// not the mask's.
///
/// ```
/// let m = pixel_collide::Mask::from_fn(5, 3, |x, y| x == y || x == 4).unwrap();
/// let diagonal = &m.components(1)[0];
/// assert!(diagonal.contains(1, 1) && !diagonal.contains(1, 0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    bounds: PixelRect,
    count: u64,
    /// Row runs `(y, start, end)` in row order, in the source mask's texels.
    runs: Vec<(u32, u32, u32)>,
}

impl Component {
    /// The smallest rectangle of the source mask's texels holding the component.
    pub fn bounds(&self) -> PixelRect {
        self.bounds
    }

    /// How many texels the component holds.
    pub fn solid_count(&self) -> u64 {
        self.count
    }

    /// The component's row runs in row order, each a rectangle one texel high in the source mask.
    pub fn runs(&self) -> impl Iterator<Item = PixelRect> + '_ {
        self.runs
            .iter()
            .map(|&(y, start, end)| PixelRect::new(start, y, end - start, 1))
    }

    /// Whether texel (x, y) of the source mask belongs to the component.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        let first = self
            .runs
            .partition_point(|&(ry, _, end)| (ry, end) <= (y, x));
        self.runs
            .get(first)
            .is_some_and(|&(ry, start, _)| ry == y && start <= x)
    }

    /// The component as a mask cropped to its [`bounds`](Self::bounds): its texel (x, y) is texel
    /// `(x + bounds.x, y + bounds.y)` of the source, so it is placed by the source's transform times a
    /// translation by the bounds' corner.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let m = Mask::from_fn(8, 8, |x, y| x >= 5 && y >= 6).unwrap();
    /// let part = &m.components(1)[0];
    /// let b = part.bounds();
    /// let place = Affine2::IDENTITY * Affine2::from_translation(Vec2::new(b.x as f32, b.y as f32));
    /// assert!(Sprite::new(&part.to_mask(), place).contains_point(Vec2::new(6.5, 7.5)));
    /// ```
    pub fn to_mask(&self) -> Mask {
        let b = self.bounds;
        let h = b.h as usize;
        let mut words = vec![0u64; b.w.div_ceil(64) as usize * h];
        for &(y, start, end) in &self.runs {
            let y = (y - b.y) as usize;
            // A run a word at a time: the part of it in each strip is one mask of ones.
            let (mut x, end) = (start - b.x, end - b.x);
            while x < end {
                let (k, bit) = (x as usize / 64, x % 64);
                let n = (end - x).min(64 - bit);
                words[k * h + y] |= (u64::MAX >> (64 - n)) << bit;
                x += n;
            }
        }
        Mask::from_strips(b.w, b.h, words)
    }
}
