//! A mask's bounding-box tree: solid rectangles where the shape is simple, bit blocks where it is not.
//!
//! Every node is 20 bytes: a tight texel box as an `f32` centre and half size (exact, see
//! [`Packed`]) and one link. A leaf is either a solid rectangle (every texel in its box is solid) or
//! a block of up to 64 x 64 texels aligned to the word grid (wider for a mask of one to three rows,
//! see [`block_log`]), which the overlap test refines on the fly through an implicit quadtree over
//! the mask's own bits (squares of 32, 16, ... 1 texels, each with tight bounds computed from the
//! mask's words). So the tree never holds more than a few nodes per block, whatever the content:
//! with the bits, at most three times the bytes of pygame's mask from 1024 texels up (see
//! [`cover_budget`]).
//!
//! Which leaves: a shape whose rectangle cover (runs merged down the rows) is small keeps it whole,
//! which is what makes rotated solid sprites cheap. Otherwise each block keeps its own cover when that
//! takes at most one rectangle per [`TEXELS_PER_RECT`] texels of its box, and becomes a bit block when it does not.

use std::sync::OnceLock;

use super::bits::{BLOCK, Bits};
use super::inner::Interior;
use super::node::{Kind, Node, PAYLOAD, Packed, TAG_INNER, TAG_SHIFT, TAG_SOLID, TAG_SQUARE};

/// log2 of the side of a mask's bit blocks: 64 texels (one word of a row), or for a mask of one
/// to three rows, whose blocks would hold fewer bits than their nodes' bytes, 256 or 128.
fn block_log(height: u32) -> u32 {
    match height {
        1 => 8,
        2 | 3 => 7,
        _ => BLOCK.trailing_zeros(),
    }
}

/// Texels per rectangle a block must have to keep its own cover instead of becoming a bit block: 4
/// rectangles for a whole 64 x 64 block, whose 8 nodes take a third of its bits.
const TEXELS_PER_RECT: u32 = 1024;

/// Bytes a node takes: its box and its link.
const NODE_BYTES: usize = std::mem::size_of::<Slot>();

/// Rectangles a whole mask may keep in one cover: one per 20 bytes of its bits, so that the tree (two
/// 20-byte nodes a rectangle) holds at most twice the bits and the mask with its tree three times
/// as much as pygame's mask at most, whatever the content; and for large masks no more than a fixed
/// allowance plus one per 1024 texels, since past a few hundred rectangles the per-block leaves serve
/// as well. A mask of under 1024 texels may keep 16, so that small round sprites keep their cover.
fn cover_budget(bits: Bits<'_>) -> usize {
    let bytes = std::mem::size_of_val(bits.words);
    let area = u64::from(bits.width) * u64::from(bits.height);
    let floor = if area < 1024 { 16 } else { 0 };
    (bytes / NODE_BYTES)
        .max(floor)
        .min(64 + (area / 1024) as usize)
}

/// The most rectangles [`Mask::build_tree_for_contacts`](crate::Mask::build_tree_for_contacts)
/// keeps in a mask's cover: 256, at most about 10 KiB of tree.
pub const CONTACT_COVER_RECTS: usize = 256;

/// One node as the tree keeps it: its `f32` box (see [`Packed`]) and its link, 20 bytes side by side,
/// so that a walk's look at a node checks one index against one length and reads both with loads
/// that do not wait on each other.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Slot {
    bounds: Packed,
    link: u32,
}

