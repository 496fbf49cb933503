//! Replays: a game kept as its seed, mode and per-step input, which the deterministic simulation turns
//! back into the very same game.
//!
//! A replay file is one small JSON object:
//!
//! ```json
//! {"format":1,"game_version":"0.1.0","seed":7,"mode":"arcade","seconds":60.0,"steps":3600,
//!  "score":835,"ended":"time","input":[[0,120],[128,30],[-128,4],[0,3446]]}
//! ```
//!
//! `input` is run-length encoded: each pair is a stick value in 128ths of full deflection (-128 full
//! left, 128 full right) and how many steps in a row it was held. Inputs are recorded at that
//! resolution (see [`Recorder::record`]), so a replay holds exactly what the world was stepped with.
//! `seconds` is the game time the run asked for (a window game: the time it lasted), and `score`,
//! `ended` and `steps` are how it ended, so that a replay that no longer plays the same (one recorded
//! by a Spinfall with other rules) is noticed instead of showing a different game.
//!
//! A game played below full speed is kept in format 2, the same object with `"speed":70` (percent)
//! after the format; a full-speed game stays in format 1, byte for byte.
//!
//! Reading never panics and never reads more than [`MAX_REPLAY_BYTES`]: a file from another format, a
//! damaged one, or one too large is an error naming the file, in one line.
//!
//! ```
//! use spinfall::replay::{Recorder, Replay};
//! use spinfall::sim::{Input, Mode, Shapes, World};
//!
//! let mut world = World::new(Mode::Classic, 7, Shapes::placeholder());
//! let mut recorder = Recorder::new();
//! for step in 0..600 {
//!     let input = recorder.record(Input::new(if step % 90 < 45 { 0.7 } else { -1.0 }));
//!     world.step(input);
//! }
//! let replay = recorder.finish(&world, 10.0);
//! let again = Replay::from_json(&replay.to_json(), "memory".as_ref()).unwrap();
//! assert_eq!(again, replay);
//!
//! let mut copy = World::new(again.mode, again.seed, Shapes::placeholder());
//! let mut inputs = again.inputs();
//! while let Some(input) = inputs.next() {
//!     copy.step(input);
//! }
//! assert_eq!(copy.stats(), world.stats());
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::sim::{steps_for, GameSpeed, Input, Mode, World, STEPS_PER_SECOND};

/// The replay format of a game played at full speed, which every Spinfall reads.
pub const REPLAY_FORMAT: u32 = 1;

/// The replay format of a game played below full speed: format 1 plus the game's `speed` in percent,
/// under a number of its own so that a Spinfall without the game-speed assist refuses it by name
/// instead of playing it at the wrong pace.
pub const SLOW_REPLAY_FORMAT: u32 = 2;

/// The largest replay file read or written, in bytes (32 MiB: a day of the bot's input fits).
pub const MAX_REPLAY_BYTES: u64 = 32 << 20;

/// Input resolution: stick values are kept in steps of 1/`INPUT_UNITS` of full deflection.
pub const INPUT_UNITS: i32 = 128;

/// The most steps a replay may hold: one day of game time, the longest run the command line allows.
pub const MAX_REPLAY_STEPS: u64 = 86_400 * STEPS_PER_SECOND as u64;

/// A recorded game: where it started, every step's input, and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The Spinfall version that recorded it (`CARGO_PKG_VERSION`).
    pub game_version: String,
    /// The world's seed.
    pub seed: u64,
    /// The game mode.
    pub mode: Mode,
    /// The game time the recorded run asked for, in seconds (a window game: the time it lasted).
    pub seconds: f64,
    /// The score the game ended with.
    pub score: u64,
    /// The game speed it was played at (the pace it is watched at; the steps are the same).
    pub speed: GameSpeed,
    /// Whether the game ended in a game over (otherwise its time ran out or the player left).
    pub game_over: bool,
    /// The inputs as (value in 128ths, steps held) runs, in order; never empty runs.
    runs: Vec<(i16, u32)>,
    /// The steps the runs add up to.
    steps: u64,
}

impl Replay {
    /// The number of steps recorded.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The number of runs of equal input: what the file's size follows.
    pub fn runs(&self) -> usize {
        self.runs.len()
    }

