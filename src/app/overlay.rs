//! Where a screen's panels are drawn: on the field as designed (800 x 600 playfield pixels), or, on a
//! phone, enlarged about their centre into the room the screen has beside or below the field, so that
//! no line is smaller than [`TEXT_MIN_CSS`] and rows are large enough to tap.
//!
//! Screens keep drawing and hit-testing in the design's coordinates; the overlay's camera enlarges what
//! they draw and [`Overlay::to_design`] takes a pointer back, so a tap lands where its row is drawn.

use macroquad::prelude::*;

use super::touch::layout::{Layout, TEXT_MIN_CSS};
use super::view::{Letterbox, Text};

/// The room kept between enlarged panels and the screen's edges, in field pixels.
const MARGIN: f32 = 8.0;

/// How a screen's panels are enlarged and where they go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overlay {
    /// The design point placed at `at`: the centre of the screen's content.
    origin: Vec2,
    /// Where `origin` lands, in the panels' area's units (field pixels from its top left).
    at: Vec2,
    /// Area units per design pixel.
    zoom: f32,
}

impl Overlay {
    /// The design as it is: the panels on the field, unscaled.
    pub fn identity() -> Overlay {
        let centre = vec2(400.0, 300.0);
        Overlay {
            origin: centre,
            at: centre,
            zoom: 1.0,
        }
    }

    /// The design as it is, on the field wherever the layout puts it: for screens drawn on the field.
    pub fn on_field(layout: &Layout) -> Overlay {
        let scale = layout.ui.scale.max(1e-6);
        let (f, ui) = (layout.field, layout.ui);
        Overlay {
            at: vec2(
                (f.x - ui.x) as f32 + f.w as f32 / 2.0,
                (f.y - ui.y) as f32 + f.h as f32 / 2.0,
            ) / scale,
            ..Overlay::identity()
        }
    }

    /// The overlay for content filling `content` (design pixels) whose smallest text is `smallest`
    /// design pixels: without touch, the design as it is; on a touch screen enlarged until that text
    /// is [`TEXT_MIN_CSS`] CSS pixels, or as far as the area allows, and centred in the area.
    pub fn fit(layout: &Layout, dpi: f32, content: Rect, smallest: f32) -> Overlay {
        if layout.pads.is_none() {
            return Overlay::on_field(layout);
        }
        let area = layout.ui_size();
        let css_per_unit = layout.ui.scale / dpi.max(0.01);
        let wanted = TEXT_MIN_CSS / (css_per_unit * smallest.max(1.0));
        // A margin of field pixels, so a panel's edge never lies on the screen's.
        let room = ((area.x - 2.0 * MARGIN) / content.w.max(1.0))
            .min((area.y - 2.0 * MARGIN) / content.h.max(1.0));
        let zoom = wanted.min(room).max(room.min(1.0));
        Overlay {
            origin: content.center(),
            at: area / 2.0,
            zoom: if zoom.is_finite() && zoom > 0.0 {
                zoom
            } else {
                1.0
            },
        }
    }

    /// The design point under `p`, a point of the panels' area.
    pub fn to_design(self, p: Vec2) -> Vec2 {
        self.origin + (p - self.at) / self.zoom
    }

    /// The camera that draws design coordinates through this overlay into the layout's panel area.
    pub fn camera(&self, layout: &Layout, window_h: f32) -> Camera2D {
        let area = layout.ui_size();
        let centre = area / 2.0;
        Camera2D {
            target: self.origin + (centre - self.at) / self.zoom,
            // Positive y zoom: macroquad flips y for cameras without a render target, which gives y down.
            zoom: vec2(
                2.0 * self.zoom / area.x.max(1.0),
                2.0 * self.zoom / area.y.max(1.0),
            ),
            viewport: Some((
                layout.ui.x,
                window_h.max(1.0) as i32 - layout.ui.y - layout.ui.h,
                layout.ui.w,
                layout.ui.h,
            )),
            ..Default::default()
        }
    }

    /// The text drawer for this overlay, keeping every line at least `min_css_px` CSS pixels.
    pub fn text(&self, layout: &Layout, min_css_px: Option<f32>) -> Text {
        let scaled = Letterbox {
            scale: layout.ui.scale * self.zoom,
            ..layout.ui
        };
        Text::new(&scaled, min_css_px)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A centred panel of the pause screen's size, with its smallest text.
    const PANEL: Rect = Rect {
        x: 180.0,
        y: 170.0,
        w: 440.0,
        h: 340.0,
    };

    #[test]
    fn without_touch_the_design_is_drawn_as_it_is() {
        let layout = Layout::new(960.0, 720.0, 1.0, false);
        for overlay in [
            Overlay::fit(&layout, 1.0, PANEL, 15.0),
            Overlay::on_field(&layout),
        ] {
            assert_eq!(overlay.zoom, 1.0);
            let p = vec2(123.0, 456.0);
            assert!((overlay.to_design(p) - p).length() < 1e-3, "{overlay:?}");
        }
    }

    #[test]
    fn on_phones_the_field_overlay_takes_a_tap_to_its_field_point() {
        for (w, h) in [(390.0, 844.0), (844.0, 390.0)] {
            let layout = Layout::new(w * 2.0, h * 2.0, 2.0, true);
            let overlay = Overlay::on_field(&layout);
            let f = layout.field;
            let px = vec2(
                f.x as f32 + f.w as f32 * 0.25,
                f.y as f32 + f.h as f32 * 0.75,
            );
            let design = overlay.to_design(layout.ui_point(px).unwrap());
            assert!(
                (design - vec2(200.0, 450.0)).length() < 0.5,
                "{w}x{h}: {design}"
            );
        }
    }

    #[test]
    fn on_phones_the_smallest_text_reaches_the_minimum_and_the_panel_stays_on_screen() {
        for (w, h) in [(390.0, 844.0), (844.0, 390.0)] {
            for dpi in [1.0, 2.0, 3.0] {
                let layout = Layout::new(w * dpi, h * dpi, dpi, true);
                let overlay = Overlay::fit(&layout, dpi, PANEL, 15.0);
                let css = 15.0 * overlay.zoom * layout.ui.scale / dpi;
                assert!(css >= TEXT_MIN_CSS - 0.01, "{w}x{h}@{dpi}: {css} CSS px");
                // The panel's corners, taken through the overlay, lie in the area.
                let area = layout.ui_size();
                for corner in [PANEL.point(), PANEL.point() + PANEL.size()] {
                    let q = overlay.at + (corner - overlay.origin) * overlay.zoom;
                    assert!(
                        q.x >= -0.01
                            && q.y >= -0.01
                            && q.x <= area.x + 0.01
                            && q.y <= area.y + 0.01,
                        "{w}x{h}@{dpi}: {corner} lands at {q} outside {area}"
                    );
                    // And a pointer there is taken back to the corner.
                    assert!((overlay.to_design(q) - corner).length() < 0.01);
                }
            }
        }
    }
}
