//! What every part of the report shares: the headless app with either backend, stepping, the shapes
//! the scenes are made of, and the timer around avian's physics schedule.

use std::time::{Duration, Instant};

use avian2d::prelude::*;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_pixel_collide::avian::{PixelPhysicsPlugins, PixelShape};
use bevy_pixel_collide::pixel_collide::Mask;

pub(crate) const GRAVITY: f32 = 400.0;

/// A headless app stepping physics once per update at 60 Hz, with the pixel backend or avian's own.
pub(crate) fn app(kind: Kind) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        ImagePlugin::default(),
        TransformPlugin,
    ));
    match kind {
        Kind::Pixel => app.add_plugins((
            PixelPhysicsPlugins::default().with_length_unit(16.0),
            StepTimerPlugin,
        )),
        Kind::Avian => app.add_plugins((
            PhysicsPlugins::default().with_length_unit(16.0),
            StepTimerPlugin,
        )),
    };
    app.insert_resource(Gravity(Vec2::NEG_Y * GRAVITY))
        .insert_resource(Time::<Fixed>::from_hz(60.0))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 60.0,
        )));
    // What `App::run` does before the first update: avian's plugins set up resources in `finish`.
    app.finish();
    app.cleanup();
    app
}

pub(crate) fn run(app: &mut App, seconds: f32) {
    for _ in 0..(seconds * 60.0).round() as u32 {
        app.update();
    }
}

pub(crate) fn solid(w: u32, h: u32) -> Mask {
    Mask::from_fn(w, h, |_, _| true).unwrap()
}

pub(crate) fn disc(diameter: u32) -> Mask {
    let r = diameter as f32 / 2.0;
    Mask::from_fn(diameter, diameter, |x, y| {
        Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r).length_squared() < r * r
    })
    .unwrap()
}

pub(crate) fn position(app: &App, e: Entity) -> Vec2 {
    app.world().get::<Position>(e).unwrap().0
}

/// Which colliders a scene is built of.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    Pixel,
    Avian,
}

impl Kind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Pixel => "pixel masks",
            Kind::Avian => "avian's own",
        }
    }
}

/// A static ground `w` x `h` with its top face at y = 0.
pub(crate) fn ground(app: &mut App, kind: Kind, w: u32, h: u32) {
    let at = Transform::from_xyz(0.0, -(h as f32) / 2.0, 0.0);
    match kind {
        Kind::Pixel => app.world_mut().spawn((
            RigidBody::Static,
            PixelShape::from_mask(solid(w, h), Vec2::ONE),
            at,
        )),
        Kind::Avian => app.world_mut().spawn((
            RigidBody::Static,
            Collider::rectangle(w as f32, h as f32),
            at,
        )),
    };
}

/// A dynamic `side` x `side` box at `at`.
pub(crate) fn square(app: &mut App, kind: Kind, side: u32, at: Vec2) -> Entity {
    let t = Transform::from_translation(at.extend(0.0));
    match kind {
        Kind::Pixel => app
            .world_mut()
            .spawn((
                RigidBody::Dynamic,
                PixelShape::from_mask(solid(side, side), Vec2::ONE),
                t,
            ))
            .id(),
        Kind::Avian => app
            .world_mut()
            .spawn((
                RigidBody::Dynamic,
                Collider::rectangle(side as f32, side as f32),
                t,
            ))
            .id(),
    }
}

/// avian's convex polygon through the corners of `mask`'s solid texels, in a body's local space as
/// `PixelShape::from_mask` places the mask (centred, y up, 1 px texels).
pub(crate) fn hull(mask: &Mask) -> Collider {
    let (w, h) = (mask.width(), mask.height());
    let mut corners = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if mask.is_solid(x, y) {
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    corners.push(Vec2::new(
                        (x + dx) as f32 - w as f32 / 2.0,
                        h as f32 / 2.0 - (y + dy) as f32,
                    ));
                }
            }
        }
    }
    Collider::convex_hull(corners).expect("a rock has a hull")
}

/// An irregular rock `size` texels across.
pub(crate) fn rock(size: u32, seed: u32) -> Mask {
    let r = size as f32 / 2.0;
    Mask::from_fn(size, size, |x, y| {
        let d = Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r);
        let a = d.y.atan2(d.x);
        let edge = r * (0.8 + 0.2 * (3.0 * a + seed as f32).sin());
        d.length() < edge
    })
    .unwrap()
}

/// A rock `size` texels across whose outline has five harmonics of random phase and notches cut
/// into it: concave, so that two can hook into each other.
pub(crate) fn ragged_rock(size: u32, seed: u32) -> Mask {
    let r = size as f32 / 2.0;
    let mut state = seed.wrapping_mul(2_654_435_761).wrapping_add(12345) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as f32 / u32::MAX as f32
    };
    let phases: Vec<(f32, f32)> = (1..=5)
        .map(|k| (k as f32, next() * std::f32::consts::TAU))
        .collect();
    let notch = next() * std::f32::consts::TAU;
    Mask::from_fn(size, size, |x, y| {
        let d = Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r);
        let a = d.y.atan2(d.x);
        let wobble: f32 = phases.iter().map(|(k, p)| (k * a + p).sin() / k).sum();
        let cut = if (a - notch).rem_euclid(std::f32::consts::TAU) < 0.5 {
            0.5
        } else {
            1.0
        };
        d.length() < r * cut * (0.75 + 0.15 * wobble)
    })
    .unwrap()
}

/// When the physics step began, and how long the last one took.
#[derive(Resource)]
pub(crate) struct StepTime {
    start: Instant,
    pub(crate) took: Duration,
}

/// Times avian's whole physics schedule, from before its first system set to after its last.
pub(crate) struct StepTimerPlugin;

impl Plugin for StepTimerPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(StepTime {
            start: Instant::now(),
            took: Duration::ZERO,
        })
        .add_systems(
            PhysicsSchedule,
            (
                (|mut t: ResMut<StepTime>| t.start = Instant::now())
                    .before(PhysicsStepSystems::First),
                (|mut t: ResMut<StepTime>| t.took = t.start.elapsed())
                    .after(PhysicsStepSystems::Last),
            ),
        );
    }
}
