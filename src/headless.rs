//! The headless command: what `--headless` asks for (a run, a recorded run or a replay played back),
//! printed as one JSON line.
//!
//! The mode defaults to arcade (the full game, which can end in a game over) and the pilot to idle.
//! Running the game is [`crate::run`]'s job; this module only chooses the run and prints its report.

use crate::assets::{AssetError, Assets};
use crate::cli::Options;
use crate::replay::ReplayError;
use crate::run::{self, Report};

/// Runs what the command line asks for and prints its report as one JSON line on standard output.
pub fn run_and_print(options: &Options, assets: &Assets) -> Result<Report, RunError> {
    let report = run_options(options, assets)?;
    crate::cli::print_line(&report.to_json_line()).map_err(RunError::Output)?;
    Ok(report)
}

/// Runs what the command line asks for with the given assets (a missing seed gets a random one):
/// a run, a run recorded with `--record`, or a replay played back with `--replay`.
pub fn run_options(options: &Options, assets: &Assets) -> Result<Report, RunError> {
    let shapes = assets.shapes()?;
    if let Some(path) = &options.replay {
        return Ok(run::play_back(path, shapes)?);
    }
    let seed = options.clone().resolve_seed();
    let (mode, pilot, speed, seconds) = (
        options.mode_or_default(),
        options.pilot_or_default(),
        options.speed_or_default(),
        options.seconds_or_default(),
    );
    match &options.record {
        Some(path) => Ok(run::record(
            path, seed, mode, pilot, speed, seconds, shapes,
        )?),
        None => Ok(run::run_at(seed, mode, pilot, speed, seconds, shapes)),
    }
}

/// Why a headless run could not report: bad assets, a replay that cannot be read, written or played
/// back, or an output that cannot be written.
#[derive(Debug)]
pub enum RunError {
    /// The assets could not be turned into collision masks.
    Assets(AssetError),
    /// A replay file was unusable.
    Replay(ReplayError),
    /// The report could not be written to standard output.
    Output(std::io::Error),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Assets(e) => e.fmt(f),
            RunError::Replay(e) => e.fmt(f),
            RunError::Output(e) => e.fmt(f),
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
