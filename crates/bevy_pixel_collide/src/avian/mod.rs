//! Pixel shapes as colliders of the [avian2d](https://docs.rs/avian2d) physics engine (the `avian`
//! feature): rigid bodies that rest, stack and roll on exact pixel masks, with no polygons between.
//!
//! Add [`PixelPhysicsPlugins`] (avian's `PhysicsPlugins` with the pixel backend in place of avian's
//! own `Collider`) and give bodies a [`PixelShape`]: a sprite's alpha, a
//! [`Mask`](pixel_collide::Mask) with a texel size, or a circle, rectangle, capsule or convex
//! polygon. avian keeps
//! one narrow phase per collider type, so shapes of two types never meet, and in avian 0.7 two
//! collider types' bounding-box tree updates are unordered (its physics schedule refuses them as
//! ambiguous): the primitives are kinds of `PixelShape` so that a player's capsule and a pixel world
//! meet in the one backend.
//!
//! ```no_run
//! use avian2d::prelude::*;
//! use bevy::prelude::*;
//! use bevy_pixel_collide::avian::{PixelPhysicsPlugins, PixelShape};
//! use bevy_pixel_collide::pixel_collide::Mask;
//!
//! fn main() {
//!     App::new()
//!         .add_plugins((DefaultPlugins, PixelPhysicsPlugins::default().with_length_unit(16.0)))
//!         .add_systems(Startup, spawn)
//!         .run();
//! }
//!
//! fn spawn(mut commands: Commands) {
//!     let ground = Mask::from_fn(256, 32, |x, y| y > 16 + (x / 16) % 4).unwrap();
//!     commands.spawn((RigidBody::Static, PixelShape::from_mask(ground, Vec2::ONE)));
//!     commands.spawn((RigidBody::Dynamic, PixelShape::circle(8.0), Transform::from_xyz(0.0, 60.0, 0.0)));
//! }
//! ```

mod casters;
mod ccd;
mod collider;
mod convex;
mod ground;
mod manifold;
mod mass;
mod move_and_slide;
mod shape_query;
mod spatial_query;
mod sync;
mod validate;

use avian2d::dynamics::ccd::SweptCcdSystems;
use avian2d::physics_transform::PhysicsTransformSystems;
use avian2d::prelude::{
    Collider, ColliderBackendPlugin, ColliderTreePlugin, NarrowPhasePlugin, PhysicsPlugins,
    PhysicsSchedule, PhysicsSystems, SolverSystems, SpatialQuerySystems,
};
use bevy::app::{PluginGroup, PluginGroupBuilder};
use bevy::ecs::intern::Interned;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;

pub use collider::PixelShape;
pub use move_and_slide::PixelMoveAndSlide;
pub use spatial_query::PixelSpatialQuery;

use crate::{PixelCollidePlugin, PixelCollisionSystems};

/// avian's `PhysicsPlugins` with [`PixelPhysicsPlugin`] as the collider backend in place of avian's
/// own `Collider` (its backend, tree and narrow phase plugins disabled).
#[derive(Debug, Clone, Copy)]
pub struct PixelPhysicsPlugins {
    schedule: Interned<dyn ScheduleLabel>,
    length_unit: f32,
}

impl PixelPhysicsPlugins {
    /// Physics run in `schedule`, as `PhysicsPlugins::new` runs it.
    pub fn new(schedule: impl ScheduleLabel) -> Self {
        Self {
            schedule: schedule.intern(),
            length_unit: 1.0,
        }
    }

    /// The size of a typical body in world units (for pixel worlds, some tens of pixels), which
    /// avian scales its tolerances and thresholds by, as `PhysicsPlugins::with_length_unit`.
    pub fn with_length_unit(mut self, unit: f32) -> Self {
        self.length_unit = unit;
        self
    }
}

impl Default for PixelPhysicsPlugins {
    fn default() -> Self {
        Self::new(FixedPostUpdate)
    }
}

impl PluginGroup for PixelPhysicsPlugins {
    fn build(self) -> PluginGroupBuilder {
        PhysicsPlugins::new(self.schedule)
            .with_length_unit(self.length_unit)
            .build()
            .disable::<ColliderBackendPlugin<Collider>>()
            .disable::<ColliderTreePlugin<Collider>>()
            .disable::<NarrowPhasePlugin<Collider>>()
            .add(PixelPhysicsPlugin {
                schedule: self.schedule,
            })
    }
}

/// Makes [`PixelShape`] an avian collider (its backend, bounding-box tree and narrow phase), keeps
/// each shape's mask in step with its sprite and its [`PixelCollider`](crate::PixelCollider), wakes
/// bodies sleeping on edited ground and warns once about a shape that cannot collide.
///
/// [`PixelPhysicsPlugins`] adds it with avian's plugins; alone, add it after `PhysicsPlugins` with
/// avian's own collider backend disabled. It adds [`PixelCollidePlugin`] when that is missing.
#[derive(Debug, Clone, Copy)]
pub struct PixelPhysicsPlugin {
    schedule: Interned<dyn ScheduleLabel>,
}

impl PixelPhysicsPlugin {
    /// The plugin for physics run in `schedule` (the schedule given to `PhysicsPlugins::new`).
    pub fn new(schedule: impl ScheduleLabel) -> Self {
        Self {
            schedule: schedule.intern(),
        }
    }
}

impl Default for PixelPhysicsPlugin {
    fn default() -> Self {
        Self::new(FixedPostUpdate)
    }
}

impl Plugin for PixelPhysicsPlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<PixelCollidePlugin>() {
            app.add_plugins(PixelCollidePlugin);
        }
        app.add_plugins((
            ColliderBackendPlugin::<PixelShape>::new(self.schedule),
            ColliderTreePlugin::<PixelShape>::default(),
            NarrowPhasePlugin::<PixelShape>::default(),
        ))
        .add_observer(ground::wake_on_remove)
        .add_systems(
            PostUpdate,
            (
                sync::sync_shapes,
                ground::wake_on_edit,
                validate::check_shapes,
            )
                .chain()
                .after(crate::collider::update_masks)
                .in_set(PixelCollisionSystems::UpdateMasks),
        )
        // Pixel bodies with `SweptCcd`, right after avian sweeps its own colliders.
        .add_systems(
            PhysicsSchedule,
            ccd::solve_pixel_swept_ccd
                .after(SweptCcdSystems)
                .before(SolverSystems::Restitution),
        )
        // avian's own ray and shape casters see only its `Collider`s: theirs run first and these
        // fill the same hits from pixel shapes.
        .add_systems(
            self.schedule,
            (casters::ray_casters, casters::shape_casters).after(SpatialQuerySystems),
        )
        // Before avian's first look at the bodies (its debug check for NaNs), and again once the
        // `Transform`s have been copied in.
        .add_systems(
            self.schedule,
            (
                validate::disable_non_finite.before(PhysicsSystems::First),
                validate::disable_non_finite
                    .in_set(PhysicsSystems::Prepare)
                    .after(PhysicsTransformSystems::TransformToPosition),
            ),
        );
    }
}
