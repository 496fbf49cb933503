//! Drawing: the playfield, the HUD and the screens on top of it. Reads the app and the world, changes
//! nothing.

use macroquad::prelude::*;

use spinfall::sim::{
    steps_to_seconds, Mode, PowerUpKind, World, FIELD_HEIGHT, FIELD_WIDTH, STEP_SECONDS,
};
use spinfall::store::{ModeKey, TABLE_LEN};

use super::legend;
use super::prompt::{self, Look};
use super::records::Driver;
use super::view::{framebuffer_size, Align, Letterbox, Text};
use super::{menu_rows, App, PauseReason, Row, Screen, FLASH_SECONDS, SHAKE_SECONDS};

/// The tutorial's calm background colour.
const CORNFLOWER_BLUE: Color = Color::new(100.0 / 255.0, 149.0 / 255.0, 237.0 / 255.0, 1.0);
/// The tutorial's "you are touching a block" colour.
const HIT_RED: Color = Color::new(0.86, 0.1, 0.1, 1.0);
/// Highlights: new best, selected menu values.
pub(super) const GOLD: Color = Color::new(1.0, 0.84, 0.3, 1.0);
/// Secondary text.
pub(super) const SOFT: Color = Color::new(0.86, 0.9, 1.0, 0.9);
/// Menu and dialog panels.
const PANEL: Color = Color::new(0.04, 0.06, 0.16, 0.72);
/// Panel outlines.
const PANEL_EDGE: Color = Color::new(0.55, 0.68, 1.0, 0.45);
/// The HUD's width for one running power-up: icon, seconds left and bar.
const EFFECT_SLOT: f32 = 74.0;
/// How far the drawn background reaches past the field on each side, beyond the shake's 6 px.
const SHAKE_MARGIN: f32 = 16.0;
/// Width of the "reduce flashing" red border, in playfield pixels.
const BORDER: f32 = 14.0;

impl App {
    /// Draws one frame.
    pub(super) fn draw(&self) {
        let (fb_w, fb_h) = framebuffer_size();
        let letterbox = Letterbox::fit(fb_w, fb_h, FIELD_WIDTH, FIELD_HEIGHT);
        set_default_camera();
        clear_background(BLACK);
        let text = Text::new(&letterbox);

        // Only the playfield shakes; the HUD and the menus hold still so that they stay readable.
        set_camera(&letterbox.camera(fb_h, FIELD_WIDTH, FIELD_HEIGHT, self.shake_offset()));
        self.draw_playfield();
        if let Some(debug) = &self.debug {
            super::debug::draw_bounds(&self.world, self.step_alpha());
            debug.draw_contact();
        }
        set_camera(&letterbox.camera(fb_h, FIELD_WIDTH, FIELD_HEIGHT, Vec2::ZERO));
        match self.screen {
            Screen::Title => self.draw_title(&text),
            Screen::Playing => self.draw_hud(&text),
            Screen::Paused { why } => {
                self.draw_hud(&text);
                self.draw_pause(&text, why);
            }
            Screen::GameOver => {
                self.draw_hud(&text);
                self.draw_game_over(&text);
            }
            Screen::Scores => self.draw_table(&text),
            Screen::Replay => {
                self.draw_hud(&text);
                self.draw_replay(&text);
            }
        }
        // Menus are read, not measured: the panel would only cover them.
        if let Some(debug) = self
            .debug
            .as_ref()
            .filter(|_| self.screen == Screen::Playing)
        {
            debug.draw_panel(&text);
        }
        self.draw_toasts(&text);
        set_default_camera();
    }

    /// How far the drawing is between the world's previous step and its latest (0..=1).
    ///
    /// Drawing interpolates between the two, one step behind the simulation, so motion stays smooth when
    /// the display's refresh rate is not 60 Hz.
    fn step_alpha(&self) -> f32 {
        (self.accumulator / STEP_SECONDS).clamp(0.0, 1.0)
    }

    /// The camera's offset for the hit shake: a decaying wobble that needs no random numbers.
    fn shake_offset(&self) -> Vec2 {
        if self.shake <= 0.0 || self.settings.reduce_flashing {
            return Vec2::ZERO;
        }
        let strength = 6.0 * (self.shake / SHAKE_SECONDS);
        vec2((self.clock * 97.0).sin(), (self.clock * 71.0).cos()) * strength
    }

