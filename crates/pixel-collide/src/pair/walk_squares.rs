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

/// The squares held for a walk's stack, in a buffer the walk lends (empty at the start).
pub(crate) struct HeldSquares<'s> {
    squares: &'s mut Vec<Node>,
}

impl<'s> HeldSquares<'s> {
    /// Holds squares in `squares`, which must be empty.
    #[inline(always)]
    pub(crate) fn new(squares: &'s mut Vec<Node>) -> Self {
        debug_assert!(squares.is_empty());
        HeldSquares { squares }
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

    /// How many squares are held: the mark of an entry pushed now.
    #[inline(always)]
    pub(crate) fn mark(&self) -> u32 {
        self.squares.len() as u32
    }

    /// Drops the squares pushed after the entry with this mark, now that it is popped.
    #[inline(always)]
    pub(crate) fn release_to(&mut self, mark: u32) {
        self.squares.truncate(mark as usize);
    }

    /// Pushes onto the stack at `len` the non-empty quarters of the `1 << log` square whose box has
    /// the corner `corner` (in `bits`), each paired as `side` says, last first so that they pop in
    /// order; returns the stack's new length.
    // Inlined into the walk's inner loop, where each argument is already in a register.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn split(
        &mut self,
        bits: Bits<'_>,
        corner: [u32; 4],
        log: u32,
        side: Side,
        stack: &mut [(u32, u32)],
        marks: &mut [u32],
        mut len: usize,
    ) -> usize {
        let size = 1u32 << log;
        let (sx, sy) = (corner[0] & !(size - 1), corner[1] & !(size - 1));
        let half = size >> 1;
        let first_child = len;
        for (dx, dy) in [(half, half), (0, half), (half, 0), (0, 0)] {
            if let Some(child) = bits.square(sx + dx, sy + dy, log - 1) {
                let child_ref = SQUARE | self.squares.len() as u32;
                stack[len] = if side.split_b {
                    (side.other, child_ref)
                } else {
                    (child_ref, side.other)
                };
                len += 1;
                self.squares.push(child);
            }
        }
        marks[first_child..len].fill(self.mark());
        len
    }
}
