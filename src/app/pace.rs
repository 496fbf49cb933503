//! The arcade HUD's game clock and difficulty gauge, between the score and the lives.

use macroquad::prelude::*;

use spinfall::sim::World;

use super::render::{clock_text, GOLD, SOFT};
use super::view::{Align, Text};
use super::App;

/// Where the clock is centred, in playfield px: between the score and the best score.
const CLOCK_X: f32 = 236.0;
/// Where the gauge is centred: between the best score and the lives.
const GAUGE_X: f32 = 590.0;
/// The gauge bar's size.
const GAUGE_SIZE: (f32, f32) = (84.0, 7.0);

impl App {
    /// The time played and how far the difficulty has come (see `Difficulty::gauge`).
    pub(super) fn draw_pace(&self, world: &World, text: &Text) {
        text.shadowed("TIME", CLOCK_X, 22.0, 14.0, Align::Centre, SOFT);
        text.shadowed(
            &clock_text(world.elapsed_seconds()),
            CLOCK_X,
            46.0,
            22.0,
            Align::Centre,
            WHITE,
        );

        let gauge = world.difficulty().gauge(world.tuning()).clamp(0.0, 1.0);
        text.shadowed("DIFFICULTY", GAUGE_X, 22.0, 14.0, Align::Centre, SOFT);
        let (w, h) = GAUGE_SIZE;
        let (x, y) = (GAUGE_X - w / 2.0, 34.0);
        draw_rectangle(x, y, w, h, Color::new(0.0, 0.0, 0.0, 0.4));
        // Gold while the pace is gentle, warming to red as it nears the caps.
        let warm = Color::new(1.0, 0.84 - 0.5 * gauge, 0.3 - 0.1 * gauge, 1.0);
        draw_rectangle(x, y, w * gauge, h, if gauge < 0.5 { GOLD } else { warm });
        draw_rectangle_lines(x, y, w, h, 1.0, Color::new(1.0, 1.0, 1.0, 0.35));
        // A tick per quarter, so small steps of the gauge are readable.
        for q in 1..4 {
            let tx = x + w * q as f32 / 4.0;
            draw_line(tx, y, tx, y + h, 1.0, Color::new(0.0, 0.0, 0.1, 0.35));
        }
    }
}
