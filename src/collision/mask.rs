//! Collision masks: which texels of an image are solid, bit-packed, with a rectangle cover for fast queries.

use std::fmt;
use std::path::Path;

use image::RgbaImage;

/// A rectangle of whole texels: `x..x + w` by `y..y + h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PixelRect {
    /// Left column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Width in texels.
    pub w: u32,
    /// Height in texels.
    pub h: u32,
}

impl PixelRect {
    /// Builds a rectangle from its top-left texel and its size.
    pub const fn new(x: u32, y: u32, w: u32, h: u32) -> Self {
        Self { x, y, w, h }
    }
}

impl fmt::Display for PixelRect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} x {} at ({}, {})", self.w, self.h, self.x, self.y)
    }
}

/// How a texel's colour decides whether it is solid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaskRule {
    /// Solid where alpha is strictly greater than `threshold`.
    Alpha {
        /// Alphas at or below this are air; 0 keeps every visible texel, 20 ignores faint noise.
        threshold: u8,
    },
    /// Solid where the colour differs from `key` (compared on RGB) and alpha is not 0.
    ColorKey {
        /// The colour that marks air, as RGB.
        key: [u8; 3],
    },
}

impl MaskRule {
    /// The default alpha threshold: every texel with any opacity at all is solid.
    pub const DEFAULT_ALPHA_THRESHOLD: u8 = 0;
    /// The conventional hot-spot key colour, magenta (FF00FF).
    pub const MAGENTA: [u8; 3] = [0xFF, 0x00, 0xFF];

    /// Solid where alpha > `threshold`.
    pub const fn alpha(threshold: u8) -> Self {
        Self::Alpha { threshold }
    }

    /// Solid where the colour is not magenta, the hot-spot convention.
    pub const fn magenta_key() -> Self {
        Self::ColorKey { key: Self::MAGENTA }
    }

    /// Whether one RGBA texel is solid under this rule.
    pub fn is_solid(&self, rgba: [u8; 4]) -> bool {
        match *self {
            MaskRule::Alpha { threshold } => rgba[3] > threshold,
            MaskRule::ColorKey { key } => rgba[3] != 0 && rgba[..3] != key,
        }
    }
}

impl Default for MaskRule {
    /// Solid where alpha > 0.
    fn default() -> Self {
        Self::alpha(Self::DEFAULT_ALPHA_THRESHOLD)
    }
}

/// Why a mask could not be built; its `Display` is one line naming what went wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaskError {
    /// The bytes are not an image the decoder understands.
    Decode {
        /// What the bytes came from (a path, or "image data").
        source: String,
        /// The decoder's message.
        message: String,
    },
    /// A file could not be read.
    Io {
        /// The path that failed.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// The image has no texels.
    Empty {
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// A hot-spot image whose size differs from the drawn image's.
    SizeMismatch {
        /// The drawn image's width and height.
        drawn: (u32, u32),
        /// The hot-spot image's width and height.
        hot: (u32, u32),
    },
    /// An atlas rectangle with no texels (a width or height of 0).
    EmptyRect {
        /// The requested rectangle.
        rect: PixelRect,
    },
    /// An atlas rectangle that reaches outside its image.
    RectOutside {
        /// The requested rectangle.
        rect: PixelRect,
        /// The atlas image's width and height.
        image: (u32, u32),
    },
}

impl fmt::Display for MaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaskError::Decode { source, message } => write!(
                f,
                "{}: not a readable image ({})",
                OneLine(source),
                OneLine(message)
            ),
            MaskError::Io { path, message } => {
                write!(f, "{}: cannot read ({})", OneLine(path), OneLine(message))
            }
            MaskError::Empty { width, height } => {
                write!(
                    f,
                    "image is {width} x {height}: a mask needs at least one texel"
                )
            }
            MaskError::SizeMismatch { drawn, hot } => write!(
                f,
                "hot-spot image is {} x {} but the drawn image is {} x {}: they must match",
                hot.0, hot.1, drawn.0, drawn.1
            ),
            MaskError::EmptyRect { rect } => {
                write!(f, "atlas rectangle {rect} has no texels")
            }
            MaskError::RectOutside { rect, image } => write!(
                f,
                "atlas rectangle {rect} reaches outside the {} x {} image",
                image.0, image.1
            ),
        }
    }
}

