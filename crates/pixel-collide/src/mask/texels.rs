//! Collision masks: which texels of an image are solid, bit-packed, with a rectangle cover for fast queries.

use std::sync::OnceLock;

use super::bits::Bits;
use super::error::MaskError;
use super::inner::Interior;
use super::limits;
use super::rect::PixelRect;
use super::tree::{self, BoxTree};

/// How much smaller than its cover rectangle a leaf box is stored, as a fraction of the mask's width
/// (along x) and height (along y): 2^-40, about 1e-12.
///
/// The overlap test maps one sprite into the other's space with rounding of a few units in the last
/// place of `f64`. Testing leaves shrunk by this much means two texels that share only an edge or a
/// corner never collide through rounding, and every reported pair overlaps widely enough to place a
/// contact point in; overlaps thinner than that count as touching only. It is far above `f64`
/// rounding and far below anything `f32` transforms can express.
pub(crate) const LEAF_INSET: f64 = 1.0 / (1u64 << 40) as f64;

/// Which texels of a `width` x `height` image are solid.
///
/// Texel (x, y) covers the square `[x, x + 1) x [y, y + 1)` of the mask's local space. A mask keeps
/// its texels bit-packed (one bit each), as pygame does: in strips 64 texels wide, each strip a word per
/// row from top to bottom, so a strip is one contiguous run of words that aligned placements AND
/// together word by word, and a bounding-box tree whose leaves are solid rectangles or 64 x 64 blocks
/// of those bits, which is what rotated and scaled placements walk. Both follow the mask's size, not
/// its content: with the tree, [`heap_bytes`](Self::heap_bytes) stays within three times the bytes of
/// pygame's mask of that size (its words and two ints) for any mask of 1024 texels or more, noise,
/// checkerboards and round shapes included (the tree within twice the padded bits).
///
/// The tree is built the first time a query needs it (a rotated or scaled placement, a contact, a
/// ray, a push), not with the mask: a mask used only at whole-texel offsets, pygame's ground, holds
/// its bits and nothing more. [`build_tree`](Self::build_tree) builds it ahead of the first query.
///
/// ```
/// let m = pixel_collide::Mask::from_fn(3, 2, |x, _| x != 1).unwrap();
/// assert_eq!((m.width(), m.height(), m.solid_count()), (3, 2, 4));
/// ```
#[derive(Clone, Debug)]
pub struct Mask {
    width: u32,
    height: u32,
    /// Strips of 64 columns (the last one padded with air).
    strips: usize,
    /// Texel (x, y) is bit `x % 64` of word `(x / 64) * height + y`.
    bits: Vec<u64>,
    solid_count: u64,
    bounds: Option<PixelRect>,
    /// The box tree, once a query has needed it (or an edit has made it).
    tree: OnceLock<BoxTree>,
}

impl PartialEq for Mask {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width && self.height == other.height && self.bits == other.bits
    }
}

impl Eq for Mask {}

impl Mask {
    /// Builds a mask from a predicate on texel coordinates; an error for a size of zero or past
    /// [`MAX_SIDE`](Self::MAX_SIDE) or [`MAX_TEXELS`](Self::MAX_TEXELS).
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let ring = Mask::from_fn(9, 9, |x, y| (x as i32 - 4).pow(2) + (y as i32 - 4).pow(2) <= 16).unwrap();
    /// assert!(ring.is_solid(4, 4) && !ring.is_solid(0, 0));
    /// assert!(Mask::from_fn(0, 3, |_, _| true).is_err());
    /// ```
    pub fn from_fn(
        width: u32,
        height: u32,
        mut solid: impl FnMut(u32, u32) -> bool,
    ) -> Result<Mask, MaskError> {
        Self::check_size(width, height)?;
        let strips = (width as usize).div_ceil(64);
        let h = height as usize;
        let mut bits = vec![0u64; strips * h];
        for y in 0..height {
            for x in 0..width {
                if solid(x, y) {
                    bits[x as usize / 64 * h + y as usize] |= 1 << (x % 64);
                }
            }
        }
        Ok(Self::from_strips(width, height, bits))
    }

