//! Gamepads through gilrs (or, on a web page, the browser's Gamepad API): movement from the D-pad and
//! left stick, menu buttons, hot-plug and rumble.
//!
//! Without the `gamepad` feature (or when gilrs cannot start) [`Pads`] is inert and reports nothing,
//! so the rest of the app never has to ask whether gamepads exist.

/// What the gamepads did since the last poll.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PadFrame {
    /// Horizontal movement in -1..=1 from the D-pad or the left stick (dead zone already applied).
    pub move_x: f32,
    /// A (south) was pressed: start, restart, choose.
    pub confirm: bool,
    /// Start was pressed: pause, resume, start.
    pub start: bool,
    /// B (east) or Select/Back was pressed: leave a menu.
    pub back: bool,
    /// X or Y was pressed: toggle the highlighted setting.
    pub toggle: bool,
    /// A menu step left (D-pad, or the stick pushed past half way).
    pub left: bool,
    /// A menu step right.
    pub right: bool,
    /// A menu step up.
    pub up: bool,
    /// A menu step down.
    pub down: bool,
    /// One stick was clicked while the other was held in: toggle the debug view.
    pub debug: bool,
    /// Names of gamepads that were plugged in.
    pub connected: Vec<String>,
    /// Names of gamepads that were unplugged.
    pub disconnected: Vec<String>,
}

#[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
pub use enabled::Pads;

#[cfg(target_arch = "wasm32")]
pub use browser::Pads;

#[cfg(not(any(feature = "gamepad", target_arch = "wasm32")))]
pub use disabled::Pads;

/// Gamepads through the browser's Gamepad API, on a web page.
#[cfg(target_arch = "wasm32")]
mod browser;

/// Where the stick counts as a menu step, and where it must come back to before the next one.
#[cfg(any(feature = "gamepad", target_arch = "wasm32"))]
const STICK_STEP_ON: f32 = 0.6;
#[cfg(any(feature = "gamepad", target_arch = "wasm32"))]
const STICK_STEP_OFF: f32 = 0.35;

/// The stick's menu direction on one axis, with hysteresis so it does not chatter at the threshold.
#[cfg(any(feature = "gamepad", target_arch = "wasm32"))]
fn step_dir(value: f32, previous: i8) -> i8 {
    if value > STICK_STEP_ON || (previous > 0 && value > STICK_STEP_OFF) {
        1
    } else if value < -STICK_STEP_ON || (previous < 0 && value < -STICK_STEP_OFF) {
        -1
    } else {
        0
    }
}

#[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
mod enabled {
    use super::PadFrame;
    use gilrs::ff::{BaseEffect, BaseEffectType, Effect, EffectBuilder, Replay, Ticks};
    use gilrs::{Axis, Button, EventType, GamepadId, Gilrs};

    use super::step_dir;

    /// The connected gamepads.
    pub struct Pads {
        gilrs: Option<Gilrs>,
        rumble: Option<Effect>,
        /// The gamepads the rumble effect was built for; rebuilt when that set changes.
        rumble_for: Vec<GamepadId>,
        /// The stick's last menu direction (-1, 0, 1 on each axis), so holding it steps only once.
        stick_dir: (i8, i8),
    }

    impl Pads {
        /// Starts gilrs; on failure prints one warning and returns inert pads.
        pub fn new() -> Pads {
            let gilrs = match Gilrs::new() {
                Ok(g) => Some(g),
                Err(gilrs::Error::NotImplemented(dummy)) => {
                    spinfall::errln!("spinfall: warning: gamepads are not supported on this platform; use the keyboard");
                    Some(dummy)
                }
                Err(e) => {
                    spinfall::errln!(
                        "spinfall: warning: gamepads unavailable ({e}); the keyboard still works"
                    );
                    None
                }
            };
            let pads = Pads {
                gilrs,
                rumble: None,
                rumble_for: Vec::new(),
                stick_dir: (0, 0),
            };
            for name in pads.names() {
                spinfall::errln!("spinfall: gamepad ready: {name}");
            }
            pads
        }

        /// Names of the connected gamepads.
        pub fn names(&self) -> Vec<String> {
            self.gilrs
                .iter()
                .flat_map(|g| g.gamepads().map(|(_, pad)| pad.name().to_string()))
                .collect()
        }