impl std::error::Error for MaskError {}

/// Text shown with its control characters escaped, so that a file name or a decoder message holding a
/// newline cannot break an error's one line.
pub(crate) struct OneLine<'a>(pub(crate) &'a str);

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// How much smaller than its cover rectangle a leaf box is stored, as a fraction of the mask's width
/// (along x) and height (along y): 2^-40, about 1e-12.
///
/// The overlap test maps one sprite into the other's space with rounding of a few units in the last
/// place of `f64`. Testing leaves shrunk by this much means two texels that share only an edge or a
/// corner never collide through rounding, and every reported pair overlaps widely enough to place a
/// contact point in; overlaps thinner than that count as touching only. It is far above `f64`
/// rounding and far below anything `f32` transforms can express.
pub(crate) const LEAF_INSET: f64 = 1.0 / (1u64 << 40) as f64;

/// One node of a mask's bounding-box tree, in texel units.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Centre of the node's box.
    pub(crate) center: [f64; 2],
    /// Half the node's box size.
    pub(crate) half: [f64; 2],
    /// For a leaf, the index of its cover rectangle; for an inner node, the index of its second child
    /// (its first child follows it directly).
    pub(crate) link: u32,
    /// Whether this node is a leaf.
    pub(crate) leaf: bool,
}

/// Which texels of a `width` x `height` image are solid.
///
/// Texel (x, y) covers the square `[x, x + 1) x [y, y + 1)` of the mask's local space. Besides the
/// bit-packed texels (one bit each, rows padded to 64 bits) a mask keeps a cover of its solid texels by
/// disjoint rectangles (runs merged down the rows) and a bounding-box tree over them, which is what the
/// overlap test walks.
#[derive(Clone, Debug)]
pub struct Mask {
    width: u32,
    height: u32,
    words_per_row: usize,
    bits: Vec<u64>,
    opaque_count: u64,
    bounds: Option<PixelRect>,
    cover: Vec<PixelRect>,
    nodes: Vec<Node>,
    depth: u32,
}

impl PartialEq for Mask {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width && self.height == other.height && self.bits == other.bits
    }
}

impl Eq for Mask {}

impl Mask {
    /// Builds a mask from a predicate on texel coordinates.
    pub fn from_fn(
        width: u32,
        height: u32,
        mut solid: impl FnMut(u32, u32) -> bool,
    ) -> Result<Mask, MaskError> {
        if width == 0 || height == 0 {
            return Err(MaskError::Empty { width, height });
        }
        let words_per_row = (width as usize).div_ceil(64);
        let mut bits = vec![0u64; words_per_row * height as usize];
        for y in 0..height {
            let row = &mut bits[y as usize * words_per_row..][..words_per_row];
            for x in 0..width {
                if solid(x, y) {
                    row[x as usize / 64] |= 1 << (x % 64);
                }
            }
        }
        Ok(Self::from_bits(width, height, words_per_row, bits))
    }

    /// Builds a mask from an RGBA image under `rule`.
    pub fn from_image(image: &RgbaImage, rule: MaskRule) -> Result<Mask, MaskError> {
        Self::from_fn(image.width(), image.height(), |x, y| {
            rule.is_solid(image.get_pixel(x, y).0)
        })
    }

    /// Builds a mask from a separate hot-spot image that decides collision for a drawn image of the
    /// same size (usually with [`MaskRule::magenta_key`]).
    pub fn from_hotspot(
        drawn: &RgbaImage,
        hot: &RgbaImage,
        rule: MaskRule,
    ) -> Result<Mask, MaskError> {
        if drawn.dimensions() != hot.dimensions() {
            return Err(MaskError::SizeMismatch {
                drawn: drawn.dimensions(),
                hot: hot.dimensions(),
            });
        }
        Self::from_image(hot, rule)
    }

