//! Replays in the window: recording each game as it is played, keeping the replays the score tables
//! name, the title's score table, and watching a replay with pause and 1x/2x/4x speed.

use macroquad::prelude::*;

use spinfall::controls::{Action, Bindings, Side};
use spinfall::replay::{self, Playback, Recorder, Replay};
use spinfall::sim::{steps_to_seconds, GameSpeed, Input, Mode, World, FIELD_HEIGHT, FIELD_WIDTH};
use spinfall::store::TABLE_LEN;

use super::input::Actions;
use super::platform::IN_BROWSER;
use super::prompt::{self, Look};
use super::render::{clock_text, dim_screen, draw_panel, GOLD, SOFT};
use super::view::{Align, Text};
use super::{mode_key, App, Screen};

/// The speeds a replay can be watched at.
const SPEEDS: [u32; 3] = [1, 2, 4];

/// Where the score table's panel lies.
const TABLE: Rect = Rect {
    x: 130.0,
    y: 90.0,
    w: 540.0,
    h: 400.0,
};
/// What the score table covers, in design pixels, and its smallest text, for the overlay.
pub(super) fn table_content() -> (Rect, f32) {
    (TABLE, 14.0)
}

/// The height of one entry of the score table.
const TABLE_ROW_H: f32 = 40.0;

/// Entry `i` of the score table: its highlight, and where it is hovered and clicked.
fn table_row_rect(i: usize) -> Rect {
    let ry = TABLE.y + 104.0 + i as f32 * TABLE_ROW_H;
    Rect::new(TABLE.x + 12.0, ry + 4.0, TABLE.w - 24.0, TABLE_ROW_H - 4.0)
}

/// The table's "<  mode  >" line, where a click switches to the other mode.
fn table_mode_rect() -> Rect {
    Rect::new(TABLE.x + 100.0, TABLE.y + 64.0, TABLE.w - 200.0, 28.0)
}

/// The table's "Back" in its top left corner.
fn table_back_rect() -> Rect {
    Rect::new(TABLE.x + 10.0, TABLE.y + 10.0, 80.0, 28.0)
}

/// The score table's help line, naming the player's keys; `{A}` and `{B}` are drawn as the
/// gamepad's buttons, as on the title. A browser keeps no replays, so there is nothing to watch.
fn table_help(keys: &Bindings, watchable: bool) -> String {
    let (left, right) = (keys.get(Action::Left).first, keys.get(Action::Right).first);
    let watch = if watchable {
        format!("{} / {{A}}: watch    ", keys.get(Action::Confirm).first)
    } else {
        String::new()
    };
    format!("Up/Down: choose    {watch}{left}/{right}: mode    Esc / {{B}}: back")
}

/// The help line of the band under a replay being watched.
fn watch_help(keys: &Bindings) -> String {
    let confirm = keys.get(Action::Confirm);
    let pause = confirm.second.unwrap_or(confirm.first);
    let (left, right) = (keys.get(Action::Left).first, keys.get(Action::Right).first);
    format!("{pause} / {{A}}: pause   {left}/{right}: speed   Esc / {{B}}: back")
}

/// The help line of the panel at a replay's end.
fn end_help(keys: &Bindings) -> String {
    let again = keys.get(Action::Confirm).first;
    format!("{again} / {{A}}: watch again    Esc / {{B}}: back")
}

/// The app's replay state: the game being recorded, the replay being watched, the score table's
/// selection.
#[derive(Debug, Default)]
pub(super) struct Replays {
    /// The running game's inputs; `None` outside a player's game (and in demo runs).
    recording: Option<Recorder>,
    /// The replay on screen, while one is watched.
    watching: Option<Watching>,
    /// The score table's mode and selected row.
    table_mode: Option<Mode>,
    table_row: usize,
    /// Whether the score table's entries have a replay file, per row, read when the table opens.
    available: Vec<bool>,
    /// Whether a failed replay save was already reported.
    warned: bool,
}

/// A replay being watched.
#[derive(Debug)]
struct Watching {
    playback: Playback,
    /// Index into [`SPEEDS`].
    speed: usize,
    paused: bool,
    /// Where leaving goes: the score table, or the title when the replay came from the command line.
    back_to_table: bool,
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

    /// Opens the title's score table on the mode chosen there.
    pub(super) fn open_table(&mut self) {
        self.replays.table_row = 0;
        self.show_table(self.mode);
        self.set_screen(Screen::Scores);
    }

