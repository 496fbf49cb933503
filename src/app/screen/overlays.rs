//! Which part of the design each screen's panels cover, so a phone can enlarge it to a readable size.

use macroquad::prelude::screen_dpi_scale;

use super::controls::controls_content;
use super::game_over::game_over_content;
use super::scores::table_content;
use crate::app::overlay::Overlay;
use crate::app::touch::layout::Layout;
use crate::app::{App, Screen};

impl App {
    /// The overlay the current screen's panels are drawn through, and taps taken back through. Play
    /// and replays have none: their lines sit on the field, where the text floor alone keeps them
    /// readable.
    pub(in crate::app) fn overlay(&self, layout: &Layout) -> Overlay {
        let content = match self.screen {
            Screen::Title => self.title_content(),
            Screen::Paused { .. } => self.pause_content(),
            Screen::GameOver => game_over_content(),
            Screen::Scores => table_content(),
            Screen::Controls => controls_content(),
            Screen::Playing | Screen::Replay => return Overlay::on_field(layout),
        };
        Overlay::fit(layout, screen_dpi_scale(), content.0, content.1)
    }
}
