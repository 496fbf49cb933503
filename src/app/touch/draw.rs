//! Drawing the touch controls, faintly, in the bars beside or below the field.
//!
//! They are drawn in framebuffer pixels, outside the field's camera, since they live where the field
//! is not.

use macroquad::prelude::*;

use super::layout::{Layout, Pads};
use crate::app::view::Letterbox;

/// How strongly an area's fill shows: faint, so the bars stay calm.
const FILL: f32 = 0.07;
/// How strongly an area's outline and its arrow show.
const INK: f32 = 0.28;

/// Draws the touch controls over the whole framebuffer: the movement areas when `areas`, the pause
/// button when `pause` is given (showing a play triangle when it says paused).
pub fn draw_pads(layout: &Layout, (fb_w, fb_h): (f32, f32), areas: bool, pause: Option<bool>) {
    let Some(pads) = layout.pads else {
        return;
    };
    // A camera whose units are framebuffer pixels, y down, over the whole window.
    let screen = Letterbox {
        x: 0,
        y: 0,
        w: fb_w.max(1.0) as i32,
        h: fb_h.max(1.0) as i32,
        scale: 1.0,
    };
    set_camera(&screen.camera(fb_h, screen.w as f32, screen.h as f32, Vec2::ZERO));
    if areas {
        draw_area(pads.left, -1.0);
        draw_area(pads.right, 1.0);
    }
    if let Some(paused) = pause {
        draw_pause(&pads, paused);
    }
}

/// One movement area: a faint panel with an arrow pointing `dir` (-1 left, 1 right).
fn draw_area(r: Rect, dir: f32) {
    let inset = r.w.min(r.h) * 0.06;
    let r = Rect::new(
        r.x + inset,
        r.y + inset,
        r.w - 2.0 * inset,
        r.h - 2.0 * inset,
    );
    draw_rectangle(r.x, r.y, r.w, r.h, Color::new(1.0, 1.0, 1.0, FILL));
    let line = (r.w.min(r.h) * 0.02).max(1.0);
    draw_rectangle_lines(r.x, r.y, r.w, r.h, line, Color::new(1.0, 1.0, 1.0, INK));
    let c = r.center();
    let s = r.w.min(r.h) * 0.22;
    draw_triangle(
        vec2(c.x + dir * s, c.y),
        vec2(c.x - dir * s * 0.6, c.y - s),
        vec2(c.x - dir * s * 0.6, c.y + s),
        Color::new(1.0, 1.0, 1.0, INK),
    );
}

/// The pause button: two bars, or a play triangle while paused.
fn draw_pause(pads: &Pads, paused: bool) {
    let r = pads.pause;
    draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.0, 0.0, 0.0, 0.35));
    let line = (r.w * 0.04).max(1.0);
    draw_rectangle_lines(r.x, r.y, r.w, r.h, line, Color::new(1.0, 1.0, 1.0, 0.5));
    let ink = Color::new(1.0, 1.0, 1.0, 0.8);
    let c = r.center();
    let s = r.w * 0.22;
    if paused {
        draw_triangle(
            vec2(c.x + s, c.y),
            vec2(c.x - s * 0.7, c.y - s),
            vec2(c.x - s * 0.7, c.y + s),
            ink,
        );
    } else {
        draw_rectangle(c.x - s * 0.8, c.y - s, s * 0.5, 2.0 * s, ink);
        draw_rectangle(c.x + s * 0.3, c.y - s, s * 0.5, 2.0 * s, ink);
    }
}
