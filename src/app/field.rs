//! Drawing the playfield under every screen: the sky or background, blocks, power-up tokens, the
//! figure, sparks, and the hit flash or its "reduce flashing" border.

use macroquad::prelude::*;

use spinfall::mq_math::ToMq;
use spinfall::sim::{Mode, PowerUpKind, FIELD_HEIGHT, FIELD_WIDTH};

use super::hit::{HIT_RED, SHAKE_REACH};
use super::App;

/// The tutorial's calm background colour.
const CORNFLOWER_BLUE: Color = Color::new(100.0 / 255.0, 149.0 / 255.0, 237.0 / 255.0, 1.0);
/// How far the drawn background reaches past the field on each side, beyond the shake's reach.
const SHAKE_MARGIN: f32 = SHAKE_REACH + 10.0;

impl App {
    /// How far the drawing is between the world's previous step and its latest (0..=1).
    ///
    /// Drawing interpolates between the two, one step behind the simulation, so motion stays smooth when
    /// the display's refresh rate is not 60 Hz.
    pub(super) fn step_alpha(&self) -> f32 {
        self.pacer.between_steps()
    }

    /// The camera's offset for the hit shake.
    pub(super) fn shake_offset(&self) -> Vec2 {
        self.hit
            .shake_offset(self.clock, self.settings.reduce_flashing)
    }

    /// Background, blocks, power-ups, player, sparks and hit feedback.
    pub(super) fn draw_playfield(&self) {
        let world = &self.world;
        let classic = world.mode() == Mode::Classic;
        let touching_red = classic && world.is_touching();

        if classic {
            let bg = if touching_red && !self.settings.reduce_flashing {
                HIT_RED
            } else {
                CORNFLOWER_BLUE
            };
            draw_rectangle(-20.0, -20.0, FIELD_WIDTH + 40.0, FIELD_HEIGHT + 40.0, bg);
        } else {
            // Drawn larger than the field by more than the shake's reach, so no edge ever shows.
            let m = SHAKE_MARGIN;
            draw_texture_ex(
                &self.textures.background,
                -m,
                -m,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(FIELD_WIDTH + 2.0 * m, FIELD_HEIGHT + 2.0 * m)),
                    ..Default::default()
                },
            );
        }

        self.draw_ground_shadow();
        self.draw_powerups();
        self.draw_blocks();
        self.draw_player();
        self.particles.draw();

        self.hit.draw(touching_red, self.settings.reduce_flashing);
    }

    /// A soft ellipse under the figure's feet, so it stands on something.
    fn draw_ground_shadow(&self) {
        let p = self.world.player();
        let feet = vec2(p.x_at(self.step_alpha()), p.position().y);
        let w = self.figure_size().x * 0.55;
        draw_ellipse(
            feet.x,
            feet.y - 1.0,
            w,
            4.0,
            0.0,
            Color::new(0.0, 0.0, 0.1, 0.25),
        );
    }

    fn draw_blocks(&self) {
        let tex = &self.textures.block;
        let slow = self.world.block_time_scale() < 1.0;
        let tint = if slow {
            Color::new(0.75, 0.88, 1.0, 1.0)
        } else {
            WHITE
        };
        let alpha = self.step_alpha();
        for block in self.world.blocks() {
            let size = block.size().mq();
            let (centre, rotation) = block.pose_at(alpha);
            let centre = centre.mq();
            let params = |pivot: Vec2| DrawTextureParams {
                dest_size: Some(size),
                rotation,
                pivot: Some(pivot),
                ..Default::default()
            };
            // A faint offset copy as a drop shadow gives the blocks depth against the sky.
            let shadow = centre + vec2(4.0, 6.0) * block.scale();
            draw_texture_ex(
                tex,
                shadow.x - size.x / 2.0,
                shadow.y - size.y / 2.0,
                Color::new(0.0, 0.0, 0.15, 0.22),
                params(shadow),
            );
            draw_texture_ex(
                tex,
                centre.x - size.x / 2.0,
                centre.y - size.y / 2.0,
                tint,
                params(centre),
            );
        }
    }

    /// Falling tokens at the sim's wobble.
    fn draw_powerups(&self) {
        let alpha = self.step_alpha();
        for (i, p) in self.world.powerups().iter().enumerate() {
            let (centre, rotation) = p.pose_at(alpha);
            let pulse = 0.5 + 0.5 * (self.clock * 5.0 + i as f32).sin();
            self.draw_token(p.kind(), centre.mq(), p.size().mq(), rotation, pulse);
        }
    }

    /// One power-up token with its pulsing surround: a soft warm glow for helpful ones; for the
    /// hazard, a spiked amber ring and a warning sign, so it reads as "avoid" by shape as well as by
    /// colour.
    pub(super) fn draw_token(
        &self,
        kind: PowerUpKind,
        centre: Vec2,
        size: Vec2,
        rotation: f32,
        pulse: f32,
    ) {
        let radius = size.max_element() / 2.0;
        if kind.is_hazard() {
            draw_circle(
                centre.x,
                centre.y,
                radius * 1.35,
                Color::new(1.0, 0.45, 0.0, 0.22 + 0.14 * pulse),
            );
            draw_spiked_ring(centre, radius * 1.18, radius * 1.55, self.clock * 0.8);
        } else {
            draw_circle(
                centre.x,
                centre.y,
                radius * (1.25 + 0.19 * pulse),
                Color::new(1.0, 0.95, 0.6, 0.18 + 0.12 * pulse),
            );
        }
        draw_texture_ex(
            self.textures.powerup(kind),
            centre.x - size.x / 2.0,
            centre.y - size.y / 2.0,
            WHITE,
            DrawTextureParams {
                dest_size: Some(size),
                rotation,
                pivot: Some(centre),
                ..Default::default()
            },
        );
        if kind.is_hazard() {
            draw_warning_sign(centre + vec2(radius * 0.85, -radius * 0.85), radius * 0.75);
        }
    }

    /// The figure's drawn size between steps, following the sim's smooth shrink and grow.
    fn figure_size(&self) -> Vec2 {
        let mask = self.world.figure_mask();
        let texels = vec2(mask.width() as f32, mask.height() as f32);
        texels * self.world.player().scale_at(self.step_alpha())
    }

    fn draw_player(&self) {
        let world = &self.world;
        let p = world.player();
        let size = self.figure_size();
        let feet = vec2(p.x_at(self.step_alpha()), p.position().y);
        let grace = world.grace_remaining();
        let mut alpha = 1.0;
        if grace > 0 && world.mode() == Mode::Arcade {
            if self.settings.reduce_flashing {
                // A steady see-through figure says "invulnerable" without blinking.
                alpha = 0.45;
            } else if (grace / 6) % 2 == 1 {
                alpha = 0.2;
            }
        }
        // A small bob while walking; purely cosmetic.
        let walking = p.last_move() != 0.0 && !world.is_over();
        let bob = if walking {
            ((self.clock * 18.0).sin() * 1.5).abs()
        } else {
            0.0
        };
        draw_texture_ex(
            &self.textures.figure,
            feet.x - size.x / 2.0,
            feet.y - size.y - bob,
            Color::new(1.0, 1.0, 1.0, alpha),
            DrawTextureParams {
                dest_size: Some(size),
                flip_x: self.facing_left,
                ..Default::default()
            },
        );
        if world.effects().shield > 0 {
            let centre = feet - vec2(0.0, size.y / 2.0);
            let r = size.y * 0.68 + 2.0 * (self.clock * 4.0).sin();
            draw_circle(centre.x, centre.y, r, Color::new(0.5, 0.85, 1.0, 0.16));
            draw_circle_lines(centre.x, centre.y, r, 2.0, Color::new(0.7, 0.93, 1.0, 0.75));
        }
    }
}

