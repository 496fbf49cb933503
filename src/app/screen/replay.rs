//! The Replay screen: a kept game played back, with pause, 1x/2x/4x speed and a closing panel.

use macroquad::prelude::*;

use spinfall::controls::{Action, Bindings, Side};
use spinfall::replay::{Playback, Replay};
use spinfall::sim::{steps_to_seconds, World, FIELD_HEIGHT, FIELD_WIDTH};

use crate::app::game::Steer;
use crate::app::input::Actions;
use crate::app::prompt::{self, Look};
use crate::app::render::{clock_text, draw_panel, GOLD, SOFT};
use crate::app::replay::{Watching, SPEEDS};
use crate::app::view::{Align, Text};
use crate::app::{App, Screen};

/// The help line of the band under a replay being watched.
fn watch_help(keys: &Bindings) -> String {
    let confirm = keys.get(Action::Confirm);
    let pause = confirm.second.unwrap_or(confirm.first);
    let (left, right) = (keys.get(Action::Left).first, keys.get(Action::Right).first);
    format!("{pause} / {{A}}: pause   {left}/{right}: speed   Esc / {{B}}: back")
}

/// The help line of the panel at a replay's end.
fn end_help(keys: &Bindings) -> String {
    let again = keys.get(Action::Confirm).first;
    format!("{again} / {{A}}: watch again    Esc / {{B}}: back")
}

impl App {
    /// Shows `replay` from its first step; `back_to_table` returns to the score table afterwards,
    /// otherwise to the title.
    pub(in crate::app) fn watch(&mut self, replay: Replay, back_to_table: bool) {
        self.world = World::new(replay.mode, replay.seed, self.shapes.clone());
        self.particles.reset(replay.seed);
        self.reset_effects();
        self.drop_recording();
        self.replays.watching = Some(Watching {
            playback: Playback::new(replay),
            speed: 0,
            paused: false,
            back_to_table,
        });
        self.set_screen(Screen::Replay);
    }

    /// Whether the watched replay has played all its steps (or its game ended).
    fn replay_done(&self) -> bool {
        self.world.is_over()
            || self
                .replays
                .watching
                .as_ref()
                .is_none_or(|w| w.playback.is_done())
    }

    /// One frame of watching: pause, speed, leave, watch again; steps the world while playing.
    pub(in crate::app) fn replay_update(&mut self, actions: &Actions, dt: f32) {
        let touch = &actions.touch;
        // On a touch screen the pause button pauses and the movement areas change the speed; a tap
        // anywhere else leaves, as Back does.
        let tap_leaves =
            actions.pointer.tapped && !touch.pause_tapped && touch.side_tapped.is_none();
        if actions.back || actions.escape || tap_leaves {
            let to_table = self
                .replays
                .watching
                .take()
                .is_some_and(|w| w.back_to_table);
            self.new_attract_world();
            if to_table {
                self.set_screen(Screen::Scores);
            } else {
                self.set_screen(Screen::Title);
            }
            return;
        }
        let done = self.replay_done();
        let Some(w) = self.replays.watching.as_mut() else {
            self.go_to_title();
            return;
        };
        if actions.right || touch.side_tapped == Some(Side::Right) {
            w.speed = (w.speed + 1).min(SPEEDS.len() - 1);
        }
        if actions.left || touch.side_tapped == Some(Side::Left) {
            w.speed = w.speed.saturating_sub(1);
        }
        if actions.confirm || actions.pause || actions.start || touch.pause_tapped {
            if done {
                let replay = w.playback.replay().clone();
                let back = w.back_to_table;
                self.watch(replay, back);
                return;
            }
            w.paused = !w.paused;
        }
        if !w.paused && !done {
            let speed = SPEEDS[w.speed] as f32;
            self.advance(dt * speed, Steer::Replay, false);
        }
    }

    /// The replay's banner: what is shown, its speed, and the keys; a closing panel at its end.
    pub(in crate::app) fn draw_replay(&self, text: &Text) {
        let Some(w) = &self.replays.watching else {
            return;
        };
        let replay = w.playback.replay();
        // Below the figure's feet, so the band never hides the game.
        let band_y = FIELD_HEIGHT - 28.0;
        draw_rectangle(
            0.0,
            band_y,
            FIELD_WIDTH,
            28.0,
            Color::new(0.0, 0.02, 0.1, 0.55),
        );
        let state = if w.paused {
            "PAUSED".to_string()
        } else {
            format!("{}x", SPEEDS[w.speed])
        };
        text.shadowed(
            &format!("REPLAY  {state}"),
            16.0,
            band_y + 20.0,
            17.0,
            Align::Left,
            GOLD,
        );
        let touch = self.touch.active;
        // A phone's larger letters leave no room for the seed beside the touch help.
        let seed = if touch {
            String::new()
        } else {
            format!("    seed {}", replay.seed)
        };
        text.draw(
            &format!(
                "{} / {}{seed}",
                clock_text(steps_to_seconds(w.playback.played())),
                clock_text(steps_to_seconds(replay.steps())),
            ),
            150.0,
            band_y + 19.0,
            15.0,
            Align::Left,
            SOFT,
        );
        // A little smaller than the table's help, so a 20-digit seed beside it stays clear.
        let help = Look {
            size: 14.0,
            color: SOFT,
            shadow: false,
        };
        let watch = if touch {
            "II: pause   arrows: speed   tap: back".to_string()
        } else {
            watch_help(&self.settings.controls)
        };
        prompt::draw(
            text,
            &watch,
            FIELD_WIDTH - 16.0,
            band_y + 19.0,
            Align::Right,
            help,
        );
        if self.replay_done() {
            draw_panel(230.0, 200.0, 340.0, 150.0);
            text.shadowed("END OF REPLAY", 400.0, 246.0, 32.0, Align::Centre, WHITE);
            let score = self.world.score();
            let note = if score == replay.score && self.world.stats().steps == replay.steps() {
                format!("score {score}")
            } else {
                // A replay recorded under other rules plays out differently; say so rather than
                // pass off another game as the recorded one.
                format!(
                    "score {score}; recorded {} by Spinfall {}",
                    replay.score, replay.game_version
                )
            };
            text.draw(&note, 400.0, 282.0, 18.0, Align::Centre, GOLD);
            let help = Look {
                size: 16.0,
                color: SOFT,
                shadow: false,
            };
            let end = if touch {
                "II: watch again    tap: back".to_string()
            } else {
                end_help(&self.settings.controls)
            };
            prompt::draw(text, &end, 400.0, 322.0, Align::Centre, help);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{end_help, watch_help};
    use crate::app::prompt::help_draws_a_and_b_as_glyphs;
    use spinfall::controls::{Action, Bindings, Key, Slot};

    #[test]
    fn the_replay_help_draws_the_gamepad_buttons_as_glyphs() {
        let keys = Bindings::default();
        help_draws_a_and_b_as_glyphs(&watch_help(&keys));
        help_draws_a_and_b_as_glyphs(&end_help(&keys));
    }

    #[test]
    fn the_replay_help_names_the_keys_the_player_chose() {
        let mut keys = Bindings::default();
        keys.bind(Action::Confirm, Slot::First, Key::K).unwrap();
        assert!(end_help(&keys).starts_with("K / {A}: watch again"));
        assert!(watch_help(&keys).starts_with("Space / {A}: pause"));
    }
}
