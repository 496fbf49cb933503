//! The feedback of a hit: the red of touching a block, the arcade hit's flash and screen shake, each
//! set on an event and drawn here, and the red border that stands for both under "reduce flashing".

use macroquad::prelude::*;

use spinfall::sim::{FIELD_HEIGHT, FIELD_WIDTH};

/// The tutorial's "you are touching a block" colour.
pub(super) const HIT_RED: Color = Color::new(0.86, 0.1, 0.1, 1.0);
/// How long the arcade hit flash takes to fade, in seconds.
const FLASH_SECONDS: f32 = 0.3;
/// How long the screen shakes after an arcade hit, in seconds.
const SHAKE_SECONDS: f32 = 0.25;
/// How far the shake moves the field at its strongest, in playfield pixels.
pub(super) const SHAKE_REACH: f32 = 6.0;
/// Width of the "reduce flashing" red border, in playfield pixels.
const BORDER: f32 = 14.0;

/// What is left of the last arcade hit's flash and shake, in seconds.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct HitFeedback {
    flash: f32,
    shake: f32,
}

impl HitFeedback {
    /// An arcade hit: the flash, and the shake unless the player asked for less flashing.
    pub(super) fn hit(&mut self, reduce_flashing: bool) {
        self.flash = FLASH_SECONDS;
        if !reduce_flashing {
            self.shake = SHAKE_SECONDS;
        }
    }

    /// Fades both by `dt` seconds.
    pub(super) fn age(&mut self, dt: f32) {
        self.flash = (self.flash - dt).max(0.0);
        self.shake = (self.shake - dt).max(0.0);
    }

    /// The camera's offset for the shake at app time `clock`: a decaying wobble that needs no random
    /// numbers.
    pub(super) fn shake_offset(&self, clock: f32, reduce_flashing: bool) -> Vec2 {
        if self.shake <= 0.0 || reduce_flashing {
            return Vec2::ZERO;
        }
        let strength = SHAKE_REACH * (self.shake / SHAKE_SECONDS);
        vec2((clock * 97.0).sin(), (clock * 71.0).cos()) * strength
    }

    /// Draws over the field what the hit left: the flash fading over it, or under "reduce
    /// flashing" a border instead, which also stands for the classic red of `touching`.
    pub(super) fn draw(&self, touching: bool, reduce_flashing: bool) {
        if touching && reduce_flashing {
            draw_border(HIT_RED, 1.0);
        }
        if self.flash > 0.0 {
            let t = self.flash / FLASH_SECONDS;
            if reduce_flashing {
                draw_border(HIT_RED, t);
            } else {
                let red = Color::new(HIT_RED.r, HIT_RED.g, HIT_RED.b, 0.7 * t);
                draw_rectangle(-20.0, -20.0, FIELD_WIDTH + 40.0, FIELD_HEIGHT + 40.0, red);
            }
        }
    }
}

/// A red frame inside the field's edges, `strength` 0 to 1.
fn draw_border(color: Color, strength: f32) {
    let c = Color::new(color.r, color.g, color.b, 0.9 * strength.clamp(0.0, 1.0));
    draw_rectangle(0.0, 0.0, FIELD_WIDTH, BORDER, c);
    draw_rectangle(0.0, FIELD_HEIGHT - BORDER, FIELD_WIDTH, BORDER, c);
    draw_rectangle(0.0, BORDER, BORDER, FIELD_HEIGHT - 2.0 * BORDER, c);
    draw_rectangle(
        FIELD_WIDTH - BORDER,
        BORDER,
        BORDER,
        FIELD_HEIGHT - 2.0 * BORDER,
        c,
    );
}
