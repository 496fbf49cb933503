//! Pixel-exact sprite collision for Bevy, on [`pixel_collide`].
//!
//! Add [`PixelCollidePlugin`], put a [`PixelCollider`] on an entity with a `Sprite`, and the sprite's
//! opaque texels collide, placed exactly as Bevy draws them: its flips, custom size, anchor,
//! texture-atlas section and `rect`, and any rotation and scale of its `GlobalTransform`. Each frame
//! the plugin sends [`PixelCollisionStarted`] and [`PixelCollisionEnded`] messages, keeps [`PixelCollidingEntities`]
//! current on every collider and the touching pairs in [`PixelContacts`]; [`PixelQueries`] answers
//! point, ray and shape queries, push-out and time of impact.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_pixel_collide::prelude::*;
//!
//! fn main() {
//!     App::new()
//!         .add_plugins((DefaultPlugins, PixelCollidePlugin))
//!         .add_systems(Startup, spawn)
//!         .add_systems(Update, report)
//!         .run();
//! }
//!
//! fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
//!     commands.spawn(Camera2d);
//!     commands.spawn((Sprite::from_image(assets.load("rock.png")), PixelCollider::default()));
//!     commands.spawn((
//!         Sprite::from_image(assets.load("ship.png")),
//!         PixelCollider::default(),
//!         Transform::from_xyz(20.0, 0.0, 0.0).with_rotation(Quat::from_rotation_z(0.5)),
//!     ));
//! }
//!
//! fn report(mut started: MessageReader<PixelCollisionStarted>) {
//!     for PixelCollisionStarted(a, b) in started.read() {
//!         println!("{a} and {b} touch on solid pixels");
//!     }
//! }
//! ```
//!
//! All systems run in `PostUpdate`, after transform propagation and asset events, in the sets of
//! [`PixelCollisionSystems`]: a system that reacts to this frame's contacts runs after
//! [`PixelCollisionSystems::Detect`], or in the next frame's `Update`.

#![warn(missing_docs)]

#[cfg(feature = "avian")]
pub mod avian;
mod collider;
mod convert;
mod detect;
#[cfg(feature = "gizmos")]
mod gizmos;
mod queries;

use bevy::asset::AssetEventSystems;
use bevy::prelude::*;
use bevy::transform::TransformSystems;

pub use collider::{PixelCollider, PixelCollidingEntities, global_to_affine2};
pub use detect::{PixelCollisionEnded, PixelCollisionStarted, PixelContacts};
#[cfg(feature = "gizmos")]
pub use gizmos::PixelCollideGizmos;
/// The engine-free collision library this plugin is built on, for its mask operations.
pub use pixel_collide;
pub use queries::{PixelQueries, PixelRayHit};

/// The plugin's components, messages, system parameter and sets, for a glob import.
pub mod prelude {
    #[cfg(feature = "gizmos")]
    pub use crate::PixelCollideGizmos;
    pub use crate::{
        PixelCollidePlugin, PixelCollider, PixelCollidingEntities, PixelCollisionEnded,
        PixelCollisionStarted, PixelCollisionSystems, PixelContacts, PixelQueries,
    };
}

/// Builds colliders' masks from their sprites and detects collisions each frame in `PostUpdate`.
///
/// Needs Bevy's `AssetPlugin` and `ImagePlugin` (part of `DefaultPlugins`), and `TransformPlugin` for
/// `GlobalTransform`s to follow `Transform`s; texture-atlas sprites also need `TextureAtlasPlugin`.
#[derive(Clone, Copy, Debug, Default)]
pub struct PixelCollidePlugin;

/// The plugin's systems, in the order they run in `PostUpdate`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PixelCollisionSystems {
    /// Builds or reuses each [`PixelCollider`]'s mask and placement from its sprite and image.
    UpdateMasks,
    /// Finds touching pairs, sends [`PixelCollisionStarted`] and [`PixelCollisionEnded`] and updates
    /// [`PixelCollidingEntities`] and [`PixelContacts`].
    Detect,
    /// Draws collider outlines and contacts (the `gizmos` feature).
    Draw,
}

impl Plugin for PixelCollidePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<collider::MaskCache>()
            .init_resource::<PixelContacts>()
            .add_message::<PixelCollisionStarted>()
            .add_message::<PixelCollisionEnded>()
            .configure_sets(
                PostUpdate,
                (
                    PixelCollisionSystems::UpdateMasks,
                    PixelCollisionSystems::Detect,
                    PixelCollisionSystems::Draw,
                )
                    .chain()
                    .after(TransformSystems::Propagate)
                    .after(AssetEventSystems),
            )
            .add_systems(
                PostUpdate,
                (
                    collider::update_masks.in_set(PixelCollisionSystems::UpdateMasks),
                    detect::detect_collisions.in_set(PixelCollisionSystems::Detect),
                ),
            );
        // Only where Bevy's gizmo plugin runs: a headless app or server built with the feature on
        // (features add up across a workspace) has no gizmo storage, and the system would fail
        // every frame.
        #[cfg(feature = "gizmos")]
        app.init_resource::<PixelCollideGizmos>().add_systems(
            PostUpdate,
            gizmos::draw_gizmos
                .run_if(resource_exists::<bevy::gizmos::config::GizmoConfigStore>)
                .in_set(PixelCollisionSystems::Draw),
        );
    }
}

/// The README's examples, compiled as documentation tests where the `avian` feature its physics
/// example needs is on (the crate docs above hold the plugin's own example, tested everywhere).
#[cfg(all(doctest, feature = "avian"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
