//! Two sprites: the pair in the first one's local space, the walk of their two trees, and the
//! overlap questions answered with them.

// frame.rs is the `Pair` type itself, the two in one frame; the rest of the folder walks it and
// asks it questions.

mod contact;
mod distance;
mod frame;
mod lens;
mod overlap;
mod pair_walk;
mod row_scan;
mod screened;
mod sub_texel;
mod walk_squares;

pub use contact::Contact;
pub use distance::{DISTANCE_WORK_BUDGET, Distance, distance};
pub(crate) use distance::{closest_pair, distance_within};
pub(crate) use frame::Pair;
pub(crate) use lens::lens_middle;
pub use overlap::{
    TracedPair, collide, collide_traced, overlap_area, overlap_mask, overlap_point, overlaps,
};
pub(crate) use overlap::{Under, placeable, thin_overlap_mask};