/// A mask's bounding-box tree and what the walks need to know of it.
#[derive(Clone, Debug)]
pub(crate) struct BoxTree {
    /// The nodes, root first.
    slots: Vec<Slot>,
    /// How much smaller than their texels solid leaves are tested (see `mask::LEAF_INSET`).
    inset: [f64; 2],
    /// log2 of the side of its bit blocks (see [`block_log`]).
    block_log: u32,
    /// The number of levels (0 for a mask with no solid texel), which sizes a walk's stack.
    pub(crate) depth: u32,
    /// Whether bit blocks are among the leaves, which the walk refines through squares.
    pub(crate) has_blocks: bool,
    /// Once the mask is edited: the fixed shape its tree then keeps.
    pub(crate) grid: Option<Box<Grid>>,
    /// For a small mask walked as bits: its largest solid rectangle, which a walk tries against the
    /// other mask's first (see [`core()`]). `None` for other masks and once the mask is edited.
    pub(crate) core: Option<Node>,
    /// A circle, in texels, around every solid texel: its centre and radius. Turned sprites' circles
    /// rule pairs out where their bounding rectangles meet only at the corners.
    pub(crate) reach: [f64; 3],
    /// Whether its solid texels fill at least half of `reach`'s circle (a round sprite, holes and
    /// all): a walk of two such masks walked as bits first looks where their circles overlap most
    /// (see `Pair::lens_hit`), which a sparse or jagged mask rarely holds.
    pub(crate) round: bool,
    /// The mask's interior (see `mask::inner`), found the first time a broad phase asks; empty for
    /// an edited mask, whose texels change under its tree. Boxed: only a broad phase asks, and a mask
    /// moved by value (into a host object, say) should not carry its 344 bytes.
    pub(crate) interior: OnceLock<Box<Interior>>,
}

impl BoxTree {
    /// How much smaller than their texels solid leaves are tested.
    pub(crate) fn inset(&self) -> [f64; 2] {
        self.inset
    }

    /// The tree of the mask with these bits, its cover or blocks chosen from the content.
    pub(crate) fn build(bits: Bits<'_>) -> BoxTree {
        BoxTree::build_with(bits, cover_budget(bits))
    }

    /// The tree of the mask with these bits for a physics body: a cover of up to
    /// [`CONTACT_COVER_RECTS`] rectangles, or as many as [`build`](Self::build) keeps if more.
    pub(crate) fn build_for_contacts(bits: Bits<'_>) -> BoxTree {
        BoxTree::build_with(bits, cover_budget(bits).max(CONTACT_COVER_RECTS))
    }

    /// The tree of the mask with these bits, keeping a cover of up to `rects` rectangles.
    fn build_with(bits: Bits<'_>, rects: usize) -> BoxTree {
        let (nodes, depth) = build(bits, rects);
        let mut tree = BoxTree::packed(&nodes, depth, bits, None);
        if tree.has_blocks {
            tree.core = core(bits);
        }
        tree.reach = reach(bits);
        let solid: u64 = bits.words.iter().map(|w| u64::from(w.count_ones())).sum();
        let r = tree.reach[2];
        tree.round = solid as f64 >= 0.5 * std::f64::consts::PI * r * r;
        tree
    }

    /// The tree of an edited mask: one leaf per block of the grid, so that edits stay local.
    pub(crate) fn grid(bits: Bits<'_>) -> BoxTree {
        let (nodes, depth, grid) = build_grid(bits);
        let mut tree = BoxTree::packed(&nodes, depth, bits, Some(Box::new(grid)));
        tree.has_blocks = true;
        tree
    }

    /// The tree of `nodes`, built in `f64`, kept as boxes and links.
    fn packed(nodes: &[Node], depth: u32, bits: Bits<'_>, grid: Option<Box<Grid>>) -> BoxTree {
        BoxTree {
            slots: nodes
                .iter()
                .map(|n| Slot {
                    bounds: Packed::of_node(n),
                    link: n.link,
                })
                .collect(),
            inset: bits.inset,
            block_log: block_log(bits.height),
            depth,
            has_blocks: nodes.iter().any(|n| matches!(n.kind(), Kind::Square(_))),
            grid,
            core: None,
            round: false,
            interior: OnceLock::new(),
            // An edited mask's texels change under its tree: the circle around all of it holds.
            reach: [
                f64::from(bits.width) / 2.0,
                f64::from(bits.height) / 2.0,
                f64::from(bits.width).hypot(f64::from(bits.height)) / 2.0,
            ],
        }
    }

    /// The number of nodes.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// log2 of the side of its bit blocks.
    pub(crate) fn block_log(&self) -> u32 {
        self.block_log
    }

