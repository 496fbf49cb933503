//! The pair walk: both sprites' trees walked together, depth first, pruning every pair of boxes the
//! separating-axis test pulls apart and reporting the overlapping pairs of solid boxes.
//!
//! Bit blocks are refined on the fly into their quarter squares (see
//! [`walk_squares`](super::walk_squares)), so the work follows the boundary where the two shapes come
//! close, and the memory is the walk's stack.

use std::cell::Cell;

use super::frame::Pair;
use super::screened::Screen;
use super::walk_squares::{Side, WalkStack};
use crate::mask::{BoxTree, Kind, Node};

/// Buffers a walk reuses from one call to the next on its thread: a deep walk's stack and marks,
/// and the squares held (at most four per stack entry). A walk started inside another's callback
/// finds them taken and starts with empty ones.
#[derive(Default)]
struct WalkScratch {
    stack: Vec<(u32, u32)>,
    marks: Vec<u32>,
    squares: Vec<Node>,
}

thread_local! {
    static WALK_SCRATCH: Cell<WalkScratch> = Cell::new(WalkScratch::default());
}

impl<'a> Pair<'a> {
    /// Walks both trees together and calls `found` with every overlapping pair of solid boxes, until
    /// it returns true.
    pub(crate) fn walk(&self, found: impl FnMut(&Node, &Node) -> bool) {
        self.walk_observed(found, |_, _, _| {});
    }

    /// The first overlapping pair of solid boxes, trying the masks' largest solid rectangles first
    /// when both keep one (see `mask::tree::core`): two round sprites that overlap deeply meet there
    /// in one test; then, for two round masks walked as bits, the middle of the lens where their
    /// circles overlap (see `lens_hit`). Both trees are fetched once for the looks and the walk, so
    /// sprites without such a rectangle (the solid sprites a cover describes) pay a branch for each.
    /// Two trees of solid rectangles alone are walked with the pruning screened in `f32` (see
    /// `pair::screened`), which finds the same pair at about half the cost of a test.
    #[inline]
    pub(crate) fn first_hit(&self) -> Option<(Node, Node)> {
        let trees = (self.a.tree(), self.b.tree());
        if let (Some(ca), Some(cb)) = (&trees.0.core, &trees.1.core) {
            if !self.separated(ca, cb) {
                return Some((*ca, *cb));
            }
        }
        if (trees.0.has_blocks || trees.1.has_blocks) && trees.0.round && trees.1.round {
            if let Some(hit) = self.lens_hit() {
                return Some(hit);
            }
        }
        if !(trees.0.has_blocks || trees.1.has_blocks) && trees.0.depth + trees.1.depth < 24 {
            if let Some(screen) = Screen::new(self) {
                return self.first_hit_screened(trees, &screen);
            }
        }
        let mut hit = None;
        self.walk_trees(
            trees,
            #[inline(always)]
            |a, b| self.separated(a, b),
            |a, b| {
                hit = Some((*a, *b));
                true
            },
            |_, _, _| {},
        );
        hit
    }

    /// [`walk`](Self::walk), also telling `observe` about every node pair tested and whether the pair
    /// was separated.
    #[inline(always)]
    pub(crate) fn walk_observed(
        &self,
        found: impl FnMut(&Node, &Node) -> bool,
        observe: impl FnMut(&Node, &Node, bool),
    ) {
        // Each test inlined into the walk: a call would store both nodes to pass them.
        self.walk_by(
            #[inline(always)]
            |a, b| self.separated(a, b),
            found,
            observe,
        );
    }

    /// Whether some pair of solid boxes comes within reach of each other with the second box's reach
    /// on each axis of the separating-axis test grown by `extra` (in the units of that axis: the x and
    /// y axes, then the normals `n1` and `n2`, unnormalised): a walk that stops at the first such pair.
    ///
    /// Growing a projection by the projection of a convex set (a sweep, a disc) is the test for the
    /// box plus that set, so a gap proves that no point of the second box moved within the set lands
    /// in the first.
    pub(crate) fn within_grown(&self, extra: [f64; 4]) -> bool {
        let mut near = false;
        self.walk_by(
            #[inline(always)]
            |a, b| self.separated_by::<true>(a, b, &extra),
            |_, _| {
                near = true;
                true
            },
            |_, _, _| {},
        );
        near
    }

    /// Calls `found` with every pair of solid boxes that comes within reach with the second box's
    /// reach grown by `extra` (as in [`within_grown`](Self::within_grown)), until it returns true.
    /// Each box pair tested takes one from `work`; at 0 the walk prunes everything left, so a caller
    /// that finds `work` spent knows the walk stopped short.
    pub(crate) fn walk_grown(
        &self,
        extra: [f64; 4],
        work: &Cell<u64>,
        found: impl FnMut(&Node, &Node) -> bool,
    ) {
        self.walk_by(
            #[inline(always)]
            |a, b| {
                let left = work.get();
                work.set(left.saturating_sub(1));
                left == 0 || self.separated_by::<true>(a, b, &extra)
            },
            found,
            |_, _, _| {},
        );
    }

    /// The walk with any separation test, on a stack sized for the two trees.
    #[inline(always)]
    fn walk_by(
        &self,
        separated: impl Fn(&Node, &Node) -> bool,
        found: impl FnMut(&Node, &Node) -> bool,
        observe: impl FnMut(&Node, &Node, bool),
    ) {
        // Each tree once: every look through the mask's lazily built tree is an atomic load.
        self.walk_trees((self.a.tree(), self.b.tree()), separated, found, observe);
    }

