//! Player preferences and the mode remembered between runs.

use serde::{Deserialize, Serialize};

use super::format::{FileFormat, FORMAT_VERSION};
use crate::controls::{Bindings, TouchScheme};
use crate::sim::GameSpeed;

/// The game mode as remembered between runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModeKey {
    /// The tutorial's endless game: hits only flash and are counted.
    Classic,
    /// Three lives, a score and a game over.
    #[default]
    Arcade,
}

/// Player preferences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Format version of the file this was read from.
    pub version: u32,
    /// Draw a red border instead of a full-screen red flash, for photosensitive players.
    pub reduce_flashing: bool,
    /// The mode chosen last on the title screen.
    pub last_mode: ModeKey,
    /// Sound volume from 0 (silent) to 1 (full).
    pub volume: f32,
    /// Gamepad rumble on hits.
    pub rumble: bool,
    /// The game speed in percent: 60 to 100 in tens (see [`crate::sim::GameSpeed`]).
    pub game_speed: u32,
    /// The keys the player chose for each action; read leniently, a damaged binding alone falling
    /// back to its defaults (see [`crate::controls`]).
    pub controls: Bindings,
    /// How fingers move the figure on a touch screen (absent from older files: the buttons).
    pub touch: TouchScheme,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: FORMAT_VERSION,
            reduce_flashing: false,
            last_mode: ModeKey::default(),
            volume: 0.8,
            rumble: true,
            game_speed: GameSpeed::FULL.percent(),
            controls: Bindings::default(),
            touch: TouchScheme::default(),
        }
    }
}

impl Settings {
    /// The game speed chosen, full speed for a value no Spinfall offers.
    pub fn speed(&self) -> GameSpeed {
        GameSpeed::from_percent(self.game_speed).unwrap_or_default()
    }

    /// Clamps values a hand-edited file may have pushed out of range.
    fn sanitise(&mut self) {
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            Settings::default().volume
        };
        if GameSpeed::from_percent(self.game_speed).is_none() {
            self.game_speed = GameSpeed::FULL.percent();
        }
        // Saved again, the file is in this version's format: an older Spinfall, which would set
        // aside the fields it does not know, then leaves it untouched instead.
        self.version = self.version.max(FORMAT_VERSION);
    }
}

impl FileFormat for Settings {
    fn sanitise(&mut self) {
        Settings::sanitise(self);
    }

    fn take_warnings(&mut self) -> Vec<String> {
        self.controls.take_repairs()
    }
}
