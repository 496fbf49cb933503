//! Pixel bodies in avian measured side by side with avian's own colliders, in headless apps stepped
//! at 60 Hz: resting height and drift, a stack of five, rolling down a 30 degree slope (a pixel disc
//! beside avian's circle and beside avian's own polygon of the disc's outline), the energy of a
//! dropped body, the cost of a step with 500 bodies on a 2048 x 512 terrain, and 300 ragged rocks
//! in a box as exact masks against avian's convex hulls of them.
//!
//! ```sh
//! cargo run -p bevy_pixel_collide --example avian_report --features example --profile measure
//! ```
//!
//! The `measure` profile optimises every crate, as the README's figures were taken; in the plain dev
//! profile, whose dependencies are mostly unoptimised, the times read several times longer.

use std::time::{Duration, Instant};

use avian2d::collider_tree::ColliderTreeDiagnostics;
use avian2d::collision::CollisionDiagnostics;
use avian2d::dynamics::solver::SolverDiagnostics;
use avian2d::prelude::*;
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_pixel_collide::avian::{PixelPhysicsPlugins, PixelShape};
use bevy_pixel_collide::pixel_collide::Mask;

const GRAVITY: f32 = 400.0;

/// A headless app stepping physics once per update at 60 Hz, with the pixel backend or avian's own.
fn app(kind: Kind) -> App {
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

fn run(app: &mut App, seconds: f32) {
    for _ in 0..(seconds * 60.0).round() as u32 {
        app.update();
    }
}

fn solid(w: u32, h: u32) -> Mask {
    Mask::from_fn(w, h, |_, _| true).unwrap()
}

fn disc(diameter: u32) -> Mask {
    let r = diameter as f32 / 2.0;
    Mask::from_fn(diameter, diameter, |x, y| {
        Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r).length_squared() < r * r
    })
    .unwrap()
}

fn position(app: &App, e: Entity) -> Vec2 {
    app.world().get::<Position>(e).unwrap().0
}

/// Which colliders a scene is built of.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Pixel,
    Avian,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Pixel => "pixel masks",
            Kind::Avian => "avian's own",
        }
    }
}

