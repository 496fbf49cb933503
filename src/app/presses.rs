//! Key presses in the order they came, taken one a frame.
//!
//! macroquad keeps the keys that went down during a frame as a set, so a slow frame (a loaded
//! machine, a phone, a browser tab coming back) that sees Enter and then D reads both at once, in no
//! order: a menu would move and choose in one frame, and choose the wrong thing. The window's own
//! events come in order; they wait here and each frame takes the oldest, so every press acts on the
//! screen the one before it left.

use std::collections::VecDeque;

use macroquad::miniquad::KeyCode;

/// A key that went down, and whether Alt was held as it did (for Alt+Enter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyPress {
    /// The key.
    pub code: KeyCode,
    /// Alt was held.
    pub alt: bool,
}

impl KeyPress {
    /// Whether this press is of one of `codes`.
    pub fn is_any(self, codes: &[KeyCode]) -> bool {
        codes.contains(&self.code)
    }
}

/// The most presses kept waiting: a window that stalls for seconds does not play a long backlog back.
const KEPT: usize = 8;

/// The presses not yet taken, oldest first.
#[derive(Debug, Default)]
pub struct Presses {
    waiting: VecDeque<KeyPress>,
}

impl Presses {
    /// Keeps `press` behind the ones waiting (dropped once [`KEPT`] wait).
    pub fn push(&mut self, press: KeyPress) {
        if self.waiting.len() < KEPT {
            self.waiting.push_back(press);
        }
    }

    /// This frame's press: the oldest waiting.
    pub fn next(&mut self) -> Option<KeyPress> {
        self.waiting.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyPress {
        KeyPress { code, alt: false }
    }

    #[test]
    fn two_presses_in_one_slow_frame_are_taken_in_order_one_a_frame() {
        let mut presses = Presses::default();
        presses.push(press(KeyCode::Enter));
        presses.push(press(KeyCode::D));
        assert_eq!(presses.next(), Some(press(KeyCode::Enter)));
        assert_eq!(presses.next(), Some(press(KeyCode::D)));
        assert_eq!(presses.next(), None);
    }

    #[test]
    fn a_long_stall_keeps_only_the_first_presses() {
        let mut presses = Presses::default();
        for _ in 0..KEPT {
            presses.push(press(KeyCode::Up));
        }
        presses.push(press(KeyCode::Enter));
        let taken: Vec<_> = std::iter::from_fn(|| presses.next()).collect();
        assert_eq!(taken.len(), KEPT);
        assert!(taken.iter().all(|p| p.code == KeyCode::Up));
    }
}
