//! Masks from raw RGBA bytes, whatever decoded them: an engine's texture data, any version of the
//! image crate, or a hand-made buffer.

use super::error::MaskError;
use super::rule::MaskRule;
use super::texels::Mask;

impl Mask {
    /// Builds a mask from `width * height` RGBA pixels, four bytes each, row by row from the top
    /// left (the layout of image's `RgbaImage::as_raw`, and of the byte buffer a game engine keeps
    /// for an 8-bit RGBA texture), each solid under `rule`.
    ///
    /// An error for a byte count that does not match the size, a size of zero, or one past the caps.
    ///
    /// ```
    /// use pixel_collide::{Mask, MaskError, MaskRule};
    /// // Two pixels: transparent, then opaque red.
    /// let m = Mask::from_rgba(2, 1, &[0, 0, 0, 0, 255, 0, 0, 255], MaskRule::default()).unwrap();
    /// assert!(!m.is_solid(0, 0) && m.is_solid(1, 0));
    /// assert_eq!(
    ///     Mask::from_rgba(2, 1, &[0; 4], MaskRule::default()),
    ///     Err(MaskError::ByteCount { expected: 8, got: 4 })
    /// );
    /// assert!(Mask::from_rgba(0, 1, &[], MaskRule::default()).is_err());
    /// ```
    pub fn from_rgba(
        width: u32,
        height: u32,
        rgba: &[u8],
        rule: MaskRule,
    ) -> Result<Mask, MaskError> {
        // The size first: a width of zero would make the rows below empty chunks.
        Self::check_size(width, height)?;
        let expected = u64::from(width) * u64::from(height) * 4;
        if rgba.len() as u64 != expected {
            return Err(MaskError::ByteCount {
                expected,
                got: rgba.len() as u64,
            });
        }
        let (w, h) = (width as usize, height as usize);
        let mut words = vec![0u64; w.div_ceil(64) * h];
        // Sixty-four pixels make a word: the rule is applied to a run of whole pixels with no
        // per-texel index arithmetic, so the packing loop stays simple enough to vectorise.
        for (y, row) in rgba.chunks_exact(w * 4).enumerate() {
            for (k, pixels) in row.chunks(64 * 4).enumerate() {
                words[k * h + y] = pixels
                    .chunks_exact(4)
                    .enumerate()
                    .fold(0u64, |acc, (i, p)| {
                        acc | (u64::from(rule.is_solid([p[0], p[1], p[2], p[3]])) << i)
                    });
            }
        }
        Ok(Self::from_strips(width, height, words))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn from_rgba_packs_what_the_rule_says_of_each_pixel(
            width in 1u32..150,
            height in 1u32..6,
            seed in any::<u64>(),
            threshold in 0u8..255,
        ) {
            let pixel = |x: u32, y: u32| {
                let h = (u64::from(x) * 31 + u64::from(y) * 977) ^ seed;
                let h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                [(h >> 8) as u8, (h >> 16) as u8, (h >> 24) as u8, (h >> 32) as u8]
            };
            let bytes: Vec<u8> = (0..height)
                .flat_map(|y| (0..width).flat_map(move |x| pixel(x, y)))
                .collect();
            let rule = MaskRule::alpha(threshold);
            let m = Mask::from_rgba(width, height, &bytes, rule).unwrap();
            let want = Mask::from_fn(width, height, |x, y| rule.is_solid(pixel(x, y))).unwrap();
            prop_assert_eq!(m, want);
        }
    }
}
