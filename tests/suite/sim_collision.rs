//! The collision pipeline in the game: no tunnelling of thin shapes at the game's top speeds (or
//! any speed), and the per-block outcomes and counters it reports.

use crate::support;

use std::f32::consts::TAU;

use glam::Vec2;
use spinfall::collision::{collide, sprite_transform, Mask, Sprite};
use spinfall::sim::{
    safe_area, Bot, CheckOutcome, Event, Input, Mode, PowerUpKind, Shapes, Tuning, World,
    GROW_SCALE,
};
use support::{catch, player_mid, quiet, quiet_with, settle, shapes, step, MINUTE};

/// A 64 x 64 block mask that is a single row of texels through the centre: 0.5 px thick at scale 0.5.
fn thin_block() -> Mask {
    Mask::from_fn(64, 64, |_, y| y == 32).unwrap()
}

/// A figure that is a single row (for falling blocks) or a single column (for walking into blocks).
fn thin_figure(row: bool) -> Mask {
    Mask::from_fn(32, 48, |x, y| if row { y == 24 } else { x == 16 }).unwrap()
}

#[test]
fn thin_shapes_do_not_tunnel_at_top_speed() {
    let tuning = Tuning::for_mode(Mode::Classic);
    let fall = tuning.top_fall_speed();
    let spin = tuning.top_spin();
    // The fastest the game ever moves blocks: no difficulty exceeds these.
    let late = tuning.difficulty_at(1_000 * MINUTE);
    assert!(late.fall_max <= fall && late.spin <= spin);
    assert!(fall >= 7.0, "the test should cover the real top speed");

    // A 0.5 px bar falling at top speed and spinning, onto a one-texel line figure walking at full
    // speed, at its normal size (1 px thick), shrunk (0.5 px), and while it grows (the line moving
    // up to meet the bar): every starting phase must register exactly one hit.
    let mut misses = Vec::new();
    for size in ["normal", "shrunk", "growing"] {
        for phase in 0..70 {
            let mut world = quiet_with(Mode::Classic, Shapes::new(thin_figure(true), thin_block()));
            if size == "shrunk" {
                catch(&mut world, PowerUpKind::Shrink);
                settle(&mut world);
                assert_eq!(world.player().scale(), 0.5);
            } else if size == "growing" {
                catch(&mut world, PowerUpKind::Grow);
                assert_eq!(world.player().target_scale(), GROW_SCALE);
            }
            let scale = world.player().scale();
            let line_y = world.player().rect().min.y + 24.5 * scale;
            let start = Vec2::new(400.0, line_y - 40.0 - phase as f32 * 0.1);
            world.spawn_block(start, 0.0, 0.5, fall, spin);
            let mut hits = 0;
            for s in 0..40 {
                let dir = if s % 2 == 0 { 1.0 } else { -1.0 };
                hits += step(&mut world, Input::new(dir))
                    .iter()
                    .filter(|e| matches!(e, Event::Hit { .. }))
                    .count();
            }
            if hits != 1 {
                misses.push((size, phase, hits));
            }
        }
    }
    assert!(
        misses.is_empty(),
        "(size, phase, hits) with a wrong hit count: {misses:?}"
    );

    // A 1 px column figure walking at full speed through a standing 0.5 px vertical bar.
    let mut misses = Vec::new();
    for phase in 0..50 {
        let upright = Mask::from_fn(64, 64, |x, _| x == 32).unwrap();
        let mut world = quiet_with(Mode::Classic, Shapes::new(thin_figure(false), upright));
        let y = player_mid(&world);
        world.spawn_block(Vec2::new(300.0 - phase as f32 * 0.1, y), 0.0, 0.5, 0.0, 0.0);
        let hits = (0..40)
            .flat_map(|_| step(&mut world, Input::new(-1.0)))
            .filter(|e| matches!(e, Event::Hit { .. }))
            .count();
        if hits != 1 {
            misses.push((phase, hits));
        }
    }
    assert!(
        misses.is_empty(),
        "phases with a wrong hit count: {misses:?}"
    );
}

#[test]
fn thin_shapes_do_not_tunnel_at_any_speed() {
    // The time of impact has no sample spacing to outrun: a 0.5 px bar falling 20 to 400 px a step,
    // far beyond the game's top speed, onto the one-texel line figure always hits it once.
    let mut misses = Vec::new();
    for (i, fall) in [20.0f32, 55.5, 120.25, 400.0].into_iter().enumerate() {
        for phase in 0..40 {
            let mut world = quiet_with(Mode::Classic, Shapes::new(thin_figure(true), thin_block()));
            let line_y = world.player().rect().min.y + 24.5;
            let start = Vec2::new(400.0, line_y - fall * 1.5 - phase as f32 * fall / 40.0);
            world.spawn_block(start, 0.01 * i as f32, 0.5, fall, 0.02);
            let hits = (0..6)
                .flat_map(|_| step(&mut world, Input::IDLE))
                .filter(|e| matches!(e, Event::Hit { .. }))
                .count();
            if hits != 1 {
                misses.push((fall, phase, hits));
            }
        }
    }
    assert!(misses.is_empty(), "(fall, phase, hits): {misses:?}");
}

