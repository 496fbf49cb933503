//! The Controls screen: every action's one or two keys, changed by "press a key", with clashes
//! refused by name, a key removed with Delete, and one entry to restore the defaults.
//!
//! While it waits for a key, every key goes to it (Esc cancels): nothing else reacts, so pressing F
//! to bind it does not also switch "reduce flashing". Gamepads keep their fixed layout, which the
//! screen lists.

use macroquad::prelude::*;

use spinfall::controls::{Action, Refusal, Slot};
use spinfall::sim::{FIELD_HEIGHT, FIELD_WIDTH};

use crate::app::input::{Actions, Pressed};
use crate::app::prompt::{self, Look};
use crate::app::render::{dim_screen, draw_panel, draw_solid_panel, GOLD, SOFT};
use crate::app::view::{Align, Text};
use crate::app::{App, Screen};

/// The row that restores the defaults, after one row per action.
const RESTORE_ROW: usize = Action::ALL.len();
/// The row that leaves the screen.
const BACK_ROW: usize = RESTORE_ROW + 1;
/// How many rows the screen has.
const ROWS: usize = BACK_ROW + 1;

/// Where the panel and its rows lie, in playfield pixels.
const PANEL: Rect = Rect {
    x: 100.0,
    y: 88.0,
    w: 600.0,
    h: ROWS as f32 * ROW_H + 16.0,
};
const ROW_H: f32 = 32.0;
/// The left edges of the two key columns, and their width.
const SLOT_X: [f32; 2] = [390.0, 545.0];
const SLOT_W: f32 = 140.0;

// The rows and the lines under them fit the field, and the key columns fit the panel.
const _: () = assert!(PANEL.y + PANEL.h + 142.0 < FIELD_HEIGHT - 4.0);
const _: () = assert!(SLOT_X[1] + SLOT_W <= PANEL.x + PANEL.w - 10.0);

/// A refused key is shown in this colour: clearly a problem, still readable on the dark panel.
const REFUSED: Color = Color::new(1.0, 0.55, 0.45, 1.0);

/// The Controls screen's selection, its "press a key" prompt, and its last message.
#[derive(Clone, Debug, Default)]
pub(in crate::app) struct ControlsMenu {
    row: usize,
    /// The selected key column on an action's row (0 or 1).
    column: usize,
    /// Waiting for a key for the selected action and column.
    prompting: bool,
    /// The last thing to tell the player, and whether it is a refusal.
    message: Option<(String, bool)>,
}

impl ControlsMenu {
    /// Whether the screen is waiting for a key, so every key is its to read.
    pub(in crate::app) fn is_prompting(&self) -> bool {
        self.prompting
    }
}

/// What the screen covers, in design pixels, and its smallest text, for the overlay.
pub(super) fn controls_content() -> (Rect, f32) {
    (
        Rect::new(
            36.0,
            20.0,
            FIELD_WIDTH - 72.0,
            PANEL.y + PANEL.h + 142.0 - 20.0,
        ),
        15.0,
    )
}

/// The slot of a key column.
fn slot(column: usize) -> Slot {
    if column == 0 {
        Slot::First
    } else {
        Slot::Second
    }
}

/// The rectangle of row `row`.
fn row_rect(row: usize) -> Rect {
    Rect::new(
        PANEL.x + 6.0,
        PANEL.y + 8.0 + row as f32 * ROW_H,
        PANEL.w - 12.0,
        ROW_H - 2.0,
    )
}

/// The rectangle of key column `column` on action row `row`.
fn slot_rect(row: usize, column: usize) -> Rect {
    let r = row_rect(row);
    Rect::new(SLOT_X[column], r.y + 3.0, SLOT_W, r.h - 6.0)
}

/// The places a click can choose, with the row and column each selects.
fn targets() -> Vec<(Rect, usize, usize)> {
    let mut targets: Vec<(Rect, usize, usize)> = (0..RESTORE_ROW)
        .flat_map(|row| (0..2).map(move |column| (slot_rect(row, column), row, column)))
        .collect();
    targets.push((row_rect(RESTORE_ROW), RESTORE_ROW, 0));
    targets.push((row_rect(BACK_ROW), BACK_ROW, 0));
    targets
}

impl App {
    /// Opens the Controls screen on its first row.
    pub(in crate::app) fn open_controls(&mut self) {
        self.controls_menu = ControlsMenu::default();
        self.set_screen(Screen::Controls);
    }

