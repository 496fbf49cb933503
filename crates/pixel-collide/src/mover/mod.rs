//! Move and slide: a body moved through a world of sprites in swept legs, standing on floors,
//! stopped by walls, climbing steps.

// move_and_slide.rs is the `Mover` type itself; body.rs what it moves; leg.rs the swept legs it
// moves by; cast.rs one leg on its own, as a shape cast.

mod body;
mod cast;
mod leg;
mod move_and_slide;

pub use body::Body;
pub use cast::{CastHit, cast};
pub use move_and_slide::{ContactKind, MoveContact, Moved, Mover};
