//! The replay file's shape on disk, and the checks that turn it into a [`Replay`] or say why not.

use serde::{Deserialize, Serialize};

use super::{Replay, INPUT_UNITS, MAX_REPLAY_STEPS, REPLAY_FORMAT};
use crate::sim::{steps_for, GameSpeed, Mode, STEPS_PER_SECOND};

/// The first look at a file: only its format, whatever else it holds.
#[derive(Deserialize)]
pub(super) struct Probe {
    pub(super) format: Option<serde_json::Value>,
}

/// The file's shape.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct File {
    pub(super) format: u32,
    /// Only in [`SLOW_REPLAY_FORMAT`](super::SLOW_REPLAY_FORMAT); absent, a full-speed file is byte for byte a format 1 file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) speed: Option<u32>,
    pub(super) game_version: String,
    pub(super) seed: u64,
    pub(super) mode: String,
    pub(super) seconds: f64,
    pub(super) steps: u64,
    pub(super) score: u64,
    pub(super) ended: String,
    pub(super) input: Vec<(i32, u64)>,
}

impl File {
    /// The replay this file describes, or why it cannot be one.
    pub(super) fn check(self) -> Result<Replay, String> {
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
