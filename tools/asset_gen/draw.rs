//! Pixel helpers shared by every sprite: colours, blending and character-map painting.

use image::{Rgba, RgbaImage};

pub(super) const CLEAR: Rgba<u8> = Rgba([0, 0, 0, 0]);

pub(super) const fn hex(rgb: u32) -> Rgba<u8> {
    Rgba([(rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8, 255])
}

/// Blends the colour channels of `a` towards `b`; alpha is taken from `a`.
pub(super) fn mix(a: Rgba<u8>, b: Rgba<u8>, t: f64) -> Rgba<u8> {
    let t = t.clamp(0.0, 1.0);
    let channel =
        |i: usize| (f64::from(a[i]) + (f64::from(b[i]) - f64::from(a[i])) * t).round() as u8;
    Rgba([channel(0), channel(1), channel(2), a[3]])
}

/// Paints a character map, one string per row, with its top-left corner at `(left, top)`; `'.'`
/// leaves a pixel untouched, so the maps stay aligned as pictures in the source.
pub(super) fn paint_map(
    image: &mut RgbaImage,
    left: u32,
    top: u32,
    rows: &[&str],
    colour: impl Fn(char) -> Rgba<u8>,
) {
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c != '.' {
                image.put_pixel(left + x as u32, top + y as u32, colour(c));
            }
        }
    }
}
