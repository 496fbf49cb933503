//! The squares of bit blocks that a pair walk refines on the fly, held only while the walk's stack
//! needs them.
//!
//! A bit block is a leaf of up to 64 x 64 texels; the walk splits it into the non-empty quarters of
//! an implicit quadtree over the mask's own bits (squares of 32, 16, ... 1 texels, each with tight
//! bounds computed from the mask's words). Each stack entry records how many squares were held when it
//! was pushed: squares pushed after it serve only entries above it, so popping it drops them, and the
//! squares held never outnumber four per stack entry, however many the walk meets.

use crate::mask::{Bits, BoxTree, Node};

/// Marks a walk reference as an index into the held squares rather than into a tree.
const SQUARE: u32 = 1 << 31;

/// Which side of a stack entry a split square's quarters go on, and what they are paired with.
#[derive(Clone, Copy)]
pub(crate) struct Side {
    /// The reference the quarters are paired with, on the other side.
    pub(crate) other: u32,
    /// Whether the square split is the second sprite's.
    pub(crate) split_b: bool,
}

/// The pairs a walk has still to visit, last pushed on top, and the squares held for them, in
/// buffers the walk lends: `pairs` sized for the trees' depths, `marks` beside it (empty for a walk
/// that meets no bit blocks), `squares` empty at the start.
pub(crate) struct WalkStack<'s> {
    pairs: &'s mut [(u32, u32)],
    /// How many squares were held when each entry was pushed.
    marks: &'s mut [u32],
    squares: &'s mut Vec<Node>,
    len: usize,
}

impl<'s> WalkStack<'s> {
    /// An empty stack in the lent buffers.
    #[inline(always)]
    pub(crate) fn new(
        pairs: &'s mut [(u32, u32)],
        marks: &'s mut [u32],
        squares: &'s mut Vec<Node>,
    ) -> Self {
        debug_assert!(squares.is_empty());
        WalkStack {
            pairs,
            marks,
            squares,
            len: 0,
        }
    }

    /// The node a walk reference names: in `tree`, or among the held squares.
    #[inline(always)]
    pub(crate) fn node(&self, tree: &BoxTree, i: u32) -> Node {
        if i & SQUARE == 0 {
            tree.node(i)
        } else {
            self.squares[(i & !SQUARE) as usize]
        }
    }

    /// Pushes a pair whose references are held now (`BLOCKS`: the walk holds squares, so the entry
    /// is marked).
    #[inline(always)]
    pub(crate) fn push<const BLOCKS: bool>(&mut self, pair: (u32, u32)) {
        self.pairs[self.len] = pair;
        if BLOCKS {
            self.marks[self.len] = self.squares.len() as u32;
        }
        self.len += 1;
    }

    /// The pair on top, dropping the squares pushed after it; `None` when the walk is done.
    #[inline(always)]
    pub(crate) fn pop<const BLOCKS: bool>(&mut self) -> Option<(u32, u32)> {
        self.len = self.len.checked_sub(1)?;
        if BLOCKS {
            self.squares.truncate(self.marks[self.len] as usize);
        }
        Some(self.pairs[self.len])
    }

    /// Pushes the non-empty quarters of the `1 << log` square whose box has the corner `corner` (in
    /// `bits`), each paired as `side` says, last first so that they pop in order.
    #[inline(always)]
    pub(crate) fn push_quarters(&mut self, bits: Bits<'_>, corner: [u32; 4], log: u32, side: Side) {
        let size = 1u32 << log;
        let (sx, sy) = (corner[0] & !(size - 1), corner[1] & !(size - 1));
        let half = size >> 1;
        let first_child = self.len;
        for (dx, dy) in [(half, half), (0, half), (half, 0), (0, 0)] {
            if let Some(child) = bits.square(sx + dx, sy + dy, log - 1) {
                let child_ref = SQUARE | self.squares.len() as u32;
                self.pairs[self.len] = if side.split_b {
                    (side.other, child_ref)
                } else {
                    (child_ref, side.other)
                };
                self.len += 1;
                self.squares.push(child);
            }
        }
        let mark = self.squares.len() as u32;
        self.marks[first_child..self.len].fill(mark);
    }
}
