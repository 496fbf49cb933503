//! Touch: the fingers down, oldest first, and what they ask for this frame.
//!
//! Taps become the same clicks the mouse gives menus (`pointer.rs`), so every menu answers a tap
//! where it answers a click. In play, fingers become movement through the chosen scheme's rules
//! (`spinfall::controls`), -1, 0 or 1 as a keyboard gives, and nothing else reaches the simulation.

pub mod draw;
pub mod layout;

use macroquad::prelude::Vec2;
use spinfall::controls::{buttons_move, drag_move, Side, TouchScheme};

use layout::Layout;

/// What a touch event says happened to a finger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// It went down.
    Began,
    /// It moved while down.
    Moved,
    /// It lifted, or the browser took it away.
    Ended,
}

/// A finger on the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finger {
    /// The platform's id for it while it is down.
    pub id: u64,
    /// Where it is, in framebuffer pixels.
    pub at: Vec2,
}

/// The fingers down, oldest first, kept across frames.
#[derive(Clone, Debug, Default)]
pub struct Fingers {
    down: Vec<Finger>,
}

impl Fingers {
    /// Applies one touch event; returns where a finger went down, which is a tap.
    pub fn apply(&mut self, phase: Phase, id: u64, at: Vec2) -> Option<Vec2> {
        match phase {
            Phase::Began => {
                // A repeated id (a lost end event) is the same finger starting again.
                self.down.retain(|f| f.id != id);
                self.down.push(Finger { id, at });
                Some(at)
            }
            Phase::Moved => {
                if let Some(f) = self.down.iter_mut().find(|f| f.id == id) {
                    f.at = at;
                }
                None
            }
            Phase::Ended => {
                self.down.retain(|f| f.id != id);
                None
            }
        }
    }

    /// The fingers down, oldest first.
    pub fn down(&self) -> &[Finger] {
        &self.down
    }

    /// Lifts every finger (the page lost focus, and with it the end events).
    pub fn clear(&mut self) {
        self.down.clear();
    }
}

/// Touch as one frame sees it.
#[derive(Clone, Debug)]
pub struct TouchFrame {
    /// Whether this is a touch screen (the page says so, or a finger has touched it): the layout
    /// leaves room for the controls and help texts name touches.
    pub active: bool,
    /// Where the field and the controls are this frame.
    pub layout: Layout,
    /// The fingers down, oldest first.
    pub fingers: Vec<Finger>,
    /// A finger went down on the pause button this frame.
    pub pause_tapped: bool,
    /// A finger went down on a movement area this frame (a replay's slower and faster).
    pub side_tapped: Option<Side>,
}

impl Default for TouchFrame {
    fn default() -> TouchFrame {
        TouchFrame {
            active: false,
            layout: Layout::new(1.0, 1.0, 1.0, false),
            fingers: Vec::new(),
            pause_tapped: false,
            side_tapped: None,
        }
    }
}

