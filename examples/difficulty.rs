//! Measures the difficulty curve the way `tests/suite/difficulty.rs` pins it: arcade games of the idle, casual
//! and bot pilots over a range of seeds, plus the curve's own numbers (blocks per second, fall speeds).
//!
//! ```text
//! cargo run --release --example difficulty                       # the game's tuning, seeds 1..=20
//! cargo run --release --example difficulty -- --seeds 40 spawn_ramp=1.2 aim_chance=0.3
//! cargo run --release --example difficulty -- casual.horizon=60 --bot-limit 1200
//! cargo run --release --example difficulty -- --speeds --seeds 40  # the game-speed assist's effect
//! ```
//!
//! `--speeds` plays the casual pilot at every game speed instead (the pilot reacts in real time, so
//! a slower game gives it more game steps to react in) and prints its survival in real minutes.
//!
//! `name=value` overrides one field of the arcade [`Tuning`] (or, as `casual.<field>`, of the casual
//! pilot's limits) for every run, so a candidate curve can be tried without rebuilding. Runs are spread
//! over two threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use spinfall::assets::Assets;
use spinfall::sim::{
    Bot, Casual, CasualLimits, Event, GameSpeed, Input, Mode, Shapes, Tuning, World,
    STEPS_PER_SECOND,
};

const SPS: u64 = STEPS_PER_SECOND as u64;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Pilot {
    Idle,
    Casual,
    Bot,
}

/// What one arcade game showed.
#[derive(Clone, Copy, Debug, Default)]
struct Game {
    /// Steps survived (the limit when the game did not end).
    steps: u64,
    /// The step of the first counted hit, if any.
    first_hit: Option<u64>,
}

fn play(
    pilot: Pilot,
    seed: u64,
    tuning: &Tuning,
    limits: CasualLimits,
    shapes: &Shapes,
    limit: u64,
) -> Game {
    let mut world = World::with_tuning(Mode::Arcade, seed, shapes.clone(), tuning.clone());
    let mut bot = Bot::new();
    let mut casual = Casual::with_limits(seed, limits);
    let mut game = Game::default();
    while !world.is_over() && world.stats().steps < limit {
        let input = match pilot {
            Pilot::Idle => Input::IDLE,
            Pilot::Casual => casual.input(&world),
            Pilot::Bot => bot.input(&world),
        };
        let steps = world.stats().steps + 1;
        if world
            .step(input)
            .iter()
            .any(|e| matches!(e, Event::Hit { .. }))
        {
            game.first_hit.get_or_insert(steps);
        }
    }
    game.steps = world.stats().steps;
    game
}

/// The fastest block spawned in the first `steps` steps of a classic game (no slow-downs there).
fn fastest_fall(seed: u64, tuning: &Tuning, shapes: &Shapes, steps: u64) -> f32 {
    let mut world = World::with_tuning(Mode::Classic, seed, shapes.clone(), tuning.clone());
    let mut fastest: f32 = 0.0;
    for _ in 0..steps {
        let spawned: Vec<u64> = world
            .step(Input::IDLE)
            .iter()
            .filter_map(|e| match e {
                Event::Spawned { id, .. } => Some(*id),
                _ => None,
            })
            .collect();
        for b in world.blocks().iter().filter(|b| spawned.contains(&b.id())) {
            fastest = fastest.max(b.fall_speed());
        }
    }
    fastest
}

/// The `q` quantile (0 to 1) of `values`, interpolated between the two nearest ranks.
fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    if values.is_empty() {
        return f64::NAN;
    }
    let at = q * (values.len() - 1) as f64;
    let (low, high) = (at.floor() as usize, at.ceil() as usize);
    values[low] + (values[high] - values[low]) * (at - low as f64)
}

