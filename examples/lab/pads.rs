//! Gamepad input for the lab (inert without the `gamepad` feature or a working gilrs).

use glam::Vec2;

/// What the lab reads from a gamepad this frame.
#[derive(Default)]
pub struct PadState {
    pub select_f: bool,
    pub select_r: bool,
    pub origin_f: bool,
    pub origin_r: bool,
    pub left_stick: Vec2,
    pub right_stick: Vec2,
}

#[cfg(feature = "gamepad")]
pub struct Pads(Option<gilrs::Gilrs>);

#[cfg(feature = "gamepad")]
impl Pads {
    pub fn new() -> Self {
        match gilrs::Gilrs::new() {
            Ok(g) => Pads(Some(g)),
            Err(e) => {
                eprintln!(
                    "lab: warning: gamepads unavailable ({e}); keyboard and mouse still work"
                );
                Pads(None)
            }
        }
    }

    pub fn poll(&mut self) -> PadState {
        use gilrs::{Axis, Button};
        let mut state = PadState::default();
        let Some(g) = self.0.as_mut() else {
            return state;
        };
        while g.next_event().is_some() {}
        for (_, pad) in g.gamepads() {
            let trigger = |b: Button| pad.button_data(b).is_some_and(|d| d.value() > 0.3);
            state.select_f |= trigger(Button::LeftTrigger2);
            state.select_r |= trigger(Button::RightTrigger2);
            state.origin_f |= pad.is_pressed(Button::LeftTrigger);
            state.origin_r |= pad.is_pressed(Button::RightTrigger);
            // gilrs' sticks point y up; the screen's y points down.
            state.left_stick +=
                Vec2::new(pad.value(Axis::LeftStickX), -pad.value(Axis::LeftStickY));
            state.right_stick +=
                Vec2::new(pad.value(Axis::RightStickX), pad.value(Axis::RightStickY));
        }
        state
    }
}

#[cfg(not(feature = "gamepad"))]
pub struct Pads;

#[cfg(not(feature = "gamepad"))]
impl Pads {
    pub fn new() -> Self {
        Pads
    }

    pub fn poll(&mut self) -> PadState {
        PadState::default()
    }
}