    /// The root, or `None` for a mask with no solid texel.
    pub(crate) fn root(&self) -> Option<Node> {
        (!self.slots.is_empty()).then(|| self.node(0))
    }

    /// Node `i` as the walks test it: its box in `f64`, shrunk by the inset.
    ///
    /// Every node is shrunk, not only the solid leaves that need it: a solid leaf's shrunk box lies in
    /// every shrunk box above it, so no pair of solid leaves that overlaps is pruned, and shrinking
    /// all of them takes a subtraction where choosing would put a select on the walk's chain.
    #[inline(always)]
    pub(crate) fn node(&self, i: u32) -> Node {
        let Slot { bounds: p, link } = self.slots[i as usize];
        Node {
            center: [f64::from(p.center[0]), f64::from(p.center[1])],
            half: [
                f64::from(p.half[0]) - self.inset[0],
                f64::from(p.half[1]) - self.inset[1],
            ],
            link,
        }
    }

    /// Node `i`'s box as the tree keeps it, centre then half size (its inset not taken off), and
    /// its link: what a walk screening pairs in `f32` loads.
    #[inline(always)]
    pub(crate) fn raw(&self, i: u32) -> ([f32; 4], u32) {
        let Slot { bounds: p, link } = self.slots[i as usize];
        ([p.center[0], p.center[1], p.half[0], p.half[1]], link)
    }

    /// Sets leaf `i` to block (`bx`, `by`): solid when full, its bits when partly solid, nothing when
    /// empty.
    fn set_block(&mut self, i: usize, bits: Bits<'_>, bx: u32, by: u32) {
        let n = block_leaf(bits, bx, by, self.block_log);
        self.slots[i] = Slot {
            bounds: Packed::of_node(&n),
            link: n.link,
        };
    }

    /// Recomputes inner node `i`'s box from its two children: their union, or nothing when both are.
    fn refit(&mut self, i: usize) {
        let Kind::Inner(first) = self.node(i as u32).kind() else {
            return;
        };
        let first = first as usize;
        self.slots[i].bounds =
            Packed::union(self.slots[first].bounds, self.slots[first + 1].bounds);
    }

    /// Heap bytes the tree holds.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot>()
            + self.grid.as_ref().map_or(0, |g| g.heap_bytes())
    }
}

/// A circle `[x, y, radius]` around every solid texel, centred on their bounding rectangle: the
/// farthest point of a row's texels from a centre is a corner of its first or last solid texel, so
/// the rows' extents (two bit scans a word) are all it takes. The whole mask's circle when no texel
/// is solid.
fn reach(bits: Bits<'_>) -> [f64; 3] {
    let extent = |y: u32| {
        let first = (0..bits.strips).find_map(|k| {
            let w = bits.word(y, k);
            (w != 0).then(|| k as u32 * 64 + w.trailing_zeros())
        })?;
        let last = (0..bits.strips).rev().find_map(|k| {
            let w = bits.word(y, k);
            (w != 0).then(|| k as u32 * 64 + 64 - w.leading_zeros())
        })?;
        Some((first, last))
    };
    let rows: Vec<(u32, u32, u32)> = (0..bits.height)
        .filter_map(|y| extent(y).map(|(x0, x1)| (y, x0, x1)))
        .collect();
    let (Some(&(top, ..)), Some(&(bottom, ..))) = (rows.first(), rows.last()) else {
        let (w, h) = (f64::from(bits.width), f64::from(bits.height));
        return [w / 2.0, h / 2.0, w.hypot(h) / 2.0];
    };
    let left = rows.iter().map(|r| r.1).min().unwrap_or(0);
    let right = rows.iter().map(|r| r.2).max().unwrap_or(0);
    let (cx, cy) = (
        (f64::from(left) + f64::from(right)) / 2.0,
        (f64::from(top) + f64::from(bottom) + 1.0) / 2.0,
    );
    let far = rows
        .iter()
        .map(|&(y, x0, x1)| {
            let dx = (cx - f64::from(x0)).max(f64::from(x1) - cx);
            let dy = (cy - f64::from(y)).max(f64::from(y) + 1.0 - cy);
            dx.hypot(dy)
        })
        .fold(0.0, f64::max);
    [cx, cy, far]
}

