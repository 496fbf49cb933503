//! A rectangle of whole texels, as queries, components and errors name one.

use std::fmt;

/// A rectangle of whole texels: `x..x + w` by `y..y + h`.
///
/// ```
/// let r = pixel_collide::PixelRect::new(2, 3, 4, 5);
/// assert_eq!(r.to_string(), "4 x 5 at (2, 3)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PixelRect {
    /// Left column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Width in texels.
    pub w: u32,
    /// Height in texels.
    pub h: u32,
}

impl PixelRect {
    /// Builds a rectangle from its top-left texel and its size.
    ///
    /// ```
    /// let r = pixel_collide::PixelRect::new(1, 2, 3, 4);
    /// assert_eq!((r.x, r.y, r.w, r.h), (1, 2, 3, 4));
    /// ```
    pub const fn new(x: u32, y: u32, w: u32, h: u32) -> Self {
        Self { x, y, w, h }
    }
}

impl fmt::Display for PixelRect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} x {} at ({}, {})", self.w, self.h, self.x, self.y)
    }
}