/// A saw-toothed ring around `centre`, teeth from `inner` to `outer`, turned by `angle`: amber on a
/// dark casing, the hazard token's outline.
fn draw_spiked_ring(centre: Vec2, inner: f32, outer: f32, angle: f32) {
    const TEETH: usize = 10;
    let point = |i: usize| {
        let r = if i.is_multiple_of(2) { outer } else { inner };
        let a = angle + i as f32 * std::f32::consts::PI / TEETH as f32;
        centre + Vec2::from_angle(a) * r
    };
    for (width, color) in [
        (4.5, Color::new(0.05, 0.03, 0.0, 0.85)),
        (2.0, Color::new(1.0, 0.78, 0.1, 1.0)),
    ] {
        for i in 0..2 * TEETH {
            let (a, b) = (point(i), point(i + 1));
            draw_line(a.x, a.y, b.x, b.y, width, color);
        }
    }
}

/// A warning sign: an amber triangle, black-edged, with an exclamation mark, `size` px tall.
fn draw_warning_sign(centre: Vec2, size: f32) {
    let h = size;
    let w = size * 1.15;
    let top = centre - vec2(0.0, h / 2.0);
    let left = centre + vec2(-w / 2.0, h / 2.0);
    let right = centre + vec2(w / 2.0, h / 2.0);
    let grow = 2.0;
    draw_triangle(
        top - vec2(0.0, grow * 1.4),
        left + vec2(-grow * 1.2, grow * 0.7),
        right + vec2(grow * 1.2, grow * 0.7),
        Color::new(0.05, 0.03, 0.0, 0.95),
    );
    draw_triangle(top, left, right, Color::new(1.0, 0.78, 0.1, 1.0));
    let ink = Color::new(0.05, 0.03, 0.0, 1.0);
    let bar = (size * 0.14).max(1.5);
    draw_rectangle(
        centre.x - bar / 2.0,
        centre.y - h * 0.18,
        bar,
        h * 0.38,
        ink,
    );
    draw_rectangle(centre.x - bar / 2.0, centre.y + h * 0.28, bar, bar, ink);
}