/// The most texels [`core()`] looks at: a 256 x 256 mask, a few tens of microseconds once per mask.
const CORE_TEXELS: u64 = 1 << 16;

/// The largest rectangle of solid texels of a mask of up to [`CORE_TEXELS`], as a solid node.
///
/// A mask walked as bits (a round sprite, one with holes) has no solid leaf until the walk has
/// split its blocks down to full squares, some levels deep: two such sprites that overlap deeply
/// spent most of a hit refining squares along their edges. Their largest solid rectangles, tried
/// first, answer such a hit with one test. It is one rectangle per mask, kept beside the tree, so
/// the tree's memory does not change. Found row by row with the largest rectangle under a histogram
/// of solid column heights, in time linear in the texels.
fn core(bits: Bits<'_>) -> Option<Node> {
    let (w, h) = (bits.width as usize, bits.height as usize);
    if (w as u64) * (h as u64) > CORE_TEXELS {
        return None;
    }
    let mut heights = vec![0u32; w];
    // Columns whose bars are still open, each with the leftmost column its bar reaches back to.
    let mut open: Vec<(usize, u32)> = Vec::with_capacity(w + 1);
    let mut best: Option<(u64, [u32; 4])> = None;
    for y in 0..h {
        for (x, height) in heights.iter_mut().enumerate() {
            let solid = bits.word(y as u32, x / 64) >> (x % 64) & 1 != 0;
            *height = if solid { *height + 1 } else { 0 };
        }
        open.clear();
        // A bar of height 0 past the last column closes every bar still open.
        for (x, &height) in heights.iter().chain([&0]).enumerate() {
            let mut start = x;
            while let Some(&(from, bar)) = open.last() {
                if bar < height {
                    break;
                }
                open.pop();
                let area = u64::from(bar) * (x - from) as u64;
                if bar > 0 && best.is_none_or(|(a, _)| area > a) {
                    let top = (y + 1) as u32 - bar;
                    best = Some((area, [from as u32, top, x as u32, (y + 1) as u32]));
                }
                start = from;
            }
            open.push((start, height));
        }
    }
    best.map(|(_, b)| Node::new(b, TAG_SOLID, 0, bits.inset))
}

/// The solid leaf (a rectangle of the cover, or the largest full square of a bit block) that holds
/// texel (x, y), found by descending the tree; `None` when the texel is air.
pub(crate) fn solid_leaf_at(tree: &BoxTree, bits: Bits<'_>, x: u32, y: u32) -> Option<Node> {
    let holds = |n: &Node| {
        let [x0, y0, x1, y1] = n.texels();
        !n.is_nothing() && x0 <= x && x < x1 && y0 <= y && y < y1
    };
    // Inner boxes may overlap, so the descent keeps the siblings it may have to come back to.
    let root = tree.root()?;
    super::scratch::with_node_stack(|stack| {
        stack.push(root);
        while let Some(n) = stack.pop() {
            if !holds(&n) {
                continue;
            }
            match n.kind() {
                Kind::Solid => return Some(n),
                Kind::Inner(first) => {
                    stack.extend([tree.node(first + 1), tree.node(first)]);
                }
                Kind::Square(log) => {
                    let [x0, y0, ..] = n.texels();
                    let side = 1u32 << log;
                    let half = side >> 1;
                    let (sx, sy) = (x0 & !(side - 1), y0 & !(side - 1));
                    let qx = sx + if x >= sx + half { half } else { 0 };
                    let qy = sy + if y >= sy + half { half } else { 0 };
                    stack.extend(bits.square(qx, qy, log - 1));
                }
            }
        }
        None
    })
}

/// The shape of an edited mask's tree: one leaf per block of the grid (see [`block_log`]), so that an edit
/// rewrites the leaves of the blocks it touches and refits their ancestors, in time that follows the
/// region touched rather than the mask.
#[derive(Clone, Debug, Default)]
pub(crate) struct Grid {
    /// The parent of each node (the root's is itself).
    parent: Vec<u32>,
    /// The leaf of each block, row by row.
    leaf_of_block: Vec<u32>,
    /// Blocks per row of the grid.
    columns: u32,
}

