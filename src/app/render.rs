//! The look every screen shares: the palette, panels, and game time as text.
//!
//! Text itself (with its shadow or outline) is drawn by [`super::view::Text`], which scales it to the
//! window, and gamepad button glyphs by [`super::prompt`]; this file holds the rest of the kit.

use macroquad::prelude::*;

/// Highlights: new best, selected menu values.
pub(super) const GOLD: Color = Color::new(1.0, 0.84, 0.3, 1.0);
/// Secondary text.
pub(super) const SOFT: Color = Color::new(0.86, 0.9, 1.0, 0.9);
/// Menu and dialog panels.
pub(super) const PANEL: Color = Color::new(0.04, 0.06, 0.16, 0.72);
/// Panels that nothing may show through: [`PANEL`]'s colour, fully opaque.
pub(super) const SOLID_PANEL: Color = Color::new(PANEL.r, PANEL.g, PANEL.b, 1.0);
/// Panel outlines.
pub(super) const PANEL_EDGE: Color = Color::new(0.55, 0.68, 1.0, 0.45);

/// A dark translucent panel with a thin outline.
pub(super) fn draw_panel(x: f32, y: f32, w: f32, h: f32) {
    draw_rectangle(x, y, w, h, PANEL);
    draw_rectangle_lines(x, y, w, h, 2.0, PANEL_EDGE);
}

/// Dims everything behind a screen's panels, the field and whatever room a phone's screen has
/// around it, under whichever camera draws the panels.
pub(super) fn dim_screen(color: Color) {
    // Far past any panel area: an overlay enlarges the design at most a few times.
    draw_rectangle(-4000.0, -4000.0, 8800.0, 8600.0, color);
}

/// A dark opaque panel with a thin outline, for small print that the game behind (the attract figure
/// walking past) would otherwise make hard to read; the outline lies inside the panel, over its fill.
pub(super) fn draw_solid_panel(x: f32, y: f32, w: f32, h: f32) {
    draw_rectangle(x, y, w, h, SOLID_PANEL);
    draw_rectangle_lines(x, y, w, h, 2.0, PANEL_EDGE);
}

/// Game time as `m:ss`.
pub(super) fn clock_text(seconds: f64) -> String {
    let total = seconds.max(0.0) as u64;
    format!("{}:{:02}", total / 60, total % 60)
}

#[cfg(test)]
mod tests {
    use super::{clock_text, PANEL, SOLID_PANEL};

    #[test]
    fn clock_formats_minutes_and_seconds() {
        assert_eq!(clock_text(0.0), "0:00");
        assert_eq!(clock_text(59.9), "0:59");
        assert_eq!(clock_text(61.0), "1:01");
        assert_eq!(clock_text(-3.0), "0:00");
    }

    #[test]
    fn solid_panels_are_opaque_in_the_panel_colour() {
        assert_eq!(SOLID_PANEL.a, 1.0);
        assert_eq!(
            (SOLID_PANEL.r, SOLID_PANEL.g, SOLID_PANEL.b),
            (PANEL.r, PANEL.g, PANEL.b)
        );
    }
}
