//! The contact manifold of two sprites, as a physics engine's contact solver wants it: one normal,
//! the depth of the overlap or the gap, and one or two points spread along the contact, each named
//! by the texels it lies on so that a solver can match it with the last step's point.
//!
//! `points` is the manifold itself; `find` computes it from one walk of both trees (`near`), the
//! push out of the overlap (the `motion` folder's marches) or the distance, and the contact patch
//! (`patch`); `touching` gives the normal of sprites that only share edges; `round` the manifold of
//! an exact circle or capsule and a sprite; `boxes` the pairs of solid rectangles within reach, for
//! an engine that makes its own box contacts.

mod boxes;
mod find;
mod near;
mod patch;
mod points;
mod round;
mod touching;

pub use boxes::{NearRects, near_rects};
pub use find::contact_manifold;
pub use points::{Manifold, ManifoldPoint};
pub use round::{capsule_manifold, circle_manifold};