impl Grid {
    /// Heap bytes the grid's bookkeeping holds.
    pub(crate) fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Grid>()
            + (self.parent.capacity() + self.leaf_of_block.capacity()) * std::mem::size_of::<u32>()
    }
}

/// The leaf of block (`bx`, `by`) of side `1 << log`: solid when full, its bits when partly solid,
/// nothing when empty.
fn block_leaf(bits: Bits<'_>, bx: u32, by: u32, log: u32) -> Node {
    bits.square(bx << log, by << log, log)
        .unwrap_or(Node::NOTHING)
}

/// Builds an edited mask's tree: a fixed bisection of the block grid. Returns the nodes, the depth and
/// the grid's bookkeeping.
pub(crate) fn build_grid(bits: Bits<'_>) -> (Vec<Node>, u32, Grid) {
    let side = 1 << block_log(bits.height);
    let (columns, rows) = (bits.width.div_ceil(side), bits.height.div_ceil(side));
    let blocks = (columns * rows) as usize;
    let mut nodes = vec![Node::EMPTY];
    let mut grid = Grid {
        parent: vec![0],
        leaf_of_block: vec![0; blocks],
        columns,
    };
    let depth = grid_node(bits, [0, 0, columns, rows], 0, &mut nodes, &mut grid);
    (nodes, depth, grid)
}

/// Fills `nodes[slot]` with the subtree over the blocks `b` (x0, y0, x1, y1 in blocks), halving the
/// longer side; returns its depth.
fn grid_node(
    bits: Bits<'_>,
    b: [u32; 4],
    slot: usize,
    nodes: &mut Vec<Node>,
    grid: &mut Grid,
) -> u32 {
    let [x0, y0, x1, y1] = b;
    if x1 - x0 == 1 && y1 - y0 == 1 {
        nodes[slot] = block_leaf(bits, x0, y0, block_log(bits.height));
        grid.leaf_of_block[(y0 * grid.columns + x0) as usize] = slot as u32;
        return 1;
    }
    let first = nodes.len();
    nodes[slot] = Node::new([0; 4], TAG_INNER, first as u32, [0.0; 2]);
    nodes.extend([Node::EMPTY; 2]);
    grid.parent.extend([slot as u32; 2]);
    let (a, c) = if x1 - x0 >= y1 - y0 {
        let m = x0 + (x1 - x0) / 2;
        ([x0, y0, m, y1], [m, y0, x1, y1])
    } else {
        let m = y0 + (y1 - y0) / 2;
        ([x0, y0, x1, m], [x0, m, x1, y1])
    };
    let da = grid_node(bits, a, first, nodes, grid);
    let dc = grid_node(bits, c, first + 1, nodes, grid);
    refit(nodes, slot);
    1 + da.max(dc)
}

/// Recomputes inner node `i`'s box from its two children while the grid is built in `f64`: their
/// union, or nothing when both are.
fn refit(nodes: &mut [Node], i: usize) {
    let Kind::Inner(first) = nodes[i].kind() else {
        return;
    };
    let (a, b) = (nodes[first as usize], nodes[first as usize + 1]);
    let (center, half) = match (a.is_nothing(), b.is_nothing()) {
        (true, true) => (Node::NOTHING.center, Node::NOTHING.half),
        (false, true) => (a.center, a.half),
        (true, false) => (b.center, b.half),
        (false, false) => {
            let lo = |n: &Node, k: usize| n.center[k] - n.half[k];
            let hi = |n: &Node, k: usize| n.center[k] + n.half[k];
            let l = [lo(&a, 0).min(lo(&b, 0)), lo(&a, 1).min(lo(&b, 1))];
            let h = [hi(&a, 0).max(hi(&b, 0)), hi(&a, 1).max(hi(&b, 1))];
            (
                [(l[0] + h[0]) * 0.5, (l[1] + h[1]) * 0.5],
                [(h[0] - l[0]) * 0.5, (h[1] - l[1]) * 0.5],
            )
        }
    };
    nodes[i].center = center;
    nodes[i].half = half;
}

