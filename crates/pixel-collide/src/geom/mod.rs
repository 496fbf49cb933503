//! Plain 2D geometry, knowing nothing of masks: axis-aligned rectangles, circles, convex polygons
//! clipped to a box, convex shapes grown by a radius with when one moving meets a polygon, and how
//! far a linear map stretches.

mod circle;
mod clip;
mod convex;
mod rect;
mod stretch;

pub use circle::Circle;
pub(crate) use clip::{Polygon, centroid, clip_axis, polygon_area};
pub use convex::{Convex, ConvexError, MAX_CONVEX_CORNERS};
pub(crate) use convex::{Entry, Hull, contact_point, first_overlap};
pub use rect::Rect;
pub(crate) use stretch::stretches;
