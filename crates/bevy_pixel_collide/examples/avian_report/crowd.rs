//! 500 bodies on a 2048 x 512 pixel terrain: the step and where its time goes.

use std::time::{Duration, Instant};

use avian2d::collider_tree::ColliderTreeDiagnostics;
use avian2d::collision::CollisionDiagnostics;
use avian2d::dynamics::solver::SolverDiagnostics;
use avian2d::prelude::*;
use bevy::prelude::*;
use bevy_pixel_collide::avian::PixelShape;
use bevy_pixel_collide::pixel_collide::Mask;

use crate::setup::*;

/// A rough pixel terrain 2048 x 512 with hills and holes, its top-left texel at (-1024, 256).
pub(crate) fn terrain() -> Mask {
    Mask::from_fn(2048, 512, |x, y| {
        let xf = x as f32;
        let surface = 300.0 + 60.0 * (xf / 180.0).sin() + 25.0 * (xf / 37.0).cos();
        let cave = ((xf - 1000.0) / 120.0).powi(2) + ((y as f32 - 420.0) / 40.0).powi(2) < 1.0;
        y as f32 > surface && !cave
    })
    .unwrap()
}

/// Steps 500 bodies of 16 to 48 px on the terrain: per-step times (medians over 5 s after 3 s of
/// settling) for the whole update and avian's phases.
pub(crate) fn crowd() {
    let mut app = app(Kind::Pixel);
    app.world_mut().spawn((
        RigidBody::Static,
        PixelShape::from_mask(terrain(), Vec2::ONE),
        Transform::IDENTITY,
    ));
    for i in 0..500u32 {
        let size = 16 + (i * 37) % 33;
        let x = -1000.0 + (i % 50) as f32 * 40.0;
        let y = 300.0 + (i / 50) as f32 * 52.0;
        let shape = if i % 2 == 0 {
            PixelShape::from_mask(solid(size, size * 3 / 4), Vec2::ONE)
        } else {
            PixelShape::from_mask(rock(size, i), Vec2::ONE)
        };
        app.world_mut()
            .spawn((RigidBody::Dynamic, shape, Transform::from_xyz(x, y, 0.0)));
    }
    run(&mut app, 3.0);
    let mut total = Vec::new();
    let mut parts: Vec<[Duration; 4]> = Vec::new();
    let mut steps = Vec::new();
    for _ in 0..300 {
        let start = Instant::now();
        app.update();
        total.push(start.elapsed());
        let w = app.world();
        let c = w.resource::<CollisionDiagnostics>();
        let s = w.resource::<SolverDiagnostics>();
        let t = w.resource::<ColliderTreeDiagnostics>();
        let solver = s.prepare_constraints
            + s.update_velocity_increments
            + s.integrate_velocities
            + s.warm_start
            + s.solve_constraints
            + s.integrate_positions
            + s.relax_velocities
            + s.apply_restitution
            + s.finalize
            + s.store_impulses
            + s.swept_ccd;
        parts.push([t.update + t.optimize, c.broad_phase, c.narrow_phase, solver]);
        steps.push(w.resource::<StepTime>().took);
    }
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2].as_secs_f64() * 1e3
    };
    let contacts = app.world().resource::<CollisionDiagnostics>().contact_count;
    println!(
        "500 bodies on a 2048 x 512 terrain ({contacts} contact pairs), medians of 300 steps:"
    );
    println!(
        "  whole update (physics step + pixel collision messages): {:.2} ms",
        median(total)
    );
    println!(
        "  physics step (avian's whole schedule): {:.2} ms",
        median(steps)
    );
    let names = [
        "collider tree update",
        "broad phase",
        "narrow phase (manifolds)",
        "solver",
    ];
    for (k, name) in names.iter().enumerate() {
        println!(
            "  {name}: {:.2} ms",
            median(parts.iter().map(|p| p[k]).collect())
        );
    }
}
