//! Headless runs: the simulation without a window, as fast as it goes, summed up in one JSON line.
//!
//! The mode defaults to arcade (the full game, which can end in a game over) and the pilot to idle.
//! Everything in the report except `wall_ms` follows from the arguments alone.

use std::time::Instant;

use serde::Serialize;

use crate::assets::{AssetError, Assets};
use crate::cli::{Options, Pilot};
use crate::replay::{self, ReplayError};
use crate::sim::{Bot, Casual, Input, Mode, Shapes, World, STEPS_PER_SECOND};

/// What a headless run did; serialises to the one JSON line the command prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The seed the world started from.
    pub seed: u64,
    /// The mode's name ("classic" or "arcade").
    pub mode: &'static str,
    /// The pilot's name ("idle", "bot" or "casual"; "replay" when a replay file played).
    pub pilot: &'static str,
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

/// The number of whole steps in `seconds` of game time (negative or NaN counts as 0).
pub fn steps_for(seconds: f64) -> u64 {
    let steps = (seconds * f64::from(STEPS_PER_SECOND)).round();
    if steps.is_nan() || steps <= 0.0 {
        0
    } else {
        // `as` saturates; the command line caps the duration long before that matters.
        steps as u64
    }
}

/// Runs a world of `mode` from `seed` for `seconds` of game time (or until game over) under `pilot`.
pub fn run(seed: u64, mode: Mode, pilot: Pilot, seconds: f64, shapes: Shapes) -> Report {
    let steer = pilot_steer(pilot, seed);
    run_steered(seed, mode, pilot.name(), seconds, shapes, steer).0
}

/// The steering of `pilot` in a game from `seed`: each call gives the input for the world's next step.
pub fn pilot_steer(pilot: Pilot, seed: u64) -> impl FnMut(&World) -> Input {
    let mut bot = Bot::new();
    let mut casual = Casual::new(seed);
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
    seconds: f64,
    shapes: Shapes,
    mut steer: impl FnMut(&World) -> Input,
) -> (Report, World) {
    let started = Instant::now();
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

/// Runs what the command line asks for with the given assets (a missing seed gets a random one):
/// a run, a run recorded with `--record`, or a replay played back with `--replay`.
pub fn run_options(options: &Options, assets: &Assets) -> Result<Report, RunError> {
    let shapes = assets.shapes()?;
    if let Some(path) = &options.replay {
        return Ok(replay::play_headless(path, shapes)?);
    }
    let seed = options.clone().resolve_seed();
    let (mode, pilot, seconds) = (
        options.mode_or_default(),
        options.pilot_or_default(),
        options.seconds_or_default(),
    );
    match &options.record {
        Some(path) => Ok(replay::record_headless(
            path, seed, mode, pilot, seconds, shapes,
        )?),
        None => Ok(run(seed, mode, pilot, seconds, shapes)),
    }
}

/// Why a headless run could not report: bad assets, or a replay that cannot be read, written or
/// played back.
#[derive(Debug)]
pub enum RunError {
    /// The assets could not be turned into collision masks.
    Assets(AssetError),
    /// A replay file was unusable.
    Replay(ReplayError),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Assets(e) => e.fmt(f),
            RunError::Replay(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RunError {}

impl From<AssetError> for RunError {
    fn from(e: AssetError) -> Self {
        RunError::Assets(e)
    }
}

impl From<ReplayError> for RunError {
    fn from(e: ReplayError) -> Self {
        RunError::Replay(e)
    }
}
