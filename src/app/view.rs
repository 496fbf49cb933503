//! The fixed virtual playfield, letterboxed into a window of any size and drawn at the window's real
//! pixel density.
//!
//! Instead of rendering a small texture and stretching it (blurry on high-DPI screens), every frame draws
//! straight into the window's framebuffer through a camera whose viewport is the letterboxed rectangle
//! in physical pixels. Sprites keep their crisp nearest-neighbour look at any size and text is rasterised
//! at the size it is shown.

use macroquad::prelude::*;

/// Where the playfield lands in the window's framebuffer, in physical pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Letterbox {
    /// Left edge of the playfield.
    pub x: i32,
    /// Top edge of the playfield.
    pub y: i32,
    /// Width of the playfield.
    pub w: i32,
    /// Height of the playfield.
    pub h: i32,
    /// Physical pixels per playfield pixel.
    pub scale: f32,
}

impl Letterbox {
    /// Fits a `field_w` x `field_h` field into a `window_w` x `window_h` framebuffer, centred, keeping
    /// its aspect ratio; the bars take up the rest.
    pub fn fit(window_w: f32, window_h: f32, field_w: f32, field_h: f32) -> Letterbox {
        // A minimised window reports zero; one pixel keeps the camera maths finite.
        let window_w = window_w.max(1.0);
        let window_h = window_h.max(1.0);
        let scale = (window_w / field_w).min(window_h / field_h);
        let w = ((field_w * scale).round() as i32).clamp(1, window_w as i32);
        let h = ((field_h * scale).round() as i32).clamp(1, window_h as i32);
        let x = (window_w as i32 - w) / 2;
        let y = (window_h as i32 - h) / 2;
        Letterbox { x, y, w, h, scale }
    }

    /// The playfield point under the framebuffer pixel (`x`, `y`), or `None` when that pixel lies
    /// on a bar outside the field.
    pub fn field_point(&self, x: f32, y: f32, field_w: f32, field_h: f32) -> Option<Vec2> {
        let p = vec2(
            (x - self.x as f32) / self.w as f32 * field_w,
            (y - self.y as f32) / self.h as f32 * field_h,
        );
        (p.x >= 0.0 && p.y >= 0.0 && p.x < field_w && p.y < field_h).then_some(p)
    }

    /// The camera that maps playfield coordinates (y down) onto this rectangle.
    ///
    /// `shake` moves the view by that many playfield pixels, for a hit's screen shake.
    pub fn camera(&self, window_h: f32, field_w: f32, field_h: f32, shake: Vec2) -> Camera2D {
        Camera2D {
            target: vec2(field_w / 2.0, field_h / 2.0) + shake,
            // Positive y zoom: macroquad flips y for cameras without a render target, which gives y down.
            zoom: vec2(2.0 / field_w, 2.0 / field_h),
            // OpenGL counts viewport rows from the bottom of the framebuffer.
            viewport: Some((
                self.x,
                window_h.max(1.0) as i32 - self.y - self.h,
                self.w,
                self.h,
            )),
            ..Default::default()
        }
    }
}

/// The current framebuffer size in physical pixels.
pub fn framebuffer_size() -> (f32, f32) {
    macroquad::miniquad::window::screen_size()
}

/// Draws text crisply under a camera that scales playfield pixels by `px_per_unit` physical pixels.
#[derive(Clone, Copy, Debug)]
pub struct Text {
    px_per_unit: f32,
    dpi: f32,
    /// The smallest size drawn, in playfield pixels; smaller sizes are raised to it.
    floor: f32,
}

/// The size in playfield pixels that shows as `css` CSS pixels when one playfield pixel covers
/// `px_per_unit` framebuffer pixels and one CSS pixel covers `dpi`.
fn floor_units(css: f32, dpi: f32, px_per_unit: f32) -> f32 {
    css * dpi / px_per_unit
}

/// Horizontal anchoring of a line of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// `x` is the left edge.
    Left,
    /// `x` is the centre.
    Centre,
    /// `x` is the right edge.
    Right,
}

impl Text {
    /// A text drawer for the given letterbox; with `min_css_px`, no line is drawn smaller than that
    /// many CSS pixels (logical pixels on the desktop), however small the field is shown.
    pub fn new(letterbox: &Letterbox, min_css_px: Option<f32>) -> Text {
        let px_per_unit = letterbox.scale.max(0.01);
        let dpi = screen_dpi_scale().max(0.01);
        Text {
            px_per_unit,
            dpi,
            floor: min_css_px.map_or(0.0, |css| floor_units(css, dpi, px_per_unit)),
        }
    }

    /// The size `size` is drawn at: raised to the floor.
    fn size(&self, size: f32) -> f32 {
        size.max(self.floor)
    }

