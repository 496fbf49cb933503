//! Sprites across time and space: when moving sprites (or a convex shape and a sprite) first touch,
//! and how one overlapping sprite gets off another.

// impact.rs is `Motion` itself and its time of impact; cast_shape.rs a convex shape swept against
// a sprite; the rest of the folder is push-out.

mod cast_shape;
mod impact;
mod landing;
mod march;
mod push;
mod settle;

pub use impact::{IMPACT_RESOLUTION, Impact, Motion, time_of_impact};
pub use landing::{PUSH_TOLERANCE, PUSH_WORK_BUDGET};
pub(crate) use march::MAX_KEPT_PAIRS;
pub(crate) use push::contact_push;
pub use push::{PushOut, push_out, push_out_along};
