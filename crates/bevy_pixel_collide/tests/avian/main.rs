//! Pixel shapes in avian, as a game uses them: headless `App`s (no window) stepped at 60 Hz with
//! avian's `PhysicsPlugins` and the pixel backend, bodies resting, stacking, rolling and sliding on
//! pixel ground, ground carved and reloaded under them, and bad input; one file for each, the
//! shared setup here. Avian's, Bevy's and the plugin's preludes are glob-imported together, as every
//! avian game with the plugin does, and a name in two of them is an error here.

#![cfg(feature = "avian")]
#![deny(ambiguous_glob_imports)]

#[path = "../common/mod.rs"]
mod common;

mod bad_input;
mod bodies;
mod casters;
mod ccd;
mod circles;
mod ground;
mod manifolds;
mod move_and_slide;
mod names;
mod resting;
mod slopes;
mod spatial_query;

use std::time::Duration;

use avian2d::prelude::*;
use bevy::ecs::system::RunSystemOnce;
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
// The plugin's avian names glob-imported beside avian's own: a name in both fails to compile.
use bevy_pixel_collide::avian::*;
use bevy_pixel_collide::pixel_collide::{Circle, Mask};
use bevy_pixel_collide::prelude::*;

const GRAVITY: f32 = 400.0;

/// A headless app with avian (pixels as the length unit's scale: 16 px) and the pixel backend,
/// stepping physics once per update at 60 Hz.
fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        ImagePlugin::default(),
        TransformPlugin,
        PixelPhysicsPlugins::default().with_length_unit(16.0),
    ))
    .insert_resource(Gravity(Vec2::NEG_Y * GRAVITY))
    .insert_resource(Time::<Fixed>::from_hz(60.0))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / 60.0,
    )));
    // What `App::run` does before the first update: avian's plugins set up resources in `finish`.
    app.finish();
    app.cleanup();
    app
}

fn run(app: &mut App, seconds: f32) {
    for _ in 0..(seconds * 60.0).round() as u32 {
        app.update();
    }
}

fn solid(w: u32, h: u32) -> Mask {
    Mask::from_fn(w, h, |_, _| true).unwrap()
}

/// A `w` x `h` ground mask (1 px texels) whose top face is at y = 0, spanning x from -w/2 to w/2.
fn flat_ground(app: &mut App, w: u32, h: u32) -> Entity {
    app.world_mut()
        .spawn((
            RigidBody::Static,
            PixelShape::from_mask(solid(w, h), Vec2::ONE),
            Transform::from_xyz(0.0, -(h as f32) / 2.0, 0.0),
        ))
        .id()
}

fn body(app: &mut App, shape: PixelShape, at: Vec2) -> Entity {
    app.world_mut()
        .spawn((
            RigidBody::Dynamic,
            shape,
            Transform::from_translation(at.extend(0.0)),
        ))
        .id()
}

fn position(app: &App, e: Entity) -> Vec2 {
    app.world().get::<Position>(e).unwrap().0
}

fn angle(app: &App, e: Entity) -> f32 {
    app.world().get::<Rotation>(e).unwrap().as_radians()
}

fn speed(app: &App, e: Entity) -> f32 {
    app.world().get::<LinearVelocity>(e).unwrap().0.length()
}

fn disc(diameter: u32) -> Mask {
    let r = diameter as f32 / 2.0;
    Mask::from_fn(diameter, diameter, |x, y| {
        Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r).length_squared() < r * r
    })
    .unwrap()
}
