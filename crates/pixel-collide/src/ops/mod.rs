//! One mask on its own, as pygame.mask offers it: analysis, convolution and orientation, and edits.

mod analysis;
mod circle;
mod convolve;
mod edit;

pub use analysis::Component;
pub use circle::TexelCircle;
