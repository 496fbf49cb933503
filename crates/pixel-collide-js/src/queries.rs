//! The queries between two sprites, and of one sprite against a point, a ray, a rectangle or a
//! circle, each sprite given as a mask, its matrix written by the package into the exchange buffer
//! (`io.rs`: the first sprite's at 0, the second's at 6). A query with more than a yes, a no or a
//! number to say writes its answer into the buffer in the layout written on it and says whether it
//! found one; `results.js` turns each layout into an object.

use pixel_collide::{Circle, Rect, Sprite};
use wasm_bindgen::prelude::*;

use crate::io;
use crate::mask::Mask;
use crate::matrix::{length, placement, point};

/// The sprite of `mask` at the exchange buffer's `k`th matrix, checked and named `what`.
fn placed<'m>(mask: &'m Mask, k: usize, what: &str) -> Result<Sprite<'m>, JsValue> {
    Ok(Sprite::new(&mask.inner, placement(&io::matrix(k), what)?))
}

/// The two sprites of a pair, their matrices checked.
fn pair<'m>(ma: &'m Mask, mb: &'m Mask) -> Result<(Sprite<'m>, Sprite<'m>), JsValue> {
    Ok((placed(ma, 0, "matrixA")?, placed(mb, 1, "matrixB")?))
}

/// Writes `answer`, when there is one, for the package to read; says whether there was.
fn found<const N: usize>(answer: Option<[f32; N]>) -> bool {
    answer.map(|values| io::answer(&values)).is_some()
}

/// Whether the two sprites share a solid texel.
#[wasm_bindgen]
pub fn overlaps(ma: &Mask, mb: &Mask) -> Result<bool, JsValue> {
    let (sa, sb) = pair(ma, mb)?;
    Ok(pixel_collide::overlaps(sa, sb))
}

/// `[x, y, nx, ny, depth]`: a point inside a solid texel of both, the unit normal from the first
/// towards the second, and the overlap along it; false when they do not touch.
#[wasm_bindgen]
pub fn collide(ma: &Mask, mb: &Mask) -> Result<bool, JsValue> {
    let (sa, sb) = pair(ma, mb)?;
    Ok(found(pixel_collide::collide(sa, sb).map(|c| {
        [c.point.x, c.point.y, c.normal.x, c.normal.y, c.depth]
    })))
}

/// `[dx, dy, nx, ny, budgetRanOut]`: the shortest move of the first sprite out of the second, the
/// pair's normal and 1 when the search ran out of its work budget (else 0); false when they do not
/// overlap.
#[wasm_bindgen(js_name = pushOut)]
pub fn push_out(ma: &Mask, mb: &Mask) -> Result<bool, JsValue> {
    let (sa, sb) = pair(ma, mb)?;
    Ok(found(pixel_collide::push_out(sa, sb).map(|p| {
        let ran_out = f32::from(u8::from(p.budget_ran_out));
        [p.offset.x, p.offset.y, p.normal.x, p.normal.y, ran_out]
    })))
}

/// `[distance, ax, ay, bx, by, lowerBound, budgetRanOut]`: how far apart the solid texels are, the
/// closest point on each, the bound no pair lies closer than and 1 when the search ran out of its
/// work budget (else 0); false when either has no solid texel.
#[wasm_bindgen]
pub fn distance(ma: &Mask, mb: &Mask) -> Result<bool, JsValue> {
    let (sa, sb) = pair(ma, mb)?;
    Ok(found(pixel_collide::distance(sa, sb).map(|d| {
        let ran_out = f32::from(u8::from(d.budget_ran_out));
        [
            d.distance,
            d.on_a.x,
            d.on_a.y,
            d.on_b.x,
            d.on_b.y,
            d.lower_bound,
            ran_out,
        ]
    })))
}

/// The world area the two sprites' solid texels share.
#[wasm_bindgen(js_name = overlapArea)]
pub fn overlap_area(ma: &Mask, mb: &Mask) -> Result<f32, JsValue> {
    let (sa, sb) = pair(ma, mb)?;
    Ok(pixel_collide::overlap_area(sa, sb))
}

/// `[x, y, nx, ny, distance]`: where a ray from `(ox, oy)` along `(dx, dy)` first enters a solid
/// texel within `max_distance`, the surface normal there and the distance; false for none.
#[wasm_bindgen]
pub fn raycast(
    mask: &Mask,
    ox: f32,
    oy: f32,
    dx: f32,
    dy: f32,
    max_distance: f32,
) -> Result<bool, JsValue> {
    let sprite = placed(mask, 0, "matrix")?;
    let origin = point(ox, oy, "origin")?;
    let direction = point(dx, dy, "direction")?;
    if max_distance.is_nan() || max_distance < 0.0 {
        return Err(crate::errors::range_error(&format!(
            "maxDistance is {max_distance}, not a number of at least 0"
        )));
    }
    Ok(found(sprite.raycast(origin, direction, max_distance).map(
        |h| [h.point.x, h.point.y, h.normal.x, h.normal.y, h.distance],
    )))
}

/// Whether world point `(x, y)` lies inside a solid texel.
#[wasm_bindgen(js_name = containsPoint)]
pub fn contains_point(mask: &Mask, x: f32, y: f32) -> Result<bool, JsValue> {
    let sprite = placed(mask, 0, "matrix")?;
    Ok(sprite.contains_point(point(x, y, "point")?))
}

/// Whether the axis-aligned rectangle at `(x, y)`, `w` x `h`, overlaps a solid texel.
#[wasm_bindgen(js_name = touchesRect)]
pub fn touches_rect(mask: &Mask, x: f32, y: f32, w: f32, h: f32) -> Result<bool, JsValue> {
    let sprite = placed(mask, 0, "matrix")?;
    let min = point(x, y, "rect")?;
    let size = point(
        length(w, "rect width")?,
        length(h, "rect height")?,
        "rect size",
    )?;
    Ok(sprite.touches_rect(Rect::new(min, min + size)))
}

/// Whether the circle about `(x, y)` of radius `r` overlaps a solid texel.
#[wasm_bindgen(js_name = touchesCircle)]
pub fn touches_circle(mask: &Mask, x: f32, y: f32, r: f32) -> Result<bool, JsValue> {
    let sprite = placed(mask, 0, "matrix")?;
    Ok(sprite.touches_circle(Circle::new(point(x, y, "center")?, length(r, "radius")?)))
}

/// `[minX, minY, maxX, maxY]`: the world rectangle around the sprite's texels.
#[wasm_bindgen]
pub fn bounds(mask: &Mask) -> Result<(), JsValue> {
    let b = placed(mask, 0, "matrix")?.bounds();
    io::answer(&[b.min.x, b.min.y, b.max.x, b.max.y]);
    Ok(())
}
