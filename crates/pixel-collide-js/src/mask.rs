//! `Mask`: which texels of an image are solid, kept in WebAssembly memory, built once from RGBA
//! bytes (the package reads `ImageData`, images and canvases into them).

use pixel_collide::MaskRule;
use wasm_bindgen::prelude::*;

use crate::errors::range_error;

/// Which texels of a `width` x `height` image are solid, one bit each.
#[wasm_bindgen]
pub struct Mask {
    pub(crate) inner: pixel_collide::Mask,
}

#[wasm_bindgen]
impl Mask {
    /// A mask from `width * height` RGBA pixels, four bytes each, row by row from the top left (an
    /// `ImageData`'s `data`), a texel solid when its alpha is above `threshold` (0 to 255).
    #[wasm_bindgen(js_name = fromRgba)]
    pub fn from_rgba(
        data: &[u8],
        width: u32,
        height: u32,
        threshold: u32,
    ) -> Result<Mask, JsValue> {
        let threshold = u8::try_from(threshold)
            .map_err(|_| range_error(&format!("threshold {threshold} is outside 0 to 255")))?;
        check_size(width, height)?;
        let needed = u64::from(width) * u64::from(height) * 4;
        if data.len() as u64 != needed {
            return Err(range_error(&format!(
                "data holds {} bytes where a {width} x {height} RGBA image has {needed}",
                data.len()
            )));
        }
        pixel_collide::Mask::from_rgba(width, height, data, MaskRule::alpha(threshold))
            .map(|inner| Mask { inner })
            .map_err(|e| range_error(&e.to_string()))
    }

    /// A `width` x `height` mask with every texel `solid`.
    pub fn filled(width: u32, height: u32, solid: bool) -> Result<Mask, JsValue> {
        check_size(width, height)?;
        pixel_collide::Mask::from_fn(width, height, |_, _| solid)
            .map(|inner| Mask { inner })
            .map_err(|e| range_error(&e.to_string()))
    }

    /// The width in texels.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.width()
    }

    /// The height in texels.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.inner.height()
    }

    /// How many texels are solid.
    #[wasm_bindgen(getter, js_name = solidCount)]
    pub fn solid_count(&self) -> f64 {
        self.inner.solid_count() as f64
    }

    /// Whether texel `(x, y)` is solid (any coordinates: outside the mask is air).
    #[wasm_bindgen(js_name = isSolid)]
    pub fn is_solid(&self, x: i32, y: i32) -> bool {
        self.inner.is_solid(i64::from(x), i64::from(y))
    }

    /// Makes texel `(x, y)` solid or air; a `RangeError` outside the mask.
    pub fn set(&mut self, x: i32, y: i32, solid: bool) -> Result<(), JsValue> {
        let (w, h) = (self.inner.width(), self.inner.height());
        match (u32::try_from(x), u32::try_from(y)) {
            (Ok(tx), Ok(ty)) if tx < w && ty < h => {
                self.inner.set(tx, ty, solid);
                Ok(())
            }
            _ => Err(range_error(&format!(
                "texel ({x}, {y}) is outside the {w} x {h} mask"
            ))),
        }
    }
}

/// A `RangeError` unless the crate builds masks of this size.
fn check_size(width: u32, height: u32) -> Result<(), JsValue> {
    if width == 0 || height == 0 {
        return Err(range_error(&format!(
            "a {width} x {height} image has no pixels: a mask needs at least one"
        )));
    }
    let texels = u64::from(width) * u64::from(height);
    if width > pixel_collide::Mask::MAX_SIDE || texels > pixel_collide::Mask::MAX_TEXELS {
        return Err(range_error(&format!(
            "a {width} x {height} mask is over the {} texels a side and {} in all allowed",
            pixel_collide::Mask::MAX_SIDE,
            pixel_collide::Mask::MAX_TEXELS
        )));
    }
    Ok(())
}
