//! Move and slide: a body moved through a world of sprites in swept legs, standing on floors,
//! stopped by walls, climbing steps.

// mover.rs is the `Mover` type itself; body.rs what it moves; sweep.rs the legs it moves by;
// cast.rs one leg on its own, as a shape cast.
#![allow(clippy::module_inception)]

mod body;
mod cast;
mod mover;
mod sweep;

pub use body::Body;
pub use cast::{CastHit, cast};
pub use mover::{ContactKind, MoveContact, Moved, Mover};