    fn show_table(&mut self, mode: Mode) {
        self.replays.table_mode = Some(mode);
        let dir = self.store.dir().map(|d| d.to_path_buf());
        self.replays.available = self
            .scores
            .table(mode_key(mode))
            .entries()
            .iter()
            .map(|e| match (e.replay, &dir) {
                (Some(id), Some(dir)) => replay::kept_path(dir, id).is_file(),
                _ => false,
            })
            .collect();
    }

    fn table_mode(&self) -> Mode {
        self.replays.table_mode.unwrap_or(self.mode)
    }

    /// The score table's keys: choose an entry, switch modes, watch, leave.
    pub(super) fn table_input(&mut self, actions: &Actions) {
        let rows = self.replays.available.len();
        let pointer = actions.pointer;
        if actions.back || actions.escape || pointer.clicks(table_back_rect()) {
            self.set_screen(Screen::Title);
            return;
        }
        if actions.left || actions.right || pointer.clicks(table_mode_rect()) {
            let other = match self.table_mode() {
                Mode::Classic => Mode::Arcade,
                Mode::Arcade => Mode::Classic,
            };
            self.show_table(other);
            self.replays.table_row = 0;
            return;
        }
        if rows > 0 {
            if actions.up {
                self.replays.table_row = (self.replays.table_row + rows - 1) % rows;
            }
            if actions.down {
                self.replays.table_row = (self.replays.table_row + 1) % rows;
            }
        }
        let entries: Vec<Rect> = (0..rows).map(table_row_rect).collect();
        if let Some(i) = pointer.hovered_index(&entries) {
            self.replays.table_row = i;
        }
        let clicked = pointer.clicked_index(&entries);
        if let Some(i) = clicked {
            self.replays.table_row = i;
        }
        if clicked.is_some() || actions.confirm || actions.start {
            let mode = mode_key(self.table_mode());
            let entry = self
                .scores
                .table(mode)
                .entries()
                .get(self.replays.table_row);
            let path = entry
                .and_then(|e| e.replay)
                .zip(self.store.dir())
                .map(|(id, dir)| replay::kept_path(dir, id));
            match path.map(|p| Replay::load(&p)) {
                Some(Ok(replay)) => self.watch(replay, true),
                Some(Err(e)) => {
                    spinfall::errln!("spinfall: warning: {e}");
                    self.toast("This replay cannot be played (see the terminal)".to_string());
                }
                None => self.toast("No replay kept for this entry".to_string()),
            }
        }
    }

    /// Shows `replay` from its first step; `back_to_table` returns to the score table afterwards,
    /// otherwise to the title.
    pub(super) fn watch(&mut self, replay: Replay, back_to_table: bool) {
        self.world = World::new(replay.mode, replay.seed, self.shapes.clone());
        self.particles.reset(replay.seed);
        self.reset_effects();
        self.drop_recording();
        self.replays.watching = Some(Watching {
            playback: Playback::new(replay),
            speed: 0,
            paused: false,
            back_to_table,
        });
        self.set_screen(Screen::Replay);
    }

    /// Whether the watched replay has played all its steps (or its game ended).
    fn replay_done(&self) -> bool {
        self.world.is_over()
            || self
                .replays
                .watching
                .as_ref()
                .is_none_or(|w| w.playback.is_done())
    }

    /// One frame of watching: pause, speed, leave, watch again; steps the world while playing.
    pub(super) fn replay_update(&mut self, actions: &Actions, dt: f32) {
        let touch = &actions.touch;
        // On a touch screen the pause button pauses and the movement areas change the speed; a tap
        // anywhere else leaves, as Back does.
        let tap_leaves =
            actions.pointer.tapped && !touch.pause_tapped && touch.side_tapped.is_none();
        if actions.back || actions.escape || tap_leaves {
            let to_table = self
                .replays
                .watching
                .take()
                .is_some_and(|w| w.back_to_table);
            self.new_attract_world();
            if to_table {
                self.set_screen(Screen::Scores);
            } else {
                self.set_screen(Screen::Title);
            }
            return;
        }
        let done = self.replay_done();
        let Some(w) = self.replays.watching.as_mut() else {
            self.go_to_title();
            return;
        };
        if actions.right || touch.side_tapped == Some(Side::Right) {
            w.speed = (w.speed + 1).min(SPEEDS.len() - 1);
        }
        if actions.left || touch.side_tapped == Some(Side::Left) {
            w.speed = w.speed.saturating_sub(1);
        }
        if actions.confirm || actions.pause || actions.start || touch.pause_tapped {
            if done {
                let replay = w.playback.replay().clone();
                let back = w.back_to_table;
                self.watch(replay, back);
                return;
            }
            w.paused = !w.paused;
        }
        if !w.paused && !done {
            let speed = SPEEDS[w.speed] as f32;
            self.advance(dt * speed, super::Steer::Replay, false);
        }
    }

