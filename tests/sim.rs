//! Headless tests of the game's rules: determinism, spawning and removal, difficulty, hits and grace,
//! the pilots, and the no-tunnelling guarantee at the game's top speeds.

use std::f32::consts::TAU;

use glam::Vec2;
use spinfall::assets::Assets;
use spinfall::collision::{collide, sprite_transform, Mask, Sprite};
use spinfall::sim::{
    safe_area, sample_spacing, Bot, Event, Input, Mode, PowerUpKind, Shapes, Tuning, World,
    FIELD_HEIGHT, FIELD_WIDTH, GRACE_STEPS, STEPS_PER_SECOND,
};

const MINUTE: u64 = 60 * STEPS_PER_SECOND as u64;

fn shapes() -> Shapes {
    Assets::embedded()
        .shapes()
        .expect("embedded assets build masks")
}

/// A world where nothing spawns by itself, for scripted scenes.
fn quiet(mode: Mode) -> World {
    quiet_with(mode, shapes())
}

fn quiet_with(mode: Mode, shapes: Shapes) -> World {
    let tuning = Tuning {
        spawn_chance: 0.0,
        spawn_cap: 0.0,
        powerups: false,
        ..Tuning::for_mode(mode)
    };
    World::with_tuning(mode, 1, shapes, tuning)
}

/// The player's vertical middle, where a block's horizontal arm meets the figure's body.
fn player_mid(world: &World) -> f32 {
    world.player().rect().center().y
}

/// Steps `world` with `input` and returns the events of that step.
fn step(world: &mut World, input: Input) -> Vec<Event> {
    world.step(input).to_vec()
}

/// A deterministic but busy input script: sweeps, stops, and stick-like partial values.
fn scripted(step: u64) -> Input {
    let t = step as f32;
    Input::new((t * 0.031).sin() * 1.3 + if step % 97 < 20 { -0.5 } else { 0.0 })
}

/// Runs `steps` steps of `mode` from `seed` with the scripted input, recording (step, event).
fn record(mode: Mode, seed: u64, steps: u64) -> (Vec<(u64, Event)>, spinfall::sim::Stats) {
    let mut world = World::new(mode, seed, shapes());
    let mut log = Vec::new();
    for s in 0..steps {
        for e in world.step(scripted(s)) {
            log.push((s, *e));
        }
    }
    (log, *world.stats())
}

#[test]
fn same_seed_and_inputs_replay_identically() {
    for mode in [Mode::Classic, Mode::Arcade] {
        let a = record(mode, 42, 3 * MINUTE);
        let b = record(mode, 42, 3 * MINUTE);
        assert!(a.0.len() > 20, "{mode:?}: too few events to compare");
        assert_eq!(a, b, "{mode:?}");
    }
}

#[test]
fn different_seeds_give_different_games() {
    let a = record(Mode::Classic, 1, MINUTE);
    let b = record(Mode::Classic, 2, MINUTE);
    assert_ne!(a.0, b.0);
}

#[test]
fn the_bot_replays_identically_too() {
    let run = |seed| {
        let mut world = World::new(Mode::Arcade, seed, shapes());
        let mut bot = Bot::new();
        let (mut inputs, mut events) = (Vec::new(), Vec::new());
        while world.stats().steps < MINUTE {
            let input = bot.input(&world);
            inputs.push(input.move_x);
            events.extend_from_slice(world.step(input));
        }
        (inputs, events, *world.stats())
    };
    assert_eq!(run(9), run(9));
}

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
fn difficulty_starts_at_the_tutorial_constants_and_ramps_to_caps() {
    let tuning = Tuning::for_mode(Mode::Arcade);
    let start = tuning.difficulty_at(0);
    assert_eq!(start.spawn_chance, 0.01);
    assert_eq!((start.fall_min, start.fall_max), (1.0, 2.0));
    assert_eq!(start.spin, 0.005);
    assert_eq!(tuning.player_speed, 5.0);
    let mut last = start;
    for minute in 1..=60 {
        let d = tuning.difficulty_at(minute * MINUTE);
        assert!(d.spawn_chance >= last.spawn_chance && d.fall_max >= last.fall_max);
        assert!(d.spin >= last.spin && d.fall_min >= last.fall_min);
        assert!(d.spawn_chance <= tuning.spawn_cap && d.fall_max <= tuning.top_fall_speed());
        assert!(d.spin <= tuning.top_spin());
        last = d;
    }
    let two = tuning.difficulty_at(2 * MINUTE);
    assert!(two.spawn_chance > start.spawn_chance * 2.0);
    assert!(two.fall_max > start.fall_max && two.spin > start.spin);
    assert_eq!(last.spawn_chance, tuning.spawn_cap);
    assert_eq!(last.fall_max, tuning.fall_cap);
    // The world reports the same curve.
    let mut world = World::new(Mode::Classic, 1, shapes());
    assert_eq!(world.difficulty(), start);
    for _ in 0..MINUTE {
        world.step(Input::new(1.0));
    }
    assert_eq!(world.difficulty(), tuning.difficulty_at(MINUTE));
}

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

