//! A kinematic character walking pixel hills through `PixelMoveAndSlide`, as a platformer moves it:
//! how often it stands still on a floor while asked to walk, how deep it ever ends a step in the
//! ground, whether it reaches the far end, and how far one fast step climbs a staircase.

use std::time::Duration;

use avian2d::prelude::*;
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_pixel_collide::avian::{PixelMoveAndSlide, PixelShape};
use bevy_pixel_collide::pixel_collide::{Mask, Moved, Mover, Sprite, push_out};

use crate::setup::*;

/// The ground's height in texels.
const HEIGHT: u32 = 320;

/// The flat stretch at each end of a ground, in columns.
const END: usize = 60;

/// Hills of 1 px texels `width` columns wide: slopes up to plateaus and down into valleys, at angles
/// up to just under the floor angle, with risers of 1 to `riser` texels between, drawn from `seed`;
/// flat at both ends. Each entry is a column's height.
fn hills(seed: u32, width: usize, riser: u32) -> Vec<u32> {
    let mut state = seed.wrapping_mul(2_654_435_761) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as f32 / u32::MAX as f32
    };
    let steepest = Mover::default().max_floor_angle - 0.02;
    let mut h = vec![120.0f32; END];
    while h.len() < width - END {
        let level = *h.last().unwrap();
        let up = if level > 200.0 {
            false
        } else if level < 60.0 {
            true
        } else {
            next() < 0.5
        };
        let (n, angle) = (10 + (next() * 80.0) as usize, next() * steepest);
        let rate = angle.tan() * if up { 1.0 } else { -1.0 };
        h.extend((1..=n).map(|i| level + rate * i as f32));
        let plateau = level + rate * n as f32 + (next() * riser as f32).round();
        h.extend(std::iter::repeat_n(plateau, 2 + (next() * 30.0) as usize));
    }
    h.truncate(width - END);
    let last = *h.last().unwrap();
    h.extend(std::iter::repeat_n(last, END));
    h.into_iter()
        .map(|v| v.round().clamp(8.0, 240.0) as u32)
        .collect()
}

/// The ground of column heights `h`, walled at both ends: its shape and where it is placed (its
/// texel `(x, HEIGHT - y)` at world `(x, y)`, y up).
fn ground(h: &[u32]) -> (PixelShape, Transform) {
    let w = h.len() as u32;
    let mask = Mask::from_fn(w, HEIGHT, |x, y| {
        x < 2 || x >= w - 2 || HEIGHT - y <= h[x as usize]
    })
    .expect("the ground's size is valid");
    let at = Transform::from_xyz(w as f32 / 2.0, HEIGHT as f32 / 2.0, 0.0);
    (PixelShape::from_mask(mask, Vec2::ONE), at)
}

/// How one walk went.
struct Walk {
    /// Steps at which the character stood on a floor, asked to walk, and did not move on.
    stood: usize,
    /// Steps it began standing on a floor while asked to walk.
    standing: usize,
    /// The deepest it ended a step in the ground: the shortest push out.
    deepest: f32,
    /// How many times it reached the end it walked towards (and turned back) in 600 steps.
    crossings: usize,
}

