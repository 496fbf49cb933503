//! Plain 2D geometry, knowing nothing of masks: axis-aligned rectangles, circles, and convex
//! polygons clipped to a box.

mod circle;
mod clip;
mod rect;

pub use circle::Circle;
pub(crate) use clip::{Polygon, centroid, clip_axis, polygon_area};
pub use rect::Rect;
