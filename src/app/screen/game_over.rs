//! The arcade game-over screen: the score, a new best, the table, and play again or leave.

use macroquad::prelude::*;

use spinfall::controls::Action;
use spinfall::sim::GameSpeed;
use spinfall::store::{self, ModeKey, ScoreEntry, TABLE_LEN};

use crate::app::input::Actions;
use crate::app::prompt::{self, Look};
use crate::app::records::{self, Driver};
use crate::app::render::{dim_screen, GOLD, PANEL, PANEL_EDGE, SOFT};
use crate::app::view::{Align, Text};
use crate::app::{App, Screen};

/// How long the game-over screen ignores confirm presses, so a player still hammering keys does not
/// skip it unseen.
const GAME_OVER_INPUT_DELAY: f32 = 0.8;

/// What the game-over screen shows about the game that just ended.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::app) struct GameResult {
    score: u64,
    /// The best score before this game, to show what was beaten.
    previous_best: Option<u64>,
    /// The game's place in the top five, if it made it.
    rank: Option<usize>,
    new_best: bool,
    /// The slowest game speed the game was played at.
    speed: GameSpeed,
}

/// What the game-over panel covers, in design pixels, and its smallest text, for the overlay.
pub(super) fn game_over_content() -> (Rect, f32) {
    (Rect::new(170.0, 74.0, 460.0, 476.0), 14.0)
}

/// Where the "play again" and "title" lines are hovered and clicked.
fn game_over_rects() -> [Rect; 2] {
    [504.0, 532.0].map(|y| Rect::new(190.0, y - 20.0, 420.0, 26.0))
}

impl App {
    /// One frame of the game-over screen: play again or go to the title, once the delay has passed.
    pub(in crate::app) fn update_game_over(&mut self, actions: &Actions) {
        let ready = self.screen_time >= GAME_OVER_INPUT_DELAY;
        let demo_restart = self.pilot.is_some() && self.screen_time >= 4.0;
        let [again, title] = game_over_rects();
        let clicked_again = ready && actions.pointer.clicks(again);
        if demo_restart || clicked_again || (ready && (actions.confirm || actions.start)) {
            self.start_game();
        } else if actions.escape || actions.back || (ready && actions.pointer.clicks(title)) {
            self.go_to_title();
        }
    }

    /// Records an arcade game's score and shows the game-over screen.
    pub(in crate::app) fn finish_arcade(&mut self, score: u64) {
        let driver = self.driver();
        let replay = self.keep_replay();
        let table = self.scores.table(ModeKey::Arcade);
        let previous_best = table.best();
        let new_best = driver == Driver::Player && table.is_new_best(score);
        let entry = ScoreEntry {
            score,
            seed: self.world.seed(),
            unix_time: store::unix_now(),
            replay,
            speed: ScoreEntry::speed_field(self.slowest_speed),
        };
        let rank = records::record(&mut self.scores, driver, ModeKey::Arcade, entry);
        self.last_result = GameResult {
            score,
            previous_best,
            rank,
            new_best,
            speed: self.slowest_speed,
        };
        if rank.is_some() {
            self.save_scores();
        }
        self.prune_replays(replay);
        self.set_screen(Screen::GameOver);
    }

    /// Draws the verdict, fading in over the last moment of the game.
    pub(in crate::app) fn draw_game_over(&self, text: &Text) {
        // Fade in, so the last hit registers before the verdict covers it.
        let fade = (self.screen_time / 0.5).clamp(0.0, 1.0);
        dim_screen(Color::new(0.02, 0.0, 0.05, 0.6 * fade));
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
            let verdict = if result.speed.is_full() {
                "NEW BEST!".to_string()
            } else {
                format!("NEW BEST AT {} SPEED!", result.speed)
            };
            text.shadowed(
                &verdict,
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
            let entry = table.entries().get(i);
            let score = entry.map_or_else(|| "-".into(), |e| e.score.to_string());
            text.draw(&score, 520.0, y, 20.0, Align::Right, color);
            if let Some(speed) = entry.map(|e| e.game_speed()).filter(|s| !s.is_full()) {
                text.draw(&format!("{speed}"), 530.0, y, 14.0, Align::Left, soft);
            }
        }

        if self.screen_time >= GAME_OVER_INPUT_DELAY {
            let glow = 0.7 + 0.3 * (self.clock * 3.0).sin();
            let look = Look {
                size: 18.0,
                color: Color::new(1.0, 1.0, 1.0, glow * a),
                shadow: true,
            };
            let keys = &self.settings.controls;
            let (again, title) = if self.touch.active {
                (
                    "Play again: tap here".to_string(),
                    "Title: tap here".to_string(),
                )
            } else {
                (
                    format!(
                        "Play again: {}   {{A}} {{Start}}",
                        keys.names(Action::Confirm)
                    ),
                    format!("Title: Esc / {}   {{B}} {{Back}}", keys.names(Action::Back)),
                )
            };
            for ((line, y), rect) in [(again, 504.0), (title, 532.0)]
                .into_iter()
                .zip(game_over_rects())
            {
                let hovered = self.pointer.over(rect);
                if hovered {
                    let fill = Color::new(0.45, 0.6, 1.0, 0.22 * a);
                    draw_rectangle(rect.x, rect.y, rect.w, rect.h, fill);
                }
                let look = Look {
                    color: if hovered { gold } else { look.color },
                    ..look
                };
                prompt::draw(text, &line, 400.0, y, Align::Centre, look);
            }
        }
    }
}
