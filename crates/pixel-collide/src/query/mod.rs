//! Questions about one placed sprite: whether a point, a rectangle, a circle or a segment touches
//! its solid texels and where a ray meets them (`shapes`), the points of it nearest to a world point
//! (`nearest`), and a ray that treats it as hollow (`hollow_ray`).

mod hollow_ray;
mod nearest;
mod shapes;

pub use shapes::RayHit;
pub(crate) use shapes::{exact_box, push_children};
