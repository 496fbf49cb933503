//! Keyboard and gamepad, merged into one set of per-frame actions and the sim's plain [`Input`].

use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
use macroquad::miniquad::{EventHandler, KeyMods};
use macroquad::prelude::*;
use spinfall::sim::Input;

use super::gamepad::{PadFrame, Pads};

/// Everything the player asked for this frame, whatever device they used.
#[derive(Clone, Debug, Default)]
pub struct Actions {
    /// Horizontal movement in -1..=1 (keys, D-pad or stick; the strongest wins).
    pub move_x: f32,
    /// Enter, Space, gamepad A: start, restart, resume.
    pub confirm: bool,
    /// P or gamepad Start: pause and resume.
    pub pause: bool,
    /// Gamepad Start alone: also starts and restarts games, where P would be a surprise.
    pub start: bool,
    /// Escape: pause and resume in play, quit on the title screen, leave the game-over screen.
    pub escape: bool,
    /// Q, Backspace, gamepad B or Select: leave to the title screen.
    pub back: bool,
    /// F or gamepad X/Y: toggle "reduce flashing".
    pub toggle_flashing: bool,
    /// Menu steps.
    pub left: bool,
    /// Menu steps.
    pub right: bool,
    /// Menu steps.
    pub up: bool,
    /// Menu steps.
    pub down: bool,
    /// F11 or Alt+Enter.
    pub fullscreen: bool,
    /// F3, or both gamepad sticks clicked together: toggle the collision debug view.
    pub debug: bool,
    /// Gamepads plugged in or out this frame, for a short notice on screen.
    pub pad_notices: Vec<String>,
    /// A gamepad was unplugged this frame.
    pub pad_unplugged: bool,
    /// The window lost input focus this frame.
    pub focus_lost: bool,
}

impl Actions {
    /// The sim input for this frame.
    pub fn sim_input(&self) -> Input {
        Input::new(self.move_x)
    }
}

/// Reads the keyboard and the gamepads.
pub struct Controls {
    pads: Pads,
    /// macroquad's id for this reader of raw window events.
    subscriber: usize,
}

/// What the raw window events said this frame, beyond macroquad's key state.
///
/// macroquad 0.4 has no focus query, but miniquad reports focus loss on X11, Windows, macOS and the web
/// as `window_minimized_event`, and macroquad repeats raw events to registered subscribers. Alt+Enter is
/// read here too: the event carries the modifiers as they were when Enter went down, whereas a quick
/// chord (or a synthetic one) can release Alt before the frame looks at the key state.
#[derive(Default)]
struct RawEvents {
    focus_lost: bool,
    alt_enter: bool,
}

impl EventHandler for RawEvents {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn window_minimized_event(&mut self) {
        self.focus_lost = true;
    }
    fn key_down_event(&mut self, keycode: KeyCode, mods: KeyMods, repeat: bool) {
        if !repeat && mods.alt && matches!(keycode, KeyCode::Enter | KeyCode::KpEnter) {
            self.alt_enter = true;
        }
    }
}

impl Controls {
    /// Opens the gamepads (a failure is a warning; the keyboard always works).
    pub fn new() -> Controls {
        Controls {
            pads: Pads::new(),
            subscriber: register_input_subscriber(),
        }
    }

    /// Rumbles the gamepads that can.
    pub fn rumble(&mut self) {
        self.pads.rumble();
    }

    /// Names of the connected gamepads.
    pub fn pad_names(&self) -> Vec<String> {
        self.pads.names()
    }

    /// Collects this frame's actions.
    pub fn poll(&mut self) -> Actions {
        let mut raw = RawEvents::default();
        repeat_all_miniquad_input(&mut raw, self.subscriber);
        let pad = self.pads.poll();
        keyboard_actions(pad, &raw)
    }
}

/// Merges the keyboard's state into what the gamepads reported.
fn keyboard_actions(pad: PadFrame, raw: &RawEvents) -> Actions {
    let alt = is_key_down(KeyCode::LeftAlt) || is_key_down(KeyCode::RightAlt) || raw.alt_enter;
    let enter = is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter);
    let pressed = |keys: &[KeyCode]| keys.iter().any(|&k| is_key_pressed(k));
    let down = |keys: &[KeyCode]| keys.iter().any(|&k| is_key_down(k));

    let key_x = f32::from(u8::from(down(&[KeyCode::Right, KeyCode::D])))
        - f32::from(u8::from(down(&[KeyCode::Left, KeyCode::A])));
    let move_x = if key_x != 0.0 { key_x } else { pad.move_x };

    let mut notices = Vec::new();
    notices.extend(
        pad.connected
            .iter()
            .map(|n| format!("Gamepad connected: {n}")),
    );
    notices.extend(
        pad.disconnected
            .iter()
            .map(|n| format!("Gamepad disconnected: {n}")),
    );

    Actions {
        move_x,
        // Alt+Enter is the fullscreen chord, not a confirmation.
        confirm: (enter && !alt) || pressed(&[KeyCode::Space]) || pad.confirm,
        pause: pressed(&[KeyCode::P]) || pad.start,
        start: pad.start,
        escape: pressed(&[KeyCode::Escape]),
        back: pressed(&[KeyCode::Q, KeyCode::Backspace]) || pad.back,
        toggle_flashing: pressed(&[KeyCode::F]) || pad.toggle,
        left: pressed(&[KeyCode::Left, KeyCode::A]) || pad.left,
        right: pressed(&[KeyCode::Right, KeyCode::D]) || pad.right,
        up: pressed(&[KeyCode::Up, KeyCode::W]) || pad.up,
        down: pressed(&[KeyCode::Down, KeyCode::S]) || pad.down,
        fullscreen: pressed(&[KeyCode::F11]) || (enter && alt),
        debug: pressed(&[KeyCode::F3]) || pad.debug,
        pad_unplugged: !pad.disconnected.is_empty(),
        pad_notices: notices,
        focus_lost: raw.focus_lost,
    }
}