/// The casual pilot's arcade games at every game speed, as real minutes survived.
fn speed_table(
    seeds: std::ops::Range<u64>,
    tuning: &Tuning,
    limits: CasualLimits,
    shapes: &Shapes,
    limit: u64,
) {
    let jobs: Vec<(GameSpeed, u64)> = GameSpeed::ALL
        .into_iter()
        .rev()
        .flat_map(|s| seeds.clone().map(move |seed| (s, seed)))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while let Some(&(speed, seed)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let at_speed = limits.shown_at(speed);
                    let game = play(Pilot::Casual, seed, tuning, at_speed, shapes, limit * SPS);
                    results.lock().unwrap().push((speed, game.steps));
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    println!(
        "casual pilot by game speed, seeds {}-{} (limit {limit} s of game time):",
        seeds.start,
        seeds.end - 1
    );
    println!("  speed  reaction   real minutes survived     game minutes  games at");
    println!("         (game ms)     q1   median     q3           median   the limit");
    for speed in GameSpeed::ALL.into_iter().rev() {
        let steps: Vec<u64> = results
            .iter()
            .filter(|r| r.0 == speed)
            .map(|r| r.1)
            .collect();
        let game_minutes = |s: &u64| *s as f64 / SPS as f64 / 60.0;
        let mut game: Vec<f64> = steps.iter().map(game_minutes).collect();
        let mut real: Vec<f64> = game.iter().map(|g| speed.real_seconds(*g)).collect();
        let capped = steps.iter().filter(|&&s| s >= limit * SPS).count();
        println!(
            "  {:>5}  {:>9}  {:>6.2}  {:>7.2}  {:>6.2}  {:>15.2}  {capped:>10}",
            speed.to_string(),
            limits.shown_at(speed).reaction_steps * 1000 / STEPS_PER_SECOND,
            quantile(&mut real, 0.25),
            quantile(&mut real, 0.5),
            quantile(&mut real, 0.75),
            quantile(&mut game, 0.5),
        );
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) * 0.5
    }
}

fn set(
    tuning: &mut Tuning,
    limits: &mut CasualLimits,
    name: &str,
    value: &str,
) -> Result<(), String> {
    let f = || {
        value
            .parse::<f32>()
            .map_err(|e| format!("{name}={value}: {e}"))
    };
    match name {
        "player_speed" => tuning.player_speed = f()?,
        "fall_min" => tuning.fall_min = f()?,
        "fall_max" => tuning.fall_max = f()?,
        "fall_ramp" => tuning.fall_ramp = f()?,
        "fall_cap" => tuning.fall_cap = f()?,
        "calm_minutes" => tuning.calm_minutes = f()?,
        "late_fall_ramp" => tuning.late_fall_ramp = f()?,
        "spawn_chance" => tuning.spawn_chance = f()?,
        "spawn_ramp" => tuning.spawn_ramp = f()?,
        "spawn_cap" => tuning.spawn_cap = f()?,
        "spin" => tuning.spin = f()?,
        "spin_ramp" => tuning.spin_ramp = f()?,
        "spin_cap" => tuning.spin_cap = f()?,
        "aim_chance" => tuning.aim_chance = f()?,
        "aim_spread" => tuning.aim_spread = f()?,
        "powerup_chance" => tuning.powerup_chance = f()?,
        "casual.reaction_steps" => limits.reaction_steps = f()? as u32,
        "casual.anticipation_steps" => limits.anticipation_steps = f()? as u32,
        "casual.caution" => limits.caution = f()?,
        "casual.horizon" => limits.horizon = f()? as usize,
        "casual.x_error" => limits.x_error = f()?,
        "casual.fall_error" => limits.fall_error = f()?,
        _ => return Err(format!("unknown setting {name}")),
    }
    Ok(())
}