    /// The recorded inputs, one per step, in order.
    pub fn inputs(&self) -> Inputs<'_> {
        Inputs {
            runs: &self.runs,
            run: 0,
            used: 0,
        }
    }

    /// How the recorded game ended, as the headless report spells it: `game_over` or `time`.
    pub fn ended(&self) -> &'static str {
        if self.game_over {
            "game_over"
        } else {
            "time"
        }
    }

    /// The replay as one line of JSON, the file format.
    pub fn to_json(&self) -> String {
        let file = File {
            format: if self.speed.is_full() {
                REPLAY_FORMAT
            } else {
                SLOW_REPLAY_FORMAT
            },
            speed: (!self.speed.is_full()).then(|| self.speed.percent()),
            game_version: self.game_version.clone(),
            seed: self.seed,
            mode: self.mode.name().to_string(),
            seconds: self.seconds,
            steps: self.steps,
            score: self.score,
            ended: self.ended().to_string(),
            input: self
                .runs
                .iter()
                .map(|&(v, n)| (i32::from(v), u64::from(n)))
                .collect(),
        };
        // Plain numbers and strings always serialise.
        serde_json::to_string(&file).unwrap_or_default()
    }

    /// Parses and checks a replay; `path` only names the source in errors.
    pub fn from_json(text: &str, path: &Path) -> Result<Replay, ReplayError> {
        let error = |kind| ReplayError {
            path: path.to_path_buf(),
            kind,
        };
        let damaged = |why: String| error(ErrorKind::Damaged(why));
        // serde reads a JSON array into a struct field by field; a replay is an object.
        if !text.trim_start().starts_with('{') {
            return Err(damaged("not a JSON object".into()));
        }
        // The format is looked at before anything else, so that a later format whose shape this one
        // would call damaged is named for what it is.
        let probe: Probe = serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
        match probe.format {
            Some(serde_json::Value::Number(n))
                if [REPLAY_FORMAT, SLOW_REPLAY_FORMAT]
                    .iter()
                    .any(|&f| n.as_u64() == Some(u64::from(f))) => {}
            Some(serde_json::Value::Number(n)) => {
                return Err(error(ErrorKind::OtherFormat(n.to_string())));
            }
            Some(_) => return Err(damaged("the format is not a number".into())),
            None => return Err(damaged("no format version".into())),
        }
        let file: File = serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
        file.check().map_err(damaged)
    }

    /// Reads a replay file, at most [`MAX_REPLAY_BYTES`] of it.
    pub fn load(path: &Path) -> Result<Replay, ReplayError> {
        let error = |kind| ReplayError {
            path: path.to_path_buf(),
            kind,
        };
        // A named pipe or a device in place of a replay is refused, not waited on.
        let bytes = crate::files::read_capped(path, MAX_REPLAY_BYTES).map_err(|e| {
            if e.kind() == std::io::ErrorKind::FileTooLarge {
                error(ErrorKind::TooLarge)
            } else {
                error(ErrorKind::Io(e.to_string()))
            }
        })?;
        let text = String::from_utf8(bytes)
            .map_err(|_| error(ErrorKind::Damaged("not UTF-8 text".into())))?;
        Replay::from_json(&text, path)
    }

    /// Writes the replay to `path` atomically (a temporary file next to it, then a rename).
    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        let error = |kind| ReplayError {
            path: path.to_path_buf(),
            kind,
        };
        let mut json = self.to_json();
        json.push('\n');
        if json.len() as u64 > MAX_REPLAY_BYTES {
            return Err(error(ErrorKind::TooLarge));
        }
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        crate::store::write_atomically(dir, path, json.as_bytes())
            .map_err(|e| error(ErrorKind::Io(e.to_string())))
    }
}

/// Where the game keeps replay `id`: `replay-<id>.json` in the config directory `dir`, next to the
/// scores whose entries name it.
pub fn kept_path(dir: &Path, id: u64) -> PathBuf {
    dir.join(format!("replay-{id}.json"))
}

