//! Headless tests of the game's rules: determinism, spawning and removal, difficulty, hits and grace,
//! the pilots, and the no-tunnelling guarantee at the game's top speeds.

use std::f32::consts::TAU;

use glam::Vec2;
use spinfall::assets::Assets;
use spinfall::collision::{collide, sprite_transform, Mask, Sprite};
use spinfall::sim::{
    safe_area, Bot, CheckOutcome, Event, Input, Mode, PowerUpKind, Shapes, Tuning, World,
    FIELD_HEIGHT, FIELD_WIDTH, GRACE_STEPS, GROW_SCALE, REGROW_GRACE_STEPS, SCALE_CHANGE_STEPS,
    SHRINK_SCALE, SLOW_FACTOR, STEPS_PER_SECOND,
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
fn a_shield_absorbs_exactly_one_hit_and_starts_grace() {
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

    // Walk clear, let the grace run out, and walk into a second block: the shield is spent.
    for _ in 0..GRACE_STEPS {
        assert!(!step(&mut world, Input::new(1.0))
            .iter()
            .any(|e| matches!(e, Event::Hit { .. } | Event::Shielded { .. })));
    }
    let x = world.player().x();
    let second = world.spawn_block(Vec2::new(x - 80.0, y), 0.0, 1.0, 0.0, 0.0);
    let mut events = Vec::new();
    for _ in 0..30 {
        events.extend(step(&mut world, Input::new(-1.0)));
    }
    assert!(
        matches!(events.as_slice(), [Event::Hit { id, .. }, Event::LifeLost { lives: 2 }] if *id == second),
        "{events:?}"
    );
    assert_eq!(world.stats().hits, 1);
}

/// Steps `world` idle until the figure's scale has stopped changing (at most a second).
fn settle(world: &mut World) {
    for _ in 0..STEPS_PER_SECOND {
        if world.player().scale() == world.player().target_scale() {
            return;
        }
        world.step(Input::IDLE);
    }
    panic!("the scale never settled");
}

/// Puts a power-up of `kind` on the middle of the figure and steps once, so it is caught now.
fn catch(world: &mut World, kind: PowerUpKind) -> Vec<Event> {
    let centre = world.player().rect().center();
    world.spawn_powerup(kind, centre);
    let events = step(world, Input::IDLE);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Collected { kind: k, .. } if *k == kind)),
        "{kind:?} not caught: {events:?}"
    );
    events
}

/// Steps idle, recording the figure's scale after each step, for `steps` steps.
fn scales(world: &mut World, steps: u32) -> Vec<f32> {
    (0..steps)
        .map(|_| {
            world.step(Input::IDLE);
            world.player().scale()
        })
        .collect()
}

/// Asserts that `seq` runs from `from` to `to` monotonically in steps no larger than `max_step`.
fn assert_smooth(seq: &[f32], from: f32, to: f32, max_step: f32) {
    let mut last = from;
    for (i, &s) in seq.iter().enumerate() {
        assert!(
            (s - last).abs() <= max_step + 1e-6,
            "step {i}: {last} -> {s} is a snap ({seq:?})"
        );
        assert!(
            (to - s).abs() <= (to - last).abs() + 1e-6,
            "step {i}: {last} -> {s} moves away from {to}"
        );
        last = s;
    }
    assert_eq!(last, to, "{seq:?}");
}

