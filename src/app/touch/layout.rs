//! Where the playfield and the touch controls go on a touch screen, in framebuffer pixels.
//!
//! The controls never lie on the field: on a screen held sideways the field shrinks until the bars
//! beside it are wide enough for the two movement areas; held upright, the field sits under a strip
//! for the pause button with the movement areas below it. So no finger and no faint button ever
//! covers the band where the figure stands or where blocks arrive. Without touch the field fills the
//! window as before.

use macroquad::prelude::{Rect, Vec2};
use spinfall::controls::Side;
use spinfall::sim::{FIELD_HEIGHT, FIELD_WIDTH};

use crate::app::view::Letterbox;

/// The narrowest a movement area may be, in CSS pixels: 2.4 cm at a phone's usual 62 or so CSS px
/// per cm, wide enough for a thumb that is not looking.
pub const PAD_MIN_CSS: f32 = 150.0;

/// The smallest text on a touch screen, in CSS pixels: a phone held at arm's length reads nothing
/// smaller.
pub const TEXT_MIN_CSS: f32 = 12.0;

/// The pause button's side, in CSS pixels (about 9 mm, a comfortable tap).
const PAUSE_CSS: f32 = 56.0;

/// The gap between the pause button and the screen's edge, in CSS pixels.
const MARGIN_CSS: f32 = 8.0;

/// The touch controls' areas, in framebuffer pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pads {
    /// Held, walks left (the buttons scheme).
    pub left: Rect,
    /// Held, walks right (the buttons scheme).
    pub right: Rect,
    /// Tapped, pauses and resumes.
    pub pause: Rect,
}

/// The field's place on screen, and the touch controls' when the screen is a touch screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Where the playfield is drawn.
    pub field: Letterbox,
    /// Where the screens' panels may go, at the field's scale: the field itself without touch; on a
    /// touch screen the whole screen but the pause button's strip, so menus can grow past the field
    /// to stay readable and easy to tap.
    pub ui: Letterbox,
    /// The touch controls, `None` without touch.
    pub pads: Option<Pads>,
}

impl Layout {
    /// The layout of a `fb_w` x `fb_h` framebuffer with `css` framebuffer pixels per CSS pixel (the
    /// device pixel ratio), with room for touch controls when `touch` is set.
    pub fn new(fb_w: f32, fb_h: f32, css: f32, touch: bool) -> Layout {
        if !touch {
            let field = Letterbox::fit(fb_w, fb_h, FIELD_WIDTH, FIELD_HEIGHT);
            return Layout {
                field,
                ui: field,
                pads: None,
            };
        }
        let (w, h) = (fb_w.max(1.0), fb_h.max(1.0));
        let css = if css.is_finite() && css > 0.0 {
            css
        } else {
            1.0
        };
        let pad_min = PAD_MIN_CSS * css;
        let side = PAUSE_CSS * css;
        let margin = MARGIN_CSS * css;
        let pause = Rect::new(w - margin - side, margin, side, side);
        if w >= h {
            // Sideways: a movement area in each bar beside the field, the pause button over the right one.
            let mut field = Letterbox::fit(w - 2.0 * pad_min, h, FIELD_WIDTH, FIELD_HEIGHT);
            field.x = ((w as i32) - field.w) / 2;
            let (left_edge, right_edge) = (field.x as f32, (field.x + field.w) as f32);
            let below_pause = pause.bottom() + margin;
            Layout {
                field,
                ui: Letterbox {
                    x: 0,
                    y: 0,
                    w: w as i32,
                    h: h as i32,
                    scale: field.scale,
                },
                pads: Some(Pads {
                    left: Rect::new(0.0, 0.0, left_edge, h),
                    right: Rect::new(right_edge, below_pause, w - right_edge, h - below_pause),
                    pause,
                }),
            }
        } else {
            // Upright: the pause button's strip on top, the field under it, the two areas below.
            let top = side + 2.0 * margin;
            let mut field = Letterbox::fit(w, h - top - pad_min, FIELD_WIDTH, FIELD_HEIGHT);
            field.y = top as i32;
            let bottom = (field.y + field.h) as f32;
            Layout {
                field,
                ui: Letterbox {
                    x: 0,
                    y: field.y,
                    w: w as i32,
                    h: (h as i32 - field.y).max(1),
                    scale: field.scale,
                },
                pads: Some(Pads {
                    left: Rect::new(0.0, bottom, w / 2.0, h - bottom),
                    right: Rect::new(w / 2.0, bottom, w / 2.0, h - bottom),
                    pause,
                }),
            }
        }
    }

    /// The playfield's horizontal position under framebuffer x `x`, held to the field's width: where
    /// a dragging finger asks the figure to go, even from a bar beside or below the field.
    pub fn field_x(&self, x: f32) -> f32 {
        ((x - self.field.x as f32) / self.field.w.max(1) as f32 * FIELD_WIDTH)
            .clamp(0.0, FIELD_WIDTH)
    }