/// The id of a kept replay's file name, if it is one (`replay-<digits>.json`).
fn kept_id(name: &std::ffi::OsStr) -> Option<u64> {
    let digits = name
        .to_str()?
        .strip_prefix("replay-")?
        .strip_suffix(".json")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Saves `replay` in the config directory `dir` under a new id (from the clock, so ids grow over
/// time) and returns the id.
pub fn keep(dir: &Path, replay: &Replay) -> Result<u64, ReplayError> {
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as u64)
        .unwrap_or(0);
    let id = (micros..micros.saturating_add(1000))
        .find(|&id| !kept_path(dir, id).exists())
        .unwrap_or(micros);
    replay.save(&kept_path(dir, id))?;
    Ok(id)
}

/// Deletes every kept replay in the config directory `dir` whose id is not in `keep`, so that only
/// the replays the score tables name (and the last game's) stay; returns how many were deleted.
///
/// Only files named exactly as [`kept_path`] names them are touched.
pub fn prune(dir: &Path, keep: &[u64]) -> std::io::Result<usize> {
    prune_settled(dir, keep, std::time::Duration::ZERO)
}

/// How long a kept replay no table names yet is left alone: the moment between another running game
/// keeping its replay and saving the score entry that names it.
pub const REPLAY_SETTLE: std::time::Duration = std::time::Duration::from_secs(60);

/// [`prune`], sparing the replays written less than `settle` ago.
pub fn prune_settled(
    dir: &Path,
    keep: &[u64],
    settle: std::time::Duration,
) -> std::io::Result<usize> {
    let mut deleted = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let Some(id) = kept_id(&entry.file_name()) else {
            continue;
        };
        let meta = entry.metadata()?;
        // A clock that runs backwards counts as fresh: keeping a file is the safe mistake.
        let settled = meta
            .modified()
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= settle);
        if !keep.contains(&id) && meta.is_file() && settled {
            std::fs::remove_file(entry.path())?;
            deleted += 1;
        }
    }
    Ok(deleted)
}

/// Deletes the kept replays in `store`'s directory that neither `keep` (this game's tables and its
/// last game) nor the high scores on disk name, under the store's save lock, sparing those written
/// in the last [`REPLAY_SETTLE`]; returns how many were deleted.
///
/// Another game sharing the directory saves its scores under the same lock, so its entries are on
/// disk (and kept) or it has not saved yet (and its fresh replay is spared).
pub fn prune_unnamed(store: &crate::store::Store, keep: &[u64]) -> std::io::Result<usize> {
    store
        .with_saved_scores(|dir, saved| {
            let mut named: Vec<u64> = saved.replays().collect();
            named.extend_from_slice(keep);
            prune_settled(dir, &named, REPLAY_SETTLE)
        })
        .map_err(|e| std::io::Error::other(e.to_string()))?
}

/// The recorded inputs of a [`Replay`], one per step.
#[derive(Clone, Debug)]
pub struct Inputs<'a> {
    runs: &'a [(i16, u32)],
    run: usize,
    used: u32,
}

impl Iterator for Inputs<'_> {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        next_input(self.runs, &mut self.run, &mut self.used)
    }
}

/// A replay being played back step by step, owning it (for a window that steps it frame by frame).
#[derive(Clone, Debug)]
pub struct Playback {
    replay: Replay,
    run: usize,
    used: u32,
    played: u64,
}

impl Playback {
    /// Playback from the first step.
    pub fn new(replay: Replay) -> Playback {
        Playback {
            replay,
            run: 0,
            used: 0,
            played: 0,
        }
    }

    /// The replay being played.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The next step's input, or `None` once every recorded step was played.
    pub fn next_input(&mut self) -> Option<Input> {
        let input = next_input(&self.replay.runs, &mut self.run, &mut self.used)?;
        self.played += 1;
        Some(input)
    }

    /// Steps played so far.
    pub fn played(&self) -> u64 {
        self.played
    }

    /// Whether every recorded step was played.
    pub fn is_done(&self) -> bool {
        self.played >= self.replay.steps
    }
}

/// The input at (`run`, `used`) of `runs`, moving the position on by one step.
fn next_input(runs: &[(i16, u32)], run: &mut usize, used: &mut u32) -> Option<Input> {
    let &(value, count) = runs.get(*run)?;
    *used += 1;
    if *used >= count {
        *run += 1;
        *used = 0;
    }
    Some(from_units(value))
}