    /// A mask with every texel solid, or every texel air, built a word at a time; an error for a
    /// size of zero or past [`MAX_SIDE`](Self::MAX_SIDE) or [`MAX_TEXELS`](Self::MAX_TEXELS), or
    /// for memory the machine could not give (its words asked for before anything is built, so
    /// that a host can report it where an allocation failing inside the crate would abort).
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskError};
    /// let m = Mask::filled(100, 3, true).unwrap();
    /// assert_eq!(m.solid_count(), 300);
    /// assert!(matches!(Mask::filled(0, 3, true), Err(MaskError::Empty { .. })));
    /// ```
    pub fn filled(width: u32, height: u32, solid: bool) -> Result<Mask, MaskError> {
        Self::check_size(width, height)?;
        let n = u64::from(width).div_ceil(64) * u64::from(height);
        let mut bits = Vec::new();
        bits.try_reserve_exact(n as usize)
            .map_err(|_| MaskError::OutOfMemory {
                width,
                height,
                bytes: n * 8,
            })?;
        // `from_strips` clears the last strip's bits past the width.
        bits.resize(n as usize, if solid { u64::MAX } else { 0 });
        Ok(Self::from_strips(width, height, bits))
    }

    /// Builds a mask from bit-packed rows: `words` holds `height` rows of `width.div_ceil(64)` words
    /// each, texel (x, y) being bit `x % 64` of word `y * width.div_ceil(64) + x / 64`.
    ///
    /// Bits beyond `width` in each row's last word are ignored. An error for a size of zero or past
    /// the caps, or a word count that does not match.
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskError};
    /// // Two rows of 70 texels: two words each; the first row's texel 65 and the second row's texel 0.
    /// let m = Mask::from_row_words(70, 2, vec![0, 1 << 1, 1, 0]).unwrap();
    /// assert!(m.is_solid(65, 0) && m.is_solid(0, 1) && m.solid_count() == 2);
    /// assert_eq!(Mask::from_row_words(70, 2, vec![0; 3]), Err(MaskError::WordCount { expected: 4, got: 3 }));
    /// ```
    pub fn from_row_words(width: u32, height: u32, words: Vec<u64>) -> Result<Mask, MaskError> {
        Self::check_size(width, height)?;
        let strips = (width as usize).div_ceil(64);
        let expected = strips as u64 * u64::from(height);
        if words.len() as u64 != expected {
            return Err(MaskError::WordCount {
                expected,
                got: words.len() as u64,
            });
        }
        if strips == 1 {
            // One strip: rows and strips are the same words.
            return Ok(Self::from_strips(width, height, words));
        }
        let h = height as usize;
        let mut bits = vec![0u64; words.len()];
        // Eight rows at a time: each strip then takes eight consecutive words, a whole cache line,
        // where a row at a time would touch a line of every strip per row.
        for (band, rows) in words.chunks(8 * strips).enumerate() {
            let n = rows.len() / strips;
            for k in 0..strips {
                let out = &mut bits[k * h + 8 * band..][..n];
                for (i, w) in out.iter_mut().enumerate() {
                    *w = rows[i * strips + k];
                }
            }
        }
        Ok(Self::from_strips(width, height, bits))
    }

    /// Builds a mask from words in [`strip_words`](Self::strip_words)'s layout, the one pygame's
    /// bitmask keeps on a 64-bit machine: strips of 64 columns from the left, each `height` words
    /// from the top row down, texel (x, y) being bit `x % 64` of word `(x / 64) * height + y`.
    ///
    /// The words are taken as they are, with no copy or reordering. Bits beyond `width` in the
    /// last strip are ignored. An error for a size of zero or past the caps, or a word count that
    /// does not match.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// // 70 x 2: strip 0 holds columns 0 to 63 (rows 0 and 1), strip 1 columns 64 to 69.
    /// let m = Mask::from_strip_words(70, 2, vec![0, 1, 1 << 1, 0]).unwrap();
    /// assert!(m.is_solid(0, 1) && m.is_solid(65, 0) && m.solid_count() == 2);
    /// assert_eq!(m.strip_words(), [0, 1, 1 << 1, 0]);
    /// assert!(Mask::from_strip_words(70, 2, vec![0; 3]).is_err());
    /// ```
    pub fn from_strip_words(width: u32, height: u32, words: Vec<u64>) -> Result<Mask, MaskError> {
        Self::check_size(width, height)?;
        let expected = (width as u64).div_ceil(64) * u64::from(height);
        if words.len() as u64 != expected {
            return Err(MaskError::WordCount {
                expected,
                got: words.len() as u64,
            });
        }
        Ok(Self::from_strips(width, height, words))
    }

    /// The mask's bits in strips of 64 columns, as [`from_strip_words`](Self::from_strip_words)
    /// takes them (and pygame keeps them): a mask passes to and from another bitmask of that
    /// layout by copying words. Bits beyond the width are 0.
    ///
    /// ```
    /// let m = pixel_collide::Mask::from_fn(3, 2, |x, y| x == 2 && y == 1).unwrap();
    /// assert_eq!(m.strip_words(), [0, 1 << 2]);
    /// ```
    pub fn strip_words(&self) -> &[u64] {
        &self.bits
    }

    /// The widest or tallest mask built from bits or a predicate: 2^23, so that the centre of every
    /// texel box, a multiple of a half, is exact in an `f32`, as the mask's tree keeps it.
    pub const MAX_SIDE: u32 = limits::MAX_SIDE;
    /// The most texels a mask built from bits or a predicate holds: 2^32, whose bits take 512 MiB
    /// (and the mask under twice that).
    pub const MAX_TEXELS: u64 = limits::MAX_TEXELS;

    /// An error unless a mask of `width` x `height` may be built.
    pub(crate) fn check_size(width: u32, height: u32) -> Result<(), MaskError> {
        if width == 0 || height == 0 {
            return Err(MaskError::Empty { width, height });
        }
        if width > Self::MAX_SIDE
            || height > Self::MAX_SIDE
            || u64::from(width) * u64::from(height) > Self::MAX_TEXELS
        {
            return Err(MaskError::TooManyTexels { width, height });
        }
        Ok(())
    }

    /// The widest or tallest image `decode` and `open` accept.
    pub const MAX_IMAGE_SIDE: u32 = limits::MAX_IMAGE_SIDE;
    /// The most texels `decode` and `open` accept: 2^26, an 8192 x 8192
    /// image, whose RGBA form takes 256 MiB.
    pub const MAX_IMAGE_TEXELS: u64 = limits::MAX_IMAGE_TEXELS;
    /// The largest file `open` reads.
    pub const MAX_FILE_BYTES: u64 = 64 << 20;

    /// The mask's width in texels.
    ///
    /// ```
    /// assert_eq!(pixel_collide::Mask::from_fn(7, 2, |_, _| true).unwrap().width(), 7);
    /// ```
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The mask's height in texels.
    ///
    /// ```
    /// assert_eq!(pixel_collide::Mask::from_fn(7, 2, |_, _| true).unwrap().height(), 2);
    /// ```
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether texel (x, y) is solid, for any integer coordinates: texels outside the mask,
    /// negative ones included, are air (a neighbour's texel, an offset's).
    ///
    /// ```
    /// let m = pixel_collide::Mask::from_fn(2, 2, |x, y| x == y).unwrap();
    /// assert!(m.is_solid(1, 1) && !m.is_solid(1, 0) && !m.is_solid(2, 2));
    /// assert!(!m.is_solid(-1, 0) && !m.is_solid(1u32 << 31, 0));
    /// ```
    #[inline]
    pub fn is_solid(&self, x: impl Into<i64>, y: impl Into<i64>) -> bool {
        let (x, y) = (x.into(), y.into());
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return false;
        }
        let word = self.bits[x as usize / 64 * self.height as usize + y as usize];
        word >> (x % 64) & 1 == 1
    }

    /// How many texels are solid.
    ///
    /// ```
    /// assert_eq!(pixel_collide::Mask::from_fn(4, 4, |x, _| x < 2).unwrap().solid_count(), 8);
    /// ```
    pub fn solid_count(&self) -> u64 {
        self.solid_count
    }

    /// The smallest rectangle holding every solid texel, or `None` when no texel is solid.
    ///
    /// ```
    /// use pixel_collide::{Mask, PixelRect};
    /// let m = Mask::from_fn(8, 8, |x, y| (2..5).contains(&x) && y == 6).unwrap();
    /// assert_eq!(m.solid_bounds(), Some(PixelRect::new(2, 6, 3, 1)));
    /// ```
    pub fn solid_bounds(&self) -> Option<PixelRect> {
        self.bounds
    }

    /// Disjoint rectangles that together cover exactly the solid texels: each row's runs, merged with
    /// the rectangle above when they span the same columns.
    ///
    /// Built on each call; its length follows the content (up to one rectangle per two texels of a
    /// checkerboard), so it is for analysis and drawing, not for a per-frame loop.
    ///
    /// ```
    /// use pixel_collide::{Mask, PixelRect};
    /// let plus = Mask::from_fn(3, 3, |x, y| x == 1 || y == 1).unwrap();
    /// assert_eq!(plus.cover().len(), 3);
    /// assert_eq!(plus.cover()[0], PixelRect::new(1, 0, 1, 1));
    /// ```
    pub fn cover(&self) -> Vec<PixelRect> {
        let all = [0, 0, self.width, self.height];
        let cover = self.bits().cover(all, usize::MAX).unwrap_or_default();
        cover
            .into_iter()
            .map(|[x0, y0, x1, y1]| PixelRect::new(x0, y0, x1 - x0, y1 - y0))
            .collect()
    }

    /// Heap bytes the mask holds: its texel bits, and its tree once a query has built it (see
    /// [`Mask`]).
    ///
    /// ```
    /// use glam::Affine2;
    /// use pixel_collide::{overlaps, Mask, Sprite};
    /// let noise = Mask::from_fn(256, 256, |x, y| (x * 7 + y * 13) % 5 == 0).unwrap();
    /// assert_eq!(noise.heap_bytes(), 256 * 256 / 8, "the bits alone");
    /// let turned = Sprite::new(&noise, Affine2::from_angle(0.5));
    /// assert!(overlaps(turned, Sprite::new(&noise, Affine2::IDENTITY)));
    /// assert!(noise.heap_bytes() <= 3 * 256 * 256 / 8, "bits and tree");
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.bits.capacity() * std::mem::size_of::<u64>()
            + self.tree.get().map_or(0, BoxTree::heap_bytes)
    }

    /// Builds the bounding-box tree now, unless a query has already built it: rotated and scaled
    /// placements, contacts, rays, pushes and sweeps build it on first use otherwise, at about the
    /// cost of building the mask. A game that must not pay that mid-frame calls this at load time.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let ring = Mask::from_fn(32, 32, |x, y| (x as i32 - 16).pow(2) + (y as i32 - 16).pow(2) < 200).unwrap();
    /// let bits = ring.heap_bytes();
    /// ring.build_tree();
    /// assert!(ring.heap_bytes() > bits);
    /// ```
    pub fn build_tree(&self) {
        self.tree();
    }

    /// Builds the tree now, as a cover of solid rectangles wherever one of up to
    /// [`CONTACT_COVER_RECTS`](crate::CONTACT_COVER_RECTS) covers the mask, unless a query has
    /// already built it.
    ///
    /// The default tree keeps a ragged mask's memory near its bits by leaving 64 x 64 blocks of bits
    /// that every walk refines into squares on the fly; a physics body asks for contacts every step,
    /// and over rectangles its walks refine nothing: contact manifolds of a 500-body scene of
    /// 16 to 48 px rocks and crates come about 1.6 times faster. The price is up to 40 bytes a
    /// rectangle (at most about 10 KiB a mask); larger or finer masks keep the default tree. The
    /// answers are the same either way.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let rock = Mask::from_fn(40, 40, |x, y| (x as i32 - 20).pow(2) + (y as i32 - 20).pow(2) < 380).unwrap();
    /// rock.build_tree_for_contacts();
    /// assert!(rock.heap_bytes() <= 40 * 8 + 40 * pixel_collide::CONTACT_COVER_RECTS);
    /// ```
    pub fn build_tree_for_contacts(&self) {
        self.tree
            .get_or_init(|| BoxTree::build_for_contacts(self.bits()));
    }

    /// The tree, built on first use.
    #[inline]
    pub(crate) fn tree(&self) -> &BoxTree {
        self.tree.get_or_init(|| BoxTree::build(self.bits()))
    }

    /// The mask's interior: a solid disc and a few deep texels (see `mask::inner`), kept with the
    /// tree once found; empty for masks over 256 x 256 texels and edited masks.
    pub(crate) fn interior(&self) -> &Interior {
        let tree = self.tree();
        if tree.grid.is_some() {
            return &Interior::EMPTY;
        }
        tree.interior.get_or_init(|| {
            Box::new(super::inner::interior(self.width, self.height, |x, y| {
                self.is_solid(x, y)
            }))
        })
    }

    /// Whether no texel is solid.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.solid_count == 0
    }

    /// How much smaller than their texels solid boxes are tested, per axis.
    fn inset(&self) -> [f64; 2] {
        [
            f64::from(self.width) * LEAF_INSET,
            f64::from(self.height) * LEAF_INSET,
        ]
    }

    /// Read access to the words, strip after strip.
    pub(crate) fn bits(&self) -> Bits<'_> {
        Bits {
            inset: self.inset(),
            width: self.width,
            height: self.height,
            strips: self.strips,
            words: &self.bits,
        }
    }

    /// The words, strip after strip, for comparing masks.
    pub(crate) fn words(&self) -> &[u64] {
        &self.bits
    }

    /// Builds a mask from its words, strip after strip (see [`Mask`]'s layout); the bits of the last
    /// strip past the width are cleared here.
    pub(crate) fn from_strips(width: u32, height: u32, mut bits: Vec<u64>) -> Mask {
        let strips = (width as usize).div_ceil(64);
        debug_assert_eq!(bits.len(), strips * height as usize);
        if !width.is_multiple_of(64) {
            let keep = (1u64 << (width % 64)) - 1;
            for w in &mut bits[(strips - 1) * height as usize..] {
                *w &= keep;
            }
        }
        let mut mask = Mask {
            width,
            height,
            strips,
            bits,
            solid_count: 0,
            bounds: None,
            tree: OnceLock::new(),
        };
        mask.solid_count = super::bits::count_ones(&mask.bits);
        mask.bounds = mask
            .bits()
            .bounds()
            .map(|[x0, y0, x1, y1]| PixelRect::new(x0, y0, x1 - x0, y1 - y0));
        mask
    }

    /// Changes the texels of the box `b` (x0, y0, x1, y1) with `edit`, then brings the count, the
    /// bounds and the tree up to date for that box alone.
    ///
    /// The first edit gives the mask a tree of one leaf per block (built once, in time that
    /// follows the mask's size); from then on an edit rewrites only the blocks it touches. `edit` gets
    /// the words and the mask's height: texel (x, y) is bit `x % 64` of word `x / 64 * height + y`.
    pub(crate) fn change(&mut self, b: [u32; 4], edit: impl FnOnce(&mut [u64], usize)) {
        let [x0, y0, x1, y1] = [b[0], b[1], b[2].min(self.width), b[3].min(self.height)];
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let h = self.height as usize;
        let (k0, k1) = (x0 as usize / 64, (x1 as usize - 1) / 64 + 1);
        // The edited box's words: rows y0..y1 of strips k0..k1.
        let column = move |k: usize| k * h + y0 as usize..k * h + y1 as usize;
        let count = |bits: &[u64]| -> u64 {
            (k0..k1)
                .map(|k| super::bits::count_ones(&bits[column(k)]))
                .sum()
        };
        let before = count(&self.bits);
        edit(&mut self.bits, h);
        if !self.width.is_multiple_of(64) && k1 == self.strips {
            let keep = (1u64 << (self.width % 64)) - 1;
            for w in &mut self.bits[column(k1 - 1)] {
                *w &= keep;
            }
        }
        self.solid_count = self.solid_count - before + count(&self.bits);
        let bits = Bits {
            inset: self.inset(),
            width: self.width,
            height: self.height,
            strips: self.strips,
            words: &self.bits,
        };
        match self.tree.get_mut() {
            Some(tree @ BoxTree { grid: Some(_), .. }) => {
                tree::refresh(tree, bits, [x0, y0, x1, y1])
            }
            // The first edit: from now on the tree keeps one leaf per block, so that the next
            // edits rewrite only the blocks they touch.
            _ => self.tree = OnceLock::from(BoxTree::grid(bits)),
        }
        self.bounds = self.tree().root().filter(|r| !r.is_nothing()).map(|r| {
            let [x0, y0, x1, y1] = r.texels();
            PixelRect::new(x0, y0, x1 - x0, y1 - y0)
        });
    }
}
