//! Gamepads on a web page: the browser's Gamepad API, read through the page's plugin every frame.
//!
//! The page reports pads in the standard mapping (A, B, X, Y, shoulders, triggers, Back, Start, the
//! sticks' clicks, the D-pad); presses are found by comparing each frame's buttons with the last.
//! Browsers reveal a pad only after one of its buttons is pressed while the page is open.

use spinfall::web::{self, Pad, PAD_SLOTS};

use super::{step_dir, PadFrame};

/// Standard-mapping button numbers.
const SOUTH: usize = 0;
const EAST: usize = 1;
const WEST: usize = 2;
const NORTH: usize = 3;
const SELECT: usize = 8;
const START: usize = 9;
const LEFT_THUMB: usize = 10;
const RIGHT_THUMB: usize = 11;
const DPAD_UP: usize = 12;
const DPAD_DOWN: usize = 13;
const DPAD_LEFT: usize = 14;
const DPAD_RIGHT: usize = 15;
const HOME: usize = 16;

/// The stick's dead zone: the browser reports raw values, where gilrs filters them.
const DEAD_ZONE: f32 = 0.15;

/// The pads the page reports, as they were last frame.
pub struct Pads {
    last: [Option<Pad>; PAD_SLOTS],
    /// The stick's last menu direction (-1, 0, 1 on each axis), so holding it steps only once.
    stick_dir: (i8, i8),
}

impl Pads {
    /// Starts with the pads the page already sees.
    pub fn new() -> Pads {
        Pads {
            last: web::gamepads(),
            stick_dir: (0, 0),
        }
    }

    /// Names of the connected gamepads.
    pub fn names(&self) -> Vec<String> {
        self.last.iter().flatten().map(|p| p.name.clone()).collect()
    }

    /// Reads the pads and turns changes since the last frame into presses and plug events.
    pub fn poll(&mut self) -> PadFrame {
        let mut frame = PadFrame::default();
        let now = web::gamepads();
        let mut best = 0.0f32;
        let mut stick = (0.0f32, 0.0f32);
        for (slot, pad) in now.iter().enumerate() {
            let before = self.last[slot].as_ref();
            match (before, pad) {
                (None, Some(pad)) => {
                    spinfall::errln!("spinfall: gamepad connected: {}", pad.name);
                    frame.connected.push(pad.name.clone());
                }
                (Some(old), None) => {
                    spinfall::errln!("spinfall: gamepad disconnected: {}", old.name);
                    frame.disconnected.push(old.name.clone());
                }
                _ => {}
            }
            let Some(pad) = pad else { continue };
            let pressed = |b: usize| pad.buttons[b] && !before.is_some_and(|o| o.buttons[b]);
            frame.confirm |= pressed(SOUTH);
            frame.start |= pressed(START) || pressed(HOME);
            frame.back |= pressed(EAST) || pressed(SELECT);
            frame.toggle |= pressed(NORTH) || pressed(WEST);
            frame.left |= pressed(DPAD_LEFT);
            frame.right |= pressed(DPAD_RIGHT);
            frame.up |= pressed(DPAD_UP);
            frame.down |= pressed(DPAD_DOWN);
            frame.debug |= (pressed(LEFT_THUMB) && pad.buttons[RIGHT_THUMB])
                || (pressed(RIGHT_THUMB) && pad.buttons[LEFT_THUMB]);

            let dpad = f32::from(u8::from(pad.buttons[DPAD_RIGHT]))
                - f32::from(u8::from(pad.buttons[DPAD_LEFT]));
            let dead = |v: f32| if v.abs() < DEAD_ZONE { 0.0 } else { v };
            let (sx, sy) = (dead(pad.stick.0), dead(pad.stick.1));
            for v in [dpad, sx] {
                if v.abs() > best.abs() {
                    best = v;
                }
            }
            if sx.abs() > stick.0.abs() {
                stick.0 = sx;
            }
            if sy.abs() > stick.1.abs() {
                stick.1 = sy;
            }
        }
        frame.move_x = if best.is_finite() {
            best.clamp(-1.0, 1.0)
        } else {
            0.0
        };
        // The browser's stick y points down, as the menu's rows do.
        let dir = (
            step_dir(stick.0, self.stick_dir.0),
            step_dir(stick.1, self.stick_dir.1),
        );
        if dir.0 != self.stick_dir.0 {
            frame.left |= dir.0 < 0;
            frame.right |= dir.0 > 0;
        }
        if dir.1 != self.stick_dir.1 {
            frame.up |= dir.1 < 0;
            frame.down |= dir.1 > 0;
        }
        self.stick_dir = dir;
        self.last = now;
        frame
    }

    /// A short rumble on every pad whose browser offers one.
    pub fn rumble(&mut self) {
        web::rumble_gamepads(180);
    }
}
