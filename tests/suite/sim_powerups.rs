//! Power-ups: catching them pixel by pixel, the shield, the smooth shrink and grow of the figure and
//! its prediction, slow time, and which mode has them.

use crate::support;

use glam::Vec2;
use spinfall::sim::{
    safe_area, Bot, CheckOutcome, Event, Input, Mode, PowerUpKind, Tuning, World, GRACE_STEPS,
    GROW_SCALE, SCALE_CHANGE_STEPS, SHRINK_SCALE, SLOW_FACTOR, STEPS_PER_SECOND,
};
use support::{catch, player_mid, quiet, settle, shapes, step, MINUTE};

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