    /// One frame of the Controls screen's input.
    pub(in crate::app) fn controls_input(&mut self, actions: &Actions) {
        if self.controls_menu.prompting {
            self.prompt_input(actions);
            return;
        }
        if actions.escape || actions.back {
            self.set_screen(Screen::Title);
            return;
        }
        let menu = &mut self.controls_menu;
        let rects: Vec<Rect> = targets().iter().map(|t| t.0).collect();
        if let Some(i) = actions.pointer.hovered_index(&rects) {
            (menu.row, menu.column) = (targets()[i].1, targets()[i].2);
        }
        if actions.up {
            menu.row = (menu.row + ROWS - 1) % ROWS;
        }
        if actions.down {
            menu.row = (menu.row + 1) % ROWS;
        }
        if menu.row < RESTORE_ROW && (actions.left || actions.right) {
            menu.column = usize::from(actions.right);
        }
        let clicked = actions.pointer.clicked_index(&rects);
        if let Some(i) = clicked {
            (menu.row, menu.column) = (targets()[i].1, targets()[i].2);
        }
        if clicked.is_some() || actions.confirm || actions.start {
            self.choose_controls_row();
        } else if actions.delete && self.controls_menu.row < RESTORE_ROW {
            let action = Action::ALL[self.controls_menu.row];
            let column = self.controls_menu.column;
            match self.settings.controls.clear(action, slot(column)) {
                Ok(()) => {
                    self.controls_menu.column = 0;
                    self.say(
                        format!(
                            "{}: {}",
                            action.label(),
                            self.settings.controls.names(action)
                        ),
                        false,
                    );
                    self.save_settings();
                }
                Err(refusal) => self.say(refusal.to_string(), true),
            }
        }
    }

    /// Acts on the selected row: a key column waits for a key, the last rows restore or leave.
    fn choose_controls_row(&mut self) {
        match self.controls_menu.row {
            RESTORE_ROW => {
                self.settings.controls.restore_defaults();
                self.say("Default keys restored".to_string(), false);
                self.save_settings();
            }
            BACK_ROW => self.set_screen(Screen::Title),
            row => {
                // An empty second column is where a second key goes.
                self.controls_menu.prompting = true;
                let action = Action::ALL[row];
                self.say(
                    format!("Press a key for {}   (Esc cancels)", action.label()),
                    false,
                );
            }
        }
    }

    /// The prompt's frame: the first key pressed is bound, or refused with the reason.
    fn prompt_input(&mut self, actions: &Actions) {
        // A click anywhere, like Esc or the gamepad's B, gives up waiting.
        if actions.escape || actions.pointer.clicked || (actions.back && actions.pressed.is_none())
        {
            self.controls_menu.prompting = false;
            self.controls_menu.message = None;
            return;
        }
        let action = Action::ALL[self.controls_menu.row.min(RESTORE_ROW - 1)];
        let column = self.controls_menu.column;
        match actions.pressed {
            None => {}
            Some(Pressed::Other) => self.say(
                "That key cannot be bound: press another, or Esc to cancel".to_string(),
                true,
            ),
            Some(Pressed::Key(key)) => match self.settings.controls.bind(action, slot(column), key)
            {
                Ok(()) => {
                    self.controls_menu.prompting = false;
                    self.say(
                        format!(
                            "{}: {}",
                            action.label(),
                            self.settings.controls.names(action)
                        ),
                        false,
                    );
                    self.save_settings();
                }
                Err(refusal @ (Refusal::Taken { .. } | Refusal::Fixed { .. })) => self.say(
                    format!("{refusal}: press another key, or Esc to cancel"),
                    true,
                ),
                Err(refusal) => self.say(refusal.to_string(), true),
            },
        }
    }

    /// Shows `message` under the rows; `refused` marks it as a key that was not accepted.
    fn say(&mut self, message: String, refused: bool) {
        self.controls_menu.message = Some((message, refused));
    }