/// Seconds an arcade game lasts under a pilot, up to `limit` seconds.
fn survival(seed: u64, bot: bool, limit: u64) -> u64 {
    let mut world = World::new(Mode::Arcade, seed, shapes());
    let mut pilot = Bot::new();
    while !world.is_over() && world.stats().steps < limit * u64::from(STEPS_PER_SECOND) {
        let input = if bot {
            pilot.input(&world)
        } else {
            Input::IDLE
        };
        world.step(input);
    }
    world.stats().steps / u64::from(STEPS_PER_SECOND)
}

#[test]
fn the_bot_survives_minutes_where_idle_lasts_seconds() {
    std::thread::scope(|scope| {
        let runs: Vec<_> = (1..=3u64)
            .map(|seed| {
                scope.spawn(move || (seed, survival(seed, false, 600), survival(seed, true, 240)))
            })
            .collect();
        for run in runs {
            let (seed, idle, bot) = run.join().unwrap();
            assert!(idle < 120, "seed {seed}: idle lasted {idle} s");
            assert_eq!(bot, 240, "seed {seed}: the bot lasted only {bot} s");
        }
    });
}

#[test]
fn bad_input_values_are_tamed() {
    let mut world = World::new(Mode::Arcade, 4, shapes());
    let safe = safe_area();
    for (i, v) in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1e30, -1e30, 0.5]
        .iter()
        .cycle()
        .take(600)
        .enumerate()
    {
        world.step(Input { move_x: *v });
        let rect = world.player().rect();
        assert!(
            rect.min.x >= safe.min.x && rect.max.x <= safe.max.x,
            "step {i}: {rect:?}"
        );
        assert!(world.player().x().is_finite());
    }
    assert_eq!(Input::new(f32::NAN), Input::IDLE);
    assert_eq!(Input::new(7.0).move_x, 1.0);
    assert_eq!(Input::from_buttons(true, true), Input::IDLE);
    assert_eq!(Input::from_buttons(true, false).move_x, -1.0);
}

#[test]
fn the_player_stays_inside_the_safe_area() {
    let mut world = quiet(Mode::Arcade);
    let safe = safe_area();
    for _ in 0..200 {
        world.step(Input::new(-1.0));
    }
    assert_eq!(world.player().rect().min.x, safe.min.x);
    for _ in 0..200 {
        world.step(Input::new(1.0));
    }
    assert_eq!(world.player().rect().max.x, safe.max.x);
    assert_eq!(world.player().rect().max.y, safe.max.y);
    // Half a stick moves half as fast.
    let before = world.player().x();
    world.step(Input::new(-0.5));
    assert_eq!(before - world.player().x(), 2.5);
}

#[test]
fn a_shield_absorbs_one_hit_and_starts_grace() {
    let mut world = quiet(Mode::Arcade);
    let top = world.player().rect().min.y;
    world.spawn_powerup(PowerUpKind::Shield, Vec2::new(400.0, top - 10.0));
    let events = step(&mut world, Input::IDLE);
    assert!(matches!(
        events.as_slice(),
        [Event::Collected {
            kind: PowerUpKind::Shield,
            ..
        }]
    ));
    assert!(world.effects().shield > 0);
    let y = player_mid(&world);
    let id = world.spawn_block(Vec2::new(400.0, y), 0.0, 1.0, 0.0, 0.0);
    let events = step(&mut world, Input::IDLE);
    assert!(
        matches!(events.as_slice(), [Event::Shielded { id: got, .. }] if *got == id),
        "{events:?}"
    );
    assert_eq!(world.lives(), 3);
    assert_eq!(world.stats().hits, 0);
    assert_eq!(world.effects().shield, 0);
    assert_eq!(world.grace_remaining(), GRACE_STEPS);
}

