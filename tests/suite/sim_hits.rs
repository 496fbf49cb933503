//! What a touch means: classic counts each block's first touch, arcade takes a life and grants a
//! grace period, missed blocks are dodged and score, and an arcade game ends once.

use crate::support;

use glam::Vec2;
use spinfall::sim::{Event, Input, Mode, World, GRACE_STEPS};
use support::{player_mid, quiet, shapes, step, MINUTE};

#[test]
fn walking_into_blocks_in_arcade_hits_once_then_grace_protects() {
    let mut world = quiet(Mode::Arcade);
    let y = player_mid(&world);
    let a = world.spawn_block(Vec2::new(300.0, y), 0.0, 1.0, 0.0, 0.0);
    let b = world.spawn_block(Vec2::new(200.0, y), 0.0, 1.0, 0.0, 0.0);
    let mut log = Vec::new();
    let mut hit_step = None;
    // Walk left through both blocks to the wall, then wait out the grace period.
    for s in 1..=200u64 {
        for e in step(&mut world, Input::new(-1.0)) {
            if matches!(e, Event::Hit { .. }) {
                hit_step = Some(s);
                assert_eq!(world.grace_remaining(), GRACE_STEPS);
            }
            log.push(e);
        }
    }
    let hits: Vec<_> = log
        .iter()
        .filter_map(|e| match e {
            Event::Hit { id, point } => Some((*id, *point)),
            _ => None,
        })
        .collect();
    assert_eq!(hits.len(), 1, "{log:?}");
    assert_eq!(hits[0].0, a);
    assert!(log.contains(&Event::LifeLost { lives: 2 }));
    assert_eq!(world.lives(), 2);
    assert!(world.blocks().iter().all(|blk| blk.has_touched()));
    assert!(!log.contains(&Event::Dodged { id: b }));
    let hit_step = hit_step.unwrap();
    assert_eq!(world.grace_remaining(), 0);
    assert_eq!(world.since_last_hit(), Some(200 - hit_step));

    // After the grace period a new block counts again.
    let c = world.spawn_block(Vec2::new(300.0, y), 0.0, 1.0, 0.0, 0.0);
    let mut second = Vec::new();
    for _ in 0..100 {
        second.extend(step(&mut world, Input::new(1.0)));
    }
    assert!(
        matches!(second.as_slice(), [Event::Hit { id, .. }, Event::LifeLost { lives: 1 }] if *id == c),
        "{second:?}"
    );
}

#[test]
fn the_hit_point_lies_where_block_and_figure_meet() {
    let mut world = quiet(Mode::Classic);
    let y = player_mid(&world);
    world.spawn_block(Vec2::new(330.0, y), 0.3, 1.0, 0.0, 0.0);
    for _ in 0..40 {
        for e in step(&mut world, Input::new(-1.0)) {
            if let Event::Hit { point, .. } = e {
                let player = world.player().rect();
                assert!(player.contains(point), "{point} outside {player:?}");
                assert!(point.distance(Vec2::new(330.0, y)) <= 32.0 * 2f32.sqrt());
                return;
            }
        }
    }
    panic!("no hit");
}

#[test]
fn classic_stays_touching_while_overlapping_and_counts_each_block_once() {
    let mut world = quiet(Mode::Classic);
    let y = player_mid(&world);
    world.spawn_block(Vec2::new(400.0, y), 0.0, 1.0, 0.0, 0.0);
    let first = step(&mut world, Input::IDLE);
    assert!(matches!(first.as_slice(), [Event::Hit { .. }]), "{first:?}");
    for _ in 0..30 {
        assert!(step(&mut world, Input::IDLE).is_empty());
        assert!(world.is_touching());
        assert!(world.contact_point().is_some());
    }
    // Walk out: no longer touching; walk back in: touching, but the same block does not count twice.
    for _ in 0..30 {
        world.step(Input::new(1.0));
    }
    assert!(!world.is_touching());
    for _ in 0..30 {
        world.step(Input::new(-1.0));
    }
    assert!(world.is_touching());
    assert_eq!(world.stats().hits, 1);
    assert_eq!(world.lives(), 0);
    assert!(!world.is_over(), "classic never ends");
}

#[test]
fn a_block_that_misses_is_dodged_once_and_scores() {
    let mut world = quiet(Mode::Arcade);
    let id = world.spawn_block(Vec2::new(700.0, 400.0), 0.0, 1.0, 4.0, 0.02);
    let mut dodges = 0;
    for _ in 0..100 {
        for e in step(&mut world, Input::IDLE) {
            assert!(!matches!(e, Event::Hit { .. }));
            if e == (Event::Dodged { id }) {
                dodges += 1;
            }
        }
    }
    assert_eq!(dodges, 1);
    assert!(
        world.blocks().is_empty(),
        "the block should have left the field"
    );
    assert_eq!(world.stats().dodged, 1);
    // One whole second survived (10) and one dodge (5).
    assert_eq!(world.score(), 15);
}

#[test]
fn arcade_ends_once_with_game_over_and_then_stands_still() {
    let mut world = World::new(Mode::Arcade, 0, shapes());
    let mut overs = 0;
    while !world.is_over() && world.stats().steps < 10 * MINUTE {
        for e in step(&mut world, Input::IDLE) {
            if let Event::GameOver { score } = e {
                overs += 1;
                assert_eq!(score, world.score());
            }
        }
    }
    assert_eq!(overs, 1);
    assert_eq!(world.lives(), 0);
    assert_eq!(world.stats().hits, 3);
    let frozen = *world.stats();
    for _ in 0..10 {
        assert!(world.step(Input::new(1.0)).is_empty());
    }
    assert_eq!(*world.stats(), frozen);
}

#[test]
fn an_idle_player_is_hit_within_the_first_minute() {
    for mode in [Mode::Arcade, Mode::Classic] {
        for seed in 0..16 {
            let mut world = World::new(mode, seed, shapes());
            while world.stats().hits == 0 && world.stats().steps < MINUTE {
                world.step(Input::IDLE);
            }
            assert_eq!(
                world.stats().hits,
                1,
                "{mode:?} seed {seed}: idle never hit"
            );
        }
    }
}
