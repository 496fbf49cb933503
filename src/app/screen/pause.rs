//! The pause screen: resume, quit to the title, or switch "reduce flashing", with the legend in arcade.

use macroquad::prelude::*;

use spinfall::sim::{Mode, FIELD_HEIGHT, FIELD_WIDTH};

use crate::app::input::Actions;
use crate::app::prompt::{self, Look};
use crate::app::render::{draw_panel, SOFT};
use crate::app::view::{Align, Text};
use crate::app::{App, PauseReason, Screen};

impl App {
    /// One frame of the pause: back to the title, or back to the game.
    pub(in crate::app) fn update_paused(&mut self, actions: &Actions) {
        if actions.back {
            self.leave_game();
            self.go_to_title();
        } else if actions.left || actions.right {
            self.change_speed(if actions.right { 1 } else { -1 });
        } else if actions.pause || actions.escape || actions.confirm {
            // Movement held while paused must not count as a burst of time afterwards.
            self.pacer.reset();
            self.set_screen(Screen::Playing);
        }
    }

    /// Draws the pause panel over the held game, saying why it is paused.
    pub(in crate::app) fn draw_pause(&self, text: &Text, why: PauseReason) {
        draw_rectangle(
            0.0,
            0.0,
            FIELD_WIDTH,
            FIELD_HEIGHT,
            Color::new(0.0, 0.02, 0.08, 0.55),
        );
        draw_panel(180.0, 170.0, 440.0, 256.0);
        text.shadowed("PAUSED", 400.0, 230.0, 52.0, Align::Centre, WHITE);
        let note = match why {
            PauseReason::Player => "",
            PauseReason::Focus => "(the window lost focus)",
            PauseReason::Gamepad => "(the gamepad was unplugged)",
        };
        text.draw(note, 400.0, 258.0, 16.0, Align::Centre, SOFT);
        let line = |prompt: &str, y: f32, size: f32, color: Color| {
            let look = Look {
                size,
                color,
                shadow: false,
            };
            prompt::draw(text, prompt, 400.0, y, Align::Centre, look);
        };
        line("Resume: Enter / Esc / P   {Start} {A}", 298.0, 18.0, WHITE);
        line(
            "Quit to title: Q / Backspace   {B} {Back}",
            328.0,
            18.0,
            WHITE,
        );
        let flashing = if self.settings.reduce_flashing {
            "On"
        } else {
            "Off"
        };
        line(
            &format!("Reduce flashing ({flashing}): F   {{X}} {{Y}}"),
            358.0,
            18.0,
            SOFT,
        );
        line(
            &format!(
                "Game speed ({}): Left / Right   D-pad",
                self.settings.speed()
            ),
            384.0,
            18.0,
            SOFT,
        );
        line("Collision debug view: F3", 408.0, 15.0, SOFT);
        if self.world.mode() == Mode::Arcade {
            self.draw_legend(text, 446.0);
        }
    }
}