    /// [`walk_by`](Self::walk_by) over the two masks' trees, fetched by the caller.
    #[inline(always)]
    fn walk_trees(
        &self,
        trees: (&BoxTree, &BoxTree),
        separated: impl Fn(&Node, &Node) -> bool,
        found: impl FnMut(&Node, &Node) -> bool,
        observe: impl FnMut(&Node, &Node, bool),
    ) {
        // Depth first: the stack holds the unexplored siblings along the current path, one per level
        // of a tree and three per level of a bit block's squares (six levels from 64 texels to 1,
        // eight from a thin mask's 256).
        let squares = |t: &BoxTree| {
            if t.has_blocks {
                3 * t.block_log() as usize
            } else {
                0
            }
        };
        let needed =
            (trees.0.depth + trees.1.depth + 1) as usize + squares(trees.0) + squares(trees.1);
        // Trees of solid rectangles alone, the common case for sprites, get a walk compiled without
        // the squares.
        match (needed <= 24, trees.0.has_blocks || trees.1.has_blocks) {
            (true, false) => self.walk_with::<false>(
                trees,
                WalkStack::new(&mut [(0, 0); 24], &mut [], &mut Vec::new()),
                separated,
                found,
                observe,
            ),
            (small, blocks) => {
                // The squares held, and a deep walk's stack, come from buffers kept on the thread:
                // a broad phase asks thousands of pairs a frame, and each would otherwise allocate.
                let mut scratch = WALK_SCRATCH.take();
                let WalkScratch {
                    stack,
                    marks,
                    squares,
                } = &mut scratch;
                squares.clear();
                if small {
                    self.walk_with::<true>(
                        trees,
                        WalkStack::new(&mut [(0, 0); 24], &mut [0; 24], squares),
                        separated,
                        found,
                        observe,
                    );
                } else {
                    if stack.len() < needed {
                        stack.resize(needed, (0, 0));
                        marks.resize(needed, 0);
                    }
                    let (stack, marks) = (&mut stack[..needed], &mut marks[..needed]);
                    if blocks {
                        let stack = WalkStack::new(stack, marks, squares);
                        self.walk_with::<true>(trees, stack, separated, found, observe);
                    } else {
                        let stack = WalkStack::new(stack, &mut [], squares);
                        self.walk_with::<false>(trees, stack, separated, found, observe);
                    }
                }
                WALK_SCRATCH.set(scratch);
            }
        }
    }

    /// The walk itself, on a stack with room for the trees' depths.
    ///
    /// The stack holds pairs of references: an index into a tree, or one of the bit blocks' squares
    /// held for the entries on the stack (see [`WalkStack`]).
    #[inline(always)]
    fn walk_with<const BLOCKS: bool>(
        &self,
        (ta, tb): (&BoxTree, &BoxTree),
        mut stack: WalkStack<'_>,
        separated: impl Fn(&Node, &Node) -> bool,
        mut found: impl FnMut(&Node, &Node) -> bool,
        mut observe: impl FnMut(&Node, &Node, bool),
    ) {
        // The first child of a split is walked next straight from here rather than through the
        // stack, whose store and load would sit on the descent's chain.
        let mut next = Some((0, 0));
        while let Some((ia, ib)) = next.take().or_else(|| stack.pop::<BLOCKS>()) {
            let (a, b) = if BLOCKS {
                (stack.node(ta, ia), stack.node(tb, ib))
            } else {
                (ta.node(ia), tb.node(ib))
            };
            let (a, b) = (&a, &b);
            // Only an edited mask's tree holds emptied blocks, and it always walks with squares.
            if BLOCKS && (a.is_nothing() || b.is_nothing()) {
                continue;
            }
            let apart = separated(a, b);
            observe(a, b, apart);
            if apart {
                continue;
            }
            let split_b = match (a.is_solid(), b.is_solid()) {
                (true, true) => {
                    if found(a, b) {
                        return;
                    }
                    continue;
                }
                (true, false) => true,
                (false, true) => false,
                (false, false) => b.quarter_area() * self.det_abs > a.quarter_area(),
            };
            next = self.split::<BLOCKS>(&mut stack, (ia, ib), if split_b { b } else { a }, split_b);
        }
    }

    /// Splits the box `split` of the pair `(ia, ib)` (the second's when `split_b`): its children
    /// are pushed, last first so that they are visited in order, but for a tree box's first child,
    /// returned to be walked next.
    #[inline(always)]
    fn split<const BLOCKS: bool>(
        &self,
        stack: &mut WalkStack<'_>,
        (ia, ib): (u32, u32),
        split: &Node,
        split_b: bool,
    ) -> Option<(u32, u32)> {
        match split.kind() {
            Kind::Inner(first) => {
                // The first child first. Choosing the child nearer the other box instead costs
                // two placements per split, more than the visits it saves, on hits too.
                let (near, far) = if split_b {
                    ((ia, first), (ia, first + 1))
                } else {
                    ((first, ib), (first + 1, ib))
                };
                // `near` holds what is held now, so it needs no mark.
                stack.push::<BLOCKS>(far);
                Some(near)
            }
            Kind::Square(log) if BLOCKS => {
                let (bits, other) = if split_b {
                    (self.b.bits(), ia)
                } else {
                    (self.a.bits(), ib)
                };
                stack.push_quarters(bits, split.texels(), log, Side { other, split_b });
                None
            }
            Kind::Solid | Kind::Square(_) => {
                unreachable!("solid boxes are not split, and squares come only from blocks")
            }
        }
    }
}
