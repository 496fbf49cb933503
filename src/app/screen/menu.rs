//! The title's menu: the rows this build offers, what each one changes, and how the rows are drawn.

use macroquad::prelude::*;

use spinfall::sim::Mode;

use crate::app::audio::{self, Cue};
use crate::app::platform::IN_BROWSER;
use crate::app::render::{draw_panel, GOLD, SOFT};
use crate::app::saving::mode_key;
use crate::app::view::{Align, Text};
use crate::app::App;

/// The start of the notice shown when "reduce flashing" is switched, so a second switch replaces it.
const FLASHING_TOAST: &str = "Reduce flashing: ";

/// One row of the title screen's menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Row {
    /// Classic or Arcade.
    Mode,
    /// The game-speed assist.
    Speed,
    /// The photosensitivity setting.
    Flashing,
    /// Master volume.
    #[cfg_attr(not(feature = "sound"), allow(dead_code))]
    Volume,
    /// Gamepad rumble.
    #[cfg_attr(not(feature = "gamepad"), allow(dead_code))]
    Rumble,
    /// The touch scheme, on a touch screen only.
    Touch,
    /// Opens the Controls screen, where keys are chosen.
    Controls,
    /// Opens the score table, where replays are watched.
    Scores,
}

impl Row {
    /// Whether the row opens a screen instead of holding a value.
    pub(super) fn opens_a_screen(self) -> bool {
        matches!(self, Row::Controls | Row::Scores)
    }
}

/// Where the menu's rows lie, shared by drawing and the mouse so a click lands where the row is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct MenuLayout {
    /// The panel's top edge.
    pub(super) top: f32,
    /// Each row's height.
    row_h: f32,
    /// How many rows.
    rows: usize,
}

/// The left edge and width of the menu's panel.
const PANEL_X: f32 = 190.0;
const PANEL_W: f32 = 420.0;
/// Where a value row's "<" and ">" are drawn, and the value between them.
const LEFT_ARROW_X: f32 = 486.0;
const RIGHT_ARROW_X: f32 = 590.0;
const VALUE_X: f32 = (LEFT_ARROW_X + RIGHT_ARROW_X) / 2.0;

impl MenuLayout {
    /// The layout of a menu of `rows` rows: more rows sit a little closer together and start a
    /// little higher, so the lines under them still end inside the field.
    pub(super) fn new(rows: usize) -> MenuLayout {
        let row_h = match rows {
            0..=4 => 36.0,
            5 => 32.0,
            6 => 28.0,
            _ => 26.0,
        };
        let top = if rows > 5 { 180.0 } else { 188.0 };
        MenuLayout { top, row_h, rows }
    }

    /// The whole panel: a tap outside it on the title starts a game.
    pub(super) fn panel_rect(&self) -> Rect {
        Rect::new(PANEL_X, self.top, PANEL_W, self.panel_h())
    }

    /// The layout on this screen: on a phone held upright, where the menu is enlarged into the
    /// room below the field, rows as tall as the most rows ever get, so each is a comfortable tap.
    pub(super) fn on(rows: usize, narrow: bool) -> MenuLayout {
        let layout = MenuLayout::new(rows);
        if narrow {
            MenuLayout {
                row_h: 36.0,
                ..layout
            }
        } else {
            layout
        }
    }

    /// The panel's height.
    pub(super) fn panel_h(&self) -> f32 {
        self.rows as f32 * self.row_h + 24.0
    }

    /// Row `i`'s highlight, which is also where it is hovered and clicked.
    fn row_rect(&self, i: usize) -> Rect {
        let y = self.top + 12.0 + i as f32 * self.row_h;
        Rect::new(PANEL_X + 6.0, y, PANEL_W - 12.0, self.row_h - 4.0)
    }

    /// Every row's rectangle, top first.
    pub(super) fn row_rects(&self) -> Vec<Rect> {
        (0..self.rows).map(|i| self.row_rect(i)).collect()
    }

    /// The clickable "<" and ">" of row `i`.
    pub(super) fn arrow_rects(&self, i: usize) -> [Rect; 2] {
        let r = self.row_rect(i);
        [
            Rect::new(LEFT_ARROW_X - 18.0, r.y, 32.0, r.h),
            Rect::new(RIGHT_ARROW_X - 14.0, r.y, 32.0, r.h),
        ]
    }
}

