//! Per-pixel sprite collision under any 2D affine transform: masks, rectangles and an exact overlap
//! test, engine-free.
//!
//! Depends on glam and image only. A [`Mask`] says which texels of an image are solid; a [`Sprite`]
//! places a mask in the world with any 2D affine transform (translation, rotation, non-uniform scale,
//! flips, an origin); [`collide`] says whether two sprites touch on solid texels and where.
//!
//! ```
//! use glam::Vec2;
//! use pixel_collide::{collide, Mask, Pose, Sprite};
//!
//! // A 9 x 9 plus sign, spinning about its centre, and a 2 x 6 bar.
//! let plus = Mask::from_fn(9, 9, |x, y| (3..6).contains(&x) || (3..6).contains(&y)).unwrap();
//! let bar = Mask::from_fn(2, 6, |_, _| true).unwrap();
//! let spin = |at: Vec2| Sprite::posed(&plus, Pose::at(at).rotated(0.3), Vec2::splat(4.5));
//!
//! let bar_at = |x: f32| Sprite::posed(&bar, Pose::at(Vec2::new(x, 0.0)), Vec2::ZERO);
//! assert!(collide(spin(Vec2::new(0.0, 3.0)), bar_at(0.0)).is_some());
//! assert!(collide(spin(Vec2::new(0.0, 3.0)), bar_at(20.0)).is_none());
//! ```
//!
//! The seam rule every query follows (what touches at the very edges of texels) is drawn in the
//! crate's `docs/seams.md`.

#![warn(missing_docs)]

mod aligned;
mod analysis;
mod broad;
mod clip;
mod convolve;
mod edit;
#[cfg(feature = "image")]
mod image_io;
mod mask;
mod motion;
mod mover;
mod overlap;
mod pair;
mod pair_walk;
mod push;
mod query;
mod rect;
mod shift;
mod slide;
mod sprite;
mod sweep;
mod tree;
mod walk_squares;

pub use analysis::Component;
pub use broad::SweepAndPrune;
pub use mask::OneLine;
pub use mask::{Mask, MaskError, MaskRule, PixelRect};
pub use motion::{time_of_impact, Impact, Motion, Pose, IMPACT_RESOLUTION};
pub use mover::{Body, ContactKind, MoveContact, Moved, Mover, Obstacles};
pub use overlap::{
    collide, collide_traced, overlap_area, overlap_mask, overlaps, sprite_transform, Contact,
    Sprite, TracedPair,
};
pub use push::{push_out, push_out_along, PushOut, PUSH_TOLERANCE, PUSH_WORK_BUDGET};
pub use query::RayHit;
pub use rect::Rect;

/// The README's example, compiled and run as a documentation test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
