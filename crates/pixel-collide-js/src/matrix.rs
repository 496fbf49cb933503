//! A sprite's placement as the web gives it: the six numbers `a, b, c, d, e, f` of a 2D matrix
//! (`DOMMatrix`, Phaser's and PixiJS's), mapping a texel point `(x, y)` to
//! `(a x + c y + e, b x + d y + f)` in y-down screen coordinates.

use pixel_collide::glam::{Affine2, Vec2};
use wasm_bindgen::JsValue;

use crate::errors::range_error;

/// `m` (six finite numbers) as the crate's transform, or a `RangeError` naming `what`.
pub fn placement(m: &[f32], what: &str) -> Result<Affine2, JsValue> {
    let [a, b, c, d, e, f] = <[f32; 6]>::try_from(m).map_err(|_| {
        range_error(&format!(
            "{what} must hold the six numbers a, b, c, d, e, f of a 2D matrix, not {}",
            m.len()
        ))
    })?;
    if let Some(i) = m.iter().position(|v| !v.is_finite()) {
        return Err(range_error(&format!(
            "{what}[{i}] is {}, not a finite number",
            m[i]
        )));
    }
    Ok(Affine2::from_cols_array(&[a, b, c, d, e, f]))
}

/// A finite point, or a `RangeError` naming `what`.
pub fn point(x: f32, y: f32, what: &str) -> Result<Vec2, JsValue> {
    if x.is_finite() && y.is_finite() {
        Ok(Vec2::new(x, y))
    } else {
        Err(range_error(&format!(
            "{what} ({x}, {y}) is not a finite point"
        )))
    }
}

/// A finite number at least 0, or a `RangeError` naming `what`.
pub fn length(v: f32, what: &str) -> Result<f32, JsValue> {
    if v.is_finite() && v >= 0.0 {
        Ok(v)
    } else {
        Err(range_error(&format!(
            "{what} is {v}, not a finite number of at least 0"
        )))
    }
}
