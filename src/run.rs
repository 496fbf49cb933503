//! Running a game from a seed and a steering (a pilot, a replay's inputs, or a recorder around a
//! pilot), as fast as it goes, summed up in a [`Report`].
//!
//! Everything in the report except `wall_ms` follows from the arguments alone: the world is a pure
//! function of its seed and the inputs it is stepped with.

use std::path::Path;

use serde::Serialize;

use crate::cli::Pilot;
use crate::replay::{ErrorKind, Recorder, Replay, ReplayError};
use crate::sim::{steps_for, Bot, Casual, CasualLimits, GameSpeed, Input, Mode, Shapes, World};

/// What a headless run did; serialises to the one JSON line the command prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The seed the world started from.
    pub seed: u64,
    /// The mode's name ("classic" or "arcade").
    pub mode: &'static str,
    /// The pilot's name ("idle", "bot" or "casual"; "replay" when a replay file played).
    pub pilot: &'static str,
    /// The game speed in percent (100 is full speed; see [`GameSpeed`]).
    pub speed: u32,
    /// The game time asked for, in seconds.
    pub seconds: f64,
    /// The game time actually played, in seconds: less than `seconds` when the game ended early.
    pub survived_seconds: f64,
    /// Steps actually simulated (fewer than asked when the game ended).
    pub steps: u64,
    /// Blocks spawned.
    pub spawned: u64,
    /// Bounding-rectangle tests run.
    pub rect_tests: u64,
    /// Per-pixel tests run.
    pub pixel_tests: u64,
    /// Hits that counted.
    pub hits: u64,
    /// The final score.
    pub score: u64,
    /// Power-ups caught (any kind; none in classic).
    pub powerups: u64,
    /// Why the run stopped: "time" or "game_over".
    pub ended: &'static str,
    /// Wall-clock milliseconds the run took (the one field that varies between identical runs).
    pub wall_ms: u64,
}

impl Report {
    /// The report as one line of JSON, keys in a fixed order.
    pub fn to_json_line(&self) -> String {
        // A struct of plain numbers and static strings always serialises.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Runs a world of `mode` from `seed` for `seconds` of game time (or until game over) under `pilot`,
/// at full speed.
pub fn run(seed: u64, mode: Mode, pilot: Pilot, seconds: f64, shapes: Shapes) -> Report {
    run_at(seed, mode, pilot, GameSpeed::FULL, seconds, shapes)
}

/// [`run`] for a game shown at `speed`: the world steps the same game time, and only a pilot that
/// reacts in real time (casual) plays differently.
pub fn run_at(
    seed: u64,
    mode: Mode,
    pilot: Pilot,
    speed: GameSpeed,
    seconds: f64,
    shapes: Shapes,
) -> Report {
    let steer = pilot_steer(pilot, seed, speed);
    run_steered(seed, mode, pilot.name(), speed, seconds, shapes, steer).0
}

/// The steering of `pilot` in a game from `seed` shown at `speed`: each call gives the input for the
/// world's next step.
pub fn pilot_steer(pilot: Pilot, seed: u64, speed: GameSpeed) -> impl FnMut(&World) -> Input {
    let mut bot = Bot::new();
    let mut casual = Casual::with_limits(seed, CasualLimits::at_speed(speed));
    move |world| match pilot {
        Pilot::Idle => Input::IDLE,
        Pilot::Bot => bot.input(world),
        Pilot::Casual => casual.input(world),
    }
}

/// [`run`] with any steering (`pilot` names it in the report); also returns the world as it ended.
pub fn run_steered(
    seed: u64,
    mode: Mode,
    pilot: &'static str,
    speed: GameSpeed,
    seconds: f64,
    shapes: Shapes,
    mut steer: impl FnMut(&World) -> Input,
) -> (Report, World) {
    let started = crate::clock::Stopwatch::start();
    let mut world = World::new(mode, seed, shapes);
    let steps = steps_for(seconds);
    while world.stats().steps < steps && !world.is_over() {
        let input = steer(&world);
        world.step(input);
    }
    let stats = *world.stats();
    let report = Report {
        seed,
        mode: mode.name(),
        pilot,
        speed: speed.percent(),
        seconds,
        survived_seconds: stats.elapsed_seconds(),
        steps: stats.steps,
        spawned: stats.spawned,
        rect_tests: stats.rect_tests,
        pixel_tests: stats.pixel_tests,
        hits: stats.hits,
        score: stats.score,
        powerups: stats.collected,
        ended: if world.is_over() { "game_over" } else { "time" },
        wall_ms: started.elapsed().as_millis() as u64,
    };
    (report, world)
}

/// Runs `pilot` as [`run`] does and writes the run's replay to `path`; returns the run's report once
/// the file is written.
pub fn record(
    path: &Path,
    seed: u64,
    mode: Mode,
    pilot: Pilot,
    speed: GameSpeed,
    seconds: f64,
    shapes: Shapes,
) -> Result<Report, ReplayError> {
    let mut recorder = Recorder::new();
    let mut steer = pilot_steer(pilot, seed, speed);
    let (report, world) = run_steered(seed, mode, pilot.name(), speed, seconds, shapes, |world| {
        recorder.record(steer(world))
    });
    let mut replay = recorder.finish(&world, seconds);
    replay.speed = speed;
    replay.save(path)?;
    Ok(report)
}

/// Plays the replay in `path` back and returns the report its recorded run printed, with
/// the pilot named `replay`; a replay that ends otherwise than it recorded is an error.
pub fn play_back(path: &Path, shapes: Shapes) -> Result<Report, ReplayError> {
    let replay = Replay::load(path)?;
    let mut inputs = replay.inputs();
    // Past the recorded inputs a diverging game stands still until its time is up.
    let (report, _) = run_steered(
        replay.seed,
        replay.mode,
        "replay",
        replay.speed,
        replay.seconds,
        shapes,
        |_| inputs.next().unwrap_or(Input::IDLE),
    );
    let recorded = (replay.steps(), replay.score, replay.ended());
    let replayed = (report.steps, report.score, report.ended);
    if recorded != replayed {
        return Err(ReplayError {
            path: path.to_path_buf(),
            kind: ErrorKind::Diverged {
                recorded,
                replayed,
                version: replay.game_version,
            },
        });
    }
    Ok(report)
}
