//! The one place where Bevy's math and image types meet pixel-collide's.
//!
//! Bevy 0.19 is built on glam 0.32 and pixel-collide on glam 0.27, so values cross by their `f32`
//! components; masks are built from an image's raw texel bytes, never through an `image` crate type.
//! When pixel-collide gains its own conversions this file is the only one to change.

use bevy::color::ColorToPacked;
use bevy::image::{Image, TextureFormatPixelInfo};
use bevy::math::{Affine2, URect, Vec2};
use pixel_collide::{Mask, MaskRule};
use wgpu_types::TextureFormat;

/// A Bevy vector as pixel-collide's.
pub(crate) fn vec_to_pc(v: Vec2) -> glam027::Vec2 {
    glam027::Vec2::new(v.x, v.y)
}

/// A pixel-collide vector as Bevy's.
pub(crate) fn vec_from_pc(v: glam027::Vec2) -> Vec2 {
    Vec2::new(v.x, v.y)
}

/// A Bevy 2D affine transform as pixel-collide's: the same matrix, column by column.
pub(crate) fn affine_to_pc(a: Affine2) -> glam027::Affine2 {
    glam027::Affine2::from_cols_array(&a.to_cols_array())
}

/// A Bevy rectangle as pixel-collide's (both are min and max corners).
pub(crate) fn rect_to_pc(r: bevy::math::Rect) -> pixel_collide::Rect {
    pixel_collide::Rect::new(vec_to_pc(r.min), vec_to_pc(r.max))
}

/// A pixel-collide rectangle as Bevy's.
pub(crate) fn rect_from_pc(r: pixel_collide::Rect) -> bevy::math::Rect {
    bevy::math::Rect {
        min: vec_from_pc(r.min),
        max: vec_from_pc(r.max),
    }
}

/// The mask of the texels of `image` inside `region` that `rule` calls solid, texel (0, 0) being the
/// region's top-left; `None` when the image holds no CPU-side data, the region is empty or lies outside
/// the image, or the format carries no readable alpha.
pub(crate) fn mask_from_image(image: &Image, region: URect, rule: MaskRule) -> Option<Mask> {
    let size = image.size();
    let region = region.intersect(URect::new(0, 0, size.x, size.y));
    if region.is_empty() {
        return None;
    }
    let data = image.data.as_deref()?;
    let format = image.texture_descriptor.format;
    let (w, h) = (region.width(), region.height());
    // The common case, 8-bit RGBA or BGRA as the PNG loader and `Image::new_fill` give it, reads the
    // bytes in place; every other format goes through Bevy's per-texel colour reader.
    let fast = match format {
        TextureFormat::Rgba8Unorm | TextureFormat::Rgba8UnormSrgb => Some(false),
        TextureFormat::Bgra8Unorm | TextureFormat::Bgra8UnormSrgb => Some(true),
        _ => None,
    };
    if let Some(bgra) = fast {
        let stride = size.x as usize * format.pixel_size().ok()?;
        if data.len() < stride * size.y as usize {
            return None;
        }
        return Mask::from_fn(w, h, |x, y| {
            let at = (region.min.y + y) as usize * stride + (region.min.x + x) as usize * 4;
            let t = &data[at..at + 4];
            let rgba = if bgra {
                [t[2], t[1], t[0], t[3]]
            } else {
                [t[0], t[1], t[2], t[3]]
            };
            rule.is_solid(rgba)
        })
        .ok();
    }
    // Probe once so that an unreadable format gives no mask rather than an all-air one.
    image.get_color_at(region.min.x, region.min.y).ok()?;
    Mask::from_fn(w, h, |x, y| {
        image
            .get_color_at(region.min.x + x, region.min.y + y)
            .map(|c| rule.is_solid(c.to_srgba().to_u8_array()))
            .unwrap_or(false)
    })
    .ok()
}