#[test]
fn without_sub_steps_the_thin_scene_would_tunnel() {
    // The control for the test above: testing only where things are at the end of each step misses.
    let block = thin_block();
    let figure = thin_figure(true);
    let fall = Tuning::for_mode(Mode::Classic).top_fall_speed();
    let line_y = safe_area().max.y - 48.0 + 24.5;
    let figure_at = sprite_transform(
        Vec2::new(400.0, safe_area().max.y),
        0.0,
        Vec2::ONE,
        Vec2::new(16.0, 48.0),
    );
    let mut missed_phases = 0;
    for phase in 0..70 {
        let start = line_y - 40.0 - phase as f32 * 0.1;
        let touched = (0..40).any(|s| {
            let pos = Vec2::new(400.0, start + fall * s as f32);
            let t = sprite_transform(pos, 0.0, Vec2::splat(0.5), Vec2::splat(32.0));
            collide(Sprite::new(&block, t), Sprite::new(&figure, figure_at)).is_some()
        });
        if !touched {
            missed_phases += 1;
        }
    }
    assert!(
        missed_phases > 35,
        "only {missed_phases} of 70 phases would tunnel"
    );
}

#[test]
fn every_block_records_what_the_collision_pipeline_concluded() {
    let mut world = quiet(Mode::Classic);
    let y = player_mid(&world);
    let x = world.player().x();
    let far = world.spawn_block(Vec2::new(100.0, 100.0), 0.0, 1.0, 0.0, 0.0);
    // Rotated 45 degrees with its centre 45 px off: the boxes overlap, the solid parts do not.
    let near = world.spawn_block(Vec2::new(x + 45.0, y - 40.0), TAU / 8.0, 1.0, 0.0, 0.0);
    let on = world.spawn_block(Vec2::new(x, y), 0.0, 1.0, 0.0, 0.0);
    assert!(world
        .blocks()
        .iter()
        .all(|b| b.last_check() == CheckOutcome::Rejected));
    world.step(Input::IDLE);
    let check = |world: &World, id| {
        world
            .blocks()
            .iter()
            .find(|b| b.id() == id)
            .unwrap()
            .last_check()
    };
    assert_eq!(check(&world, far), CheckOutcome::Rejected);
    assert_eq!(check(&world, near), CheckOutcome::Missed);
    assert_eq!(check(&world, on), CheckOutcome::Hit);
    let last = *world.last_step_stats();
    assert_eq!((last.rejected, last.missed, last.hits), (1, 1, 1));
    // One swept rectangle test per block, and a time-of-impact test for each one it let through.
    assert_eq!(last.rect_tests, 3);
    assert_eq!(last.pixel_tests, 2);
    assert_eq!((last.powerup_rect_tests, last.powerup_pixel_tests), (0, 0));
    // The outcome describes geometry, not scoring: an already counted block still reads Hit.
    world.step(Input::IDLE);
    assert_eq!(check(&world, on), CheckOutcome::Hit);
    assert_eq!(world.stats().hits, 1);
}

#[test]
fn step_stats_add_up_to_the_running_totals() {
    let mut world = World::new(Mode::Arcade, 12, shapes());
    let mut bot = Bot::new();
    let (mut rect, mut pixel, mut by_outcome) = (0, 0, [0u64; 3]);
    while world.stats().steps < 2 * MINUTE && !world.is_over() {
        let input = bot.input(&world);
        world.step(input);
        let last = *world.last_step_stats();
        rect += last.rect_tests;
        pixel += last.pixel_tests;
        for (i, outcome) in [
            CheckOutcome::Rejected,
            CheckOutcome::Missed,
            CheckOutcome::Hit,
        ]
        .into_iter()
        .enumerate()
        {
            let n = world
                .blocks()
                .iter()
                .filter(|b| b.last_check() == outcome)
                .count() as u64;
            // Blocks that left the field this step were checked but are gone.
            assert!(n <= [last.rejected, last.missed, last.hits][i]);
            by_outcome[i] += n;
        }
    }
    assert_eq!(rect, world.stats().rect_tests);
    assert_eq!(pixel, world.stats().pixel_tests);
    assert!(by_outcome[1] > 0, "no block ever reached the pixel test");
}
