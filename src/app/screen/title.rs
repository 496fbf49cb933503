//! The title screen: the name, the menu, how to play, and the bot's attract game behind it all.

use macroquad::prelude::*;

use spinfall::controls::{Action, TouchScheme};
use spinfall::sim::{steps_to_seconds, Mode, STEPS_PER_SECOND};
use spinfall::store::ModeKey;

use super::menu::{menu_rows, MenuLayout, Row};
use crate::app::game::Steer;
use crate::app::input::Actions;
use crate::app::platform::IN_BROWSER;
use crate::app::prompt::{self, Look};
use crate::app::render::{dim_screen, GOLD, SOFT};
use crate::app::view::{Align, Text};
use crate::app::{App, Screen};

/// How long a first Esc on the title waits for the second that quits, in seconds.
const QUIT_CONFIRM_SECONDS: f32 = 2.0;

/// The notice shown after the first Esc on the title.
const QUIT_PROMPT: &str = "Press Esc again to quit";

/// The baseline of the line under the menu that says how to start.
fn prompt_y(layout: &MenuLayout) -> f32 {
    layout.top + layout.panel_h() + 40.0
}

/// Where a click on the line under the menu starts a game (or opens the row's screen).
fn start_rect(layout: &MenuLayout) -> Rect {
    Rect::new(170.0, prompt_y(layout) - 26.0, 460.0, 34.0)
}

/// How long the attract mode's bot plays one game before the title starts a fresh one, in steps.
const ATTRACT_STEPS: u64 = 75 * STEPS_PER_SECOND as u64;

impl App {
    /// What the title's text covers, in design pixels, and its smallest text: the overlay fits it
    /// on a phone.
    pub(super) fn title_content(&self) -> (Rect, f32) {
        let layout = MenuLayout::on(
            menu_rows(self.touch.active).len(),
            self.touch.layout.narrow(),
        );
        let prompt_y = prompt_y(&layout);
        let bottom = if self.mode == Mode::Arcade {
            prompt_y + 98.0 + self.legend_height()
        } else {
            prompt_y + 96.0
        };
        (Rect::new(150.0, 56.0, 500.0, bottom - 56.0), 15.0)
    }

    /// One frame of the title: the menu's keys, then the attract game; returns false when the player
    /// quits.
    pub(in crate::app) fn update_title(&mut self, actions: &Actions, dt: f32) -> bool {
        if !self.title_input(actions) {
            return false;
        }
        if self.screen == Screen::Title {
            self.advance(dt, Steer::Bot, true);
            if self.world.is_over() || self.world.stats().steps > ATTRACT_STEPS {
                self.new_attract_world();
            }
        }
        true
    }

    /// Handles the title screen's menu; returns false when the player quits.
    fn title_input(&mut self, actions: &Actions) -> bool {
        // A page cannot close itself: the tab's own close does that.
        if actions.escape && !IN_BROWSER {
            // A second press confirms, so Esc hammered on the game-over screen does not close the game.
            if self.clock - self.quit_armed_at < QUIT_CONFIRM_SECONDS {
                return false;
            }
            self.quit_armed_at = self.clock;
            self.toasts.retain(|(text, _)| text != QUIT_PROMPT);
            self.toasts
                .push((QUIT_PROMPT.to_string(), QUIT_CONFIRM_SECONDS));
        }
        let rows = menu_rows(actions.touch.active);
        let layout = MenuLayout::on(rows.len(), actions.touch.layout.narrow());
        let pointer = actions.pointer;
        if let Some(i) = pointer.hovered_index(&layout.row_rects()) {
            self.menu_row = i;
        }
        if pointer.clicks(start_rect(&layout)) {
            self.choose_title_row(rows.get(self.menu_row).copied());
            return true;
        }
        if let Some(i) = pointer.clicked_index(&layout.row_rects()) {
            self.menu_row = i;
            let [left, _] = layout.arrow_rects(i);
            match rows[i] {
                row if row.opens_a_screen() => self.choose_title_row(Some(row)),
                row if pointer.clicks(left) => self.change_row(row, -1),
                // ">" steps the value on, and so does a click on the rest of the row, as on a switch.
                row => self.change_row(row, 1),
            }
            return true;
        }
        // A tap anywhere off the menu starts a game, as Enter does: a phone has no Enter.
        if pointer.tapped && !pointer.over(layout.panel_rect()) {
            self.start_game();
            return true;
        }
        let row = rows.get(self.menu_row).copied();
        let opens = row.is_some_and(Row::opens_a_screen);
        if opens && (actions.confirm || actions.start || actions.left || actions.right) {
            self.choose_title_row(row);
            return true;
        }
        if actions.confirm || actions.start {
            self.start_game();
            return true;
        }
        if actions.up {
            self.menu_row = (self.menu_row + rows.len() - 1) % rows.len();
        }
        if actions.down {
            self.menu_row = (self.menu_row + 1) % rows.len();
        }
        let step = i32::from(actions.right) - i32::from(actions.left);
        if step != 0 {
            self.change_row(rows.get(self.menu_row).copied().unwrap_or(Row::Mode), step);
        }
        true
    }

