//! The arcade difficulty curve, measured the way it was tuned (`cargo run --release --example
//! difficulty`): games of seeds 1-20 under the idle, casual and bot pilots. Each test asserts one of
//! the ranges the curve was tuned for, so a change that moves the curve out of them fails here.
//!
//! Runs stop as soon as the claim they serve is decided: idle games at 60 s, casual games at 5 min
//! (a median below 5 min is all that is claimed), bot games at 10 min.

use crate::support;

use spinfall::sim::{Bot, Casual, Event, Input, Mode, Shapes, Tuning, World};
use support::{shapes, MINUTE, SECOND};

const SEEDS: std::ops::RangeInclusive<u64> = 1..=20;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Pilot {
    Idle,
    Casual,
    Bot,
}

/// What one arcade game showed, up to a limit.
#[derive(Clone, Copy, Debug)]
struct Game {
    seed: u64,
    /// Steps played: when the game ended, or the limit.
    steps: u64,
    /// The step of the first counted hit.
    first_hit: Option<u64>,
    /// The fastest fall speed given to a block spawned within the first five minutes, in px per step.
    fastest_early_fall: f32,
}

fn play(pilot: Pilot, seed: u64, limit: u64, shapes: &Shapes) -> Game {
    let mut world = World::new(Mode::Arcade, seed, shapes.clone());
    let (mut bot, mut casual) = (Bot::new(), Casual::new(seed));
    let mut game = Game {
        seed,
        steps: 0,
        first_hit: None,
        fastest_early_fall: 0.0,
    };
    let mut spawned = Vec::new();
    while !world.is_over() && world.stats().steps < limit {
        let input = match pilot {
            Pilot::Idle => Input::IDLE,
            Pilot::Casual => casual.input(&world),
            Pilot::Bot => bot.input(&world),
        };
        spawned.clear();
        let now = world.stats().steps + 1;
        for event in world.step(input) {
            match *event {
                Event::Hit { .. } => {
                    game.first_hit.get_or_insert(now);
                }
                Event::Spawned { id, .. } => spawned.push(id),
                _ => {}
            }
        }
        if world.stats().steps <= 5 * MINUTE {
            for b in world.blocks().iter().filter(|b| spawned.contains(&b.id())) {
                game.fastest_early_fall = game.fastest_early_fall.max(b.fall_speed());
            }
        }
    }
    game.steps = world.stats().steps;
    game
}

/// Plays every seed under `pilot` up to `limit` steps, on two threads (CI has two cores).
fn games(pilot: Pilot, limit: u64) -> Vec<Game> {
    let shapes = shapes();
    let seeds: Vec<u64> = SEEDS.collect();
    let mut games: Vec<Game> = std::thread::scope(|scope| {
        let halves: Vec<_> = seeds
            .chunks(seeds.len().div_ceil(2))
            .map(|chunk| {
                let shapes = &shapes;
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|&seed| play(pilot, seed, limit, shapes))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|h| h.join().expect("a pilot's games ran"))
            .collect()
    });
    games.sort_by_key(|g| g.seed);
    assert_eq!(games.len(), 20);
    games
}

fn seconds(steps: u64) -> f64 {
    steps as f64 / SECOND as f64
}

/// Asserts that no block spawned in the first five minutes of these games fell faster than the
/// figure walks.
fn assert_no_early_block_outruns_the_figure(games: &[Game]) {
    let walk = Tuning::for_mode(Mode::Arcade).player_speed;
    for g in games {
        assert!(
            g.fastest_early_fall <= walk,
            "seed {}: a block fell at {} px/step before minute 5, faster than the figure's {walk}",
            g.seed,
            g.fastest_early_fall
        );
    }
}

#[test]
fn the_first_half_minute_asks_for_movement_and_standing_still_ends_within_a_minute() {
    let games = games(Pilot::Idle, MINUTE);
    for g in &games {
        let first = g.first_hit.map(seconds);
        assert!(
            first.is_some_and(|s| s <= 30.0),
            "seed {}: an idle player was first hit at {first:?} s, not within 30 s",
            g.seed
        );
        assert!(
            g.steps < MINUTE,
            "seed {}: an idle game lasted a whole minute",
            g.seed
        );
    }
}

#[test]
fn a_casual_player_lasts_two_and_a_half_to_five_minutes() {
    let games = games(Pilot::Casual, 5 * MINUTE);
    let mut lasted: Vec<f64> = games.iter().map(|g| seconds(g.steps)).collect();
    lasted.sort_by(f64::total_cmp);
    // Twenty games: the median lies halfway between the tenth and the eleventh.
    let median = 0.5 * (lasted[9] + lasted[10]);
    assert!(
        (150.0..300.0).contains(&median),
        "the casual pilot's median arcade game lasted {median:.1} s, outside 2.5-5 minutes: {lasted:?}"
    );
    assert_no_early_block_outruns_the_figure(&games);
}

#[test]
fn the_bot_passes_ten_minutes_in_at_least_four_of_five_seeds() {
    let games = games(Pilot::Bot, 10 * MINUTE);
    let passed = games.iter().filter(|g| g.steps >= 10 * MINUTE).count();
    let lasted: Vec<f64> = games.iter().map(|g| seconds(g.steps)).collect();
    assert!(
        passed >= 16,
        "the bot passed 10 minutes in only {passed} of 20 seeds: {lasted:?}"
    );
    assert_no_early_block_outruns_the_figure(&games);
}

#[test]
fn the_curve_keeps_fall_speeds_at_the_figures_speed_for_five_minutes_then_rises() {
    for mode in [Mode::Arcade, Mode::Classic] {
        let tuning = Tuning::for_mode(mode);
        let walk = tuning.player_speed;
        let mut last = tuning.difficulty_at(0);
        for step in (0..=30 * MINUTE).step_by(SECOND as usize) {
            let d = tuning.difficulty_at(step);
            if step < 5 * MINUTE {
                assert!(d.fall_max <= walk, "{mode:?} at {} s: {d:?}", seconds(step));
            }
            assert!(
                d.fall_min <= d.fall_max,
                "{mode:?} at {} s: {d:?}",
                seconds(step)
            );
            assert!(
                d.spawn_chance >= last.spawn_chance && d.fall_max >= last.fall_max,
                "{mode:?}: the curve eases off at {} s",
                seconds(step)
            );
            last = d;
        }
        // Past the calm minutes blocks do come faster than the figure can walk.
        assert!(last.fall_max > walk, "{mode:?}: {last:?}");
    }
}