/// Rewrites the leaves of the blocks covering texels `x0..x1` by `y0..y1` from the bits and refits
/// their ancestors, each once.
pub(crate) fn refresh(tree: &mut BoxTree, bits: Bits<'_>, b: [u32; 4]) {
    let [x0, y0, x1, y1] = b;
    let Some(grid) = tree.grid.take() else {
        return;
    };
    if x0 < x1 && y0 < y1 {
        let log = tree.block_log;
        let mut dirty: Vec<u32> = Vec::new();
        for by in y0 >> log..=(y1 - 1) >> log {
            for bx in x0 >> log..=(x1 - 1) >> log {
                let leaf = grid.leaf_of_block[(by * grid.columns + bx) as usize];
                tree.set_block(leaf as usize, bits, bx, by);
                dirty.push(leaf);
            }
        }
        // Parents have smaller indices than their children: refit deepest first, each node once.
        let mut level: Vec<u32> = dirty;
        while !level.is_empty() {
            let mut parents: Vec<u32> = level
                .iter()
                .filter(|&&i| i != 0)
                .map(|&i| grid.parent[i as usize])
                .collect();
            parents.sort_unstable();
            parents.dedup();
            for &p in parents.iter().rev() {
                tree.refit(p as usize);
            }
            level = parents;
        }
    }
    tree.grid = Some(grid);
}

/// A leaf before it becomes a node: its texel box and its link.
type Leaf = ([u32; 4], u32);

/// The link of a solid leaf.
const SOLID: u32 = TAG_SOLID << TAG_SHIFT;

/// The link of a bit block of side `1 << log`.
fn square_link(log: u32) -> u32 {
    TAG_SQUARE << TAG_SHIFT | log
}

/// Builds the tree of a mask; returns its nodes (root first) and its depth (0 when nothing is solid).
pub(crate) fn build(bits: Bits<'_>, rects: usize) -> (Vec<Node>, u32) {
    let all = [0, 0, bits.width, bits.height];
    let mut leaves: Vec<Leaf> = match bits.cover(all, rects) {
        Some(cover) => cover.into_iter().map(|b| (b, SOLID)).collect(),
        None if block_log(bits.height) > BLOCK.trailing_zeros() => wide_block_leaves(bits),
        None => block_leaves(bits),
    };
    if leaves.is_empty() {
        return (Vec::new(), 0);
    }
    let mut nodes = Vec::with_capacity(2 * leaves.len() - 1);
    nodes.push(Node::EMPTY);
    let depth = build_node(&mut leaves, 0, &mut nodes, bits.inset);
    (nodes, depth)
}

/// The leaves of a mask too complex for one cover: per 64 x 64 block, a solid rectangle when it is
/// full, its own small cover when that is small, else the block's bits.
fn block_leaves(bits: Bits<'_>) -> Vec<Leaf> {
    let mut leaves = Vec::new();
    for sy in (0..bits.height).step_by(BLOCK as usize) {
        for sx in (0..bits.width).step_by(BLOCK as usize) {
            let Some(block) = bits.square(sx, sy, BLOCK.trailing_zeros()) else {
                continue;
            };
            let b = block.texels();
            if block.is_solid() {
                leaves.push((b, SOLID));
            } else if let Some(cover) = bits.cover(b, block_rects(b)) {
                leaves.extend(cover.into_iter().map(|b| (b, SOLID)));
            } else {
                leaves.push((b, square_link(BLOCK.trailing_zeros())));
            }
        }
    }
    leaves
}

/// The leaves of a mask of one to three rows too complex for one cover: its wide bit blocks.
fn wide_block_leaves(bits: Bits<'_>) -> Vec<Leaf> {
    let log = block_log(bits.height);
    (0..bits.width)
        .step_by(1 << log)
        .filter_map(|sx| bits.square(sx, 0, log))
        .map(|s| (s.texels(), square_link(log)))
        .collect()
}