/// A character of `shape` tuned `mover` walking `h` at `speed` px a step with gravity, 600 steps
/// after 20 to land, starting at one end (the left when `right`) and turning back at each end.
fn walk(shape: &PixelShape, tall: f32, mover: Mover, h: &[u32], speed: f32, right: bool) -> Walk {
    let mut app = app(Kind::Pixel);
    let (ground_shape, place) = ground(h);
    let terrain = app
        .world_mut()
        .spawn((RigidBody::Static, ground_shape.clone(), place))
        .id();
    app.update();
    let width = h.len() as f32;
    let (start, mut goal, mut side) = if right {
        (END as f32 / 2.0, width - END as f32, 1.0)
    } else {
        (width - END as f32 / 2.0, END as f32, -1.0)
    };
    let mut at = Vec2::new(start, h[start as usize] as f32 + tall / 2.0 + 1.0);
    let (mut velocity, mut standing) = (Vec2::ZERO, false);
    let dt = 1.0 / 60.0;
    let mut out = Walk {
        stood: 0,
        standing: 0,
        deepest: 0.0,
        crossings: 0,
    };
    let ground_at = ground_shape
        .texel_to_world(place.translation.truncate(), Rotation::IDENTITY)
        .expect("the ground is placed");
    let ground_sprite = Sprite::new(ground_shape.mask().unwrap(), ground_at);
    for n in 0..620 {
        let walking = n >= 20;
        velocity.y -= GRAVITY * dt;
        velocity.x = if walking { side * speed / dt } else { 0.0 };
        let moved = step(&mut app, shape, at, velocity, mover, standing);
        if walking && standing {
            out.standing += 1;
            if (moved.position.x - at.x) * side <= 0.0 {
                out.stood += 1;
            }
        }
        let mine = shape.texel_to_world(moved.position, Rotation::IDENTITY);
        if let (Some(mask), Some(mine)) = (shape.mask(), mine) {
            let depth =
                push_out(Sprite::new(mask, mine), ground_sprite).map_or(0.0, |p| p.offset.length());
            out.deepest = out.deepest.max(depth);
        }
        velocity = moved.slide_velocity(velocity);
        standing = moved.on_floor;
        at = moved.position;
        if (at.x - goal) * side >= 0.0 {
            out.crossings += 1;
            side = -side;
            goal = if side > 0.0 {
                width - END as f32
            } else {
                END as f32
            };
        }
    }
    app.world_mut().despawn(terrain);
    out
}

/// One 1/60 s move of `shape` at `at` by `velocity` through the app's pixel shapes.
fn step(
    app: &mut App,
    shape: &PixelShape,
    at: Vec2,
    velocity: Vec2,
    mover: Mover,
    standing: bool,
) -> Moved<Entity> {
    let me = shape.clone();
    app.world_mut()
        .run_system_once(move |m: PixelMoveAndSlide| {
            m.move_and_slide(
                &me,
                at,
                0.0,
                velocity,
                Duration::from_secs_f32(1.0 / 60.0),
                &mover,
                standing,
                &SpatialQueryFilter::default(),
            )
        })
        .expect("the mover runs")
}

/// How far one step of 100 px climbs a staircase of 1 px risers every 2 px (26.6 degrees), standing
/// at its foot.
fn staircase(shape: &PixelShape, tall: f32, mover: Mover) -> f32 {
    let h: Vec<u32> = (0..400u32)
        .map(|x| 60 + (x.clamp(40, 340) - 40) / 2)
        .collect();
    let mut app = app(Kind::Pixel);
    let (ground_shape, place) = ground(&h);
    app.world_mut()
        .spawn((RigidBody::Static, ground_shape, place));
    app.update();
    let at = Vec2::new(30.0, 60.0 + tall / 2.0);
    let moved = step(&mut app, shape, at, Vec2::new(6000.0, 0.0), mover, true);
    moved.position.x - at.x
}

/// The box and the capsule walking ten grounds 1,200 px wide from either end, back and forth, at 1
/// to 200 px a step, and the staircase.
pub(crate) fn walks() {
    let shapes = [
        ("box 10 x 20", PixelShape::rectangle(10.0, 20.0), 20.0, 3),
        ("capsule 5 x 10", PixelShape::capsule(2.5, 5.0), 10.0, 1),
    ];
    println!(
        "a character walking pixel hills through PixelMoveAndSlide (slopes to just under the floor angle, plateaus, risers up to the step height), 600 steps from either end of each of 10 grounds 1,200 px wide, turning back at the ends:"
    );
    for (name, shape, tall, riser) in &shapes {
        let mover = PixelMoveAndSlide::mover_for_height(*tall);
        for speed in [1.0, 5.0, 25.0, 100.0, 200.0] {
            let (mut stood, mut standing, mut deepest, mut crossings) = (0, 0, 0.0f32, 0);
            for seed in 0..10 {
                let h = hills(seed, 1200, *riser);
                for right in [true, false] {
                    let w = walk(shape, *tall, mover, &h, speed, right);
                    stood += w.stood;
                    standing += w.standing;
                    deepest = deepest.max(w.deepest);
                    crossings += w.crossings;
                }
            }
            println!(
                "  {name} at {speed:>3} px a step: stood still on a floor while walking {stood} of {standing} steps it stood, crossed the ground {crossings} times, deepest in the ground {deepest:.4} px"
            );
        }
        println!(
            "  {name}: one 100 px step up a staircase of 1 px risers every 2 px climbs {:.1} px across",
            staircase(shape, *tall, mover)
        );
    }
}