/// The rows this build offers (no volume without sound, no rumble without gamepads), with the touch
/// scheme's on a touch screen.
pub(super) fn menu_rows(touch: bool) -> Vec<Row> {
    let mut rows = vec![Row::Mode, Row::Flashing, Row::Speed];
    if cfg!(feature = "sound") {
        rows.push(Row::Volume);
    }
    if cfg!(feature = "gamepad") {
        rows.push(Row::Rumble);
    }
    if touch {
        rows.push(Row::Touch);
    }
    rows.push(Row::Controls);
    rows.push(Row::Scores);
    rows
}

impl App {
    /// Changes the setting on `row` by `step` (left is -1, right is +1).
    pub(super) fn change_row(&mut self, row: Row, step: i32) {
        match row {
            Row::Mode => {
                self.mode = match self.mode {
                    Mode::Classic => Mode::Arcade,
                    Mode::Arcade => Mode::Classic,
                };
                self.settings.last_mode = mode_key(self.mode);
                self.save_settings();
                self.new_attract_world();
            }
            Row::Speed => self.change_speed(step),
            Row::Flashing => self.toggle_flashing(),
            Row::Volume => {
                let volume =
                    ((self.settings.volume * 10.0).round() + step as f32).clamp(0.0, 10.0) / 10.0;
                self.settings.volume = volume;
                self.sfx.set_volume(volume);
                self.sfx.play(Cue::Dodge);
                self.save_settings();
            }
            Row::Rumble => {
                self.settings.rumble = !self.settings.rumble;
                if self.settings.rumble {
                    self.devices.rumble();
                }
                self.save_settings();
            }
            Row::Touch => {
                self.settings.touch = self.settings.touch.next();
                self.save_settings();
            }
            Row::Controls | Row::Scores => {}
        }
    }

    /// Steps the game speed one notch (60% to 100% in tens) and keeps it with the settings.
    pub(in crate::app) fn change_speed(&mut self, step: i32) {
        let speed = self.settings.speed().stepped(step.signum());
        if speed != self.settings.speed() {
            self.settings.game_speed = speed.percent();
            self.sfx.play(Cue::Dodge);
            self.save_settings();
        }
    }

    /// Switches "reduce flashing" and says so in a notice that replaces the previous one.
    pub(in crate::app) fn toggle_flashing(&mut self) {
        self.settings.reduce_flashing = !self.settings.reduce_flashing;
        let state = if self.settings.reduce_flashing {
            "on"
        } else {
            "off"
        };
        self.toasts
            .retain(|(text, _)| !text.starts_with(FLASHING_TOAST));
        self.toast(format!("{FLASHING_TOAST}{state}"));
        self.save_settings();
    }