fn main() {
    let mut tuning = Tuning::for_mode(Mode::Arcade);
    let mut limits = CasualLimits::default();
    let (mut seeds, mut first, mut bot_limit, mut casual_limit) = (20u64, 1u64, 600u64, 900u64);
    let mut speeds = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |what: &str| -> u64 {
            args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| {
                eprintln!("difficulty: {what} needs a whole number");
                std::process::exit(2)
            })
        };
        match arg.as_str() {
            "--seeds" => seeds = number("--seeds"),
            "--first" => first = number("--first"),
            "--bot-limit" => bot_limit = number("--bot-limit"),
            "--casual-limit" => casual_limit = number("--casual-limit"),
            "--speeds" => speeds = true,
            _ => match arg.split_once('=') {
                Some((name, value)) => {
                    if let Err(e) = set(&mut tuning, &mut limits, name, value) {
                        eprintln!("difficulty: {e}");
                        std::process::exit(2);
                    }
                }
                None => {
                    eprintln!("difficulty: unexpected argument {arg}");
                    std::process::exit(2);
                }
            },
        }
    }
    let shapes = Assets::embedded().shapes().expect("embedded assets");
    if speeds {
        speed_table(first..first + seeds, &tuning, limits, &shapes, casual_limit);
        return;
    }

    println!("curve (arcade):");
    println!("  time    blocks/s  fall px/s    spin rad/s");
    for seconds in [0u64, 30, 60, 90, 120, 180, 240, 300, 420, 600] {
        let d = tuning.difficulty_at(seconds * SPS);
        println!(
            "  {:>3}:{:02}  {:>7.2}  {:>4.0}-{:<4.0}    {:.2}",
            seconds / 60,
            seconds % 60,
            d.spawn_chance * 60.0,
            d.fall_min * 60.0,
            d.fall_max * 60.0,
            d.spin * 60.0,
        );
    }

    let jobs: Vec<(Pilot, u64)> = [Pilot::Bot, Pilot::Casual, Pilot::Idle]
        .into_iter()
        .flat_map(|p| (first..first + seeds).map(move |s| (p, s)))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let falls = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i < jobs.len() {
                    let (pilot, seed) = jobs[i];
                    let limit = match pilot {
                        Pilot::Idle => 600,
                        Pilot::Casual => casual_limit,
                        Pilot::Bot => bot_limit,
                    } * SPS;
                    let game = play(pilot, seed, &tuning, limits, &shapes, limit);
                    results.lock().unwrap().push((pilot, seed, game));
                } else if i < jobs.len() + seeds as usize {
                    let seed = first + (i - jobs.len()) as u64;
                    let fall = fastest_fall(seed, &tuning, &shapes, 5 * 60 * SPS);
                    falls.lock().unwrap().push(fall);
                } else {
                    break;
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| (r.0 as u8, r.1));
    let seconds = |steps: u64| steps as f64 / SPS as f64;

    println!("per seed (seconds survived; idle also its first hit):");
    for seed in first..first + seeds {
        let get = |p| results.iter().find(|r| r.0 == p && r.1 == seed).unwrap().2;
        let idle = get(Pilot::Idle);
        println!(
            "  seed {seed:>3}: idle {:>5.1} (first hit {:>5.1})  casual {:>6.1}  bot {:>6.1}",
            seconds(idle.steps),
            idle.first_hit.map_or(f64::NAN, seconds),
            seconds(get(Pilot::Casual).steps),
            seconds(get(Pilot::Bot).steps),
        );
    }
    let of = |p| -> Vec<f64> {
        results
            .iter()
            .filter(|r| r.0 == p)
            .map(|r| seconds(r.2.steps))
            .collect()
    };
    let (mut idle, mut casual, bot) = (of(Pilot::Idle), of(Pilot::Casual), of(Pilot::Bot));
    let first_hits: Vec<f64> = results
        .iter()
        .filter(|r| r.0 == Pilot::Idle)
        .map(|r| r.2.first_hit.map_or(f64::INFINITY, seconds))
        .collect();
    let max = |v: &[f64]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let passed = bot.iter().filter(|&&s| s >= 600.0).count();
    let fastest = falls
        .into_inner()
        .unwrap()
        .into_iter()
        .fold(0.0f32, f32::max);
    println!("summary over {seeds} seeds from {first}:");
    println!(
        "  idle:   game over by {:.1} s at most (median {:.1}); first hit by {:.1} s at most",
        max(&idle),
        median(&mut idle),
        max(&first_hits)
    );
    println!(
        "  casual: median {:.1} s ({:.0}-{:.0}, limit {casual_limit})",
        median(&mut casual),
        min(&casual),
        max(&casual)
    );
    println!(
        "  bot:    {passed} of {seeds} past 600 s ({:.0}%), {:.0}-{:.0} s (limit {bot_limit})",
        100.0 * passed as f64 / seeds as f64,
        min(&bot),
        max(&bot)
    );
    println!(
        "  fastest block before 5:00: {:.0} px/s (the figure walks {:.0} px/s)",
        fastest * 60.0,
        tuning.player_speed * 60.0
    );
}
