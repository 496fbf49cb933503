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

use crate::collision::text::OneLine;
use crate::sim::{GameSpeed, Mode, STEPS_PER_SECOND};

mod file;
mod kept;
mod steps;

use file::{File, Probe};
pub use kept::{keep, kept_path, prune, prune_settled, prune_unnamed, REPLAY_SETTLE};
pub use steps::{Inputs, Playback, Recorder};

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
        // A shared file's bytes reach the message (a field's name, a version, a file's name): their
        // control characters are escaped so that the message stays one line.
        let path = self.path.display().to_string();
        let path = OneLine(&path);
        match &self.kind {
            ErrorKind::Io(e) => write!(f, "replay {path}: {}", OneLine(e)),
            ErrorKind::TooLarge => write!(
                f,
                "replay {path} is larger than {} MiB, the most a replay may be",
                MAX_REPLAY_BYTES >> 20
            ),
            ErrorKind::OtherFormat(v) => write!(
                f,
                "replay {path} is in format {}; this Spinfall reads formats {REPLAY_FORMAT} and \
                 {SLOW_REPLAY_FORMAT}",
                OneLine(v)
            ),
            ErrorKind::Damaged(why) => {
                write!(f, "replay {path} is damaged or not a replay ({})", OneLine(why))
            }
            ErrorKind::Diverged {
                recorded,
                replayed,
                version,
            } => write!(
                f,
                "replay {path} does not play back as recorded: it ended after {} steps with score {} ({}), \
                 but was recorded ending after {} steps with score {} ({}) by Spinfall {}",
                replayed.0,
                replayed.1,
                replayed.2,
                recorded.0,
                recorded.1,
                recorded.2,
                OneLine(version)
            ),
        }
    }
}

impl std::error::Error for ReplayError {}