    /// The score table over the title's attract game.
    pub(super) fn draw_table(&self, text: &Text) {
        dim_screen(Color::new(0.02, 0.03, 0.1, 0.55));
        let mode = self.table_mode();
        let (x, y, w, h) = (TABLE.x, TABLE.y, TABLE.w, TABLE.h);
        draw_panel(x, y, w, h);
        let hover = Color::new(0.45, 0.6, 1.0, 0.22);
        for rect in [table_back_rect(), table_mode_rect()] {
            if self.pointer.over(rect) {
                draw_rectangle(rect.x, rect.y, rect.w, rect.h, hover);
            }
        }
        let back = table_back_rect();
        text.draw(
            "< Back",
            back.x + 10.0,
            back.y + 20.0,
            17.0,
            Align::Left,
            SOFT,
        );
        text.shadowed("HIGH SCORES", 400.0, y + 52.0, 40.0, Align::Centre, WHITE);
        let name = match mode {
            Mode::Classic => "Classic: longest hit-free streak",
            Mode::Arcade => "Arcade",
        };
        text.draw(
            &format!("<  {name}  >"),
            400.0,
            y + 84.0,
            18.0,
            Align::Centre,
            GOLD,
        );
        let entries = self.scores.table(mode_key(mode)).entries();
        for i in 0..TABLE_LEN {
            let row = table_row_rect(i);
            let base = row.y + 23.0;
            let Some(e) = entries.get(i) else {
                text.draw(
                    &format!("{}.", i + 1),
                    x + 40.0,
                    base,
                    20.0,
                    Align::Left,
                    SOFT,
                );
                text.draw("-", x + 230.0, base, 20.0, Align::Right, SOFT);
                continue;
            };
            let selected = i == self.replays.table_row;
            if selected {
                draw_rectangle(row.x, row.y, row.w, row.h, hover);
            }
            let color = if selected { WHITE } else { SOFT };
            text.draw(
                &format!("{}.", i + 1),
                x + 40.0,
                base,
                20.0,
                Align::Left,
                color,
            );
            let score = match mode {
                Mode::Arcade => e.score.to_string(),
                Mode::Classic => format!("{:.1} s", steps_to_seconds(e.score)),
            };
            text.draw(&score, x + 230.0, base, 20.0, Align::Right, color);
            text.draw(
                &date_text(e.unix_time),
                x + 260.0,
                base,
                16.0,
                Align::Left,
                SOFT,
            );
            // A game played below full speed says so: its score is honest per game second, but it
            // was an easier game to last in.
            let speed = e.game_speed();
            if !speed.is_full() {
                let tag = format!("at {speed}");
                text.draw(&tag, x + 364.0, base, 16.0, Align::Left, GOLD);
            }
            let has_replay = self.replays.available.get(i).copied().unwrap_or(false);
            let (label, label_color) = match (has_replay, selected) {
                (true, true) => ("> watch", GOLD),
                (true, false) => ("replay", SOFT),
                (false, _) => ("no replay", Color::new(SOFT.r, SOFT.g, SOFT.b, 0.45)),
            };
            text.draw(label, x + w - 36.0, base, 16.0, Align::Right, label_color);
        }
        let help = Look {
            size: 15.0,
            color: SOFT,
            shadow: false,
        };
        let table_help = match (self.touch.active, IN_BROWSER) {
            (true, false) => "Tap a score to watch it    Tap the mode to switch".to_string(),
            (true, true) => "Tap the mode to switch    < Back to the title".to_string(),
            (false, _) => table_help(&self.settings.controls, !IN_BROWSER),
        };
        prompt::draw(text, &table_help, 400.0, y + h - 20.0, Align::Centre, help);
    }