    /// Builds a mask from the sub-rectangle `rect` of an atlas (a sprite sheet or animation strip).
    pub fn from_atlas(
        atlas: &RgbaImage,
        rect: PixelRect,
        rule: MaskRule,
    ) -> Result<Mask, MaskError> {
        let (w, h) = atlas.dimensions();
        let fits = u64::from(rect.x) + u64::from(rect.w) <= u64::from(w)
            && u64::from(rect.y) + u64::from(rect.h) <= u64::from(h);
        if !fits {
            return Err(MaskError::RectOutside {
                rect,
                image: (w, h),
            });
        }
        if rect.w == 0 || rect.h == 0 {
            return Err(MaskError::EmptyRect { rect });
        }
        Self::from_fn(rect.w, rect.h, |x, y| {
            rule.is_solid(atlas.get_pixel(rect.x + x, rect.y + y).0)
        })
    }

    /// Decodes an encoded image (PNG) and builds its mask under `rule`.
    pub fn decode(bytes: &[u8], rule: MaskRule) -> Result<Mask, MaskError> {
        Self::from_image(&decode_rgba(bytes, "image data")?, rule)
    }

    /// Reads and decodes an image file and builds its mask under `rule`; errors name the path.
    pub fn open(path: impl AsRef<Path>, rule: MaskRule) -> Result<Mask, MaskError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| MaskError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Self::from_image(&decode_rgba(&bytes, &path.display().to_string())?, rule)
    }

    /// The mask's width in texels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The mask's height in texels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether texel (x, y) is solid; texels outside the mask are not.
    pub fn is_opaque(&self, x: i64, y: i64) -> bool {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return false;
        }
        let word = self.bits[y as usize * self.words_per_row + x as usize / 64];
        word >> (x % 64) & 1 == 1
    }

    /// How many texels are solid.
    pub fn opaque_count(&self) -> u64 {
        self.opaque_count
    }

    /// The smallest rectangle holding every solid texel, or `None` when no texel is solid.
    pub fn opaque_bounds(&self) -> Option<PixelRect> {
        self.bounds
    }

    /// Disjoint rectangles that together cover exactly the solid texels.
    pub fn cover(&self) -> &[PixelRect] {
        &self.cover
    }

    /// Heap bytes the mask holds (texel bits, cover and tree).
    pub fn heap_bytes(&self) -> usize {
        self.bits.capacity() * std::mem::size_of::<u64>()
            + self.cover.capacity() * std::mem::size_of::<PixelRect>()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
    }

    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The number of levels of the box tree (0 for a mask with no solid texel).
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    fn from_bits(width: u32, height: u32, words_per_row: usize, bits: Vec<u64>) -> Mask {
        let opaque_count = bits.iter().map(|w| u64::from(w.count_ones())).sum();
        let cover = build_cover(width, height, words_per_row, &bits);
        let bounds = cover
            .iter()
            .fold(None, |acc: Option<(u32, u32, u32, u32)>, r| {
                let (x0, y0, x1, y1) = (r.x, r.y, r.x + r.w, r.y + r.h);
                Some(match acc {
                    None => (x0, y0, x1, y1),
                    Some((a, b, c, d)) => (a.min(x0), b.min(y0), c.max(x1), d.max(y1)),
                })
            });
        let bounds = bounds.map(|(x0, y0, x1, y1)| PixelRect::new(x0, y0, x1 - x0, y1 - y0));
        let mut order: Vec<u32> = (0..cover.len() as u32).collect();
        let mut nodes = Vec::with_capacity(cover.len() * 2);
        let depth = if cover.is_empty() {
            0
        } else {
            let inset = [
                f64::from(width) * LEAF_INSET,
                f64::from(height) * LEAF_INSET,
            ];
            build_tree(&cover, &mut order, &mut nodes, inset)
        };
        Mask {
            width,
            height,
            words_per_row,
            bits,
            opaque_count,
            bounds,
            cover,
            nodes,
            depth,
        }
    }
}

/// Decodes bytes into RGBA8, naming `source` in the error.
fn decode_rgba(bytes: &[u8], source: &str) -> Result<RgbaImage, MaskError> {
    image::load_from_memory(bytes)
        .map(|img| img.to_rgba8())
        .map_err(|e| MaskError::Decode {
            source: source.to_string(),
            message: e.to_string(),
        })
}