/// Records a game's inputs as it is played.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    runs: Vec<(i16, u32)>,
    steps: u64,
}

impl Recorder {
    /// An empty recording.
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// Notes `input` for the next step and returns it at the replay's resolution (1/128 of full
    /// stick): step the world with the returned input, so the replay holds exactly what it played.
    pub fn record(&mut self, input: Input) -> Input {
        let units = to_units(input);
        self.steps += 1;
        match self.runs.last_mut() {
            Some((value, count)) if *value == units && *count < u32::MAX => *count += 1,
            _ => self.runs.push((units, 1)),
        }
        from_units(units)
    }

    /// Steps recorded so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The replay of `world`, which must be the world every recorded input stepped, from its seed;
    /// `seconds` is the game time the run asked for. It says full speed: set [`Replay::speed`] for a
    /// game played slower.
    pub fn finish(&self, world: &World, seconds: f64) -> Replay {
        Replay {
            game_version: env!("CARGO_PKG_VERSION").to_string(),
            seed: world.seed(),
            mode: world.mode(),
            seconds,
            score: world.score(),
            speed: GameSpeed::FULL,
            game_over: world.is_over(),
            runs: self.runs.clone(),
            steps: self.steps,
        }
    }
}

/// An input in 128ths of full stick, rounded to the nearest.
fn to_units(input: Input) -> i16 {
    let x = Input::new(input.move_x).move_x;
    // |x| <= 1, so this fits.
    (x * INPUT_UNITS as f32).round() as i16
}

/// The input `units` 128ths of full stick stand for: exact, as 128 is a power of two.
fn from_units(units: i16) -> Input {
    Input::new(f32::from(units) / INPUT_UNITS as f32)
}

/// The first look at a file: only its format, whatever else it holds.
#[derive(Deserialize)]
struct Probe {
    format: Option<serde_json::Value>,
}

/// The file's shape.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: u32,
    /// Only in [`SLOW_REPLAY_FORMAT`]; absent, a full-speed file is byte for byte a format 1 file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    speed: Option<u32>,
    game_version: String,
    seed: u64,
    mode: String,
    seconds: f64,
    steps: u64,
    score: u64,
    ended: String,
    input: Vec<(i32, u64)>,
}

impl File {
    /// The replay this file describes, or why it cannot be one.
    fn check(self) -> Result<Replay, String> {
        let mode = match self.mode.as_str() {
            "classic" => Mode::Classic,
            "arcade" => Mode::Arcade,
            other => return Err(format!("unknown mode {other:?}")),
        };
        let speed = match (self.format, self.speed) {
            (REPLAY_FORMAT, None) => GameSpeed::FULL,
            (REPLAY_FORMAT, Some(_)) => {
                return Err(format!("format {REPLAY_FORMAT} has no speed"));
            }
            (_, None) => return Err("no game speed".into()),
            (_, Some(percent)) => GameSpeed::from_percent(percent)
                .ok_or_else(|| format!("game speed {percent}% is not one of 60-100% in tens"))?,
        };
        let game_over = match self.ended.as_str() {
            "game_over" if mode == Mode::Arcade => true,
            "time" => false,
            other => return Err(format!("a {} game cannot end in {other:?}", mode.name())),
        };
        if self.game_version.is_empty()
            || self.game_version.len() > 64
            || self.game_version.chars().any(char::is_control)
        {
            return Err("the game version is not a version".into());
        }
        let max_seconds = MAX_REPLAY_STEPS as f64 / f64::from(STEPS_PER_SECOND);
        if !(0.0..=max_seconds).contains(&self.seconds) {
            return Err(format!("seconds {} outside 0-{max_seconds}", self.seconds));
        }
        if self.steps > steps_for(self.seconds) {
            return Err(format!(
                "{} steps do not fit in {} seconds",
                self.steps, self.seconds
            ));
        }
        let mut runs = Vec::with_capacity(self.input.len());
        let mut total: u64 = 0;
        for (i, &(value, count)) in self.input.iter().enumerate() {
            if !(-INPUT_UNITS..=INPUT_UNITS).contains(&value) {
                return Err(format!(
                    "input run {i} has value {value}, outside -{INPUT_UNITS}..={INPUT_UNITS}"
                ));
            }
            let count = u32::try_from(count)
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("input run {i} lasts {count} steps"))?;
            total = total.saturating_add(u64::from(count));
            // Both bounds were checked above.
            runs.push((value as i16, count));
        }
        if total != self.steps {
            return Err(format!(
                "the input lasts {total} steps, the replay says {}",
                self.steps
            ));
        }
        Ok(Replay {
            game_version: self.game_version,
            seed: self.seed,
            mode,
            seconds: self.seconds,
            score: self.score,
            speed,
            game_over,
            runs,
            steps: self.steps,
        })
    }
}

