//! How a texel's colour decides whether it is solid.

/// How a texel's colour decides whether it is solid.
///
/// ```
/// use pixel_collide::MaskRule;
/// assert!(MaskRule::alpha(20).is_solid([0, 0, 0, 21]) && !MaskRule::alpha(20).is_solid([0, 0, 0, 20]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaskRule {
    /// Solid where alpha is strictly greater than `threshold`.
    Alpha {
        /// Alphas at or below this are air; 0 keeps every visible texel, 20 ignores faint noise.
        threshold: u8,
    },
    /// Solid where the colour differs from `key` (compared on RGB) and alpha is not 0.
    ColorKey {
        /// The colour that marks air, as RGB.
        key: [u8; 3],
    },
}

impl MaskRule {
    /// The default alpha threshold: every texel with any opacity at all is solid.
    pub const DEFAULT_ALPHA_THRESHOLD: u8 = 0;
    /// The conventional hot-spot key colour, magenta (FF00FF).
    pub const MAGENTA: [u8; 3] = [0xFF, 0x00, 0xFF];

    /// Solid where alpha > `threshold`.
    ///
    /// ```
    /// assert!(!pixel_collide::MaskRule::alpha(127).is_solid([255, 255, 255, 127]));
    /// ```
    pub const fn alpha(threshold: u8) -> Self {
        Self::Alpha { threshold }
    }

    /// Solid where the colour is not magenta, the hot-spot convention.
    ///
    /// ```
    /// use pixel_collide::MaskRule;
    /// assert!(!MaskRule::magenta_key().is_solid([255, 0, 255, 255]));
    /// assert!(MaskRule::magenta_key().is_solid([254, 0, 255, 255]));
    /// ```
    pub const fn magenta_key() -> Self {
        Self::ColorKey { key: Self::MAGENTA }
    }

    /// Whether one RGBA texel is solid under this rule.
    ///
    /// ```
    /// assert!(pixel_collide::MaskRule::default().is_solid([0, 0, 0, 1]));
    /// ```
    pub fn is_solid(&self, rgba: [u8; 4]) -> bool {
        match *self {
            MaskRule::Alpha { threshold } => rgba[3] > threshold,
            MaskRule::ColorKey { key } => rgba[3] != 0 && rgba[..3] != key,
        }
    }
}

impl Default for MaskRule {
    /// Solid where alpha > 0.
    fn default() -> Self {
        Self::alpha(Self::DEFAULT_ALPHA_THRESHOLD)
    }
}
