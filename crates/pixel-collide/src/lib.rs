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
#![warn(clippy::too_many_lines)]

/// The glam whose `Vec2` and `Affine2` the API takes and gives (0.32, Bevy 0.19's), for callers who
/// want its exact types.
pub use glam;
/// The image crate masks are decoded with (0.25, under the default `image` feature).
#[cfg(feature = "image")]
pub use image;

// Bottom up: a module uses only modules in the groups above its own.

// Text kept to one line, plain geometry, and masks with their trees and constructors: nothing
// placed yet.
mod geom;
mod mask;
pub mod text;

// Two masks on one texel grid, a word of texels at a time.
mod words;

// A mask placed in the world.
mod sprite;

// Questions about two placed sprites, and about one.
mod pair;
mod query;

// Many sprites at once; two sprites over time; one mask analysed and edited.
mod broad;
mod motion;
mod ops;

// A body moved through a world of sprites.
mod mover;

// Two sprites' contact as a physics engine's solver takes it.
mod manifold;

pub use broad::{Obstacles, SweepAndPrune, SweepRoom};
pub use geom::{Circle, Convex, ConvexError, MAX_CONVEX_CORNERS, Rect};
pub use manifold::{
    Manifold, ManifoldPoint, NearRects, capsule_manifold, circle_manifold, contact_manifold,
    near_rects,
};
pub use mask::{CONTACT_COVER_RECTS, Mask, MaskError, MaskRule, PixelRect};

pub use motion::{
    IMPACT_RESOLUTION, Impact, Motion, PUSH_TOLERANCE, PUSH_WORK_BUDGET, PushOut, push_out,
    push_out_along, time_of_impact,
};
pub use mover::{Body, CastHit, ContactKind, MoveContact, Moved, Mover, cast};
pub use ops::{Component, MassProperties, TexelMoments};
pub use pair::{
    Contact, DISTANCE_WORK_BUDGET, Distance, collide, distance, overlap_area, overlap_mask,
    overlap_point, overlaps,
};

/// For tools that draw how a query decides (the repository's collision lab): the walk behind
/// [`collide`], pair by pair. Not needed to ask any question of the crate.
pub mod debug {
    pub use crate::pair::{TracedPair, collide_traced};
}
pub use query::RayHit;
pub use sprite::{Pose, Sprite, sprite_transform};

/// The README's examples, compiled and run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The guide's examples, compiled and run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide.md")]
pub struct GuideDoctests;

/// The motion page's examples, compiled and run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/motion.md")]
pub struct MotionDoctests;
