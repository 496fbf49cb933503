//! The contact manifold of two sprites, as a physics engine's contact solver wants it: one normal,
//! the depth of the overlap or the gap, and one or two points spread along the contact, each named
//! by the texels it lies on so that a solver can match it with the last step's point.
//!
//! `find` computes it from one walk of both trees (`near`), the push out of the overlap (the
//! `motion` folder's marches) or the distance, and the contact patch (`patch`); `touching` gives the
//! normal of sprites that only share edges; `circle` the manifold of an exact circle and a sprite; `boxes` the pairs of solid rectangles
//! within reach, for an engine that makes its own box contacts.

mod boxes;
mod circle;
mod find;
mod manifold;
mod near;
mod patch;
mod touching;

pub use boxes::near_rects;
pub use circle::{capsule_manifold, circle_manifold};
pub use find::contact_manifold;
pub use manifold::{Manifold, ManifoldPoint};
