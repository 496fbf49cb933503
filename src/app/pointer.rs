//! The mouse in menus, and taps: where it points on the playfield, and whether it moved or clicked this
//! frame. A tap is a click where the finger went down.
//!
//! Only menus read it; play never does, so the mouse gives the simulation nothing a keyboard could
//! not (see `screen/play.rs`). A row is highlighted under the pointer only once the mouse moves, so
//! a pointer left resting over the menu does not fight the keys.

use macroquad::prelude::{Rect, Vec2};

/// The mouse as menus use it, in the current screen's design coordinates: the playfield's, or on a
/// phone those of the screen's enlarged panels (`overlay.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pointer {
    /// Where it points, if it is over the area the screen's panels may take (on the desktop the
    /// playfield, not a letterbox bar or outside the window).
    pub at: Option<Vec2>,
    /// It moved this frame.
    pub moved: bool,
    /// The left button went down this frame, at [`Pointer::at`], or a finger did.
    pub clicked: bool,
    /// The click was a finger's, which may also land off the field (where `at` is `None`).
    pub tapped: bool,
}

impl Pointer {
    /// Whether it points inside `rect`.
    pub fn over(&self, rect: Rect) -> bool {
        self.at.is_some_and(|p| rect.contains(p))
    }

    /// Whether it moved onto or within `rect` this frame: the moment to highlight what is there.
    pub fn hovers(&self, rect: Rect) -> bool {
        self.moved && self.over(rect)
    }

    /// Whether it clicked inside `rect` this frame.
    pub fn clicks(&self, rect: Rect) -> bool {
        self.clicked && self.over(rect)
    }

    /// The first of `rects` it moved over this frame.
    pub fn hovered_index(&self, rects: &[Rect]) -> Option<usize> {
        rects.iter().position(|&r| self.hovers(r))
    }

    /// The first of `rects` it clicked this frame.
    pub fn clicked_index(&self, rects: &[Rect]) -> Option<usize> {
        rects.iter().position(|&r| self.clicks(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use macroquad::prelude::vec2;

    #[test]
    fn hovering_needs_a_move_and_clicking_a_click_inside() {
        let rows = [
            Rect::new(0.0, 0.0, 100.0, 20.0),
            Rect::new(0.0, 20.0, 100.0, 20.0),
        ];
        let resting = Pointer {
            at: Some(vec2(50.0, 30.0)),
            moved: false,
            clicked: false,
            tapped: false,
        };
        assert!(resting.over(rows[1]));
        assert_eq!(resting.hovered_index(&rows), None);
        let moved = Pointer {
            moved: true,
            ..resting
        };
        assert_eq!(moved.hovered_index(&rows), Some(1));
        assert_eq!(moved.clicked_index(&rows), None);
        let clicked = Pointer {
            clicked: true,
            ..resting
        };
        assert_eq!(clicked.clicked_index(&rows), Some(1));
        let outside = Pointer {
            at: None,
            moved: true,
            clicked: true,
            tapped: false,
        };
        assert_eq!(outside.clicked_index(&rows), None);
    }
}
