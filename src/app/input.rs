//! Keyboard, mouse, touch and gamepad, merged into one set of per-frame actions and the sim's plain
//! [`Input`].
//!
//! The keyboard is read through the player's [`Bindings`]; gamepads keep their fixed layout. Whatever
//! keys are bound, movement becomes the same -1, 0 or 1 a keyboard always gave, so the simulation and
//! its replays see nothing new. Touch is read here too (`touch/`): taps click as the mouse does, and
//! fingers in play become that same movement.

use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
use macroquad::miniquad::{EventHandler, KeyMods, MouseButton, TouchPhase as RawPhase};
use macroquad::prelude::*;
use spinfall::controls::{Action, Bindings, Key, MenuDir};
use spinfall::sim::Input;

use super::gamepad::{PadFrame, Pads};
use super::keys;
use super::platform;
use super::pointer::Pointer;
use super::presses::{KeyPress, Presses};
use super::touch::layout::Layout;
use super::touch::{Fingers, Phase, TouchFrame};
use super::view::framebuffer_size;

/// Everything the player asked for this frame, whatever device they used.
#[derive(Clone, Debug, Default)]
pub struct Actions {
    /// Horizontal movement in -1..=1 (keys, D-pad or stick; the strongest wins).
    pub move_x: f32,
    /// The confirm keys (Enter, Space by default), or gamepad A: start, restart, resume, choose.
    pub confirm: bool,
    /// The pause key (P by default) or gamepad Start: pause and resume.
    pub pause: bool,
    /// Gamepad Start alone: also starts and restarts games, where P would be a surprise.
    pub start: bool,
    /// Escape, always: pause and resume in play, quit on the title screen, leave other screens.
    pub escape: bool,
    /// The back keys (Q, Backspace by default), gamepad B or Select: leave to the title screen.
    pub back: bool,
    /// The reduce-flashing key (F by default) or gamepad X/Y: toggle "reduce flashing".
    pub toggle_flashing: bool,
    /// Menu steps (see [`Bindings::menu_keys`]).
    pub left: bool,
    /// Menu steps.
    pub right: bool,
    /// Menu steps.
    pub up: bool,
    /// Menu steps.
    pub down: bool,
    /// Delete, always: removes a key on the Controls screen.
    pub delete: bool,
    /// F11 or Alt+Enter, always.
    pub fullscreen: bool,
    /// The debug-view key (F3 by default), or both gamepad sticks clicked together: toggle the
    /// collision debug view.
    pub debug: bool,
    /// This frame's key press, for the Controls screen's "press a key".
    pub pressed: Option<Pressed>,
    /// The mouse, and taps, for menus only.
    pub pointer: Pointer,
    /// Touch: the layout, the fingers down and the pause button.
    pub touch: TouchFrame,
    /// Gamepads plugged in or out this frame, for a short notice on screen.
    pub pad_notices: Vec<String>,
    /// A gamepad was unplugged this frame.
    pub pad_unplugged: bool,
    /// The window lost input focus this frame.
    pub focus_lost: bool,
}

/// A key that went down, as the Controls screen's prompt sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// A key a binding can use (or a fixed one, which the prompt refuses by name).
    Key(Key),
    /// A key no binding can use (a Super key, Caps Lock, a key the window does not know).
    Other,
}

impl Actions {
    /// The sim input for this frame.
    pub fn sim_input(&self) -> Input {
        Input::new(self.move_x)
    }
}

/// The input devices the frame reads: the keyboard, the mouse, touches and the gamepads.
pub struct Devices {
    pads: Pads,
    /// macroquad's id for this reader of raw window events.
    subscriber: usize,
    /// Where the mouse was last seen, in framebuffer pixels.
    mouse_px: Option<Vec2>,
    /// The fingers down.
    fingers: Fingers,
    /// A finger has touched the window: it is a touch screen, whatever the page said.
    touch_seen: bool,
    /// Key presses not yet acted on, one a frame.
    presses: Presses,
}