#[test]
fn shrink_and_grow_change_the_figure_smoothly_for_a_while() {
    let mut world = quiet(Mode::Arcade);
    let events = catch(&mut world, PowerUpKind::Shrink);
    assert_eq!(
        world.player().scale(),
        1.0,
        "no change within the catching step"
    );
    assert_eq!(world.player().target_scale(), SHRINK_SCALE);
    assert_eq!(SHRINK_SCALE, 0.5);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::EffectEnded { .. })));
    // Half a unit of scale over 15 steps: a smoothstep's steepest step is 1.5 times the average.
    let change = SCALE_CHANGE_STEPS as usize;
    let shrinking = scales(&mut world, SCALE_CHANGE_STEPS);
    assert_smooth(&shrinking, 1.0, SHRINK_SCALE, 0.5 * 1.5 / change as f32);
    assert!(shrinking[..change - 1].iter().all(|&s| s > SHRINK_SCALE));
    assert_eq!(
        world.player().rect().max.y,
        safe_area().max.y,
        "feet stay on the ground"
    );
    assert_eq!(world.player().size(), Vec2::new(16.0, 24.0));

    // Grow ends the shrink at once, but the figure still changes smoothly, from half to 1.5.
    let events = catch(&mut world, PowerUpKind::Grow);
    assert!(
        events.contains(&Event::EffectEnded {
            kind: PowerUpKind::Shrink
        }),
        "{events:?}"
    );
    assert_eq!(world.effects().shrink, 0);
    assert_eq!(
        world.regrow_grace_remaining(),
        0,
        "grow is a hazard, not a regrowth"
    );
    let growing = scales(&mut world, SCALE_CHANGE_STEPS);
    assert_smooth(
        &growing,
        SHRINK_SCALE,
        GROW_SCALE,
        1.0 * 1.5 / change as f32,
    );
    assert_eq!(GROW_SCALE, 1.5);

    // The grow lasts its 10 s from the catch, then the figure eases back to normal size.
    let mut ended = None;
    for s in SCALE_CHANGE_STEPS + 1..=PowerUpKind::Grow.duration() + 60 {
        if step(&mut world, Input::IDLE).contains(&Event::EffectEnded {
            kind: PowerUpKind::Grow,
        }) {
            ended = Some(s);
            break;
        }
        assert_eq!(world.player().scale(), GROW_SCALE);
    }
    assert_eq!(ended, Some(10 * STEPS_PER_SECOND));
    assert!(world.player().scale() < GROW_SCALE && world.player().scale() > 1.0);
    let shrinking_back = scales(&mut world, SCALE_CHANGE_STEPS - 1);
    assert_eq!(world.player().scale(), 1.0);
    assert!(shrinking_back.iter().all(|&s| s <= GROW_SCALE));
}

#[test]
fn drawing_can_interpolate_the_scale_between_steps() {
    let mut world = quiet(Mode::Arcade);
    catch(&mut world, PowerUpKind::Shrink);
    for _ in 0..5 {
        world.step(Input::IDLE);
    }
    let p = world.player();
    assert!(p.prev_scale() > p.scale());
    assert_eq!(p.scale_at(0.0), p.prev_scale());
    assert_eq!(p.scale_at(1.0), p.scale());
    let mid = p.scale_at(0.5);
    assert!(mid < p.prev_scale() && mid > p.scale());
}

#[test]
fn scale_after_predicts_the_figure_exactly() {
    let mut world = quiet(Mode::Arcade);
    catch(&mut world, PowerUpKind::Shrink);
    // Predict the whole shrink, its end and the regrowth from the first step on, then play it out.
    let total = PowerUpKind::Shrink.duration() + 2 * SCALE_CHANGE_STEPS;
    let predicted: Vec<f32> = (1..=total).map(|k| world.scale_after(k)).collect();
    assert_eq!(world.scale_after(0), world.player().scale());
    let actual = scales(&mut world, total);
    assert_eq!(predicted, actual);
    // Predictions made half-way through a change hold as well.
    catch(&mut world, PowerUpKind::Grow);
    for _ in 0..7 {
        world.step(Input::IDLE);
    }
    let predicted: Vec<f32> = (1..=40).map(|k| world.scale_after(k)).collect();
    assert_eq!(predicted, scales(&mut world, 40));
}

#[test]
fn slow_time_halves_block_speed_for_its_duration() {
    let mut world = quiet(Mode::Arcade);
    catch(&mut world, PowerUpKind::Slow);
    let duration = PowerUpKind::Slow.duration();
    assert_eq!(duration, 6 * STEPS_PER_SECOND);
    assert_eq!(world.block_time_scale(), SLOW_FACTOR);
    let id = world.spawn_block(Vec2::new(100.0, -40.0), 0.0, 1.0, 1.0, 0.02);
    let token = world.spawn_powerup(PowerUpKind::Shield, Vec2::new(700.0, -40.0));
    let fall = world.tuning().powerup_fall;
    let (mut slowed, mut ended_at) = (0, None);
    for s in 1..=duration + 30 {
        let events = step(&mut world, Input::IDLE);
        if events.contains(&Event::EffectEnded {
            kind: PowerUpKind::Slow,
        }) {
            ended_at = Some(s);
        }
        let b = world.blocks().iter().find(|b| b.id() == id).unwrap();
        let p = world.powerups().iter().find(|p| p.id() == token).unwrap();
        let dy = b.position().y - b.prev_position().y;
        let turn = b.rotation() - b.prev_rotation();
        let token_dy = p.position().y - p.prev_position().y;
        if s <= duration {
            assert_eq!((dy, token_dy), (0.5, fall * 0.5), "step {s}");
            assert!((turn - 0.01).abs() < 1e-5, "step {s}: turned {turn}");
            slowed += 1;
        } else {
            assert_eq!((dy, token_dy), (1.0, fall), "step {s}");
            assert!((turn - 0.02).abs() < 1e-5, "step {s}: turned {turn}");
        }
    }
    assert_eq!(slowed, duration);
    assert_eq!(ended_at, Some(duration));
    assert_eq!(world.block_time_scale(), 1.0);
}

