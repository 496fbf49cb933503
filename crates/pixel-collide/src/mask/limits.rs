//! The largest masks and images the crate builds, which every query's time and memory bounds are
//! stated against (public as `Mask::MAX_SIDE` and its neighbours).

/// The widest or tallest mask built from bits or a predicate.
pub(crate) const MAX_SIDE: u32 = 1 << 23;
/// The most texels a mask built from bits or a predicate holds.
pub(crate) const MAX_TEXELS: u64 = 1 << 32;
/// The widest or tallest image decoded.
pub(crate) const MAX_IMAGE_SIDE: u32 = 16_384;
/// The most texels of an image decoded.
pub(crate) const MAX_IMAGE_TEXELS: u64 = 1 << 26;
