//! Blocks over a game: where and how they spawn, when they leave, and the difficulty curve that
//! drives the spawner.

use crate::support;

use std::f32::consts::TAU;

use glam::Vec2;
use spinfall::sim::{Event, Input, Mode, Tuning, World, FIELD_HEIGHT, FIELD_WIDTH};
use support::{shapes, step, MINUTE};

#[test]
fn an_hour_of_play_keeps_the_block_count_bounded() {
    let mut world = World::new(Mode::Classic, 3, shapes());
    let mut most = 0;
    for _ in 0..60 * MINUTE {
        world.step(Input::IDLE);
        most = most.max(world.blocks().len());
    }
    let stats = world.stats();
    assert_eq!(stats.steps, 216_000);
    assert!(stats.spawned > 20_000, "spawned only {}", stats.spawned);
    // Even at the capped spawn rate blocks leave about as fast as they come.
    assert!(most < 120, "up to {most} blocks alive at once");
    assert!(world.powerups().is_empty());
}

#[test]
fn blocks_leave_only_once_fully_below_the_bottom() {
    let mut world = World::new(Mode::Classic, 5, shapes());
    let origin_len = Vec2::new(32.0, 32.0).length();
    // Last seen (y, scale, fall) per block id; ids are dense and increasing.
    let mut seen: Vec<Option<(f32, f32, f32)>> = Vec::new();
    let mut removed = 0;
    for _ in 0..8 * MINUTE {
        world.step(Input::IDLE);
        let mut alive = vec![false; seen.len()];
        for b in world.blocks() {
            let id = b.id() as usize;
            if id >= seen.len() {
                seen.resize(id + 1, None);
                alive.resize(id + 1, false);
            }
            seen[id] = Some((b.position().y, b.scale(), b.fall_speed()));
            alive[id] = true;
        }
        for (id, slot) in seen.iter_mut().enumerate() {
            if let (Some((y, scale, fall)), false) = (*slot, alive[id]) {
                let limit = FIELD_HEIGHT + origin_len * scale;
                assert!(y <= limit, "block {id} stayed after passing {limit}");
                assert!(y + fall > limit, "block {id} left at y {y} before {limit}");
                *slot = None;
                removed += 1;
            }
        }
    }
    assert!(removed > 500, "only {removed} blocks left the field");
}

#[test]
fn blocks_spawn_hidden_above_the_top_with_random_pose() {
    let mut world = World::new(Mode::Classic, 11, shapes());
    let mut spawned = 0;
    let mut expected = 0.0f64;
    let (mut turned_left, mut turned_right) = (0, 0);
    for _ in 0..10 * MINUTE {
        expected += f64::from(world.difficulty().spawn_chance);
        let events = step(&mut world, Input::IDLE);
        for e in events {
            if let Event::Spawned {
                id,
                position,
                scale,
            } = e
            {
                spawned += 1;
                assert!((0.5..=1.5).contains(&scale), "scale {scale}");
                let reach = Vec2::new(64.0, 64.0).length() * 0.5 * scale;
                assert!(position.y + reach <= 1e-3, "visible at spawn: {position}");
                assert!(
                    (0.0..=FIELD_WIDTH).contains(&position.x),
                    "x {}",
                    position.x
                );
                let block = world.blocks().iter().find(|b| b.id() == id).unwrap();
                assert!((0.0..TAU).contains(&block.rotation()));
                if block.spin() < 0.0 {
                    turned_left += 1;
                } else {
                    turned_right += 1;
                }
            }
        }
    }
    assert_eq!(spawned, world.stats().spawned);
    // A Bernoulli count stays within a few standard deviations of its mean.
    let sigma = expected.sqrt();
    assert!(
        (spawned as f64 - expected).abs() < 5.0 * sigma,
        "{spawned} spawned, expected about {expected:.0}"
    );
    assert!(turned_left > spawned / 4 && turned_right > spawned / 4);
}

#[test]
fn difficulty_starts_at_the_tunings_start_and_ramps_to_caps() {
    let tuning = Tuning::for_mode(Mode::Arcade);
    let start = tuning.difficulty_at(0);
    assert_eq!(start.spawn_chance, tuning.spawn_chance);
    assert_eq!(
        (start.fall_min, start.fall_max),
        (tuning.fall_min, tuning.fall_max)
    );
    assert_eq!(start.spin, tuning.spin);
    assert_eq!(tuning.player_speed, 5.0);
    assert_eq!(start.gauge(&tuning), 0.0);
    let mut last = start;
    for minute in 1..=60 {
        let d = tuning.difficulty_at(minute * MINUTE);
        assert!(d.spawn_chance >= last.spawn_chance && d.fall_max >= last.fall_max);
        assert!(d.spin >= last.spin && d.fall_min >= last.fall_min);
        assert!(d.spawn_chance <= tuning.spawn_cap && d.fall_max <= tuning.top_fall_speed());
        assert!(d.spin <= tuning.top_spin());
        assert!(d.gauge(&tuning) >= last.gauge(&tuning));
        last = d;
    }
    let two = tuning.difficulty_at(2 * MINUTE);
    assert!(two.spawn_chance > start.spawn_chance);
    assert!(two.fall_max > start.fall_max && two.spin > start.spin);
    assert!(two.gauge(&tuning) > 0.0 && two.gauge(&tuning) < 1.0);
    assert_eq!(last.spawn_chance, tuning.spawn_cap);
    assert_eq!(last.fall_max, tuning.fall_cap);
    assert_eq!(last.gauge(&tuning), 1.0);
    // The world reports the same curve.
    let mut world = World::new(Mode::Classic, 1, shapes());
    assert_eq!(world.difficulty(), start);
    for _ in 0..MINUTE {
        world.step(Input::new(1.0));
    }
    assert_eq!(world.difficulty(), tuning.difficulty_at(MINUTE));
}
