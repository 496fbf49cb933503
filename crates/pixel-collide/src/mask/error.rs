//! Why a mask could not be built: one error type whose every message is one line naming what and
//! where.

use std::fmt;

use super::limits;
use super::rect::PixelRect;
use crate::text::OneLine;

/// Why a mask could not be built; its `Display` is one line naming what went wrong and where.
///
/// ```
/// let err = pixel_collide::Mask::from_fn(0, 4, |_, _| true).unwrap_err();
/// assert_eq!(err.to_string(), "image is 0 x 4: a mask needs at least one texel");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MaskError {
    /// The bytes are not an image the decoder understands.
    Decode {
        /// What the bytes came from (a path, or "image data").
        source: String,
        /// The decoder's message.
        message: String,
    },
    /// A file could not be read.
    Io {
        /// The path that failed.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// The image has no texels.
    Empty {
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// A hot-spot image whose size differs from the drawn image's.
    SizeMismatch {
        /// The drawn image's width and height.
        drawn: (u32, u32),
        /// The hot-spot image's width and height.
        hot: (u32, u32),
    },
    /// An image larger than [`Mask::MAX_IMAGE_SIDE`](crate::Mask::MAX_IMAGE_SIDE) on a side or than
    /// [`Mask::MAX_IMAGE_TEXELS`](crate::Mask::MAX_IMAGE_TEXELS).
    TooLarge {
        /// What the bytes came from (a path, or "image data").
        source: String,
        /// The width its header claims.
        width: u32,
        /// The height its header claims.
        height: u32,
    },
    /// A mask built from bits or a predicate larger than [`Mask::MAX_SIDE`](crate::Mask::MAX_SIDE) on
    /// a side or than [`Mask::MAX_TEXELS`](crate::Mask::MAX_TEXELS).
    TooManyTexels {
        /// The requested width.
        width: u32,
        /// The requested height.
        height: u32,
    },
    /// The machine could not give the memory a mask's words need (the allocator refused).
    OutOfMemory {
        /// The requested width.
        width: u32,
        /// The requested height.
        height: u32,
        /// The bytes its words take.
        bytes: u64,
    },
    /// Row words whose count does not match the size.
    WordCount {
        /// The words `height * width.div_ceil(64)` rows need.
        expected: u64,
        /// The words given.
        got: u64,
    },
    /// RGBA bytes whose count does not match the size.
    ByteCount {
        /// The bytes `width * height * 4` needs.
        expected: u64,
        /// The bytes given.
        got: u64,
    },
    /// An atlas rectangle with no texels (a width or height of 0).
    EmptyRect {
        /// The requested rectangle.
        rect: PixelRect,
    },
    /// An atlas rectangle that reaches outside its image.
    RectOutside {
        /// The requested rectangle.
        rect: PixelRect,
        /// The atlas image's width and height.
        image: (u32, u32),
    },
}

impl fmt::Display for MaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaskError::Decode { source, message } => write!(
                f,
                "{}: not a readable image ({})",
                OneLine(source),
                OneLine(message)
            ),
            MaskError::Io { path, message } => {
                write!(f, "{}: cannot read ({})", OneLine(path), OneLine(message))
            }
            MaskError::Empty { width, height } => {
                write!(
                    f,
                    "image is {width} x {height}: a mask needs at least one texel"
                )
            }
            MaskError::SizeMismatch { drawn, hot } => write!(
                f,
                "hot-spot image is {} x {} but the drawn image is {} x {}: they must match",
                hot.0, hot.1, drawn.0, drawn.1
            ),
            MaskError::TooLarge {
                source,
                width,
                height,
            } => write!(
                f,
                "{}: image is {width} x {height}, over the {} px a side or {} texels allowed",
                OneLine(source),
                limits::MAX_IMAGE_SIDE,
                limits::MAX_IMAGE_TEXELS
            ),
            MaskError::TooManyTexels { width, height } => write!(
                f,
                "mask is {width} x {height}, over the {} texels a side or {} texels allowed",
                limits::MAX_SIDE,
                limits::MAX_TEXELS
            ),
            MaskError::OutOfMemory {
                width,
                height,
                bytes,
            } => write!(
                f,
                "a {width} x {height} mask needs {bytes} bytes, which could not be allocated"
            ),
            MaskError::WordCount { expected, got } => {
                write!(f, "{got} row words given where the size needs {expected}")
            }
            MaskError::ByteCount { expected, got } => {
                write!(f, "{got} RGBA bytes given where the size needs {expected}")
            }
            MaskError::EmptyRect { rect } => {
                write!(f, "atlas rectangle {rect} has no texels")
            }
            MaskError::RectOutside { rect, image } => write!(
                f,
                "atlas rectangle {rect} reaches outside the {} x {} image",
                image.0, image.1
            ),
        }
    }
}

impl std::error::Error for MaskError {}
