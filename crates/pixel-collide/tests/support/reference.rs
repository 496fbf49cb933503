//! The tutorial's optimised per-pixel loop, ported faithfully: the yardstick for correctness of easy
//! cases and for speed. Not part of the library: it samples A's texel corners in one direction only, so
//! it is neither symmetric nor safe for thin features.

use glam::{Affine2, Vec2};

/// An image as the tutorial keeps it: a flat array of RGBA colours.
pub struct RefImage {
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Row-major RGBA pixels.
    pub pixels: Vec<[u8; 4]>,
}

impl RefImage {
    /// Copies an RGBA image.
    pub fn from_rgba(image: &image::RgbaImage) -> Self {
        Self {
            width: image.width() as i32,
            height: image.height() as i32,
            pixels: image.pixels().map(|p| p.0).collect(),
        }
    }
}

/// True when some pixel of A, mapped into B and rounded to the nearest pixel, is non-transparent in both.
///
/// `transform_a` and `transform_b` map each image's pixel space to the world. The tutorial's XNA
/// `transformA * Matrix.Invert(transformB)` is written here in glam's column convention.
pub fn intersect_pixels(
    transform_a: Affine2,
    a: &RefImage,
    transform_b: Affine2,
    b: &RefImage,
) -> bool {
    let a_to_b = transform_b.inverse() * transform_a;
    let step_x = a_to_b.transform_vector2(Vec2::X);
    let step_y = a_to_b.transform_vector2(Vec2::Y);
    let mut y_pos_in_b = a_to_b.transform_point2(Vec2::ZERO);
    for y_a in 0..a.height {
        let mut pos_in_b = y_pos_in_b;
        for x_a in 0..a.width {
            // C#'s Math.Round rounds halves to even.
            let x_b = pos_in_b.x.round_ties_even() as i32;
            let y_b = pos_in_b.y.round_ties_even() as i32;
            if 0 <= x_b && x_b < b.width && 0 <= y_b && y_b < b.height {
                let color_a = a.pixels[(x_a + y_a * a.width) as usize];
                let color_b = b.pixels[(x_b + y_b * b.width) as usize];
                if color_a[3] != 0 && color_b[3] != 0 {
                    return true;
                }
            }
            pos_in_b += step_x;
        }
        y_pos_in_b += step_y;
    }
    false
}