    /// What Enter does on `row`: open the screen a row names, or start a game.
    fn choose_title_row(&mut self, row: Option<Row>) {
        match row {
            Some(Row::Scores) => self.open_table(),
            Some(Row::Controls) => self.open_controls(),
            _ => self.start_game(),
        }
    }

    /// Leaves for the title with a fresh attract game behind it.
    pub(in crate::app) fn go_to_title(&mut self) {
        self.new_attract_world();
        self.set_screen(Screen::Title);
    }

    /// Draws the title over the dimmed attract game.
    pub(in crate::app) fn draw_title(&self, text: &Text) {
        // Dim the attract game so the menu reads first.
        dim_screen(Color::new(0.02, 0.03, 0.1, 0.45));

        // Two spinner blocks flank the name, turning slowly.
        // Closer on a phone held upright, so they stay inside what the overlay enlarges.
        let flank = if self.touch.layout.narrow() {
            205.0
        } else {
            250.0
        };
        for (x, dir) in [(400.0 - flank, 1.0), (400.0 + flank, -1.0)] {
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

        let touch = self.touch.active;
        let rows = menu_rows(touch);
        let layout = MenuLayout::on(rows.len(), self.touch.layout.narrow());
        self.draw_menu(text, &rows, layout);

        let prompt_y = prompt_y(&layout);
        // A slow glow rather than a blink: attention without flashing.
        let glow = 0.7 + 0.3 * (self.clock * 3.0).sin();
        // On a row that opens a screen, Enter opens it rather than starting a game.
        let keys = &self.settings.controls;
        let verb = match rows.get(self.menu_row) {
            Some(Row::Scores) => "view",
            Some(Row::Controls) => "choose keys",
            _ => "start",
        };
        let action = if touch && verb == "start" {
            "Tap anywhere off the menu to start".to_string()
        } else if touch {
            format!("Tap here to {verb}")
        } else {
            format!(
                "Press {}  or  {{A}}  to {verb}",
                keys.names(Action::Confirm)
            )
        };
        let start = start_rect(&layout);
        if self.pointer.over(start) {
            draw_rectangle(
                start.x,
                start.y,
                start.w,
                start.h,
                Color::new(0.45, 0.6, 1.0, 0.22),
            );
        }
        prompt::draw(
            text,
            &action,
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
        // The rest of the keys are on the Controls screen, a row of the menu above.
        let quit = if IN_BROWSER { "" } else { "     Quit: Esc" };
        // On a touch screen the help names touches, not keys.
        let line = match (touch, self.settings.touch) {
            (true, TouchScheme::Buttons) => "Move: hold an arrow area    Pause: II".to_string(),
            (true, TouchScheme::Drag) => "Move: drag a finger    Pause: II".to_string(),
            (false, _) => format!(
                "Move: {}, D-pad or left stick     Pause: Esc / {}  {{Start}}{quit}",
                keys.move_names(),
                keys.names(Action::Pause)
            ),
        };
        prompt::draw(text, &line, 400.0, prompt_y + 84.0, Align::Centre, help);
        if self.mode == Mode::Arcade {
            self.draw_legend(text, prompt_y + 98.0);
        }
        // On the desktop the same line went to the terminal; a page's player never sees its console.
        if let Some(notice) = self.storage_notice.as_deref().filter(|_| IN_BROWSER) {
            // One line, made smaller rather than cut when it is long.
            let size = (14.0 * 780.0 / text.width(notice, 14.0).max(1.0)).min(14.0);
            text.shadowed(notice, 400.0, 18.0, size, Align::Centre, GOLD);
        }
    }
}
