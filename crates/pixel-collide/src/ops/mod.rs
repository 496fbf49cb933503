//! One mask on its own, as pygame.mask offers it: analysis, convolution and orientation, and edits;
//! and its texels' moments, for mass properties.

mod analysis;
mod circle;
mod convolve;
mod edit;
mod moments;

pub use analysis::Component;
pub use moments::{MassProperties, TexelMoments};