    /// The rasterised font size and the scale that brings it back to `size` playfield pixels.
    ///
    /// macroquad rasterises at `font_size * dpi` physical pixels and draws at `font_size * font_scale`
    /// units; choosing `font_size = size * px_per_unit / dpi` makes one glyph texel one screen pixel.
    fn params(&self, size: f32) -> (u16, f32) {
        let size = self.size(size);
        let font_size = (size * self.px_per_unit / self.dpi)
            .round()
            .clamp(1.0, 400.0);
        (font_size as u16, size / font_size)
    }

    /// The width of `text` at `size`, in playfield pixels.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let (font_size, font_scale) = self.params(size);
        measure_text(text, None, font_size, font_scale).width
    }

    /// Draws `text` with its baseline at `y`, anchored at `x`, and returns its width.
    pub fn draw(&self, text: &str, x: f32, y: f32, size: f32, align: Align, color: Color) -> f32 {
        let (font_size, font_scale) = self.params(size);
        let width = measure_text(text, None, font_size, font_scale).width;
        let left = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        draw_text_ex(
            text,
            left,
            y,
            TextParams {
                font_size,
                font_scale,
                color,
                ..Default::default()
            },
        );
        width
    }

    /// Draws `text` with a soft drop shadow, for legibility over the busy playfield.
    pub fn shadowed(
        &self,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        align: Align,
        color: Color,
    ) -> f32 {
        let offset = (size / 16.0).max(1.0);
        let shadow = Color::new(0.0, 0.0, 0.0, 0.55 * color.a);
        self.draw(text, x + offset, y + offset, size, align, shadow);
        self.draw(text, x, y, size, align, color)
    }

    /// Draws `text` inside a dark outline, so any colour reads on the sky, the painting and red alike.
    pub fn outlined(
        &self,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        align: Align,
        color: Color,
    ) -> f32 {
        let d = (size / 14.0).max(1.0);
        let ink = Color::new(0.0, 0.02, 0.08, 0.9 * color.a);
        for (dx, dy) in [
            (-d, 0.0),
            (d, 0.0),
            (0.0, -d),
            (0.0, d),
            (-d, -d),
            (d, -d),
            (-d, d),
            (d, d),
        ] {
            self.draw(text, x + dx, y + dy, size, align, ink);
        }
        self.draw(text, x, y, size, align, color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_fit_has_no_bars() {
        let lb = Letterbox::fit(800.0, 600.0, 800.0, 600.0);
        assert_eq!((lb.x, lb.y, lb.w, lb.h), (0, 0, 800, 600));
        assert_eq!(lb.scale, 1.0);
    }

    #[test]
    fn wide_window_gets_bars_left_and_right() {
        let lb = Letterbox::fit(1920.0, 1080.0, 800.0, 600.0);
        assert_eq!((lb.w, lb.h), (1440, 1080));
        assert_eq!((lb.x, lb.y), (240, 0));
        assert_eq!(lb.scale, 1.8);
    }

    #[test]
    fn tall_window_gets_bars_top_and_bottom() {
        let lb = Letterbox::fit(800.0, 1000.0, 800.0, 600.0);
        assert_eq!((lb.x, lb.y, lb.w, lb.h), (0, 200, 800, 600));
    }

    #[test]
    fn degenerate_windows_stay_finite() {
        for (w, h) in [(0.0, 0.0), (1.0, 5000.0), (-3.0, 10.0)] {
            let lb = Letterbox::fit(w, h, 800.0, 600.0);
            assert!(lb.w >= 1 && lb.h >= 1 && lb.scale.is_finite(), "{lb:?}");
        }
    }

    #[test]
    fn window_pixels_map_to_the_field_and_bars_to_nothing() {
        let lb = Letterbox::fit(1920.0, 1080.0, 800.0, 600.0);
        assert_eq!(
            lb.field_point(240.0, 0.0, 800.0, 600.0),
            Some(vec2(0.0, 0.0))
        );
        assert_eq!(
            lb.field_point(960.0, 540.0, 800.0, 600.0),
            Some(vec2(400.0, 300.0))
        );
        assert_eq!(lb.field_point(100.0, 540.0, 800.0, 600.0), None);
        assert_eq!(lb.field_point(1700.0, 540.0, 800.0, 600.0), None);
    }

    #[test]
    fn viewport_counts_rows_from_the_bottom() {
        let lb = Letterbox {
            x: 0,
            y: 10,
            w: 800,
            h: 600,
            scale: 1.0,
        };
        let cam = lb.camera(630.0, 800.0, 600.0, Vec2::ZERO);
        assert_eq!(cam.viewport, Some((0, 20, 800, 600)));
    }
}
