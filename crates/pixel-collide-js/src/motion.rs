//! When two sprites first touch over a step, each moving from one matrix to another. The crate moves
//! a sprite by poses (pivot, turn, scale), as a game moves it between frames; a matrix without shear
//! is such a pose about any pivot, here the mask's centre, and the turn between the two ends is taken
//! the short way round.

use pixel_collide::glam::{Affine2, Vec2};
use pixel_collide::{Motion, Pose};
use std::f32::consts::{PI, TAU};
use wasm_bindgen::prelude::*;

use crate::errors::range_error;
use crate::mask::Mask;
use crate::matrix::placement;

/// The pose that places a mask's texels as `m` does, turning about `pivot` (in texels); a
/// `RangeError` naming `what` when `m` shears, which no turn and scale give.
fn pose(m: Affine2, pivot: Vec2, what: &str) -> Result<Pose, JsValue> {
    let (x, y) = (m.matrix2.x_axis, m.matrix2.y_axis);
    let (sx, sy) = (x.length(), y.length());
    if x.dot(y).abs() > 1e-4 * sx * sy {
        return Err(range_error(&format!(
            "{what} shears (its columns are not at right angles): a motion turns and scales only"
        )));
    }
    let det = m.matrix2.determinant();
    // A matrix with no x column is turned as its y column says; one with neither is a point.
    let (rotation, scale) = if sx > 0.0 {
        (x.y.atan2(x.x), Vec2::new(sx, det / sx))
    } else if sy > 0.0 {
        ((-y.x).atan2(y.y), Vec2::new(0.0, sy))
    } else {
        (0.0, Vec2::ZERO)
    };
    Ok(Pose::new(m.transform_point2(pivot), rotation, scale))
}

/// The motion of `m` from matrix `from` to matrix `to`, about the mask's centre, turning the short
/// way round; a `RangeError` naming the matrix that is not finite or shears.
fn motion<'m>(
    m: &'m pixel_collide::Mask,
    from: &[f32],
    to: &[f32],
    names: [&str; 2],
) -> Result<Motion<'m>, JsValue> {
    let pivot = Vec2::new(m.width() as f32, m.height() as f32) / 2.0;
    let start = pose(placement(from, names[0])?, pivot, names[0])?;
    let mut end = pose(placement(to, names[1])?, pivot, names[1])?;
    let turn = (end.rotation - start.rotation + PI).rem_euclid(TAU) - PI;
    end.rotation = start.rotation + turn;
    Ok(Motion::new(m, start, end, pivot))
}

/// `[time, contactTime, x, y]`: the first time in the step (0 to 1) at which sprite A, moving from
/// `a_from` to `a_to`, and sprite B, from `b_from` to `b_to`, touch on solid texels, the time they
/// are found touching and a world point inside both then; `undefined` when they never touch.
#[wasm_bindgen(js_name = timeOfImpact)]
pub fn time_of_impact(
    ma: &Mask,
    a_from: &[f32],
    a_to: &[f32],
    mb: &Mask,
    b_from: &[f32],
    b_to: &[f32],
) -> Result<Option<Vec<f32>>, JsValue> {
    let a = motion(&ma.inner, a_from, a_to, ["a.matrix", "aTo"])?;
    let b = motion(&mb.inner, b_from, b_to, ["b.matrix", "bTo"])?;
    Ok(pixel_collide::time_of_impact(&a, &b)
        .map(|hit| vec![hit.time, hit.contact_time, hit.point.x, hit.point.y]))
}