/// How many rectangles a block with this box may keep.
fn block_rects(b: [u32; 4]) -> usize {
    ((b[2] - b[0]) * (b[3] - b[1])).div_ceil(TEXELS_PER_RECT) as usize
}

/// Fills `nodes[slot]` with the subtree over `leaves`: split at the median of the longer axis, the two
/// children stored side by side, the heavier first. Returns the subtree's depth.
///
/// Each level partitions in linear time (a selection, not a sort), so the build is O(n log n).
fn build_node(leaves: &mut [Leaf], slot: usize, nodes: &mut Vec<Node>, inset: [f64; 2]) -> u32 {
    if let [(b, link)] = leaves {
        nodes[slot] = Node::new(*b, *link >> TAG_SHIFT, *link & PAYLOAD, inset);
        return 1;
    }
    let mut b = leaves[0].0;
    for (l, _) in leaves.iter() {
        b = [
            b[0].min(l[0]),
            b[1].min(l[1]),
            b[2].max(l[2]),
            b[3].max(l[3]),
        ];
    }
    let first = nodes.len();
    nodes[slot] = Node::new(b, TAG_INNER, first as u32, inset);
    nodes.extend([Node::EMPTY; 2]);
    let mid = leaves.len() / 2;
    // Twice the centre, to stay in integers.
    // Ties on the long axis go by the other axis, so that equal halves stay spatially together.
    let centre = |l: &[u32; 4], k: usize| u64::from(l[k]) + u64::from(l[k + 2]);
    if b[2] - b[0] >= b[3] - b[1] {
        leaves.select_nth_unstable_by_key(mid, |(l, _)| (centre(l, 0), centre(l, 1)));
    } else {
        leaves.select_nth_unstable_by_key(mid, |(l, _)| (centre(l, 1), centre(l, 0)));
    }
    // The heavier half first (of the half below the median and the half from it up, the one with
    // more solid texels; of an odd count, the first takes the median): a walk visits the first
    // child first, and two sprites overlap more often where more of them is solid, so hits are
    // found sooner (the game's rotated hits walk 3% to 12% fewer pairs of boxes); a miss visits
    // both halves either way.
    let area = |half: &[Leaf]| -> u64 {
        half.iter()
            .map(|(l, _)| u64::from(l[2] - l[0]) * u64::from(l[3] - l[1]))
            .sum()
    };
    if area(&leaves[mid..]) > area(&leaves[..mid]) {
        leaves.rotate_left(mid);
    }
    let mid = leaves.len() - mid;
    let (left, right) = leaves.split_at_mut(mid);
    let dl = build_node(left, first, nodes, inset);
    let dr = build_node(right, first + 1, nodes, inset);
    1 + dl.max(dr)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mask::Mask;

    fn mask(width: u32, height: u32, solid: impl FnMut(u32, u32) -> bool) -> Mask {
        Mask::from_fn(width, height, solid).unwrap()
    }

    #[test]
    fn core_is_a_largest_solid_rectangle_of_the_mask() {
        // Brute force over every rectangle of small masks of several densities and widths (past a
        // word too), round shapes with holes among them.
        for seed in 0..60u32 {
            let (w, h) = (1 + seed * 7 % 70, 1 + seed * 5 % 23);
            let m = mask(w, h, |x, y| {
                let v = (x.wrapping_mul(0x9E37_79B9) ^ y.wrapping_mul(0x85EB_CA6B) ^ seed)
                    .wrapping_mul(0xC2B2_AE35);
                v >> 30 != 0 || (seed % 3 == 0 && x > 2 && y > 1)
            });
            let solid_box = |x0: u32, y0: u32, x1: u32, y1: u32| {
                (y0..y1).all(|y| (x0..x1).all(|x| m.is_solid(x, y)))
            };
            let mut largest = 0;
            for y0 in 0..h {
                for x0 in 0..w {
                    for y1 in y0 + 1..=h {
                        for x1 in x0 + 1..=w {
                            let area = (x1 - x0) * (y1 - y0);
                            if area > largest && solid_box(x0, y0, x1, y1) {
                                largest = area;
                            }
                        }
                    }
                }
            }
            match core(m.bits()) {
                None => assert_eq!(largest, 0, "seed {seed}"),
                Some(n) => {
                    let [x0, y0, x1, y1] = n.texels();
                    assert!(n.is_solid() && solid_box(x0, y0, x1, y1), "seed {seed}");
                    assert_eq!((x1 - x0) * (y1 - y0), largest, "seed {seed}");
                }
            }
        }
    }

    #[test]
    fn reach_holds_every_solid_texel_and_touches_one() {
        // Random masks of several densities and widths (past a word too), and masks with no solid
        // texel: every corner of every solid texel lies within the circle, and the farthest is on it.
        for seed in 0..80u32 {
            let (w, h) = (1 + seed * 13 % 150, 1 + seed * 7 % 41);
            let m = mask(w, h, |x, y| {
                let v = (x.wrapping_mul(0x9E37_79B9) ^ y.wrapping_mul(0x85EB_CA6B) ^ seed)
                    .wrapping_mul(0xC2B2_AE35);
                v >> (26 + seed % 6) == 0
            });
            let [cx, cy, r] = reach(m.bits());
            let mut farthest: f64 = 0.0;
            for y in 0..h {
                for x in 0..w {
                    if m.is_solid(x, y) {
                        for (px, py) in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
                            let d = (f64::from(px) - cx).hypot(f64::from(py) - cy);
                            assert!(d <= r + 1e-12, "seed {seed}: ({x}, {y}) at {d} past {r}");
                            farthest = farthest.max(d);
                        }
                    }
                }
            }
            if m.solid_count() == 0 {
                assert_eq!([cx, cy], [f64::from(w) / 2.0, f64::from(h) / 2.0]);
            } else {
                assert!(
                    (farthest - r).abs() < 1e-12,
                    "seed {seed}: {farthest} against {r}"
                );
            }
        }
    }

    #[test]
    fn round_masks_walked_as_bits_keep_a_core_and_lose_it_when_edited() {
        let disc = |x: u32, y: u32| (x as i32 - 32).pow(2) + (y as i32 - 32).pow(2) <= 31 * 31;
        let mut m = mask(64, 64, disc);
        assert!(m.tree().has_blocks);
        let [x0, y0, x1, y1] = m.tree().core.expect("a core").texels();
        assert!((x1 - x0) * (y1 - y0) >= 40 * 40, "{:?}", [x0, y0, x1, y1]);
        // An edit may empty the core's texels: an edited mask's tree keeps none.
        m.set(32, 32, false);
        assert!(m.tree().core.is_none());
        // Masks past the texels a core is looked for in, and solid shapes with a cover, have none.
        assert!(
            mask(300, 300, |x, y| disc(x % 64, y % 64))
                .tree()
                .core
                .is_none()
        );
        assert!(mask(8, 8, |_, _| true).tree().core.is_none());
    }

    #[test]
    fn thin_noisy_mask_keeps_bit_blocks_wider_than_a_word() {
        let m = mask(1000, 1, |x, _| x % 3 == 0);
        let tree = m.tree();
        assert!(tree.has_blocks);
        assert_eq!(tree.block_log(), 8);
        assert_eq!(tree.len(), 2 * 4 - 1, "four blocks of 256 texels");
        let root = tree.root().unwrap();
        assert_eq!(root.texels(), [0, 0, 1000, 1]);
        let s = m.bits().square(256, 0, 8).unwrap();
        assert_eq!((s.texels(), s.kind()), ([258, 0, 511, 1], Kind::Square(8)));
        assert_eq!(m.bits().square(1024, 0, 8), None, "past the width");
        assert!(
            m.heap_bytes() <= 3 * (8 + 16 * 8),
            "{} bytes",
            m.heap_bytes()
        );
    }

    #[test]
    fn noisy_mask_tree_stays_within_a_few_nodes_per_block() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let m = mask(256, 256, |_, _| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % 10 < 3
        });
        assert_eq!(
            m.tree().len(),
            2 * 16 - 1,
            "one bit block per 64 x 64 block"
        );
        assert!(m.tree().has_blocks);
    }
}
