//! `icon-192.png` and `icon-512.png`: the web page's app icons, the spinner on the sky's blue.

use image::{Rgba, RgbaImage};

use super::block::block;
use super::draw::hex;

/// The sky's colour at the top of the background, behind the spinner.
const SKY: Rgba<u8> = hex(0x4E7ADE);

/// A `side` x `side` icon: the spinner scaled up by whole texels (so its pixels stay square) to
/// about two thirds of the side, centred, its transparent texels showing the sky.
pub(super) fn icon(side: u32) -> RgbaImage {
    let art = block();
    let scale = side * 2 / 3 / art.width();
    let margin = (side - art.width() * scale) / 2;
    RgbaImage::from_fn(side, side, |x, y| {
        let (ax, ay) = (
            x.wrapping_sub(margin) / scale,
            y.wrapping_sub(margin) / scale,
        );
        if x < margin || y < margin || ax >= art.width() || ay >= art.height() {
            return SKY;
        }
        let p = *art.get_pixel(ax, ay);
        // The art is solid or clear, texel by texel.
        if p[3] == 0 {
            SKY
        } else {
            p
        }
    })
}
