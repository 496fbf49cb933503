//! The bot and power-ups: it walks to helpful tokens, steps away from grow, and in real games
//! catches most helpful tokens while rarely growing.

use crate::support;

use glam::Vec2;
use spinfall::sim::{Bot, Event, Mode, PowerUpKind, World};
use support::{quiet, shapes, MINUTE};

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