    /// Background, blocks, power-ups, player, sparks and hit feedback.
    fn draw_playfield(&self) {
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

        if touching_red && self.settings.reduce_flashing {
            draw_border(HIT_RED, 1.0);
        }
        if self.flash > 0.0 {
            let t = self.flash / FLASH_SECONDS;
            if self.settings.reduce_flashing {
                draw_border(HIT_RED, t);
            } else {
                draw_rectangle(
                    -20.0,
                    -20.0,
                    FIELD_WIDTH + 40.0,
                    FIELD_HEIGHT + 40.0,
                    Color::new(HIT_RED.r, HIT_RED.g, HIT_RED.b, 0.7 * t),
                );
            }
        }
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
            let size = block.size();
            let (centre, rotation) = block.pose_at(alpha);
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
            self.draw_token(p.kind(), centre, p.size(), rotation, pulse);
        }
    }

    /// One power-up token with its pulsing surround: a soft warm glow for helpful ones; for the
    /// hazard, a spiked amber ring and a warning sign, so it reads as "avoid" by shape as well as by
    /// colour.
    fn draw_token(&self, kind: PowerUpKind, centre: Vec2, size: Vec2, rotation: f32, pulse: f32) {
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

    /// Score, lives, time and active effects.
    fn draw_hud(&self, text: &Text) {
        let world = &self.world;
        let stats = world.stats();
        // A band fading into the sky keeps the HUD legible over blocks and over red.
        draw_vertical_gradient(
            0.0,
            72.0,
            Color::new(0.0, 0.02, 0.1, 0.42),
            Color::new(0.0, 0.02, 0.1, 0.0),
        );

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

    fn draw_title(&self, text: &Text) {
        // Dim the attract game so the menu reads first.
        draw_rectangle(
            0.0,
            0.0,
            FIELD_WIDTH,
            FIELD_HEIGHT,
            Color::new(0.02, 0.03, 0.1, 0.45),
        );

        // Two spinner blocks flank the name, turning slowly.
        for (x, dir) in [(150.0, 1.0), (650.0, -1.0)] {
            let size = vec2(56.0, 56.0);
            let centre = vec2(x, 102.0);
            draw_texture_ex(
                &self.textures.block,
                centre.x - size.x / 2.0,
                centre.y - size.y / 2.0,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(size),
                    rotation: self.clock * 0.9 * dir,
                    pivot: Some(centre),
                    ..Default::default()
                },
            );
        }
        text.shadowed("SPINFALL", 400.0, 126.0, 76.0, Align::Centre, WHITE);
        text.shadowed(
            "dodge the spinning blocks",
            400.0,
            162.0,
            20.0,
            Align::Centre,
            SOFT,
        );

        let rows = menu_rows();
        let top = 188.0;
        // Five rows and the lines under them fit only a little closer together.
        let row_h = if rows.len() > 4 { 32.0 } else { 36.0 };
        let panel_h = rows.len() as f32 * row_h + 24.0;
        draw_panel(190.0, top, 420.0, panel_h);
        for (i, row) in rows.iter().enumerate() {
            let y = top + 12.0 + i as f32 * row_h;
            let selected = i == self.menu_row;
            if selected {
                draw_rectangle(
                    196.0,
                    y,
                    408.0,
                    row_h - 4.0,
                    Color::new(0.45, 0.6, 1.0, 0.22),
                );
            }
            let (label, value) = self.row_text(*row);
            let base = y + 24.0;
            let label_color = if selected { WHITE } else { SOFT };
            let label_w = text.draw(label, 214.0, base, 20.0, Align::Left, label_color);
            let devices = Devices {
                sound: super::audio::available(),
                gamepad: !self.controls.pad_names().is_empty(),
            };
            if let Some(note) = row_note(*row, devices) {
                let dim = Color::new(SOFT.r, SOFT.g, SOFT.b, 0.7);
                text.draw(note, 222.0 + label_w, base, 15.0, Align::Left, dim);
            }
            let value_color = if selected { GOLD } else { WHITE };
            let shown = if selected {
                format!("<  {value}  >")
            } else {
                value
            };
            text.draw(&shown, 586.0, base, 20.0, Align::Right, value_color);
        }

        let prompt_y = top + panel_h + 40.0;
        // A slow glow rather than a blink: attention without flashing.
        let glow = 0.7 + 0.3 * (self.clock * 3.0).sin();
        // On the scores row, Enter opens the table rather than starting a game.
        let action = if rows.get(self.menu_row) == Some(&Row::Scores) {
            "Press Enter / Space  or  {A}  to view"
        } else {
            "Press Enter / Space  or  {A}  to start"
        };
        prompt::draw(
            text,
            action,
            400.0,
            prompt_y,
            Align::Centre,
            Look {
                size: 28.0,
                color: Color::new(1.0, 1.0, 1.0, glow),
                shadow: true,
            },
        );

        let best = match self.mode {
            Mode::Arcade => self
                .scores
                .table(ModeKey::Arcade)
                .best()
                .map(|b| format!("Best score  {b}")),
            Mode::Classic => self
                .scores
                .table(ModeKey::Classic)
                .best()
                .map(|b| format!("Longest hit-free streak  {:.1} s", steps_to_seconds(b))),
        };
        let best = best.unwrap_or_else(|| "No best yet: set one!".to_string());
        text.shadowed(&best, 400.0, prompt_y + 32.0, 20.0, Align::Centre, GOLD);

        let about = match self.mode {
            Mode::Arcade => "Arcade: three lives, score for time and dodges, power-ups",
            Mode::Classic => "Classic: the original - endless, red while touching, hits counted",
        };
        text.shadowed(about, 400.0, prompt_y + 56.0, 16.0, Align::Centre, SOFT);

        let help = Look {
            size: 15.0,
            color: SOFT,
            shadow: true,
        };
        prompt::draw(
            text,
            "Move: Left / Right or A / D,  D-pad or left stick     Pause: Esc / P  {Start}",
            400.0,
            prompt_y + 84.0,
            Align::Centre,
            help,
        );
        prompt::draw(
            text,
            "Menu: Up / Down, Left / Right     Reduce flashing: F  {X} {Y}     Fullscreen: F11     Quit: Esc",
            400.0,
            prompt_y + 106.0,
            Align::Centre,
            help,
        );
        if self.mode == Mode::Arcade {
            self.draw_legend(text, prompt_y + 120.0);
        }
    }

    /// What each power-up does: a two-column panel of tokens and words, `top` its upper edge.
    fn draw_legend(&self, text: &Text, top: f32) {
        let (x, w, row_h) = (60.0, 680.0, 28.0);
        let rows = PowerUpKind::ALL.len().div_ceil(2);
        draw_panel(x, top, w, rows as f32 * row_h + 10.0);
        for (i, kind) in PowerUpKind::ALL.into_iter().enumerate() {
            let cx = x + 24.0 + (i % 2) as f32 * (w / 2.0);
            let cy = top + 5.0 + row_h / 2.0 + (i / 2) as f32 * row_h;
            let pulse = 0.5 + 0.5 * (self.clock * 5.0 + i as f32).sin();
            self.draw_token(kind, vec2(cx, cy), vec2(20.0, 20.0), 0.0, pulse);
            let base = cy + 5.5;
            let name_w = text.draw(
                legend::name(kind),
                cx + 22.0,
                base,
                16.0,
                Align::Left,
                WHITE,
            );
            let color = if kind.is_hazard() { GOLD } else { SOFT };
            text.draw(
                legend::effect(kind),
                cx + 30.0 + name_w,
                base,
                15.0,
                Align::Left,
                color,
            );
        }
    }

    /// A menu row's label and current value.
    fn row_text(&self, row: Row) -> (&'static str, String) {
        let on_off = |b: bool| if b { "On" } else { "Off" }.to_string();
        match row {
            Row::Mode => (
                "Mode",
                match self.mode {
                    Mode::Classic => "Classic",
                    Mode::Arcade => "Arcade",
                }
                .to_string(),
            ),
            Row::Flashing => ("Reduce flashing", on_off(self.settings.reduce_flashing)),
            Row::Volume => (
                "Sound volume",
                format!("{:.0}%", self.settings.volume * 100.0),
            ),
            Row::Rumble => ("Gamepad rumble", on_off(self.settings.rumble)),
            Row::Scores => ("High scores and replays", "View".to_string()),
        }
    }

    fn draw_pause(&self, text: &Text, why: PauseReason) {
        draw_rectangle(
            0.0,
            0.0,
            FIELD_WIDTH,
            FIELD_HEIGHT,
            Color::new(0.0, 0.02, 0.08, 0.55),
        );
        draw_panel(180.0, 170.0, 440.0, 230.0);
        text.shadowed("PAUSED", 400.0, 230.0, 52.0, Align::Centre, WHITE);
        let note = match why {
            PauseReason::Player => "",
            PauseReason::Focus => "(the window lost focus)",
            PauseReason::Gamepad => "(the gamepad was unplugged)",
        };
        text.draw(note, 400.0, 258.0, 16.0, Align::Centre, SOFT);
        let line = |prompt: &str, y: f32, size: f32, color: Color| {
            let look = Look {
                size,
                color,
                shadow: false,
            };
            prompt::draw(text, prompt, 400.0, y, Align::Centre, look);
        };
        line("Resume: Enter / Esc / P   {Start} {A}", 298.0, 18.0, WHITE);
        line(
            "Quit to title: Q / Backspace   {B} {Back}",
            328.0,
            18.0,
            WHITE,
        );
        let flashing = if self.settings.reduce_flashing {
            "On"
        } else {
            "Off"
        };
        line(
            &format!("Reduce flashing ({flashing}): F   {{X}} {{Y}}"),
            358.0,
            18.0,
            SOFT,
        );
        line("Collision debug view: F3", 384.0, 15.0, SOFT);
        if self.world.mode() == Mode::Arcade {
            self.draw_legend(text, 420.0);
        }
    }

    fn draw_game_over(&self, text: &Text) {
        // Fade in, so the last hit registers before the verdict covers it.
        let fade = (self.screen_time / 0.5).clamp(0.0, 1.0);
        draw_rectangle(
            0.0,
            0.0,
            FIELD_WIDTH,
            FIELD_HEIGHT,
            Color::new(0.02, 0.0, 0.05, 0.6 * fade),
        );
        let a = fade;
        let white = Color::new(1.0, 1.0, 1.0, a);
        let soft = Color::new(SOFT.r, SOFT.g, SOFT.b, SOFT.a * a);
        let gold = Color::new(GOLD.r, GOLD.g, GOLD.b, a);
        let result = &self.last_result;

        let panel = Color::new(PANEL.r, PANEL.g, PANEL.b, 0.9 * a);
        let edge = Color::new(PANEL_EDGE.r, PANEL_EDGE.g, PANEL_EDGE.b, PANEL_EDGE.a * a);
        draw_rectangle(170.0, 74.0, 460.0, 476.0, panel);
        draw_rectangle_lines(170.0, 74.0, 460.0, 476.0, 2.0, edge);
        text.shadowed("GAME OVER", 400.0, 130.0, 64.0, Align::Centre, white);
        text.shadowed("SCORE", 400.0, 176.0, 18.0, Align::Centre, soft);
        text.shadowed(
            &format!("{}", result.score),
            400.0,
            224.0,
            48.0,
            Align::Centre,
            white,
        );
        if result.new_best {
            let pulse = 0.85 + 0.15 * (self.clock * 4.0).sin();
            text.shadowed(
                "NEW BEST!",
                400.0,
                262.0,
                30.0 * pulse.max(0.9),
                Align::Centre,
                gold,
            );
            if let Some(prev) = result.previous_best {
                text.draw(
                    &format!("previous best {prev}"),
                    400.0,
                    286.0,
                    16.0,
                    Align::Centre,
                    soft,
                );
            }
        } else if let Some(best) = result.previous_best {
            text.shadowed(
                &format!("Best  {best}"),
                400.0,
                262.0,
                24.0,
                Align::Centre,
                soft,
            );
        }
        if self.driver() == Driver::Demo {
            text.draw(
                "A --pilot demo: its score is not kept",
                400.0,
                288.0,
                16.0,
                Align::Centre,
                soft,
            );
        }

        let table = self.scores.table(ModeKey::Arcade);
        let top = 306.0;
        let table_h = 28.0 * TABLE_LEN as f32 + 20.0;
        draw_rectangle(
            250.0,
            top,
            300.0,
            table_h,
            Color::new(0.0, 0.0, 0.0, 0.25 * a),
        );
        for i in 0..TABLE_LEN {
            let y = top + 32.0 + i as f32 * 28.0;
            let highlight = result.rank == Some(i);
            let color = if highlight { gold } else { white };
            text.draw(&format!("{}.", i + 1), 280.0, y, 20.0, Align::Left, color);
            let score = table
                .entries()
                .get(i)
                .map(|e| e.score.to_string())
                .unwrap_or_else(|| "-".into());
            text.draw(&score, 520.0, y, 20.0, Align::Right, color);
        }

        if self.screen_time >= super::GAME_OVER_INPUT_DELAY {
            let glow = 0.7 + 0.3 * (self.clock * 3.0).sin();
            let look = Look {
                size: 18.0,
                color: Color::new(1.0, 1.0, 1.0, glow * a),
                shadow: true,
            };
            let again = "Play again: Enter / Space   {A} {Start}";
            prompt::draw(text, again, 400.0, 504.0, Align::Centre, look);
            let title = "Title: Esc / Q   {B} {Back}";
            prompt::draw(text, title, 400.0, 532.0, Align::Centre, look);
        }
    }

    /// Notices such as a gamepad being plugged in, bottom centre (in play, a third of the way down).
    fn draw_toasts(&self, text: &Text) {
        // In play the bottom is where the figure stands; notices go under the HUD band there.
        let playing = self.screen == Screen::Playing;
        for (i, (msg, left)) in self.toasts.iter().enumerate() {
            let a = left.min(1.0);
            let y = if playing {
                FIELD_HEIGHT * 0.3 + i as f32 * 30.0
            } else {
                FIELD_HEIGHT - 11.0 - i as f32 * 30.0
            };
            let w = text.width(msg, 16.0) + 28.0;
            draw_rectangle(
                400.0 - w / 2.0,
                y - 19.0,
                w,
                26.0,
                Color::new(0.0, 0.0, 0.0, 0.6 * a),
            );
            text.draw(
                msg,
                400.0,
                y,
                16.0,
                Align::Centre,
                Color::new(1.0, 1.0, 1.0, a),
            );
        }
    }
}