#[test]
fn shrink_and_grow_change_the_figure_for_a_while() {
    let mut world = quiet(Mode::Arcade);
    let top = world.player().rect().min.y;
    world.spawn_powerup(PowerUpKind::Shrink, Vec2::new(400.0, top - 10.0));
    world.step(Input::IDLE);
    assert_eq!(world.player().scale(), 0.6);
    assert_eq!(
        world.player().rect().max.y,
        safe_area().max.y,
        "feet stay on the ground"
    );
    let top = world.player().rect().min.y;
    world.spawn_powerup(PowerUpKind::Grow, Vec2::new(400.0, top - 10.0));
    let events = step(&mut world, Input::IDLE);
    assert!(
        events.contains(&Event::EffectEnded {
            kind: PowerUpKind::Shrink
        }),
        "{events:?}"
    );
    assert_eq!(world.player().scale(), 1.4);
    let mut ended = None;
    for s in 1..=600 {
        if step(&mut world, Input::IDLE).contains(&Event::EffectEnded {
            kind: PowerUpKind::Grow,
        }) {
            ended = Some(s);
        }
    }
    assert_eq!(ended, Some(8 * 60));
    assert_eq!(world.player().scale(), 1.0);
}

#[test]
fn slow_halves_block_speed() {
    let mut world = quiet(Mode::Arcade);
    let top = world.player().rect().min.y;
    world.spawn_powerup(PowerUpKind::Slow, Vec2::new(400.0, top - 10.0));
    world.step(Input::IDLE);
    let id = world.spawn_block(Vec2::new(100.0, 0.0), 0.0, 1.0, 2.0, 0.0);
    world.step(Input::IDLE);
    let block = world.blocks().iter().find(|b| b.id() == id).unwrap();
    assert_eq!(block.position().y, 1.0);
    assert_eq!(world.block_time_scale(), 0.5);
}

#[test]
fn classic_has_no_powerups_and_arcade_does() {
    let count = |mode| {
        let mut world = World::new(mode, 8, shapes());
        let mut n = 0;
        for _ in 0..3 * MINUTE {
            n += world
                .step(Input::IDLE)
                .iter()
                .filter(|e| matches!(e, Event::PowerUpSpawned { .. }))
                .count();
        }
        n
    };
    assert_eq!(count(Mode::Classic), 0);
    assert!(count(Mode::Arcade) > 3);
}

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
    // speed, at its normal size (1 px thick) and shrunk (0.6 px): every starting phase must register
    // exactly one hit.
    let mut misses = Vec::new();
    for shrunk in [false, true] {
        for phase in 0..70 {
            let mut world = quiet_with(Mode::Classic, Shapes::new(thin_figure(true), thin_block()));
            if shrunk {
                let top = world.player().rect().min.y;
                world.spawn_powerup(PowerUpKind::Shrink, Vec2::new(400.0, top - 10.0));
                world.step(Input::IDLE);
                assert_eq!(world.player().scale(), 0.6);
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
                misses.push((shrunk, phase, hits));
            }
        }
    }
    assert!(
        misses.is_empty(),
        "(shrunk, phase, hits) with a wrong hit count: {misses:?}"
    );
    assert_eq!(sample_spacing(0.5, 0.6), 0.55);

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
fn poses_interpolate_between_steps_for_smooth_drawing() {
    let mut world = quiet(Mode::Classic);
    // A block about to cross a full turn, so the interpolation must not spin the long way round.
    world.spawn_block(Vec2::new(100.0, 100.0), TAU - 0.01, 1.0, 2.0, 0.03);
    world.step(Input::new(1.0));
    let block = world.blocks()[0];
    let (start, turn0) = block.pose_at(0.0);
    let (end, turn1) = block.pose_at(1.0);
    assert_eq!(start, block.prev_position());
    assert_eq!(end, block.position());
    assert!((turn1 - block.rotation()).abs() < 1e-5);
    assert!((block.rotation() - block.prev_rotation() - 0.03).abs() < 1e-5);
    assert!((turn0 - (TAU - 0.01)).abs() < 1e-4);
    let (_, half) = block.pose_at(0.5);
    assert!((half - 0.005).abs() < 1e-4, "{half}");
    let player = world.player();
    assert_eq!(player.x_at(0.0), player.prev_x());
    assert_eq!(player.x_at(1.0), player.x());
    assert_eq!(player.x() - player.prev_x(), 5.0);
    assert_eq!(PowerUpKind::Shield.duration(), 600);
}
