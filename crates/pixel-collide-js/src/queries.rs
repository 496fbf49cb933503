//! The queries between two sprites, and of one sprite against a point, a ray, a rectangle or a
//! circle, each sprite given as a mask and the six numbers of its matrix. Results come back as
//! `Float32Array`s (or `undefined` for none) in the layouts written on each function, which
//! `results.js` turns into objects, one function per result.

use pixel_collide::{Circle, Rect, Sprite};
use wasm_bindgen::prelude::*;

use crate::mask::Mask;
use crate::matrix::{length, placement, point};

/// The two sprites of a pair, their matrices checked.
fn pair<'m>(
    ma: &'m Mask,
    a: &[f32],
    mb: &'m Mask,
    b: &[f32],
) -> Result<(Sprite<'m>, Sprite<'m>), JsValue> {
    Ok((
        Sprite::new(&ma.inner, placement(a, "matrixA")?),
        Sprite::new(&mb.inner, placement(b, "matrixB")?),
    ))
}

/// Whether the two sprites share a solid texel.
#[wasm_bindgen]
pub fn overlaps(ma: &Mask, a: &[f32], mb: &Mask, b: &[f32]) -> Result<bool, JsValue> {
    let (sa, sb) = pair(ma, a, mb, b)?;
    Ok(pixel_collide::overlaps(sa, sb))
}

/// `[x, y, nx, ny, depth]`: a point inside a solid texel of both, the unit normal from the first
/// towards the second, and the overlap along it; `undefined` when they do not touch.
#[wasm_bindgen]
pub fn collide(ma: &Mask, a: &[f32], mb: &Mask, b: &[f32]) -> Result<Option<Vec<f32>>, JsValue> {
    let (sa, sb) = pair(ma, a, mb, b)?;
    Ok(pixel_collide::collide(sa, sb)
        .map(|c| vec![c.point.x, c.point.y, c.normal.x, c.normal.y, c.depth]))
}

/// `[dx, dy, nx, ny, budgetRanOut]`: the shortest move of the first sprite out of the second, the
/// pair's normal and 1 when the search ran out of its work budget (else 0); `undefined` when they
/// do not overlap.
#[wasm_bindgen(js_name = pushOut)]
pub fn push_out(ma: &Mask, a: &[f32], mb: &Mask, b: &[f32]) -> Result<Option<Vec<f32>>, JsValue> {
    let (sa, sb) = pair(ma, a, mb, b)?;
    Ok(pixel_collide::push_out(sa, sb).map(|p| {
        let ran_out = f32::from(u8::from(p.budget_ran_out));
        vec![p.offset.x, p.offset.y, p.normal.x, p.normal.y, ran_out]
    }))
}

/// `[distance, ax, ay, bx, by, lowerBound, budgetRanOut]`: how far apart the solid texels are, the
/// closest point on each, the bound no pair lies closer than and 1 when the search ran out of its
/// work budget (else 0); `undefined` when either has no solid texel.
#[wasm_bindgen]
pub fn distance(ma: &Mask, a: &[f32], mb: &Mask, b: &[f32]) -> Result<Option<Vec<f32>>, JsValue> {
    let (sa, sb) = pair(ma, a, mb, b)?;
    Ok(pixel_collide::distance(sa, sb).map(|d| {
        let ran_out = f32::from(u8::from(d.budget_ran_out));
        vec![
            d.distance,
            d.on_a.x,
            d.on_a.y,
            d.on_b.x,
            d.on_b.y,
            d.lower_bound,
            ran_out,
        ]
    }))
}

/// The world area the two sprites' solid texels share.
#[wasm_bindgen(js_name = overlapArea)]
pub fn overlap_area(ma: &Mask, a: &[f32], mb: &Mask, b: &[f32]) -> Result<f32, JsValue> {
    let (sa, sb) = pair(ma, a, mb, b)?;
    Ok(pixel_collide::overlap_area(sa, sb))
}

/// `[x, y, nx, ny, distance]`: where a ray from `(ox, oy)` along `(dx, dy)` first enters a solid
/// texel within `max_distance`, the surface normal there and the distance; `undefined` for none.
#[wasm_bindgen]
// Numbers cross into WebAssembly as they are; an object or an array would be copied on each call.
#[allow(clippy::too_many_arguments)]
pub fn raycast(
    mask: &Mask,
    m: &[f32],
    ox: f32,
    oy: f32,
    dx: f32,
    dy: f32,
    max_distance: f32,
) -> Result<Option<Vec<f32>>, JsValue> {
    let sprite = Sprite::new(&mask.inner, placement(m, "matrix")?);
    let origin = point(ox, oy, "origin")?;
    let direction = point(dx, dy, "direction")?;
    if max_distance.is_nan() || max_distance < 0.0 {
        return Err(crate::errors::range_error(&format!(
            "maxDistance is {max_distance}, not a number of at least 0"
        )));
    }
    Ok(sprite
        .raycast(origin, direction, max_distance)
        .map(|h| vec![h.point.x, h.point.y, h.normal.x, h.normal.y, h.distance]))
}

/// Whether world point `(x, y)` lies inside a solid texel.
#[wasm_bindgen(js_name = containsPoint)]
pub fn contains_point(mask: &Mask, m: &[f32], x: f32, y: f32) -> Result<bool, JsValue> {
    let sprite = Sprite::new(&mask.inner, placement(m, "matrix")?);
    Ok(sprite.contains_point(point(x, y, "point")?))
}

/// Whether the axis-aligned rectangle at `(x, y)`, `w` x `h`, overlaps a solid texel.
#[wasm_bindgen(js_name = touchesRect)]
pub fn touches_rect(
    mask: &Mask,
    m: &[f32],
    x: f32,
    y: f32,
    w: f32,
    h: f32,
) -> Result<bool, JsValue> {
    let sprite = Sprite::new(&mask.inner, placement(m, "matrix")?);
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
pub fn touches_circle(mask: &Mask, m: &[f32], x: f32, y: f32, r: f32) -> Result<bool, JsValue> {
    let sprite = Sprite::new(&mask.inner, placement(m, "matrix")?);
    Ok(sprite.touches_circle(Circle::new(point(x, y, "center")?, length(r, "radius")?)))
}

/// `[minX, minY, maxX, maxY]`: the world rectangle around the sprite's texels.
#[wasm_bindgen]
pub fn bounds(mask: &Mask, m: &[f32]) -> Result<Vec<f32>, JsValue> {
    let b = Sprite::new(&mask.inner, placement(m, "matrix")?).bounds();
    Ok(vec![b.min.x, b.min.y, b.max.x, b.max.y])
}
