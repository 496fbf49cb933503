//! The one place where Bevy's math and image types meet pixel-collide's.
//!
//! Vectors and transforms need no conversion (pixel-collide speaks Bevy's glam); rectangles are two
//! types with the same corners, and masks are built from an image's raw texel bytes, never through an
//! `image` crate type.

use bevy::color::ColorToPacked;
use bevy::image::{Image, TextureFormatPixelInfo};
use bevy::math::URect;
use pixel_collide::{Mask, MaskRule};
use wgpu_types::TextureFormat;

/// A Bevy rectangle as pixel-collide's (both are min and max corners).
pub(crate) fn rect_to_pc(r: bevy::math::Rect) -> pixel_collide::Rect {
    pixel_collide::Rect::new(r.min, r.max)
}

/// A pixel-collide rectangle as Bevy's.
pub(crate) fn rect_from_pc(r: pixel_collide::Rect) -> bevy::math::Rect {
    bevy::math::Rect {
        min: r.min,
        max: r.max,
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
