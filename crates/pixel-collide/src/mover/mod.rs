//! Move and slide: a body moved through a world of sprites in swept legs, standing on floors,
//! stopped by walls, climbing steps.

// mover.rs is the `Mover` type itself; body.rs what it moves; sweep.rs the legs it moves by.
#![allow(clippy::module_inception)]

mod body;
mod mover;
mod sweep;

pub use body::Body;
pub use mover::{ContactKind, MoveContact, Moved, Mover};
