//! One mask on its own, as pygame.mask offers it: analysis, convolution and orientation, and edits;
//! and its texels' moments, for mass properties, and their convex hull, for tight bounds.

mod analysis;
mod convolve;
mod edit;
mod fitted_circle;
mod hull;
mod moments;

pub use analysis::Component;
pub use moments::{MassProperties, TexelMoments};