/// Which optional devices this machine has right now.
#[derive(Clone, Copy, Debug)]
struct Devices {
    sound: bool,
    gamepad: bool,
}

/// The note beside a menu row whose setting has nothing to act on, so it is not mistaken for broken.
fn row_note(row: Row, devices: Devices) -> Option<&'static str> {
    match row {
        Row::Volume if !devices.sound => Some("(no sound device)"),
        Row::Rumble if !devices.gamepad => Some("(no gamepad)"),
        _ => None,
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

/// A dark translucent panel with a thin outline.
pub(super) fn draw_panel(x: f32, y: f32, w: f32, h: f32) {
    draw_rectangle(x, y, w, h, PANEL);
    draw_rectangle_lines(x, y, w, h, 2.0, PANEL_EDGE);
}

/// A red frame around the field: the "reduce flashing" stand-in for a full-screen flash.
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

/// Game time as `m:ss`.
pub(super) fn clock_text(seconds: f64) -> String {
    let total = seconds.max(0.0) as u64;
    format!("{}:{:02}", total / 60, total % 60)
}

#[cfg(test)]
mod tests {
    use super::{clock_text, row_note, Devices, Row};

    #[test]
    fn volume_and_rumble_rows_say_when_their_device_is_missing() {
        let none = Devices {
            sound: false,
            gamepad: false,
        };
        let all = Devices {
            sound: true,
            gamepad: true,
        };
        assert_eq!(row_note(Row::Volume, none), Some("(no sound device)"));
        assert_eq!(row_note(Row::Rumble, none), Some("(no gamepad)"));
        for row in [Row::Mode, Row::Flashing, Row::Volume, Row::Rumble] {
            assert_eq!(row_note(row, all), None, "{row:?}");
        }
        assert_eq!(row_note(Row::Mode, none), None);
    }

    #[test]
    fn clock_formats_minutes_and_seconds() {
        assert_eq!(clock_text(0.0), "0:00");
        assert_eq!(clock_text(59.9), "0:59");
        assert_eq!(clock_text(61.0), "1:01");
        assert_eq!(clock_text(-3.0), "0:00");
    }
}
