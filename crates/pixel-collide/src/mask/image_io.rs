//! Masks from images: decoded RGBA, hot-spot images, atlas rectangles, encoded bytes and files.

use std::path::Path;

use image::RgbaImage;

use super::error::MaskError;
use super::rect::PixelRect;
use super::rule::MaskRule;
use super::texels::Mask;

impl Mask {
    /// The mask drawn as an image of its size: `solid` where a texel is solid, `air` elsewhere
    /// (pygame's `to_surface`), for showing a mask or saving it as a PNG.
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskRule};
    /// let m = Mask::from_fn(3, 2, |x, y| x == y).unwrap();
    /// let image = m.to_image([255, 255, 255, 255], [0, 0, 0, 0]);
    /// assert_eq!(image.get_pixel(1, 1).0, [255, 255, 255, 255]);
    /// assert_eq!(Mask::from_image(&image, MaskRule::default()).unwrap(), m);
    /// ```
    pub fn to_image(&self, solid: [u8; 4], air: [u8; 4]) -> RgbaImage {
        RgbaImage::from_fn(self.width(), self.height(), |x, y| {
            image::Rgba(if self.is_solid(i64::from(x), i64::from(y)) {
                solid
            } else {
                air
            })
        })
    }

    /// Builds a mask from an RGBA image under `rule`.
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskRule};
    /// let image = image::RgbaImage::from_fn(4, 1, |x, _| image::Rgba([0, 0, 0, [0, 10, 30, 255][x as usize]]));
    /// assert_eq!(Mask::from_image(&image, MaskRule::default()).unwrap().solid_count(), 3);
    /// assert_eq!(Mask::from_image(&image, MaskRule::alpha(20)).unwrap().solid_count(), 2);
    /// ```
    pub fn from_image(image: &RgbaImage, rule: MaskRule) -> Result<Mask, MaskError> {
        Self::from_rgba(image.width(), image.height(), image.as_raw(), rule)
    }

    /// Builds a mask from a separate hot-spot image that decides collision for a drawn image of the
    /// same size (usually with [`MaskRule::magenta_key`]).
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskRule};
    /// let drawn = image::RgbaImage::from_pixel(2, 1, image::Rgba([9, 9, 9, 255]));
    /// let hot = image::RgbaImage::from_fn(2, 1, |x, _| if x == 0 { image::Rgba([255, 0, 255, 255]) } else { image::Rgba([0, 0, 0, 255]) });
    /// let m = Mask::from_hotspot(&drawn, &hot, MaskRule::magenta_key()).unwrap();
    /// assert!(!m.is_solid(0, 0) && m.is_solid(1, 0));
    /// ```
    pub fn from_hotspot(
        drawn: &RgbaImage,
        hot: &RgbaImage,
        rule: MaskRule,
    ) -> Result<Mask, MaskError> {
        if drawn.dimensions() != hot.dimensions() {
            return Err(MaskError::SizeMismatch {
                drawn: drawn.dimensions(),
                hot: hot.dimensions(),
            });
        }
        Self::from_image(hot, rule)
    }

    /// Builds a mask from the sub-rectangle `rect` of an atlas (a sprite sheet or animation strip).
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskRule, PixelRect};
    /// let sheet = image::RgbaImage::from_fn(8, 4, |x, _| image::Rgba([0, 0, 0, if x >= 4 { 255 } else { 0 }]));
    /// let frame = Mask::from_atlas(&sheet, PixelRect::new(4, 0, 4, 4), MaskRule::default()).unwrap();
    /// assert_eq!(frame.solid_count(), 16);
    /// ```
    pub fn from_atlas(
        atlas: &RgbaImage,
        rect: PixelRect,
        rule: MaskRule,
    ) -> Result<Mask, MaskError> {
        let (w, h) = atlas.dimensions();
        let fits = u64::from(rect.x) + u64::from(rect.w) <= u64::from(w)
            && u64::from(rect.y) + u64::from(rect.h) <= u64::from(h);
        if !fits {
            return Err(MaskError::RectOutside {
                rect,
                image: (w, h),
            });
        }
        if rect.w == 0 || rect.h == 0 {
            return Err(MaskError::EmptyRect { rect });
        }
        Self::from_fn(rect.w, rect.h, |x, y| {
            rule.is_solid(atlas.get_pixel(rect.x + x, rect.y + y).0)
        })
    }

    /// Decodes an encoded image (PNG) and builds its mask under `rule`.
    ///
    /// An image wider or taller than [`Mask::MAX_IMAGE_SIDE`] is refused from its header, before any
    /// texel is decoded, and the decoder's own allocation is capped, so a small file that claims a
    /// huge image costs nothing.
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskRule};
    /// let mut png = std::io::Cursor::new(Vec::new());
    /// image::RgbaImage::from_pixel(3, 2, image::Rgba([1, 2, 3, 255]))
    ///     .write_to(&mut png, image::ImageFormat::Png)
    ///     .unwrap();
    /// assert_eq!(Mask::decode(png.get_ref(), MaskRule::default()).unwrap().solid_count(), 6);
    /// assert!(Mask::decode(b"not a png", MaskRule::default()).is_err());
    /// ```
    pub fn decode(bytes: &[u8], rule: MaskRule) -> Result<Mask, MaskError> {
        Self::from_image(&decode_rgba(bytes, "image data")?, rule)
    }

    /// Reads and decodes an image file and builds its mask under `rule`; errors name the path.
    ///
    /// Only a regular file (or a link to one) of at most [`Mask::MAX_FILE_BYTES`] is read: a named
    /// pipe or a device is an error, not a wait or an endless read. The image itself is bounded as
    /// in [`decode`](Self::decode).
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskRule};
    /// let err = Mask::open("no/such/file.png", MaskRule::default()).unwrap_err();
    /// assert!(err.to_string().starts_with("no/such/file.png: cannot read"));
    /// ```
    pub fn open(path: impl AsRef<Path>, rule: MaskRule) -> Result<Mask, MaskError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let io = |message: String| MaskError::Io {
            path: name.clone(),
            message,
        };
        // Checked before opening, since opening a named pipe waits for a writer.
        let meta = std::fs::metadata(path).map_err(|e| io(e.to_string()))?;
        if !meta.is_file() {
            return Err(io("not a regular file".to_string()));
        }
        if meta.len() > Self::MAX_FILE_BYTES {
            return Err(io(format!(
                "{} bytes, over the {} allowed",
                meta.len(),
                Self::MAX_FILE_BYTES
            )));
        }
        let file = std::fs::File::open(path).map_err(|e| io(e.to_string()))?;
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        // The file can grow between the check and the read: read one byte past the cap at most.
        std::io::Read::read_to_end(
            &mut std::io::Read::take(file, Self::MAX_FILE_BYTES + 1),
            &mut bytes,
        )
        .map_err(|e| io(e.to_string()))?;
        if bytes.len() as u64 > Self::MAX_FILE_BYTES {
            return Err(io(format!(
                "grew past the {} bytes allowed",
                Self::MAX_FILE_BYTES
            )));
        }
        Self::from_image(&decode_rgba(&bytes, &name)?, rule)
    }
}