    /// Whether this is a touch screen held upright, whose panels have more room down than across.
    pub fn narrow(&self) -> bool {
        self.pads.is_some() && self.ui.w < self.ui.h
    }

    /// The size of the panels' area in field units (800 x 600 without touch).
    pub fn ui_size(&self) -> Vec2 {
        let scale = self.ui.scale.max(1e-6);
        Vec2::new(self.ui.w as f32 / scale, self.ui.h as f32 / scale)
    }

    /// The point of the panels' area under framebuffer pixel `at`, in field units, or `None` off it.
    pub fn ui_point(&self, at: Vec2) -> Option<Vec2> {
        let size = self.ui_size();
        self.ui.field_point(at.x, at.y, size.x, size.y)
    }

    /// The movement area under `at`, if any.
    pub fn side(&self, at: Vec2) -> Option<Side> {
        let pads = self.pads?;
        if pads.left.contains(at) {
            Some(Side::Left)
        } else if pads.right.contains(at) {
            Some(Side::Right)
        } else {
            None
        }
    }

    /// Whether `at` is on the pause button.
    pub fn on_pause(&self, at: Vec2) -> bool {
        self.pads.is_some_and(|p| p.pause.contains(at))
    }

    /// The field's rectangle on screen.
    #[cfg(test)]
    pub fn field_rect(&self) -> Rect {
        let f = self.field;
        Rect::new(f.x as f32, f.y as f32, f.w as f32, f.h as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use macroquad::prelude::vec2;

    /// The phone sizes the browser tests use, in CSS px, at the device pixel ratios phones have.
    const PHONES: [(f32, f32); 2] = [(390.0, 844.0), (844.0, 390.0)];
    const RATIOS: [f32; 3] = [1.0, 2.0, 3.0];

    #[test]
    fn no_control_covers_the_field_and_the_areas_are_wide_enough() {
        for (cw, ch) in PHONES {
            for css in RATIOS {
                let layout = Layout::new(cw * css, ch * css, css, true);
                let field = layout.field_rect();
                let pads = layout.pads.unwrap();
                for (name, r) in [
                    ("left", pads.left),
                    ("right", pads.right),
                    ("pause", pads.pause),
                ] {
                    let overlap = r.intersect(field).map_or(0.0, |i| i.w * i.h);
                    assert!(
                        overlap < 1.0,
                        "{cw}x{ch}@{css}: {name} {r:?} covers the field {field:?}"
                    );
                    assert!(
                        r.x >= 0.0
                            && r.y >= 0.0
                            && r.right() <= cw * css + 0.5
                            && r.bottom() <= ch * css + 0.5,
                        "{cw}x{ch}@{css}: {name} {r:?} leaves the screen"
                    );
                }
                for r in [pads.left, pads.right] {
                    assert!(
                        r.w >= PAD_MIN_CSS * css - 1.0,
                        "{cw}x{ch}@{css}: {r:?} too narrow"
                    );
                    assert!(r.h >= 100.0 * css, "{cw}x{ch}@{css}: {r:?} too short");
                }
                assert!(pads.left.right() <= pads.right.left() + 0.5);
            }
        }
    }

    #[test]
    fn the_field_is_as_large_as_the_controls_allow_and_whole() {
        // Upright: the field takes the whole width.
        let up = Layout::new(390.0, 844.0, 1.0, true);
        assert_eq!((up.field.w, up.field.x), (390, 0));
        assert!(up.field.y >= 0 && up.field.y + up.field.h <= 844);
        // Sideways: the whole height, between two areas.
        let side = Layout::new(844.0, 390.0, 1.0, true);
        assert_eq!((side.field.h, side.field.y), (390, 0));
        assert_eq!(side.field.w, 520);
        // Without touch nothing changes.
        let desk = Layout::new(1920.0, 1080.0, 1.0, false);
        assert_eq!(
            desk.field,
            Letterbox::fit(1920.0, 1080.0, FIELD_WIDTH, FIELD_HEIGHT)
        );
        assert_eq!(desk.pads, None);
    }

    #[test]
    fn fingers_find_their_area_and_drag_targets_stay_on_the_field() {
        for (w, h) in PHONES {
            let layout = Layout::new(w, h, 1.0, true);
            let pads = layout.pads.unwrap();
            assert_eq!(layout.side(pads.left.center()), Some(Side::Left));
            assert_eq!(layout.side(pads.right.center()), Some(Side::Right));
            assert_eq!(layout.side(layout.field_rect().center()), None);
            assert!(layout.on_pause(pads.pause.center()));
            assert_eq!(layout.side(pads.pause.center()), None);
            assert_eq!(layout.field_x(-50.0), 0.0);
            assert_eq!(layout.field_x(w + 50.0), FIELD_WIDTH);
            let mid = layout.field_rect().center().x;
            assert!((layout.field_x(mid) - FIELD_WIDTH / 2.0).abs() < 2.0);
        }
        assert_eq!(
            Layout::new(800.0, 600.0, 1.0, false).side(vec2(1.0, 1.0)),
            None
        );
    }
}
