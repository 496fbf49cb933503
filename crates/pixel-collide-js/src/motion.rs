//! When two sprites first touch over a step, each moving from one matrix to another: the crate's
//! `Motion::between` about the mask's centre, which takes the turn the short way round.

use pixel_collide::glam::Vec2;
use pixel_collide::Motion;
use wasm_bindgen::prelude::*;

use crate::errors::range_error;
use crate::io;
use crate::mask::Mask;
use crate::matrix::placement;

/// The motion of `m` from matrix `from` to matrix `to`, about the mask's centre, turning the short
/// way round; a `RangeError` naming the matrix that is not finite or shears.
fn motion<'m>(
    m: &'m pixel_collide::Mask,
    from: [f32; 6],
    to: [f32; 6],
    names: [&str; 2],
) -> Result<Motion<'m>, JsValue> {
    let pivot = Vec2::new(m.width() as f32, m.height() as f32) / 2.0;
    let (start, end) = (placement(&from, names[0])?, placement(&to, names[1])?);
    Motion::between(m, &start, &end, pivot).ok_or_else(|| {
        // Both are finite (`placement` checked), so the one that has no motion of its own shears.
        let still = |t| Motion::between(m, t, t, pivot).is_some();
        let which = if still(&start) { names[1] } else { names[0] };
        range_error(&format!(
            "{which} shears (its columns are not at right angles): a motion turns and scales only"
        ))
    })
}

/// `[time, contactTime, x, y]`: the first time in the step (0 to 1) at which sprite A, moving from
/// the exchange buffer's first matrix to its second, and sprite B, from its third to its fourth,
/// touch on solid texels, the time they are found touching and a world point inside both then;
/// false when they never touch.
#[wasm_bindgen(js_name = timeOfImpact)]
pub fn time_of_impact(ma: &Mask, mb: &Mask) -> Result<bool, JsValue> {
    let a = motion(&ma.inner, io::matrix(0), io::matrix(1), ["a.matrix", "aTo"])?;
    let b = motion(&mb.inner, io::matrix(2), io::matrix(3), ["b.matrix", "bTo"])?;
    let hit = pixel_collide::time_of_impact(&a, &b);
    if let Some(hit) = &hit {
        io::answer(&[hit.time, hit.contact_time, hit.point.x, hit.point.y]);
    }
    Ok(hit.is_some())
}
