//! Vectors kept on the thread between queries: a one-sprite query's walk, a descent to a texel's
//! leaf, a row scan's runs and a push's overlapping pairs would otherwise allocate their buffers on every call, and a game (or
//! the C library, which promises no allocation per query) asks them thousands of times a frame.
//!
//! A buffer is taken for the length of a use and put back after it; a use nested inside another
//! (a query asked from a walk's callback) finds the buffer taken and starts with a fresh one.

use std::cell::Cell;
use std::thread::LocalKey;

use super::node::Node;

thread_local! {
    static NODES: Cell<Vec<Node>> = const { Cell::new(Vec::new()) };
    static RUNS: Cell<Vec<(u32, u32)>> = const { Cell::new(Vec::new()) };
    static BOX_PAIRS: Cell<Vec<(Node, Node)>> = const { Cell::new(Vec::new()) };
}

/// The most entries a kept buffer keeps between uses: one query's worst case (a distance search or a
/// push deep in a ragged mask) may need far more, and that memory goes back when the query ends.
pub(crate) const KEPT_ENTRIES: usize = 4096;

fn with<T: 'static, R>(
    slot: &'static LocalKey<Cell<Vec<T>>>,
    f: impl FnOnce(&mut Vec<T>) -> R,
) -> R {
    let mut kept = slot.take();
    kept.clear();
    let answer = f(&mut kept);
    kept.clear();
    kept.shrink_to(KEPT_ENTRIES);
    slot.set(kept);
    answer
}

/// Runs `f` with the thread's stack of tree nodes, empty.
pub(crate) fn with_node_stack<R>(f: impl FnOnce(&mut Vec<Node>) -> R) -> R {
    with(&NODES, f)
}

/// Runs `f` with the thread's buffer of row runs, empty.
pub(crate) fn with_runs<R>(f: impl FnOnce(&mut Vec<(u32, u32)>) -> R) -> R {
    with(&RUNS, f)
}

/// Runs `f` with the thread's buffer of pairs of boxes, empty.
pub(crate) fn with_box_pairs<R>(f: impl FnOnce(&mut Vec<(Node, Node)>) -> R) -> R {
    with(&BOX_PAIRS, f)
}
