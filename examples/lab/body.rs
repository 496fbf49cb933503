//! The lab's two sprites: the letters F and R (or PNGs from the command line), each with its mask,
//! its placement and the texture drawn for it.

use std::path::PathBuf;

use ::glam::{Affine2, Vec2};
use image::{Rgba, RgbaImage};
use macroquad::prelude::*;
use spinfall::collision::{sprite_transform, Mask, MaskRule, Sprite};

use crate::draw;
use crate::overlay::BRUSH_RADIUS;
use crate::reference::RefImage;

/// 5 x 7 glyphs, drawn 8 texels to a dot so that the letters' orientation is plain at any angle.
pub const GLYPH_F: [&str; 7] = [
    "11111", "10000", "10000", "11110", "10000", "10000", "10000",
];
pub const GLYPH_R: [&str; 7] = [
    "11110", "10001", "10001", "11110", "10100", "10010", "10001",
];
/// The letters' colours; the CI check looks for exactly these in a screenshot.
pub const F_COLOUR: [u8; 4] = [30, 64, 200, 255];
pub const R_COLOUR: [u8; 4] = [20, 130, 70, 255];

pub fn letter(glyph: &[&str; 7], colour: [u8; 4]) -> RgbaImage {
    RgbaImage::from_fn(40, 56, |x, y| {
        let on = glyph[(y / 8) as usize].as_bytes()[(x / 8) as usize] == b'1';
        Rgba(if on { colour } else { [0, 0, 0, 0] })
    })
}

pub fn load(path: &PathBuf) -> Result<RgbaImage, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("{}: cannot read ({e})", path.display()))?;
    let img = image::load_from_memory(&bytes)
        .map_err(|e| format!("{}: not a readable image ({e})", path.display()))?;
    Ok(img.to_rgba8())
}

/// One sprite of the lab with its placement.
pub struct Body {
    pub name: &'static str,
    pub image: RgbaImage,
    pub rule: MaskRule,
    pub mask: Mask,
    pub pixels: RefImage,
    pub texture: Texture2D,
    pub position: Vec2,
    pub rotation: f32,
    pub scale: Vec2,
    pub origin: Vec2,
    pub start: (Vec2, Vec2),
    /// The image and mask before any brush stroke, for Backspace.
    pub original: (RgbaImage, Mask),
    pub painted: bool,
}

impl Body {
    pub fn new(
        name: &'static str,
        image: RgbaImage,
        rule: MaskRule,
        position: Vec2,
    ) -> Result<Self, String> {
        let mask = Mask::from_rgba(image.width(), image.height(), image.as_raw(), rule)
            .map_err(|e| format!("{name}: {e}"))?;
        let original = image.clone();
        let texture =
            Texture2D::from_rgba8(image.width() as u16, image.height() as u16, image.as_raw());
        texture.set_filter(FilterMode::Nearest);
        let origin = Vec2::new(image.width() as f32, image.height() as f32) / 2.0;
        Ok(Body {
            name,
            pixels: RefImage::from_rgba(&image),
            image,
            rule,
            original: (original, mask.clone()),
            mask,
            texture,
            position,
            rotation: 0.0,
            scale: Vec2::splat(3.0),
            origin,
            start: (position, origin),
            painted: false,
        })
    }

    pub fn transform(&self) -> Affine2 {
        sprite_transform(self.position, self.rotation, self.scale, self.origin)
    }

    pub fn sprite(&self) -> Sprite<'_> {
        Sprite::new(&self.mask, self.transform())
    }

    pub fn size(&self) -> Vec2 {
        Vec2::new(self.image.width() as f32, self.image.height() as f32)
    }

    /// Puts the origin at the local point under `world`, moving the position with it so that the
    /// sprite stays where it is on screen.
    pub fn pivot_at(&mut self, world: Vec2) {
        let local = self.transform().inverse().transform_point2(world);
        if local.is_finite() {
            self.origin = local;
            self.position = world;
        }
    }

    /// Paints (or erases) a brush stroke at world point `world`: a circle of `BRUSH_RADIUS` texels
    /// in the mask, then the same texels in the image, its texture and the timing reference, so that
    /// what is drawn and what collides stay one picture.
    pub fn paint(&mut self, world: Vec2, solid: bool, colour: [u8; 4]) {
        let inverse = self.transform().inverse();
        let centre = inverse.transform_point2(world);
        if !centre.is_finite() {
            return;
        }
        self.mask.fill_circle(centre, BRUSH_RADIUS, solid);
        let (w, h) = (self.image.width(), self.image.height());
        let Some([x0, y0, x1, y1]) = draw::brush_rect(centre, BRUSH_RADIUS, w, h) else {
            return;
        };
        let mut bytes = Vec::with_capacity(((x1 - x0) * (y1 - y0) * 4) as usize);
        for y in y0..y1 {
            for x in x0..x1 {
                let px = self.image.get_pixel_mut(x, y);
                let solid_now = self.mask.is_solid(x, y);
                // A texel that was solid keeps its own colour; a painted one takes the brush's.
                if !solid_now {
                    *px = Rgba([0, 0, 0, 0]);
                } else if !self.rule.is_solid(px.0) {
                    *px = Rgba(colour);
                }
                bytes.extend_from_slice(&px.0);
            }
        }
        let part = Image {
            bytes,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
        };
        self.texture.update_part(
            &part,
            x0 as i32,
            y0 as i32,
            (x1 - x0) as i32,
            (y1 - y0) as i32,
        );
        self.pixels = RefImage::from_rgba(&self.image);
        self.painted = true;
    }

    pub fn reset(&mut self) {
        (self.position, self.origin) = self.start;
        self.rotation = 0.0;
        self.scale = Vec2::splat(3.0);
        if self.painted {
            (self.image, self.mask) = self.original.clone();
            self.texture.update_from_bytes(
                self.image.width(),
                self.image.height(),
                self.image.as_raw(),
            );
            self.pixels = RefImage::from_rgba(&self.image);
            self.painted = false;
        }
    }
}
