//! The heads-up display over a game: score or hits, best or streak, lives, running power-ups, floating
//! words and the first-catch caption.

use macroquad::prelude::*;

use spinfall::sim::{steps_to_seconds, Mode, PowerUpKind, World, FIELD_WIDTH};
use spinfall::store::ModeKey;

use super::render::{clock_text, GOLD, PANEL, SOFT};
use super::view::{Align, Text};
use super::{App, Screen};

/// The HUD's width for one running power-up: icon, seconds left and bar.
const EFFECT_SLOT: f32 = 74.0;

impl App {
    /// Score, lives, time and active effects.
    pub(super) fn draw_hud(&self, text: &Text) {
        let world = &self.world;
        let stats = world.stats();
        // A band fading into the sky keeps the HUD legible over blocks and over red.
        draw_vertical_gradient(
            0.0,
            72.0,
            Color::new(0.0, 0.02, 0.1, 0.42),
            Color::new(0.0, 0.02, 0.1, 0.0),
        );

        // The speed the game is shown at, when it is below full speed: the player's own choice, or the
        // speed a watched replay was played at.
        let speed = if matches!(self.screen, Screen::Replay) {
            self.replays.game_speed()
        } else {
            self.settings.speed()
        };
        if !speed.is_full() {
            text.shadowed(
                &format!("SPEED {speed}"),
                18.0,
                67.0,
                14.0,
                Align::Left,
                GOLD,
            );
        }

        match world.mode() {
            Mode::Arcade => {
                text.shadowed("SCORE", 18.0, 22.0, 14.0, Align::Left, SOFT);
                text.shadowed(
                    &format!("{}", world.score()),
                    18.0,
                    46.0,
                    28.0,
                    Align::Left,
                    WHITE,
                );
                let best = self
                    .scores
                    .table(ModeKey::Arcade)
                    .best()
                    .unwrap_or(0)
                    .max(world.score());
                text.shadowed("BEST", 400.0, 22.0, 14.0, Align::Centre, SOFT);
                text.shadowed(&format!("{best}"), 400.0, 46.0, 22.0, Align::Centre, SOFT);
                self.draw_lives(world);
                self.draw_pace(world, text);
                self.draw_effects(world, text);
            }
            Mode::Classic => {
                text.shadowed("HITS", 18.0, 22.0, 14.0, Align::Left, SOFT);
                text.shadowed(
                    &format!("{}", stats.hits),
                    18.0,
                    46.0,
                    28.0,
                    Align::Left,
                    WHITE,
                );
                let streak = world.since_last_hit().unwrap_or(stats.steps);
                text.shadowed("STREAK", 400.0, 22.0, 14.0, Align::Centre, SOFT);
                text.shadowed(
                    &format!("{:.1} s", steps_to_seconds(streak)),
                    400.0,
                    46.0,
                    22.0,
                    Align::Centre,
                    WHITE,
                );
                text.shadowed("TIME", 782.0, 22.0, 14.0, Align::Right, SOFT);
                text.shadowed(
                    &clock_text(steps_to_seconds(stats.steps)),
                    782.0,
                    46.0,
                    28.0,
                    Align::Right,
                    WHITE,
                );
            }
        }

        for f in &self.floaters {
            let a = (1.0 - f.age / 1.2).clamp(0.0, 1.0);
            let color = Color::new(f.color.r, f.color.g, f.color.b, a);
            let x = f.pos.x.clamp(80.0, FIELD_WIDTH - 80.0);
            text.outlined(&f.text, x, f.pos.y - 26.0, 20.0, Align::Centre, color);
        }
        self.draw_caption(text);
    }

    /// The line explaining a power-up caught for the first time this game, under the HUD band.
    fn draw_caption(&self, text: &Text) {
        let Some((kind, line, left)) = &self.caption else {
            return;
        };
        let a = (left / 0.5).clamp(0.0, 1.0);
        let size = 18.0;
        let icon = 26.0;
        let w = text.width(line, size) + icon + 8.0;
        let x = (FIELD_WIDTH - w) / 2.0;
        let y = 128.0;
        draw_rectangle(
            x - 10.0,
            y - 24.0,
            w + 20.0,
            34.0,
            Color::new(PANEL.r, PANEL.g, PANEL.b, PANEL.a * a),
        );
        draw_texture_ex(
            self.textures.powerup(*kind),
            x,
            y - 20.0,
            Color::new(1.0, 1.0, 1.0, a),
            DrawTextureParams {
                dest_size: Some(vec2(icon, icon)),
                ..Default::default()
            },
        );
        let color = if kind.is_hazard() {
            Color::new(1.0, 0.8, 0.2, a)
        } else {
            Color::new(1.0, 1.0, 1.0, a)
        };
        text.outlined(line, x + icon + 8.0, y, size, Align::Left, color);
    }

    /// Figures for lives: bright for the ones left, dim for the ones lost; the one just lost pulses.
    fn draw_lives(&self, world: &World) {
        let tex = &self.textures.figure;
        let total = spinfall::sim::ARCADE_LIVES;
        let lives = world.lives();
        let w = 20.0;
        let h = 30.0;
        for i in 0..total {
            let x = FIELD_WIDTH - 18.0 - (total - i) as f32 * (w + 8.0);
            let alive = i < lives;
            let mut scale = 1.0;
            if !alive && i == lives && self.life_pulse > 0.0 {
                scale = 1.0 + 0.5 * self.life_pulse;
            }
            let color = if alive {
                WHITE
            } else {
                Color::new(0.1, 0.1, 0.2, 0.45)
            };
            let (dw, dh) = (w * scale, h * scale);
            draw_texture_ex(
                tex,
                x + (w - dw) / 2.0,
                12.0 + (h - dh) / 2.0,
                color,
                DrawTextureParams {
                    dest_size: Some(vec2(dw, dh)),
                    ..Default::default()
                },
            );
        }
    }

    /// Icons of running power-ups, each with its seconds left and a bar that empties as it runs out.
    fn draw_effects(&self, world: &World, text: &Text) {
        let mut x = 18.0;
        let y = 64.0;
        for kind in PowerUpKind::ALL {
            let left = world.effects().remaining(kind);
            if left == 0 {
                continue;
            }
            let full = kind.duration().max(left).max(1);
            draw_texture_ex(
                self.textures.powerup(kind),
                x,
                y,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(24.0, 24.0)),
                    ..Default::default()
                },
            );
            let seconds = steps_to_seconds(u64::from(left));
            text.shadowed(
                &format!("{seconds:.1}s"),
                x + 28.0,
                y + 18.0,
                15.0,
                Align::Left,
                WHITE,
            );
            let frac = (left as f32 / full as f32).clamp(0.0, 1.0);
            let bar = EFFECT_SLOT - 10.0;
            draw_rectangle(x, y + 27.0, bar, 3.0, Color::new(0.0, 0.0, 0.0, 0.4));
            draw_rectangle(x, y + 27.0, bar * frac, 3.0, GOLD);
            x += EFFECT_SLOT;
        }
    }
}

/// A band across the field from `y0` to `y1`, shading from `top` to `bottom`.
fn draw_vertical_gradient(y0: f32, y1: f32, top: Color, bottom: Color) {
    let v = |x: f32, y: f32, c: Color| Vertex::new(x, y, 0.0, 0.0, 0.0, c);
    draw_mesh(&Mesh {
        vertices: vec![
            v(0.0, y0, top),
            v(FIELD_WIDTH, y0, top),
            v(FIELD_WIDTH, y1, bottom),
            v(0.0, y1, bottom),
        ],
        indices: vec![0, 1, 2, 0, 2, 3],
        texture: None,
    });
}