/// Why a replay could not be read, written or played back; displays as one line naming the file.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayError {
    /// The file.
    pub path: PathBuf,
    /// What was wrong with it.
    pub kind: ErrorKind,
}

/// What was wrong with a replay file.
#[derive(Clone, Debug, PartialEq)]
pub enum ErrorKind {
    /// It could not be opened, read or written.
    Io(String),
    /// It is larger than [`MAX_REPLAY_BYTES`].
    TooLarge,
    /// It declares a format other than [`REPLAY_FORMAT`] and [`SLOW_REPLAY_FORMAT`].
    OtherFormat(String),
    /// It is not a replay: not JSON, or JSON of another shape, or values that cannot be.
    Damaged(String),
    /// It played back to another result than it recorded (it was recorded under other rules).
    Diverged {
        /// What the recorded run ended with: steps, score, ending.
        recorded: (u64, u64, &'static str),
        /// What playing it back ended with.
        replayed: (u64, u64, &'static str),
        /// The Spinfall version that recorded it.
        version: String,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.kind {
            ErrorKind::Io(e) => write!(f, "replay {path}: {e}"),
            ErrorKind::TooLarge => write!(
                f,
                "replay {path} is larger than {} MiB, the most a replay may be",
                MAX_REPLAY_BYTES >> 20
            ),
            ErrorKind::OtherFormat(v) => write!(
                f,
                "replay {path} is in format {v}; this Spinfall reads formats {REPLAY_FORMAT} and \
                 {SLOW_REPLAY_FORMAT}"
            ),
            ErrorKind::Damaged(why) => write!(f, "replay {path} is damaged or not a replay ({why})"),
            ErrorKind::Diverged {
                recorded,
                replayed,
                version,
            } => write!(
                f,
                "replay {path} does not play back as recorded: it ended after {} steps with score {} ({}), \
                 but was recorded ending after {} steps with score {} ({}) by Spinfall {version}",
                replayed.0, replayed.1, replayed.2, recorded.0, recorded.1, recorded.2
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_kept_replay_names_have_ids() {
        let id = |name: &str| kept_id(std::ffi::OsStr::new(name));
        assert_eq!(id("replay-17.json"), Some(17));
        assert_eq!(
            kept_path(Path::new("/c"), 17),
            Path::new("/c/replay-17.json")
        );
        for other in [
            "replay-.json",
            "replay-1a.json",
            "replay-+1.json",
            "replay-1.json.tmp",
            "scores.json",
            "replay-99999999999999999999999.json",
        ] {
            assert_eq!(id(other), None, "{other}");
        }
    }

    #[test]
    fn inputs_keep_a_128th_of_stick_exactly() {
        let mut r = Recorder::new();
        assert_eq!(r.record(Input::new(1.0)), Input::new(1.0));
        assert_eq!(r.record(Input::new(-1.0)), Input::new(-1.0));
        assert_eq!(r.record(Input::new(0.5)).move_x, 0.5);
        assert_eq!(r.record(Input::new(0.3)).move_x, 38.0 / 128.0);
        assert_eq!(r.record(Input::new(f32::NAN)), Input::IDLE);
        assert_eq!(r.record(Input::new(-0.0)), Input::IDLE);
        assert_eq!(r.record(Input { move_x: 9.0 }).move_x, 1.0);
        assert_eq!(r.steps(), 7);
        assert_eq!(
            r.runs,
            vec![(128, 1), (-128, 1), (64, 1), (38, 1), (0, 2), (128, 1)]
        );
    }
}