        /// Drains gilrs' events (dead zone and jitter filters applied) and reads the current state.
        pub fn poll(&mut self) -> PadFrame {
            let mut frame = PadFrame::default();
            let Some(gilrs) = self.gilrs.as_mut() else {
                return frame;
            };
            while let Some(event) = gilrs.next_event() {
                match event.event {
                    EventType::ButtonPressed(button, _) => match button {
                        Button::South => frame.confirm = true,
                        Button::Start | Button::Mode => frame.start = true,
                        Button::East | Button::Select => frame.back = true,
                        Button::North | Button::West => frame.toggle = true,
                        Button::DPadLeft => frame.left = true,
                        Button::DPadRight => frame.right = true,
                        Button::DPadUp => frame.up = true,
                        Button::DPadDown => frame.down = true,
                        // A chord nobody presses by accident, on buttons the game uses for nothing else.
                        Button::LeftThumb | Button::RightThumb => {
                            let other = if button == Button::LeftThumb {
                                Button::RightThumb
                            } else {
                                Button::LeftThumb
                            };
                            frame.debug |= gilrs.gamepad(event.id).is_pressed(other);
                        }
                        _ => {}
                    },
                    EventType::Connected => {
                        let name = gilrs.gamepad(event.id).name().to_string();
                        spinfall::errln!("spinfall: gamepad connected: {name}");
                        frame.connected.push(name);
                    }
                    EventType::Disconnected => {
                        let name = gilrs.gamepad(event.id).name().to_string();
                        spinfall::errln!("spinfall: gamepad disconnected: {name}");
                        frame.disconnected.push(name);
                    }
                    _ => {}
                }
            }

            let mut best = 0.0f32;
            let mut stick = (0.0f32, 0.0f32);
            for (_, pad) in gilrs.gamepads() {
                let dpad = f32::from(u8::from(pad.is_pressed(Button::DPadRight)))
                    - f32::from(u8::from(pad.is_pressed(Button::DPadLeft)));
                let sx = pad.value(Axis::LeftStickX);
                let sy = pad.value(Axis::LeftStickY);
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

            // gilrs' stick y points up.
            let dir = (
                step_dir(stick.0, self.stick_dir.0),
                step_dir(-stick.1, self.stick_dir.1),
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
            frame
        }

        /// A short rumble on every gamepad that supports force feedback; errors are ignored because
        /// rumble is a nicety.
        pub fn rumble(&mut self) {
            let Some(gilrs) = self.gilrs.as_mut() else {
                return;
            };
            let ids: Vec<GamepadId> = gilrs
                .gamepads()
                .filter(|(_, pad)| pad.is_ff_supported())
                .map(|(id, _)| id)
                .collect();
            if ids.is_empty() {
                return;
            }
            if ids != self.rumble_for || self.rumble.is_none() {
                let duration = Ticks::from_ms(180);
                self.rumble = EffectBuilder::new()
                    .add_effect(BaseEffect {
                        kind: BaseEffectType::Strong { magnitude: 40_000 },
                        scheduling: Replay {
                            play_for: duration,
                            ..Default::default()
                        },
                        envelope: Default::default(),
                    })
                    .add_effect(BaseEffect {
                        kind: BaseEffectType::Weak { magnitude: 55_000 },
                        scheduling: Replay {
                            play_for: duration,
                            ..Default::default()
                        },
                        envelope: Default::default(),
                    })
                    .repeat(gilrs::ff::Repeat::For(duration))
                    .gamepads(&ids)
                    .finish(gilrs)
                    .ok();
                self.rumble_for = ids;
            }
            if let Some(effect) = &self.rumble {
                let _ = effect.play();
            }
        }
    }
}

#[cfg(not(any(feature = "gamepad", target_arch = "wasm32")))]
mod disabled {
    use super::PadFrame;

    /// No gamepads: this build was made without the `gamepad` feature.
    pub struct Pads;

    impl Pads {
        /// Inert pads.
        pub fn new() -> Pads {
            Pads
        }

        /// Names of the connected gamepads: none.
        pub fn names(&self) -> Vec<String> {
            Vec::new()
        }

        /// Nothing happened.
        pub fn poll(&mut self) -> PadFrame {
            PadFrame::default()
        }

        /// Nothing to rumble.
        pub fn rumble(&mut self) {}
    }
}

#[cfg(all(test, feature = "gamepad"))]
mod tests {
    use super::step_dir;

    #[test]
    fn stick_steps_have_hysteresis() {
        assert_eq!(step_dir(0.5, 0), 0);
        assert_eq!(step_dir(0.7, 0), 1);
        assert_eq!(step_dir(0.5, 1), 1);
        assert_eq!(step_dir(0.2, 1), 0);
        assert_eq!(step_dir(-0.9, 0), -1);
        assert_eq!(step_dir(f32::NAN, 1), 0);
    }
}
