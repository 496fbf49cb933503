//! Determinism: one seed and one input sequence always replay to the same game, whoever plays.

use crate::support;

use spinfall::sim::{Bot, Event, Input, Mode, World};
use support::{shapes, MINUTE};

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