/// What the raw window events said this frame, beyond macroquad's key state.
///
/// macroquad 0.4 has no focus query, but miniquad reports focus loss on X11, Windows, macOS and the web
/// as `window_minimized_event`, and macroquad repeats raw events to registered subscribers. Alt+Enter is
/// read here too: the event carries the modifiers as they were when Enter went down, whereas a quick
/// chord (or a synthetic one) can release Alt before the frame looks at the key state. So are the
/// keys pressed, in order (macroquad's own set of the frame's presses has none; see `presses.rs`), and
/// the mouse, whose events come in framebuffer pixels.
#[derive(Default)]
struct RawEvents {
    focus_lost: bool,
    presses: Vec<KeyPress>,
    mouse_px: Option<Vec2>,
    moved: bool,
    clicked: bool,
    /// Touch events in the order they came, in framebuffer pixels.
    touches: Vec<(Phase, u64, Vec2)>,
}

impl EventHandler for RawEvents {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn window_minimized_event(&mut self) {
        self.focus_lost = true;
    }
    fn key_down_event(&mut self, keycode: KeyCode, mods: KeyMods, repeat: bool) {
        if repeat {
            return;
        }
        self.presses.push(KeyPress {
            code: keycode,
            alt: mods.alt,
        });
    }
    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        self.mouse_px = Some(vec2(x, y));
        self.moved = true;
    }
    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        self.mouse_px = Some(vec2(x, y));
        self.clicked |= button == MouseButton::Left;
    }
    // Overridden so that a touch is not also taken for a mouse click, as the default would.
    fn touch_event(&mut self, phase: RawPhase, id: u64, x: f32, y: f32) {
        let phase = match phase {
            RawPhase::Started => Phase::Began,
            RawPhase::Moved => Phase::Moved,
            RawPhase::Ended | RawPhase::Cancelled => Phase::Ended,
        };
        self.touches.push((phase, id, vec2(x, y)));
    }
}

