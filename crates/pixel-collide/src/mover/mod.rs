//! Move and slide: a body moved through a world of sprites in swept legs, standing on floors,
//! stopped by walls, climbing steps.

// mover.rs is the `Mover` type itself; sweep.rs is the legs it moves by.
#![allow(clippy::module_inception)]

mod mover;
mod sweep;

pub use mover::{ContactKind, MoveContact, Moved, Mover};
pub use sweep::Body;