    /// Draws the menu's panel and rows as `layout` places them.
    pub(super) fn draw_menu(&self, text: &Text, rows: &[Row], layout: MenuLayout) {
        draw_panel(PANEL_X, layout.top, PANEL_W, layout.panel_h());
        for (i, row) in rows.iter().enumerate() {
            let r = layout.row_rect(i);
            let selected = i == self.menu_row;
            if selected {
                draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.45, 0.6, 1.0, 0.22));
            }
            let (label, value) = self.row_text(*row);
            let base = r.y + r.h / 2.0 + 7.0;
            let label_color = if selected { WHITE } else { SOFT };
            let label_w = text.draw(label, 214.0, base, 20.0, Align::Left, label_color);
            let devices = Devices {
                sound: audio::available(),
                gamepad: !self.devices.pad_names().is_empty(),
            };
            if let Some(note) = row_note(*row, devices) {
                let dim = Color::new(SOFT.r, SOFT.g, SOFT.b, 0.7);
                text.draw(note, 222.0 + label_w, base, 15.0, Align::Left, dim);
            }
            let value_color = if selected { GOLD } else { WHITE };
            text.draw(&value, VALUE_X, base, 20.0, Align::Centre, value_color);
            // The arrows say Left and Right change the value, and are where a click does.
            if selected && !row.opens_a_screen() {
                let [left, right] = layout.arrow_rects(i);
                for (rect, arrow, x) in [(left, "<", LEFT_ARROW_X), (right, ">", RIGHT_ARROW_X)] {
                    if self.pointer.over(rect) {
                        draw_rectangle(
                            rect.x,
                            rect.y,
                            rect.w,
                            rect.h,
                            Color::new(1.0, 0.84, 0.3, 0.25),
                        );
                    }
                    text.draw(arrow, x, base, 20.0, Align::Centre, GOLD);
                }
            } else if selected {
                text.draw(">", RIGHT_ARROW_X, base, 20.0, Align::Centre, GOLD);
            }
        }
    }

    /// A menu row's label and current value.
    fn row_text(&self, row: Row) -> (&'static str, String) {
        let on_off = |b: bool| if b { "On" } else { "Off" }.to_string();
        match row {
            Row::Mode => (
                "Mode",
                match self.mode {
                    Mode::Classic => "Classic",
                    Mode::Arcade => "Arcade",
                }
                .to_string(),
            ),
            Row::Speed => ("Game speed", self.settings.speed().to_string()),
            Row::Flashing => ("Reduce flashing", on_off(self.settings.reduce_flashing)),
            Row::Volume => (
                "Sound volume",
                format!("{:.0}%", self.settings.volume * 100.0),
            ),
            Row::Rumble => ("Gamepad rumble", on_off(self.settings.rumble)),
            Row::Touch => ("Touch controls", self.settings.touch.name().to_string()),
            // A page keeps no replay files: its table shows the scores alone.
            Row::Controls => ("Controls", "Keys".to_string()),
            Row::Scores if IN_BROWSER => ("High scores", "View".to_string()),
            Row::Scores => ("High scores and replays", "View".to_string()),
        }
    }
}

/// Which optional devices this machine has right now.
#[derive(Clone, Copy, Debug)]
struct Devices {
    sound: bool,
    gamepad: bool,
}

/// The note beside a menu row whose setting has nothing to act on, so it is not mistaken for broken.
fn row_note(row: Row, devices: Devices) -> Option<&'static str> {
    match row {
        Row::Volume if !devices.sound => Some("(no sound device)"),
        Row::Rumble if !devices.gamepad => Some("(no gamepad)"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{menu_rows, row_note, Devices, MenuLayout, Row};

    #[test]
    fn menu_always_has_mode_and_flashing_rows() {
        for touch in [false, true] {
            let rows = menu_rows(touch);
            assert_eq!(&rows[..2], &[Row::Mode, Row::Flashing]);
            assert_eq!(rows.contains(&Row::Touch), touch);
        }
    }

    #[test]
    fn menu_offers_the_game_speed_and_the_controls() {
        assert!(menu_rows(false).contains(&Row::Speed));
        assert!(menu_rows(false).contains(&Row::Controls));
    }

    #[test]
    fn rows_and_their_arrows_do_not_overlap() {
        for n in 3..=7 {
            let layout = MenuLayout::new(n);
            let rects = layout.row_rects();
            for pair in rects.windows(2) {
                assert!(pair[0].bottom() <= pair[1].top(), "{n} rows: {pair:?}");
            }
            for (i, row) in rects.iter().enumerate() {
                let [left, right] = layout.arrow_rects(i);
                assert!(left.right() < right.left());
                assert!(row.contains(left.center()) && row.contains(right.center()));
            }
        }
    }

    #[test]
    fn volume_and_rumble_rows_say_when_their_device_is_missing() {
        let none = Devices {
            sound: false,
            gamepad: false,
        };
        let all = Devices {
            sound: true,
            gamepad: true,
        };
        assert_eq!(row_note(Row::Volume, none), Some("(no sound device)"));
        assert_eq!(row_note(Row::Rumble, none), Some("(no gamepad)"));
        for row in [Row::Mode, Row::Flashing, Row::Volume, Row::Rumble] {
            assert_eq!(row_note(row, all), None, "{row:?}");
        }
        assert_eq!(row_note(Row::Mode, none), None);
    }
}
