//! Connected components as pygame gives them: in its order, each as the words of a mask of the
//! whole mask's size.

use pixel_collide::{Component, Mask};
use pyo3::prelude::*;

use crate::room::words_for;

/// The 8-connected components of at least `minimum` texels in pygame's order: by their first
/// texel in row order.
pub fn in_scan_order(mask: &Mask, minimum: u64) -> Vec<Component> {
    let mut parts = mask.components(minimum);
    parts.sort_by_key(|c| c.runs().map(|r| (r.y, r.x)).min());
    parts
}

/// Sets texels `x0..x1` of row `y` in strip words of a mask `height` rows tall.
fn fill_run(words: &mut [u64], height: usize, x0: u32, x1: u32, y: u32) {
    let mut x = x0;
    while x < x1 {
        let (k, bit) = (x as usize / 64, x % 64);
        let n = (x1 - x).min(64 - bit);
        let ones = if n == 64 {
            u64::MAX
        } else {
            ((1u64 << n) - 1) << bit
        };
        words[k * height + y as usize] |= ones;
        x += n;
    }
}

/// The strip words of a `width` x `height` mask solid on `part`'s texels.
pub fn component_words(part: &Component, width: u32, height: u32) -> PyResult<Vec<u64>> {
    let mut words = words_for(width, height)?;
    words.resize(words.capacity(), 0);
    for run in part.runs() {
        fill_run(&mut words, height as usize, run.x, run.x + run.w, run.y);
    }
    Ok(words)
}