impl TouchFrame {
    /// The movement the fingers ask for under `scheme`, for a figure at `figure_x` (playfield px)
    /// that walks `step` px a step: -1, 0 or 1, as the keyboard gives.
    ///
    /// A finger on the pause button never moves the figure. With the buttons, the oldest finger on
    /// an area decides; when dragging, the oldest finger anywhere else does, so a second finger
    /// neither blocks nor reverses the first.
    pub fn movement(&self, scheme: TouchScheme, figure_x: f32, step: f32) -> f32 {
        let layout = &self.layout;
        let fingers = self.fingers.iter().filter(|f| !layout.on_pause(f.at));
        match scheme {
            TouchScheme::Buttons => {
                let sides: Vec<_> = fingers.map(|f| layout.side(f.at)).collect();
                buttons_move(&sides)
            }
            TouchScheme::Drag => fingers
                .map(|f| drag_move(layout.field_x(f.at.x), figure_x, step))
                .next()
                .unwrap_or(0.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use macroquad::prelude::vec2;

    fn frame(w: f32, h: f32, fingers: &mut Fingers) -> TouchFrame {
        TouchFrame {
            active: true,
            layout: Layout::new(w, h, 1.0, true),
            fingers: fingers.down().to_vec(),
            pause_tapped: false,
            side_tapped: None,
        }
    }

    #[test]
    fn fingers_keep_their_order_and_a_tap_is_a_finger_going_down() {
        let mut f = Fingers::default();
        assert_eq!(
            f.apply(Phase::Began, 7, vec2(1.0, 2.0)),
            Some(vec2(1.0, 2.0))
        );
        assert_eq!(
            f.apply(Phase::Began, 3, vec2(5.0, 5.0)),
            Some(vec2(5.0, 5.0))
        );
        assert_eq!(f.apply(Phase::Moved, 7, vec2(9.0, 2.0)), None);
        assert_eq!(f.down().iter().map(|f| f.id).collect::<Vec<_>>(), [7, 3]);
        assert_eq!(f.down()[0].at, vec2(9.0, 2.0));
        f.apply(Phase::Ended, 7, vec2(9.0, 2.0));
        assert_eq!(f.down().iter().map(|f| f.id).collect::<Vec<_>>(), [3]);
        // An unknown finger's move or end changes nothing.
        f.apply(Phase::Moved, 99, vec2(0.0, 0.0));
        f.apply(Phase::Ended, 99, vec2(0.0, 0.0));
        assert_eq!(f.down().len(), 1);
    }

    #[test]
    fn a_second_finger_neither_blocks_nor_reverses_the_first_at_both_phone_sizes() {
        for (w, h) in [(390.0, 844.0), (844.0, 390.0)] {
            let mut f = Fingers::default();
            let pads = Layout::new(w, h, 1.0, true).pads.unwrap();
            f.apply(Phase::Began, 1, pads.right.center());
            let one = frame(w, h, &mut f);
            assert_eq!(one.movement(TouchScheme::Buttons, 400.0, 5.0), 1.0);
            f.apply(Phase::Began, 2, pads.left.center());
            let two = frame(w, h, &mut f);
            assert_eq!(two.movement(TouchScheme::Buttons, 400.0, 5.0), 1.0);
            f.apply(Phase::Ended, 1, pads.right.center());
            let left = frame(w, h, &mut f);
            assert_eq!(left.movement(TouchScheme::Buttons, 400.0, 5.0), -1.0);
            // The pause button moves nothing, and does not stand in the way of another finger.
            let mut p = Fingers::default();
            p.apply(Phase::Began, 5, pads.pause.center());
            assert_eq!(
                frame(w, h, &mut p).movement(TouchScheme::Buttons, 400.0, 5.0),
                0.0
            );
            p.apply(Phase::Began, 6, pads.left.center());
            assert_eq!(
                frame(w, h, &mut p).movement(TouchScheme::Drag, 400.0, 5.0),
                -1.0
            );
        }
    }

    #[test]
    fn dragging_follows_the_first_finger_across_the_field() {
        let (w, h) = (844.0, 390.0);
        let layout = Layout::new(w, h, 1.0, true);
        let field = layout.field_rect();
        let mut f = Fingers::default();
        f.apply(
            Phase::Began,
            1,
            vec2(field.right() - 10.0, field.bottom() - 20.0),
        );
        f.apply(Phase::Began, 2, vec2(field.x + 5.0, field.y + 20.0));
        let fr = frame(w, h, &mut f);
        assert_eq!(fr.movement(TouchScheme::Drag, 400.0, 5.0), 1.0);
        assert_eq!(fr.movement(TouchScheme::Drag, 785.0, 5.0), 0.0);
        // Dragging on the field is not pressing a button.
        assert_eq!(fr.movement(TouchScheme::Buttons, 400.0, 5.0), 0.0);
    }
}
