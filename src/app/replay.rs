//! Recording each game as it is played and keeping the replays the score tables name; the state
//! the Scores and Replay screens (`screen/scores.rs`, `screen/replay.rs`) show.

use spinfall::replay::{self, Playback, Recorder};
use spinfall::sim::{steps_to_seconds, GameSpeed, Input, Mode};

use super::App;

/// The speeds a replay can be watched at.
pub(in crate::app) const SPEEDS: [u32; 3] = [1, 2, 4];

/// The app's replay state: the game being recorded, the replay being watched, the score table's
/// selection.
#[derive(Debug, Default)]
pub(in crate::app) struct Replays {
    /// The running game's inputs; `None` outside a player's game (and in demo runs).
    recording: Option<Recorder>,
    /// The replay on screen, while one is watched.
    pub(in crate::app) watching: Option<Watching>,
    /// The score table's mode and selected row.
    pub(in crate::app) table_mode: Option<Mode>,
    pub(in crate::app) table_row: usize,
    /// Whether the score table's entries have a replay file, per row, read when the table opens.
    pub(in crate::app) available: Vec<bool>,
    /// Whether a failed replay save was already reported.
    warned: bool,
}

/// A replay being watched.
#[derive(Debug)]
pub(in crate::app) struct Watching {
    pub(in crate::app) playback: Playback,
    /// Index into [`SPEEDS`].
    pub(in crate::app) speed: usize,
    pub(in crate::app) paused: bool,
    /// Where leaving goes: the score table, or the title when the replay came from the command line.
    pub(in crate::app) back_to_table: bool,
}

impl Replays {
    /// The speed to run the world at: 1 unless a replay plays faster.
    pub(super) fn speed(&self) -> u32 {
        self.watching
            .as_ref()
            .map_or(1, |w| if w.paused { 1 } else { SPEEDS[w.speed] })
    }

    /// The game speed the watched replay was played at (full speed when none is watched).
    pub(super) fn game_speed(&self) -> GameSpeed {
        self.watching
            .as_ref()
            .map_or(GameSpeed::FULL, |w| w.playback.replay().speed)
    }

    /// Whether the replay being watched is paused.
    pub(super) fn is_paused(&self) -> bool {
        self.watching.as_ref().is_some_and(|w| w.paused)
    }

    /// The input for the watched replay's next step, or `None` once it has run out.
    pub(super) fn next_input(&mut self) -> Option<Input> {
        self.watching.as_mut()?.playback.next_input()
    }

    /// Passes a game step's input through the recording, if a game is recorded: the returned input,
    /// at the replay's resolution, is what the world must be stepped with.
    pub(super) fn record(&mut self, input: Input) -> Input {
        match &mut self.recording {
            Some(recorder) => recorder.record(input),
            None => input,
        }
    }
}

impl App {
    /// Starts recording the game that is starting (unless a pilot plays it: demo runs keep nothing).
    pub(super) fn start_recording(&mut self) {
        self.replays.recording = self.pilot.is_none().then(Recorder::new);
    }

    /// Stops recording without keeping anything (an arcade game quit before its end).
    pub(super) fn drop_recording(&mut self) {
        self.replays.recording = None;
    }

    /// Saves the finished game's replay next to the scores and returns its id, if it was recorded and
    /// could be saved; the saved file's path is printed, like a game's seed.
    pub(super) fn keep_replay(&mut self) -> Option<u64> {
        let recorder = self.replays.recording.take()?;
        let dir = self.store.dir()?.to_path_buf();
        let seconds = steps_to_seconds(recorder.steps());
        let mut replay = recorder.finish(&self.world, seconds);
        replay.speed = self.slowest_speed;
        match replay::keep(&dir, &replay) {
            Ok(id) => {
                spinfall::outln!("replay: {}", replay::kept_path(&dir, id).display());
                Some(id)
            }
            Err(e) => {
                if !self.replays.warned {
                    spinfall::errln!("spinfall: warning: {e}; replays will not be kept");
                    self.replays.warned = true;
                }
                None
            }
        }
    }

    /// Deletes the kept replays no score entry names, except the last game's (`last`).
    ///
    /// Only once the tables are on disk as they are here: a scores file this run could not use (or
    /// write) may name replays this run does not know of, and those must stay.
    pub(super) fn prune_replays(&mut self, last: Option<u64>) {
        let Some(last) = last else { return };
        let Some(dir) = self.store.dir().map(|d| d.to_path_buf()) else {
            return;
        };
        if self.store.save_scores(&self.scores).is_err() {
            return;
        }
        let mut keep: Vec<u64> = self.scores.replays().collect();
        keep.push(last);
        // A page keeps no replay files (it has no directory), so there is nothing to tidy there.
        #[cfg(target_arch = "wasm32")]
        let _ = (dir, keep);
        #[cfg(not(target_arch = "wasm32"))]
        if let Err(e) = replay::prune_unnamed(&self.store, &keep) {
            if !self.replays.warned {
                spinfall::errln!(
                    "spinfall: warning: cannot tidy old replays in {} ({e})",
                    dir.display()
                );
                self.replays.warned = true;
            }
        }
    }
}
