//! What the plugin's test binaries share: RGBA images built texel by texel.

// Each test binary uses part of this module.
#![allow(dead_code)]

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use wgpu_types::{Extent3d, TextureDimension, TextureFormat};

/// A `w` x `h` RGBA image whose texel (x, y) (y down, as in the file) has alpha `alpha(x, y)`.
pub fn image(w: u32, h: u32, alpha: impl Fn(u32, u32) -> u8) -> Image {
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            data.extend_from_slice(&[255, 255, 255, alpha(x, y)]);
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// A `w` x `h` RGBA image whose texel (x, y) (y down) is opaque where `solid(x, y)`, clear elsewhere.
pub fn opaque_where(w: u32, h: u32, solid: impl Fn(u32, u32) -> bool) -> Image {
    image(w, h, |x, y| if solid(x, y) { 255 } else { 0 })
}
