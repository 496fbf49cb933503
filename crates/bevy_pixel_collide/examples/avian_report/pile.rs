//! 300 ragged rocks in a box, as exact pixel masks against avian's convex hulls of them (and its
//! compounds of their rectangles): the step settled and awake, and whether the pile sleeps.

use std::time::{Duration, Instant};

use avian2d::collision::CollisionDiagnostics;
use avian2d::dynamics::solver::SolverDiagnostics;
use avian2d::prelude::*;
use bevy::prelude::*;
use bevy_pixel_collide::avian::PixelShape;
use bevy_pixel_collide::pixel_collide::Mask;

use crate::setup::*;

/// avian's compound of `mask`'s rectangle cover (`Mask::cover`): the mask's exact texels in avian's
/// own shapes, placed as `hull` places the hull.
pub(crate) fn raster_of(mask: &Mask) -> Collider {
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
pub(crate) struct Pile {
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
pub(crate) fn rock_box(kind: Kind, pile: Pile) -> App {
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
pub(crate) fn traced() {
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

pub(crate) fn traced_with(pile: Pile) {
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
        if pile.sleep {
            ""
        } else {
            ", none allowed to sleep"
        }
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
pub(crate) fn pile_sleep() {
    println!(
        "300 ragged rocks of 12 to 32 px settled 6 s in a 1,200 px box, then 10 s (medians over the seconds):"
    );
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
pub(crate) fn poses(app: &mut App) -> Vec<Vec2> {
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
