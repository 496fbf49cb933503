//! The Scores screen: the title's score table of each mode, with the replay kept for each entry.

use macroquad::prelude::*;

use spinfall::controls::{Action, Bindings};
use spinfall::replay::{self, Replay};
use spinfall::sim::{steps_to_seconds, Mode};
use spinfall::store::TABLE_LEN;

use crate::app::input::Actions;
use crate::app::platform::IN_BROWSER;
use crate::app::prompt::{self, Look};
use crate::app::render::{dim_screen, draw_panel, GOLD, SOFT};
use crate::app::view::{Align, Text};
use crate::app::{mode_key, App, Screen};

/// Where the score table's panel lies.
const TABLE: Rect = Rect {
    x: 130.0,
    y: 90.0,
    w: 540.0,
    h: 400.0,
};
/// What the score table covers, in design pixels, and its smallest text, for the overlay.
pub(in crate::app) fn table_content() -> (Rect, f32) {
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

impl App {
    /// Opens the title's score table on the mode chosen there.
    pub(in crate::app) fn open_table(&mut self) {
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
    pub(in crate::app) fn table_input(&mut self, actions: &Actions) {
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

    /// The score table over the title's attract game.
    pub(in crate::app) fn draw_table(&self, text: &Text) {
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
            let entry = entries.get(i);
            let selected = entry.is_some() && i == self.replays.table_row;
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
            let Some(e) = entry else {
                text.draw("-", x + 230.0, base, 20.0, Align::Right, SOFT);
                continue;
            };
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
    use super::{date_text, table_help};
    use crate::app::prompt::help_draws_a_and_b_as_glyphs;
    use spinfall::controls::{Action, Bindings, Key, Slot};

    #[test]
    fn the_table_help_draws_the_gamepad_buttons_as_glyphs() {
        let keys = Bindings::default();
        help_draws_a_and_b_as_glyphs(&table_help(&keys, true));
        assert!(table_help(&keys, true).contains("Enter / {A}: watch"));
        assert!(!table_help(&keys, false).contains("watch"));
    }

    #[test]
    fn the_table_help_names_the_keys_the_player_chose() {
        let mut keys = Bindings::default();
        keys.bind(Action::Confirm, Slot::First, Key::K).unwrap();
        keys.bind(Action::Left, Slot::First, Key::J).unwrap();
        assert!(table_help(&keys, true).contains("K / {A}: watch"));
        assert!(table_help(&keys, true).contains("J/Right: mode"));
    }

    #[test]
    fn dates_are_calendar_days() {
        assert_eq!(date_text(0), "");
        assert_eq!(date_text(86_400), "1970-01-02");
        assert_eq!(date_text(951_782_400), "2000-02-29");
        assert_eq!(date_text(1_700_000_000), "2023-11-14");
    }
}