    /// The replay's banner: what is shown, its speed, and the keys; a closing panel at its end.
    pub(super) fn draw_replay(&self, text: &Text) {
        let Some(w) = &self.replays.watching else {
            return;
        };
        let replay = w.playback.replay();
        // Below the figure's feet, so the band never hides the game.
        let band_y = FIELD_HEIGHT - 28.0;
        draw_rectangle(
            0.0,
            band_y,
            FIELD_WIDTH,
            28.0,
            Color::new(0.0, 0.02, 0.1, 0.55),
        );
        let state = if w.paused {
            "PAUSED".to_string()
        } else {
            format!("{}x", SPEEDS[w.speed])
        };
        text.shadowed(
            &format!("REPLAY  {state}"),
            16.0,
            band_y + 20.0,
            17.0,
            Align::Left,
            GOLD,
        );
        let touch = self.touch.active;
        // A phone's larger letters leave no room for the seed beside the touch help.
        let seed = if touch {
            String::new()
        } else {
            format!("    seed {}", replay.seed)
        };
        text.draw(
            &format!(
                "{} / {}{seed}",
                clock_text(steps_to_seconds(w.playback.played())),
                clock_text(steps_to_seconds(replay.steps())),
            ),
            150.0,
            band_y + 19.0,
            15.0,
            Align::Left,
            SOFT,
        );
        // A little smaller than the table's help, so a 20-digit seed beside it stays clear.
        let help = Look {
            size: 14.0,
            color: SOFT,
            shadow: false,
        };
        let watch = if touch {
            "II: pause   arrows: speed   tap: back".to_string()
        } else {
            watch_help(&self.settings.controls)
        };
        prompt::draw(
            text,
            &watch,
            FIELD_WIDTH - 16.0,
            band_y + 19.0,
            Align::Right,
            help,
        );
        if self.replay_done() {
            draw_panel(230.0, 200.0, 340.0, 150.0);
            text.shadowed("END OF REPLAY", 400.0, 246.0, 32.0, Align::Centre, WHITE);
            let score = self.world.score();
            let note = if score == replay.score && self.world.stats().steps == replay.steps() {
                format!("score {score}")
            } else {
                // A replay recorded under other rules plays out differently; say so rather than
                // pass off another game as the recorded one.
                format!(
                    "score {score}; recorded {} by Spinfall {}",
                    replay.score, replay.game_version
                )
            };
            text.draw(&note, 400.0, 282.0, 18.0, Align::Centre, GOLD);
            let help = Look {
                size: 16.0,
                color: SOFT,
                shadow: false,
            };
            let end = if touch {
                "II: watch again    tap: back".to_string()
            } else {
                end_help(&self.settings.controls)
            };
            prompt::draw(text, &end, 400.0, 322.0, Align::Centre, help);
        }
    }
}

/// A Unix time as a calendar date (UTC), `YYYY-MM-DD`; a clock that was unavailable (0) shows nothing.
fn date_text(unix_time: u64) -> String {
    if unix_time == 0 {
        return String::new();
    }
    // Days to a civil date, after Howard Hinnant's `civil_from_days`.
    let days = (unix_time / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::super::prompt::{parse, Button, Part};
    use super::{date_text, end_help, table_help, watch_help};
    use spinfall::controls::{Action, Bindings, Key, Slot};

    #[test]
    fn the_table_and_replay_help_draw_the_gamepad_buttons_as_glyphs() {
        let keys = Bindings::default();
        for help in [table_help(&keys, true), watch_help(&keys), end_help(&keys)] {
            help_draws_a_and_b_as_glyphs(&help);
        }
        assert!(table_help(&keys, true).contains("Enter / {A}: watch"));
        assert!(!table_help(&keys, false).contains("watch"));
    }

    #[test]
    fn the_help_names_the_keys_the_player_chose() {
        let mut keys = Bindings::default();
        keys.bind(Action::Confirm, Slot::First, Key::K).unwrap();
        keys.bind(Action::Left, Slot::First, Key::J).unwrap();
        assert!(table_help(&keys, true).contains("K / {A}: watch"));
        assert!(table_help(&keys, true).contains("J/Right: mode"));
        assert!(end_help(&keys).starts_with("K / {A}: watch again"));
        assert!(watch_help(&keys).starts_with("Space / {A}: pause"));
    }

    fn help_draws_a_and_b_as_glyphs(help: &str) {
        let parts = parse(help);
        assert!(parts.contains(&Part::Pad(Button::A)));
        assert!(parts.contains(&Part::Pad(Button::B)));
        let words: String = parts
            .iter()
            .filter_map(|p| match p {
                Part::Words(w) => Some(*w),
                Part::Pad(_) => None,
            })
            .collect();
        assert!(!words.contains(" A:") && !words.contains(" B:"), "{words}");
    }

    #[test]
    fn dates_are_calendar_days() {
        assert_eq!(date_text(0), "");
        assert_eq!(date_text(86_400), "1970-01-02");
        assert_eq!(date_text(951_782_400), "2000-02-29");
        assert_eq!(date_text(1_700_000_000), "2023-11-14");
    }
}
