//! Notices at the bottom of the screen (a gamepad plugged in, a setting switched): queued from any
//! screen, fading out on their own.

use macroquad::prelude::*;

use spinfall::sim::FIELD_HEIGHT;

use super::view::{Align, Text};
use super::{App, Screen};

impl App {
    pub(super) fn toast(&mut self, text: String) {
        self.toasts.push((text, 3.0));
    }

    /// Counts the notices down by `dt` and drops the ones whose time is up.
    pub(super) fn fade_toasts(&mut self, dt: f32) {
        for t in &mut self.toasts {
            t.1 -= dt;
        }
        self.toasts.retain(|t| t.1 > 0.0);
    }

    /// Notices such as a gamepad being plugged in, bottom centre (in play, a third of the way down).
    pub(super) fn draw_toasts(&self, text: &Text) {
        // In play the bottom is where the figure stands; notices go under the HUD band there.
        let playing = self.screen == Screen::Playing;
        for (i, (msg, left)) in self.toasts.iter().enumerate() {
            let a = left.min(1.0);
            let y = if playing {
                FIELD_HEIGHT * 0.3 + i as f32 * 30.0
            } else {
                FIELD_HEIGHT - 11.0 - i as f32 * 30.0
            };
            let w = text.width(msg, 16.0) + 28.0;
            draw_rectangle(
                400.0 - w / 2.0,
                y - 19.0,
                w,
                26.0,
                Color::new(0.0, 0.0, 0.0, 0.6 * a),
            );
            text.draw(
                msg,
                400.0,
                y,
                16.0,
                Align::Centre,
                Color::new(1.0, 1.0, 1.0, a),
            );
        }
    }
}
