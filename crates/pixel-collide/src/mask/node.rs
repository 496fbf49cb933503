//! The nodes of a mask's bounding-box tree: the `f64` box a walk tests and what it holds, and the
//! `f32` box the tree keeps.

pub(crate) const TAG_SHIFT: u32 = 30;
pub(crate) const TAG_INNER: u32 = 0;
pub(crate) const TAG_SOLID: u32 = 1;
pub(crate) const TAG_SQUARE: u32 = 2;
pub(crate) const PAYLOAD: u32 = (1 << TAG_SHIFT) - 1;
/// A square's payload keeps log2 of its side in its low bits.
pub(crate) const LOG_BITS: u32 = 15;

/// A node of the tree as a walk tests it, or one square of a bit block met during a walk: the centre
/// and half size of a texel box that tightly bounds its solid texels (a solid one a hair smaller, see
/// `mask::LEAF_INSET`), in `f64` because the overlap test maps them through the other sprite's
/// transform, and what lies inside.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Node {
    pub(crate) center: [f64; 2],
    pub(crate) half: [f64; 2],
    /// Two tag bits, then: for an inner node, the index of its first child (the second follows it);
    /// for a square of a bit block, log2 of its side.
    pub(crate) link: u32,
}

/// What a node holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Two children, at this index and the next.
    Inner(u32),
    /// Every texel of the box is solid.
    Solid,
    /// A square of `1 << log` texels aligned to its size, partly solid, refined from the mask's bits.
    Square(u32),
}

impl Kind {
    /// What a node with this link holds.
    #[inline(always)]
    pub(crate) fn of(link: u32) -> Kind {
        match link >> TAG_SHIFT {
            TAG_INNER => Kind::Inner(link & PAYLOAD),
            TAG_SOLID => Kind::Solid,
            _ => Kind::Square(link & LOG_BITS),
        }
    }
}

impl Node {
    /// A placeholder, overwritten before use.
    pub(crate) const EMPTY: Node = Node {
        center: [0.0; 2],
        half: [0.0; 2],
        link: 0,
    };

    /// A node over the texel box `b` (x0, y0, x1, y1), shrunk by `inset` per axis when solid.
    pub(crate) fn new(b: [u32; 4], tag: u32, payload: u32, inset: [f64; 2]) -> Node {
        let (x0, y0, x1, y1) = (
            f64::from(b[0]),
            f64::from(b[1]),
            f64::from(b[2]),
            f64::from(b[3]),
        );
        let (ix, iy) = if tag == TAG_SOLID {
            (inset[0], inset[1])
        } else {
            (0.0, 0.0)
        };
        Node {
            center: [(x0 + x1) * 0.5, (y0 + y1) * 0.5],
            half: [(x1 - x0) * 0.5 - ix, (y1 - y0) * 0.5 - iy],
            link: tag << TAG_SHIFT | payload,
        }
    }

    /// The solid texel (x, y), tested `inset` smaller than its square like every solid box.
    pub(crate) fn texel(x: u32, y: u32, inset: [f64; 2]) -> Node {
        Node::new([x, y, x + 1, y + 1], TAG_SOLID, 0, inset)
    }

    /// What the node holds.
    #[inline(always)]
    pub(crate) fn kind(&self) -> Kind {
        Kind::of(self.link)
    }

    /// A node that holds no texel: only an edited mask's grid tree has them, for blocks (and whole
    /// subtrees) that an edit emptied. Every walk skips them.
    pub(crate) const NOTHING: Node = Node {
        center: [0.0; 2],
        half: [-1.0; 2],
        link: TAG_SOLID << TAG_SHIFT,
    };

    /// Whether the node holds no texel (see [`Node::NOTHING`]).
    #[inline(always)]
    pub(crate) fn is_nothing(&self) -> bool {
        self.half[0] < 0.0
    }

    /// Whether every texel of the box is solid.
    #[inline(always)]
    pub(crate) fn is_solid(&self) -> bool {
        self.link >> TAG_SHIFT == TAG_SOLID
    }

    /// A quarter of the box's area, enough to compare two.
    #[inline(always)]
    pub(crate) fn quarter_area(&self) -> f64 {
        self.half[0] * self.half[1]
    }

    /// The texel box (x0, y0, x1, y1), the inset undone.
    #[inline]
    pub(crate) fn texels(&self) -> [u32; 4] {
        let [cx, cy] = self.center;
        let [hx, hy] = self.half;
        // Coordinates are never negative, so adding a half and truncating rounds, in one instruction
        // where `round` may be a library call.
        let near = |v: f64| (v + 0.5) as u32;
        [near(cx - hx), near(cy - hy), near(cx + hx), near(cy + hy)]
    }
}

/// A node's box as the tree keeps it: the centre and half size of its texel box in `f32`, 16 bytes.
///
/// Box corners are whole texel coordinates up to [`Mask::MAX_SIDE`](crate::Mask::MAX_SIDE) (2^23),
/// so every centre and half size is a multiple of a half under 2^23, which an `f32` holds exactly:
/// [`BoxTree::node`](super::tree::BoxTree::node) turns it into the `f64` [`Node`] the walks test
/// without rounding anything.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
pub(crate) struct Packed {
    pub(crate) center: [f32; 2],
    pub(crate) half: [f32; 2],
}

impl Packed {
    /// A node that holds no texel: only an edited mask's grid tree has them, for blocks (and whole
    /// subtrees) that an edit emptied; a walk meets them as solid leaves with a negative half size,
    /// and skips them.
    pub(crate) const NOTHING: Packed = Packed {
        center: [0.0; 2],
        half: [-1.0; 2],
    };

    /// The texel box `b` (x0, y0, x1, y1).
    pub(crate) fn of(b: [u32; 4]) -> Packed {
        debug_assert!(b[2] <= 1 << 23 && b[3] <= 1 << 23, "exact in f32");
        // Sums and differences of two coordinates up to 2^23 are whole numbers up to 2^24: exact.
        Packed {
            center: [(b[0] + b[2]) as f32 * 0.5, (b[1] + b[3]) as f32 * 0.5],
            half: [(b[2] - b[0]) as f32 * 0.5, (b[3] - b[1]) as f32 * 0.5],
        }
    }

    /// The box of node `n`, its inset undone.
    pub(crate) fn of_node(n: &Node) -> Packed {
        if n.is_nothing() {
            Packed::NOTHING
        } else {
            Packed::of(n.texels())
        }
    }

    /// Whether the node holds no texel.
    fn is_nothing(&self) -> bool {
        self.half[0] < 0.0
    }

    /// The smallest box holding both, or nothing when both are; exact in `f32`, since every corner is
    /// a whole number up to 2^23.
    pub(crate) fn union(a: Packed, b: Packed) -> Packed {
        match (a.is_nothing(), b.is_nothing()) {
            (true, true) => Packed::NOTHING,
            (false, true) => a,
            (true, false) => b,
            (false, false) => {
                let lo = |n: &Packed, k: usize| n.center[k] - n.half[k];
                let hi = |n: &Packed, k: usize| n.center[k] + n.half[k];
                let l = [lo(&a, 0).min(lo(&b, 0)), lo(&a, 1).min(lo(&b, 1))];
                let h = [hi(&a, 0).max(hi(&b, 0)), hi(&a, 1).max(hi(&b, 1))];
                Packed {
                    center: [(l[0] + h[0]) * 0.5, (l[1] + h[1]) * 0.5],
                    half: [(h[0] - l[0]) * 0.5, (h[1] - l[1]) * 0.5],
                }
            }
        }
    }
}
