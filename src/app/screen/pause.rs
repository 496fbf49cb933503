//! The pause screen: resume, quit to the title, or switch "reduce flashing", with the legend in arcade.

use macroquad::prelude::*;

use spinfall::controls::Action;
use spinfall::sim::Mode;

use crate::app::input::Actions;
use crate::app::prompt::{self, Look};
use crate::app::render::{dim_screen, draw_panel, GOLD, SOFT};
use crate::app::view::{Align, Text};
use crate::app::{App, PauseReason, Screen};

/// A line of the pause panel that the mouse can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PauseRow {
    Resume,
    Quit,
    Flashing,
    Speed,
    Debug,
}

/// The panel's lines and their baselines, top first.
const PAUSE_ROWS: [(PauseRow, f32); 5] = [
    (PauseRow::Resume, 298.0),
    (PauseRow::Quit, 328.0),
    (PauseRow::Flashing, 358.0),
    (PauseRow::Speed, 384.0),
    (PauseRow::Debug, 408.0),
];

/// The legend's top edge, under the panel.
const LEGEND_TOP: f32 = 446.0;

/// Where the line with baseline `y` is hovered and clicked.
fn row_rect(y: f32) -> Rect {
    Rect::new(196.0, y - 18.0, 408.0, 24.0)
}

/// The game speed line's clickable "<" (slower) and ">" (faster).
fn speed_arrows(y: f32) -> [Rect; 2] {
    let r = row_rect(y);
    [
        Rect::new(r.x, r.y, 36.0, r.h),
        Rect::new(r.right() - 36.0, r.y, 36.0, r.h),
    ]
}

impl App {
    /// What the pause panel (and the legend under it in arcade) covers, and its smallest text.
    pub(super) fn pause_content(&self) -> (Rect, f32) {
        let bottom = if self.world.mode() == Mode::Arcade {
            LEGEND_TOP + self.legend_height()
        } else {
            426.0
        };
        let x = if self.touch.layout.narrow() || self.world.mode() != Mode::Arcade {
            180.0
        } else {
            60.0
        };
        (Rect::new(x, 170.0, 800.0 - 2.0 * x, bottom - 170.0), 15.0)
    }

    /// One frame of the pause: back to the title, or back to the game.
    pub(in crate::app) fn update_paused(&mut self, actions: &Actions) {
        let clicked = PAUSE_ROWS
            .iter()
            .find(|(_, y)| actions.pointer.clicks(row_rect(*y)));
        if let Some(&(row, y)) = clicked {
            match row {
                PauseRow::Resume => self.resume(),
                PauseRow::Quit => {
                    self.leave_game();
                    self.go_to_title();
                }
                PauseRow::Flashing => self.toggle_flashing(),
                PauseRow::Speed => {
                    let [slower, faster] = speed_arrows(y);
                    if actions.pointer.clicks(slower) {
                        self.change_speed(-1);
                    } else if actions.pointer.clicks(faster) {
                        self.change_speed(1);
                    }
                }
                PauseRow::Debug => self.toggle_debug(),
            }
        } else if actions.back {
            self.leave_game();
            self.go_to_title();
        } else if actions.left || actions.right {
            self.change_speed(if actions.right { 1 } else { -1 });
        } else if actions.pause || actions.escape || actions.confirm || actions.touch.pause_tapped {
            self.resume();
        }
    }

    /// Back to the game.
    fn resume(&mut self) {
        // Movement held while paused must not count as a burst of time afterwards.
        self.pacer.reset();
        self.set_screen(Screen::Playing);
    }

    /// Draws the pause panel over the held game, saying why it is paused.
    pub(in crate::app) fn draw_pause(&self, text: &Text, why: PauseReason) {
        dim_screen(Color::new(0.0, 0.02, 0.08, 0.55));
        draw_panel(180.0, 170.0, 440.0, 256.0);
        text.shadowed("PAUSED", 400.0, 230.0, 52.0, Align::Centre, WHITE);
        let note = match why {
            PauseReason::Player => "",
            PauseReason::Focus => "(the window lost focus)",
            PauseReason::Gamepad => "(the gamepad was unplugged)",
        };
        text.draw(note, 400.0, 258.0, 16.0, Align::Centre, SOFT);
        let keys = &self.settings.controls;
        let flashing = if self.settings.reduce_flashing {
            "On"
        } else {
            "Off"
        };
        for (row, y) in PAUSE_ROWS {
            let hovered = self.pointer.over(row_rect(y));
            if hovered {
                let r = row_rect(y);
                draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.45, 0.6, 1.0, 0.22));
            }
            let (line, size, color) = match row {
                PauseRow::Resume => (
                    format!(
                        "Resume: {} / Esc / {}   {{Start}} {{A}}",
                        keys.get(Action::Confirm).first,
                        keys.names(Action::Pause)
                    ),
                    18.0,
                    WHITE,
                ),
                PauseRow::Quit => (
                    format!(
                        "Quit to title: {}   {{B}} {{Back}}",
                        keys.names(Action::Back)
                    ),
                    18.0,
                    WHITE,
                ),
                PauseRow::Flashing => (
                    format!(
                        "Reduce flashing ({flashing}): {}   {{X}} {{Y}}",
                        keys.names(Action::ReduceFlashing)
                    ),
                    18.0,
                    SOFT,
                ),
                PauseRow::Speed => (
                    format!(
                        "Game speed ({}): {} / {}   D-pad",
                        self.settings.speed(),
                        keys.get(Action::Left).first,
                        keys.get(Action::Right).first
                    ),
                    18.0,
                    SOFT,
                ),
                PauseRow::Debug => (
                    format!("Collision debug view: {}", keys.names(Action::DebugView)),
                    15.0,
                    SOFT,
                ),
            };
            // On a touch screen each line is its own button, and says so instead of naming keys.
            let line = if self.touch.active {
                touch_line(row, flashing, &self.settings.speed().to_string())
            } else {
                line
            };
            let look = Look {
                size,
                color: if hovered { GOLD } else { color },
                shadow: false,
            };
            prompt::draw(text, &line, 400.0, y, Align::Centre, look);
            if row == PauseRow::Speed && (hovered || self.touch.active) {
                for (arrow, rect) in ["<", ">"].into_iter().zip(speed_arrows(y)) {
                    let x = rect.x + rect.w / 2.0;
                    text.draw(arrow, x, y, 20.0, Align::Centre, GOLD);
                }
            }
        }
        if self.world.mode() == Mode::Arcade {
            self.draw_legend(text, LEGEND_TOP);
        }
    }
}

/// A pause line as a touch screen shows it.
fn touch_line(row: PauseRow, flashing: &str, speed: &str) -> String {
    match row {
        PauseRow::Resume => "Resume: tap here or the play button".to_string(),
        PauseRow::Quit => "Quit to title: tap here".to_string(),
        PauseRow::Flashing => format!("Reduce flashing ({flashing}): tap here"),
        PauseRow::Speed => format!("Game speed ({speed}): tap the arrows"),
        PauseRow::Debug => "Collision debug view: tap here".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_lines_can_be_told_apart_by_the_mouse() {
        for pair in PAUSE_ROWS.windows(2) {
            assert!(
                row_rect(pair[0].1).bottom() <= row_rect(pair[1].1).top(),
                "{pair:?}"
            );
        }
    }
}
