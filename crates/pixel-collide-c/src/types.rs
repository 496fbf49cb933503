//! The plain structs that cross the boundary by value: handles, vectors, placements and answers.
//!
//! Every answer that may be "none" carries `found`, so that a caller reads one struct and no
//! out-parameter is left unwritten.
#![allow(non_camel_case_types)]

use pixel_collide::glam::{Affine2, Vec2};

/// A mask: a handle to a grid of solid and clear texels the library owns. `{0, 0}` is the null
/// handle; a freed handle is answered with `PC_INVALID_HANDLE`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct pc_mask {
    /// The slot.
    pub index: u32,
    /// The slot's generation when the mask was made.
    pub generation: u32,
}

/// A world: a handle to the room that answers every touching pair of many sprites in one call.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct pc_world {
    /// The slot.
    pub index: u32,
    /// The slot's generation when the world was made.
    pub generation: u32,
}

/// A point or a direction in the world (or in a mask's texels, x right, y down).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pc_vec2 {
    /// Rightwards.
    pub x: f32,
    /// Downwards, in the texel grid's and most engines' screen convention.
    pub y: f32,
}

/// An affine map from a mask's texels to the world, as the six numbers every engine gives:
/// `world.x = a * x + c * y + tx`, `world.y = b * x + d * y + ty` (the order of a canvas's
/// `setTransform`, Cairo's `cairo_matrix_t` and a column-major 3 x 2 matrix; XNA's and MonoGame's
/// `Matrix` holds them as `M11 M12 M21 M22 M41 M42`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct pc_affine {
    /// How far the world moves in x per texel along the mask's x.
    pub a: f32,
    /// How far the world moves in y per texel along the mask's x.
    pub b: f32,
    /// How far the world moves in x per texel along the mask's y.
    pub c: f32,
    /// How far the world moves in y per texel along the mask's y.
    pub d: f32,
    /// Where the mask's texel corner (0, 0) lands, x.
    pub tx: f32,
    /// Where the mask's texel corner (0, 0) lands, y.
    pub ty: f32,
}

/// A mask placed in the world.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct pc_sprite {
    /// What is placed.
    pub mask: pc_mask,
    /// Where: the map from its texels to the world.
    pub transform: pc_affine,
}

/// An axis-aligned world rectangle from its corner `(x, y)` and its size.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pc_rect {
    /// The left edge.
    pub x: f32,
    /// The top edge.
    pub y: f32,
    /// The width.
    pub width: f32,
    /// The height.
    pub height: f32,
}

/// A placement by parts, turned and scaled about a pivot: what `pc_motion` moves between.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pc_pose {
    /// Where the pivot is in the world.
    pub position: pc_vec2,
    /// The turn about the pivot, in radians (clockwise on a screen whose y points down).
    pub rotation: f32,
    /// The scale along the mask's own axes.
    pub scale: pc_vec2,
}

/// A mask moving in a straight line from one pose to another over a step, turned and scaled
/// about `origin` (its pivot in texels).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct pc_motion {
    /// What moves.
    pub mask: pc_mask,
    /// The pose at the start of the step.
    pub from: pc_pose,
    /// The pose at the end of the step.
    pub to: pc_pose,
    /// The pivot in texels (the centre of a 64 x 64 mask is (32, 32)).
    pub origin: pc_vec2,
}

/// Where two sprites touch, with a normal and a depth: what `pc_collide` answers.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pc_contact {
    /// Whether they touch; the other fields are zero when not.
    pub found: bool,
    /// A world point inside a solid texel of both.
    pub point: pc_vec2,
    /// A unit normal from the first sprite towards the second; swapping the two reverses it.
    pub normal: pc_vec2,
    /// How far the two texels met at `point` overlap along `normal`, in world units.
    pub depth: f32,
}

/// How to move the first sprite off the second: what `pc_push_out` answers.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pc_push {
    /// Whether they overlap (and so need a push); the other fields are zero when not.
    pub found: bool,
    /// The world translation to add to the first sprite so that the two no longer overlap.
    pub offset: pc_vec2,
    /// A unit contact normal from the first sprite towards the second.
    pub normal: pc_vec2,
    /// Whether the search ran out of its budget and `offset` is the looser move that parts the
    /// two sprites' bounds (still apart after it).
    pub budget_ran_out: bool,
}

/// How far apart two sprites are, with the closest points: what `pc_distance` answers.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pc_closest {
    /// Whether both have solid texels and placements that cover area; the rest is zero when not.
    pub found: bool,
    /// The world distance between their closest solid texels; 0 when they touch or overlap.
    pub distance: f32,
    /// A point of the first sprite's solid texels at `distance` from `on_b`.
    pub on_a: pc_vec2,
    /// A point of the second sprite's solid texels at `distance` from `on_a`.
    pub on_b: pc_vec2,
    /// No solid texels lie closer than this: `distance` itself unless the search ran out of its
    /// budget, when the true distance lies between the two.
    pub lower_bound: f32,
    /// Whether the search ran out of its budget (then `lower_bound` < `distance`).
    pub budget_ran_out: bool,
}

/// Where a ray enters a sprite: what `pc_raycast` answers.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pc_ray_hit {
    /// Whether the ray enters a solid texel within its reach; the rest is zero when not.
    pub found: bool,
    /// The world point of entry.
    pub point: pc_vec2,
    /// The world distance from the ray's origin (in units of a unit direction).
    pub distance: f32,
    /// The unit outward normal of the face entered.
    pub normal: pc_vec2,
}

/// When two moving sprites first touch during a step: what `pc_time_of_impact` answers.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pc_impact {
    /// Whether they touch at some time of the step; the rest is zero when not.
    pub found: bool,
    /// A fraction of the step (0 to 1) no later than the first touch: moved to it, the two are
    /// apart (or touching when it is 0).
    pub time: f32,
    /// A fraction at which they are found touching, at most 2^-14 after `time`.
    pub contact_time: f32,
    /// A world point inside solid texels of both at `contact_time`.
    pub point: pc_vec2,
}

/// Two sprites that touch, by their places in the array a world call was given (`a` < `b`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct pc_pair {
    /// The first sprite's index.
    pub a: u32,
    /// The second sprite's index.
    pub b: u32,
}

/// The touching pairs a world call found: `count` pairs at `pairs`, sorted, owned by the world and
/// valid until its next call or its free.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct pc_pairs {
    /// The first pair (null when `count` is 0).
    pub pairs: *const pc_pair,
    /// How many.
    pub count: usize,
}

impl From<Vec2> for pc_vec2 {
    fn from(v: Vec2) -> Self {
        pc_vec2 { x: v.x, y: v.y }
    }
}

impl From<pc_vec2> for Vec2 {
    fn from(v: pc_vec2) -> Self {
        Vec2::new(v.x, v.y)
    }
}

impl From<pc_affine> for Affine2 {
    fn from(m: pc_affine) -> Self {
        Affine2::from_cols_array(&[m.a, m.b, m.c, m.d, m.tx, m.ty])
    }
}

impl From<Affine2> for pc_affine {
    fn from(m: Affine2) -> Self {
        let [a, b, c, d, tx, ty] = m.to_cols_array();
        pc_affine { a, b, c, d, tx, ty }
    }
}