/// The solid runs `[start, end)` of one bit-packed row.
fn row_runs(row: &[u64], width: u32, out: &mut Vec<(u32, u32)>) {
    out.clear();
    let mut x = 0u32;
    while x < width {
        // Skip air a word at a time, then solid a word at a time.
        let Some(start) = next_bit(row, x, width, true) else {
            break;
        };
        let end = next_bit(row, start, width, false).unwrap_or(width);
        out.push((start, end));
        x = end;
    }
}

/// The first index at or after `from` whose bit equals `value`.
fn next_bit(row: &[u64], from: u32, width: u32, value: bool) -> Option<u32> {
    let mut i = from as usize / 64;
    let mut word = if value { row[i] } else { !row[i] };
    word &= !0u64 << (from % 64);
    loop {
        if word != 0 {
            let x = i as u32 * 64 + word.trailing_zeros();
            return (x < width).then_some(x);
        }
        i += 1;
        if i >= row.len() {
            return None;
        }
        word = if value { row[i] } else { !row[i] };
    }
}

/// Covers the solid texels with disjoint rectangles: each row's runs, merged with the rectangle above
/// when it spans exactly the same columns.
fn build_cover(width: u32, height: u32, words_per_row: usize, bits: &[u64]) -> Vec<PixelRect> {
    let mut cover: Vec<PixelRect> = Vec::new();
    // (start, end, index into cover) of the rectangles still growing downwards.
    let mut open: Vec<(u32, u32, usize)> = Vec::new();
    let mut next_open = Vec::new();
    let mut runs = Vec::new();
    for y in 0..height {
        row_runs(
            &bits[y as usize * words_per_row..][..words_per_row],
            width,
            &mut runs,
        );
        next_open.clear();
        let mut j = 0;
        for &(start, end) in &runs {
            while j < open.len() && open[j].0 < start {
                j += 1;
            }
            if j < open.len() && open[j].0 == start && open[j].1 == end {
                cover[open[j].2].h += 1;
                next_open.push(open[j]);
                j += 1;
            } else {
                cover.push(PixelRect::new(start, y, end - start, 1));
                next_open.push((start, end, cover.len() - 1));
            }
        }
        std::mem::swap(&mut open, &mut next_open);
    }
    cover
}

/// Builds a bounding-box tree over `order` (indices into `cover`) in depth-first order: split at the
/// median of the longer axis, one rectangle per leaf, each leaf box inset by `inset` (x, y) on every side.
/// Returns the subtree's depth.
fn build_tree(
    cover: &[PixelRect],
    order: &mut [u32],
    nodes: &mut Vec<Node>,
    inset: [f64; 2],
) -> u32 {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for &i in order.iter() {
        let r = cover[i as usize];
        x0 = x0.min(r.x);
        y0 = y0.min(r.y);
        x1 = x1.max(r.x + r.w);
        y1 = y1.max(r.y + r.h);
    }
    let mut node = Node {
        center: [
            (f64::from(x0) + f64::from(x1)) * 0.5,
            (f64::from(y0) + f64::from(y1)) * 0.5,
        ],
        half: [
            (f64::from(x1) - f64::from(x0)) * 0.5,
            (f64::from(y1) - f64::from(y0)) * 0.5,
        ],
        link: order[0],
        leaf: order.len() == 1,
    };
    if node.leaf {
        node.half = [node.half[0] - inset[0], node.half[1] - inset[1]];
    }
    let me = nodes.len();
    nodes.push(node);
    if order.len() == 1 {
        return 1;
    }
    // Twice the centre, to stay in integers.
    if x1 - x0 >= y1 - y0 {
        order.sort_unstable_by_key(|&i| {
            2 * u64::from(cover[i as usize].x) + u64::from(cover[i as usize].w)
        });
    } else {
        order.sort_unstable_by_key(|&i| {
            2 * u64::from(cover[i as usize].y) + u64::from(cover[i as usize].h)
        });
    }
    let mid = order.len() / 2;
    let (first, second) = order.split_at_mut(mid);
    let left = build_tree(cover, first, nodes, inset);
    nodes[me].link = nodes.len() as u32;
    let right = build_tree(cover, second, nodes, inset);
    1 + left.max(right)
}