/// A static ground `w` x `h` with its top face at y = 0.
fn ground(app: &mut App, kind: Kind, w: u32, h: u32) {
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
fn square(app: &mut App, kind: Kind, side: u32, at: Vec2) -> Entity {
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

/// The resting height of a 16 px box dropped on flat ground after 3 s, and how far it moves in
/// the 10 s after.
fn rest(kind: Kind) -> (f32, f32) {
    let mut app = app(kind);
    ground(&mut app, kind, 256, 16);
    let b = square(&mut app, kind, 16, Vec2::new(0.0, 30.0));
    run(&mut app, 3.0);
    let settled = position(&app, b);
    let mut drift = 0f32;
    for _ in 0..600 {
        app.update();
        drift = drift.max(position(&app, b).distance(settled));
    }
    (settled.y, drift)
}

/// How far the top box of a stack of five 16 px boxes moves from where it is after 1 s over
/// the next 10 s, and whether every box still stands in place.
fn stack(kind: Kind) -> (f32, bool) {
    let mut app = app(kind);
    ground(&mut app, kind, 256, 16);
    let boxes: Vec<Entity> = (0..5)
        .map(|i| square(&mut app, kind, 16, Vec2::new(0.0, 8.5 + 17.0 * i as f32)))
        .collect();
    run(&mut app, 1.0);
    let top = position(&app, boxes[4]);
    run(&mut app, 10.0);
    let stands = boxes.iter().enumerate().all(|(i, &b)| {
        let p = position(&app, b);
        p.x.abs() < 1.0 && (p.y - (8.0 + 16.0 * i as f32)).abs() < 0.5
    });
    (position(&app, boxes[4]).distance(top), stands)
}

/// The slopes a wheel rolls down: 30 degrees, friction 0.5.
#[derive(Clone, Copy)]
enum Slope {
    /// A pixel mask whose surface is a staircase of single texels.
    PixelStairs,
    /// A solid pixel mask turned 30 degrees: a straight surface.
    TurnedPixelSlab,
    /// avian's rectangle turned 30 degrees.
    AvianBox,
}

/// The 32 px round bodies rolled.
#[derive(Clone, Copy)]
enum Wheel {
    /// A pixel disc `texels` across, its texels 32 / `texels` px, meeting the slope as the circle
    /// it is a raster of.
    PixelDisc(u32),
    /// The 32-texel pixel disc meeting the slope on its texels (`with_texel_contacts`).
    PixelDiscTexels,
    /// The pixel backend's circle, which meets masks as an exact circle.
    PixelCircle,
    /// avian's circle.
    AvianCircle,
    /// avian's convex polygon through the corners of the 32-texel pixel disc's texels: the outline
    /// the pixel disc rolls on, as avian's own shape.
    AvianHull,
}

/// The speed of a 32 px round body 1 s after it is set on a 30 degree slope, friction 0.5.
fn roll(slope: Slope, wheel: Wheel) -> f32 {
    let pixel = matches!(slope, Slope::PixelStairs | Slope::TurnedPixelSlab)
        || matches!(
            wheel,
            Wheel::PixelDisc(_) | Wheel::PixelDiscTexels | Wheel::PixelCircle
        );
    let mut app = app(if pixel { Kind::Pixel } else { Kind::Avian });
    let angle = 30f32.to_radians();
    let tan = angle.tan();
    // A 700 x 40 slab turned 30 degrees, its top face through the origin.
    let normal = Vec2::new(-angle.sin(), angle.cos());
    let turned = Transform::from_translation((-normal * 20.0).extend(0.0))
        .with_rotation(Quat::from_rotation_z(angle));
    match slope {
        Slope::PixelStairs => {
            let (w, h) = (600u32, 360u32);
            let mask = Mask::from_fn(w, h, |x, y| {
                ((h - 1 - y) as f32 + 0.5) < (x as f32 + 0.5) * tan
            })
            .unwrap();
            let placed = Affine2::from_translation(Vec2::new(-300.0, h as f32 - 300.0 * tan))
                * Affine2::from_scale(Vec2::new(1.0, -1.0));
            app.world_mut().spawn((
                RigidBody::Static,
                PixelShape::from_mask_placed(mask, placed),
                Friction::new(0.5),
                Transform::IDENTITY,
            ));
        }
        Slope::TurnedPixelSlab => {
            app.world_mut().spawn((
                RigidBody::Static,
                PixelShape::from_mask(solid(700, 40), Vec2::ONE),
                Friction::new(0.5),
                turned,
            ));
        }
        Slope::AvianBox => {
            app.world_mut().spawn((
                RigidBody::Static,
                Collider::rectangle(700.0, 40.0),
                Friction::new(0.5),
                turned,
            ));
        }
    }
    let x0 = 200.0;
    let at = Vec2::new(x0, x0 * tan + 16.0 / angle.cos() + 0.5);
    let t = Transform::from_translation(at.extend(0.0));
    let body = (RigidBody::Dynamic, Friction::new(0.5), t);
    let wheel = match wheel {
        Wheel::PixelDisc(texels) => app
            .world_mut()
            .spawn((
                body,
                PixelShape::from_mask(disc(texels), Vec2::splat(32.0 / texels as f32)),
            ))
            .id(),
        Wheel::PixelDiscTexels => app
            .world_mut()
            .spawn((
                body,
                PixelShape::from_mask(disc(32), Vec2::ONE).with_texel_contacts(),
            ))
            .id(),
        Wheel::PixelCircle => app.world_mut().spawn((body, PixelShape::circle(16.0))).id(),
        Wheel::AvianCircle => app.world_mut().spawn((body, Collider::circle(16.0))).id(),
        Wheel::AvianHull => {
            let hull = hull(&disc(32));
            app.world_mut().spawn((body, hull)).id()
        }
    };
    run(&mut app, 1.0);
    app.world().get::<LinearVelocity>(wheel).unwrap().0.length()
}

/// The largest rise of a dropped, turned body's energy over any step of 5 s, as a fraction of the
/// energy of its drop: a 20 x 14 box in both kinds, or (`ragged`) a ragged pixel rock.
fn energy(kind: Kind, ragged: bool) -> f32 {
    let mut app = app(kind);
    ground(&mut app, kind, 256, 16);
    let at = Transform::from_xyz(0.0, 60.0, 0.0).with_rotation(Quat::from_rotation_z(0.4));
    let b = match (kind, ragged) {
        (Kind::Avian, _) => app
            .world_mut()
            .spawn((RigidBody::Dynamic, Collider::rectangle(20.0, 14.0), at))
            .id(),
        (Kind::Pixel, false) => app
            .world_mut()
            .spawn((
                RigidBody::Dynamic,
                PixelShape::from_mask(solid(20, 14), Vec2::ONE),
                at,
            ))
            .id(),
        (Kind::Pixel, true) => {
            let rock =
                Mask::from_fn(20, 14, |x, y| (x * 7 + y * 3) % 11 != 0 && x + y > 4).unwrap();
            app.world_mut()
                .spawn((
                    RigidBody::Dynamic,
                    PixelShape::from_mask(rock, Vec2::ONE),
                    at,
                ))
                .id()
        }
    };
    // The mass properties are in place after the first step.
    app.update();
    app.update();
    let mass = app.world().get::<ComputedMass>(b).unwrap().value();
    let inertia = app
        .world()
        .get::<ComputedAngularInertia>(b)
        .unwrap()
        .value();
    let e = |app: &App| {
        let v = app.world().get::<LinearVelocity>(b).unwrap().0;
        let w = app.world().get::<AngularVelocity>(b).unwrap().0;
        let com = app.world().get::<ComputedCenterOfMass>(b).unwrap().0;
        let rot = *app.world().get::<Rotation>(b).unwrap();
        let y = (position(app, b) + rot * com).y;
        0.5 * mass * v.length_squared() + 0.5 * inertia * w * w + mass * GRAVITY * y
    };
    let mut before = e(&app);
    let drop = mass * GRAVITY * 60.0;
    let mut worst = f32::MIN;
    for _ in 0..300 {
        app.update();
        let now = e(&app);
        worst = worst.max((now - before) / drop);
        before = now;
    }
    worst
}

/// A rough pixel terrain 2048 x 512 with hills and holes, its top-left texel at (-1024, 256).
fn terrain() -> Mask {
    Mask::from_fn(2048, 512, |x, y| {
        let xf = x as f32;
        let surface = 300.0 + 60.0 * (xf / 180.0).sin() + 25.0 * (xf / 37.0).cos();
        let cave = ((xf - 1000.0) / 120.0).powi(2) + ((y as f32 - 420.0) / 40.0).powi(2) < 1.0;
        y as f32 > surface && !cave
    })
    .unwrap()
}

/// An irregular rock `size` texels across.
fn rock(size: u32, seed: u32) -> Mask {
    let r = size as f32 / 2.0;
    Mask::from_fn(size, size, |x, y| {
        let d = Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r);
        let a = d.y.atan2(d.x);
        let edge = r * (0.8 + 0.2 * (3.0 * a + seed as f32).sin());
        d.length() < edge
    })
    .unwrap()
}

/// Steps 500 bodies of 16 to 48 px on the terrain: per-step times (medians over 5 s after 3 s of
/// settling) for the whole update and avian's phases.
fn crowd() {
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

/// avian's convex polygon through the corners of `mask`'s solid texels, in a body's local space as
/// `PixelShape::from_mask` places the mask (centred, y up, 1 px texels).
fn hull(mask: &Mask) -> Collider {
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

/// avian's compound of `mask`'s rectangle cover (`Mask::cover`): the mask's exact texels in avian's
/// own shapes, placed as `hull` places the hull.
fn raster_of(mask: &Mask) -> Collider {
    let (w, h) = (mask.width() as f32, mask.height() as f32);
    let parts = mask
        .cover()
        .into_iter()
        .map(|r| {
            let (x, y, rw, rh) = (r.x as f32, r.y as f32, r.w as f32, r.h as f32);
            let centre = Vec2::new(x + rw / 2.0 - w / 2.0, h / 2.0 - (y + rh / 2.0));
            (centre, 0.0, Collider::rectangle(rw, rh))
        })
        .collect();
    Collider::compound(parts)
}

/// The report's pile of rocks: what it is made of and how long it settles before it is measured.
#[derive(Clone, Copy)]
struct Pile {
    /// Ragged rocks, or boxes of the same sizes (convex either way).
    rocks: bool,
    /// Whether bodies may sleep (`SleepingDisabled` on every rock when not).
    sleep: bool,
    /// avian's rocks as the compound of their masks' rectangle covers instead of their hulls.
    raster: bool,
    /// The pixel box as three masks (floor and walls), as avian's is three rectangles, instead of
    /// one mask: one box's bounding box holds every rock, so it pairs with each of them.
    pieces: bool,
    /// avian's box as one collider (a compound of its three rectangles), whose bounding box holds
    /// every rock as the box of one mask does, instead of three.
    one_avian_box: bool,
    /// Seconds stepped before it is returned.
    settle: f32,
}

impl Pile {
    /// 300 ragged rocks in a box of one pixel mask, settled 6 s, sleeping allowed.
    const ROCKS: Pile = Pile {
        rocks: true,
        sleep: true,
        raster: false,
        pieces: false,
        one_avian_box: false,
        settle: 6.0,
    };
}

/// 300 ragged rocks (or boxes) of 12 to 32 px settled in a 1,200 px wide box: as exact pixel masks
/// in a box of pixel masks, and as avian's convex hulls (or compounds of rectangles) of the same
/// shapes in a box of avian's rectangles. Returns the app, stepped `pile.settle` seconds.
fn rock_box(kind: Kind, pile: Pile) -> App {
    let mut app = app(kind);
    let (w, h, wall) = (1200u32, 400u32, 16u32);
    // Floor and walls: sizes and centres.
    let (wf, hf, t) = (w as f32, h as f32, wall as f32);
    let pieces = [
        (Vec2::new(wf, t), Vec2::new(0.0, t / 2.0)),
        (Vec2::new(t, hf), Vec2::new((t - wf) / 2.0, hf / 2.0)),
        (Vec2::new(t, hf), Vec2::new((wf - t) / 2.0, hf / 2.0)),
    ];
    match kind {
        Kind::Pixel if pile.pieces => {
            for (size, at) in pieces {
                app.world_mut().spawn((
                    RigidBody::Static,
                    PixelShape::from_mask(solid(size.x as u32, size.y as u32), Vec2::ONE),
                    Transform::from_translation(at.extend(0.0)),
                ));
            }
        }
        Kind::Pixel => {
            let bin =
                Mask::from_fn(w, h, |x, y| x < wall || x >= w - wall || y >= h - wall).unwrap();
            app.world_mut().spawn((
                RigidBody::Static,
                PixelShape::from_mask(bin, Vec2::ONE),
                Transform::from_xyz(0.0, h as f32 / 2.0, 0.0),
            ));
        }
        Kind::Avian if pile.one_avian_box => {
            let parts = pieces
                .map(|(size, at)| (at, 0.0, Collider::rectangle(size.x, size.y)))
                .to_vec();
            app.world_mut()
                .spawn((RigidBody::Static, Collider::compound(parts)));
        }
        Kind::Avian => {
            for (size, at) in pieces {
                app.world_mut().spawn((
                    RigidBody::Static,
                    Collider::rectangle(size.x, size.y),
                    Transform::from_translation(at.extend(0.0)),
                ));
            }
        }
    }
    for i in 0..300u32 {
        let size = 12 + (i * 37) % 21;
        let mask = if pile.rocks {
            rock(size, i)
        } else {
            solid(size, size * 3 / 4)
        };
        let at = Vec2::new(
            -560.0 + (i % 30) as f32 * 38.0,
            40.0 + (i / 30) as f32 * 38.0,
        );
        let place = Transform::from_translation(at.extend(0.0))
            .with_rotation(Quat::from_rotation_z(i as f32 * 0.9));
        let mut rock = match kind {
            Kind::Pixel => app.world_mut().spawn((
                RigidBody::Dynamic,
                PixelShape::from_mask(mask, Vec2::ONE),
                place,
            )),
            Kind::Avian => {
                let collider = if pile.raster {
                    raster_of(&mask)
                } else {
                    hull(&mask)
                };
                app.world_mut().spawn((RigidBody::Dynamic, collider, place))
            }
        };
        if !pile.sleep {
            rock.insert(SleepingDisabled);
        }
    }
    run(&mut app, pile.settle);
    app
}

/// The rocks in their box, both kinds stepped in turn (blocks of 20 steps, alternating), medians of
/// 300 steps each: the whole app update and avian's phases, and the ratio exact / traced; settled
/// in a box of one mask, settled in a box of three masks as avian's is of three rectangles (longer,
/// since the exact pile sleeps later there), settled with each side's box one collider, with every
/// rock kept awake, and boxes (convex, as the hulls are) settled.
fn traced() {
    let rocks = Pile::ROCKS;
    traced_with(rocks);
    traced_with(Pile {
        pieces: true,
        settle: 15.0,
        ..rocks
    });
    traced_with(Pile {
        one_avian_box: true,
        ..rocks
    });
    traced_with(Pile {
        sleep: false,
        ..rocks
    });
    traced_with(Pile {
        rocks: false,
        ..rocks
    });
}

fn traced_with(pile: Pile) {
    let mut apps = [rock_box(Kind::Pixel, pile), rock_box(Kind::Avian, pile)];
    let mut total: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut step: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut broad: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut narrow: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut solver: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    for _ in 0..15 {
        for (k, app) in apps.iter_mut().enumerate() {
            for _ in 0..20 {
                let start = Instant::now();
                app.update();
                total[k].push(start.elapsed());
                let w = app.world();
                step[k].push(w.resource::<StepTime>().took);
                let c = w.resource::<CollisionDiagnostics>();
                broad[k].push(c.broad_phase);
                narrow[k].push(c.narrow_phase);
                let s = w.resource::<SolverDiagnostics>();
                solver[k].push(
                    s.prepare_constraints
                        + s.warm_start
                        + s.solve_constraints
                        + s.integrate_positions
                        + s.integrate_velocities
                        + s.relax_velocities
                        + s.finalize,
                );
            }
        }
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2].as_secs_f64() * 1e3
    };
    let pairs = |app: &App| app.world().resource::<CollisionDiagnostics>().contact_count;
    let asleep = |app: &mut App| {
        app.world_mut()
            .query_filtered::<(), (With<RigidBody>, With<Sleeping>)>()
            .iter(app.world())
            .count()
    };
    let sleeping = [asleep(&mut apps[0]), asleep(&mut apps[1])];
    // Pairs whose bounding boxes overlap and whose bodies are not both asleep, which the narrow
    // phase asks for a manifold every step.
    let active = |app: &App| app.world().resource::<ContactGraph>().active_pairs().len();
    println!(
        "300 {} of 12 to 32 px in a 1,200 px box{} after {} s{}, medians of 300 steps each, interleaved:",
        if pile.rocks { "ragged rocks" } else { "boxes" },
        match (pile.pieces, pile.one_avian_box) {
            (true, _) => " of three masks",
            (false, true) => " of one collider on both sides (avian's a compound)",
            (false, false) => "",
        },
        pile.settle,
        if pile.sleep { "" } else { ", none allowed to sleep" }
    );
    for (k, name) in ["exact pixel masks", "avian's convex hulls"]
        .iter()
        .enumerate()
    {
        println!(
            "  {name}: physics step {:.2} ms (broad phase {:.2} ms, narrow phase {:.2} ms, solver {:.2} ms), whole update {:.2} ms ({} contact pairs, {} active, {} of 300 asleep)",
            median(&mut step[k]),
            median(&mut broad[k]),
            median(&mut narrow[k]),
            median(&mut solver[k]),
            median(&mut total[k]),
            pairs(&apps[k]),
            active(&apps[k]),
            sleeping[k]
        );
    }
    println!(
        "  exact / traced: physics step {:.2}x, whole update {:.2}x",
        median(&mut step[0]) / median(&mut step[1]),
        median(&mut total[0]) / median(&mut total[1])
    );
}

/// Whether the settled rock pile can sleep: the rocks as exact pixel masks, as avian's convex hulls
/// and as avian's compound of each mask's rectangles (the same exact texels in avian's own contact
/// code), each settled 6 s and then stepped 10 s with sleeping allowed. Per second: the bodies past
/// avian's sleep thresholds, the fastest body, and how far the bodies moved over that second (which
/// tells a pile jittering in place from one still slumping); medians over the ten seconds.
fn pile_sleep() {
    println!("300 ragged rocks of 12 to 32 px settled 6 s in a 1,200 px box, then 10 s (medians over the seconds):");
    for (name, kind, raster) in [
        ("exact pixel masks", Kind::Pixel, false),
        ("avian's convex hulls", Kind::Avian, false),
        (
            "avian's compound of the masks' rectangles",
            Kind::Avian,
            true,
        ),
    ] {
        let mut app = rock_box(
            kind,
            Pile {
                raster,
                ..Pile::ROCKS
            },
        );
        let [mut awake, mut fastest, mut drift, mut farthest] = [(); 4].map(|_| Vec::new());
        let mut all_asleep = None;
        for second in 0..10 {
            let start = poses(&mut app);
            run(&mut app, 1.0);
            let end = poses(&mut app);
            let threshold = 0.15 * 16.0;
            let w = app.world_mut();
            let mut q = w.query::<(&LinearVelocity, &AngularVelocity)>();
            let speeds: Vec<(f32, f32)> =
                q.iter(w).map(|(l, a)| (l.0.length(), a.0.abs())).collect();
            awake.push(
                speeds
                    .iter()
                    .filter(|(l, a)| *l >= threshold || *a >= 0.15)
                    .count() as f32,
            );
            fastest.push(speeds.iter().map(|s| s.0).fold(0.0, f32::max));
            let mut moved: Vec<f32> = start
                .iter()
                .zip(&end)
                .map(|(a, b)| a.distance(*b))
                .collect();
            moved.sort_by(f32::total_cmp);
            drift.push(moved[moved.len() * 9 / 10]);
            farthest.push(moved[moved.len() - 1]);
            let sleeping = w
                .query_filtered::<(), (With<RigidBody>, With<Sleeping>)>()
                .iter(w)
                .count();
            if sleeping == 300 && all_asleep.is_none() {
                all_asleep = Some(7 + second);
            }
        }
        let slept = all_asleep.map_or("not all asleep by 16 s".to_string(), |s| {
            format!("all asleep {s} s after the drop")
        });
        let asleep = app
            .world_mut()
            .query_filtered::<(), (With<RigidBody>, With<Sleeping>)>()
            .iter(app.world())
            .count();
        let median = |v: &mut Vec<f32>| {
            v.sort_by(f32::total_cmp);
            v[v.len() / 2]
        };
        println!(
            "  {name}: {slept}, {asleep} of 300 asleep at the end; {:.0} past avian's sleep thresholds, fastest {:.2} px/s; moved in a second: 90% under {:.3} px, farthest {:.2} px",
            median(&mut awake),
            median(&mut fastest),
            median(&mut drift),
            median(&mut farthest),
        );
    }
}

/// Every dynamic body's centre of mass and the point 16 px from it along its x axis (so that a turn
/// shows as a move too), in the order of the bodies' entities: a body that falls asleep moves to
/// another table, and a query's order with it.
fn poses(app: &mut App) -> Vec<Vec2> {
    let w = app.world_mut();
    let mut q = w.query_filtered::<(Entity, &Position, &Rotation), With<RigidBody>>();
    let mut bodies: Vec<(Entity, Vec2, Rotation)> =
        q.iter(w).map(|(e, p, r)| (e, p.0, *r)).collect();
    bodies.sort_by_key(|b| b.0);
    bodies
        .into_iter()
        .flat_map(|(_, p, r)| [p, p + r * Vec2::new(16.0, 0.0)])
        .collect()
}

fn main() {
    let uptime = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at start: {}", uptime.trim());
    // `avian_report crowd` measures the 500 bodies alone, for profiling the step.
    if std::env::args().nth(1).as_deref() == Some("crowd") {
        crowd();
        return;
    }
    // `avian_report traced` measures exact masks against avian's convex hulls of them alone.
    // `avian_report sleep` asks whether the settled pile sleeps, with avian's own exact raster beside.
    if std::env::args().nth(1).as_deref() == Some("sleep") {
        pile_sleep();
        return;
    }
    if std::env::args().nth(1).as_deref() == Some("traced") {
        traced();
        return;
    }
    // Interleaved: each measure runs for both kinds in turn.
    let (pixel_rest, avian_rest) = (rest(Kind::Pixel), rest(Kind::Avian));
    for (kind, (y, drift)) in [(Kind::Pixel, pixel_rest), (Kind::Avian, avian_rest)] {
        println!(
            "{:>12}: box rests at y = {y:.4} (exact 8), moves {drift:.4} px over 10 s",
            kind.name()
        );
    }
    println!(
        "  rest height difference: {:.4} px",
        (pixel_rest.0 - avian_rest.0).abs()
    );
    for kind in [Kind::Pixel, Kind::Avian] {
        let (moved, stands) = stack(kind);
        println!(
            "{:>12}: stack of five, top box moves {moved:.4} px in 10 s, stands: {stands}",
            kind.name()
        );
    }
    let rolls = [
        (
            Slope::PixelStairs,
            Wheel::PixelDisc(32),
            "32-texel pixel disc on pixel stairs",
        ),
        (
            Slope::AvianBox,
            Wheel::AvianCircle,
            "avian's circle on avian's turned box",
        ),
        (
            Slope::PixelStairs,
            Wheel::PixelDiscTexels,
            "the 32-texel disc on its texels, on pixel stairs",
        ),
        (
            Slope::AvianBox,
            Wheel::AvianHull,
            "avian's hull of the 32-texel disc on the box",
        ),
        (
            Slope::TurnedPixelSlab,
            Wheel::PixelDiscTexels,
            "the 32-texel disc on its texels, on a turned pixel slab",
        ),
        (
            Slope::PixelStairs,
            Wheel::PixelCircle,
            "the pixel backend's circle on pixel stairs",
        ),
        (
            Slope::PixelStairs,
            Wheel::PixelDisc(64),
            "64-texel pixel disc (0.5 px texels) on stairs",
        ),
    ]
    .map(|(slope, wheel, name)| (name, roll(slope, wheel)));
    let exact = 2.0 / 3.0 * GRAVITY * 0.5;
    let circle = rolls[1].1;
    println!(
        "rolling 32 px bodies down 30 degrees for 1 s (a solid disc rolling exactly: {exact:.2} px/s):"
    );
    for (name, v) in rolls {
        println!(
            "  {name}: {v:.2} px/s ({:+.1}% against avian's circle)",
            100.0 * (v - circle) / circle
        );
    }
    println!(
        "largest energy rise over one step of a dropped turned box, as a fraction of its drop's \
         energy: pixel {:.2e}, avian {:.2e}; a ragged pixel rock {:.2e}",
        energy(Kind::Pixel, false),
        energy(Kind::Avian, false),
        energy(Kind::Pixel, true)
    );
    crowd();
    traced();
    let uptime = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at the end: {}", uptime.trim());
}

/// When the physics step began, and how long the last one took.
#[derive(Resource)]
struct StepTime {
    start: Instant,
    took: Duration,
}

/// Times avian's whole physics schedule, from before its first system set to after its last.
struct StepTimerPlugin;

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
