//! Connected components as pygame gives them: in its order, each as the words of a mask of the
//! whole mask's size.

use pixel_collide::{Component, Mask};
use pyo3::prelude::*;

use crate::room::filled;

/// The 8-connected components of at least `minimum` texels in pygame's order: by their first
/// texel in row order.
pub fn in_scan_order(mask: &Mask, minimum: u64) -> Vec<Component> {
    let mut parts = mask.components(minimum);
    parts.sort_by_key(|c| c.runs().map(|r| (r.y, r.x)).min());
    parts
}

/// A `width` x `height` mask solid on `part`'s texels (a component of a mask of that size).
pub fn component_mask(part: &Component, width: u32, height: u32) -> PyResult<Mask> {
    let mut out = filled(width, height, false)?;
    let b = part.bounds();
    // Bounds within a mask of at most 2^23 texels a side fit an `i32`.
    out.draw_at(&part.to_mask(), (b.x as i32, b.y as i32));
    Ok(out)
}