#[test]
fn slow_time_halves_the_block_spawn_rate_too() {
    let count = |slow: bool| {
        let mut world = World::new(Mode::Classic, 21, shapes());
        let mut spawned = 0;
        for _ in 0..20 {
            if slow {
                catch(&mut world, PowerUpKind::Slow);
            }
            for _ in 0..PowerUpKind::Slow.duration() - 1 {
                spawned += world
                    .step(Input::IDLE)
                    .iter()
                    .filter(|e| matches!(e, Event::Spawned { .. }))
                    .count();
            }
        }
        spawned as f64
    };
    let (normal, slowed) = (count(false), count(true));
    let ratio = slowed / normal;
    assert!(
        (0.35..0.65).contains(&ratio),
        "{slowed} spawned in slow time against {normal}"
    );
}

#[test]
fn classic_has_no_powerups_and_arcade_does() {
    // The bot plays, so that the arcade game lasts the three minutes instead of ending in seconds.
    let count = |mode| {
        let mut world = World::new(mode, 8, shapes());
        let mut bot = Bot::new();
        let mut n = 0;
        for _ in 0..3 * MINUTE {
            let input = bot.input(&world);
            n += world
                .step(input)
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

/// The figure's solid texels span x 6..26 of its 32: 20 px wide at full size, 10 px at half size.
const FIGURE_SOLID_WIDTH: f32 = 20.0;

/// Drops two upright blocks side by side onto the standing player, their horizontal arms' tips
/// leaving a 14 px gap centred on the figure: too narrow for the figure at full size (20 px of solid
/// texels), wide enough at half size (10 px). Returns the events until both have fallen past.
fn fall_through_gap(world: &mut World) -> Vec<Event> {
    let gap = 14.0;
    assert!(gap < FIGURE_SOLID_WIDTH && gap > FIGURE_SOLID_WIDTH * SHRINK_SCALE);
    let x = world.player().x();
    // Arms reach 32 px from the centre; start with them well above the figure's head.
    let y = world.player().position().y - 48.0 - 60.0;
    world.spawn_block(Vec2::new(x - gap / 2.0 - 32.0, y), 0.0, 1.0, 3.0, 0.0);
    world.spawn_block(Vec2::new(x + gap / 2.0 + 32.0, y), 0.0, 1.0, 3.0, 0.0);
    let mut log = Vec::new();
    while world.blocks().iter().any(|b| !b.has_passed()) {
        log.extend(step(world, Input::IDLE));
        assert!(world.stats().steps < 1000, "the blocks never passed");
    }
    log
}

/// The scripted scene: optionally catch a shrink, then let the two blocks fall past.
fn gap_run(shrink: bool) -> (Vec<Event>, u32) {
    let mut world = quiet(Mode::Arcade);
    let mut log = Vec::new();
    if shrink {
        // The token falls onto the player's head from above, like a spawned one.
        let x = world.player().x();
        world.spawn_powerup(PowerUpKind::Shrink, Vec2::new(x, 300.0));
        while world.stats().collected == 0 {
            log.extend(step(&mut world, Input::IDLE));
            assert!(world.stats().steps < 600, "the shrink never arrived");
        }
    }
    log.extend(fall_through_gap(&mut world));
    (log, world.lives())
}

#[test]
fn a_shrunk_figure_falls_through_a_gap_that_hits_at_full_size() {
    let hits = |log: &[Event]| {
        log.iter()
            .filter(|e| matches!(e, Event::Hit { .. }))
            .count()
    };
    let dodges = |log: &[Event]| {
        log.iter()
            .filter(|e| matches!(e, Event::Dodged { .. }))
            .count()
    };
    let (full, lives) = gap_run(false);
    assert_eq!(hits(&full), 1, "{full:?}");
    assert_eq!(lives, 2);

    let (shrunk, lives) = gap_run(true);
    assert!(shrunk.iter().any(|e| matches!(
        e,
        Event::Collected {
            kind: PowerUpKind::Shrink,
            ..
        }
    )));
    assert_eq!(hits(&shrunk), 0, "{shrunk:?}");
    assert_eq!(dodges(&shrunk), 2, "{shrunk:?}");
    assert_eq!(lives, 3);
    // Deterministic: the same script replays to the same events.
    assert_eq!(gap_run(true), (shrunk, 3));
    assert_eq!(gap_run(false).0, full);
}

#[test]
fn a_shrunk_figure_walks_under_a_block_that_hits_at_full_size() {
    let under = |shrink: bool| {
        let mut world = quiet(Mode::Arcade);
        if shrink {
            catch(&mut world, PowerUpKind::Shrink);
            settle(&mut world);
        }
        // A standing block whose lower arm ends 13 px below a full-size head, 11 px above a half-size one.
        let feet = world.player().position().y;
        world.spawn_block(Vec2::new(250.0, feet - 35.0 - 32.0), 0.0, 1.0, 0.0, 0.0);
        (0..60)
            .flat_map(|_| step(&mut world, Input::new(-1.0)))
            .filter(|e| matches!(e, Event::Hit { .. }))
            .count()
    };
    assert_eq!(under(false), 1);
    assert_eq!(under(true), 0);
}

#[test]
fn a_shrink_ending_inside_a_gap_is_not_a_hit() {
    let mut world = quiet(Mode::Arcade);
    catch(&mut world, PowerUpKind::Shrink);
    settle(&mut world);
    // Two standing blocks whose arm tips are 2 px clear of the half-size figure on each side.
    let (x, y) = (world.player().x(), player_mid(&world));
    world.spawn_block(Vec2::new(x - 7.0 - 32.0, y), 0.0, 1.0, 0.0, 0.0);
    world.spawn_block(Vec2::new(x + 7.0 + 32.0, y), 0.0, 1.0, 0.0, 0.0);
    let mut log = Vec::new();
    let mut grace_at_end = None;
    while world.effects().shrink > 0 {
        log.extend(step(&mut world, Input::IDLE));
        assert!(!world.is_touching(), "the small figure fits");
        if world.effects().shrink == 0 {
            grace_at_end = Some(world.regrow_grace_remaining());
        }
    }
    assert_eq!(grace_at_end, Some(REGROW_GRACE_STEPS));
    for _ in 0..REGROW_GRACE_STEPS + 30 {
        log.extend(step(&mut world, Input::IDLE));
    }
    // The figure regrew into both arms and still touches them, but that never counted.
    assert!(world.is_touching());
    assert_eq!(world.player().scale(), 1.0);
    assert!(
        !log.iter()
            .any(|e| matches!(e, Event::Hit { .. } | Event::LifeLost { .. })),
        "{log:?}"
    );
    assert_eq!(world.lives(), 3);
    assert_eq!(world.regrow_grace_remaining(), 0);

    // The grace is short: walk out, and the next block counts.
    for _ in 0..20 {
        world.step(Input::new(1.0));
    }
    let x = world.player().x();
    world.spawn_block(Vec2::new(x + 80.0, y), 0.0, 1.0, 0.0, 0.0);
    let hits = (0..30)
        .flat_map(|_| step(&mut world, Input::new(1.0)))
        .filter(|e| matches!(e, Event::Hit { .. }))
        .count();
    assert_eq!(hits, 1);
    assert_eq!(world.lives(), 2);
}

#[test]
fn powerups_are_caught_pixel_by_pixel_against_the_scaled_figure() {
    let still = |mode| {
        let tuning = Tuning {
            spawn_chance: 0.0,
            spawn_cap: 0.0,
            powerups: false,
            powerup_fall: 0.0,
            ..Tuning::for_mode(mode)
        };
        World::with_tuning(mode, 1, shapes(), tuning)
    };
    // A token whose box overlaps the corner of the figure's box, where both images are transparent.
    let mut world = still(Mode::Arcade);
    let corner = world.player().rect().min;
    world.spawn_powerup(PowerUpKind::Shield, corner - Vec2::splat(12.0));
    let events = step(&mut world, Input::IDLE);
    assert!(events.is_empty(), "{events:?}");
    let token = world.powerups()[0];
    assert!(token.rect().intersects(&world.player().rect()));
    assert_eq!(token.last_check(), CheckOutcome::Missed);
    assert!(world.last_step_stats().powerup_pixel_tests > 0);

    // A token at head height beside a shrunk figure is missed; the same spot catches at full size.
    for (shrunk, caught) in [(true, false), (false, true)] {
        let mut world = still(Mode::Arcade);
        if shrunk {
            catch(&mut world, PowerUpKind::Shrink);
            settle(&mut world);
        }
        let feet = world.player().position();
        world.spawn_powerup(PowerUpKind::Slow, feet + Vec2::new(20.0, -30.0));
        let got = step(&mut world, Input::IDLE)
            .iter()
            .any(|e| matches!(e, Event::Collected { .. }));
        assert_eq!(got, caught, "shrunk {shrunk}");
    }

    // A token far away is turned down by the rectangle prefilter alone.
    let mut world = still(Mode::Arcade);
    world.spawn_powerup(PowerUpKind::Slow, Vec2::new(100.0, 100.0));
    world.step(Input::IDLE);
    assert_eq!(world.powerups()[0].last_check(), CheckOutcome::Rejected);
    assert_eq!(world.last_step_stats().powerup_rect_tests, 1);
    assert_eq!(world.last_step_stats().powerup_pixel_tests, 0);
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

#[test]
fn the_bot_catches_helpful_powerups_and_steps_away_from_grow() {
    // A grow token dropping straight onto the bot's head: it steps aside.
    let mut world = quiet(Mode::Arcade);
    let mut bot = Bot::new();
    let x = world.player().x();
    world.spawn_powerup(PowerUpKind::Grow, Vec2::new(x, 200.0));
    for _ in 0..400 {
        let input = bot.input(&world);
        world.step(input);
    }
    assert_eq!(world.stats().collected, 0);
    assert!(world.powerups().is_empty(), "the token fell past");

    // Helpful tokens off to either side: it walks over and catches each.
    for (kind, dx) in [
        (PowerUpKind::Shrink, -250.0),
        (PowerUpKind::Shield, 200.0),
        (PowerUpKind::Slow, -150.0),
    ] {
        let before = world.stats().collected;
        let x = world.player().x();
        world.spawn_powerup(kind, Vec2::new(x + dx, 100.0));
        let mut caught = false;
        for _ in 0..500 {
            let input = bot.input(&world);
            caught |= world
                .step(input)
                .iter()
                .any(|e| matches!(e, Event::Collected { kind: k, .. } if *k == kind));
        }
        assert!(caught, "{kind:?} missed");
        assert_eq!(world.stats().collected, before + 1);
    }
}

#[test]
fn in_real_games_the_bot_collects_helpful_powerups_and_rarely_grows() {
    std::thread::scope(|scope| {
        let runs: Vec<_> = (1..=4u64)
            .map(|seed| {
                scope.spawn(move || {
                    let mut world = World::new(Mode::Arcade, seed, shapes());
                    let mut bot = Bot::new();
                    let (mut spawned, mut helpful, mut grown) = (0, 0, 0);
                    while world.stats().steps < 5 * MINUTE && !world.is_over() {
                        let input = bot.input(&world);
                        for e in world.step(input) {
                            match e {
                                Event::PowerUpSpawned { .. } => spawned += 1,
                                Event::Collected {
                                    kind: PowerUpKind::Grow,
                                    ..
                                } => grown += 1,
                                Event::Collected { .. } => helpful += 1,
                                _ => {}
                            }
                        }
                    }
                    (seed, spawned, helpful, grown)
                })
            })
            .collect();
        let (mut spawned, mut helpful, mut grown) = (0, 0, 0);
        for run in runs {
            let (_, s, h, g) = run.join().unwrap();
            spawned += s;
            helpful += h;
            grown += g;
        }
        // About three quarters of spawned tokens are helpful; the bot should catch most of those.
        assert!(spawned > 50, "only {spawned} tokens in 20 minutes");
        assert!(
            helpful * 2 > spawned,
            "caught {helpful} helpful of {spawned} tokens"
        );
        assert!(grown * 20 < spawned, "grew {grown} times");
    });
}
