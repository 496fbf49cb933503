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

// One glam and at most one image are compiled, chosen by feature (see the README's "Any glam, any
// image"); the code names them `glam` and `image` whichever it is. Where both of a pair are enabled
// (features add up across a workspace) the default one wins.
#[cfg(not(any(feature = "glam027", feature = "glam032")))]
compile_error!("pixel-collide needs one glam: enable the `glam027` (default) or `glam032` feature");
/// The glam this build of the crate takes and gives (0.27, or 0.32 under the `glam032` feature), for
/// callers who want its exact types.
#[cfg(feature = "glam027")]
pub use glam;
/// The glam this build of the crate takes and gives (0.32, under the `glam032` feature).
#[cfg(all(feature = "glam032", not(feature = "glam027")))]
pub extern crate glam032 as glam;
/// The image crate this build decodes with (0.24; 0.25 under the `image025` feature).
#[cfg(feature = "image")]
pub use image;
/// The image crate this build decodes with (0.25, under the `image025` feature).
#[cfg(all(feature = "image025", not(feature = "image")))]
pub extern crate image025 as image;

mod aligned;
mod analysis;
mod bits;
mod broad;
mod clip;
mod convolve;
mod edit;
#[cfg(any(feature = "image", feature = "image025"))]
mod image_io;
mod mask;
mod motion;
mod mover;
mod node;
mod one_line;
mod overlap;
mod pair;
mod pair_walk;
mod push;
mod query;
mod rect;
mod rgba;
mod rule;
mod shift;
mod slide;
mod sprite;
mod sweep;
mod tree;
mod walk_squares;

pub use analysis::Component;
pub use broad::{Obstacles, SweepAndPrune};
pub use mask::{Mask, MaskError, PixelRect};
pub use motion::{time_of_impact, Impact, Motion, IMPACT_RESOLUTION};
pub use mover::{ContactKind, MoveContact, Moved, Mover};
pub use one_line::OneLine;
pub use overlap::{collide, collide_traced, overlap_area, overlap_mask, overlaps, TracedPair};
pub use push::{push_out, push_out_along, PushOut};
pub use query::RayHit;
pub use rect::Rect;
pub use rule::MaskRule;
pub use slide::{PUSH_TOLERANCE, PUSH_WORK_BUDGET};
pub use sprite::{sprite_transform, Contact, Pose, Sprite};
pub use sweep::Body;

/// The README's example, compiled and run as a documentation test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