impl Devices {
    /// Opens the gamepads (a failure is a warning; the keyboard always works); `touch` lays out the
    /// touch controls before the first touch, as the page does on a phone.
    pub fn new(touch: bool) -> Devices {
        // Touches are read as touches: macroquad would also turn each into a mouse click, and a tap
        // would then count twice.
        simulate_mouse_with_touch(false);
        Devices {
            pads: Pads::new(),
            subscriber: register_input_subscriber(),
            mouse_px: None,
            fingers: Fingers::default(),
            touch_seen: touch,
            presses: Presses::default(),
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

    /// Collects this frame's actions, reading the keyboard through `bindings`.
    pub fn poll(&mut self, bindings: &Bindings) -> Actions {
        let mut raw = RawEvents::default();
        repeat_all_miniquad_input(&mut raw, self.subscriber);
        if raw.mouse_px.is_some() {
            self.mouse_px = raw.mouse_px;
        }
        if raw.focus_lost {
            // The end events of fingers down when focus went may never come.
            self.fingers.clear();
        }
        let mut tap = None;
        for &(phase, id, at) in &raw.touches {
            self.touch_seen = true;
            tap = tap.or(self.fingers.apply(phase, id, at));
        }
        let active = self.touch_seen || platform::touch_screen();
        let (fb_w, fb_h) = framebuffer_size();
        let layout = Layout::new(fb_w, fb_h, screen_dpi_scale(), active);
        // A tap clicks where it lands, as the mouse's button would; the pause button is play's own.
        let menu_tap = tap.filter(|&t| !layout.on_pause(t));
        let pointer = match menu_tap {
            // The point in the panels' area; each screen takes it on to its own coordinates
            // (`overlay.rs`).
            Some(t) => Pointer {
                at: layout.ui_point(t),
                moved: true,
                clicked: true,
                tapped: true,
            },
            None => Pointer {
                at: self.mouse_px.and_then(|p| layout.ui_point(p)),
                moved: raw.moved,
                clicked: raw.clicked,
                tapped: false,
            },
        };
        let touch = TouchFrame {
            active,
            layout,
            fingers: self.fingers.down().to_vec(),
            pause_tapped: tap.is_some_and(|t| layout.on_pause(t)),
            side_tapped: tap.and_then(|t| layout.side(t)),
        };
        for &press in &raw.presses {
            self.presses.push(press);
        }
        let pad = self.pads.poll();
        let mut actions = keyboard_actions(pad, self.presses.next(), bindings);
        actions.pointer = pointer;
        actions.touch = touch;
        actions.focus_lost = raw.focus_lost;
        actions
    }
}

/// Whether this frame's press is of any of `keys`.
fn pressed(press: Option<KeyPress>, keys: impl IntoIterator<Item = Key>) -> bool {
    press.is_some_and(|p| keys.into_iter().any(|k| p.is_any(keys::codes(k))))
}

/// Whether any of `keys` is held.
fn held(keys: impl IntoIterator<Item = Key>) -> bool {
    keys.into_iter()
        .any(|k| keys::codes(k).iter().any(|&c| is_key_down(c)))
}

/// Movement from the keys held (each side 0 or 1, so -1, 0 or 1 as a keyboard always gave), or the
/// gamepad's when no key is held.
fn move_x(left: bool, right: bool, pad_x: f32) -> f32 {
    let keys = f32::from(u8::from(right)) - f32::from(u8::from(left));
    if keys != 0.0 {
        keys
    } else {
        pad_x
    }
}

/// Merges the keyboard, read through `bindings` (the keys held, and this frame's `press`), into what
/// the gamepads reported.
fn keyboard_actions(pad: PadFrame, press: Option<KeyPress>, bindings: &Bindings) -> Actions {
    let only = |codes: &[KeyCode]| press.is_some_and(|p| p.is_any(codes));
    let alt = press.is_some_and(|p| p.alt);
    let enter = only(&[KeyCode::Enter, KeyCode::KpEnter]);
    let keys = |action: Action| bindings.get(action).keys();
    // Alt+Enter is the fullscreen chord, not a press of whatever Enter is bound to.
    let action = |action: Action| {
        let chord = alt && keys(action).any(|k| k == Key::Enter) && enter;
        pressed(press, keys(action).filter(|&k| !(chord && k == Key::Enter)))
    };

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
    let choose = bindings.choose_keys();
    let choose = pressed(
        press,
        choose.into_iter().filter(|&k| !(alt && k == Key::Enter)),
    );

    Actions {
        move_x: move_x(
            held(keys(Action::Left)),
            held(keys(Action::Right)),
            pad.move_x,
        ),
        // Menus also choose with Enter and Space while no action has them (see `choose_keys`).
        confirm: action(Action::Confirm) || choose || pad.confirm,
        pause: action(Action::Pause) || pad.start,
        start: pad.start,
        escape: only(&[KeyCode::Escape]),
        back: action(Action::Back) || pad.back,
        toggle_flashing: action(Action::ReduceFlashing) || pad.toggle,
        left: pressed(press, bindings.menu_keys(MenuDir::Left)) || pad.left,
        right: pressed(press, bindings.menu_keys(MenuDir::Right)) || pad.right,
        up: pressed(press, bindings.menu_keys(MenuDir::Up)) || pad.up,
        down: pressed(press, bindings.menu_keys(MenuDir::Down)) || pad.down,
        delete: only(&[KeyCode::Delete]),
        fullscreen: only(&[KeyCode::F11]) || (enter && alt),
        debug: action(Action::DebugView) || pad.debug,
        pressed: press.map(|p| keys::key_of(p.code).map_or(Pressed::Other, Pressed::Key)),
        pointer: Pointer::default(),
        touch: TouchFrame::default(),
        pad_unplugged: !pad.disconnected.is_empty(),
        pad_notices: notices,
        focus_lost: false,
    }
}

#[cfg(test)]
mod tests {
    use super::move_x;

    #[test]
    fn keys_move_by_whole_steps_and_the_pad_only_when_no_key_is_held() {
        assert_eq!(move_x(true, false, 0.3), -1.0);
        assert_eq!(move_x(false, true, -0.3), 1.0);
        assert_eq!(move_x(true, true, 0.4), 0.4);
        assert_eq!(move_x(false, false, -0.25), -0.25);
    }
}