    /// Draws the Controls screen over the dimmed attract game.
    pub(in crate::app) fn draw_controls(&self, text: &Text) {
        dim_screen(Color::new(0.02, 0.03, 0.1, 0.6));
        // A screen of small print: an opaque backing keeps the blocks falling behind from crossing it.
        draw_solid_panel(
            36.0,
            20.0,
            FIELD_WIDTH - 72.0,
            PANEL.y + PANEL.h + 142.0 - 20.0,
        );
        text.shadowed("CONTROLS", 400.0, 58.0, 40.0, Align::Centre, WHITE);
        draw_panel(PANEL.x, PANEL.y, PANEL.w, PANEL.h);
        let menu = &self.controls_menu;
        let highlight = Color::new(0.45, 0.6, 1.0, 0.22);
        text.draw(
            "first key",
            SLOT_X[0] + SLOT_W / 2.0,
            PANEL.y - 6.0,
            14.0,
            Align::Centre,
            SOFT,
        );
        text.draw(
            "second key",
            SLOT_X[1] + SLOT_W / 2.0,
            PANEL.y - 6.0,
            14.0,
            Align::Centre,
            SOFT,
        );
        for (row, action) in Action::ALL.into_iter().enumerate() {
            let r = row_rect(row);
            let selected = menu.row == row;
            if selected {
                draw_rectangle(r.x, r.y, r.w, r.h, highlight);
            }
            let base = r.y + 21.0;
            let color = if selected { WHITE } else { SOFT };
            text.draw(
                action.label(),
                PANEL.x + 24.0,
                base,
                19.0,
                Align::Left,
                color,
            );
            let binding = self.settings.controls.get(action);
            for column in 0..2 {
                let s = slot_rect(row, column);
                let chosen = selected && menu.column == column;
                let waiting = chosen && menu.prompting;
                let fill = if waiting {
                    Color::new(1.0, 0.84, 0.3, 0.35)
                } else if chosen {
                    Color::new(0.45, 0.6, 1.0, 0.45)
                } else {
                    Color::new(0.0, 0.0, 0.0, 0.3)
                };
                draw_rectangle(s.x, s.y, s.w, s.h, fill);
                let edge = if chosen {
                    GOLD
                } else {
                    Color::new(0.55, 0.68, 1.0, 0.35)
                };
                draw_rectangle_lines(s.x, s.y, s.w, s.h, 1.5, edge);
                let (label, label_color) = match (waiting, binding.get(slot(column))) {
                    (true, _) => ("press a key".to_string(), GOLD),
                    (false, Some(key)) => {
                        (key.name().to_string(), if chosen { GOLD } else { WHITE })
                    }
                    (false, None) => ("-".to_string(), Color::new(SOFT.r, SOFT.g, SOFT.b, 0.5)),
                };
                text.draw(
                    &label,
                    s.x + s.w / 2.0,
                    base,
                    18.0,
                    Align::Centre,
                    label_color,
                );
            }
        }
        for (row, label) in [
            (RESTORE_ROW, "Restore the default keys"),
            (BACK_ROW, "Back"),
        ] {
            let r = row_rect(row);
            let selected = menu.row == row;
            if selected {
                draw_rectangle(r.x, r.y, r.w, r.h, highlight);
            }
            let color = if selected { GOLD } else { WHITE };
            text.draw(label, PANEL.x + 24.0, r.y + 21.0, 19.0, Align::Left, color);
        }

        let below = PANEL.y + PANEL.h;
        if let Some((message, refused)) = &menu.message {
            let color = if *refused { REFUSED } else { GOLD };
            text.shadowed(message, 400.0, below + 28.0, 19.0, Align::Centre, color);
        }
        let keys = &self.settings.controls;
        let help = Look {
            size: 15.0,
            color: SOFT,
            shadow: true,
        };
        let line = |words: &str, y: f32| prompt::draw(text, words, 400.0, y, Align::Centre, help);
        line(
            &format!(
                "Change a key: {} or click     Remove a key: Delete     Back: Esc / {}",
                keys.names(Action::Confirm),
                keys.names(Action::Back)
            ),
            below + 56.0,
        );
        line(
            "Fixed keys: Esc cancels, pauses and goes back     Up / Down move in menus     F11 or Alt+Enter: fullscreen",
            below + 78.0,
        );
        line(
            "Gamepad buttons are fixed: D-pad or left stick move   {A} confirm   {Start} pause",
            below + 104.0,
        );
        line(
            "{B} {Back} back   {X} {Y} reduce flashing   both sticks clicked: debug view",
            below + 128.0,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_column_and_last_row_can_be_clicked_and_none_overlap() {
        let targets = targets();
        assert_eq!(targets.len(), Action::ALL.len() * 2 + 2);
        for (i, a) in targets.iter().enumerate() {
            for b in &targets[i + 1..] {
                assert!(a.0.intersect(b.0).is_none(), "{a:?} {b:?}");
            }
        }
    }
}
