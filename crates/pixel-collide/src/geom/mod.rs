//! Plain 2D geometry, knowing nothing of masks: axis-aligned rectangles, and convex polygons
//! clipped to a box.

mod clip;
mod rect;

pub(crate) use clip::{centroid, clip_axis, polygon_area, Polygon};
pub use rect::Rect;