/// Decodes bytes into RGBA8, naming `source` in the error.
fn decode_rgba(bytes: &[u8], source: &str) -> Result<RgbaImage, MaskError> {
    let decode_error = |e: image::ImageError| MaskError::Decode {
        source: source.to_string(),
        message: e.to_string(),
    };
    let reader = || {
        image::ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| decode_error(image::ImageError::IoError(e)))
    };
    let (width, height) = reader()?.into_dimensions().map_err(decode_error)?;
    let texels = u64::from(width) * u64::from(height);
    if width > Mask::MAX_IMAGE_SIDE
        || height > Mask::MAX_IMAGE_SIDE
        || texels > Mask::MAX_IMAGE_TEXELS
    {
        return Err(MaskError::TooLarge {
            source: source.to_string(),
            width,
            height,
        });
    }
    let mut reader = reader()?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(Mask::MAX_IMAGE_SIDE);
    limits.max_image_height = Some(Mask::MAX_IMAGE_SIDE);
    limits.max_alloc = Some(Mask::MAX_IMAGE_TEXELS * 4);
    reader.limits(limits);
    let image = reader.decode().map_err(decode_error)?;
    Ok(match image {
        image::DynamicImage::ImageRgba8(rgba) => rgba,
        other => other.to_rgba8(),
    })
}
